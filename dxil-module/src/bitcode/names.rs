//! Names made unique within their symbol table, as LLVM makes them when it reads a module: a
//! name given a second time among the struct types, among the globals and functions, or
//! among one body's arguments, results and blocks takes a numbered suffix (Mesa's DXIL
//! emitter, for one, may name two types or two globals alike).

use crate::model::{Sym, Symbols, SymbolsFull};

/// How a symbol table numbers the suffixes of repeated names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Suffix {
    /// `.0`, `.1`, ...: struct types.
    Struct,
    /// `.1`, `.2`, ...: globals and functions.
    Global,
    /// `1`, `2`, ...: a body's values and blocks.
    Local,
}

/// The names given so far in one symbol table, and the last suffix given.
#[derive(Debug)]
pub(crate) struct Names {
    /// For each symbol, the table that took it last; taken in this one when it is `table`.
    stamp: Vec<u32>,
    /// The current table (from 1; a fresh stamp is 0).
    table: u32,
    /// The suffixes given in this table.
    given: u32,
    suffix: Suffix,
}

impl Names {
    /// An empty table whose repeated names take suffixes as `suffix` says.
    pub(crate) fn new(suffix: Suffix) -> Names {
        Names {
            stamp: Vec::new(),
            table: 1,
            given: 0,
            suffix,
        }
    }

    /// Empties the table (for the next body).
    pub(crate) fn clear(&mut self) {
        self.table = self.table.wrapping_add(1);
        if self.table == 0 {
            // after 2^32 bodies (never with the input limits): start the stamps afresh
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.table = 1;
        }
        self.given = 0;
    }

    /// Takes `sym` in the table; false when it was taken already.
    fn take(&mut self, sym: Sym) -> bool {
        let i = sym.index();
        if i >= self.stamp.len() {
            self.stamp.resize(i + 1, 0);
        }
        match self.stamp.get_mut(i) {
            Some(s) if *s != self.table => {
                *s = self.table;
                true
            }
            _ => false,
        }
    }

    /// `name`, taken in the table; if it was taken already, the first of `name` with the
    /// next suffixes that is not.
    pub(crate) fn unique(&mut self, symbols: &mut Symbols, name: Sym) -> Result<Sym, SymbolsFull> {
        if self.take(name) {
            return Ok(name);
        }
        let mut text = symbols.bytes(name).to_vec();
        let base = text.len();
        loop {
            if self.given == u32::MAX {
                // as many suffixes as a table can give (never within the input limits)
                return Err(SymbolsFull);
            }
            text.truncate(base);
            let n = match self.suffix {
                Suffix::Struct => self.given,
                Suffix::Global | Suffix::Local => self.given + 1,
            };
            self.given += 1;
            if self.suffix != Suffix::Local {
                text.push(b'.');
            }
            text.extend_from_slice(n.to_string().as_bytes());
            let sym = symbols.intern(&text)?;
            if self.take(sym) {
                return Ok(sym);
            }
        }
    }
}
