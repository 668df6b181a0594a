//! Op constraints in the checked model: what a validator checks about the operands of one
//! `dx.op` call beyond its signature (`db/constraints.toml`, documented in `docs/ops-toml.md`).
//!
//! The kinds are a closed set ([`ConstraintKind`]): the data declares each kind it uses with a
//! `[constraint_kind.NAME]` record (its doc, keys and placeholders), and the loader refuses a
//! declared kind that has no variant here, so the generator and the runtime implement every
//! kind a record can use.

use crate::model::{DxilVersion, OpId, ShaderModel, StageMask};

/// An operand of a call: a parameter (its position after the opcode) or the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum OperandRef {
    /// The parameter at this position (0 for the first operand after the opcode).
    Param(u8),
    /// The call's result.
    Result,
}

/// A value of an enumeration named in a constraint: its name and number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnumRef {
    /// The value's name (`RawBuffer`).
    pub name: String,
    /// Its number.
    pub value: i64,
}

/// What a constraint checks, with the values of its kind's keys.
#[derive(Clone, Debug, PartialEq)]
pub enum ConstraintKind {
    /// The operand is an integer constant (any constant with `any_constant`).
    Immediate {
        /// Any constant passes, `undef` included.
        any_constant: bool,
        /// One violation per call.
        once: bool,
    },
    /// A constant integer operand lies within `[min, max]`.
    Range {
        /// Smallest value allowed.
        min: Option<i64>,
        /// Largest value allowed.
        max: Option<i64>,
        /// Values are signed numbers of the operand's width.
        signed: bool,
        /// A non-constant operand violates the constraint too.
        require_constant: bool,
        /// The struct field checked.
        field: Option<u8>,
    },
    /// A constant integer operand is one of `values`.
    OneOf {
        /// Values allowed.
        values: Vec<i64>,
        /// The struct field checked.
        field: Option<u8>,
    },
    /// A constant integer operand is a multiple of `factor`.
    MultipleOf {
        /// The factor.
        factor: i64,
    },
    /// A floating-point constant operand is not infinite.
    Finite,
    /// A floating-point constant operand lies within `[min, max]`.
    FloatRange {
        /// Smallest value.
        min: f64,
        /// Largest value.
        max: f64,
    },
    /// The operand is `undef`.
    Undef {
        /// One violation per call.
        once: bool,
    },
    /// The operand is not `undef`.
    Defined {
        /// One violation per call.
        once: bool,
        /// `zeroinitializer` counts as undefined.
        zero: bool,
    },
    /// A constant operand is a value of the enumeration at the module's version.
    Enum {
        /// The enumeration's name.
        enumeration: String,
    },
    /// Bit rules of a constant integer operand.
    Bits {
        /// At least one of these bits is set.
        any_of: Option<i64>,
        /// None of these bits is set.
        none_of: Option<i64>,
        /// Not all of these bits are set.
        not_all_of: Option<i64>,
        /// Values exempt.
        except: Vec<i64>,
        /// The struct field checked.
        field: Option<u8>,
    },
    /// When the operand has `bits`, the `then` operand has `then_bits`.
    Implies {
        /// Trigger bits.
        bits: i64,
        /// Bits required of the other operand.
        then_bits: i64,
    },
    /// The values the constant mask selects are defined.
    MaskedDefined,
    /// The constant mask is the set of defined values.
    MaskMatches,
    /// The call's overload (dimension 0) is none of these.
    Overload {
        /// Overload string as written.
        text: String,
        /// Scalar types (bit per overload type) forbidden.
        scalars: u32,
        /// Vector element types forbidden.
        vectors: u32,
    },
    /// A constant index lies within the constant binding's range.
    BindIndex,
    /// The constant resource properties decode.
    ResourceProperties,
    /// The resource class behind a handle.
    ResourceClass {
        /// Classes allowed.
        classes: Vec<EnumRef>,
    },
    /// The resource kind (and class) behind a handle.
    ResourceKind {
        /// Kinds allowed.
        kinds: Vec<EnumRef>,
        /// Classes allowed (empty: any).
        classes: Vec<EnumRef>,
        /// Only when the `extra` matrix has one of these scopes (empty: always).
        scopes: Vec<EnumRef>,
        /// An undef or zeroinitializer handle violates it too.
        undefined: bool,
    },
    /// The sampler mode behind a sampler handle.
    SamplerMode {
        /// A comparison sampler is required (else a default one).
        comparison: bool,
    },
    /// The component type of the resource behind a handle.
    ComponentType {
        /// Component types allowed.
        types: Vec<EnumRef>,
    },
    /// A LinAlg matrix type has its `!dx.targetTypes` entry.
    MatrixMetadata,
    /// The scope of a LinAlg matrix.
    MatrixScope {
        /// Scopes allowed.
        scopes: Vec<EnumRef>,
    },
    /// The use of a LinAlg matrix.
    MatrixUse {
        /// Uses allowed.
        uses: Vec<EnumRef>,
    },
    /// The component type of a LinAlg matrix.
    MatrixComponent {
        /// Component types allowed.
        types: Vec<EnumRef>,
    },
    /// The K dimension of a LinAlg matrix of use A or B.
    MatrixK {
        /// Smallest K.
        min: i64,
        /// Largest K.
        max: i64,
        /// Only for these scopes (empty: all).
        scopes: Vec<EnumRef>,
    },
    /// LinAlg matrices with one scope.
    SameScope,
    /// Two LinAlg matrices with the same dimensions (the second transposed when the `extra`
    /// operand is the constant 1).
    SameDims,
    /// Two LinAlg matrices of the same type.
    SameType,
    /// A.N equals B.M.
    KMatch,
    /// The first matrix is (second's M) x (third's N).
    ProductDims,
    /// A vector's length equals a dimension of the `extra` matrix.
    VectorDim {
        /// `true`: M (rows); `false`: N (columns).
        rows: bool,
    },
    /// A matrix of one of `scopes` needs the `extra` layout to be one of `layouts`.
    ScopeLayout {
        /// Scopes the rule applies to.
        scopes: Vec<EnumRef>,
        /// Layouts allowed.
        layouts: Vec<EnumRef>,
    },
    /// With the `extra` layout one of `layouts`, the operand is the constant 0.
    LayoutStride {
        /// Layouts that require stride 0.
        layouts: Vec<EnumRef>,
    },
    /// Two vectors with one element type.
    SameElement,
    /// A floating-point first operand needs the second to be the constant 1.
    SignedFloat,
}

/// A piece of a message argument: text, or a placeholder filled at each violation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgPiece {
    /// Literal text.
    Text(String),
    /// A placeholder: `{op}`, `{value}`, `{scope1}`, ... (the name without braces).
    Placeholder(Placeholder),
}

pub use dxil_base::Placeholder;

/// When a constraint applies: the module's version and shader model, the calling stage, the
/// resource behind a handle, the value of another operand.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Gate {
    /// From this DXIL version on.
    pub since: Option<DxilVersion>,
    /// Before this DXIL version.
    pub until: Option<DxilVersion>,
    /// From this shader model on.
    pub min_shader_model: Option<ShaderModel>,
    /// Below this shader model.
    pub below_shader_model: Option<ShaderModel>,
    /// Only for these calling stages (shader-kind bits).
    pub stages: Option<StageMask>,
    /// Only for a known calling stage outside these.
    pub not_stages: Option<StageMask>,
    /// Only when the resource behind the handle is of one of these kinds.
    pub when_kinds: Vec<EnumRef>,
    /// Only when the resource behind the handle is of none of these kinds.
    pub when_not_kinds: Vec<EnumRef>,
    /// Only when the resource behind the handle is of one of these classes.
    pub when_classes: Vec<EnumRef>,
    /// Only when the `when_param` operand is a constant among these.
    pub when_values: Vec<i64>,
    /// Only when the `when_param` operand is a constant none of these.
    pub when_not_values: Vec<i64>,
}

/// A constraint applied to one op: the operands it checks there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConstraintUse {
    /// The op.
    pub op: OpId,
    /// The operands checked, in the order of `params`.
    pub operands: Vec<OperandRef>,
    /// The operand of the kind's second parameter key (`mask`, `then`, `index`, `layout`,
    /// `matrix`, `transpose`), if any.
    pub extra: Option<OperandRef>,
    /// The handle the resource gates test (`handle`).
    pub handle: Option<OperandRef>,
    /// The operand `when_values` test (`when_param`).
    pub when_param: Option<OperandRef>,
}

/// A constraint: a kind of check, the rule it reports, when it applies, and the ops it
/// applies to.
#[derive(Clone, Debug, PartialEq)]
pub struct Constraint {
    /// Its name (`store.mask-contiguous`); implicit constraints are named `implicit.KIND...`.
    pub name: String,
    /// The kind's name, as declared.
    pub kind_name: String,
    /// The kind, with its keys.
    pub kind: ConstraintKind,
    /// What it demands.
    pub doc: String,
    /// The rule it reports: an index into [`Database::rules`](crate::Database::rules).
    pub rule: usize,
    /// The rule's message arguments, each a sequence of pieces.
    pub args: Vec<Vec<ArgPiece>>,
    /// When it applies.
    pub gate: Gate,
    /// A violation ends the checks of the call's later constraints.
    pub stop: bool,
    /// Derived from a parameter's `immediate`, `max` or `enum` key rather than written.
    pub implicit: bool,
    /// The ops, with their operands.
    pub uses: Vec<ConstraintUse>,
}

/// A declared kind of constraint (`[constraint_kind.NAME]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConstraintKindDecl {
    /// Its name.
    pub name: String,
    /// What it checks.
    pub doc: String,
    /// Required keys.
    pub keys: Vec<String>,
    /// Optional keys.
    pub optional: Vec<String>,
    /// Placeholders its messages may use (besides the common ones).
    pub placeholders: Vec<String>,
}

/// A declared key of constraint records (`[constraint_key.NAME]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConstraintKeyDecl {
    /// Its name.
    pub name: String,
    /// The type of its value (`params`, `integer`, `enum:ResourceKind`, ...).
    pub ty: String,
    /// Every kind may have it.
    pub common: bool,
    /// Every record must have it.
    pub required: bool,
    /// What it means.
    pub doc: String,
}

/// The constraint records of a database, with the index by op.
#[derive(Clone, Debug, Default)]
pub(crate) struct ConstraintTables {
    pub keys: Vec<ConstraintKeyDecl>,
    pub kinds: Vec<ConstraintKindDecl>,
    pub constraints: Vec<Constraint>,
    /// Per op (index as in `Database::ops`): the constraints that apply, as indices into
    /// `constraints` and into their `uses`.
    pub by_op: Vec<Vec<(usize, usize)>>,
}
