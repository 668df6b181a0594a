//! Op attributes and sets of them.

use core::fmt;

use crate::generated::vocab::{ATTRIBUTES, Attribute};

/// A set of attributes: one bit per [`Attribute`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AttributeSet(pub u32);

impl AttributeSet {
    /// Whether `a` is in the set.
    pub const fn contains(self, a: Attribute) -> bool {
        self.0 & (1 << a as u32) != 0
    }

    /// The memory attribute in the set, if any.
    pub const fn memory(self) -> Option<Attribute> {
        let mut i = 0;
        while i < ATTRIBUTES.len() {
            let a = &ATTRIBUTES[i];
            if a.memory && self.0 & (1 << i) != 0 {
                return Some(a.attribute);
            }
            i += 1;
        }
        None
    }

    /// The attributes in the set, in declaration order.
    pub fn iter(self) -> impl Iterator<Item = Attribute> {
        ATTRIBUTES
            .iter()
            .map(|a| a.attribute)
            .filter(move |a| self.contains(*a))
    }
}

impl Attribute {
    /// Name in `ops.toml` (`readnone`).
    pub const fn name(self) -> &'static str {
        ATTRIBUTES[self as usize].name
    }

    /// The LLVM function attribute of declarations, for memory attributes (`readnone`).
    pub const fn llvm(self) -> Option<&'static str> {
        ATTRIBUTES[self as usize].llvm
    }
}

impl fmt::Display for AttributeSet {
    /// Attribute names separated by `, `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, a) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(a.name())?;
        }
        Ok(())
    }
}
