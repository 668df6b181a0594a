//! Helpers shared by the integration tests: where the workspace is and how to load its database.

#![allow(dead_code)]

use std::path::PathBuf;

/// The workspace root (the folder of `ops.toml`).
pub fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("dxil-db sits inside the workspace")
        .to_path_buf()
}

/// Loads the real database, failing the test with the full report when it has mistakes.
pub fn load_db() -> dxil_db::Database {
    let path = workspace_root().join("ops.toml");
    dxil_db::load(&path).unwrap_or_else(|e| panic!("{} does not load:\n{e}", path.display()))
}

/// A DXIL version written as `major.minor`.
pub fn v(text: &str) -> dxil_db::DxilVersion {
    text.parse()
        .unwrap_or_else(|e| panic!("bad version in test: {e}"))
}
