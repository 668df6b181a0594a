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

impl MdRef {
    /// How operand `i` (after the distinct flag) of a record of `code` refers to metadata;
    /// `None` for a code LLVM 3.7 does not have.
    pub(crate) fn of(code: u32, i: usize) -> Option<MdRef> {
        if let Some(kind) = special::kind_of_code(code) {
            return Some(match kind.fields.get(i).map(|f| f.1) {
                Some(Field::Md) => MdRef::OrNull,
                Some(Field::Str) => MdRef::String,
                Some(Field::MdRequired) => MdRef::Required,
                _ => MdRef::No,
            });
        }
        match code {
            special::EXPRESSION => Some(MdRef::No),
            // GenericDINode: tag, version, operands
            md::GENERIC_DEBUG => Some(if i < 2 { MdRef::No } else { MdRef::OrNull }),
            md::MODULE => Some(MdRef::OrNull),
            md::OBJC_PROPERTY => Some(match i {
                0 | 3 | 4 => MdRef::String,
                1 | 6 => MdRef::OrNull,
                _ => MdRef::No,
            }),
            _ => None,
        }
    }

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
