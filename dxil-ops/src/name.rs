//! Function names of `dx.op` calls, both ways: `(signature, overloads) → "dx.op.unary.f32"` and
//! `"dx.op.rawBufferVectorLoad.v4f32" → (signature, overloads)`.

use core::fmt;

use crate::constraint::At;
use crate::info::{ClassInfo, SignatureInfo, TypeKind};
use crate::overload::{Overload, Overloads, parse_suffix, parse_suffix_known};

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
    parse_as_typed(name, class, lenient, &|_| None)
}

/// The types written for a function's result ([`At::Result`]) and its parameters after the
/// opcode ([`At::Param`]), where they are known: a declaration's, or a call's result and
/// operands.
pub type WrittenTypes<'t, 'f> = &'f dyn Fn(At) -> Option<&'t str>;

/// Reads a function name as LLVM reads the name of an overloaded function: the overloads that
/// the types written for it show (`types`: a parameter or result whose type is an overload
/// dimension, or a pointer to one) are taken from those types, and the name must spell them
/// there, which tells where a struct name with dots ends (`struct.A.struct.B`: two
/// dimensions); a user-defined struct's pointer type gives its address space
/// (`%struct.Payload addrspace(3)*`: [`Overload::Udt`]). When the types
/// do not fit the name, the name is read alone, as [`parse_as`] reads it (a type that is not
/// the signature's is then the caller's check to report).
pub fn parse_as_typed<'a, 't>(
    name: &'a str,
    class: &'static ClassInfo,
    lenient: bool,
    types: WrittenTypes<'t, '_>,
) -> Result<FunctionName<'a>, NameError<'a>> {
    let rest = name.strip_prefix(PREFIX).ok_or(NameError::NotDxOp)?;
    let (stem, suffix) = match rest.split_once('.') {
        Some((stem, suffix)) => (stem, Some(suffix)),
        None => (rest, None),
    };
    if stem != class.stem {
        return Err(NameError::UnknownStem(stem));
    }
    read(class, suffix, lenient, types)
}

/// The overloads `types` show for `signature`: for each dimension, the first result or parameter
/// whose type is that dimension (or a pointer to it) and whose written type reads as an overload
/// ([`Overload::from_llvm_type`]).
fn known_overloads<'t>(
    signature: &'static SignatureInfo,
    types: WrittenTypes<'t, '_>,
) -> [Option<Overload<'t>>; 4] {
    let mut known = [None; 4];
    let slots = core::iter::once((At::Result, &signature.result)).chain(
        signature
            .params
            .iter()
            .enumerate()
            .map(|(i, p)| (At::Param(i.min(usize::from(u8::MAX)) as u8), p)),
    );
    for (at, p) in slots {
        let (dim, pointer) = match p.ty.kind {
            TypeKind::Overload { dim, .. } => (dim, false),
            TypeKind::Pointer { dim, .. } => (dim, true),
            _ => continue,
        };
        let Some(slot) = known.get_mut(usize::from(dim)) else {
            continue;
        };
        if slot.is_some() {
            continue;
        }
        let Some(mut t) = types(at).map(str::trim) else {
            continue;
        };
        if pointer {
            // `T addrspace(N)*`: the pointee
            let Some(p) = t.strip_suffix('*') else {
                continue;
            };
            t = p.trim_end();
            if let Some(p) = t
                .strip_suffix(')')
                .and_then(|p| p.rsplit_once("addrspace("))
            {
                t = p.0.trim_end();
            }
        }
        *slot = Overload::from_llvm_type(t);
    }
    known
}

/// `overloads` with the address space of each user-defined struct that `known` (read from the
/// written types) has under the same name.
fn with_address_spaces<'a>(
    overloads: Overloads<'a>,
    known: &[Option<Overload<'_>>; 4],
) -> Overloads<'a> {
    let mut dims = [Overload::Void; 4];
    for (d, o) in overloads.as_slice().iter().enumerate() {
        dims[d] = match (o, known[d]) {
            (Overload::Udt(name, _), Some(Overload::Udt(k, space))) if k.text() == name.text() => {
                Overload::Udt(*name, space)
            }
            _ => *o,
        };
    }
    Overloads::new(&dims[..overloads.len()])
}

/// The function of `class` named by `suffix` (none when `None`): the first of the class's
/// signatures whose overloads it names, read with the overloads the written types show.
fn read<'a, 't>(
    class: &'static ClassInfo,
    suffix: Option<&'a str>,
    lenient: bool,
    types: WrittenTypes<'t, '_>,
) -> Result<FunctionName<'a>, NameError<'a>> {
    for signature in class.signatures {
        let overloads = match suffix {
            None if signature.overloads.is_void() => Some(Overloads::NONE),
            None => None,
            Some(_) if signature.overloads.is_void() => None,
            Some(s) => {
                let spec = if lenient {
                    any_overload(&signature.overloads)
                } else {
                    signature.overloads
                };
                let known = known_overloads(signature, types);
                let typed = if known.iter().any(Option::is_some) {
                    parse_suffix_known(s, &spec, &known)
                } else {
                    None
                };
                typed
                    .or_else(|| parse_suffix(s, &spec))
                    .map(|o| with_address_spaces(o, &known))
            }
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
    parse_impl(name, stems, false, &|_| None)
}

/// Like [`parse_with`], but accepts any overload of the right kind in each dimension (the
/// function is well-formed, though no op may allow it: `dx.op.quaternary.i64`).
pub fn parse_lenient_with<'a>(
    name: &'a str,
    stems: &Stems,
) -> Result<FunctionName<'a>, NameError<'a>> {
    parse_impl(name, stems, true, &|_| None)
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

/// Like [`parse_lenient_with`], with the overloads the written types show (see
/// [`parse_as_typed`]).
pub fn parse_lenient_typed<'a, 't>(
    name: &'a str,
    stems: &Stems,
    types: WrittenTypes<'t, '_>,
) -> Result<FunctionName<'a>, NameError<'a>> {
    parse_impl(name, stems, true, types)
}

fn parse_impl<'a, 't>(
    name: &'a str,
    stems: &Stems,
    lenient: bool,
    types: WrittenTypes<'t, '_>,
) -> Result<FunctionName<'a>, NameError<'a>> {
    let rest = name.strip_prefix(PREFIX).ok_or(NameError::NotDxOp)?;
    // one pass finds the stem and hashes it
    let (stem, class) = stems.get_prefix(rest, b'.');
    let suffix = rest
        .get(stem.len() + 1..)
        .filter(|_| stem.len() < rest.len());
    let class = class.copied().ok_or(NameError::UnknownStem(stem))?;
    read(class, suffix, lenient, types)
}
