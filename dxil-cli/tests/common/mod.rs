//! Helpers of the command tests: running `dxil`, its output as text, input files.

#![allow(dead_code)]

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use dxil_module::container::DigestMode;
use dxil_module::{bitcode, text};

use crate::program;

/// A module with two `dx.op` calls: one that reads as its op (`Sin`), and one of
/// `dx.op.binary.f32` that passes an operand too many (as its declaration says), a finding of
/// the lint and a call that reads as no op; a line before them moves them down the printed text.
pub const TWO_CALLS: &str = "\
define void @main(float %x) {
  %a = fadd float %x, 1.000000e+00
  %b = call float @dx.op.unary.f32(i32 13, float %a)
  %c = call float @dx.op.binary.f32(i32 35, float %b, float %a, float %x)
  ret void
}

declare float @dx.op.unary.f32(i32, float)
declare float @dx.op.binary.f32(i32, float, float, float)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 6}
!1 = !{!\"ps\", i32 6, i32 6}
";

/// The module of the LLVM IR `source` as bitcode in a container with its digest.
pub fn container_of(source: &str) -> Vec<u8> {
    let m = text::parse(source.as_bytes()).expect("the module reads");
    let bc = bitcode::write(&m).expect("the module writes");
    program::in_container(&bc, DigestMode::Compute)
}

/// Runs `dxil SUBCOMMAND ARGS...`.
pub fn dxil<S: AsRef<OsStr>>(subcommand: &str, args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dxil"))
        .arg(subcommand)
        .args(args)
        .output()
        .expect("dxil runs")
}

/// Runs `dxil SUBCOMMAND ARGS...` with `input` as its standard input.
pub fn dxil_with_input(subcommand: &str, args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_dxil"))
        .arg(subcommand)
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("dxil runs");
    let mut stdin = child.stdin.take().expect("a pipe");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("dxil ends");
    let _ = writer.join();
    out
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Writes `bytes` to the file `name` of the test folder `folder`.
pub fn file(folder: &str, name: &str, bytes: &[u8]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(folder);
    std::fs::create_dir_all(&dir).expect("test folder");
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("write test file");
    path
}
