//! Every `declare ... @dx.op.*` line of the DXC test corpus (`../shared/corpus/dxc`) equals the
//! declaration dxil-ops makes from the function name alone (attribute groups aside).

use std::path::{Path, PathBuf};

use dxil_ops::{Precision, Signature};

use crate::shared;

/// The DXC test corpus, or `None` (the test skips) when the shared data is missing.
fn corpus() -> Option<PathBuf> {
    shared::shared_path("corpus/dxc")
}

fn ll_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            ll_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "ll") {
            out.push(p);
        }
    }
}

/// The declaration without its attribute-group reference (`#0`) or inline attributes.
fn strip_attributes(line: &str) -> &str {
    match line.rfind(')') {
        Some(i) => &line[..=i],
        None => line,
    }
}

/// The function name of a declaration line, unquoted.
fn function_name(line: &str) -> Option<&str> {
    let at = line.find("@dx.op.").or_else(|| line.find("@\"dx.op."))?;
    let rest = &line[at + 1..];
    if let Some(q) = rest.strip_prefix('"') {
        return q.find('"').map(|e| &q[..e]);
    }
    rest.find('(').map(|e| &rest[..e])
}

#[dxil_test_data::needs(shared = "corpus/dxc")]
#[test]
fn corpus_declarations_match() {
    let Some(corpus) = corpus() else {
        return;
    };
    let mut files = Vec::new();
    ll_files(&corpus, &mut files);
    files.sort();
    assert!(
        files.len() >= 85,
        "corpus not found at {}",
        corpus.display()
    );
    let mut checked = 0;
    let mut failures = Vec::new();
    // well-formed functions whose overload no op allows (hand-written pass-test inputs)
    let mut not_allowed = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("corpus file is readable");
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if !line.starts_with("declare ")
                || !line.contains("@dx.op.") && !line.contains("@\"dx.op.")
            {
                continue;
            }
            let Some(name) = function_name(line) else {
                continue;
            };
            let want = strip_attributes(line);
            if dxil_ops::parse_function_name(name).is_err() {
                not_allowed.push(name.to_owned());
            }
            let parsed = dxil_ops::parse_function_name_lenient(name);
            let ok = parsed.is_ok_and(|p| {
                [Precision::Native, Precision::Min].iter().any(|&prec| {
                    Signature::of(p, prec).is_ok_and(|s| s.declaration().to_string() == want)
                })
            });
            checked += 1;
            if !ok {
                let ours = dxil_ops::parse_function_name_lenient(name)
                    .map_err(|e| e.to_string())
                    .and_then(|p| {
                        Signature::of(p, Precision::Native)
                            .map(|s| s.declaration().to_string())
                            .map_err(|e| e.to_string())
                    });
                failures.push(format!(
                    "{}:{}\n  corpus: {want}\n  ours:   {}",
                    f.strip_prefix(&corpus).unwrap_or(f).display(),
                    n + 1,
                    ours.unwrap_or_else(|e| format!("error: {e}"))
                ));
            }
        }
    }
    println!(
        "{}/{checked} corpus declarations match",
        checked - failures.len()
    );
    not_allowed.sort();
    not_allowed.dedup();
    // `tools/clang/test/HLSLFileCheck/passes/hl/sccp/bfi.ll` declares the i64 overload of the
    // quaternary class, which Bfi (its only op) does not allow: an input of a constant-folding
    // pass test, not valid DXIL. It is still a well-formed function.
    assert_eq!(
        not_allowed,
        ["dx.op.quaternary.i64"],
        "overloads no op allows"
    );
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(checked >= 280, "only {checked} declarations found");
}
