//! Throughput of the bitcode decoder in MB/s of bitcode, each against a baseline measured in
//! the same run on the same bytes.
//!
//! - `dxil_parts`: the 219 corpus containers (`../shared/corpus/dxil-bin`), each read as
//!   `dxil dis` reads it: `bitcode::decode` of the container (container parse,
//!   `find_bitcode`, bitstream, module decode); the throughput counts the bytes of bitcode
//!   `find_bitcode` finds (the `DXIL` parts). Baseline: the container parse, `find_bitcode` and
//!   the bitstream parse alone.
//! - `bitcode`: every bitcode part of the corpus (`DXIL`, `ILDB`, `STAT`: 243 streams), each
//!   decoded on its own from its bitcode; baseline: the bitstream parse alone.
//!
//! `cargo bench -p dxil-module --bench bitcode`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dxil_module::bitcode;
use dxil_module::bitstream::Bitstream;
use dxil_module::container::find_bitcode;
use dxil_module::model::Module;

#[path = "../tests/common/corpus.rs"]
mod corpus;

/// The bitstream of the bitcode `find_bitcode` finds in `input`.
fn parse_only(input: &[u8]) -> Option<Bitstream> {
    Bitstream::parse(find_bitcode(input).ok()?.bytes).ok()
}

/// A group `name` over `inputs` (`bytes` of bitcode in all): `measured` and its `baseline`,
/// each run on every input.
fn group<A, B>(
    c: &mut Criterion,
    name: &str,
    inputs: &[Vec<u8>],
    bytes: usize,
    measured: (&str, fn(&[u8]) -> A),
    baseline: (&str, fn(&[u8]) -> B),
) {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function(measured.0, |b| {
        b.iter(|| {
            for input in inputs {
                black_box((measured.1)(black_box(input)));
            }
        })
    });
    g.bench_function(baseline.0, |b| {
        b.iter(|| {
            for input in inputs {
                black_box((baseline.1)(black_box(input)));
            }
        })
    });
    g.finish();
}

fn decode(input: &[u8]) -> Option<Module> {
    bitcode::decode(input).ok()
}

fn containers(c: &mut Criterion) {
    let Some(files) = corpus::corpus_files() else {
        eprintln!("no corpus: nothing to measure");
        return;
    };
    let inputs: Vec<Vec<u8>> = files
        .iter()
        .map(|f| std::fs::read(f).expect("read corpus file"))
        .collect();
    let mut total = 0;
    for input in &inputs {
        total += find_bitcode(input).expect("corpus bitcode").bytes.len();
        bitcode::decode(input).expect("corpus container decodes");
    }
    eprintln!("{} containers, {total} bytes of bitcode", inputs.len());
    group(
        c,
        "dxil_parts",
        &inputs,
        total,
        ("container_and_decode", decode),
        ("baseline_container_and_bitstream_parse", parse_only),
    );
}

fn streams(c: &mut Criterion) {
    let Some(Ok(streams)) = corpus::corpus_bitcode() else {
        return;
    };
    let inputs: Vec<Vec<u8>> = streams.into_iter().map(|s| s.bitcode).collect();
    let total: usize = inputs.iter().map(Vec::len).sum();
    for input in &inputs {
        bitcode::decode(input).expect("corpus bitcode decodes");
    }
    eprintln!("{} bitstreams, {total} bytes", inputs.len());
    group(
        c,
        "bitcode",
        &inputs,
        total,
        ("decode", decode),
        ("baseline_bitstream_parse", |b| Bitstream::parse(b).ok()),
    );
}

criterion_group!(benches, containers, streams);
criterion_main!(benches);
