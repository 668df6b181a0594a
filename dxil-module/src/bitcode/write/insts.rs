//! The record of each instruction, in the layouts and abbreviations of DXC's LLVM 3.7
//! writer, after the checks that what the record leaves LLVM's reader to infer (an operand's
//! type, the result's type) is what the model says.

use super::codes::func;
use super::error::WriteErrorKind;
use super::function::{Fn, Use};
use super::module::align_of;
use super::rules;
use super::stream::Out;
use crate::model::{Call, Inst, InstKind, Ordering, Tail, Type, TypeId, Value};

/// Abbreviation ids BLOCKINFO gives every function block.
const LOAD_ABBREV: u32 = 4;
const BINOP_ABBREV: u32 = 5;
const BINOP_FLAGS_ABBREV: u32 = 6;
const CAST_ABBREV: u32 = 7;
const RET_VOID_ABBREV: u32 = 8;
const RET_VAL_ABBREV: u32 = 9;
const UNREACHABLE_ABBREV: u32 = 10;
const GEP_ABBREV: u32 = 11;

/// LLVM 3.7's synchronization scope codes.
fn scope(single_thread: bool) -> u64 {
    if single_thread { 0 } else { 1 }
}

impl Fn<'_> {
    /// `InstID - ValID` as LLVM's 32-bit record value.
    #[inline]
    fn rel(&self, id: u32) -> u64 {
        u64::from(self.next_val.wrapping_sub(id))
    }

    /// Pushes an operand relative to the instruction, with its type when it refers forward;
    /// gives its type and whether it referred forward.
    fn typed(
        &mut self,
        v: Value,
        vals: &mut Vec<u64>,
    ) -> Result<(TypeId, bool), super::error::WriteError> {
        let (id, t) = self.value(v, Use::Here)?;
        vals.push(self.rel(id));
        let forward = id >= self.next_val;
        if forward {
            vals.push(self.type_id(t)?);
        }
        Ok((t, forward))
    }

    /// Pushes an operand whose type the reader takes from elsewhere: it must be `want`.
    fn untyped(
        &mut self,
        v: Value,
        want: TypeId,
        what: &str,
        vals: &mut Vec<u64>,
    ) -> Result<(), super::error::WriteError> {
        let (id, t) = self.value(v, Use::Here)?;
        self.expect(what, t, want)?;
        vals.push(self.rel(id));
        Ok(())
    }

    /// Checks that the instruction's type is `want`.
    fn result(&self, inst: &Inst, want: TypeId) -> Result<(), super::error::WriteError> {
        self.expect("the result", inst.ty, want)
    }

    /// Checks that the instruction has no result.
    fn void(&self, inst: &Inst) -> Result<(), super::error::WriteError> {
        match self.m.types.get(inst.ty) {
            Some(Type::Void) => Ok(()),
            _ => Err(self.err(WriteErrorKind::BadType(format!(
                "a result of type {} where the instruction has none",
                self.ty_name(inst.ty)
            )))),
        }
    }

    fn bad(&self, why: String) -> super::error::WriteError {
        self.err(WriteErrorKind::BadType(why))
    }

    fn ordering(&self, o: Ordering) -> Result<u64, super::error::WriteError> {
        if o == Ordering::NotAtomic {
            return Err(self.err(WriteErrorKind::Unencodable(
                "an atomic operation that is not atomic".into(),
            )));
        }
        Ok(o.code())
    }

    /// Writes the record of `inst`.
    pub(super) fn inst(
        &mut self,
        out: &mut Out,
        inst: &Inst,
    ) -> Result<(), super::error::WriteError> {
        let mut v = std::mem::take(&mut self.s.vals);
        v.clear();
        let r = self.record(out, inst, &mut v);
        self.s.vals = v;
        r
    }

    fn record(
        &mut self,
        out: &mut Out,
        inst: &Inst,
        v: &mut Vec<u64>,
    ) -> Result<(), super::error::WriteError> {
        let m = self.m;
        let a = self.abbrevs;
        match &inst.kind {
            InstKind::Ret(None) => {
                self.void(inst)?;
                if !matches!(m.types.get(self.ret), Some(Type::Void)) {
                    return Err(self.bad(format!(
                        "ret void in a function returning {}",
                        self.ty_name(self.ret)
                    )));
                }
                out.abbreviated(RET_VOID_ABBREV, &a.ret_void, func::RET, v);
            }
            InstKind::Ret(Some(x)) => {
                self.void(inst)?;
                let (t, fwd) = self.typed(*x, v)?;
                self.expect("the value returned", t, self.ret)?;
                if fwd {
                    out.record(func::RET, v);
                } else {
                    out.abbreviated(RET_VAL_ABBREV, &a.ret_val, func::RET, v);
                }
            }
            InstKind::Br(b) => {
                self.void(inst)?;
                out.record(func::BR, &[u64::from(b.0)]);
            }
            InstKind::CondBr {
                cond,
                then,
                otherwise,
            } => {
                self.void(inst)?;
                v.extend([u64::from(then.0), u64::from(otherwise.0)]);
                let (id, t) = self.value(*cond, Use::Here)?;
                if !rules::bool_like(m, t, None) {
                    return Err(self.bad(format!("a branch on {}", self.ty_name(t))));
                }
                v.push(self.rel(id));
                out.record(func::BR, v);
            }
            InstKind::Switch {
                value,
                default,
                cases,
            } => {
                self.void(inst)?;
                let (id, t) = self.value(*value, Use::Here)?;
                if !matches!(m.types.get(t), Some(Type::Int(_))) {
                    return Err(self.bad(format!("a switch on {}", self.ty_name(t))));
                }
                v.extend([self.type_id(t)?, self.rel(id), u64::from(default.0)]);
                for (c, b) in cases {
                    let (cid, ct) = self.value(Value::Const(*c), Use::Here)?;
                    self.expect("a case value", ct, t)?;
                    v.extend([u64::from(cid), u64::from(b.0)]);
                }
                out.record(func::SWITCH, v);
            }
            InstKind::Unreachable => {
                self.void(inst)?;
                out.abbreviated(UNREACHABLE_ABBREV, &a.unreachable, func::UNREACHABLE, v);
            }
            InstKind::Binary {
                op,
                lhs,
                rhs,
                flags,
            } => {
                let (t, fwd) = self.typed(*lhs, v)?;
                self.untyped(*rhs, t, "the second operand", v)?;
                let fits = if op.is_float() {
                    rules::float_like(m, t)
                } else {
                    rules::int_like(m, t)
                };
                if !fits {
                    return Err(self.bad(format!("{} on {}", op.keyword(), self.ty_name(t))));
                }
                self.result(inst, t)?;
                v.push(op.bitcode());
                if *flags != 0 {
                    v.push(u64::from(*flags));
                }
                match (fwd, *flags != 0) {
                    (true, _) => out.record(func::BINOP, v),
                    (false, false) => out.abbreviated(BINOP_ABBREV, &a.binop, func::BINOP, v),
                    (false, true) => {
                        out.abbreviated(BINOP_FLAGS_ABBREV, &a.binop_flags, func::BINOP, v)
                    }
                }
            }
            InstKind::Cast { op, value } => {
                let (t, fwd) = self.typed(*value, v)?;
                if !rules::cast_ok(m, *op, t, inst.ty) {
                    return Err(self.bad(format!(
                        "{} from {} to {}",
                        op.keyword(),
                        self.ty_name(t),
                        self.ty_name(inst.ty)
                    )));
                }
                v.extend([self.type_id(inst.ty)?, op.code()]);
                if fwd {
                    out.record(func::CAST, v);
                } else {
                    out.abbreviated(CAST_ABBREV, &a.cast, func::CAST, v);
                }
            }
            InstKind::GetElementPtr {
                inbounds,
                source,
                operands,
            } => {
                v.extend([u64::from(*inbounds), self.type_id(*source)?]);
                let operands = self.body.values(*operands);
                let mut types = Vec::with_capacity(operands.len());
                for &x in operands {
                    types.push(self.typed(x, v)?.0);
                }
                let Some(&pt) = types.first() else {
                    return Err(self.bad("a getelementptr without a pointer".into()));
                };
                let Some((pointee, space, plen)) = rules::pointee(m, pt) else {
                    return Err(self.bad(format!("getelementptr on {}", self.ty_name(pt))));
                };
                self.expect("the pointer's pointee", pointee, *source)?;
                let reached = rules::gep_indexed(m, *source, operands.get(1..).unwrap_or(&[]))
                    .ok_or_else(|| {
                        self.bad("getelementptr indices that do not fit the type".into())
                    })?;
                let len = plen.or_else(|| types.iter().find_map(|&t| rules::scalar(m, t).1));
                if !rules::is_pointer_to(m, self.tt, inst.ty, reached, space, len) {
                    return Err(self.bad(format!(
                        "getelementptr of type {} reaching {}",
                        self.ty_name(inst.ty),
                        self.ty_name(reached)
                    )));
                }
                out.abbreviated(GEP_ABBREV, &a.gep, func::GEP, v);
            }
            InstKind::Load {
                ptr,
                align,
                volatile,
            } => {
                let (t, fwd) = self.typed(*ptr, v)?;
                match rules::pointee(m, t) {
                    Some((p, _, None)) => self.result(inst, p)?,
                    _ => return Err(self.bad(format!("a load from {}", self.ty_name(t)))),
                }
                v.extend([
                    self.type_id(inst.ty)?,
                    align_of(*align, || self.inst_place())?,
                    u64::from(*volatile),
                ]);
                if fwd {
                    out.record(func::LOAD, v);
                } else {
                    out.abbreviated(LOAD_ABBREV, &a.load, func::LOAD, v);
                }
            }
            InstKind::Store {
                ptr,
                value,
                align,
                volatile,
            } => {
                self.void(inst)?;
                let (pt, _) = self.typed(*ptr, v)?;
                let (t, _) = self.typed(*value, v)?;
                match rules::pointee(m, pt) {
                    Some((p, _, None)) => self.expect("the value stored", t, p)?,
                    _ => return Err(self.bad(format!("a store to {}", self.ty_name(pt)))),
                }
                v.extend([
                    align_of(*align, || self.inst_place())?,
                    u64::from(*volatile),
                ]);
                out.record(func::STORE, v);
            }
            InstKind::Alloca {
                allocated,
                count,
                align,
                inalloca,
            } => {
                let (id, ct) = self.value(*count, Use::Here)?;
                if !matches!(m.types.get(ct), Some(Type::Int(_))) {
                    return Err(self.bad(format!("an alloca count of type {}", self.ty_name(ct))));
                }
                if !rules::is_pointer_to(m, self.tt, inst.ty, *allocated, 0, None) {
                    return Err(self.bad(format!(
                        "an alloca of {} of type {}",
                        self.ty_name(*allocated),
                        self.ty_name(inst.ty)
                    )));
                }
                let a = align_of(*align, || self.inst_place())?;
                v.extend([
                    self.type_id(*allocated)?,
                    self.type_id(ct)?,
                    u64::from(id),
                    a | u64::from(*inalloca) << 5 | 1 << 6,
                ]);
                out.record(func::ALLOCA, v);
            }
            InstKind::Cmp {
                pred,
                lhs,
                rhs,
                flags,
            } => {
                let (t, _) = self.typed(*lhs, v)?;
                self.untyped(*rhs, t, "the second operand", v)?;
                let ok = if pred.is_int() {
                    rules::int_like(m, t) || rules::pointer_like(m, t)
                } else {
                    rules::float_like(m, t)
                };
                if !ok {
                    return Err(self.bad(format!(
                        "{} comparison of {}",
                        pred.keyword(),
                        self.ty_name(t)
                    )));
                }
                if !rules::bool_like(m, inst.ty, rules::scalar(m, t).1) {
                    return Err(self.bad(format!("a comparison of type {}", self.ty_name(inst.ty))));
                }
                v.push(pred.code());
                if *flags != 0 {
                    v.push(u64::from(*flags));
                }
                out.record(func::CMP2, v);
            }
            InstKind::Phi { incoming } => {
                v.push(self.type_id(inst.ty)?);
                for (x, b) in incoming {
                    let (id, t) = self.value(*x, Use::Edge(b.0))?;
                    self.expect("an incoming value", t, inst.ty)?;
                    let diff = i64::from(self.next_val as i32) - i64::from(id as i32);
                    v.extend([super::constants::signed(diff), u64::from(b.0)]);
                }
                out.record(func::PHI, v);
            }
            InstKind::Call(call) => self.call(out, inst, call, v)?,
            InstKind::Select {
                cond,
                then,
                otherwise,
            } => {
                let (t, _) = self.typed(*then, v)?;
                self.untyped(*otherwise, t, "the value when false", v)?;
                let (ct, _) = self.typed(*cond, v)?;
                if !rules::bool_like(m, ct, None) && !rules::bool_like(m, ct, rules::scalar(m, t).1)
                {
                    return Err(self.bad(format!("a select on {}", self.ty_name(ct))));
                }
                self.result(inst, t)?;
                out.record(func::VSELECT, v);
            }
            InstKind::ExtractValue { aggregate, indices } => {
                let (t, _) = self.typed(*aggregate, v)?;
                let reached = rules::aggregate_indexed(m, t, indices)
                    .filter(|_| !indices.is_empty())
                    .ok_or_else(|| {
                        self.bad(format!(
                            "extractvalue indices that do not fit {}",
                            self.ty_name(t)
                        ))
                    })?;
                self.result(inst, reached)?;
                v.extend(indices.iter().map(|&i| u64::from(i)));
                out.record(func::EXTRACTVAL, v);
            }
            InstKind::InsertValue {
                aggregate,
                value,
                indices,
            } => {
                let (t, _) = self.typed(*aggregate, v)?;
                let (vt, _) = self.typed(*value, v)?;
                let reached = rules::aggregate_indexed(m, t, indices)
                    .filter(|_| !indices.is_empty())
                    .ok_or_else(|| {
                        self.bad(format!(
                            "insertvalue indices that do not fit {}",
                            self.ty_name(t)
                        ))
                    })?;
                self.expect("the value inserted", vt, reached)?;
                self.result(inst, t)?;
                v.extend(indices.iter().map(|&i| u64::from(i)));
                out.record(func::INSERTVAL, v);
            }
            InstKind::ExtractElement { vector, index } => {
                let (t, _) = self.typed(*vector, v)?;
                let (it, _) = self.typed(*index, v)?;
                let (elem, len) = rules::scalar(m, t);
                if len.is_none() || !matches!(m.types.get(it), Some(Type::Int(_))) {
                    return Err(self.bad(format!("extractelement on {}", self.ty_name(t))));
                }
                self.result(inst, elem)?;
                out.record(func::EXTRACTELT, v);
            }
            InstKind::InsertElement {
                vector,
                element,
                index,
            } => {
                let (t, _) = self.typed(*vector, v)?;
                let (elem, len) = rules::scalar(m, t);
                if len.is_none() {
                    return Err(self.bad(format!("insertelement on {}", self.ty_name(t))));
                }
                self.untyped(*element, elem, "the element", v)?;
                let (it, _) = self.typed(*index, v)?;
                if !matches!(m.types.get(it), Some(Type::Int(_))) {
                    return Err(self.bad(format!("an element index of type {}", self.ty_name(it))));
                }
                self.result(inst, t)?;
                out.record(func::INSERTELT, v);
            }
            InstKind::ShuffleVector { a, b, mask } => {
                let (t, _) = self.typed(*a, v)?;
                self.untyped(*b, t, "the second vector", v)?;
                let Value::Const(_) = mask else {
                    return Err(self.bad("a shufflevector mask that is not a constant".into()));
                };
                let (mid, mt) = self.value(*mask, Use::Here)?;
                v.push(self.rel(mid));
                let (elem, len) = rules::scalar(m, t);
                let (_, mlen) = rules::scalar(m, mt);
                let ok = len.is_some()
                    && mlen.is_some()
                    && matches!(m.types.get(inst.ty), Some(Type::Vector { len: l, elem: e })
                        if Some(*l) == mlen && self.tt.same(*e, elem));
                if !ok {
                    return Err(self.bad(format!(
                        "a shufflevector of {} with a mask of {} as {}",
                        self.ty_name(t),
                        self.ty_name(mt),
                        self.ty_name(inst.ty)
                    )));
                }
                out.record(func::SHUFFLEVEC, v);
            }
            InstKind::AtomicRmw {
                op,
                ptr,
                value,
                volatile,
                ordering,
                single_thread,
            } => {
                let (pt, _) = self.typed(*ptr, v)?;
                let Some((p, _, None)) = rules::pointee(m, pt) else {
                    return Err(self.bad(format!("atomicrmw on {}", self.ty_name(pt))));
                };
                self.untyped(*value, p, "the operand", v)?;
                self.result(inst, p)?;
                v.extend([
                    op.code(),
                    u64::from(*volatile),
                    self.ordering(*ordering)?,
                    scope(*single_thread),
                ]);
                out.record(func::ATOMICRMW, v);
            }
            InstKind::CmpXchg {
                ptr,
                cmp,
                new,
                volatile,
                weak,
                success,
                failure,
                single_thread,
            } => {
                let (pt, _) = self.typed(*ptr, v)?;
                let (ct, _) = self.typed(*cmp, v)?;
                match rules::pointee(m, pt) {
                    Some((p, _, None)) => self.expect("the value compared", ct, p)?,
                    _ => return Err(self.bad(format!("cmpxchg on {}", self.ty_name(pt)))),
                }
                self.untyped(*new, ct, "the new value", v)?;
                if !rules::is_cmpxchg_result(m, self.tt, inst.ty, ct) {
                    return Err(self.bad(format!("a cmpxchg of type {}", self.ty_name(inst.ty))));
                }
                v.extend([
                    u64::from(*volatile),
                    self.ordering(*success)?,
                    scope(*single_thread),
                    self.ordering(*failure)?,
                    u64::from(*weak),
                ]);
                out.record(func::CMPXCHG, v);
            }
            InstKind::Fence {
                ordering,
                single_thread,
            } => {
                self.void(inst)?;
                v.extend([self.ordering(*ordering)?, scope(*single_thread)]);
                out.record(func::FENCE, v);
            }
        }
        Ok(())
    }

    fn call(
        &mut self,
        out: &mut Out,
        inst: &Inst,
        call: &Call,
        v: &mut Vec<u64>,
    ) -> Result<(), super::error::WriteError> {
        let m = self.m;
        if let Value::Function(f) = call.callee
            && m.function(f).is_none()
        {
            return Err(self.err(WriteErrorKind::UndeclaredFunction {
                id: f.0,
                count: m.functions.len() as u32,
            }));
        }
        let Some(Type::Function {
            ret,
            params,
            vararg,
        }) = m.types.get(call.fn_ty)
        else {
            return Err(self.bad(format!("a call through type {}", self.ty_name(call.fn_ty))));
        };
        if call.flags != 0 {
            return Err(self.err(WriteErrorKind::Unencodable(
                "fast-math flags on a call: LLVM 3.7's call record has no field for them".into(),
            )));
        }
        if call.cc >= 1 << 13 {
            return Err(self.err(WriteErrorKind::Unencodable(format!(
                "calling convention {}: LLVM 3.7's call record keeps 13 bits of it",
                call.cc
            ))));
        }
        let attrs = match call.attrs {
            None => 0,
            Some(a) if a.index() < m.attr_lists.len() => u64::from(a.0) + 1,
            Some(a) => {
                return Err(self.err(WriteErrorKind::OutOfRange {
                    what: "attribute list",
                    id: a.0.into(),
                    count: m.attr_lists.len() as u64,
                }));
            }
        };
        let tail = match call.tail {
            Tail::None => 0,
            Tail::Tail => 1,
            Tail::MustTail => 1 | 1 << 14,
        };
        v.extend([
            attrs,
            u64::from(call.cc) << 1 | tail | 1 << 15,
            self.type_id(call.fn_ty)?,
        ]);
        let (callee_ty, _) = self.typed(call.callee, v)?;
        let callee_ok = matches!(m.types.get(callee_ty), Some(Type::Pointer { pointee, .. })
            if self.tt.same(*pointee, call.fn_ty));
        if !callee_ok {
            return Err(self.bad(format!(
                "a call of a value of type {} through type {}",
                self.ty_name(callee_ty),
                self.ty_name(call.fn_ty)
            )));
        }
        let fixed = params.len();
        if call.args.len() < fixed || (!vararg && call.args.len() != fixed) {
            return Err(self.err(WriteErrorKind::ArgumentCount {
                expected: fixed,
                found: call.args.len(),
            }));
        }
        for (i, &a) in self.body.args(call).iter().enumerate() {
            match params.get(i) {
                Some(&p) => match a {
                    Value::Metadata(id) => {
                        if !matches!(m.types.get(p), Some(Type::Metadata)) {
                            let found = self.metadata_ty.unwrap_or(p);
                            return Err(self.err(WriteErrorKind::mismatch(
                                m,
                                &format!("argument {}", i + 1),
                                found,
                                p,
                            )));
                        }
                        let mid = self.md_id(id).ok_or_else(|| {
                            self.err(WriteErrorKind::OutOfRange {
                                what: "metadata",
                                id: id.0.into(),
                                count: m.metadata.items.len() as u64,
                            })
                        })?;
                        if let Some(crate::model::MdItem::Value {
                            value: Value::Inst(x),
                            ..
                        }) = m.metadata.get(id)
                        {
                            self.value(Value::Inst(*x), Use::Anywhere)?;
                        }
                        v.push(self.rel(mid));
                    }
                    _ if matches!(m.types.get(p), Some(Type::Label)) => {
                        return Err(self.err(WriteErrorKind::Unencodable(
                            "a label argument: LLVM 3.7 passes blocks only to inline assembly"
                                .into(),
                        )));
                    }
                    _ => {
                        let (id, t) = self.value(a, Use::Here)?;
                        if t != p {
                            // the message is made only when the types are not the same id
                            self.expect(&format!("argument {}", i + 1), t, p)?;
                        }
                        v.push(self.rel(id));
                    }
                },
                None => {
                    if let Value::Metadata(_) = a {
                        return Err(self.err(WriteErrorKind::MetadataOperand));
                    }
                    self.typed(a, v)?;
                }
            }
        }
        self.result(inst, *ret)?;
        out.record(func::CALL, v);
        Ok(())
    }
}
