//! Parameter types resolved for an overload: the LLVM types of signatures, and the named
//! `%dx.types.*` structs they need.

use core::fmt;

use crate::info::{Precision, TypeInfo, TypeKind};
use crate::overload::{Overload, Overloads, StructName};

/// An LLVM type of a signature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LlvmType<'a> {
    /// A fixed type, as LLVM spells it (`i32`, `float*`, `<2 x i32>`).
    Fixed(&'static str),
    /// The type of an overload: a scalar, a vector, a pointer to a user-defined struct (in its
    /// address space), or an object.
    Overload(Overload<'a>),
    /// The shape of an overload with another component (`i1` or `<4 x i1>`).
    Component(Overload<'a>, &'static str),
    /// A vector of `width` values of the overload's scalar type (`<9 x float>`).
    Vector(Overload<'a>, u32),
    /// A pointer to the type of an overload (`i32 addrspace(3)*`).
    Pointer(Overload<'a>, u32),
    /// A named struct (`%dx.types.ResRet.f32`).
    Struct(NamedStruct<'a>),
}

/// A named struct: its name and its body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NamedStruct<'a> {
    /// Name template: `{o}` stands for the overload's name.
    pub template: &'static str,
    /// The overload the name and the fields refer to.
    pub overload: Overload<'a>,
    /// Field types.
    pub fields: &'static [&'static TypeInfo],
}

impl<'a> NamedStruct<'a> {
    /// The name (without `%`).
    pub fn name(&self) -> StructNameText<'a> {
        StructNameText(*self)
    }

    /// The field types.
    pub fn field_types(&self) -> impl Iterator<Item = LlvmType<'a>> + '_ {
        let o = Overloads::one(self.overload);
        self.fields
            .iter()
            .filter_map(move |t| resolve(t, &o, Precision::Native).ok())
    }
}

/// Display of a [`NamedStruct`]'s name.
#[derive(Clone, Copy, Debug)]
pub struct StructNameText<'a>(NamedStruct<'a>);

impl fmt::Display for StructNameText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = self.0.template.split("{o}");
        if let Some(first) = parts.next() {
            f.write_str(first)?;
        }
        for p in parts {
            write!(f, "{}", self.0.overload)?;
            f.write_str(p)?;
        }
        Ok(())
    }
}

/// Why a type cannot be made for an overload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeError {
    /// The type needs an overload dimension the overloads do not have.
    MissingDimension(&'static TypeInfo, u8),
    /// The overload is of a kind the type cannot be made from.
    WrongKind(&'static TypeInfo),
    /// No case of a by-overload type matches.
    NoCase(&'static TypeInfo),
}

impl fmt::Display for TypeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TypeError::MissingDimension(t, d) => {
                write!(f, "type `{}` needs overload dimension {d}", t.name)
            }
            TypeError::WrongKind(t) => write!(
                f,
                "type `{}` cannot be made from this kind of overload",
                t.name
            ),
            TypeError::NoCase(t) => write!(f, "type `{}` has no case for this overload", t.name),
        }
    }
}

fn dim<'a>(t: &'static TypeInfo, o: &Overloads<'a>, d: u8) -> Result<Overload<'a>, TypeError> {
    o.get(d as usize).ok_or(TypeError::MissingDimension(t, d))
}

/// The LLVM type of `t` for overloads `o` in precision mode `p`.
pub fn resolve<'a>(
    t: &'static TypeInfo,
    o: &Overloads<'a>,
    p: Precision,
) -> Result<LlvmType<'a>, TypeError> {
    Ok(match t.kind {
        TypeKind::Llvm(s) => LlvmType::Fixed(s),
        TypeKind::Struct { name, fields } => LlvmType::Struct(NamedStruct {
            template: name,
            overload: Overload::Void,
            fields,
        }),
        TypeKind::Overload {
            dim: d,
            udt_address_space,
        } => LlvmType::Overload(match (dim(t, o, d)?, udt_address_space) {
            // the type fixes the pointer's address space
            (Overload::Udt(name, _), Some(a)) => Overload::Udt(name, a),
            (ov, _) => ov,
        }),
        TypeKind::Component(c) => {
            let ov = dim(t, o, 0)?;
            let TypeKind::Llvm(comp) = c.kind else {
                return Err(TypeError::WrongKind(t));
            };
            match ov {
                Overload::Scalar(_) | Overload::Vector(..) => LlvmType::Component(ov, comp),
                _ => return Err(TypeError::WrongKind(t)),
            }
        }
        TypeKind::Element(d) => match dim(t, o, d)? {
            Overload::Scalar(s) | Overload::Vector(s, _) => LlvmType::Overload(Overload::Scalar(s)),
            _ => return Err(TypeError::WrongKind(t)),
        },
        TypeKind::Vector(w) => match dim(t, o, 0)? {
            ov @ Overload::Scalar(_) => LlvmType::Vector(ov, w),
            _ => return Err(TypeError::WrongKind(t)),
        },
        TypeKind::Pointer {
            dim: d,
            address_space,
        } => LlvmType::Pointer(dim(t, o, d)?, address_space),
        TypeKind::ByOverload { dim: d, cases } => {
            let ov = dim(t, o, d)?;
            let case = cases
                .iter()
                .find(|c| c.overloads.contains(&ov) && c.precision.is_none_or(|cp| cp == p))
                .ok_or(TypeError::NoCase(t))?;
            match case.ty {
                Some(ty) => resolve(ty, o, p)?,
                None => LlvmType::Struct(NamedStruct {
                    template: case.struct_name,
                    overload: ov,
                    fields: case.fields,
                }),
            }
        }
    })
}

/// Whether `name` must be quoted in LLVM IR (`%"class.Texture2D<float>"`).
pub fn needs_quotes(name: &str) -> bool {
    name.is_empty()
        || name
            .bytes()
            .any(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'-' | b'$' | b'.' | b'_')))
        || name.as_bytes()[0].is_ascii_digit()
}

/// Writes `%name` or `%"name"`.
struct Local<'a, T: fmt::Display>(&'a T);

impl<T: fmt::Display> fmt::Display for Local<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", crate::fmt_util::LlvmName('%', self.0))
    }
}

fn write_overload_type(f: &mut fmt::Formatter<'_>, o: &Overload<'_>) -> fmt::Result {
    match o {
        Overload::Void => f.write_str("void"),
        Overload::Scalar(s) => f.write_str(s.llvm()),
        Overload::Vector(s, n) => write!(f, "<{n} x {}>", s.llvm()),
        Overload::Udt(name, udt_as) => {
            write!(f, "{}", Local(&name.text()))?;
            if *udt_as != 0 {
                write!(f, " addrspace({udt_as})")?;
            }
            f.write_str("*")
        }
        Overload::Object(name) => write!(f, "{}", Local(name)),
    }
}

impl LlvmType<'_> {
    /// Whether `text` is the type as LLVM IR writes it (the same as comparing with its
    /// `Display`, without formatting for the common types: fixed types, scalar overloads,
    /// named structs whose name needs no quotes).
    pub fn is_written(&self, text: &str) -> bool {
        match self {
            LlvmType::Fixed(s) => *s == text,
            LlvmType::Overload(Overload::Scalar(s)) => s.llvm() == text,
            LlvmType::Overload(Overload::Void) => text == "void",
            LlvmType::Component(Overload::Scalar(_) | Overload::Void, c) => *c == text,
            LlvmType::Struct(s) if is_plain_name(s.template) => {
                text.strip_prefix('%') == Some(s.template)
            }
            _ => crate::display_eq(self, text),
        }
    }
}

/// Whether a struct name template names one struct (no `{o}`) that LLVM writes without quotes.
fn is_plain_name(template: &str) -> bool {
    let mut probe = crate::fmt_util::Probe::default();
    let _ = fmt::Write::write_str(&mut probe, template);
    !template.is_empty() && !probe.needs_quotes
}

impl fmt::Display for LlvmType<'_> {
    /// The type as LLVM IR writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LlvmType::Fixed(s) => f.write_str(s),
            LlvmType::Overload(o) => write_overload_type(f, o),
            LlvmType::Component(o, c) => match o {
                Overload::Vector(_, n) => write!(f, "<{n} x {c}>"),
                _ => f.write_str(c),
            },
            LlvmType::Vector(o, w) => match o.scalar() {
                Some(s) => write!(f, "<{w} x {}>", s.llvm()),
                None => f.write_str("void"),
            },
            LlvmType::Pointer(o, a) => {
                write_overload_type(f, o)?;
                if *a != 0 {
                    write!(f, " addrspace({a})")?;
                }
                f.write_str("*")
            }
            LlvmType::Struct(s) => write!(f, "{}", Local(&s.name())),
        }
    }
}

/// A named struct type a declaration needs defined: its name and body (`None` = opaque).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StructDef<'a> {
    /// A `%dx.types.*` struct (or another struct with a known body).
    Known(NamedStruct<'a>),
    /// A struct with a body given by an abbreviation rule (`%dx.types.LinAlgMatrix...`).
    Abbreviated(StructName<'a>, &'static [&'static TypeInfo]),
    /// A user struct whose body the database does not know.
    Opaque(StructName<'a>),
}

impl StructDef<'_> {
    /// The name it defines (without `%`).
    pub fn name(&self) -> impl fmt::Display + '_ {
        NameOf(self)
    }

    /// Whether the body is unknown (`type opaque`).
    pub fn is_opaque(&self) -> bool {
        matches!(self, StructDef::Opaque(_))
    }

    /// Whether two definitions define the same name.
    pub fn same_name(&self, other: &StructDef<'_>) -> bool {
        let mut a = crate::fmt_util::Buf::<256>::default();
        let mut b = crate::fmt_util::Buf::<256>::default();
        let _ = fmt::write(&mut a, format_args!("{}", NameOf(self)));
        let _ = fmt::write(&mut b, format_args!("{}", NameOf(other)));
        a.as_str() == b.as_str() && !a.overflowed()
    }
}

struct NameOf<'x, 'a>(&'x StructDef<'a>);

impl fmt::Display for NameOf<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            StructDef::Known(s) => write!(f, "{}", s.name()),
            StructDef::Abbreviated(n, _) => write!(f, "{n}"),
            StructDef::Opaque(n) => f.write_str(n.text()),
        }
    }
}

impl fmt::Display for StructDef<'_> {
    /// `%name = type { ... }` or `%name = type opaque`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StructDef::Known(s) => {
                write!(f, "{} = type {{ ", Local(&s.name()))?;
                for (i, t) in s.field_types().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{t}")?;
                }
                f.write_str(" }")
            }
            StructDef::Abbreviated(n, fields) => {
                write!(f, "{} = type {{ ", Local(n))?;
                for (i, t) in fields.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    match resolve(t, &Overloads::NONE, Precision::Native) {
                        Ok(t) => write!(f, "{t}")?,
                        Err(_) => f.write_str("i8*")?,
                    }
                }
                f.write_str(" }")
            }
            StructDef::Opaque(n) => write!(f, "{} = type opaque", Local(&n.text())),
        }
    }
}

impl<'a> LlvmType<'a> {
    /// The named struct this type needs defined, if any.
    pub fn struct_def(&self) -> Option<StructDef<'a>> {
        let from_overload = |o: &Overload<'a>| match o {
            Overload::Udt(n, _) => Some(StructDef::Opaque(*n)),
            Overload::Object(n) => Some(match n.abbreviation() {
                Some(a) => StructDef::Abbreviated(*n, a.fields),
                None => StructDef::Opaque(*n),
            }),
            _ => None,
        };
        match self {
            LlvmType::Struct(s) => Some(StructDef::Known(*s)),
            LlvmType::Overload(o) | LlvmType::Pointer(o, _) => from_overload(o),
            _ => None,
        }
    }
}
