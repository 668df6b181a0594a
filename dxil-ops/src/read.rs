//! Reading calls: from a called function's name and the call's operands (values of the
//! caller's IR, the opcode first) to the op and its operands named by the database, checked
//! against the op's signature. A call that does not fit (an opcode that is no op's, a function
//! of another class, a wrong number of operands, an operand of the wrong type, a non-constant
//! immediate, a value outside its enumeration) is an error value, never a panic.
//!
//! ```
//! use dxil_ops::TypedValue;
//! use dxil_ops::read::read_call;
//!
//! // %r = call float @dx.op.unary.f32(i32 13, float %x)
//! let operands = [TypedValue::new("i32", "13"), TypedValue::new("float", "%x")];
//! let call = read_call("dx.op.unary.f32", &operands)?;
//! assert_eq!(call.op.name, "Sin");
//! let (param, value) = call.params().next().unwrap();
//! assert_eq!((param.name, value.value), ("value", "%x"));
//!
//! // one operand too many
//! let extra = [operands[0], operands[1], operands[1]];
//! let e = read_call("dx.op.unary.f32", &extra).unwrap_err();
//! assert_eq!(e.to_string(), "Sin takes 1 operand(s) after the opcode; the call has 2");
//! # Ok::<(), dxil_ops::read::ReadError<'static>>(())
//! ```

use core::fmt;

use crate::call::Value;
use crate::info::{OpInfo, ParamInfo, Precision, TypeKind};
use crate::name::{FunctionName, NameError};
use crate::ty::{LlvmType, resolve};

/// A `dx.op` call read from its function name and operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadCall<'n, 'o, V> {
    /// The op (of the opcode operand).
    pub op: &'static OpInfo,
    /// The called function: its signature and overloads.
    pub function: FunctionName<'n>,
    /// The operands after the opcode, one per parameter of the op.
    pub operands: &'o [V],
}

impl<'n, 'o, V> ReadCall<'n, 'o, V> {
    /// Each parameter of the op with its operand.
    pub fn params(&self) -> impl ExactSizeIterator<Item = (&'static ParamInfo, &'o V)> + 'o {
        self.op.signature.params.iter().zip(self.operands)
    }

    /// The operand of parameter `name`.
    pub fn operand(&self, name: &str) -> Option<&'o V> {
        self.params().find(|(p, _)| p.name == name).map(|(_, v)| v)
    }
}

/// Why a call cannot be read as a call of an op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadError<'n> {
    /// The called function is not a `dx.op` function.
    Name(NameError<'n>),
    /// The call has no operand, or its first operand is not an integer constant.
    NoOpcode,
    /// The opcode is no op's.
    Opcode(i64),
    /// The opcode is a reserved slot of its table.
    Reserved(&'static str),
    /// A call read with the [`CallShape`] of another opcode or number of operands.
    OtherShape {
        /// The op of the shape.
        op: &'static str,
    },
    /// The function is of another class than the op.
    Class {
        /// The op.
        op: &'static str,
        /// The op's class.
        expected: &'static str,
        /// The function's class.
        found: &'static str,
    },
    /// The call has another number of operands than the op has parameters.
    OperandCount {
        /// The op.
        op: &'static str,
        /// Its parameters after the opcode.
        expected: usize,
        /// The operands after the opcode.
        found: usize,
    },
    /// An operand whose type is known has another type than its parameter.
    OperandType {
        /// The op.
        op: &'static str,
        /// The parameter.
        param: &'static str,
        /// The parameter's type for the function's overloads.
        expected: LlvmType<'n>,
    },
    /// The types of the function's parameters cannot be made for its overloads.
    Signature {
        /// The op.
        op: &'static str,
    },
    /// An immediate parameter has an operand that is not an integer constant.
    NotConstant {
        /// The op.
        op: &'static str,
        /// The parameter.
        param: &'static str,
    },
    /// A constant that does not fit its parameter's type: an integer outside its type's width
    /// (which LLVM would truncate), a constant struct of another shape than its struct type
    /// ([`crate::constant`]).
    Constant {
        /// The op.
        op: &'static str,
        /// The parameter.
        param: &'static str,
        /// What is wrong.
        error: crate::constant::ConstantError,
    },
    /// A constant that is not a value of its parameter's enumeration.
    Value {
        /// The op.
        op: &'static str,
        /// The parameter.
        param: &'static str,
        /// The enumeration.
        enumeration: &'static str,
        /// The constant.
        value: i64,
    },
}

impl fmt::Display for ReadError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Name(e) => write!(f, "{e}"),
            ReadError::NoOpcode => {
                f.write_str("the first operand of a dx.op call must be the opcode, an i32 constant")
            }
            ReadError::Opcode(v) => write!(f, "no DXIL op has opcode {v}"),
            ReadError::Reserved(name) => {
                write!(f, "the opcode is the reserved slot {name}, not an op")
            }
            ReadError::OtherShape { op } => write!(
                f,
                "the call is not of the opcode and operands of the shape of {op} it was read with"
            ),
            ReadError::Class {
                op,
                expected,
                found,
            } => write!(
                f,
                "{op} is an op of class {expected}; the function is of class {found}"
            ),
            ReadError::OperandCount {
                op,
                expected,
                found,
            } => write!(
                f,
                "{op} takes {expected} operand(s) after the opcode; the call has {found}"
            ),
            ReadError::OperandType {
                op,
                param,
                expected,
            } => write!(
                f,
                "operand `{param}` of {op} is `{expected}`; the call's operand has another type"
            ),
            ReadError::Signature { op } => write!(
                f,
                "the function's overloads do not make a signature of {op}"
            ),
            ReadError::NotConstant { op, param } => {
                write!(f, "operand `{param}` of {op} must be an immediate constant")
            }
            ReadError::Constant { op, param, error } => {
                write!(f, "operand `{param}` of {op}: {error}")
            }
            ReadError::Value {
                op,
                param,
                enumeration,
                value,
            } => write!(
                f,
                "operand `{param}` of {op}: {value} is not a value of {enumeration}"
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ReadError<'_> {}

/// Whether `t` is the type of parameter `p` for the function's overloads (`native`, resolved
/// with native 16-bit types), or with their minimum-precision stand-ins.
fn type_fits(p: &ParamInfo, f: &FunctionName<'_>, native: &LlvmType<'_>, t: &str) -> bool {
    let t = crate::fmt_util::trim(t);
    native.is_written(t)
        || resolve(p.ty, &f.overloads, Precision::Min).is_ok_and(|r| r.is_written(t))
}

/// The most parameters an op has (after the opcode): at most 64, one bit each in a
/// [`CallShape`]'s masks.
const MAX_PARAMS: usize = {
    let ops = &crate::generated::ops::OPS;
    let (mut max, mut i) = (0, 0);
    while i < ops.len() {
        let n = ops[i].signature.params.len();
        if n > max {
            max = n;
        }
        i += 1;
    }
    max
};

const _: () = assert!(
    MAX_PARAMS <= 64,
    "a CallShape keeps one bit per parameter in a u64"
);

/// What [`read_call`] checks of a call that its function, its opcode and the types of its
/// operands decide: the function name read, the op of the opcode, its class and parameter
/// count, and each operand's type. A reader of many calls makes the shape once for each
/// function, opcode and function type it meets ([`CallShape::new`]) and reads every call of
/// them with [`CallShape::read_call`], which checks only what varies from call to call (the
/// constants); the result is the one `read_call` gives.
///
/// ```
/// use dxil_ops::TypedValue;
/// use dxil_ops::read::CallShape;
///
/// // call float @dx.op.unary.f32(i32 13, float %x), then the same with %y
/// let x = [TypedValue::new("i32", "13"), TypedValue::new("float", "%x")];
/// let shape = CallShape::new("dx.op.unary.f32", &x)?;
/// assert_eq!(shape.op.name, "Sin");
/// let y = [x[0], TypedValue::new("float", "%y")];
/// assert_eq!(shape.read_op(&y)?.to_string(), "Sin { value: %y }");
/// # Ok::<(), dxil_ops::read::ReadError<'static>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CallShape<'n> {
    /// The op of the opcode.
    pub op: &'static OpInfo,
    /// The called function: its signature and overloads.
    pub function: FunctionName<'n>,
    /// Per parameter: the width of its type for the function's overloads when that is an
    /// integer type, else 0.
    widths: [u32; MAX_PARAMS],
    /// The parameters whose operands [`read_call`] checks as constants (bit `i` for
    /// parameter `i`): those of an integer or struct type, and immediates.
    constants: u64,
    /// Of those, the ones the op's reader does not check itself ([`reader_checks`]).
    constants_left: u64,
    /// The first parameter whose type cannot be made or whose operand has another type, and
    /// its error (reported after the checks of the constants before it, as `read_call` does).
    type_error: Option<(usize, ReadError<'n>)>,
}

impl<'n> CallShape<'n> {
    /// The shape of a call of the function `callee` (without `@`) with `operands`, the opcode
    /// first: the checks of [`read_call`] but those of the constants after the opcode.
    pub fn new<V: Value>(callee: &'n str, operands: &[V]) -> Result<Self, ReadError<'n>> {
        let (first, rest) = operands.split_first().ok_or(ReadError::NoOpcode)?;
        let types = |at| match at {
            crate::constraint::At::Param(i) => rest.get(usize::from(i)).and_then(V::llvm_type),
            crate::constraint::At::Result => None,
        };
        let function =
            crate::parse_function_name_lenient_typed(callee, &types).map_err(ReadError::Name)?;
        if first
            .llvm_type()
            .is_some_and(|t| crate::fmt_util::trim(t) != crate::sig::OPCODE_TYPE)
        {
            return Err(ReadError::NoOpcode);
        }
        let opcode = first
            .int_constant()
            .filter(|v| crate::constant::fits_width(*v, 32))
            .ok_or(ReadError::NoOpcode)?;
        let op = opcode_op(opcode).ok_or(ReadError::Opcode(opcode))?;
        if op.reserved {
            return Err(ReadError::Reserved(op.name));
        }
        if op.class.name != function.class().name {
            return Err(ReadError::Class {
                op: op.name,
                expected: op.class.name,
                found: function.class().name,
            });
        }
        let params = one_per_param(op, rest.len())?;
        let mut shape = CallShape {
            op,
            function,
            widths: [0; MAX_PARAMS],
            constants: 0,
            constants_left: 0,
            type_error: None,
        };
        for (i, (p, v)) in params.iter().zip(rest).enumerate() {
            let Ok(expected) = resolve(p.ty, &function.overloads, Precision::Native) else {
                shape.type_error = Some((i, ReadError::Signature { op: op.name }));
                break;
            };
            if let Some(t) = v.llvm_type()
                && !type_fits(p, &function, &expected, t)
            {
                shape.type_error = Some((
                    i,
                    ReadError::OperandType {
                        op: op.name,
                        param: p.name,
                        expected,
                    },
                ));
                break;
            }
            let bits = crate::dynamic::int_bits(&expected).unwrap_or(0);
            if let Some(w) = shape.widths.get_mut(i) {
                *w = bits;
            }
            let is_struct = matches!(p.ty.kind, TypeKind::Struct { .. });
            if bits != 0 || is_struct || p.immediate {
                shape.constants |= 1 << i;
                if !reader_checks(p) {
                    shape.constants_left |= 1 << i;
                }
            }
        }
        Ok(shape)
    }

    /// The same shape borrowing nothing, when its function's overloads name no struct and its
    /// operands have their parameters' types: for a cache that outlives the function names it
    /// was read from.
    pub fn to_static(&self) -> Option<CallShape<'static>> {
        if self.type_error.is_some() {
            return None;
        }
        Some(CallShape {
            op: self.op,
            function: FunctionName {
                signature: self.function.signature,
                overloads: self.function.overloads.to_static()?,
            },
            widths: self.widths,
            constants: self.constants,
            constants_left: self.constants_left,
            type_error: None,
        })
    }

    /// Reads a call of this shape: `operands` are those of a call of the same function, with
    /// the same opcode and operand types as the ones the shape was made from (a call of
    /// another opcode or number of operands is refused). Checks each constant after the opcode
    /// against its parameter, as [`read_call`] does.
    pub fn read_call<'o, V: Value>(
        &self,
        operands: &'o [V],
    ) -> Result<ReadCall<'n, 'o, V>, ReadError<'n>> {
        self.checked(operands, false)
    }

    /// Reads a call of this shape ([`read_call`](Self::read_call)) into the reader of its op,
    /// as [`read_op`] does.
    pub fn read_op<'o, V: Value>(&self, operands: &'o [V]) -> Result<AnyOp<'o, V>, ReadError<'n>> {
        // The reader checks the immediates it reads as constants as `read_call` would, so they
        // are left to it; any error takes the whole way round, so that the error is the one
        // `read_call` then the reader give.
        // (the call and the op are borrowed and returned as they are, not moved: both are large)
        if let Ok(call) = &self.checked(operands, true) {
            let read = AnyOp::read(call);
            if read.is_ok() {
                return read;
            }
        }
        AnyOp::read(&self.read_call(operands)?)
    }

    /// The checks of [`Self::read_call`], but those of the immediates the op's reader checks
    /// itself when `leave_to_reader` ([`reader_checks`]).
    fn checked<'o, V: Value>(
        &self,
        operands: &'o [V],
        leave_to_reader: bool,
    ) -> Result<ReadCall<'n, 'o, V>, ReadError<'n>> {
        let op = self.op;
        let (first, rest) = operands.split_first().ok_or(ReadError::NoOpcode)?;
        if first.int_constant().and_then(opcode_of) != Some(op.opcode) {
            return Err(ReadError::OtherShape { op: op.name });
        }
        let params = one_per_param(op, rest.len())?;
        // only the parameters where a constant can be wrong or is needed (and that the
        // reader leaves unchecked), then the one whose type is wrong, in order
        let mut todo = if leave_to_reader {
            self.constants_left
        } else {
            self.constants
        };
        if let Some((at, _)) = self.type_error {
            todo |= 1 << at;
        }
        while todo != 0 {
            let i = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            if let Some((at, e)) = self.type_error
                && at == i
            {
                return Err(e);
            }
            let (Some(p), Some(v)) = (params.get(i), rest.get(i)) else {
                break;
            };
            let bits = self.widths.get(i).copied().unwrap_or(0);
            let is_constant =
                crate::dynamic::value_fits(p, v, bits).map_err(|error| ReadError::Constant {
                    op: op.name,
                    param: p.name,
                    error,
                })?;
            if p.immediate && !is_constant {
                return Err(ReadError::NotConstant {
                    op: op.name,
                    param: p.name,
                });
            }
        }
        Ok(ReadCall {
            op,
            function: self.function,
            operands: rest,
        })
    }
}

/// Whether the generated reader of a parameter's op reads its operand as a constant and checks
/// it as [`read_call`] does (an immediate of a fixed LLVM type or a struct type, or of an
/// enumeration): `constant`, `words`.
fn reader_checks(p: &ParamInfo) -> bool {
    p.immediate
        && (p.enumeration.is_some()
            || matches!(p.ty.kind, TypeKind::Llvm(_) | TypeKind::Struct { .. }))
}

/// The parameters of `op`, when a call has `operands` operands after the opcode, one for each.
fn one_per_param(
    op: &'static OpInfo,
    operands: usize,
) -> Result<&'static [ParamInfo], ReadError<'static>> {
    let params = op.signature.params;
    if operands != params.len() {
        return Err(ReadError::OperandCount {
            op: op.name,
            expected: params.len(),
            found: operands,
        });
    }
    Ok(params)
}

/// The opcode an `i32` constant holds (a negative one as its unsigned bits).
fn opcode_of(constant: i64) -> Option<u32> {
    u32::try_from(constant)
        .ok()
        .or_else(|| i32::try_from(constant).ok().map(|v| v as u32))
}

/// The op of the opcode an `i32` constant holds.
fn opcode_op(constant: i64) -> Option<&'static OpInfo> {
    opcode_of(constant)
        .and_then(crate::Op::from_opcode)
        .map(crate::Op::info)
}

/// Reads a call of the function `callee` (without `@`) with `operands`, the opcode first: the
/// op of the opcode, which must be of the function's class, and one operand per parameter, each
/// of its parameter's type when the value knows its type ([`Value::llvm_type`]), an integer
/// constant for an immediate parameter. The function name may have any overload of the right
/// kind (whether the op allows it at a version is a question for a validator); the overloads
/// the operands' types show are read from them (struct names with dots, the address space of
/// a pointer to a user-defined struct: [`crate::parse_function_name_lenient_typed`]).
///
/// A reader of many calls of the same functions makes each [`CallShape`] once instead.
pub fn read_call<'n, 'o, V: Value>(
    callee: &'n str,
    operands: &'o [V],
) -> Result<ReadCall<'n, 'o, V>, ReadError<'n>> {
    CallShape::new(callee, operands)?.read_call(operands)
}

/// The generated readers: for every op, a struct of the operands of its calls named as its
/// parameters (`Sample { srv, sampler, coord0, ... }`), immediates decoded into their
/// enumerations (`WaveActiveOp { value, op: WaveOpKind, sop: SignedOpKind }`), flags into their
/// flag types and constant structs into their words; each an [`OpReader`] and `Display`ed as
/// `Sample { srv: %h, ... }`. [`AnyOp`] is any of them.
pub mod ops {
    pub use crate::generated::readers::*;
}

pub use ops::AnyOp;

/// Reads a call (see [`read_call`]) into the reader of its op: one step from a function name and
/// operands to named, decoded operands.
///
/// ```
/// use dxil_ops::TypedValue;
/// use dxil_ops::enums::WaveOpKind;
/// use dxil_ops::read::{AnyOp, read_op};
///
/// // call float @dx.op.waveActiveOp.f32(i32 119, float %v, i8 0, i8 1)
/// let operands = [
///     TypedValue::new("i32", "119"),
///     TypedValue::new("float", "%v"),
///     TypedValue::new("i8", "0"),
///     TypedValue::new("i8", "1"),
/// ];
/// let call = read_op("dx.op.waveActiveOp.f32", &operands)?;
/// assert_eq!(call.to_string(), "WaveActiveOp { value: %v, op: Sum, sop: Unsigned }");
/// let AnyOp::WaveActiveOp(w) = call else { unreachable!() };
/// assert_eq!((w.value.value, w.op), ("%v", WaveOpKind::Sum));
/// # Ok::<(), dxil_ops::read::ReadError<'static>>(())
/// ```
pub fn read_op<'n, 'o, V: Value>(
    callee: &'n str,
    operands: &'o [V],
) -> Result<AnyOp<'o, V>, ReadError<'n>> {
    AnyOp::read(&read_call(callee, operands)?)
}

/// The operand of parameter `index` of a call that [`read_call`] accepted.
#[doc(hidden)]
pub fn operand<'o, V>(
    call: &ReadCall<'_, 'o, V>,
    index: usize,
) -> Result<&'o V, ReadError<'static>> {
    call.operands.get(index).ok_or(ReadError::OperandCount {
        op: call.op.name,
        expected: call.op.signature.params.len(),
        found: call.operands.len(),
    })
}

/// The integer constant of parameter `index`, read at its type's width as an unsigned number
/// (`i8 -1` is 255, `i1 -1` is 1): the parameter's type for the function's overloads, else
/// the value's own; a value that does not fit it is an error, never truncated.
fn constant<V: Value>(call: &ReadCall<'_, '_, V>, index: usize) -> Result<u64, ReadError<'static>> {
    let p = call.op.signature.params.get(index);
    let param = p.map_or("", |p| p.name);
    let v = operand(call, index)?;
    let n = v.int_constant().ok_or(ReadError::NotConstant {
        op: call.op.name,
        param,
    })?;
    let bits = p
        .and_then(|p| resolve(p.ty, &call.function.overloads, Precision::Native).ok())
        .and_then(|t| crate::dynamic::int_bits(&t))
        .or_else(|| v.llvm_type().and_then(crate::constant::int_width))
        .unwrap_or(64);
    if !crate::constant::fits_width(n, bits) {
        return Err(ReadError::Constant {
            op: call.op.name,
            param,
            error: crate::constant::ConstantError::Width {
                field: None,
                bits,
                value: n,
            },
        });
    }
    Ok(crate::constant::at_width(n, bits))
}

/// The error of a constant that is not a value of `enumeration` (or does not fit the Rust type
/// of its parameter).
fn not_a_value<V>(
    call: &ReadCall<'_, '_, V>,
    index: usize,
    enumeration: &'static str,
    value: u64,
) -> ReadError<'static> {
    ReadError::Value {
        op: call.op.name,
        param: call.op.signature.params.get(index).map_or("", |p| p.name),
        enumeration,
        value: value as i64,
    }
}

/// The integer constant of parameter `index` as a `T` (`u8`, `u32`, `bool`, ...), read at its
/// type's width (`i8 -1` is 255, `i1 true` and `i1 -1` are `true`); a value that does not fit
/// the type (`i1 2`) is an error, not another value.
#[doc(hidden)]
pub fn int<V: Value, T: FromConstant>(
    call: &ReadCall<'_, '_, V>,
    index: usize,
) -> Result<T, ReadError<'static>> {
    let v = constant(call, index)?;
    T::from_constant(v).ok_or_else(|| not_a_value(call, index, T::NAME, v))
}

/// The name of the enumeration of parameter `index`.
fn enumeration<V>(call: &ReadCall<'_, '_, V>, index: usize) -> &'static str {
    call.op
        .signature
        .params
        .get(index)
        .and_then(|p| p.enumeration)
        .unwrap_or("its enumeration")
}

/// The constant of parameter `index` as a value of a plain enumeration.
#[doc(hidden)]
pub fn plain<V: Value, E>(
    call: &ReadCall<'_, '_, V>,
    index: usize,
    from_value: fn(i64) -> Option<E>,
) -> Result<E, ReadError<'static>> {
    let v = constant(call, index)?;
    i64::try_from(v)
        .ok()
        .and_then(from_value)
        .ok_or_else(|| not_a_value(call, index, enumeration(call, index), v))
}

/// The constant of parameter `index` as a combination of flags.
#[doc(hidden)]
pub fn flags<V: Value, E>(
    call: &ReadCall<'_, '_, V>,
    index: usize,
    from_bits: fn(u32) -> Option<E>,
) -> Result<E, ReadError<'static>> {
    let v = constant(call, index)?;
    u32::from_constant(v)
        .and_then(from_bits)
        .ok_or_else(|| not_a_value(call, index, enumeration(call, index), v))
}

/// The fields of the constant struct of parameter `index` (`%dx.types.ResBind { ... }`).
#[doc(hidden)]
pub fn words<V: Value, const N: usize>(
    call: &ReadCall<'_, '_, V>,
    index: usize,
) -> Result<[u32; N], ReadError<'static>> {
    let p = call.op.signature.params.get(index);
    let param = p.map_or("", |p| p.name);
    let not_constant = ReadError::NotConstant {
        op: call.op.name,
        param,
    };
    // matched rather than turned into a `Result`, which would copy the constant once more
    let Some(c) = operand(call, index)?.struct_constant() else {
        return Err(not_constant);
    };
    let fields = c
        .decode(p.ok_or(not_constant)?.ty)
        .map_err(|error| ReadError::Constant {
            op: call.op.name,
            param,
            error,
        })?;
    let mut out = [0u32; N];
    if usize::from(fields.len()) != N {
        return Err(not_constant);
    }
    for (o, &f) in out.iter_mut().zip(fields.values()) {
        *o = u32::try_from(f).map_err(|_| not_a_value(call, index, "u32", f as u64))?;
    }
    Ok(out)
}

/// A Rust integer type an immediate operand is read as.
pub trait FromConstant: Sized {
    /// The type's name, for messages.
    const NAME: &'static str;
    /// The constant, read at its LLVM type's width as an unsigned number
    /// ([`crate::constant::at_width`]), as this type, if it fits.
    fn from_constant(v: u64) -> Option<Self>;
}

macro_rules! from_constant {
    ($($t:ty),*) => {$(
        impl FromConstant for $t {
            const NAME: &'static str = stringify!($t);
            fn from_constant(v: u64) -> Option<Self> {
                <$t>::try_from(v).ok()
            }
        }
    )*};
}

from_constant!(u8, u16, u32, u64);

impl FromConstant for bool {
    const NAME: &'static str = "bool";
    /// 0 is `false`, 1 `true` (an `i1` read at its width is one of them).
    fn from_constant(v: u64) -> Option<Self> {
        match v {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }
}

/// A reader of one op: the operands of its calls as named, typed fields.
pub trait OpReader<'o, V>: Sized {
    /// The op.
    const OP: crate::Op;

    /// The fields of a call read by [`read_call`]; an error when the call is of another op or
    /// an immediate does not fit its type.
    fn read(call: &ReadCall<'_, 'o, V>) -> Result<Self, ReadError<'static>>;
}

/// Display of a reader's fields: `Name { a: x, b: y }` (the op's name and its parameters'
/// names as the database writes them), `Name {}` without fields.
#[doc(hidden)]
pub fn write_fields(
    f: &mut fmt::Formatter<'_>,
    op: &OpInfo,
    fields: &[&dyn fmt::Display],
) -> fmt::Result {
    f.write_str(op.name)?;
    f.write_str(" {")?;
    for (i, (p, v)) in op.signature.params.iter().zip(fields).enumerate() {
        f.write_str(if i == 0 { " " } else { ", " })?;
        write!(f, "{}: {v}", p.name)?;
    }
    f.write_str(if fields.is_empty() { "}" } else { " }" })
}

/// Display of the fields of a constant struct: `[0, 3, 0, 1]`.
#[doc(hidden)]
pub struct Words<'w>(pub &'w [u32]);

impl fmt::Display for Words<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.0)
    }
}

/// The type of a field of kind `$kind`.
#[doc(hidden)]
#[macro_export]
macro_rules! __reader_field_ty {
    ($o:lifetime, $v:ident; value) => {
        &$o $v
    };
    ($o:lifetime, $v:ident; words($n:literal)) => {
        [u32; $n]
    };
    ($o:lifetime, $v:ident; $kind:ident($t:ty)) => {
        $t
    };
}

/// Reads one field of kind `$kind`.
#[doc(hidden)]
#[macro_export]
macro_rules! __reader_field_read {
    ($call:ident, $i:expr; value) => {
        $crate::read::operand($call, $i)?
    };
    ($call:ident, $i:expr; int($t:ty)) => {
        $crate::read::int::<_, $t>($call, $i)?
    };
    ($call:ident, $i:expr; plain($t:ty)) => {
        $crate::read::plain($call, $i, <$t>::from_value)?
    };
    ($call:ident, $i:expr; flags($t:ty)) => {
        $crate::read::flags($call, $i, <$t>::from_bits)?
    };
    ($call:ident, $i:expr; words($n:literal)) => {
        $crate::read::words($call, $i)?
    };
}

/// Displays one field.
#[doc(hidden)]
#[macro_export]
macro_rules! __reader_field_show {
    ($v:expr, words) => {
        &$crate::read::Words(&$v) as &dyn core::fmt::Display
    };
    ($v:expr, $kind:ident) => {
        &$v as &dyn core::fmt::Display
    };
}

/// The readers of a table of ops (each field `name: KIND`, the kind one of `value` (a `&V`),
/// `int(u8)` (an integer type), `plain(Enum)`, `flags(Flags)`, `words(4)` (the fields of a
/// constant struct)): for each op a struct of its operands as named fields, its
/// [`OpReader`] and `Display` (`Sin { value: %x }`), and one enum of them all with a function
/// that reads any call. What generated code invokes.
#[doc(hidden)]
#[macro_export]
macro_rules! __readers {
    (
        $(#[$any_doc:meta])* $any:ident;
        $(
            $(#[$doc:meta])*
            $op:ident { $($field:ident: $kind:ident $(($($arg:tt)*))?),* $(,)? }
        )*
    ) => {
        $(
            #[doc = concat!(
                "The operands of a call of [`", stringify!($op), "`](dxil_ops::Op::",
                stringify!($op), "), one field per parameter of the op (see its builder for what \
                each is).",
            )]
            $(#[$doc])*
            #[allow(non_camel_case_types)]
            pub struct $op<'o, V> {
                $(
                    #[doc = concat!("Operand `", stringify!($field), "`.")]
                    pub $field: $crate::__reader_field_ty!('o, V; $kind $(($($arg)*))?),
                )*
                #[doc(hidden)]
                pub __operands: core::marker::PhantomData<&'o V>,
            }

            // by hand: `derive` does not take fields whose type a macro writes
            impl<V> core::clone::Clone for $op<'_, V> {
                fn clone(&self) -> Self {
                    *self
                }
            }

            impl<V> core::marker::Copy for $op<'_, V> {}

            impl<V: core::fmt::Debug> core::fmt::Debug for $op<'_, V> {
                fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                    f.debug_struct(stringify!($op))
                        $(.field(stringify!($field), &self.$field))*
                        .finish()
                }
            }

            impl<V: core::cmp::PartialEq> core::cmp::PartialEq for $op<'_, V> {
                #[allow(unused_variables)]
                fn eq(&self, other: &Self) -> bool {
                    true $(&& self.$field == other.$field)*
                }
            }

            impl<V: core::cmp::Eq> core::cmp::Eq for $op<'_, V> {}

            impl<'o, V: $crate::Value> $crate::read::OpReader<'o, V> for $op<'o, V> {
                const OP: $crate::Op = $crate::Op::$op;

                #[allow(unused_mut, unused_variables, unused_assignments)]
                fn read(
                    call: &$crate::read::ReadCall<'_, 'o, V>,
                ) -> core::result::Result<Self, $crate::read::ReadError<'static>> {
                    if call.op.opcode != $crate::Op::$op.opcode() {
                        return core::result::Result::Err($crate::read::ReadError::Class {
                            op: $crate::Op::$op.name(),
                            expected: $crate::Op::$op.info().class.name,
                            found: call.op.class.name,
                        });
                    }
                    let mut i = 0usize;
                    $(
                        let $field: $crate::__reader_field_ty!('o, V; $kind $(($($arg)*))?) =
                            $crate::__reader_field_read!(call, i; $kind $(($($arg)*))?);
                        i += 1;
                    )*
                    core::result::Result::Ok($op { $($field,)* __operands: core::marker::PhantomData })
                }
            }

            impl<V: core::fmt::Display> core::fmt::Display for $op<'_, V> {
                fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                    $crate::read::write_fields(
                        f,
                        $crate::Op::$op.info(),
                        &[$($crate::__reader_field_show!(self.$field, $kind)),*],
                    )
                }
            }
        )*

        $(#[$any_doc])*
        #[derive(core::clone::Clone, core::marker::Copy, core::fmt::Debug, core::cmp::PartialEq, core::cmp::Eq)]
        #[allow(non_camel_case_types)]
        pub enum $any<'o, V> {
            $(
                #[doc = concat!("A call of [`", stringify!($op), "`](dxil_ops::Op::", stringify!($op), ").")]
                $op($op<'o, V>),
            )*
        }

        impl<'o, V: $crate::Value> $any<'o, V> {
            /// The operands of a call read by [`read_call`](crate::read::read_call), with the
            /// reader of its op.
            pub fn read(
                call: &$crate::read::ReadCall<'_, 'o, V>,
            ) -> core::result::Result<Self, $crate::read::ReadError<'static>> {
                use $crate::read::OpReader as _;
                match $crate::Op::from_opcode(call.op.opcode) {
                    $(core::option::Option::Some($crate::Op::$op) => $op::read(call).map($any::$op),)*
                    _ => core::result::Result::Err($crate::read::ReadError::Opcode(i64::from(call.op.opcode))),
                }
            }
        }

        impl<V: core::fmt::Display> core::fmt::Display for $any<'_, V> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                match self {
                    $($any::$op(r) => core::fmt::Display::fmt(r, f),)*
                }
            }
        }
    };
}

#[cfg(test)]
mod reader_tests {
    extern crate alloc;
    use super::*;
    use crate::TypedValue;
    use alloc::string::ToString;

    crate::__readers! {
        /// Any of the test readers.
        Any;
        /// Sin.
        Sin { value: value }
        /// WaveActiveOp.
        WaveActiveOp {
            value: value,
            op: plain(crate::enums::WaveOpKind),
            sop: plain(crate::enums::SignedOpKind),
        }
        /// CreateHandleFromBinding.
        CreateHandleFromBinding { bind: words(4), index: value, non_uniform_index: int(bool) }
        /// Barrier.
        Barrier { barrier_mode: flags(crate::enums::BarrierMode) }
        /// RawBufferLoad.
        RawBufferLoad { srv: value, index: value, element_offset: value, mask: int(u8), alignment: int(u32) }
    }

    fn t<'a>(ty: &'a str, v: &'a str) -> TypedValue<'a> {
        TypedValue::new(ty, v)
    }

    #[test]
    fn readers_name_and_decode_operands() {
        let ops = [
            t("i32", "119"),
            t("float", "%y"),
            t("i8", "0"),
            t("i8", "1"),
        ];
        let call = read_call("dx.op.waveActiveOp.f32", &ops).unwrap();
        let w = WaveActiveOp::read(&call).unwrap();
        assert_eq!(w.op, crate::enums::WaveOpKind::Sum);
        assert_eq!(w.value.value, "%y");
        assert_eq!(
            Any::read(&call).unwrap().to_string(),
            "WaveActiveOp { value: %y, op: Sum, sop: Unsigned }"
        );
        // another op's reader refuses the call
        assert!(Sin::read(&call).is_err());
        // a value outside the enumeration
        let bad = [
            t("i32", "119"),
            t("float", "%y"),
            t("i8", "77"),
            t("i8", "1"),
        ];
        let call = read_call("dx.op.waveActiveOp.f32", &bad).unwrap();
        assert_eq!(
            WaveActiveOp::read(&call).unwrap_err().to_string(),
            "operand `op` of WaveActiveOp: 77 is not a value of WaveOpKind"
        );
        let ops = [
            t("i32", "217"),
            t("%dx.types.ResBind", "{ i32 0, i32 3, i32 0, i8 1 }"),
            t("i32", "%i"),
            t("i1", "false"),
        ];
        let call = read_call("dx.op.createHandleFromBinding", &ops).unwrap();
        let c = CreateHandleFromBinding::read(&call).unwrap();
        assert_eq!(c.bind, [0, 3, 0, 1]);
        assert_eq!(
            c.to_string(),
            "CreateHandleFromBinding { bind: [0, 3, 0, 1], index: %i, nonUniformIndex: false }"
        );
        let ops = [t("i32", "80"), t("i32", "9")];
        let call = read_call("dx.op.barrier", &ops).unwrap();
        assert_eq!(
            Any::read(&call).unwrap().to_string(),
            "Barrier { barrierMode: SyncThreadGroup|TGSMFence }"
        );
        let ops = [
            t("i32", "139"),
            t("%dx.types.Handle", "%h"),
            t("i32", "0"),
            t("i32", "undef"),
            t("i8", "-1"),
            t("i32", "4"),
        ];
        let call = read_call("dx.op.rawBufferLoad.f32", &ops).unwrap();
        assert_eq!(RawBufferLoad::read(&call).unwrap().mask, 255);
    }
}

#[cfg(test)]
mod shape_tests {
    extern crate alloc;
    use super::*;
    use crate::TypedValue;
    use alloc::vec::Vec;

    fn t<'a>(ty: &'a str, v: &'a str) -> TypedValue<'a> {
        TypedValue::new(ty, v)
    }

    /// Calls with every kind of constant right and wrong, alone and together: a kept shape
    /// reads each as `read_op` does, the same op or the same first error.
    #[test]
    fn shape_reads_as_read_op_with_wrong_constants() {
        let wave = |op, sop| [t("i32", "119"), t("float", "%v"), t("i8", op), t("i8", sop)];
        let bind = |b, i, nu| {
            [
                t("i32", "217"),
                t("%dx.types.ResBind", b),
                t("i32", i),
                t("i1", nu),
            ]
        };
        let load = |c, mask, align| {
            [
                t("i32", "139"),
                t("%dx.types.Handle", "%h"),
                t("i32", c),
                t("i32", "undef"),
                t("i8", mask),
                t("i32", align),
            ]
        };
        let mut cases: Vec<(&str, Vec<TypedValue<'_>>)> = Vec::new();
        for (op, sop) in [
            ("0", "1"),
            ("9", "1"),
            ("0", "7"),
            ("%x", "1"),
            ("300", "%y"),
            ("9", "7"),
            ("9", "%y"),
        ] {
            cases.push(("dx.op.waveActiveOp.f32", wave(op, sop).to_vec()));
        }
        for (b, i, nu) in [
            ("{ i32 0, i32 3, i32 0, i8 1 }", "%i", "false"),
            ("zeroinitializer", "%i", "true"),
            ("{ i32 0, i32 3, i32 0 }", "%i", "false"),
            ("{ i32 0, i32 3, i32 0, i8 1 }", "%i", "%nu"),
            ("{ i32 0, i32 3, i32 0, i8 1 }", "%i", "2"),
            ("{ i32 0, i32 3, i32 0, i8 300 }", "%i", "%nu"),
            ("%b", "%i", "false"),
            ("%b", "%i", "%nu"),
        ] {
            cases.push(("dx.op.createHandleFromBinding", bind(b, i, nu).to_vec()));
        }
        for (c, mask, align) in [
            ("0", "-1", "4"),
            ("%c", "15", "4"),
            ("i", "%m", "4"),
            ("0", "256", "%a"),
            ("0", "15", "4294967296"),
        ] {
            cases.push(("dx.op.rawBufferLoad.f32", load(c, mask, align).to_vec()));
        }
        for (name, ops) in &cases {
            // the shape of the first, well-formed call of the function (as a reader keeps it)
            let first = cases.iter().find(|(n, _)| n == name).map(|(_, o)| o);
            let shape = CallShape::new(name, first.expect("a call")).expect("a shape");
            assert_eq!(shape.read_op(ops), read_op(name, ops), "{name} {ops:?}");
        }
    }
}
