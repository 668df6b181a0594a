//! Overloads: the type(s) a `dx.op` function is instantiated for, and the sets an op allows.

use core::fmt;

use crate::generated::vocab::{OVERLOAD_TYPES, ScalarType};
use crate::info::{Abbreviation, OverloadKind};

/// Largest vector width of a vector overload.
pub const MAX_VECTOR_WIDTH: u16 = 1024;

/// The overload types allowed in one dimension: one bit per overload type (its index in
/// [`OVERLOAD_TYPES`](crate::OVERLOAD_TYPES)), for the types themselves and for vectors of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct OverloadSet {
    /// Types allowed as such (scalars, `udt`, `object`).
    pub scalars: u32,
    /// Scalar types allowed as vector elements.
    pub vectors: u32,
}

impl OverloadSet {
    /// Whether `o` is in the set.
    pub const fn contains(&self, o: &Overload<'_>) -> bool {
        const fn bit(i: usize) -> u32 {
            1u32 << i
        }
        match o {
            Overload::Void => false,
            Overload::Scalar(t) => self.scalars & bit(*t as usize) != 0,
            Overload::Vector(t, _) => self.vectors & bit(*t as usize) != 0,
            Overload::Udt(..) => match crate::generated::vocab::UDT_INDEX {
                Some(i) => self.scalars & bit(i) != 0,
                None => false,
            },
            Overload::Object(_) => match crate::generated::vocab::OBJECT_INDEX {
                Some(i) => self.scalars & bit(i) != 0,
                None => false,
            },
        }
    }

    /// Whether the set allows nothing.
    pub const fn is_empty(&self) -> bool {
        self.scalars == 0 && self.vectors == 0
    }

    /// Whether vectors are allowed.
    pub const fn has_vectors(&self) -> bool {
        self.vectors != 0
    }

    /// The set's letters in DXC's notation (`hf<hf`).
    pub fn letters(&self) -> Letters {
        Letters(*self)
    }
}

/// Display of an [`OverloadSet`] in DXC's notation.
#[derive(Clone, Copy, Debug)]
pub struct Letters(OverloadSet);

impl fmt::Display for Letters {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, t) in OVERLOAD_TYPES.iter().enumerate() {
            if self.0.scalars & (1 << i) != 0 {
                write!(f, "{}", t.letter)?;
            }
        }
        if self.0.vectors != 0 {
            f.write_str("<")?;
            for (i, t) in OVERLOAD_TYPES.iter().enumerate() {
                if self.0.vectors & (1 << i) != 0 {
                    write!(f, "{}", t.letter)?;
                }
            }
        }
        Ok(())
    }
}

/// The overloads an op allows: one set per dimension, none for ops without overloads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct OverloadSpec {
    /// The sets; only the first `dims` are used.
    pub sets: [OverloadSet; 4],
    /// Number of dimensions; 0 for an op without overloads (`v`).
    pub dims: u8,
    /// The spec in DXC's notation, as written in `ops.toml`.
    pub text: &'static str,
}

impl OverloadSpec {
    /// Whether the op has no overload.
    pub const fn is_void(&self) -> bool {
        self.dims == 0
    }

    /// The sets in use.
    pub fn sets(&self) -> &[OverloadSet] {
        &self.sets[..self.dims as usize]
    }

    /// Whether `o` is allowed.
    pub const fn allows(&self, o: &Overloads<'_>) -> bool {
        if o.len != self.dims {
            return false;
        }
        let mut i = 0;
        while i < o.len as usize {
            if !self.sets[i].contains(&o.items[i]) {
                return false;
            }
            i += 1;
        }
        true
    }
}

/// A named struct type, by name (no `%`): `struct.Payload`, `dx.types.Handle`. An object may also
/// be named by its short spelling in function names (`mC8M16N16U0S1` for
/// `dx.types.LinAlgMatrixC8M16N16U0S1`), which is recognized by the abbreviation rules of the
/// object overload type: the short prefix followed by an upper-case letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StructName<'a>(&'a str);

/// How a struct name relates to an abbreviation rule.
enum Form<'a> {
    /// No rule applies.
    Plain,
    /// Written short: the rule's name prefix, then `rest`.
    Short(&'static Abbreviation, &'a str),
    /// Written in full: the rule's struct prefix, then `rest`.
    Long(&'static Abbreviation, &'a str),
}

impl<'a> StructName<'a> {
    /// A struct name, e.g. `struct.Payload` (no `%`), or the short spelling of an object.
    pub const fn new(name: &'a str) -> Self {
        StructName(name)
    }

    /// The name as given.
    pub const fn text(&self) -> &'a str {
        self.0
    }

    fn form(&self) -> Form<'a> {
        for t in OVERLOAD_TYPES.iter() {
            if t.kind != OverloadKind::Object {
                continue;
            }
            for a in t.abbreviations {
                if let Some(rest) = self.0.strip_prefix(a.struct_prefix) {
                    return Form::Long(a, rest);
                }
                if let Some(rest) = self.0.strip_prefix(a.name_prefix)
                    && rest.starts_with(|c: char| c.is_ascii_uppercase())
                {
                    return Form::Short(a, rest);
                }
            }
        }
        Form::Plain
    }

    /// The abbreviation rule that applies to this name, if any (objects only).
    pub fn abbreviation(&self) -> Option<&'static Abbreviation> {
        match self.form() {
            Form::Plain => None,
            Form::Short(a, _) | Form::Long(a, _) => Some(a),
        }
    }

    /// Whether the full name equals `s`.
    pub fn eq_str(&self, s: &str) -> bool {
        crate::fmt_util::display_eq(self, s)
    }

    /// The spelling in function names (abbreviated where a rule says so).
    pub fn spelling(&self) -> Spelling<'a> {
        Spelling(*self)
    }
}

impl fmt::Display for StructName<'_> {
    /// The full name (an abbreviated spelling expanded).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.form() {
            Form::Short(a, rest) => {
                f.write_str(a.struct_prefix)?;
                f.write_str(rest)
            }
            _ => f.write_str(self.0),
        }
    }
}

/// A struct name as spelled in a function name.
#[derive(Clone, Copy, Debug)]
pub struct Spelling<'a>(StructName<'a>);

impl fmt::Display for Spelling<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.form() {
            Form::Long(a, rest) => {
                f.write_str(a.name_prefix)?;
                f.write_str(rest)
            }
            _ => f.write_str(self.0.0),
        }
    }
}

/// One overload: the type a `dx.op` function is instantiated for in one dimension.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Overload<'a> {
    /// No overload: the function name has no suffix.
    Void,
    /// A scalar (`f32`).
    Scalar(ScalarType),
    /// A vector of a scalar (`v4f32`): element type and width.
    Vector(ScalarType, u16),
    /// A pointer to a user-defined struct, by struct name (`struct.Payload`), in an LLVM
    /// address space (0 for `%struct.Payload*`, 3 for groupshared memory:
    /// `%struct.Payload addrspace(3)*`). The function name holds only the struct name; the
    /// pointer type, address space included, is the type of the operands and declarations
    /// (a parameter type may fix the address space: node records are in 6).
    Udt(StructName<'a>, u32),
    /// An object passed by value, by struct name (`dx.types.Handle`).
    Object(StructName<'a>),
}

impl<'t> Overload<'t> {
    /// The overload an LLVM type is, as LLVM writes it: a scalar (`float`), a vector
    /// (`<4 x float>`), a pointer to a named struct in an address space (`%struct.Payload*`,
    /// `%struct.Payload addrspace(3)*`: a user-defined type) or a named struct
    /// (`%dx.types.Handle`: an object). `None` for other types. Quoted names
    /// (`%"class.RWBuffer<float>"`) are read without their quotes.
    pub fn from_llvm_type(text: &'t str) -> Option<Overload<'t>> {
        let t = crate::fmt_util::trim(text);
        if let Some(inner) = t.strip_prefix('<').and_then(|r| r.strip_suffix('>')) {
            let (n, elem) = inner.split_once(" x ")?;
            let n: u16 = n.trim().parse().ok()?;
            let s = scalar_of_llvm(elem.trim())?;
            return (1..=MAX_VECTOR_WIDTH)
                .contains(&n)
                .then_some(Overload::Vector(s, n));
        }
        if let Some(pointee) = t.strip_suffix('*') {
            let (pointee, space) = match pointee.trim_end().strip_suffix(')') {
                Some(p) => {
                    let (pointee, n) = p.rsplit_once("addrspace(")?;
                    (pointee, address_space(n)?)
                }
                None => (pointee, 0),
            };
            return struct_name(pointee.trim()).map(|n| Overload::Udt(StructName::new(n), space));
        }
        if let Some(n) = struct_name(t) {
            return Some(Overload::Object(StructName::new(n)));
        }
        scalar_of_llvm(t).map(Overload::Scalar)
    }

    /// The scalar type (of vector elements too).
    pub const fn scalar(&self) -> Option<ScalarType> {
        match self {
            Overload::Scalar(t) | Overload::Vector(t, _) => Some(*t),
            _ => None,
        }
    }
}

impl fmt::Display for Overload<'_> {
    /// The spelling in function names: `f32`, `v4f32`, `struct.Payload`, `mC8M16N16U0S1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Overload::Void => Ok(()),
            Overload::Scalar(t) => f.write_str(t.name()),
            Overload::Vector(t, n) => write!(f, "v{n}{}", t.name()),
            Overload::Udt(s, _) => f.write_str(s.text()),
            Overload::Object(s) => write!(f, "{}", s.spelling()),
        }
    }
}

/// The overloads of a function: one per dimension (none for ops without overloads).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Overloads<'a> {
    items: [Overload<'a>; 4],
    len: u8,
}

impl<'a> Overloads<'a> {
    /// No overload.
    pub const NONE: Overloads<'static> = Overloads {
        items: [Overload::Void; 4],
        len: 0,
    };

    /// One dimension.
    pub const fn one(o: Overload<'a>) -> Self {
        if let Overload::Void = o {
            return Overloads {
                items: [Overload::Void; 4],
                len: 0,
            };
        }
        Overloads {
            items: [o, Overload::Void, Overload::Void, Overload::Void],
            len: 1,
        }
    }

    /// Several dimensions (at most four; more are ignored).
    pub const fn new(dims: &[Overload<'a>]) -> Self {
        let mut items = [Overload::Void; 4];
        let mut len = 0;
        while len < dims.len() && len < 4 {
            items[len] = dims[len];
            len += 1;
        }
        Overloads {
            items,
            len: len as u8,
        }
    }

    /// The same overloads borrowing nothing, when none of them names a struct (scalars and
    /// vectors only): for a cache that outlives the names it was read from.
    pub fn to_static(&self) -> Option<Overloads<'static>> {
        let mut items = [Overload::Void; 4];
        for (to, from) in items.iter_mut().zip(&self.items) {
            *to = match *from {
                Overload::Void => Overload::Void,
                Overload::Scalar(s) => Overload::Scalar(s),
                Overload::Vector(s, n) => Overload::Vector(s, n),
                Overload::Udt(..) | Overload::Object(_) => return None,
            };
        }
        Some(Overloads {
            items,
            len: self.len,
        })
    }

    /// The overloads, one per dimension.
    pub fn as_slice(&self) -> &[Overload<'a>] {
        &self.items[..self.len as usize]
    }

    /// Number of dimensions.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there is no overload.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The overload of dimension `dim`.
    pub const fn get(&self, dim: usize) -> Option<Overload<'a>> {
        if dim < self.len as usize {
            Some(self.items[dim])
        } else {
            None
        }
    }
}

impl<'a> From<Overload<'a>> for Overloads<'a> {
    fn from(o: Overload<'a>) -> Self {
        Overloads::one(o)
    }
}

impl From<ScalarType> for Overloads<'_> {
    fn from(t: ScalarType) -> Self {
        Overloads::one(Overload::Scalar(t))
    }
}

impl fmt::Display for Overloads<'_> {
    /// The function-name suffix without the leading dot: dimensions joined with `.`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, o) in self.as_slice().iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            write!(f, "{o}")?;
        }
        Ok(())
    }
}

impl ScalarType {
    /// Function-name spelling (`f32`).
    pub const fn name(self) -> &'static str {
        OVERLOAD_TYPES[self as usize].name
    }

    /// LLVM type (`float`).
    pub const fn llvm(self) -> &'static str {
        OVERLOAD_TYPES[self as usize].llvm
    }

    /// Letter in overload strings (`f`).
    pub const fn letter(self) -> char {
        OVERLOAD_TYPES[self as usize].letter
    }
}

/// The scalar type whose LLVM type is `llvm` (`float`).
fn scalar_of_llvm(llvm: &str) -> Option<ScalarType> {
    ScalarType::ALL.into_iter().find(|t| t.llvm() == llvm)
}

/// The largest LLVM address space (24 bits).
pub const MAX_ADDRESS_SPACE: u32 = (1 << 24) - 1;

/// An address space as LLVM writes it in `addrspace(N)`: decimal, at most
/// [`MAX_ADDRESS_SPACE`].
fn address_space(n: &str) -> Option<u32> {
    let n = n.trim();
    if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    n.parse().ok().filter(|a| *a <= MAX_ADDRESS_SPACE)
}

/// The name of a named struct type, `%name` or `%"name"`, without `%` and quotes.
fn struct_name(t: &str) -> Option<&str> {
    let name = t.strip_prefix('%')?;
    match name.strip_prefix('"') {
        Some(q) => q.strip_suffix('"').filter(|n| !n.is_empty()),
        None => (!name.is_empty()).then_some(name),
    }
}

/// Longest spelling of a scalar or vector overload in a function name (`v1024` and a scalar
/// name): a longer one can only be a struct name. Reading a suffix relies on it (a dimension is
/// a struct name whenever it is longer), so that each split is tried in constant time.
const MAX_SHORT_SPELLING: usize = 32;

/// Reads one overload spelled as in a function name, among the kinds `set` allows.
pub(crate) fn parse_one<'a>(s: &'a str, set: &OverloadSet) -> Option<Overload<'a>> {
    if s.is_empty() {
        return None;
    }
    if s.len() <= MAX_SHORT_SPELLING {
        // `v<digit>...` is a vector (no scalar name starts with `v`); try it first
        if let Some((n, t)) = vector(s) {
            let o = Overload::Vector(t, n);
            return ((1..=MAX_VECTOR_WIDTH).contains(&n) && set.contains(&o)).then_some(o);
        }
        if let Some(t) = ScalarType::from_name(s) {
            let o = Overload::Scalar(t);
            return set.contains(&o).then_some(o);
        }
    }
    struct_overload(s, set)
}

/// `s` as a struct name, when `set` allows an object or a user-defined type (the name itself
/// does not matter: see [`allows_struct`]).
fn struct_overload<'a>(s: &'a str, set: &OverloadSet) -> Option<Overload<'a>> {
    let name = StructName::new(s);
    if set.contains(&Overload::Object(name)) {
        return Some(Overload::Object(name));
    }
    if set.contains(&Overload::Udt(name, 0)) {
        return Some(Overload::Udt(name, 0));
    }
    None
}

/// Whether `set` reads any name as a struct name.
fn allows_struct(set: &OverloadSet) -> bool {
    struct_overload("", set).is_some()
}

/// `v<width><scalar>`: width without leading zeros (at most four digits), then a scalar name.
fn vector(s: &str) -> Option<(u16, ScalarType)> {
    let b = s.as_bytes();
    if b.len() < 3 || b[0] != b'v' || !(b'1'..=b'9').contains(&b[1]) {
        return None;
    }
    let mut n: u16 = 0;
    let mut i = 1;
    while i < b.len() && i <= 4 && b[i].is_ascii_digit() {
        n = n * 10 + u16::from(b[i] - b'0');
        i += 1;
    }
    Some((n, ScalarType::from_name(&s[i..])?))
}

/// Reads the overload suffix of a function name (after `dx.op.<stem>.`) for a class whose ops
/// allow `spec` (union over ops and versions). Dimensions are separated by `.`, but struct names
/// contain dots too: each dimension but the last ends at the first dot after which the other
/// dimensions can still be read (as a depth-first search over the dots would find), which
/// [`first_split`] finds in time linear in the suffix's length.
pub(crate) fn parse_suffix<'a>(s: &'a str, spec: &OverloadSpec) -> Option<Overloads<'a>> {
    let dims = spec.dims as usize;
    if dims == 0 || dims > spec.sets.len() {
        return None;
    }
    let mut out = Overloads::NONE;
    out.len = spec.dims;
    let mut start = 0;
    for dim in 0..dims - 1 {
        let end = first_split(s, spec, dim, start)?;
        out.items[dim] = parse_one(s.get(start..end)?, &spec.sets[dim])?;
        start = end + 1;
    }
    out.items[dims - 1] = parse_one(s.get(start..)?, &spec.sets[dims - 1])?;
    Some(out)
}

/// Reads the suffix like [`parse_suffix`], with some dimensions `known` from the types written
/// for the function (see [`crate::name::parse_as_typed`]): each of those must be spelled as it
/// is, which tells where the dimensions around it end even when struct names hold dots
/// (`struct.A.struct.B`). The known dimensions at the start and at the end are matched first;
/// what is left between them is read by [`parse_suffix`] (a known dimension there does not
/// anchor: the types checked after the name tell a wrong one). Linear in the suffix's length.
pub(crate) fn parse_suffix_known<'a>(
    s: &'a str,
    spec: &OverloadSpec,
    known: &[Option<Overload<'_>>; 4],
) -> Option<Overloads<'a>> {
    let dims = spec.dims as usize;
    if dims == 0 || dims > spec.sets.len() {
        return None;
    }
    let mut out = Overloads::NONE;
    out.len = spec.dims;
    // the piece of `s` spelling the known overload of dimension `d`, read as an overload
    let piece = |d: usize, start: usize, end: usize| -> Option<Overload<'a>> {
        let k = known[d]?;
        let text = s.get(start..end)?;
        crate::fmt_util::display_eq(k, text).then_some(())?;
        parse_one(text, &spec.sets[d])
    };
    let (mut lo, mut start) = (0, 0);
    while lo < dims && known[lo].is_some() {
        let end = start + crate::fmt_util::display_len(known[lo]?);
        out.items[lo] = piece(lo, start, end)?;
        lo += 1;
        if lo == dims {
            return (end == s.len()).then_some(out);
        }
        (s.as_bytes().get(end) == Some(&b'.')).then_some(())?;
        start = end + 1;
    }
    let (mut hi, mut end) = (dims, s.len());
    while hi > lo && known[hi - 1].is_some() {
        let first = end.checked_sub(crate::fmt_util::display_len(known[hi - 1]?))?;
        out.items[hi - 1] = piece(hi - 1, first, end)?;
        hi -= 1;
        if hi == lo {
            return (first == start).then_some(out);
        }
        end = first.checked_sub(1)?;
        (s.as_bytes().get(end) == Some(&b'.')).then_some(())?;
    }
    let mut middle = OverloadSpec {
        dims: (hi - lo) as u8,
        ..OverloadSpec::default()
    };
    middle.sets[..hi - lo].copy_from_slice(&spec.sets[lo..hi]);
    let read = parse_suffix(s.get(start..end)?, &middle)?;
    out.items[lo..hi].copy_from_slice(read.as_slice());
    Some(out)
}

/// The first dot `e` (a byte index of `s`) such that `s[from..e]` is an overload of dimension
/// `dim` and `s[e + 1..]` reads as the dimensions after it.
///
/// One pass from the end of `s` down to `from` computes, for each position `p` just after a dot,
/// which dimensions `d` can start there, i.e. whether `s[p..]` reads as dimensions `d..`. A
/// dimension ending at a dot `e` needs dimension `d + 1` to start at `e + 1`. When `s[p..e]` is
/// longer than [`MAX_SHORT_SPELLING`], it reads as a struct name or not at all whatever its
/// text, so for those dots it is enough to know whether dimension `d + 1` starts anywhere that
/// far ahead (`far`); the nearer dots, at most `MAX_SHORT_SPELLING`, are looked up in a ring of
/// the last positions. Each position costs a bounded number of steps.
fn first_split(s: &str, spec: &OverloadSpec, dim: usize, from: usize) -> Option<usize> {
    const RING: usize = MAX_SHORT_SPELLING + 2;
    let dims = spec.dims as usize;
    let b = s.as_bytes();
    let n = b.len();
    // bit `d` of ring[p % RING]: dimensions `d..` read `s[p..]` (only just after a dot)
    let mut ring = [0u8; RING];
    // far[d]: the first position at least RING ahead where dimension `d` can start
    let mut far: [Option<usize>; 4] = [None; 4];
    // whether dimension `d` may start at `p`, given the positions after `p`
    let starts = |d: usize, p: usize, ring: &[u8; RING], far: &[Option<usize>; 4]| -> bool {
        let set = &spec.sets[d];
        if d + 1 == dims {
            return s.get(p..).and_then(|r| parse_one(r, set)).is_some();
        }
        let near = (p + 1..n.min(p + MAX_SHORT_SPELLING + 1)).any(|e| {
            b[e] == b'.'
                && ring[(e + 1) % RING] & (1 << (d + 1)) != 0
                && s.get(p..e).and_then(|r| parse_one(r, set)).is_some()
        });
        near || (far[d + 1].is_some() && allows_struct(set))
    };
    for p in (from..=n).rev() {
        let slot = p % RING;
        // position p + RING leaves the ring
        for (d, f) in far.iter_mut().enumerate() {
            if ring[slot] & (1 << d) != 0 {
                *f = Some(p + RING);
            }
        }
        ring[slot] = 0;
        if p > from && b[p - 1] == b'.' {
            for d in (dim + 1..dims).rev() {
                if starts(d, p, &ring, &far) {
                    ring[slot] |= 1 << d;
                }
            }
        }
    }
    // the first dot after `from` at which dimension `dim + 1` can start: near ones first
    let set = &spec.sets[dim];
    let near = (from + 1..n.min(from + MAX_SHORT_SPELLING + 1)).find(|&e| {
        b[e] == b'.'
            && ring[(e + 1) % RING] & (1 << (dim + 1)) != 0
            && s.get(from..e).and_then(|r| parse_one(r, set)).is_some()
    });
    near.or_else(|| {
        let y = far[dim + 1]?;
        allows_struct(set).then_some(y - 1)
    })
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::string::String;
    use std::vec::Vec;

    use super::*;

    /// The depth-first search over the dots that [`parse_suffix`] replaces (exponential in the
    /// number of dimensions): the reference for its results.
    fn reference<'a>(s: &'a str, spec: &OverloadSpec) -> Option<Overloads<'a>> {
        fn dims<'a>(s: &'a str, spec: &OverloadSpec, dim: usize, out: &mut Overloads<'a>) -> bool {
            if dim + 1 == spec.dims as usize {
                return parse_one(s, &spec.sets[dim])
                    .map(|o| out.items[dim] = o)
                    .is_some();
            }
            for (i, _) in s.match_indices('.') {
                if let Some(o) = parse_one(&s[..i], &spec.sets[dim]) {
                    out.items[dim] = o;
                    if dims(&s[i + 1..], spec, dim + 1, out) {
                        return true;
                    }
                }
            }
            false
        }
        let mut out = Overloads::NONE;
        out.len = spec.dims;
        dims(s, spec, 0, &mut out).then_some(out)
    }

    #[test]
    fn spellings_of_scalars_and_vectors_are_short() {
        for t in OVERLOAD_TYPES.iter() {
            assert!(
                t.name.len() + "v1024".len() <= MAX_SHORT_SPELLING,
                "{}",
                t.name
            );
        }
    }

    /// Every suffix of up to four pieces (six of the fewer short ones), with pieces around the
    /// length of the longest short spelling, reads as the search over the dots reads it, for
    /// every class of more than one dimension.
    #[test]
    fn suffixes_split_as_the_search_over_dots_splits_them() {
        let s = |n: usize| "s".repeat(n);
        let (l1, l2, l3) = (s(MAX_SHORT_SPELLING - 1), s(MAX_SHORT_SPELLING), s(40));
        let many = ["", "a", "f32", "v4f32", "mC8M16N16U0S1", &l1, &l2, &l3];
        let few = ["", "a", "f32", &l3];
        let mut specs: Vec<&OverloadSpec> = Vec::new();
        for c in crate::OpClass::ALL {
            let spec = &c.info().overloads;
            if spec.dims >= 2 && !specs.iter().any(|s| s.sets == spec.sets) {
                specs.push(spec);
            }
        }
        let mut any = OverloadSpec::default();
        for (d, set) in any.sets.iter_mut().enumerate() {
            set.scalars = u32::MAX >> d;
            set.vectors = u32::MAX;
        }
        let mut checked = 0;
        for (pieces, counts) in [(&many[..], 1..=4u32), (&few[..], 5..=6)] {
            for count in counts {
                for mut k in 0..pieces.len().pow(count) {
                    let mut s = String::new();
                    for i in 0..count {
                        if i > 0 {
                            s.push('.');
                        }
                        s.push_str(pieces[k % pieces.len()]);
                        k /= pieces.len();
                    }
                    for spec in specs.iter().copied().chain([&any]) {
                        let mut spec4 = *spec;
                        for dims in 2..=4 {
                            spec4.dims = dims;
                            assert_eq!(parse_suffix(&s, &spec4), reference(&s, &spec4), "{s}");
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
