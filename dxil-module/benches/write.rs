//! Throughput of the bitcode writer in MB/s of bitcode written, against baselines measured in
//! the same run on the bytes it writes: the bitstream writer writing the same streams from
//! their parsed form (no model, no numbering, no checks), and a copy of the bytes.
//!
//! Input: the module of every corpus container's `DXIL` part (`../shared/corpus/dxil-bin`,
//! 219 modules), decoded from its bitcode, each written on its own, as a caller would.
//!
//! `cargo bench -p dxil-module --bench write`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dxil_module::bitcode;
use dxil_module::bitstream::Bitstream;
use dxil_module::model::Module;

#[path = "../tests/common/corpus.rs"]
mod corpus;

/// The decoded models of the corpus's `DXIL` parts; `None` without the corpus.
fn models() -> Option<Vec<Module>> {
    let streams = corpus::corpus_bitcode()?.ok()?;
    Some(
        streams
            .iter()
            .filter(|s| &s.part == b"DXIL")
            .map(|s| bitcode::decode(&s.bitcode).expect("corpus bitcode decodes"))
            .collect(),
    )
}

fn bench(c: &mut Criterion) {
    let Some(models) = models() else {
        eprintln!("no corpus: nothing to measure");
        return;
    };
    let written: Vec<Vec<u8>> = models
        .iter()
        .filter_map(|m| bitcode::write(m).ok())
        .collect();
    let total: usize = written.iter().map(Vec::len).sum();
    let parsed: Vec<Bitstream> = written
        .iter()
        .map(|b| Bitstream::parse(b).expect("written bitcode parses"))
        .collect();
    eprintln!(
        "{} of {} modules written, {total} bytes",
        written.len(),
        models.len()
    );

    let mut g = c.benchmark_group("bitcode_write");
    g.throughput(Throughput::Bytes(total as u64));
    g.bench_function("write", |b| {
        b.iter(|| {
            for m in &models {
                black_box(bitcode::write(black_box(m)).ok());
            }
        })
    });
    g.bench_function("baseline_bitstream_write", |b| {
        b.iter(|| {
            for s in &parsed {
                black_box(black_box(s).to_bytes());
            }
        })
    });
    g.bench_function("baseline_copy", |b| {
        b.iter(|| {
            for w in &written {
                black_box(black_box(w).to_vec());
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
