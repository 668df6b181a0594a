//! `dxil dis` against `llvm-dis-14` over the binary corpus: each container of
//! `../shared/corpus/dxil-bin` printed by `dxil dis`, and its bitcode (what `find_bitcode`
//! finds) printed by `llvm-dis-14`. Every `dx.op` call line must be the same in every file;
//! the whole texts are compared too, and a file whose text differs must differ by what LLVM 14
//! upgrades as it reads (the list of `dxil-module/tests/it/bitcode_llvm_dis.rs`). The
//! containers `DXIL_MORE_CONTAINERS` names are compared too ([`shared::more_containers`]).
//!
//! Skipped without `../shared` (unless `DXIL_REQUIRE_SHARED` is set) or without `llvm-dis-14`
//! (unless `DXIL_REQUIRE_LLVM_AS` is set).

#![allow(clippy::panic)]

use std::path::Path;
use std::process::Command;

use dxil_module::container::find_bitcode;

use crate::corpus;
use crate::dis_lines;
use crate::module_common as common;
use crate::shared;

/// What `llvm-dis` calls a module it reads from its standard input.
const STDIN: &str = "<stdin>";

/// `dxil dis FILE`'s text, its module named as `llvm-dis -` names it.
fn dis(file: &Path) -> Result<String, String> {
    let out = Command::new(env!("CARGO_BIN_EXE_dxil"))
        .arg("dis")
        .arg(file)
        .output()
        .expect("dxil runs");
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    let text = String::from_utf8(out.stdout).map_err(|e| e.to_string())?;
    let name = file.display().to_string();
    let (head, rest) = text.split_at(text.match_indices('\n').nth(1).map_or(0, |(i, _)| i));
    Ok(head.replace(&name, STDIN) + rest)
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[dxil_test_data::needs(tool = "llvm-dis-14")]
#[test]
fn dis_prints_the_corpus_as_llvm_dis_14() {
    let Some(files) = corpus::corpus_files() else {
        return;
    };
    let more = shared::more_containers();
    let mut calls_equal = 0;
    let mut whole_equal = 0;
    let mut failures = Vec::new();
    let mut upgrades = Vec::new();
    for file in files.iter().chain(&more) {
        let name = corpus::short(file);
        let bytes = std::fs::read(file).expect("read corpus file");
        let bitcode = find_bitcode(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        let Some(llvm) = common::llvm_dis(bitcode.bytes) else {
            return;
        };
        let llvm = llvm.unwrap_or_else(|e| panic!("llvm-dis-14 refuses {name}: {e}"));
        let llvm = String::from_utf8(llvm).expect("llvm-dis prints UTF-8");
        let ours = match dis(file) {
            Ok(t) => t,
            Err(e) => {
                failures.push(format!("{name}: dxil dis fails: {e}"));
                continue;
            }
        };
        match dis_lines::compare_calls(&llvm, &ours) {
            Ok(_) => calls_equal += 1,
            Err(e) => failures.push(format!("{name}: {e}")),
        }
        if ours == llvm {
            whole_equal += 1;
        } else {
            let diff = common::first_difference(&llvm, &ours);
            match dis_lines::llvm14_upgrade(&llvm, &ours, b"DXIL") {
                Some(why) => upgrades.push(format!("{name}: {why}; {diff}")),
                None => failures.push(format!("{name}: the text differs: {diff}")),
            }
        }
    }
    let n = files.len() + more.len();
    eprintln!("{calls_equal}/{n} files: dx.op lines equal; {whole_equal}/{n} whole text equal");
    if !more.is_empty() {
        eprintln!(
            "({} of them the corpus's, {} from DXIL_MORE_CONTAINERS)",
            files.len(),
            more.len()
        );
    }
    for u in &upgrades {
        eprintln!("differs by LLVM 14's upgrades: {u}");
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
