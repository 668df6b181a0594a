//! The LLVM intrinsic map in the model: every intrinsic the database knows, and how it is lowered
//! to DXIL ops at each DXIL version (`llvm_intrinsics` of op records, `[[intrinsic]]` records,
//! `[derived.NAME]` records; see `docs/ops-toml.md`).

use dxil_base::DxilVersion;

use crate::model::TypeId;

/// An intrinsic of [`Database::intrinsics`](crate::Database::intrinsics).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct IntrinsicId(pub u32);

/// A derived value of [`Database::derived`](crate::Database::derived).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DerivedId(pub u32);

impl IntrinsicId {
    /// The position of the record in its list.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl DerivedId {
    /// The position of the record in its list.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// An LLVM intrinsic and its lowerings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Intrinsic {
    /// Name without overload suffixes (`llvm.fabs`, `llvm.dx.resource.load.typedbuffer`).
    pub name: String,
    /// Older names of the same intrinsic (LLVM renamed it); calls under them lower the same way.
    pub aliases: Vec<String>,
    /// Description.
    pub doc: String,
    /// Longer description: what LLVM does beyond the data, where LLVM differs.
    pub remarks: String,
    /// The names of its parameters, in order; the length is its arity.
    pub params: Vec<String>,
    /// Lowerings in strictly increasing `since` order: at a DXIL version the one with the latest
    /// `since` not above it applies. Empty when the intrinsic lowers to no DXIL op.
    pub lowerings: Vec<Lowering>,
    /// Where it is written: in the `llvm_intrinsics` of this op (by name), or in an
    /// `[[intrinsic]]` record (`None`).
    pub op_record: Option<String>,
}

impl Intrinsic {
    /// The lowering that applies at `version`, if any.
    pub fn lowering_at(&self, version: DxilVersion) -> Option<&Lowering> {
        self.lowerings.iter().rev().find(|l| l.since <= version)
    }

    /// The versions from which each lowering applies, with the version where the next one takes
    /// over (`None` for the last).
    pub fn gates(&self) -> impl Iterator<Item = (&Lowering, Option<DxilVersion>)> {
        self.lowerings
            .iter()
            .enumerate()
            .map(|(i, l)| (l, self.lowerings.get(i + 1).map(|n| n.since)))
    }
}

/// The LLVM release whose include files read the DXIL.td of `cargo xtask emit llvm`
/// (`[llvm_baseline]`): the file declares the intrinsics of the map that release lacks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LlvmBaseline {
    /// The release (`14`).
    pub release: String,
    /// The intrinsics of the map that the release defines, by name, sorted.
    pub intrinsics: Vec<String>,
    /// Description.
    pub doc: String,
}

/// How an intrinsic is lowered from one DXIL version on: a sequence of op calls and the shape of
/// the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lowering {
    /// The first DXIL version it applies to.
    pub since: DxilVersion,
    /// The calls, in order; a step may use the result of an earlier one.
    pub steps: Vec<Step>,
    /// How the intrinsic's result is made from the calls.
    pub result: ResultShape,
}

impl Lowering {
    /// The opcodes of every op the lowering calls: its steps, then the ops of its result shape
    /// and of 64-bit splitting.
    pub fn opcodes(&self) -> impl Iterator<Item = u32> + '_ {
        let steps = self
            .steps
            .iter()
            .flat_map(|s| std::iter::once(s.op).chain(s.split64));
        let result = match self.result {
            ResultShape::ResRet { check, join64 } => [check, join64],
            _ => [None, None],
        };
        steps.chain(result.into_iter().flatten())
    }
}

/// One call of a lowering.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The opcode of the op called.
    pub op: u32,
    /// How the op's overload is chosen.
    pub overload: OverloadSource,
    /// Where each operand after the opcode comes from.
    pub operands: Vec<Source>,
    /// With 64-bit `double` elements, the op that splits each into two `i32` (`element` sources
    /// then count 32-bit lanes).
    pub split64: Option<u32>,
}

/// How the op's overload of a step is chosen from the intrinsic call's overload type (the type
/// that makes the intrinsic's name: its overloaded result or argument).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OverloadSource {
    /// The op has no overload.
    None,
    /// The intrinsic's overload type itself (`float`, `<4 x half>`).
    Intrinsic,
    /// Its element type (`<4 x float>` → `float`).
    Element,
    /// Its element type, with 64-bit elements as pairs of `i32`.
    Element32,
}

impl OverloadSource {
    /// The spelling in `ops.toml`.
    pub fn name(self) -> &'static str {
        match self {
            OverloadSource::None => "none",
            OverloadSource::Intrinsic => "intrinsic",
            OverloadSource::Element => "element",
            OverloadSource::Element32 => "element_32",
        }
    }
}

/// What fills an element slot past the end of a vector argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missing {
    /// `undef`.
    Undef,
    /// The vector's first element (typed stores: DXC repeats it).
    First,
}

impl Missing {
    /// The spelling in `ops.toml`.
    pub fn name(self) -> &'static str {
        match self {
            Missing::Undef => "undef",
            Missing::First => "first",
        }
    }
}

/// The LLVM integer type of a constant operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConstType {
    /// `i1`.
    I1,
    /// `i8`.
    I8,
    /// `i16`.
    I16,
    /// `i32`.
    I32,
    /// `i64`.
    I64,
}

impl ConstType {
    /// Every constant type, narrowest first.
    pub const ALL: [ConstType; 5] = [
        ConstType::I1,
        ConstType::I8,
        ConstType::I16,
        ConstType::I32,
        ConstType::I64,
    ];

    /// The LLVM type (`i8`), also the key of the source in `ops.toml`.
    pub fn llvm(self) -> &'static str {
        match self {
            ConstType::I1 => "i1",
            ConstType::I8 => "i8",
            ConstType::I16 => "i16",
            ConstType::I32 => "i32",
            ConstType::I64 => "i64",
        }
    }

    /// The width in bits.
    pub fn bits(self) -> u32 {
        match self {
            ConstType::I1 => 1,
            ConstType::I8 => 8,
            ConstType::I16 => 16,
            ConstType::I32 => 32,
            ConstType::I64 => 64,
        }
    }

    /// Whether `value` fits, read as signed or as unsigned.
    pub fn fits(self, value: i64) -> bool {
        match self {
            ConstType::I64 => true,
            t => {
                let bits = t.bits();
                let min = -(1i64 << (bits - 1));
                let max = (1i64 << bits) - 1;
                (min..=max).contains(&value)
            }
        }
    }
}

/// Where an operand of a lowered call comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// The intrinsic call's argument at this position.
    Arg(u8),
    /// The sum of two arguments (`index + lower bound`).
    ArgPlusArg(u8, u8),
    /// An element of a vector argument (a 32-bit lane when the step splits 64-bit values).
    Element {
        /// The argument.
        arg: u8,
        /// The element.
        index: u8,
        /// What stands for an element past the end of the vector.
        missing: Missing,
    },
    /// An integer constant.
    Const {
        /// Its type.
        ty: ConstType,
        /// Its value.
        value: i64,
    },
    /// `undef` of the parameter's type.
    Undef,
    /// The result of an earlier step.
    Step(u8),
    /// A derived value ([`DerivedValue`]).
    Derived(DerivedId),
    /// A constant struct, each field from a source.
    Struct(Vec<Source>),
}

/// How the intrinsic's result is made from the lowered calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultShape {
    /// The intrinsic returns nothing.
    None,
    /// The last call's result is the intrinsic's (a named struct standing for a literal struct of
    /// the same layout).
    Value,
    /// The intrinsic's result is this field of the last call's struct result.
    Field(u8),
    /// The intrinsic returns `{T, i1}` and the last call a `ResRet`: the elements of `T` are its
    /// first fields, the `i1` is the `check` op applied to its status field (the last); with
    /// `join64`, 64-bit `double` elements were loaded as `i32` pairs and are joined by that op.
    ResRet {
        /// The opcode of the op that reads the status (`CheckAccessFullyMapped`).
        check: Option<u32>,
        /// The opcode of the op that joins two `i32` into a `double` (`MakeDouble`).
        join64: Option<u32>,
    },
}

impl ResultShape {
    /// The spelling of the shape in `ops.toml`.
    pub fn name(self) -> &'static str {
        match self {
            ResultShape::None => "none",
            ResultShape::Value => "value",
            ResultShape::Field(_) => "field",
            ResultShape::ResRet { .. } => "res_ret",
        }
    }
}

/// A value a lowering needs that is not an argument of the intrinsic call: a fact about the
/// resource the call uses or about its overload, which whoever lowers the call computes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DerivedValue {
    /// Name (`resource_class`).
    pub name: String,
    /// Its type.
    pub ty: TypeId,
    /// Description: how it is computed.
    pub doc: String,
}

impl crate::Database {
    /// A source as text, naming the intrinsic's arguments by its parameter names: `%index`,
    /// `%index + %lower_bound`, `%data[1] or %data[0]`, `i8 0`, `undef`, `step 0`,
    /// `<resource_class>`, `{ %lower_bound, <range_upper>, %space, <resource_class> }`.
    pub fn source_text(&self, intrinsic: &Intrinsic, source: &Source) -> String {
        let arg = |i: u8| match intrinsic.params.get(usize::from(i)) {
            Some(n) => format!("%{n}"),
            None => format!("%{i}"),
        };
        match source {
            Source::Arg(i) => arg(*i),
            Source::ArgPlusArg(a, b) => format!("{} + {}", arg(*a), arg(*b)),
            Source::Element {
                arg: a,
                index,
                missing,
            } => {
                let first = format!("{}[{index}]", arg(*a));
                match (missing, index) {
                    (_, 0) => first,
                    (Missing::Undef, _) => format!("{first} or undef"),
                    (Missing::First, _) => format!("{first} or {}[0]", arg(*a)),
                }
            }
            Source::Const { ty, value } => match ty {
                ConstType::I1 => format!("i1 {}", if *value != 0 { "true" } else { "false" }),
                t => format!("{} {value}", t.llvm()),
            },
            Source::Undef => "undef".to_owned(),
            Source::Step(k) => format!("step {k}"),
            Source::Derived(d) => format!("<{}>", self.derived_value(*d).name),
            Source::Struct(fields) => {
                let f: Vec<String> = fields
                    .iter()
                    .map(|f| self.source_text(intrinsic, f))
                    .collect();
                format!("{{ {} }}", f.join(", "))
            }
        }
    }

    /// The name of the op with this opcode (empty if none).
    pub fn op_name(&self, opcode: u32) -> &str {
        self.op_by_opcode(opcode).map_or("", |o| o.name.as_str())
    }

    /// A result shape as text: `value`, `none`, `field 0`,
    /// `res_ret (check: CheckAccessFullyMapped, join64: MakeDouble)`.
    pub fn result_text(&self, shape: &ResultShape) -> String {
        match shape {
            ResultShape::Field(i) => format!("field {i}"),
            ResultShape::ResRet { check, join64 } => {
                let mut parts = Vec::new();
                if let Some(c) = check {
                    parts.push(format!("check: {}", self.op_name(*c)));
                }
                if let Some(j) = join64 {
                    parts.push(format!("join64: {}", self.op_name(*j)));
                }
                if parts.is_empty() {
                    "res_ret".to_owned()
                } else {
                    format!("res_ret ({})", parts.join(", "))
                }
            }
            other => other.name().to_owned(),
        }
    }
}
