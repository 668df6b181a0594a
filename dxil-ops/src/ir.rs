//! A small reference writer of LLVM IR text: declarations and calls of `dx.op` functions.
//! It writes to any [`core::fmt::Write`] and does not allocate.

use core::fmt::{self, Write};

use crate::call::{Call, DynCall, Operand, Value};
use crate::constant::{ConstantError, TextError};
use crate::fmt_util::LlvmName;
use crate::info::{OpInfo, ParamInfo, TypeInfo, TypeKind};
use crate::sig::{Declaration, OPCODE_TYPE, Signature};
use crate::ty::{LlvmType, resolve};

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

/// Writes `TYPE { F0 V0, F1 V1, ... }`: a constant of the struct parameter type `sty` with the
/// values `values` (checked before: as many as the type has fields).
fn write_struct(
    out: &mut impl Write,
    ty: &dyn fmt::Display,
    sty: &'static TypeInfo,
    values: impl Iterator<Item = i64>,
) -> fmt::Result {
    write!(out, "{ty} {{ ")?;
    if let TypeKind::Struct { fields: ftys, .. } = sty.kind {
        for (i, (v, t)) in values.zip(ftys.iter()).enumerate() {
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

/// Writes one operand of parameter `p`, of type `ty`: `TYPE VALUE` (checked before by
/// [`check_operand`]).
fn write_operand<V: fmt::Display + Value>(
    out: &mut impl Write,
    p: Option<&'static ParamInfo>,
    ty: &dyn fmt::Display,
    operand: &Operand<V>,
) -> fmt::Result {
    match operand {
        Operand::Value(v) => match (p, v.is_raw(), v.struct_constant()) {
            // a constant struct the value knows: written from its checked fields
            (Some(p), false, Some(c)) if matches!(p.ty.kind, TypeKind::Struct { .. }) => {
                if c.is_zero() {
                    write!(out, "{ty} zeroinitializer")
                } else {
                    write_struct(
                        out,
                        ty,
                        p.ty,
                        (0..c.len()).filter_map(|i| c.field(i)).map(|f| f.1),
                    )
                }
            }
            _ => write!(out, "{ty} {v}"),
        },
        Operand::Int { value, .. } => write!(out, "{ty} {value}"),
        Operand::Struct {
            ty: sty,
            fields,
            len,
        } => write_struct(out, ty, sty, fields.iter().take(usize::from(*len)).copied()),
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
    /// The result name is empty or holds a NUL character, which no LLVM name can.
    ResultName,
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
    /// An operand whose type is known (a constant's, or a value's: [`Value::llvm_type`]) has
    /// another type than its parameter.
    OperandType {
        /// The op.
        op: &'static str,
        /// The parameter.
        param: &'static str,
    },
    /// A constant operand does not fit its parameter's type ([`crate::constant`]).
    Constant {
        /// The op.
        op: &'static str,
        /// The parameter.
        param: &'static str,
        /// What is wrong.
        error: ConstantError,
    },
    /// A value's text is not a value of its parameter's type as one LLVM token
    /// ([`crate::constant::check_token`]; trusted IR text goes in [`crate::call::Raw`]).
    Text {
        /// The op.
        op: &'static str,
        /// The parameter.
        param: &'static str,
        /// What is wrong.
        error: TextError,
    },
    /// The first metadata node of [`crate::module::metadata`] leaves no room for the second
    /// (it is `u32::MAX`).
    MetadataIndex(u32),
    /// A [`crate::module::Module`] declares the call's function name with another signature
    /// (the name does not show the address space of a pointer to a user-defined struct).
    Redeclared {
        /// The function's class.
        op: &'static str,
    },
    /// A [`crate::module::Module`] defines a struct type the call's function needs with
    /// another body.
    StructBody {
        /// The function's class.
        op: &'static str,
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
            IrError::ResultName => f.write_str(
                "the result name is empty or holds a NUL character, which no LLVM name can",
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
            IrError::OperandType { op, param } => write!(
                f,
                "operand `{param}` of {op} has another type than its parameter"
            ),
            IrError::Constant { op, param, error } => {
                write!(f, "operand `{param}` of {op}: {error}")
            }
            IrError::Text { op, param, error } => write!(
                f,
                "operand `{param}` of {op} cannot be written as a value of its type: {error}"
            ),
            IrError::Redeclared { op } => write!(
                f,
                "the module declares this function of class {op} with another signature (a pointer in another address space?); one name has one declaration"
            ),
            IrError::StructBody { op } => write!(
                f,
                "the module defines a struct type of this function of class {op} with another body; one name has one definition"
            ),
            IrError::MetadataIndex(n) => write!(
                f,
                "metadata nodes !{n} and the next cannot both be numbered: !{n} is the last"
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

/// Checks an operand of parameter `p`, of type `ty`, before it is written: a constant of the
/// parameter's type that fits it ([`crate::constant`]); a value of the parameter's type (when
/// it knows its type) that is one LLVM token of it, a constant struct it knows, or trusted raw
/// text ([`crate::call::Raw`]).
fn check_operand<V: fmt::Display + Value>(
    op: &'static OpInfo,
    p: &'static ParamInfo,
    operand: &Operand<V>,
    ty: &LlvmType<'_>,
) -> Result<(), IrError> {
    let param = p.name;
    let wrong_type = IrError::OperandType { op: op.name, param };
    let constant = |error| IrError::Constant {
        op: op.name,
        param,
        error,
    };
    match operand {
        Operand::Int { ty: t, .. } if !crate::display_eq(ty, t) => return Err(wrong_type),
        Operand::Struct { ty: t, .. } if !core::ptr::eq(*t, p.ty) && t.name != p.ty.name => {
            return Err(wrong_type);
        }
        Operand::Value(v)
            if v.llvm_type()
                .is_some_and(|t| !crate::display_eq(ty, t.trim())) =>
        {
            return Err(wrong_type);
        }
        _ => {}
    }
    crate::dynamic::operand_constant(p, operand, ty).map_err(constant)?;
    let Operand::Value(v) = operand else {
        return Ok(());
    };
    if v.is_raw() || (matches!(p.ty.kind, TypeKind::Struct { .. }) && v.struct_constant().is_some())
    {
        return Ok(());
    }
    crate::constant::check_display(v, ty).map_err(|error| IrError::Text {
        op: op.name,
        param,
        error,
    })
}

/// Checks a result name: not empty, no NUL.
fn check_result(result: Option<&str>) -> Result<(), IrError> {
    match result {
        Some(r) if r.is_empty() || r.contains('\0') => Err(IrError::ResultName),
        _ => Ok(()),
    }
}

/// Writes a call: `%result = call RET @NAME(i32 OPCODE, TYPE VALUE, ...)`, or without
/// `%result = ` when `result` is `None`, which a call of a `void` function needs (naming it
/// is an error). The result name is quoted when LLVM needs it (`%"a b"`); an empty one, or
/// one with a NUL, is refused. A call whose operands are not its op's (the opcode, their
/// number, their types: a [`Call`] put together by hand) is refused, and so is an operand that
/// LLVM would not read as the value it is (a constant that does not fit its type, a value that
/// is not one token of its type, see [`Value`]). Nothing is written when the call is refused.
pub fn write_call<V: fmt::Display + Value, const N: usize>(
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
pub fn write_dynamic_call<V: fmt::Display + Value>(
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
    check_result(result)?;
    let sig = &call.signature;
    for ((p, o), t) in sig.info.params.iter().zip(call.operands).zip(sig.params()) {
        check_operand(op, p, o, &t)?;
    }
    Ok(write_operands(
        out,
        result,
        sig,
        &call.opcode(),
        call.operands,
    )?)
}

/// Writes a call of the function of `sig` with `opcode` and `operands` (checked before).
fn write_operands<V: fmt::Display + Value>(
    out: &mut impl Write,
    result: Option<&str>,
    sig: &Signature<'_>,
    opcode: &Operand<V>,
    operands: &[Operand<V>],
) -> fmt::Result {
    if let Some(r) = result {
        write!(out, "{} = ", LlvmName('%', &r))?;
    }
    write!(out, "call {} {}(", sig.ret(), Global(&sig.name()))?;
    write_operand(out, None, &OPCODE_TYPE, opcode)?;
    for ((p, operand), t) in sig.info.params.iter().zip(operands).zip(sig.params()) {
        out.write_str(", ")?;
        write_operand(out, Some(p), &t, operand)?;
    }
    out.write_str(")")
}
