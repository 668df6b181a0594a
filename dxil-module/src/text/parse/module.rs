//! The top level: the header lines, struct type definitions, global variables, functions,
//! attribute groups and metadata; references to globals before their definitions; and the
//! end of the module, where what was referred to before being defined is resolved.

use super::function::{FnState, Local};
use super::{AttrTarget, GlobalEntry, GlobalRef, PResult, Parser, State};
use crate::hash::Map;
use crate::model::{
    Attr, AttrGroup, AttrList, AttrListId, DebugLoc, FuncId, Function, Global, GlobalId,
    GlobalProps, Linkage, MdId, MdItem, Type, TypeId, Value,
};
use crate::text::error::TextError;
use crate::text::lexer::{Kind, Token};

impl Parser<'_, '_> {
    /// Reads top-level entities to the end of the piece.
    pub(crate) fn top_level(&mut self) -> PResult<()> {
        loop {
            let t = self.tok;
            if t.kind() == Kind::Eof {
                return Ok(());
            }
            self.subject = None;
            if let Err(e) = self.entity() {
                if !self.st.lenient {
                    return Err(e);
                }
                let open = e.line > t.line() || self.tok.kind() == Kind::Eof;
                let subject = self.subject.take().map(|s| {
                    let name = self.name(&s).into_owned().into_boxed_slice();
                    (crate::text::SkippedKind::Declaration, name)
                });
                self.st.skipped(e, subject, t.line(), open);
                self.fs = None;
                self.recover_top(t.line());
            }
        }
    }

    fn entity(&mut self) -> PResult<()> {
        let t = self.tok;
        match t.kind() {
            Kind::Word => {
                let w = self.text(&t);
                self.bump();
                match w {
                    b"source_filename" => {
                        self.expect(Kind::Equal, "'='")?;
                        let s = self.expect(Kind::Str, "a string")?;
                        self.st.m.source_filename =
                            Some(String::from_utf8_lossy(&self.string(&s)).into_owned());
                    }
                    b"target" => {
                        let which = self.tok;
                        if !(self.eat_word(b"datalayout") || self.eat_word(b"triple")) {
                            return self.expected("'datalayout' or 'triple'");
                        }
                        self.expect(Kind::Equal, "'='")?;
                        let s = self.expect(Kind::Str, "a string")?;
                        let v = String::from_utf8_lossy(&self.string(&s)).into_owned();
                        if self.text(&which) == b"triple" {
                            self.st.m.triple = Some(v);
                        } else {
                            self.st.m.datalayout = Some(v);
                        }
                    }
                    b"module" => {
                        self.expect_word("asm")?;
                        let s = self.expect(Kind::Str, "a string")?;
                        let line = String::from_utf8_lossy(&self.string(&s)).into_owned();
                        let asm = self.st.m.asm.get_or_insert_with(String::new);
                        if self.st.seen_module_asm {
                            asm.push('\n');
                        }
                        asm.push_str(&line);
                        self.st.seen_module_asm = true;
                    }
                    b"declare" => self.function(false)?,
                    b"define" => self.function(true)?,
                    b"attributes" => self.attr_group_definition()?,
                    _ => {
                        return Err(self.err_at(
                            &t,
                            format!(
                                "expected a top-level entity, found '{}'",
                                String::from_utf8_lossy(w)
                            ),
                        ));
                    }
                }
            }
            Kind::Local | Kind::LocalId => {
                self.bump();
                self.expect(Kind::Equal, "'=' after a type name")?;
                self.type_definition(&t)?;
            }
            Kind::Global | Kind::GlobalId => {
                self.bump();
                self.expect(Kind::Equal, "'=' after a global's name")?;
                self.global_definition(&t)?;
            }
            Kind::Comdat => {
                self.bump();
                self.expect(Kind::Equal, "'='")?;
                self.expect_word("comdat")?;
                let sel = self.tok;
                let selection = match self.text(&sel) {
                    b"any" => 1,
                    b"exactmatch" => 2,
                    b"largest" => 3,
                    b"noduplicates" | b"nodeduplicate" => 4,
                    b"samesize" => 5,
                    _ => return self.expected("a comdat selection kind"),
                };
                self.bump();
                let name = self.name(&t).into_owned().into_boxed_slice();
                self.st
                    .m
                    .comdats
                    .push(crate::model::Comdat { name, selection });
            }
            Kind::MdName => {
                self.bump();
                self.expect(Kind::Equal, "'='")?;
                self.named_md(&t)?;
            }
            Kind::Excl => {
                self.bump();
                let n = self.expect(Kind::Int, "the number of a metadata node")?;
                self.expect(Kind::Equal, "'='")?;
                self.md_definition(&n)?;
            }
            _ => return self.expected("a top-level entity"),
        }
        Ok(())
    }

    /// Skips to the next line that starts a top-level entity.
    fn recover_top(&mut self, start_line: u32) {
        if !(self.tok.first() && self.tok.line() > start_line) {
            self.lx.skip_line();
            self.bump();
        }
        loop {
            let t = self.tok;
            let ok = t.kind() == Kind::Eof
                || (t.first()
                    && match t.kind() {
                        Kind::Word => matches!(
                            self.text(&t),
                            b"define"
                                | b"declare"
                                | b"attributes"
                                | b"target"
                                | b"source_filename"
                                | b"module"
                        ),
                        Kind::Local
                        | Kind::LocalId
                        | Kind::Global
                        | Kind::GlobalId
                        | Kind::MdName
                        | Kind::Excl
                        | Kind::Comdat => true,
                        _ => false,
                    });
            if ok {
                return;
            }
            self.lx.skip_line();
            self.bump();
        }
    }

    fn global_entry(
        &mut self,
        t: &Token,
    ) -> PResult<(Option<crate::model::Sym>, Option<u32>, Option<GlobalEntry>)> {
        if t.kind() == Kind::GlobalId {
            let n = self.u32_of(t)?;
            Ok((None, Some(n), self.st.numbered_globals.get(&n).copied()))
        } else {
            let name = self.name(t);
            let sym = self.sym(&name)?;
            Ok((Some(sym), None, self.st.globals.get(&sym).copied()))
        }
    }

    fn global_text(&self, t: &Token) -> String {
        format!("@{}", String::from_utf8_lossy(&self.name(t)))
    }

    /// The type of a global value as a value (a pointer).
    fn global_type(&self, r: GlobalRef) -> Option<TypeId> {
        match r {
            GlobalRef::Func(f) => self.st.m.function(f).map(|f| f.ptr_ty),
            GlobalRef::Var(g) => self.st.m.global(g).map(|g| g.ptr_ty),
        }
    }

    /// The global value the current token names, of type `ty` (a forward reference when it
    /// is not defined yet).
    pub(crate) fn global_value(&mut self, ty: TypeId) -> PResult<Value> {
        let t = self.tok;
        self.bump();
        let cached = match t.kind() {
            Kind::Global => self.st.global_by_text.get(self.text(&t)).copied(),
            _ => None,
        };
        let (sym, number, entry) = match cached {
            Some(r) => (
                None,
                None,
                Some(GlobalEntry {
                    r,
                    defined: true,
                    line: 0,
                    column: 0,
                }),
            ),
            None => self.global_entry(&t)?,
        };
        if let (Some(e), None, Kind::Global) = (entry, cached, t.kind()) {
            self.st.global_by_text.insert(self.text(&t).into(), e.r);
        }
        let r = match entry {
            Some(e) => {
                let actual = self.global_type(e.r);
                if actual != Some(ty) {
                    let msg = format!(
                        "'{}' defined with type '{}' but expected '{}'",
                        self.global_text(&t),
                        actual.map_or("?".to_owned(), |a| self.type_name(a)),
                        self.type_name(ty)
                    );
                    let e = self.err_at(&t, msg);
                    self.st.problem(e)?;
                }
                e.r
            }
            None => {
                let r = self.placeholder(sym, ty, &t)?;
                self.set_global(&t, sym, number, r, false);
                if t.kind() == Kind::Global {
                    self.st.global_by_text.insert(self.text(&t).into(), r);
                }
                r
            }
        };
        Ok(match r {
            GlobalRef::Func(f) => Value::Function(f),
            GlobalRef::Var(g) => Value::Global(g),
        })
    }

    /// A function or global variable made for a reference before its definition.
    fn placeholder(
        &mut self,
        name: Option<crate::model::Sym>,
        ty: TypeId,
        t: &Token,
    ) -> PResult<GlobalRef> {
        let Some(Type::Pointer { pointee, addrspace }) = self.st.m.types.get(ty).cloned() else {
            return Err(self.err_at(t, "a global value must have a pointer type"));
        };
        if matches!(self.st.m.types.get(pointee), Some(Type::Function { .. })) {
            let id = FuncId(self.st.m.functions.len() as u32);
            self.st
                .m
                .functions
                .push(Function::declaration(name, pointee, ty));
            self.st.func_seq.push(u32::MAX);
            Ok(GlobalRef::Func(id))
        } else {
            let id = GlobalId(self.st.m.globals.len() as u32);
            self.st.m.globals.push(Global {
                name,
                value_ty: pointee,
                ptr_ty: ty,
                addrspace,
                constant: false,
                init: None,
                thread_local: 0,
                externally_initialized: false,
                props: GlobalProps::default(),
            });
            self.st.global_seq.push(u32::MAX);
            Ok(GlobalRef::Var(id))
        }
    }

    /// The name or number `t` defines, and the entry of the forward reference to it if there
    /// is one (then marked defined; a new entity is recorded by the caller with
    /// `set_global`).
    fn define_global(
        &mut self,
        t: &Token,
        function: bool,
    ) -> PResult<(Option<crate::model::Sym>, Option<u32>, Option<GlobalEntry>)> {
        let (sym, number, entry) = self.global_entry(t)?;
        if let Some(n) = number {
            let expected = self.st.next_global_number;
            if n != expected {
                let e = self.err_at(t, format!("variable expected to be numbered '@{expected}'"));
                self.st.problem(e)?;
            }
            self.st.next_global_number = n.saturating_add(1);
        }
        let seq = self.st.seq;
        self.st.seq += 1;
        match entry {
            Some(e) if e.defined => Err(self.err_at(
                t,
                format!("redefinition of global '{}'", self.global_text(t)),
            )),
            Some(e) => {
                // The global referred to before may get another type: the calls seen so far
                // are no guide to the next ones.
                self.st.call_sites.clear();
                let same_kind = matches!(
                    (e.r, function),
                    (GlobalRef::Func(_), true) | (GlobalRef::Var(_), false)
                );
                if !same_kind {
                    return Err(self.err_at(
                        t,
                        format!(
                            "'{}' is used as a {} but defined as a {}",
                            self.global_text(t),
                            if function { "variable" } else { "function" },
                            if function { "function" } else { "variable" }
                        ),
                    ));
                }
                let entry = GlobalEntry { defined: true, ..e };
                match (sym, number) {
                    (Some(s), _) => self.st.globals.insert(s, entry),
                    (None, Some(n)) => self.st.numbered_globals.insert(n, entry),
                    _ => None,
                };
                match e.r {
                    GlobalRef::Func(f) => self.st.func_seq[f.index()] = seq,
                    GlobalRef::Var(g) => self.st.global_seq[g.index()] = seq,
                }
                Ok((sym, number, Some(e)))
            }
            None => Ok((sym, number, None)),
        }
    }

    /// Records what the global name or number of `t` stands for.
    fn set_global(
        &mut self,
        t: &Token,
        sym: Option<crate::model::Sym>,
        number: Option<u32>,
        r: GlobalRef,
        defined: bool,
    ) {
        let column = self.lx.column(t.start().saturating_sub(1));
        let entry = GlobalEntry {
            r,
            defined,
            line: t.line(),
            column,
        };
        match (sym, number) {
            (Some(s), _) => {
                self.st.globals.insert(s, entry);
            }
            (None, Some(n)) => {
                self.st.numbered_globals.insert(n, entry);
            }
            _ => {}
        }
    }

    /// Linkage, visibility, DLL storage, `dso_local`, in any order LLVM allows.
    fn global_props(&mut self) -> (GlobalProps, bool) {
        let mut props = GlobalProps::default();
        let mut external = false;
        while self.tok.kind() == Kind::Word {
            let linkage = match self.text(&self.tok) {
                b"private" => Some(Linkage::Private),
                b"internal" => Some(Linkage::Internal),
                b"available_externally" => Some(Linkage::AvailableExternally),
                b"linkonce" => Some(Linkage::LinkOnceAny),
                b"weak" => Some(Linkage::WeakAny),
                b"common" => Some(Linkage::Common),
                b"appending" => Some(Linkage::Appending),
                b"extern_weak" => Some(Linkage::ExternalWeak),
                b"linkonce_odr" => Some(Linkage::LinkOnceOdr),
                b"weak_odr" => Some(Linkage::WeakOdr),
                b"external" => {
                    external = true;
                    Some(Linkage::External)
                }
                b"default" => {
                    props.visibility = 0;
                    None
                }
                b"hidden" => {
                    props.visibility = 1;
                    None
                }
                b"protected" => {
                    props.visibility = 2;
                    None
                }
                b"dllimport" => {
                    props.dll_storage = 1;
                    None
                }
                b"dllexport" => {
                    props.dll_storage = 2;
                    None
                }
                b"dso_local" | b"dso_preemptable" => None,
                _ => break,
            };
            if let Some(l) = linkage {
                props.linkage = l;
            }
            self.bump();
        }
        (props, external)
    }

    fn unnamed_addr(&mut self) -> bool {
        self.eat_word(b"unnamed_addr") || self.eat_word(b"local_unnamed_addr")
    }

    /// `@x = ... global T init, ...` after `@x =`.
    fn global_definition(&mut self, t: &Token) -> PResult<()> {
        let (mut props, external) = self.global_props();
        let mut thread_local = 0;
        if self.eat_word(b"thread_local") {
            thread_local = 1;
            if self.eat(Kind::LParen) {
                thread_local = match self.text(&self.tok) {
                    b"localdynamic" => 2,
                    b"initialexec" => 3,
                    b"localexec" => 4,
                    _ => return self.expected("a thread-local model"),
                };
                self.bump();
                self.expect(Kind::RParen, "')'")?;
            }
        }
        props.unnamed_addr = self.unnamed_addr();
        let mut addrspace = 0;
        if self.eat_word(b"addrspace") {
            self.expect(Kind::LParen, "'('")?;
            addrspace = self.expect_u32("an address space")?;
            self.expect(Kind::RParen, "')'")?;
        }
        let externally_initialized = self.eat_word(b"externally_initialized");
        let constant = if self.eat_word(b"constant") {
            true
        } else if self.eat_word(b"global") {
            false
        } else {
            return self.expected("'global' or 'constant'");
        };
        let value_ty = self.parse_type(0)?;
        let ptr_ty = self.st.m.types.pointer(value_ty, addrspace);
        let needs_init = !external && props.linkage != Linkage::ExternalWeak;
        let (sym, number, first_use) = self.define_global(t, false)?;
        let existing = first_use.map(|e| e.r);
        // The entity exists before the initializer, which may refer to it.
        let id = match existing {
            Some(GlobalRef::Var(g)) => g,
            _ => {
                let g = GlobalId(self.st.m.globals.len() as u32);
                self.st.m.globals.push(Global {
                    name: sym,
                    value_ty,
                    ptr_ty,
                    addrspace,
                    constant,
                    init: None,
                    thread_local,
                    externally_initialized,
                    props: GlobalProps::default(),
                });
                let seq = self.st.seq - 1;
                self.st.global_seq.push(seq);
                self.set_global(t, sym, number, GlobalRef::Var(g), true);
                g
            }
        };
        if let Some(g) = self.st.m.globals.get(id.index())
            && g.ptr_ty != ptr_ty
        {
            let msg = format!(
                "'{}' defined with type '{}' but used as '{}'",
                self.global_text(t),
                self.type_name(ptr_ty),
                self.type_name(g.ptr_ty)
            );
            let e = self.err_at(t, msg);
            self.st.problem(e)?;
        }
        let init = if needs_init {
            Some(self.parse_value(value_ty, 0)?)
        } else {
            None
        };
        while self.eat(Kind::Comma) {
            if self.eat_word(b"align") {
                props.align = self.expect_u32("an alignment")?;
            } else if self.eat_word(b"section") {
                let s = self.expect(Kind::Str, "a section name")?;
                let name = self.string(&s).into_owned().into_boxed_slice();
                props.section = Some(self.section(name));
            } else if self.eat_word(b"comdat") {
                props.comdat = Some(self.comdat_ref(t)?);
            } else if self.tok.kind() == Kind::MdName {
                return Err(self.err_at(
                    &self.tok,
                    "metadata attached to a global variable is not supported by the module model",
                ));
            } else {
                return self.expected("'align', 'section' or 'comdat'");
            }
        }
        if let Some(g) = self.st.m.globals.get_mut(id.index()) {
            *g = Global {
                name: sym,
                value_ty,
                ptr_ty,
                addrspace,
                constant,
                init,
                thread_local,
                externally_initialized,
                props,
            };
        }
        Ok(())
    }

    fn section(&mut self, name: Box<[u8]>) -> u32 {
        let sections = &mut self.st.m.sections;
        match sections.iter().position(|s| *s == name) {
            Some(i) => i as u32,
            None => {
                sections.push(name);
                (sections.len() - 1) as u32
            }
        }
    }

    /// `comdat` or `comdat($name)` after `comdat`.
    fn comdat_ref(&mut self, owner: &Token) -> PResult<u32> {
        let name = if self.eat(Kind::LParen) {
            let c = self.expect(Kind::Comdat, "a comdat ('$name')")?;
            self.expect(Kind::RParen, "')'")?;
            self.name(&c).into_owned()
        } else {
            self.name(owner).into_owned()
        };
        match self.st.m.comdats.iter().position(|c| *c.name == *name) {
            Some(i) => Ok(i as u32),
            None => Err(self.err_at(owner, "use of an undefined comdat")),
        }
    }

    /// `declare ...` or `define ... { body }` after the keyword.
    fn function(&mut self, define: bool) -> PResult<()> {
        // the line of `declare` or `define`, the token before
        let line = self.prev.0;
        if !define && self.tok.kind() == Kind::MdName {
            return Err(self.err_at(
                &self.tok,
                "metadata attached to a declaration is not supported by the module model",
            ));
        }
        let (mut props, _) = self.global_props();
        let cc = self.calling_conv()?;
        let mut spec = super::AttrSpec {
            ret: self.param_attrs()?,
            ..Default::default()
        };
        let ret = self.parse_type(0)?;
        let name_tok = self.tok;
        if !matches!(name_tok.kind(), Kind::Global | Kind::GlobalId) {
            return self.expected("a function name ('@name')");
        }
        if !define && name_tok.kind() == Kind::Global {
            self.subject = Some(name_tok);
        }
        self.bump();
        self.expect(Kind::LParen, "'(' of the parameters")?;
        let mut params: Vec<TypeId> = Vec::new();
        let mut arg_names: Vec<Option<Token>> = Vec::new();
        let mut vararg = false;
        if !self.eat(Kind::RParen) {
            loop {
                if self.eat(Kind::Dots) {
                    vararg = true;
                    self.expect(Kind::RParen, "')' after '...'")?;
                    break;
                }
                let ty = self.parse_type(0)?;
                let pa = self.param_attrs()?;
                if !pa.is_empty() {
                    spec.params.resize(params.len() + 1, Vec::new());
                    spec.params[params.len()] = pa;
                }
                let name = if matches!(self.tok.kind(), Kind::Local | Kind::LocalId) {
                    let t = self.tok;
                    self.bump();
                    Some(t)
                } else {
                    None
                };
                params.push(ty);
                arg_names.push(name);
                if self.eat(Kind::RParen) {
                    break;
                }
                if !self.eat(Kind::Comma) {
                    return self.expected("',' or ')' in the parameters");
                }
            }
        }
        props.unnamed_addr = self.unnamed_addr();
        if self.eat_word(b"addrspace") {
            self.expect(Kind::LParen, "'('")?;
            self.expect_u32("an address space")?;
            self.expect(Kind::RParen, "')'")?;
        }
        self.fn_attrs(&mut spec)?;
        let mut gc = None;
        let mut prefix = None;
        let mut prologue = None;
        let mut personality = None;
        loop {
            if self.eat_word(b"section") {
                let s = self.expect(Kind::Str, "a section name")?;
                let name = self.string(&s).into_owned().into_boxed_slice();
                props.section = Some(self.section(name));
            } else if self.eat_word(b"comdat") {
                props.comdat = Some(self.comdat_ref(&name_tok)?);
            } else if self.eat_word(b"align") {
                props.align = self.expect_u32("an alignment")?;
            } else if self.eat_word(b"gc") {
                let s = self.expect(Kind::Str, "a garbage collector name")?;
                let name = self.string(&s).into_owned().into_boxed_slice();
                let names = &mut self.st.m.gc_names;
                gc = Some(match names.iter().position(|n| *n == name) {
                    Some(i) => i as u32,
                    None => {
                        names.push(name);
                        (names.len() - 1) as u32
                    }
                });
            } else if self.eat_word(b"prefix") {
                prefix = Some(self.parse_typed_value(0)?.1);
            } else if self.eat_word(b"prologue") {
                prologue = Some(self.parse_typed_value(0)?.1);
            } else if self.eat_word(b"personality") {
                personality = Some(self.parse_typed_value(0)?.1);
            } else {
                break;
            }
        }
        let fn_ty = self.st.m.types.intern(Type::Function {
            ret,
            params: params.clone(),
            vararg,
        });
        let ptr_ty = self.st.m.types.pointer(fn_ty, 0);
        let (sym, number, first_use) = self.define_global(&name_tok, true)?;
        let existing = first_use.map(|e| e.r);
        let id = match existing {
            Some(GlobalRef::Func(f)) => {
                let before = self.st.m.function(f).map(|f| f.ptr_ty);
                if before != Some(ptr_ty) {
                    // Reported where the function was first used with the other type.
                    let msg = format!(
                        "'{}' is used with type '{}' but declared on line {} with type '{}'",
                        self.global_text(&name_tok),
                        before.map_or("?".to_owned(), |b| self.type_name(b)),
                        name_tok.line(),
                        self.type_name(ptr_ty),
                    );
                    let mut e = self.err_at(&name_tok, msg);
                    if let Some(u) = first_use {
                        e.line = u.line;
                        e.column = u.column;
                    }
                    self.st.problem(e)?;
                }
                f
            }
            _ => {
                let f = FuncId(self.st.m.functions.len() as u32);
                self.st.m.functions.push(Function {
                    name: sym,
                    ty: fn_ty,
                    ptr_ty,
                    cc,
                    attrs: None,
                    gc,
                    prologue,
                    prefix,
                    personality,
                    props: GlobalProps::default(),
                    body: None,
                    line,
                });
                let seq = self.st.seq - 1;
                self.st.func_seq.push(seq);
                self.set_global(&name_tok, sym, number, GlobalRef::Func(f), true);
                f
            }
        };
        if let Some(func) = self.st.m.functions.get_mut(id.index()) {
            *func = Function {
                name: sym,
                ty: fn_ty,
                ptr_ty,
                cc,
                attrs: None,
                gc,
                prologue,
                prefix,
                personality,
                props,
                body: None,
                line,
            };
        }
        if !spec.is_empty() {
            self.st.attr_pending.push((AttrTarget::Func(id), spec));
        }
        if !define {
            return Ok(());
        }
        // The body.
        let mut fs = match self.spare.take() {
            Some(spare) => spare.reuse(id),
            None => FnState::new(id),
        };
        let mut fn_attachments = Vec::new();
        while self.tok.kind() == Kind::MdName {
            let t = self.tok;
            self.bump();
            let name = self.name(&t);
            let kind = self.md_kind(&name);
            let node = self.parse_md_node_ref(1)?;
            fn_attachments.push(crate::model::Attachment { kind, node });
        }
        fs.body.fn_attachments = fn_attachments;
        self.expect(Kind::LBrace, "'{' of the function body")?;
        self.fs = Some(fs);
        for (i, (name, ty)) in arg_names.iter().zip(params).enumerate() {
            let local = Local::Value(Value::Arg(i as u32), ty);
            let sym = match name {
                Some(t) => self.define_local(Some(t), local)?,
                None => self.define_local(None, local)?,
            };
            if let Some(fs) = self.fs.as_mut() {
                fs.body.arg_names.push(sym);
            }
        }
        self.function_body()
    }
}

/// Ends the module: resolves attributes, debug locations, and what was referred to before
/// its definition; puts globals and functions in the order of their definitions.
pub(crate) fn finish(st: &mut State) -> Result<(), TextError> {
    resolve_attrs(st)?;
    let mut undefined_types: Vec<super::NamedTy> = st
        .named_types
        .values()
        .filter(|e| !e.defined)
        .copied()
        .collect();
    undefined_types.sort_by_key(|e| (e.line, e.column));
    for e in undefined_types {
        {
            // The type's name is in the symbols; report it with the place of its first use.
            let name =
                st.m.types
                    .get(e.id)
                    .and_then(|t| match t {
                        Type::Named(n) => n.name,
                        _ => None,
                    })
                    .map(|s| st.m.symbols.lossy(s).into_owned())
                    .unwrap_or_default();
            let err = TextError {
                line: e.line,
                column: e.column,
                message: format!("use of undefined type named '%{name}'"),
            };
            st.problem(err)?;
        }
    }
    for (n, e) in &st.numbered_types {
        if !e.defined {
            let err = TextError {
                line: e.line,
                column: e.column,
                message: format!("use of undefined type '%{n}'"),
            };
            if st.lenient {
                st.problems.push(err);
            } else {
                return Err(err);
            }
        }
    }
    let mut undefined: Vec<(u32, u32, String)> = Vec::new();
    for (sym, e) in &st.globals {
        if !e.defined {
            undefined.push((e.line, e.column, format!("@{}", st.m.symbols.lossy(*sym))));
        }
    }
    for (n, e) in &st.numbered_globals {
        if !e.defined {
            undefined.push((e.line, e.column, format!("@{n}")));
        }
    }
    undefined.sort();
    for (line, column, what) in undefined {
        st.problem(TextError {
            line,
            column,
            message: format!("use of undefined value '{what}'"),
        })?;
    }
    let mut undefined_md: Vec<(u32, u32, u32)> = st
        .md
        .iter()
        .filter(|(_, e)| !e.defined)
        .map(|(n, e)| (e.line, e.column, *n))
        .collect();
    undefined_md.sort();
    for (line, column, n) in undefined_md {
        st.problem(TextError {
            line,
            column,
            message: format!("use of undefined metadata '!{n}'"),
        })?;
    }
    resolve_debug_locs(st)?;
    reorder(st);
    // the metadata in the order LLVM writes it; the reader's maps follow its items
    if let Some(new_of_old) = super::md_order::reorder(&mut st.m) {
        let new = |id: &mut MdId| super::md_order::renumber(&new_of_old, id);
        st.md.values_mut().for_each(|e| new(&mut e.id));
        st.md_strings.values_mut().for_each(new);
        st.md_values.values_mut().for_each(new);
    }
    Ok(())
}

/// Turns the attributes written in the text into attribute groups and lists.
fn resolve_attrs(st: &mut State) -> Result<(), TextError> {
    let pending = std::mem::take(&mut st.attr_pending);
    let mut groups: Map<(u32, Vec<Attr>), u32> = Map::default();
    let mut lists: Map<Vec<u32>, AttrListId> = Map::default();
    for (target, spec) in pending {
        let mut func = spec.func.clone();
        // A group never defined is empty, as LLVM reads it.
        for &(n, _, _) in &spec.groups {
            if let Some(attrs) = st.attr_text.get(&n) {
                func.extend(attrs.iter().cloned());
            }
        }
        let mut places: Vec<(u32, Vec<Attr>)> = Vec::new();
        if !spec.ret.is_empty() {
            places.push((0, spec.ret.clone()));
        }
        for (i, p) in spec.params.iter().enumerate() {
            if !p.is_empty() {
                places.push((i as u32 + 1, p.clone()));
            }
        }
        if !func.is_empty() {
            places.push((AttrGroup::FUNCTION, func));
        }
        if places.is_empty() {
            continue;
        }
        let mut ids = Vec::with_capacity(places.len());
        for (index, mut attrs) in places {
            crate::text::print::sort_attrs(&mut attrs);
            attrs.dedup();
            let next = st.m.attr_groups.len() as u32 + 1;
            let id = *groups.entry((index, attrs.clone())).or_insert_with(|| {
                st.m.attr_groups.push(AttrGroup {
                    id: next,
                    index,
                    attrs,
                });
                next
            });
            ids.push(id);
        }
        let next = AttrListId(st.m.attr_lists.len() as u32);
        let list = *lists.entry(ids.clone()).or_insert_with(|| {
            st.m.attr_lists.push(AttrList { groups: ids });
            next
        });
        match target {
            AttrTarget::Func(f) => {
                if let Some(f) = st.m.functions.get_mut(f.index()) {
                    f.attrs = Some(list);
                }
            }
            AttrTarget::Call(f, i) => {
                let inst =
                    st.m.functions
                        .get_mut(f.index())
                        .and_then(|f| f.body.as_mut())
                        .and_then(|b| b.insts.get_mut(i.index()));
                if let Some(crate::model::InstKind::Call(c)) = inst.map(|i| &mut i.kind) {
                    c.attrs = Some(list);
                }
            }
        }
    }
    Ok(())
}

/// `!dbg !N` attachments become debug locations.
fn resolve_debug_locs(st: &mut State) -> Result<(), TextError> {
    let pending = std::mem::take(&mut st.dbg_pending);
    // Each body's list is made at its size (the most of them go to locations).
    let mut counts = vec![0u32; st.m.functions.len()];
    for (f, ..) in &pending {
        if let Some(c) = counts.get_mut(f.index()) {
            *c += 1;
        }
    }
    for (f, n) in st.m.functions.iter_mut().zip(counts) {
        if let Some(body) = f.body.as_mut() {
            body.debug_locs.reserve_exact(n as usize);
        }
    }
    let dbg =
        st.m.metadata
            .kinds
            .iter()
            .find(|k| st.m.symbols.bytes(k.name) == b"dbg")
            .map(|k| k.id);
    for (f, inst, node, line, column) in pending {
        let distinct = matches!(
            st.m.metadata.get(node),
            Some(MdItem::Special { distinct: true, .. })
        );
        let loc = match st.m.metadata.special(node) {
            Some((7, &[line, col, scope, inlined_at])) if !distinct => {
                let md = |v: u64| {
                    u32::try_from(v)
                        .ok()
                        .filter(|&i| (i as usize) < st.m.metadata.items.len())
                        .map(crate::model::MdId)
                };
                Some(DebugLoc {
                    line: line as u32,
                    col: col as u32,
                    scope: md(scope),
                    inlined_at: inlined_at.checked_sub(1).and_then(md),
                })
            }
            _ => None,
        };
        let Some(body) =
            st.m.functions
                .get_mut(f.index())
                .and_then(|f| f.body.as_mut())
        else {
            continue;
        };
        match (loc, dbg) {
            (Some(loc), _) => body.debug_locs.push((inst, loc)),
            (None, Some(kind)) => body
                .attachments
                .push((inst, crate::model::Attachment { kind, node })),
            (None, None) => {
                st.problems.push(TextError {
                    line,
                    column,
                    message: "!dbg needs a location".to_owned(),
                });
            }
        }
    }
    for f in &mut st.m.functions {
        if let Some(body) = f.body.as_mut() {
            body.settle_attachments();
            body.debug_locs.sort_by_key(|(i, _)| *i);
        }
    }
    Ok(())
}

/// The permutation that puts entities in the order of their definitions (those never
/// defined last, in the order they were referred to); `None` when it is the identity.
fn order(seq: &[u32]) -> Option<Vec<u32>> {
    let mut idx: Vec<usize> = (0..seq.len()).collect();
    idx.sort_by_key(|&i| (seq[i], i));
    if idx.iter().enumerate().all(|(a, &b)| a == b) {
        return None;
    }
    let mut new_of_old = vec![0u32; seq.len()];
    for (new, &old) in idx.iter().enumerate() {
        new_of_old[old] = new as u32;
    }
    Some(new_of_old)
}

fn reorder(st: &mut State) {
    let funcs = order(&st.func_seq);
    let globals = order(&st.global_seq);
    if funcs.is_none() && globals.is_none() {
        return;
    }
    let mut map = |v: &mut Value| match v {
        Value::Function(f) => {
            if let Some(m) = &funcs {
                f.0 = m[f.index()];
            }
        }
        Value::Global(g) => {
            if let Some(m) = &globals {
                g.0 = m[g.index()];
            }
        }
        _ => {}
    };
    // the operands naming undefined locals keep naming their function
    if let Some(perm) = &funcs {
        for u in &mut st.undefined {
            if let Some(&new) = perm.get(u.function.index()) {
                u.function.0 = new;
            }
        }
    }
    let m = &mut st.m;
    if let Some(perm) = &funcs {
        permute(&mut m.functions, perm);
    }
    if let Some(perm) = &globals {
        permute(&mut m.globals, perm);
    }
    for g in &mut m.globals {
        if let Some(v) = g.init.as_mut() {
            map(v);
        }
    }
    for f in &mut m.functions {
        for v in [&mut f.prologue, &mut f.prefix, &mut f.personality]
            .into_iter()
            .flatten()
        {
            map(v);
        }
        if let Some(body) = f.body.as_mut() {
            body.remap_operands(&mut map, |_| {});
        }
    }
    for item in &mut m.metadata.items {
        if let MdItem::Value { value, .. } = item {
            map(value);
        }
    }
    let old = std::mem::take(&mut m.constants);
    for (_, c) in old.iter() {
        let mut c = c.clone();
        remap_const(&mut c.kind, map);
        m.constants.intern(c);
    }
}

fn remap_const(kind: &mut crate::model::ConstKind, mut map: impl FnMut(&mut Value)) {
    use crate::model::{ConstExpr, ConstKind};
    match kind {
        ConstKind::Aggregate(values) => values.iter_mut().for_each(map),
        ConstKind::Expr(e) => match e {
            ConstExpr::Cast { value, .. } => map(value),
            ConstExpr::Binary { lhs, rhs, .. } | ConstExpr::Compare { lhs, rhs, .. } => {
                map(lhs);
                map(rhs);
            }
            ConstExpr::GetElementPtr { operands, .. } => operands.iter_mut().for_each(map),
            ConstExpr::Select {
                cond,
                then,
                otherwise,
            } => {
                map(cond);
                map(then);
                map(otherwise);
            }
            ConstExpr::ExtractElement { vector, index } => {
                map(vector);
                map(index);
            }
            ConstExpr::InsertElement {
                vector,
                element,
                index,
            } => {
                map(vector);
                map(element);
                map(index);
            }
            ConstExpr::ShuffleVector { a, b, mask } => {
                map(a);
                map(b);
                map(mask);
            }
        },
        _ => {}
    }
}

/// Moves `items[old]` to position `perm[old]`, in place (`perm` is a permutation of the
/// positions; an entry out of range leaves its item where it is).
pub(super) fn permute<T>(items: &mut [T], perm: &[u32]) {
    let mut dest: Vec<u32> = perm.to_vec();
    // Each swap puts one item in its place: a permutation needs fewer than `len` of them
    // (the bound keeps a list that is none from looping).
    let mut swaps = items.len();
    for i in 0..items.len().min(dest.len()) {
        // Follow the cycle through `i`: swap the item at `i` to where it goes until the one
        // that belongs at `i` arrives.
        loop {
            let d = dest[i] as usize;
            if d == i || d >= items.len() || d >= dest.len() || swaps == 0 {
                break;
            }
            items.swap(i, d);
            dest.swap(i, d);
            swaps -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::permute;

    #[test]
    fn permute_moves_each_item_to_its_place() {
        let mut items = vec!['a', 'b', 'c', 'd', 'e'];
        permute(&mut items, &[2, 0, 3, 1, 4]);
        assert_eq!(items, ['b', 'd', 'a', 'c', 'e']);
        // Not a permutation: no item is lost and the loop ends.
        let mut items = vec![1, 2, 3];
        permute(&mut items, &[1, 1, 9]);
        let mut sorted = items.clone();
        sorted.sort();
        assert_eq!(sorted, [1, 2, 3]);
    }
}
