//! Function bodies: local names and numbers, blocks, forward references (resolved when the
//! function ends), and recovery at the next instruction for the lenient reader.

use super::{PENDING, PResult, Parser};
use crate::hash::Map;
use crate::model::{BlockId, Body, ConstKind, FuncId, InstId, MdId, MdItem, Sym, TypeId, Value};
use crate::text::error::TextError;
use crate::text::lexer::{Kind, Token};

/// What a local name or number stands for.
#[derive(Clone, Copy)]
pub(crate) enum Local {
    Value(Value, TypeId),
    Block(BlockId),
}

/// A use of a local name or number not defined yet.
struct Forward {
    /// The type it was used with; `None` for a block.
    ty: Option<TypeId>,
    what: String,
    line: u32,
    column: u32,
    resolved: Option<Local>,
}

/// The state of the function whose body is being read.
pub(crate) struct FnState {
    pub func: FuncId,
    pub body: Body,
    /// What each name stands for, by the name's position among the module's symbols (an
    /// array, not a map: a use is one load), and the positions set, to clear them.
    names: Vec<Option<Local>>,
    named: Vec<u32>,
    numbered: Vec<Option<Local>>,
    forward: Vec<Forward>,
    forward_names: Map<Sym, u32>,
    forward_numbers: Map<u32, u32>,
    pub next_slot: u32,
    /// Metadata items that hold local values (`metadata float %x`).
    pub local_md: Vec<MdId>,
    /// The block instructions go to (the last one; its run of the body's instructions ends
    /// with the last instruction read); `None` after a terminator.
    pub block: Option<BlockId>,
}

impl FnState {
    pub(crate) fn new(func: FuncId) -> FnState {
        FnState {
            func,
            body: Body::default(),
            names: Vec::new(),
            named: Vec::new(),
            numbered: Vec::new(),
            forward: Vec::new(),
            forward_names: Map::default(),
            forward_numbers: Map::default(),
            next_slot: 0,
            local_md: Vec::new(),
            block: None,
        }
    }

    /// The state for another function, keeping the memory of this one's tables.
    pub(crate) fn reuse(mut self, func: FuncId) -> FnState {
        self.func = func;
        self.body.arg_names.clear();
        self.body.blocks.clear();
        self.body.insts.clear();
        self.body.operands.clear();
        self.body.attachments.clear();
        self.body.debug_locs.clear();
        self.body.fn_attachments = Vec::new();
        for &i in &self.named {
            if let Some(slot) = self.names.get_mut(i as usize) {
                *slot = None;
            }
        }
        self.named.clear();
        self.numbered.clear();
        self.forward.clear();
        self.forward_names.clear();
        self.forward_numbers.clear();
        self.next_slot = 0;
        self.local_md.clear();
        self.block = None;
        self
    }
}

impl FnState {
    /// Sets what `sym` stands for; what it stood for before, if anything.
    fn define_name(&mut self, sym: Sym, local: Local) -> Option<Local> {
        let i = sym.index();
        if self.names.len() <= i {
            self.names.resize(i + 1, None);
        }
        let slot = self.names.get_mut(i)?;
        let before = slot.replace(local);
        if before.is_none() {
            self.named.push(i as u32);
        }
        before
    }
}

fn local_text(name: Option<&[u8]>, number: Option<u32>) -> String {
    match (name, number) {
        (Some(n), _) => format!("%{}", String::from_utf8_lossy(n)),
        (None, Some(n)) => format!("%{n}"),
        _ => "%?".to_owned(),
    }
}

impl Parser<'_, '_> {
    fn fs(&mut self) -> PResult<&mut FnState> {
        let t = self.tok;
        match self.fs.as_mut() {
            Some(fs) => Ok(fs),
            None => Err(TextError {
                line: t.line(),
                column: self.lx.column(t.start().saturating_sub(1)),
                message: "a local value outside a function body".to_owned(),
            }),
        }
    }

    /// What a local name or number stands for, if it is defined.
    fn find_local(&mut self, sym: Option<Sym>, number: Option<u32>) -> PResult<Option<Local>> {
        let fs = self.fs()?;
        Ok(match (sym, number) {
            (Some(s), _) => fs.names.get(s.index()).copied().flatten(),
            (None, Some(n)) => fs.numbered.get(n as usize).copied().flatten(),
            _ => None,
        })
    }

    /// The local value the current token names, of type `ty`.
    pub(crate) fn local_value(&mut self, ty: TypeId) -> PResult<Value> {
        let t = self.tok;
        self.bump();
        let (sym, number) = self.local_key(&t)?;
        let found = self.find_local(sym, number)?;
        match found {
            Some(Local::Value(v, actual)) => {
                if actual != ty {
                    let msg = format!(
                        "'{}' defined with type '{}' but expected '{}'",
                        self.local_name(&t),
                        self.type_name(actual),
                        self.type_name(ty)
                    );
                    let e = self.err_at(&t, msg);
                    self.st.problem(e)?;
                }
                Ok(v)
            }
            Some(Local::Block(_)) => Err(self.err_at(
                &t,
                format!("'{}' is a block, not a value", self.local_name(&t)),
            )),
            None => {
                let k = self.forward(&t, sym, number, Some(ty))?;
                Ok(Value::Inst(InstId(PENDING | k)))
            }
        }
    }

    /// The block `label %x` names (after `label`).
    pub(crate) fn block_ref(&mut self) -> PResult<BlockId> {
        let t = self.tok;
        if !matches!(t.kind(), Kind::Local | Kind::LocalId) {
            return self.expected("a block ('%name')");
        }
        self.bump();
        let (sym, number) = self.local_key(&t)?;
        let found = self.find_local(sym, number)?;
        match found {
            Some(Local::Block(b)) => Ok(b),
            Some(Local::Value(..)) => Err(self.err_at(
                &t,
                format!("'{}' is a value, not a block", self.local_name(&t)),
            )),
            None => {
                let k = self.forward(&t, sym, number, None)?;
                Ok(BlockId(PENDING | k))
            }
        }
    }

    /// `label %x`.
    pub(crate) fn label_operand(&mut self) -> PResult<BlockId> {
        self.expect_word("label")?;
        self.block_ref()
    }

    fn local_name(&self, t: &Token) -> String {
        let name = self.name(t);
        if t.kind() == Kind::LocalId || t.kind() == Kind::LabelId {
            format!("%{}", String::from_utf8_lossy(&name))
        } else {
            local_text(Some(&name), None)
        }
    }

    fn local_key(&mut self, t: &Token) -> PResult<(Option<Sym>, Option<u32>)> {
        if matches!(t.kind(), Kind::LocalId | Kind::LabelId) {
            Ok((None, Some(self.u32_of(t)?)))
        } else {
            let name = self.name(t);
            Ok((Some(self.sym(&name)?), None))
        }
    }

    fn forward(
        &mut self,
        t: &Token,
        sym: Option<Sym>,
        number: Option<u32>,
        ty: Option<TypeId>,
    ) -> PResult<u32> {
        let what = self.local_name(t);
        let column = self.lx.column(t.start().saturating_sub(1));
        let line = t.line();
        let fs = self.fs()?;
        let existing = match (sym, number) {
            (Some(s), _) => fs.forward_names.get(&s).copied(),
            (None, Some(n)) => fs.forward_numbers.get(&n).copied(),
            _ => None,
        };
        if let Some(k) = existing {
            let before = fs.forward.get(k as usize).and_then(|f| f.ty);
            if before != ty {
                let msg = match (before, ty) {
                    (Some(a), Some(b)) => format!(
                        "'{what}' used with type '{}' and with type '{}'",
                        self.type_name(a),
                        self.type_name(b)
                    ),
                    _ => format!("'{what}' used both as a value and as a block"),
                };
                let e = self.err_at(t, msg);
                self.st.problem(e)?;
            }
            return Ok(k);
        }
        let k = fs.forward.len() as u32;
        if k >= PENDING {
            return Err(self.err_at(t, "too many forward references"));
        }
        fs.forward.push(Forward {
            ty,
            what,
            line,
            column,
            resolved: None,
        });
        match (sym, number) {
            (Some(s), _) => {
                fs.forward_names.insert(s, k);
            }
            (None, Some(n)) => {
                fs.forward_numbers.insert(n, k);
            }
            _ => {}
        }
        Ok(k)
    }

    /// Defines a local name or number (`t` is its token, or `None` for an unnamed value that
    /// takes the next number).
    pub(crate) fn define_local(&mut self, t: Option<&Token>, local: Local) -> PResult<Option<Sym>> {
        let (sym, number) = match t {
            Some(t) => self.local_key(t)?,
            None => (None, Some(self.fs()?.next_slot)),
        };
        if let (None, Some(n)) = (sym, number) {
            let expected = self.fs()?.next_slot;
            if n != expected {
                let what = if matches!(local, Local::Block(_)) {
                    "label"
                } else {
                    "instruction"
                };
                let e = self.err_at(
                    t.unwrap_or(&self.tok),
                    format!("{what} expected to be numbered '%{expected}'"),
                );
                self.st.problem(e)?;
            }
            let fs = self.fs()?;
            fs.next_slot = n.saturating_add(1);
            let i = n as usize;
            if fs.numbered.len() <= i {
                if i > fs.numbered.len() + (1 << 20) {
                    return Err(self.err_at(t.unwrap_or(&self.tok), "value number too large"));
                }
                fs.numbered.resize(i + 1, None);
            }
            if fs.numbered[i].is_some() {
                let tok = *t.unwrap_or(&self.tok);
                return Err(self.err_at(&tok, format!("redefinition of '%{n}'")));
            }
            fs.numbered[i] = Some(local);
            // (Most functions refer to nothing before its definition: no hashing then.)
            if !fs.forward_numbers.is_empty()
                && let Some(k) = fs.forward_numbers.remove(&n)
            {
                self.resolve_forward(k, local, t)?;
            }
            return Ok(None);
        }
        let Some(sym) = sym else {
            return Ok(None);
        };
        let fs = self.fs()?;
        if fs.define_name(sym, local).is_some() {
            let tok = *t.unwrap_or(&self.tok);
            let msg = format!("redefinition of '{}'", self.local_name(&tok));
            return Err(self.err_at(&tok, msg));
        }
        if !fs.forward_names.is_empty()
            && let Some(k) = fs.forward_names.remove(&sym)
        {
            self.resolve_forward(k, local, t)?;
        }
        Ok(Some(sym))
    }

    fn resolve_forward(&mut self, k: u32, local: Local, t: Option<&Token>) -> PResult<()> {
        let fs = self.fs()?;
        let Some(f) = fs.forward.get_mut(k as usize) else {
            return Ok(());
        };
        f.resolved = Some(local);
        let mismatch = match (f.ty, local) {
            (Some(want), Local::Value(_, have)) if want != have => Some((want, have)),
            (Some(_), Local::Block(_)) | (None, Local::Value(..)) => {
                let what = f.what.clone();
                let tok = *t.unwrap_or(&self.tok);
                return Err(self.err_at(&tok, format!("'{what}' used as a value and a block")));
            }
            _ => None,
        };
        if let Some((want, have)) = mismatch {
            let what = fs.forward[k as usize].what.clone();
            let tok = *t.unwrap_or(&self.tok);
            let msg = format!(
                "'{what}' defined with type '{}' but expected '{}'",
                self.type_name(have),
                self.type_name(want)
            );
            let e = self.err_at(&tok, msg);
            self.st.problem(e)?;
        }
        Ok(())
    }

    /// Starts a block (labelled by `t`, or unnamed).
    pub(crate) fn start_block(&mut self, t: Option<&Token>) -> PResult<()> {
        let id = BlockId(self.fs()?.body.blocks.len() as u32);
        let name = match t {
            Some(t) if t.kind() == Kind::LabelId => {
                self.define_local(Some(t), Local::Block(id))?;
                None
            }
            Some(t) => self.define_local(Some(t), Local::Block(id))?,
            None => {
                self.define_local(None, Local::Block(id))?;
                None
            }
        };
        let fs = self.fs()?;
        let start = fs.body.insts.len() as u32;
        fs.body.blocks.push(crate::model::Block {
            name,
            insts: crate::model::Run { start, len: 0 },
        });
        fs.block = Some(id);
        Ok(())
    }

    /// The body after `{`, through `}`.
    pub(crate) fn function_body(&mut self) -> PResult<()> {
        loop {
            let t = self.tok;
            match t.kind() {
                Kind::RBrace => {
                    if self.fs()?.block.is_some() || self.fs()?.body.blocks.is_empty() {
                        let e = self.err_at(
                            &t,
                            "expected an instruction (the last block has no terminator)",
                        );
                        self.st.problem(e)?;
                    }
                    self.bump();
                    return self.end_function();
                }
                Kind::Eof => {
                    let e = self.err_at(&t, "expected '}' at the end of the function body");
                    self.st.problem(e)?;
                    return self.end_function();
                }
                Kind::Label | Kind::LabelId => {
                    if self.fs()?.block.is_some() {
                        let e = self
                            .err_at(&t, "expected an instruction (the block has no terminator)");
                        self.st.problem(e)?;
                    }
                    self.bump();
                    if let Err(e) = self.start_block(Some(&t)) {
                        self.st.problem(e)?;
                    }
                }
                Kind::Word if self.st.lenient && self.starts_top_level() => {
                    let e = self.err_at(&t, "expected '}' at the end of the function body");
                    self.st.problem(e)?;
                    return self.end_function();
                }
                _ => {
                    if self.fs()?.block.is_none() {
                        self.start_block(None)?;
                    }
                    self.subject = None;
                    let start = self.lx.clone();
                    if let Err(mut e) = self.instruction() {
                        if !self.st.lenient {
                            return Err(e);
                        }
                        // left open: the instruction goes on past its line and fails there
                        let open = e.line > t.line() || self.tok.kind() == Kind::Eof;
                        // An instruction left open (an operand list without its ')') is
                        // reported on its own line, where it ends, not on the next one.
                        if self.tok.first()
                            && self.tok.line() > t.line()
                            && e.line == self.tok.line()
                        {
                            e.line = self.prev.0;
                            e.column = self.lx.column(self.prev.1) + 1;
                        }
                        let subject = self.subject.take().map(|s| {
                            let name = self.name(&s).into_owned().into_boxed_slice();
                            (crate::text::SkippedKind::Call, name)
                        });
                        self.st.skipped(e, subject, t.line(), open);
                        // Recover at the next line that starts an instruction after this one's
                        // first line, whatever the failed reading took (a string left open
                        // takes every line up to the next quote).
                        self.lx = start;
                        self.lx.skip_line();
                        self.bump();
                        self.recover_in_body(t.line());
                    }
                }
            }
        }
    }

    /// Whether the current token starts a top-level entity (a function body lost its `}`).
    pub(crate) fn starts_top_level(&self) -> bool {
        self.tok.first()
            && matches!(
                self.text(&self.tok),
                b"define" | b"declare" | b"attributes" | b"target" | b"source_filename"
            )
    }

    /// Skips to the next line that starts an instruction, a label or the end of the body.
    fn recover_in_body(&mut self, start_line: u32) {
        if !(self.tok.first() && self.tok.line() > start_line) {
            self.lx.skip_line();
            self.bump();
        }
        loop {
            let t = self.tok;
            let ok = match t.kind() {
                Kind::Eof | Kind::RBrace | Kind::Label | Kind::LabelId => true,
                Kind::Local | Kind::LocalId => t.first(),
                Kind::Word => t.first(),
                Kind::MdName | Kind::Excl | Kind::Global => t.first(),
                _ => false,
            };
            if ok && t.first() || t.kind() == Kind::Eof {
                return;
            }
            self.lx.skip_line();
            self.bump();
        }
    }

    /// Resolves the forward references of the function and stores its body.
    fn end_function(&mut self) -> PResult<()> {
        let Some(mut fs) = self.fs.take() else {
            return Ok(());
        };
        if fs.block.is_some() || fs.body.blocks.is_empty() {
            // The last block has no terminator: the problem was reported; keep what was read.
            fs.block = None;
        }
        let mut values: Vec<Value> = Vec::with_capacity(fs.forward.len());
        let mut blocks: Vec<BlockId> = Vec::with_capacity(fs.forward.len());
        for f in &fs.forward {
            match f.resolved {
                Some(Local::Value(v, _)) => {
                    values.push(v);
                    blocks.push(BlockId(0));
                }
                Some(Local::Block(b)) => {
                    values.push(Value::Arg(0));
                    blocks.push(b);
                }
                None => {
                    let e = TextError {
                        line: f.line,
                        column: f.column,
                        message: if f.ty.is_some() {
                            format!("use of undefined value '{}'", f.what)
                        } else {
                            format!("use of undefined label '{}'", f.what)
                        },
                    };
                    self.st.problem(e)?;
                    let v = match f.ty {
                        Some(ty) => {
                            Value::Const(self.st.m.constants.intern(crate::model::Constant {
                                ty,
                                kind: ConstKind::Undef,
                            }))
                        }
                        None => Value::Arg(0),
                    };
                    values.push(v);
                    blocks.push(BlockId(0));
                }
            }
        }
        let undefined = |v: Value| match v {
            Value::Inst(InstId(i)) if i & PENDING != 0 => fs
                .forward
                .get((i & !PENDING) as usize)
                .filter(|f| f.resolved.is_none()),
            _ => None,
        };
        if self.st.lenient && fs.forward.iter().any(|f| f.resolved.is_none()) {
            // which operands name a local never defined (they become `undef`)
            for (i, inst) in fs.body.insts.iter().enumerate() {
                let mut k = 0u32;
                fs.body.for_each_operand(&inst.kind, |v| {
                    if let Some(f) = undefined(v) {
                        self.st.undefined.push(crate::text::Undefined {
                            function: fs.func,
                            inst: InstId(i as u32),
                            operand: k,
                            name: f.what.as_str().into(),
                        });
                    }
                    k += 1;
                });
            }
        }
        if !fs.forward.is_empty() {
            let fix_value = |v: &mut Value| {
                if let Value::Inst(InstId(i)) = *v
                    && i & PENDING != 0
                    && let Some(&r) = values.get((i & !PENDING) as usize)
                {
                    *v = r;
                }
            };
            let fix_block = |b: &mut BlockId| {
                if b.0 & PENDING != 0
                    && let Some(&r) = blocks.get((b.0 & !PENDING) as usize)
                {
                    *b = r;
                }
            };
            fs.body.remap_operands(fix_value, fix_block);
            for &md in &fs.local_md {
                if let Some(MdItem::Value { value, .. }) =
                    self.st.m.metadata.items.get_mut(md.index())
                {
                    fix_value(value);
                }
            }
        }
        let func = fs.func;
        // The body gets lists of its exact size; the state keeps the memory of its own for
        // the next function.
        let b = &mut fs.body;
        let body = Body {
            arg_names: exact(&mut b.arg_names),
            blocks: exact(&mut b.blocks),
            insts: exact(&mut b.insts),
            operands: exact(&mut b.operands),
            attachments: exact(&mut b.attachments),
            debug_locs: exact(&mut b.debug_locs),
            fn_attachments: std::mem::take(&mut b.fn_attachments),
            symtab_order: Vec::new(),
        };
        if let Some(f) = self.st.m.functions.get_mut(func.index()) {
            f.body = Some(body);
        }
        self.spare = Some(fs);
        Ok(())
    }
}

/// The items of `v` in a list of their exact size, leaving `v` empty with its memory.
fn exact<T>(v: &mut Vec<T>) -> Vec<T> {
    let mut out = Vec::with_capacity(v.len());
    out.append(v);
    out
}
