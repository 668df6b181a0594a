//! Own invalid (and valid) inputs: every `tests/cases/NAME.ll` is checked and the output — one
//! line per diagnostic, `NAME.ll:LINE: RULE-CODE: message`, then
//! `N calls checked in 1 files, K diagnostics`, as `cargo xtask lint` prints it — must equal
//! `tests/cases/NAME.expected` exactly. Each input says in its first lines what it tests.
//!
//! The number of core opcodes, which DXC's message for an unknown opcode quotes (`[0..312]`), is
//! written `[0..{core opcodes}]` in the expected files, so that adding an op changes no case.
//!
//! After a deliberate change of messages, `DXIL_LINT_BLESS=1 cargo test -p dxil-lint --test
//! it cases::` rewrites the expected files; review the diff.

use std::path::{Path, PathBuf};

fn cases() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases")
}

/// What `cargo xtask lint NAME.ll` prints for one file, with the number of core opcodes
/// written as a placeholder.
fn output(name: &str, text: &str) -> String {
    let report = dxil_lint::lint(text);
    let core = dxil_ops::Op::ALL
        .iter()
        .filter(|o| o.info().table.id == 0)
        .count();
    let count = format!("[0..{core}]");
    let mut out = String::new();
    for d in &report.diagnostics {
        out.push_str(
            &d.with_file(name)
                .to_string()
                .replace(&count, "[0..{core opcodes}]"),
        );
        out.push('\n');
    }
    out.push_str(&format!(
        "{} calls checked in 1 files, {} diagnostics\n",
        report.calls,
        report.diagnostics.len()
    ));
    out
}

#[test]
fn own_cases_give_the_expected_diagnostics() {
    let bless = std::env::var_os("DXIL_LINT_BLESS").is_some();
    let inputs = dxil_lint::ll_files(&cases()).expect("tests/cases exists");
    assert!(inputs.len() >= 15, "only {} cases", inputs.len());
    let mut failures = Vec::new();
    let (mut diagnostics, mut clean) = (0usize, 0usize);
    for input in &inputs {
        let name = input
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let text = std::fs::read_to_string(input).expect("case is UTF-8");
        let got = output(&name, &text);
        let expected_path = input.with_extension("expected");
        if bless {
            std::fs::write(&expected_path, &got).expect("expected file is writable");
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        let n = got.lines().count() - 1;
        diagnostics += n;
        clean += usize::from(n == 0);
        if got != expected {
            failures.push(format!("{name}:\n--- expected\n{expected}--- got\n{got}"));
        }
    }
    println!(
        "{} own cases: {} with no diagnostic, {diagnostics} diagnostics in the others",
        inputs.len(),
        clean
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every constraint of the database by name, with its kind's name.
fn constraint_kinds() -> std::collections::BTreeMap<&'static str, &'static str> {
    dxil_ops::Op::ALL
        .iter()
        .flat_map(|op| dxil_ops::constraint::of(*op))
        .map(|u| (u.constraint.name, u.constraint.kind.name()))
        .collect()
}

#[test]
fn every_constraint_kind_is_reported_by_some_case() {
    let kinds = constraint_kinds();
    let mut seen = std::collections::BTreeSet::new();
    for input in dxil_lint::ll_files(&cases()).expect("tests/cases exists") {
        let text = std::fs::read_to_string(&input).expect("case is UTF-8");
        for d in dxil_lint::lint(&text).diagnostics {
            if let Some(kind) = d.constraint.and_then(|c| kinds.get(c)) {
                seen.insert(*kind);
            }
        }
    }
    let all: std::collections::BTreeSet<&str> = kinds.values().copied().collect();
    let missing: Vec<&&str> = all.difference(&seen).collect();
    println!(
        "{} of {} constraint kinds reported by the cases",
        seen.len(),
        all.len()
    );
    assert!(
        missing.is_empty(),
        "constraint kinds no case violates: {missing:?}"
    );
}
