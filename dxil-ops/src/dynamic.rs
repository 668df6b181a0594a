//! Calls of an op chosen at run time, with operands in a slice: the same checks as the typed
//! builders of [`crate::build`], made on the operands themselves, and the overloads inferred
//! from the operands' types when the caller's values know them ([`Value`]). Re-exported from
//! [`crate::call`].

use core::fmt;

use crate::call::{BuildError, Operand, Target, check, check_max};
use crate::constant::{self, ConstantError, StructConstant};
use crate::info::{OpInfo, ParamInfo, TypeKind};
use crate::overload::{Overload, OverloadSet, Overloads};
use crate::sig::{Declaration, Signature};
use crate::ty::{LlvmType, resolve};
use crate::{DxilVersion, FunctionName, Op, ScalarType};

/// What the op API may learn from a value of the caller's IR: its LLVM type and, for a
/// constant, its value. All is optional: a value that knows nothing (`impl Value for MyValue
/// {}`) is taken as it is, and a value that knows its type lets the overloads be inferred
/// ([`build_inferred`]) and its type be checked.
///
/// `&str` and `String` (a name such as `%x`) know nothing; [`TypedValue`] knows its type and
/// reads its constants as LLVM does ([`crate::constant`]).
///
/// What a value may be when it is written ([`crate::ir`]): its text (its `Display`) is one LLVM
/// token that is a value of its parameter's type ([`crate::constant::check_token`]: a name, a
/// number the type holds, `true`/`false` for `i1`, `null` for pointers, `undef`, `poison`,
/// `zeroinitializer`), or a constant struct the value knows ([`Value::struct_constant`], written
/// from its checked fields), or trusted IR text ([`Raw`], written as it is). Anything else is
/// refused, so that no value can add text to the IR around it.
pub trait Value {
    /// The value's LLVM type as LLVM writes it (`float`, `<4 x i32>`, `%dx.types.Handle`),
    /// if known.
    fn llvm_type(&self) -> Option<&str> {
        None
    }

    /// The value of an integer constant as written (`i1 true` is 1, `i8 -1` is -1), if the
    /// value is one. Whether it fits its type is checked by the builders, readers and writer
    /// ([`crate::constant::fits_width`]).
    fn int_constant(&self) -> Option<i64> {
        None
    }

    /// The constant struct of integers the value is (`%dx.types.ResBind { i32 0, i32 3, i32 0,
    /// i8 1 }`, or `zeroinitializer`), as written, if it is one; its fields are checked against
    /// the parameter's struct type ([`StructConstant::decode`]).
    fn struct_constant(&self) -> Option<StructConstant<'_>> {
        None
    }

    /// Whether the value's text is IR the caller vouches for, written as it is ([`Raw`]);
    /// other values must be one token of their type.
    fn is_raw(&self) -> bool {
        false
    }
}

impl Value for str {}

#[cfg(feature = "alloc")]
impl Value for alloc::string::String {}

impl<T: Value + ?Sized> Value for &T {
    fn llvm_type(&self) -> Option<&str> {
        (**self).llvm_type()
    }

    fn int_constant(&self) -> Option<i64> {
        (**self).int_constant()
    }

    fn struct_constant(&self) -> Option<StructConstant<'_>> {
        (**self).struct_constant()
    }

    fn is_raw(&self) -> bool {
        (**self).is_raw()
    }
}

/// IR text the caller vouches for, written as it is: a value that is not one LLVM token
/// (`<4 x float> <float 1.0, ...>`, a constant expression, `nonnull @p`). What the inner value
/// knows ([`Value`]) is still checked; its text is not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Raw<T>(pub T);

impl<T: Value> Value for Raw<T> {
    fn llvm_type(&self) -> Option<&str> {
        self.0.llvm_type()
    }

    fn int_constant(&self) -> Option<i64> {
        self.0.int_constant()
    }

    fn struct_constant(&self) -> Option<StructConstant<'_>> {
        self.0.struct_constant()
    }

    fn is_raw(&self) -> bool {
        true
    }
}

impl<T: fmt::Display> fmt::Display for Raw<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A value written as LLVM IR text: its type and the value (`i32` and `%x`, `i8` and `1`).
/// It displays as the value; a constant gives [`Value::int_constant`] (an integer literal of an
/// integer type, as LLVM reads it: [`crate::constant::int_literal`]) or
/// [`Value::struct_constant`] (`{ i32 0, i8 1 }`, `zeroinitializer`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TypedValue<'t> {
    /// The type, as LLVM writes it.
    pub ty: &'t str,
    /// The value.
    pub value: &'t str,
}

impl<'t> TypedValue<'t> {
    /// A value of type `ty`.
    pub const fn new(ty: &'t str, value: &'t str) -> Self {
        TypedValue { ty, value }
    }
}

impl Value for TypedValue<'_> {
    fn llvm_type(&self) -> Option<&str> {
        Some(self.ty)
    }

    fn int_constant(&self) -> Option<i64> {
        let bits = crate::constant::int_width(self.ty)?;
        crate::constant::int_literal(self.value.trim(), bits)
    }

    fn struct_constant(&self) -> Option<StructConstant<'_>> {
        StructConstant::parse(self.value)
    }
}

impl fmt::Display for TypedValue<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.value)
    }
}

impl From<Op> for &'static OpInfo {
    fn from(op: Op) -> Self {
        op.info()
    }
}

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
    /// The opcode operand, `i32 OPCODE` (negative for the tables from `0x8000` up, as an
    /// `i32` holds them).
    pub fn opcode(&self) -> Operand<V> {
        Operand::Int {
            ty: crate::sig::OPCODE_TYPE,
            value: i64::from(self.op.opcode as i32),
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

/// Checks an integer constant for parameter `p` of an extension's op (which has no constraint
/// rows): its `max` and its enumeration.
fn check_constant<'a>(
    op: &'static OpInfo,
    p: &'static ParamInfo,
    value: i64,
    target: &Target,
) -> Result<(), BuildError<'a>> {
    if let Some(max) = p.max {
        check_max(op, p.name, u64::try_from(value).unwrap_or(u64::MAX), max)?;
    }
    if let Some(e) = p.enumeration
        && enum_value_valid(e, value, target.dxil) == Some(false)
    {
        return Err(BuildError::EnumValue {
            op: op.name,
            param: p.name,
            value,
            version: target.dxil,
        });
    }
    Ok(())
}

/// Checks the constant an operand is against its parameter `p`, of type `resolved`: an
/// integer of an integer type that fits it, a constant struct of the parameter's struct type
/// with its fields (their number, types and widths). Values that know no constant pass. The
/// builders and the writer ([`crate::ir`]) both check operands with it.
pub(crate) fn operand_constant<V: Value>(
    p: &'static ParamInfo,
    operand: &Operand<V>,
    resolved: &LlvmType<'_>,
) -> Result<(), ConstantError> {
    match operand {
        Operand::Int { ty, value } => constant::int_constant(ty, *value).map(drop),
        Operand::Struct { ty, fields, len } => constant::struct_operand(ty, fields, *len).map(drop),
        Operand::Value(v) => value_constant(p, v, resolved),
    }
}

/// [`operand_constant`] for a value of the caller's IR.
pub(crate) fn value_constant<V: Value + ?Sized>(
    p: &'static ParamInfo,
    v: &V,
    resolved: &LlvmType<'_>,
) -> Result<(), ConstantError> {
    value_fits(p, v, int_bits(resolved).unwrap_or(0)).map(drop)
}

/// The check of [`value_constant`] with the width of the parameter's type already known
/// (`bits`, 0 when it is not an integer type), as the readers make it: whether the value is a
/// constant (an integer, or a struct for a struct parameter) that fits its parameter.
pub(crate) fn value_fits<V: Value + ?Sized>(
    p: &'static ParamInfo,
    v: &V,
    bits: u32,
) -> Result<bool, ConstantError> {
    if let TypeKind::Struct { .. } = p.ty.kind
        && let Some(c) = v.struct_constant()
    {
        return c.decode(p.ty).map(|_| true);
    }
    match v.int_constant() {
        Some(n) if bits != 0 && !constant::fits_width(n, bits) => Err(ConstantError::Width {
            field: None,
            bits,
            value: n,
        }),
        n => Ok(n.is_some()),
    }
}

/// The width of a type, when it is an integer type.
pub(crate) fn int_bits(t: &LlvmType<'_>) -> Option<u32> {
    match t {
        LlvmType::Fixed(s) => constant::int_width(s),
        LlvmType::Overload(Overload::Scalar(s)) => constant::int_width(s.llvm()),
        LlvmType::Component(Overload::Scalar(_), c) => constant::int_width(c),
        _ => None,
    }
}

/// Builds a call of `op` with `operands` (after the opcode, one per parameter), making every
/// check of the typed builders: [`check`] (version, table, overloads, stage, kind of module,
/// signature), then per operand: an integer constant has the parameter's LLVM type (for the
/// overloads given), a constant struct the parameter's struct type, an immediate parameter gets a
/// constant, within its maximum, and a value of its enumeration at the target version. A value
/// that knows its type ([`Value::llvm_type`]) must have the parameter's; one that is an integer
/// constant ([`Value::int_constant`]) may fill an immediate parameter. Then the op's
/// constraints that the constants and overloads decide ([`crate::constraint`]).
pub fn build_dynamic<'a, 'o, V: Value>(
    op: impl Into<&'static OpInfo>,
    target: &Target,
    overloads: Overloads<'a>,
    operands: &'o [Operand<V>],
) -> Result<DynCall<'a, 'o, V>, BuildError<'a>> {
    let op = op.into();
    let signature = check(op, target, overloads)?;
    let params = op.signature.params;
    if operands.len() != params.len() {
        return Err(BuildError::OperandCount {
            op: op.name,
            expected: params.len(),
            found: operands.len(),
        });
    }
    // this crate's op, whose constraints (the implicit ones of `max` and `enum` included) check
    // the constants; an extension's op has no constraints, and its parameters' keys are
    // checked here
    let own = crate::Op::from_opcode(op.opcode).filter(|x| core::ptr::eq(x.info(), op));
    for ((p, o), resolved) in params.iter().zip(operands).zip(signature.params()) {
        type_error(op, p, o, resolved).map_or(Ok(()), Err)?;
        operand_constant(p, o, &resolved).map_err(|error| BuildError::Constant {
            op: op.name,
            param: p.name,
            error,
        })?;
        let constant = match o {
            Operand::Value(v) if p.immediate => {
                let is_constant = match p.ty.kind {
                    TypeKind::Struct { .. } => v.struct_constant().is_some(),
                    _ => v.int_constant().is_some(),
                };
                if !is_constant {
                    return Err(BuildError::NotImmediate {
                        op: op.name,
                        param: p.name,
                    });
                }
                v.int_constant()
            }
            Operand::Int { value, .. } => Some(*value),
            _ => None,
        };
        if let (None, Some(c)) = (own, constant) {
            check_constant(op, p, c, target)?;
        }
    }
    if let Some(x) = own {
        crate::constraint::check_build_params(x, target, overloads, operands)?;
    }
    Ok(DynCall {
        op,
        signature,
        operands,
    })
}

/// Builds a call like [`build_dynamic`], with the overloads inferred from the operands
/// ([`infer_overloads`]).
///
/// ```
/// use dxil_ops::call::{Operand, TypedValue, build_inferred};
/// use dxil_ops::{DxilVersion, Op, Target};
///
/// let target = Target::new(DxilVersion::new(1, 6));
/// let x = [Operand::Value(TypedValue::new("half", "%x"))];
/// let call = build_inferred(Op::Sin, &target, &x).unwrap();
/// assert_eq!(call.function_name().to_string(), "dx.op.unary.f16");
///
/// // one overload: nothing to infer, values of any kind
/// let call = build_inferred(Op::ThreadId, &target, &[Operand::Value("0")]).unwrap();
/// assert_eq!(call.function_name().to_string(), "dx.op.threadId.i32");
///
/// // the overload of a load shows only in its result
/// let args = [Operand::Value("%h"), Operand::Value("0"), Operand::Value("undef")];
/// let e = build_inferred(Op::BufferLoad, &target, &args).unwrap_err();
/// assert!(e.to_string().starts_with("the overload of BufferLoad cannot be inferred"));
/// ```
pub fn build_inferred<'o, V: Value>(
    op: impl Into<&'static OpInfo>,
    target: &Target,
    operands: &'o [Operand<V>],
) -> Result<DynCall<'o, 'o, V>, BuildError<'o>> {
    let op = op.into();
    let overloads = infer_overloads(op, target, operands)?;
    build_dynamic(op, target, overloads, operands)
}

/// How many overloads fit the operands, when not exactly one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fit {
    /// None of those allowed.
    None,
    /// Several: the operands do not tell them apart (the overload shows only in the result,
    /// or the values do not know their types).
    Several,
}

/// The overloads of a call of `op` with `operands` (after the opcode): the only ones `op`
/// allows at the target's version, or else the only ones that give every operand whose type is
/// known (a [`Value`] with a type, an integer constant, a constant struct) its parameter's
/// type. The checks of the op's availability come first ([`check`]).
pub fn infer_overloads<'o, V: Value>(
    op: impl Into<&'static OpInfo>,
    target: &Target,
    operands: &'o [Operand<V>],
) -> Result<Overloads<'o>, BuildError<'o>> {
    let op = op.into();
    let Some(spec) = op.overloads_at(target.dxil) else {
        // not available: the builders' error says why
        check(op, target, Overloads::NONE)?;
        return Err(BuildError::Infer {
            op: op.name,
            fit: Fit::None,
        });
    };
    let sets = spec.sets();
    let counts: [usize; 4] =
        core::array::from_fn(|d| sets.get(d).map_or(1, |s| candidates(s, operands).count()));
    if counts.contains(&0) {
        return Err(BuildError::Infer {
            op: op.name,
            fit: Fit::None,
        });
    }
    // every combination of one candidate per dimension, as an odometer
    let mut digits = [0usize; 4];
    let mut found: Option<Overloads<'o>> = None;
    let single = counts.iter().all(|&c| c == 1);
    loop {
        let mut dims = [Overload::Void; 4];
        for (d, set) in sets.iter().enumerate() {
            dims[d] = candidates(set, operands)
                .nth(digits[d])
                .unwrap_or(Overload::Void);
        }
        let o = Overloads::new(&dims[..sets.len()]);
        if single || fits(op, target, &o, operands) {
            if found.is_some() {
                return Err(BuildError::Infer {
                    op: op.name,
                    fit: Fit::Several,
                });
            }
            found = Some(o);
        }
        // next combination
        let mut d = 0;
        loop {
            if d == sets.len() {
                return found.ok_or(BuildError::Infer {
                    op: op.name,
                    fit: Fit::None,
                });
            }
            digits[d] += 1;
            if digits[d] < counts[d] {
                break;
            }
            digits[d] = 0;
            d += 1;
        }
    }
}

/// The overloads of one dimension worth trying: the scalar types the set allows, then the
/// vectors, user-defined types and objects the operands' types are, if the set allows them.
fn candidates<'s, 'o, V: Value>(
    set: &'s OverloadSet,
    operands: &'o [Operand<V>],
) -> impl Iterator<Item = Overload<'o>> + 's
where
    'o: 's,
{
    let scalars = ScalarType::ALL
        .into_iter()
        .map(Overload::Scalar)
        .filter(|o| set.contains(o));
    let from_types = operands
        .iter()
        .enumerate()
        .filter_map(|(i, o)| Some((i, shape_of(o)?)))
        .filter(|(_, o)| !matches!(o, Overload::Scalar(_)) && set.contains(o))
        .filter(|(i, o)| {
            // each once: not the shape of an earlier operand
            !operands[..*i]
                .iter()
                .any(|e| shape_of(e).as_ref() == Some(o))
        })
        .map(|(_, o)| o);
    scalars.chain(from_types)
}

/// The overload an operand's type is (see [`Overload::from_llvm_type`]).
fn shape_of<'o, V: Value>(o: &'o Operand<V>) -> Option<Overload<'o>> {
    let t = match o {
        Operand::Value(v) => v.llvm_type()?,
        Operand::Int { ty, .. } => ty,
        Operand::Struct { .. } => return None,
    };
    Overload::from_llvm_type(t)
}

/// Whether every operand whose type is known has its parameter's type for overloads `o`.
fn fits<V: Value>(
    op: &'static OpInfo,
    target: &Target,
    o: &Overloads<'_>,
    operands: &[Operand<V>],
) -> bool {
    op.signature
        .params
        .iter()
        .zip(operands)
        .all(|(p, operand)| {
            resolve(p.ty, o, target.precision)
                .is_ok_and(|t| type_error(op, p, operand, t).is_none())
        })
}

/// The error of an operand whose type is known and is not `resolved`, the type of parameter
/// `p`: a value that knows its type, an integer constant, a constant struct.
fn type_error<'a, V: Value>(
    op: &'static OpInfo,
    p: &'static ParamInfo,
    operand: &Operand<V>,
    resolved: LlvmType<'a>,
) -> Option<BuildError<'a>> {
    match operand {
        Operand::Value(v) => {
            let t = v.llvm_type()?;
            (!crate::display_eq(resolved, t.trim())).then_some(BuildError::ValueType {
                op: op.name,
                param: p.name,
                expected: resolved,
            })
        }
        Operand::Int { ty, .. } => {
            (!crate::display_eq(resolved, ty)).then_some(BuildError::OperandType {
                op: op.name,
                param: p.name,
                expected: fixed_llvm(p).unwrap_or(p.ty.name),
                found: ty,
            })
        }
        Operand::Struct { ty, .. } => (!core::ptr::eq(*ty, p.ty) && ty.name != p.ty.name)
            .then_some(BuildError::OperandType {
                op: op.name,
                param: p.name,
                expected: p.ty.name,
                found: ty.name,
            }),
    }
}
