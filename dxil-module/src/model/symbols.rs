//! Names, interned: a module holds each distinct name once, and a [`Sym`] is 4 bytes.

use std::num::NonZeroU32;

use crate::hash::{IdTable, hash_bytes, same_bytes};

/// An interned name (of a value, a block, a struct type, a section, a metadata kind, ...):
/// see [`Symbols`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sym(NonZeroU32);

impl Sym {
    /// The position in [`Symbols`].
    pub fn index(self) -> usize {
        self.0.get() as usize - 1
    }
}

/// The names of a module. Names are bytes: LLVM allows any bytes in a quoted name, so a name
/// need not be UTF-8.
#[derive(Clone, Debug, Default)]
pub struct Symbols {
    bytes: Vec<u8>,
    spans: Vec<(u32, u32)>,
    /// The positions of the names, by their hash.
    index: IdTable,
}

impl PartialEq for Symbols {
    fn eq(&self, other: &Self) -> bool {
        self.spans.len() == other.spans.len()
            && (0..self.spans.len()).all(|i| self.get_index(i) == other.get_index(i))
    }
}

impl Eq for Symbols {}

/// The number of names or bytes went past what a [`Sym`] can address (4 GiB of names).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SymbolsFull;

impl std::fmt::Display for SymbolsFull {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("more than 4 GiB of names")
    }
}

impl std::error::Error for SymbolsFull {}

impl Symbols {
    /// An empty table.
    pub fn new() -> Symbols {
        Symbols::default()
    }

    /// The symbol of `name`, added if new.
    pub fn intern(&mut self, name: &[u8]) -> Result<Sym, SymbolsFull> {
        let hash = hash_bytes(name);
        if let Some(sym) = self.find_hashed(name, hash) {
            return Ok(sym);
        }
        let start = u32::try_from(self.bytes.len()).map_err(|_| SymbolsFull)?;
        let end = start
            .checked_add(u32::try_from(name.len()).map_err(|_| SymbolsFull)?)
            .ok_or(SymbolsFull)?;
        let index = u32::try_from(self.spans.len())
            .ok()
            .filter(|&i| i < u32::MAX - 1)
            .ok_or(SymbolsFull)?;
        let sym = Sym(NonZeroU32::new(index + 1).ok_or(SymbolsFull)?);
        self.bytes.extend_from_slice(name);
        self.spans.push((start, end));
        self.index.insert(hash, index);
        Ok(sym)
    }

    /// Room for `names` more names of `bytes` bytes in all.
    pub fn reserve(&mut self, names: usize, bytes: usize) {
        self.bytes.reserve(bytes);
        self.spans.reserve(names);
        self.index.reserve(names);
    }

    /// The symbol of `name`, if it was interned.
    pub fn find(&self, name: &[u8]) -> Option<Sym> {
        self.find_hashed(name, hash_bytes(name))
    }

    fn find_hashed(&self, name: &[u8], hash: u64) -> Option<Sym> {
        let index = self
            .index
            .find(hash, |i| same_bytes(self.get_index(i as usize), name))?;
        NonZeroU32::new(index + 1).map(Sym)
    }

    /// The bytes of a symbol (empty for a symbol of another table).
    pub fn bytes(&self, sym: Sym) -> &[u8] {
        self.get_index(sym.index())
    }

    /// The name of a symbol as text: `None` when it is not UTF-8.
    pub fn str(&self, sym: Sym) -> Option<&str> {
        std::str::from_utf8(self.bytes(sym)).ok()
    }

    /// The name of a symbol as text, with invalid UTF-8 replaced.
    pub fn lossy(&self, sym: Sym) -> std::borrow::Cow<'_, str> {
        String::from_utf8_lossy(self.bytes(sym))
    }

    /// The number of symbols.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    fn get_index(&self, i: usize) -> &[u8] {
        self.spans
            .get(i)
            .and_then(|&(s, e)| self.bytes.get(s as usize..e as usize))
            .unwrap_or(&[])
    }
}
