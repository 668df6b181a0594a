//! `!dx.version`, `!dx.valver` and `!dx.shaderModel`.

use std::borrow::Cow;
use std::fmt;

use dxil_ops::{DxilVersion, ShaderKind, ShaderModel};

use super::error::{At, MdError};
use super::md::{single, tuple};
use crate::model::Module;

/// A version as metadata writes it: `!{i32 1, i32 8}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Version {
    /// The major version.
    pub major: u32,
    /// The minor version.
    pub minor: u32,
}

impl Version {
    /// As a DXIL version, when both numbers fit in 8 bits.
    pub fn dxil(self) -> Option<DxilVersion> {
        Some(DxilVersion::new(
            u8::try_from(self.major).ok()?,
            u8::try_from(self.minor).ok()?,
        ))
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// The shader model of `!dx.shaderModel`: `!{!"ps", i32 6, i32 0}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShaderModelMd<'m> {
    /// The kind as written (`ps`, `cs`, `lib`, `ms`, ...).
    pub kind: &'m [u8],
    /// The major version.
    pub major: u32,
    /// The minor version.
    pub minor: u32,
}

impl ShaderModelMd<'_> {
    /// The kind as text (invalid UTF-8 replaced).
    pub fn kind_text(&self) -> Cow<'_, str> {
        String::from_utf8_lossy(self.kind)
    }

    /// The stage of the kind; `None` for libraries and unknown kinds.
    pub fn stage(&self) -> Option<ShaderKind> {
        ShaderKind::from_profile_prefix(std::str::from_utf8(self.kind).ok()?)
    }

    /// Whether the kind is `lib`.
    pub fn is_library(&self) -> bool {
        self.kind == b"lib"
    }

    /// The version, when both numbers fit in 8 bits.
    pub fn version(&self) -> Option<ShaderModel> {
        Some(ShaderModel::new(
            u8::try_from(self.major).ok()?,
            u8::try_from(self.minor).ok()?,
        ))
    }
}

impl fmt::Display for ShaderModelMd<'_> {
    /// `ps_6_0`, as DXC names shader models.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}_{}_{}", self.kind_text(), self.major, self.minor)
    }
}

/// A version of `!dx.version` or `!dx.valver`.
fn version(m: &Module, name: &'static str) -> Result<Option<Version>, MdError> {
    let Some(node) = single(m, name)? else {
        return Ok(None);
    };
    let at = At::named(name);
    let t = tuple(m, &at, Some(node))?;
    t.at_least(2)?;
    Ok(Some(Version {
        major: t.u32("major", 0)?,
        minor: t.u32("minor", 1)?,
    }))
}

/// The DXIL version of `!dx.version`; `None` without it.
pub fn dxil_version(m: &Module) -> Result<Option<Version>, MdError> {
    version(m, "dx.version")
}

/// The validator version of `!dx.valver`; `None` without it (DXC then assumes 1.0).
pub fn validator_version(m: &Module) -> Result<Option<Version>, MdError> {
    version(m, "dx.valver")
}

/// The shader model of `!dx.shaderModel`; `None` without it.
pub fn shader_model(m: &Module) -> Result<Option<ShaderModelMd<'_>>, MdError> {
    let name = "dx.shaderModel";
    let Some(node) = single(m, name)? else {
        return Ok(None);
    };
    let at = At::named(name);
    let t = tuple(m, &at, Some(node))?;
    t.at_least(3)?;
    Ok(Some(ShaderModelMd {
        kind: t.string("kind", 0)?,
        major: t.u32("major", 1)?,
        minor: t.u32("minor", 2)?,
    }))
}
