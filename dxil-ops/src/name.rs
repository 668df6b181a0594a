//! Function names of `dx.op` calls, both ways: `(signature, overloads) → "dx.op.unary.f32"` and
//! `"dx.op.rawBufferVectorLoad.v4f32" → (signature, overloads)`.

use core::fmt;

use crate::info::{ClassInfo, SignatureInfo};
use crate::overload::{Overloads, parse_suffix};

/// The prefix of every DXIL operation function.
pub const PREFIX: &str = "dx.op.";

/// The name of a `dx.op` function: `dx.op.<stem>[.<overload>[.<overload>...]]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FunctionName<'a> {
    /// The signature of the function, one of its class's (the class's stem starts the name).
    pub signature: &'static SignatureInfo,
    /// The overloads (the suffix).
    pub overloads: Overloads<'a>,
}

impl FunctionName<'_> {
    /// The op class whose function it is.
    pub fn class(&self) -> &'static ClassInfo {
        self.signature.class
    }
}

impl fmt::Display for FunctionName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(PREFIX)?;
        f.write_str(self.signature.class.stem)?;
        if !self.overloads.is_empty() {
            write!(f, ".{}", self.overloads)?;
        }
        Ok(())
    }
}

/// Why a function name is not the name of a `dx.op` function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameError<'a> {
    /// It does not start with `dx.op.`.
    NotDxOp,
    /// No op class has this stem.
    UnknownStem(&'a str),
    /// The class's ops are overloaded but the name has no overload suffix.
    MissingOverload(&'static ClassInfo),
    /// The class's ops have no overload but the name has a suffix.
    UnexpectedOverload(&'static ClassInfo, &'a str),
    /// The suffix is not an overload the class's ops allow.
    BadOverload(&'static ClassInfo, &'a str),
}

impl fmt::Display for NameError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameError::NotDxOp => write!(
                f,
                "not a DXIL operation: the name does not start with `{PREFIX}`"
            ),
            NameError::UnknownStem(s) => write!(f, "no op class has the function-name stem `{s}`"),
            NameError::MissingOverload(c) => write!(
                f,
                "class {} is overloaded ({}): the name needs an overload suffix such as `.{}`",
                c.name,
                SpecText(c),
                Example(c)
            ),
            NameError::UnexpectedOverload(c, s) => write!(
                f,
                "class {} has no overloads, but the name has the suffix `.{s}`",
                c.name
            ),
            NameError::BadOverload(c, s) => write!(
                f,
                "`{s}` is not an overload of class {}; its ops allow {}",
                c.name,
                SpecText(c)
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for NameError<'_> {}

struct SpecText(&'static ClassInfo);

impl fmt::Display for SpecText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.0.overloads.sets().iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{}", s.letters())?;
        }
        Ok(())
    }
}

struct Example(&'static ClassInfo);

impl fmt::Display for Example {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.0.overloads.sets().iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            let first = crate::OVERLOAD_TYPES
                .iter()
                .enumerate()
                .find(|(b, _)| s.scalars & (1 << b) != 0);
            match first {
                Some((_, t)) if t.kind == crate::info::OverloadKind::Scalar => {
                    f.write_str(t.name)?
                }
                Some(_) => f.write_str("struct.S")?,
                None => {
                    let v = crate::OVERLOAD_TYPES
                        .iter()
                        .enumerate()
                        .find(|(b, _)| s.vectors & (1 << b) != 0);
                    if let Some((_, t)) = v {
                        write!(f, "v4{}", t.name)?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// Reads a function name as a function of `class`: the stem must be the class's; with
/// `lenient`, any overload of the right kind is accepted (see [`parse_lenient_with`]).
pub fn parse_as<'a>(
    name: &'a str,
    class: &'static ClassInfo,
    lenient: bool,
) -> Result<FunctionName<'a>, NameError<'a>> {
    let rest = name.strip_prefix(PREFIX).ok_or(NameError::NotDxOp)?;
    let (stem, suffix) = match rest.split_once('.') {
        Some((stem, suffix)) => (stem, Some(suffix)),
        None => (rest, None),
    };
    if stem != class.stem {
        return Err(NameError::UnknownStem(stem));
    }
    read(class, suffix, lenient)
}

/// The function of `class` named by `suffix` (none when `None`): the first of the class's
/// signatures whose overloads it names.
fn read<'a>(
    class: &'static ClassInfo,
    suffix: Option<&'a str>,
    lenient: bool,
) -> Result<FunctionName<'a>, NameError<'a>> {
    for signature in class.signatures {
        let overloads = match suffix {
            None if signature.overloads.is_void() => Some(Overloads::NONE),
            None => None,
            Some(_) if signature.overloads.is_void() => None,
            Some(s) if lenient => parse_suffix(s, &any_overload(&signature.overloads)),
            Some(s) => parse_suffix(s, &signature.overloads),
        };
        if let Some(overloads) = overloads {
            return Ok(FunctionName {
                signature,
                overloads,
            });
        }
    }
    Err(match suffix {
        None => NameError::MissingOverload(class),
        Some(s) if class.overloads.is_void() => NameError::UnexpectedOverload(class, s),
        Some(s) => NameError::BadOverload(class, s),
    })
}

/// The class of each function-name stem.
pub type Stems = crate::NameMap<&'static ClassInfo>;

/// Reads a function name with the classes `stems` maps a stem to. The suffix must be an
/// overload that some op of the class allows at some version.
pub fn parse_with<'a>(name: &'a str, stems: &Stems) -> Result<FunctionName<'a>, NameError<'a>> {
    parse_impl(name, stems, false)
}

/// Like [`parse_with`], but accepts any overload of the right kind in each dimension (the
/// function is well-formed, though no op may allow it: `dx.op.quaternary.i64`).
pub fn parse_lenient_with<'a>(
    name: &'a str,
    stems: &Stems,
) -> Result<FunctionName<'a>, NameError<'a>> {
    parse_impl(name, stems, true)
}

/// The overloads plus every scalar and vector overload, in each of its dimensions.
fn any_overload(spec: &crate::OverloadSpec) -> crate::OverloadSpec {
    let scalars = crate::OVERLOAD_TYPES
        .iter()
        .enumerate()
        .filter(|(_, t)| t.kind == crate::info::OverloadKind::Scalar)
        .fold(0u32, |m, (i, _)| m | (1 << i));
    let mut out = *spec;
    for set in out.sets.iter_mut().take(spec.dims as usize) {
        set.scalars |= scalars;
        set.vectors |= scalars;
    }
    out.text = "";
    out
}

fn parse_impl<'a>(
    name: &'a str,
    stems: &Stems,
    lenient: bool,
) -> Result<FunctionName<'a>, NameError<'a>> {
    let rest = name.strip_prefix(PREFIX).ok_or(NameError::NotDxOp)?;
    // one pass finds the stem and hashes it
    let (stem, class) = stems.get_prefix(rest, b'.');
    let suffix = rest
        .get(stem.len() + 1..)
        .filter(|_| stem.len() < rest.len());
    let class = class.copied().ok_or(NameError::UnknownStem(stem))?;
    read(class, suffix, lenient)
}
