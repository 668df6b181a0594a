//! Bit-level reading and writing: fixed-width fields of up to 64 bits, VBRs, char6 and 32-bit
//! alignment, least significant bit first, as the LLVM bitstream stores them.
//!
//! Every read is bounds-checked and fails with an [`Error`] that names the bit offset and the
//! field being read; nothing here allocates from a value read.

use super::error::{Error, ErrorKind, Expected};

/// The mask of the low `width` bits (`width` at most 64).
#[inline]
pub(crate) fn low_bits(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// A canonical VBR of `W`-bit chunks (`W` 2 to 28) of more than two chunks at the start of
/// `cur`, of which `bits` are unread, if all its chunks are among the first `56 / W` (so its
/// value cannot pass 64 bits): its value and its length in bits. The chunk that ends it is
/// found from all the continuation bits at once and the value bits are gathered without a
/// branch; `None` also for a needless zero chunk at the end (the chunk by chunk reader notes
/// that quirk).
#[inline(always)]
fn long_vbr<const W: u32>(cur: u64, bits: u32) -> Option<(u64, u32)> {
    let chunks_max = 56 / W;
    let more = 1u64 << (W - 1);
    let mut flags = 0u64;
    for k in 0..chunks_max {
        flags |= more << (k * W);
    }
    // the continuation bits of the chunks wholly in the word, clear where a chunk ends one
    let whole = low_bits(bits.min(chunks_max * W) / W * W);
    let ends = !cur & flags & whole;
    if ends == 0 {
        return None;
    }
    let len = ends.trailing_zeros() + 1;
    if (cur >> (len - W)) & (more - 1) == 0 {
        return None;
    }
    let mut value = 0u64;
    for k in 0..chunks_max {
        value |= ((cur >> (k * W)) & (more - 1)) << (k * (W - 1));
    }
    Some((value & low_bits(len / W * (W - 1)), len))
}

/// A VBR as read: its value, the number of chunks it took and whether that number was the
/// least possible (one chunk for 0; otherwise no chunk above the highest non-zero one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vbr {
    /// The value.
    pub value: u64,
    /// The chunks read (0 for a width of 0, which reads nothing).
    pub chunks: u64,
    /// Whether no shorter encoding of the value exists.
    pub canonical: bool,
}

/// A cursor over the bits of a byte slice.
///
/// It keeps up to 64 unread bits in a word and refills it 7 bytes at a time, so a field of up
/// to 56 bits costs one mask and one shift, and a refill one unaligned load.
#[derive(Clone, Debug)]
pub struct BitReader<'a> {
    data: &'a [u8],
    /// The next byte to load into `cur`.
    next: usize,
    /// The unread bits, the next one lowest. Above the `bits` valid ones there are zeros or
    /// the bits of the bytes from `next` on (a refill loads more than it counts).
    cur: u64,
    /// How many bits of `cur` are unread.
    bits: u32,
}

impl<'a> BitReader<'a> {
    /// A cursor at the first bit of `data`.
    pub fn new(data: &'a [u8]) -> Self {
        BitReader {
            data,
            next: 0,
            cur: 0,
            bits: 0,
        }
    }

    /// The position in bits from the start.
    #[inline]
    pub fn position(&self) -> u64 {
        self.next as u64 * 8 - u64::from(self.bits)
    }

    /// The bits left.
    #[inline]
    pub fn remaining(&self) -> u64 {
        (self.data.len() - self.next) as u64 * 8 + u64::from(self.bits)
    }

    /// Whether every bit has been read.
    #[inline]
    pub fn is_at_end(&self) -> bool {
        self.remaining() == 0
    }

    /// The bytes from the current position on (rounded down to a byte).
    pub fn rest(&self) -> &'a [u8] {
        self.data
            .get(self.next - self.bits.div_ceil(8) as usize..)
            .unwrap_or(&[])
    }

    #[cold]
    #[inline(never)]
    fn truncated(&self, needed: u64, expected: Expected) -> Error {
        Error::new(
            self.position(),
            expected,
            ErrorKind::Truncated {
                needed,
                available: self.remaining(),
            },
        )
    }

    #[cold]
    #[inline(never)]
    fn bad_width(&self, width: u32, max: u32, expected: Expected) -> Error {
        Error::new(
            self.position(),
            expected,
            ErrorKind::BadWidth {
                width: u64::from(width),
                max,
            },
        )
    }

    /// Loads bytes into `cur` until it holds at least 56 bits or the input ends.
    #[inline(always)]
    fn refill(&mut self) {
        match self
            .data
            .get(self.next..)
            .and_then(|s| s.first_chunk::<8>())
        {
            Some(chunk) => {
                self.cur |= u64::from_le_bytes(*chunk) << self.bits;
                let bytes = (63 - self.bits) / 8;
                self.next += bytes as usize;
                self.bits += bytes * 8;
            }
            None => self.refill_tail(),
        }
    }

    /// [`refill`](Self::refill) on copies of the cursor kept in registers by a run: loads 8
    /// bytes at `next` into `cur` above its `bits` unread bits (7 counted); false, with
    /// nothing loaded, within 8 bytes of the end of the input (where a run stops).
    #[inline(always)]
    fn refill_copy(&self, cur: &mut u64, bits: &mut u32, next: &mut usize) -> bool {
        let Some(chunk) = self.data.get(*next..).and_then(|s| s.first_chunk::<8>()) else {
            return false;
        };
        *cur |= u64::from_le_bytes(*chunk) << *bits;
        let bytes = (63 - *bits) / 8;
        *next += bytes as usize;
        *bits += bytes * 8;
        true
    }

    #[cold]
    #[inline(never)]
    fn refill_tail(&mut self) {
        while self.bits <= 56 {
            let Some(&byte) = self.data.get(self.next) else {
                return;
            };
            self.cur |= u64::from(byte) << self.bits;
            self.next += 1;
            self.bits += 8;
        }
    }

    /// Consumes `width` (at most 56) bits of `cur`, which holds them.
    #[inline(always)]
    fn take(&mut self, width: u32) -> u64 {
        let value = self.cur & low_bits(width);
        self.cur >>= width;
        self.bits -= width;
        value
    }

    /// A fixed-width field of `width` bits (0 to 64; 0 reads nothing and gives 0; over 64 is
    /// an error).
    #[inline(always)]
    pub fn read(&mut self, width: u32, expected: Expected) -> Result<u64, Error> {
        if width <= 56 {
            if self.bits < width {
                self.refill();
            }
            if self.bits >= width {
                return Ok(self.take(width));
            }
        }
        self.read_slow(width, expected)
    }

    /// [`read`](Self::read) of a field over 56 bits, or one the input is too short for.
    #[cold]
    #[inline(never)]
    fn read_slow(&mut self, width: u32, expected: Expected) -> Result<u64, Error> {
        if width > 64 {
            return Err(self.bad_width(width, 64, expected));
        }
        if u64::from(width) > self.remaining() {
            return Err(self.truncated(u64::from(width), expected));
        }
        let low = self.read(32, expected)?;
        let high = self.read(width - 32, expected)?;
        Ok(low | high << 32)
    }

    /// A canonical VBR of `width`-bit chunks (1 to 32) of one chunk, or of two when `width` is
    /// at most 28, if the input holds it: the common cases, without building a [`Vbr`].
    #[inline(always)]
    pub(crate) fn read_vbr_short(&mut self, width: u32) -> Option<u64> {
        if self.bits < 2 * width {
            self.refill();
        }
        let step = width.wrapping_sub(1) & 63;
        let more = 1u64 << step;
        let cur = self.cur;
        if self.bits >= width && width > 0 && cur & more == 0 {
            return Some(self.take(width));
        }
        if width <= 28 && self.bits >= 2 * width {
            let high = (cur >> width) & low_bits(width);
            // the second chunk ends the VBR and is not a needless zero chunk
            if high & more == 0 && high != 0 {
                self.cur >>= 2 * width;
                self.bits -= 2 * width;
                return Some(cur & (more - 1) | high << step);
            }
        }
        None
    }

    /// Fixed fields of `width` bits (1 to 56) read into `out` from its front, the cursor
    /// kept in registers for the run (array elements). Stops within 8 bytes of the end of the
    /// input and gives how many it read: the rest are for [`read`](Self::read) and its checks.
    #[inline(always)]
    pub(crate) fn read_fixed_run(&mut self, width: u32, out: &mut [u64]) -> usize {
        if width == 0 || width > 56 {
            return 0;
        }
        let mask = low_bits(width);
        let (mut cur, mut bits, mut next) = (self.cur, self.bits, self.next);
        let mut read = 0;
        while let Some(slot) = out.get_mut(read) {
            if bits < width && !self.refill_copy(&mut cur, &mut bits, &mut next) {
                break;
            }
            *slot = cur & mask;
            cur >>= width;
            bits -= width;
            read += 1;
        }
        (self.cur, self.bits, self.next) = (cur, bits, next);
        read
    }

    /// Canonical VBRs of `W`-bit chunks (`W` 2 to 28) read into `out` from its front, the
    /// cursor kept in registers for the run (the loop a record's operands spend most of their
    /// time in): one or two chunks inline, more while all of them are in the word of unread
    /// bits. Stops at the first VBR it cannot read so (longer, non-canonical, or within 8
    /// bytes of the end of the input) and gives how many it read: that one is for
    /// [`read_vbr`](Self::read_vbr) and its checks.
    #[inline(always)]
    pub(crate) fn read_short_vbrs<const W: u32>(&mut self, out: &mut [u64]) -> usize {
        let more = 1u64 << (W - 1);
        let (mut cur, mut bits, mut next) = (self.cur, self.bits, self.next);
        let mut read = 0;
        while let Some(slot) = out.get_mut(read) {
            if bits < 2 * W && !self.refill_copy(&mut cur, &mut bits, &mut next) {
                break;
            }
            if cur & more == 0 {
                *slot = cur & (more - 1);
                cur >>= W;
                bits -= W;
            } else {
                let high = (cur >> W) & (2 * more - 1);
                if high & more == 0 {
                    // the second chunk ends the VBR: it must not be a needless zero chunk
                    if high == 0 {
                        break;
                    }
                    *slot = cur & (more - 1) | high << (W - 1);
                    cur >>= 2 * W;
                    bits -= 2 * W;
                } else {
                    if bits < 56 && !self.refill_copy(&mut cur, &mut bits, &mut next) {
                        break;
                    }
                    let Some((value, len)) = long_vbr::<W>(cur, bits) else {
                        break;
                    };
                    *slot = value;
                    cur >>= len;
                    bits -= len;
                }
            }
            read += 1;
        }
        (self.cur, self.bits, self.next) = (cur, bits, next);
        read
    }

    /// A canonical VBR of `width`-bit chunks (1 to 32) whose chunks all are in the word of
    /// unread bits after a refill (up to 56 bits: a VBR of up to 9 chunks of 6 bits), if the
    /// input holds it: its value cannot pass 64 bits, so it needs no check of that.
    pub(crate) fn read_vbr_in_word(&mut self, width: u32) -> Option<u64> {
        if width == 0 || width > 32 {
            return None;
        }
        if self.bits < 56 {
            self.refill();
        }
        let step = width - 1;
        let more = 1u64 << step;
        let mask = low_bits(width);
        let (mut cur, mut bits) = (self.cur, self.bits);
        let (mut value, mut shift, mut chunks) = (0u64, 0u32, 0u32);
        while bits >= width {
            let chunk = cur & mask;
            cur >>= width;
            bits -= width;
            chunks += 1;
            let data = chunk & (more - 1);
            // chunks * width <= 64 bits read: shift < 64 and the value fits
            value |= data << shift;
            if chunk & more == 0 {
                if chunks > 1 && data == 0 {
                    return None; // a needless zero chunk: for the caller to note
                }
                self.cur = cur;
                self.bits = bits;
                return Some(value);
            }
            shift += step;
        }
        None
    }

    /// A VBR of `width`-bit chunks (1 to 32; 0 reads nothing and gives 0; over 32 is an
    /// error): each chunk holds
    /// `width - 1` bits of the value, low bits first, and its high bit says whether another
    /// chunk follows. Fails when the value does not fit 64 bits; a non-canonical encoding (more
    /// chunks than needed) is read and said so in [`Vbr::canonical`].
    #[inline]
    pub fn read_vbr(&mut self, width: u32, expected: Expected) -> Result<Vbr, Error> {
        if width == 0 {
            return Ok(Vbr {
                value: 0,
                chunks: 0,
                canonical: true,
            });
        }
        if width > 32 {
            return Err(self.bad_width(width, 32, expected));
        }
        self.read_vbr_chunks(width, expected)
    }

    /// A VBR of `width`-bit chunks (1 to 32) read chunk by chunk from the first.
    #[inline]
    pub(crate) fn read_vbr_chunks(&mut self, width: u32, expected: Expected) -> Result<Vbr, Error> {
        let start = self.position();
        let step = width - 1;
        let more = 1u64 << step;
        let chunk_mask = low_bits(width);
        let mut value = 0u64;
        let mut shift = 0u32;
        let mut chunks = 0u64;
        loop {
            if self.bits < width {
                self.refill();
                if self.bits < width {
                    return Err(self.truncated(u64::from(width), expected));
                }
            }
            // as many chunks as the word holds, in registers
            let (mut cur, mut bits) = (self.cur, self.bits);
            while bits >= width {
                let chunk = cur & chunk_mask;
                cur >>= width;
                bits -= width;
                chunks += 1;
                let data = chunk & (more - 1);
                if shift + step <= 64 {
                    value |= data << (shift & 63);
                } else if data != 0 {
                    // only the bits below 64 may be set
                    if shift >= 64 || data >> (64 - shift) != 0 {
                        return Err(Error::new(start, expected, ErrorKind::VbrOverflow));
                    }
                    value |= data << shift;
                }
                if chunk & more == 0 {
                    self.cur = cur;
                    self.bits = bits;
                    return Ok(Vbr {
                        value,
                        chunks,
                        canonical: chunks == 1 || data != 0,
                    });
                }
                shift = shift.saturating_add(step);
            }
            self.cur = cur;
            self.bits = bits;
        }
    }

    /// A char6 field: 6 bits, decoded to the character they stand for.
    #[inline]
    pub fn read_char6(&mut self, expected: Expected) -> Result<u8, Error> {
        Ok(super::abbrev::char6_decode(self.read(6, expected)? as u8))
    }

    /// Skips to the next multiple of 32 bits; gives the skipped bits (0 when they are zeros,
    /// as writers leave them).
    #[inline]
    pub fn align32(&mut self, expected: Expected) -> Result<u32, Error> {
        let pad = (32 - (self.position() % 32) as u32) % 32;
        Ok(self.read(pad, expected)? as u32)
    }

    /// `n` bytes from the current position, which must be a byte boundary (after
    /// [`align32`](Self::align32), say).
    pub fn read_bytes(&mut self, n: u64, expected: Expected) -> Result<&'a [u8], Error> {
        let available = self.remaining();
        let pos = self.position();
        let start = (pos / 8) as usize;
        let fits = pos.is_multiple_of(8) && n <= available / 8;
        match self.data.get(start..start.saturating_add(n as usize)) {
            Some(bytes) if fits => {
                self.next = start + bytes.len();
                self.cur = 0;
                self.bits = 0;
                Ok(bytes)
            }
            _ => Err(Error::new(
                pos,
                expected,
                ErrorKind::LengthPastEnd {
                    length: n,
                    needed_bits: n.saturating_mul(8),
                    available_bits: available,
                },
            )),
        }
    }
}

/// Writes bits into a growing byte vector, least significant bit first.
#[derive(Clone, Debug, Default)]
pub struct BitWriter {
    out: Vec<u8>,
    /// Bits not yet in `out` (fewer than 32).
    acc: u64,
    /// How many.
    pending: u32,
}

impl BitWriter {
    /// An empty writer.
    pub fn new() -> Self {
        BitWriter::default()
    }

    /// An empty writer with room for `bytes` bytes.
    pub fn with_capacity(bytes: usize) -> Self {
        BitWriter {
            out: Vec::with_capacity(bytes),
            acc: 0,
            pending: 0,
        }
    }

    /// The number of bits written.
    #[inline]
    pub fn position(&self) -> u64 {
        self.out.len() as u64 * 8 + u64::from(self.pending)
    }

    /// Writes the low `width` bits of `value` (`width` at most 64; higher bits of `value` are
    /// ignored).
    #[inline(always)]
    pub fn write(&mut self, value: u64, width: u32) {
        if width > 32 {
            self.write32(value & low_bits(32), 32);
            self.write32(
                value >> 32 & low_bits(width.min(64) - 32),
                width.min(64) - 32,
            );
        } else {
            self.write32(value & low_bits(width), width);
        }
    }

    #[inline(always)]
    fn write32(&mut self, value: u64, width: u32) {
        self.acc |= value << self.pending;
        self.pending += width;
        if self.pending >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.pending -= 32;
        }
    }

    /// Writes `value` as a VBR of `width`-bit chunks, with the fewest chunks (`width` 0 writes
    /// nothing; `width` 1 can only write 0).
    #[inline(always)]
    pub fn write_vbr(&mut self, mut value: u64, width: u32) {
        if width == 0 {
            return;
        }
        let width = width.min(32);
        let more = 1u64 << (width - 1);
        if value < more || width == 1 {
            self.write32(value & (more - 1), width);
            return;
        }
        // the chunks gathered into as few writes of at most 32 bits as they fit
        let (mut chunks, mut bits) = (0u64, 0u32);
        while value >= more {
            chunks |= (value & (more - 1) | more) << bits;
            bits += width;
            value >>= width - 1;
            if bits + width > 32 {
                self.write32(chunks, bits);
                (chunks, bits) = (0, 0);
            }
        }
        self.write32(chunks | value << bits, bits + width);
    }

    /// Writes `value` as a VBR of exactly `chunks` chunks (more than it needs, as some writers
    /// do; fewer would lose bits, so at least the needed number are written).
    pub fn write_vbr_chunks(&mut self, mut value: u64, width: u32, chunks: u64) {
        if width == 0 {
            return;
        }
        let width = width.min(32);
        let more = 1u64 << (width - 1);
        let mut written = 0u64;
        loop {
            written += 1;
            let data = value & (more - 1);
            value = if width > 1 { value >> (width - 1) } else { 0 };
            if written < chunks || value != 0 {
                self.write32(data | more, width);
            } else {
                self.write32(data, width);
                return;
            }
        }
    }

    /// Writes `bits` (the padding's own bits, normally 0) up to the next multiple of 32 bits.
    #[inline]
    pub fn align32(&mut self, bits: u32) {
        let pad = (32 - (self.position() % 32) as u32) % 32;
        self.write(u64::from(bits), pad);
    }

    /// Writes bytes at a byte boundary (bits are written up to it first).
    pub fn write_bytes(&mut self, bytes: &[u8]) {
        self.flush_to_byte();
        self.out.extend_from_slice(bytes);
    }

    /// Fills the last byte with zero bits and moves the pending bits into `out`.
    fn flush_to_byte(&mut self) {
        let pad = (8 - self.pending % 8) % 8;
        self.write(0, pad);
        while self.pending > 0 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.pending -= 8;
        }
    }

    /// The bytes written so far (whole bytes only).
    pub fn byte_len(&self) -> usize {
        self.out.len() + (self.pending / 8) as usize
    }

    /// Overwrites the 32-bit little-endian word at byte `at`, if it is written already (the
    /// length word of a block, once the block is closed).
    pub fn patch_u32(&mut self, at: usize, value: u32) {
        if let Some(word) = self.out.get_mut(at..at + 4) {
            word.copy_from_slice(&value.to_le_bytes());
        }
    }

    /// The bytes, the last one filled with zero bits.
    pub fn finish(mut self) -> Vec<u8> {
        self.flush_to_byte();
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs of vbr6 (and fixed) fields read as the one-by-one reads give them: a run stops at
    /// a needless zero chunk, a VBR longer than the word or the last 8 bytes, leaving it
    /// unread for the checked read.
    #[test]
    fn runs_read_as_one_by_one() {
        let mut w = BitWriter::new();
        let mut expected = Vec::new();
        let values = [
            0,
            1,
            31,
            32,
            1000,
            1 << 20,
            1 << 40,
            (1 << 45) - 1,
            1 << 45,
            u64::MAX,
        ];
        for (i, &v) in values.iter().cycle().take(400).enumerate() {
            if i % 7 == 3 {
                let chunks = (64 - v.leading_zeros()).div_ceil(5).max(1);
                w.write_vbr_chunks(v, 6, u64::from(chunks) + 1);
                expected.push((v, false));
            } else {
                w.write_vbr(v, 6);
                expected.push((v, true));
            }
        }
        let bytes = w.finish();
        let mut r = BitReader::new(&bytes);
        let mut out = vec![0u64; expected.len()];
        let mut at = 0;
        while at < expected.len() {
            at += r.read_short_vbrs::<6>(&mut out[at..]);
            if let Some(&(value, canonical)) = expected.get(at) {
                let v = r.read_vbr(6, Expected::Operand).expect("a VBR");
                assert_eq!((v.value, v.canonical), (value, canonical), "at {at}");
                out[at] = v.value;
                at += 1;
            }
        }
        let values: Vec<u64> = expected.iter().map(|&(v, _)| v).collect();
        assert_eq!(out, values);

        let mut w = BitWriter::new();
        for i in 0..100u64 {
            w.write(i * 37 % 128, 7);
        }
        let bytes = w.finish();
        let mut r = BitReader::new(&bytes);
        let mut out = vec![0u64; 100];
        let n = r.read_fixed_run(7, &mut out);
        for slot in &mut out[n..] {
            *slot = r.read(7, Expected::Operand).expect("a field");
        }
        assert!(
            out.iter()
                .enumerate()
                .all(|(i, &v)| v == i as u64 * 37 % 128)
        );
    }

    /// The VBRs the word holds read there; the others (past the word, needless zero chunks)
    /// are left for the chunk by chunk reader, nothing consumed.
    #[test]
    fn vbrs_in_the_word_read_as_chunk_by_chunk() {
        let mut w = BitWriter::new();
        let mut expected = Vec::new();
        for width in 2..=32u32 {
            for v in [0, 1, 31, 32, 1000, 1 << 40, u64::from(u32::MAX), u64::MAX] {
                w.write_vbr(v, width);
                expected.push((width, v, true));
                let chunks = (64 - v.leading_zeros()).div_ceil(width - 1).max(1);
                w.write_vbr_chunks(v, width, u64::from(chunks) + 1);
                expected.push((width, v, false));
            }
        }
        let bytes = w.finish();
        let mut r = BitReader::new(&bytes);
        for (width, value, canonical) in expected {
            let at = r.position();
            match r.read_vbr_in_word(width) {
                Some(v) => assert!(canonical && v == value, "width {width}, value {value}"),
                None => {
                    assert_eq!(r.position(), at, "nothing consumed");
                    let v = r.read_vbr(width, Expected::Operand).expect("a VBR");
                    assert_eq!((v.value, v.canonical), (value, canonical));
                    // a canonical one is left only when longer than the word holds after a
                    // refill (56 bits at least) or at the end of the input
                    let bits = u64::from(width) * v.chunks;
                    let at_end = r.remaining() < 64;
                    assert!(
                        !canonical || bits > 56 || at_end,
                        "width {width}, value {value}"
                    );
                }
            }
        }
    }
}
