//! The printer and the reader against `llvm-dis-14`: for the bitcode of every DXIL container
//! of the corpus (`../shared/corpus/dxil-bin`), the text `llvm-dis-14` prints, read by our
//! reader and printed by our printer, is the same text, byte for byte.
//!
//! Skipped without `../shared` (unless `DXIL_REQUIRE_SHARED` is set) or without `llvm-dis-14`
//! (unless `DXIL_REQUIRE_LLVM_AS` is set).

#![allow(clippy::panic)]

use crate::common;
use crate::shared;

use dxil_module::text::{self, PrintOptions};

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[dxil_test_data::needs(tool = "llvm-dis-14")]
#[test]
fn llvm_dis_text_reads_and_prints_back_unchanged() {
    let Some(dir) = shared::shared_path("corpus/dxil-bin") else {
        return;
    };
    let files = common::files(&dir, "dxil");
    assert!(!files.is_empty(), "no containers in {}", dir.display());
    let mut same = 0;
    let mut failures = Vec::new();
    for f in &files {
        let data = std::fs::read(f).expect("readable");
        let bitcode = common::dxil_bitcode(&data).expect("a DXIL part");
        let Some(dis) = common::llvm_dis(bitcode) else {
            return;
        };
        let dis = dis.unwrap_or_else(|e| panic!("llvm-dis-14 refuses {}: {e}", f.display()));
        let dis = String::from_utf8(dis).expect("llvm-dis prints UTF-8");
        let module = match text::parse(dis.as_bytes()) {
            Ok(m) => m,
            Err(e) => {
                failures.push(format!("{}: {e}", f.display()));
                continue;
            }
        };
        let id = dis
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("; ModuleID = '"))
            .and_then(|l| l.strip_suffix('\''))
            .map(str::to_owned);
        let ours = text::print(&module, &PrintOptions { module_id: id });
        if ours == dis {
            same += 1;
        } else {
            failures.push(format!(
                "{}: {}",
                f.display(),
                common::first_difference(&dis, &ours)
            ));
        }
    }
    eprintln!("{same}/{} containers print back unchanged", files.len());
    assert!(
        failures.is_empty(),
        "{} of {} differ:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}
