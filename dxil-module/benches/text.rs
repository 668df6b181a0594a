//! Throughput of the text reader (at once, leniently, and streaming) and the printer in MB/s,
//! against a baseline measured in the same run on the same text: counting its lines with
//! `memchr`.
//!
//! Two inputs of several MB: a synthesized module whose function bodies are nothing but
//! `dx.op` calls (the lint's worst case), and the `.ll` files of DXC's corpus
//! (`../shared/corpus/dxc`) that read without a problem, each read on its own, repeated until
//! the text reaches 8 MiB.
//!
//! `cargo bench -p dxil-module --bench text`

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dxil_module::text::{self, PrintOptions};

const SIZE: usize = 8 << 20;

/// A library whose functions are all `dx.op` calls of several shapes.
fn synthesized_text() -> String {
    const BODY: &[&str] = &[
        "  %h = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)",
        "  %a = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %h, %dx.types.ResourceProperties { i32 4108, i32 4 })",
        "  %r = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %a, i32 %i, i32 0, i8 15, i32 4), !dbg !3",
        "  %x = extractvalue %dx.types.ResRet.f32 %r, 0",
        "  %s = call float @dx.op.unary.f32(i32 13, float %x)",
        "  %m = call float @dx.op.binary.f32(i32 35, float %s, float 1.500000e+02)",
        "  %w = call float @dx.op.waveActiveOp.f32(i32 119, float %m, i8 0, i8 0)",
        "  call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %a, i32 %i, i32 0, float %w, float undef, float undef, float undef, i8 1, i32 4)",
    ];
    let mut text = String::from(
        "target triple = \"dxil-ms-dx\"\n\n\
         %dx.types.Handle = type { i8* }\n\
         %dx.types.ResBind = type { i32, i32, i32, i8 }\n\
         %dx.types.ResourceProperties = type { i32, i32 }\n\
         %dx.types.ResRet.f32 = type { float, float, float, float, i32 }\n\n",
    );
    let mut n = 0;
    while text.len() < SIZE {
        text.push_str(&format!("define void @f{n}(i32 %i) {{\nentry:\n"));
        for line in BODY {
            text.push_str(line);
            text.push('\n');
        }
        text.push_str("  ret void\n}\n\n");
        n += 1;
    }
    text.push_str(
        "declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1)\n\
         declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties)\n\
         declare %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32, %dx.types.Handle, i32, i32, i8, i32)\n\
         declare float @dx.op.unary.f32(i32, float)\n\
         declare float @dx.op.binary.f32(i32, float, float)\n\
         declare float @dx.op.waveActiveOp.f32(i32, float, i8, i8)\n\
         declare void @dx.op.rawBufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8, i32)\n\n\
         !dx.version = !{!0}\n!0 = !{i32 1, i32 8}\n!1 = !DIFile(filename: \"a.hlsl\", directory: \"\")\n\
         !2 = distinct !DISubprogram(name: \"f\", scope: !1, file: !1, line: 1, isLocal: false, isDefinition: true, isOptimized: false)\n\
         !3 = !DILocation(line: 1, column: 2, scope: !2)\n",
    );
    text
}

/// The corpus files that read without a problem.
fn corpus_files() -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/dxc");
    let mut out = Vec::new();
    let mut todo = vec![dir];
    while let Some(d) = todo.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else if p.extension().is_some_and(|x| x == "ll")
                && let Ok(bytes) = std::fs::read(&p)
                && text::parse(&bytes).is_ok()
            {
                out.push(bytes);
            }
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let calls = synthesized_text().into_bytes();
    {
        let m = text::parse(&calls).expect("the synthesized module is valid");
        let printed = text::print(&m, &PrintOptions::default());
        eprintln!(
            "calls: {:.1} MiB, {} lines; printed back: {:.1} MiB",
            calls.len() as f64 / (1 << 20) as f64,
            memchr::memchr_iter(b'\n', &calls).count(),
            printed.len() as f64 / (1 << 20) as f64
        );
        let mut g = c.benchmark_group("calls");
        g.throughput(Throughput::Bytes(calls.len() as u64));
        g.sample_size(10);
        g.bench_function("parse", |b| {
            b.iter(|| black_box(text::parse(black_box(&calls))))
        });
        g.bench_function("parse_lenient", |b| {
            b.iter(|| black_box(text::parse_lenient(black_box(&calls))))
        });
        g.bench_function("read_lenient", |b| {
            b.iter(|| black_box(text::read_lenient(black_box(&calls[..]))))
        });
        g.bench_function("print", |b| {
            b.iter(|| black_box(text::print(black_box(&m), &PrintOptions::default())))
        });
        g.bench_function("baseline_memchr_lines", |b| {
            b.iter(|| memchr::memchr_iter(b'\n', black_box(&calls)).count())
        });
        g.finish();
    }
    let files = corpus_files();
    let one: usize = files.iter().map(Vec::len).sum();
    if one == 0 {
        eprintln!("corpus: ../shared/corpus/dxc not found, skipped");
        return;
    }
    let reps = SIZE.div_ceil(one);
    eprintln!(
        "corpus: {} files, {:.2} MiB, read {reps} times",
        files.len(),
        one as f64 / (1 << 20) as f64
    );
    let mut g = c.benchmark_group("corpus");
    g.throughput(Throughput::Bytes((one * reps) as u64));
    g.sample_size(10);
    g.bench_function("parse", |b| {
        b.iter(|| {
            for _ in 0..reps {
                for f in &files {
                    black_box(text::parse(black_box(f)).is_ok());
                }
            }
        })
    });
    g.bench_function("baseline_memchr_lines", |b| {
        b.iter(|| {
            let mut n = 0;
            for _ in 0..reps {
                for f in &files {
                    n += memchr::memchr_iter(b'\n', black_box(f)).count();
                }
            }
            n
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
