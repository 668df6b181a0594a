//! How the operands of a debug-information record refer to other metadata items: the
//! decoder checks them (and renumbers those of a function's own records), the writer checks
//! and numbers them.

use super::write::codes::md;
use crate::text::special::{self, Field};

/// How one operand of a debug-information record refers to metadata.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MdRef {
    /// Not at all: a number.
    No,
    /// As the item's id plus one, 0 for none.
    OrNull,
    /// As a string's id plus one, 0 for none.
    String,
    /// As the item's id.
    Required,
}

/// How the operands of the records of one code refer to metadata: looked up once per record,
/// then asked for each operand.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MdRefs {
    code: u32,
    /// The fields of a specialized node's record, when the code has a layout in
    /// [`special`].
    fields: Option<&'static [(&'static str, Field)]>,
}

impl MdRefs {
    /// The references of a record of `code`; `None` for a code LLVM 3.7 does not have.
    pub(crate) fn of(code: u32) -> Option<MdRefs> {
        let fields = special::kind_of_code(code).map(|k| k.fields);
        let known = fields.is_some()
            || matches!(
                code,
                special::EXPRESSION | md::GENERIC_DEBUG | md::MODULE | md::OBJC_PROPERTY
            );
        known.then_some(MdRefs { code, fields })
    }

    /// The fields of the record, when its code has a layout in [`special`].
    pub(crate) fn fields(self) -> Option<&'static [(&'static str, Field)]> {
        self.fields
    }

    /// How operand `i` (after the distinct flag) refers to metadata.
    pub(crate) fn get(self, i: usize) -> MdRef {
        if let Some(fields) = self.fields {
            return match fields.get(i).map(|f| f.1) {
                Some(Field::Md) => MdRef::OrNull,
                Some(Field::Str) => MdRef::String,
                Some(Field::MdRequired) => MdRef::Required,
                _ => MdRef::No,
            };
        }
        match self.code {
            // GenericDINode: tag, version, operands
            md::GENERIC_DEBUG if i >= 2 => MdRef::OrNull,
            md::MODULE => MdRef::OrNull,
            md::OBJC_PROPERTY => match i {
                0 | 3 | 4 => MdRef::String,
                1 | 6 => MdRef::OrNull,
                _ => MdRef::No,
            },
            _ => MdRef::No,
        }
    }
}

impl MdRef {
    /// The id of the item an operand of value `v` refers to, if it refers to one.
    pub(crate) fn target(self, v: u64) -> Option<u64> {
        match self {
            MdRef::No => None,
            MdRef::OrNull | MdRef::String if v == 0 => None,
            MdRef::OrNull | MdRef::String => Some(v - 1),
            MdRef::Required => Some(v),
        }
    }

    /// The operand that refers to item `id` (the inverse of [`MdRef::target`]).
    pub(crate) fn operand(self, id: u64) -> u64 {
        match self {
            MdRef::OrNull | MdRef::String => id.saturating_add(1),
            MdRef::No | MdRef::Required => id,
        }
    }
}
