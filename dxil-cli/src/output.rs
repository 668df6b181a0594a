//! Where a subcommand's text goes: a file, or standard output, where a reader that stops
//! reading early (`dxil decls | head`) ends the output without an error.

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
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                r => r,
            }
        }
    }
}
