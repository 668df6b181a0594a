//! Throughput of the bitcode decoder in MB/s of bitcode, against the bitstream parse alone
//! (the layer under it) measured in the same run on the same bytes.
//!
//! Input: the bitcode of every corpus container's bitcode parts (`../shared/corpus/dxil-bin`,
//! 243 streams, about 480 KB), each decoded on its own, as a caller would.
//!
//! `cargo bench -p dxil-module --bench bitcode`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dxil_module::bitcode;
use dxil_module::bitstream::Bitstream;

#[path = "../tests/common/corpus.rs"]
mod corpus;

fn bench(c: &mut Criterion) {
    let Some(Ok(streams)) = corpus::corpus_bitcode() else {
        eprintln!("no corpus: nothing to measure");
        return;
    };
    let inputs: Vec<Vec<u8>> = streams.into_iter().map(|s| s.bitcode).collect();
    let total: usize = inputs.iter().map(Vec::len).sum();
    for input in &inputs {
        bitcode::decode(input).expect("corpus bitcode decodes");
    }
    eprintln!("{} bitstreams, {total} bytes", inputs.len());

    let mut g = c.benchmark_group("bitcode");
    g.throughput(Throughput::Bytes(total as u64));
    g.bench_function("decode", |b| {
        b.iter(|| {
            for input in &inputs {
                black_box(bitcode::decode(black_box(input)).ok());
            }
        })
    });
    g.bench_function("baseline_bitstream_parse", |b| {
        b.iter(|| {
            for input in &inputs {
                black_box(Bitstream::parse(black_box(input)).ok());
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
