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

use crate::enums::{
    ComponentType, MatrixLayout, MatrixScope, MatrixUse, ResourceClass, ResourceKind,
};
use crate::info::OpInfo;
use crate::rules::ValidationRule;
use crate::{Op, OverloadSet, ShaderModel, StageSet};
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

mod build;
mod evaluate;
mod operands;
mod violation;

pub(crate) use build::check_build_params;
pub use build::{ConstraintError, check_build, check_build_overload};
pub use evaluate::{check, check_uses, overload_gated};
pub use operands::{Context, Matrix, Operands, Resource, Value, Vector};
pub use violation::{Detail, Message, Violation};
