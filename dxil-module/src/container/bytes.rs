//! A cursor over a slice of the input that knows where the slice sits in the input, so that
//! every read that runs past its end is an [`Error`] with the byte offset.

use super::error::Error;

/// Little-endian reads from `data`, which starts at byte `base` of the input.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reader<'a> {
    data: &'a [u8],
    base: usize,
    pos: usize,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `data`, which is at byte `base` of the input.
    pub(crate) fn new(data: &'a [u8], base: usize) -> Reader<'a> {
        Reader { data, base, pos: 0 }
    }

    /// Byte offset in the input of the next read.
    pub(crate) fn offset(&self) -> usize {
        self.base + self.pos
    }

    /// Bytes left.
    pub(crate) fn remaining(&self) -> usize {
        self.data.len() - self.pos
    }

    /// The next `n` bytes (`n` may come from the input: it is checked before use).
    pub(crate) fn take(&mut self, n: u64, what: &'static str) -> Result<&'a [u8], Error> {
        let rest = &self.data[self.pos..];
        match usize::try_from(n).ok().and_then(|n| rest.get(..n)) {
            Some(bytes) => {
                self.pos += bytes.len();
                Ok(bytes)
            }
            None => Err(Error::truncated(self.offset(), what, n, rest.len())),
        }
    }

    /// A reader over the next `n` bytes, which this one skips.
    pub(crate) fn sub(&mut self, n: u64, what: &'static str) -> Result<Reader<'a>, Error> {
        let base = self.offset();
        let data = self.take(n, what)?;
        Ok(Reader::new(data, base))
    }

    /// The next `N` bytes.
    pub(crate) fn array<const N: usize>(&mut self, what: &'static str) -> Result<[u8; N], Error> {
        let bytes = self.take(N as u64, what)?;
        let mut out = [0; N];
        out.copy_from_slice(bytes);
        Ok(out)
    }

    pub(crate) fn u8(&mut self, what: &'static str) -> Result<u8, Error> {
        Ok(self.array::<1>(what)?[0])
    }

    pub(crate) fn u16(&mut self, what: &'static str) -> Result<u16, Error> {
        Ok(u16::from_le_bytes(self.array(what)?))
    }

    pub(crate) fn u32(&mut self, what: &'static str) -> Result<u32, Error> {
        Ok(u32::from_le_bytes(self.array(what)?))
    }

    /// Everything left.
    pub(crate) fn rest(&mut self) -> &'a [u8] {
        let rest = &self.data[self.pos..];
        self.pos = self.data.len();
        rest
    }
}

/// `count` records of `size` bytes each, as a byte count (`u64`: no overflow for `u32` inputs).
pub(crate) fn table_bytes(count: u32, size: u32) -> u64 {
    u64::from(count) * u64::from(size)
}

/// `n` rounded up to a multiple of 4.
pub(crate) fn align4(n: u64) -> u64 {
    (n + 3) & !3
}

/// The NUL-terminated UTF-8 string at byte `at` of `table`, or `None`.
pub(crate) fn c_string(table: &[u8], at: u32) -> Option<&str> {
    let rest = table.get(usize::try_from(at).ok()?..)?;
    let len = rest.iter().position(|&b| b == 0)?;
    std::str::from_utf8(&rest[..len]).ok()
}

/// The `index`th little-endian `u32` of `bytes`.
pub(crate) fn u32_at(bytes: &[u8], index: usize) -> Option<u32> {
    let at = index.checked_mul(4)?;
    let word = bytes.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([word[0], word[1], word[2], word[3]]))
}

/// The first 4 bytes of `bytes`, padded with zeros.
pub(crate) fn first4(bytes: &[u8]) -> [u8; 4] {
    let mut out = [0; 4];
    for (o, b) in out.iter_mut().zip(bytes) {
        *o = *b;
    }
    out
}
