//! Perfect hashing of names for static tables.
//!
//! A name is hashed once ([`hash`]: 8-byte words, no dependency between bytes, which matters
//! for the short names of DXIL such as `rawBufferVectorLoad` or `INSTR.OLOAD`). The upper half
//! of the hash picks a bucket of about four keys; the bucket's pilot, chosen by the generator
//! ([`build`], with the `std` feature), sends the hash to a slot that holds the position of the
//! one key that may be there. A lookup is one hash, two loads and one comparison.
//!
//! This is the displacement scheme of PTHash (Pibiri and Trani, 2021) and of CHD, which `phf`
//! uses; building is linear in the number of keys. The generator and the runtime both use this
//! crate, so they cannot disagree about the hash.

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

/// Fewer than eight bytes as a little-endian word, zero-padded: two overlapping 4-byte reads
/// for 4 to 7 bytes, the first, middle and last byte for 1 to 3 (no loop over the bytes).
#[inline]
fn tail(c: &[u8]) -> u64 {
    let n = c.len().min(7);
    if n >= 4 {
        let lo = u64::from(u32::from_le_bytes([c[0], c[1], c[2], c[3]]));
        let hi = u64::from(u32::from_le_bytes([c[n - 4], c[n - 3], c[n - 2], c[n - 1]]));
        lo | (hi << ((n - 4) * 8))
    } else if n > 0 {
        let (a, b, z) = (u64::from(c[0]), u64::from(c[n / 2]), u64::from(c[n - 1]));
        a | (b << ((n / 2) * 8)) | (z << ((n - 1) * 8))
    } else {
        0
    }
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

/// Marks an empty slot.
pub const EMPTY: u16 = u16::MAX;

/// The most keys a map can have: slots hold key positions below [`EMPTY`].
pub const MAX_KEYS: usize = EMPTY as usize;

/// The number of buckets for `keys` keys: a power of two, about one bucket for four keys.
pub const fn buckets_for(keys: usize) -> usize {
    let mut n = 1;
    while n * 4 < keys {
        n *= 2;
    }
    n
}

/// The number of slots for `keys` keys: a power of two with at least a fifth of the slots
/// free.
pub const fn slots_for(keys: usize) -> usize {
    let want = keys + keys / 4;
    let mut n = 1;
    while n < want {
        n *= 2;
    }
    n
}

/// The bucket of a hash among `buckets` (a power of two): its upper half picks it.
#[inline]
pub const fn bucket(hash: u64, buckets: usize) -> usize {
    ((hash >> 32) as usize) & (buckets - 1)
}

/// The slot of a hash whose bucket has `pilot`, in a table of `slots` entries (a power of
/// two). Keys of one bucket share the pilot; the builder chooses it so that they land in free
/// slots.
#[inline]
pub const fn slot(hash: u64, pilot: u16, slots: usize) -> usize {
    let x = (hash ^ (pilot as u64 + 1).wrapping_mul(0xD6E8_FEB8_6659_FD93)).wrapping_mul(K);
    ((x ^ (x >> 32)) as usize) & (slots - 1)
}

/// Where a key goes: its slot in a map of `pilots` and `slots`.
#[inline]
pub fn place(hash: u64, pilots: &[u16], slots: usize) -> usize {
    let pilot = pilots.get(bucket(hash, pilots.len())).copied().unwrap_or(0);
    slot(hash, pilot, slots)
}

/// A perfect hash of a set of keys, as the generator writes it: the seed of [`hash`], one pilot
/// per bucket, and for each slot the position of the key in it (or [`EMPTY`]).
#[cfg(feature = "std")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// Seed of [`hash`].
    pub seed: u64,
    /// Pilot of each bucket ([`buckets_for`] of them).
    pub pilots: std::vec::Vec<u16>,
    /// Key position in each slot ([`slots_for`] of them), or [`EMPTY`].
    pub slots: std::vec::Vec<u16>,
}

/// Why a set of keys has no [`Table`].
#[cfg(feature = "std")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// More keys than [`MAX_KEYS`].
    TooManyKeys(usize),
    /// The keys at these two positions are equal.
    Duplicate(usize, usize),
    /// No seed of those tried placed every key (not expected for distinct keys).
    NoSeed,
}

#[cfg(feature = "std")]
impl core::fmt::Display for BuildError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            BuildError::TooManyKeys(n) => {
                write!(f, "{n} keys, more than the {MAX_KEYS} a map holds")
            }
            BuildError::Duplicate(a, b) => write!(f, "keys {a} and {b} are equal"),
            BuildError::NoSeed => f.write_str("no seed places every key in its own slot"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for BuildError {}

/// How many seeds [`build`] tries before it gives up.
#[cfg(feature = "std")]
const SEEDS: u64 = 64;

/// The perfect hash of `keys`, built in time linear in their number (PTHash's displacement
/// scheme: buckets of about four keys, largest first, each given the first pilot that sends
/// its keys to free slots). Seeds and pilots are tried in order, so the result is the same on
/// every run.
#[cfg(feature = "std")]
pub fn build(keys: &[&[u8]]) -> Result<Table, BuildError> {
    use std::vec;
    use std::vec::Vec;

    let n = keys.len();
    if n > MAX_KEYS {
        return Err(BuildError::TooManyKeys(n));
    }
    let (nb, ns) = (buckets_for(n), slots_for(n));
    'seeds: for seed in 0..SEEDS {
        let hashes: Vec<u64> = keys.iter().map(|k| hash(k, seed)).collect();
        // keys by bucket (counting sort), and equal hashes, which no pilot separates
        let mut start = vec![0usize; nb + 1];
        for &h in &hashes {
            start[bucket(h, nb) + 1] += 1;
        }
        for b in 0..nb {
            start[b + 1] += start[b];
        }
        let mut fill = start.clone();
        let mut members = vec![0usize; n];
        for (i, &h) in hashes.iter().enumerate() {
            let b = bucket(h, nb);
            members[fill[b]] = i;
            fill[b] += 1;
        }
        for b in 0..nb {
            let m = &members[start[b]..start[b + 1]];
            for (x, &i) in m.iter().enumerate() {
                for &j in &m[..x] {
                    if hashes[i] == hashes[j] {
                        if keys[i] == keys[j] {
                            return Err(BuildError::Duplicate(j.min(i), j.max(i)));
                        }
                        continue 'seeds;
                    }
                }
            }
        }
        // buckets, largest first (ties in bucket order): counting sort by size
        let largest = (0..nb).map(|b| start[b + 1] - start[b]).max().unwrap_or(0);
        let mut by_size: Vec<Vec<usize>> = vec![Vec::new(); largest + 1];
        for b in 0..nb {
            by_size[start[b + 1] - start[b]].push(b);
        }
        let mut pilots = vec![0u16; nb];
        let mut slots = vec![EMPTY; ns];
        let mut tried = Vec::new();
        for b in by_size.iter().rev().flatten().copied() {
            let m = &members[start[b]..start[b + 1]];
            if m.is_empty() {
                continue;
            }
            let found = (0..=u16::MAX).find(|&p| {
                tried.clear();
                m.iter().all(|&i| {
                    let s = slot(hashes[i], p, ns);
                    let free = slots[s] == EMPTY && !tried.contains(&s);
                    tried.push(s);
                    free
                })
            });
            let Some(p) = found else {
                continue 'seeds;
            };
            pilots[b] = p;
            for &i in m {
                slots[slot(hashes[i], p, ns)] = i as u16;
            }
        }
        return Ok(Table {
            seed,
            pilots,
            slots,
        });
    }
    Err(BuildError::NoSeed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tails_are_zero_padded_words() {
        let bytes = *b"abcdefg";
        for n in 0..8 {
            let mut w = [0u8; 8];
            w[..n].copy_from_slice(&bytes[..n]);
            assert_eq!(tail(&bytes[..n]), u64::from_le_bytes(w), "{n}");
        }
    }

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
        assert_eq!(slots_for(347), 512);
        assert_eq!(buckets_for(347), 128);
    }

    #[cfg(feature = "std")]
    fn check(keys: &[&[u8]]) {
        let t = build(keys).expect("distinct keys have a table");
        assert_eq!(t.pilots.len(), buckets_for(keys.len()));
        assert_eq!(t.slots.len(), slots_for(keys.len()));
        for (i, k) in keys.iter().enumerate() {
            let s = place(hash(k, t.seed), &t.pilots, t.slots.len());
            assert_eq!(usize::from(t.slots[s]), i);
        }
    }

    #[cfg(feature = "std")]
    #[test]
    fn every_key_has_its_own_slot() {
        check(&[]);
        check(&[b"a"]);
        check(&[b"a", b"b", b"c"]);
        let many: std::vec::Vec<std::string::String> =
            (0..20_000).map(|i| std::format!("Op{i}")).collect();
        let many: std::vec::Vec<&[u8]> = many.iter().map(|s| s.as_bytes()).collect();
        check(&many);
        assert_eq!(build(&[b"a", b"b", b"a"]), Err(BuildError::Duplicate(0, 2)));
    }
}
