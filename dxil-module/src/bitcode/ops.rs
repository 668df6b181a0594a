//! Reading the operands of one record, each read checked: [`Ops`].

use super::codes::At;
use super::{DecodeError, ErrorKind};
use crate::bitstream::Record;

/// The operands of a record (after its code), read in order; every error names the record.
pub(crate) struct Ops<'a> {
    vals: &'a [u64],
    pos: usize,
    block: u32,
    code: u64,
    bit: u64,
}

impl<'a> Ops<'a> {
    pub(crate) fn new(block: u32, rec: &Record<'a>) -> Ops<'a> {
        let values = rec.values();
        Ops {
            vals: values.get(1..).unwrap_or(&[]),
            pos: 0,
            block,
            code: values.first().copied().unwrap_or(0),
            bit: rec.bit(),
        }
    }

    /// The record code.
    pub(crate) fn code(&self) -> u64 {
        self.code
    }

    /// Where the record is, for errors.
    pub(crate) fn at(&self) -> At {
        At::record(self.bit, self.block, self.code)
    }

    /// An error about this record.
    #[cold]
    pub(crate) fn err(&self, kind: ErrorKind) -> DecodeError {
        self.at().err(kind)
    }

    /// An error: operand `field` has a value that is not allowed.
    #[cold]
    pub(crate) fn bad(&self, field: &'static str, value: u64) -> DecodeError {
        self.err(ErrorKind::BadValue { field, value })
    }

    /// An error: `what` number `id` does not exist (`count` do).
    #[cold]
    pub(crate) fn out_of_range(&self, what: &'static str, id: u64, count: u64) -> DecodeError {
        self.at().out_of_range(what, id, count)
    }

    /// A reference by position plus one (0: none) into a table of `count` entries.
    pub(crate) fn one_based(
        &self,
        v: u64,
        count: usize,
        what: &'static str,
    ) -> Result<Option<u32>, DecodeError> {
        match v {
            0 => Ok(None),
            n if n <= count as u64 => Ok(Some(n as u32 - 1)),
            n => Err(self.out_of_range(what, n - 1, count as u64)),
        }
    }

    /// Every operand.
    pub(crate) fn all(&self) -> &'a [u64] {
        self.vals
    }

    /// The number of operands not read yet.
    pub(crate) fn left(&self) -> usize {
        self.vals.len() - self.pos
    }

    /// The number of operands read so far.
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    /// The next operand.
    #[inline]
    pub(crate) fn next(&mut self) -> Result<u64, DecodeError> {
        match self.vals.get(self.pos) {
            Some(&v) => {
                self.pos += 1;
                Ok(v)
            }
            None => Err(self.too_few(self.pos + 1)),
        }
    }

    /// The next operand, which must fit 32 bits.
    #[inline]
    pub(crate) fn next_u32(&mut self, field: &'static str) -> Result<u32, DecodeError> {
        let v = self.next()?;
        u32::try_from(v).map_err(|_| self.bad(field, v))
    }

    /// The next `n` operands (an error when fewer are left).
    #[inline]
    pub(crate) fn take(&mut self, n: usize) -> Result<&'a [u64], DecodeError> {
        let end = self.pos.saturating_add(n);
        match self.vals.get(self.pos..end) {
            Some(taken) => {
                self.pos = end;
                Ok(taken)
            }
            None => Err(self.too_few(end)),
        }
    }

    /// The next operand if there is one.
    #[inline]
    pub(crate) fn opt(&mut self) -> Option<u64> {
        let v = self.vals.get(self.pos).copied();
        if v.is_some() {
            self.pos += 1;
        }
        v
    }

    /// The operands not read yet, all of them (the cursor moves to the end).
    pub(crate) fn rest(&mut self) -> &'a [u64] {
        let rest = self.vals.get(self.pos..).unwrap_or(&[]);
        self.pos = self.vals.len();
        rest
    }

    /// Moves past `n` operands (at most to the end).
    pub(crate) fn skip(&mut self, n: usize) {
        self.pos = self.pos.saturating_add(n).min(self.vals.len());
    }

    /// An error unless exactly `n` operands are left.
    pub(crate) fn expect_left(&self, n: usize) -> Result<(), DecodeError> {
        match self.left() {
            l if l == n => Ok(()),
            l if l < n => Err(self.too_few(self.pos + n)),
            _ => Err(self.err(ErrorKind::OperandCount {
                found: self.vals.len(),
            })),
        }
    }

    /// An error unless the record has at least `n` operands.
    pub(crate) fn need(&self, n: usize) -> Result<(), DecodeError> {
        if self.vals.len() < n {
            return Err(self.too_few(n));
        }
        Ok(())
    }

    #[cold]
    fn too_few(&self, needed: usize) -> DecodeError {
        self.err(ErrorKind::TooFewOperands {
            needed,
            found: self.vals.len(),
        })
    }
}

/// Record values as bytes (names, strings), each at most 255.
pub(crate) fn bytes(values: &[u64]) -> Option<Vec<u8>> {
    all_bytes(values).then(|| values.iter().map(|&v| v as u8).collect())
}

/// Whether every value is at most 255.
fn all_bytes(values: &[u64]) -> bool {
    values.iter().fold(0, |acc, &v| acc | v) <= 0xFF
}

/// Record values as bytes appended to `out` (left as it was on an error about the record).
pub(crate) fn bytes_into(
    ops: &Ops<'_>,
    values: &[u64],
    out: &mut Vec<u8>,
) -> Result<(), DecodeError> {
    if !all_bytes(values) {
        return Err(ops.err(ErrorKind::BadString));
    }
    out.extend(values.iter().map(|&v| v as u8));
    Ok(())
}

/// Record values as bytes, or an error about the record.
pub(crate) fn string(ops: &Ops<'_>, values: &[u64]) -> Result<Vec<u8>, DecodeError> {
    bytes(values).ok_or_else(|| ops.err(ErrorKind::BadString))
}

/// A signed value stored with its sign in bit 0 (`-0` is the most negative value).
pub(crate) fn unrotate(v: u64) -> i64 {
    if v & 1 == 0 {
        (v >> 1) as i64
    } else if v != 1 {
        ((v >> 1) as i64).wrapping_neg()
    } else {
        i64::MIN
    }
}
