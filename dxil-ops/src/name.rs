//! Function names of `dx.op` calls, both ways: `(class, overloads) → "dx.op.unary.f32"` and
//! `"dx.op.rawBufferVectorLoad.v4f32" → (class, overloads)`.

use core::fmt;

use crate::info::ClassInfo;
use crate::overload::{Overloads, parse_suffix};

/// The prefix of every DXIL operation function.
pub const PREFIX: &str = "dx.op.";

/// The name of a `dx.op` function: `dx.op.<stem>[.<overload>[.<overload>...]]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FunctionName<'a> {
    /// The op class (its stem starts the name).
    pub class: &'static ClassInfo,
    /// The overloads (the suffix).
    pub overloads: Overloads<'a>,
}

impl fmt::Display for FunctionName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(PREFIX)?;
        f.write_str(self.class.stem)?;
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
    read_overloads(class, suffix, lenient).map(|overloads| FunctionName { class, overloads })
}

/// The overloads of `class` named by `suffix` (none when `None`).
fn read_overloads<'a>(
    class: &'static ClassInfo,
    suffix: Option<&'a str>,
    lenient: bool,
) -> Result<Overloads<'a>, NameError<'a>> {
    match suffix {
        None if class.overloads.is_void() => Ok(Overloads::NONE),
        None => Err(NameError::MissingOverload(class)),
        Some(s) if class.overloads.is_void() => Err(NameError::UnexpectedOverload(class, s)),
        Some(s) if lenient => {
            parse_suffix(s, &any_overload(&class.overloads)).ok_or(NameError::BadOverload(class, s))
        }
        Some(s) => parse_suffix(s, &class.overloads).ok_or(NameError::BadOverload(class, s)),
    }
}

/// The classes of each function-name stem.
pub type Stems = crate::NameMap<&'static [&'static ClassInfo]>;

/// Reads a function name with the classes `stems` maps a stem to (several classes may share a
/// stem when their overloads never clash: the one that accepts the suffix wins). The suffix
/// must be an overload that some op of the class allows at some version.
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

/// The class's overloads plus every scalar and vector overload, in each of its dimensions.
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
    let (stem, classes) = stems.get_prefix(rest, b'.');
    let suffix = rest
        .get(stem.len() + 1..)
        .filter(|_| stem.len() < rest.len());
    let classes = classes.copied().ok_or(NameError::UnknownStem(stem))?;
    // the usual case: one class for the stem, and a suffix it accepts
    if let [class] = classes
        && let Some(s) = suffix
        && !lenient
        && !class.overloads.is_void()
        && let Some(overloads) = parse_suffix(s, &class.overloads)
    {
        return Ok(FunctionName { class, overloads });
    }
    let mut first_error = None;
    for &class in classes {
        match read_overloads(class, suffix, lenient) {
            Ok(overloads) => return Ok(FunctionName { class, overloads }),
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    Err(first_error.unwrap_or(NameError::UnknownStem(stem)))
}
