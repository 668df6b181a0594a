//! Constants as LLVM IR text writes them and as LLVM reads them: the width of integer types,
//! integer literals, constant structs of integer fields, and the one token a value of a type
//! may be written as. The builders ([`crate::call::build_dynamic`]), the readers
//! ([`crate::read`]), the writer ([`crate::ir`]) and `dxil-lint` decide with these functions
//! what a constant means, so that the value checked is the value written and the value read is
//! the value LLVM reads.
//!
//! LLVM truncates an integer literal to its type's width without a word (`i1 2` is `false`,
//! `i8 1000` is `-24`): here a literal that does not fit its type, as a signed or an unsigned
//! number of its width, is an error, and one that fits means its bits at that width (`i8 -1`
//! is 255, `i1 -1` is `true`).
//!
//! ```
//! use dxil_ops::constant::{self, StructConstant};
//! use dxil_ops::types::TY_RES_BIND;
//!
//! assert_eq!(constant::int_literal("-1", 8), Some(-1));
//! assert_eq!(constant::int_literal("+1", 8), None); // LLVM reads no `+` on integers
//! assert!(!constant::fits_width(2, 1)); // `i1 2` is an error, not `true`
//! assert_eq!(constant::at_width(-1, 8), 255);
//!
//! let bind = StructConstant::parse("{ i32 0, i32 3, i32 0, i8 1 }").unwrap();
//! assert_eq!(bind.decode(&TY_RES_BIND).unwrap().values(), &[0, 3, 0, 1]);
//! let short = StructConstant::parse("{ i32 0, i32 3 }").unwrap();
//! assert!(short.decode(&TY_RES_BIND).is_err());
//! ```

use core::fmt;

use crate::info::{TypeInfo, TypeKind};
use crate::overload::Overload;
use crate::ty::LlvmType;

/// The widest integer type LLVM has: `i16777215`.
pub const MAX_INT_WIDTH: u32 = (1 << 24) - 1;

/// The most fields a constant struct of this crate's types has (`%dx.types.ResBind`).
pub const MAX_FIELDS: usize = 4;

/// The width of an integer type written `iN` (`i1`, `i32`, `i999`): N from 1 to
/// [`MAX_INT_WIDTH`], written without leading zeros. `None` for any other type.
pub fn int_width(ty: &str) -> Option<u32> {
    // one or two digits (every width DXIL uses), without trimming or parsing
    match *ty.as_bytes() {
        [b'i', d @ b'1'..=b'9'] => return Some(u32::from(d - b'0')),
        [b'i', t @ b'1'..=b'9', d @ b'0'..=b'9'] => {
            return Some(u32::from(t - b'0') * 10 + u32::from(d - b'0'));
        }
        _ => {}
    }
    let digits = ty.trim().strip_prefix('i')?;
    let b = digits.as_bytes();
    if b.is_empty() || b.len() > 8 || b[0] == b'0' || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let n = digits.parse::<u32>().ok()?;
    (n <= MAX_INT_WIDTH).then_some(n)
}

/// Whether `value` is an integer of `bits` bits as LLVM writes them, signed or unsigned: from
/// `-2^(bits-1)` to `2^bits - 1` (every value for 64 bits and more, none for 0 bits).
pub const fn fits_width(value: i64, bits: u32) -> bool {
    if bits == 0 {
        return false;
    }
    if bits >= 64 {
        return true;
    }
    if value >= 0 {
        (value as u64) >> bits == 0
    } else {
        // sign bits above the lowest `bits - 1`: all ones
        value >> (bits - 1) == -1
    }
}

/// The bits of `value` at `bits` bits, as an unsigned number (`at_width(-1, 8)` is 255); the
/// 64 bits of `value` for 64 bits and more.
pub const fn at_width(value: i64, bits: u32) -> u64 {
    if bits >= 64 {
        value as u64
    } else if bits == 0 {
        0
    } else {
        (value as u64) & ((1u64 << bits) - 1)
    }
}

/// An integer literal as LLVM's lexer reads it for an integer type of `bits` bits: decimal
/// digits after an optional `-` (leading zeros allowed, no `+`), or `true` / `false` for
/// `i1`. A number above `i64::MAX` and at most `u64::MAX` is read as its 64 bits (it fits only
/// 64-bit types and wider); a larger one, and any other text, is `None`. Whether the value
/// fits the type is [`fits_width`]'s question.
pub fn int_literal(text: &str, bits: u32) -> Option<i64> {
    match text {
        "true" if bits == 1 => return Some(1),
        "false" if bits == 1 => return Some(0),
        _ => {}
    }
    let (negative, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let digits = digits.trim_start_matches('0');
    if digits.len() > 20 {
        return None;
    }
    let magnitude: u64 = if digits.is_empty() {
        0
    } else {
        digits.parse().ok()?
    };
    if negative {
        // -2^63 is the smallest
        0i64.checked_sub_unsigned(magnitude)
    } else {
        Some(magnitude as i64)
    }
}

/// Why a constant cannot stand for a value of its type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConstantError {
    /// An integer that does not fit its type (LLVM would truncate it).
    Width {
        /// The field of a constant struct, or `None` for an integer operand.
        field: Option<u8>,
        /// The type's width.
        bits: u32,
        /// The value written.
        value: i64,
    },
    /// An integer constant of a type that is not an integer type.
    NotInteger {
        /// The type given.
        ty: &'static str,
    },
    /// A constant struct for a type that is not a struct of integer fields.
    NotStruct {
        /// The type's name in the database.
        ty: &'static str,
    },
    /// A constant struct with another number of fields than its type.
    FieldCount {
        /// The struct type's name (`dx.types.ResBind`).
        ty: &'static str,
        /// Fields of the type.
        expected: usize,
        /// Fields of the constant.
        found: usize,
    },
    /// A field of a constant struct whose type is not the struct's.
    FieldType {
        /// The field, from 0.
        field: u8,
        /// The type of that field in the struct.
        expected: &'static str,
    },
}

impl fmt::Display for ConstantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConstantError::Width { field, bits, value } => {
                if let Some(i) = field {
                    write!(f, "field {i} ")?;
                } else {
                    f.write_str("the constant ")?;
                }
                write!(
                    f,
                    "is {value}, which does not fit in {bits} bit(s) (LLVM would truncate it)"
                )
            }
            ConstantError::NotInteger { ty } => {
                write!(f, "an integer constant cannot have type `{ty}`")
            }
            ConstantError::NotStruct { ty } => {
                write!(f, "type `{ty}` is not a struct of integer fields")
            }
            ConstantError::FieldCount {
                ty,
                expected,
                found,
            } => write!(
                f,
                "the constant has {found} field(s); `%{ty}` has {expected}"
            ),
            ConstantError::FieldType { field, expected } => {
                write!(
                    f,
                    "field {field} of the constant is not of type `{expected}`"
                )
            }
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ConstantError {}

/// The fields of a constant struct, checked against their struct type: each the bits of its
/// value at its field's width, as an unsigned number (`i8 -1` is 255).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Fields {
    values: [i64; MAX_FIELDS],
    len: u8,
}

impl Fields {
    /// The values, one per field of the type.
    pub fn values(&self) -> &[i64] {
        &self.values[..usize::from(self.len)]
    }

    /// The values in a fixed array (the first [`len`](Self::len) are the fields).
    pub const fn array(&self) -> [i64; MAX_FIELDS] {
        self.values
    }

    /// The number of fields.
    pub const fn len(&self) -> u8 {
        self.len
    }

    /// Whether the struct has no field.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// The field types of a struct type of integer fields (`%dx.types.ResBind`: `i32, i32, i32,
/// i8`), with its name; an error for another type.
fn int_fields(
    ty: &'static TypeInfo,
) -> Result<(&'static str, [u32; MAX_FIELDS], usize), ConstantError> {
    let TypeKind::Struct { name, fields } = ty.kind else {
        return Err(ConstantError::NotStruct { ty: ty.name });
    };
    let mut widths = [0u32; MAX_FIELDS];
    if fields.len() > MAX_FIELDS {
        return Err(ConstantError::NotStruct { ty: ty.name });
    }
    for (w, t) in widths.iter_mut().zip(fields.iter()) {
        *w = match t.kind {
            TypeKind::Llvm(s) => int_width(s).ok_or(ConstantError::NotStruct { ty: ty.name })?,
            _ => return Err(ConstantError::NotStruct { ty: ty.name }),
        };
    }
    Ok((name, widths, fields.len()))
}

/// The fields `values` of a constant of struct type `ty`, checked: as many as the type has,
/// each fitting its field's width ([`fits_width`]); each read at that width.
pub fn struct_fields(ty: &'static TypeInfo, values: &[i64]) -> Result<Fields, ConstantError> {
    checked_fields(int_fields(ty)?, values)
}

/// [`struct_fields`] with the type's fields known ([`int_fields`]).
fn checked_fields(
    (name, widths, n): (&'static str, [u32; MAX_FIELDS], usize),
    values: &[i64],
) -> Result<Fields, ConstantError> {
    if values.len() != n {
        return Err(ConstantError::FieldCount {
            ty: name,
            expected: n,
            found: values.len(),
        });
    }
    let mut out = Fields {
        values: [0; MAX_FIELDS],
        len: n as u8,
    };
    for (i, ((o, &v), &bits)) in out.values.iter_mut().zip(values).zip(&widths).enumerate() {
        if !fits_width(v, bits) {
            return Err(ConstantError::Width {
                field: Some(i as u8),
                bits,
                value: v,
            });
        }
        *o = at_width(v, bits) as i64;
    }
    Ok(out)
}

/// The fields of an [`Operand::Struct`](crate::call::Operand::Struct) (the first `len` of
/// `fields`) as a constant of `ty`, checked like [`struct_fields`].
pub fn struct_operand(
    ty: &'static TypeInfo,
    fields: &[i64; MAX_FIELDS],
    len: u8,
) -> Result<Fields, ConstantError> {
    match fields.get(..usize::from(len)) {
        Some(values) => struct_fields(ty, values),
        None => {
            let (name, _, n) = int_fields(ty)?;
            Err(ConstantError::FieldCount {
                ty: name,
                expected: n,
                found: usize::from(len),
            })
        }
    }
}

/// An integer constant of type `ty` (`i8`), checked: an integer type, a value that fits it.
/// Returns the value's bits at that width ([`at_width`]).
pub fn int_constant(ty: &'static str, value: i64) -> Result<u64, ConstantError> {
    let bits = int_width(ty).ok_or(ConstantError::NotInteger { ty })?;
    if !fits_width(value, bits) {
        return Err(ConstantError::Width {
            field: None,
            bits,
            value,
        });
    }
    Ok(at_width(value, bits))
}

/// A constant struct of integer fields as written: `zeroinitializer`, or `{ TYPE VALUE, ... }`
/// with each field an integer type and an integer literal of it ([`int_literal`]). It keeps the
/// types as written and the first [`MAX_FIELDS`] fields, and counts them all, so that
/// [`decode`](Self::decode) can tell a constant of another shape from its type's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StructConstant<'t> {
    types: [&'t str; MAX_FIELDS],
    values: [i64; MAX_FIELDS],
    len: usize,
    zero: bool,
}

impl<'t> StructConstant<'t> {
    /// `zeroinitializer`: every field 0, whatever their number.
    pub const ZERO: StructConstant<'static> = StructConstant {
        types: [""; MAX_FIELDS],
        values: [0; MAX_FIELDS],
        len: 0,
        zero: true,
    };

    /// A constant of the fields `(type, value)` (the first [`MAX_FIELDS`] are kept, all are
    /// counted).
    pub fn new(fields: &[(&'t str, i64)]) -> Self {
        Self::counted(fields, fields.len())
    }

    /// A constant of `len` fields, of which `fields` are the first (the first [`MAX_FIELDS`]
    /// of them are kept): for a reader that keeps no more fields than this type does.
    pub fn counted(fields: &[(&'t str, i64)], len: usize) -> Self {
        let mut c = StructConstant {
            types: [""; MAX_FIELDS],
            values: [0; MAX_FIELDS],
            len,
            zero: false,
        };
        for (i, (t, v)) in fields.iter().take(MAX_FIELDS).enumerate() {
            c.types[i] = t;
            c.values[i] = *v;
        }
        c
    }

    /// Reads `zeroinitializer` or `{ i32 0, i32 3, i32 0, i8 1 }` (`{}` has no field); `None`
    /// for any other text, a field that is not an integer constant among them.
    pub fn parse(text: &'t str) -> Option<Self> {
        let text = text.trim();
        if text == "zeroinitializer" {
            return Some(StructConstant::ZERO);
        }
        let body = text.strip_prefix('{')?.strip_suffix('}')?.trim();
        let mut c = StructConstant::new(&[]);
        if body.is_empty() {
            return Some(c);
        }
        for field in body.split(',') {
            let mut words = field.split_ascii_whitespace();
            let (Some(ty), Some(value), None) = (words.next(), words.next(), words.next()) else {
                return None;
            };
            let value = int_literal(value, int_width(ty)?)?;
            if let (Some(t), Some(v)) = (c.types.get_mut(c.len), c.values.get_mut(c.len)) {
                *t = ty;
                *v = value;
            }
            c.len += 1;
        }
        Some(c)
    }

    /// Whether it is `zeroinitializer`.
    pub const fn is_zero(&self) -> bool {
        self.zero
    }

    /// The number of fields written (0 for `zeroinitializer`, which has as many as its type).
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether no field is written (`{}` or `zeroinitializer`).
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Field `i` as written, its type and value (among the first [`MAX_FIELDS`]).
    pub fn field(&self, i: usize) -> Option<(&'t str, i64)> {
        (i < self.len.min(MAX_FIELDS)).then(|| (self.types[i], self.values[i]))
    }

    /// The fields as LLVM reads them, without a struct type to check them against (a reader of
    /// IR text that checks types elsewhere, as `dxil-lint`): each the bits of its value at its
    /// own type's width ([`at_width`]: `i8 -1` is 255, and `i8 300` is 44 as llvm-as truncates
    /// it; [`decode`](Self::decode) refuses it). `None` for more than [`MAX_FIELDS`] fields;
    /// no field for `zeroinitializer`.
    pub fn as_llvm_reads(&self) -> Option<Fields> {
        let mut out = Fields::default();
        if self.zero {
            return Some(out);
        }
        if self.len > MAX_FIELDS {
            return None;
        }
        out.len = self.len as u8;
        for i in 0..self.len {
            let bits = int_width(self.types[i]).unwrap_or(64);
            out.values[i] = at_width(self.values[i], bits) as i64;
        }
        Some(out)
    }

    /// The constant as a value of struct type `ty`: as many fields as the type has, each of
    /// the field's type and fitting its width, read at that width. `zeroinitializer` is every
    /// field 0 (a value of any struct type: one whose fields are not integers has no fields
    /// here).
    pub fn decode(&self, ty: &'static TypeInfo) -> Result<Fields, ConstantError> {
        if self.zero && matches!(ty.kind, TypeKind::Struct { .. }) {
            // any struct may be zeroinitializer; one of integer fields has them all 0
            return Ok(
                int_fields(ty).map_or(Fields::default(), |(_, _, n)| Fields {
                    values: [0; MAX_FIELDS],
                    len: n as u8,
                }),
            );
        }
        let fields_of_ty = int_fields(ty)?;
        let (name, widths, n) = fields_of_ty;
        if self.len != n {
            return Err(ConstantError::FieldCount {
                ty: name,
                expected: n,
                found: self.len,
            });
        }
        let TypeKind::Struct { fields, .. } = ty.kind else {
            return Err(ConstantError::NotStruct { ty: ty.name });
        };
        for (i, (t, f)) in self.types.iter().zip(fields.iter()).take(n).enumerate() {
            if int_width(t) != Some(widths[i]) {
                let expected = match f.kind {
                    TypeKind::Llvm(s) => s,
                    _ => f.name,
                };
                return Err(ConstantError::FieldType {
                    field: i as u8,
                    expected,
                });
            }
        }
        checked_fields(fields_of_ty, &self.values[..n])
    }
}

/// Why the text of a value is not a value of its type in LLVM IR.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextError {
    /// Not one LLVM token (a name, a number, a keyword constant): IR text such as `%x)` or
    /// `<float 1.0, float 2.0>`, which only a trusted raw value ([`crate::call::Raw`]) may be.
    NotOneToken,
    /// A name LLVM cannot read: `%` or `@` without a name, a quoted name with `"`, a NUL
    /// (`\00`) or a control character.
    Name,
    /// A constant of another kind than the type: an integer literal for a `float`, `null` for
    /// a non-pointer, a global (`@g`, a pointer) for a non-pointer, `true` for an `i32`.
    Kind,
    /// A floating-point literal that the type does not hold exactly (`float 0.1`), which LLVM
    /// refuses.
    Inexact,
    /// An integer literal that does not fit its type.
    Width {
        /// The type's width.
        bits: u32,
    },
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TextError::NotOneToken => {
                "it is not one LLVM token (a name, a number or a constant keyword); wrap trusted IR text in `call::Raw`"
            }
            TextError::Name => "it is a name LLVM cannot read",
            TextError::Kind => "it is a constant of another kind than its type",
            TextError::Inexact => "its type does not hold the number exactly",
            TextError::Width { .. } => {
                "the integer does not fit its type (LLVM would truncate it)"
            }
        })
    }
}

#[cfg(feature = "std")]
impl std::error::Error for TextError {}

/// What kind of LLVM type a parameter has, as far as its constants go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Int(u32),
    Half,
    Float,
    Double,
    Pointer,
    /// A vector, struct, array or another first-class type.
    Other,
    Void,
}

fn class_of_text(t: &str) -> Class {
    let t = t.trim();
    if let Some(bits) = int_width(t) {
        return Class::Int(bits);
    }
    match t {
        "half" => Class::Half,
        "float" => Class::Float,
        "double" => Class::Double,
        "void" => Class::Void,
        _ if t.ends_with('*') => Class::Pointer,
        _ => Class::Other,
    }
}

fn class_of(t: &LlvmType<'_>) -> Class {
    match t {
        LlvmType::Fixed(s) => class_of_text(s),
        LlvmType::Overload(o) => match o {
            Overload::Scalar(s) => class_of_text(s.llvm()),
            Overload::Udt(..) => Class::Pointer,
            Overload::Void => Class::Void,
            Overload::Vector(..) | Overload::Object(_) => Class::Other,
        },
        LlvmType::Component(o, c) => match o {
            Overload::Vector(..) => Class::Other,
            _ => class_of_text(c),
        },
        LlvmType::Pointer(..) => Class::Pointer,
        LlvmType::Vector(..) | LlvmType::Struct(_) => Class::Other,
    }
}

/// Checks that `text` is one LLVM token that is a value of type `ty`: a local name (`%x`,
/// `%0`, `%"a b"`), a global (`@g`, for pointer types), an integer literal that fits an integer
/// type (`true` and `false` for `i1`), a floating-point literal a floating-point type holds
/// exactly (`1.0`, `-2.5e+01`, `0x3FF0000000000000`, `0xH3C00` for `half`), `null` for a
/// pointer, or `undef`, `poison`, `zeroinitializer`.
pub fn check_token(text: &str, ty: &LlvmType<'_>) -> Result<(), TextError> {
    check_display(&text, ty)
}

/// [`check_token`] on what `value` displays, without allocating: a name of any length, any
/// other token of at most [`MAX_TOKEN`] bytes.
pub fn check_display<T: fmt::Display + ?Sized>(
    value: &T,
    ty: &LlvmType<'_>,
) -> Result<(), TextError> {
    use fmt::Write as _;
    let mut probe = Probe {
        start: crate::fmt_util::Buf::default(),
        name: NameCheck::default(),
    };
    // the probe never fails
    let _ = write!(probe, "{value}");
    let class = class_of(ty);
    if class == Class::Void {
        return Err(TextError::Kind);
    }
    match probe.name.sigil {
        Some(b'%') => return probe.name.result(),
        Some(_) => {
            probe.name.result()?;
            return match class {
                Class::Pointer => Ok(()),
                _ => Err(TextError::Kind),
            };
        }
        None => {}
    }
    if probe.start.overflowed() {
        return Err(TextError::NotOneToken);
    }
    constant_token(probe.start.as_str(), class)
}

/// The longest token other than a name that [`check_display`] reads.
pub const MAX_TOKEN: usize = 128;

/// What a value displays: its start, and whether it is a name.
struct Probe {
    start: crate::fmt_util::Buf<MAX_TOKEN>,
    name: NameCheck,
}

impl fmt::Write for Probe {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.start.write_str(s)?;
        s.bytes().for_each(|b| self.name.push(b));
        Ok(())
    }
}

/// Reads a name byte by byte: a sigil (`%` or `@`), then an identifier
/// (`[-a-zA-Z$._][-a-zA-Z$._0-9]*`), a number, or a quoted name (no `"` inside, no control
/// character, each `\` followed by `\` or two hexadecimal digits other than `00`: LLVM
/// refuses a NUL in a name).
#[derive(Clone, Copy, Debug, Default)]
struct NameCheck {
    /// The sigil, if the text starts with one.
    sigil: Option<u8>,
    /// Bytes after the sigil.
    len: usize,
    mode: NameMode,
    /// Hexadecimal digits still expected after `\` (0: none), and whether the first was `0`.
    escape: u8,
    escape_zero: bool,
    error: Option<TextError>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum NameMode {
    #[default]
    Start,
    Ident,
    Number,
    Quoted,
    Closed,
}

impl NameCheck {
    fn fail(&mut self, e: TextError) {
        self.error.get_or_insert(e);
    }

    fn push(&mut self, b: u8) {
        let ident = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'$' | b'.' | b'_');
        if self.sigil.is_none() {
            if self.len == 0 && self.mode == NameMode::Start && matches!(b, b'%' | b'@') {
                self.sigil = Some(b);
            } else {
                // not a name: the sigil stays unset
                self.mode = NameMode::Closed;
            }
            return;
        }
        self.len += 1;
        match self.mode {
            NameMode::Start => {
                self.mode = match b {
                    b'"' => NameMode::Quoted,
                    b'0'..=b'9' => NameMode::Number,
                    c if ident(c) => NameMode::Ident,
                    _ => {
                        self.fail(TextError::NotOneToken);
                        NameMode::Closed
                    }
                }
            }
            NameMode::Ident if !ident(b) => self.fail(TextError::NotOneToken),
            NameMode::Number if !b.is_ascii_digit() => self.fail(TextError::NotOneToken),
            NameMode::Quoted => self.quoted(b),
            NameMode::Closed => self.fail(TextError::NotOneToken),
            _ => {}
        }
    }

    fn quoted(&mut self, b: u8) {
        if self.escape > 0 {
            if self.escape == 2 && b == b'\\' {
                self.escape = 0;
                return;
            }
            if !b.is_ascii_hexdigit() {
                self.fail(TextError::Name);
            }
            if self.escape == 2 {
                self.escape_zero = b == b'0';
            } else if self.escape_zero && b == b'0' {
                self.fail(TextError::Name);
            }
            self.escape -= 1;
            return;
        }
        match b {
            b'"' if self.len == 2 => {
                // `%""`: no name
                self.fail(TextError::Name);
                self.mode = NameMode::Closed;
            }
            b'"' => self.mode = NameMode::Closed,
            b'\\' => self.escape = 2,
            c if c.is_ascii_control() => self.fail(TextError::Name),
            _ => {}
        }
    }

    /// The verdict once every byte is read.
    fn result(&self) -> Result<(), TextError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        match self.mode {
            NameMode::Start => Err(TextError::Name),
            NameMode::Quoted if self.escape > 0 => Err(TextError::Name),
            NameMode::Quoted => Err(TextError::NotOneToken),
            _ => Ok(()),
        }
    }
}

/// Checks a token that is not a name against the class of its type.
fn constant_token(text: &str, class: Class) -> Result<(), TextError> {
    match text {
        "undef" | "poison" | "zeroinitializer" => return Ok(()),
        "null" => {
            return match class {
                Class::Pointer => Ok(()),
                _ => Err(TextError::Kind),
            };
        }
        _ => {}
    }
    if let Some(kind) = int_token(text) {
        return match (kind, class) {
            (IntToken::Bool, Class::Int(1)) => Ok(()),
            (IntToken::Number, Class::Int(w)) => match int_literal(text, w) {
                Some(v) if fits_width(v, w) => Ok(()),
                _ => Err(TextError::Width { bits: w }),
            },
            _ => Err(TextError::Kind),
        };
    }
    match float_token(text) {
        Some(FloatToken::Half) => match class {
            Class::Half => Ok(()),
            _ => Err(TextError::Kind),
        },
        Some(FloatToken::Double(d)) => match class {
            Class::Double => Ok(()),
            Class::Float if holds_f32(d) => Ok(()),
            Class::Half if holds_f16(d) => Ok(()),
            Class::Float | Class::Half => Err(TextError::Inexact),
            _ => Err(TextError::Kind),
        },
        None => Err(TextError::NotOneToken),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum IntToken {
    Number,
    Bool,
}

/// Whether `text` is an integer token: `-?[0-9]+`, `true` or `false`.
fn int_token(text: &str) -> Option<IntToken> {
    if matches!(text, "true" | "false") {
        return Some(IntToken::Bool);
    }
    let digits = text.strip_prefix('-').unwrap_or(text);
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then_some(IntToken::Number)
}

enum FloatToken {
    /// A decimal literal or `0x` with 64 bits: a double, which LLVM converts to the type.
    Double(f64),
    /// `0xH` with 16 bits: a half.
    Half,
}

/// A floating-point token: `[-+]?[0-9]+[.][0-9]*([eE][-+]?[0-9]+)?`, `0x` and at most 16
/// hexadecimal digits (a double's bits), or `0xH` and 4 (a half's).
fn float_token(text: &str) -> Option<FloatToken> {
    if let Some(hex) = text.strip_prefix("0x") {
        if let Some(h) = hex.strip_prefix('H') {
            return (h.len() == 4 && h.bytes().all(|b| b.is_ascii_hexdigit()))
                .then_some(FloatToken::Half);
        }
        let digits = hex.trim_start_matches('0');
        if hex.is_empty() || digits.len() > 16 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let bits = if digits.is_empty() {
            0
        } else {
            u64::from_str_radix(digits, 16).ok()?
        };
        return Some(FloatToken::Double(f64::from_bits(bits)));
    }
    let b = text.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'-' | b'+')));
    let int_start = i;
    while b.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
    }
    if i == int_start || b.get(i) != Some(&b'.') {
        return None;
    }
    i += 1;
    while b.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'-' | b'+')) {
            i += 1;
        }
        let exp_start = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if i == exp_start {
            return None;
        }
    }
    if i != b.len() {
        return None;
    }
    text.parse::<f64>().ok().map(FloatToken::Double)
}

/// Whether a `float` holds the double `d` exactly (a NaN: its payload's low 29 bits are 0).
fn holds_f32(d: f64) -> bool {
    if d.is_nan() {
        return d.to_bits() & ((1 << 29) - 1) == 0;
    }
    f64::from(d as f32) == d
}

/// Whether a `half` holds the double `d` exactly: a NaN whose payload's low 42 bits are 0, an
/// infinity, a zero, or a number of at most 11 significant bits within the half's range
/// (subnormals down to 2^-24).
fn holds_f16(d: f64) -> bool {
    let bits = d.to_bits();
    let mantissa = bits & ((1 << 52) - 1);
    if d.is_nan() {
        return mantissa & ((1 << 42) - 1) == 0;
    }
    if d.is_infinite() || d == 0.0 {
        return true;
    }
    let biased = ((bits >> 52) & 0x7FF) as i32;
    if biased == 0 {
        // a double subnormal is far below the smallest half
        return false;
    }
    let exponent = biased - 1023;
    // significant bits after the leading 1
    let fraction_bits = if mantissa == 0 {
        0
    } else {
        52 - mantissa.trailing_zeros() as i32
    };
    if exponent > 15 {
        return false;
    }
    if exponent >= -14 {
        return fraction_bits <= 10;
    }
    // subnormal half: a multiple of 2^-24
    exponent >= -24 && fraction_bits <= exponent + 24
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_and_literals() {
        assert_eq!(int_width("i1"), Some(1));
        assert_eq!(int_width("i999"), Some(999));
        for bad in ["i0", "i08", "i", "float", "i16777216", "i-1"] {
            assert_eq!(int_width(bad), None, "{bad}");
        }
        assert!(fits_width(-1, 1) && fits_width(1, 1) && !fits_width(2, 1) && !fits_width(-2, 1));
        assert!(fits_width(255, 8) && fits_width(-128, 8));
        assert!(!fits_width(256, 8) && !fits_width(-129, 8) && !fits_width(1000, 8));
        assert!(fits_width(4_294_967_295, 32) && !fits_width(4_294_967_300, 32));
        assert!(fits_width(i64::MIN, 64) && !fits_width(0, 0));
        // every width below 64 agrees with the definition in 128-bit arithmetic
        for bits in 1..64u32 {
            for v in [
                i64::MIN,
                -(1 << (bits - 1)) - 1,
                -(1 << (bits - 1)),
                -1,
                0,
                1,
                (1 << (bits - 1)) - 1,
                (1i64 << (bits - 1)).wrapping_mul(2).wrapping_sub(1),
                i64::MAX,
            ] {
                let wide =
                    i128::from(v) >= -(1i128 << (bits - 1)) && i128::from(v) < (1i128 << bits);
                assert_eq!(fits_width(v, bits), wide, "{v} in {bits} bits");
            }
        }
        assert_eq!(at_width(-1, 1), 1);
        assert_eq!(at_width(-2, 32), 4_294_967_294);
        assert_eq!(int_literal("007", 32), Some(7));
        assert_eq!(int_literal("-0", 32), Some(0));
        assert_eq!(int_literal("18446744073709551615", 64), Some(-1));
        assert_eq!(int_literal("-9223372036854775808", 64), Some(i64::MIN));
        for bad in [
            "+1",
            "--1",
            "1.0",
            "0x1",
            "",
            "-",
            "true ",
            "18446744073709551616",
        ] {
            assert_eq!(int_literal(bad, 32), None, "{bad:?}");
        }
        assert_eq!(int_literal("true", 1), Some(1));
        assert_eq!(int_literal("true", 32), None);
    }

    #[test]
    fn half_exactness() {
        for ok in [0.5, 65504.0, 2f64.powi(-24), -1.0, 1.0 + 1.0 / 1024.0] {
            assert!(holds_f16(ok), "{ok}");
        }
        for bad in [0.1, 65520.0, 2.98e-8, 1.0 + 1.0 / 2048.0, 1e-300] {
            assert!(!holds_f16(bad), "{bad}");
        }
    }
}
