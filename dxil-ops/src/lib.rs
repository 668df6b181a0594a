//! Typed DXIL operations, generated from `ops.toml`: opcodes, property tables, function names,
//! signatures and call builders.
//!
//! ```
//! use dxil_ops::{DxilVersion, Op, Overload, ScalarType, ShaderKind, Target};
//!
//! // Properties, in O(1) and without allocation.
//! let v16 = DxilVersion::new(1, 6);
//! assert!(Op::DerivCoarseX.stages_at(v16).contains(ShaderKind::Compute));
//! assert!(!Op::CreateHandle.is_available_at(v16));
//!
//! // Function names both ways.
//! let name = Op::Sin.function_name(ScalarType::F32);
//! assert_eq!(name.to_string(), "dx.op.unary.f32");
//! let parsed = dxil_ops::parse_function_name("dx.op.rawBufferVectorLoad.v4f32").unwrap();
//! assert_eq!(parsed.class().name, "RawBufferVectorLoad");
//!
//! // A checked call, with the caller's own value type.
//! let target = Target::new(v16).with_stage(ShaderKind::Pixel);
//! let call = dxil_ops::build::sin(&target, Overload::Scalar(ScalarType::F32), "%x").unwrap();
//! let mut text = String::new();
//! dxil_ops::ir::write_call(&mut text, Some("y"), &call).unwrap();
//! assert_eq!(text, "%y = call float @dx.op.unary.f32(i32 13, float %x)");
//! ```
//!
//! The LLVM intrinsic map ([`intrinsic`]) says which op(s) an LLVM intrinsic of the DirectX
//! backend is lowered to at a DXIL version and where their operands come from;
//! [`call::build_dynamic`] builds a call of an op chosen at run time with the builders' checks;
//! [`read::read_op`] reads a call into the generated reader of its op (operands named, immediates
//! decoded).
//!
//! The crate works without `std`; the `std` feature (default) adds `std::error::Error`
//! implementations. The `macros` feature (off by default) adds `op!`, an op checked against the
//! database while the program is compiled, and `include_ops!`, this API for a downstream
//! crate's extension of the database (e.g. a vendor op table): see `dxil-ops-macro`. Turn it on
//! with `dxil-ops = { version = "0.1", features = ["macros"] }`.

#![no_std]

#[cfg(feature = "alloc")]
extern crate alloc;
// `::dxil_ops` paths, which the macros expand to, work inside this crate too.
extern crate self as dxil_ops;
#[cfg(feature = "std")]
extern crate std;

mod attr;
pub mod call;
mod checked;
pub mod constant;
pub mod constraint;
mod dynamic;
mod fmt_util;
mod generated;
pub mod info;
pub mod intrinsic;
pub mod ir;
mod llvm;
mod message;
#[cfg(feature = "alloc")]
pub mod module;
pub mod name;
mod name_map;
mod overload;
pub mod read;
pub mod resource;
mod rows;
mod sig;
mod sigpoint;
mod stage;
pub mod ty;
pub mod version;

use core::fmt;

pub use attr::AttributeSet;
pub use call::{BuildError, Call, Operand, Target, TypedValue, Value};
pub use checked::CheckedOp;
pub use dxil_base::{BadDxilVersion, BadShaderModel, DxilVersion, ShaderModel};
#[cfg(feature = "macros")]
pub use dxil_ops_macro::{include_ops, op};
pub use fmt_util::display_eq;
pub use generated::classes::{OpClass, STEMS};
pub use generated::ops::{OPS, Op, OpTable, op_info, parse_function_name};
pub use generated::vocab::{
    ATTRIBUTES, Attribute, DATABASE_FINGERPRINT, DXIL_VERSIONS, OVERLOAD_TYPES, STAGES, ScalarType,
    ShaderKind, VERSION_COUNT, version_slot,
};
pub use info::{OpInfo, Precision};
pub use llvm::LlvmInstructionInfo;
pub use message::{ArgumentCount, RuleMessage};
pub use name::{FunctionName, NameError};
pub use name_map::{NameKey, NameMap};
pub use overload::{
    MAX_ADDRESS_SPACE, MAX_VECTOR_WIDTH, Overload, OverloadSet, OverloadSpec, Overloads, StructName,
};
pub use sig::{Declaration, Signature, SignatureError};
pub use sigpoint::{Interpretation, SigPointInfo};
pub use stage::StageSet;
pub use version::VersionError;

/// Call builders: one function per op (`Sample` → [`build::sample`]). Each checks that the op
/// exists at the target's DXIL version, that the overloads and the target's stage are allowed
/// then, and the ranges of immediate operands.
pub mod build {
    pub use crate::generated::builders::*;
}

/// Op classes: one row per class ([`OpClass::info`]), named `CLASS_<NAME>`.
pub mod classes {
    pub use crate::generated::classes::*;
}

/// DXIL enumerations (`db/enums.toml`): Rust enums, and flag types for flag enumerations.
pub mod enums {
    pub use crate::generated::enums::*;
}

/// Validation rules (`db/validation-rules.toml`).
pub mod rules {
    pub use crate::generated::rules::*;
}

/// The signature-point and semantic-interpretation tables, and the LLVM instruction table.
///
/// ```
/// use dxil_ops::enums::{SemanticInterpretationKind, SemanticKind, SigPointKind};
/// use dxil_ops::{ShaderKind, ShaderModel, tables};
///
/// // Rows typed with the generated enumerations (the shader kind is the stage type).
/// assert_eq!(tables::sig_point(SigPointKind::PSIn).shader_kind, Some(ShaderKind::Pixel));
///
/// // A semantic at a signature point, with the first shader model of its treatment.
/// let cell = tables::interpretation(SemanticKind::ViewID, SigPointKind::PSIn);
/// assert_eq!(cell.kind, SemanticInterpretationKind::NotInSig);
/// assert_eq!(cell.min_shader_model, Some(ShaderModel::new(6, 1)));
/// let at_60 = tables::interpretation_at(SemanticKind::ViewID, SigPointKind::PSIn, ShaderModel::new(6, 0));
/// assert_eq!(at_60, SemanticInterpretationKind::NA);
///
/// // LLVM instructions by opcode and by name.
/// assert!(tables::llvm_instruction_by_name("FAdd").is_some_and(|i| i.allowed));
/// assert!(tables::llvm_instruction(4).is_some_and(|i| !i.allowed)); // IndirectBr
/// ```
pub mod tables {
    pub use crate::generated::tables::*;
    pub use crate::llvm::LlvmInstructionInfo;
    pub use crate::sigpoint::{Interpretation, SigPointInfo};
}

/// Parameter types of ops.toml, for code that inspects signatures.
pub mod types {
    pub use crate::generated::types::*;
}

/// Reads a function name like [`parse_function_name`], but accepts any overload of the right
/// kind, even one no op of the class allows (`dx.op.quaternary.i64`): the function is still
/// well-formed and has a signature.
pub fn parse_function_name_lenient(name: &str) -> Result<FunctionName<'_>, NameError<'_>> {
    name::parse_lenient_with(name, &STEMS)
}

/// Reads a function name like [`parse_function_name_lenient`], with the overloads the types
/// written for its result and parameters show, as LLVM reads an overloaded function: struct
/// names with dots split where the types say, and a user-defined struct's pointer type gives
/// its address space (see [`name::parse_as_typed`]).
pub fn parse_function_name_lenient_typed<'a, 't>(
    name: &'a str,
    types: name::WrittenTypes<'t, '_>,
) -> Result<FunctionName<'a>, NameError<'a>> {
    name::parse_lenient_typed(name, &STEMS, types)
}

/// Whether `version` is a pre-release version (needed by experimental op tables).
pub const fn is_prerelease(version: DxilVersion) -> bool {
    let mut i = 0;
    while i < DXIL_VERSIONS.len() {
        let v = &DXIL_VERSIONS[i];
        if v.dxil.major == version.major && v.dxil.minor == version.minor {
            return v.prerelease;
        }
        i += 1;
    }
    false
}

/// The shader model that pairs with a DXIL version.
pub const fn shader_model_of(version: DxilVersion) -> Option<ShaderModel> {
    let mut i = 0;
    while i < DXIL_VERSIONS.len() {
        let v = &DXIL_VERSIONS[i];
        if v.dxil.major == version.major && v.dxil.minor == version.minor {
            return Some(v.shader_model);
        }
        i += 1;
    }
    None
}

/// The DXIL version that pairs with a shader model.
pub const fn dxil_of(sm: ShaderModel) -> Option<DxilVersion> {
    let mut i = 0;
    while i < DXIL_VERSIONS.len() {
        let v = &DXIL_VERSIONS[i];
        if v.shader_model.major == sm.major && v.shader_model.minor == sm.minor {
            return Some(v.dxil);
        }
        i += 1;
    }
    None
}

/// A name or opcode that is not an op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnknownOp {
    /// No op has this name.
    Name,
    /// No op has this opcode.
    Opcode(u32),
}

impl fmt::Display for UnknownOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnknownOp::Name => f.write_str("no DXIL op has this name"),
            UnknownOp::Opcode(v) => {
                write!(
                    f,
                    "no DXIL op has opcode {v} ({v:#x}): table {:#x}, index {}",
                    v >> 16,
                    v & 0xFFFF
                )
            }
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for UnknownOp {}

/// A number that is not a value of an enumeration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownValue {
    /// The enumeration.
    pub enumeration: &'static str,
    /// The number.
    pub value: i64,
}

impl fmt::Display for UnknownValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a value of {}", self.value, self.enumeration)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for UnknownValue {}

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;

/// The crate README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct CrateReadmeDoctests;
