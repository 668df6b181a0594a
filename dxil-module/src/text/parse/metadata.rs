//! Metadata: `!N` references, `!"strings"`, tuples `!{...}`, specialized nodes
//! `!DILocation(...)`, values as metadata, definitions `!N = ...` and named metadata.

use super::{MdEntry, PResult, Parser};
use crate::model::{MdId, MdItem, MdKind, Run, Type, TypeId, Value};
use crate::text::TextError;
use crate::text::lexer::{Kind, Token};
use crate::text::special::{self, Field};

impl Parser<'_, '_> {
    /// The number of the attachment kind called `name`, added if new.
    pub(crate) fn md_kind(&mut self, name: &[u8]) -> u32 {
        let m = &mut self.st.m;
        let found = m.symbols.find(name);
        if let Some(k) = m.metadata.kinds.iter().find(|k| Some(k.name) == found) {
            return k.id;
        }
        let id = m.metadata.kinds.len() as u32;
        // a name the symbols cannot hold (past 4 GiB of names) shares the empty one
        let name = m.symbols.intern(name).or_else(|_| m.symbols.intern(b""));
        if let Ok(name) = name {
            m.metadata.kinds.push(MdKind { id, name });
        }
        id
    }

    /// The item numbered `n` in the text (a placeholder until it is defined).
    fn md_numbered(&mut self, n: u32, t: &Token) -> MdId {
        if let Some(e) = self.st.md.get(&n) {
            return e.id;
        }
        let id = self.st.m.metadata.push(MdItem::Node {
            distinct: false,
            operands: Run::default(),
        });
        let column = self.lx.column(t.start());
        self.st.md.insert(
            n,
            MdEntry {
                id,
                defined: false,
                line: t.line(),
                column,
                def_line: 0,
            },
        );
        id
    }

    /// The string item of `bytes` (one per distinct string).
    pub(crate) fn md_string(&mut self, bytes: &[u8]) -> PResult<MdId> {
        if let Some(&id) = self.st.md_strings.get(bytes) {
            return Ok(id);
        }
        let id = self.st.m.metadata.push_string(bytes);
        let id = id.ok_or_else(|| self.md_full())?;
        self.st.md_strings.insert(bytes.into(), id);
        Ok(id)
    }

    /// The error of metadata past what the model holds (4 GiB of one kind of part).
    fn md_full(&self) -> TextError {
        self.err_at(&self.tok, "too much metadata (a pool of the model is full)")
    }

    /// The value item of a constant or global (one per distinct value).
    pub(crate) fn md_value(&mut self, ty: TypeId, value: Value) -> MdId {
        if !value.is_global() {
            let id = self.st.m.metadata.push(MdItem::Value { ty, value });
            if let Some(fs) = self.fs.as_mut() {
                fs.local_md.push(id);
            }
            return id;
        }
        if let Some(&id) = self.st.md_values.get(&(ty, value)) {
            return id;
        }
        let id = self.st.m.metadata.push(MdItem::Value { ty, value });
        self.st.md_values.insert((ty, value), id);
        id
    }

    /// A node: `!N`, `!{...}` or `!DIxxx(...)` (attachments, named metadata).
    pub(crate) fn parse_md_node_ref(&mut self, depth: u32) -> PResult<MdId> {
        self.check_depth(depth)?;
        let t = self.tok;
        match t.kind() {
            Kind::Excl => {
                self.bump();
                match self.tok.kind() {
                    Kind::Int => {
                        let nt = self.tok;
                        let n = self.u32_of(&nt)?;
                        self.bump();
                        Ok(self.md_numbered(n, &nt))
                    }
                    Kind::LBrace => {
                        self.bump();
                        let operands = self.md_tuple_body(depth)?;
                        Ok(self.st.m.metadata.push(MdItem::Node {
                            distinct: false,
                            operands,
                        }))
                    }
                    _ => self.expected("a metadata node ('!N' or '!{')"),
                }
            }
            Kind::MdName => self.special_node(false, depth),
            _ => self.expected("a metadata node"),
        }
    }

    /// Metadata as an operand of a call (`metadata !N`, `metadata !"s"`,
    /// `metadata float %x`).
    pub(crate) fn parse_md_operand(&mut self, depth: u32) -> PResult<MdId> {
        self.check_depth(depth)?;
        if self.tok.kind() == Kind::Excl {
            let save = (self.tok, self.lx.clone());
            self.bump();
            if self.tok.kind() == Kind::Str {
                let s = self.string(&self.tok.clone());
                self.bump();
                return self.md_string(&s);
            }
            self.tok = save.0;
            self.lx = save.1;
            return self.parse_md_node_ref(depth);
        }
        if self.tok.kind() == Kind::MdName {
            return self.parse_md_node_ref(depth);
        }
        let ty = self.parse_type(depth + 1)?;
        if matches!(self.st.m.types.get(ty), Some(Type::Metadata)) {
            return self.expected("a value");
        }
        let v = self.parse_value(ty, depth + 1)?;
        Ok(self.md_value(ty, v))
    }

    /// An operand of a tuple: `null`, a node, a string, or `T V`.
    fn md_tuple_operand(&mut self, depth: u32) -> PResult<Option<MdId>> {
        if self.eat_word(b"null") {
            return Ok(None);
        }
        if self.tok.kind() == Kind::Excl || self.tok.kind() == Kind::MdName {
            return self.parse_md_operand(depth + 1).map(Some);
        }
        let ty = self.parse_type(depth + 1)?;
        let v = match self.tok.kind() {
            Kind::Global | Kind::GlobalId => self.global_value(ty)?,
            Kind::Local | Kind::LocalId => {
                return Err(self.err_at(&self.tok, "a metadata node cannot refer to a local value"));
            }
            _ => Value::Const(self.parse_constant(ty, depth + 1)?),
        };
        Ok(Some(self.md_value(ty, v)))
    }

    /// The operands of a tuple after `{`, through `}`, added to the metadata's pool.
    fn md_tuple_body(&mut self, depth: u32) -> PResult<Run> {
        let start = self.st.md_operands.len();
        let read = self.md_tuple_operands(depth);
        let md = &mut self.st.m.metadata;
        let run = match read {
            Ok(()) => {
                let operands = self.st.md_operands.get(start..).unwrap_or(&[]);
                Run::append(&mut md.node_pool, operands)
            }
            Err(e) => {
                self.st.md_operands.truncate(start);
                return Err(e);
            }
        };
        self.st.md_operands.truncate(start);
        run.ok_or_else(|| self.md_full())
    }

    /// The operands of a tuple after `{`, through `}`, pushed onto the state's stack of
    /// tuple operands.
    fn md_tuple_operands(&mut self, depth: u32) -> PResult<()> {
        if self.eat(Kind::RBrace) {
            return Ok(());
        }
        loop {
            let operand = self.md_tuple_operand(depth + 1)?;
            self.st.md_operands.push(operand);
            if self.eat(Kind::RBrace) {
                return Ok(());
            }
            if !self.eat(Kind::Comma) {
                return self.expected("',' or '}' in a metadata tuple");
            }
        }
    }

    /// `!N = [distinct] !{...}` / `!DIxxx(...)` after `!N =`.
    pub(crate) fn md_definition(&mut self, number: &Token) -> PResult<()> {
        let n = self.u32_of(number)?;
        let id = self.md_numbered(n, number);
        if let Some(e) = self.st.md.get_mut(&n) {
            if e.defined {
                return Err(self.err_at(number, format!("redefinition of metadata '!{n}'")));
            }
            e.defined = true;
            e.def_line = number.line();
        }
        let distinct = self.eat_word(b"distinct");
        let item = match self.tok.kind() {
            Kind::Excl => {
                self.bump();
                self.expect(Kind::LBrace, "'{' of a metadata tuple")?;
                let operands = self.md_tuple_body(0)?;
                MdItem::Node { distinct, operands }
            }
            Kind::MdName => {
                let inner = self.special_node(distinct, 0)?;
                // The node was added as a new item: move it to the number's item.
                let item = self.st.m.metadata.items.get(inner.index()).cloned();
                if inner.index() + 1 == self.st.m.metadata.items.len() {
                    self.st.m.metadata.items.pop();
                }
                item.unwrap_or(MdItem::Node {
                    distinct,
                    operands: Run::default(),
                })
            }
            _ => return self.expected("'!{' or a specialized node after '='"),
        };
        if let Some(slot) = self.st.m.metadata.items.get_mut(id.index()) {
            *slot = item;
        }
        Ok(())
    }

    /// `!name = !{!1, !2}` after `!name =`.
    pub(crate) fn named_md(&mut self, name: &Token) -> PResult<()> {
        let text = self.name(name);
        let sym = self.sym(&text)?;
        if self.tok.kind() != Kind::Excl {
            return self.expected("'!{' of named metadata");
        }
        self.bump();
        self.expect(Kind::LBrace, "'{' of named metadata")?;
        let mut operands = Vec::new();
        if !self.eat(Kind::RBrace) {
            loop {
                operands.push(self.parse_md_node_ref(1)?);
                if self.eat(Kind::RBrace) {
                    break;
                }
                if !self.eat(Kind::Comma) {
                    return self.expected("',' or '}' in named metadata");
                }
            }
        }
        let added = self.st.m.metadata.push_named(sym, &operands, name.line());
        added.ok_or_else(|| self.md_full())
    }

    /// `!DIxxx(field: value, ...)`: a new item.
    fn special_node(&mut self, distinct: bool, depth: u32) -> PResult<MdId> {
        self.check_depth(depth)?;
        let t = self.tok;
        let name = self.name(&t);
        self.bump();
        self.expect(Kind::LParen, "'(' of a specialized metadata node")?;
        if &*name == b"DIExpression" {
            let mut ops = Vec::new();
            if !self.eat(Kind::RParen) {
                loop {
                    let ot = self.tok;
                    let v = match ot.kind() {
                        Kind::Int => self.expect_u64("an expression operand")?,
                        Kind::Word => {
                            let v = special::value_of(special::OPS, self.text(&ot));
                            self.bump();
                            v.ok_or_else(|| self.err_at(&ot, "unknown DWARF expression operation"))?
                        }
                        _ => return self.expected("a DWARF operation"),
                    };
                    ops.push(v);
                    if self.eat(Kind::RParen) {
                        break;
                    }
                    if !self.eat(Kind::Comma) {
                        return self.expected("',' or ')'");
                    }
                }
            }
            let id = self
                .st
                .m
                .metadata
                .push_special(special::EXPRESSION, distinct, &ops);
            return id.ok_or_else(|| self.md_full());
        }
        let Some(kind) = special::kind_named(&name) else {
            return Err(self.err_at(
                &t,
                format!(
                    "unknown specialized metadata node '!{}'",
                    String::from_utf8_lossy(&name)
                ),
            ));
        };
        let mut ops: Vec<u64> = (0..kind.fields.len()).map(|i| kind.default_of(i)).collect();
        if !self.eat(Kind::RParen) {
            loop {
                let ft = self.tok;
                if ft.kind() != Kind::Label {
                    return self.expected("a field ('name: value')");
                }
                self.bump();
                let fname = self.text(&ft);
                let Some(pos) = kind.fields.iter().position(|(n, _)| n.as_bytes() == fname) else {
                    return Err(self.err_at(
                        &ft,
                        format!("invalid field '{}'", String::from_utf8_lossy(fname)),
                    ));
                };
                ops[pos] = self.special_field(kind.fields[pos].1, depth)?;
                if self.eat(Kind::RParen) {
                    break;
                }
                if !self.eat(Kind::Comma) {
                    return self.expected("',' or ')'");
                }
            }
        }
        let id = self.st.m.metadata.push_special(kind.code, distinct, &ops);
        id.ok_or_else(|| self.md_full())
    }

    /// The value of one field, as the record stores it.
    fn special_field(&mut self, field: Field, depth: u32) -> PResult<u64> {
        let t = self.tok;
        match field {
            Field::Md | Field::MdRequired => {
                let id = if self.eat_word(b"null") {
                    None
                } else if matches!(t.kind(), Kind::Excl | Kind::MdName) {
                    Some(self.parse_md_operand(depth + 1)?)
                } else {
                    let ty = self.parse_type(depth + 1)?;
                    let v = match self.tok.kind() {
                        Kind::Global | Kind::GlobalId => self.global_value(ty)?,
                        _ => Value::Const(self.parse_constant(ty, depth + 1)?),
                    };
                    Some(self.md_value(ty, v))
                };
                Ok(match (field, id) {
                    (Field::MdRequired, Some(id)) => id.0 as u64,
                    (Field::MdRequired, None) => {
                        return Err(self.err_at(&t, "this field cannot be null"));
                    }
                    (_, Some(id)) => id.0 as u64 + 1,
                    (_, None) => 0,
                })
            }
            Field::Str => {
                if self.eat_word(b"null") {
                    return Ok(0);
                }
                let st = self.expect(Kind::Str, "a string")?;
                let s = self.string(&st);
                // as LLVM reads a field of debug information: `""` is no string (what the
                // printer writes for a null `directory:`), not an empty one
                if s.is_empty() {
                    return Ok(0);
                }
                Ok(self.md_string(&s)?.0 as u64 + 1)
            }
            Field::Int => {
                if t.kind() == Kind::Int && self.text(&t).first() == Some(&b'-') {
                    return Err(self.err_at(&t, "expected an unsigned integer"));
                }
                self.expect_u64("an unsigned integer")
            }
            Field::SInt => {
                let st = self.expect(Kind::Int, "an integer")?;
                let text = self.text(&st);
                let v = std::str::from_utf8(text)
                    .ok()
                    .and_then(|s| s.parse::<i64>().ok())
                    .ok_or_else(|| self.err_at(&st, "integer out of range"))?;
                Ok(special::rotate_sign(v))
            }
            Field::Bool => {
                if self.eat_word(b"true") {
                    Ok(1)
                } else if self.eat_word(b"false") {
                    Ok(0)
                } else {
                    self.expected("'true' or 'false'")
                }
            }
            Field::Flags => {
                let mut v = 0;
                loop {
                    let ft = self.tok;
                    v |= match ft.kind() {
                        Kind::Int => self.expect_u64("flags")?,
                        Kind::Word => {
                            let x = special::value_of(special::FLAGS, self.text(&ft));
                            self.bump();
                            x.ok_or_else(|| self.err_at(&ft, "unknown debug-info flag"))?
                        }
                        _ => return self.expected("debug-info flags"),
                    };
                    if !self.eat(Kind::Bar) {
                        return Ok(v);
                    }
                }
            }
            Field::Tag | Field::Encoding | Field::Lang | Field::Virtuality => match t.kind() {
                Kind::Int => self.expect_u64("a DWARF constant"),
                Kind::Word => {
                    let x = special::value_of(special::names(field), self.text(&t));
                    self.bump();
                    x.ok_or_else(|| self.err_at(&t, "unknown DWARF constant"))
                }
                _ => self.expected("a DWARF constant"),
            },
        }
    }
}
