//! The type table: which types LLVM 3.7 can express, their order in the bitcode and the
//! `TYPE_BLOCK_NEW` record of each.
//!
//! A type record may refer to types before it, and forward only to named structs (the reader
//! makes a placeholder struct for a forward reference). The model's table is taken in its own
//! order, each type after the types it contains, as LLVM's enumerator does: a table in that
//! order already (a decoded one) keeps it. Structurally equal types listed twice are written
//! once.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::codes::{TYPE_BLOCK, ty as code};
use super::error::{Place, WriteError, WriteErrorKind};
use super::stream::{Out, log2_ceil};
use crate::bitstream::{AbbrevOp, char6_encode};
use crate::model::{Module, NamedStruct, Type, TypeId};

/// The widest integer type of LLVM 3.7 (`IntegerType::MAX_INT_BITS`).
pub(super) const MAX_INT_BITS: u32 = (1 << 23) - 1;
/// The largest address space of LLVM 3.7 (it keeps 24 bits of it).
const MAX_ADDRSPACE: u32 = (1 << 24) - 1;

/// A marker of a model type the enumeration has not reached.
const NONE: u32 = u32::MAX;

/// The types in bitcode order and the bitcode id of each model type.
pub(super) struct TypeTable {
    /// The bitcode id of each model type (structurally equal types share one).
    pub ids: Vec<u32>,
    /// The model type written at each bitcode id.
    pub order: Vec<TypeId>,
    /// The bits of a type id in the abbreviations: `ceil(log2(types + 1))`.
    pub bits: u8,
}

impl TypeTable {
    /// The bitcode id of a model type, or an error naming `place`.
    #[inline]
    pub(super) fn id(&self, t: TypeId, place: impl FnOnce() -> Place) -> Result<u32, WriteError> {
        match self.ids.get(t.index()) {
            Some(&id) => Ok(id),
            None => Err(WriteError::new(
                place(),
                WriteErrorKind::OutOfRange {
                    what: "type",
                    id: u64::from(t.0),
                    count: self.ids.len() as u64,
                },
            )),
        }
    }

    /// Checks that `found` is the type `expected` (the type of `what`).
    pub(super) fn check_same(
        &self,
        m: &Module,
        what: &str,
        found: TypeId,
        expected: TypeId,
    ) -> Result<(), WriteErrorKind> {
        if self.same(found, expected) {
            Ok(())
        } else {
            Err(WriteErrorKind::mismatch(m, what, found, expected))
        }
    }

    /// Whether two model types are the same type.
    #[inline]
    pub(super) fn same(&self, a: TypeId, b: TypeId) -> bool {
        a == b
            || matches!((self.ids.get(a.index()), self.ids.get(b.index())), (Some(x), Some(y)) if x == y)
    }
}

fn bad(t: TypeId, why: String) -> WriteError {
    WriteError::new(Place::Type(t.0), WriteErrorKind::BadType(why))
}

/// The `i`th type `t` contains, in record order (a function's result first).
#[inline]
pub(super) fn subtype(t: &Type, i: usize) -> Option<TypeId> {
    match t {
        Type::Pointer { pointee, .. } => (i == 0).then_some(*pointee),
        Type::Array { elem, .. } | Type::Vector { elem, .. } => (i == 0).then_some(*elem),
        Type::Struct { fields, .. }
        | Type::Named(NamedStruct {
            fields: Some(fields),
            ..
        }) => fields.get(i).copied(),
        Type::Function { ret, params, .. } => match i {
            0 => Some(*ret),
            _ => params.get(i - 1).copied(),
        },
        _ => None,
    }
}

/// Checks that the types refer to existing types, that LLVM 3.7 can express each, and that
/// none contains itself except through a named struct.
fn check(m: &Module) -> Result<(), WriteError> {
    let n = m.types.len();
    let get = |t: TypeId| m.types.get(t);
    for (id, t) in m.types.iter() {
        if let Some(s) = (0..)
            .map_while(|i| subtype(t, i))
            .find(|&s| get(s).is_none())
        {
            return Err(WriteError::new(
                Place::Type(id.0),
                WriteErrorKind::OutOfRange {
                    what: "type",
                    id: u64::from(s.0),
                    count: n as u64,
                },
            ));
        }
        check_one(m, id, t)?;
    }
    // cycles: depth-first over the edges that do not enter a named struct
    let mut state = vec![0u8; n];
    let mut stack: Vec<(TypeId, usize)> = Vec::new();
    for (root, _) in m.types.iter() {
        if state[root.index()] != 0 {
            continue;
        }
        state[root.index()] = 1;
        stack.push((root, 0));
        while let Some(&mut (t, ref mut next)) = stack.last_mut() {
            let ty = m.types.get(t).unwrap_or(&Type::Void);
            if let Some(s) = subtype(ty, *next) {
                *next += 1;
                if matches!(get(s), Some(Type::Named(_))) {
                    continue;
                }
                match state[s.index()] {
                    0 => {
                        state[s.index()] = 1;
                        stack.push((s, 0));
                    }
                    1 => return Err(WriteError::new(Place::Type(s.0), WriteErrorKind::TypeCycle)),
                    _ => {}
                }
            } else {
                state[t.index()] = 2;
                stack.pop();
            }
        }
    }
    Ok(())
}

/// Whether a type may be pointed to, be an array element or a struct field (LLVM 3.7's
/// `isValidElementType`; functions may be pointed to).
fn element_ok(t: &Type, pointee: bool) -> bool {
    !matches!(t, Type::Void | Type::Label | Type::Metadata)
        && (pointee || !matches!(t, Type::Function { .. }))
}

fn check_one(m: &Module, id: TypeId, t: &Type) -> Result<(), WriteError> {
    let get = |s: TypeId| m.types.get(s).unwrap_or(&Type::Void);
    let name = |s: TypeId| crate::text::type_string(m, s);
    match t {
        Type::Int(w) if *w == 0 || *w > MAX_INT_BITS => Err(bad(
            id,
            format!("i{w}: LLVM 3.7 integers have 1 to {MAX_INT_BITS} bits"),
        )),
        Type::Pointer { pointee, addrspace } => {
            if !element_ok(get(*pointee), true) {
                Err(bad(id, format!("a pointer to {}", name(*pointee))))
            } else if *addrspace > MAX_ADDRSPACE {
                Err(bad(
                    id,
                    format!("address space {addrspace}: LLVM 3.7 keeps 24 bits of it"),
                ))
            } else {
                Ok(())
            }
        }
        Type::Function { ret, params, .. } => {
            if matches!(
                get(*ret),
                Type::Function { .. } | Type::Label | Type::Metadata
            ) {
                return Err(bad(id, format!("a function returning {}", name(*ret))));
            }
            match params
                .iter()
                .find(|&&p| matches!(get(p), Type::Void | Type::Function { .. }))
            {
                Some(&p) => Err(bad(id, format!("a function parameter of type {}", name(p)))),
                None => Ok(()),
            }
        }
        Type::Struct { fields, .. }
        | Type::Named(NamedStruct {
            fields: Some(fields),
            ..
        }) => match fields.iter().find(|&&f| !element_ok(get(f), false)) {
            Some(&f) => Err(bad(id, format!("a struct field of type {}", name(f)))),
            None => Ok(()),
        },
        Type::Array { elem, .. } if !element_ok(get(*elem), false) => {
            Err(bad(id, format!("an array of {}", name(*elem))))
        }
        Type::Vector { len, elem } => {
            let e = get(*elem);
            if !(e.is_int() || e.is_float() || matches!(e, Type::Pointer { .. })) {
                Err(bad(
                    id,
                    format!(
                        "a vector of {}: elements are integers, floating-point numbers or pointers",
                        name(*elem)
                    ),
                ))
            } else if *len == 0 {
                Err(bad(id, "a vector of no elements".into()))
            } else {
                Ok(())
            }
        }
        _ => Ok(()),
    }
}

/// Orders the model's types for the bitcode (see the module documentation).
pub(super) fn enumerate(m: &Module) -> Result<TypeTable, WriteError> {
    check(m)?;
    let n = m.types.len();
    let mut ids = vec![NONE; n];
    let mut order: Vec<TypeId> = Vec::with_capacity(n);
    let mut named_seen = vec![false; n];
    let mut seen = Seen::with_capacity(n);
    // a frame: a type and the position of the next subtype to visit
    let mut stack: Vec<(TypeId, usize)> = Vec::new();
    for (root, _) in m.types.iter() {
        stack.push((root, 0));
        while let Some(&mut (t, ref mut next)) = stack.last_mut() {
            let ty = m.types.get(t).unwrap_or(&Type::Void);
            if *next == 0 {
                if ids[t.index()] != NONE {
                    stack.pop();
                    continue;
                }
                if let Type::Named(_) = ty {
                    if named_seen[t.index()] {
                        // a named struct being enumerated: referred to forward
                        stack.pop();
                        continue;
                    }
                    named_seen[t.index()] = true;
                }
            }
            if let Some(s) = subtype(ty, *next) {
                *next += 1;
                stack.push((s, 0));
                continue;
            }
            stack.pop();
            if ids[t.index()] != NONE {
                // reached again while its subtypes were enumerated
                continue;
            }
            let id = order.len() as u32;
            let id = match ty {
                Type::Named(_) => id,
                structural => seen.id_of(m, structural, &ids, id),
            };
            ids[t.index()] = id;
            if id as usize == order.len() {
                order.push(t);
            }
        }
    }
    let bits = log2_ceil(order.len() as u64 + 1) as u8;
    Ok(TypeTable { ids, order, bits })
}

/// The structural types met so far, each by its canonical words (see [`canonical`]): the
/// words of all in one buffer, found by a hash of them, so that no type is cloned.
struct Seen {
    /// Hash of the words to the bitcode id of the first type that has them.
    by_hash: HashMap<u64, u32, BuildHasherDefault<HashIsKey>>,
    /// Bitcode ids whose hash was taken by other words (rare).
    collided: Vec<u32>,
    /// The words of every type met, one after the other.
    words: Vec<u64>,
    /// Where the words of each bitcode id are in `words` (empty for named structs).
    ranges: Vec<(usize, usize)>,
    /// The words of the type being looked up.
    scratch: Vec<u64>,
}

impl Seen {
    fn with_capacity(n: usize) -> Seen {
        Seen {
            by_hash: HashMap::with_capacity_and_hasher(n, Default::default()),
            collided: Vec::new(),
            words: Vec::with_capacity(4 * n),
            ranges: Vec::with_capacity(n),
            scratch: Vec::with_capacity(16),
        }
    }

    /// The bitcode id of a structural type equal to `t`, else `id` (recorded as `t`'s).
    fn id_of(&mut self, m: &Module, t: &Type, ids: &[u32], id: u32) -> u32 {
        self.scratch.clear();
        canonical(m, t, ids, &mut self.scratch);
        let hash = self.scratch.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &w| {
            (h.rotate_left(5) ^ w).wrapping_mul(0x5851_f42d_4c95_7f2d)
        });
        let equal = |s: &Seen, other: u32| {
            s.ranges
                .get(other as usize)
                .and_then(|&(a, b)| s.words.get(a..b))
                .is_some_and(|w| w == &s.scratch[..])
        };
        match self.by_hash.get(&hash) {
            Some(&other) if equal(self, other) => return other,
            Some(_) => {
                if let Some(&other) = self.collided.iter().find(|&&o| equal(self, o)) {
                    return other;
                }
                self.collided.push(id);
            }
            None => {
                self.by_hash.insert(hash, id);
            }
        }
        let start = self.words.len();
        self.words.extend_from_slice(&self.scratch);
        let i = id as usize;
        if self.ranges.len() <= i {
            self.ranges.resize(i + 1, (0, 0));
        }
        self.ranges[i] = (start, self.words.len());
        id
    }
}

/// The hasher of keys that are hashes already: the key itself.
#[derive(Default)]
struct HashIsKey(u64);

impl Hasher for HashIsKey {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // only `write_u64` is used; other input folded in all the same
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x5851_f42d_4c95_7f2d);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// The words of a structural type, its subtypes replaced by their bitcode ids, except named
/// structs (which may not have one yet, and are equal only to themselves): their model id
/// with bit 32 set. Equal words, equal types.
fn canonical(m: &Module, t: &Type, ids: &[u32], out: &mut Vec<u64>) {
    let map = |s: TypeId| match (m.types.get(s), ids.get(s.index())) {
        (Some(Type::Named(_)), _) | (_, None) => u64::from(s.0) | 1 << 32,
        (_, Some(&id)) => u64::from(id),
    };
    match t {
        Type::Pointer { pointee, addrspace } => {
            out.extend([1, map(*pointee), u64::from(*addrspace)]);
        }
        Type::Function {
            ret,
            params,
            vararg,
        } => {
            out.extend([2, u64::from(*vararg), map(*ret)]);
            out.extend(params.iter().map(|&p| map(p)));
        }
        Type::Struct { fields, packed } => {
            out.extend([3, u64::from(*packed)]);
            out.extend(fields.iter().map(|&f| map(f)));
        }
        Type::Array { len, elem } => out.extend([4, *len, map(*elem)]),
        Type::Vector { len, elem } => out.extend([5, u64::from(*len), map(*elem)]),
        Type::Int(w) => out.extend([6, u64::from(*w)]),
        other => out.extend([7, simple_code(other)]),
    }
}

/// A number for each type without fields or subtypes.
fn simple_code(t: &Type) -> u64 {
    match t {
        Type::Void => 0,
        Type::Half => 1,
        Type::Float => 2,
        Type::Double => 3,
        Type::X86Fp80 => 4,
        Type::Fp128 => 5,
        Type::PpcFp128 => 6,
        Type::X86Mmx => 7,
        Type::Label => 8,
        Type::Metadata => 9,
        _ => 10,
    }
}

/// Writes `TYPE_BLOCK_NEW`.
pub(super) fn write(out: &mut Out, m: &Module, table: &TypeTable) {
    let bits = table.bits;
    let ptr = [
        AbbrevOp::Literal(code::POINTER.into()),
        AbbrevOp::Fixed(bits),
        AbbrevOp::Literal(0),
    ];
    let func = [
        AbbrevOp::Literal(code::FUNCTION.into()),
        AbbrevOp::Fixed(1),
        AbbrevOp::Array,
        AbbrevOp::Fixed(bits),
    ];
    let anon = [
        AbbrevOp::Literal(code::STRUCT_ANON.into()),
        AbbrevOp::Fixed(1),
        AbbrevOp::Array,
        AbbrevOp::Fixed(bits),
    ];
    let name = [
        AbbrevOp::Literal(code::STRUCT_NAME.into()),
        AbbrevOp::Array,
        AbbrevOp::Char6,
    ];
    let named = [
        AbbrevOp::Literal(code::STRUCT_NAMED.into()),
        AbbrevOp::Fixed(1),
        AbbrevOp::Array,
        AbbrevOp::Fixed(bits),
    ];
    let array = [
        AbbrevOp::Literal(code::ARRAY.into()),
        AbbrevOp::Vbr(8),
        AbbrevOp::Fixed(bits),
    ];
    out.enter(TYPE_BLOCK, 4);
    for ops in [&ptr[..], &func, &anon, &name, &named, &array] {
        out.define(ops);
    }
    out.record(code::NUMENTRY, &[table.order.len() as u64]);
    let id = |t: TypeId| u64::from(table.ids.get(t.index()).copied().unwrap_or(0));
    let mut v: Vec<u64> = Vec::with_capacity(16);
    for &t in &table.order {
        v.clear();
        let Some(ty) = m.types.get(t) else { continue };
        match ty {
            Type::Void => out.record(code::VOID, &[]),
            Type::Half => out.record(code::HALF, &[]),
            Type::Float => out.record(code::FLOAT, &[]),
            Type::Double => out.record(code::DOUBLE, &[]),
            Type::X86Fp80 => out.record(code::X86_FP80, &[]),
            Type::Fp128 => out.record(code::FP128, &[]),
            Type::PpcFp128 => out.record(code::PPC_FP128, &[]),
            Type::X86Mmx => out.record(code::X86_MMX, &[]),
            Type::Label => out.record(code::LABEL, &[]),
            Type::Metadata => out.record(code::METADATA, &[]),
            Type::Int(w) => out.record(code::INTEGER, &[u64::from(*w)]),
            Type::Pointer { pointee, addrspace } => {
                v.extend([id(*pointee), u64::from(*addrspace)]);
                if *addrspace == 0 {
                    out.abbreviated(4, &ptr, code::POINTER, &v);
                } else {
                    out.record(code::POINTER, &v);
                }
            }
            Type::Function {
                ret,
                params,
                vararg,
            } => {
                v.extend([u64::from(*vararg), id(*ret)]);
                v.extend(params.iter().map(|&p| id(p)));
                out.abbreviated(5, &func, code::FUNCTION, &v);
            }
            Type::Struct { fields, packed } => {
                v.push(u64::from(*packed));
                v.extend(fields.iter().map(|&f| id(f)));
                out.abbreviated(6, &anon, code::STRUCT_ANON, &v);
            }
            Type::Named(s) => {
                if let Some(sym) = s.name {
                    let bytes = m.symbols.bytes(sym);
                    if !bytes.is_empty() {
                        v.extend(bytes.iter().map(|&b| u64::from(b)));
                        if bytes.iter().all(|&b| char6_encode(b).is_some()) {
                            out.abbreviated(7, &name, code::STRUCT_NAME, &v);
                        } else {
                            out.record(code::STRUCT_NAME, &v);
                        }
                        v.clear();
                    }
                }
                v.push(u64::from(s.packed));
                match &s.fields {
                    Some(fields) => {
                        v.extend(fields.iter().map(|&f| id(f)));
                        out.abbreviated(8, &named, code::STRUCT_NAMED, &v);
                    }
                    None => out.record(code::OPAQUE, &v),
                }
            }
            Type::Array { len, elem } => {
                v.extend([*len, id(*elem)]);
                out.abbreviated(9, &array, code::ARRAY, &v);
            }
            Type::Vector { len, elem } => {
                v.extend([u64::from(*len), id(*elem)]);
                out.record(code::VECTOR, &v);
            }
        }
    }
    out.exit();
}
