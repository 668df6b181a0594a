//! The mutations of the mutation tests: where to truncate an input, and deterministic
//! pseudo-random changes of its bytes.

#![allow(dead_code)]

/// xorshift64*: a small deterministic generator.
pub struct Rng(pub u64);

impl Rng {
    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let r = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D);
        if n == 0 { 0 } else { (r % n as u64) as usize }
    }
}

/// Where to truncate an input of `len` bytes: every byte of the first 64 and of the last 64,
/// and 63 points between.
pub fn cuts(len: usize) -> impl Iterator<Item = usize> {
    (0..len.min(64))
        .chain(len.saturating_sub(64)..len)
        .chain((1..64).map(move |i| i * len / 64))
}

/// Mutation number `round` of `bytes` (at least 4 long): one to three bits flipped (rounds 0
/// and 1 of every 4), a byte replaced (2), a 4-byte word repeated (3).
pub fn mutate(bytes: &[u8], round: usize, rng: &mut Rng) -> Vec<u8> {
    let mut out = bytes.to_vec();
    let len = out.len();
    match round % 4 {
        0 | 1 => {
            for _ in 0..=round % 3 {
                let bit = rng.below(len * 8);
                out[bit / 8] ^= 1 << (bit % 8);
            }
        }
        2 => {
            let at = rng.below(len);
            out[at] = rng.below(256) as u8;
        }
        _ => {
            let at = rng.below(len / 4) * 4;
            let word = out[at..at + 4].to_vec();
            out.splice(at..at, word);
        }
    }
    out
}
