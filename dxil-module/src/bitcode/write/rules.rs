//! The typing rules LLVM 3.7 applies when it reads what the writer leaves it to infer: the
//! casts it accepts, the types of indexed elements, the type of a comparison, the element type
//! of a vector. Both instructions and constant expressions are checked with them.

use super::types::TypeTable;
use crate::model::{CastOp, ConstKind, Module, Type, TypeId, Value};

/// A type's element type and length when it is a vector, else the type itself and `None`.
pub(super) fn scalar(m: &Module, t: TypeId) -> (TypeId, Option<u32>) {
    match m.types.get(t) {
        Some(Type::Vector { len, elem }) => (*elem, Some(*len)),
        _ => (t, None),
    }
}

/// The size in bits LLVM's `getPrimitiveSizeInBits` gives (0 for types that have none).
fn primitive_bits(m: &Module, t: TypeId) -> u64 {
    match m.types.get(t) {
        Some(Type::Int(w)) => u64::from(*w),
        Some(Type::Half) => 16,
        Some(Type::Float) => 32,
        Some(Type::Double) | Some(Type::X86Mmx) => 64,
        Some(Type::X86Fp80) => 80,
        Some(Type::Fp128) | Some(Type::PpcFp128) => 128,
        Some(Type::Vector { len, elem }) => u64::from(*len) * primitive_bits(m, *elem),
        _ => 0,
    }
}

fn is(m: &Module, t: TypeId, f: impl Fn(&Type) -> bool) -> bool {
    m.types.get(t).is_some_and(f)
}

/// Whether a type is an integer, or a vector of integers.
pub(super) fn int_like(m: &Module, t: TypeId) -> bool {
    is(m, scalar(m, t).0, Type::is_int)
}

/// Whether a type is a floating-point type, or a vector of them.
pub(super) fn float_like(m: &Module, t: TypeId) -> bool {
    is(m, scalar(m, t).0, Type::is_float)
}

/// Whether a type is a pointer, or a vector of pointers.
pub(super) fn pointer_like(m: &Module, t: TypeId) -> bool {
    is(m, scalar(m, t).0, |t| matches!(t, Type::Pointer { .. }))
}

/// Whether `t` is `i1`, or a vector of `len` of them.
pub(super) fn bool_like(m: &Module, t: TypeId, len: Option<u32>) -> bool {
    let (e, l) = scalar(m, t);
    l == len && is(m, e, |t| matches!(t, Type::Int(1)))
}

fn first_class_non_aggregate(m: &Module, t: TypeId) -> bool {
    !is(m, t, |t| {
        matches!(
            t,
            Type::Void
                | Type::Label
                | Type::Metadata
                | Type::Function { .. }
                | Type::Struct { .. }
                | Type::Named(_)
                | Type::Array { .. }
        )
    }) && m.types.get(t).is_some()
}

/// Whether LLVM 3.7 accepts the cast `op` from `from` to `to` (`CastInst::castIsValid`).
pub(super) fn cast_ok(m: &Module, op: CastOp, from: TypeId, to: TypeId) -> bool {
    if !first_class_non_aggregate(m, from) || !first_class_non_aggregate(m, to) {
        return false;
    }
    let (fe, fl) = scalar(m, from);
    let (te, tl) = scalar(m, to);
    let same_shape = fl == tl;
    let bits = |t| primitive_bits(m, t);
    let int = |t| is(m, t, Type::is_int);
    let fp = |t| is(m, t, Type::is_float);
    let ptr_space = |t| match m.types.get(t) {
        Some(Type::Pointer { addrspace, .. }) => Some(*addrspace),
        _ => None,
    };
    match op {
        CastOp::Trunc => same_shape && int(fe) && int(te) && bits(fe) > bits(te),
        CastOp::ZExt | CastOp::SExt => same_shape && int(fe) && int(te) && bits(fe) < bits(te),
        CastOp::FpTrunc => same_shape && fp(fe) && fp(te) && bits(fe) > bits(te),
        CastOp::FpExt => same_shape && fp(fe) && fp(te) && bits(fe) < bits(te),
        CastOp::UiToFp | CastOp::SiToFp => same_shape && int(fe) && fp(te),
        CastOp::FpToUi | CastOp::FpToSi => same_shape && fp(fe) && int(te),
        CastOp::PtrToInt => same_shape && ptr_space(fe).is_some() && int(te),
        CastOp::IntToPtr => same_shape && int(fe) && ptr_space(te).is_some(),
        CastOp::BitCast => match (ptr_space(fe), ptr_space(te)) {
            (Some(a), Some(b)) => a == b && same_shape,
            (None, None) => bits(from) == bits(to),
            _ => false,
        },
        CastOp::AddrSpaceCast => match (ptr_space(fe), ptr_space(te)) {
            (Some(a), Some(b)) => a != b && same_shape,
            _ => false,
        },
    }
}

/// The value of an integer constant operand (a structure index), if it is one.
pub(super) fn const_index(m: &Module, v: Value) -> Option<u64> {
    let c = m.constants.get(v.as_const()?)?;
    match c.kind {
        ConstKind::Int(i) => Some(i as u64),
        ConstKind::Null if is(m, c.ty, Type::is_int) => Some(0),
        _ => None,
    }
}

/// The type `getelementptr` reaches from `source` through the indices after the first (the
/// first steps over the pointer); `None` when an index does not fit the type.
pub(super) fn gep_indexed(m: &Module, source: TypeId, indices: &[Value]) -> Option<TypeId> {
    let mut t = source;
    for &ix in indices.iter().skip(1) {
        t = match m.types.get(t)? {
            Type::Struct { .. } | Type::Named(_) => m.types.element(t, const_index(m, ix)?)?,
            Type::Array { elem, .. } | Type::Vector { elem, .. } => *elem,
            _ => return None,
        };
    }
    Some(t)
}

/// The type `extractvalue` and `insertvalue` reach through `indices`; `None` when an index
/// does not fit the type.
pub(super) fn aggregate_indexed(m: &Module, agg: TypeId, indices: &[u32]) -> Option<TypeId> {
    let mut t = agg;
    for &ix in indices {
        t = match m.types.get(t)? {
            Type::Struct { .. } | Type::Named(_) | Type::Array { .. } => {
                m.types.element(t, u64::from(ix))?
            }
            _ => return None,
        };
    }
    Some(t)
}

/// Whether `t` is a pointer to `pointee` in `addrspace`, or a vector of `len` of them.
pub(super) fn is_pointer_to(
    m: &Module,
    tt: &TypeTable,
    t: TypeId,
    pointee: TypeId,
    addrspace: u32,
    len: Option<u32>,
) -> bool {
    let (e, l) = scalar(m, t);
    l == len
        && matches!(m.types.get(e), Some(Type::Pointer { pointee: p, addrspace: a })
            if tt.same(*p, pointee) && *a == addrspace)
}

/// The pointee and address space of a pointer type (or of a vector of pointers), with the
/// vector's length.
pub(super) fn pointee(m: &Module, t: TypeId) -> Option<(TypeId, u32, Option<u32>)> {
    let (e, l) = scalar(m, t);
    match m.types.get(e)? {
        Type::Pointer { pointee, addrspace } => Some((*pointee, *addrspace, l)),
        _ => None,
    }
}

/// Whether `t` is the type of a `cmpxchg` on `value`: `{ value, i1 }`.
pub(super) fn is_cmpxchg_result(m: &Module, tt: &TypeTable, t: TypeId, value: TypeId) -> bool {
    match m.types.get(t) {
        Some(Type::Struct {
            fields,
            packed: false,
        }) => {
            fields.len() == 2
                && tt.same(fields[0], value)
                && matches!(m.types.get(fields[1]), Some(Type::Int(1)))
        }
        _ => false,
    }
}
