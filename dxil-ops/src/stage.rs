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

    /// The kind part of a shader-model name (`cs` in `cs_6_6`, the kind of
    /// `!dx.shaderModel`): `lib` for the stages that only libraries hold (ray tracing, node).
    pub const fn profile_prefix(self) -> &'static str {
        match self {
            ShaderKind::Pixel => "ps",
            ShaderKind::Vertex => "vs",
            ShaderKind::Geometry => "gs",
            ShaderKind::Hull => "hs",
            ShaderKind::Domain => "ds",
            ShaderKind::Compute => "cs",
            ShaderKind::Mesh => "ms",
            ShaderKind::Amplification => "as",
            _ => "lib",
        }
    }

    /// The stage of a shader-model kind (`cs` in `cs_6_6`); `None` for `lib` and unknown
    /// kinds.
    pub fn from_profile_prefix(prefix: &str) -> Option<ShaderKind> {
        STAGES
            .iter()
            .map(|s| s.kind)
            .find(|k| k.profile_prefix() == prefix && prefix != "lib")
    }

    /// The stage with this name in `ops.toml` (`pixel`).
    pub fn from_name(name: &str) -> Option<ShaderKind> {
        STAGES.iter().find(|s| s.name == name).map(|s| s.kind)
    }

    /// The stage whose value is this DXIL `ShaderKind` number; `None` for `Invalid` and for
    /// numbers no stage has.
    pub const fn from_value(value: u32) -> Option<ShaderKind> {
        let mut i = 0;
        while i < STAGES.len() {
            if STAGES[i].kind as u32 == value {
                return Some(STAGES[i].kind);
            }
            i += 1;
        }
        None
    }
}

/// A stage as the DXIL enumeration value it is declared with in ops.toml (the loader checks that
/// every stage names one).
impl From<ShaderKind> for crate::enums::ShaderKind {
    fn from(kind: ShaderKind) -> Self {
        match crate::enums::ShaderKind::from_value(kind as i64) {
            Some(k) => k,
            None => crate::enums::ShaderKind::Invalid,
        }
    }
}

/// The stage of a DXIL `ShaderKind` value; the value itself when no stage has it (`Invalid`).
impl TryFrom<crate::enums::ShaderKind> for ShaderKind {
    type Error = crate::enums::ShaderKind;

    fn try_from(kind: crate::enums::ShaderKind) -> Result<Self, Self::Error> {
        ShaderKind::from_value(kind as u32).ok_or(kind)
    }
}

impl fmt::Display for ShaderKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
