//! Throughput of the bitcode decoder in MB/s of bitcode, each against a baseline measured in
//! the same run on the same bytes.
//!
//! - `dxil_parts`: the 219 corpus containers (`../shared/corpus/dxil-bin`), each read as
//!   `dxil dis` reads it: `bitcode::decode` of the container (container parse,
//!   `find_bitcode`, bitstream, module decode); and read as the lint and `dxil dis --ops` read
//!   it: the same decode, then every `dx.op` call read through `dxil_module::dxop` and
//!   `dxil_ops::read` (6,797 calls). The throughput counts the bytes of bitcode
//!   `find_bitcode` finds (the `DXIL` parts). Baseline: the container parse, `find_bitcode` and
//!   the bitstream parse alone.
//! - `dxil_parts_all_cores`: the same decode and reads with the containers shared out among
//!   the machine's cores (each thread takes the next container not yet taken, the largest
//!   first), as `dxil lint` runs many files; baseline: the same on one thread, measured in the
//!   same group.
//! - `bitcode`: every bitcode part of the corpus (`DXIL`, `ILDB`, `STAT`: 243 streams), each
//!   decoded on its own from its bitcode; baseline: the bitstream parse alone.
//!
//! `cargo bench -p dxil-module --bench bitcode`

use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dxil_module::bitcode;
use dxil_module::bitstream::Bitstream;
use dxil_module::container::find_bitcode;
use dxil_module::dxop::DxOpCalls;
use dxil_module::model::Module;

#[path = "../tests/common/corpus.rs"]
mod corpus;

/// A measured function: its benchmark id and the function, run on one input (its result is
/// a count, to be used).
type Measured<'a> = (&'a str, fn(&[u8]) -> usize);

/// A group `name` over `inputs` (`bytes` of bitcode in all): each function of `measured`, then
/// `baseline`, each run on every input.
fn group(
    c: &mut Criterion,
    name: &str,
    inputs: &[Vec<u8>],
    bytes: usize,
    measured: &[Measured<'_>],
    baseline: Measured<'_>,
) {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Bytes(bytes as u64));
    for &(id, f) in measured.iter().chain([&baseline]) {
        g.bench_function(id, |b| {
            b.iter(|| {
                for input in inputs {
                    black_box(f(black_box(input)));
                }
            })
        });
    }
    g.finish();
}

/// The bitstream of the bitcode `find_bitcode` finds in `input`: its number of entries.
fn parse_only(input: &[u8]) -> usize {
    let Ok(found) = find_bitcode(input) else {
        return 0;
    };
    Bitstream::parse(found.bytes).map_or(0, |s| s.entry_count())
}

/// The bitstream of `input`, a bitstream: its number of entries.
fn bitstream_only(input: &[u8]) -> usize {
    Bitstream::parse(input).map_or(0, |s| s.entry_count())
}

/// The module of `input` (a container or a bitstream): its number of functions.
fn decode(input: &[u8]) -> usize {
    bitcode::decode(input).map_or(0, |m: Module| m.functions.len())
}

/// The module of `input`, then every `dx.op` call of it read as an op: the number of calls
/// read.
fn decode_and_read_calls(input: &[u8]) -> usize {
    let Ok(m) = bitcode::decode(input) else {
        return 0;
    };
    let calls = DxOpCalls::new(&m);
    let mut buf = Vec::new();
    let mut read = 0;
    for call in calls.iter() {
        if let Ok(op) = call.read(&mut buf) {
            black_box(&op);
            read += 1;
        }
    }
    read
}

/// Runs `f` on every input, the inputs shared out among `threads` threads (each takes the next
/// input not yet taken): the sum of its results.
fn on_threads(inputs: &[Vec<u8>], threads: usize, f: fn(&[u8]) -> usize) -> usize {
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut sum = 0;
                    while let Some(input) = inputs.get(next.fetch_add(1, Ordering::Relaxed)) {
                        sum += f(black_box(input));
                    }
                    sum
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap_or(0)).sum()
    })
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
    let mut calls = 0;
    for input in &inputs {
        total += find_bitcode(input).expect("corpus bitcode").bytes.len();
        bitcode::decode(input).expect("corpus container decodes");
        calls += decode_and_read_calls(input);
    }
    eprintln!(
        "{} containers, {total} bytes of bitcode, {calls} dx.op calls read",
        inputs.len()
    );
    group(
        c,
        "dxil_parts",
        &inputs,
        total,
        &[
            ("container_and_decode", decode),
            ("container_decode_and_dx_op_reads", decode_and_read_calls),
        ],
        ("baseline_container_and_bitstream_parse", parse_only),
    );
    // The same decode and reads with the files shared out among the machine's cores, as a tool
    // that checks many shaders runs them (`dxil lint`); the baseline is the one-thread run
    // measured again in the same group.
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let mut inputs = inputs;
    inputs.sort_by_key(|input| std::cmp::Reverse(input.len()));
    let mut g = c.benchmark_group("dxil_parts_all_cores");
    g.throughput(Throughput::Bytes(total as u64));
    let id = format!("container_decode_and_dx_op_reads_on_{threads}_threads");
    g.bench_function(&id, |b| {
        b.iter(|| on_threads(&inputs, threads, decode_and_read_calls))
    });
    g.bench_function(
        "baseline_container_decode_and_dx_op_reads_on_1_thread",
        |b| b.iter(|| on_threads(&inputs, 1, decode_and_read_calls)),
    );
    g.finish();
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
        &[("decode", decode)],
        ("baseline_bitstream_parse", bitstream_only),
    );
}

criterion_group!(benches, containers, streams);
criterion_main!(benches);
