//! The examples of `dxil-ops` checked end to end: the modules `emit_compute` and `emit_pixel`
//! print are valid LLVM IR (`llvm-as-14`, required when `DXIL_REQUIRE_LLVM_AS=1`) and the
//! linter finds nothing wrong with them.

#![allow(clippy::panic)] // a test fails by panicking

use crate::llvm_as::assemble;

#[path = "../../dxil-ops/examples/emit_compute/shader.rs"]
mod emit_compute;
#[path = "../../dxil-ops/examples/emit_pixel.rs"]
mod emit_pixel;

use dxil_ops::DxilVersion;

/// The versions `emit_pixel` is checked at: handles from `createHandle` and from bindings.
const PIXEL_VERSIONS: [DxilVersion; 2] = [DxilVersion::new(1, 0), DxilVersion::new(1, 6)];

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

#[test]
fn emit_pixel_lints_clean() {
    for v in PIXEL_VERSIONS {
        let text = emit_pixel::pixel_shader(v).unwrap_or_else(|e| panic!("{e}"));
        let report = dxil_lint::lint(&text);
        assert!(report.calls >= 9, "{} dx.op calls at {v}", report.calls);
        assert!(
            report.diagnostics.is_empty(),
            "{:#?}\n{text}",
            report.diagnostics
        );
        for named in [
            "!dx.resources = ",
            "!dx.entryPoints = ",
            "!dx.shaderModel = ",
        ] {
            assert!(text.contains(named), "{named} missing at {v}:\n{text}");
        }
    }
}

#[dxil_test_data::needs(llvm_as)]
#[test]
fn emit_pixel_assembles() {
    for v in PIXEL_VERSIONS {
        let text = emit_pixel::pixel_shader(v).unwrap_or_else(|e| panic!("{e}"));
        if let Some(r) = assemble(&text) {
            r.unwrap_or_else(|e| panic!("llvm-as rejects the example at {v}: {e}\n{text}"));
        }
    }
}
