//! Helpers shared by the integration tests: where the workspace is and how to load its database.

#![allow(dead_code)]

use std::path::PathBuf;

mod shared;
pub use shared::shared_path;

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

/// DXC's op database as exported to `../shared/reference/dxil-reference.json`, or `None` when
/// the shared data is missing (see [`shared_path`]): the test then skips its comparison.
pub fn reference() -> Option<serde_json::Value> {
    let path = shared_path("reference/dxil-reference.json")?;
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    Some(
        serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display())),
    )
}

/// A JSON value as text: strings as they are, `null` as empty, anything else as JSON.
pub fn text(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Null => String::new(),
        other => other.to_string(),
    }
}
