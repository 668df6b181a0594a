//! A small reference writer of LLVM IR text: declarations and calls of `dx.op` functions.
//! It writes to any [`core::fmt::Write`] and does not allocate.

use core::fmt::{self, Write};

use crate::call::{Call, DynCall, Operand};
use crate::fmt_util::LlvmName;
use crate::sig::{Declaration, OPCODE_TYPE, Signature};
use crate::ty::resolve;

/// A global name written `@name`, or `@"name"` when it needs quotes. Inside quotes, `"`, `\`
/// and ASCII control characters are written as LLVM escapes `\XX` (two hexadecimal digits), so
/// that LLVM reads back the same name.
#[derive(Clone, Copy, Debug)]
pub struct Global<'x, T>(pub &'x T);

impl<T: fmt::Display> fmt::Display for Global<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", LlvmName('@', self.0))
    }
}

/// Writes `declare ... @dx.op...(...) ATTRIBUTES`, with the attributes inline.
pub fn write_declaration(out: &mut impl Write, decl: &Declaration<'_>) -> fmt::Result {
    write!(out, "{decl} {}", decl.attributes())
}

/// Writes the definitions of the named structs a declaration needs, one per line.
pub fn write_struct_types(out: &mut impl Write, decl: &Declaration<'_>) -> fmt::Result {
    for s in decl.0.structs() {
        writeln!(out, "{s}")?;
    }
    Ok(())
}

/// Writes one operand: `TYPE VALUE`.
fn write_operand<V: fmt::Display>(
    out: &mut impl Write,
    ty: &dyn fmt::Display,
    operand: &Operand<V>,
) -> fmt::Result {
    match operand {
        Operand::Value(v) => write!(out, "{ty} {v}"),
        Operand::Int { ty, value } => write!(out, "{ty} {value}"),
        Operand::Struct {
            ty: sty,
            fields,
            len,
        } => {
            write!(out, "{ty} {{ ")?;
            if let crate::info::TypeKind::Struct { fields: ftys, .. } = sty.kind {
                for (i, (v, t)) in fields[..*len as usize].iter().zip(ftys.iter()).enumerate() {
                    if i > 0 {
                        out.write_str(", ")?;
                    }
                    match resolve(t, &crate::Overloads::NONE, crate::Precision::Native) {
                        Ok(t) => write!(out, "{t} {v}")?,
                        Err(_) => write!(out, "i32 {v}")?,
                    }
                }
            }
            out.write_str(" }")
        }
    }
}

/// Why a call cannot be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IrError {
    /// The writer refused the text.
    Fmt,
    /// A result name was given for a call of a function that returns `void`: LLVM IR does not
    /// name such calls.
    NamedVoid {
        /// The op.
        op: &'static str,
    },
    /// The call's first operand is not `i32 OPCODE` of its op (a call written by hand).
    Opcode {
        /// The op.
        op: &'static str,
        /// Its opcode.
        expected: u32,
    },
    /// The call has another number of operands than its function has parameters.
    OperandCount {
        /// The op.
        op: &'static str,
        /// Operands after the opcode the function takes.
        expected: usize,
        /// Operands after the opcode the call has.
        found: usize,
    },
}

impl fmt::Display for IrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IrError::Fmt => f.write_str("the writer refused the text"),
            IrError::NamedVoid { op } => write!(
                f,
                "{op} returns void: its call has no result to name (give `None`)"
            ),
            IrError::Opcode { op, expected } => write!(
                f,
                "the first operand of a call of {op} must be its opcode, `i32 {expected}`"
            ),
            IrError::OperandCount {
                op,
                expected,
                found,
            } => write!(
                f,
                "{op} takes {expected} operand(s) after the opcode; the call has {found}"
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for IrError {}

impl From<fmt::Error> for IrError {
    fn from(_: fmt::Error) -> Self {
        IrError::Fmt
    }
}

/// Writes a call: `%result = call RET @NAME(i32 OPCODE, TYPE VALUE, ...)`, or without
/// `%result = ` when `result` is `None`, which a call of a `void` function needs (naming it
/// is an error). The result name is quoted when LLVM needs it (`%"a b"`). A call whose
/// operands are not its op's (the opcode, their number: a [`Call`] put together by hand) is
/// refused.
pub fn write_call<V: fmt::Display, const N: usize>(
    out: &mut impl Write,
    result: Option<&str>,
    call: &Call<'_, V, N>,
) -> Result<(), IrError> {
    let op = call.op;
    let Some(opcode) = call.operands.first() else {
        return Err(IrError::Opcode {
            op: op.name,
            expected: op.opcode,
        });
    };
    if !matches!(opcode, Operand::Int { ty, value } if *ty == OPCODE_TYPE && is_opcode(*value, op.opcode))
    {
        return Err(IrError::Opcode {
            op: op.name,
            expected: op.opcode,
        });
    }
    write_dynamic_call(out, result, &call.as_dynamic())
}

/// Whether `value` is `opcode` written as an `i32`: the opcodes of tables from `0x8000` up
/// are negative `i32`s, and may also be given as their unsigned value.
fn is_opcode(value: i64, opcode: u32) -> bool {
    value == i64::from(opcode) || value == i64::from(opcode as i32)
}

/// Writes a call built at run time ([`crate::call::build_dynamic`]), like [`write_call`].
pub fn write_dynamic_call<V: fmt::Display>(
    out: &mut impl Write,
    result: Option<&str>,
    call: &DynCall<'_, '_, V>,
) -> Result<(), IrError> {
    let op = call.op;
    let expected = call.signature.info.params.len();
    if call.operands.len() != expected || op.signature.params.len() != expected {
        return Err(IrError::OperandCount {
            op: op.name,
            expected: op.signature.params.len(),
            found: call.operands.len(),
        });
    }
    if result.is_some() && call.signature.returns_void() {
        return Err(IrError::NamedVoid { op: op.name });
    }
    let opcode = call.opcode();
    let operands = core::iter::once(&opcode).chain(call.operands);
    Ok(write_operands(out, result, &call.signature, operands)?)
}

/// Writes a call of the function of `sig` with `operands`, the opcode first.
fn write_operands<'o, V: fmt::Display + 'o>(
    out: &mut impl Write,
    result: Option<&str>,
    sig: &Signature<'_>,
    operands: impl Iterator<Item = &'o Operand<V>>,
) -> fmt::Result {
    if let Some(r) = result {
        write!(out, "{} = ", LlvmName('%', &r))?;
    }
    write!(out, "call {} {}(", sig.ret(), Global(&sig.name()))?;
    let mut types = core::iter::once(None).chain(sig.params().map(Some));
    for (i, operand) in operands.enumerate() {
        if i > 0 {
            out.write_str(", ")?;
        }
        match types.next().flatten() {
            Some(t) => write_operand(out, &t, operand)?,
            None => write_operand(out, &OPCODE_TYPE, operand)?,
        }
    }
    out.write_str(")")
}
