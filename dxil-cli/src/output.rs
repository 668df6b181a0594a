//! Where a subcommand's text goes: a file, or standard output, where a reader that stops
//! reading early (`dxil decls | head`) ends the output without an error; and its messages,
//! on standard error, which a closed pipe there does not turn into a panic.

use std::io::Write;
use std::path::Path;

/// Writes `bytes` to the file `to`, or to standard output; a closed pipe on standard output is
/// not an error.
pub fn write(to: Option<&Path>, bytes: &[u8]) -> std::io::Result<()> {
    match to {
        Some(path) => std::fs::write(path, bytes),
        None => {
            let mut out = std::io::stdout().lock();
            match out.write_all(bytes).and_then(|()| out.flush()) {
                Err(e) if is_closed_pipe(&e) => Ok(()),
                r => r,
            }
        }
    }
}

/// Writes a line to standard error. A standard error that cannot be written to (a pipe whose
/// reader has stopped) loses the line instead of ending the run: the exit code still says
/// how the run went.
pub fn error_line(line: std::fmt::Arguments<'_>) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// Whether `e` says that the reader of standard output stopped reading (`dxil lint | head`):
/// the end of the output, not a failure.
pub fn is_closed_pipe(e: &std::io::Error) -> bool {
    e.kind() == std::io::ErrorKind::BrokenPipe
}
