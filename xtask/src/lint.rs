//! `cargo xtask lint FILE...`: checks the `dx.op` declarations and calls of DXIL modules (LLVM
//! IR text) against the op database, with `dxil-lint`.
//!
//! Prints one line per diagnostic, `FILE:LINE: RULE-CODE: message`, then
//! `N calls checked in M files, K diagnostics`. Exit status: 0 without diagnostics, 1 with
//! diagnostics, 2 when a file could not be checked: it cannot be read, it is not a regular file
//! (a FIFO, a device: never opened), it is larger than 1 GiB, or it is not LLVM IR text
//! (bitcode, a DXBC container, other binary data); each such file gets a line on stderr. A
//! directory stands for the `.ll` files under it (see `dxil_lint::ll_files`).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Runs the checks over `paths` and prints the report.
pub fn run(paths: Vec<PathBuf>) -> anyhow::Result<ExitCode> {
    if paths.is_empty() {
        anyhow::bail!("no files given: cargo xtask lint FILE...");
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let (mut files, mut calls, mut diagnostics, mut unreadable) = (0usize, 0usize, 0usize, 0usize);
    let mut todo = Vec::new();
    for p in paths {
        if p.is_dir() {
            match dxil_lint::ll_files(&p) {
                Ok(files) => todo.extend(files),
                Err(e) => {
                    eprintln!("{}: cannot read the directory: {e}", p.display());
                    unreadable += 1;
                }
            }
        } else {
            todo.push(p);
        }
    }
    for path in &todo {
        let name = path.display().to_string();
        let report = match dxil_lint::lint_file(path) {
            Ok(r) => r,
            Err(e) => {
                out.flush()?;
                eprintln!("{name}: {e}");
                unreadable += 1;
                continue;
            }
        };
        files += 1;
        calls += report.calls;
        diagnostics += report.diagnostics.len();
        for d in &report.diagnostics {
            writeln!(out, "{}", d.with_file(&name))?;
        }
    }
    writeln!(
        out,
        "{calls} calls checked in {files} files, {diagnostics} diagnostics"
    )?;
    out.flush()?;
    Ok(ExitCode::from(if unreadable > 0 {
        2
    } else if diagnostics > 0 {
        1
    } else {
        0
    }))
}
