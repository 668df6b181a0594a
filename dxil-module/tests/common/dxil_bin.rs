//! The containers of the binary corpus (`../shared/corpus/dxil-bin`), for the container tests.

#![allow(dead_code)]

use std::path::Path;

#[path = "../../../dxil-db/tests/common/shared.rs"]
mod shared;

/// Every `.dxil` file of the corpus with its bytes, sorted by path; `None` (the test skips)
/// when `../shared` is missing.
pub fn containers() -> Option<Vec<(String, Vec<u8>)>> {
    let dir = shared::shared_path("corpus/dxil-bin")?;
    let mut files = Vec::new();
    let mut dirs = vec![dir.clone()];
    while let Some(d) = dirs.pop() {
        for entry in std::fs::read_dir(&d).expect("read corpus folder") {
            let path = entry.expect("corpus entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "dxil") {
                files.push(path);
            }
        }
    }
    files.sort();
    Some(
        files
            .iter()
            .map(|f| (name(&dir, f), std::fs::read(f).expect("read corpus file")))
            .collect(),
    )
}

/// The containers `DXIL_MORE_CONTAINERS` names ([`shared::more_containers`]), each with its
/// path and bytes.
pub fn more_containers() -> Vec<(String, Vec<u8>)> {
    shared::more_containers()
        .iter()
        .map(|f| {
            (
                f.display().to_string(),
                std::fs::read(f).expect("read container"),
            )
        })
        .collect()
}

/// `path` relative to the corpus folder.
fn name(dir: &Path, path: &Path) -> String {
    path.strip_prefix(dir).unwrap_or(path).display().to_string()
}
