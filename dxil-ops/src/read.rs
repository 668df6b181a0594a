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
use crate::info::{OpInfo, ParamInfo, Precision};
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

/// Whether `t` is the type of parameter `p` for the function's overloads, with native 16-bit
/// types or their minimum-precision stand-ins.
fn type_fits(p: &ParamInfo, f: &FunctionName<'_>, t: &str) -> bool {
    [Precision::Native, Precision::Min].iter().any(|prec| {
        resolve(p.ty, &f.overloads, *prec).is_ok_and(|r| crate::display_eq(r, t.trim()))
    })
}

/// Reads a call of the function `callee` (without `@`) with `operands`, the opcode first: the
/// op of the opcode, which must be of the function's class, and one operand per parameter, each
/// of its parameter's type when the value knows its type ([`Value::llvm_type`]), an integer
/// constant for an immediate parameter. The function name may have any overload of the right
/// kind (whether the op allows it at a version is a question for a validator).
pub fn read_call<'n, 'o, V: Value>(
    callee: &'n str,
    operands: &'o [V],
) -> Result<ReadCall<'n, 'o, V>, ReadError<'n>> {
    let function = crate::parse_function_name_lenient(callee).map_err(ReadError::Name)?;
    let (first, rest) = operands.split_first().ok_or(ReadError::NoOpcode)?;
    let opcode = first.int_constant().ok_or(ReadError::NoOpcode)?;
    let op = u32::try_from(opcode)
        .ok()
        .or_else(|| i32::try_from(opcode).ok().map(|v| v as u32))
        .and_then(crate::Op::from_opcode)
        .map(crate::Op::info)
        .ok_or(ReadError::Opcode(opcode))?;
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
    let params = op.signature.params;
    if rest.len() != params.len() {
        return Err(ReadError::OperandCount {
            op: op.name,
            expected: params.len(),
            found: rest.len(),
        });
    }
    for (p, v) in params.iter().zip(rest) {
        if let Some(t) = v.llvm_type()
            && !type_fits(p, &function, t)
        {
            let expected = resolve(p.ty, &function.overloads, Precision::Native)
                .map_err(|_| ReadError::Signature { op: op.name })?;
            return Err(ReadError::OperandType {
                op: op.name,
                param: p.name,
                expected,
            });
        }
        let constant = match p.ty.kind {
            crate::info::TypeKind::Struct { .. } => v.struct_constant().is_some(),
            _ => v.int_constant().is_some(),
        };
        if p.immediate && !constant {
            return Err(ReadError::NotConstant {
                op: op.name,
                param: p.name,
            });
        }
    }
    Ok(ReadCall {
        op,
        function,
        operands: rest,
    })
}
