//! The examples of `dxil-ops` checked end to end: the module `emit_compute` prints is valid
//! LLVM IR (`llvm-as-14`, required when `DXIL_REQUIRE_LLVM_AS=1`) and the linter finds nothing
//! wrong with its `dx.op` calls.

#![allow(clippy::panic)] // a test fails by panicking

use crate::llvm_as::assemble;

#[path = "../../dxil-ops/examples/emit_compute/shader.rs"]
mod emit_compute;

#[test]
fn emit_compute_lints_clean() {
    let text = emit_compute::compute_shader().unwrap_or_else(|e| panic!("{e}"));
    let report = dxil_lint::lint(&text);
    assert!(
        report.calls >= 8,
        "{} dx.op calls; the example makes at least 8",
        report.calls
    );
    assert!(
        report.diagnostics.is_empty(),
        "{:#?}\n{text}",
        report.diagnostics
    );
    assert!(text.contains("\n!dx.version = !{!0}\n") && text.contains("!{!\"cs\", i32 6, i32 6}"));
}

#[dxil_test_data::needs(llvm_as)]
#[test]
fn emit_compute_assembles() {
    let text = emit_compute::compute_shader().unwrap_or_else(|e| panic!("{e}"));
    if let Some(r) = assemble(&text) {
        r.unwrap_or_else(|e| panic!("llvm-as rejects the example: {e}\n{text}"));
    }
}
