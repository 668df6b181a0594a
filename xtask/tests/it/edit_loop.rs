//! The edit loop: append an op with a class of its own to the core table of a copy of the
//! database, generate, build, and call its builder.
//!
//! The copy holds `ops.toml`, `db/` and the `dxil-ops` crate; the generator runs in-process (the
//! same code as `cargo xtask gen`); then a small program that depends on the copied `dxil-ops`
//! is built and run with its own target folder.

use crate::common;

use std::fs;

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
    let root = common::root();
    // A copy of the data with one more op, appended to the file of the core table.
    let work = common::database_copy("edit-loop");
    let core = work.join("db/ops/core.toml");
    let text = fs::read_to_string(&core).expect("db/ops/core.toml");
    let base =
        dxil_db::load(root.join("ops.toml")).unwrap_or_else(|e| panic!("ops.toml loads: {e}"));
    let next = base.ops.iter().filter(|o| o.table.0 == 0).count();
    let record = NEW_OP.replace("INDEX", &next.to_string());
    fs::write(&core, format!("{text}{record}")).expect("append the op");

    // A copy of dxil-ops (and the hashing it shares with the generator), regenerated from the
    // edited data, in a workspace with a user of it.
    let db = dxil_db::load(work.join("ops.toml"))
        .unwrap_or_else(|e| panic!("edited ops.toml loads: {e}"));
    let files = dxil_codegen::generate(&db).expect("generates");
    common::runtime_workspace(&work, &files, &["user"]);
    fs::create_dir_all(work.join("user/src")).expect("user folder");
    fs::write(
        work.join("user/Cargo.toml"),
        "[package]\nname = \"user\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n[dependencies]\ndxil-ops = { path = \"../dxil-ops\", default-features = false, features = [\"std\"] }\n",
    )
    .expect("user manifest");
    fs::write(work.join("user/src/main.rs"), USER).expect("user program");

    let out = common::cargo(
        &work,
        &work.join("target"),
        &["run", "--quiet", "-p", "user"],
    );
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
