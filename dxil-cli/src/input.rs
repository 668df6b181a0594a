//! Reading an input file: only regular files, and only as large as a container can be.

use std::path::Path;

/// The largest input read: a container's size is a `u32`.
const MAX_INPUT: u64 = u32::MAX as u64;

/// The bytes of the file `path`, or why it cannot be read.
pub fn read(path: &Path) -> Result<Vec<u8>, String> {
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
