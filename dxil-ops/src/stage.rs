//! Shader stages and sets of them.

use core::fmt;

use crate::generated::vocab::{STAGES, ShaderKind};

/// A set of shader stages: one bit per ShaderKind value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct StageSet(pub u32);

impl StageSet {
    /// The empty set.
    pub const EMPTY: StageSet = StageSet(0);

    /// Whether `kind` is in the set.
    #[inline]
    pub const fn contains(self, kind: ShaderKind) -> bool {
        self.0 & (1 << kind as u32) != 0
    }

    /// The set with `kind` added.
    pub const fn with(self, kind: ShaderKind) -> StageSet {
        StageSet(self.0 | (1 << kind as u32))
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The stages in the set, in declaration order.
    pub fn iter(self) -> impl Iterator<Item = ShaderKind> {
        STAGES
            .iter()
            .map(|s| s.kind)
            .filter(move |k| self.contains(*k))
    }
}

impl fmt::Display for StageSet {
    /// Stage names separated by `, `; `none` when empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        for (i, k) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(k.name())?;
        }
        Ok(())
    }
}

impl ShaderKind {
    /// The stage's name in `ops.toml` (`pixel`).
    pub const fn name(self) -> &'static str {
        let mut i = 0;
        while i < STAGES.len() {
            if STAGES[i].kind as u32 == self as u32 {
                return STAGES[i].name;
            }
            i += 1;
        }
        ""
    }

    /// The stage with this name in `ops.toml` (`pixel`).
    pub fn from_name(name: &str) -> Option<ShaderKind> {
        STAGES.iter().find(|s| s.name == name).map(|s| s.kind)
    }
}

impl fmt::Display for ShaderKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
