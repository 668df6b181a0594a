//! The edit loop: append an op with a class of its own to the core table of a copy of the
//! database, generate, build, and call its builder.
//!
//! The copy holds `ops.toml`, `db/` and the `dxil-ops` crate; the generator runs in-process (the
//! same code as `cargo xtask gen`); then a small program that depends on the copied `dxil-ops`
//! is built and run with its own target folder.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn copy_dir(from: &Path, to: &Path) {
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

/// The record of docs/editing.md, a new core op with its own class and signature, under a name
/// no maintainer will use (`INDEX` is the next free index of the core table).
const NEW_OP: &str = r#"
[[ops.CoreOps]]
index = INDEX
name = "EditLoopTriple"
class = "EditLoopTriple"
category = "Unary float"
doc = "returns three times the input value"
introduced = "1.10"
shader_model = "6.10"
overloads = [{ since = "1.10", types = "hf" }]
stages = [{ since = "1.10", stages = ["all"] }]
attributes = [{ since = "1.10", attributes = ["readnone"] }]
result = { type = "overload", doc = "three times the input" }
params = [{ name = "value", type = "overload", doc = "input value" }]
"#;

const USER: &str = r#"
use dxil_ops::{DxilVersion, Op, Overload, ScalarType, Target};

fn main() {
    let target = Target::new(DxilVersion::new(1, 10));
    let call = dxil_ops::build::edit_loop_triple(&target, Overload::Scalar(ScalarType::F32), "%x")
        .expect("the new op builds");
    let mut ir = String::new();
    dxil_ops::ir::write_call(&mut ir, Some("y"), &call).expect("writes");
    println!("{ir}");
    let d = call.declaration();
    println!("{d} #0");
    println!("attributes #0 = {{ {} }}", d.attributes());
    println!("{}", Op::from_name("EditLoopTriple").expect("named").opcode());
    let f = dxil_ops::parse_function_name("dx.op.editLoopTriple.f16").expect("reads");
    println!("{}", f.class().name);
    let old = Target::new(DxilVersion::new(1, 9));
    let e = dxil_ops::build::edit_loop_triple(&old, Overload::Scalar(ScalarType::F32), "%x");
    println!("{}", e.map_or_else(|e| e.to_string(), |_| "built".to_owned()));
}
"#;

#[test]
fn add_an_op_generate_build_and_call_its_builder() {
    let root = root();
    let work = root.join("target/edit-loop");
    let _ = fs::remove_dir_all(&work);
    fs::create_dir_all(&work).expect("work folder");

    // A copy of the data with one more op, appended to the file of the core table.
    fs::copy(root.join("ops.toml"), work.join("ops.toml")).expect("copy ops.toml");
    copy_dir(&root.join("db"), &work.join("db"));
    let core = work.join("db/ops/core.toml");
    let text = fs::read_to_string(&core).expect("db/ops/core.toml");
    let base =
        dxil_db::load(root.join("ops.toml")).unwrap_or_else(|e| panic!("ops.toml loads: {e}"));
    let next = base.ops.iter().filter(|o| o.table.0 == 0).count();
    let record = NEW_OP.replace("INDEX", &next.to_string());
    fs::write(&core, format!("{text}{record}")).expect("append the op");

    // A copy of dxil-ops (and the hashing it shares with the generator), regenerated from the
    // edited data.
    copy_dir(&root.join("dxil-base"), &work.join("dxil-base"));
    copy_dir(&root.join("dxil-ops/src"), &work.join("dxil-ops/src"));
    let manifest = fs::read_to_string(root.join("dxil-ops/Cargo.toml")).expect("manifest");
    fs::write(work.join("dxil-ops/Cargo.toml"), runtime_only(&manifest)).expect("write manifest");
    let db = dxil_db::load(work.join("ops.toml"))
        .unwrap_or_else(|e| panic!("edited ops.toml loads: {e}"));
    let files = dxil_codegen::generate(&db).expect("generates");
    for f in files.iter().filter(|f| f.path.starts_with("dxil-ops/")) {
        fs::write(work.join(&f.path), &f.contents).expect("write generated file");
    }

    // A workspace with the copy and a user of it.
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
    let manifest = format!(
        "[workspace]\nresolver = \"3\"\nmembers = [\"dxil-base\", \"dxil-ops\", \"user\"]\n\n{}[workspace.dependencies]\ndxil-base = {{ path = \"dxil-base\" }}\n\n{}",
        &workspace[start..end],
        &workspace[lints..]
    );
    fs::write(work.join("Cargo.toml"), manifest).expect("write workspace");
    if let Ok(lock) = fs::read_to_string(root.join("Cargo.lock")) {
        fs::write(work.join("Cargo.lock"), lock).expect("write lock");
    }
    fs::create_dir_all(work.join("user/src")).expect("user folder");
    fs::write(
        work.join("user/Cargo.toml"),
        "[package]\nname = \"user\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n[dependencies]\ndxil-ops = { path = \"../dxil-ops\", default-features = false, features = [\"std\"] }\n",
    )
    .expect("user manifest");
    fs::write(work.join("user/src/main.rs"), USER).expect("user program");

    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let out = Command::new(cargo)
        .args(["run", "--quiet", "-p", "user"])
        .current_dir(&work)
        .env("CARGO_TARGET_DIR", work.join("target"))
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "building and running the user failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines,
        [
            format!("%y = call float @dx.op.editLoopTriple.f32(i32 {next}, float %x)").as_str(),
            "declare float @dx.op.editLoopTriple.f32(i32, float) #0",
            "attributes #0 = { nounwind readnone }",
            next.to_string().as_str(),
            "EditLoopTriple",
            "EditLoopTriple does not exist in DXIL 1.9: it was introduced in DXIL 1.10",
        ]
    );
}
