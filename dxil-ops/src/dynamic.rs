//! Calls of an op chosen at run time, with operands in a slice: the same checks as the typed
//! builders of [`crate::build`], made on the operands themselves. Re-exported from
//! [`crate::call`].

use crate::call::{BuildError, Operand, Target, check, check_max};
use crate::info::{OpInfo, ParamInfo, TypeKind};
use crate::overload::Overloads;
use crate::sig::{Declaration, Signature};
use crate::{DxilVersion, FunctionName};

/// A call of a `dx.op` function whose operands (after the opcode) live in a slice the caller
/// owns: the op, its function and the operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DynCall<'a, 'o, V> {
    /// The op.
    pub op: &'static OpInfo,
    /// The function's signature.
    pub signature: Signature<'a>,
    /// Operands after the opcode, one per parameter.
    pub operands: &'o [Operand<V>],
}

impl<'a, V> DynCall<'a, '_, V> {
    /// The opcode operand, `i32 OPCODE`.
    pub fn opcode(&self) -> Operand<V> {
        Operand::Int {
            ty: crate::sig::OPCODE_TYPE,
            value: i64::from(self.op.opcode),
        }
    }

    /// The function name, e.g. `dx.op.bufferLoad.f32`.
    pub fn function_name(&self) -> FunctionName<'a> {
        self.signature.name()
    }

    /// The function's declaration.
    pub fn declaration(&self) -> Declaration<'a> {
        self.signature.declaration()
    }
}

/// The LLVM type of a parameter whose type is fixed (`i8`, `i32`), if it is; messages name other
/// types by their name in ops.toml.
fn fixed_llvm(p: &ParamInfo) -> Option<&'static str> {
    match p.ty.kind {
        TypeKind::Llvm(s) => Some(s),
        _ => None,
    }
}

/// Whether `value` is a value of enumeration `name` at `version`; `None` for an enumeration
/// the generated code does not know.
fn enum_value_valid(name: &str, value: i64, version: DxilVersion) -> Option<bool> {
    crate::generated::intrinsics::enum_value_valid(name, value, version)
}

/// Builds a call of `op` with `operands` (after the opcode, one per parameter), making every
/// check of the typed builders: [`check`] (version, table, overloads, stage, kind of module,
/// signature), then per operand: an integer constant has the parameter's LLVM type (for the
/// overloads given), a constant struct the parameter's struct type, an immediate parameter gets a
/// constant, within its maximum, and a value of its enumeration at the target version; then the
/// op's constraints that the constants and overloads decide ([`crate::constraint`]).
pub fn build_dynamic<'a, 'o, V>(
    op: &'static OpInfo,
    target: &Target,
    overloads: Overloads<'a>,
    operands: &'o [Operand<V>],
) -> Result<DynCall<'a, 'o, V>, BuildError<'a>> {
    let signature = check(op, target, overloads)?;
    let params = op.signature.params;
    if operands.len() != params.len() {
        return Err(BuildError::OperandCount {
            op: op.name,
            expected: params.len(),
            found: operands.len(),
        });
    }
    for ((p, o), resolved) in params.iter().zip(operands).zip(signature.params()) {
        match o {
            Operand::Value(_) if p.immediate => {
                return Err(BuildError::NotImmediate {
                    op: op.name,
                    param: p.name,
                });
            }
            Operand::Value(_) => {}
            Operand::Int { ty, value } => {
                if !crate::display_eq(resolved, ty) {
                    return Err(BuildError::OperandType {
                        op: op.name,
                        param: p.name,
                        expected: fixed_llvm(p).unwrap_or(p.ty.name),
                        found: ty,
                    });
                }
                if let Some(max) = p.max {
                    check_max(op, p.name, u64::try_from(*value).unwrap_or(u64::MAX), max)?;
                }
                if let Some(e) = p.enumeration
                    && enum_value_valid(e, *value, target.dxil) == Some(false)
                {
                    return Err(BuildError::EnumValue {
                        op: op.name,
                        param: p.name,
                        value: *value,
                        version: target.dxil,
                    });
                }
            }
            Operand::Struct { ty, .. } => {
                if !core::ptr::eq(*ty, p.ty) && ty.name != p.ty.name {
                    return Err(BuildError::OperandType {
                        op: op.name,
                        param: p.name,
                        expected: p.ty.name,
                        found: ty.name,
                    });
                }
            }
        }
    }
    // the op constraints the constants and overloads decide, as the typed builders check them
    if let Some(x) = crate::Op::from_opcode(op.opcode)
        && core::ptr::eq(x.info(), op)
    {
        crate::constraint::check_build_params(x, target, overloads, operands)?;
    }
    Ok(DynCall {
        op,
        signature,
        operands,
    })
}
