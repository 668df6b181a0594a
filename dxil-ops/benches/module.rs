//! Declaring functions in a `module::Module`: N distinct `reportHit` overloads (one struct
//! name each), each declared once, for N = 5,000 and 20,000. The cost per function must not
//! grow with N (it did when `declare` scanned every declaration).
//!
//! `cargo bench -p dxil-ops --bench module`

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use dxil_ops::module::Module;
use dxil_ops::{Op, Overload, Precision, Signature, StructName};

fn benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("module: declare N distinct functions");
    g.sample_size(10);
    for n in [5_000usize, 20_000] {
        let names: Vec<String> = (0..n).map(|i| format!("struct.Attributes{i}")).collect();
        let sigs: Vec<Signature<'_>> = names
            .iter()
            .map(|s| {
                let o = Overload::Udt(StructName::new(s), 0);
                Signature::new(Op::ReportHit.info().signature, o.into(), Precision::Native)
                    .expect("a signature")
            })
            .collect();
        g.bench_with_input(BenchmarkId::from_parameter(n), &sigs, |b, sigs| {
            b.iter(|| {
                let mut m = Module::new();
                for s in sigs {
                    let _ = m.declare(black_box(s));
                }
                m
            })
        });
    }
    g.finish();
}

criterion_group!(module, benches);
criterion_main!(module);
