//! DXIL versions and shader models: their syntax, and the error for one that a list of
//! declared versions does not hold.

use core::fmt;
use core::str::FromStr;

macro_rules! version_type {
    ($(#[$doc:meta])* $name:ident, $err:ident, $what:literal, $example:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name {
            /// Major number.
            pub major: u8,
            /// Minor number.
            pub minor: u8,
        }

        impl $name {
            /// The version `major.minor`.
            pub const fn new(major: u8, minor: u8) -> Self {
                $name { major, minor }
            }

            /// Whether this version comes before `other`, in a `const` context too.
            pub const fn is_before(self, other: Self) -> bool {
                self.major < other.major || (self.major == other.major && self.minor < other.minor)
            }

            /// Parses `major.minor` (e.g. `1.6`), in a `const` context too.
            pub const fn parse(s: &str) -> Result<Self, $err> {
                match parse_pair(s.as_bytes()) {
                    Some((major, minor)) => Ok($name { major, minor }),
                    None => Err($err),
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}.{}", self.major, self.minor)
            }
        }

        impl FromStr for $name {
            type Err = $err;

            fn from_str(s: &str) -> Result<Self, $err> {
                Self::parse(s)
            }
        }

        #[doc = concat!("A string that is not a ", $what, " (`major.minor`).")]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $err;

        impl fmt::Display for $err {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(concat!("not a ", $what, " (write it as `", $example, "`)"))
            }
        }

        #[cfg(feature = "std")]
        impl std::error::Error for $err {}
    };
}

version_type!(
    /// A DXIL version, e.g. 1.6.
    DxilVersion,
    BadDxilVersion,
    "DXIL version",
    "1.6"
);
version_type!(
    /// A shader model version, e.g. 6.6.
    ShaderModel,
    BadShaderModel,
    "shader model",
    "6.6"
);

/// What was likely meant by a version that is not declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Suggestion {
    /// The numbers are a declared shader model, given as a DXIL version: this DXIL version
    /// pairs with it.
    Dxil(DxilVersion),
    /// The numbers are a declared DXIL version, given as a shader model: this shader model
    /// pairs with it.
    ShaderModel(ShaderModel),
    /// The nearest declared DXIL version.
    NearestDxil(DxilVersion),
    /// The nearest declared shader model.
    NearestShaderModel(ShaderModel),
}

/// A DXIL version or shader model that is not declared, or text that is not one, with what was
/// likely meant: a shader model given as a DXIL version (`6.6`: DXIL 1.6?) and the other way
/// round, or the nearest declared one (`1.11`: 1.10?). Made by [`check_dxil`],
/// [`check_shader_model`] and [`parse_dxil`] / [`parse_shader_model`], which take the
/// declared versions (with their shader models) as a list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VersionError {
    /// The text is not `major.minor`.
    Syntax {
        /// `true` for a shader model, `false` for a DXIL version.
        shader_model: bool,
    },
    /// A DXIL version that is not declared.
    Dxil {
        /// The version given.
        given: DxilVersion,
        /// What was likely meant.
        suggestion: Suggestion,
        /// The first and the last declared versions.
        range: (DxilVersion, DxilVersion),
    },
    /// A shader model that is not declared.
    ShaderModel {
        /// The shader model given.
        given: ShaderModel,
        /// What was likely meant.
        suggestion: Suggestion,
        /// The first and the last declared shader models.
        range: (ShaderModel, ShaderModel),
    },
}

impl fmt::Display for VersionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VersionError::Syntax {
                shader_model: false,
            } => write!(f, "not a DXIL version (write it as `1.6`)"),
            VersionError::Syntax { shader_model: true } => {
                write!(f, "not a shader model (write it as `6.6`)")
            }
            VersionError::Dxil {
                given,
                suggestion,
                range: (first, last),
            } => match suggestion {
                Suggestion::Dxil(d) => write!(
                    f,
                    "DXIL {given} is not a DXIL version: {given} is a shader model; DXIL {d}?"
                ),
                Suggestion::NearestDxil(d) => write!(
                    f,
                    "DXIL {given} is not a declared DXIL version ({first} to {last}); {d}?"
                ),
                _ => write!(f, "DXIL {given} is not a declared DXIL version"),
            },
            VersionError::ShaderModel {
                given,
                suggestion,
                range: (first, last),
            } => match suggestion {
                Suggestion::ShaderModel(s) => write!(
                    f,
                    "shader model {given} is not a shader model: {given} is a DXIL version; shader model {s}?"
                ),
                Suggestion::NearestShaderModel(s) => write!(
                    f,
                    "shader model {given} is not a declared shader model ({first} to {last}); {s}?"
                ),
                _ => write!(f, "shader model {given} is not a declared shader model"),
            },
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for VersionError {}

/// The declared version nearest to `(major, minor)` among `versions` (in increasing order): the
/// one with the same major number and the nearest minor, else the last one when it is above
/// them all and the first one otherwise.
fn nearest(versions: impl Iterator<Item = (u8, u8)> + Clone, major: u8, minor: u8) -> (u8, u8) {
    let same_major = versions
        .clone()
        .filter(|v| v.0 == major)
        .min_by_key(|v| minor.abs_diff(v.1));
    let last = versions.clone().last();
    match (same_major, last) {
        (Some(v), _) => v,
        (None, Some(l)) if (major, minor) > l => l,
        _ => versions.clone().next().unwrap_or((major, minor)),
    }
}

/// How an undeclared pair of numbers relates to the declared versions, read as one notion
/// (`own`: DXIL versions or shader models) or the other (`other`).
struct Miss {
    /// The own-notion value that pairs with the numbers read as the other notion.
    paired: Option<(u8, u8)>,
    /// The nearest declared value of the own notion.
    nearest: (u8, u8),
    /// The first and the last declared values of the own notion.
    range: ((u8, u8), (u8, u8)),
}

type Pair = (DxilVersion, ShaderModel);

/// `None` when `given` is declared in the notion `own` picks from each declared pair.
fn miss(
    given: (u8, u8),
    declared: &[Pair],
    own: impl Fn(&Pair) -> (u8, u8) + Copy,
    other: impl Fn(&Pair) -> (u8, u8),
) -> Option<Miss> {
    if declared.iter().any(|p| own(p) == given) {
        return None;
    }
    let all = declared.iter().map(own);
    Some(Miss {
        paired: declared.iter().find(|p| other(p) == given).map(own),
        nearest: nearest(all.clone(), given.0, given.1),
        range: (
            declared.first().map_or(given, own),
            declared.last().map_or(given, own),
        ),
    })
}

fn dxil_pair(p: &Pair) -> (u8, u8) {
    (p.0.major, p.0.minor)
}

fn model_pair(p: &Pair) -> (u8, u8) {
    (p.1.major, p.1.minor)
}

/// `v` if it is one of the `declared` DXIL versions (each with its shader model, in increasing
/// order), else the error with what was likely meant.
pub fn check_dxil(v: DxilVersion, declared: &[Pair]) -> Result<DxilVersion, VersionError> {
    let d = |(a, b): (u8, u8)| DxilVersion::new(a, b);
    match miss((v.major, v.minor), declared, dxil_pair, model_pair) {
        None => Ok(v),
        Some(m) => Err(VersionError::Dxil {
            given: v,
            suggestion: match m.paired {
                Some(p) => Suggestion::Dxil(d(p)),
                None => Suggestion::NearestDxil(d(m.nearest)),
            },
            range: (d(m.range.0), d(m.range.1)),
        }),
    }
}

/// `sm` if it is the shader model of one of the `declared` versions, else the error with what
/// was likely meant.
pub fn check_shader_model(sm: ShaderModel, declared: &[Pair]) -> Result<ShaderModel, VersionError> {
    let s = |(a, b): (u8, u8)| ShaderModel::new(a, b);
    match miss((sm.major, sm.minor), declared, model_pair, dxil_pair) {
        None => Ok(sm),
        Some(m) => Err(VersionError::ShaderModel {
            given: sm,
            suggestion: match m.paired {
                Some(p) => Suggestion::ShaderModel(s(p)),
                None => Suggestion::NearestShaderModel(s(m.nearest)),
            },
            range: (s(m.range.0), s(m.range.1)),
        }),
    }
}

/// Parses one of the `declared` DXIL versions (`1.6`).
pub fn parse_dxil(
    text: &str,
    declared: &[(DxilVersion, ShaderModel)],
) -> Result<DxilVersion, VersionError> {
    let v = DxilVersion::parse(text.trim()).map_err(|_| VersionError::Syntax {
        shader_model: false,
    })?;
    check_dxil(v, declared)
}

/// Parses one of the `declared` shader models (`6.6`).
pub fn parse_shader_model(
    text: &str,
    declared: &[(DxilVersion, ShaderModel)],
) -> Result<ShaderModel, VersionError> {
    let sm =
        ShaderModel::parse(text.trim()).map_err(|_| VersionError::Syntax { shader_model: true })?;
    check_shader_model(sm, declared)
}

const fn parse_number(b: &[u8], start: usize, end: usize) -> Option<u8> {
    if start >= end || end - start > 3 || (end - start > 1 && b[start] == b'0') {
        return None;
    }
    let mut v: u32 = 0;
    let mut i = start;
    while i < end {
        let d = b[i];
        if !d.is_ascii_digit() {
            return None;
        }
        v = v * 10 + (d - b'0') as u32;
        i += 1;
    }
    if v > 255 { None } else { Some(v as u8) }
}

const fn parse_pair(b: &[u8]) -> Option<(u8, u8)> {
    let mut dot = 0;
    while dot < b.len() && b[dot] != b'.' {
        dot += 1;
    }
    if dot == b.len() {
        return None;
    }
    let (Some(a), Some(c)) = (parse_number(b, 0, dot), parse_number(b, dot + 1, b.len())) else {
        return None;
    };
    Some((a, c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_orders() {
        assert_eq!(DxilVersion::parse("1.10"), Ok(DxilVersion::new(1, 10)));
        assert!(DxilVersion::new(1, 9) < DxilVersion::new(1, 10));
        assert!(DxilVersion::parse("1.").is_err());
        assert!(DxilVersion::parse("1.01").is_err());
        assert!(ShaderModel::parse("6.x").is_err());
        assert!(ShaderModel::parse("999.0").is_err());
    }

    #[test]
    fn suggestions() {
        let declared = [
            (DxilVersion::new(1, 0), ShaderModel::new(6, 0)),
            (DxilVersion::new(1, 1), ShaderModel::new(6, 1)),
        ];
        let e = |s: &str| match parse_dxil(s, &declared) {
            Err(VersionError::Dxil { suggestion, .. }) => Some(suggestion),
            _ => None,
        };
        assert_eq!(e("6.1"), Some(Suggestion::Dxil(DxilVersion::new(1, 1))));
        assert_eq!(
            e("1.7"),
            Some(Suggestion::NearestDxil(DxilVersion::new(1, 1)))
        );
        assert_eq!(
            e("2.0"),
            Some(Suggestion::NearestDxil(DxilVersion::new(1, 1)))
        );
        assert_eq!(
            e("0.5"),
            Some(Suggestion::NearestDxil(DxilVersion::new(1, 0)))
        );
        assert_eq!(e("1.1"), None);
        assert!(matches!(
            parse_shader_model("1.0", &declared),
            Err(VersionError::ShaderModel {
                suggestion: Suggestion::ShaderModel(ShaderModel { major: 6, minor: 0 }),
                ..
            })
        ));
    }
}
