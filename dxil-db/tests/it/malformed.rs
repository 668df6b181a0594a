//! The catalog of malformed databases: every `tests/malformed/NAME.toml` must fail to load with
//! exactly the diagnostics of `NAME.expected` (the `render_short` form).
//!
//! Run with `UPDATE_EXPECT=1` to rewrite the expected files from the current output, then review
//! the diff before committing it.

#![allow(clippy::panic)] // a test fails by panicking

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn catalog_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/malformed")
}

/// The cases: every `.toml` file directly in the catalog folder, sorted by name.
fn cases() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(catalog_dir())
        .expect("tests/malformed exists")
        .map(|e| e.expect("readable folder entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    out.sort();
    out
}

/// What loading a case prints: its report, or a line saying why there is none.
fn diagnostics(case: &Path) -> String {
    match dxil_db::load(case) {
        Ok(_) => "<loaded without diagnostics>\n".to_owned(),
        Err(e) => match e.report() {
            Some(r) => r.render_short(),
            None => format!("<not loaded: {e}>\n"),
        },
    }
}

/// A line diff of two texts (longest common subsequence): ` ` kept, `-` expected, `+` actual.
fn line_diff(expected: &str, actual: &str) -> String {
    let a: Vec<&str> = expected.lines().collect();
    let b: Vec<&str> = actual.lines().collect();
    let mut lcs = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut out) = (0, 0, String::new());
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            let _ = writeln!(out, "  {}", a[i]);
            (i, j) = (i + 1, j + 1);
        } else if i < a.len() && (j == b.len() || lcs[i + 1][j] >= lcs[i][j + 1]) {
            let _ = writeln!(out, "- {}", a[i]);
            i += 1;
        } else {
            let _ = writeln!(out, "+ {}", b[j]);
            j += 1;
        }
    }
    out
}

#[test]
fn every_malformed_file_reports_exactly_its_expected_diagnostics() {
    let update = std::env::var_os("UPDATE_EXPECT").is_some_and(|v| v == "1");
    let cases = cases();
    assert!(
        cases.len() >= 35,
        "the catalog has only {} cases",
        cases.len()
    );
    let mut failures = Vec::new();
    for case in &cases {
        let name = case.file_stem().and_then(|s| s.to_str()).unwrap_or("?");
        let expected_path = case.with_extension("expected");
        let actual = diagnostics(case);
        if actual.starts_with('<') {
            failures.push(format!("{name}: {}", actual.trim_end()));
            continue;
        }
        if update {
            std::fs::write(&expected_path, &actual).expect("expected file is writable");
            continue;
        }
        match std::fs::read_to_string(&expected_path) {
            Ok(expected) if expected == actual => {}
            Ok(expected) => failures.push(format!(
                "{name}: diagnostics differ (- expected, + actual):\n{}",
                line_diff(&expected, &actual)
            )),
            Err(_) => failures.push(format!(
                "{name}: no {name}.expected; run with UPDATE_EXPECT=1 to write it, then review it\nactual:\n{actual}"
            )),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} malformed cases failed:\n\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n\n")
    );
}

#[test]
fn every_expected_file_has_a_case() {
    let orphans: Vec<String> = std::fs::read_dir(catalog_dir())
        .expect("tests/malformed exists")
        .map(|e| e.expect("readable folder entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "expected"))
        .filter(|p| !p.with_extension("toml").exists())
        .map(|p| p.display().to_string())
        .collect();
    assert!(
        orphans.is_empty(),
        "expected files without a case: {orphans:?}"
    );
}

/// The shared base, with a few ops that use each of its classes (`_base/valid.toml`), has no
/// mistake of its own: every diagnostic of a case comes from the case.
#[test]
fn the_base_is_valid() {
    let path = catalog_dir().join("_base/valid.toml");
    let db = dxil_db::load(&path).unwrap_or_else(|e| panic!("the base does not load:\n{e}"));
    assert_eq!(db.ops.len(), 6);
    assert_eq!(db.classes.len(), 6);
}

#[test]
fn line_diff_marks_changed_lines() {
    let d = line_diff("a\nb\nc\n", "a\nx\nc\n");
    assert_eq!(d, "  a\n- b\n+ x\n  c\n");
}
