//! Why bitcode cannot be decoded: [`DecodeError`], the bit offset of the record (or block)
//! that could not be decoded, what the decoder expected there and what was wrong.

use std::fmt;

use crate::bitstream;

/// Bitcode that cannot be decoded into a module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError {
    /// Offset in bits from the start of the input (a bitcode wrapper header included) of the
    /// record, block or field that could not be decoded.
    pub bit: u64,
    /// What the decoder was reading there: a block, or a record with its layout
    /// (`INST_CALL [paramattrs, cc, fnty, callee, args...]`).
    pub expected: &'static str,
    /// What is wrong.
    pub kind: ErrorKind,
}

impl DecodeError {
    pub(crate) fn new(bit: u64, expected: &'static str, kind: ErrorKind) -> Self {
        DecodeError {
            bit,
            expected,
            kind,
        }
    }

    /// The offset in bytes (rounded down) and the bit within that byte.
    pub fn byte_and_bit(&self) -> (u64, u8) {
        (self.bit / 8, (self.bit % 8) as u8)
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::Bitstream(e) => return write!(f, "bitstream: {e}"),
            // the container reader's message says what it expected
            ErrorKind::Container(e) => {
                return write!(f, "bit {} (byte {}): {}", self.bit, self.bit / 8, e.kind);
            }
            _ => {}
        }
        write!(
            f,
            "bit {} (byte {}): {}: {}",
            self.bit,
            self.bit / 8,
            self.expected,
            self.kind
        )
    }
}

impl std::error::Error for DecodeError {}

/// What is wrong at the place a [`DecodeError`] names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The bitstream under the bitcode cannot be read (its own offset and field).
    Bitstream(bitstream::Error),
    /// The input is not bitcode, or the DXBC container or bitcode wrapper header around the
    /// bitcode cannot be read (a container without a program part, a wrapper whose offset or
    /// size does not fit the input, contents that are no bitcode), as
    /// [`crate::container::find_bitcode`] says.
    Container(crate::container::Error),
    /// No `MODULE_BLOCK` at the top level.
    NoModule,
    /// A block that may appear once appears again.
    Repeated,
    /// A record with fewer operands than its layout needs.
    TooFewOperands {
        /// Operands needed (at least).
        needed: usize,
        /// Operands present.
        found: usize,
    },
    /// A record with a number of operands its layout does not allow.
    OperandCount {
        /// Operands present.
        found: usize,
    },
    /// An operand whose value is not allowed there.
    BadValue {
        /// The operand.
        field: &'static str,
        /// Its value.
        value: u64,
    },
    /// An id that names nothing: a type, value, metadata, block, instruction, section,
    /// attribute list, comdat or garbage-collector name beyond those defined.
    OutOfRange {
        /// What the id names.
        what: &'static str,
        /// The id.
        id: u64,
        /// How many there are.
        count: u64,
    },
    /// A relative operand id larger than the number of the instruction it appears in, which
    /// refers to no value this function has or can define.
    RelativeUnderflow {
        /// The relative id.
        relative: u64,
        /// The value number of the instruction.
        next: u64,
    },
    /// A forward reference to a value the function never defines.
    NeverDefined {
        /// The value id.
        id: u64,
    },
    /// A type other than the one the place needs.
    WrongType {
        /// The operand or value.
        field: &'static str,
        /// What was needed.
        needed: &'static str,
    },
    /// A type table entry that refers to a later entry that is not a named struct (only
    /// named structs may be referred to before they are defined, so a cycle of types always
    /// goes through one).
    ForwardTypeNotStruct {
        /// The type id referred to early.
        id: u64,
    },
    /// A constant whose operands lead back to itself.
    ConstantCycle {
        /// The value id of the constant.
        id: u64,
    },
    /// A record code this block does not have.
    UnknownRecord(u64),
    /// An attribute kind number LLVM does not have.
    UnknownAttribute(u64),
    /// A string operand that is not terminated or holds a value over 255.
    BadString,
    /// Something LLVM 3.7 bitcode may hold that DXIL forbids (`invoke`, `landingpad`,
    /// `resume`, `indirectbr`, `va_arg`).
    NotDxil(&'static str),
    /// Something this decoder does not decode (an old record form, inline assembly, a
    /// block address, an alias), named.
    Unsupported(&'static str),
    /// The function bodies do not match the functions the module defines.
    Bodies(&'static str),
    /// A function body whose blocks do not end as declared.
    Blocks {
        /// Blocks declared (`DECLAREBLOCKS`).
        declared: u64,
        /// Blocks ended by a terminator.
        ended: u64,
    },
    /// A table of the module is full (more than 4 GiB of names, or ids past 32 bits).
    Full(&'static str),
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Bitstream(e) => write!(f, "{e}"),
            ErrorKind::Container(e) => write!(f, "{e}"),
            ErrorKind::NoModule => f.write_str("no MODULE_BLOCK"),
            ErrorKind::Repeated => f.write_str("a block that may appear only once appears again"),
            ErrorKind::TooFewOperands { needed, found } => {
                write!(f, "{found} operands, at least {needed} needed")
            }
            ErrorKind::OperandCount { found } => {
                write!(f, "{found} operands, which the layout does not allow")
            }
            ErrorKind::BadValue { field, value } => write!(f, "{field} {value} is not allowed"),
            ErrorKind::OutOfRange { what, id, count } => {
                write!(f, "{what} {id} does not exist ({count} defined)")
            }
            ErrorKind::RelativeUnderflow { relative, next } => write!(
                f,
                "relative operand id {relative} at value number {next} refers to no value (it underflows)"
            ),
            ErrorKind::NeverDefined { id } => write!(
                f,
                "forward reference to value {id}, which the function never defines"
            ),
            ErrorKind::WrongType { field, needed } => write!(f, "{field} must be {needed}"),
            ErrorKind::ForwardTypeNotStruct { id } => write!(
                f,
                "type {id} is referred to before it is defined but is not a named struct"
            ),
            ErrorKind::ConstantCycle { id } => {
                write!(f, "constant {id} refers to itself through its operands")
            }
            ErrorKind::UnknownRecord(code) => write!(f, "unknown record code {code}"),
            ErrorKind::UnknownAttribute(kind) => write!(f, "unknown attribute kind {kind}"),
            ErrorKind::BadString => {
                f.write_str("a string operand that is not terminated or has a value over 255")
            }
            ErrorKind::NotDxil(what) => write!(f, "{what}: LLVM has it, DXIL forbids it"),
            ErrorKind::Unsupported(what) => write!(f, "{what} is not decoded"),
            ErrorKind::Bodies(what) => f.write_str(what),
            ErrorKind::Blocks { declared, ended } => write!(
                f,
                "the function declares {declared} blocks but {ended} end with a terminator"
            ),
            ErrorKind::Full(what) => write!(f, "too many {what}"),
        }
    }
}
