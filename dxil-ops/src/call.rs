//! Building calls: the target a call is built for, the operands, and the checks every builder
//! makes before it returns a call description.

use core::fmt;

use crate::info::{AllowedModules, Availability, OpInfo, Precision, Removal, TypeInfo};
use crate::overload::{MAX_VECTOR_WIDTH, Overload, OverloadSpec, Overloads};
use crate::sig::{Declaration, Signature, SignatureError};
use crate::stage::StageSet;
use crate::ty::LlvmType;
use crate::version::VersionError;
use crate::{FunctionName, ShaderKind};
use dxil_base::DxilVersion;

pub use crate::dynamic::{
    DynCall, Fit, Raw, TypedValue, Value, build_dynamic, build_inferred, infer_overloads,
};

/// What a call is built for: the DXIL version, the shader stage and kind of module, and how
/// 16-bit types are treated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    /// The module's DXIL version.
    pub dxil: DxilVersion,
    /// The shader stage of the calling entry point, if known.
    pub stage: Option<ShaderKind>,
    /// The module is a library.
    pub library: bool,
    /// 16-bit types are native or min-precision.
    pub precision: Precision,
}

impl Target {
    /// A target of DXIL `dxil`, any stage, not a library, native 16-bit types.
    pub const fn new(dxil: DxilVersion) -> Self {
        Target {
            dxil,
            stage: None,
            library: false,
            precision: Precision::Native,
        }
    }

    /// The same target for calls from a `stage` entry point.
    pub const fn with_stage(mut self, stage: ShaderKind) -> Self {
        self.stage = Some(stage);
        self
    }

    /// The same target for a library.
    pub const fn library(mut self) -> Self {
        self.library = true;
        self
    }

    /// The same target with 16-bit types as min-precision stand-ins.
    pub const fn min_precision(mut self) -> Self {
        self.precision = Precision::Min;
        self
    }
}

/// An operand of a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand<V> {
    /// A value of the caller's IR.
    Value(V),
    /// An integer constant of LLVM type `ty` (`i32`): the opcode, or an immediate operand.
    Int {
        /// LLVM type.
        ty: &'static str,
        /// Value.
        value: i64,
    },
    /// A constant struct (`%dx.types.ResBind { ... }`) of integer fields.
    Struct {
        /// The struct type.
        ty: &'static TypeInfo,
        /// Field values; the first `len` are used.
        fields: [i64; 4],
        /// Number of fields.
        len: u8,
    },
}

impl<V> Operand<V> {
    /// The value, if the operand is one of the caller's values.
    pub fn value(&self) -> Option<&V> {
        match self {
            Operand::Value(v) => Some(v),
            _ => None,
        }
    }
}

/// A call of a `dx.op` function, described for any IR writer: the op, its function (name and
/// signature), and the operands in order, the opcode first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Call<'a, V, const N: usize> {
    /// The op.
    pub op: &'static OpInfo,
    /// The function's signature (signature of the class, overloads, precision).
    pub signature: Signature<'a>,
    /// Operands, opcode first.
    pub operands: [Operand<V>; N],
}

impl<'a, V, const N: usize> Call<'a, V, N> {
    /// The function name, e.g. `dx.op.unary.f32`.
    pub fn function_name(&self) -> FunctionName<'a> {
        self.signature.name()
    }

    /// The function's declaration.
    pub fn declaration(&self) -> Declaration<'a> {
        self.signature.declaration()
    }

    /// The same call as one built at run time: its operands after the opcode in a slice.
    pub fn as_dynamic(&self) -> DynCall<'a, '_, V> {
        DynCall {
            op: self.op,
            signature: self.signature,
            operands: self.operands.get(1..).unwrap_or(&[]),
        }
    }
}

/// Why a call cannot be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuildError<'a> {
    /// The target's DXIL version is not one the database declares.
    Version(VersionError),
    /// The op does not exist yet at the target version.
    NotYetAvailable {
        /// Op name.
        op: &'static str,
        /// Target version.
        version: DxilVersion,
        /// Version that introduced it.
        introduced: DxilVersion,
    },
    /// The op was removed at or before the target version.
    Removed {
        /// The op and when it was removed.
        removal: Removal,
        /// Target version.
        version: DxilVersion,
    },
    /// The op's table is experimental and the target version is released.
    Experimental {
        /// Op name.
        op: &'static str,
        /// Target version.
        version: DxilVersion,
    },
    /// An overload is not allowed at the target version.
    Overload {
        /// Op name.
        op: &'static str,
        /// The overload dimension.
        dim: u8,
        /// The overload asked for in that dimension.
        overload: Overload<'a>,
        /// Target version.
        version: DxilVersion,
        /// What the op allows then.
        allowed: &'static OverloadSpec,
    },
    /// An overload cannot be written as LLVM IR (a vector width outside
    /// `1..=`[`MAX_VECTOR_WIDTH`], a struct name that is empty or has a character LLVM IR text
    /// cannot hold): see [`check_overload`].
    InvalidOverload {
        /// Op name.
        op: &'static str,
        /// The overload dimension.
        dim: u8,
        /// The overload asked for in that dimension.
        overload: Overload<'a>,
        /// What is wrong with it.
        reason: InvalidOverload,
    },
    /// The op is not allowed in the target stage.
    Stage {
        /// Op name.
        op: &'static str,
        /// The stage.
        stage: ShaderKind,
        /// Target version.
        version: DxilVersion,
        /// Stages the op allows then.
        allowed: StageSet,
    },
    /// The op is only for libraries, or only for non-libraries.
    ModuleKind {
        /// Op name.
        op: &'static str,
        /// Whether the target is a library.
        library: bool,
    },
    /// An immediate operand is above its maximum.
    OutOfRange {
        /// Op name.
        op: &'static str,
        /// Parameter name.
        param: &'static str,
        /// Value given.
        value: u64,
        /// Largest allowed value.
        max: u64,
    },
    /// An enumeration operand's value does not exist at the target version.
    EnumValue {
        /// Op name.
        op: &'static str,
        /// Parameter name.
        param: &'static str,
        /// Value given.
        value: i64,
        /// Target version.
        version: DxilVersion,
    },
    /// The signature cannot be made.
    Signature(SignatureError),
    /// A call built at run time ([`build_dynamic`]) has the wrong number of operands.
    OperandCount {
        /// Op name.
        op: &'static str,
        /// Parameters after the opcode.
        expected: usize,
        /// Operands given.
        found: usize,
    },
    /// An immediate parameter got a value that is not a constant.
    NotImmediate {
        /// Op name.
        op: &'static str,
        /// Parameter name.
        param: &'static str,
    },
    /// A value that knows its type ([`Value::llvm_type`]) has another type than its parameter.
    ValueType {
        /// Op name.
        op: &'static str,
        /// Parameter name.
        param: &'static str,
        /// The parameter's type.
        expected: LlvmType<'a>,
    },
    /// The overloads cannot be inferred from the operands ([`infer_overloads`]).
    Infer {
        /// Op name.
        op: &'static str,
        /// None or several of the allowed overloads fit.
        fit: Fit,
    },
    /// A constant operand has another type than its parameter.
    OperandType {
        /// Op name.
        op: &'static str,
        /// Parameter name.
        param: &'static str,
        /// The parameter's type.
        expected: &'static str,
        /// The constant's type.
        found: &'static str,
    },
    /// A constant operand does not fit its parameter's type: an integer outside its type's
    /// width, a constant struct of another shape than its struct type
    /// ([`crate::constant`]).
    Constant {
        /// Op name.
        op: &'static str,
        /// Parameter name.
        param: &'static str,
        /// What is wrong.
        error: crate::constant::ConstantError,
    },
    /// An op constraint (`db/constraints.toml`) is violated by the operands or overloads.
    Constraint(crate::constraint::ConstraintError),
}

impl fmt::Display for BuildError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Version(e) => write!(f, "{e}"),
            BuildError::NotYetAvailable {
                op,
                version,
                introduced,
            } => write!(
                f,
                "{op} does not exist in DXIL {version}: it was introduced in DXIL {introduced}"
            ),
            BuildError::Removed { removal, version } => {
                write!(f, "{removal}; the target is DXIL {version}")
            }
            BuildError::Experimental { op, version } => write!(
                f,
                "{op} is an experimental op; DXIL {version} is a released version"
            ),
            BuildError::Overload {
                op,
                dim,
                overload,
                version,
                allowed,
            } => {
                write!(f, "overload `{overload}` of {op} ")?;
                if allowed.dims > 1 {
                    write!(f, "(dimension {dim}) ")?;
                }
                write!(
                    f,
                    "is not allowed in DXIL {version}; allowed: {}",
                    allowed.text
                )
            }
            BuildError::InvalidOverload {
                op,
                dim,
                overload,
                reason,
            } => write!(
                f,
                "overload `{}` of {op} (dimension {dim}) cannot be written in LLVM IR: {reason}",
                EscapeDebug(overload)
            ),
            BuildError::Stage {
                op,
                stage,
                version,
                allowed,
            } => write!(
                f,
                "{op} is not allowed in {stage} shaders in DXIL {version}; allowed stages: {allowed}"
            ),
            BuildError::ModuleKind { op, library: true } => {
                write!(f, "{op} cannot be used in libraries")
            }
            BuildError::ModuleKind { op, library: false } => {
                write!(f, "{op} can only be used in libraries")
            }
            BuildError::OutOfRange {
                op,
                param,
                value,
                max,
            } => write!(
                f,
                "operand `{param}` of {op} is {value}; the largest allowed value is {max}"
            ),
            BuildError::EnumValue {
                op,
                param,
                value,
                version,
            } => write!(
                f,
                "operand `{param}` of {op}: value {value} does not exist in DXIL {version}"
            ),
            BuildError::Signature(e) => write!(f, "{e}"),
            BuildError::OperandCount {
                op,
                expected,
                found,
            } => write!(
                f,
                "{op} takes {expected} operand(s) after the opcode; {found} given"
            ),
            BuildError::NotImmediate { op, param } => {
                write!(f, "operand `{param}` of {op} must be an immediate constant")
            }
            BuildError::ValueType {
                op,
                param,
                expected,
            } => write!(
                f,
                "operand `{param}` of {op} is `{expected}`; the value given has another type"
            ),
            BuildError::Infer { op, fit: Fit::None } => write!(
                f,
                "no overload of {op} allowed at the target version fits the types of the operands"
            ),
            BuildError::Infer {
                op,
                fit: Fit::Several,
            } => write!(
                f,
                "the overload of {op} cannot be inferred from its operands: several of those allowed fit them; give it"
            ),
            BuildError::OperandType {
                op,
                param,
                expected,
                found,
            } => write!(
                f,
                "operand `{param}` of {op} is `{expected}`; a `{found}` constant was given"
            ),
            BuildError::Constant { op, param, error } => {
                write!(f, "operand `{param}` of {op}: {error}")
            }
            BuildError::Constraint(e) => write!(f, "{e}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for BuildError<'_> {}

/// Why an overload cannot be written in a function name or an LLVM type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InvalidOverload {
    /// A vector width outside `1..=`[`MAX_VECTOR_WIDTH`].
    VectorWidth(u16),
    /// An empty struct name.
    EmptyStructName,
    /// A struct name with a character that a quoted LLVM name cannot hold as written: `"`, `\`
    /// or a control character.
    StructNameChar(char),
    /// An address space above LLVM's largest (`2^24 - 1`).
    AddressSpace(u32),
}

impl fmt::Display for InvalidOverload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InvalidOverload::VectorWidth(w) => {
                write!(f, "vector width {w} is outside 1 to {MAX_VECTOR_WIDTH}")
            }
            InvalidOverload::EmptyStructName => f.write_str("the struct name is empty"),
            InvalidOverload::StructNameChar(c @ ('"' | '\\')) => {
                write!(f, "the struct name contains `{c}`")
            }
            InvalidOverload::AddressSpace(a) => write!(
                f,
                "address space {a} is above LLVM's largest, {}",
                crate::overload::MAX_ADDRESS_SPACE
            ),
            InvalidOverload::StructNameChar(c) => write!(
                f,
                "the struct name contains the control character U+{:04X}",
                u32::from(*c)
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for InvalidOverload {}

/// Display of a value with the escapes of `char::escape_debug` (`\n`, `\"`, `\u{7f}`).
struct EscapeDebug<'x, T>(&'x T);

impl<T: fmt::Display> fmt::Display for EscapeDebug<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Escaping<'f, 'g>(&'f mut fmt::Formatter<'g>);
        impl fmt::Write for Escaping<'_, '_> {
            fn write_str(&mut self, s: &str) -> fmt::Result {
                s.chars()
                    .try_for_each(|c| write!(self.0, "{}", c.escape_debug()))
            }
        }
        fmt::write(&mut Escaping(f), format_args!("{}", self.0))
    }
}

/// Checks that an overload can be written in a function name and as an LLVM type: a vector
/// width is within `1..=`[`MAX_VECTOR_WIDTH`]; a struct name is not empty and has no `"`, `\`
/// or control character (other characters are written in quotes: `%"class.RWBuffer<float>"`).
pub fn check_overload(o: &Overload<'_>) -> Result<(), InvalidOverload> {
    match o {
        Overload::Vector(_, w) if !(1..=MAX_VECTOR_WIDTH).contains(w) => {
            Err(InvalidOverload::VectorWidth(*w))
        }
        Overload::Udt(_, space) if *space > crate::overload::MAX_ADDRESS_SPACE => {
            Err(InvalidOverload::AddressSpace(*space))
        }
        Overload::Udt(name, _) | Overload::Object(name) => {
            // an abbreviated object name is written expanded, which adds no character
            let text = name.text();
            if text.is_empty() {
                return Err(InvalidOverload::EmptyStructName);
            }
            match text
                .chars()
                .find(|c| matches!(c, '"' | '\\') || c.is_control())
            {
                Some(c) => Err(InvalidOverload::StructNameChar(c)),
                None => Ok(()),
            }
        }
        _ => Ok(()),
    }
}

/// The checks every builder makes: the target's version is declared, the op exists at it, its table is allowed,
/// the overloads can be written ([`check_overload`]) and are allowed, the stage and kind of module are allowed, and the signature can be
/// made. Returns the signature.
pub fn check<'a>(
    op: &'static OpInfo,
    target: &Target,
    overloads: Overloads<'a>,
) -> Result<Signature<'a>, BuildError<'a>> {
    let version = crate::version::check_dxil(target.dxil).map_err(BuildError::Version)?;
    let props = op.props_at(version);
    let props = match props {
        None
        | Some(crate::info::VersionProps {
            availability: Availability::NotYet,
            ..
        }) => {
            return Err(BuildError::NotYetAvailable {
                op: op.name,
                version,
                introduced: op.introduced,
            });
        }
        Some(p) if p.availability == Availability::Removed => {
            return Err(BuildError::Removed {
                removal: Removal {
                    op: op.name,
                    introduced: op.introduced,
                    removed: op.removed_in(version).unwrap_or(version),
                },
                version,
            });
        }
        Some(p) => p,
    };
    if op.table.experimental && !crate::is_prerelease(version) {
        return Err(BuildError::Experimental {
            op: op.name,
            version,
        });
    }
    if overloads.len() != usize::from(props.overloads.dims) {
        return Err(BuildError::Signature(SignatureError::Dimensions {
            class: op.class.name,
            expected: props.overloads.dims,
            found: overloads.len(),
        }));
    }
    for (dim, (o, set)) in overloads
        .as_slice()
        .iter()
        .zip(props.overloads.sets())
        .enumerate()
    {
        if let Err(reason) = check_overload(o) {
            return Err(BuildError::InvalidOverload {
                op: op.name,
                dim: dim as u8,
                overload: *o,
                reason,
            });
        }
        if !set.contains(o) {
            // an overload a constraint gates by shader model reports that constraint (the op
            // is this crate's: an extension's op has no constraint row)
            if let Some(x) = crate::Op::from_opcode(op.opcode)
                && core::ptr::eq(x.info(), op)
                && let Some(e) = crate::constraint::check_build_overload(x, target, overloads)
            {
                return Err(BuildError::Constraint(e));
            }
            return Err(BuildError::Overload {
                op: op.name,
                dim: dim as u8,
                overload: *o,
                version,
                allowed: props.overloads,
            });
        }
    }
    if let Some(stage) = target.stage
        && !props.stages.contains(stage)
    {
        return Err(BuildError::Stage {
            op: op.name,
            stage,
            version,
            allowed: props.stages,
        });
    }
    match (op.modules, target.library) {
        (AllowedModules::Library, false) | (AllowedModules::NonLibrary, true) => {
            return Err(BuildError::ModuleKind {
                op: op.name,
                library: target.library,
            });
        }
        _ => {}
    }
    Signature::check(op.signature, &overloads, target.precision).map_err(BuildError::Signature)?;
    Ok(Signature {
        info: op.signature,
        overloads,
        precision: target.precision,
    })
}

/// Checks an immediate operand against its maximum.
pub fn check_max(
    op: &'static OpInfo,
    param: &'static str,
    value: u64,
    max: u64,
) -> Result<(), BuildError<'static>> {
    if value > max {
        return Err(BuildError::OutOfRange {
            op: op.name,
            param,
            value,
            max,
        });
    }
    Ok(())
}
