//! Throughput of the bitstream reader and writer in MB/s of bitcode, against baselines
//! measured in the same run on the same bytes: summing them, copying them, and reading them as
//! a plain run of 6-bit fields with the crate's bit cursor (about as many fields as the
//! streams hold: the cost of the cursor alone).
//!
//! Input: the bitcode of every corpus container's bitcode parts (`../shared/corpus/dxil-bin`,
//! 243 streams, about 480 KB), each stream parsed (and written) on its own, as a caller would.
//!
//! `cargo bench -p dxil-module --bench bitstream`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dxil_module::bitstream::{BitReader, Bitstream, Expected};

#[path = "../tests/common/corpus.rs"]
mod corpus;

fn bench(c: &mut Criterion) {
    let Some(Ok(streams)) = corpus::corpus_bitcode() else {
        eprintln!("no corpus: nothing to measure");
        return;
    };
    let inputs: Vec<Vec<u8>> = streams.into_iter().map(|s| s.bitcode).collect();
    let total: usize = inputs.iter().map(Vec::len).sum();
    let parsed: Vec<Bitstream> = inputs
        .iter()
        .map(|b| Bitstream::parse(b).expect("corpus bitstream"))
        .collect();
    eprintln!("{} bitstreams, {total} bytes", inputs.len());

    let mut g = c.benchmark_group("bitstream");
    g.throughput(Throughput::Bytes(total as u64));
    g.bench_function("parse", |b| {
        b.iter(|| {
            for input in &inputs {
                black_box(Bitstream::parse(black_box(input)).ok());
            }
        })
    });
    g.bench_function("write", |b| {
        b.iter(|| {
            for stream in &parsed {
                black_box(black_box(stream).to_bytes());
            }
        })
    });
    g.bench_function("baseline_byte_sum", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for input in &inputs {
                sum = black_box(input)
                    .iter()
                    .fold(sum, |s, &x| s.wrapping_add(u64::from(x)));
            }
            sum
        })
    });
    g.bench_function("baseline_copy", |b| {
        b.iter(|| {
            for input in &inputs {
                black_box(black_box(input).to_vec());
            }
        })
    });
    g.bench_function("baseline_fixed6_scan", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for input in &inputs {
                let mut r = BitReader::new(black_box(input));
                while let Ok(v) = r.read(6, Expected::Operand) {
                    sum = sum.wrapping_add(v);
                }
            }
            sum
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
