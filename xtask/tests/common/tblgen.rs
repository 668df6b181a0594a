//! Reading a DXIL.td with LLVM 14's TableGen (`llvm-tblgen-14 --dump-json`, or the tool
//! `LLVM_TBLGEN` names, with LLVM's include files from `LLVM_INCLUDE`, by default
//! `/usr/lib/llvm-14/include`), and its `DXILOp` records as the facts file
//! `dxil-db/tests/llvm/dxil-td.toml` writes them.
//!
//! Without the tool or the include files the tests skip, unless `DXIL_REQUIRE_LLVM_AS` is set
//! (CI sets it): then they fail.

#![allow(clippy::panic)] // a test fails by panicking

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde::Deserialize;
use serde_json::Value;

/// A DXILOp record, field by field: names of records, as LLVM spells them.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct TdOp {
    pub name: String,
    pub opcode: u64,
    pub class: String,
    pub result: String,
    pub arguments: Vec<String>,
    #[serde(default)]
    pub overloads: Vec<Entry>,
    pub stages: Vec<Entry>,
    #[serde(default)]
    pub attributes: Vec<Entry>,
    #[serde(default)]
    pub intrinsics: Vec<Select>,
}

/// An entry of a versioned list: `Overloads`, `Stages` or `Attributes`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// The DXIL version, `1.6`.
    pub since: String,
    #[serde(alias = "types", alias = "stages", alias = "attributes")]
    pub items: Vec<String>,
}

/// An `IntrinSelect`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(deny_unknown_fields)]
pub struct Select {
    pub intrinsic: String,
    pub args: Option<Vec<Arg>>,
}

/// An argument selection: `{ arg = N }`, `{ i8 = V }` or `{ i32 = V }`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(deny_unknown_fields)]
pub struct Arg {
    pub arg: Option<i64>,
    pub i8: Option<i64>,
    pub i32: Option<i64>,
}

/// The facts file.
#[derive(Deserialize)]
pub struct Facts {
    pub source: FactsSource,
    pub op: Vec<TdOp>,
}

/// Where the facts come from.
#[derive(Deserialize)]
pub struct FactsSource {
    pub repository: String,
    pub commit: String,
    pub ops: usize,
    #[serde(flatten)]
    pub other: BTreeMap<String, toml::Value>,
}

/// The facts of LLVM's DXIL.td.
pub fn facts() -> Facts {
    let path = super::root().join("dxil-db/tests/llvm/dxil-td.toml");
    let text = std::fs::read_to_string(&path).expect("the facts file");
    toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn required() -> bool {
    std::env::var_os("DXIL_REQUIRE_LLVM_AS").is_some()
}

/// LLVM 14's include folder, if it has `llvm/IR/Intrinsics.td`.
pub fn llvm_include() -> Option<PathBuf> {
    let dir = PathBuf::from(
        std::env::var("LLVM_INCLUDE").unwrap_or_else(|_| "/usr/lib/llvm-14/include".to_owned()),
    );
    if dir.join("llvm/IR/Intrinsics.td").is_file() {
        return Some(dir);
    }
    assert!(
        !required(),
        "{} has no llvm/IR/Intrinsics.td, and DXIL_REQUIRE_LLVM_AS is set (install llvm-14-dev, or set LLVM_INCLUDE)",
        dir.display()
    );
    eprintln!(
        "skipping: {} has no llvm/IR/Intrinsics.td (llvm-14-dev)",
        dir.display()
    );
    None
}

/// `--dump-json` of `file`, with the folders `includes` searched before LLVM's include folder;
/// `None` when the tool or LLVM's include files are missing (and not required). A file TableGen
/// rejects fails the test with its messages.
pub fn dump(file: &Path, includes: &[&Path]) -> Option<Value> {
    let include = llvm_include()?;
    let tool = std::env::var("LLVM_TBLGEN").unwrap_or_else(|_| "llvm-tblgen-14".to_owned());
    let mut cmd = Command::new(&tool);
    cmd.arg("--dump-json");
    for i in includes.iter().copied().chain([include.as_path()]) {
        cmd.arg("-I").arg(i);
    }
    let out = match cmd.arg(file).output() {
        Ok(o) => o,
        Err(e) => {
            assert!(
                !required(),
                "{tool} is required (DXIL_REQUIRE_LLVM_AS is set) but cannot run: {e}"
            );
            eprintln!("skipping: {tool} not available ({e})");
            return None;
        }
    };
    assert!(
        out.status.success(),
        "{tool} rejects {}:\n{}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    Some(serde_json::from_slice(&out.stdout).expect("TableGen's JSON"))
}

/// The name of the record a field refers to.
fn def(v: &Value) -> String {
    v["def"].as_str().unwrap_or_default().to_owned()
}

/// The records a list field refers to.
fn defs(v: &Value) -> Vec<String> {
    v.as_array().into_iter().flatten().map(def).collect()
}

/// The `DXILOp` records of a dump, by opcode.
pub fn ops(json: &Value) -> Vec<TdOp> {
    let record = |name: &str| &json[name];
    let entries = |v: &Value, field: &str| -> Vec<Entry> {
        v.as_array()
            .into_iter()
            .flatten()
            .map(|e| {
                let e = record(&def(e));
                let ver = record(&def(&e["dxil_version"]));
                Entry {
                    since: format!("{}.{}", ver["Major"], ver["Minor"]),
                    items: defs(&e[field]),
                }
            })
            .collect()
    };
    let names = json["!instanceof"]["DXILOp"]
        .as_array()
        .expect("DXILOp records");
    let mut out: Vec<TdOp> = names
        .iter()
        .map(|n| {
            let name = n.as_str().unwrap_or_default();
            let r = record(name);
            let intrinsics = r["intrinsics"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|s| {
                    let s = record(&def(s));
                    let args: Vec<Arg> = s["arg_selects"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(|a| {
                            let a = record(&def(a));
                            let value = a["value"].as_i64();
                            let kind = def(&a["type"]);
                            Arg {
                                arg: value.filter(|_| kind == "IntrinArgSelect_Index"),
                                i8: value.filter(|_| kind == "IntrinArgSelect_I8"),
                                i32: value.filter(|_| kind == "IntrinArgSelect_I32"),
                            }
                        })
                        .collect();
                    Select {
                        intrinsic: def(&s["intrinsic"]),
                        args: (!args.is_empty()).then_some(args),
                    }
                })
                .collect();
            TdOp {
                name: name.to_owned(),
                opcode: r["OpCode"].as_u64().expect("an opcode"),
                class: def(&r["OpClass"]),
                result: def(&r["result"]),
                arguments: defs(&r["arguments"]),
                overloads: entries(&r["overloads"], "overload_types"),
                stages: entries(&r["stages"], "shader_stages"),
                attributes: entries(&r["attributes"], "fn_attrs"),
                intrinsics,
            }
        })
        .collect();
    out.sort_by_key(|o| o.opcode);
    out
}

/// The LLVM names of the intrinsics a dump declares.
pub fn intrinsic_names(json: &Value) -> Vec<String> {
    let names = json["!instanceof"]["Intrinsic"]
        .as_array()
        .expect("Intrinsic records");
    names
        .iter()
        .filter_map(|n| n.as_str())
        .map(|n| match json[n]["LLVMName"].as_str() {
            Some(l) if !l.is_empty() => l.to_owned(),
            _ => format!("llvm.{}", n.trim_start_matches("int_").replace('_', ".")),
        })
        .collect()
}
