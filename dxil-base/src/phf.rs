//! Perfect hashing of names for static tables.
//!
//! The generator picks a seed for which [`hash`] sends every key to its own slot of a table of
//! [`slots_for`] entries; the runtime hashes a name with the same seed and compares the one key
//! in that slot. A lookup is one hash over 8-byte words, one load and one comparison, with no
//! dependency between bytes, which matters for the short names of DXIL (`rawBufferVectorLoad`,
//! `INSTR.OLOAD`).
//!
//! Both sides use this crate, so they cannot disagree about the hash.

const K: u64 = 0x9E37_79B9_7F4A_7C15;

/// Mixes one word into the state.
const fn mix(h: u64, w: u64) -> u64 {
    let h = (h ^ w).wrapping_mul(K);
    h ^ (h >> 29)
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// Eight bytes as a little-endian word.
#[inline]
fn full(c: &[u8]) -> u64 {
    match <[u8; 8]>::try_from(c) {
        Ok(b) => u64::from_le_bytes(b),
        Err(_) => tail(c),
    }
}

/// Fewer than eight bytes as a little-endian word, zero-padded.
#[inline]
fn tail(c: &[u8]) -> u64 {
    let mut w = 0u64;
    let mut shift = 0;
    for &b in c.iter().take(8) {
        w |= u64::from(b) << shift;
        shift += 8;
    }
    w
}

/// The hash of `name` with `seed`: 8-byte little-endian words (the last one padded with zeros,
/// and always present), then the length.
#[inline]
pub fn hash(name: &[u8], seed: u64) -> u64 {
    let mut h = seed;
    let mut chunks = name.chunks_exact(8);
    for c in &mut chunks {
        h = mix(h, full(c));
    }
    h = mix(h, tail(chunks.remainder()));
    finish(h, name.len())
}

#[inline]
fn finish(h: u64, len: usize) -> u64 {
    let h = mix(h, (len as u64).wrapping_mul(K));
    h ^ (h >> 32)
}

/// The bytes of `w` before its first byte equal to the delimiter (`pattern` has it in every
/// byte), and their number; `None` when `w` has none among its first `len` bytes.
#[inline]
fn before(w: u64, pattern: u64, len: usize) -> Option<(u64, usize)> {
    let x = w ^ pattern;
    let mut found = x.wrapping_sub(ONES) & !x & HIGHS;
    if len < 8 {
        found &= (1u64 << (len * 8)).wrapping_sub(1);
    }
    if found == 0 {
        return None;
    }
    let at = (found.trailing_zeros() / 8) as usize;
    let kept = if at == 0 {
        0
    } else {
        w & (u64::MAX >> (64 - 8 * at))
    };
    Some((kept, at))
}

/// The hash of the part of `name` before the first `delimiter` byte (all of it when there is
/// none), and that part's length, in one pass over 8-byte words.
#[inline]
pub fn hash_until(name: &[u8], delimiter: u8, seed: u64) -> (u64, usize) {
    let pattern = ONES.wrapping_mul(u64::from(delimiter));
    let mut h = seed;
    let mut start = 0;
    let mut chunks = name.chunks_exact(8);
    for c in &mut chunks {
        let w = full(c);
        if let Some((kept, at)) = before(w, pattern, 8) {
            return (finish(mix(h, kept), start + at), start + at);
        }
        h = mix(h, w);
        start += 8;
    }
    let rest = chunks.remainder();
    let w = tail(rest);
    if let Some((kept, at)) = before(w, pattern, rest.len()) {
        return (finish(mix(h, kept), start + at), start + at);
    }
    (finish(mix(h, w), name.len()), name.len())
}

/// The slot of a hash in a table of `slots` entries (a power of two).
pub const fn slot(hash: u64, slots: usize) -> usize {
    (hash as usize) & (slots - 1)
}

/// The table size for `keys` keys: a power of two with room to spare, so that a seed without
/// collisions is found quickly.
pub const fn slots_for(keys: usize) -> usize {
    let want = keys.saturating_mul(16);
    let mut n = 16;
    while n < want {
        n *= 2;
    }
    n
}

/// Marks an empty slot.
pub const EMPTY: u16 = u16::MAX;

/// Whether `seed` sends every key to its own slot of a table of `slots` entries. `seen` is
/// scratch space of `slots` entries.
pub fn separates<'k>(keys: impl Iterator<Item = &'k [u8]>, seed: u64, seen: &mut [bool]) -> bool {
    seen.iter_mut().for_each(|s| *s = false);
    let slots = seen.len();
    for k in keys {
        let s = slot(hash(k, seed), slots);
        if seen[s] {
            return false;
        }
        seen[s] = true;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_until_agrees_with_hash() {
        let names: [&[u8]; 9] = [
            b"",
            b".",
            b"unary",
            b"unary.f32",
            b"rawBufferVectorLoad.v4f32",
            b"abcdefgh",
            b"abcdefgh.x",
            b"abcdefg.",
            b"abcdefghijklmnopqrstuvwxyz",
        ];
        for n in names {
            let stem_len = n.iter().position(|b| *b == b'.').unwrap_or(n.len());
            let (h, len) = hash_until(n, b'.', 7);
            assert_eq!(len, stem_len, "{:?}", core::str::from_utf8(n));
            assert_eq!(h, hash(&n[..stem_len], 7), "{:?}", core::str::from_utf8(n));
        }
    }

    #[test]
    fn hashes_differ_and_depend_on_every_byte() {
        assert_ne!(hash(b"unary", 1), hash(b"unarz", 1));
        assert_ne!(hash(b"abcdefghi", 1), hash(b"abcdefghj", 1));
        assert_ne!(hash(b"", 1), hash(b"\0", 1));
        assert_ne!(hash(b"unary", 1), hash(b"unary", 2));
        assert_eq!(slots_for(347), 8192);
        let keys: [&[u8]; 3] = [b"a", b"b", b"c"];
        let mut seen = [false; 16];
        assert!((0..100).any(|s| separates(keys.iter().copied(), s, &mut seen)));
    }
}
