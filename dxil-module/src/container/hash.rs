//! The container digest: DXC's "retail" hash, MD5's compression function with its own final
//! block, over the container from byte 20 (the version field) to its end.
//!
//! MD5 pads a message with `0x80`, zeros and the bit count in the last 8 bytes. The retail
//! hash fills its last block differently: the bit count (as a `u32`) in the block's first 4
//! bytes, then the message bytes left over, `0x80` and zeros, and in the last 4 bytes the
//! byte count times 2 plus 1. When 56 or more bytes are left over they go, with `0x80` and
//! zeros, into a block of their own, and the counts into one more block. Counts are `u32`
//! arithmetic that wraps, as in DXC (a container's size is a `u32`).

use super::error::Error;

/// The digest of the container `bytes` (its first `size` bytes, from its header; at least
/// the 32 bytes of the header): the retail hash of the bytes from 20 on.
pub fn container_digest(bytes: &[u8]) -> Result<[u8; 16], Error> {
    let size = super::header::Header::parse(bytes)?.size as usize;
    Ok(retail_hash(&bytes[20..size]))
}

/// Computes the digest of the container `bytes` and writes it into its header (bytes 4 to 20).
pub fn sign(bytes: &mut [u8]) -> Result<(), Error> {
    let digest = container_digest(bytes)?;
    bytes[4..20].copy_from_slice(&digest);
    Ok(())
}

/// Whether a container's stored digest is the one its bytes give.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DigestStatus {
    /// The stored digest is the computed one.
    Matches,
    /// The stored digest is all zeros: the container was never signed.
    Zero,
    /// The stored digest differs from the computed one.
    Mismatch {
        /// The digest in the header.
        stored: [u8; 16],
        /// The digest of the bytes.
        computed: [u8; 16],
    },
}

/// Compares `stored` with `computed`.
pub(crate) fn status(stored: [u8; 16], computed: [u8; 16]) -> DigestStatus {
    if stored == computed {
        DigestStatus::Matches
    } else if stored == [0; 16] {
        DigestStatus::Zero
    } else {
        DigestStatus::Mismatch { stored, computed }
    }
}

/// DXC's retail hash of `data` (`ComputeHashRetail`).
pub fn retail_hash(data: &[u8]) -> [u8; 16] {
    let mut state = INITIAL;
    let mut blocks = data.chunks_exact(64);
    for block in &mut blocks {
        compress(&mut state, block);
    }
    let rest = blocks.remainder();
    let count = data.len() as u32;
    let bits = count.wrapping_shl(3).to_le_bytes();
    let last = (count.wrapping_shl(1) | 1).to_le_bytes();
    let mut block = [0u8; 64];
    if rest.len() < 56 {
        block[..4].copy_from_slice(&bits);
        block[4..4 + rest.len()].copy_from_slice(rest);
        block[4 + rest.len()] = 0x80;
    } else {
        block[..rest.len()].copy_from_slice(rest);
        block[rest.len()] = 0x80;
        compress(&mut state, &block);
        block = [0; 64];
        block[..4].copy_from_slice(&bits);
    }
    block[60..].copy_from_slice(&last);
    compress(&mut state, &block);
    let mut out = [0; 16];
    for (chunk, word) in out.chunks_exact_mut(4).zip(state) {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    out
}

/// The digest as 32 lowercase hex digits.
pub fn hex(digest: &[u8; 16]) -> String {
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// MD5's initial state.
const INITIAL: [u32; 4] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476];

/// MD5's additive constants: the integer part of `|sin(i + 1)| * 2^32` for step `i`.
const SINES: [u32; 64] = [
    0xd76a_a478,
    0xe8c7_b756,
    0x2420_70db,
    0xc1bd_ceee,
    0xf57c_0faf,
    0x4787_c62a,
    0xa830_4613,
    0xfd46_9501,
    0x6980_98d8,
    0x8b44_f7af,
    0xffff_5bb1,
    0x895c_d7be,
    0x6b90_1122,
    0xfd98_7193,
    0xa679_438e,
    0x49b4_0821,
    0xf61e_2562,
    0xc040_b340,
    0x265e_5a51,
    0xe9b6_c7aa,
    0xd62f_105d,
    0x0244_1453,
    0xd8a1_e681,
    0xe7d3_fbc8,
    0x21e1_cde6,
    0xc337_07d6,
    0xf4d5_0d87,
    0x455a_14ed,
    0xa9e3_e905,
    0xfcef_a3f8,
    0x676f_02d9,
    0x8d2a_4c8a,
    0xfffa_3942,
    0x8771_f681,
    0x6d9d_6122,
    0xfde5_380c,
    0xa4be_ea44,
    0x4bde_cfa9,
    0xf6bb_4b60,
    0xbebf_bc70,
    0x289b_7ec6,
    0xeaa1_27fa,
    0xd4ef_3085,
    0x0488_1d05,
    0xd9d4_d039,
    0xe6db_99e5,
    0x1fa2_7cf8,
    0xc4ac_5665,
    0xf429_2244,
    0x432a_ff97,
    0xab94_23a7,
    0xfc93_a039,
    0x655b_59c3,
    0x8f0c_cc92,
    0xffef_f47d,
    0x8584_5dd1,
    0x6fa8_7e4f,
    0xfe2c_e6e0,
    0xa301_4314,
    0x4e08_11a1,
    0xf753_7e82,
    0xbd3a_f235,
    0x2ad7_d2bb,
    0xeb86_d391,
];

/// MD5's rotation amounts: four per round, repeated over the round's 16 steps.
const ROTATIONS: [[u32; 4]; 4] = [
    [7, 12, 17, 22],
    [5, 9, 14, 20],
    [4, 11, 16, 23],
    [6, 10, 15, 21],
];

/// MD5's compression of one 64-byte block into `state`.
fn compress(state: &mut [u32; 4], block: &[u8]) {
    let mut words = [0u32; 16];
    for (word, bytes) in words.iter_mut().zip(block.chunks_exact(4)) {
        *word = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
    }
    let [mut a, mut b, mut c, mut d] = *state;
    for step in 0..64 {
        let round = step / 16;
        let (mix, index) = match round {
            0 => ((b & c) | (!b & d), step),
            1 => ((b & d) | (c & !d), (5 * step + 1) % 16),
            2 => (b ^ c ^ d, (3 * step + 5) % 16),
            _ => (c ^ (b | !d), (7 * step) % 16),
        };
        let sum = a
            .wrapping_add(mix)
            .wrapping_add(SINES[step])
            .wrapping_add(words[index]);
        let rotated = sum.rotate_left(ROTATIONS[round][step % 4]);
        (a, d, c) = (d, c, b);
        b = b.wrapping_add(rotated);
    }
    for (s, v) in state.iter_mut().zip([a, b, c, d]) {
        *s = s.wrapping_add(v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// MD5 itself (the RFC's padding) through the same compression, to check the compression
    /// against known MD5 digests.
    fn md5(data: &[u8]) -> [u8; 16] {
        let mut message = data.to_vec();
        message.push(0x80);
        while message.len() % 64 != 56 {
            message.push(0);
        }
        message.extend_from_slice(&((data.len() as u64) * 8).to_le_bytes());
        let mut state = INITIAL;
        for block in message.chunks_exact(64) {
            compress(&mut state, block);
        }
        let mut out = [0; 16];
        for (chunk, word) in out.chunks_exact_mut(4).zip(state) {
            chunk.copy_from_slice(&word.to_le_bytes());
        }
        out
    }

    #[test]
    fn the_compression_is_md5s() {
        assert_eq!(hex(&md5(b"")), "d41d8cd98f00b204e9800998ecf8427e");
        assert_eq!(hex(&md5(b"abc")), "900150983cd24fb0d6963f7d28e17f72");
        assert_eq!(
            hex(&md5(b"The quick brown fox jumps over the lazy dog")),
            "9e107d9d372bb6826bd81d3542a419d6"
        );
    }

    #[test]
    fn the_last_block_depends_on_every_length() {
        // every remainder length, both one-block and two-block endings, differs
        let data: Vec<u8> = (0..200u8).collect();
        let digests: std::collections::HashSet<[u8; 16]> =
            (0..data.len()).map(|n| retail_hash(&data[..n])).collect();
        assert_eq!(digests.len(), data.len());
    }

    #[test]
    fn a_digest_is_zero_matches_or_mismatch() {
        assert_eq!(status([1; 16], [1; 16]), DigestStatus::Matches);
        assert_eq!(status([0; 16], [1; 16]), DigestStatus::Zero);
        assert!(matches!(
            status([2; 16], [1; 16]),
            DigestStatus::Mismatch { .. }
        ));
    }
}
