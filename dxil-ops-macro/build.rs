//! In a checkout of the workspace (where `ops.toml` sits beside this crate), tells the macros the
//! fingerprint of the live database files, so that they refuse to expand when the files changed
//! after `cargo xtask gen` copied them into this crate; and reruns when they change. A packaged
//! crate has no such files: then it does nothing.

use std::path::Path;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(dxil_ops_workspace)");
    let Some(manifest) = std::env::var_os("CARGO_MANIFEST_DIR") else {
        return;
    };
    let Some(root) = Path::new(&manifest).parent() else {
        return;
    };
    let ops = root.join("ops.toml");
    if !ops.is_file() || !root.join("dxil-ops-macro").is_dir() {
        return;
    }
    println!("cargo::rerun-if-changed={}", ops.display());
    println!("cargo::rerun-if-changed={}", root.join("db").display());
    let live = match dxil_db::load(&ops) {
        Ok(db) => format!("{:#x}", db.fingerprint()),
        // the macros say so when they run; the build itself goes on
        Err(_) => "unloadable".to_owned(),
    };
    println!("cargo::rustc-env=DXIL_OPS_LIVE_FINGERPRINT={live}");
}
