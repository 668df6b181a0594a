//! Throughput of `dxil_lint::lint` in MB/s, against baselines measured in the same run on the
//! same text: counting its lines with `memchr`, and with `str::lines`.
//!
//! Two inputs of several MB: every `.ll` file of the DXC corpus (`../shared/corpus/dxc`)
//! concatenated until the text reaches 8 MiB (a realistic mix: comments, metadata, few calls),
//! and a synthesized module whose function bodies are nothing but `dx.op` calls (the worst
//! case for the checks).
//!
//! `cargo bench -p dxil-lint --bench lint`

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const SIZE: usize = 8 << 20;

/// The corpus files concatenated until the text has `SIZE` bytes.
fn corpus_text() -> String {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/dxc");
    let files = dxil_lint::ll_files(&corpus).unwrap_or_default();
    let one: String = files
        .iter()
        .filter_map(|f| std::fs::read_to_string(f).ok())
        .collect::<Vec<_>>()
        .join("\n");
    let mut text = String::with_capacity(SIZE + one.len());
    while !one.is_empty() && text.len() < SIZE {
        text.push_str(&one);
    }
    text
}

/// A library whose functions are all `dx.op` calls of several shapes.
fn synthesized_text() -> String {
    const BODY: &[&str] = &[
        "  %h = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)  ; CreateHandleFromBinding(bind,index,nonUniformIndex)",
        "  %a = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %h, %dx.types.ResourceProperties { i32 4108, i32 4 })  ; AnnotateHandle(res,props)  resource: RWStructuredBuffer<stride=4>",
        "  %r = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %a, i32 %i, i32 0, i8 15, i32 4), !dbg !3",
        "  %x = extractvalue %dx.types.ResRet.f32 %r, 0",
        "  %s = call float @dx.op.unary.f32(i32 13, float %x)  ; Sin(value)",
        "  %m = call float @dx.op.binary.f32(i32 35, float %s, float 1.500000e+02)  ; FMax(a,b)",
        "  %w = call float @dx.op.waveActiveOp.f32(i32 119, float %m, i8 0, i8 0)  ; WaveActiveOp(value,op,sop)",
        "  call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %a, i32 %i, i32 0, float %w, float undef, float undef, float undef, i8 1, i32 4)",
    ];
    let mut text = String::from("target triple = \"dxil-ms-dx\"\n\n");
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
        "!dx.version = !{!0}\n!dx.shaderModel = !{!1}\n!0 = !{i32 1, i32 8}\n!1 = !{!\"lib\", i32 6, i32 8}\n",
    );
    text
}

fn bench(c: &mut Criterion) {
    for (name, text) in [("corpus", corpus_text()), ("calls", synthesized_text())] {
        let report = dxil_lint::lint(&text);
        eprintln!(
            "{name}: {:.1} MiB, {} lines, {} calls, {} diagnostics",
            text.len() as f64 / (1 << 20) as f64,
            memchr::memchr_iter(b'\n', text.as_bytes()).count(),
            report.calls,
            report.diagnostics.len()
        );
        let mut g = c.benchmark_group(name);
        g.throughput(Throughput::Bytes(text.len() as u64));
        g.sample_size(20);
        g.bench_function("lint", |b| {
            b.iter(|| black_box(dxil_lint::lint(black_box(&text))))
        });
        g.bench_function("baseline_memchr_lines", |b| {
            b.iter(|| memchr::memchr_iter(b'\n', black_box(text.as_bytes())).count())
        });
        g.bench_function("baseline_str_lines", |b| {
            b.iter(|| black_box(&text).lines().count())
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
