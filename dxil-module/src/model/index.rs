//! [`HashIndex`]: the index behind the tables that hold each item once ([`Types`],
//! [`Constants`], [`Symbols`]): from an item's hash to its id, without a copy of the item.
//!
//! [`Types`]: super::Types
//! [`Constants`]: super::Constants
//! [`Symbols`]: super::Symbols

use std::hash::{BuildHasher, Hash, Hasher, RandomState};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

/// An empty slot.
const NONE: u32 = u32::MAX;

const P: u64 = 0x9E37_79B9_7F4A_7C15;
const Q: u64 = 0xD6E8_FEB8_6659_FD93;

/// The product of two words, its high half folded onto its low half.
#[inline]
fn fold(a: u64, b: u64) -> u64 {
    let r = u128::from(a) * u128::from(b);
    (r as u64) ^ ((r >> 64) as u64)
}

/// A hasher of words by folded multiplication from a per-table random seed: fast on the small
/// items of the tables, and with the seed unknown an input cannot choose collisions.
struct Folded(u64);

impl Hasher for Folded {
    #[inline]
    fn finish(&self) -> u64 {
        fold(self.0, Q)
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.write_u64(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.write_u64(u64::from_le_bytes(w) ^ ((rest.len() as u64) << 59));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }

    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.write_u64(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.0 = fold(self.0 ^ i, P);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }

    #[inline]
    fn write_i64(&mut self, i: i64) {
        self.write_u64(i as u64);
    }

    #[inline]
    fn write_isize(&mut self, i: isize) {
        self.write_u64(i as u64);
    }
}

/// The ids of a table's items by their hash: an open-addressing table of ids (linear
/// probing, at most half full) and the hash of each id added. Looking up hashes the probe
/// once and compares it only with items of the same hash; adding stores the id, not the
/// item.
#[derive(Clone, Debug)]
pub(crate) struct HashIndex {
    seed: u64,
    /// Ids, or [`NONE`]; empty, or a power of two long.
    slots: Vec<u32>,
    /// The hash of each id (0 for ids not added).
    hashes: Vec<u64>,
    count: usize,
}

/// A new random seed: a random number of the process (drawn once) mixed with a count of the
/// seeds made.
fn new_seed() -> u64 {
    static BASE: OnceLock<u64> = OnceLock::new();
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let base = *BASE.get_or_init(|| RandomState::new().hash_one(0x5EED_u64));
    fold(base ^ COUNT.fetch_add(1, Ordering::Relaxed), P)
}

impl Default for HashIndex {
    fn default() -> Self {
        HashIndex {
            seed: new_seed(),
            slots: Vec::new(),
            hashes: Vec::new(),
            count: 0,
        }
    }
}

impl HashIndex {
    /// The hash of an item.
    #[inline]
    pub(crate) fn hash<T: Hash + ?Sized>(&self, item: &T) -> u64 {
        let mut h = Folded(self.seed);
        item.hash(&mut h);
        h.finish()
    }

    /// The id of hash `h` for which `same` holds, if any.
    #[inline]
    pub(crate) fn find(&self, h: u64, mut same: impl FnMut(u32) -> bool) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = h as usize & mask;
        loop {
            let id = *self.slots.get(i)?;
            if id == NONE {
                return None;
            }
            if self.hashes.get(id as usize) == Some(&h) && same(id) {
                return Some(id);
            }
            i = (i + 1) & mask;
        }
    }

    /// Adds id `id` with hash `h`.
    #[inline]
    pub(crate) fn add(&mut self, h: u64, id: u32) {
        if (self.count + 1) * 2 > self.slots.len() {
            self.grow(self.count + 1);
        }
        let i = id as usize;
        if self.hashes.len() <= i {
            self.hashes.resize(i + 1, 0);
        }
        self.hashes[i] = h;
        self.place(h, id);
        self.count += 1;
    }

    /// Room for `n` more ids without growing.
    pub(crate) fn reserve(&mut self, n: usize) {
        self.hashes.reserve(n);
        if (self.count + n) * 2 > self.slots.len() {
            self.grow(self.count + n);
        }
    }

    fn place(&mut self, h: u64, id: u32) {
        let mask = self.slots.len() - 1;
        let mut i = h as usize & mask;
        while self.slots[i] != NONE {
            i = (i + 1) & mask;
        }
        self.slots[i] = id;
    }

    /// Makes room for `n` ids (at most half of the slots full).
    fn grow(&mut self, n: usize) {
        let size = (n * 2).next_power_of_two().max(16);
        if size <= self.slots.len() {
            return;
        }
        let old = std::mem::replace(&mut self.slots, vec![NONE; size]);
        for id in old.into_iter().filter(|&id| id != NONE) {
            let h = self.hashes.get(id as usize).copied().unwrap_or(0);
            self.place(h, id);
        }
    }
}
