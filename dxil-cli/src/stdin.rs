//! Standard input as an input file, named `-` as the LLVM tools name it.

use std::io::Read;
use std::path::Path;

/// The name `llvm-dis` gives a module it reads from standard input.
pub const MODULE_NAME: &str = "<stdin>";

/// Whether `path` names standard input (`-`).
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Standard input read to its end, when it holds at most `limit` bytes; `Ok(Err(n))` when it
/// holds more (`n` is what was read: one byte past the limit).
pub fn read(limit: u64) -> std::io::Result<Result<Vec<u8>, u64>> {
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)?;
    let read = bytes.len() as u64;
    Ok(if read > limit { Err(read) } else { Ok(bytes) })
}
