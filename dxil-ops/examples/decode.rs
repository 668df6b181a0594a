//! Prints every `dx.op` call of an LLVM IR text file, one line each:
//! `LINE: OpName { param: value, ... }`, the operands after the opcode named from the database
//! (or `LINE: error: ...` for a call that does not fit its op). The file is read with a tiny
//! line reader of its own; the calls are read by the generated readers of
//! `dxil_ops::read` (`read_op`).
//!
//! ```sh
//! cargo run -p dxil-ops --example decode -- shader.ll
//! ```
//!
//! Exit status: 0 when it printed the calls, 1 when the file has no `dx.op` call (nothing to
//! decode: an empty file, or text that is not LLVM IR), 2 when the file cannot be read.

use dxil_ops::TypedValue;
use dxil_ops::read::{AnyOp, read_op};

/// A `dx.op` call found on a line: its line number, the called function and the operands.
pub struct FoundCall<'t> {
    /// The line, from 1.
    pub line: usize,
    /// The function, without `@` and quotes.
    pub callee: &'t str,
    /// The operands, the opcode first.
    pub operands: Vec<TypedValue<'t>>,
}

/// The code of a line without its comment (a `;` outside quotes).
fn code(line: &str) -> &str {
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ';' if !quoted => return &line[..i],
            _ => {}
        }
    }
    line
}

/// The index of the bracket that closes the one `s` starts with.
fn closing(s: &str) -> Option<usize> {
    let mut depth = 0i32;
    let mut quoted = false;
    for (i, c) in s.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '(' | '<' | '{' | '[' if !quoted => depth += 1,
            ')' | '>' | '}' | ']' if !quoted => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Splits at the commas outside brackets and quotes.
fn split_top(s: &str) -> Vec<&str> {
    let (mut out, mut depth, mut quoted, mut start) = (Vec::new(), 0i32, false, 0);
    for (i, c) in s.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '(' | '<' | '{' | '[' if !quoted => depth += 1,
            ')' | '>' | '}' | ']' if !quoted => depth -= 1,
            ',' if !quoted && depth == 0 => {
                out.push(s[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    if !s[start..].trim().is_empty() {
        out.push(s[start..].trim());
    }
    out
}

/// An operand, `TYPE VALUE`: the type is a bracketed type (`<4 x float>`, `{ i32, i32 }`) or a
/// word, then an address space and `*`s.
fn operand(s: &str) -> TypedValue<'_> {
    let s = s.trim();
    let mut end = match s.chars().next() {
        Some('<' | '{' | '[') => closing(s).map_or(s.len(), |i| i + 1),
        Some('%') if s[1..].starts_with('"') => s[2..].find('"').map_or(s.len(), |i| i + 3),
        _ => s.find(' ').unwrap_or(s.len()),
    };
    let rest = &s[end..];
    if let Some(r) = rest.strip_prefix(" addrspace(") {
        end += " addrspace(".len() + r.find(')').map_or(r.len(), |i| i + 1);
    }
    end += s[end..].bytes().take_while(|b| *b == b'*').count();
    TypedValue::new(s[..end].trim(), s[end..].trim())
}

/// Every `dx.op` call of `text`, each on its line.
pub fn calls(text: &str) -> Vec<FoundCall<'_>> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let code = code(line);
        let Some(at) = code.find("@dx.op.").or_else(|| code.find("@\"dx.op.")) else {
            continue;
        };
        if !code[..at].split_whitespace().any(|w| w == "call") {
            continue;
        }
        let name = &code[at + 1..];
        let (callee, after) = match name.strip_prefix('"') {
            Some(q) => match q.find('"') {
                Some(e) => (&q[..e], &q[e + 1..]),
                None => continue,
            },
            None => match name.find('(') {
                Some(e) => (&name[..e], &name[e..]),
                None => continue,
            },
        };
        let Some(open) = after.find('(') else {
            continue;
        };
        let args = &after[open..];
        let Some(close) = closing(args) else { continue };
        out.push(FoundCall {
            line: i + 1,
            callee,
            operands: split_top(&args[1..close])
                .into_iter()
                .map(operand)
                .collect(),
        });
    }
    out
}

/// The line printed for a call: `OpName { param: value, ... }` as the generated reader of its
/// op displays it (immediates decoded: `op: Sum`, `bind: [0, 3, 0, 1]`), then the resource
/// properties of an `annotateHandle` and the binding of a `createHandleFromBinding` decoded by
/// `dxil_ops::resource`; or `error: ...`.
pub fn describe(call: &FoundCall<'_>) -> Result<String, String> {
    let op = read_op(call.callee, &call.operands)
        .map_err(|e| format!("{e} (a call of {})", call.callee))?;
    let decoded = match &op {
        AnyOp::AnnotateHandle(a) => match a.properties() {
            Ok(p) => format!(" -> {p:?}"),
            Err(e) => format!(" -> properties that do not decode: {e}"),
        },
        AnyOp::CreateHandleFromBinding(c) => match c.binding() {
            Ok(b) => format!(" -> {b:?}"),
            Err(e) => format!(" -> a binding that does not decode: {e}"),
        },
        _ => String::new(),
    };
    Ok(format!("{op}{decoded}"))
}

/// The lines printed for the text of a file (`name` in messages): one per call, or an error
/// when the text has no `dx.op` call (an empty file, or one that is not LLVM IR), so that a
/// file with nothing to decode is never a silent success.
pub fn run(name: &str, text: &str) -> Result<Vec<String>, String> {
    let found = calls(text);
    if found.is_empty() {
        return Err(format!(
            "{name}: no dx.op call found (the example reads the LLVM IR text of a DXIL module)"
        ));
    }
    Ok(found
        .iter()
        .map(|c| match describe(c) {
            Ok(s) => format!("{}: {s}", c.line),
            Err(e) => format!("{}: error: {e}", c.line),
        })
        .collect())
}

/// Exit status: 0 when calls were printed, 1 when the file has no `dx.op` call, 2 when it
/// cannot be read.
#[allow(dead_code)] // the tests include this file for `calls`, `describe` and `run`
fn main() -> std::process::ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: decode FILE.ll");
        return std::process::ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    match run(&path, &text) {
        Ok(lines) => {
            for line in lines {
                println!("{line}");
            }
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::ExitCode::from(1)
        }
    }
}
