//! A violated constraint ([`Violation`]) and its message: the rule's text, then what was found.

use core::fmt::{self, Display, Write as _};

use crate::Overload;
use crate::enums::{
    ComponentType, MatrixLayout, MatrixScope, MatrixUse, ResourceClass, ResourceKind,
};
use crate::info::OpInfo;
use crate::rules::ValidationRule;

use super::operands::{Matrix, Vector};
use super::{At, Constraint, Kind, Piece, Placeholder, param_name};

/// What a violation found, for its message.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Facts<'a> {
    pub(super) value: Option<i128>,
    pub(super) float: Option<f64>,
    pub(super) text: Option<&'a str>,
    pub(super) mask: i128,
    pub(super) defined: i128,
    pub(super) kind: Option<ResourceKind>,
    pub(super) class: Option<ResourceClass>,
    pub(super) comparison: bool,
    pub(super) component: Option<u32>,
    pub(super) overload: Option<Overload<'a>>,
    pub(super) matrices: [Option<Matrix<'a>>; 4],
    pub(super) vectors: [Option<Vector<'a>>; 2],
    pub(super) k: i64,
    pub(super) length: u32,
    pub(super) expected: u32,
    pub(super) layout: Option<i64>,
    pub(super) resource_error: Option<crate::resource::ResourceError>,
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
    pub(super) facts: Facts<'a>,
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
