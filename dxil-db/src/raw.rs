//! Raw records: serde mirrors of the tables in `ops.toml` and the files it includes.
//!
//! Every field is optional here so that a missing key is reported by the checker, with the record
//! it belongs to, rather than by serde. Unknown keys are rejected (`deny_unknown_fields`).

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_spanned::Spanned;

/// A string with its position.
pub type S = Spanned<String>;
/// An optional string with its position.
pub type OS = Option<Spanned<String>>;

/// `[[version]]`: a DXIL version and the shader model it pairs with.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawVersion {
    pub dxil: OS,
    pub shader_model: OS,
    pub prerelease: Option<Spanned<bool>>,
    pub doc: OS,
}

/// `[stage.NAME]`: a shader stage.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawStage {
    pub shader_kind: OS,
    pub since: OS,
    pub doc: OS,
}

/// `[attribute.NAME]`: an op attribute.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawAttribute {
    pub kind: OS,
    pub dxc: OS,
    pub llvm: OS,
    pub dxil_td: OS,
    pub doc: OS,
}

/// `[overload_type.NAME]`: a letter of overload strings.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawOverloadType {
    pub letter: OS,
    pub kind: OS,
    pub llvm: OS,
    pub dxil_td: OS,
    pub doc: OS,
    pub abbreviations: Option<Vec<Spanned<RawAbbreviation>>>,
}

/// A short spelling of struct names in function names.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawAbbreviation {
    pub struct_prefix: OS,
    pub name_prefix: OS,
    pub fields: Option<Spanned<Vec<S>>>,
}

/// `[table.NAME]`: an op table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTable {
    pub id: Option<Spanned<u32>>,
    pub experimental: Option<Spanned<bool>>,
    pub doc: OS,
}

/// `[type.NAME]`: a parameter type. Exactly one of the kind keys (`llvm`, `struct`, `overload`,
/// `component`, `element`, `vector`, `pointer`, `by_overload`) says what it is.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawType {
    pub doc: OS,
    /// The code of this type in DXC's notation (`res`, `$o`, `$r`, ...), used by the JSON export.
    pub dxc: OS,
    /// The DXILOpParamType record of LLVM's DXIL.td that stands for this type.
    pub dxil_td: OS,
    /// The prefix of the DXIL.td names of the overloads of an op with this type (`ResRet`).
    pub dxil_td_overloads: OS,
    pub llvm: OS,
    #[serde(rename = "struct")]
    pub struct_name: OS,
    pub fields: Option<Spanned<Vec<S>>>,
    pub overload: Option<Spanned<u8>>,
    pub udt_address_space: Option<Spanned<u32>>,
    pub component: OS,
    pub element: Option<Spanned<u8>>,
    pub vector: Option<Spanned<u32>>,
    pub pointer: Option<Spanned<u8>>,
    pub address_space: Option<Spanned<u32>>,
    pub dim: Option<Spanned<u8>>,
    pub by_overload: Option<Spanned<Vec<Spanned<RawTypeCase>>>>,
}

/// One case of a `by_overload` type.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTypeCase {
    pub overloads: OS,
    pub precision: OS,
    #[serde(rename = "type")]
    pub ty: OS,
    #[serde(rename = "struct")]
    pub struct_name: OS,
    pub fields: Option<Spanned<Vec<S>>>,
}

/// A parameter or the result of a signature (of a class record, or of an op's own record).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawParam {
    pub name: OS,
    #[serde(rename = "type")]
    pub ty: OS,
    pub doc: OS,
    pub immediate: Option<Spanned<bool>>,
    #[serde(rename = "enum")]
    pub enum_name: OS,
    pub max: Option<Spanned<u64>>,
}

/// `[class.NAME]`: an op class whose signature several ops share: function-name stem and
/// signature.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawClass {
    pub stem: OS,
    pub doc: OS,
    pub result: Option<Spanned<RawParam>>,
    pub params: Option<Spanned<Vec<Spanned<RawParam>>>>,
}

/// An entry of `overloads`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawOverloadEntry {
    pub since: OS,
    pub types: OS,
}

/// An entry of `stages`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawStageEntry {
    pub since: OS,
    pub stages: Option<Spanned<Vec<S>>>,
}

/// An entry of `attributes`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawAttributeEntry {
    pub since: OS,
    pub attributes: Option<Spanned<Vec<S>>>,
}

/// An entry of `llvm_intrinsics`: an intrinsic lowered to one call of the op.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawIntrinsic {
    pub name: OS,
    pub doc: OS,
    pub since: OS,
    pub params: Option<Spanned<Vec<S>>>,
    pub args: Option<Spanned<Vec<Spanned<RawSource>>>>,
    pub result: Option<Spanned<RawResult>>,
}

/// `[[ops.TABLE]]`: one operation.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawOp {
    pub index: Option<Spanned<u32>>,
    pub name: OS,
    /// The name of the op's record in LLVM's DXIL.td, when it is not `name`.
    pub dxil_td: OS,
    pub class: OS,
    /// The function-name stem of the op's class, when the op carries its own signature.
    pub stem: OS,
    pub category: OS,
    pub doc: OS,
    pub remarks: OS,
    pub reserved: Option<Spanned<bool>>,
    pub target: OS,
    pub introduced: OS,
    pub shader_model: OS,
    pub shader_model_translated: OS,
    pub overloads: Option<Spanned<Vec<Spanned<RawOverloadEntry>>>>,
    pub stages: Option<Spanned<Vec<Spanned<RawStageEntry>>>>,
    pub attributes: Option<Spanned<Vec<Spanned<RawAttributeEntry>>>>,
    pub llvm_intrinsics: Option<Vec<Spanned<RawIntrinsic>>>,
    pub counters: Option<Vec<S>>,
    pub result_doc: OS,
    pub param_docs: Option<Spanned<BTreeMap<S, S>>>,
    /// The op's own signature (when its class has no class record).
    pub result: Option<Spanned<RawParam>>,
    /// The op's own parameters.
    pub params: Option<Spanned<Vec<Spanned<RawParam>>>>,
}

/// `[enum.NAME]`: a DXIL enumeration.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawEnum {
    pub doc: OS,
    pub underlying: OS,
    pub flags: Option<Spanned<bool>>,
    pub values: Option<Spanned<Vec<Spanned<RawEnumValue>>>>,
}

/// A value of an enumeration.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawEnumValue {
    pub name: OS,
    pub value: Option<Spanned<i64>>,
    pub doc: OS,
    pub alias: Option<Spanned<bool>>,
    pub mask: Option<Spanned<bool>>,
    pub since: OS,
}

/// `[[rule]]`: a validation rule.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRule {
    pub code: OS,
    pub name: OS,
    pub id: Option<Spanned<u32>>,
    pub category: OS,
    pub doc: OS,
    pub message: OS,
    pub shader_model: OS,
    pub stages: Option<Vec<S>>,
    pub disabled: Option<Spanned<bool>>,
}

/// `[[sig_point]]`: a row of the signature-point table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSigPoint {
    pub name: OS,
    pub related: OS,
    pub shader_kind: OS,
    pub packing: OS,
    pub signature: OS,
    pub doc: OS,
}

/// `[[llvm_instruction]]`: an LLVM instruction and whether DXIL allows it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawLlvmInstruction {
    pub name: OS,
    pub opcode: Option<Spanned<u32>>,
    pub class: OS,
    pub doc: OS,
    pub remarks: OS,
    pub overloads: OS,
    pub allowed: Option<Spanned<bool>>,
}

/// Where an operand of a lowered call comes from: exactly one of `arg`, a constant (`i1`, `i8`,
/// `i16`, `i32`, `i64`), `undef`, `step`, `derived` or `struct`; `plus_arg`, `element` and
/// `missing` refine `arg`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSource {
    pub arg: Option<Spanned<i64>>,
    pub plus_arg: Option<Spanned<i64>>,
    pub element: Option<Spanned<i64>>,
    pub missing: OS,
    pub i1: Option<Spanned<bool>>,
    pub i8: Option<Spanned<i64>>,
    pub i16: Option<Spanned<i64>>,
    pub i32: Option<Spanned<i64>>,
    pub i64: Option<Spanned<i64>>,
    pub undef: Option<Spanned<bool>>,
    pub step: Option<Spanned<i64>>,
    pub derived: OS,
    #[serde(rename = "struct")]
    pub fields: Option<Spanned<Vec<Spanned<RawSource>>>>,
}

/// How the intrinsic's result is made from the lowered calls.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawResult {
    pub shape: OS,
    pub field: Option<Spanned<i64>>,
    pub check: OS,
    pub join64: OS,
}

/// A call of a lowering: the op and where its operands come from.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawStep {
    pub op: OS,
    pub overload: OS,
    pub operands: Option<Spanned<Vec<Spanned<RawSource>>>>,
    pub split64: OS,
}

/// A version-gated lowering of an `[[intrinsic]]` record.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawLowering {
    pub since: OS,
    pub steps: Option<Spanned<Vec<Spanned<RawStep>>>>,
    pub result: Option<Spanned<RawResult>>,
}

/// `[[intrinsic]]`: an LLVM intrinsic with its parameters and its lowerings by DXIL version.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawIntrinsicRecord {
    pub name: OS,
    pub aliases: Option<Spanned<Vec<S>>>,
    pub doc: OS,
    pub remarks: OS,
    pub params: Option<Spanned<Vec<S>>>,
    pub lowering: Option<Spanned<Vec<Spanned<RawLowering>>>>,
}

/// `[llvm_baseline]`: the LLVM release the DXIL.td of `cargo xtask emit llvm` is read with, and
/// the intrinsics of the map it defines.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawLlvmBaseline {
    pub release: OS,
    pub intrinsics: Option<Spanned<Vec<S>>>,
    pub doc: OS,
}

/// `[derived.NAME]`: a value a lowering needs that is not an argument of the intrinsic call.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDerived {
    #[serde(rename = "type")]
    pub ty: OS,
    pub doc: OS,
}
/// `[constraint_key.NAME]`: a key of constraint records.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawConstraintKey {
    #[serde(rename = "type")]
    pub ty: OS,
    pub common: Option<Spanned<bool>>,
    pub required: Option<Spanned<bool>>,
    pub doc: OS,
}

/// `[constraint_kind.NAME]`: a kind of constraint.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawConstraintKind {
    pub doc: OS,
    pub keys: Option<Spanned<Vec<S>>>,
    pub optional: Option<Spanned<Vec<S>>>,
    pub placeholders: Option<Spanned<Vec<S>>>,
}

/// `[[constraint]]`: a constraint. Its keys depend on its kind, so the record is kept as a map
/// and checked against the declared keys (`[constraint_key.NAME]`) by the builder.
pub type RawConstraint = BTreeMap<S, Spanned<toml::Value>>;

/// `[dxc]`: DXC's C++ presentation of the database (db/dxc.toml).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDxc {
    pub max_overload_dims: Option<Spanned<u32>>,
    pub overload_slots: Option<Spanned<Vec<S>>>,
    pub opcode_type: OS,
    pub no_attribute: OS,
    pub invalid_opcode: Option<Spanned<u32>>,
    pub invalid_opcode_doc: OS,
    pub table_enum: Option<Spanned<RawDxcEnum>>,
    pub opcode_enum: Option<Spanned<RawDxcEnum>>,
    pub class_enum: Option<Spanned<RawDxcEnum>>,
    pub llvm_class: Option<Spanned<RawDxcClass>>,
    pub attributes: Option<Spanned<BTreeMap<S, S>>>,
    pub types: Option<Spanned<BTreeMap<S, Spanned<RawDxcType>>>>,
    pub validator_notes: Option<Spanned<BTreeMap<S, Spanned<Vec<S>>>>>,
    pub rst_numbers: Option<Spanned<Vec<Spanned<RawDxcNumber>>>>,
    pub stages_from_target: Option<Spanned<Vec<S>>>,
}

/// A C++ enumeration DXC derives from the database: its name, doc and the name of its count.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDxcEnum {
    pub name: OS,
    pub doc: OS,
    pub count: OS,
}

/// The class DXC gives LLVM instructions.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDxcClass {
    pub name: OS,
    pub category: OS,
}

/// How DXC's C++ writes a parameter type.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDxcType {
    pub op_func: OS,
    pub accessor: OS,
}

/// An enumeration value DXIL.rst numbers otherwise.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDxcNumber {
    #[serde(rename = "enum")]
    pub enum_name: OS,
    pub value: OS,
    pub number: Option<Spanned<i64>>,
}
