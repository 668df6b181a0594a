//! The LLVM intrinsic map: which DXIL op(s) an LLVM intrinsic is lowered to at a DXIL version,
//! and where each operand of those calls comes from. The rows are generated from the
//! `llvm_intrinsics` of op records and the `[[intrinsic]]` records of `db/llvm-intrinsics.toml`.
//!
//! ```
//! use dxil_ops::intrinsic::{self, Source};
//! use dxil_ops::{DxilVersion, Op};
//!
//! // From an intrinsic (overload suffixes allowed) and a version to the calls.
//! let v15 = DxilVersion::new(1, 5);
//! let v16 = DxilVersion::new(1, 6);
//! let l = intrinsic::lowering("llvm.dx.wave.reduce.usum.i32", v16).unwrap();
//! assert_eq!(l.steps[0].op.name, "WaveActiveOp");
//! assert_eq!(l.steps[0].operands[2], Source::Const { ty: "i8", value: 1 });
//!
//! // A binding is one call before DXIL 1.6 and two from then on.
//! let name = "llvm.dx.resource.handlefrombinding";
//! assert_eq!(intrinsic::lowering(name, v15).unwrap().steps.len(), 1);
//! assert_eq!(intrinsic::lowering(name, v16).unwrap().steps[1].op.name, "AnnotateHandle");
//!
//! // The reverse: the intrinsics whose lowering calls an op.
//! assert!(Op::AnnotateHandle.intrinsics().iter().any(|i| i.name == name));
//! ```
//!
//! To make a call from a lowering, [`Step::build`] asks an [`Operands`] implementation (the
//! caller's view of the intrinsic call) for the arguments, elements, derived values and
//! results of earlier steps it needs, and runs every check of the typed builders
//! ([`crate::call::build_dynamic`]). Nothing here allocates.

pub mod resource;

use core::fmt;

use crate::call::{BuildError, DynCall, Operand, Target};
use crate::info::{OpInfo, ParamInfo, TypeKind};
use crate::overload::{Overload, Overloads};
use crate::{DxilVersion, ScalarType};

pub use crate::generated::intrinsics::{Derived, INTRINSICS};

/// An LLVM intrinsic and its lowerings. An intrinsic is known by its name: `==` compares names
/// and `Debug` shows the name, aliases and parameters (its lowerings call ops, whose rows refer
/// back to it: following them would never end).
#[derive(Clone, Copy)]
pub struct IntrinsicInfo {
    /// Name without overload suffixes (`llvm.fabs`).
    pub name: &'static str,
    /// Older names (LLVM renamed the intrinsic); calls under them lower the same way.
    pub aliases: &'static [&'static str],
    /// Description.
    pub doc: &'static str,
    /// What LLVM does beyond the data, and where it differs.
    pub remarks: &'static str,
    /// Names of its parameters; the length is its arity.
    pub params: &'static [&'static str],
    /// Lowerings in increasing `since` order; empty when it lowers to no DXIL op.
    pub lowerings: &'static [Lowering],
}

impl core::fmt::Debug for IntrinsicInfo {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("IntrinsicInfo")
            .field("name", &self.name)
            .field("aliases", &self.aliases)
            .field("params", &self.params)
            .finish_non_exhaustive()
    }
}

impl PartialEq for IntrinsicInfo {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Eq for IntrinsicInfo {}

impl IntrinsicInfo {
    /// A row without aliases, description and remarks (generated code).
    #[doc(hidden)]
    pub const fn new(
        name: &'static str,
        params: &'static [&'static str],
        lowerings: &'static [Lowering],
    ) -> Self {
        IntrinsicInfo {
            name,
            aliases: &[],
            doc: "",
            remarks: "",
            params,
            lowerings,
        }
    }

    /// The row with these older names (generated code).
    #[doc(hidden)]
    pub const fn aliases(mut self, aliases: &'static [&'static str]) -> Self {
        self.aliases = aliases;
        self
    }

    /// The row with this description (generated code).
    #[doc(hidden)]
    pub const fn doc(mut self, doc: &'static str) -> Self {
        self.doc = doc;
        self
    }

    /// The row with these remarks (generated code).
    #[doc(hidden)]
    pub const fn remarks(mut self, remarks: &'static str) -> Self {
        self.remarks = remarks;
        self
    }

    /// The lowering that applies at `version`: the one with the latest `since` not above it.
    pub fn lowering_at(&self, version: DxilVersion) -> Option<&'static Lowering> {
        self.lowerings.iter().rev().find(|l| l.since <= version)
    }

    /// Each lowering with the version where the next one takes over (`None` for the last).
    pub fn gates(&self) -> impl Iterator<Item = (&'static Lowering, Option<DxilVersion>)> {
        let all = self.lowerings;
        all.iter()
            .enumerate()
            .map(move |(i, l)| (l, all.get(i + 1).map(|n| n.since)))
    }
}

/// How an intrinsic is lowered from one DXIL version on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lowering {
    /// The first DXIL version it applies to.
    pub since: DxilVersion,
    /// The calls, in order.
    pub steps: &'static [Step],
    /// How the intrinsic's result is made from the calls.
    pub result: ResultShape,
}

impl Lowering {
    /// A row (generated code).
    #[doc(hidden)]
    pub const fn new(since: DxilVersion, steps: &'static [Step], result: ResultShape) -> Self {
        Lowering {
            since,
            steps,
            result,
        }
    }
}

/// One call of a lowering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The op called.
    pub op: &'static OpInfo,
    /// How its overload is chosen.
    pub overload: OverloadSource,
    /// Where each operand after the opcode comes from.
    pub operands: &'static [Source],
    /// With `double` elements, the op that splits each into two `i32`
    /// ([`Source::Element`] then counts 32-bit lanes).
    pub split64: Option<&'static OpInfo>,
}

/// How the op's overload of a step is chosen from the intrinsic call's overload type (the type
/// that makes the intrinsic's name: its overloaded result or argument; for
/// `llvm.dx.resource.load.cbufferrow.*` the element type of the row).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OverloadSource {
    /// The op has no overload.
    None,
    /// The intrinsic's overload type itself.
    Intrinsic,
    /// Its element type.
    Element,
    /// Its element type, 64-bit elements as pairs of `i32`.
    Element32,
}

/// What stands for an element past the end of a vector argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missing {
    /// `undef`.
    Undef,
    /// The vector's first element.
    First,
}

/// Where an operand of a lowered call comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The intrinsic call's argument at this position.
    Arg(u8),
    /// The sum of two arguments.
    ArgPlusArg(u8, u8),
    /// An element of a vector argument (its 32-bit lane when the step splits 64-bit values).
    Element {
        /// The argument.
        arg: u8,
        /// The element.
        index: u8,
        /// What stands for an element past the end.
        missing: Missing,
    },
    /// An integer constant of LLVM type `ty`.
    Const {
        /// The LLVM type (`i8`).
        ty: &'static str,
        /// The value.
        value: i64,
    },
    /// `undef` of the parameter's type.
    Undef,
    /// The result of an earlier step.
    Step(u8),
    /// A value the caller derives from the resource or the overload.
    Derived(Derived),
    /// A constant struct, a source per field.
    Struct(&'static [Source]),
}

/// How the intrinsic's result is made from the calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultShape {
    /// No result.
    None,
    /// The last call's result (a named struct stands for a literal struct of the same layout:
    /// the intrinsic's `extractvalue`s read the call's result).
    Value,
    /// This field of the last call's struct result.
    Field(u8),
    /// The intrinsic returns `{T, i1}` (or `T`) and the last call a `ResRet`: element `i` of
    /// `T` is field `i`; the `i1` is `check` applied to the status, field 4; with `join64`,
    /// `double` elements were loaded as `i32` pairs (fields `2i`, `2i + 1`) that `join64`
    /// joins.
    ResRet {
        /// The op that reads the status (`CheckAccessFullyMapped`).
        check: Option<&'static OpInfo>,
        /// The op that joins two `i32` into a `double` (`MakeDouble`).
        join64: Option<&'static OpInfo>,
    },
}

/// The intrinsic named `name`, or one of its older names, without overload suffixes.
pub fn find(name: &str) -> Option<&'static IntrinsicInfo> {
    crate::generated::intrinsics::BY_NAME
        .get(name)
        .and_then(|&(_, i)| INTRINSICS.get(usize::from(i)))
}

/// The intrinsic a called function is: `name` itself, or the longest prefix of it that ends
/// before a `.` and names an intrinsic (`llvm.fabs.f32` → `llvm.fabs`), as LLVM reads
/// overloaded intrinsic names.
pub fn find_called(name: &str) -> Option<&'static IntrinsicInfo> {
    let mut end = name.len();
    loop {
        if let Some(i) = name.get(..end).and_then(find) {
            return Some(i);
        }
        end = name.get(..end)?.rfind('.')?;
    }
}

/// The lowering of the intrinsic `name` (overload suffixes allowed) at `version`, if the
/// intrinsic is in the map and lowers to DXIL ops then.
pub fn lowering(name: &str, version: DxilVersion) -> Option<&'static Lowering> {
    find_called(name)?.lowering_at(version)
}

impl crate::Op {
    /// The intrinsics whose lowering calls this op at some version (as a step, or in the
    /// result shape or 64-bit splitting), by name.
    pub fn intrinsics(self) -> &'static [&'static IntrinsicInfo] {
        self.info().intrinsics
    }

    /// The ops the LLVM intrinsic `name` (overload suffixes allowed: `llvm.sin.f32`) is lowered
    /// to at `version`, in the order of the calls; none when the intrinsic is not in the map or
    /// lowers to no op then. [`lowering`] says where the operands come from.
    ///
    /// ```
    /// use dxil_ops::{DxilVersion, Op};
    ///
    /// let v16 = DxilVersion::new(1, 6);
    /// assert!(Op::from_intrinsic("llvm.sin.f32", v16).eq([Op::Sin]));
    /// let binding = "llvm.dx.resource.handlefrombinding";
    /// assert!(Op::from_intrinsic(binding, v16).eq([Op::CreateHandleFromBinding, Op::AnnotateHandle]));
    /// assert!(Op::from_intrinsic(binding, DxilVersion::new(1, 5)).eq([Op::CreateHandle]));
    /// ```
    pub fn from_intrinsic(name: &str, version: DxilVersion) -> impl Iterator<Item = crate::Op> {
        lowering(name, version)
            .map_or(&[][..], |l| l.steps)
            .iter()
            .filter_map(|s| crate::Op::from_opcode(s.op.opcode))
    }
}

/// The caller's view of an intrinsic call: what a step's operands are made of.
///
/// Constants are `Operand::Int`; [`Step::build`] folds sums of constants and builds constant
/// structs itself.
pub trait Operands<V> {
    /// Argument `index` of the call.
    fn arg(&mut self, index: u8) -> Option<Operand<V>>;

    /// Element `index` of vector argument `arg` (a scalar is its own element 0); `None` past
    /// the end. When `split` is given and the elements are 64-bit `double`s, `index` counts
    /// 32-bit lanes (low half first) made by that op (`SplitDouble`); for `i64` elements, by
    /// integer instructions.
    fn element(&mut self, arg: u8, index: u8, split: Option<&'static OpInfo>)
    -> Option<Operand<V>>;

    /// `undef` for parameter `param`.
    fn undef(&mut self, param: &'static ParamInfo) -> Option<Operand<V>>;

    /// The result of step `step` of the lowering.
    fn step_result(&mut self, step: u8) -> Option<Operand<V>>;

    /// A derived value.
    fn derived(&mut self, value: Derived, step: &Step) -> Option<Operand<V>>;

    /// The sum of two operands that are not both constants (an `add` instruction); `None` when
    /// the caller cannot make it.
    fn add(&mut self, a: Operand<V>, b: Operand<V>) -> Option<Operand<V>> {
        let _ = (a, b);
        None
    }
}

/// Why a step's call cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LowerError<'a> {
    /// The caller could not provide a source.
    Source {
        /// The op.
        op: &'static str,
        /// The parameter.
        param: &'static str,
        /// What it needed.
        source: Source,
    },
    /// A struct field or an immediate sum needs a constant, and the caller gave a value.
    NotConstant {
        /// The op.
        op: &'static str,
        /// The parameter.
        param: &'static str,
    },
    /// The operand buffer is too small.
    Buffer {
        /// Operands needed.
        needed: usize,
    },
    /// The overload the step needs cannot be made from the intrinsic's.
    Overload {
        /// The op.
        op: &'static str,
        /// The intrinsic's overload.
        intrinsic: Overload<'a>,
    },
    /// The call fails a check of the builders.
    Build(BuildError<'a>),
}

impl fmt::Display for LowerError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LowerError::Source { op, param, source } => write!(
                f,
                "operand `{param}` of {op}: the intrinsic call gives no {}",
                SourceText(source)
            ),
            LowerError::NotConstant { op, param } => {
                write!(f, "operand `{param}` of {op} must be a constant")
            }
            LowerError::Buffer { needed } => {
                write!(f, "the operand buffer holds fewer than {needed} operands")
            }
            LowerError::Overload { op, intrinsic } => write!(
                f,
                "{op}: no overload can be made from the intrinsic's overload `{intrinsic}`"
            ),
            LowerError::Build(e) => write!(f, "{e}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for LowerError<'_> {}

impl<'a> From<BuildError<'a>> for LowerError<'a> {
    fn from(e: BuildError<'a>) -> Self {
        LowerError::Build(e)
    }
}

/// A source as text, arguments by position: `arg 3 + arg 1`, `arg 2[1] or arg 2[0]`, `i8 0`,
/// `undef`, `step 0`, `<resource_class>`, `{ arg 1, <range_upper>, arg 0, <resource_class> }`.
#[derive(Clone, Copy, Debug)]
pub struct SourceText<'s>(pub &'s Source);

impl fmt::Display for SourceText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Source::Arg(i) => write!(f, "arg {i}"),
            Source::ArgPlusArg(a, b) => write!(f, "arg {a} + arg {b}"),
            Source::Element {
                arg,
                index,
                missing,
            } => {
                write!(f, "arg {arg}[{index}]")?;
                match (missing, index) {
                    (_, 0) => Ok(()),
                    (Missing::Undef, _) => f.write_str(" or undef"),
                    (Missing::First, _) => write!(f, " or arg {arg}[0]"),
                }
            }
            Source::Const { ty, value } => write!(f, "{ty} {value}"),
            Source::Undef => f.write_str("undef"),
            Source::Step(k) => write!(f, "step {k}"),
            Source::Derived(d) => write!(f, "<{}>", d.name()),
            Source::Struct(fields) => {
                f.write_str("{ ")?;
                for (i, s) in fields.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{}", SourceText(s))?;
                }
                f.write_str(" }")
            }
        }
    }
}

/// The largest number of operands after the opcode of any op: a buffer this long fits every
/// step.
pub const MAX_OPERANDS: usize = crate::generated::intrinsics::MAX_OPERANDS;

/// A buffer for the operands of any step, filled with placeholders.
pub fn operand_buffer<V>() -> [Operand<V>; MAX_OPERANDS] {
    core::array::from_fn(|_| Operand::Int {
        ty: "i32",
        value: 0,
    })
}

/// The `i32` scalar type, for 64-bit elements split into pairs.
fn i32_type() -> Option<ScalarType> {
    ScalarType::from_name("i32")
}

/// Whether a scalar type is 64 bits wide.
pub fn is_64_bit(t: ScalarType) -> bool {
    matches!(t.llvm(), "double" | "i64")
}

impl Step {
    /// A row (generated code).
    #[doc(hidden)]
    pub const fn new(
        op: &'static OpInfo,
        overload: OverloadSource,
        operands: &'static [Source],
        split64: Option<&'static OpInfo>,
    ) -> Self {
        Step {
            op,
            overload,
            operands,
            split64,
        }
    }

    /// The op's overloads for a call of the intrinsic with overload type `intrinsic`.
    pub fn overloads<'a>(&self, intrinsic: Overload<'a>) -> Result<Overloads<'a>, LowerError<'a>> {
        let bad = LowerError::Overload {
            op: self.op.name,
            intrinsic,
        };
        let o = match self.overload {
            OverloadSource::None => return Ok(Overloads::NONE),
            OverloadSource::Intrinsic => intrinsic,
            OverloadSource::Element => Overload::Scalar(intrinsic.scalar().ok_or(bad)?),
            OverloadSource::Element32 => {
                let t = intrinsic.scalar().ok_or(bad)?;
                if is_64_bit(t) {
                    Overload::Scalar(i32_type().ok_or(bad)?)
                } else {
                    Overload::Scalar(t)
                }
            }
        };
        Ok(Overloads::one(o))
    }

    /// Whether the step reads 64-bit elements as `i32` pairs for this intrinsic overload.
    pub fn splits_64_bit(&self, intrinsic: Overload<'_>) -> bool {
        self.overload == OverloadSource::Element32 && intrinsic.scalar().is_some_and(is_64_bit)
    }

    /// Makes the operands of the call into `buf` (the first `self.operands.len()` slots) from
    /// `args`.
    pub fn operands<'a, V>(
        &self,
        args: &mut impl Operands<V>,
        buf: &mut [Operand<V>],
    ) -> Result<usize, LowerError<'a>> {
        let n = self.operands.len();
        let slots = buf.get_mut(..n).ok_or(LowerError::Buffer { needed: n })?;
        for ((slot, source), param) in slots
            .iter_mut()
            .zip(self.operands)
            .zip(self.op.signature.params)
        {
            *slot = self.resolve(args, source, param)?;
        }
        Ok(n)
    }

    /// Makes the call for an intrinsic call with overload type `intrinsic`: the operands into
    /// `buf`, then every check of the builders.
    pub fn build<'a, 'o, V: crate::call::Value>(
        &self,
        target: &Target,
        intrinsic: Overload<'a>,
        args: &mut impl Operands<V>,
        buf: &'o mut [Operand<V>],
    ) -> Result<DynCall<'a, 'o, V>, LowerError<'a>> {
        let overloads = self.overloads(intrinsic)?;
        let n = self.operands(args, buf)?;
        let operands = buf.get(..n).ok_or(LowerError::Buffer { needed: n })?;
        Ok(crate::call::build_dynamic(
            self.op, target, overloads, operands,
        )?)
    }

    fn resolve<'a, V>(
        &self,
        args: &mut impl Operands<V>,
        source: &Source,
        param: &'static ParamInfo,
    ) -> Result<Operand<V>, LowerError<'a>> {
        let missing = LowerError::Source {
            op: self.op.name,
            param: param.name,
            source: *source,
        };
        match *source {
            Source::Arg(i) => args.arg(i).ok_or(missing),
            Source::ArgPlusArg(a, b) => {
                let x = args.arg(a).ok_or(missing)?;
                let y = args.arg(b).ok_or(missing)?;
                match (&x, &y) {
                    (Operand::Int { ty, value: p }, Operand::Int { value: q, .. }) => {
                        Ok(Operand::Int {
                            ty,
                            value: p.wrapping_add(*q),
                        })
                    }
                    _ if param.immediate => Err(LowerError::NotConstant {
                        op: self.op.name,
                        param: param.name,
                    }),
                    _ => args.add(x, y).ok_or(missing),
                }
            }
            Source::Element {
                arg,
                index,
                missing: m,
            } => match args.element(arg, index, self.split64) {
                Some(v) => Ok(v),
                None => match m {
                    Missing::First => args.element(arg, 0, self.split64).ok_or(missing),
                    Missing::Undef => args.undef(param).ok_or(missing),
                },
            },
            Source::Const { ty, value } => Ok(Operand::Int { ty, value }),
            Source::Undef => args.undef(param).ok_or(missing),
            Source::Step(k) => args.step_result(k).ok_or(missing),
            Source::Derived(d) => args.derived(d, self).ok_or(missing),
            Source::Struct(fields) => {
                let mut values = [0i64; 4];
                if fields.len() > values.len() || !matches!(param.ty.kind, TypeKind::Struct { .. })
                {
                    return Err(missing);
                }
                for (v, f) in values.iter_mut().zip(fields) {
                    *v = match self.resolve(args, f, param)? {
                        Operand::Int { value, .. } => value,
                        _ => {
                            return Err(LowerError::NotConstant {
                                op: self.op.name,
                                param: param.name,
                            });
                        }
                    };
                }
                Ok(Operand::Struct {
                    ty: param.ty,
                    fields: values,
                    len: fields.len() as u8,
                })
            }
        }
    }
}
