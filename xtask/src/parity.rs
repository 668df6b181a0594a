//! `cargo xtask parity DIR`: how many of the error messages DXC's validator tests expect the
//! lint reproduces, and what it prints on the tests DXC's validator accepts.
//!
//! DIR holds DXC's validator tests (`.ll` files with `RUN` and `CHECK` lines, e.g. copies of
//! DXC's `tools/clang/test/LitDXILValidation`); nothing of them is in this repository.
//!
//! - A file is a validator test when a `RUN` line runs the validator (`%dxv`, `dxv`, `dxil-val`,
//!   or `%dxc ... -validate`). Files whose name is also a file of `--corpus` (default
//!   `../shared/corpus/dxc`, the project's own corpus) are left out.
//! - Expected messages: every `CHECK`, `CHECK-NEXT`, `CHECK-DAG`, `CHECK-SAME` or `CHECK-LABEL`
//!   line (not `CHECK-NOT`) with `error:`; the message is the text after the last `error:`,
//!   without a leading `Function: NAME:`. Notes, `Validation failed/succeeded.` and the generic
//!   `validation errors` are not messages. A `CHECK` line without `error:` counts when it is the
//!   message of a validation rule (templates with at least 12 literal characters).
//! - A file expects errors when its `RUN` line is `not %dxv ...` or it has expected messages; the
//!   other validator tests are accepted by DXC.
//! - A diagnostic reproduces an expected message when, both lower-cased with white space
//!   collapsed and a final `.` dropped, the expected text occurs in the diagnostic's message
//!   (FileCheck's `{{regex}}` as a regular expression, `[[var]]` as anything), or when both are
//!   the message of the same rule with the same arguments (the diagnostic's explanation after
//!   `: ` aside). A diagnostic reproduces at most one message (a maximum matching per file).

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use dxil_ops::rules::ValidationRule;
use regex::Regex;

/// What to print.
pub struct Options {
    /// The folder of DXC's validator tests.
    pub dir: PathBuf,
    /// The project's corpus, whose file names are left out.
    pub corpus: Option<PathBuf>,
    /// A line per file.
    pub per_file: bool,
    /// The expected messages not reproduced, and the diagnostics on accepted files.
    pub show_missed: bool,
}

/// A rule's message as a regular expression over normalised text, with its code.
struct RuleText {
    code: &'static str,
    full: Regex,
    prefix: Regex,
}

/// Lower case, white space collapsed, trimmed, a final `.` dropped.
fn normalise(s: &str) -> String {
    let lower = s.trim().to_lowercase();
    let mut out = String::with_capacity(lower.len());
    let mut space = false;
    for c in lower.chars() {
        if c.is_whitespace() {
            space = true;
        } else {
            if space && !out.is_empty() {
                out.push(' ');
            }
            space = false;
            out.push(c);
        }
    }
    let t = out.strip_suffix('.').unwrap_or(&out).trim_end();
    t.to_owned()
}

/// The rules with messages long enough to be recognised without their `error:` tag.
fn rules() -> Vec<RuleText> {
    let mut out = Vec::new();
    for r in ValidationRule::ALL {
        let message = r.message();
        let literal: String = {
            let mut s = String::new();
            let mut rest = message;
            while let Some(i) = rest.find('%') {
                s.push_str(&rest[..i]);
                let after = &rest[i + 1..];
                let digits = after.bytes().take_while(u8::is_ascii_digit).count();
                rest = if digits > 0 { &after[digits..] } else { after };
            }
            s.push_str(rest);
            s
        };
        if literal.trim().len() < 12 {
            continue;
        }
        let body = template_regex(&normalise(message));
        let (Ok(full), Ok(prefix)) = (
            Regex::new(&format!("^{body}$")),
            Regex::new(&format!("^{body}(?:$|: )")),
        ) else {
            continue;
        };
        out.push(RuleText {
            code: r.code(),
            full,
            prefix,
        });
    }
    out
}

/// A message template as a regular expression: `%N` captures anything.
fn template_regex(t: &str) -> String {
    let mut out = String::new();
    let mut rest = t;
    while let Some(i) = rest.find('%') {
        out.push_str(&regex::escape(&rest[..i]));
        let after = &rest[i + 1..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 {
            out.push_str("(.+?)");
            rest = &after[digits..];
        } else {
            out.push('%');
            rest = after;
        }
    }
    out.push_str(&regex::escape(rest));
    out
}

/// The (code, arguments) of the rules whose message `text` is.
fn rule_args(rules: &[RuleText], text: &str, prefix: bool) -> Vec<(&'static str, Vec<String>)> {
    let t = normalise(text);
    rules
        .iter()
        .filter_map(|r| {
            let re = if prefix { &r.prefix } else { &r.full };
            re.captures(&t).map(|c| {
                let args = c
                    .iter()
                    .skip(1)
                    .map(|m| m.map_or(String::new(), |m| m.as_str().trim().to_owned()))
                    .collect();
                (r.code, args)
            })
        })
        .collect()
}

/// A FileCheck pattern (normalised) as a regular expression.
fn filecheck_regex(p: &str) -> Option<Regex> {
    let mut out = String::new();
    let mut rest = p;
    loop {
        let a = rest.find("{{");
        let b = rest.find("[[");
        let (i, open, close) = match (a, b) {
            (Some(a), Some(b)) if b < a => (b, "[[", "]]"),
            (Some(a), _) => (a, "{{", "}}"),
            (None, Some(b)) => (b, "[[", "]]"),
            (None, None) => break,
        };
        out.push_str(&regex::escape(&rest[..i]));
        let after = &rest[i + 2..];
        let end = after.find(close)?;
        if open == "{{" {
            out.push_str(&format!("(?:{})", &after[..end]));
        } else {
            out.push_str(".*?");
        }
        rest = &after[end + 2..];
    }
    out.push_str(&regex::escape(rest));
    Regex::new(&out).ok()
}

/// `{{...}}` and `[[...]]` replaced by `X`.
fn plain(p: &str) -> String {
    let mut out = String::new();
    let mut rest = p;
    while let Some(i) = rest.find(['{', '[']) {
        let (open, close) = if rest[i..].starts_with("{{") {
            ("{{", "}}")
        } else if rest[i..].starts_with("[[") {
            ("[[", "]]")
        } else {
            out.push_str(&rest[..=i]);
            rest = &rest[i + 1..];
            continue;
        };
        out.push_str(&rest[..i]);
        match rest[i + open.len()..].find(close) {
            Some(end) => {
                out.push('X');
                rest = &rest[i + open.len() + end + close.len()..];
            }
            None => {
                rest = &rest[i..];
                out.push_str(rest);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// A validator test: its expected messages, whether it expects errors, its dx.op calls.
struct Test {
    expected: Vec<String>,
    expects_errors: bool,
    calls: usize,
}

/// The directive and text of a `; CHECK...: text` line.
fn directive(line: &str) -> Option<(&str, &str)> {
    let t = line.trim_start();
    let t = t
        .strip_prefix(';')
        .or_else(|| t.strip_prefix("//"))
        .or_else(|| t.strip_prefix('#'))?
        .trim_start();
    let colon = t.find(':')?;
    let d = t[..colon].trim_end();
    if !d.starts_with("CHECK") || d.contains(' ') {
        return None;
    }
    Some((d, t[colon + 1..].trim()))
}

/// The message of a `CHECK` text with `error:`: after the last `error:`, without `Function: X:`.
fn significant(body: &str) -> String {
    let t = match body.rfind("error:") {
        Some(i) => &body[i + "error:".len()..],
        None => body,
    };
    let t = t.trim_start();
    let t = match t.strip_prefix("Function:") {
        Some(rest) => rest.find(':').map_or(rest, |i| &rest[i + 1..]),
        None => t,
    };
    t.trim().to_owned()
}

/// Reads a test; `None` when it is not a validator test.
fn read_test(text: &str, rules: &[RuleText]) -> Option<Test> {
    let runs: Vec<&str> = text
        .lines()
        .filter_map(|l| {
            let t = l.trim_start();
            let t = t
                .strip_prefix(';')
                .or_else(|| t.strip_prefix("//"))?
                .trim_start();
            t.strip_prefix("RUN:").map(str::trim)
        })
        .collect();
    let validator = runs.iter().any(|r| {
        r.split(|c: char| c.is_whitespace() || c == '|')
            .any(|w| matches!(w, "%dxv" | "dxv" | "dxil-val"))
            || (r.contains("%dxc") && r.contains("-validate"))
    });
    if !validator {
        return None;
    }
    let negated = runs.iter().any(|r| {
        r.split('|')
            .any(|part| part.trim_start().starts_with("not") && part.contains("%dxv"))
    });
    let mut expected = Vec::new();
    for line in text.lines() {
        let Some((d, body)) = directive(line) else {
            continue;
        };
        if d == "CHECK-NOT" {
            continue;
        }
        let lower = body.to_lowercase();
        if lower.starts_with("validation failed")
            || lower.starts_with("validation succeeded")
            || lower.starts_with("note:")
        {
            continue;
        }
        if body.contains("error:") {
            let sig = significant(body);
            if !sig.is_empty() && normalise(&sig) != "validation errors" {
                expected.push(sig);
            }
        } else if !rule_args(rules, &plain(body), false).is_empty() {
            expected.push(body.to_owned());
        }
    }
    let calls = text
        .lines()
        .filter(|l| {
            let code = l.split(';').next().unwrap_or("");
            let t = l.trim_start();
            !t.starts_with("declare")
                && !t.starts_with(';')
                && code.contains("call ")
                && code.contains("@dx.op.")
        })
        .count();
    Some(Test {
        expects_errors: negated || !expected.is_empty(),
        expected,
        calls,
    })
}

/// Whether a diagnostic (rule code, message) reproduces an expected message.
fn reproduces(rules: &[RuleText], expected: &str, code: &str, message: &str) -> bool {
    let d = normalise(message);
    match filecheck_regex(&normalise(expected)) {
        Some(re) if re.is_match(&d) => return true,
        None if d.contains(&normalise(expected)) => return true,
        _ => {}
    }
    let wanted = rule_args(rules, &plain(expected), false);
    if wanted.is_empty() {
        return false;
    }
    let found = rule_args(rules, message, true);
    wanted
        .iter()
        .any(|(c, args)| *c == code && found.iter().any(|(fc, fa)| fc == c && fa == args))
}

/// The size of a maximum matching of expected messages to diagnostics, and the messages left.
fn max_matching<'e>(adj: &[Vec<usize>], expected: &'e [String]) -> (usize, Vec<&'e str>) {
    fn assign(
        i: usize,
        adj: &[Vec<usize>],
        seen: &mut [bool],
        owner: &mut [Option<usize>],
    ) -> bool {
        for &j in &adj[i] {
            if seen[j] {
                continue;
            }
            seen[j] = true;
            if owner[j].is_none_or(|k| assign(k, adj, seen, owner)) {
                owner[j] = Some(i);
                return true;
            }
        }
        false
    }
    let n = adj.iter().flatten().max().map_or(0, |m| m + 1);
    let mut owner = vec![None; n];
    let mut count = 0;
    for i in 0..adj.len() {
        let mut seen = vec![false; n];
        if assign(i, adj, &mut seen, &mut owner) {
            count += 1;
        }
    }
    let matched: HashSet<usize> = owner.into_iter().flatten().collect();
    let missed = expected
        .iter()
        .enumerate()
        .filter(|(i, _)| !matched.contains(i))
        .map(|(_, e)| e.as_str())
        .collect();
    (count, missed)
}

/// The file names of a folder tree.
fn names(dir: &Path) -> HashSet<String> {
    dxil_lint::ll_files(dir)
        .unwrap_or_default()
        .iter()
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect()
}

/// Rules that say a call does not fit the op table: an unknown or reserved opcode, a function
/// name or type that is not the op's, an overload the op lacks. DXC's validator makes the same
/// checks against its own table, so when it accepted a file that fails one of them here, the
/// file was written for a DXC whose op table differs from the database's.
const OP_TABLE_RULES: &[&str] = &[
    "INSTR.ILLEGALDXILOPCODE",
    "INSTR.ILLEGALDXILOPFUNCTION",
    "INSTR.OPCODERESERVED",
    "INSTR.CALLOLOAD",
    "INSTR.OLOAD",
    "DECL.DXILFNEXTERN",
];

/// Why a test DXC accepts gets diagnostics here.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Drift {
    /// Its calls fit the database's op table; every diagnostic counts against the lint.
    None,
    /// Some call fails an op-table check DXC's validator passed: another op table.
    OpTable,
    /// Every diagnostic is a message other tests of the set expect DXC to report: the stored
    /// version predates that check.
    OlderThanCheck,
}

/// One validator test, linted.
struct Linted {
    name: String,
    test: Test,
    diags: Vec<(&'static str, String)>,
}

/// How an accepted test's diagnostics are explained; `expected` holds every message the error
/// tests of the set expect.
fn drift(rules: &[RuleText], diags: &[(&'static str, String)], expected: &[&str]) -> Drift {
    if diags.iter().any(|(c, _)| OP_TABLE_RULES.contains(c)) {
        Drift::OpTable
    } else if !diags.is_empty()
        && diags
            .iter()
            .all(|(c, m)| expected.iter().any(|e| reproduces(rules, e, c, m)))
    {
        Drift::OlderThanCheck
    } else {
        Drift::None
    }
}

/// Runs the measurement.
pub fn run(o: Options) -> anyhow::Result<ExitCode> {
    let rules = rules();
    let corpus = o
        .corpus
        .clone()
        .unwrap_or_else(|| crate::root().join("../shared/corpus/dxc"));
    let excluded = names(&corpus);
    let files = dxil_lint::ll_files(&o.dir)?;
    let (mut skipped, mut left_out) = (0, 0);
    let mut linted = Vec::new();
    for path in &files {
        let name = path
            .strip_prefix(&o.dir)
            .unwrap_or(path)
            .display()
            .to_string();
        let Ok(bytes) = std::fs::read(path) else {
            skipped += 1;
            continue;
        };
        let text = String::from_utf8_lossy(&bytes);
        let Some(test) = read_test(&text, &rules) else {
            skipped += 1;
            continue;
        };
        if path
            .file_name()
            .is_some_and(|n| excluded.contains(&*n.to_string_lossy()))
        {
            left_out += 1;
            continue;
        }
        let report = dxil_lint::lint_input(&bytes).unwrap_or_default();
        let diags = report
            .diagnostics
            .iter()
            .map(|d| (d.rule.code(), d.message.clone()))
            .collect();
        linted.push(Linted { name, test, diags });
    }
    let all_expected: Vec<&str> = linted
        .iter()
        .flat_map(|l| l.test.expected.iter().map(String::as_str))
        .collect();
    let (mut error_files, mut expected_total, mut reproduced_total) = (0, 0, 0);
    // files, dx.op calls and diagnostics of the accepted tests, by `Drift`
    let mut accepted = [(0, 0, 0); 3];
    for Linted { name, test, diags } in &linted {
        if test.expects_errors {
            error_files += 1;
            let adj: Vec<Vec<usize>> = test
                .expected
                .iter()
                .map(|e| {
                    diags
                        .iter()
                        .enumerate()
                        .filter(|(_, (c, m))| reproduces(&rules, e, c, m))
                        .map(|(j, _)| j)
                        .collect()
                })
                .collect();
            let (n, missed) = max_matching(&adj, &test.expected);
            expected_total += test.expected.len();
            reproduced_total += n;
            if o.per_file {
                println!(
                    "{n:>4}/{:<4} {name} (lint printed {})",
                    test.expected.len(),
                    diags.len()
                );
            }
            if o.show_missed {
                for m in missed {
                    println!("         missed: {m}");
                }
            }
        } else {
            let why = drift(&rules, diags, &all_expected);
            let slot = &mut accepted[why as usize];
            slot.0 += 1;
            slot.1 += test.calls;
            slot.2 += diags.len();
            if o.per_file {
                let tag = match why {
                    Drift::None => "",
                    Drift::OpTable => " [another op table]",
                    Drift::OlderThanCheck => " [older than a check]",
                };
                println!(
                    "  ok {:>3}d {name} ({} dx.op calls){tag}",
                    diags.len(),
                    test.calls
                );
            }
            if o.show_missed {
                for (c, m) in diags {
                    println!("         printed: {c}: {m}");
                }
            }
        }
    }
    let accepted_files: usize = accepted.iter().map(|a| a.0).sum();
    println!(
        "validator test files: {} ({error_files} expect errors, {accepted_files} accepted); {left_out} left out (in the corpus), {skipped} not validator tests",
        linted.len()
    );
    let percent = if expected_total == 0 {
        0.0
    } else {
        100.0 * reproduced_total as f64 / expected_total as f64
    };
    println!(
        "expected error messages reproduced: {reproduced_total}/{expected_total} ({percent:.1}%)"
    );
    let [(f, c, d), (tf, tc, td), (of, oc, od)] = accepted;
    println!(
        "diagnostics printed on accepted files whose calls fit the database: {d} ({f} files, {c} dx.op calls)"
    );
    println!(
        "  on accepted files written for another op table: {td} ({tf} files, {tc} dx.op calls)"
    );
    println!(
        "  on accepted files older than a check other tests expect: {od} ({of} files, {oc} dx.op calls)"
    );
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_like_filecheck() {
        let rules = rules();
        assert_eq!(normalise("  A  b.\n"), "a b");
        assert!(reproduces(
            &rules,
            "Opcode {{.*}} not valid in shader model lib_6_10(miss).",
            "SM.OPCODE",
            "Opcode Foo not valid in shader model lib_6_10(miss): more"
        ));
        // same rule, same arguments, the lint's explanation aside
        assert!(reproduces(
            &rules,
            "parameter 'offset' must be a multiple of 4, got 7",
            "INSTR.PARAMMULTIPLE",
            "parameter 'offset' must be a multiple of 4, got 7: operand `offset` is 7"
        ));
        assert!(!reproduces(
            &rules,
            "parameter 'offset' must be a multiple of 4, got 7",
            "INSTR.PARAMMULTIPLE",
            "parameter 'offset' must be a multiple of 4, got 8"
        ));
        assert_eq!(
            significant("Function: main: error: Opcode X not valid."),
            "Opcode X not valid."
        );
        assert_eq!(plain("a {{.*}} b [[V]]"), "a X b X");
        let adj = vec![vec![0, 1], vec![0]];
        let expected = vec!["a".to_owned(), "b".to_owned()];
        assert_eq!(max_matching(&adj, &expected).0, 2);
    }

    #[test]
    fn explains_diagnostics_on_accepted_tests() {
        let rules = rules();
        let expected = ["Parameter 'offset' must be a multiple of 4, got 42."];
        let d = |c: &'static str, m: &str| vec![(c, m.to_owned())];
        assert!(drift(&rules, &[], &expected) == Drift::None);
        let table = d(
            "INSTR.ILLEGALDXILOPCODE",
            "DXILOpCode must be ...: 325 specified",
        );
        assert!(drift(&rules, &table, &expected) == Drift::OpTable);
        let older = d(
            "INSTR.PARAMMULTIPLE",
            "parameter 'offset' must be a multiple of 4, got 42: operand `offset` is 42",
        );
        assert!(drift(&rules, &older, &expected) == Drift::OlderThanCheck);
        // a diagnostic no test of the set expects counts against the lint
        let other = d(
            "INSTR.PARAMMULTIPLE",
            "parameter 'offset' must be a multiple of 4, got 6: operand `offset` is 6",
        );
        assert!(drift(&rules, &other, &expected) == Drift::None);
    }

    #[test]
    fn reads_a_test() {
        let rules = rules();
        let t = read_test(
            "; RUN: not %dxv %s 2>&1 | FileCheck %s\n; CHECK: error: HitObject is undef.\n; CHECK-NOT: error: x\n; CHECK: note: at\n  %x = call i32 @dx.op.foo(i32 1) ; call @dx.op\n",
            &rules,
        );
        let t = t.map(|t| (t.expects_errors, t.expected, t.calls));
        assert_eq!(t, Some((true, vec!["HitObject is undef.".to_owned()], 1)));
        assert!(read_test("; RUN: %dxc -T ps_6_0 %s\n", &rules).is_none());
    }
}
