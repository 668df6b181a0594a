//! The types of declarations and calls against the signatures of the database.

use std::fmt::{Display, Write};

use dxil_ops::constraint::At;
use dxil_ops::rules::ValidationRule;
use dxil_ops::ty::LlvmType;
use dxil_ops::{Overload, Overloads, Precision, Signature};

use crate::{Diagnostic, diagnostic};

/// Whether two types as written are the same, ignoring whitespace.
pub(crate) fn same_type(a: &str, b: &str) -> bool {
    let mut x = a.bytes().filter(|c| !c.is_ascii_whitespace());
    let mut y = b.bytes().filter(|c| !c.is_ascii_whitespace());
    loop {
        match (x.next(), y.next()) {
            (None, None) => return true,
            (Some(p), Some(q)) if p == q => {}
            _ => return false,
        }
    }
}

/// A declaration of a `dx.op` function: its line, name and types as written.
pub(crate) struct Declaration<'m> {
    /// Its line.
    pub(crate) line: usize,
    /// The function's name.
    pub(crate) name: &'m str,
    /// The result type.
    pub(crate) ret: &'m str,
    /// The parameter types, the opcode's first.
    pub(crate) params: Vec<&'m str>,
}

/// `t` written into `buf` (cleared first).
pub(crate) fn render<'b>(buf: &'b mut String, t: &dyn Display) -> &'b str {
    buf.clear();
    let _ = write!(buf, "{t}");
    buf
}

/// Whether a type as written is the type of the signature, equal ignoring whitespace (a
/// pointer's address space included: the overloads were read with the written types, see
/// [`dxil_ops::name::parse_as_typed`]).
fn type_matches(found: &str, expected: &LlvmType<'_>, buf: &mut String) -> bool {
    match expected {
        LlvmType::Fixed(s) => same_type(found, s),
        LlvmType::Overload(Overload::Scalar(t)) => same_type(found, t.llvm()),
        _ => same_type(found, render(buf, expected)),
    }
}

/// The first difference between written types and a signature; `None` when they agree.
fn signature_mismatch(
    sig: &Signature<'_>,
    ret: Option<&str>,
    params: &[&str],
    buf: &mut String,
) -> Option<String> {
    let expected = sig.params().len();
    if params.len() != expected {
        return Some(format!(
            "found {} operand(s) after the opcode, expected {expected}",
            params.len()
        ));
    }
    if let Some(r) = ret {
        let want = sig.ret();
        if !type_matches(r, &want, buf) {
            return Some(format!("the result has type `{r}`, expected `{want}`"));
        }
    }
    for (i, (found, want)) in params.iter().zip(sig.params()).enumerate() {
        if !type_matches(found, &want, buf) {
            let name = sig.info.params.get(i).map_or("", |p| p.name);
            return Some(format!(
                "operand {} (`{name}`) has type `{found}`, expected `{want}`",
                i + 1
            ));
        }
    }
    None
}

/// How written types differ from the signature of a function.
pub(crate) struct Mismatch {
    /// The first difference.
    pub(crate) why: String,
    /// The declaration the types should have.
    pub(crate) declaration: String,
    /// The function's name.
    pub(crate) name: String,
}

/// The first difference against the signature in either precision (native 16-bit types
/// first); `None` when one of them agrees.
pub(crate) fn mismatch_any_precision(
    signature: &'static dxil_ops::info::SignatureInfo,
    overloads: Overloads<'_>,
    ret: Option<&str>,
    params: &[&str],
    buf: &mut String,
) -> Result<Option<Mismatch>, String> {
    let mut first = None;
    for precision in [Precision::Native, Precision::Min] {
        let sig = Signature::new(signature, overloads, precision).map_err(|e| e.to_string())?;
        match signature_mismatch(&sig, ret, params, buf) {
            None => return Ok(None),
            Some(why) => {
                first.get_or_insert_with(|| Mismatch {
                    why,
                    declaration: sig.declaration().to_string(),
                    name: sig.name().to_string(),
                });
            }
        }
    }
    Ok(first)
}

/// Checks a declaration: its name is a `dx.op` function and its types are the signature's.
pub(crate) fn declaration(d: &Declaration<'_>, buf: &mut String) -> Option<Diagnostic> {
    let calloload = |detail: &dyn Display| {
        Some(diagnostic(
            d.line,
            ValidationRule::InstrCallOload,
            &[&d.name],
            detail,
        ))
    };
    let types = &d.params;
    // the overloads the declared types show (struct names, address spaces), as LLVM reads them
    let written = |at| match at {
        At::Result => Some(d.ret),
        At::Param(i) => types.get(usize::from(i) + 1).copied(),
    };
    let parsed = match dxil_ops::parse_function_name_lenient_typed(d.name, &written) {
        Ok(p) => p,
        Err(dxil_ops::NameError::UnknownStem(stem)) => {
            return Some(diagnostic(
                d.line,
                ValidationRule::DeclDxilFnExtern,
                &[&d.name],
                format_args!("no op class has the function-name stem `{stem}`"),
            ));
        }
        Err(e) => return Some(diagnostic(d.line, ValidationRule::InstrOload, &[], e)),
    };
    let Some((opcode, rest)) = types.split_first() else {
        return calloload(
            &"a dx.op function takes the i32 opcode first; this one has no parameters",
        );
    };
    if !same_type(opcode, "i32") {
        return calloload(&format_args!(
            "the first parameter (the opcode) has type `{opcode}`, expected `i32`"
        ));
    }
    match mismatch_any_precision(parsed.signature, parsed.overloads, Some(d.ret), rest, buf) {
        Ok(None) => None,
        Ok(Some(m)) => Some(diagnostic(
            d.line,
            ValidationRule::InstrCallOload,
            &[&m.name],
            format_args!("{}; expected `{}`", m.why, m.declaration),
        )),
        Err(e) => calloload(&e),
    }
}
