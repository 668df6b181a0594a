//! `load_extension`: an extension file checked together with the workspace's `ops.toml`, and the
//! records it declares.

#![allow(clippy::panic)] // a test fails by panicking

use std::path::{Path, PathBuf};

use dxil_db::{Extension, LoadError, OpId};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

fn load(extension: &str) -> Result<Extension, LoadError> {
    let root = root();
    let base = std::fs::read_to_string(root.join("ops.toml")).map_err(|error| LoadError::Io {
        path: "ops.toml".into(),
        error,
    })?;
    dxil_db::load_extension(
        "ops.toml",
        &base,
        |inc| std::fs::read_to_string(root.join(inc)).map_err(|e| e.to_string()),
        "vendor.toml",
        extension,
    )
}

/// Every diagnostic in the short form, or a note that the load succeeded.
fn errors(extension: &str) -> String {
    match load(extension) {
        Ok(_) => "loaded without errors".into(),
        Err(e) => match e.report() {
            Some(r) => r.render_short(),
            None => e.to_string(),
        },
    }
}

const VENDOR: &str = r#"
[table.VendorOps]
id = 0x8001
doc = "Vendor operations"

[[ops.VendorOps]]
index = 0
name = "VendorScale"
class = "VendorScale"
category = "Vendor"
doc = "scales a value"
introduced = "1.6"
shader_model = "6.6"
overloads = [{ since = "1.6", types = "hf" }]
stages = [{ since = "1.6", stages = ["all"] }]
attributes = [{ since = "1.6", attributes = ["readnone"] }]
result = { type = "overload", doc = "the scaled value" }
params = [
  { name = "value", type = "overload", doc = "the value" },
  { name = "factor", type = "vendor_factor", immediate = true, max = 16, doc = "the factor" },
]

[[ops.VendorOps]]
index = 1
name = "VendorAbs"
class = "Unary"
category = "Vendor"
doc = "absolute value, with a built-in class"
introduced = "1.0"
shader_model = "6.0"
overloads = [{ since = "1.0", types = "f" }]
stages = [{ since = "1.0", stages = ["all"] }]
attributes = [{ since = "1.0", attributes = ["readnone"] }]

[type.vendor_factor]
llvm = "i32"
doc = "A scale factor."
"#;

#[test]
fn extension_records_are_told_apart_from_the_base() {
    let ext = match load(VENDOR) {
        Ok(ext) => ext,
        Err(e) => panic!("{e}"),
    };
    let db = &ext.db;
    let id = |name: &str| OpId(position(&db.ops, |o| o.name == name));
    let scale = db.op_by_name("VendorScale").expect("VendorScale is loaded");
    assert_eq!(scale.opcode, 0x8001_0000);
    assert!(ext.declares_op(id("VendorScale")));
    assert!(ext.declares_op(id("VendorAbs")));
    assert!(!ext.declares_op(id("Sample")));
    let names: Vec<&str> = ext.ops().map(|o| o.name.as_str()).collect();
    assert_eq!(names, ["VendorScale", "VendorAbs"]);

    let class = db.class_id("VendorScale").expect("class is loaded");
    assert!(ext.declares_class(class));
    assert!(!ext.declares_class(db.class_id("Unary").expect("Unary")));

    let ty = |name: &str| dxil_db::TypeId(position(&db.types, |t| t.name == name));
    assert!(ext.declares_type(ty("vendor_factor")));
    assert!(!ext.declares_type(ty("i32")));

    let table = |name: &str| dxil_db::TableId(position(&db.tables, |t| t.name == name));
    assert!(ext.declares_table(table("VendorOps")));
    assert!(!ext.declares_table(table("CoreOps")));
    // the base is complete
    assert!(db.op_by_name("Sample").is_some());
}

#[test]
fn an_extension_declares_only_tables_ops_classes_and_types() {
    let text = format!(
        "include = [\"db/enums.toml\"]\n\n[stage.vendor]\nshader_kind = \"Pixel\"\nsince = \"1.0\"\n\n[enum.VendorMode]\nvalues = []\n{VENDOR}"
    );
    insta_like(
        &errors(&text),
        "\
vendor.toml:1:12: error: key `include`: an extension file cannot declare `include` records
  hint: an extension declares op tables, ops, classes and types ([table.NAME], [[ops.TABLE]], [class.NAME], [type.NAME]) and uses everything else from the base database
vendor.toml:3:8: error: key `stage`: an extension file cannot declare `stage` records
  hint: an extension declares op tables, ops, classes and types ([table.NAME], [[ops.TABLE]], [class.NAME], [type.NAME]) and uses everything else from the base database
vendor.toml:7:7: error: key `enum`: an extension file cannot declare `enum` records
  hint: an extension declares op tables, ops, classes and types ([table.NAME], [[ops.TABLE]], [class.NAME], [type.NAME]) and uses everything else from the base database
",
    );
}

#[test]
fn an_extension_cannot_add_ops_to_base_tables() {
    let text = VENDOR.replace("[[ops.VendorOps]]\nindex = 1", "[[ops.CoreOps]]\nindex = 1");
    let out = errors(&text);
    assert!(
        out.contains("vendor.toml:")
            && out.contains("op table `CoreOps` belongs to the base database"),
        "{out}"
    );
}

#[test]
fn extension_names_and_table_ids_must_not_clash_with_the_base() {
    let text = VENDOR.replace("id = 0x8001", "id = 0x8000")
        + "\n[class.Unary]\nresult = { type = \"overload\" }\nparams = []\n";
    let out = errors(&text);
    assert!(
        out.contains("table id 0x8000 is also the id of table `ExperimentalOps`"),
        "{out}"
    );
    assert!(out.contains("duplicate class `Unary`"), "{out}");
    assert!(out.contains("vendor.toml:"), "{out}");
    // the clash is the one mistake: the table's ops do not also say it is unknown
    assert!(!out.contains("unknown op table"), "{out}");
    assert_eq!(out.matches(": error: ").count(), 2, "{out}");
}

/// The index of the first item of `list` that `f` accepts, as an id (`u32::MAX` when none
/// does: no record has that id).
fn position<T>(list: &[T], f: impl Fn(&T) -> bool) -> u32 {
    list.iter().position(f).map_or(u32::MAX, |i| i as u32)
}

/// Compares a rendered report with the expected text, showing both on failure.
fn insta_like(got: &str, expected: &str) {
    assert!(got == expected, "got:\n{got}\nexpected:\n{expected}");
}

#[test]
fn the_intrinsic_map_is_the_base_databases() {
    let text = VENDOR.replace(
        "attributes = [{ since = \"1.6\", attributes = [\"readnone\"] }]",
        "attributes = [{ since = \"1.6\", attributes = [\"readnone\"] }]\nllvm_intrinsics = [{ name = \"llvm.vendor.scale\" }]",
    ) + "\n[[intrinsic]]\nname = \"llvm.vendor.abs\"\ndoc = \"abs\"\nparams = [\"x\"]\n\n[derived.vendor_word]\ntype = \"i32\"\ndoc = \"a word\"\n";
    let out = errors(&text);
    for expected in [
        "key `llvm_intrinsics`: an extension's op cannot declare `llvm_intrinsics`",
        "key `intrinsic`: an extension file cannot declare `intrinsic` records",
        "key `derived`: an extension file cannot declare `derived` records",
    ] {
        assert!(out.contains(expected), "{expected}\n{out}");
    }
    assert_eq!(out.matches("error:").count(), 3, "{out}");
}

#[test]
fn dxcs_presentation_is_the_base_databases() {
    let text = format!("{VENDOR}\n[dxc]\nno_attribute = \"None\"\n");
    let out = errors(&text);
    assert!(
        out.contains("key `dxc`: an extension file cannot declare `dxc` records"),
        "{out}"
    );
    assert_eq!(out.matches("error:").count(), 1, "{out}");
}
