//! The checked model of the database: every record of `ops.toml` with names resolved to ids and
//! versioned lists resolved on demand.

use std::collections::BTreeMap;

pub use crate::lowering::*;
pub use dxil_base::{DxilVersion, Precision, ShaderModel};

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub u32);

        impl $name {
            /// The position of the record in its list.
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

id_type!(
    /// A stage of [`Database::stages`](crate::Database::stages).
    StageId
);
id_type!(
    /// An attribute of [`Database::attributes`](crate::Database::attributes).
    AttributeId
);
id_type!(
    /// An overload type of [`Database::overload_types`](crate::Database::overload_types).
    OverloadTypeId
);
id_type!(
    /// An op table of [`Database::tables`](crate::Database::tables).
    TableId
);
id_type!(
    /// A parameter type of [`Database::types`](crate::Database::types).
    TypeId
);
id_type!(
    /// An op class of [`Database::classes`](crate::Database::classes).
    ClassId
);
id_type!(
    /// A signature of [`Database::signatures`](crate::Database::signatures).
    SignatureId
);
id_type!(
    /// An op of [`Database::ops`](crate::Database::ops).
    OpId
);
id_type!(
    /// An enumeration of [`Database::enums`](crate::Database::enums).
    EnumId
);

/// A DXIL version and the shader model it pairs with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VersionInfo {
    /// The DXIL version.
    pub dxil: DxilVersion,
    /// The shader model of the same generation.
    pub shader_model: ShaderModel,
    /// Not released yet: experimental op tables need it.
    pub prerelease: bool,
    /// Description.
    pub doc: String,
}

/// A shader stage (a shader kind that can be an entry point, or a library).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stage {
    /// Name used in `ops.toml` and by DXC (`pixel`, `compute`, ...).
    pub name: String,
    /// Name of the ShaderKind enumeration value (`Pixel`, ...).
    pub shader_kind_name: String,
    /// Value of the ShaderKind enumeration; also the bit of the stage in a [`StageMask`].
    pub shader_kind: u32,
    /// First DXIL version with the stage.
    pub since: DxilVersion,
    /// Description.
    pub doc: String,
}

/// A set of stages, one bit per ShaderKind value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct StageMask(pub u32);

impl StageMask {
    /// Whether the stage of shader kind `kind` is in the set.
    pub fn contains(self, kind: u32) -> bool {
        kind < 32 && self.0 & (1 << kind) != 0
    }
    /// The set with no stage.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// Memory attribute or boolean property.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttributeKind {
    /// How the op accesses memory; at most one per op and version.
    Memory,
    /// A boolean property (derivative, wave, ...).
    Flag,
}

/// An op attribute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attribute {
    /// Name used in `ops.toml` (`readnone`, `wave`, ...).
    pub name: String,
    /// Memory attribute or flag.
    pub kind: AttributeKind,
    /// DXC's name (`rn`, `is_wave`, ...).
    pub dxc: String,
    /// The LLVM function attribute of declarations, for memory attributes.
    pub llvm: Option<String>,
    /// The DXILAttribute record of LLVM's DXIL.td, for memory attributes, when given.
    pub dxil_td: Option<String>,
    /// Description.
    pub doc: String,
}

/// A set of attributes, one bit per attribute id.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AttributeMask(pub u32);

impl AttributeMask {
    /// Whether attribute `id` is in the set.
    pub fn contains(self, id: AttributeId) -> bool {
        self.0 & (1 << id.0) != 0
    }
}

/// What an overload type stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OverloadKind {
    /// No overload.
    Void,
    /// A scalar LLVM type.
    Scalar,
    /// A pointer to a user-defined struct.
    Udt,
    /// An object: a named struct passed by value.
    Object,
}

/// A rule that spells some struct names short in function names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Abbreviation {
    /// Struct names starting with this are abbreviated...
    pub struct_prefix: String,
    /// ...by replacing the prefix with this.
    pub name_prefix: String,
    /// Body of such structs.
    pub fields: Vec<TypeId>,
}

/// A letter of overload strings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OverloadType {
    /// Name, also the suffix of function names for scalars (`f32`, ...).
    pub name: String,
    /// The letter in overload strings (`f`, ...).
    pub letter: char,
    /// What it stands for.
    pub kind: OverloadKind,
    /// The LLVM type, for scalars.
    pub llvm: Option<String>,
    /// The DXILOpParamType record of LLVM's DXIL.td that names it in overload lists, when given.
    pub dxil_td: Option<String>,
    /// Description.
    pub doc: String,
    /// Short spellings of struct names, for objects.
    pub abbreviations: Vec<Abbreviation>,
}

/// The overloads of one dimension: sets of scalar (and other) types and vector element types,
/// one bit per [`OverloadTypeId`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct OverloadDim {
    /// Types allowed as such.
    pub scalars: u32,
    /// Types allowed as vector elements.
    pub vectors: u32,
}

impl OverloadDim {
    /// Whether type `t` is allowed as such.
    pub fn has_scalar(self, t: OverloadTypeId) -> bool {
        self.scalars & (1 << t.0) != 0
    }
    /// Whether vectors of type `t` are allowed.
    pub fn has_vector(self, t: OverloadTypeId) -> bool {
        self.vectors & (1 << t.0) != 0
    }
    /// Whether `other` is a subset of this.
    pub fn covers(self, other: OverloadDim) -> bool {
        other.scalars & !self.scalars == 0 && other.vectors & !self.vectors == 0
    }
}

/// The overloads of an op at some version, parsed from DXC's notation (`hf<hf`, `o,hfdwil`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OverloadSpec {
    /// The text as written.
    pub text: String,
    /// No overload (`v`): the function name has no suffix.
    pub void: bool,
    /// One entry per dimension; empty when `void`.
    pub dims: Vec<OverloadDim>,
}

/// The stages of an op at some version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StageSpec {
    /// Every stage that exists at the version.
    All,
    /// The op is not available any more.
    Removed,
    /// These stages, once each exists: the set, and the stages in the order the entry lists
    /// them (DXC's tables keep that order).
    Stages(StageMask, Vec<StageId>),
}

/// A list of values that change with the DXIL version: the entry with the latest `since` not
/// above a version applies at that version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Versioned<T> {
    /// Entries in strictly increasing `since` order.
    pub entries: Vec<(DxilVersion, T)>,
}

impl<T> Versioned<T> {
    /// The entry that applies at `version`, if any.
    pub fn at(&self, version: DxilVersion) -> Option<&T> {
        self.entries
            .iter()
            .rev()
            .find(|(since, _)| *since <= version)
            .map(|(_, v)| v)
    }

    /// The last entry.
    pub fn latest(&self) -> Option<&T> {
        self.entries.last().map(|(_, v)| v)
    }
}

/// An op table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// Name (`CoreOps`).
    pub name: String,
    /// Id: the upper 16 bits of the opcodes of its ops.
    pub id: u16,
    /// Its ops need a pre-release DXIL version.
    pub experimental: bool,
    /// Description.
    pub doc: String,
}

/// One case of a [`TypeKind::ByOverload`] type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypeCase {
    /// Overloads this case applies to.
    pub overloads: OverloadDim,
    /// Only in this 16-bit mode, if given.
    pub precision: Option<Precision>,
    /// What the type is then.
    pub result: CaseResult,
}

/// What a [`TypeCase`] selects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CaseResult {
    /// Another declared type.
    Type(TypeId),
    /// A named struct whose name has `{o}` for the overload's name.
    Struct {
        /// Name template, e.g. `dx.types.ResRet.{o}`.
        name: String,
        /// Field types.
        fields: Vec<TypeId>,
    },
}

/// What a parameter type is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypeKind {
    /// A fixed LLVM type, written as LLVM writes it.
    Llvm(String),
    /// A named struct with a fixed body.
    Struct {
        /// Struct name without `%`, e.g. `dx.types.Handle`.
        name: String,
        /// Field types.
        fields: Vec<TypeId>,
    },
    /// The type of an overload dimension.
    Overload {
        /// The dimension.
        dim: u8,
        /// Address space of the pointer when the overload is a user-defined struct, when the
        /// type fixes it; `None`: the overload's (the pointer type a call passes).
        udt_address_space: Option<u32>,
    },
    /// The shape of overload dimension 0 with another component type.
    Component(TypeId),
    /// The element type of overload dimension `dim` (the type itself for scalars).
    Element(u8),
    /// A vector of `width` values of overload dimension 0.
    Vector(u32),
    /// A pointer to overload dimension `dim` in `address_space`.
    Pointer {
        /// The dimension.
        dim: u8,
        /// The address space.
        address_space: u32,
    },
    /// A type chosen by the overload of dimension `dim`.
    ByOverload {
        /// The dimension.
        dim: u8,
        /// First matching case applies.
        cases: Vec<TypeCase>,
    },
}

/// A parameter type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Type {
    /// Name used in `ops.toml`.
    pub name: String,
    /// The code of the type in DXC's notation (`res`, `$o`, ...).
    pub dxc: Option<String>,
    /// The DXILOpParamType record of LLVM's DXIL.td that stands for it, when given.
    pub dxil_td: Option<String>,
    /// For a type LLVM's DXIL.td takes for the overload itself (`ResRet`): the prefix of the
    /// names of the overloads of an op with this type (`ResRetHalfTy`).
    pub dxil_td_overloads: Option<String>,
    /// Description.
    pub doc: String,
    /// What it is.
    pub kind: TypeKind,
}

impl Type {
    /// The overload dimension the type depends on, if any.
    pub fn overload_dim(&self) -> Option<u8> {
        match &self.kind {
            TypeKind::Llvm(_) | TypeKind::Struct { .. } => None,
            TypeKind::Overload { dim, .. }
            | TypeKind::Element(dim)
            | TypeKind::Pointer { dim, .. }
            | TypeKind::ByOverload { dim, .. } => Some(*dim),
            TypeKind::Component(_) | TypeKind::Vector(_) => Some(0),
        }
    }
}

/// A parameter (or the result) of a signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    /// Name; empty for the result.
    pub name: String,
    /// Type.
    pub ty: TypeId,
    /// Description.
    pub doc: String,
    /// Must be an immediate constant.
    pub immediate: bool,
    /// Takes a value of this enumeration.
    pub enumeration: Option<EnumId>,
    /// Largest allowed value.
    pub max: Option<u64>,
}

impl Param {
    /// Whether two parameters are the same but for their descriptions.
    pub fn same_shape(&self, other: &Param) -> bool {
        self.name == other.name
            && self.ty == other.ty
            && self.immediate == other.immediate
            && self.enumeration == other.enumeration
            && self.max == other.max
    }
}

/// An op class, DXC's `OpCodeClass`: the function-name stem of its ops.
///
/// The ops of a class usually share one signature: either the class has a `[class.NAME]`
/// record with it, or each op carries it in its own record. A class may have several
/// signatures when its ops never make the same function name (DXC's `WavePrefixOp` class holds
/// `WavePrefixOp`, overloaded, and `WavePrefixBitCount`, never overloaded, whose signatures
/// differ).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Class {
    /// Name (`Unary`).
    pub name: String,
    /// Function-name stem (`unary`): functions are named `dx.op.<stem>[.<overload>]`.
    pub stem: String,
    /// Description.
    pub doc: String,
    /// Declared by a `[class.NAME]` record, whose signature its ops share; otherwise its ops
    /// carry their signatures.
    pub shared: bool,
    /// Its signatures, in order of first use.
    pub signatures: Vec<SignatureId>,
}

/// A signature: the result and the parameters after the leading `i32` opcode operand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signature {
    /// The class whose functions have it.
    pub class: ClassId,
    /// The result.
    pub result: Param,
    /// The parameters after the opcode.
    pub params: Vec<Param>,
}

impl Signature {
    /// Whether two signatures are the same but for their descriptions.
    pub fn same_shape(&self, other: &Signature) -> bool {
        self.result.same_shape(&other.result)
            && self.params.len() == other.params.len()
            && self
                .params
                .iter()
                .zip(&other.params)
                .all(|(a, b)| a.same_shape(b))
    }
}

/// Which kinds of module may use an op (its `target` in ops.toml).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AllowedModules {
    /// Any module.
    Any,
    /// Only libraries.
    Library,
    /// Only modules that are not libraries.
    NonLibrary,
}

/// A DXIL operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Op {
    /// Its table.
    pub table: TableId,
    /// Index in the table.
    pub index: u32,
    /// The 32-bit opcode: `table id << 16 | index`.
    pub opcode: u32,
    /// Name (`Sample`).
    pub name: String,
    /// The name of its record in LLVM's DXIL.td, when it is not `name`.
    pub dxil_td: Option<String>,
    /// Class.
    pub class: ClassId,
    /// Signature (one of the class's).
    pub signature: SignatureId,
    /// Grouping in documentation.
    pub category: String,
    /// One-line description.
    pub doc: String,
    /// Longer description.
    pub remarks: String,
    /// A reserved slot: no real op.
    pub reserved: bool,
    /// Which modules may use it.
    pub modules: AllowedModules,
    /// First DXIL version with the op.
    pub introduced: DxilVersion,
    /// Minimum shader model.
    pub shader_model: ShaderModel,
    /// Minimum shader model when the linker translates the op.
    pub shader_model_translated: Option<ShaderModel>,
    /// Overloads by version.
    pub overloads: Versioned<OverloadSpec>,
    /// Stages by version.
    pub stages: Versioned<StageSpec>,
    /// Attributes by version.
    pub attributes: Versioned<AttributeMask>,
    /// Instruction counters it adds to.
    pub counters: Vec<String>,
    /// Description of the result, when it differs from the signature's.
    pub result_doc: Option<String>,
    /// Descriptions of parameters, by name, where they differ from the signature's.
    pub param_docs: BTreeMap<String, String>,
}

impl Op {
    /// Whether the op exists at `version` (introduced, and not removed).
    pub fn available_at(&self, version: DxilVersion) -> bool {
        version >= self.introduced
            && !matches!(self.stages.at(version), Some(StageSpec::Removed) | None)
    }

    /// Overloads at `version`; `None` before the op is introduced.
    pub fn overloads_at(&self, version: DxilVersion) -> Option<&OverloadSpec> {
        if version < self.introduced {
            return None;
        }
        self.overloads.at(version)
    }

    /// Attributes at `version`; `None` before the op is introduced.
    pub fn attributes_at(&self, version: DxilVersion) -> Option<AttributeMask> {
        if version < self.introduced {
            return None;
        }
        self.attributes.at(version).copied()
    }
}

/// A value of an enumeration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnumValue {
    /// Name.
    pub name: String,
    /// Number.
    pub value: i64,
    /// Description.
    pub doc: String,
    /// Another name of an earlier value.
    pub alias: bool,
    /// A named combination of flags, or a mask.
    pub mask: bool,
    /// First DXIL version with the value.
    pub since: Option<DxilVersion>,
}

/// A DXIL enumeration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Enum {
    /// Name.
    pub name: String,
    /// Description.
    pub doc: String,
    /// C++ underlying type in DXC, if declared.
    pub underlying: Option<String>,
    /// The values are bit flags.
    pub flags: bool,
    /// Values in declaration order.
    pub values: Vec<EnumValue>,
}

impl Enum {
    /// The value named `name`.
    pub fn value(&self, name: &str) -> Option<&EnumValue> {
        self.values.iter().find(|v| v.name == name)
    }

    /// Whether `n` is a valid value at `version`: a declared value, or for flag enums any
    /// combination of the flags that exist at `version`. Masks name combinations and add no flag
    /// of their own (a mask such as `ValidMask` may already cover a flag of a later version).
    pub fn accepts(&self, n: i64, version: DxilVersion) -> bool {
        let live = |v: &&EnumValue| v.since.is_none_or(|s| s <= version);
        if self.flags {
            let all = self
                .values
                .iter()
                .filter(live)
                .filter(|v| !v.mask)
                .fold(0i64, |acc, v| acc | v.value);
            n & !all == 0
        } else {
            self.values.iter().filter(live).any(|v| v.value == n)
        }
    }
}

/// A validation rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    /// Code, e.g. `INSTR.OLOAD`.
    pub code: String,
    /// Name in CamelCase, e.g. `InstrOload`.
    pub name: String,
    /// DXC's numeric id.
    pub id: u32,
    /// Category.
    pub category: String,
    /// Description.
    pub doc: String,
    /// Error message with `%0`, `%1` ... placeholders.
    pub message: String,
    /// Number of placeholders in `message` (highest index + 1).
    pub arguments: usize,
    /// Minimum shader model.
    pub shader_model: ShaderModel,
    /// Stages it applies to; empty for all.
    pub stages: Vec<StageId>,
    /// Not checked.
    pub disabled: bool,
}

/// A row of the signature-point table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SigPoint {
    /// SigPointKind value name.
    pub name: String,
    /// Related signature point, if any.
    pub related: Option<String>,
    /// ShaderKind value name.
    pub shader_kind: String,
    /// PackingKind value name.
    pub packing: String,
    /// SignatureKind value name.
    pub signature: String,
    /// Description.
    pub doc: String,
}

/// A cell of the semantic-interpretation table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Interpretation {
    /// Signature point (SigPointKind value name).
    pub sig_point: String,
    /// SemanticInterpretationKind value name.
    pub kind: String,
    /// Minimum shader model, if the interpretation needs one.
    pub shader_model: Option<ShaderModel>,
}

/// A row of the semantic-interpretation table: every signature point where the semantic is
/// available (all others are `NA`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SemanticRow {
    /// SemanticKind value name.
    pub semantic: String,
    /// Cells, in signature-point order.
    pub cells: Vec<Interpretation>,
}

/// An LLVM instruction and whether DXIL allows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LlvmInstruction {
    /// Name (`FAdd`).
    pub name: String,
    /// LLVM's opcode number.
    pub opcode: u32,
    /// LLVM class (`BinaryOperator`).
    pub class: String,
    /// Description.
    pub doc: String,
    /// The longer description, where there is more to say than the doc.
    pub remarks: String,
    /// Operand overloads, in overload-string letters.
    pub overloads: String,
    /// Allowed in DXIL.
    pub allowed: bool,
}
