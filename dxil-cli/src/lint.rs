//! `dxil lint FILE|DIR...` (and `cargo xtask lint`, which calls it): checks the `dx.op`
//! declarations and calls of DXIL modules against the op database, with `dxil-lint`. A file is
//! LLVM IR text, a DXBC container, bitcode in its wrapper or raw bitcode, told by its content.
//!
//! Prints one line per diagnostic, `FILE:LINE: RULE-CODE: message` (in a binary file, LINE is
//! the line of the text `dxil dis FILE` prints), then
//! `N calls checked in M files, K diagnostics`. Exit codes ([`EXIT_CODES`]): 0 without
//! diagnostics, 1 with diagnostics, 2 when an input could not be checked: it cannot be read, it
//! is not a regular file (a FIFO, a device: never opened), it is larger than 1 GiB, it is binary
//! that does not decode, or it is not LLVM IR text (other binary data, text of which no line is
//! LLVM IR); each such input gets a line on stderr. A directory stands for the module files
//! under it (`.ll`, `.dxil`, `.dxbc`, `.cso`, `.bc`: see `dxil_lint::module_files_within`), walked within limits of entries read and depth: a walk
//! that goes past them is an input that could not be checked. On a terminal, stderr shows the
//! progress of walks and of the checks; elsewhere (a pipe, a file) it shows only errors.
//!
//! Files are checked on one thread per core (`-j N` to choose): each thread takes the next file
//! not yet taken, and the report is printed in the order of the inputs, the same whatever `N`.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use dxil_lint::{FileError, Report, WalkLimits, WalkProgress};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// The exit codes of `dxil lint`, for its help.
pub const EXIT_CODES: &str = "Exit codes:
  0  no diagnostics
  1  diagnostics (findings) were printed
  2  an input could not be checked: it cannot be read, is not a regular file, is larger than
     1 GiB, is binary (a DXBC container, bitcode) that does not decode, is neither binary nor
     LLVM IR text (other binary data, text of which no line is LLVM IR), or a folder walk went
     past --max-files or --max-depth; or no input was given";

/// The arguments of `dxil lint`.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// Files (text or binary, told by their content) or directories (their .ll, .dxil, .dxbc,
    /// .cso and .bc files); `-` reads standard input.
    pub files: Vec<PathBuf>,
    /// The most files and folders a directory walk reads.
    #[arg(long, default_value_t = WalkLimits::default().max_entries)]
    pub max_files: usize,
    /// The deepest folder a directory walk enters (the named one is 0).
    #[arg(long, default_value_t = WalkLimits::default().max_depth)]
    pub max_depth: usize,
    /// How many files are checked at once (default: one per core); the report is the same
    /// whatever the number, in the order of the inputs.
    #[arg(short = 'j', long)]
    pub jobs: Option<NonZeroUsize>,
}

/// The number of files checked at once: `jobs`, else one per core.
fn jobs(jobs: Option<NonZeroUsize>) -> usize {
    jobs.or_else(|| std::thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get)
}

/// Checks the files of `todo` on `jobs` threads (each takes the next file not yet taken, the
/// largest first, so that no thread is left with a large file when the others are done) and
/// hands each result to `each` on this thread, in the order of `todo`. Stops at the first
/// error `each` returns (the threads stop at the next file).
fn check_all(
    todo: &[PathBuf],
    jobs: usize,
    mut each: impl FnMut(&Path, Result<Report, FileError>) -> std::io::Result<()>,
) -> std::io::Result<()> {
    if jobs <= 1 || todo.len() <= 1 {
        return todo.iter().try_for_each(|path| each(path, lint_path(path)));
    }
    let order = largest_first(todo);
    let next = AtomicUsize::new(0);
    let (send, receive) = mpsc::channel();
    std::thread::scope(|s| {
        for _ in 0..jobs.min(todo.len()) {
            let (send, next, order) = (send.clone(), &next, &order);
            s.spawn(move || {
                while let Some(&index) = order.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let Some(path) = todo.get(index) else { break };
                    if send.send((index, lint_path(path))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        // results come in any order; each waits here until those before it are handed on
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        for (index, result) in receive {
            waiting.insert(index, result);
            while let Some(result) = waiting.remove(&due) {
                each(&todo[due], result)?;
                due += 1;
            }
        }
        Ok(())
    })
}

/// Reads and checks the file `path`, or standard input for `-` (read whole, within the lint's
/// size limit).
fn lint_path(path: &Path) -> Result<Report, FileError> {
    if !crate::stdin::is_stdin(path) {
        return dxil_lint::lint_file(path);
    }
    match crate::stdin::read(dxil_lint::MAX_FILE_SIZE) {
        Ok(Ok(bytes)) => dxil_lint::lint_input(&bytes).map_err(FileError::Input),
        Ok(Err(read)) => Err(FileError::TooLarge(read)),
        Err(e) => Err(FileError::Io(e)),
    }
}

/// The positions of `files`, the largest file first (one whose size cannot be read last; files
/// of the same size in their order).
fn largest_first(files: &[PathBuf]) -> Vec<usize> {
    let mut order: Vec<(u64, usize)> = files
        .iter()
        .map(|f| std::fs::metadata(f).map_or(0, |m| m.len()))
        .zip(0..)
        .collect();
    order.sort_by_key(|&(size, i)| (std::cmp::Reverse(size), i));
    order.into_iter().map(|(_, i)| i).collect()
}

/// Where the progress is drawn: stderr when it is a terminal, nowhere otherwise.
fn progress_target() -> ProgressDrawTarget {
    if std::io::stderr().is_terminal() {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    }
}

/// Lists the inputs: files as given, the module files of folders. Returns them and the number
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
                "{}: {} entries read, {} module files ({})",
                p.display(),
                w.entries,
                w.found,
                w.dir.display()
            ));
            spinner.tick();
        };
        let walked = dxil_lint::module_files_within(&p, limits, &mut show);
        spinner.finish_and_clear();
        match walked {
            Ok(files) => todo.extend(files),
            Err(e) => {
                crate::error_line!("{}: {e} (--max-files, --max-depth)", p.display());
                failed += 1;
            }
        }
    }
    (todo, failed)
}

/// Runs the checks over the inputs (folders walked within the limits) and prints the report;
/// returns the exit code ([`EXIT_CODES`]).
pub fn run(args: &Args) -> ExitCode {
    if args.files.is_empty() {
        crate::error_line!("error: no files given: dxil lint FILE|DIR...");
        return ExitCode::from(2);
    }
    match report(args) {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            crate::error_line!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// Checks the inputs and prints the report; the exit code, or an error writing the output.
fn report(args: &Args) -> std::io::Result<u8> {
    let limits = WalkLimits {
        max_entries: args.max_files,
        max_depth: args.max_depth,
    };
    let paths = args.files.clone();
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
    let checked = check_all(&todo, jobs(args.jobs), |path, result| {
        let name = path.display().to_string();
        bar.inc(1);
        let report = match result {
            Ok(r) => r,
            Err(e) => {
                bar.suspend(|| crate::error_line!("{name}: {e}"));
                unreadable += 1;
                return Ok(());
            }
        };
        bar.set_message(name.clone());
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
        Ok(())
    });
    bar.finish_and_clear();
    // a reader that stops reading (`dxil lint . | head`) ends the run where it is, with the
    // exit code of the files checked so far
    let code = if unreadable > 0 {
        2
    } else if diagnostics > 0 {
        1
    } else {
        0
    };
    let summary = checked.and_then(|()| {
        writeln!(
            out,
            "{calls} calls checked in {files} files, {diagnostics} diagnostics"
        )?;
        out.flush()
    });
    match summary {
        Err(e) if !crate::output::is_closed_pipe(&e) => Err(e),
        _ => Ok(code),
    }
}
