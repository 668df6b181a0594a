//! The shapes of the generated property tables. Generated code fills them with one row per op,
//! class, type and vocabulary entry of `ops.toml`; everything else reads them.
//!
//! Rows refer to each other with `&'static` references, so a downstream crate that generates
//! tables for its own `ops.toml` (see `dxil_ops::include_ops!`) uses the same shapes and the same
//! algorithms (function names, signatures, builders).

use crate::attr::AttributeSet;
use crate::overload::{OverloadSet, OverloadSpec};
use crate::stage::StageSet;
pub use dxil_base::Precision;
use dxil_base::{DxilVersion, ShaderModel};

/// A DXIL version and the shader model it pairs with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VersionInfo {
    /// The DXIL version.
    pub dxil: DxilVersion,
    /// The shader model of the same generation.
    pub shader_model: ShaderModel,
    /// Not released: experimental op tables need it.
    pub prerelease: bool,
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

/// A short spelling of some struct names in function names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Abbreviation {
    /// Struct names starting with this...
    pub struct_prefix: &'static str,
    /// ...are spelled with this prefix instead.
    pub name_prefix: &'static str,
    /// The body of such structs.
    pub fields: &'static [&'static TypeInfo],
}

/// A letter of overload strings (`f`: `f32`, `float`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverloadTypeInfo {
    /// Name, also the function-name suffix of scalars (`f32`).
    pub name: &'static str,
    /// Letter in overload strings.
    pub letter: char,
    /// What it stands for.
    pub kind: OverloadKind,
    /// LLVM type of scalars (`float`); empty otherwise.
    pub llvm: &'static str,
    /// Short spellings of struct names (objects).
    pub abbreviations: &'static [Abbreviation],
}

/// A shader stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StageInfo {
    /// The stage.
    pub kind: crate::ShaderKind,
    /// Name in `ops.toml` (`pixel`).
    pub name: &'static str,
    /// First DXIL version with the stage.
    pub since: DxilVersion,
    /// Description.
    pub doc: &'static str,
}

/// An op attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttributeInfo {
    /// The attribute.
    pub attribute: crate::Attribute,
    /// Name in `ops.toml` (`readnone`).
    pub name: &'static str,
    /// A memory attribute (at most one per op); otherwise a boolean property.
    pub memory: bool,
    /// LLVM function attribute of declarations, for memory attributes.
    pub llvm: Option<&'static str>,
    /// DXC's name (`rn`, `is_wave`).
    pub dxc: &'static str,
    /// Description.
    pub doc: &'static str,
}

/// Which kinds of module may use an op (its `target` in ops.toml; the target of a call, the
/// DXIL version and stage it is built for, is [`call::Target`](crate::call::Target)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AllowedModules {
    /// Any module.
    Any,
    /// Only libraries.
    Library,
    /// Only modules that are not libraries.
    NonLibrary,
}

/// An op table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableInfo {
    /// Name (`CoreOps`).
    pub name: &'static str,
    /// Id: the upper 16 bits of its opcodes.
    pub id: u16,
    /// Its ops need a pre-release DXIL version.
    pub experimental: bool,
    /// Description.
    pub doc: &'static str,
}

/// One case of a [`TypeKind::ByOverload`] type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TypeCase {
    /// Overloads it applies to.
    pub overloads: OverloadSet,
    /// Only in this precision mode, if any.
    pub precision: Option<Precision>,
    /// A declared type...
    pub ty: Option<&'static TypeInfo>,
    /// ...or a named struct: name template (`{o}` = the overload's name) and fields.
    pub struct_name: &'static str,
    /// Fields of the struct.
    pub fields: &'static [&'static TypeInfo],
}

/// What a parameter type is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeKind {
    /// A fixed LLVM type, as LLVM writes it.
    Llvm(&'static str),
    /// A named struct with a fixed body.
    Struct {
        /// Name without `%`.
        name: &'static str,
        /// Fields.
        fields: &'static [&'static TypeInfo],
    },
    /// The type of an overload dimension.
    Overload {
        /// The dimension.
        dim: u8,
        /// The address space of the pointer of a user-defined-struct overload when the type
        /// fixes it (node records: 6); `None` leaves it to the overload
        /// ([`Overload::Udt`](crate::Overload::Udt): the pointer type the call passes).
        udt_address_space: Option<u32>,
    },
    /// The shape of overload dimension 0 with another component type.
    Component(&'static TypeInfo),
    /// The element type of overload dimension `dim`.
    Element(u8),
    /// A vector of `width` values of overload dimension 0.
    Vector(u32),
    /// A pointer to overload dimension `dim`.
    Pointer {
        /// The dimension.
        dim: u8,
        /// The address space.
        address_space: u32,
    },
    /// A type chosen by the overload of dimension `dim`: the first matching case.
    ByOverload {
        /// The dimension.
        dim: u8,
        /// Cases.
        cases: &'static [TypeCase],
    },
}

/// A parameter type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TypeInfo {
    /// Name in `ops.toml`.
    pub name: &'static str,
    /// Code in DXC's notation (`res`, `$o`).
    pub dxc: &'static str,
    /// Description.
    pub doc: &'static str,
    /// What it is.
    pub kind: TypeKind,
}

/// A parameter or the result of a signature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamInfo {
    /// Name (empty for the result).
    pub name: &'static str,
    /// Type.
    pub ty: &'static TypeInfo,
    /// Description.
    pub doc: &'static str,
    /// Must be an immediate constant.
    pub immediate: bool,
    /// Name of the enumeration whose values it takes.
    pub enumeration: Option<&'static str>,
    /// Largest allowed value.
    pub max: Option<u64>,
}

impl ParamInfo {
    /// A parameter (a result when `name` is empty) that takes any value of its type.
    pub const fn new(name: &'static str, ty: &'static TypeInfo, doc: &'static str) -> Self {
        ParamInfo {
            name,
            ty,
            doc,
            immediate: false,
            enumeration: None,
            max: None,
        }
    }

    /// The same parameter, which must be an immediate constant.
    pub const fn immediate(mut self) -> Self {
        self.immediate = true;
        self
    }

    /// The same parameter, which takes values of the enumeration `name`.
    pub const fn enumeration(mut self, name: &'static str) -> Self {
        self.enumeration = Some(name);
        self
    }

    /// The same parameter, whose value is at most `max`.
    pub const fn max(mut self, max: u64) -> Self {
        self.max = Some(max);
        self
    }
}

/// An op class (DXC's `OpCodeClass`): the function-name stem of its ops, and the signatures of
/// their functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClassInfo {
    /// Name (`Unary`).
    pub name: &'static str,
    /// Function-name stem (`unary`).
    pub stem: &'static str,
    /// Description.
    pub doc: &'static str,
    /// The signatures of its functions: one, except in a class whose ops never make the same
    /// function name (`WavePrefixOp`, whose `WavePrefixBitCount` is never overloaded).
    pub signatures: &'static [SignatureInfo],
    /// Every overload any op of the class allows at any version.
    pub overloads: OverloadSpec,
}

/// The signature of some functions of a class: result and parameters (types that may depend on
/// the overloads), and the memory attribute they are declared with. Its class refers back to
/// it, so `Debug` and `==` take the class by its name (following the reference would never
/// end).
#[derive(Clone, Copy)]
pub struct SignatureInfo {
    /// The class.
    pub class: &'static ClassInfo,
    /// Result.
    pub result: ParamInfo,
    /// Parameters after the opcode.
    pub params: &'static [ParamInfo],
    /// Every overload an op with this signature allows at any version (for reading function
    /// names).
    pub overloads: OverloadSpec,
    /// The memory attribute of the declarations, as LLVM spells it (`readnone`), if any.
    pub memory: Option<&'static str>,
}

impl core::fmt::Debug for SignatureInfo {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("SignatureInfo")
            .field("class", &self.class.name)
            .field("result", &self.result)
            .field("params", &self.params)
            .field("overloads", &self.overloads)
            .field("memory", &self.memory)
            .finish()
    }
}

impl PartialEq for SignatureInfo {
    fn eq(&self, other: &Self) -> bool {
        self.class.name == other.class.name
            && self.result == other.result
            && self.params == other.params
            && self.overloads == other.overloads
            && self.memory == other.memory
    }
}

impl Eq for SignatureInfo {}

/// Whether an op exists at some version.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Availability {
    /// Not introduced yet.
    NotYet,
    /// Available.
    Available,
    /// Removed.
    Removed,
}

/// The properties of an op at one DXIL version, resolved from the versioned lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VersionProps {
    /// Whether the op exists.
    pub availability: Availability,
    /// Allowed overloads.
    pub overloads: &'static OverloadSpec,
    /// Allowed stages (only stages that exist at the version).
    pub stages: StageSet,
    /// Attributes.
    pub attributes: AttributeSet,
}

impl VersionProps {
    /// The properties of an op that exists at the version.
    pub const fn available(
        overloads: &'static OverloadSpec,
        stages: StageSet,
        attributes: AttributeSet,
    ) -> Self {
        VersionProps {
            availability: Availability::Available,
            overloads,
            stages,
            attributes,
        }
    }

    /// The properties at a version before the op is introduced.
    pub const fn not_yet(
        overloads: &'static OverloadSpec,
        stages: StageSet,
        attributes: AttributeSet,
    ) -> Self {
        VersionProps {
            availability: Availability::NotYet,
            overloads,
            stages,
            attributes,
        }
    }

    /// The properties at a version the op is removed from.
    pub const fn removed(
        overloads: &'static OverloadSpec,
        stages: StageSet,
        attributes: AttributeSet,
    ) -> Self {
        VersionProps {
            availability: Availability::Removed,
            overloads,
            stages,
            attributes,
        }
    }

    /// An op's properties at every version, picked from `rows` by position: generated code
    /// writes each distinct row once and each op's versions as positions into them.
    pub const fn pick<const N: usize>(rows: &[VersionProps], picks: [u16; N]) -> [VersionProps; N] {
        let mut out = [rows[0]; N];
        let mut i = 0;
        while i < N {
            out[i] = rows[picks[i] as usize];
            i += 1;
        }
        out
    }
}

pub use crate::intrinsic::IntrinsicInfo;

/// Every property of an op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpInfo {
    /// The 32-bit opcode.
    pub opcode: u32,
    /// Name (`Sample`).
    pub name: &'static str,
    /// Table.
    pub table: &'static TableInfo,
    /// Index in the table.
    pub index: u32,
    /// Class.
    pub class: &'static ClassInfo,
    /// Signature (one of the class's).
    pub signature: &'static SignatureInfo,
    /// Grouping in documentation.
    pub category: &'static str,
    /// One-line description.
    pub doc: &'static str,
    /// Longer description.
    pub remarks: &'static str,
    /// A reserved slot, not a real op.
    pub reserved: bool,
    /// Which modules may use it.
    pub modules: AllowedModules,
    /// First DXIL version with the op.
    pub introduced: DxilVersion,
    /// Minimum shader model.
    pub shader_model: ShaderModel,
    /// Minimum shader model when the linker translates it.
    pub shader_model_translated: Option<ShaderModel>,
    /// Properties at each declared DXIL version (index: [`crate::version_slot`]).
    pub by_version: [VersionProps; crate::VERSION_COUNT],
    /// The LLVM intrinsics whose lowering calls the op at some version (see
    /// [`crate::intrinsic`]), by name.
    pub intrinsics: &'static [&'static IntrinsicInfo],
    /// Description of the result, when it differs from the signature's.
    pub result_doc: Option<&'static str>,
    /// Descriptions of parameters that differ from the signature's.
    pub param_docs: &'static [(&'static str, &'static str)],
}

impl OpInfo {
    /// The description of parameter `name` (empty for the result) for this op.
    pub fn param_doc(&self, name: &str) -> &'static str {
        if name.is_empty() {
            return match self.result_doc {
                Some(d) => d,
                None => self.signature.result.doc,
            };
        }
        for (n, d) in self.param_docs {
            if *n == name {
                return d;
            }
        }
        for p in self.signature.params {
            if p.name == name {
                return p.doc;
            }
        }
        ""
    }
}

impl OpInfo {
    /// The overloads the op allows, from the version that allows them on: one entry for each
    /// change, oldest first (the op's versioned overload list, resolved).
    pub fn overload_entries(
        &self,
    ) -> impl Iterator<Item = (DxilVersion, &'static OverloadSpec)> + '_ {
        let mut last: Option<&'static OverloadSpec> = None;
        crate::DXIL_VERSIONS
            .iter()
            .zip(self.by_version.iter())
            .filter_map(move |(v, p)| {
                if !matches!(p.availability, Availability::Available) {
                    return None;
                }
                let same = last.is_some_and(|l| *l == *p.overloads);
                last = Some(p.overloads);
                (!same).then_some((v.dxil, p.overloads))
            })
    }

    /// The properties at `version`: the entry of the latest declared version not above it.
    /// `None` for versions before the first declared one.
    #[inline]
    pub const fn props_at(&self, version: DxilVersion) -> Option<&VersionProps> {
        match crate::version_slot(version) {
            Some(i) if i < self.by_version.len() => Some(&self.by_version[i]),
            _ => None,
        }
    }

    /// Whether the op exists at `version`: introduced and not removed.
    #[inline]
    pub const fn is_available_at(&self, version: DxilVersion) -> bool {
        matches!(
            self.props_at(version),
            Some(VersionProps {
                availability: Availability::Available,
                ..
            })
        )
    }

    /// The overloads allowed at `version`; `None` when the op does not exist then.
    #[inline]
    pub const fn overloads_at(&self, version: DxilVersion) -> Option<&'static OverloadSpec> {
        match self.props_at(version) {
            Some(p) if matches!(p.availability, Availability::Available) => Some(p.overloads),
            _ => None,
        }
    }

    /// The stages allowed at `version` (empty when the op does not exist then).
    #[inline]
    pub const fn stages_at(&self, version: DxilVersion) -> StageSet {
        match self.props_at(version) {
            Some(p) => p.stages,
            None => StageSet::EMPTY,
        }
    }

    /// The attributes at `version`.
    #[inline]
    pub const fn attributes_at(&self, version: DxilVersion) -> AttributeSet {
        match self.props_at(version) {
            Some(p) => p.attributes,
            None => AttributeSet(0),
        }
    }

    /// The minimum shader model, counting the version that introduced the op.
    pub fn effective_shader_model(&self) -> ShaderModel {
        let intro = crate::shader_model_of(self.introduced);
        match intro {
            Some(sm) if sm > self.shader_model => sm,
            _ => self.shader_model,
        }
    }
}

impl RuleInfo {
    /// A rule of every stage, checked by validators, whose message takes `arguments` arguments.
    pub const fn new(
        code: &'static str,
        category: &'static str,
        doc: &'static str,
        message: &'static str,
        arguments: usize,
        shader_model: ShaderModel,
    ) -> Self {
        RuleInfo {
            code,
            category,
            doc,
            message,
            arguments,
            shader_model,
            stages: StageSet::EMPTY,
            disabled: false,
        }
    }

    /// The same rule, for these stages only.
    pub const fn stages(mut self, stages: StageSet) -> Self {
        self.stages = stages;
        self
    }

    /// The same rule, skipped by validators.
    pub const fn disabled(mut self) -> Self {
        self.disabled = true;
        self
    }
}

/// A validation rule: the check a validator makes of a DXIL module, and its error message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleInfo {
    /// Code (`INSTR.OLOAD`).
    pub code: &'static str,
    /// Category (`Instruction`).
    pub category: &'static str,
    /// What the rule checks.
    pub doc: &'static str,
    /// The error message, with `%0`, `%1` ... placeholders.
    pub message: &'static str,
    /// How many arguments the message takes.
    pub arguments: usize,
    /// The minimum shader model the rule applies to.
    pub shader_model: ShaderModel,
    /// The stages it applies to; empty for every stage.
    pub stages: StageSet,
    /// Validators skip the rule.
    pub disabled: bool,
}

impl OpInfo {
    /// The DXIL version that removed the op, if it was removed at or before `version`.
    pub fn removed_in(&self, version: DxilVersion) -> Option<DxilVersion> {
        crate::DXIL_VERSIONS
            .iter()
            .map(|v| v.dxil)
            .filter(|v| !version.is_before(*v) && !v.is_before(self.introduced))
            .find(|v| {
                matches!(
                    self.props_at(*v).map(|p| p.availability),
                    Some(Availability::Removed)
                )
            })
    }
}

/// The one wording of an op's removal: `CreateHandle was removed in DXIL 1.6: it exists in
/// DXIL 1.0 to 1.5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Removal {
    /// The op.
    pub op: &'static str,
    /// The version that introduced it.
    pub introduced: DxilVersion,
    /// The version that removed it.
    pub removed: DxilVersion,
}

impl core::fmt::Display for Removal {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} was removed in DXIL {}", self.op, self.removed)?;
        let last = crate::DXIL_VERSIONS
            .iter()
            .map(|v| v.dxil)
            .take_while(|v| v.is_before(self.removed))
            .last();
        match last {
            Some(last) if !last.is_before(self.introduced) => {
                write!(f, ": it exists in DXIL {} to {last}", self.introduced)
            }
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::format;

    /// Debug and `==` of the rows that refer to each other (a class and its signatures, an op
    /// and the intrinsics lowered to it) end: they overflowed the stack, the `{:?}` of an error
    /// value that names an op included (found by the writer's fuzz test).
    #[test]
    fn rows_that_refer_to_each_other_compare_and_print() {
        for op in crate::OPS.iter() {
            assert!(op == op && op.signature == op.signature && op.class == op.class);
            let text = format!("{op:?}");
            assert!(
                text.contains(&format!("class: {:?}", op.class.name)),
                "{text}"
            );
        }
        for i in crate::generated::intrinsics::INTRINSICS.iter() {
            assert!(i == i && format!("{i:?}").contains(i.name));
            for l in i.lowerings {
                assert!(l == l && !format!("{l:?}").is_empty());
            }
        }
        for op in crate::Op::ALL {
            for u in crate::constraint::of(op) {
                assert!(!format!("{u:?}").is_empty());
            }
        }
        let sin = crate::Op::Sin.info();
        assert!(sin.signature != crate::Op::Dot2.info().signature);
    }
}
