//! The reader of LLVM IR text: a recursive-descent parser over the tokens of [`Lexer`], with
//! explicit limits on nesting (types, constants and metadata nested deeper than
//! [`MAX_DEPTH`] are an error, never a deep recursion).
//!
//! The parser's state ([`State`]) holds the module being built and the tables of names, and
//! outlives a piece of input, so that the streaming reader can feed the text in pieces.

mod attrs;
mod function;
mod insts;
mod md_order;
mod metadata;
mod module;
mod types;
mod values;

use std::borrow::Cow;

use super::error::TextError;
use super::lexer::{Kind, Lexer, Token};
use crate::hash::Map;
use crate::model::{Attr, ConstId, FuncId, GlobalId, InstId, MdId, Module, Sym, TypeId, Value};

pub(crate) use module::finish;

/// How deep types, constants and metadata may nest.
pub(crate) const MAX_DEPTH: u32 = 256;

/// The mark of an id that stands for a value or block not yet defined (a forward reference),
/// replaced when the function ends.
pub(crate) const PENDING: u32 = 1 << 31;

type PResult<T> = Result<T, TextError>;

/// A named or numbered struct type met so far.
#[derive(Clone, Copy)]
pub(crate) struct NamedTy {
    pub id: TypeId,
    pub defined: bool,
    pub line: u32,
    pub column: u32,
}

/// A global value met so far.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum GlobalRef {
    Func(FuncId),
    Var(GlobalId),
}

#[derive(Clone, Copy)]
pub(crate) struct GlobalEntry {
    pub r: GlobalRef,
    pub defined: bool,
    pub line: u32,
    pub column: u32,
}

/// A numbered metadata node met so far: where it was first met, and the line of its
/// definition once defined.
#[derive(Clone, Copy)]
pub(crate) struct MdEntry {
    pub id: MdId,
    pub defined: bool,
    pub line: u32,
    pub column: u32,
    pub def_line: u32,
}

/// Where attributes written in the text go: a function or a call.
#[derive(Clone, Copy)]
pub(crate) enum AttrTarget {
    Func(FuncId),
    Call(FuncId, InstId),
}

/// Attributes as written: per place, and the groups (`#N`) referred to.
#[derive(Clone, Default)]
pub(crate) struct AttrSpec {
    pub func: Vec<Attr>,
    pub ret: Vec<Attr>,
    pub params: Vec<Vec<Attr>>,
    pub groups: Vec<(u32, u32, u32)>,
}

impl AttrSpec {
    pub fn is_empty(&self) -> bool {
        self.func.is_empty()
            && self.ret.is_empty()
            && self.params.iter().all(Vec::is_empty)
            && self.groups.is_empty()
    }
}

/// A call's callee and the function type it was called with (see [`State::call_sites`]).
#[derive(Clone, Copy)]
pub(crate) struct CallSite {
    pub callee: Value,
    pub fn_ty: TypeId,
    pub ret: TypeId,
}

/// The reader's state across the pieces of its input.
pub(crate) struct State {
    pub m: Module,
    pub lenient: bool,
    pub problems: Vec<TextError>,
    /// Lenient: the operands that name a local never defined.
    pub undefined: Vec<crate::text::Undefined>,
    /// Lenient: the calls and declarations that could not be read.
    pub skipped: Vec<crate::text::Skipped>,
    pub named_types: Map<Sym, NamedTy>,
    pub numbered_types: Map<u32, NamedTy>,
    pub globals: Map<Sym, GlobalEntry>,
    pub numbered_globals: Map<u32, GlobalEntry>,
    pub next_global_number: u32,
    /// For each function, in order of first mention: the order of its definition.
    pub func_seq: Vec<u32>,
    /// For each global variable, in order of first mention: the order of its definition.
    pub global_seq: Vec<u32>,
    pub seq: u32,
    pub md: Map<u32, MdEntry>,
    pub md_strings: Map<Box<[u8]>, MdId>,
    pub md_values: Map<(TypeId, Value), MdId>,
    /// The operands of the tuples being read (nested tuples above their tuple's), moved to
    /// the metadata's pool when a tuple ends.
    pub md_operands: Vec<Option<MdId>>,
    pub attr_text: Map<u32, Vec<Attr>>,
    pub attr_pending: Vec<(AttrTarget, AttrSpec)>,
    pub int_consts: Map<(TypeId, i64), ConstId>,
    pub dbg_pending: Vec<(FuncId, InstId, MdId, u32, u32)>,
    pub seen_module_asm: bool,
    /// Caches in front of the model's tables: types by their word, pointer and function
    /// types, simple constants.
    pub word_types: Map<Box<[u8]>, TypeId>,
    pub ptr_types: Map<(TypeId, u32), TypeId>,
    pub fn_types: Map<Vec<TypeId>, TypeId>,
    pub simple_consts: Map<(TypeId, u8, u64), ConstId>,
    /// Struct types and globals by the text of their name token (quotes and escapes as
    /// written), in front of the lookup by symbol.
    pub type_by_text: Map<Box<[u8]>, TypeId>,
    pub global_by_text: Map<Box<[u8]>, GlobalRef>,
    /// The callee and function type of the last call of each function named by its text,
    /// which a call with the same result and argument types reuses: valid while no global
    /// is defined that was referred to before (its type may change then).
    pub call_sites: Map<Box<[u8]>, CallSite>,
    /// A buffer for the key of [`Parser::function_type`].
    pub key: Vec<TypeId>,
    /// Buffers for the arguments of a call.
    pub args: Vec<Value>,
    pub arg_types: Vec<TypeId>,
    /// `void`, `half`, `float`, `double`, `metadata`, `label`.
    pub common_words: [Option<TypeId>; 6],
    /// `i1`, `i8`, `i16`, `i32`, `i64` by the log2 of their width.
    pub common_ints: [Option<TypeId>; 7],
    /// The constants 0 to [`SMALL_INTS`]` - 1` of `i1`, `i2`, `i4`, ... `i64` by the log2 of
    /// the width (`ConstId(u32::MAX)` when not made yet).
    pub small_ints: [[ConstId; SMALL_INTS]; 7],
}

/// How many small integer constants of each common width [`State::small_ints`] holds.
pub(crate) const SMALL_INTS: usize = 256;

impl State {
    /// The line of the definition of each numbered metadata node, by item, in item order.
    pub(crate) fn metadata_lines(&self) -> Vec<(MdId, u32)> {
        let mut lines: Vec<(MdId, u32)> = self
            .md
            .values()
            .filter(|e| e.defined)
            .map(|e| (e.id, e.def_line))
            .collect();
        lines.sort_unstable();
        lines
    }

    pub(crate) fn new(lenient: bool) -> State {
        let mut m = Module::new();
        m.version = 1;
        State {
            m,
            lenient,
            problems: Vec::new(),
            undefined: Vec::new(),
            skipped: Vec::new(),
            named_types: Map::default(),
            numbered_types: Map::default(),
            globals: Map::default(),
            numbered_globals: Map::default(),
            next_global_number: 0,
            func_seq: Vec::new(),
            global_seq: Vec::new(),
            seq: 0,
            md: Map::default(),
            md_strings: Map::default(),
            md_values: Map::default(),
            md_operands: Vec::new(),
            attr_text: Map::default(),
            attr_pending: Vec::new(),
            int_consts: Map::default(),
            dbg_pending: Vec::new(),
            seen_module_asm: false,
            word_types: Map::default(),
            ptr_types: Map::default(),
            fn_types: Map::default(),
            simple_consts: Map::default(),
            type_by_text: Map::default(),
            global_by_text: Map::default(),
            call_sites: Map::default(),
            key: Vec::new(),
            common_ints: [None; 7],
            common_words: [None; 6],
            small_ints: [[ConstId(u32::MAX); SMALL_INTS]; 7],
            args: Vec::new(),
            arg_types: Vec::new(),
        }
    }

    /// Records what the lenient reader skipped because of problem `e` (pushed here): the call
    /// or declaration of `subject` that started on line `line`, left open or not.
    pub(crate) fn skipped(
        &mut self,
        e: TextError,
        subject: Option<(crate::text::SkippedKind, Box<[u8]>)>,
        line: u32,
        open: bool,
    ) {
        if let Some((kind, name)) = subject {
            self.skipped.push(crate::text::Skipped {
                line,
                kind,
                name,
                open,
                problem: self.problems.len(),
            });
        }
        self.problems.push(e);
    }

    /// Records a problem (lenient) or returns it as the error (strict).
    pub(crate) fn problem(&mut self, e: TextError) -> PResult<()> {
        if self.lenient {
            self.problems.push(e);
            Ok(())
        } else {
            Err(e)
        }
    }
}

/// The parser over one piece of input.
pub(crate) struct Parser<'s, 'a> {
    pub st: &'s mut State,
    pub lx: Lexer<'a>,
    pub tok: Token,
    /// The function whose body is being read.
    pub fs: Option<function::FnState>,
    /// The line and end offset of the token before the current one.
    pub prev: (u32, u32),
    /// The state of the last function read, whose tables the next one reuses.
    pub spare: Option<function::FnState>,
    /// The name of the function the instruction being read calls, or the declaration being
    /// read declares, once it is known (for what the lenient reader skips).
    pub subject: Option<Token>,
}

/// What a token looks like in a message.
fn describe(src: &[u8], t: &Token) -> String {
    match t.kind() {
        Kind::Eof => "the end of the input".to_owned(),
        _ => {
            let from = match t.kind() {
                Kind::Local | Kind::LocalId | Kind::Global | Kind::GlobalId | Kind::MdName => {
                    t.start().saturating_sub(1)
                }
                Kind::AttrGroup => t.start().saturating_sub(1),
                _ => t.start(),
            } as usize;
            let to = (t.end() as usize).min(src.len()).min(from + 40);
            let text = String::from_utf8_lossy(src.get(from..to).unwrap_or(&[]));
            let text: String = text.chars().take(40).collect();
            format!("'{text}'")
        }
    }
}

impl<'s, 'a> Parser<'s, 'a> {
    pub(crate) fn new(st: &'s mut State, src: &'a [u8], base_line: u32) -> Self {
        let mut lx = Lexer::new(src, base_line);
        let tok = lx.next();
        Parser {
            st,
            lx,
            tok,
            fs: None,
            prev: (base_line, 0),
            spare: None,
            subject: None,
        }
    }

    /// Moves to the next token.
    pub(crate) fn bump(&mut self) {
        self.prev = (self.tok.line(), self.tok.end());
        self.tok = self.lx.next();
    }

    /// The text of a token.
    pub(crate) fn text(&self, t: &Token) -> &'a [u8] {
        self.lx
            .src()
            .get(t.start() as usize..t.end() as usize)
            .unwrap_or(&[])
    }

    /// Whether the current token is the word `w`.
    pub(crate) fn is_word(&self, w: &[u8]) -> bool {
        self.tok.kind() == Kind::Word && self.text(&self.tok) == w
    }

    /// Consumes the word `w` if it is the current token.
    pub(crate) fn eat_word(&mut self, w: &[u8]) -> bool {
        if self.is_word(w) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Consumes a token of kind `k` if it is the current one.
    pub(crate) fn eat(&mut self, k: Kind) -> bool {
        if self.tok.kind() == k {
            self.bump();
            true
        } else {
            false
        }
    }

    /// An error at token `t`.
    pub(crate) fn err_at(&self, t: &Token, message: impl Into<String>) -> TextError {
        TextError {
            line: t.line(),
            column: self.lx.column(t.start().saturating_sub(match t.kind() {
                Kind::Local
                | Kind::LocalId
                | Kind::Global
                | Kind::GlobalId
                | Kind::MdName
                | Kind::AttrGroup
                | Kind::Comdat => 1,
                _ => 0,
            })),
            message: message.into(),
        }
    }

    /// "expected WHAT, found ..." at the current token.
    pub(crate) fn expected<T>(&self, what: &str) -> PResult<T> {
        Err(self.err_at(
            &self.tok,
            format!(
                "expected {what}, found {}",
                describe(self.lx.src(), &self.tok)
            ),
        ))
    }

    /// Consumes a token of kind `k`, or fails saying `what` was expected.
    pub(crate) fn expect(&mut self, k: Kind, what: &str) -> PResult<Token> {
        if self.tok.kind() == k {
            let t = self.tok;
            self.bump();
            Ok(t)
        } else {
            self.expected(what)
        }
    }

    /// Consumes the word `w`, or fails.
    pub(crate) fn expect_word(&mut self, w: &str) -> PResult<()> {
        if self.eat_word(w.as_bytes()) {
            Ok(())
        } else {
            self.expected(&format!("'{w}'"))
        }
    }

    /// The name a token spells (quotes removed, `\XX` and `\\` unescaped).
    pub(crate) fn name(&self, t: &Token) -> Cow<'a, [u8]> {
        let raw = self.text(t);
        if !t.escaped() {
            return Cow::Borrowed(raw);
        }
        let raw = match raw {
            [b'"', inner @ .., b'"'] => inner,
            _ => raw,
        };
        unescape(raw)
    }

    /// A string constant's bytes (`"..."` or the string of `c"..."`).
    pub(crate) fn string(&self, t: &Token) -> Cow<'a, [u8]> {
        let raw = self.text(t);
        let raw = raw.strip_prefix(b"c").unwrap_or(raw);
        let raw = match raw {
            [b'"', inner @ .., b'"'] => inner,
            _ => raw,
        };
        unescape(raw)
    }

    /// Interns a name.
    pub(crate) fn sym(&mut self, name: &[u8]) -> PResult<Sym> {
        self.st
            .m
            .symbols
            .intern(name)
            .map_err(|e| self.err_at(&self.tok, e.to_string()))
    }

    /// `T addrspace(N)*`, through the cache.
    pub(crate) fn pointer_type(&mut self, pointee: TypeId, space: u32) -> TypeId {
        if let Some(&t) = self.st.ptr_types.get(&(pointee, space)) {
            return t;
        }
        let t = self.st.m.types.pointer(pointee, space);
        self.st.ptr_types.insert((pointee, space), t);
        t
    }

    /// The function type `ret (params...)`, through the cache.
    pub(crate) fn function_type(&mut self, ret: TypeId, params: &[TypeId], vararg: bool) -> TypeId {
        let mut key = std::mem::take(&mut self.st.key);
        key.clear();
        key.push(ret);
        key.extend_from_slice(params);
        key.push(TypeId(u32::from(vararg)));
        if let Some(&t) = self.st.fn_types.get(&key) {
            self.st.key = key;
            return t;
        }
        let t = self.st.m.types.intern(crate::model::Type::Function {
            ret,
            params: params.to_vec(),
            vararg,
        });
        self.st.fn_types.insert(key, t);
        t
    }

    /// An unsigned decimal number of at most 32 bits.
    pub(crate) fn u32_of(&self, t: &Token) -> PResult<u32> {
        parse_u64(self.text(t))
            .and_then(|v| u32::try_from(v).ok())
            .ok_or_else(|| self.err_at(t, "expected a number of at most 32 bits"))
    }

    /// Consumes an unsigned 32-bit number.
    pub(crate) fn expect_u32(&mut self, what: &str) -> PResult<u32> {
        if self.tok.kind() != Kind::Int {
            return self.expected(what);
        }
        let t = self.tok;
        let v = self.u32_of(&t)?;
        self.bump();
        Ok(v)
    }

    /// Consumes an unsigned 64-bit number.
    pub(crate) fn expect_u64(&mut self, what: &str) -> PResult<u64> {
        if self.tok.kind() != Kind::Int {
            return self.expected(what);
        }
        let t = self.tok;
        let v = parse_u64(self.text(&t))
            .ok_or_else(|| self.err_at(&t, format!("{what}: too large or negative")))?;
        self.bump();
        Ok(v)
    }

    /// Fails when nesting is too deep.
    pub(crate) fn check_depth(&self, depth: u32) -> PResult<()> {
        if depth > MAX_DEPTH {
            Err(self.err_at(&self.tok, format!("nesting deeper than {MAX_DEPTH} levels")))
        } else {
            Ok(())
        }
    }
}

/// An unsigned decimal number.
pub(crate) fn parse_u64(text: &[u8]) -> Option<u64> {
    if text.is_empty() {
        return None;
    }
    let mut v: u64 = 0;
    for &b in text {
        if !b.is_ascii_digit() {
            return None;
        }
        v = v.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
    }
    Some(v)
}

/// `\XX` (two hexadecimal digits) and `\\` unescaped.
pub(crate) fn unescape(raw: &[u8]) -> Cow<'_, [u8]> {
    if memchr::memchr(b'\\', raw).is_none() {
        return Cow::Borrowed(raw);
    }
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        let b = raw[i];
        if b == b'\\' {
            if raw.get(i + 1) == Some(&b'\\') {
                out.push(b'\\');
                i += 2;
                continue;
            }
            let hex = |c: u8| (c as char).to_digit(16);
            if let (Some(h), Some(l)) = (
                raw.get(i + 1).and_then(|&c| hex(c)),
                raw.get(i + 2).and_then(|&c| hex(c)),
            ) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(b);
        i += 1;
    }
    Cow::Owned(out)
}
