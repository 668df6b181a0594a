//! `cargo xtask lint FILE...`: checks the `dx.op` declarations and calls of DXIL modules (LLVM
//! IR text) against the op database, with `dxil-lint`.
//!
//! Prints one line per diagnostic, `FILE:LINE: RULE-CODE: message`, then
//! `N calls checked in M files, K diagnostics`. Exit status ([`EXIT_STATUS`]): 0 without
//! diagnostics, 1 with diagnostics, 2 when an input could not be checked: it cannot be read, it
//! is not a regular file (a FIFO, a device: never opened), it is larger than 1 GiB, or it is not
//! LLVM IR text (bitcode, a DXBC container, other binary data, text of which no line is LLVM
//! IR); each such input gets a line on stderr. A directory stands for the `.ll` files under it
//! (see `dxil_lint::ll_files_within`), walked within limits of entries read and depth: a walk
//! that goes past them is an input that could not be checked. On a terminal, stderr shows the
//! progress of walks and of the checks; elsewhere (a pipe, a file) it shows only errors.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use dxil_lint::{WalkLimits, WalkProgress};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// The exit status of `cargo xtask lint`, for its help.
pub const EXIT_STATUS: &str = "Exit status:
  0  no diagnostics
  1  diagnostics (findings) were printed
  2  an input could not be checked: it cannot be read, is not a regular file, is larger than
     1 GiB, is not LLVM IR text (bitcode, a DXBC container, binary data, or text of which no
     line is LLVM IR), or a folder walk went past --max-files or --max-depth";

/// Where the progress is drawn: stderr when it is a terminal, nowhere otherwise.
fn progress_target() -> ProgressDrawTarget {
    if std::io::stderr().is_terminal() {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    }
}

/// Lists the inputs: files as given, the `.ll` files of folders. Returns them and the number
/// of inputs that could not be listed (reported on stderr).
fn inputs(paths: Vec<PathBuf>, limits: WalkLimits) -> (Vec<PathBuf>, usize) {
    let (mut todo, mut failed) = (Vec::new(), 0);
    for p in paths {
        if !p.is_dir() {
            todo.push(p);
            continue;
        }
        let spinner = ProgressBar::with_draw_target(None, progress_target());
        let mut show = |w: WalkProgress<'_>| {
            spinner.set_message(format!(
                "{}: {} entries read, {} .ll files ({})",
                p.display(),
                w.entries,
                w.found,
                w.dir.display()
            ));
            spinner.tick();
        };
        let walked = dxil_lint::ll_files_within(&p, limits, &mut show);
        spinner.finish_and_clear();
        match walked {
            Ok(files) => todo.extend(files),
            Err(e) => {
                eprintln!("{}: {e} (--max-files, --max-depth)", p.display());
                failed += 1;
            }
        }
    }
    (todo, failed)
}

/// Runs the checks over `paths` (folders walked within `limits`) and prints the report.
pub fn run(paths: Vec<PathBuf>, limits: WalkLimits) -> anyhow::Result<ExitCode> {
    if paths.is_empty() {
        anyhow::bail!("no files given: cargo xtask lint FILE...");
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let (todo, mut unreadable) = inputs(paths, limits);
    let (mut files, mut calls, mut diagnostics) = (0usize, 0usize, 0usize);
    let bar = ProgressBar::with_draw_target(Some(todo.len() as u64), progress_target());
    bar.set_style(
        ProgressStyle::with_template("{pos}/{len} files {wide_msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut lines = String::new();
    for path in &todo {
        let name = path.display().to_string();
        bar.set_message(name.clone());
        bar.inc(1);
        let report = match dxil_lint::lint_file(path) {
            Ok(r) => r,
            Err(e) => {
                bar.suspend(|| eprintln!("{name}: {e}"));
                unreadable += 1;
                continue;
            }
        };
        files += 1;
        calls += report.calls;
        diagnostics += report.diagnostics.len();
        lines.clear();
        for d in &report.diagnostics {
            lines.push_str(&d.with_file(&name).to_string());
            lines.push('\n');
        }
        if !lines.is_empty() {
            bar.suspend(|| out.write_all(lines.as_bytes()).and_then(|()| out.flush()))?;
        }
    }
    bar.finish_and_clear();
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
