//! How DXC's generator lays text out: comments wrapped at 80 columns, opcode tests as ranges,
//! reStructuredText simple tables, padded columns. Lengths count characters, as Python does.

use std::fmt::Write as _;

/// `text` wrapped into lines of `prefix` and words, each shorter than 80 characters: a line
/// breaks at the last space that keeps it below, and a word longer than a line stands alone.
pub(super) fn comment(prefix: &str, text: &str) -> String {
    let width = 80usize.saturating_sub(prefix.chars().count());
    let mut out = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        if rest.chars().count() < width {
            let _ = writeln!(out, "{prefix}{}", rest.trim());
            break;
        }
        // the byte offset of the `width`-th character: the line may end before it
        let limit = rest
            .char_indices()
            .nth(width)
            .map_or(rest.len(), |(i, _)| i);
        let split = rest[..limit]
            .rfind(' ')
            .or_else(|| rest[limit..].find(' ').map(|i| limit + i));
        let Some(split) = split else {
            let _ = writeln!(out, "{prefix}{}", rest.trim());
            break;
        };
        let _ = writeln!(out, "{prefix}{}", rest[..split].trim());
        rest = &rest[split + 1..];
    }
    out
}

/// The contiguous runs of `values` (sorted first): `(first, last)`.
pub(super) fn runs(values: &[u32]) -> Vec<(u32, u32)> {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::new();
    for v in sorted {
        match out.last_mut() {
            Some((_, last)) if last.checked_add(1) == Some(v) => *last = v,
            _ => out.push((v, v)),
        }
    }
    out
}

/// A C++ condition that holds when `var` is one of `values`: `var == N` for a single value,
/// `(A <= var && var <= B)` for a run, joined by `||`.
pub(super) fn range_test(var: &str, values: &[u32]) -> String {
    runs(values)
        .iter()
        .map(|&(a, b)| {
            if a == b {
                format!("{var} == {a}")
            } else {
                format!("({a} <= {var} && {var} <= {b})")
            }
        })
        .collect::<Vec<_>>()
        .join(" || ")
}

/// `s` padded with spaces to `width` characters (longer text is left as it is).
pub(super) fn pad(s: &str, width: usize) -> String {
    let n = s.chars().count();
    format!("{s}{}", " ".repeat(width.saturating_sub(n)))
}

/// A reStructuredText simple table: a banner of `=` under and over the header (the first row)
/// and after the last row; cells padded to their column's width, trailing spaces trimmed.
pub(super) fn rst_table(rows: &[Vec<String>]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut widths = vec![0usize; columns];
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let banner = widths
        .iter()
        .map(|w| "=".repeat(*w))
        .collect::<Vec<_>>()
        .join(" ")
        + "\n";
    let mut out = banner.clone();
    for (i, row) in rows.iter().enumerate() {
        let line = row
            .iter()
            .zip(&widths)
            .map(|(cell, w)| pad(cell, *w))
            .collect::<Vec<_>>()
            .join(" ");
        out.push_str(line.trim_end());
        out.push('\n');
        if i == 0 {
            out.push_str(&banner);
        }
    }
    out + &banner
}

/// The order DXC lists grouped things in: by category, then name, compared as the one string
/// `category.name` (so `Wave intrinsics` comes before `Wave`: a space sorts before `.`).
pub(super) fn category_key(category: &str, name: &str) -> String {
    format!("{category}.{name}")
}

/// The lines of `text` as Python's `str.splitlines` cuts them: at LF, CR, CRLF, VT, FF, the
/// file, group and record separators, NEL and the Unicode line and paragraph separators; no
/// empty line after a final break.
pub(super) fn py_lines(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let (mut line, mut i) = (0, 0);
    while i < bytes.len() {
        // the length of the break at `i`: the ASCII breaks, NEL (C2 85), U+2028/9 (E2 80 A8/A9)
        let len = match bytes[i] {
            b'\r' if bytes.get(i + 1) == Some(&b'\n') => 2,
            b'\n' | b'\r' | 0x0b | 0x0c | 0x1c..=0x1e => 1,
            0xc2 if bytes.get(i + 1) == Some(&0x85) => 2,
            0xe2 if bytes.get(i + 1) == Some(&0x80)
                && matches!(bytes.get(i + 2), Some(0xa8 | 0xa9)) =>
            {
                3
            }
            _ => {
                i += 1;
                continue;
            }
        };
        out.push(&text[line..i]);
        i += len;
        line = i;
    }
    if line < text.len() {
        out.push(&text[line..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_wrap_below_80_columns_at_spaces() {
        let words: Vec<String> = (0..30).map(|i| format!("Op{i}={i}")).collect();
        let text = comment("// ", &format!("Instructions: {}", words.join(", ")));
        assert!(text.lines().all(|l| l.len() < 80 && l.starts_with("// ")));
        assert_eq!(
            text.replace("\n// ", " ")
                .trim_start_matches("// ")
                .trim_end(),
            format!("Instructions: {}", words.join(", "))
        );
        // a word longer than a line stands alone instead of looping
        assert_eq!(
            comment("// ", &"x".repeat(90)),
            format!("// {}\n", "x".repeat(90))
        );
    }

    #[test]
    fn runs_become_range_tests() {
        assert_eq!(
            range_test("op", &[5, 1, 2, 3, 9]),
            "(1 <= op && op <= 3) || op == 5 || op == 9"
        );
        assert_eq!(range_test("op", &[u32::MAX]), "op == 4294967295");
    }

    #[test]
    fn rst_tables_pad_columns_and_trim_lines() {
        let rows = vec![
            vec!["ID".to_owned(), "Name".to_owned()],
            vec!["10".to_owned(), String::new()],
        ];
        assert_eq!(rst_table(&rows), "== ====\nID Name\n== ====\n10\n== ====\n");
    }

    #[test]
    fn lines_break_where_python_breaks_them() {
        assert_eq!(py_lines("a\r\nb\rc\u{2028}d\n\n"), ["a", "b", "c", "d", ""]);
        let breaks = "a\u{b}b\u{c}c\u{1c}d\u{1d}e\u{1e}f\u{85}g\u{2029}h";
        assert_eq!(py_lines(breaks), ["a", "b", "c", "d", "e", "f", "g", "h"]);
        // characters that share a first byte with a break are no break
        assert_eq!(
            py_lines("\u{a9}\u{2027}\u{202a}é\r"),
            ["\u{a9}\u{2027}\u{202a}é"]
        );
        assert_eq!(py_lines(""), Vec::<&str>::new());
        assert!(category_key("Wave", "A") > category_key("Wave ops", "A"));
    }
}
