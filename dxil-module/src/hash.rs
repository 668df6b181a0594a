//! Hashing for the crate's tables: a fast hasher for maps whose keys are small ids and short
//! names, and [`IdTable`], the index of the model's interned tables (names, types, constants),
//! which finds an item kept in a list by its position without holding a second copy of it.
//!
//! The items of the interned tables come from the input (names, types, constants of a file), so
//! their hashes start from a key chosen at random once per process ([`hash_of`],
//! [`hash_bytes`]): an input cannot be made to collide in them and turn the decoding or reading
//! of a file quadratic. The table is never iterated, so the key changes no output. The maps of
//! [`Map`] start from zero (their order is the same in every run).

use std::collections::HashMap;
use std::hash::{BuildHasher, BuildHasherDefault, Hash, Hasher};
use std::sync::OnceLock;

/// A multiply-rotate hasher over words.
#[derive(Default, Clone, Copy)]
pub(crate) struct WordHasher(u64);

const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;

/// The key of the interned tables' hashes: random, chosen once per process.
fn key() -> u64 {
    static KEY: OnceLock<u64> = OnceLock::new();
    *KEY.get_or_init(|| std::collections::hash_map::RandomState::new().hash_one(K))
}

impl WordHasher {
    /// A hasher that starts from the process's random key.
    fn keyed() -> Self {
        WordHasher(key())
    }

    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(K);
    }
}

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        // Every bit of the state reaches the upper and the lower half.
        let x = (self.0 ^ (self.0 >> 32)).wrapping_mul(K);
        x ^ (x >> 29)
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            // Byte by byte: a copy of a length known only at run time is a call.
            let w = rest.iter().rev().fold(0u64, |w, &b| w << 8 | u64::from(b));
            self.add(w);
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
}

/// A hash map with [`WordHasher`].
pub(crate) type Map<K, V> = HashMap<K, V, BuildHasherDefault<WordHasher>>;

/// The keyed [`WordHasher`] hash of a value.
pub(crate) fn hash_of<T: Hash + ?Sized>(value: &T) -> u64 {
    let mut h = WordHasher::keyed();
    value.hash(&mut h);
    h.finish()
}

/// Whether two byte strings are equal, compared a word at a time without a call (names are
/// short: a call to `memcmp` costs more than the comparison).
pub(crate) fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let (mut x, mut y) = (a.chunks_exact(8), b.chunks_exact(8));
    let word = |c: &[u8]| <[u8; 8]>::try_from(c).map(u64::from_ne_bytes).unwrap_or(0);
    for (p, q) in (&mut x).zip(&mut y) {
        if word(p) != word(q) {
            return false;
        }
    }
    x.remainder().iter().zip(y.remainder()).all(|(p, q)| p == q)
}

/// The keyed [`WordHasher`] hash of bytes (without a length prefix).
pub(crate) fn hash_bytes(bytes: &[u8]) -> u64 {
    let mut h = WordHasher::keyed();
    h.write(bytes);
    h.finish()
}

/// A slot of [`IdTable`]: an id and the upper half of its item's hash; `EMPTY` when free.
#[derive(Clone, Copy, Debug)]
struct Slot {
    id: u32,
    hash: u32,
}

const EMPTY: u32 = u32::MAX;

/// The index of a list of distinct items: the positions of the items in a hash table with
/// open addressing. The items stay in their list; a lookup hashes the key, and the caller
/// says whether the item at a position is the key. Each slot keeps 32 bits of its item's hash,
/// so that the table grows without hashing the items again. Ids go up to `u32::MAX - 1`.
#[derive(Clone, Debug, Default)]
pub(crate) struct IdTable {
    slots: Vec<Slot>,
    len: usize,
}

fn short(hash: u64) -> u32 {
    (hash >> 32) as u32
}

impl IdTable {
    /// The id whose item `is` says is the key of hash `hash`.
    pub(crate) fn find(&self, hash: u64, mut is: impl FnMut(u32) -> bool) -> Option<u32> {
        let mask = self.slots.len().checked_sub(1)?;
        let h = short(hash);
        let mut i = h as usize & mask;
        loop {
            let s = *self.slots.get(i)?;
            if s.id == EMPTY {
                return None;
            }
            if s.hash == h && is(s.id) {
                return Some(s.id);
            }
            i = (i + 1) & mask;
        }
    }

    /// Adds `id` (not in the table yet) for an item of hash `hash`.
    pub(crate) fn insert(&mut self, hash: u64, id: u32) {
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        self.place(Slot {
            id,
            hash: short(hash),
        });
        self.len += 1;
    }

    /// Room for `n` more ids without growing (one new table at most).
    pub(crate) fn reserve(&mut self, n: usize) {
        let needed = self.len.saturating_add(n).saturating_mul(4).div_ceil(3);
        if needed > self.slots.len() {
            self.resize(needed.checked_next_power_of_two().unwrap_or(needed).max(16));
        }
    }

    fn place(&mut self, slot: Slot) {
        let mask = self.slots.len().wrapping_sub(1);
        let mut i = slot.hash as usize & mask;
        while let Some(s) = self.slots.get_mut(i) {
            if s.id == EMPTY {
                *s = slot;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        self.resize((self.slots.len() * 2).max(16));
    }

    /// Moves the ids to a table of `size` slots (a power of two, more than the ids).
    fn resize(&mut self, size: usize) {
        let old = std::mem::replace(&mut self.slots, vec![Slot { id: EMPTY, hash: 0 }; size]);
        for s in old {
            if s.id != EMPTY {
                self.place(s);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn id_table_finds_what_was_inserted() {
        let items: Vec<u64> = (0..1000).map(|i| i * 7919).collect();
        let mut t = IdTable::default();
        for (i, x) in items.iter().enumerate() {
            assert_eq!(t.find(hash_of(x), |id| items[id as usize] == *x), None);
            t.insert(hash_of(x), i as u32);
        }
        for (i, x) in items.iter().enumerate() {
            assert_eq!(
                t.find(hash_of(x), |id| items[id as usize] == *x),
                Some(i as u32)
            );
        }
        assert!(same_bytes(b"dx.types.Handle", b"dx.types.Handle"));
        assert!(!same_bytes(b"dx.types.Handle", b"dx.types.Handlf"));
        assert!(!same_bytes(b"abc", b"abcd"));
        assert!(same_bytes(b"", b""));
        // Colliding hashes are told apart by the items.
        let mut c = IdTable::default();
        c.insert(5, 0);
        c.insert(5, 1);
        assert_eq!(c.find(5, |id| id == 1), Some(1));
        assert_eq!(c.find(5, |id| id == 2), None);
    }
}
