//! Every `dx.op` call of the DXC test corpus reads as a call of its op (`dxil_ops::read`): the
//! opcode names an op, the function name is of the op's class and reads as an overload, the
//! call passes the opcode and one operand per parameter, each of its parameter's type, and a
//! constant for each immediate parameter.
//!
//! The exceptions are the calls of validator tests written to be wrong, listed by name.

use std::path::PathBuf;

use dxil_module::dxop::{DxOpCall, DxOpCalls};

use crate::shared;

/// The DXC test corpus, or `None` (the test skips) when the shared data is missing.
fn corpus() -> Option<PathBuf> {
    shared::shared_path("corpus/dxc")
}

/// Calls written to be wrong: (file, line, why).
const WRONG_ON_PURPOSE: &[(&str, usize, &str)] = &[
    (
        "tools/clang/test/CodeGenHLSL/container/abs2_m.ll",
        54,
        "validator test: opcode 3 (MinPrecXRegStore) called through dx.op.loadInput.i32",
    ),
    (
        "tools/clang/test/HLSLFileCheck/validation/abs2_m.ll",
        54,
        "validator test: opcode 3 (MinPrecXRegStore) called through dx.op.loadInput.i32",
    ),
    (
        "tools/clang/test/HLSLFileCheck/hlsl/workgraph/invalid_barrier_1.ll",
        21,
        "validator test: memory type flags 16, not a MemoryTypeFlag",
    ),
    (
        "tools/clang/test/HLSLFileCheck/hlsl/workgraph/invalid_barrier_12.ll",
        22,
        "validator test: memory type flags 18, not a MemoryTypeFlag",
    ),
];

/// Why a call cannot be read as a call of its op (`dxil_ops::read`), or `None` when it can.
fn why_not(call: &DxOpCall<'_>) -> Option<String> {
    let mut buf = Vec::new();
    call.read(&mut buf)
        .err()
        .map(|e| format!("`{}`: {e}", call.name))
}

#[dxil_test_data::needs(shared = "corpus/dxc")]
#[test]
fn every_corpus_call_maps_to_op_class_and_overload() {
    let Some(corpus) = corpus() else {
        return;
    };
    let files = dxil_lint::ll_files(&corpus).unwrap_or_default();
    assert!(
        files.len() >= 85,
        "corpus not found at {}",
        corpus.display()
    );
    let (mut calls, mut mapped) = (0, 0);
    let mut unexpected = Vec::new();
    let mut seen_wrong = Vec::new();
    for f in &files {
        let rel = f.strip_prefix(&corpus).unwrap_or(f).display().to_string();
        let text = std::fs::read_to_string(f).expect("corpus file is readable");
        let lenient = dxil_module::text::parse_lenient(text.as_bytes());
        let calls_of = DxOpCalls::new(&lenient.module).with_undefined(&lenient.undefined);
        for call in calls_of.iter() {
            let line = call.line as usize;
            calls += 1;
            match why_not(&call) {
                None => mapped += 1,
                Some(why) => {
                    if WRONG_ON_PURPOSE
                        .iter()
                        .any(|(file, l, _)| *file == rel && *l == line)
                    {
                        seen_wrong.push((rel.clone(), line));
                    } else {
                        unexpected.push(format!("{rel}:{line}: {why}"));
                    }
                }
            }
        }
    }
    println!(
        "{mapped}/{calls} corpus calls read as calls of their op; {} written wrong on purpose",
        seen_wrong.len()
    );
    assert!(
        unexpected.is_empty(),
        "calls that do not map:\n{}",
        unexpected.join("\n")
    );
    assert_eq!(
        seen_wrong.len(),
        WRONG_ON_PURPOSE.len(),
        "listed exceptions not found"
    );
    assert!(calls > 500, "only {calls} calls found");
}
