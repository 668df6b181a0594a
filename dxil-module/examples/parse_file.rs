//! Reads an LLVM IR text file with the text reader (to measure or profile it), and says how
//! much memory the module took:
//! `cargo run --release -p dxil-module --example parse_file -- [MODE] FILE [REPEAT]`.
//!
//! `MODE` is `--lenient` (the default: `parse_lenient` over the file read at once),
//! `--strict` (`parse`), or `--stream` (`read_lenient` over a buffered reader of the file,
//! which never holds the whole input). On Linux it prints the resident memory the module
//! adds and the peak of the process (`VmHWM`), both in bytes and per call of the module, and
//! the processor time the reading took (from `/proc/self/schedstat`, so that other work on a
//! busy machine does not count).

use std::io::BufReader;

use dxil_module::model::{Body, Call, Function, Inst, InstKind, Module};
use dxil_module::text;

/// A field of `/proc/self/status` in bytes (`None` off Linux).
fn status_bytes(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// The time this thread has run on a processor, in nanoseconds (`None` off Linux).
fn cpu_ns() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    stat.split_whitespace().next()?.parse().ok()
}

fn calls(m: &Module) -> usize {
    m.functions
        .iter()
        .filter_map(|f| f.body.as_ref())
        .flat_map(|b| b.insts.iter())
        .filter(|i| matches!(i.kind, InstKind::Call(_)))
        .count()
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mode = match args.first().map(String::as_str) {
        Some(m @ ("--lenient" | "--strict" | "--stream")) => {
            let m = m.to_owned();
            args.remove(0);
            m
        }
        _ => "--lenient".to_owned(),
    };
    let Some(path) = args.first().cloned() else {
        eprintln!("usage: parse_file [--lenient|--strict|--stream] FILE [REPEAT]");
        std::process::exit(2);
    };
    let repeat: usize = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(1);
    let fail = |e: &dyn std::fmt::Display| -> ! {
        eprintln!("{path}: {e}");
        std::process::exit(1);
    };
    let bytes = if mode == "--stream" {
        Vec::new()
    } else {
        std::fs::read(&path).unwrap_or_else(|e| fail(&e))
    };
    let input_len = std::fs::metadata(&path).map_or(0, |m| m.len());
    let before = status_bytes("VmRSS:");
    let mut kept = None;
    let mut best: Option<u64> = None;
    for _ in 0..repeat {
        drop(kept.take());
        let start = cpu_ns();
        let (module, problems) = match mode.as_str() {
            "--strict" => match text::parse(&bytes) {
                Ok(m) => (m, 0),
                Err(e) => fail(&e),
            },
            "--stream" => {
                let file = std::fs::File::open(&path).unwrap_or_else(|e| fail(&e));
                match text::read_lenient(BufReader::with_capacity(1 << 16, file)) {
                    Ok(l) => (l.module, l.problems.len()),
                    Err(e) => fail(&e),
                }
            }
            _ => {
                let l = text::parse_lenient(&bytes);
                (l.module, l.problems.len())
            }
        };
        if let (Some(a), Some(b)) = (start, cpu_ns()) {
            best = Some(best.map_or(b - a, |t| t.min(b - a)));
        }
        kept = Some((module, problems));
    }
    let Some((module, problems)) = kept else {
        return;
    };
    let after = status_bytes("VmRSS:");
    let peak = status_bytes("VmHWM:");
    let n = calls(&module).max(1) as f64;
    eprintln!(
        "{mode} {path}: {input_len} bytes, {} calls, {problems} problems",
        calls(&module)
    );
    eprintln!(
        "sizes: Inst {}, InstKind {}, Call {}, Function {}, Body {}",
        std::mem::size_of::<Inst>(),
        std::mem::size_of::<InstKind>(),
        std::mem::size_of::<Call>(),
        std::mem::size_of::<Function>(),
        std::mem::size_of::<Body>()
    );
    if let Some(ns) = best {
        eprintln!(
            "read in {:.1} ms of processor time (the least of {repeat}): {:.1} MB/s",
            ns as f64 / 1e6,
            input_len as f64 / 1e6 / (ns as f64 / 1e9)
        );
    }
    if let (Some(before), Some(after), Some(peak)) = (before, after, peak) {
        let model = after.saturating_sub(before);
        eprintln!(
            "module: {model} bytes resident ({:.1} per call, {:.2}x the input); \
             process peak {peak} bytes ({:.2}x the input)",
            model as f64 / n,
            model as f64 / input_len.max(1) as f64,
            peak as f64 / input_len.max(1) as f64
        );
    }
}
