//! The round trip of an edit through both emitters: a copy of the database gains a new op and
//! Cos a changed overload list; then the code of `cargo xtask emit dxc` and `cargo xtask emit
//! llvm` (the emitters the commands call) writes DXC's five files and LLVM's DXIL.td from the
//! copy. The new op must be in all five DXC files and a `DXILOp` record of DXIL.td with the
//! fields the edit says, as llvm-tblgen-14 reads it back; Cos's new overloads must be in both.
//!
//! DXC's sources come from `../shared/anchors/dxc-hctgen`: without it the DXC half is skipped
//! (it fails under `DXIL_REQUIRE_SHARED`). Without llvm-tblgen-14 or LLVM 14's include files
//! the TableGen half is skipped (it fails under `DXIL_REQUIRE_LLVM_AS`): see `common::tblgen`.

#![allow(clippy::panic)] // a test fails by panicking

use crate::common;

use std::fs;
use std::path::Path;

use common::tblgen::{self, Entry, TdOp};
use dxil_codegen::GeneratedFile;
use dxil_codegen::foreign::{dxc, llvm};
use dxil_db::Database;

/// A new core op with a class of its own (`INDEX`: the next free index): LLVM names it
/// `Triple`; its doc needs escaping in TableGen; it is a wave op of two stages, with an
/// immediate operand and an intrinsic.
const NEW_OP: &str = r#"
[[ops.CoreOps]]
index = INDEX
name = "RoundTripTriple"
dxil_td = "Triple"
class = "RoundTripTriple"
category = "Unary float"
doc = "returns \"three\" times\tthe input \\ (été)"
introduced = "1.10"
shader_model = "6.10"
overloads = [{ since = "1.10", types = "hf" }]
stages = [{ since = "1.10", stages = ["compute", "pixel"] }]
attributes = [{ since = "1.10", attributes = ["readnone", "wave"] }]
llvm_intrinsics = [{ name = "llvm.dx.round.trip.triple" }]
result = { type = "overload", doc = "three times the input" }
params = [
  { name = "value", type = "overload", doc = "input value" },
  { name = "scale", type = "i8", immediate = true, doc = "an immediate" },
]
"#;

/// The doc of the new op, as the database reads it.
const DOC: &str = "returns \"three\" times\tthe input \\ (été)";

/// Cos's overloads as written, and as the copy changes them (double, and vectors of it, from
/// DXIL 1.10).
const COS_OVERLOADS: (&str, &str) = (
    r#"overloads = [{ since = "1.0", types = "hf" }, { since = "1.9", types = "hf<hf" }]"#,
    r#"overloads = [{ since = "1.0", types = "hf" }, { since = "1.9", types = "hf<hf" }, { since = "1.10", types = "hfd<hfd" }]"#,
);

/// The edited copy in `target/emit-round-trip`, loaded, and the new op's opcode.
fn edited() -> (std::path::PathBuf, Database, usize) {
    let work = common::database_copy("emit-round-trip");
    let core = work.join("db/ops/core.toml");
    let text = fs::read_to_string(&core).expect("db/ops/core.toml");
    let cos = text.find("name = \"Cos\"").expect("Cos is a core op");
    let at = cos
        + text[cos..]
            .find(COS_OVERLOADS.0)
            .expect("Cos's overloads as written; update this test");
    let text = format!(
        "{}{}{}",
        &text[..at],
        COS_OVERLOADS.1,
        &text[at + COS_OVERLOADS.0.len()..]
    );
    let base = dxil_db::load(common::root().join("ops.toml")).expect("ops.toml loads");
    let next = base.ops.iter().filter(|o| o.table.0 == 0).count();
    let record = NEW_OP.replace("INDEX", &next.to_string());
    fs::write(&core, format!("{text}{record}")).expect("edit the copy");
    let db = dxil_db::load(work.join("ops.toml"))
        .unwrap_or_else(|e| panic!("the edited copy loads: {e}"));
    (work, db, next)
}

/// The text of file `name` of the output.
fn file<'f>(files: &'f [GeneratedFile], name: &str) -> &'f str {
    files
        .iter()
        .find(|f| f.path == name)
        .map(|f| f.contents.as_str())
        .unwrap_or_else(|| panic!("{name} was not written"))
}

/// Asserts that `text` (file `name`) has a line containing every one of `parts`.
fn has_line(name: &str, text: &str, parts: &[&str]) {
    assert!(
        text.lines().any(|l| parts.iter().all(|p| l.contains(p))),
        "{name} has no line with {parts:?}"
    );
}

#[dxil_test_data::needs(shared = "anchors/dxc-hctgen/run-five.sh")]
#[dxil_test_data::needs(tool = "llvm-tblgen-14")]
#[test]
fn an_edit_reaches_dxcs_five_files_and_llvms_dxil_td() {
    let (work, db, next) = edited();
    let anchor = common::dxc_anchor();
    if let Some(anchor) = &anchor {
        check_dxc(&db, anchor, next);
    }
    check_llvm(&db, &work.join("llvm"), next);
    let _ = fs::remove_dir_all(&work);
}

/// The five files of `emit dxc` from the edited copy and DXC's sources in `anchor`.
fn check_dxc(db: &Database, anchor: &Path, next: usize) {
    let texts = common::dxc_sources(anchor);
    let sources: Vec<(&str, &str)> = texts.iter().map(|(n, t)| (*n, t.as_str())).collect();
    let files = dxc::emit(db, &sources).unwrap_or_else(|e| panic!("emit dxc: {e}"));
    assert_eq!(files.len(), dxc::FILES.len());
    let n = next.to_string();

    let ops = file(&files, "DxilOperations.cpp");
    let name = "DxilOperations.cpp";
    has_line(
        name,
        ops,
        &[
            "OC::RoundTripTriple,",
            "\"roundTripTriple\",",
            "Attribute::ReadNone",
            "// Overloads: hf",
        ],
    );
    has_line(
        name,
        ops,
        &[
            "case OpCode::RoundTripTriple:",
            "A(pETy);     A(pI32); A(pETy); A(pI8);  break;",
        ],
    );
    has_line(
        name,
        ops,
        &["OC::Cos,", "{{0x407}}", "{{0x7}}", "// Overloads: hfd<hfd"],
    );
    // the wave flag: IsDxilOpWave tests its opcode
    let wave = ops
        .split("bool OP::IsDxilOpWave(OpCode C) {")
        .nth(1)
        .and_then(|t| t.split("\n}").next())
        .expect("IsDxilOpWave");
    assert!(wave.contains(&format!("RoundTripTriple={n}")), "{wave}");
    // GetMinShaderModelAndMask lists it with the ops of shader model 6.10 and its two stages
    has_line(name, ops, &[&format!("RoundTripTriple={n}")]);

    let constants = file(&files, "DxilConstants.h");
    let name = "DxilConstants.h";
    has_line(
        name,
        constants,
        &[&format!("RoundTripTriple = {n}, // {DOC}")],
    );
    has_line(
        name,
        constants,
        &[&format!(
            "NumOpCodes = {}, // exclusive last value",
            next + 1
        )],
    );
    has_line(name, constants, &["  RoundTripTriple,"]);

    let helpers = file(&files, "DxilInstructions.h");
    for parts in [
        &["struct DxilInst_RoundTripTriple {"][..],
        &[&format!("/// This instruction {DOC}")],
        &["hlsl::OP::OpCode::RoundTripTriple"],
        &["if (3 != llvm::dyn_cast<llvm::CallInst>(Instr)->getNumArgOperands())"],
        &["arg_scale = 2,"],
        &["int8_t get_scale_val() const"],
    ] {
        has_line("DxilInstructions.h", helpers, parts);
    }

    let rst = file(&files, "DXIL.rst");
    has_line(
        "DXIL.rst",
        rst,
        &[&format!("{n} "), "RoundTripTriple ", DOC],
    );

    let validation = file(&files, "DxilValidation.inc");
    let group = validation
        .split("// Instructions: ")
        .find(|g| g.contains(&format!("RoundTripTriple={n}")))
        .expect("DxilValidation.inc tests the new op's profile");
    assert!(
        group.contains("(major > 6 || (major == 6 && minor >= 10))"),
        "{group}"
    );
}

fn entry(since: &str, items: &[&str]) -> Entry {
    Entry {
        since: since.to_owned(),
        items: items.iter().map(|s| (*s).to_owned()).collect(),
    }
}

/// DXIL.td of `emit llvm` from the edited copy, written into `out` and read by TableGen.
fn check_llvm(db: &Database, out: &Path, next: usize) {
    let files = llvm::files(db, llvm::Options::default()).expect("emit llvm");
    fs::create_dir_all(out).expect("output folder");
    for f in &files {
        fs::write(out.join(&f.path), &f.contents).expect("write");
    }
    let text = file(&files, llvm::DXIL_TD);
    let def = text.find("\ndef Triple :").expect("the new op's record");
    let comment = &text[text[..def].rfind("\n\n").unwrap_or(0)..def];
    assert!(
        comment.contains("// properties: since 1.10 wave"),
        "the flag is named in the comment before the record: {comment}"
    );

    let Some(json) = tblgen::dump(&out.join(llvm::DXIL_TD), &[out]) else {
        return;
    };
    let ops = tblgen::ops(&json);
    let new = ops
        .iter()
        .find(|o| o.name == "Triple")
        .expect("TableGen reads the new op's record");
    let expected = TdOp {
        name: "Triple".to_owned(),
        opcode: next as u64,
        class: "roundTripTriple".to_owned(),
        result: "OverloadTy".to_owned(),
        arguments: vec!["OverloadTy".to_owned(), "Int8Ty".to_owned()],
        overloads: vec![entry("1.10", &["HalfTy", "FloatTy"])],
        stages: vec![entry("1.10", &["pixel", "compute"])],
        attributes: vec![entry("1.10", &["ReadNone"])],
        intrinsics: vec![tblgen::Select {
            intrinsic: "int_dx_round_trip_triple".to_owned(),
            args: None,
        }],
    };
    assert_eq!(*new, expected);
    assert_eq!(
        json["Triple"]["Doc"].as_str(),
        Some(DOC),
        "the doc, escaped for TableGen"
    );
    // (1.9 adds vectors, which the schema cannot say: no entry of its own)
    let cos = ops.iter().find(|o| o.opcode == 12).expect("Cos");
    assert_eq!(
        cos.overloads,
        [
            entry("1.0", &["HalfTy", "FloatTy"]),
            entry("1.10", &["HalfTy", "FloatTy", "DoubleTy"]),
        ]
    );
    assert!(
        tblgen::intrinsic_names(&json).contains(&"llvm.dx.round.trip.triple".to_owned()),
        "the companion file declares the new intrinsic"
    );
}
