//! Helpers of the tests that generate from an edited copy of the database and build the result:
//! a copy of the runtime (`dxil-base`, `dxil-ops` without its macros, tests and benches) in a
//! workspace of its own, with the generated files written into it; reading a DXIL.td with
//! TableGen ([`tblgen`]); and DXC's sources of `../shared/anchors/dxc-hctgen` ([`dxc_anchor`]).

#![allow(dead_code)]

#[path = "../../../dxil-db/tests/common/shared.rs"]
pub mod shared;
pub mod tblgen;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The workspace root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The folder of DXC's generator and sources (`../shared/anchors/dxc-hctgen`), when present;
/// a test without it is skipped, or fails under `DXIL_REQUIRE_SHARED`.
pub fn dxc_anchor() -> Option<PathBuf> {
    let script = shared::shared_path("anchors/dxc-hctgen/run-five.sh")?;
    script.parent().map(Path::to_path_buf)
}

/// DXC's sources that `emit dxc` reads, from the DXC tree `dir`: (output file name, text).
pub fn dxc_sources(dir: &Path) -> Vec<(&'static str, String)> {
    dxil_codegen::foreign::dxc::FILES
        .iter()
        .filter_map(|f| Some((f.name, f.source?)))
        .map(|(name, source)| {
            let text = fs::read_to_string(dir.join(source)).expect("DXC's source");
            (name, text)
        })
        .collect()
}

/// Copies a folder with everything in it.
pub fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("create folder");
    for e in fs::read_dir(from).expect("read folder").flatten() {
        let p = e.path();
        let dest = to.join(e.file_name());
        if p.is_dir() {
            copy_dir(&p, &dest);
        } else {
            fs::copy(&p, &dest).expect("copy file");
        }
    }
}

/// A fresh folder `target/NAME` holding a copy of `ops.toml` and `db/`.
pub fn database_copy(name: &str) -> PathBuf {
    let root = root();
    let work = root.join("target").join(name);
    let _ = fs::remove_dir_all(&work);
    fs::create_dir_all(&work).expect("work folder");
    fs::copy(root.join("ops.toml"), work.join("ops.toml")).expect("copy ops.toml");
    copy_dir(&root.join("db"), &work.join("db"));
    work
}

/// The `dxil-ops` manifest without benches, tests, dev-dependencies and the optional proc-macro
/// dependency: the copy is only built as a library.
fn runtime_only(manifest: &str) -> String {
    let mut out = String::new();
    let mut skip = false;
    for line in manifest.lines() {
        let t = line.trim();
        if t.starts_with('[') {
            skip = matches!(
                t,
                "[dev-dependencies]" | "[[bench]]" | "[[test]]" | "[[example]]"
            );
        }
        if skip || t.contains("dxil-ops-macro") {
            continue;
        }
        let line = if t.starts_with("default") {
            line.replace("\"macros\", ", "")
                .replace(", \"macros\"", "")
                .replace("\"macros\"", "")
        } else if t.starts_with("macros") {
            continue;
        } else {
            line.to_owned()
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Writes into `work` a workspace of `dxil-base` and `dxil-ops` (copies, with the generated
/// files of `files`) and the other members `members` (which the caller writes).
pub fn runtime_workspace(work: &Path, files: &[dxil_codegen::GeneratedFile], members: &[&str]) {
    let root = root();
    copy_dir(&root.join("dxil-base"), &work.join("dxil-base"));
    copy_dir(&root.join("dxil-ops/src"), &work.join("dxil-ops/src"));
    let manifest = fs::read_to_string(root.join("dxil-ops/Cargo.toml")).expect("manifest");
    fs::write(work.join("dxil-ops/Cargo.toml"), runtime_only(&manifest)).expect("write manifest");
    for f in files.iter().filter(|f| f.path.starts_with("dxil-ops/")) {
        fs::write(work.join(&f.path), &f.contents).expect("write generated file");
    }
    let workspace = fs::read_to_string(root.join("Cargo.toml")).expect("workspace manifest");
    let start = workspace
        .find("[workspace.package]")
        .expect("package section");
    let end = workspace
        .find("[workspace.dependencies]")
        .expect("dependencies section");
    let lints = workspace
        .find("[workspace.lints.rust]")
        .expect("lints section");
    let mut all = vec!["dxil-base", "dxil-ops"];
    all.extend_from_slice(members);
    let members: Vec<String> = all.iter().map(|m| format!("\"{m}\"")).collect();
    let manifest = format!(
        "[workspace]\nresolver = \"3\"\nmembers = [{}]\n\n{}[workspace.dependencies]\ndxil-base = {{ path = \"dxil-base\" }}\n\n{}",
        members.join(", "),
        &workspace[start..end],
        &workspace[lints..]
    );
    fs::write(work.join("Cargo.toml"), manifest).expect("write workspace");
    if let Ok(lock) = fs::read_to_string(root.join("Cargo.lock")) {
        fs::write(work.join("Cargo.lock"), lock).expect("write lock");
    }
}

/// Runs cargo with `args` in `work`, with the target folder `target`.
pub fn cargo(work: &Path, target: &Path, args: &[&str]) -> Output {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    Command::new(cargo)
        .args(args)
        .current_dir(work)
        .env("CARGO_TARGET_DIR", target)
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo runs")
}
