//! Helpers of the command tests: running `dxil`, its output as text, input files.

#![allow(dead_code)]

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs `dxil SUBCOMMAND ARGS...`.
pub fn dxil<S: AsRef<OsStr>>(subcommand: &str, args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dxil"))
        .arg(subcommand)
        .args(args)
        .output()
        .expect("dxil runs")
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
