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
#[derive(Clone, Debug)]
pub struct BitReader<'a> {
    data: &'a [u8],
    /// Position in bits.
    pos: usize,
    /// Length in bits.
    len: usize,
}

impl<'a> BitReader<'a> {
    /// A cursor at the first bit of `data`.
    pub fn new(data: &'a [u8]) -> Self {
        BitReader {
            data,
            pos: 0,
            len: data.len().saturating_mul(8),
        }
    }

    /// The position in bits from the start.
    #[inline]
    pub fn position(&self) -> u64 {
        self.pos as u64
    }

    /// The bits left.
    #[inline]
    pub fn remaining(&self) -> u64 {
        (self.len - self.pos) as u64
    }

    /// Whether every bit has been read.
    #[inline]
    pub fn is_at_end(&self) -> bool {
        self.pos == self.len
    }

    /// The bytes from the current position on (rounded down to a byte).
    pub fn rest(&self) -> &'a [u8] {
        self.data.get(self.pos / 8..).unwrap_or(&[])
    }

    fn truncated(&self, needed: u64, expected: Expected) -> Error {
        Error::new(
            self.pos as u64,
            expected,
            ErrorKind::Truncated {
                needed,
                available: self.remaining(),
            },
        )
    }

    /// At least 57 bits from the position on (zeros past the end of the input).
    #[inline]
    fn peek(&self) -> u64 {
        let byte = self.pos / 8;
        let word = match self.data.get(byte..).and_then(|s| s.first_chunk::<8>()) {
            Some(chunk) => u64::from_le_bytes(*chunk),
            None => {
                let mut buf = [0u8; 8];
                let rest = self.data.get(byte..).unwrap_or(&[]);
                let n = rest.len().min(8);
                buf[..n].copy_from_slice(&rest[..n]);
                u64::from_le_bytes(buf)
            }
        };
        word >> (self.pos % 8)
    }

    /// A fixed-width field of `width` bits (0 to 64; 0 reads nothing and gives 0).
    #[inline]
    pub fn read(&mut self, width: u32, expected: Expected) -> Result<u64, Error> {
        let width = width.min(64);
        if width as usize > self.len - self.pos {
            return Err(self.truncated(u64::from(width), expected));
        }
        let value = if width <= 57 {
            self.peek() & low_bits(width)
        } else {
            let low = self.peek() & low_bits(32);
            self.pos += 32;
            let high = self.peek() & low_bits(width - 32);
            self.pos -= 32;
            low | high << 32
        };
        self.pos += width as usize;
        Ok(value)
    }

    /// A VBR of `width`-bit chunks (1 to 32; 0 reads nothing and gives 0): each chunk holds
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
        let width = width.min(32);
        let more = 1u64 << (width - 1);
        let first = self.read(width, expected)?;
        if first & more == 0 {
            return Ok(Vbr {
                value: first,
                chunks: 1,
                canonical: true,
            });
        }
        self.read_vbr_rest(width, first & (more - 1), expected)
    }

    /// The chunks of a VBR after a first one that has its continuation bit set.
    fn read_vbr_rest(&mut self, width: u32, first: u64, expected: Expected) -> Result<Vbr, Error> {
        let start = self.pos as u64 - u64::from(width);
        let more = 1u64 << (width - 1);
        let step = width - 1;
        let mut value = first;
        let mut shift = step;
        let mut chunks = 1u64;
        loop {
            let chunk = self.read(width, expected)?;
            chunks += 1;
            let data = chunk & (more - 1);
            if data != 0 {
                // `data` has at most 31 bits; it fits when none of them reaches bit 64
                if shift >= 64 || (shift > 0 && data >> (64 - shift) != 0) {
                    return Err(Error::new(start, expected, ErrorKind::VbrOverflow));
                }
                value |= data << shift;
            }
            if chunk & more == 0 {
                return Ok(Vbr {
                    value,
                    chunks,
                    canonical: data != 0,
                });
            }
            shift = shift.saturating_add(step);
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
        let pad = (32 - (self.pos % 32) as u32) % 32;
        Ok(self.read(pad, expected)? as u32)
    }

    /// `n` bytes from the current position, which must be a byte boundary (after
    /// [`align32`](Self::align32), say).
    pub fn read_bytes(&mut self, n: u64, expected: Expected) -> Result<&'a [u8], Error> {
        let available = self.remaining();
        let fits = self.pos.is_multiple_of(8) && n <= available / 8;
        let start = self.pos / 8;
        match self.data.get(start..start.saturating_add(n as usize)) {
            Some(bytes) if fits => {
                self.pos += bytes.len() * 8;
                Ok(bytes)
            }
            _ => Err(Error::new(
                self.pos as u64,
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
    #[inline]
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

    #[inline]
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
    #[inline]
    pub fn write_vbr(&mut self, mut value: u64, width: u32) {
        if width == 0 {
            return;
        }
        let width = width.min(32);
        let more = 1u64 << (width - 1);
        while width > 1 && value >= more {
            self.write32(value & (more - 1) | more, width);
            value >>= width - 1;
        }
        self.write32(value & (more - 1), width);
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
