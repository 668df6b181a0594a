//! The lint on modules with 100,000 entry points, resources, handles and references to one
//! metadata node (`sizes_inputs.rs`, also what the test `sizes` checks), against a baseline
//! measured in the same run on the same text: reading it ([`dxil_lint::Module::parse`]) without
//! the checks. Every lookup of the checks is keyed, so the lint stays a small multiple of the
//! reading however many of each the module has.
//!
//! `cargo bench -p dxil-lint --bench sizes`

#[path = "sizes_inputs.rs"]
mod sizes_inputs;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use sizes_inputs::{
    N, create_handles, entry_points, handles_then_functions, shared_nodes, shared_signatures,
};

fn bench(c: &mut Criterion) {
    let inputs = [
        ("entry_points", entry_points(N).0),
        ("create_handles", create_handles(N, N).0),
        ("handles_then_functions", handles_then_functions(N).0),
        ("shared_nodes", shared_nodes(N, N).0),
        ("shared_signatures", shared_signatures(N, N).0),
    ];
    for (name, text) in &inputs {
        let mut g = c.benchmark_group(*name);
        g.sample_size(10);
        g.bench_function("lint", |b| {
            b.iter(|| black_box(dxil_lint::lint(black_box(text))))
        });
        g.bench_function("baseline_parse", |b| {
            b.iter(|| black_box(dxil_module::text::parse_lenient(black_box(text).as_bytes())))
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
