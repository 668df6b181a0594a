//! A function body's `FUNCTION_BLOCK`: the block count, the body's own constants, its
//! function-local metadata, the instructions (each followed by its debug location), the
//! symbol table of its arguments, results and blocks, and the metadata attachments.
//!
//! Values are numbered after the module's: the arguments, the body's constants, then the
//! result of each instruction that has one, in block order. An operand is written relative
//! to the number of the instruction that uses it; a forward reference (the number is not
//! smaller) carries its type, except in a `phi`, whose operands are signed.

use super::codes::{FUNCTION_BLOCK, METADATA_ATTACHMENT_BLOCK, METADATA_BLOCK, func, md};
use super::constants::{self, Numbering};
use super::dominance::{Dominators, each_target};
use super::error::{Place, WriteError, WriteErrorKind};
use super::metadata::{self, MdNumbers};
use super::module::{Entry, FnAbbrevs, ModuleIds, function_place, symtab};
use super::stream::Out;
use super::types::TypeTable;
use super::values::{ConstTable, NONE};
use crate::model::{
    Body, DebugLoc, FuncId, Function, InstId, InstKind, MdId, MdItem, Module, Type, TypeId, Value,
};

/// Buffers kept from one function body to the next.
pub(super) struct Scratch {
    pub local: ConstTable,
    /// Per instruction: its value number, or [`NONE`].
    val: Vec<u32>,
    /// Per instruction: its position in block order, or [`NONE`] when no block holds it.
    pos: Vec<u32>,
    /// Per instruction: its block.
    block: Vec<u32>,
    /// The function-local metadata items in the order of their numbers.
    local_md: Vec<MdId>,
    pub vals: Vec<u64>,
}

impl Scratch {
    pub(super) fn new(m: &Module) -> Scratch {
        Scratch {
            local: ConstTable::new(m),
            val: Vec::new(),
            pos: Vec::new(),
            block: Vec::new(),
            local_md: Vec::new(),
            vals: Vec::with_capacity(64),
        }
    }
}

/// Where a value is used, for the check that it is defined there.
#[derive(Clone, Copy)]
pub(super) enum Use {
    /// By the instruction being written (not a `phi`).
    Here,
    /// By a `phi`, on the edge from this block.
    Edge(u32),
    /// Where any value of the function may be: a metadata attachment, a local metadata item.
    Anywhere,
}

/// The state of one function body being written.
pub(super) struct Fn<'a> {
    pub m: &'a Module,
    pub tt: &'a TypeTable,
    pub module: &'a ModuleIds<'a>,
    pub md: &'a MdNumbers,
    pub abbrevs: &'a FnAbbrevs,
    pub f: FuncId,
    pub body: &'a Body,
    pub params: &'a [TypeId],
    pub ret: TypeId,
    pub first_arg: u32,
    pub first_local: u32,
    pub s: &'a mut Scratch,
    dom: Option<Dominators>,
    /// The instruction being written: its id, position, block and value number.
    pub cur: InstId,
    pub cur_pos: u32,
    pub cur_block: u32,
    pub next_val: u32,
    pub metadata_ty: Option<TypeId>,
}

impl Numbering for Fn<'_> {
    #[inline]
    fn id(&self, v: Value) -> Option<u32> {
        match v {
            Value::Const(c) => match self.s.local.position(c) {
                Some(p) => Some(self.first_local + p),
                None => self.module.id(v),
            },
            Value::Arg(n) => ((n as usize) < self.params.len()).then_some(self.first_arg + n),
            Value::Inst(i) => self.s.val.get(i.index()).copied().filter(|&x| x != NONE),
            Value::Metadata(_) => None,
            _ => self.module.id(v),
        }
    }

    #[inline]
    fn type_of(&self, v: Value) -> Option<TypeId> {
        match v {
            Value::Arg(n) => self.params.get(n as usize).copied(),
            Value::Inst(i) => self.body.inst(i).map(|x| x.ty),
            Value::Metadata(_) => self.metadata_ty,
            _ => self.module.type_of(v),
        }
    }
}

impl Fn<'_> {
    /// An error at the instruction being written.
    #[cold]
    pub(super) fn err(&self, kind: WriteErrorKind) -> WriteError {
        let name = self
            .m
            .function(self.f)
            .and_then(|f| f.name)
            .map(|s| self.m.symbols.lossy(s).into_owned());
        let (opcode, line) = self
            .body
            .inst(self.cur)
            .map_or(("?", 0), |i| (i.kind.opcode_name(), i.line));
        WriteError::new(
            Place::Instruction {
                function: self.f.0,
                name,
                position: self.cur_pos,
                inst: self.cur.0,
                opcode,
                line,
            },
            kind,
        )
    }

    /// An error at the function.
    #[cold]
    fn fn_err(&self, kind: WriteErrorKind) -> WriteError {
        WriteError::new(function_place(self.m, self.f.index()), kind)
    }

    pub(super) fn ty_name(&self, t: TypeId) -> String {
        crate::text::type_string(self.m, t)
    }

    /// The number and type of an operand, after checking that it exists and is defined
    /// where it is used.
    pub(super) fn value(&mut self, v: Value, at: Use) -> Result<(u32, TypeId), WriteError> {
        if let Value::Inst(i) = v {
            self.check_defined(i, at)?;
        }
        match (self.id(v), self.type_of(v)) {
            (Some(id), Some(t)) => Ok((id, t)),
            _ => Err(self.err(self.missing(v))),
        }
    }

    /// Why an operand has no number.
    #[cold]
    fn missing(&self, v: Value) -> WriteErrorKind {
        let range = |what, id: u32, count: usize| WriteErrorKind::OutOfRange {
            what,
            id: id.into(),
            count: count as u64,
        };
        match v {
            Value::Global(g) => range("global", g.0, self.m.globals.len()),
            Value::Function(f) => range("function", f.0, self.m.functions.len()),
            Value::Const(c) => range("constant", c.0, self.m.constants.len()),
            Value::Arg(n) => range("argument", n, self.params.len()),
            Value::Inst(i) => match self.body.inst(i) {
                None => range("instruction", i.0, self.body.insts.len()),
                Some(_) if self.s.pos.get(i.index()) == Some(&NONE) => {
                    WriteErrorKind::NotInBlock(i.0)
                }
                Some(_) => WriteErrorKind::VoidOperand(i.0),
            },
            Value::Metadata(_) => WriteErrorKind::MetadataOperand,
        }
    }

    /// Checks that the result of `i` is defined where it is used.
    fn check_defined(&mut self, i: InstId, at: Use) -> Result<(), WriteError> {
        let (Some(&dpos), Some(&dblock)) = (self.s.pos.get(i.index()), self.s.block.get(i.index()))
        else {
            return Ok(()); // out of range: reported by `missing`
        };
        if dpos == NONE {
            return Ok(());
        }
        let ublock = match at {
            Use::Anywhere => return Ok(()),
            Use::Here if dblock == self.cur_block => {
                if dpos < self.cur_pos {
                    return Ok(());
                }
                return Err(self.err(WriteErrorKind::UseBeforeDefinition { defined_at: dpos }));
            }
            Use::Here => self.cur_block,
            Use::Edge(b) => b,
        };
        if dblock == ublock {
            return Ok(());
        }
        let dom = self.dom.get_or_insert_with(|| Dominators::new(self.body));
        if !dom.reachable(ublock) || dom.dominates(dblock, ublock) {
            return Ok(());
        }
        Err(self.err(WriteErrorKind::UseBeforeDefinition { defined_at: dpos }))
    }

    /// The number of a metadata operand: a module item, or a function-local one numbered
    /// after the module's.
    pub(super) fn md_id(&self, id: MdId) -> Option<u32> {
        self.md.get(id).or_else(|| {
            self.s
                .local_md
                .iter()
                .position(|&l| l == id)
                .map(|p| self.md.count + p as u32)
        })
    }

    /// Checks that `found` is `expected`.
    pub(super) fn expect(
        &self,
        what: &str,
        found: TypeId,
        expected: TypeId,
    ) -> Result<(), WriteError> {
        self.tt
            .check_same(self.m, what, found, expected)
            .map_err(|k| self.err(k))
    }

    /// A type's bitcode id.
    pub(super) fn type_id(&self, t: TypeId) -> Result<u64, WriteError> {
        match self.tt.ids.get(t.index()) {
            Some(&id) => Ok(u64::from(id)),
            None => Err(self.err(WriteErrorKind::OutOfRange {
                what: "type",
                id: t.0.into(),
                count: self.tt.ids.len() as u64,
            })),
        }
    }

    /// Places the instructions: their positions and blocks, checking the shape of each block,
    /// and enumerates the body's constants.
    fn place(&mut self) -> Result<(), WriteError> {
        let body = self.body;
        let n = body.insts.len();
        for buf in [&mut self.s.val, &mut self.s.pos, &mut self.s.block] {
            buf.clear();
            buf.resize(n, NONE);
        }
        if body.blocks.is_empty() {
            return Err(self.fn_err(WriteErrorKind::BadBody("a function body without blocks")));
        }
        let mut position = 0u32;
        let module_consts = self.module.consts;
        self.s.local.reset();
        let nblocks = body.blocks.len();
        for (b, block) in body.blocks.iter().enumerate() {
            if block.insts.is_empty() {
                return Err(self.fn_err(WriteErrorKind::BadBody("an empty block")));
            }
            let mut phis_done = false;
            for (k, id) in block.inst_ids().enumerate() {
                self.cur = id;
                self.cur_pos = position;
                let Some(inst) = body.inst(id) else {
                    return Err(self.fn_err(WriteErrorKind::OutOfRange {
                        what: "instruction",
                        id: id.0.into(),
                        count: n as u64,
                    }));
                };
                if self.s.pos[id.index()] != NONE {
                    return Err(self.err(WriteErrorKind::PlacedTwice(id.0)));
                }
                self.s.pos[id.index()] = position;
                self.s.block[id.index()] = b as u32;
                position += 1;
                let last = k + 1 == block.insts.len();
                if inst.kind.is_terminator() != last {
                    return Err(self.err(WriteErrorKind::BadBody(if last {
                        "a block that does not end in a terminator"
                    } else {
                        "a terminator before the end of its block"
                    })));
                }
                if matches!(inst.kind, InstKind::Phi { .. }) {
                    if phis_done {
                        return Err(self.err(WriteErrorKind::BadBody(
                            "a phi after other instructions of its block",
                        )));
                    }
                } else {
                    phis_done = true;
                }
                let mut bad_block = None;
                each_target(&inst.kind, |t| {
                    if t as usize >= nblocks {
                        bad_block = Some(t);
                    }
                });
                if let Some(t) = bad_block {
                    return Err(self.err(WriteErrorKind::OutOfRange {
                        what: "block",
                        id: t.into(),
                        count: nblocks as u64,
                    }));
                }
                let mut result = Ok(());
                let m = self.m;
                let local = &mut self.s.local;
                let place = || Place::Module;
                self.body.for_each_operand(&inst.kind, |v| {
                    if let (Value::Const(c), Ok(())) = (v, &result) {
                        result = local.add(m, c, Some(module_consts), &place);
                    }
                });
                result.map_err(|e| WriteError::new(self.inst_place(), e.kind().clone()))?;
            }
        }
        self.s.local.order(self.m, self.tt);
        Ok(())
    }

    pub(super) fn inst_place(&self) -> Place {
        self.err(WriteErrorKind::LocalValue).place().clone()
    }

    /// Numbers the results of the instructions, after the body's constants.
    fn number(&mut self) -> Result<(), WriteError> {
        let mut next = self.first_local + self.s.local.list.len() as u32;
        for (pos, (id, inst)) in self.body.iter().enumerate() {
            self.cur = id;
            self.cur_pos = pos as u32;
            let void = matches!(self.m.types.get(inst.ty), Some(Type::Void));
            if !void {
                self.s.val[id.index()] = next;
                next += 1;
            } else if inst.name.is_some() {
                return Err(self.err(WriteErrorKind::BadName(
                    "a name on an instruction without a result".into(),
                )));
            }
        }
        Ok(())
    }

    /// The function-local metadata the calls use, in order.
    fn local_metadata(&mut self) {
        self.s.local_md.clear();
        for (_, inst) in self.body.iter() {
            if let InstKind::Call(call) = &inst.kind {
                for &a in self.body.args(call) {
                    if let Value::Metadata(id) = a
                        && self.md.get(id).is_none()
                        && matches!(self.m.metadata.get(id), Some(i) if i.is_local())
                        && !self.s.local_md.contains(&id)
                    {
                        self.s.local_md.push(id);
                    }
                }
            }
        }
    }
}

/// Writes the body of function `f`.
#[allow(clippy::too_many_arguments)]
pub(super) fn write(
    out: &mut Out,
    m: &Module,
    tt: &TypeTable,
    module: &ModuleIds<'_>,
    md: &MdNumbers,
    abbrevs: &FnAbbrevs,
    f: FuncId,
    func: &Function,
    body: &Body,
    s: &mut Scratch,
    metadata_ty: Option<TypeId>,
) -> Result<(), WriteError> {
    let (params, ret) = match m.types.get(func.ty) {
        Some(Type::Function { params, ret, .. }) => (params.as_slice(), *ret),
        _ => (&[][..], func.ty),
    };
    if body.arg_names.len() > params.len() {
        return Err(WriteError::new(
            function_place(m, f.index()),
            WriteErrorKind::BadName(format!(
                "{} argument names for {} parameters",
                body.arg_names.len(),
                params.len()
            )),
        ));
    }
    let first_arg = module.count();
    let mut w = Fn {
        m,
        tt,
        module,
        md,
        abbrevs,
        f,
        body,
        params,
        ret,
        first_arg,
        first_local: first_arg + params.len() as u32,
        s,
        dom: None,
        cur: InstId(0),
        cur_pos: 0,
        cur_block: 0,
        next_val: 0,
        metadata_ty,
    };
    w.place()?;
    w.number()?;
    w.local_metadata();
    out.enter(FUNCTION_BLOCK, 4);
    out.record(func::DECLAREBLOCKS, &[body.blocks.len() as u64]);
    let list = std::mem::take(&mut w.s.local.list);
    let written = constants::write(out, m, tt, &w, &list, false, 0);
    w.s.local.list = list;
    written?;
    w.local_metadata_block(out)?;
    w.instructions(out)?;
    w.symtab(out)?;
    w.attachments(out)?;
    out.exit();
    Ok(())
}

impl Fn<'_> {
    fn local_metadata_block(&mut self, out: &mut Out) -> Result<(), WriteError> {
        if self.s.local_md.is_empty() {
            return Ok(());
        }
        out.enter(METADATA_BLOCK, 3);
        let mut v = Vec::with_capacity(2);
        for i in 0..self.s.local_md.len() {
            let id = self.s.local_md[i];
            if let Some(MdItem::Value { ty, value }) = self.m.metadata.get(id) {
                v.clear();
                if let Value::Inst(x) = value {
                    self.check_defined(*x, Use::Anywhere)?;
                }
                metadata::value_record(
                    self.m,
                    self.tt,
                    self,
                    *ty,
                    *value,
                    &mut v,
                    Place::Metadata(id.0),
                )?;
                out.record(md::VALUE, &v);
            }
        }
        out.exit();
        Ok(())
    }

    fn instructions(&mut self, out: &mut Out) -> Result<(), WriteError> {
        let body = self.body;
        let mut locs = body.debug_locs.iter().peekable();
        let sorted_locs = body
            .debug_locs
            .windows(2)
            .all(|w| self.s.pos.get(w[0].0.index()) < self.s.pos.get(w[1].0.index()));
        let mut last: Option<DebugLoc> = None;
        self.next_val = self.first_local + self.s.local.list.len() as u32;
        let mut pos = 0u32;
        for (b, block) in body.blocks.iter().enumerate() {
            for id in block.inst_ids() {
                let Some(inst) = body.inst(id) else { continue };
                self.cur = id;
                self.cur_pos = pos;
                self.cur_block = b as u32;
                self.inst(out, inst)?;
                if self.s.val[id.index()] != NONE {
                    self.next_val += 1;
                }
                pos += 1;
                let loc = if sorted_locs {
                    while locs
                        .next_if(|(i, _)| {
                            self.s.pos.get(i.index()).is_some_and(|&p| p < self.cur_pos)
                        })
                        .is_some()
                    {}
                    locs.next_if(|(i, _)| *i == id).map(|(_, l)| *l)
                } else {
                    body.debug_locs
                        .iter()
                        .find(|(i, _)| *i == id)
                        .map(|(_, l)| *l)
                };
                if let Some(loc) = loc {
                    self.debug_loc(out, loc, &mut last)?;
                }
            }
        }
        Ok(())
    }

    fn debug_loc(
        &mut self,
        out: &mut Out,
        loc: DebugLoc,
        last: &mut Option<DebugLoc>,
    ) -> Result<(), WriteError> {
        if *last == Some(loc) {
            out.record(func::DEBUG_LOC_AGAIN, &[]);
            return Ok(());
        }
        let node = |id: Option<MdId>, required: bool| -> Result<u64, WriteError> {
            let Some(id) = id else {
                return if required {
                    Err(self.err(WriteErrorKind::BadMetadata(
                        "a debug location without a scope",
                    )))
                } else {
                    Ok(0)
                };
            };
            match (self.m.metadata.get(id), self.md.get(id)) {
                (Some(MdItem::Node { .. } | MdItem::Special { .. }), Some(n)) => {
                    Ok(u64::from(n) + 1)
                }
                (None, _) => Err(self.err(WriteErrorKind::OutOfRange {
                    what: "metadata",
                    id: id.0.into(),
                    count: self.m.metadata.items.len() as u64,
                })),
                _ => Err(self.err(WriteErrorKind::BadMetadata(
                    "a debug location whose scope or inlined-at location is not a node",
                ))),
            }
        };
        let vals = [
            u64::from(loc.line),
            u64::from(loc.col),
            node(loc.scope, true)?,
            node(loc.inlined_at, false)?,
        ];
        out.record(func::DEBUG_LOC, &vals);
        *last = Some(loc);
        Ok(())
    }

    fn symtab(&mut self, out: &mut Out) -> Result<(), WriteError> {
        let m = self.m;
        let named = |s: Option<crate::model::Sym>| s.filter(|&s| !m.symbols.bytes(s).is_empty());
        let mut entries: Vec<Entry> = Vec::new();
        for (i, name) in self.body.arg_names.iter().enumerate() {
            if let Some(name) = named(*name) {
                entries.push(Entry {
                    name,
                    id: self.first_arg + i as u32,
                    block: false,
                });
            }
        }
        for (id, inst) in self.body.iter() {
            if let Some(name) = named(inst.name) {
                entries.push(Entry {
                    name,
                    id: self.s.val[id.index()],
                    block: false,
                });
            }
        }
        for (b, block) in self.body.blocks.iter().enumerate() {
            if let Some(name) = named(block.name) {
                entries.push(Entry {
                    name,
                    id: b as u32,
                    block: true,
                });
            }
        }
        let f = self.f;
        let order = &self.body.symtab_order;
        symtab(out, m, &mut entries, order, || function_place(m, f.index()))
    }

    fn attachments(&mut self, out: &mut Out) -> Result<(), WriteError> {
        let body = self.body;
        if body.fn_attachments.is_empty() && body.attachments.is_empty() {
            return Ok(());
        }
        let kind_ok = |k: u32| self.m.metadata.kinds.iter().any(|x| x.id == k);
        let node = |n: MdId| match (self.m.metadata.get(n), self.md.get(n)) {
            (Some(MdItem::Node { .. } | MdItem::Special { .. }), Some(id)) => Some(u64::from(id)),
            _ => None,
        };
        let bad = |what: &'static str| WriteErrorKind::BadMetadata(what);
        let mut v: Vec<u64> = Vec::with_capacity(16);
        for a in &body.fn_attachments {
            if !kind_ok(a.kind) {
                return Err(self.fn_err(bad("an attachment of a kind the module does not declare")));
            }
            let n =
                node(a.node).ok_or_else(|| self.fn_err(bad("an attachment that is not a node")))?;
            v.extend([u64::from(a.kind), n]);
        }
        // the instructions' attachments grouped by instruction, in block order
        let mut order: Vec<(u32, usize)> = Vec::with_capacity(body.attachments.len());
        for (k, (i, _)) in body.attachments.iter().enumerate() {
            match self.s.pos.get(i.index()) {
                Some(&p) if p != NONE => order.push((p, k)),
                Some(_) => {}
                None => {
                    return Err(self.fn_err(WriteErrorKind::OutOfRange {
                        what: "instruction",
                        id: i.0.into(),
                        count: body.insts.len() as u64,
                    }));
                }
            }
        }
        order.sort_unstable();
        out.enter(METADATA_ATTACHMENT_BLOCK, 3);
        if !v.is_empty() {
            out.record(md::ATTACHMENT, &v);
        }
        let mut k = 0;
        while k < order.len() {
            let p = order[k].0;
            v.clear();
            v.push(u64::from(p));
            while k < order.len() && order[k].0 == p {
                let (id, a) = body.attachments[order[k].1];
                self.cur = id;
                self.cur_pos = p;
                if !kind_ok(a.kind) {
                    return Err(
                        self.err(bad("an attachment of a kind the module does not declare"))
                    );
                }
                let n = node(a.node)
                    .ok_or_else(|| self.err(bad("an attachment that is not a node")))?;
                v.extend([u64::from(a.kind), n]);
                k += 1;
            }
            out.record(md::ATTACHMENT, &v);
        }
        out.exit();
        Ok(())
    }
}
