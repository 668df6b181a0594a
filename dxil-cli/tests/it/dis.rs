//! `dxil dis`: a module made here printed from raw bitcode, a bitcode wrapper and a container,
//! to standard output and to a file; the exit codes and the offsets of its errors.

use std::path::{Path, PathBuf};
use std::process::Output;

use dxil_module::bitstream::{BITCODE_MAGIC, Builder};
use dxil_module::container::{DigestMode, FourCC, write_container};

use crate::common;
use crate::program;

use common::text;

fn dxil(args: &[&str]) -> Output {
    common::dxil("dis", args)
}

fn file(name: &str, bytes: &[u8]) -> PathBuf {
    common::file("dxil-dis", name, bytes)
}

fn arg(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// Bitcode of a module that declares `void @0()`; with `bad_type`, its function record names
/// a type that is not in the table.
fn bitcode(bad_type: bool) -> Vec<u8> {
    declaring(1, if bad_type { 77 } else { 1 })
}

/// Bitcode of a module that declares `functions` functions `@0`, `@1`... of the type `ty`
/// (1 is `void ()`).
fn declaring(functions: usize, ty: u64) -> Vec<u8> {
    let mut b = Builder::new(BITCODE_MAGIC);
    b.enter_block(8, 3).expect("module block");
    b.record(1, &[1]).expect("version");
    b.enter_block(17, 4).expect("type block");
    for (code, ops) in [(1, &[3][..]), (2, &[]), (21, &[0, 0]), (8, &[1])] {
        b.record(code, ops).expect("type");
    }
    b.end_block().expect("end of types");
    for _ in 0..functions {
        b.record(8, &[ty, 0, 1, 0, 0, 0, 0, 0]).expect("function");
    }
    b.end_block().expect("end of module");
    b.finish().expect("built").to_bytes()
}

/// A bitcode wrapper around `bitcode`.
fn wrapped(bitcode: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for w in [0x0B17_C0DEu32, 0, 20, bitcode.len() as u32, 0] {
        out.extend_from_slice(&w.to_le_bytes());
    }
    out.extend_from_slice(bitcode);
    out
}

fn container(bitcode: &[u8]) -> Vec<u8> {
    program::in_container(bitcode, DigestMode::Compute)
}

#[test]
fn raw_wrapped_and_contained_bitcode_print_the_same_module() {
    let bc = bitcode(false);
    for (name, bytes) in [
        ("raw.bc", bc.clone()),
        ("wrapped.bc", wrapped(&bc)),
        ("container.dxil", container(&bc)),
    ] {
        let path = file(name, &bytes);
        let out = dxil(&[arg(&path)]);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stderr));
        let want = format!(
            "; ModuleID = '{0}'\nsource_filename = \"{0}\"\n\ndeclare void @0()\n",
            path.display()
        );
        assert_eq!(text(&out.stdout), want, "{name}");
        assert!(out.stderr.is_empty(), "{name}: {}", text(&out.stderr));
    }
}

#[test]
fn part_prints_the_program_part_asked_for() {
    let (program_bc, debug_bc) = (declaring(1, 1), declaring(2, 1));
    let parts = [
        (FourCC::ILDB, program::part(&debug_bc)),
        (FourCC::DXIL, program::part(&program_bc)),
        (FourCC::PSV0, vec![0; 4]),
    ];
    let parts: Vec<(FourCC, &[u8])> = parts.iter().map(|(f, d)| (*f, &d[..])).collect();
    let bytes = write_container(&parts, DigestMode::Compute).expect("a container");
    let path = file("two-programs.dxil", &bytes);
    // the DXIL part unless asked otherwise; the module with its one declaration or two
    for (args, declared) in [
        (&[][..], 1),
        (&["--part", "DXIL"][..], 1),
        (&["--part", "ILDB"][..], 2),
    ] {
        let out = dxil(&[args, &[arg(&path)]].concat());
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        let printed = text(&out.stdout);
        assert_eq!(
            printed.matches("declare void @").count(),
            declared,
            "{printed}"
        );
    }
    let out = dxil(&["--part", "ILDB", "--ops", arg(&path)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // bitcode of the part that does not decode: the offset counts from the container's start
    let bad_part = program::part(&declaring(1, 77));
    let bad = write_container(
        &[(FourCC::DXIL, parts[1].1), (FourCC::ILDB, &bad_part[..])],
        DigestMode::Compute,
    )
    .expect("a container");
    let out = dxil(&["--part", "ILDB", arg(&file("bad-debug-part.dxil", &bad))]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    let byte: usize = err
        .split("(byte ")
        .nth(1)
        .and_then(|r| r.split(')').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a byte offset: {err}"));
    // the ILDB part is the last: its bitcode starts after its program header
    let bitcode_at = bad.len() - bad_part.len() + 24;
    assert!(
        (bitcode_at..bad.len()).contains(&byte),
        "{byte} not in the ILDB part's bitcode ({bitcode_at}..): {err}"
    );
    // a part the container lacks, a part that is not a program, a code that is not one, and
    // bitcode that is not in a container: exit code 2, saying why
    let raw = file("raw-for-part.bc", &program_bc);
    for (args, says) in [
        (
            ["--part", "STAT", arg(&path)],
            "expected a container with a STAT part",
        ),
        (["--part", "PSV0", arg(&path)], "not PSV0"),
        (
            ["--part", "IL", arg(&path)],
            "expected four ASCII characters",
        ),
        (
            ["--part", "ILDB", arg(&raw)],
            "expected the container magic `DXBC`",
        ),
    ] {
        let out = dxil(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(
            text(&out.stderr).contains(says),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn dash_o_writes_a_file() {
    let path = file("to-file.bc", &bitcode(false));
    let out_path = path.with_extension("ll");
    let _ = std::fs::remove_file(&out_path);
    let out = dxil(&[arg(&path), "-o", arg(&out_path)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    let written = std::fs::read_to_string(&out_path).expect("the output file");
    assert!(written.contains("declare void @0()\n"), "{written}");
    // an output that cannot be written
    let dir = path.parent().expect("a folder");
    let out = dxil(&[arg(&path), "-o", arg(dir)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).starts_with(&format!("dxil: {}: ", dir.display())),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn unreadable_inputs_exit_2_with_the_offset() {
    // bitcode the decoder refuses: the bit and byte of its record, counted from the start of
    // the container
    let path = file("bad-type.dxil", &container(&bitcode(true)));
    let out = dxil(&[arg(&path)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = text(&out.stderr);
    assert!(
        err.starts_with(&format!("dxil: {}: bit ", path.display())) && err.contains("(byte "),
        "{err}"
    );
    // neither a container nor bitcode
    let path = file("elf.bin", b"\x7fELF and more");
    let out = dxil(&[arg(&path)]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("bit 0 (byte 0)")
            && err.contains("expected a DXBC container, a bitcode wrapper")
            && err.contains("found `\\x7FELF`"),
        "{err}"
    );
    // a container cut short
    let bytes = container(&bitcode(false));
    let path = file("cut.dxil", &bytes[..bytes.len() - 3]);
    let out = dxil(&[arg(&path)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("byte "), "{}", text(&out.stderr));
    // not a file
    let dir = path.parent().expect("a folder");
    let out = dxil(&[arg(dir)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("not a regular file"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn help_lists_the_exit_codes() {
    let out = dxil(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    let help = text(&out.stdout);
    assert!(
        help.contains("Exit codes:\n  0  the module printed\n  2  "),
        "{help}"
    );
    assert!(help.contains("-o, --output <OUT>"), "{help}");
}
