//! The checks the call builders run, which know only their constants and overloads: the
//! first violation, as a [`ConstraintError`].

use core::fmt::{self, Display};

use crate::call::{BuildError, Operand, Target};
use crate::info::{OpInfo, TypeKind};
use crate::overload::Overloads;
use crate::rules::ValidationRule;
use crate::{Op, Overload, ShaderKind};

use super::evaluate::{check_uses, overload_constraint};
use super::operands::{Context, Matrix, Operands, Value, Vector};
use super::violation::Violation;
use super::{At, Constraint, of, param_name};

/// A call's operands as a builder has them: its constants; the LinAlg matrix and vector types
/// come from the overloads. The builder's other values are unknown.
struct BuildOperands<'o, 'a, V> {
    info: &'static OpInfo,
    overloads: Overloads<'a>,
    operands: &'o [Operand<V>],
    /// The position of the first parameter in `operands` (1 after the opcode, or 0).
    first: usize,
    /// What a caller's value is known to be (`Opaque` when the caller's type says nothing).
    read: fn(&V) -> Value,
}

impl<'a, V> BuildOperands<'_, 'a, V> {
    /// The overload that is the type of an operand (or of the result).
    fn overload(&self, at: At) -> Option<Overload<'a>> {
        let ty = match at {
            At::Param(i) => self.info.signature.params.get(usize::from(i))?.ty,
            At::Result => self.info.signature.result.ty,
        };
        match ty.kind {
            TypeKind::Overload { dim, .. } => self.overloads.get(usize::from(dim)),
            _ => None,
        }
    }
}

impl<'a, V> Operands<'a> for BuildOperands<'_, 'a, V> {
    fn value(&self, at: At) -> Value {
        let At::Param(i) = at else {
            return Value::Opaque;
        };
        match self.operands.get(usize::from(i) + self.first) {
            Some(Operand::Int { value, .. }) => Value::Int(i128::from(*value)),
            // the fields at their widths; as given when they do not fit (a typed builder's
            // `u32` for an `i8` field), for the constraints to refuse
            Some(Operand::Struct { ty, fields, len }) => {
                crate::constant::struct_operand(ty, fields, *len).map_or(
                    Value::Fields {
                        fields: *fields,
                        len: *len,
                    },
                    Value::from,
                )
            }
            Some(Operand::Value(v)) => (self.read)(v),
            None => Value::Opaque,
        }
    }

    fn width(&self, at: At) -> u32 {
        let At::Param(i) = at else { return 64 };
        match self.operands.get(usize::from(i) + self.first) {
            Some(Operand::Int { ty, .. }) => ty
                .strip_prefix('i')
                .and_then(|w| w.parse().ok())
                .unwrap_or(64),
            _ => 64,
        }
    }

    fn matrix(&self, at: At) -> Option<Matrix<'a>> {
        match self.overload(at)? {
            Overload::Object(name) => {
                let mut m = Matrix::from_name(name.text())?;
                // a builder cannot see the module's metadata
                m.has_metadata = true;
                Some(m)
            }
            _ => None,
        }
    }

    fn vector(&self, at: At) -> Option<Vector<'a>> {
        match self.overload(at)? {
            Overload::Vector(t, w) => Some(Vector {
                len: u32::from(w),
                element: t.llvm(),
            }),
            _ => None,
        }
    }
}

/// A constraint a built call violates (a [`BuildError::Constraint`]). Small (a few words), so
/// that a builder's `Result` stays small.
#[derive(Clone, Copy, Debug)]
pub struct ConstraintError {
    /// The constraint.
    pub constraint: &'static Constraint,
    /// The op of the call.
    pub op: &'static OpInfo,
    /// The operand at fault, if one is.
    pub at: Option<At>,
    /// The value found, if a constant.
    pub value: Option<i64>,
}

impl ConstraintError {
    fn of(v: &Violation<'_>) -> ConstraintError {
        ConstraintError {
            constraint: v.constraint,
            op: v.op,
            at: v.at,
            value: v.facts.value.and_then(|n| i64::try_from(n).ok()),
        }
    }

    /// The constraint's name (`store.mask-contiguous`).
    pub fn name(&self) -> &'static str {
        self.constraint.name
    }

    /// The rule DXC's validator reports for it.
    pub fn rule(&self) -> ValidationRule {
        self.constraint.rule
    }

    /// What the constraint demands.
    pub fn doc(&self) -> &'static str {
        self.constraint.doc
    }

    /// The name of the parameter at fault; empty for the result or none.
    pub fn param(&self) -> &'static str {
        param_name(self.op, self.at)
    }
}

/// The same constraint (the same record) on the same op, operand and value.
impl PartialEq for ConstraintError {
    fn eq(&self, other: &Self) -> bool {
        core::ptr::eq(self.constraint, other.constraint)
            && core::ptr::eq(self.op, other.op)
            && self.at == other.at
            && self.value == other.value
    }
}

impl Eq for ConstraintError {}

impl Display for ConstraintError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (param, op) = (self.param(), self.op.name);
        match (param.is_empty(), self.value) {
            (false, Some(v)) => write!(f, "operand `{param}` of {op} is {v}: ")?,
            (false, None) => write!(f, "operand `{param}` of {op}: ")?,
            (true, _) => write!(f, "{op}: ")?,
        }
        let doc = self.doc().trim_end_matches('.');
        write!(
            f,
            "{doc} (constraint `{}`, rule {})",
            self.name(),
            self.rule().code()
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ConstraintError {}

/// The context of a call built for `target`.
fn build_context<'a>(target: &Target, overloads: Overloads<'a>) -> Context<'a> {
    Context {
        dxil: target.dxil,
        shader_model: None,
        stage: match target.stage {
            Some(s) => Some(s),
            None if target.library => Some(ShaderKind::Library),
            None => None,
        },
        overload: overloads.get(0),
    }
}

/// The constraints of `op` a call built for `target` with these overloads and operands (the
/// opcode first) violates first, as the builders check them: what the constant operands and the
/// overloads decide.
pub fn check_build<'a, V>(
    op: Op,
    target: &Target,
    overloads: Overloads<'a>,
    operands: &[Operand<V>],
) -> Result<(), BuildError<'a>> {
    build_operands(op, target, overloads, operands, 1, |_| Value::Opaque)
}

/// [`check_build`] for operands without the opcode ([`build_dynamic`](crate::call::build_dynamic)),
/// whose values may say that they are constants ([`crate::call::Value`]).
pub(crate) fn check_build_params<'a, V: crate::call::Value>(
    op: Op,
    target: &Target,
    overloads: Overloads<'a>,
    params: &[Operand<V>],
) -> Result<(), BuildError<'a>> {
    let read = |v: &V| match (v.int_constant(), v.struct_constant()) {
        (Some(n), _) => Value::Int(i128::from(n)),
        (None, Some(c)) if c.is_zero() => Value::Zero,
        (None, Some(c)) => c.as_llvm_reads().map_or(Value::Constant, Value::from),
        (None, None) => Value::Opaque,
    };
    build_operands(op, target, overloads, params, 0, read)
}

fn build_operands<'a, V>(
    op: Op,
    target: &Target,
    overloads: Overloads<'a>,
    operands: &[Operand<V>],
    first: usize,
    read: fn(&V) -> Value,
) -> Result<(), BuildError<'a>> {
    let uses = of(op);
    if uses.is_empty() {
        return Ok(());
    }
    let info = op.info();
    let ctx = build_context(target, overloads);
    let ops = BuildOperands {
        info,
        overloads,
        operands,
        first,
        read,
    };
    let mut first = None;
    check_uses(info, uses, &ctx, &ops, &mut |v| {
        if first.is_none() {
            first = Some(ConstraintError::of(&v));
        }
    });
    match first {
        Some(e) => Err(BuildError::Constraint(e)),
        None => Ok(()),
    }
}

/// The constraint of kind `overload` that forbids the overloads for `target`, as an error.
pub fn check_build_overload<'a>(
    op: Op,
    target: &Target,
    overloads: Overloads<'a>,
) -> Option<ConstraintError> {
    let ctx = build_context(target, overloads);
    let u = overload_constraint(op, &ctx)?;
    Some(ConstraintError {
        constraint: u.constraint,
        op: op.info(),
        at: None,
        value: None,
    })
}
