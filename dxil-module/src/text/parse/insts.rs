//! Instructions: `[%x =] opcode operands [, align N] [, !kind !N]*`.

use super::function::Local;
use super::{AttrSpec, AttrTarget, PResult, Parser};
use crate::model::{
    Attachment, BinOp, BlockId, Call, CastOp, Inst, InstId, InstKind, Ordering, Predicate, RmwOp,
    Tail, Type, TypeId, Value,
};
use crate::text::lexer::{Kind, Token};

impl<'a> Parser<'_, 'a> {
    /// One instruction, added to the current block.
    pub(crate) fn instruction(&mut self) -> PResult<()> {
        let fs = self.fs_mut();
        let (insts, operands) = (fs.body.insts.len(), fs.body.operands.len());
        let r = self.instruction_at();
        // An instruction that could not be read leaves no operands behind.
        let fs = self.fs_mut();
        if r.is_err() && fs.body.insts.len() == insts {
            fs.body.operands.truncate(operands);
        }
        r
    }

    fn instruction_at(&mut self) -> PResult<()> {
        let start = self.tok;
        let name = if matches!(start.kind(), Kind::Local | Kind::LocalId) {
            self.bump();
            self.expect(Kind::Equal, "'=' after the name of a result")?;
            Some(start)
        } else {
            None
        };
        let op_tok = self.tok;
        if op_tok.kind() != Kind::Word {
            return self.expected("an instruction");
        }
        let mut attrs = AttrSpec::default();
        let (kind, ty) = self.inst_body(&mut attrs)?;
        let void = matches!(self.st.m.types.get(ty), Some(Type::Void));
        let fs_id = InstId(self.fs_mut().body.insts.len() as u32);
        let mut sym = None;
        match (name, void) {
            (Some(t), true) => {
                return Err(self.err_at(&t, "instructions returning void cannot have a name"));
            }
            (Some(t), false) => {
                sym = self.define_local(Some(&t), Local::Value(Value::Inst(fs_id), ty))?;
            }
            (None, false) => {
                self.define_local(None, Local::Value(Value::Inst(fs_id), ty))?;
            }
            (None, true) => {}
        }
        let terminator = kind.is_terminator();
        let func = self.fs_mut().func;
        if !attrs.is_empty() {
            self.st
                .attr_pending
                .push((AttrTarget::Call(func, fs_id), attrs));
        }
        let line = start.line();
        {
            let fs = self.fs_mut();
            fs.body.insts.push(Inst {
                kind,
                ty,
                name: sym,
                line,
            });
            // the block's run grows by the instruction (blocks' runs follow each other, as
            // instructions only go to the last block)
            if let Some(b) = fs.block
                && let Some(block) = fs.body.blocks.get_mut(b.index())
            {
                block.insts.len += 1;
            }
            if terminator {
                fs.block = None;
            }
        }
        self.attachments(fs_id)
    }

    fn fs_mut(&mut self) -> &mut super::function::FnState {
        // Instructions are only read inside a body, where the state exists.
        self.fs
            .get_or_insert_with(|| super::function::FnState::new(crate::model::FuncId(0)))
    }

    /// `, !kind !N` after an instruction.
    fn attachments(&mut self, id: InstId) -> PResult<()> {
        while self.tok.kind() == Kind::Comma {
            self.bump();
            let t = self.tok;
            if t.kind() != Kind::MdName {
                return self.expected("a metadata attachment ('!name !N')");
            }
            self.bump();
            let name = self.name(&t);
            let kind = self.md_kind(&name);
            let node = self.parse_md_node_ref(1)?;
            let func = self.fs_mut().func;
            if &*name == b"dbg" {
                let column = self.lx.column(t.start().saturating_sub(1));
                self.st.dbg_pending.push((func, id, node, t.line(), column));
            } else {
                self.fs_mut()
                    .body
                    .attachments
                    .push((id, Attachment { kind, node }));
            }
        }
        Ok(())
    }

    /// `, align N` if present (it may be followed by attachments).
    fn opt_align(&mut self) -> PResult<u32> {
        if self.tok.kind() != Kind::Comma {
            return Ok(0);
        }
        // Look at the token after the comma without losing it.
        let save_tok = self.tok;
        let save_lx = self.lx.clone();
        self.bump();
        if self.eat_word(b"align") {
            let a = self.expect_u32("an alignment")?;
            if a != 0 && !a.is_power_of_two() {
                return Err(self.err_at(&self.tok, "alignment is not a power of two"));
            }
            return Ok(a);
        }
        self.tok = save_tok;
        self.lx = save_lx;
        Ok(0)
    }

    fn void(&mut self) -> TypeId {
        self.st.m.types.void()
    }

    /// The instruction after an optional result name: its kind and result type.
    fn inst_body(&mut self, attrs: &mut AttrSpec) -> PResult<(InstKind, TypeId)> {
        let t = self.tok;
        let w = self.text(&t);
        self.bump();
        match w {
            b"ret" => {
                if self.eat_word(b"void") {
                    let v = self.void();
                    return Ok((InstKind::Ret(None), v));
                }
                let (_, v) = self.parse_typed_value(0)?;
                let void = self.void();
                Ok((InstKind::Ret(Some(v)), void))
            }
            b"br" => {
                let void = self.void();
                if self.is_word(b"label") {
                    let b = self.label_operand()?;
                    return Ok((InstKind::Br(b), void));
                }
                let i1 = self.st.m.types.int(1);
                let ty = self.parse_type(0)?;
                if ty != i1 {
                    return Err(self.err_at(&t, "branch condition must have type i1"));
                }
                let cond = self.parse_value(ty, 0)?;
                self.expect(Kind::Comma, "','")?;
                let then = self.label_operand()?;
                self.expect(Kind::Comma, "','")?;
                let otherwise = self.label_operand()?;
                Ok((
                    InstKind::CondBr {
                        cond,
                        then,
                        otherwise,
                    },
                    void,
                ))
            }
            b"switch" => self.switch(),
            b"unreachable" => {
                let v = self.void();
                Ok((InstKind::Unreachable, v))
            }
            b"tail" | b"musttail" | b"notail" => {
                let tail = match w {
                    b"tail" => Tail::Tail,
                    b"musttail" => Tail::MustTail,
                    _ => Tail::None,
                };
                self.expect_word("call")?;
                self.call(tail, attrs)
            }
            b"call" => self.call(Tail::None, attrs),
            b"getelementptr" => {
                let inbounds = self.eat_word(b"inbounds");
                let source = self.parse_type(0)?;
                self.expect(Kind::Comma, "',' after the source type of getelementptr")?;
                let mut typed = vec![self.parse_typed_value(0)?];
                while self.tok.kind() == Kind::Comma {
                    let save_tok = self.tok;
                    let save_lx = self.lx.clone();
                    self.bump();
                    if self.tok.kind() == Kind::MdName {
                        self.tok = save_tok;
                        self.lx = save_lx;
                        break;
                    }
                    typed.push(self.parse_typed_value(0)?);
                }
                let Some(ty) = self.gep_result(source, &typed) else {
                    return Err(self.err_at(&t, "invalid getelementptr indices"));
                };
                let values: Vec<Value> = typed.into_iter().map(|x| x.1).collect();
                let operands = self.add_operands(&values)?;
                Ok((
                    InstKind::GetElementPtr {
                        inbounds,
                        source,
                        operands,
                    },
                    ty,
                ))
            }
            b"load" => {
                if self.is_word(b"atomic") {
                    return Err(self.err_at(
                        &self.tok,
                        "atomic loads are not supported by the module model",
                    ));
                }
                let volatile = self.eat_word(b"volatile");
                let ty = self.parse_type(0)?;
                self.expect(Kind::Comma, "',' after the type of load")?;
                let (pty, ptr) = self.parse_typed_value(0)?;
                if self.st.m.types.pointee(pty) != Some(ty) {
                    return Err(self.err_at(
                        &t,
                        "explicit pointee type doesn't match operand's pointee type",
                    ));
                }
                let align = self.opt_align()?;
                Ok((
                    InstKind::Load {
                        ptr,
                        align,
                        volatile,
                    },
                    ty,
                ))
            }
            b"store" => {
                if self.is_word(b"atomic") {
                    return Err(self.err_at(
                        &self.tok,
                        "atomic stores are not supported by the module model",
                    ));
                }
                let volatile = self.eat_word(b"volatile");
                let (vty, value) = self.parse_typed_value(0)?;
                self.expect(Kind::Comma, "','")?;
                let (pty, ptr) = self.parse_typed_value(0)?;
                if self.st.m.types.pointee(pty) != Some(vty) {
                    return Err(self.err_at(&t, "stored value and pointer type do not match"));
                }
                let align = self.opt_align()?;
                let void = self.void();
                Ok((
                    InstKind::Store {
                        ptr,
                        value,
                        align,
                        volatile,
                    },
                    void,
                ))
            }
            b"alloca" => {
                let inalloca = self.eat_word(b"inalloca");
                let allocated = self.parse_type(0)?;
                let mut count = None;
                let mut align = 0;
                while self.tok.kind() == Kind::Comma {
                    let save_tok = self.tok;
                    let save_lx = self.lx.clone();
                    self.bump();
                    if self.eat_word(b"align") {
                        align = self.expect_u32("an alignment")?;
                    } else if self.tok.kind() == Kind::MdName {
                        self.tok = save_tok;
                        self.lx = save_lx;
                        break;
                    } else if count.is_none() {
                        count = Some(self.parse_typed_value(0)?.1);
                    } else {
                        return self.expected("'align' or a metadata attachment");
                    }
                }
                let count = match count {
                    Some(c) => c,
                    None => {
                        let i32_ty = self.st.m.types.int(32);
                        Value::Const(self.int_of(i32_ty, 32, 1))
                    }
                };
                let ty = self.st.m.types.pointer(allocated, 0);
                Ok((
                    InstKind::Alloca {
                        allocated,
                        count,
                        align,
                        inalloca,
                    },
                    ty,
                ))
            }
            b"icmp" | b"fcmp" => {
                let flags = if w == b"fcmp" { self.fast_math() } else { 0 };
                let pt = self.tok;
                let pw = std::str::from_utf8(self.text(&pt)).unwrap_or("");
                let pred = if w == b"icmp" {
                    Predicate::from_icmp_keyword(pw)
                } else {
                    Predicate::from_fcmp_keyword(pw)
                };
                let Some(pred) = pred.filter(|_| pt.kind() == Kind::Word) else {
                    return self.expected("a comparison predicate");
                };
                self.bump();
                let (ty, lhs) = self.parse_typed_value(0)?;
                self.expect(Kind::Comma, "','")?;
                let rhs = self.parse_value(ty, 0)?;
                let Some(result) = self.cmp_result(ty) else {
                    return Err(self.err_at(&t, "invalid comparison operand type"));
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
            b"phi" => {
                let ty = self.parse_type(0)?;
                let mut incoming = Vec::new();
                loop {
                    self.expect(Kind::LBracket, "'[' of a phi's incoming value")?;
                    let v = self.parse_value(ty, 0)?;
                    self.expect(Kind::Comma, "','")?;
                    let b = self.block_ref()?;
                    self.expect(Kind::RBracket, "']'")?;
                    incoming.push((v, b));
                    if self.tok.kind() != Kind::Comma {
                        break;
                    }
                    let save_tok = self.tok;
                    let save_lx = self.lx.clone();
                    self.bump();
                    if self.tok.kind() != Kind::LBracket {
                        self.tok = save_tok;
                        self.lx = save_lx;
                        break;
                    }
                }
                Ok((
                    InstKind::Phi {
                        incoming: incoming.into(),
                    },
                    ty,
                ))
            }
            b"select" => {
                let (cty, cond) = self.parse_typed_value(0)?;
                self.expect(Kind::Comma, "','")?;
                let (ty, then) = self.parse_typed_value(0)?;
                self.expect(Kind::Comma, "','")?;
                let (oty, otherwise) = self.parse_typed_value(0)?;
                if ty != oty {
                    return Err(self.err_at(&t, "select values must have the same type"));
                }
                let _ = cty;
                Ok((
                    InstKind::Select {
                        cond,
                        then,
                        otherwise,
                    },
                    ty,
                ))
            }
            b"extractvalue" => {
                let (aty, aggregate) = self.parse_typed_value(0)?;
                let indices = self.indices()?;
                let ty = self.indexed(aty, &indices, &t)?;
                Ok((
                    InstKind::ExtractValue {
                        aggregate,
                        indices: indices.into(),
                    },
                    ty,
                ))
            }
            b"insertvalue" => {
                let (aty, aggregate) = self.parse_typed_value(0)?;
                self.expect(Kind::Comma, "','")?;
                let (vty, value) = self.parse_typed_value(0)?;
                let indices = self.indices()?;
                if self.indexed(aty, &indices, &t)? != vty {
                    return Err(self.err_at(
                        &t,
                        "inserted value does not match the aggregate's element type",
                    ));
                }
                Ok((
                    InstKind::InsertValue {
                        aggregate,
                        value,
                        indices: indices.into(),
                    },
                    aty,
                ))
            }
            b"extractelement" => {
                let (vty, vector) = self.parse_typed_value(0)?;
                self.expect(Kind::Comma, "','")?;
                let (_, index) = self.parse_typed_value(0)?;
                let Some(Type::Vector { elem, .. }) = self.st.m.types.get(vty).cloned() else {
                    return Err(self.err_at(&t, "extractelement needs a vector"));
                };
                Ok((InstKind::ExtractElement { vector, index }, elem))
            }
            b"insertelement" => {
                let (vty, vector) = self.parse_typed_value(0)?;
                self.expect(Kind::Comma, "','")?;
                let (_, element) = self.parse_typed_value(0)?;
                self.expect(Kind::Comma, "','")?;
                let (_, index) = self.parse_typed_value(0)?;
                Ok((
                    InstKind::InsertElement {
                        vector,
                        element,
                        index,
                    },
                    vty,
                ))
            }
            b"shufflevector" => {
                let (aty, a) = self.parse_typed_value(0)?;
                self.expect(Kind::Comma, "','")?;
                let (_, b) = self.parse_typed_value(0)?;
                self.expect(Kind::Comma, "','")?;
                let (mty, mask) = self.parse_typed_value(0)?;
                let Some(ty) = self.shuffle_result(aty, mty) else {
                    return Err(self.err_at(&t, "invalid shufflevector operands"));
                };
                Ok((InstKind::ShuffleVector { a, b, mask }, ty))
            }
            b"atomicrmw" => {
                let volatile = self.eat_word(b"volatile");
                let ot = self.tok;
                let ow = std::str::from_utf8(self.text(&ot)).unwrap_or("");
                let Some(op) = RmwOp::from_keyword(ow).filter(|_| ot.kind() == Kind::Word) else {
                    return self.expected("an atomicrmw operation");
                };
                self.bump();
                let (_, ptr) = self.parse_typed_value(0)?;
                self.expect(Kind::Comma, "','")?;
                let (ty, value) = self.parse_typed_value(0)?;
                let single_thread = self.sync_scope()?;
                let ordering = self.ordering()?;
                self.opt_align()?;
                Ok((
                    InstKind::AtomicRmw {
                        op,
                        ptr,
                        value,
                        volatile,
                        ordering,
                        single_thread,
                    },
                    ty,
                ))
            }
            b"cmpxchg" => {
                let weak = self.eat_word(b"weak");
                let volatile = self.eat_word(b"volatile");
                let (_, ptr) = self.parse_typed_value(0)?;
                self.expect(Kind::Comma, "','")?;
                let (ty, cmp) = self.parse_typed_value(0)?;
                self.expect(Kind::Comma, "','")?;
                let (_, new) = self.parse_typed_value(0)?;
                let single_thread = self.sync_scope()?;
                let success = self.ordering()?;
                let failure = self.ordering()?;
                self.opt_align()?;
                let i1 = self.st.m.types.int(1);
                let result = self.st.m.types.intern(Type::Struct {
                    fields: vec![ty, i1],
                    packed: false,
                });
                Ok((
                    InstKind::CmpXchg {
                        ptr,
                        cmp,
                        new,
                        volatile,
                        weak,
                        success,
                        failure,
                        single_thread,
                    },
                    result,
                ))
            }
            b"fence" => {
                let single_thread = self.sync_scope()?;
                let ordering = self.ordering()?;
                let v = self.void();
                Ok((
                    InstKind::Fence {
                        ordering,
                        single_thread,
                    },
                    v,
                ))
            }
            _ => {
                let kw = std::str::from_utf8(w).unwrap_or("");
                if let Some(op) = BinOp::from_keyword(kw) {
                    let flags = self.binop_flags(op);
                    let (ty, lhs) = self.parse_typed_value(0)?;
                    self.expect(Kind::Comma, "','")?;
                    let rhs = self.parse_value(ty, 0)?;
                    return Ok((
                        InstKind::Binary {
                            op,
                            lhs,
                            rhs,
                            flags,
                        },
                        ty,
                    ));
                }
                if let Some(op) = CastOp::from_keyword(kw) {
                    let (_, value) = self.parse_typed_value(0)?;
                    self.expect_word("to")?;
                    let ty = self.parse_type(0)?;
                    return Ok((InstKind::Cast { op, value }, ty));
                }
                Err(self.err_at(
                    &t,
                    format!(
                        "expected an instruction opcode, found '{}'",
                        String::from_utf8_lossy(w)
                    ),
                ))
            }
        }
    }

    /// `singlethread` (or LLVM 14's `syncscope("singlethread")`, the one scope LLVM 3.7 has):
    /// whether the atomic is of a single thread.
    fn sync_scope(&mut self) -> PResult<bool> {
        if self.eat_word(b"singlethread") {
            return Ok(true);
        }
        if !self.eat_word(b"syncscope") {
            return Ok(false);
        }
        self.expect(Kind::LParen, "'(' of syncscope")?;
        let t = self.expect(Kind::Str, "the scope of syncscope")?;
        if &*self.string(&t) != b"singlethread" {
            return self.expected("\"singlethread\", the one scope LLVM 3.7 has");
        }
        self.expect(Kind::RParen, "')'")?;
        Ok(true)
    }

    fn ordering(&mut self) -> PResult<Ordering> {
        let t = self.tok;
        let w = std::str::from_utf8(self.text(&t)).unwrap_or("");
        match Ordering::from_keyword(w)
            .filter(|o| t.kind() == Kind::Word && *o != Ordering::NotAtomic)
        {
            Some(o) => {
                self.bump();
                Ok(o)
            }
            None => self.expected("an atomic ordering"),
        }
    }

    /// `, N, N...` of extractvalue/insertvalue.
    fn indices(&mut self) -> PResult<Vec<u32>> {
        let mut out = Vec::new();
        while self.tok.kind() == Kind::Comma {
            let save_tok = self.tok;
            let save_lx = self.lx.clone();
            self.bump();
            if self.tok.kind() != Kind::Int {
                self.tok = save_tok;
                self.lx = save_lx;
                break;
            }
            out.push(self.expect_u32("an index")?);
        }
        if out.is_empty() {
            return self.expected("an index");
        }
        Ok(out)
    }

    /// The type at `indices` inside aggregate type `ty`.
    fn indexed(&self, ty: TypeId, indices: &[u32], t: &Token) -> PResult<TypeId> {
        let mut cur = ty;
        for &i in indices {
            match self.st.m.types.get(cur) {
                Some(Type::Struct { .. } | Type::Named(_) | Type::Array { .. }) => {}
                _ => return Err(self.err_at(t, "invalid indices for an aggregate")),
            }
            cur = self
                .st
                .m
                .types
                .element(cur, u64::from(i))
                .ok_or_else(|| self.err_at(t, "invalid indices for an aggregate"))?;
        }
        Ok(cur)
    }

    fn switch(&mut self) -> PResult<(InstKind, TypeId)> {
        let (ty, value) = self.parse_typed_value(0)?;
        self.expect(Kind::Comma, "','")?;
        let default = self.label_operand()?;
        self.expect(Kind::LBracket, "'[' of the switch's cases")?;
        let mut cases: Vec<(crate::model::ConstId, BlockId)> = Vec::new();
        while !self.eat(Kind::RBracket) {
            let cty = self.parse_type(0)?;
            if cty != ty {
                return Err(self.err_at(&self.tok, "case value has the wrong type"));
            }
            let c = self.parse_constant(cty, 0)?;
            self.expect(Kind::Comma, "','")?;
            let b = self.label_operand()?;
            cases.push((c, b));
        }
        let void = self.void();
        Ok((
            InstKind::Switch {
                value,
                default,
                cases: cases.into(),
            },
            void,
        ))
    }

    /// `call` after its tail marker.
    fn call(&mut self, tail: Tail, attrs: &mut AttrSpec) -> PResult<(InstKind, TypeId)> {
        let flags = self.fast_math();
        let cc = self.calling_conv()?;
        attrs.ret = self.param_attrs()?;
        let written = self.parse_type(0)?;
        let callee_tok = self.tok;
        if callee_tok.kind() == Kind::Global {
            self.subject = Some(callee_tok);
        }
        let explicit_fn = matches!(self.st.m.types.get(written), Some(Type::Function { .. }));
        if !matches!(
            callee_tok.kind(),
            Kind::Global | Kind::GlobalId | Kind::Local | Kind::LocalId
        ) && !explicit_fn
        {
            return self.expected("a function ('@name') to call");
        }
        // The callee is resolved once the function type is known.
        let callee_pos = (self.tok, self.lx.clone());
        let deferred = matches!(
            callee_tok.kind(),
            Kind::Global | Kind::GlobalId | Kind::Local | Kind::LocalId
        );
        let early_callee = if deferred {
            self.bump();
            None
        } else {
            let ptr = self.st.m.types.pointer(written, 0);
            Some(self.parse_value(ptr, 0)?)
        };
        self.expect(Kind::LParen, "'(' of the call's arguments")?;
        // Gathered in buffers kept across calls; the call gets an exact copy.
        let mut args = std::mem::take(&mut self.st.args);
        let mut arg_types = std::mem::take(&mut self.st.arg_types);
        args.clear();
        arg_types.clear();
        let r = self.call_args(&mut args, &mut arg_types, attrs);
        let out = r.and_then(|()| {
            self.call_rest(
                tail,
                flags,
                cc,
                written,
                explicit_fn,
                callee_tok,
                callee_pos,
                early_callee,
                &args,
                &arg_types,
                attrs,
            )
        });
        self.st.args = args;
        self.st.arg_types = arg_types;
        out
    }

    /// The arguments of a call after `(`, through `)`.
    fn call_args(
        &mut self,
        args: &mut Vec<Value>,
        arg_types: &mut Vec<TypeId>,
        attrs: &mut AttrSpec,
    ) -> PResult<()> {
        if !self.eat(Kind::RParen) {
            loop {
                let ty = self.parse_type(0)?;
                let pa = self.param_attrs()?;
                if !pa.is_empty() {
                    if attrs.params.len() <= args.len() {
                        attrs.params.resize(args.len() + 1, Vec::new());
                    }
                    attrs.params[args.len()] = pa;
                }
                let v = self.parse_value(ty, 0)?;
                args.push(v);
                arg_types.push(ty);
                if self.eat(Kind::RParen) {
                    break;
                }
                if !self.eat(Kind::Comma) {
                    return self.expected("',' or ')' in the call's arguments");
                }
            }
        }
        Ok(())
    }

    /// The rest of a call after its arguments.
    #[allow(clippy::too_many_arguments)]
    fn call_rest(
        &mut self,
        tail: Tail,
        flags: u8,
        cc: u32,
        written: TypeId,
        explicit_fn: bool,
        callee_tok: Token,
        callee_pos: (Token, crate::text::lexer::Lexer<'a>),
        early_callee: Option<Value>,
        args: &[Value],
        arg_types: &[TypeId],
        attrs: &mut AttrSpec,
    ) -> PResult<(InstKind, TypeId)> {
        let fn_attrs_tok = self.tok;
        self.fn_attrs(attrs)?;
        if self.tok.kind() == Kind::LBracket {
            return Err(self.err_at(
                &self.tok,
                "operand bundles are not supported by the module model",
            ));
        }
        let _ = fn_attrs_tok;
        let cacheable = !explicit_fn && early_callee.is_none() && callee_tok.kind() == Kind::Global;
        if cacheable
            && let Some(site) = self.st.call_sites.get(self.text(&callee_tok)).copied()
            && site.ret == written
            && matches!(
                self.st.m.types.get(site.fn_ty),
                Some(Type::Function { params, vararg: false, .. }) if params == arg_types
            )
        {
            return Ok((
                self.call_kind(site.callee, site.fn_ty, args, cc, tail, flags)?,
                site.ret,
            ));
        }
        let fn_ty = if explicit_fn {
            let Some(Type::Function { params, vararg, .. }) = self.st.m.types.get(written).cloned()
            else {
                return self.expected("a function type");
            };
            let fits = if vararg {
                arg_types.len() >= params.len() && params.iter().zip(arg_types).all(|(a, b)| a == b)
            } else {
                params == arg_types
            };
            if !fits {
                let e = self.err_at(
                    &callee_tok,
                    "the arguments do not match the function type of the call",
                );
                self.st.problem(e)?;
            }
            written
        } else {
            self.function_type(written, arg_types, false)
        };
        let ret = self.st.m.types.function_ret(fn_ty).unwrap_or(written);
        let callee = match early_callee {
            Some(c) => c,
            None => {
                let after = (self.tok, self.lx.clone());
                self.tok = callee_pos.0;
                self.lx = callee_pos.1;
                let ptr = self.pointer_type(fn_ty, 0);
                let problems = self.st.problems.len();
                let v = match callee_tok.kind() {
                    Kind::Global | Kind::GlobalId => self.global_value(ptr),
                    _ => self.local_value(ptr),
                };
                self.tok = after.0;
                self.lx = after.1;
                let v = v?;
                // A call whose callee was found with the type of the call, without a
                // problem, is the guide to the next calls of the function.
                if cacheable && self.st.problems.len() == problems && ret == written {
                    let site = super::CallSite {
                        callee: v,
                        fn_ty,
                        ret,
                    };
                    let text = self.text(&callee_tok);
                    match self.st.call_sites.get_mut(text) {
                        Some(s) => *s = site,
                        None => {
                            self.st.call_sites.insert(text.into(), site);
                        }
                    }
                }
                v
            }
        };
        Ok((self.call_kind(callee, fn_ty, args, cc, tail, flags)?, ret))
    }

    /// A call, its arguments added to the body's operands.
    fn call_kind(
        &mut self,
        callee: Value,
        fn_ty: TypeId,
        args: &[Value],
        cc: u32,
        tail: Tail,
        flags: u8,
    ) -> PResult<InstKind> {
        Ok(InstKind::Call(Call {
            callee,
            fn_ty,
            args: self.add_operands(args)?,
            attrs: None,
            cc,
            tail,
            flags,
        }))
    }

    /// Adds an operand list to the body.
    fn add_operands(&mut self, values: &[Value]) -> PResult<crate::model::Operands> {
        match self.fs_mut().body.add_operands(values) {
            Some(ops) => Ok(ops),
            None => Err(self.err_at(&self.tok, "too many operands in one function")),
        }
    }

    /// A calling convention, if written (`ccc`, `fastcc`, `coldcc`, `cc N`).
    pub(crate) fn calling_conv(&mut self) -> PResult<u32> {
        if self.tok.kind() != Kind::Word {
            return Ok(0);
        }
        if self.is_word(b"cc") {
            self.bump();
            return self.expect_u32("a calling convention number");
        }
        // Every calling convention's word ends with `cc` (most words here are types).
        let w = self.text(&self.tok);
        if !w.ends_with(b"cc") {
            return Ok(0);
        }
        let Some(cc) = crate::text::special::value_of(crate::text::special::CALLING_CONVS, w)
        else {
            return Ok(0);
        };
        let cc = cc as u32;
        self.bump();
        Ok(cc)
    }
}
