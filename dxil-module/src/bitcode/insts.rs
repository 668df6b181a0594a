//! The instruction records of a function body: each gives an [`InstKind`] and the type of
//! its result (`void` when it has none).

use super::constants::binop_flags;
use super::function::FnState;
use super::module::{Decoder, alignment};
use super::ops::{Ops, unrotate};
use super::{DecodeError, ErrorKind};
use crate::model::{
    AttrListId, BinOp, BlockId, Call, CastOp, ConstKind, InstKind, NamedStruct, Ordering, RmwOp,
    Tail, Type, TypeId, Value,
};

/// The magic number in the first operand of the case-range `SWITCH` form.
const SWITCH_RANGES_MAGIC: u64 = 0x4B5;

impl Decoder {
    /// Decodes one instruction record.
    pub(crate) fn instruction(
        &mut self,
        fs: &mut FnState,
        ops: &mut Ops<'_>,
    ) -> Result<(InstKind, TypeId), DecodeError> {
        match ops.code() {
            2 => self.binop(fs, ops),
            3 => {
                let (value, _) = self.operand_pair(fs, ops)?;
                ops.expect_left(2)?;
                let raw = ops.next()?;
                let ty = self.type_id(ops, raw)?;
                if !self.is_first_class(ty) {
                    return Err(wrong(ops, "the result of a cast", "a first-class type"));
                }
                let opcode = ops.next()?;
                let op = CastOp::from_code(opcode).ok_or_else(|| ops.bad("cast opcode", opcode))?;
                Ok((InstKind::Cast { op, value }, ty))
            }
            code @ (4 | 30 | 43) => self.gep(fs, ops, code),
            5 | 29 => {
                let (then, ty) = self.operand_pair(fs, ops)?;
                let otherwise = self.operand_of(fs, ops, ty)?;
                let cond = if ops.code() == 5 {
                    let i1 = self.intern(Type::Int(1));
                    self.operand_of(fs, ops, i1)?
                } else {
                    let (cond, cond_ty) = self.operand_pair(fs, ops)?;
                    if !self.is_bool_for(cond_ty, ty) {
                        return Err(wrong(ops, "the condition of a select", "i1 or <N x i1>"));
                    }
                    cond
                };
                Ok((
                    InstKind::Select {
                        cond,
                        then,
                        otherwise,
                    },
                    ty,
                ))
            }
            6 => {
                let (vector, vty) = self.operand_pair(fs, ops)?;
                let Some(&Type::Vector { elem, .. }) = self.m.types.get(vty) else {
                    return Err(wrong(ops, "the operand of extractelement", "a vector"));
                };
                let index = self.index(fs, ops)?;
                Ok((InstKind::ExtractElement { vector, index }, elem))
            }
            7 => {
                let (vector, vty) = self.operand_pair(fs, ops)?;
                let Some(&Type::Vector { elem, .. }) = self.m.types.get(vty) else {
                    return Err(wrong(ops, "the operand of insertelement", "a vector"));
                };
                let element = self.operand_of(fs, ops, elem)?;
                let index = self.index(fs, ops)?;
                Ok((
                    InstKind::InsertElement {
                        vector,
                        element,
                        index,
                    },
                    vty,
                ))
            }
            8 => {
                let (a, vty) = self.operand_pair(fs, ops)?;
                let b = self.operand_of(fs, ops, vty)?;
                let (mask, mask_ty) = self.operand_pair(fs, ops)?;
                let Some(&Type::Vector { elem, .. }) = self.m.types.get(vty) else {
                    return Err(wrong(ops, "the operands of shufflevector", "vectors"));
                };
                let len = match self.m.types.get(mask_ty) {
                    Some(&Type::Vector { len, .. }) if self.is_vector_of_i32(mask_ty, len) => len,
                    _ => return Err(wrong(ops, "a shuffle mask", "<N x i32>")),
                };
                let ty = self.intern(Type::Vector { len, elem });
                Ok((InstKind::ShuffleVector { a, b, mask }, ty))
            }
            9 | 28 => {
                let (lhs, ty) = self.operand_pair(fs, ops)?;
                let rhs = self.operand_of(fs, ops, ty)?;
                let raw = ops.next()?;
                let pred = self.predicate(ops, raw, ty)?;
                let flags = if pred.is_int() {
                    0
                } else {
                    (ops.opt().unwrap_or(0) & 0x1F) as u8
                };
                ops.expect_left(0)?;
                let i1 = self.intern(Type::Int(1));
                let result = match self.m.types.get(ty) {
                    Some(&Type::Vector { len, .. }) => self.intern(Type::Vector { len, elem: i1 }),
                    _ => i1,
                };
                Ok((
                    InstKind::Cmp {
                        pred,
                        lhs,
                        rhs,
                        flags,
                    },
                    result,
                ))
            }
            10 => {
                let value = if ops.left() == 0 {
                    None
                } else {
                    let (v, _) = self.operand_pair(fs, ops)?;
                    ops.expect_left(0)?;
                    Some(v)
                };
                Ok((InstKind::Ret(value), self.void_ty()))
            }
            11 => {
                let n = ops.all().len();
                if n != 1 && n != 3 {
                    return Err(ops.err(ErrorKind::OperandCount { found: n }));
                }
                let then = block_id(fs, ops)?;
                let kind = if n == 1 {
                    InstKind::Br(then)
                } else {
                    let otherwise = block_id(fs, ops)?;
                    let i1 = self.intern(Type::Int(1));
                    let cond = self.operand_of(fs, ops, i1)?;
                    InstKind::CondBr {
                        cond,
                        then,
                        otherwise,
                    }
                };
                Ok((kind, self.void_ty()))
            }
            12 => self.switch(fs, ops),
            15 => Ok((InstKind::Unreachable, self.void_ty())),
            16 => self.phi(fs, ops),
            19 => self.alloca(fs, ops),
            20 => {
                let (ptr, pty) = self.operand_pair(fs, ops)?;
                let explicit = match ops.left() {
                    2 => None,
                    3 => {
                        let raw = ops.next()?;
                        Some(self.type_id(ops, raw)?)
                    }
                    _ => {
                        return Err(ops.err(ErrorKind::OperandCount {
                            found: ops.all().len(),
                        }));
                    }
                };
                let ty = self.loaded_type(ops, pty, explicit)?;
                let raw_align = ops.next()?;
                let align = alignment(ops, raw_align)?;
                let volatile = ops.next()? != 0;
                Ok((
                    InstKind::Load {
                        ptr,
                        align,
                        volatile,
                    },
                    ty,
                ))
            }
            code @ (24 | 44) => {
                let (ptr, pty) = self.operand_pair(fs, ops)?;
                let value = if code == 44 {
                    let (value, vty) = self.operand_pair(fs, ops)?;
                    self.loaded_type(ops, pty, Some(vty))?;
                    value
                } else {
                    let vty = self.loaded_type(ops, pty, None)?;
                    self.operand_of(fs, ops, vty)?
                };
                ops.expect_left(2)?;
                let raw_align = ops.next()?;
                let align = alignment(ops, raw_align)?;
                let volatile = ops.next()? != 0;
                Ok((
                    InstKind::Store {
                        ptr,
                        value,
                        align,
                        volatile,
                    },
                    self.void_ty(),
                ))
            }
            26 => {
                let (aggregate, ty) = self.operand_pair(fs, ops)?;
                let (result, indices) = self.member(ops, ty)?;
                Ok((InstKind::ExtractValue { aggregate, indices }, result))
            }
            27 => {
                let (aggregate, ty) = self.operand_pair(fs, ops)?;
                let (value, vty) = self.operand_pair(fs, ops)?;
                let (member, indices) = self.member(ops, ty)?;
                if member != vty {
                    return Err(wrong(
                        ops,
                        "the value of insertvalue",
                        "of the type of the member it replaces",
                    ));
                }
                Ok((
                    InstKind::InsertValue {
                        aggregate,
                        value,
                        indices,
                    },
                    ty,
                ))
            }
            34 => self.call(fs, ops),
            36 => {
                ops.expect_left(2)?;
                let ordering = ordering(ops)?;
                if ordering <= Ordering::Monotonic {
                    return Err(ops.bad("fence ordering", ordering.code()));
                }
                let single_thread = ops.next()? == 0;
                Ok((
                    InstKind::Fence {
                        ordering,
                        single_thread,
                    },
                    self.void_ty(),
                ))
            }
            code @ (37 | 46) => self.cmpxchg(fs, ops, code),
            // 59 with 38's layout: what LLVM's DirectX backend has written (its later form,
            // with the value's type and an alignment, has more operands and is refused)
            38 | 59 => {
                let (ptr, pty) = self.operand_pair(fs, ops)?;
                let vty = self.loaded_type(ops, pty, None)?;
                let value = self.operand_of(fs, ops, vty)?;
                ops.expect_left(4)?;
                let raw = ops.next()?;
                let op =
                    RmwOp::from_code(raw).ok_or_else(|| ops.bad("atomicrmw operation", raw))?;
                let volatile = ops.next()? != 0;
                let ordering = ordering(ops)?;
                if ordering <= Ordering::Unordered {
                    return Err(ops.bad("atomicrmw ordering", ordering.code()));
                }
                let single_thread = ops.next()? == 0;
                Ok((
                    InstKind::AtomicRmw {
                        op,
                        ptr,
                        value,
                        volatile,
                        ordering,
                        single_thread,
                    },
                    vty,
                ))
            }
            13 => Err(ops.err(ErrorKind::NotDxil("invoke"))),
            31 => Err(ops.err(ErrorKind::NotDxil("indirectbr"))),
            39 => Err(ops.err(ErrorKind::NotDxil("resume"))),
            40 | 47 => Err(ops.err(ErrorKind::NotDxil("landingpad"))),
            23 => Err(ops.err(ErrorKind::NotDxil("va_arg"))),
            41 => Err(ops.err(ErrorKind::Unsupported(
                "an atomic load (the model's load has no ordering)",
            ))),
            42 | 45 => Err(ops.err(ErrorKind::Unsupported(
                "an atomic store (the model's store has no ordering)",
            ))),
            code => Err(ops.err(ErrorKind::UnknownRecord(code))),
        }
    }

    /// `BINOP: [lhs, rhs, opcode, flags?]`.
    fn binop(
        &mut self,
        fs: &mut FnState,
        ops: &mut Ops<'_>,
    ) -> Result<(InstKind, TypeId), DecodeError> {
        let (lhs, ty) = self.operand_pair(fs, ops)?;
        let rhs = self.operand_of(fs, ops, ty)?;
        let opcode = ops.next()?;
        let float = self.is_fp(ty);
        if !float && !self.is_int(ty) {
            return Err(wrong(
                ops,
                "the operands of a binary operator",
                "integers, floating-point numbers or vectors of them",
            ));
        }
        let op = BinOp::from_code_typed(opcode, float)
            .ok_or_else(|| ops.bad("binary opcode", opcode))?;
        let flags = binop_flags(op, ops.opt().unwrap_or(0));
        Ok((
            InstKind::Binary {
                op,
                lhs,
                rhs,
                flags,
            },
            ty,
        ))
    }

    /// `GEP: [inbounds, type, (value, type?)...]`, or the old forms without the first two.
    fn gep(
        &mut self,
        fs: &mut FnState,
        ops: &mut Ops<'_>,
        code: u64,
    ) -> Result<(InstKind, TypeId), DecodeError> {
        let (inbounds, explicit) = if code == 43 {
            let inbounds = ops.next()? != 0;
            let raw = ops.next()?;
            (inbounds, Some(self.type_id(ops, raw)?))
        } else {
            (code == 30, None)
        };
        let (base, base_ty) = self.operand_pair(fs, ops)?;
        let Some(pointee) = self.scalar_pointee(base_ty) else {
            return Err(wrong(ops, "the pointer of a getelementptr", "a pointer"));
        };
        if explicit.is_some_and(|t| t != pointee) {
            return Err(wrong(
                ops,
                "the type of a getelementptr",
                "the pointee type of its pointer",
            ));
        }
        let start = fs.body.operands.len();
        fs.body.operands.push(base);
        let mut walk = GepWalk::new(self, base_ty, pointee);
        while ops.left() > 0 {
            let (index, ity) = self.operand_pair(fs, ops)?;
            walk.index(self, ops, index, ity)?;
            fs.body.operands.push(index);
        }
        let operands = fs.operands_since(ops, start)?;
        let ty = walk.result(self, base_ty);
        Ok((
            InstKind::GetElementPtr {
                inbounds,
                source: pointee,
                operands,
            },
            ty,
        ))
    }

    /// The type a getelementptr index leads to inside `ty`: a struct's field (the index a
    /// constant), an array's or vector's element.
    pub(crate) fn step(
        &self,
        ops: &Ops<'_>,
        ty: TypeId,
        index: Value,
    ) -> Result<TypeId, DecodeError> {
        match self.m.types.get(ty) {
            Some(Type::Struct { fields, .. })
            | Some(Type::Named(NamedStruct {
                fields: Some(fields),
                ..
            })) => {
                let i = index.as_const().and_then(|c| self.m.const_int(c));
                match i
                    .and_then(|i| usize::try_from(i).ok())
                    .and_then(|i| fields.get(i))
                {
                    Some(&f) => Ok(f),
                    None => Err(wrong(
                        ops,
                        "a getelementptr index into a struct",
                        "a constant field number of the struct",
                    )),
                }
            }
            Some(Type::Array { elem, .. } | Type::Vector { elem, .. }) => Ok(*elem),
            _ => Err(wrong(
                ops,
                "a getelementptr index",
                "into a struct, array or vector",
            )),
        }
    }

    /// An integer index operand (`[value, type?]`).
    fn index(&mut self, fs: &mut FnState, ops: &mut Ops<'_>) -> Result<Value, DecodeError> {
        let (index, ty) = self.operand_pair(fs, ops)?;
        if !matches!(self.m.types.get(ty), Some(Type::Int(_))) {
            return Err(wrong(ops, "an element index", "an integer"));
        }
        Ok(index)
    }

    /// The member type that `EXTRACTVAL`/`INSERTVAL` indices (the rest of the record) lead
    /// to inside `ty`, and the indices.
    fn member(
        &self,
        ops: &mut Ops<'_>,
        mut ty: TypeId,
    ) -> Result<(TypeId, Box<[u32]>), DecodeError> {
        let raw = ops.rest();
        if raw.is_empty() {
            return Err(ops.err(ErrorKind::TooFewOperands {
                needed: ops.all().len() + 1,
                found: ops.all().len(),
            }));
        }
        let mut indices = Vec::with_capacity(raw.len());
        for &i in raw {
            let index = u32::try_from(i).map_err(|_| ops.bad("aggregate index", i))?;
            ty = match self.m.types.get(ty) {
                Some(Type::Struct { fields, .. })
                | Some(Type::Named(NamedStruct {
                    fields: Some(fields),
                    ..
                })) => fields.get(index as usize).copied(),
                Some(&Type::Array { len, elem }) => (u64::from(index) < len).then_some(elem),
                _ => None,
            }
            .ok_or_else(|| ops.bad("aggregate index (into a struct or array, in range)", i))?;
            indices.push(index);
        }
        Ok((ty, indices.into()))
    }

    /// `SWITCH: [type, cond, default, (case value id, bb)...]`; the case values are absolute
    /// ids of integer constants.
    fn switch(
        &mut self,
        fs: &mut FnState,
        ops: &mut Ops<'_>,
    ) -> Result<(InstKind, TypeId), DecodeError> {
        let n = ops.all().len();
        if ops
            .all()
            .first()
            .is_some_and(|v| v >> 16 == SWITCH_RANGES_MAGIC)
        {
            return Err(ops.err(ErrorKind::Unsupported(
                "the case-range SWITCH form (LLVM 3.2)",
            )));
        }
        if n < 3 || n.is_multiple_of(2) {
            return Err(ops.err(ErrorKind::OperandCount { found: n }));
        }
        let raw = ops.next()?;
        let ty = self.type_id(ops, raw)?;
        if !matches!(self.m.types.get(ty), Some(Type::Int(_))) {
            return Err(wrong(ops, "the type of a switch", "an integer type"));
        }
        let value = self.operand_of(fs, ops, ty)?;
        let default = block_id(fs, ops)?;
        let mut cases = Vec::with_capacity(ops.left() / 2);
        while ops.left() > 0 {
            let id = ops.next()?;
            let c = match self.value(id) {
                Some((Value::Const(c), t)) if t == ty => c,
                _ => {
                    return Err(wrong(
                        ops,
                        "a switch case value",
                        "an integer constant of the switch's type",
                    ));
                }
            };
            if !matches!(
                self.m.constants.get(c).map(|c| &c.kind),
                Some(ConstKind::Int(_) | ConstKind::Null | ConstKind::WideInt(_))
            ) {
                return Err(wrong(ops, "a switch case value", "an integer constant"));
            }
            cases.push((c, block_id(fs, ops)?));
        }
        Ok((
            InstKind::Switch {
                value,
                default,
                cases: cases.into(),
            },
            self.void_ty(),
        ))
    }

    /// `PHI: [type, (value, bb)...]`, the values signed relative ids.
    fn phi(
        &mut self,
        fs: &mut FnState,
        ops: &mut Ops<'_>,
    ) -> Result<(InstKind, TypeId), DecodeError> {
        let n = ops.all().len();
        if n == 0 || n.is_multiple_of(2) {
            return Err(ops.err(ErrorKind::OperandCount { found: n }));
        }
        let raw = ops.next()?;
        let ty = self.type_id(ops, raw)?;
        if !self.is_first_class(ty) {
            return Err(wrong(ops, "the type of a phi", "a first-class type"));
        }
        let mut incoming = Vec::with_capacity(n / 2);
        while ops.left() > 0 {
            let raw = ops.next()?;
            let (id, rel) = if self.relative {
                let delta = unrotate(raw);
                let next = self.vals.len() as u32;
                (u64::from(next.wrapping_sub(delta as u32)), delta as u64)
            } else {
                (raw, raw)
            };
            let v = self.value_typed(fs, ops, id, rel, ty)?;
            incoming.push((v, block_id(fs, ops)?));
        }
        Ok((
            InstKind::Phi {
                incoming: incoming.into(),
            },
            ty,
        ))
    }

    /// `ALLOCA: [type, count type, count (absolute id), align]`; bit 5 of the alignment is
    /// `inalloca`, bit 6 says the type is the allocated type (else a pointer to it).
    fn alloca(
        &mut self,
        fs: &mut FnState,
        ops: &mut Ops<'_>,
    ) -> Result<(InstKind, TypeId), DecodeError> {
        ops.expect_left(4)?;
        let raw = ops.next()?;
        let mut allocated = self.type_id(ops, raw)?;
        let raw = ops.next()?;
        let count_ty = self.type_id(ops, raw)?;
        let id = ops.next()?;
        let count = self.value_typed(fs, ops, id, id, count_ty)?;
        let bits = ops.next()?;
        if bits & (1 << 6) == 0 {
            allocated = self
                .m
                .types
                .pointee(allocated)
                .ok_or_else(|| wrong(ops, "the type of an old alloca", "a pointer type"))?;
        }
        if !self.is_sized_element(allocated) {
            return Err(wrong(ops, "the allocated type", "a type memory may hold"));
        }
        let align = alignment(ops, bits & !(0b11 << 5))?;
        let ty = self.m.types.pointer(allocated, 0);
        Ok((
            InstKind::Alloca {
                allocated,
                count,
                align,
                inalloca: bits & (1 << 5) != 0,
            },
            ty,
        ))
    }

    /// `CMPXCHG: [ptr, cmp, new, volatile, success, synchscope, failure?, weak?]` (the old
    /// code 37: `cmp` without its type).
    ///
    /// Without the weak flag (Mesa's DXIL emitter writes code 37 with neither it nor the
    /// failure ordering) the record is the `cmpxchg` of before weak exchanges existed, whose
    /// value was the loaded value: as LLVM 3.7 reads it, the `cmpxchg` is added without a
    /// value number and the record's value is an `extractvalue` of its element 0. A missing
    /// failure ordering is the strongest the success ordering allows.
    fn cmpxchg(
        &mut self,
        fs: &mut FnState,
        ops: &mut Ops<'_>,
        code: u64,
    ) -> Result<(InstKind, TypeId), DecodeError> {
        let (ptr, pty) = self.operand_pair(fs, ops)?;
        let (cmp, cty) = if code == 46 {
            let (cmp, cty) = self.operand_pair(fs, ops)?;
            self.loaded_type(ops, pty, Some(cty))?;
            (cmp, cty)
        } else {
            let cty = self.loaded_type(ops, pty, None)?;
            (self.operand_of(fs, ops, cty)?, cty)
        };
        let new = self.operand_of(fs, ops, cty)?;
        let left = ops.left();
        ops.expect_left(left.clamp(3, 5))?;
        let volatile = ops.next()? != 0;
        let success = ordering(ops)?;
        if success <= Ordering::Unordered {
            return Err(ops.bad("cmpxchg success ordering", success.code()));
        }
        let single_thread = ops.next()? == 0;
        let failure = match left {
            3 => strongest_failure(success),
            _ => ordering(ops)?,
        };
        let weak = match left {
            5 => Some(ops.next()? != 0),
            _ => None,
        };
        let i1 = self.intern(Type::Int(1));
        let ty = self.intern(Type::Struct {
            fields: vec![cty, i1],
            packed: false,
        });
        let kind = InstKind::CmpXchg {
            ptr,
            cmp,
            new,
            volatile,
            weak: weak.unwrap_or(false),
            success,
            failure,
            single_thread,
        };
        if weak.is_some() {
            return Ok((kind, ty));
        }
        let pair = self.add_unnumbered(fs, ops, kind, ty)?;
        Ok((
            InstKind::ExtractValue {
                aggregate: Value::Inst(pair),
                indices: Box::new([0]),
            },
            cty,
        ))
    }

    /// `CALL: [paramattrs, cc, fmf?, fnty?, callee, args...]`: bit 0 of `cc` is `tail`, bits
    /// 1 to 13 the calling convention, bit 14 `musttail`, bit 15 an explicit function type,
    /// bit 17 fast-math flags.
    fn call(
        &mut self,
        fs: &mut FnState,
        ops: &mut Ops<'_>,
    ) -> Result<(InstKind, TypeId), DecodeError> {
        let raw_attrs = ops.next()?;
        let attrs = ops
            .one_based(raw_attrs, self.m.attr_lists.len(), "attribute list")?
            .map(AttrListId);
        let cc = ops.next()?;
        let flags = if cc >> 17 & 1 != 0 {
            (ops.next()? & 0x1F) as u8
        } else {
            0
        };
        let explicit = if cc >> 15 & 1 != 0 {
            let raw = ops.next()?;
            Some(self.type_id(ops, raw)?)
        } else {
            None
        };
        let (callee, callee_ty) = self.operand_pair(fs, ops)?;
        let Some(pointee) = self.m.types.pointee(callee_ty) else {
            return Err(wrong(ops, "the callee", "a pointer to a function"));
        };
        let fn_ty = explicit.unwrap_or(pointee);
        if fn_ty != pointee {
            return Err(wrong(
                ops,
                "the explicit type of a call",
                "the pointee type of the callee",
            ));
        }
        // The function type of the last call, kept: calls of one function follow each other.
        let (ret, vararg, plain) = match self.last_call {
            Some((t, ret, vararg, plain)) if t == fn_ty => (ret, vararg, plain),
            _ => match self.m.types.get(fn_ty) {
                Some(Type::Function {
                    ret,
                    params,
                    vararg,
                }) => {
                    self.params.clear();
                    self.params.extend_from_slice(params);
                    let types = &self.m.types;
                    let plain = params
                        .iter()
                        .all(|&p| !matches!(types.get(p), Some(Type::Metadata | Type::Label)));
                    self.last_call = Some((fn_ty, *ret, *vararg, plain));
                    (*ret, *vararg, plain)
                }
                _ => return Err(wrong(ops, "the callee", "a pointer to a function")),
            },
        };
        if ops.left() < self.params.len() {
            return Err(ops.err(ErrorKind::TooFewOperands {
                needed: ops.pos() + self.params.len(),
                found: ops.all().len(),
            }));
        }
        let start = fs.body.operands.len();
        if plain {
            // the arguments of the parameters, each of its parameter's type
            let params = std::mem::take(&mut self.params);
            let read = self.args_of(fs, ops, &params);
            self.params = params;
            read?;
        } else {
            for i in 0..self.params.len() {
                let p = self.params[i];
                let arg = match self.m.types.get(p) {
                    Some(Type::Metadata) => {
                        let raw = ops.next()?;
                        let id = self.absolute(ops, raw)?;
                        Value::Metadata(self.md_id(ops, id, fs.md_base)?)
                    }
                    Some(Type::Label) => {
                        return Err(ops.err(ErrorKind::Unsupported(
                            "a label argument (the model's call arguments are values)",
                        )));
                    }
                    _ => self.operand_of(fs, ops, p)?,
                };
                fs.body.operands.push(arg);
            }
        }
        if vararg {
            while ops.left() > 0 {
                let arg = self.operand_pair(fs, ops)?.0;
                fs.body.operands.push(arg);
            }
        } else if ops.left() > 0 {
            return Err(ops.err(ErrorKind::OperandCount {
                found: ops.all().len(),
            }));
        }
        let args = fs.operands_since(ops, start)?;
        let tail = if cc & (1 << 14) != 0 {
            Tail::MustTail
        } else if cc & 1 != 0 {
            Tail::Tail
        } else {
            Tail::None
        };
        Ok((
            InstKind::Call(Call {
                callee,
                fn_ty,
                args,
                attrs,
                cc: ((cc & 0x3FFF) >> 1) as u32,
                tail,
                flags,
            }),
            ret,
        ))
    }

    /// The next operands of a call, one per parameter of `params` (all values, none metadata
    /// or a label), each of its parameter's type, pushed onto the body's operands.
    #[inline]
    fn args_of(
        &mut self,
        fs: &mut FnState,
        ops: &mut Ops<'_>,
        params: &[TypeId],
    ) -> Result<(), DecodeError> {
        let raws = ops.take(params.len())?;
        for (&raw, &p) in raws.iter().zip(params) {
            let arg = match self.defined_operand(raw) {
                Some((v, t)) if t == p => v,
                _ => self.operand_of_slow(fs, ops, raw, p)?,
            };
            fs.body.operands.push(arg);
        }
        Ok(())
    }

    /// The type a pointer of type `ptr_ty` loads or stores: its pointee, which must be
    /// `explicit` when given.
    fn loaded_type(
        &self,
        ops: &Ops<'_>,
        ptr_ty: TypeId,
        explicit: Option<TypeId>,
    ) -> Result<TypeId, DecodeError> {
        let Some(pointee) = self.m.types.pointee(ptr_ty) else {
            return Err(wrong(ops, "the address of a load or store", "a pointer"));
        };
        if explicit.is_some_and(|t| t != pointee) {
            return Err(wrong(
                ops,
                "the type of a load or store",
                "the pointee type of its pointer",
            ));
        }
        if !self.is_first_class(pointee) {
            return Err(wrong(
                ops,
                "what a load or store moves",
                "a first-class type",
            ));
        }
        Ok(pointee)
    }

    /// Whether values of a type may be an instruction's operands and results (not `void`,
    /// `label`, `metadata`, a function type or an opaque struct).
    pub(crate) fn is_first_class(&self, ty: TypeId) -> bool {
        !matches!(
            self.m.types.get(ty),
            None | Some(Type::Void | Type::Label | Type::Metadata | Type::Function { .. })
                | Some(Type::Named(NamedStruct { fields: None, .. }))
        )
    }
}

/// A block id operand.
fn block_id(fs: &FnState, ops: &mut Ops<'_>) -> Result<BlockId, DecodeError> {
    let b = ops.next()?;
    if b >= fs.body.blocks.len() as u64 {
        return Err(ops.out_of_range("block", b, fs.body.blocks.len() as u64));
    }
    Ok(BlockId(b as u32))
}

/// The failure ordering of a `cmpxchg` whose record gives none: the strongest that
/// `success` allows (no release part).
fn strongest_failure(success: Ordering) -> Ordering {
    match success {
        Ordering::AcqRel => Ordering::Acquire,
        Ordering::Release => Ordering::Monotonic,
        other => other,
    }
}

/// An atomic ordering operand.
fn ordering(ops: &mut Ops<'_>) -> Result<Ordering, DecodeError> {
    let raw = ops.next()?;
    Ordering::from_code(raw).ok_or_else(|| ops.bad("atomic ordering", raw))
}

#[cold]
fn wrong(ops: &Ops<'_>, field: &'static str, needed: &'static str) -> DecodeError {
    ops.err(ErrorKind::WrongType { field, needed })
}

/// The walk of a getelementptr's indices (of an instruction or a constant) from its pointer's
/// pointee to the type its result points to.
pub(crate) struct GepWalk {
    /// The type the indices so far lead to.
    cur: TypeId,
    /// The length of the vector of pointers it gives, if the pointer or an index is a
    /// vector.
    vector: Option<u32>,
    /// No index seen yet (the first steps over the pointer, not into the type).
    first: bool,
}

impl GepWalk {
    /// The walk of a getelementptr of `base_ty` (a pointer or a vector of pointers) to
    /// `pointee`.
    pub(crate) fn new(d: &Decoder, base_ty: TypeId, pointee: TypeId) -> GepWalk {
        let vector = match d.m.types.get(base_ty) {
            Some(&Type::Vector { len, .. }) => Some(len),
            _ => None,
        };
        GepWalk {
            cur: pointee,
            vector,
            first: true,
        }
    }

    /// The next index, of type `ity` (an integer or a vector of them).
    pub(crate) fn index(
        &mut self,
        d: &Decoder,
        ops: &Ops<'_>,
        index: Value,
        ity: TypeId,
    ) -> Result<(), DecodeError> {
        if !d.is_int(ity) {
            return Err(wrong(ops, "a getelementptr index", "an integer"));
        }
        if let Some(&Type::Vector { len, .. }) = d.m.types.get(ity) {
            self.vector = Some(len);
        }
        if !self.first {
            self.cur = d.step(ops, self.cur, index)?;
        }
        self.first = false;
        Ok(())
    }

    /// The type of the getelementptr: a pointer in `base_ty`'s address space to the type
    /// the indices lead to (a vector of them when the pointer or an index is a vector).
    pub(crate) fn result(self, d: &mut Decoder, base_ty: TypeId) -> TypeId {
        let addrspace = match d.m.types.get(base_ty) {
            Some(&Type::Pointer { addrspace, .. }) => addrspace,
            Some(&Type::Vector { elem, .. }) => match d.m.types.get(elem) {
                Some(&Type::Pointer { addrspace, .. }) => addrspace,
                _ => 0,
            },
            _ => 0,
        };
        let ptr = d.m.types.pointer(self.cur, addrspace);
        match self.vector {
            Some(len) => d.intern(Type::Vector { len, elem: ptr }),
            None => ptr,
        }
    }
}
