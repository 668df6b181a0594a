//! `CONSTANTS_BLOCK`: constants of the module or of a function body. Each record but
//! `SETTYPE` defines the next value, of the type the last `SETTYPE` chose (`i32` before
//! the first).
//!
//! A constant may refer to a later one of its block. The block is read in two passes: the
//! first gives every constant its slot and type, the second builds them in order, and a
//! constant whose operands are not built yet waits on an explicit stack until they are (so
//! each record is read at most twice, and a chain of references never deepens the Rust
//! stack); a constant that waits on itself is an error.

use super::codes;
use super::insts::GepWalk;
use super::module::Decoder;
use super::ops::{Ops, string, unrotate};
use super::{DecodeError, ErrorKind};
use crate::bitstream::{Block, Record};
use crate::model::{
    BinOp, CastOp, ConstExpr, ConstId, ConstKind, Constant, Predicate, Type, TypeId, Value,
    sign_extend,
};

/// The value of a constant slot not built yet (no module has 2^32 constants).
const PLACEHOLDER: Value = Value::Const(ConstId(u32::MAX));

impl Decoder {
    /// Reads a constants block, adding its constants to the value list.
    pub(crate) fn constants(&mut self, block: Block<'_>) -> Result<(), DecodeError> {
        let first = self.vals.len();
        // The slots and their types first: a constant may refer to a later one. (At most a
        // value per entry of the block; the entries are counted without walking them.)
        self.vals.reserve(block.entry_count());
        let mut cur: Option<TypeId> = None;
        for rec in block.records() {
            if rec.code() == 1 {
                let mut ops = Ops::new(codes::CONSTANTS, &rec);
                let raw = ops.next()?;
                let ty = self.type_id(&ops, raw)?;
                if matches!(
                    self.m.types.get(ty),
                    Some(Type::Void | Type::Label | Type::Metadata | Type::Function { .. })
                ) {
                    return Err(ops.err(ErrorKind::WrongType {
                        field: "the type of a constant",
                        needed: "a type constants may have",
                    }));
                }
                cur = Some(ty);
                continue;
            }
            let ty = match cur {
                Some(t) => t,
                None => *cur.insert(self.intern(Type::Int(32))),
            };
            self.vals.push((PLACEHOLDER, ty));
        }
        self.m.constants.reserve(self.vals.len() - first);
        // Then each built in order; one that waits on a later one is built after the pass.
        let mut waiting: Vec<(u32, Record<'_>)> = Vec::new();
        let mut deps: Vec<u32> = Vec::new();
        let mut k = first;
        for rec in block.records() {
            if rec.code() == 1 {
                continue;
            }
            let ty = self.vals[k].1;
            let mut ops = Ops::new(codes::CONSTANTS, &rec);
            deps.clear();
            match self.constant(&mut ops, ty, first, &mut deps)? {
                Some((c, ty)) => self.vals[k] = (Value::Const(c), ty),
                None => waiting.push(((k - first) as u32, rec)),
            }
            k += 1;
        }
        if waiting.is_empty() {
            return Ok(());
        }
        self.resolve_waiting(first, &waiting)
    }

    /// Builds the constants that refer to later ones, in dependency order, with an explicit
    /// stack; a constant that waits on itself is an error.
    fn resolve_waiting(
        &mut self,
        first: usize,
        waiting: &[(u32, Record<'_>)],
    ) -> Result<(), DecodeError> {
        let slots = self.vals.len() - first;
        // For each slot, its place in `waiting` (or none); and which are on the stack.
        let mut place = vec![u32::MAX; slots];
        for (j, &(k, _)) in waiting.iter().enumerate() {
            place[k as usize] = j as u32;
        }
        // Whether each has waited already: waiting again means a cycle.
        let mut waited = vec![false; waiting.len()];
        let mut stack: Vec<u32> = Vec::new();
        let mut deps: Vec<u32> = Vec::new();
        for j in 0..waiting.len() {
            stack.push(j as u32);
            while let Some(&top) = stack.last() {
                let (k, rec) = waiting[top as usize];
                let slot = first + k as usize;
                if self.vals[slot].0 != PLACEHOLDER {
                    stack.pop();
                    continue;
                }
                let mut ops = Ops::new(codes::CONSTANTS, &rec);
                deps.clear();
                match self.constant(&mut ops, self.vals[slot].1, first, &mut deps)? {
                    Some((c, ty)) => {
                        self.vals[slot] = (Value::Const(c), ty);
                        stack.pop();
                    }
                    None => {
                        let cycle = ErrorKind::ConstantCycle { id: slot as u64 };
                        if std::mem::replace(&mut waited[top as usize], true) {
                            return Err(ops.err(cycle));
                        }
                        for &d in &deps {
                            match place.get(d as usize) {
                                Some(&p) if waited.get(p as usize) == Some(&false) => stack.push(p),
                                _ => return Err(ops.err(cycle)),
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// An operand of a constant: the value of id `id` (of type `want` if given); a constant
    /// of this block not built yet is noted in `deps` and gives a placeholder.
    fn operand(
        &self,
        ops: &Ops<'_>,
        id: u64,
        want: Option<TypeId>,
        first: usize,
        deps: &mut Vec<u32>,
    ) -> Result<(Value, TypeId), DecodeError> {
        let (v, ty) = self.defined(ops.at(), id)?;
        if want.is_some_and(|w| w != ty) {
            return Err(ops.err(ErrorKind::WrongType {
                field: "an operand of a constant",
                needed: "of the type its place requires",
            }));
        }
        let i = id as usize;
        if i >= first {
            if v == PLACEHOLDER {
                deps.push((i - first) as u32);
                return Ok((PLACEHOLDER, ty));
            }
        } else if !v.is_global() || matches!(v, Value::Metadata(_)) {
            return Err(ops.err(ErrorKind::WrongType {
                field: "an operand of a constant",
                needed: "a constant, global or function",
            }));
        }
        Ok((v, ty))
    }

    /// Builds the constant of a record of type `ty` (its `SETTYPE`'s): the constant and its
    /// type (the one its operands give for a getelementptr); `None` when it waits on `deps`.
    fn constant(
        &mut self,
        ops: &mut Ops<'_>,
        mut ty: TypeId,
        first: usize,
        deps: &mut Vec<u32>,
    ) -> Result<Option<(ConstId, TypeId)>, DecodeError> {
        let kind = match ops.code() {
            2 => ConstKind::Null,
            3 => ConstKind::Undef,
            4 => {
                let raw = ops.next()?;
                let Some(width) = self.m.types.int_width(ty) else {
                    return Err(self.not(ops, "an integer type"));
                };
                int_kind(unrotate(raw), width)
            }
            5 => {
                let Some(width) = self.m.types.int_width(ty) else {
                    return Err(self.not(ops, "an integer type"));
                };
                ops.need(1)?;
                wide_kind(ops.rest(), width)
            }
            6 => self.float_kind(ops, ty)?,
            7 => {
                let elems: Vec<TypeId> = match self.m.types.get(ty) {
                    Some(Type::Struct { fields, .. }) => fields.clone(),
                    Some(Type::Named(n)) => match &n.fields {
                        Some(f) => f.clone(),
                        None => return Err(self.not(ops, "a struct with a body")),
                    },
                    Some(&Type::Array { len, elem }) => {
                        if len != ops.all().len() as u64 {
                            return Err(ops.err(ErrorKind::OperandCount {
                                found: ops.all().len(),
                            }));
                        }
                        vec![elem; ops.all().len()]
                    }
                    Some(&Type::Vector { len, elem }) => {
                        if u64::from(len) != ops.all().len() as u64 {
                            return Err(ops.err(ErrorKind::OperandCount {
                                found: ops.all().len(),
                            }));
                        }
                        vec![elem; ops.all().len()]
                    }
                    _ => return Err(self.not(ops, "a struct, array or vector type")),
                };
                if elems.len() != ops.all().len() {
                    return Err(ops.err(ErrorKind::OperandCount {
                        found: ops.all().len(),
                    }));
                }
                let mut values = Vec::with_capacity(elems.len());
                for (&id, &want) in ops.all().iter().zip(&elems) {
                    values.push(self.operand(ops, id, Some(want), first, deps)?.0);
                }
                if !deps.is_empty() {
                    return Ok(None);
                }
                return Ok(Some((self.m.aggregate_const(ty, values), ty)));
            }
            code @ (8 | 9) => {
                let mut chars = string(ops, ops.all())?;
                if code == 9 {
                    chars.push(0);
                }
                self.check_sequence(ops, ty, chars.len(), Some(8))?;
                if chars.iter().all(|&c| c == 0) {
                    ConstKind::Null
                } else {
                    ConstKind::Data(chars.into_iter().map(u64::from).collect())
                }
            }
            22 => {
                let Some((elem, width)) = self.data_elements(ty) else {
                    return Err(self.not(
                        ops,
                        "an array or vector of i8, i16, i32, i64, half, float or double",
                    ));
                };
                self.check_sequence(ops, ty, ops.all().len(), None)?;
                let mask = u64::MAX >> (64 - width);
                if ops.all().iter().all(|&v| v & mask == 0) {
                    ConstKind::Null
                } else if matches!(self.m.types.get(elem), Some(Type::Half)) {
                    // LLVM 3.7 holds `half` elements as an aggregate of `half` constants (as
                    // DXC writes them): a later writer's `DATA` of them takes that form too
                    let values = ops
                        .all()
                        .iter()
                        .map(|&v| {
                            let kind = match v & mask {
                                0 => ConstKind::Null,
                                bits => ConstKind::Float(bits),
                            };
                            Value::Const(self.m.constants.intern(Constant { ty: elem, kind }))
                        })
                        .collect();
                    return Ok(Some((self.m.aggregate_const(ty, values), ty)));
                } else {
                    ConstKind::Data(ops.all().iter().map(|&v| v & mask).collect())
                }
            }
            10 => {
                let opcode = ops.next()?;
                let float = self.is_fp(ty);
                if !float && !self.is_int(ty) {
                    return Err(self.not(ops, "an integer or floating-point type"));
                }
                let op = BinOp::from_code_typed(opcode, float)
                    .ok_or_else(|| ops.bad("binary opcode", opcode))?;
                let (a, b) = (ops.next()?, ops.next()?);
                let lhs = self.operand(ops, a, Some(ty), first, deps)?.0;
                let rhs = self.operand(ops, b, Some(ty), first, deps)?.0;
                let flags = binop_flags(op, ops.opt().unwrap_or(0));
                ConstKind::Expr(ConstExpr::Binary {
                    op,
                    lhs,
                    rhs,
                    flags,
                })
            }
            11 => {
                let opcode = ops.next()?;
                let op = CastOp::from_code(opcode).ok_or_else(|| ops.bad("cast opcode", opcode))?;
                let raw = ops.next()?;
                let from = self.type_id(ops, raw)?;
                let id = ops.next()?;
                let value = self.operand(ops, id, Some(from), first, deps)?.0;
                ConstKind::Expr(ConstExpr::Cast { op, value })
            }
            code @ (12 | 20) => {
                let source = if ops.all().len() % 2 == 1 {
                    let raw = ops.next()?;
                    Some(self.type_id(ops, raw)?)
                } else {
                    None
                };
                let mut operands = Vec::with_capacity(ops.left() / 2);
                while ops.left() > 0 {
                    let raw = ops.next()?;
                    let want = self.type_id(ops, raw)?;
                    let id = ops.next()?;
                    operands.push(self.operand(ops, id, Some(want), first, deps)?);
                }
                let Some(&(_, base_ty)) = operands.first() else {
                    return Err(ops.err(ErrorKind::TooFewOperands {
                        needed: 2,
                        found: ops.all().len(),
                    }));
                };
                let Some(pointee) = self.scalar_pointee(base_ty) else {
                    return Err(ops.err(ErrorKind::WrongType {
                        field: "the pointer of a getelementptr",
                        needed: "a pointer or a vector of pointers",
                    }));
                };
                if source.is_some_and(|s| s != pointee) {
                    return Err(ops.err(ErrorKind::WrongType {
                        field: "the source type of a getelementptr",
                        needed: "the pointer's pointee type",
                    }));
                }
                if deps.is_empty() {
                    // Its type is the one its operands give, as LLVM 3.7 reads it, not the
                    // one of its `SETTYPE`: LLVM's DirectX backend starts no new `SETTYPE`
                    // between pointers of one address space, so a getelementptr may follow
                    // a pointer to another type under its `SETTYPE`.
                    let mut walk = GepWalk::new(self, base_ty, pointee);
                    for &(index, ity) in operands.get(1..).unwrap_or(&[]) {
                        walk.index(self, ops, index, ity)?;
                    }
                    ty = walk.result(self, base_ty);
                }
                ConstKind::Expr(ConstExpr::GetElementPtr {
                    inbounds: code == 20,
                    source,
                    operands: operands.into_iter().map(|(v, _)| v).collect(),
                })
            }
            13 => {
                let (c, a, b) = (ops.next()?, ops.next()?, ops.next()?);
                let (cond, cond_ty) = self.operand(ops, c, None, first, deps)?;
                if !self.is_bool_for(cond_ty, ty) {
                    return Err(ops.err(ErrorKind::WrongType {
                        field: "the condition of a select",
                        needed: "i1, or <N x i1> for vectors of N",
                    }));
                }
                let then = self.operand(ops, a, Some(ty), first, deps)?.0;
                let otherwise = self.operand(ops, b, Some(ty), first, deps)?.0;
                ConstKind::Expr(ConstExpr::Select {
                    cond,
                    then,
                    otherwise,
                })
            }
            14 => {
                ops.need(3)?;
                let raw = ops.next()?;
                let vec_ty = self.type_id(ops, raw)?;
                if !matches!(self.m.types.get(vec_ty), Some(Type::Vector { .. })) {
                    return Err(self.not(ops, "a vector type"));
                }
                let id = ops.next()?;
                let vector = self.operand(ops, id, Some(vec_ty), first, deps)?.0;
                let index = self.index_operand(ops, first, deps)?;
                ConstKind::Expr(ConstExpr::ExtractElement { vector, index })
            }
            15 => {
                ops.need(3)?;
                let Some(&Type::Vector { elem, .. }) = self.m.types.get(ty) else {
                    return Err(self.not(ops, "a vector type"));
                };
                let (a, b) = (ops.next()?, ops.next()?);
                let vector = self.operand(ops, a, Some(ty), first, deps)?.0;
                let element = self.operand(ops, b, Some(elem), first, deps)?.0;
                let index = self.index_operand(ops, first, deps)?;
                ConstKind::Expr(ConstExpr::InsertElement {
                    vector,
                    element,
                    index,
                })
            }
            code @ (16 | 19) => {
                let Some(&Type::Vector { len, .. }) = self.m.types.get(ty) else {
                    return Err(self.not(ops, "a vector type"));
                };
                let op_ty = if code == 19 {
                    let raw = ops.next()?;
                    let t = self.type_id(ops, raw)?;
                    if !matches!(self.m.types.get(t), Some(Type::Vector { .. })) {
                        return Err(self.not(ops, "a vector type"));
                    }
                    t
                } else {
                    ty
                };
                let (a, b, m) = (ops.next()?, ops.next()?, ops.next()?);
                let a = self.operand(ops, a, Some(op_ty), first, deps)?.0;
                let b = self.operand(ops, b, Some(op_ty), first, deps)?.0;
                let (mask, mask_ty) = self.operand(ops, m, None, first, deps)?;
                if !self.is_vector_of_i32(mask_ty, len) {
                    return Err(ops.err(ErrorKind::WrongType {
                        field: "a shuffle mask",
                        needed: "<N x i32>, N the result's length",
                    }));
                }
                ConstKind::Expr(ConstExpr::ShuffleVector { a, b, mask })
            }
            17 => {
                let raw = ops.next()?;
                let op_ty = self.type_id(ops, raw)?;
                let (a, b) = (ops.next()?, ops.next()?);
                let lhs = self.operand(ops, a, Some(op_ty), first, deps)?.0;
                let rhs = self.operand(ops, b, Some(op_ty), first, deps)?.0;
                let raw_pred = ops.next()?;
                let pred = self.predicate(ops, raw_pred, op_ty)?;
                ConstKind::Expr(ConstExpr::Compare { pred, lhs, rhs })
            }
            18 | 23 => {
                return Err(ops.err(ErrorKind::Unsupported(
                    "inline assembly (DXIL has none and the model holds none)",
                )));
            }
            21 => {
                return Err(ops.err(ErrorKind::Unsupported(
                    "a block address (DXIL has none and the model holds none)",
                )));
            }
            code => return Err(ops.err(ErrorKind::UnknownRecord(code))),
        };
        if !deps.is_empty() {
            return Ok(None);
        }
        Ok(Some((self.m.constants.intern(Constant { ty, kind }), ty)))
    }

    /// The index of `CE_EXTRACTELT` and `CE_INSERTELT`: `[type, value]`, or a value of type
    /// `i32` in the oldest form.
    fn index_operand(
        &mut self,
        ops: &mut Ops<'_>,
        first: usize,
        deps: &mut Vec<u32>,
    ) -> Result<Value, DecodeError> {
        let want = if ops.left() >= 2 {
            let raw = ops.next()?;
            self.type_id(ops, raw)?
        } else {
            self.intern(Type::Int(32))
        };
        let id = ops.next()?;
        let (v, t) = self.operand(ops, id, Some(want), first, deps)?;
        if !self.is_int(t) {
            return Err(self.not(ops, "an integer index"));
        }
        Ok(v)
    }

    fn float_kind(&self, ops: &mut Ops<'_>, ty: TypeId) -> Result<ConstKind, DecodeError> {
        let first = ops.next()?;
        let bits = match self.m.types.get(ty) {
            Some(Type::Half) => first & 0xFFFF,
            Some(Type::Float) => first & 0xFFFF_FFFF,
            Some(Type::Double) => first,
            Some(Type::X86Fp80) => {
                let second = ops.next()?;
                let low = (second & 0xFFFF) | (first << 16);
                let high = first >> 48;
                return Ok(ConstKind::WideFloat(vec![low, high].into_boxed_slice()));
            }
            Some(Type::Fp128 | Type::PpcFp128) => {
                let second = ops.next()?;
                return Ok(ConstKind::WideFloat(vec![first, second].into_boxed_slice()));
            }
            _ => return Err(self.not(ops, "a floating-point type")),
        };
        Ok(if bits == 0 {
            ConstKind::Null
        } else {
            ConstKind::Float(bits)
        })
    }

    /// The element type of a type that `DATA` may fill, and the elements' width.
    fn data_elements(&self, ty: TypeId) -> Option<(TypeId, u32)> {
        let elem = match self.m.types.get(ty)? {
            Type::Array { elem, .. } | Type::Vector { elem, .. } => *elem,
            _ => return None,
        };
        let width = match self.m.types.get(elem)? {
            Type::Int(w @ (8 | 16 | 32 | 64)) => *w,
            Type::Half => 16,
            Type::Float => 32,
            Type::Double => 64,
            _ => return None,
        };
        Some((elem, width))
    }

    /// An error unless `ty` is an array or vector of `len` elements (of `width`-bit integers
    /// when given).
    fn check_sequence(
        &self,
        ops: &Ops<'_>,
        ty: TypeId,
        len: usize,
        width: Option<u32>,
    ) -> Result<(), DecodeError> {
        let (n, elem) = match self.m.types.get(ty) {
            Some(&Type::Array { len, elem }) => (len, elem),
            Some(&Type::Vector { len, elem }) => (u64::from(len), elem),
            _ => (u64::MAX, ty),
        };
        let elem_ok = width.is_none_or(|w| self.m.types.int_width(elem) == Some(w));
        if n != len as u64 || !elem_ok {
            return Err(self.not(ops, "an array of as many elements as the record has"));
        }
        Ok(())
    }

    #[cold]
    fn not(&self, ops: &Ops<'_>, needed: &'static str) -> DecodeError {
        ops.err(ErrorKind::WrongType {
            field: "the current type (SETTYPE) or operand",
            needed,
        })
    }

    /// Whether a type is floating-point or a vector of floating-point.
    pub(crate) fn is_fp(&self, ty: TypeId) -> bool {
        match self.m.types.get(ty) {
            Some(Type::Vector { elem, .. }) => self.m.types.get(*elem).is_some_and(Type::is_float),
            Some(t) => t.is_float(),
            None => false,
        }
    }

    /// Whether a type is an integer or a vector of integers.
    pub(crate) fn is_int(&self, ty: TypeId) -> bool {
        match self.m.types.get(ty) {
            Some(Type::Vector { elem, .. }) => self.m.types.get(*elem).is_some_and(Type::is_int),
            Some(t) => t.is_int(),
            None => false,
        }
    }

    /// Whether `cond` is `i1` for a scalar `of`, or `<N x i1>` for a vector of N.
    pub(crate) fn is_bool_for(&self, cond: TypeId, of: TypeId) -> bool {
        match (self.m.types.get(cond), self.m.types.get(of)) {
            (Some(Type::Int(1)), _) => true,
            (Some(&Type::Vector { len, elem }), Some(&Type::Vector { len: n, .. })) => {
                len == n && self.m.types.int_width(elem) == Some(1)
            }
            _ => false,
        }
    }

    /// Whether a type is `<len x i32>`.
    pub(crate) fn is_vector_of_i32(&self, ty: TypeId, len: u32) -> bool {
        matches!(self.m.types.get(ty), Some(&Type::Vector { len: n, elem })
            if n == len && self.m.types.int_width(elem) == Some(32))
    }

    /// The pointee of a pointer, or of the pointers of a vector of pointers.
    pub(crate) fn scalar_pointee(&self, ty: TypeId) -> Option<TypeId> {
        match self.m.types.get(ty)? {
            Type::Pointer { pointee, .. } => Some(*pointee),
            Type::Vector { elem, .. } => self.m.types.pointee(*elem),
            _ => None,
        }
    }

    /// A comparison predicate for operands of type `op_ty` (`fcmp` for floating-point).
    pub(crate) fn predicate(
        &self,
        ops: &Ops<'_>,
        raw: u64,
        op_ty: TypeId,
    ) -> Result<Predicate, DecodeError> {
        let float = self.is_fp(op_ty);
        Predicate::from_code(raw)
            .filter(|p| p.is_int() != float)
            .ok_or_else(|| ops.bad("comparison predicate for the operands' type", raw))
    }
}

/// The kind of an integer constant of `width` bits whose value (sign-extended to 64 bits) is
/// `v`: as the model holds it, zero as `Null`; beyond 64 bits zero-extended, as LLVM's reader
/// extends the 64-bit value.
fn int_kind(v: i64, width: u32) -> ConstKind {
    if width <= 64 {
        return match sign_extend(v, width) {
            0 => ConstKind::Null,
            x => ConstKind::Int(x),
        };
    }
    wide_words(vec![v as u64], width)
}

/// The kind of a `WIDE_INTEGER` of `width` bits: its words (each sign-rotated), least
/// significant first; missing words are zero and extra ones dropped.
fn wide_kind(raw: &[u64], width: u32) -> ConstKind {
    if width <= 64 {
        return int_kind(raw.first().map_or(0, |&w| unrotate(w)), width);
    }
    let n = width.div_ceil(64) as usize;
    wide_words(
        raw.iter().take(n).map(|&w| unrotate(w) as u64).collect(),
        width,
    )
}

/// The words of a `width`-bit integer given by its low `words` (the missing high ones zero),
/// as [`ConstKind::WideInt`] holds them: least significant first, the last sign-extended.
/// All `width.div_ceil(64)` words when there are no more than 2 more than given (an `i128`
/// has both); otherwise only as many as the value needs, so that a type's width (up to
/// 2^23 bits) never sizes an allocation. `Null` when zero.
fn wide_words(mut words: Vec<u64>, width: u32) -> ConstKind {
    let full = width.div_ceil(64) as usize;
    if full <= words.len() + 2 {
        words.resize(full, 0);
    } else if words.last().is_some_and(|w| w >> 63 == 1) {
        // the high words are zero: one more keeps the value positive
        words.push(0);
    }
    if words.len() < full {
        return if words.iter().all(|&w| w == 0) {
            ConstKind::Null
        } else {
            ConstKind::WideInt(words.into_boxed_slice())
        };
    }
    let rem = width % 64;
    if rem != 0
        && let Some(last) = words.last_mut()
    {
        *last = sign_extend(*last as i64, rem) as u64;
    }
    if words.iter().all(|&w| w == 0) {
        ConstKind::Null
    } else {
        ConstKind::WideInt(words.into_boxed_slice())
    }
}

/// The flags of a binary operator as the model keeps them: those its operator has (`nuw` and
/// `nsw` for `add`, `sub`, `mul`, `shl`; `exact` for divisions and right shifts; the
/// fast-math flags for floating-point operators); others are dropped, as LLVM drops them.
pub(crate) fn binop_flags(op: BinOp, raw: u64) -> u8 {
    let mask = match op {
        BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Shl => 0b11,
        BinOp::UDiv | BinOp::SDiv | BinOp::LShr | BinOp::AShr => 0b1,
        _ if op.is_float() => 0b1_1111,
        _ => 0,
    };
    (raw & mask) as u8
}
