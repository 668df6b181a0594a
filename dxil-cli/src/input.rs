//! Reading an input file: only regular files (or standard input, named `-`), and only as large
//! as a container can be.

use std::path::Path;

/// The largest input read: a container's size is a `u32`.
const MAX_INPUT: u64 = u32::MAX as u64;

/// The bytes of the file `path` (standard input for `-`), or why it cannot be read.
pub fn read(path: &Path) -> Result<Vec<u8>, String> {
    if dxil_cli::stdin::is_stdin(path) {
        return match dxil_cli::stdin::read(MAX_INPUT) {
            Ok(Ok(bytes)) => Ok(bytes),
            Ok(Err(_)) => Err(format!(
                "more than {MAX_INPUT} bytes: larger than any container"
            )),
            Err(e) => Err(e.to_string()),
        };
    }
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file".to_owned());
    }
    if meta.len() > MAX_INPUT {
        return Err(format!(
            "{} bytes: larger than any container ({MAX_INPUT} bytes)",
            meta.len()
        ));
    }
    std::fs::read(path).map_err(|e| e.to_string())
}
