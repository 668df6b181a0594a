//! The errors of the metadata views: where in the metadata (a path of fields from the named
//! metadata) and what was expected there.

use std::fmt;

use crate::model::MdId;

/// Metadata that does not have the layout DXIL gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MdError {
    /// Where: the named metadata and the fields down to the wrong one, as in
    /// `!dx.entryPoints, entry 0, properties, NumThreads (tag 4), field 1`.
    pub path: String,
    /// The node the wrong field is in (or is), when there is one.
    pub node: Option<MdId>,
    /// What was wrong.
    pub kind: MdErrorKind,
}

/// What was wrong with a field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MdErrorKind {
    /// A tuple has fewer fields than its layout: how many it has and how many it needs.
    Missing {
        /// The fields it has.
        found: usize,
        /// The fields its layout has (the least, when some are optional).
        expected: usize,
    },
    /// A field is not of its kind: what it should be and what it is (`null`, `a string`,
    /// `i32 7`, `a tuple of 3`, ...).
    Expected {
        /// What the layout wants there (`an integer`, `a string`, `a tuple`, `a function`).
        expected: &'static str,
        /// What is there.
        found: String,
    },
    /// An integer that does not fit its field.
    OutOfRange {
        /// The value.
        value: i64,
        /// The field's range (`0 to 2^32-1`).
        range: &'static str,
    },
    /// A tag/value list with an odd number of elements: its length.
    OddLength(usize),
    /// Named metadata that must have one operand has another number: that number.
    Operands(usize),
}

impl fmt::Display for MdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.path)?;
        match &self.kind {
            MdErrorKind::Missing { found, expected } => write!(
                f,
                "the tuple has {found} field(s); its layout has {expected}"
            ),
            MdErrorKind::Expected { expected, found } => {
                write!(f, "expected {expected}, found {found}")
            }
            MdErrorKind::OutOfRange { value, range } => {
                write!(f, "{value} is out of the field's range ({range})")
            }
            MdErrorKind::OddLength(n) => write!(
                f,
                "a list of tag/value pairs has an even number of elements, this one {n}"
            ),
            MdErrorKind::Operands(n) => {
                write!(f, "expected one operand, found {n}")
            }
        }
    }
}

impl std::error::Error for MdError {}

/// One step of a path.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Step {
    /// Named metadata: `!dx.entryPoints`.
    Named(&'static str),
    /// A field of a record, by name: `properties`.
    Field(&'static str),
    /// An element of a list: `entry 0`.
    Item(&'static str, usize),
    /// The value of a tag: `NumThreads (tag 4)`.
    Tag(u32),
}

/// Where a field is: a chain of steps from the named metadata, kept on the stack, turned into
/// text only for an error.
#[derive(Clone, Copy, Debug)]
pub(crate) struct At<'a> {
    parent: Option<&'a At<'a>>,
    step: Step,
    node: Option<MdId>,
}

impl<'a> At<'a> {
    /// The named metadata `name`.
    pub(crate) fn named(name: &'static str) -> At<'static> {
        At {
            parent: None,
            step: Step::Named(name),
            node: None,
        }
    }

    /// A step below this one, at `node` (if it is one).
    pub(crate) fn then(&'a self, step: Step, node: Option<MdId>) -> At<'a> {
        At {
            parent: Some(self),
            step,
            node,
        }
    }

    /// The field `name` below this one.
    pub(crate) fn field(&'a self, name: &'static str, node: Option<MdId>) -> At<'a> {
        self.then(Step::Field(name), node)
    }

    /// The path as text.
    fn path(&self) -> String {
        let mut steps = vec![self.step];
        let mut p = self.parent;
        while let Some(a) = p {
            steps.push(a.step);
            p = a.parent;
        }
        let mut out = String::new();
        for (i, s) in steps.iter().rev().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            match s {
                Step::Named(n) => {
                    out.push('!');
                    out.push_str(n);
                }
                Step::Field(n) => out.push_str(n),
                Step::Item(n, k) => out.push_str(&format!("{n} {k}")),
                Step::Tag(t) => match super::properties::tag_name(*t) {
                    Some(n) => out.push_str(&format!("{n} (tag {t})")),
                    None => out.push_str(&format!("tag {t}")),
                },
            }
        }
        out
    }

    /// The node of this step or the nearest above.
    fn node(&self) -> Option<MdId> {
        let mut a = Some(self);
        while let Some(x) = a {
            if x.node.is_some() {
                return x.node;
            }
            a = x.parent;
        }
        None
    }

    /// An error here.
    pub(crate) fn error(&self, kind: MdErrorKind) -> MdError {
        MdError {
            path: self.path(),
            node: self.node(),
            kind,
        }
    }
}
