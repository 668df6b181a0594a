//! Compile-pass and compile-fail cases of `op!` and `include_ops!`, with the expected compiler
//! output checked in (`tests/ui/fail/*.stderr`). Regenerate them after a deliberate change with
//! `TRYBUILD=overwrite cargo test -p dxil-ops-macro --test it trybuild::`, and review the diff.
//!
//! Each case compiles against `dxil-ops` in trybuild's own project, so cases are grouped: one
//! file per kind of mistake, with several invocations each.

use std::path::{Path, PathBuf};

/// trybuild builds the cases as a project of its own, in `<target>/tests/trybuild/<crate>`, and
/// `include_ops!` reads files relative to the compiled crate's folder: so the extension files
/// of the cases are copied there, at the same relative path as here.
fn copy_extension_files() {
    let target = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let project = target.join("tests/trybuild").join(env!("CARGO_PKG_NAME"));
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vendor");
    let to: PathBuf = project.join("tests/vendor");
    std::fs::create_dir_all(&to).expect("creating trybuild's project folder");
    for entry in std::fs::read_dir(&from).expect("reading tests/vendor") {
        let path = entry.expect("listing tests/vendor").path();
        if let Some(name) = path.file_name() {
            std::fs::copy(&path, to.join(name)).expect("copying an extension file");
        }
    }
}

#[test]
fn ui() {
    copy_extension_files();
    let t = trybuild::TestCases::new();
    t.pass("tests/ui/pass/*.rs");
    t.compile_fail("tests/ui/fail/*.rs");
}
