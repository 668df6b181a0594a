//! The bitcode decoder against `llvm-dis-14`: every bitstream of the binary corpus (the
//! `DXIL` part of each of its containers, and their `ILDB` and `STAT` parts) decoded and
//! printed, compared with what `llvm-dis-14` prints of the same bitcode.
//!
//! Every line that calls a `dx.op` function must be the same in every `DXIL` part (numbers of
//! attribute groups `#N` and metadata `!N` are compared apart from the rest of the line only
//! where they differ, and then only that each side numbers consistently); the whole text is
//! compared too, and the files whose whole text differs are listed with their first
//! difference and must be among those known to differ by LLVM 14's upgrades.
//!
//! Skipped without `../shared` (unless `DXIL_REQUIRE_SHARED` is set) or without `llvm-dis-14`
//! (unless `DXIL_REQUIRE_LLVM_AS` is set).

#![allow(clippy::panic)]

mod common;
#[path = "common/corpus.rs"]
mod corpus;

use dxil_module::bitcode;
use dxil_module::text::{self, PrintOptions};

/// What `llvm-dis` calls a module it reads from its standard input.
const STDIN: &str = "<stdin>";

/// The text our printer gives of decoded bitcode, named as `llvm-dis - ` names it.
fn ours(bc: &[u8]) -> Result<String, String> {
    let mut m = bitcode::decode(bc).map_err(|e| e.to_string())?;
    m.source_filename = Some(STDIN.to_owned());
    Ok(text::print(
        &m,
        &PrintOptions {
            module_id: Some(STDIN.to_owned()),
        },
    ))
}

/// The lines that call a `dx.op` function.
fn dx_op_calls(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| l.contains("call ") && l.contains("@dx.op."))
        .collect()
}

/// A line with its `#N` and `!N` numbers replaced by `#` and `!`, and the numbers.
fn split_numbers(line: &str) -> (String, Vec<String>) {
    let mut out = String::with_capacity(line.len());
    let mut nums = Vec::new();
    let b = line.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        out.push(c as char);
        i += 1;
        if (c == b'#' || c == b'!') && i < b.len() && b[i].is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            nums.push(format!("{}{}", c as char, &line[start..i]));
        }
    }
    (out, nums)
}

/// Whether two lists of call lines are the same up to a consistent renumbering of `#N` and
/// `!N` (a one-to-one map between the numbers of each side).
fn same_up_to_numbering(want: &[&str], got: &[&str]) -> bool {
    use std::collections::HashMap;
    if want.len() != got.len() {
        return false;
    }
    let mut there: HashMap<String, String> = HashMap::new();
    let mut back: HashMap<String, String> = HashMap::new();
    for (w, g) in want.iter().zip(got) {
        let (ws, wn) = split_numbers(w);
        let (gs, gn) = split_numbers(g);
        if ws != gs || wn.len() != gn.len() {
            return false;
        }
        for (a, b) in wn.into_iter().zip(gn) {
            if there.entry(a.clone()).or_insert_with(|| b.clone()) != &b
                || back.entry(b).or_insert_with(|| a.clone()) != &a
            {
                return false;
            }
        }
    }
    true
}

/// Why `llvm-dis-14`'s text of a bitstream may differ from the decoded module's: what LLVM 14
/// upgrades as it reads LLVM 3.7 bitcode, and the decoder keeps as written.
fn llvm14_upgrade(dis: &str, part: &[u8; 4]) -> Option<&'static str> {
    if dis.contains("@llvm.lifetime.start.p0i8(") || dis.contains("@llvm.lifetime.end.p0i8(") {
        return Some(
            "LLVM 14 renames llvm.lifetime.start/end to .p0i8, declares them last with its \
             attributes and renumbers the attribute groups",
        );
    }
    if part == b"ILDB" {
        return Some(
            "LLVM 14 upgrades LLVM 3.7's debug information (the subprogram's function becomes \
             a !dbg attachment) and the printer writes LLVM 3.7's layout of the nodes",
        );
    }
    None
}

#[test]
fn decoded_corpus_prints_as_llvm_dis_14() {
    let Some(streams) = corpus::corpus_bitcode() else {
        return;
    };
    let streams = streams.expect("corpus containers read");
    let mut whole_same = 0;
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
        if got == dis {
            whole_same += 1;
        } else {
            let diff = common::first_difference(&dis, &got);
            match llvm14_upgrade(&dis, &s.part) {
                Some(why) => text_differences.push(format!("{name}: {why}; {diff}")),
                None => call_failures.push(format!("{name}: the text differs: {diff}")),
            }
        }
        let want_calls = dx_op_calls(&dis);
        let got_calls = dx_op_calls(&got);
        let is_dxil = &s.part == b"DXIL";
        dxil_parts += usize::from(is_dxil);
        calls_total += want_calls.len();
        if want_calls == got_calls || same_up_to_numbering(&want_calls, &got_calls) {
            calls_same += usize::from(is_dxil);
        } else {
            let at = want_calls
                .iter()
                .zip(&got_calls)
                .position(|(a, b)| a != b)
                .unwrap_or(want_calls.len().min(got_calls.len()));
            call_failures.push(format!(
                "{name}: dx.op call {at} of {}/{}:\n  llvm: {}\n  ours: {}",
                want_calls.len(),
                got_calls.len(),
                want_calls.get(at).unwrap_or(&""),
                got_calls.get(at).unwrap_or(&"")
            ));
        }
    }
    eprintln!(
        "{whole_same}/{} bitstreams print exactly as llvm-dis-14; the dx.op call lines of \
         {calls_same}/{dxil_parts} DXIL parts are the same ({calls_total} calls)",
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
