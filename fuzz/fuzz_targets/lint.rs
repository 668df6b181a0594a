//! Fuzz target `lint`: arbitrary bytes as a DXIL module in LLVM IR text. Reading and checking it
//! must return a report, never panic.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let report = dxil_lint::lint_bytes(data);
    // every diagnostic renders, and its line is within the input
    let lines = data.iter().filter(|b| **b == b'\n').count() + 1;
    for d in &report.diagnostics {
        assert!(d.line >= 1 && d.line <= lines, "line {} of {lines}", d.line);
        let _ = d.with_file("fuzz.ll").to_string();
    }
});
