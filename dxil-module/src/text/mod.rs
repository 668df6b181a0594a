//! LLVM IR text: the reader (text → [`Module`]) and the printer ([`Module`] → text).
//!
//! The reader takes LLVM 3.7's syntax as DXC writes it (typed pointers, `load T, T* P`,
//! `getelementptr T, T* P, ...`, `call T @f(...)`, metadata `!{...}`, debug-information nodes)
//! and the syntax `llvm-dis-14` prints for DXIL. It comes in three forms:
//!
//! - [`parse`]: strict; the first error, with its line and column, is the result.
//! - [`parse_lenient`]: for the lint; it reads what it can, recovers at the next instruction
//!   (or the next top-level entity) after an error, and returns the module with the list of
//!   problems. An instruction that fails is left out, and the reader resumes at the next line
//!   after the instruction's first line that starts an instruction, whatever the failed
//!   reading took (an operand list never closed, a string without its closing quote); the
//!   calls and declarations left out are listed ([`Lenient::skipped`]). A call to an
//!   undeclared function keeps its callee as a declaration made from the call; an undefined
//!   local becomes `undef` of the type it was used with, and is listed
//!   ([`Lenient::undefined`]); a call whose operand types differ from its callee's keeps its
//!   own function type ([`Call::fn_ty`](crate::model::Call::fn_ty)), so a checker sees both;
//!   a struct constant of another struct type keeps its fields; an integer literal that does
//!   not fit its type (`i32 4294967296`) is kept as written (LLVM truncates it, as [`parse`]
//!   does) when it is a 64-bit number. Every instruction keeps its line
//!   ([`Inst::line`](crate::model::Inst::line)), every function and named metadata too.
//! - [`read`] and [`read_lenient`]: the same over a [`BufRead`](std::io::BufRead), a piece at a
//!   time, so that the input need not be in memory all at once.
//!
//! The printer ([`print()`]) writes a module as `llvm-dis-14` writes the module it reads from the
//! same bitcode.
//!
//! ```
//! use dxil_module::text;
//!
//! let src = "define void @main() {\n  ret void\n}\n";
//! let module = text::parse(src.as_bytes()).expect("valid");
//! assert_eq!(text::print(&module, &text::PrintOptions::default()), format!("\n{src}"));
//! ```

mod error;
mod float;
mod lexer;
mod parse;
mod print;
pub(crate) mod special;

pub use error::{ReadError, TextError};
pub use print::{
    Lines, PrintOptions, named, number_lines, number_lines_with, print, print_with_lines,
    type_string, value_string,
};

use crate::model::{MdId, Module, TypeId};

/// What the lenient reader gives: the module as far as it could be read, the problems, and
/// what a checker needs to know about the places it recovered from.
#[derive(Clone, Debug)]
pub struct Lenient {
    /// The module.
    pub module: Module,
    /// The problems, in the order they were found (mostly the order of the text).
    pub problems: Vec<TextError>,
    /// The calls and declarations left out of the module because they could not be read.
    pub skipped: Vec<Skipped>,
    /// The operands that name a local value the function never defines: the module holds
    /// `undef` there, which a checker should not take for an `undef` written in the text.
    pub undefined: Vec<Undefined>,
    /// The line of the definition (`!N = ...`) of each numbered metadata node, sorted by
    /// item; read with [`Lenient::metadata_line`].
    pub metadata_lines: Vec<(MdId, u32)>,
}

impl Lenient {
    /// The line where metadata node `id` is defined (`!N = !{...}`); `None` for an item
    /// that is not a numbered node of the text (a string, a value, an inline tuple).
    pub fn metadata_line(&self, id: MdId) -> Option<u32> {
        let i = self
            .metadata_lines
            .binary_search_by_key(&id, |(m, _)| *m)
            .ok()?;
        self.metadata_lines.get(i).map(|(_, l)| *l)
    }
}

/// A call or a function declaration the lenient reader left out of the module: the problem
/// that stopped it is `problems[problem]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    /// The line it starts on.
    pub line: u32,
    /// A call or a declaration.
    pub kind: SkippedKind,
    /// The name of the function it calls or declares (unescaped, without `@`).
    pub name: Box<[u8]>,
    /// Whether it was left open: its text goes on past its first line and fails there (an
    /// operand list without its `)`, a string without its closing quote), or at the end of
    /// the input. The reader resumes at the next line after its first that starts an
    /// instruction (or a top-level entity).
    pub open: bool,
    /// The problem that stopped it: an index into [`Lenient::problems`].
    pub problem: usize,
}

/// What the lenient reader skipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SkippedKind {
    /// A call instruction (of a named function).
    Call,
    /// A function declaration (`declare`).
    Declaration,
}

/// An operand of an instruction that names a local value never defined: its function, its
/// instruction, and its position among the instruction's value operands in the order of
/// [`Body::for_each_operand`](crate::model::Body::for_each_operand) (for a call, the
/// arguments first: position `i` is argument `i`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Undefined {
    /// The function.
    pub function: crate::model::FuncId,
    /// The instruction.
    pub inst: crate::model::InstId,
    /// The operand's position.
    pub operand: u32,
    /// The name as written (`%x`, `%3`).
    pub name: Box<str>,
}

/// Reads a module strictly: the first error is the result.
pub fn parse(text: &[u8]) -> Result<Module, TextError> {
    let mut st = parse::State::new(false);
    parse::Parser::new(&mut st, text, 1).top_level()?;
    parse::finish(&mut st)?;
    Ok(st.m)
}

/// Reads a module leniently: recovers after each error and lists the problems.
pub fn parse_lenient(text: &[u8]) -> Lenient {
    let mut st = parse::State::new(true);
    // In lenient mode the reader records problems instead of failing.
    let _ = parse::Parser::new(&mut st, text, 1).top_level();
    let _ = parse::finish(&mut st);
    let metadata_lines = st.metadata_lines();
    Lenient {
        module: st.m,
        problems: st.problems,
        skipped: st.skipped,
        metadata_lines,
        undefined: st.undefined,
    }
}

/// How much text the streaming reader gathers before it reads a piece.
const PIECE: usize = 1 << 20;

/// Feeds `input` to the reader's state in pieces cut between top-level entities: a piece is
/// cut before the first line, once it holds [`PIECE`] bytes, that starts an entity outside a
/// function body. The input is gathered as the reader hands it over and its lines are looked
/// at in place (one copy of each byte).
fn read_pieces(st: &mut parse::State, mut input: impl std::io::BufRead) -> Result<(), ReadError> {
    let mut piece: Vec<u8> = Vec::with_capacity(PIECE + (64 << 10));
    // The line number of the piece's first line; the lines of `piece[..scanned]`, which have
    // been looked at.
    let mut piece_line = 1u32;
    let mut lines = 0u32;
    let mut scanned = 0usize;
    let mut in_body = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.into()),
        };
        let eof = chunk.is_empty();
        piece.extend_from_slice(chunk);
        let n = chunk.len();
        input.consume(n);
        loop {
            // The next line (at the end of the input, what is left even without its '\n').
            let end = match memchr::memchr(b'\n', &piece[scanned..]) {
                Some(i) => scanned + i + 1,
                None if eof && scanned < piece.len() => piece.len(),
                None => break,
            };
            let line = &piece[scanned..end];
            let at_entity = !in_body
                && matches!(
                    line.first(),
                    Some(b'@' | b'!' | b'%' | b'$' | b'd' | b'a' | b't' | b's')
                );
            if scanned >= PIECE && at_entity {
                parse::Parser::new(st, &piece[..scanned], piece_line).top_level()?;
                piece_line = piece_line.saturating_add(lines);
                lines = 0;
                piece.drain(..scanned);
                scanned = 0;
                continue;
            }
            if line.starts_with(b"define") {
                in_body = true;
            } else if line.starts_with(b"}") {
                in_body = false;
            }
            scanned = end;
            lines += 1;
        }
        if eof {
            parse::Parser::new(st, &piece, piece_line).top_level()?;
            return Ok(());
        }
    }
}

/// Reads a module strictly from a reader, a piece at a time (pieces are cut between
/// top-level entities, so a function body is read at once).
pub fn read(input: impl std::io::BufRead) -> Result<Module, ReadError> {
    let mut st = parse::State::new(false);
    read_pieces(&mut st, input)?;
    parse::finish(&mut st)?;
    Ok(st.m)
}

/// Reads a module leniently from a reader, a piece at a time; only a failure to read the
/// input is an error.
pub fn read_lenient(input: impl std::io::BufRead) -> Result<Lenient, std::io::Error> {
    let mut st = parse::State::new(true);
    match read_pieces(&mut st, input) {
        Err(ReadError::Io(e)) => return Err(e),
        Err(ReadError::Text(_)) | Ok(()) => {}
    }
    let _ = parse::finish(&mut st);
    let metadata_lines = st.metadata_lines();
    Ok(Lenient {
        module: st.m,
        problems: st.problems,
        skipped: st.skipped,
        metadata_lines,
        undefined: st.undefined,
    })
}

impl parse::Parser<'_, '_> {
    /// A type as text, for messages.
    pub(crate) fn type_name(&self, ty: TypeId) -> String {
        print::type_string(&self.st.m, ty)
    }
}
