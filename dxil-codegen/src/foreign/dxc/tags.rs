//! The generated regions of a DXC source file, as DXC's `CodeTags.py` finds and replaces them.
//!
//! A region is announced by a directive `<py::lines('TAG')>CALL</py>` (CALL names what to
//! write, e.g. `hctdb_instrhelp.get_enum_decl("OpCode")`) and lies between the line holding
//! `TAG:BEGIN`, the first after the directive, and the next line holding `TAG:END`. Its new
//! lines take the indentation of the `TAG:BEGIN` line; every byte outside the regions stays as
//! it is. Directives without `::lines` (`<py>import ...</py>`) write nothing and are skipped.

use super::Error;
use super::text::py_lines;

/// An argument of a directive's call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Arg<'a> {
    /// A string literal.
    Str(&'a str),
    /// `name=True` or `name=False`.
    Flag(&'a str, bool),
}

/// The call of a directive: `get_enum_decl("OpCode", hide_val=True)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Call<'a> {
    /// The function, without its module.
    pub function: &'a str,
    /// The arguments.
    pub args: Vec<Arg<'a>>,
}

impl Call<'_> {
    /// The `i`-th positional string argument.
    pub fn string(&self, i: usize) -> Option<&str> {
        self.args
            .iter()
            .filter_map(|a| match a {
                Arg::Str(s) => Some(*s),
                Arg::Flag(..) => None,
            })
            .nth(i)
    }

    /// The keyword argument `name`, or `default`.
    pub fn flag(&self, name: &str, default: bool) -> bool {
        self.args
            .iter()
            .find_map(|a| match a {
                Arg::Flag(n, v) if *n == name => Some(*v),
                _ => None,
            })
            .unwrap_or(default)
    }
}

/// The 1-based line of byte `at`.
fn line_of(text: &str, at: usize) -> usize {
    text.as_bytes()[..at.min(text.len())]
        .iter()
        .filter(|b| **b == b'\n')
        .count()
        + 1
}

/// Replaces every region of `text` with what `region` writes for its call; `file` names the
/// file in errors.
pub(super) fn expand(
    file: &str,
    text: &str,
    mut region: impl FnMut(&Call<'_>) -> Result<String, Error>,
) -> Result<String, Error> {
    let mut doc = text.to_owned();
    let mut from = 0;
    while let Some(found) = doc[from..].find("<py") {
        let start = from + found;
        let err = |doc: &str, message: String| Error::at(file, line_of(doc, start), message);
        let Some((op, arg, body)) = directive(&doc[start..]) else {
            from = start + 3;
            continue;
        };
        let body = start + body;
        let Some(close) = doc[body..].find("</py>").map(|i| body + i) else {
            return Err(err(&doc, "no `</py>` closes this directive".to_owned()));
        };
        from = close;
        if op != Some("lines") {
            // plain `<py>` code and the printing directives change nothing in the file
            continue;
        }
        let tag = arg
            .and_then(string_literal)
            .ok_or_else(|| err(&doc, "`<py::lines(...)>` names no tag".to_owned()))?
            .to_owned();
        let code = doc[body..close].trim();
        let call = parse_call(code).ok_or_else(|| {
            err(
                &doc,
                format!("cannot read the call `{code}` (a function of hctdb_instrhelp with string and True/False arguments)"),
            )
        })?;
        let text = region(&call).map_err(|e| e.in_file(file, line_of(&doc, start)))?;
        replace(&mut doc, close, &tag, &text).map_err(|m| err(&doc, m))?;
    }
    Ok(doc)
}

/// Reads a directive at the start of `s`: `<py>`, `<py::OP>` or `<py::OP(ARG)>`. Returns the
/// operation, its argument and where the code after `>` starts.
fn directive(s: &str) -> Option<(Option<&str>, Option<&str>, usize)> {
    let rest = s.strip_prefix("<py")?;
    if let Some(r) = rest.strip_prefix('>') {
        return Some((None, None, s.len() - r.len()));
    }
    let rest = rest.strip_prefix("::")?;
    let name_len = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    if name_len == 0 {
        return None;
    }
    let (op, rest) = rest.split_at(name_len);
    let (arg, rest) = match rest.strip_prefix('(') {
        Some(r) => {
            // the shortest argument on the line after which `)>` follows
            let line = &r[..r.find('\n').unwrap_or(r.len())];
            let end = line.find(")>")?;
            (Some(&r[..end]), &r[end + 1..])
        }
        None => (None, rest),
    };
    let r = rest.strip_prefix('>')?;
    Some((Some(op), arg, s.len() - r.len()))
}

/// The text of a Python string literal in single or double quotes (without escapes).
fn string_literal(s: &str) -> Option<&str> {
    let s = s.trim();
    let quote = s.chars().next().filter(|c| *c == '\'' || *c == '"')?;
    let inner = s.strip_prefix(quote)?.strip_suffix(quote)?;
    (!inner.contains(quote) && !inner.contains('\\')).then_some(inner)
}

/// Reads `module.function(args)`: string literals and `name=True`/`name=False`.
fn parse_call(code: &str) -> Option<Call<'_>> {
    let (head, rest) = code.split_once('(')?;
    let args = rest.trim_end().strip_suffix(')')?;
    let function = head.trim().rsplit('.').next()?.trim();
    let ident = |s: &str| {
        !s.is_empty()
            && s.chars().all(|c| c.is_alphanumeric() || c == '_')
            && !s.starts_with(|c: char| c.is_ascii_digit())
    };
    if !ident(function) {
        return None;
    }
    let mut out = Vec::new();
    for a in args.split(',').map(str::trim).filter(|a| !a.is_empty()) {
        match a.split_once('=') {
            Some((name, value)) if ident(name.trim()) => {
                let v = match value.trim() {
                    "True" => true,
                    "False" => false,
                    _ => return None,
                };
                out.push(Arg::Flag(name.trim(), v));
            }
            _ => out.push(Arg::Str(string_literal(a)?)),
        }
    }
    Some(Call {
        function,
        args: out,
    })
}

/// Replaces the region `tag` that follows byte `after` with the lines of `text`.
fn replace(doc: &mut String, after: usize, tag: &str, text: &str) -> Result<(), String> {
    let begin_tag = format!("{tag}:BEGIN");
    let Some(b) = doc[after..].find(&begin_tag).map(|i| after + i) else {
        return Err(format!("no `{begin_tag}` follows the directive of `{tag}`"));
    };
    // the region starts with the line break of the `TAG:BEGIN` line
    let Some(start) = doc[b..].find('\n').map(|i| b + i) else {
        return Err(format!("`{begin_tag}` ends the file"));
    };
    let end_tag = format!("{tag}:END");
    let Some(e) = doc[start..].find(&end_tag).map(|i| start + i) else {
        return Err(format!("no `{end_tag}` follows `{begin_tag}`"));
    };
    // up to the start of the `TAG:END` line
    let end = doc[start..e].rfind('\n').map_or(start, |i| start + i) + 1;
    let line_start = doc[..start].rfind('\n').map_or(0, |i| i + 1);
    let indent_len = doc[line_start..start]
        .find(|c: char| !is_py_space(c))
        .unwrap_or(start - line_start);
    let indent = &doc[line_start..line_start + indent_len];
    // a file with CRLF line breaks gets them in its regions too
    let nl = if doc[..start].ends_with('\r') {
        "\r\n"
    } else {
        "\n"
    };
    let mut body = py_lines(text)
        .iter()
        .map(|l| format!("{indent}{l}"))
        .collect::<Vec<_>>()
        .join(nl);
    if !body.ends_with(nl) {
        body.push_str(nl);
    }
    if !body.starts_with(nl) {
        body.insert_str(0, nl);
    }
    // with CRLF breaks the region starts at the `\r` of the `TAG:BEGIN` line
    let start = start + 1 - nl.len();
    doc.replace_range(start..end, &body);
    Ok(())
}

/// Python's whitespace in a line (`str.isspace`, without the line breaks).
fn is_py_space(c: char) -> bool {
    c != '\n' && (c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn upper(call: &Call<'_>) -> Result<String, Error> {
        Ok(format!(
            "{}\n{}",
            call.function.to_uppercase(),
            call.string(0).unwrap_or("-")
        ))
    }

    #[test]
    fn a_region_is_replaced_with_the_indentation_of_its_begin_line() {
        let text =
            "a\n  /* <py::lines('T')>m.f(\"x\")</py>*/\n  // T:BEGIN\n  old\n  // T:END\nz\n";
        let out = expand("f", text, upper).expect("expands");
        assert_eq!(
            out,
            "a\n  /* <py::lines('T')>m.f(\"x\")</py>*/\n  // T:BEGIN\n  F\n  x\n  // T:END\nz\n"
        );
    }

    #[test]
    fn leading_empty_lines_keep_python_s_quirk() {
        // an unindented region whose text starts with a line break loses that break
        let text = ".. <py::lines('R')>f()</py>\n.. R:BEGIN\n.. R:END\n";
        let out = expand("f", text, |_| Ok("\n\nrow\n".to_owned())).expect("expands");
        assert_eq!(
            out,
            ".. <py::lines('R')>f()</py>\n.. R:BEGIN\n\nrow\n.. R:END\n"
        );
    }

    #[test]
    fn crlf_files_keep_crlf() {
        let text = "<py::lines('T')>f()</py>\r\n// T:BEGIN\r\nold\r\n// T:END\r\n";
        let out = expand("f", text, |_| Ok("a\nb".to_owned())).expect("expands");
        assert_eq!(
            out,
            "<py::lines('T')>f()</py>\r\n// T:BEGIN\r\na\r\nb\r\n// T:END\r\n"
        );
    }

    #[test]
    fn calls_take_strings_and_flags() {
        let call =
            parse_call("hctdb_instrhelp.get_enum_decl(\"K\", hide_val=True, sort_val=False)")
                .expect("parses");
        assert_eq!(call.function, "get_enum_decl");
        assert_eq!(call.string(0), Some("K"));
        assert!(call.flag("hide_val", false) && !call.flag("sort_val", true));
        assert!(parse_call("f(x)").is_none());
        assert!(parse_call("f(a=1)").is_none());
    }

    #[test]
    fn mistakes_are_errors_with_their_line() {
        for (text, message) in [
            ("\n<py::lines('T')>f()", "no `</py>`"),
            ("\n<py::lines('T')>f()</py>\n", "no `T:BEGIN`"),
            ("\n<py::lines('T')>f()</py>\nT:BEGIN\n", "no `T:END`"),
            ("\n<py::lines('T')>f(x)</py>\n", "cannot read the call"),
            ("\n<py::lines(T)>f()</py>\n", "names no tag"),
        ] {
            let e = expand("f.h", text, upper).expect_err(message).to_string();
            assert!(e.starts_with("f.h:2: ") && e.contains(message), "{e}");
        }
    }

    #[test]
    fn plain_code_and_lookalikes_are_skipped() {
        let text = "<py>import x</py> <pyx> <py::eval(1)>y</py>\n";
        assert_eq!(expand("f", text, upper).expect("expands"), text);
    }
}
