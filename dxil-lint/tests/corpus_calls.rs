//! Every `dx.op` call of the DXC test corpus reads as a call of its op (`dxil_ops::read`): the
//! opcode names an op, the function name is of the op's class and reads as an overload, the
//! call passes the opcode and one operand per parameter, each of its parameter's type, and a
//! constant for each immediate parameter.
//!
//! The exceptions are the calls of validator tests written to be wrong, listed by name.

use std::path::PathBuf;

use dxil_lint::Module;
use dxil_ops::TypedValue;
use dxil_ops::read::read_call;

#[path = "../../dxil-db/tests/common/shared.rs"]
mod shared;

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
];

/// Why a call cannot be read as a call of its op (`dxil_ops::read`), or `None` when it can.
fn why_not(call: &dxil_lint::module::Call<'_>) -> Option<String> {
    let operands: Vec<TypedValue<'_>> = call
        .operands
        .iter()
        .map(|o| TypedValue::new(o.ty, o.value))
        .collect();
    read_call(call.callee, &operands)
        .err()
        .map(|e| format!("`{}`: {e}", call.callee))
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
        let module = Module::parse(&text);
        for call in module.calls() {
            calls += 1;
            match why_not(&call) {
                None => mapped += 1,
                Some(why) => {
                    if WRONG_ON_PURPOSE
                        .iter()
                        .any(|(file, line, _)| *file == rel && *line == call.line)
                    {
                        seen_wrong.push((rel.clone(), call.line));
                    } else {
                        unexpected.push(format!("{rel}:{}: {why}", call.line));
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
