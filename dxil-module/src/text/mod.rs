//! LLVM IR text: the reader (text → [`Module`]) and the printer ([`Module`] → text).
//!
//! The reader takes LLVM 3.7's syntax as DXC writes it (typed pointers, `load T, T* P`,
//! `getelementptr T, T* P, ...`, `call T @f(...)`, metadata `!{...}`, debug-information nodes)
//! and the syntax `llvm-dis-14` prints for DXIL. It comes in three forms:
//!
//! - [`parse`]: strict; the first error, with its line and column, is the result.
//! - [`parse_lenient`]: for the lint; it reads what it can, recovers at the next instruction
//!   (or the next top-level entity) after an error, and returns the module with the list of
//!   problems. A call to an undeclared function keeps its callee as a declaration made from
//!   the call; an undefined local becomes `undef` of the type it was used with; a call whose
//!   operand types differ from its callee's keeps its own function type
//!   ([`Call::fn_ty`](crate::model::Call::fn_ty)), so a checker sees both. Every instruction
//!   keeps its line ([`Inst::line`](crate::model::Inst::line)).
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
pub(crate) use print::type_string;
pub use print::{PrintOptions, print};

use crate::model::{Module, TypeId};

/// What the lenient reader gives: the module as far as it could be read, and the problems.
#[derive(Clone, Debug)]
pub struct Lenient {
    /// The module.
    pub module: Module,
    /// The problems, in the order they were found (mostly the order of the text).
    pub problems: Vec<TextError>,
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
    Lenient {
        module: st.m,
        problems: st.problems,
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
    Ok(Lenient {
        module: st.m,
        problems: st.problems,
    })
}

impl parse::Parser<'_, '_> {
    /// A type as text, for messages.
    pub(crate) fn type_name(&self, ty: TypeId) -> String {
        print::type_string(&self.st.m, ty)
    }
}
