//! Op constraints: what a validator checks about the operands of one `dx.op` call beyond its
//! signature (`db/constraints.toml`). The rows are generated ([`of`]); this module owns their
//! shapes and the one implementation of every kind, [`check`], which the call builders and
//! `dxil-lint` both run.
//!
//! The caller describes the call's operands through [`Operands`]: their values as far as it
//! knows them, and, when it can tell, the resource behind a handle and the LinAlg matrix or
//! vector type of an operand. A constraint whose facts are unknown is not checked, so a
//! builder, which knows only its constant operands, checks what is decidable from them.
//!
//! ```
//! use dxil_ops::constraint::{self, Context, Operands, Value, At};
//! use dxil_ops::{DxilVersion, Op};
//!
//! // RawBufferStore(uav, index, elementOffset, %x, %y, undef, undef, mask 2, alignment 4)
//! struct Call;
//! impl<'a> Operands<'a> for Call {
//!     fn value(&self, at: At) -> Value {
//!         match at {
//!             At::Param(5 | 6) => Value::Undef,
//!             At::Param(7) => Value::Int(2),
//!             At::Param(8) => Value::Int(4),
//!             _ => Value::Unknown,
//!         }
//!     }
//! }
//! let ctx = Context::new(DxilVersion::new(1, 6));
//! let mut found = Vec::new();
//! constraint::check(Op::RawBufferStore, &ctx, &Call, &mut |v| found.push(v.to_string()));
//! assert_eq!(
//!     found,
//!     [
//!         "UAV write mask must be contiguous, starting at x: .x, .xy, .xyz, or .xyzw: \
//!          operand `mask` of RawBufferStore is 2; allowed: 1, 3, 7, 15",
//!         "uav store write mask must match store value mask, write mask is 2 and store value \
//!          mask is 3: the write mask of RawBufferStore is 0x2; the defined values make 0x3",
//!     ]
//! );
//! ```

use core::fmt::{self, Display, Write as _};

use crate::call::{BuildError, Operand, Target};
use crate::enums::{
    ComponentType, MatrixLayout, MatrixScope, MatrixUse, ResourceClass, ResourceKind,
};
use crate::info::{OpInfo, TypeKind};
use crate::overload::Overloads;
use crate::rules::ValidationRule;
use crate::{Op, Overload, OverloadSet, ShaderKind, ShaderModel, StageSet};
use dxil_base::DxilVersion;

/// An operand of a call: a parameter, by its position after the opcode, or the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum At {
    /// The parameter at this position (0 for the first operand after the opcode).
    Param(u8),
    /// The call's result.
    Result,
}

/// A piece of a message argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// Literal text.
    Text(&'static str),
    /// A placeholder, filled from the call at each violation.
    Hole(Placeholder),
}

pub use dxil_base::Placeholder;

/// What a constraint checks.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// The operand is an integer constant (any constant with `any_constant`).
    Immediate {
        /// Any constant passes, `undef` included.
        any_constant: bool,
        /// One violation per call.
        once: bool,
    },
    /// A constant integer operand (or a field of a constant struct) lies within `[min, max]`.
    Range {
        /// Smallest value.
        min: Option<i64>,
        /// Largest value.
        max: Option<i64>,
        /// Read as signed in the operand's width.
        signed: bool,
        /// A non-constant operand violates it too.
        require_constant: bool,
        /// The struct field checked.
        field: Option<u8>,
    },
    /// A constant integer operand is one of `values`.
    OneOf {
        /// Values allowed.
        values: &'static [i64],
        /// The struct field checked.
        field: Option<u8>,
    },
    /// A constant integer operand is a multiple of `factor`.
    MultipleOf {
        /// The factor.
        factor: i64,
    },
    /// A floating-point constant is not infinite.
    Finite,
    /// A floating-point constant lies within `[min, max]`.
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
    /// The operand is not `undef` (nor `zeroinitializer` with `zero`).
    Defined {
        /// One violation per call.
        once: bool,
        /// `zeroinitializer` counts as undefined.
        zero: bool,
    },
    /// A constant operand is a value of an enumeration at the module's version.
    Enum {
        /// The enumeration's name.
        name: &'static str,
        /// Whether a number is a valid value at a version (a combination of flags for flag
        /// enumerations; a value named `Invalid` is not valid).
        accepts: fn(i64, DxilVersion) -> bool,
    },
    /// Bit rules of a constant integer operand.
    Bits {
        /// At least one of these bits.
        any_of: Option<i64>,
        /// None of these bits.
        none_of: Option<i64>,
        /// Not all of these bits.
        not_all_of: Option<i64>,
        /// Values exempt.
        except: &'static [i64],
        /// The struct field checked.
        field: Option<u8>,
    },
    /// When the operand has `bits`, the `extra` operand has `then_bits`.
    Implies {
        /// Trigger bits.
        bits: i64,
        /// Bits required.
        then_bits: i64,
    },
    /// The values the constant `extra` mask selects are defined.
    MaskedDefined,
    /// The constant `extra` mask is the set of defined values.
    MaskMatches,
    /// The call's overload (dimension 0) is not in `set`.
    Overload {
        /// The overloads as written.
        text: &'static str,
        /// The overloads forbidden.
        set: OverloadSet,
    },
    /// A constant index (`extra`) lies within the constant binding's range.
    BindIndex,
    /// The constant `%dx.types.ResourceProperties` decodes
    /// ([`ResourceProperties::decode`](crate::resource::ResourceProperties::decode)).
    ResourceProperties,
    /// The resource class behind a handle.
    ResourceClass {
        /// Classes allowed.
        classes: &'static [ResourceClass],
    },
    /// The resource kind (and class) behind a handle.
    ResourceKind {
        /// Kinds allowed.
        kinds: &'static [ResourceKind],
        /// Classes allowed (empty: any).
        classes: &'static [ResourceClass],
        /// Only when the `extra` matrix has one of these scopes (empty: always).
        scopes: &'static [MatrixScope],
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
        /// Types allowed.
        types: &'static [ComponentType],
    },
    /// The LinAlg matrix type has its `!dx.targetTypes` entry.
    MatrixMetadata,
    /// The scope of a LinAlg matrix.
    MatrixScope {
        /// Scopes allowed.
        scopes: &'static [MatrixScope],
    },
    /// The use of a LinAlg matrix.
    MatrixUse {
        /// Uses allowed.
        uses: &'static [MatrixUse],
    },
    /// The component type of a LinAlg matrix.
    MatrixComponent {
        /// Types allowed.
        types: &'static [ComponentType],
    },
    /// The K dimension of a LinAlg matrix of use A (its N) or B (its M).
    MatrixK {
        /// Smallest K.
        min: i64,
        /// Largest K.
        max: i64,
        /// Only for these scopes (empty: all).
        scopes: &'static [MatrixScope],
    },
    /// The matrices have one scope.
    SameScope,
    /// Two matrices with the same dimensions (the second transposed when `extra` is 1).
    SameDims,
    /// Two matrices of one type.
    SameType,
    /// A.N equals B.M.
    KMatch,
    /// The first matrix is (second's M) x (third's N).
    ProductDims,
    /// A vector's length equals a dimension of the `extra` matrix.
    VectorDim {
        /// M (rows) rather than N.
        rows: bool,
    },
    /// A matrix of one of `scopes` needs the constant `extra` layout to be one of `layouts`.
    ScopeLayout {
        /// Scopes it applies to.
        scopes: &'static [MatrixScope],
        /// Layouts allowed.
        layouts: &'static [MatrixLayout],
    },
    /// With the constant `extra` layout one of `layouts`, the operand is the constant 0.
    LayoutStride {
        /// Layouts that require stride 0.
        layouts: &'static [MatrixLayout],
    },
    /// Two vectors with one element type.
    SameElement,
    /// A floating-point first operand needs the second to be the constant 1.
    SignedFloat,
}

impl Kind {
    /// The kind's name in the database (`[constraint_kind.NAME]`: `one_of`, `matrix_k`, ...).
    pub const fn name(&self) -> &'static str {
        match self {
            Kind::Immediate { .. } => "immediate",
            Kind::Range { .. } => "range",
            Kind::OneOf { .. } => "one_of",
            Kind::MultipleOf { .. } => "multiple_of",
            Kind::Finite => "finite",
            Kind::FloatRange { .. } => "float_range",
            Kind::Undef { .. } => "undef",
            Kind::Defined { .. } => "defined",
            Kind::Enum { .. } => "enum",
            Kind::Bits { .. } => "bits",
            Kind::Implies { .. } => "implies",
            Kind::MaskedDefined => "masked_defined",
            Kind::MaskMatches => "mask_matches",
            Kind::Overload { .. } => "overload",
            Kind::BindIndex => "bind_index",
            Kind::ResourceProperties => "resource_properties",
            Kind::ResourceClass { .. } => "resource_class",
            Kind::ResourceKind { .. } => "resource_kind",
            Kind::SamplerMode { .. } => "sampler_mode",
            Kind::ComponentType { .. } => "component_type",
            Kind::MatrixMetadata => "matrix_metadata",
            Kind::MatrixScope { .. } => "matrix_scope",
            Kind::MatrixUse { .. } => "matrix_use",
            Kind::MatrixComponent { .. } => "matrix_component",
            Kind::MatrixK { .. } => "matrix_k",
            Kind::SameScope => "same_scope",
            Kind::SameDims => "same_dims",
            Kind::SameType => "same_type",
            Kind::KMatch => "k_match",
            Kind::ProductDims => "product_dims",
            Kind::VectorDim { .. } => "vector_dim",
            Kind::ScopeLayout { .. } => "scope_layout",
            Kind::LayoutStride { .. } => "layout_stride",
            Kind::SameElement => "same_element",
            Kind::SignedFloat => "signed_float",
        }
    }
}

/// When a constraint applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gate {
    /// From this DXIL version on.
    pub since: Option<DxilVersion>,
    /// Before this DXIL version.
    pub until: Option<DxilVersion>,
    /// From this shader model on.
    pub min_shader_model: Option<ShaderModel>,
    /// Below this shader model.
    pub below_shader_model: Option<ShaderModel>,
    /// Only for these calling stages.
    pub stages: Option<StageSet>,
    /// Only for a known calling stage outside these.
    pub not_stages: Option<StageSet>,
    /// Only when the handle's resource is of one of these kinds.
    pub when_kinds: &'static [ResourceKind],
    /// Only when the handle's resource is of none of these kinds.
    pub when_not_kinds: &'static [ResourceKind],
    /// Only when the handle's resource is of one of these classes.
    pub when_classes: &'static [ResourceClass],
    /// Only when the `when` operand is a constant among these.
    pub when_values: &'static [i64],
    /// Only when the `when` operand is a constant none of these.
    pub when_not_values: &'static [i64],
}

impl Gate {
    /// A gate that always applies.
    pub const ALWAYS: Gate = Gate {
        since: None,
        until: None,
        min_shader_model: None,
        below_shader_model: None,
        stages: None,
        not_stages: None,
        when_kinds: &[],
        when_not_kinds: &[],
        when_classes: &[],
        when_values: &[],
        when_not_values: &[],
    };
}

/// A constraint: a kind of check, the rule it reports and the arguments of the rule's message.
#[derive(Clone, Copy, Debug)]
pub struct Constraint {
    /// Its name (`store.mask-contiguous`).
    pub name: &'static str,
    /// What it checks.
    pub kind: Kind,
    /// The rule a violation reports.
    pub rule: ValidationRule,
    /// The arguments of the rule's message, each a sequence of pieces.
    pub args: &'static [&'static [Piece]],
    /// When it applies.
    pub gate: Gate,
    /// A violation ends the checks of the call's later constraints.
    pub stop: bool,
    /// Derived from a parameter's `immediate`, `max` or `enum` key.
    pub implicit: bool,
    /// What it demands.
    pub doc: &'static str,
}

impl Constraint {
    /// A constraint that always applies, with no stop; see [`with_gate`](Self::with_gate),
    /// [`stopping`](Self::stopping), [`derived`](Self::derived).
    pub const fn new(
        name: &'static str,
        kind: Kind,
        rule: ValidationRule,
        args: &'static [&'static [Piece]],
        doc: &'static str,
    ) -> Constraint {
        Constraint {
            name,
            kind,
            rule,
            args,
            gate: Gate::ALWAYS,
            stop: false,
            implicit: false,
            doc,
        }
    }

    /// The same constraint applying only as `gate` says.
    pub const fn with_gate(mut self, gate: Gate) -> Constraint {
        self.gate = gate;
        self
    }

    /// The same constraint ending the checks of a call when violated.
    pub const fn stopping(mut self) -> Constraint {
        self.stop = true;
        self
    }

    /// The same constraint, marked implicit (from a parameter's key).
    pub const fn derived(mut self) -> Constraint {
        self.implicit = true;
        self
    }
}

/// A constraint as it applies to one op: the operands it checks there.
#[derive(Clone, Copy, Debug)]
pub struct Use {
    /// The constraint.
    pub constraint: &'static Constraint,
    /// The operands checked.
    pub operands: &'static [At],
    /// The kind's other operand (mask, layout, matrix, index, `then`, transpose).
    pub extra: Option<At>,
    /// The handle whose resource the gate tests.
    pub handle: Option<At>,
    /// The operand whose value the gate tests.
    pub when: Option<At>,
}

impl Use {
    /// `constraint` checking `operands`, with no other operand.
    pub const fn new(constraint: &'static Constraint, operands: &'static [At]) -> Use {
        Use {
            constraint,
            operands,
            extra: None,
            handle: None,
            when: None,
        }
    }

    /// The same use with the kind's other operand.
    pub const fn with_extra(mut self, at: At) -> Use {
        self.extra = Some(at);
        self
    }

    /// The same use with the handle the gate tests.
    pub const fn with_handle(mut self, at: At) -> Use {
        self.handle = Some(at);
        self
    }

    /// The same use with the operand whose value the gate tests.
    pub const fn with_when(mut self, at: At) -> Use {
        self.when = Some(at);
        self
    }
}

/// The constraints of an op, in the order they are checked.
pub fn of(op: Op) -> &'static [Use] {
    match crate::generated::constraints::BY_ROW.get(op.row()) {
        Some(u) => u,
        None => &[],
    }
}

/// The value of an operand, as far as the caller knows it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// An integer constant (as written; see [`Operands::width`]).
    Int(i128),
    /// A floating-point constant.
    Float(f64),
    /// `undef` (or `poison`).
    Undef,
    /// `zeroinitializer` or `null`.
    Zero,
    /// A constant struct of integer fields: the first `len` of `fields`, each read at its
    /// field's width as an unsigned number (`i8 -1` is 255: see [`crate::constant`]).
    Fields {
        /// Field values.
        fields: [i64; 4],
        /// Number of fields.
        len: u8,
    },
    /// Another constant (an aggregate, a constant expression).
    Constant,
    /// A value computed at run time (not a constant).
    Unknown,
    /// A value the caller cannot see: it may be a constant or not, `undef` or not (a
    /// builder's operand of the caller's value type). Only what is certain is checked.
    Opaque,
}

impl From<crate::constant::Fields> for Value {
    /// The fields of a checked constant struct, each at its width.
    fn from(f: crate::constant::Fields) -> Value {
        Value::Fields {
            fields: f.array(),
            len: f.len(),
        }
    }
}

/// The properties of the resource behind a handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resource {
    /// Its class.
    pub class: ResourceClass,
    /// Its kind.
    pub kind: ResourceKind,
    /// The component type of a typed resource.
    pub component: Option<ComponentType>,
    /// A sampler in comparison mode.
    pub comparison: bool,
}

impl Resource {
    /// The resource `AnnotateHandle`'s property words describe: the words decoded by
    /// [`ResourceProperties::decode`](crate::resource::ResourceProperties::decode), the one
    /// decoder of them. `None` when they do not decode.
    pub fn from_properties(words: [u32; 2]) -> Option<Resource> {
        crate::resource::ResourceProperties::decode(words)
            .ok()
            .map(Resource::from)
    }

    /// The resource a constant `%dx.types.ResourceProperties` operand describes (its fields
    /// read at their width, `zeroinitializer` two 0 words), decoded by
    /// [`ResourceProperties::decode_fields`](crate::resource::ResourceProperties::decode_fields):
    /// what the builders, the constraint `annotatehandle.properties` and `dxil-lint`'s handles
    /// read. `None` when the operand is not a constant.
    pub fn of_properties(v: Value) -> Option<Result<Resource, crate::resource::ResourceError>> {
        use crate::resource::ResourceProperties as P;
        let p = match v {
            Value::Fields { fields, len } => {
                P::decode_fields(fields.get(..usize::from(len)).unwrap_or(&fields))
            }
            Value::Zero => P::decode([0, 0]),
            _ => return None,
        };
        Some(p.map(Resource::from))
    }
}

impl From<crate::resource::ResourceProperties> for Resource {
    fn from(p: crate::resource::ResourceProperties) -> Resource {
        Resource {
            class: p.class(),
            kind: p.kind,
            component: p.component(),
            comparison: p.comparison,
        }
    }
}

/// A LinAlg matrix type (`%dx.types.LinAlgMatrixC<ct>M<m>N<n>U<use>S<scope>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Matrix<'a> {
    /// The type's name without `%`.
    pub name: &'a str,
    /// Component type (a `ComponentType` number).
    pub component: u32,
    /// Rows.
    pub m: u32,
    /// Columns.
    pub n: u32,
    /// Use (a `MatrixUse` number).
    pub usage: u32,
    /// Scope (a `MatrixScope` number).
    pub scope: u32,
    /// Whether `!dx.targetTypes` has an entry for the type.
    pub has_metadata: bool,
}

impl<'a> Matrix<'a> {
    /// Reads the properties from a type name (`dx.types.LinAlgMatrixC9M4N8U0S0`, with or
    /// without `%`, or its short spelling in function names, `mC9M4N8U0S0`); `has_metadata` is
    /// false.
    pub fn from_name(name: &'a str) -> Option<Matrix<'a>> {
        let name = name.strip_prefix('%').unwrap_or(name);
        let mut rest = match name.strip_prefix("dx.types.LinAlgMatrix") {
            Some(r) => r,
            None => name.strip_prefix('m').filter(|r| r.starts_with('C'))?,
        };
        let mut nums = [0u32; 5];
        for (i, tag) in [b'C', b'M', b'N', b'U', b'S'].iter().enumerate() {
            let r = rest.as_bytes();
            if r.first() != Some(tag) {
                return None;
            }
            let digits = r[1..].iter().take_while(|b| b.is_ascii_digit()).count();
            if digits == 0 || digits > 9 {
                return None;
            }
            let mut v = 0u32;
            for b in &r[1..=digits] {
                v = v * 10 + u32::from(b - b'0');
            }
            nums[i] = v;
            rest = &rest[1 + digits..];
        }
        if !rest.is_empty() {
            return None;
        }
        Some(Matrix {
            name,
            component: nums[0],
            m: nums[1],
            n: nums[2],
            usage: nums[3],
            scope: nums[4],
            has_metadata: false,
        })
    }
}

/// A vector type: length and element type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vector<'a> {
    /// Number of elements.
    pub len: u32,
    /// The element type as LLVM writes it (`float`, `i32`).
    pub element: &'a str,
}

impl Vector<'_> {
    /// Whether the element type is a floating-point type.
    pub fn is_float(&self) -> bool {
        matches!(self.element, "half" | "float" | "double" | "bfloat")
    }
}

/// What the caller knows of a call's operands.
pub trait Operands<'a> {
    /// The value of an operand.
    fn value(&self, at: At) -> Value;

    /// The width in bits of an integer operand's type (default 32).
    fn width(&self, at: At) -> u32 {
        let _ = at;
        32
    }

    /// The operand as written, for messages.
    fn text(&self, at: At) -> Option<&'a str> {
        let _ = at;
        None
    }

    /// The resource behind a handle operand, when known.
    fn resource(&self, at: At) -> Option<Resource> {
        let _ = at;
        None
    }

    /// The LinAlg matrix type of an operand (or of the result), when it has one.
    fn matrix(&self, at: At) -> Option<Matrix<'a>> {
        let _ = at;
        None
    }

    /// The vector type of an operand (or of the result), when it is a vector.
    fn vector(&self, at: At) -> Option<Vector<'a>> {
        let _ = at;
        None
    }
}

/// What a call is checked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Context<'a> {
    /// The module's DXIL version.
    pub dxil: DxilVersion,
    /// The module's shader model (default: the one that pairs with `dxil`).
    pub shader_model: Option<ShaderModel>,
    /// The stage of the calling entry; [`ShaderKind::Library`] for a library function that is
    /// no entry; `None` when unknown.
    pub stage: Option<ShaderKind>,
    /// The call's overload of dimension 0.
    pub overload: Option<Overload<'a>>,
}

impl<'a> Context<'a> {
    /// A context at DXIL `dxil` (and its shader model), stage and overload unknown.
    pub const fn new(dxil: DxilVersion) -> Self {
        Context {
            dxil,
            shader_model: crate::shader_model_of(dxil),
            stage: None,
            overload: None,
        }
    }

    fn model(&self) -> Option<ShaderModel> {
        match self.shader_model {
            Some(m) => Some(m),
            None => crate::shader_model_of(self.dxil),
        }
    }
}

/// What a violation found, for its message.
#[derive(Clone, Copy, Debug, Default)]
struct Facts<'a> {
    value: Option<i128>,
    float: Option<f64>,
    text: Option<&'a str>,
    mask: i128,
    defined: i128,
    kind: Option<ResourceKind>,
    class: Option<ResourceClass>,
    comparison: bool,
    component: Option<u32>,
    overload: Option<Overload<'a>>,
    matrices: [Option<Matrix<'a>>; 4],
    vectors: [Option<Vector<'a>>; 2],
    k: i64,
    length: u32,
    expected: u32,
    layout: Option<i64>,
    resource_error: Option<crate::resource::ResourceError>,
}

/// A violated constraint: displays as the rule's message, then `: ` and what was found.
#[derive(Clone, Copy, Debug)]
pub struct Violation<'a> {
    /// The constraint.
    pub constraint: &'static Constraint,
    /// The op of the call.
    pub op: &'static OpInfo,
    /// The operand at fault, if one is.
    pub at: Option<At>,
    facts: Facts<'a>,
}

impl<'a> Violation<'a> {
    /// The rule the violation reports.
    pub fn rule(&self) -> ValidationRule {
        self.constraint.rule
    }

    /// The rule's message with its arguments filled, as DXC prints it.
    pub fn message(&self) -> Message<'_, 'a> {
        Message(self)
    }

    /// What was found, for a reader: `operand `mask` of RawBufferStore is 2; allowed: ...`.
    pub fn detail(&self) -> Detail<'_, 'a> {
        Detail(self)
    }

    /// The parameter name of the operand at fault (empty for the result or none).
    pub fn param(&self) -> &'static str {
        param_name(self.op, self.at)
    }

    /// The value found, if a constant integer was.
    pub fn value(&self) -> Option<i128> {
        self.facts.value
    }

    fn piece(&self, p: Piece, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x = &self.facts;
        let float = matches!(self.constraint.kind, Kind::FloatRange { .. });
        let matrix = |i: u8| x.matrices.get(usize::from(i)).copied().flatten();
        match p {
            Piece::Text(t) => f.write_str(t),
            Piece::Hole(Placeholder::Op) => f.write_str(self.op.name),
            Piece::Hole(Placeholder::Param) => f.write_str(self.param()),
            Piece::Hole(Placeholder::ParamTitle) => {
                let p = self.param();
                let mut cs = p.chars();
                match cs.next() {
                    Some(c) => {
                        f.write_char(c.to_ascii_uppercase())?;
                        f.write_str(cs.as_str())
                    }
                    None => Ok(()),
                }
            }
            Piece::Hole(Placeholder::Arg) => match self.at {
                Some(At::Param(i)) => write!(f, "{}", u32::from(i) + 1),
                _ => Ok(()),
            },
            Piece::Hole(Placeholder::Value) => match (x.float, x.value, x.text) {
                (Some(v), _, _) => write!(f, "{v:.6}"),
                (_, Some(v), _) => write!(f, "{v}"),
                (_, _, Some(t)) => f.write_str(t),
                _ => Ok(()),
            },
            Piece::Hole(Placeholder::Min) | Piece::Hole(Placeholder::Max) => {
                let min = matches!(p, Piece::Hole(Placeholder::Min));
                match self.constraint.kind {
                    Kind::Range {
                        min: lo, max: hi, ..
                    } => match if min { lo } else { hi } {
                        Some(v) => write!(f, "{v}"),
                        None => Ok(()),
                    },
                    Kind::FloatRange { min: lo, max: hi } if float => {
                        write!(f, "{:.6}", if min { lo } else { hi })
                    }
                    Kind::MatrixK {
                        min: lo, max: hi, ..
                    } => {
                        write!(f, "{}", if min { lo } else { hi })
                    }
                    _ => Ok(()),
                }
            }
            Piece::Hole(Placeholder::Factor) => match self.constraint.kind {
                Kind::MultipleOf { factor } => write!(f, "{factor}"),
                _ => Ok(()),
            },
            Piece::Hole(Placeholder::Mask) => write!(f, "{}", x.mask),
            Piece::Hole(Placeholder::Defined) => write!(f, "{}", x.defined),
            Piece::Hole(Placeholder::Kind) => match x.kind {
                Some(k) => f.write_str(k.name()),
                None => Ok(()),
            },
            Piece::Hole(Placeholder::Class) => match x.class {
                Some(c) => f.write_str(c.name()),
                None => Ok(()),
            },
            Piece::Hole(Placeholder::Component) => match x.component {
                Some(c) => f.write_str(component_name(c)),
                None => Ok(()),
            },
            Piece::Hole(Placeholder::Overload) => match x.overload {
                Some(o) => write!(f, "{o}"),
                None => Ok(()),
            },
            Piece::Hole(Placeholder::Type(i)) => match matrix(i) {
                Some(m) => f.write_str(m.name),
                None => Ok(()),
            },
            Piece::Hole(Placeholder::Scope(i)) => match matrix(i) {
                Some(m) => f.write_str(scope_name(m.scope)),
                None => Ok(()),
            },
            Piece::Hole(Placeholder::Use) => match matrix(0) {
                Some(m) => f.write_str(use_name(m.usage)),
                None => Ok(()),
            },
            Piece::Hole(Placeholder::Dims(i)) => match matrix(i) {
                Some(m) => write!(f, "{}x{}", m.m, m.n),
                None => Ok(()),
            },
            Piece::Hole(Placeholder::N) => match matrix(0) {
                Some(m) => write!(f, "{}", m.n),
                None => Ok(()),
            },
            Piece::Hole(Placeholder::M1) => match matrix(1) {
                Some(m) => write!(f, "{}", m.m),
                None => Ok(()),
            },
            Piece::Hole(Placeholder::Product) => match (matrix(1), matrix(2)) {
                (Some(a), Some(b)) => write!(f, "{}x{}", a.m, b.n),
                _ => Ok(()),
            },
            Piece::Hole(Placeholder::K) => write!(f, "{}", x.k),
            Piece::Hole(Placeholder::Length) => write!(f, "{}", x.length),
            Piece::Hole(Placeholder::Expected) => write!(f, "{}", x.expected),
            Piece::Hole(Placeholder::Layout) => match x.layout {
                Some(l) => f.write_str(layout_name(l)),
                None => Ok(()),
            },
            Piece::Hole(Placeholder::Element(i)) => {
                match x.vectors.get(usize::from(i)).copied().flatten() {
                    Some(v) => f.write_str(v.element),
                    None => Ok(()),
                }
            }
        }
    }
}

/// The name of a `ComponentType` number (`Invalid` for an unknown one).
fn component_name(c: u32) -> &'static str {
    ComponentType::from_value(i64::from(c)).map_or("Invalid", |c| c.name())
}

/// The name of a `MatrixScope` number.
fn scope_name(s: u32) -> &'static str {
    MatrixScope::from_value(i64::from(s)).map_or("Invalid", |s| s.name())
}

/// The name of a `MatrixUse` number.
fn use_name(u: u32) -> &'static str {
    MatrixUse::from_value(i64::from(u)).map_or("Invalid", |u| u.name())
}

/// The name of a `MatrixLayout` number.
fn layout_name(l: i64) -> &'static str {
    MatrixLayout::from_value(l).map_or("Invalid", |l| l.name())
}

/// One argument of a violation's message.
struct ArgText<'v, 'a> {
    violation: &'v Violation<'a>,
    pieces: &'static [Piece],
}

impl Display for ArgText<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.pieces
            .iter()
            .try_for_each(|p| self.violation.piece(*p, f))
    }
}

/// The rule's message of a violation, with its arguments filled.
pub struct Message<'v, 'a>(&'v Violation<'a>);

impl Display for Message<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.0;
        const MAX: usize = 8;
        let args = v.constraint.args;
        let texts: [ArgText<'_, '_>; MAX] = core::array::from_fn(|i| ArgText {
            violation: v,
            pieces: args.get(i).copied().unwrap_or(&[]),
        });
        let mut refs: [&dyn Display; MAX] = [&""; MAX];
        for (r, t) in refs.iter_mut().zip(texts.iter()) {
            *r = t;
        }
        let n = args.len().min(MAX);
        match v.rule().format(&refs[..n]) {
            Ok(m) => write!(f, "{m}"),
            Err(_) => f.write_str(v.rule().message()),
        }
    }
}

/// What a violation found, in words.
pub struct Detail<'v, 'a>(&'v Violation<'a>);

impl Display for Detail<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.0;
        let x = &v.facts;
        let op = v.op.name;
        let param = v.param();
        let found = |f: &mut fmt::Formatter<'_>| -> fmt::Result {
            match (x.float, x.value, x.text) {
                (Some(n), _, _) => write!(f, "{n}"),
                (_, Some(n), _) => write!(f, "{n}"),
                (_, _, Some(t)) => write!(f, "`{t}`"),
                _ => f.write_str("not a constant"),
            }
        };
        let operand = |f: &mut fmt::Formatter<'_>| -> fmt::Result {
            if param.is_empty() {
                write!(f, "the result of {op}")
            } else {
                write!(f, "operand `{param}` of {op}")
            }
        };
        match v.constraint.kind {
            Kind::Immediate { .. } => {
                f.write_str("found ")?;
                match x.text {
                    Some(t) => write!(f, "`{t}`"),
                    None => f.write_str("a value that is not a constant"),
                }
            }
            Kind::Range { min, max, .. } => {
                operand(f)?;
                f.write_str(" is ")?;
                found(f)?;
                match (min, max) {
                    (None, Some(hi)) => write!(f, "; the largest allowed value is {hi}"),
                    (Some(lo), None) => write!(f, "; the smallest allowed value is {lo}"),
                    (Some(lo), Some(hi)) => write!(f, "; allowed: {lo} to {hi}"),
                    (None, None) => Ok(()),
                }
            }
            Kind::OneOf { values, .. } => {
                operand(f)?;
                f.write_str(" is ")?;
                found(f)?;
                f.write_str("; allowed: ")?;
                list(f, values.iter())
            }
            Kind::MultipleOf { factor } => {
                operand(f)?;
                f.write_str(" is ")?;
                found(f)?;
                write!(f, ", not a multiple of {factor}")
            }
            Kind::Finite => {
                operand(f)?;
                f.write_str(" is an infinite constant")
            }
            Kind::FloatRange { min, max } => {
                operand(f)?;
                f.write_str(" is ")?;
                found(f)?;
                write!(f, "; allowed: {min} to {max}")
            }
            Kind::Undef { .. } => {
                operand(f)?;
                f.write_str(" is ")?;
                found(f)?;
                f.write_str(", expected undef")?;
                resource(f, x, " for ")
            }
            Kind::Defined { .. } => {
                operand(f)?;
                match x.text {
                    Some(t) => write!(f, " is `{t}`")?,
                    None => f.write_str(" is undefined")?,
                }
                resource(f, x, " for ")
            }
            Kind::Enum { name, .. } => {
                operand(f)?;
                f.write_str(" is ")?;
                found(f)?;
                write!(f, ", not a valid {name}")
            }
            Kind::Bits { .. } => {
                operand(f)?;
                f.write_str(" is ")?;
                match x.value {
                    Some(n) => write!(f, "{n:#x}"),
                    None => found(f),
                }
            }
            Kind::Implies { bits, then_bits } => {
                operand(f)?;
                write!(
                    f,
                    " has the bits {bits:#x}, which need the bits {then_bits:#x} of the other flags"
                )
            }
            Kind::MaskedDefined => {
                write!(f, "the write mask of {op} is {}; ", x.mask)?;
                operand(f)?;
                f.write_str(" is undef")
            }
            Kind::MaskMatches => write!(
                f,
                "the write mask of {op} is {:#x}; the defined values make {:#x}",
                x.mask, x.defined
            ),
            Kind::Overload { text, .. } => {
                match x.overload {
                    Some(o) => write!(f, "{op} with overload {o}")?,
                    None => write!(f, "{op}")?,
                }
                write!(f, " (one of `{text}`)")
            }
            Kind::ResourceProperties => {
                operand(f)?;
                f.write_str(" is ")?;
                match x.text {
                    Some(t) => write!(f, "`{t}`")?,
                    None => f.write_str("a constant")?,
                }
                match x.resource_error {
                    Some(e) => write!(f, ", which does not decode as resource properties: {e}"),
                    None => Ok(()),
                }
            }
            Kind::BindIndex => {
                f.write_str("the index of ")?;
                write!(f, "{op} is ")?;
                found(f)?;
                f.write_str(", outside the binding's range or not constant for a single resource")
            }
            Kind::ResourceClass { .. }
            | Kind::ResourceKind { .. }
            | Kind::SamplerMode { .. }
            | Kind::ComponentType { .. } => {
                operand(f)?;
                match x.class {
                    Some(_) => resource(f, x, " is "),
                    None => f.write_str(" is undefined"),
                }
            }
            Kind::MatrixMetadata
            | Kind::MatrixScope { .. }
            | Kind::MatrixUse { .. }
            | Kind::MatrixComponent { .. }
            | Kind::MatrixK { .. }
            | Kind::SameScope
            | Kind::SameDims
            | Kind::SameType
            | Kind::KMatch
            | Kind::ProductDims
            | Kind::ScopeLayout { .. } => {
                f.write_str("matrices of ")?;
                f.write_str(op)?;
                for m in x.matrices.iter().flatten() {
                    write!(
                        f,
                        "; {}: {}x{}, {}, {}, {}",
                        m.name,
                        m.m,
                        m.n,
                        component_name(m.component),
                        use_name(m.usage),
                        scope_name(m.scope)
                    )?;
                    if !m.has_metadata {
                        f.write_str(", no !dx.targetTypes entry")?;
                    }
                }
                if let Some(l) = x.layout {
                    write!(f, "; layout {}", layout_name(l))?;
                }
                Ok(())
            }
            Kind::LayoutStride { .. } => {
                operand(f)?;
                f.write_str(" is ")?;
                found(f)?;
                match x.layout {
                    Some(l) => write!(f, " with layout {}", layout_name(l)),
                    None => Ok(()),
                }
            }
            Kind::VectorDim { .. } => {
                operand(f)?;
                write!(f, " has {} elements, expected {}", x.length, x.expected)
            }
            Kind::SameElement | Kind::SignedFloat => {
                f.write_str("vectors of ")?;
                f.write_str(op)?;
                for v in x.vectors.iter().flatten() {
                    write!(f, "; <{} x {}>", v.len, v.element)?;
                }
                if let Some(n) = x.value {
                    write!(f, "; the flag is {n}")?;
                }
                Ok(())
            }
        }
    }
}

/// `a, b, c`.
fn list<T: Display>(f: &mut fmt::Formatter<'_>, items: impl Iterator<Item = T>) -> fmt::Result {
    for (i, t) in items.enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{t}")?;
    }
    Ok(())
}

/// `{lead}a UAV RawBuffer` (a sampler with its mode, a typed resource with its component type)
/// when the resource is known.
fn resource(f: &mut fmt::Formatter<'_>, x: &Facts<'_>, lead: &str) -> fmt::Result {
    match (x.class, x.kind) {
        (Some(_), Some(ResourceKind::Sampler)) => {
            let mode = if x.comparison {
                "comparison"
            } else {
                "default"
            };
            write!(f, "{lead}a sampler in {mode} mode")
        }
        (Some(c), Some(k)) => {
            write!(f, "{lead}a {} {}", c.name(), k.name())?;
            if let Some(t) = x.component {
                write!(f, " of {}", component_name(t))?;
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

impl Display for Violation<'_> {
    /// The rule's message without its final period, then `: ` and the detail.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut head = HeadWriter { f, pending: None };
        write!(head, "{}", self.message())?;
        write!(f, ": {}", self.detail())
    }
}

/// Writes a message without one final `.` (the detail follows it).
struct HeadWriter<'f, 'g> {
    f: &'f mut fmt::Formatter<'g>,
    pending: Option<()>,
}

impl fmt::Write for HeadWriter<'_, '_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if s.is_empty() {
            return Ok(());
        }
        if self.pending.take().is_some() {
            self.f.write_char('.')?;
        }
        match s.strip_suffix('.') {
            Some(body) => {
                self.f.write_str(body)?;
                self.pending = Some(());
            }
            None => self.f.write_str(s)?,
        }
        Ok(())
    }
}

/// The value of an integer operand read in its width: signed or unsigned.
fn in_width(v: i128, width: u32, signed: bool) -> i128 {
    let w = width.clamp(1, 64);
    let modulus = 1i128 << w;
    let u = v.rem_euclid(modulus);
    if signed && u >= modulus / 2 {
        u - modulus
    } else {
        u
    }
}

/// The integer a kind checks: the operand, or a field of a constant struct.
fn integer(v: Value, field: Option<u8>, width: u32, signed: bool) -> Option<i128> {
    match (v, field) {
        (Value::Int(n), None) => Some(in_width(n, width, signed)),
        (Value::Fields { fields, len }, Some(i)) if i < len => {
            fields.get(usize::from(i)).map(|n| i128::from(*n))
        }
        (Value::Zero, Some(_)) => Some(0),
        _ => None,
    }
}

fn is_undef(v: Value, zero: bool) -> bool {
    matches!(v, Value::Undef) || (zero && matches!(v, Value::Zero))
}

/// Whether the gate lets the constraint apply to this call.
fn gate_applies<'a>(u: &Use, ctx: &Context<'_>, ops: &dyn Operands<'a>) -> bool {
    let g = &u.constraint.gate;
    if g.since.is_some_and(|v| ctx.dxil.is_before(v)) {
        return false;
    }
    if g.until.is_some_and(|v| !ctx.dxil.is_before(v)) {
        return false;
    }
    let sm = ctx.model();
    if let Some(min) = g.min_shader_model
        && sm.is_none_or(|m| m < min)
    {
        return false;
    }
    if let Some(below) = g.below_shader_model
        && sm.is_none_or(|m| m >= below)
    {
        return false;
    }
    if let Some(stages) = g.stages
        && ctx.stage.is_none_or(|s| !stages.contains(s))
    {
        return false;
    }
    if let Some(stages) = g.not_stages
        && ctx.stage.is_none_or(|s| stages.contains(s))
    {
        return false;
    }
    if !g.when_kinds.is_empty() || !g.when_not_kinds.is_empty() || !g.when_classes.is_empty() {
        let Some(r) = u.handle.and_then(|h| ops.resource(h)) else {
            return false;
        };
        if !g.when_kinds.is_empty() && !g.when_kinds.contains(&r.kind) {
            return false;
        }
        if g.when_not_kinds.contains(&r.kind) {
            return false;
        }
        if !g.when_classes.is_empty() && !g.when_classes.contains(&r.class) {
            return false;
        }
    }
    if !g.when_values.is_empty() || !g.when_not_values.is_empty() {
        let Some(at) = u.when else { return false };
        let Value::Int(n) = ops.value(at) else {
            return false;
        };
        let n = in_width(n, ops.width(at), false);
        if !g.when_values.is_empty() && !g.when_values.iter().any(|v| i128::from(*v) == n) {
            return false;
        }
        if g.when_not_values.iter().any(|v| i128::from(*v) == n) {
            return false;
        }
    }
    true
}

/// The constraint of kind `overload` that forbids the call's overload in this context (a
/// shader-model gate of an overload: the 16-bit IsSpecialFloat overloads before SM 6.9).
fn overload_constraint(op: Op, ctx: &Context<'_>) -> Option<&'static Use> {
    struct NoOperands;
    impl<'a> Operands<'a> for NoOperands {
        fn value(&self, _: At) -> Value {
            Value::Opaque
        }
    }
    let o = ctx.overload?;
    of(op).iter().find(|u| match u.constraint.kind {
        Kind::Overload { set, .. } => set.contains(&o) && gate_applies(u, ctx, &NoOperands),
        _ => false,
    })
}

/// Whether a constraint of kind `overload` forbids the call's overload in this context.
pub fn overload_gated(op: Op, ctx: &Context<'_>) -> bool {
    overload_constraint(op, ctx).is_some()
}

/// Checks every constraint of `op` against the operands and calls `found` for each violation,
/// in order. A violation of a constraint marked `stop` ends the checks.
pub fn check<'a>(
    op: Op,
    ctx: &Context<'a>,
    operands: &dyn Operands<'a>,
    found: &mut dyn FnMut(Violation<'a>),
) {
    check_uses(op.info(), of(op), ctx, operands, found);
}

/// [`check`] with the constraint uses given.
pub fn check_uses<'a>(
    info: &'static OpInfo,
    uses: &'static [Use],
    ctx: &Context<'a>,
    operands: &dyn Operands<'a>,
    found: &mut dyn FnMut(Violation<'a>),
) {
    for u in uses {
        if !gate_applies(u, ctx, operands) {
            continue;
        }
        let mut any = false;
        let mut report = |at: Option<At>, facts: Facts<'a>| {
            any = true;
            found(Violation {
                constraint: u.constraint,
                op: info,
                at,
                facts,
            });
        };
        evaluate(u, ctx, operands, &mut report);
        if any && u.constraint.stop {
            return;
        }
    }
}

/// The facts of one operand's value.
fn value_facts<'a>(ops: &dyn Operands<'a>, at: At, signed: bool) -> Facts<'a> {
    let mut x = Facts {
        text: ops.text(at),
        ..Facts::default()
    };
    match ops.value(at) {
        Value::Int(n) => x.value = Some(in_width(n, ops.width(at), signed)),
        Value::Float(v) => x.float = Some(v),
        _ => {}
    }
    x
}

/// Facts with the resource of `handle`.
fn with_resource<'a>(mut x: Facts<'a>, r: Option<Resource>) -> Facts<'a> {
    if let Some(r) = r {
        x.kind = Some(r.kind);
        x.class = Some(r.class);
        x.comparison = r.comparison;
        x.component = r.component.map(|c| c as u32);
    }
    x
}

fn evaluate<'a>(
    u: &Use,
    ctx: &Context<'a>,
    ops: &dyn Operands<'a>,
    report: &mut dyn FnMut(Option<At>, Facts<'a>),
) {
    let handle_resource = || u.handle.and_then(|h| ops.resource(h));
    match u.constraint.kind {
        Kind::Immediate { any_constant, once } => {
            for &at in u.operands {
                let ok = match ops.value(at) {
                    // a struct of integer constants (or zeroinitializer) is an immediate struct
                    Value::Int(_) | Value::Fields { .. } | Value::Zero | Value::Opaque => true,
                    Value::Unknown => false,
                    _ => any_constant,
                };
                if !ok {
                    report(Some(at), value_facts(ops, at, false));
                    if once {
                        return;
                    }
                }
            }
        }
        Kind::Range {
            min,
            max,
            signed,
            require_constant,
            field,
        } => {
            for &at in u.operands {
                let v = ops.value(at);
                let bad = match integer(v, field, ops.width(at), signed) {
                    Some(n) => {
                        min.is_some_and(|m| n < i128::from(m))
                            || max.is_some_and(|m| n > i128::from(m))
                    }
                    None => require_constant && !matches!(v, Value::Undef | Value::Opaque),
                };
                if bad {
                    let mut x = value_facts(ops, at, signed);
                    x.value = integer(v, field, ops.width(at), signed);
                    report(Some(at), x);
                }
            }
        }
        Kind::OneOf { values, field } => {
            for &at in u.operands {
                let v = ops.value(at);
                if let Some(n) = integer(v, field, ops.width(at), false)
                    && !values.iter().any(|x| i128::from(*x) == n)
                {
                    let mut x = value_facts(ops, at, false);
                    x.value = Some(n);
                    report(Some(at), x);
                }
            }
        }
        Kind::MultipleOf { factor } => {
            for &at in u.operands {
                if let Some(n) = integer(ops.value(at), None, ops.width(at), false)
                    && factor > 0
                    && n % i128::from(factor) != 0
                {
                    report(Some(at), value_facts(ops, at, false));
                }
            }
        }
        Kind::Finite => {
            for &at in u.operands {
                if let Value::Float(v) = ops.value(at)
                    && v.is_infinite()
                {
                    report(Some(at), value_facts(ops, at, false));
                }
            }
        }
        Kind::FloatRange { min, max } => {
            for &at in u.operands {
                if let Value::Float(v) = ops.value(at)
                    && !(min..=max).contains(&v)
                {
                    report(Some(at), value_facts(ops, at, false));
                }
            }
        }
        Kind::Undef { once } => {
            for &at in u.operands {
                if !matches!(ops.value(at), Value::Undef | Value::Opaque) {
                    report(
                        Some(at),
                        with_resource(value_facts(ops, at, false), handle_resource()),
                    );
                    if once {
                        return;
                    }
                }
            }
        }
        Kind::Defined { once, zero } => {
            for &at in u.operands {
                if is_undef(ops.value(at), zero) {
                    report(
                        Some(at),
                        with_resource(value_facts(ops, at, false), handle_resource()),
                    );
                    if once {
                        return;
                    }
                }
            }
        }
        Kind::Enum { accepts, .. } => {
            for &at in u.operands {
                if let Value::Int(n) = ops.value(at) {
                    let n = in_width(n, ops.width(at), false);
                    let ok = i64::try_from(n).is_ok_and(|n| accepts(n, ctx.dxil));
                    if !ok {
                        report(Some(at), value_facts(ops, at, false));
                    }
                }
            }
        }
        Kind::Bits {
            any_of,
            none_of,
            not_all_of,
            except,
            field,
        } => {
            for &at in u.operands {
                let Some(n) = integer(ops.value(at), field, ops.width(at), false) else {
                    continue;
                };
                if except.iter().any(|e| i128::from(*e) == n) {
                    continue;
                }
                let bad = any_of.is_some_and(|b| n & i128::from(b) == 0)
                    || none_of.is_some_and(|b| n & i128::from(b) != 0)
                    || not_all_of.is_some_and(|b| n & i128::from(b) == i128::from(b));
                if bad {
                    let mut x = value_facts(ops, at, false);
                    x.value = Some(n);
                    report(Some(at), x);
                }
            }
        }
        Kind::Implies { bits, then_bits } => {
            let Some(then) = u.extra else { return };
            let Value::Int(t) = ops.value(then) else {
                return;
            };
            let t = in_width(t, ops.width(then), false);
            for &at in u.operands {
                if let Value::Int(n) = ops.value(at) {
                    let n = in_width(n, ops.width(at), false);
                    let b = i128::from(bits);
                    let tb = i128::from(then_bits);
                    if n & b == b && t & tb != tb {
                        report(Some(at), value_facts(ops, at, false));
                    }
                }
            }
        }
        Kind::MaskedDefined | Kind::MaskMatches => {
            let Some(mask_at) = u.extra else { return };
            let Value::Int(m) = ops.value(mask_at) else {
                return;
            };
            let mask = in_width(m, ops.width(mask_at), false);
            let mut defined = 0i128;
            let mut masked_undef = None;
            let mut opaque = false;
            for (i, &at) in u.operands.iter().enumerate() {
                let v = ops.value(at);
                opaque |= matches!(v, Value::Opaque);
                let undef = matches!(v, Value::Undef);
                if !undef {
                    defined |= 1 << i;
                } else if mask & (1 << i) != 0 && masked_undef.is_none() {
                    masked_undef = Some(at);
                }
            }
            let x = Facts {
                mask,
                defined,
                ..Facts::default()
            };
            match (u.constraint.kind, masked_undef) {
                (Kind::MaskedDefined, Some(at)) => report(Some(at), x),
                (Kind::MaskMatches, None) if mask != defined && !opaque => report(None, x),
                _ => {}
            }
        }
        Kind::Overload { set, .. } => {
            if let Some(o) = ctx.overload
                && set.contains(&o)
            {
                report(
                    None,
                    Facts {
                        overload: Some(o),
                        ..Facts::default()
                    },
                );
            }
        }
        Kind::BindIndex => {
            let Some(index) = u.extra else { return };
            for &at in u.operands {
                let (lower, upper) = match ops.value(at) {
                    Value::Fields { fields, len } if len >= 2 => {
                        (fields[0] as u32, fields[1] as u32)
                    }
                    Value::Zero => (0, 0),
                    _ => continue,
                };
                let bad = match ops.value(index) {
                    Value::Int(n) => {
                        let n = in_width(n, ops.width(index), false);
                        n < i128::from(lower) || n > i128::from(upper)
                    }
                    Value::Opaque => false,
                    _ => lower == upper,
                };
                if bad {
                    report(Some(index), value_facts(ops, index, false));
                }
            }
        }
        Kind::ResourceProperties => {
            for &at in u.operands {
                if let Some(Err(e)) = Resource::of_properties(ops.value(at)) {
                    let mut x = value_facts(ops, at, false);
                    x.resource_error = Some(e);
                    report(Some(at), x);
                }
            }
        }
        Kind::ResourceClass { classes } => {
            for &at in u.operands {
                if let Some(r) = ops.resource(at)
                    && !classes.contains(&r.class)
                {
                    report(Some(at), with_resource(Facts::default(), Some(r)));
                }
            }
        }
        Kind::ResourceKind {
            kinds,
            classes,
            scopes,
            undefined,
        } => {
            if !scopes.is_empty() {
                let Some(m) = u.extra.and_then(|e| ops.matrix(e)) else {
                    return;
                };
                if !scopes.iter().any(|s| *s as u32 == m.scope) {
                    return;
                }
            }
            for &at in u.operands {
                if undefined && is_undef(ops.value(at), true) {
                    report(Some(at), value_facts(ops, at, false));
                } else if let Some(r) = ops.resource(at)
                    && (!kinds.contains(&r.kind)
                        || (!classes.is_empty() && !classes.contains(&r.class)))
                {
                    report(Some(at), with_resource(Facts::default(), Some(r)));
                }
            }
        }
        Kind::SamplerMode { comparison } => {
            for &at in u.operands {
                if let Some(r) = ops.resource(at)
                    && r.kind == ResourceKind::Sampler
                    && r.comparison != comparison
                {
                    report(Some(at), with_resource(Facts::default(), Some(r)));
                }
            }
        }
        Kind::ComponentType { types } => {
            for &at in u.operands {
                if let Some(r) = ops.resource(at)
                    && let Some(c) = r.component
                    && !types.contains(&c)
                {
                    report(Some(at), with_resource(Facts::default(), Some(r)));
                }
            }
        }
        Kind::MatrixMetadata
        | Kind::MatrixScope { .. }
        | Kind::MatrixUse { .. }
        | Kind::MatrixComponent { .. }
        | Kind::MatrixK { .. } => {
            for &at in u.operands {
                let Some(m) = ops.matrix(at) else { continue };
                let mut x = Facts::default();
                x.matrices[0] = Some(m);
                x.component = Some(m.component);
                let bad = match u.constraint.kind {
                    Kind::MatrixMetadata => !m.has_metadata,
                    Kind::MatrixScope { scopes } => !scopes.iter().any(|s| *s as u32 == m.scope),
                    Kind::MatrixUse { uses } => !uses.iter().any(|s| *s as u32 == m.usage),
                    Kind::MatrixComponent { types } => {
                        !types.iter().any(|t| *t as u32 == m.component)
                    }
                    Kind::MatrixK { min, max, scopes } => {
                        let k = match m.usage {
                            0 => m.n,
                            1 => m.m,
                            _ => continue,
                        };
                        if !scopes.is_empty() && !scopes.iter().any(|s| *s as u32 == m.scope) {
                            continue;
                        }
                        x.k = i64::from(k);
                        x.k < min || x.k > max
                    }
                    _ => false,
                };
                if bad {
                    report(Some(at), x);
                }
            }
        }
        Kind::SameScope | Kind::SameDims | Kind::SameType | Kind::KMatch | Kind::ProductDims => {
            let mut x = Facts::default();
            for (slot, &at) in x.matrices.iter_mut().zip(u.operands) {
                *slot = ops.matrix(at);
                if slot.is_none() {
                    return;
                }
            }
            let ms: &[Option<Matrix<'a>>] = &x.matrices[..u.operands.len().min(4)];
            let m = |i: usize| ms.get(i).copied().flatten();
            let bad = match u.constraint.kind {
                Kind::SameScope => ms
                    .iter()
                    .flatten()
                    .any(|a| m(0).is_some_and(|b| a.scope != b.scope)),
                Kind::SameDims => {
                    let transpose = u.extra.is_some_and(|t| {
                        matches!(ops.value(t), Value::Int(n) if in_width(n, ops.width(t), false) == 1)
                    });
                    match (m(0), m(1)) {
                        (Some(a), Some(b)) if transpose => a.m != b.n || a.n != b.m,
                        (Some(a), Some(b)) => a.m != b.m || a.n != b.n,
                        _ => false,
                    }
                }
                Kind::SameType => match (m(0), m(1)) {
                    (Some(a), Some(b)) => a.name != b.name,
                    _ => false,
                },
                Kind::KMatch => match (m(0), m(1)) {
                    (Some(a), Some(b)) => a.n != b.m,
                    _ => false,
                },
                Kind::ProductDims => match (m(0), m(1), m(2)) {
                    (Some(c), Some(a), Some(b)) => c.m != a.m || c.n != b.n,
                    _ => false,
                },
                _ => false,
            };
            if bad {
                report(u.operands.first().copied(), x);
            }
        }
        Kind::VectorDim { rows } => {
            let Some(m) = u.extra.and_then(|e| ops.matrix(e)) else {
                return;
            };
            for &at in u.operands {
                let Some(v) = ops.vector(at) else { continue };
                let expected = if rows { m.m } else { m.n };
                if v.len != expected {
                    let mut x = Facts {
                        length: v.len,
                        expected,
                        ..Facts::default()
                    };
                    x.matrices[0] = Some(m);
                    x.vectors[0] = Some(v);
                    report(Some(at), x);
                }
            }
        }
        Kind::ScopeLayout { scopes, layouts } => {
            let Some(layout) = u.extra else { return };
            let Value::Int(l) = ops.value(layout) else {
                return;
            };
            let l = in_width(l, ops.width(layout), false);
            for &at in u.operands {
                let Some(m) = ops.matrix(at) else { continue };
                if scopes.iter().any(|s| *s as u32 == m.scope)
                    && !layouts.iter().any(|x| *x as i128 == l)
                {
                    let mut x = Facts {
                        layout: i64::try_from(l).ok(),
                        ..Facts::default()
                    };
                    x.matrices[0] = Some(m);
                    report(Some(at), x);
                }
            }
        }
        Kind::LayoutStride { layouts } => {
            let Some(layout) = u.extra else { return };
            let Value::Int(l) = ops.value(layout) else {
                return;
            };
            let l = in_width(l, ops.width(layout), false);
            if !layouts.iter().any(|x| *x as i128 == l) {
                return;
            }
            for &at in u.operands {
                if let Value::Int(n) = ops.value(at)
                    && n != 0
                {
                    let mut x = value_facts(ops, at, false);
                    x.layout = i64::try_from(l).ok();
                    report(Some(at), x);
                }
            }
        }
        Kind::SameElement => {
            let (Some(&a), Some(&b)) = (u.operands.first(), u.operands.get(1)) else {
                return;
            };
            if let (Some(va), Some(vb)) = (ops.vector(a), ops.vector(b))
                && va.element != vb.element
            {
                let x = Facts {
                    vectors: [Some(va), Some(vb)],
                    ..Facts::default()
                };
                report(Some(b), x);
            }
        }
        Kind::SignedFloat => {
            let (Some(&v), Some(&flag)) = (u.operands.first(), u.operands.get(1)) else {
                return;
            };
            if let Some(vec) = ops.vector(v)
                && vec.is_float()
                && let Value::Int(n) = ops.value(flag)
                && in_width(n, ops.width(flag), false) != 1
            {
                let x = Facts {
                    vectors: [Some(vec), None],
                    value: Some(in_width(n, ops.width(flag), false)),
                    ..Facts::default()
                };
                report(Some(flag), x);
            }
        }
    }
}

/// A call's operands as a builder has them: its constants; the LinAlg matrix and vector types
/// come from the overloads. The builder's other values are unknown.
struct BuildOperands<'o, 'a, V> {
    info: &'static OpInfo,
    overloads: Overloads<'a>,
    operands: &'o [Operand<V>],
    /// The position of the first parameter in `operands` (1 after the opcode, or 0).
    first: usize,
    /// What a caller's value is known to be (`Opaque` when the caller's type says nothing).
    read: fn(&V) -> Value,
}

impl<'a, V> BuildOperands<'_, 'a, V> {
    /// The overload that is the type of an operand (or of the result).
    fn overload(&self, at: At) -> Option<Overload<'a>> {
        let ty = match at {
            At::Param(i) => self.info.signature.params.get(usize::from(i))?.ty,
            At::Result => self.info.signature.result.ty,
        };
        match ty.kind {
            TypeKind::Overload { dim, .. } => self.overloads.get(usize::from(dim)),
            _ => None,
        }
    }
}

impl<'a, V> Operands<'a> for BuildOperands<'_, 'a, V> {
    fn value(&self, at: At) -> Value {
        let At::Param(i) = at else {
            return Value::Opaque;
        };
        match self.operands.get(usize::from(i) + self.first) {
            Some(Operand::Int { value, .. }) => Value::Int(i128::from(*value)),
            // the fields at their widths; as given when they do not fit (a typed builder's
            // `u32` for an `i8` field), for the constraints to refuse
            Some(Operand::Struct { ty, fields, len }) => {
                crate::constant::struct_operand(ty, fields, *len).map_or(
                    Value::Fields {
                        fields: *fields,
                        len: *len,
                    },
                    Value::from,
                )
            }
            Some(Operand::Value(v)) => (self.read)(v),
            None => Value::Opaque,
        }
    }

    fn width(&self, at: At) -> u32 {
        let At::Param(i) = at else { return 64 };
        match self.operands.get(usize::from(i) + self.first) {
            Some(Operand::Int { ty, .. }) => ty
                .strip_prefix('i')
                .and_then(|w| w.parse().ok())
                .unwrap_or(64),
            _ => 64,
        }
    }

    fn matrix(&self, at: At) -> Option<Matrix<'a>> {
        match self.overload(at)? {
            Overload::Object(name) => {
                let mut m = Matrix::from_name(name.text())?;
                // a builder cannot see the module's metadata
                m.has_metadata = true;
                Some(m)
            }
            _ => None,
        }
    }

    fn vector(&self, at: At) -> Option<Vector<'a>> {
        match self.overload(at)? {
            Overload::Vector(t, w) => Some(Vector {
                len: u32::from(w),
                element: t.llvm(),
            }),
            _ => None,
        }
    }
}

/// The name of `op`'s parameter at `at`; empty for the result or none.
fn param_name(op: &OpInfo, at: Option<At>) -> &'static str {
    match at {
        Some(At::Param(i)) => op
            .signature
            .params
            .get(usize::from(i))
            .map_or("", |p| p.name),
        _ => "",
    }
}

/// A constraint a built call violates (a [`BuildError::Constraint`]). Small (a few words), so
/// that a builder's `Result` stays small.
#[derive(Clone, Copy, Debug)]
pub struct ConstraintError {
    /// The constraint.
    pub constraint: &'static Constraint,
    /// The op of the call.
    pub op: &'static OpInfo,
    /// The operand at fault, if one is.
    pub at: Option<At>,
    /// The value found, if a constant.
    pub value: Option<i64>,
}

impl ConstraintError {
    fn of(v: &Violation<'_>) -> ConstraintError {
        ConstraintError {
            constraint: v.constraint,
            op: v.op,
            at: v.at,
            value: v.facts.value.and_then(|n| i64::try_from(n).ok()),
        }
    }

    /// The constraint's name (`store.mask-contiguous`).
    pub fn name(&self) -> &'static str {
        self.constraint.name
    }

    /// The rule DXC's validator reports for it.
    pub fn rule(&self) -> ValidationRule {
        self.constraint.rule
    }

    /// What the constraint demands.
    pub fn doc(&self) -> &'static str {
        self.constraint.doc
    }

    /// The name of the parameter at fault; empty for the result or none.
    pub fn param(&self) -> &'static str {
        param_name(self.op, self.at)
    }
}

/// The same constraint (the same record) on the same op, operand and value.
impl PartialEq for ConstraintError {
    fn eq(&self, other: &Self) -> bool {
        core::ptr::eq(self.constraint, other.constraint)
            && core::ptr::eq(self.op, other.op)
            && self.at == other.at
            && self.value == other.value
    }
}

impl Eq for ConstraintError {}

impl Display for ConstraintError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (param, op) = (self.param(), self.op.name);
        match (param.is_empty(), self.value) {
            (false, Some(v)) => write!(f, "operand `{param}` of {op} is {v}: ")?,
            (false, None) => write!(f, "operand `{param}` of {op}: ")?,
            (true, _) => write!(f, "{op}: ")?,
        }
        let doc = self.doc().trim_end_matches('.');
        write!(
            f,
            "{doc} (constraint `{}`, rule {})",
            self.name(),
            self.rule().code()
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ConstraintError {}

/// The context of a call built for `target`.
fn build_context<'a>(target: &Target, overloads: Overloads<'a>) -> Context<'a> {
    Context {
        dxil: target.dxil,
        shader_model: None,
        stage: match target.stage {
            Some(s) => Some(s),
            None if target.library => Some(ShaderKind::Library),
            None => None,
        },
        overload: overloads.get(0),
    }
}

/// The constraints of `op` a call built for `target` with these overloads and operands (the
/// opcode first) violates first, as the builders check them: what the constant operands and the
/// overloads decide.
pub fn check_build<'a, V>(
    op: Op,
    target: &Target,
    overloads: Overloads<'a>,
    operands: &[Operand<V>],
) -> Result<(), BuildError<'a>> {
    build_operands(op, target, overloads, operands, 1, |_| Value::Opaque)
}

/// [`check_build`] for operands without the opcode ([`build_dynamic`](crate::call::build_dynamic)),
/// whose values may say that they are constants ([`crate::call::Value`]).
pub(crate) fn check_build_params<'a, V: crate::call::Value>(
    op: Op,
    target: &Target,
    overloads: Overloads<'a>,
    params: &[Operand<V>],
) -> Result<(), BuildError<'a>> {
    let read = |v: &V| match (v.int_constant(), v.struct_constant()) {
        (Some(n), _) => Value::Int(i128::from(n)),
        (None, Some(c)) if c.is_zero() => Value::Zero,
        (None, Some(c)) => c.as_llvm_reads().map_or(Value::Constant, Value::from),
        (None, None) => Value::Opaque,
    };
    build_operands(op, target, overloads, params, 0, read)
}

fn build_operands<'a, V>(
    op: Op,
    target: &Target,
    overloads: Overloads<'a>,
    operands: &[Operand<V>],
    first: usize,
    read: fn(&V) -> Value,
) -> Result<(), BuildError<'a>> {
    let uses = of(op);
    if uses.is_empty() {
        return Ok(());
    }
    let info = op.info();
    let ctx = build_context(target, overloads);
    let ops = BuildOperands {
        info,
        overloads,
        operands,
        first,
        read,
    };
    let mut first = None;
    check_uses(info, uses, &ctx, &ops, &mut |v| {
        if first.is_none() {
            first = Some(ConstraintError::of(&v));
        }
    });
    match first {
        Some(e) => Err(BuildError::Constraint(e)),
        None => Ok(()),
    }
}

/// The constraint of kind `overload` that forbids the overloads for `target`, as an error.
pub fn check_build_overload<'a>(
    op: Op,
    target: &Target,
    overloads: Overloads<'a>,
) -> Option<ConstraintError> {
    let ctx = build_context(target, overloads);
    let u = overload_constraint(op, &ctx)?;
    Some(ConstraintError {
        constraint: u.constraint,
        op: op.info(),
        at: None,
        value: None,
    })
}
