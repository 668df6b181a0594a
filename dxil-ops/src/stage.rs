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
    /// The stage's row of [`STAGES`](crate::STAGES).
    pub const fn info(self) -> Option<&'static crate::info::StageInfo> {
        let mut i = 0;
        while i < STAGES.len() {
            if STAGES[i].kind as u32 == self as u32 {
                return Some(&STAGES[i]);
            }
            i += 1;
        }
        None
    }

    /// The stage's name in `ops.toml` (`pixel`).
    pub const fn name(self) -> &'static str {
        match self.info() {
            Some(s) => s.name,
            None => "",
        }
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

    /// The stage with this name in `ops.toml` (`pixel`) or in the DXIL enumeration
    /// `ShaderKind` (`Pixel`, and aliases such as `LastValid`).
    pub fn from_name(name: &str) -> Option<ShaderKind> {
        STAGES
            .iter()
            .find(|s| s.name == name)
            .map(|s| s.kind)
            .or_else(|| {
                ShaderKind::NAMES
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, k)| *k)
            })
    }

    /// The stage whose value is this number of the DXIL enumeration `ShaderKind`; `None` for
    /// `Invalid` (16, the end marker) and for numbers no stage has.
    pub const fn from_value(value: i64) -> Option<ShaderKind> {
        let mut i = 0;
        while i < STAGES.len() {
            if STAGES[i].kind as i64 == value {
                return Some(STAGES[i].kind);
            }
            i += 1;
        }
        None
    }

    /// The stage's number in the DXIL enumeration `ShaderKind` (also its bit in a
    /// [`StageSet`]).
    pub const fn value(self) -> i64 {
        self as i64
    }

    /// The stage's position in [`ALL`](Self::ALL): a dense index for tables.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The stage's name in the DXIL enumeration `ShaderKind` (`Pixel`; [`name`](Self::name)
    /// is the one of ops.toml, `pixel`).
    pub const fn dxil_name(self) -> &'static str {
        let mut i = 0;
        while i < ShaderKind::NAMES.len() {
            if ShaderKind::NAMES[i].1 as u32 == self as u32 {
                return ShaderKind::NAMES[i].0;
            }
            i += 1;
        }
        ""
    }

    /// The stage's description.
    pub const fn doc(self) -> &'static str {
        match self.info() {
            Some(s) => s.doc,
            None => "",
        }
    }

    /// Whether the stage exists at DXIL `version` (its `since` in ops.toml).
    pub const fn is_valid_at(self, version: crate::DxilVersion) -> bool {
        match self.info() {
            Some(s) => !version.is_before(s.since),
            None => false,
        }
    }

    /// Whether `value` is the number of a stage that exists at DXIL `version`.
    pub const fn accepts(value: i64, version: crate::DxilVersion) -> bool {
        match ShaderKind::from_value(value) {
            Some(k) => k.is_valid_at(version),
            None => false,
        }
    }
}

/// The stage of a number of the DXIL enumeration `ShaderKind`.
impl TryFrom<u32> for ShaderKind {
    type Error = crate::UnknownValue;

    fn try_from(v: u32) -> Result<Self, Self::Error> {
        ShaderKind::from_value(i64::from(v)).ok_or(crate::UnknownValue {
            enumeration: "ShaderKind",
            value: v as i64,
        })
    }
}

impl fmt::Display for ShaderKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
