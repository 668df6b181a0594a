//! `cargo xtask emit dxc` against DXC's own generator: on the DXC sources of
//! `../shared/anchors/dxc-hctgen`, the five files must be byte for byte those its `run-five.sh`
//! (hctgen.py, with python3) writes; and an op added to a copy of the database, with an
//! overload list changed, reaches all five files.
//!
//! Both need `../shared` (see `dxil-db/tests/common/shared.rs`) and skip without it unless
//! `DXIL_REQUIRE_SHARED` is set; the first also needs python3, required the same way. A third
//! test, on sources of its own, checks that bytes outside the regions stay and that mistakes
//! are errors that leave the output as it was.

#![allow(clippy::panic)] // a test fails by panicking

mod common;
#[path = "../../dxil-db/tests/common/shared.rs"]
mod shared;

use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use dxil_codegen::foreign::dxc;

/// The folder of DXC's generator and sources, when present.
fn anchor() -> Option<PathBuf> {
    let script = shared::shared_path("anchors/dxc-hctgen/run-five.sh")?;
    script.parent().map(Path::to_path_buf)
}

/// Whether python3 runs; a missing python3 fails the test when the shared data is required.
fn python3() -> bool {
    let ok = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    let required =
        std::env::var_os("DXIL_REQUIRE_SHARED").is_some_and(|v| !v.is_empty() && v != "0");
    assert!(
        ok || !required,
        "python3 does not run, and DXIL_REQUIRE_SHARED is set"
    );
    if !ok {
        let _ = writeln!(
            std::io::stderr(),
            "skipped the comparison with hctgen.py: python3 does not run"
        );
    }
    ok
}

/// A fresh folder `target/NAME`.
fn fresh(name: &str) -> PathBuf {
    let dir = common::root().join("target").join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("work folder");
    dir
}

/// Where two texts first differ: the line number and both lines.
fn first_difference(ours: &str, theirs: &str) -> String {
    let (mut a, mut b) = (ours.lines(), theirs.lines());
    for n in 1.. {
        match (a.next(), b.next()) {
            (Some(x), Some(y)) if x == y => {}
            (None, None) => return "the line breaks differ".to_owned(),
            (x, y) => {
                return format!(
                    "line {n}:\n  ours:   {}\n  hctgen: {}",
                    x.unwrap_or("<end>"),
                    y.unwrap_or("<end>")
                );
            }
        }
    }
    String::new()
}

#[test]
fn the_five_files_are_those_hctgen_writes() {
    let Some(anchor) = anchor() else {
        return;
    };
    if !python3() {
        return;
    }
    let work = fresh("emit-dxc");
    let (theirs, ours) = (work.join("hctgen"), work.join("ours"));
    let run = Command::new("sh")
        .arg(anchor.join("run-five.sh"))
        .arg(&theirs)
        .output()
        .expect("runs sh");
    assert!(
        run.status.success(),
        "run-five.sh failed:\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let (code, err) = emit(&anchor, &ours);
    assert_eq!(code, Some(0), "xtask emit dxc failed:\n{err}");
    let mut differ = Vec::new();
    for f in dxc::FILES {
        let a = fs::read(ours.join(f.name)).expect("emit wrote the file");
        let b = fs::read(theirs.join(f.name)).expect("run-five.sh wrote the file");
        if a != b {
            let detail =
                first_difference(&String::from_utf8_lossy(&a), &String::from_utf8_lossy(&b));
            differ.push(format!("{}: {detail}", f.name));
        }
    }
    assert!(
        differ.is_empty(),
        "{} of 5 files differ from hctgen.py's:\n{}",
        differ.len(),
        differ.join("\n")
    );
    let _ = fs::remove_dir_all(&work);
}

/// A new core op with a class of its own (`INDEX`: the next free index).
const NEW_OP: &str = r#"
[[ops.CoreOps]]
index = INDEX
name = "EmitDxcTriple"
class = "EmitDxcTriple"
category = "Unary float"
doc = "returns three times the input value"
introduced = "1.10"
shader_model = "6.10"
overloads = [{ since = "1.10", types = "hf" }]
stages = [{ since = "1.10", stages = ["all"] }]
attributes = [{ since = "1.10", attributes = ["readnone"] }]
result = { type = "overload", doc = "three times the input" }
params = [
  { name = "value", type = "overload", doc = "input value" },
  { name = "scale", type = "i8", immediate = true, doc = "an immediate" },
]
"#;

/// The text of file `name` of the output.
fn file<'f>(files: &'f [dxil_codegen::GeneratedFile], name: &str) -> &'f str {
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

#[test]
fn a_new_op_and_a_changed_overload_list_reach_all_five_files() {
    let Some(anchor) = anchor() else {
        return;
    };
    let work = common::database_copy("emit-dxc-round-trip");
    let core = work.join("db/ops/core.toml");
    let text = fs::read_to_string(&core).expect("db/ops/core.toml");
    let base = dxil_db::load(common::root().join("ops.toml")).expect("ops.toml loads");
    let next = base.ops.iter().filter(|o| o.table.0 == 0).count();
    // Cos gains double overloads from DXIL 1.10
    let cos = r#"overloads = [{ since = "1.0", types = "hf" }, { since = "1.9", types = "hf<hf" }]
stages = [{ since = "1.0", stages = ["all"] }]
attributes = [{ since = "1.0", attributes = ["readnone"] }]
llvm_intrinsics = [{ name = "llvm.cos" }]"#;
    assert!(text.contains(cos), "Cos's record changed; update this test");
    let edited = text.replacen(
        cos,
        &cos.replace(
            r#"types = "hf<hf" }]"#,
            r#"types = "hf<hf" }, { since = "1.10", types = "hfd<hfd" }]"#,
        ),
        1,
    );
    let record = NEW_OP.replace("INDEX", &next.to_string());
    fs::write(&core, format!("{edited}{record}")).expect("edit the copy");
    let db = dxil_db::load(work.join("ops.toml"))
        .unwrap_or_else(|e| panic!("the edited copy loads: {e}"));

    let mut texts = Vec::new();
    for f in dxc::FILES {
        if let Some(source) = f.source {
            let t = fs::read_to_string(anchor.join(source)).expect("DXC's source");
            texts.push((f.name, t));
        }
    }
    let sources: Vec<(&str, &str)> = texts.iter().map(|(n, t)| (*n, t.as_str())).collect();
    let files = dxc::emit(&db, &sources).unwrap_or_else(|e| panic!("emits: {e}"));
    let n = next.to_string();

    let ops = file(&files, "DxilOperations.cpp");
    has_line(
        "DxilOperations.cpp",
        ops,
        &[
            "OC::EmitDxcTriple,",
            "\"emitDxcTriple\",",
            "Attribute::ReadNone",
            "// Overloads: hf",
        ],
    );
    has_line(
        "DxilOperations.cpp",
        ops,
        &[
            "case OpCode::EmitDxcTriple:",
            "A(pETy);     A(pI32); A(pETy); A(pI8);  break;",
        ],
    );
    has_line(
        "DxilOperations.cpp",
        ops,
        &["OC::Cos,", "{{0x407}}", "{{0x7}}", "// Overloads: hfd<hfd"],
    );
    // GetMinShaderModelAndMask lists it with the ops of shader model 6.10
    has_line("DxilOperations.cpp", ops, &[&format!("EmitDxcTriple={n}")]);

    let constants = file(&files, "DxilConstants.h");
    has_line(
        "DxilConstants.h",
        constants,
        &[&format!(
            "EmitDxcTriple = {n}, // returns three times the input value"
        )],
    );
    has_line(
        "DxilConstants.h",
        constants,
        &[&format!(
            "NumOpCodes = {}, // exclusive last value",
            next + 1
        )],
    );
    has_line("DxilConstants.h", constants, &["  EmitDxcTriple,"]);

    let helpers = file(&files, "DxilInstructions.h");
    for parts in [
        &["struct DxilInst_EmitDxcTriple {"][..],
        &["/// This instruction returns three times the input value"],
        &["hlsl::OP::OpCode::EmitDxcTriple"],
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
        &[
            &format!("{n} "),
            "EmitDxcTriple ",
            "returns three times the input value",
        ],
    );

    let validation = file(&files, "DxilValidation.inc");
    let group = validation
        .split("// Instructions: ")
        .find(|g| g.contains(&format!("EmitDxcTriple={n}")))
        .expect("DxilValidation.inc tests the new op's profile");
    assert!(
        group.contains("return (major > 6 || (major == 6 && minor >= 10));"),
        "{group}"
    );
    let _ = fs::remove_dir_all(&work);
}

/// A DXC tree of the four sources, each holding `text` (`DXIL.rst` holding `rst`).
fn tree(dir: &Path, text: &[u8], rst: &[u8]) {
    for f in dxc::FILES {
        if let Some(source) = f.source {
            let path = dir.join(source);
            fs::create_dir_all(path.parent().expect("a folder")).expect("folders");
            fs::write(&path, if f.name == "DXIL.rst" { rst } else { text }).expect("write");
        }
    }
}

/// Runs `xtask emit dxc` on `input`: exit code and stderr.
fn emit(input: &Path, output: &Path) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["emit", "dxc", "--input"])
        .arg(input)
        .arg("--output")
        .arg(output)
        .output()
        .expect("runs xtask");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn bytes_outside_regions_stay_and_mistakes_are_errors() {
    let work = fresh("emit-dxc-errors");
    let (input, output) = (work.join("dxc"), work.join("out"));
    // no regions: every byte stays, CRLF and all
    let plain = b"// no generated region here\r\n\tkeep\xc3\xa9 this\n";
    tree(&input, plain, plain);
    let (code, err) = emit(&input, &output);
    assert_eq!(code, Some(0), "{err}");
    for f in dxc::FILES.iter().filter(|f| f.source.is_some()) {
        assert_eq!(fs::read(output.join(f.name)).expect("written"), plain);
    }
    assert!(output.join("DxilValidation.inc").exists());

    // each mistake stops the run with a message naming it, and the output is left as it was
    let directive =
        |call: &str| format!(".. <py::lines('X')>{call}</py>\n.. X:BEGIN\n.. X:END\n").into_bytes();
    let cases: [(&[u8], &[u8], &str); 4] = [
        (
            plain,
            &directive("hctdb_instrhelp.get_no_such_table()"),
            "DXIL.rst:1: no generator `get_no_such_table`",
        ),
        (
            plain,
            &directive("hctdb_instrhelp.get_enum_decl(\"NoSuchEnum\")"),
            "DXIL.rst:1: no enumeration `NoSuchEnum`",
        ),
        (
            plain,
            b".. <py::lines('X')>hctdb_instrhelp.get_valrules_rst()</py>\n.. X:BEGIN\n",
            "DXIL.rst:1: no `X:END` follows `X:BEGIN`",
        ),
        (b"\xff\xfe", plain, "is not UTF-8 (byte 0"),
    ];
    for (text, rst, message) in cases {
        tree(&input, text, rst);
        let (code, err) = emit(&input, &output);
        assert_eq!(code, Some(2), "{message}: {err}");
        assert!(err.contains(message), "expected `{message}` in:\n{err}");
        assert_eq!(fs::read(output.join("DXIL.rst")).expect("kept"), plain);
    }
    tree(&input, plain, plain);
    fs::remove_file(input.join("docs/DXIL.rst")).expect("remove");
    let (code, err) = emit(&input, &output);
    assert_eq!(code, Some(2));
    assert!(err.contains("docs/DXIL.rst"), "{err}");
    let _ = fs::remove_dir_all(&work);
}
