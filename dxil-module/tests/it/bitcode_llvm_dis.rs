//! The bitcode decoder against `llvm-dis-14`: every bitstream of the binary corpus (the
//! `DXIL` part of each of its containers, and their `ILDB` and `STAT` parts) decoded and
//! printed, compared with what `llvm-dis-14` prints of the same bitcode.
//!
//! Every line that calls a `dx.op` function must be the same in every `DXIL` part (numbers of
//! attribute groups `#N` and metadata `!N` are compared apart from the rest of the line only
//! where they differ, and then only that each side numbers consistently); the whole text is
//! compared too, and the files whose whole text differs are listed with their first
//! difference and must be among those known to differ by LLVM 14's upgrades. Our text of every
//! bitstream must read back (the text reader) into a module that prints the same text.
//!
//! Skipped without `../shared` (unless `DXIL_REQUIRE_SHARED` is set) or without `llvm-dis-14`
//! (unless `DXIL_REQUIRE_LLVM_AS` is set).

#![allow(clippy::panic)]

use crate::common;
use crate::corpus;
use crate::dis_lines;

use dis_lines::{compare_calls, llvm14_upgrade};

use dxil_module::bitcode;
use dxil_module::text::{self, PrintOptions};

/// What `llvm-dis` calls a module it reads from its standard input.
const STDIN: &str = "<stdin>";

/// The text our printer gives of decoded bitcode, named as `llvm-dis - ` names it.
fn ours(bc: &[u8]) -> Result<String, String> {
    let mut m = bitcode::decode(bc).map_err(|e| e.to_string())?;
    m.source_filename = Some(STDIN.to_owned());
    Ok(printed(&m))
}

/// The text of `m`, named as `llvm-dis - ` names a module.
fn printed(m: &dxil_module::model::Module) -> String {
    text::print(
        m,
        &PrintOptions {
            module_id: Some(STDIN.to_owned()),
        },
    )
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[dxil_test_data::needs(tool = "llvm-dis-14")]
#[test]
fn decoded_corpus_prints_as_llvm_dis_14() {
    let Some(streams) = corpus::corpus_bitcode() else {
        return;
    };
    let streams = streams.expect("corpus containers read");
    let mut whole_same = 0;
    let mut reads_back = 0;
    let mut dxil_parts = 0;
    let mut calls_same = 0;
    let mut calls_total = 0;
    let mut call_failures = Vec::new();
    let mut text_differences = Vec::new();
    for s in &streams {
        let name = s.name();
        let Some(dis) = common::llvm_dis(&s.bitcode) else {
            return;
        };
        let dis = dis.unwrap_or_else(|e| panic!("llvm-dis-14 refuses {name}: {e}"));
        let dis = String::from_utf8(dis).expect("llvm-dis prints UTF-8");
        let got = match ours(&s.bitcode) {
            Ok(t) => t,
            Err(e) => {
                call_failures.push(format!("{name}: not decoded: {e}"));
                continue;
            }
        };
        // what we print, our reader reads back into a module printed the same
        match text::parse(got.as_bytes()) {
            Ok(m) if printed(&m) == got => reads_back += 1,
            Ok(m) => call_failures.push(format!(
                "{name}: our text read back prints differently: {}",
                common::first_difference(&got, &printed(&m))
            )),
            Err(e) => call_failures.push(format!("{name}: our text does not read back: {e}")),
        }
        if got == dis {
            whole_same += 1;
        } else {
            let diff = common::first_difference(&dis, &got);
            match llvm14_upgrade(&dis, &got, &s.part) {
                Some(why) => text_differences.push(format!("{name}: {why}; {diff}")),
                None => call_failures.push(format!("{name}: the text differs: {diff}")),
            }
        }
        let is_dxil = &s.part == b"DXIL";
        dxil_parts += usize::from(is_dxil);
        match compare_calls(&dis, &got) {
            Ok(n) => {
                calls_total += n;
                calls_same += usize::from(is_dxil);
            }
            Err(e) => call_failures.push(format!("{name}: {e}")),
        }
    }
    eprintln!(
        "{whole_same}/{} bitstreams print exactly as llvm-dis-14; the dx.op call lines of \
         {calls_same}/{dxil_parts} DXIL parts are the same ({calls_total} calls); {reads_back} \
         texts of ours read back into the same text",
        streams.len()
    );
    for d in &text_differences {
        eprintln!("differs by LLVM 14's upgrades: {d}");
    }
    assert!(
        call_failures.is_empty(),
        "{} failures:\n{}",
        call_failures.len(),
        call_failures.join("\n")
    );
}
