//! Reading a bitstream into its parsed form ([`Bitstream::parse`]).
//!
//! One loop over the entries with an explicit stack of open blocks ([`Scopes`]), so input
//! cannot deepen the Rust stack. Every length is checked against the bits left before
//! anything is reserved for it; every block's `END_BLOCK` must be where its length word says.

use super::abbrev::{self, AbbrevOp, AbbrevProblem};
use super::bits::BitReader;
use super::error::{Error, ErrorKind, Expected};
use super::scope::{ScopeError, Scopes};
use super::stream::{AbbrevDef, Bitstream, NONE, Quirk, RawEntry};
use super::{
    DEFINE_ABBREV, END_BLOCK, ENTER_SUBBLOCK, MAX_ABBREV_WIDTH, MAX_INPUT_BYTES, TOP_LEVEL_WIDTH,
    UNABBREV_RECORD,
};

impl Bitstream {
    /// Reads a whole bitstream: the 4-byte magic, then top-level blocks, then optionally zero
    /// bytes to the end. The magic is kept, not checked (LLVM bitcode has
    /// [`BITCODE_MAGIC`](super::BITCODE_MAGIC)).
    ///
    /// Fails on anything the format does not allow, with the bit offset and the field
    /// expected there; see [`ErrorKind`] for the cases and the module documentation for the
    /// limits. Time and memory are linear in the input's size.
    pub fn parse(input: &[u8]) -> Result<Bitstream, Error> {
        if input.len() as u64 > MAX_INPUT_BYTES {
            return Err(Error::new(
                0,
                Expected::Magic,
                ErrorKind::InputTooLarge {
                    bytes: input.len() as u64,
                },
            ));
        }
        let mut reader = Reader {
            r: BitReader::new(input),
            s: Bitstream {
                size_hint: input.len(),
                ..Bitstream::default()
            },
            // a block defines an abbreviation per 70 bytes or so (as `abbrevs` below)
            scopes: Scopes::with_capacity(input.len() / 64 + 8),
            budget: input.len() * 8,
            in_blockinfo: false,
        };
        // LLVM's output has 0.75 values (at most 0.87) and 0.125 entries (at most 0.155) per
        // byte, an abbreviation definition per 70 bytes and an operand of one per 20 (the
        // corpus): room for as much, so that the lists seldom grow (a copy of all so far)
        reader.s.values.reserve(input.len() + 16);
        reader.s.entries.reserve(input.len() / 6 + 4);
        reader.s.abbrevs.reserve(input.len() / 64 + 8);
        reader.s.abbrev_ops.reserve(input.len() / 16 + 32);
        reader.run()?;
        Ok(reader.s)
    }
}

struct Reader<'a> {
    r: BitReader<'a>,
    s: Bitstream,
    scopes: Scopes,
    /// The most record values the stream may have (one per input bit).
    budget: usize,
    /// Whether the innermost open block is a BLOCKINFO block (whose records say which block
    /// id its definitions are for).
    in_blockinfo: bool,
}

fn err(bit: u64, expected: Expected, kind: ErrorKind) -> Error {
    Error::new(bit, expected, kind)
}

/// A VBR, noting a non-canonical one in `quirks`.
#[inline(always)]
fn vbr(
    r: &mut BitReader<'_>,
    quirks: &mut Vec<Quirk>,
    width: u32,
    expected: Expected,
) -> Result<u64, Error> {
    match r.read_vbr_short(width) {
        Some(value) => Ok(value),
        None => vbr_chunks(r, quirks, width, expected),
    }
}

/// A VBR of more than two chunks (read in the word of unread bits when it fits there), a
/// non-canonical one, one of width 0, or one the input is too short for.
#[inline(never)]
fn vbr_chunks(
    r: &mut BitReader<'_>,
    quirks: &mut Vec<Quirk>,
    width: u32,
    expected: Expected,
) -> Result<u64, Error> {
    if let Some(value) = r.read_vbr_in_word(width) {
        return Ok(value);
    }
    let at = r.position();
    let v = r.read_vbr(width, expected)?;
    if !v.canonical {
        quirks.push(Quirk::Vbr {
            bit: at,
            chunks: v.chunks,
        });
    }
    Ok(v.value)
}

/// `width`-bit VBRs read into each slot of `out` (room the caller made after checking that
/// the input can hold them): vbr6 ones (nearly all) in runs of short ones, each other one
/// alone.
#[inline(always)]
fn vbrs_into(
    r: &mut BitReader<'_>,
    out: &mut [u64],
    quirks: &mut Vec<Quirk>,
    width: u32,
    expected: Expected,
) -> Result<(), Error> {
    let mut rest = out;
    loop {
        let done = if width == 6 {
            r.read_short_vbrs::<6>(rest)
        } else {
            0
        };
        let Some((slot, tail)) = rest.get_mut(done..).and_then(|r| r.split_first_mut()) else {
            return Ok(());
        };
        *slot = vbr(r, quirks, width, expected)?;
        rest = tail;
    }
}

/// `width`-bit fixed fields read into each slot of `out` (room the caller made after checking
/// that the input can hold them): in a run while the input has 8 bytes left, then one by one.
#[inline(always)]
fn fixed_into(
    r: &mut BitReader<'_>,
    out: &mut [u64],
    width: u32,
    expected: Expected,
) -> Result<(), Error> {
    let done = r.read_fixed_run(width, out);
    for slot in out.get_mut(done..).unwrap_or(&mut []) {
        *slot = r.read(width, expected)?;
    }
    Ok(())
}

impl Reader<'_> {
    fn run(&mut self) -> Result<(), Error> {
        let magic = self.r.read(32, Expected::Magic)? as u32;
        self.s.magic = magic.to_le_bytes();
        loop {
            let at = self.r.position();
            let Some(frame) = self.scopes.top() else {
                if self.at_trailing_zeros() {
                    return Ok(());
                }
                match self.r.read(TOP_LEVEL_WIDTH, Expected::AbbrevId)? {
                    ENTER_SUBBLOCK_U64 => self.enter_block(at)?,
                    0 => return Err(err(at, Expected::EndOfStream, ErrorKind::TrailingData)),
                    id => return Err(err(at, Expected::AbbrevId, ErrorKind::NotABlock { id })),
                }
                continue;
            };
            let (width, end_bit, len_words) = (frame.width, frame.end_bit, frame.len_words);
            self.in_blockinfo = frame.is_blockinfo();
            // the entries of the block up to its end or a nested block
            loop {
                let at = self.r.position();
                if at >= end_bit {
                    return Err(err(
                        at,
                        Expected::BlockEnd,
                        ErrorKind::BlockOverrun {
                            declared_words: len_words,
                        },
                    ));
                }
                match self.r.read(width, Expected::AbbrevId)? {
                    END_BLOCK_U64 => {
                        self.end_block(at)?;
                        break;
                    }
                    ENTER_SUBBLOCK_U64 => {
                        self.enter_block(at)?;
                        break;
                    }
                    DEFINE_ABBREV_U64 => self.define_abbrev(at)?,
                    UNABBREV_RECORD_U64 => self.unabbreviated(at)?,
                    id => self.abbreviated(at, id)?,
                }
            }
        }
    }

    /// At the top level: whether the rest of the input is zero bytes (then kept as trailing
    /// padding).
    fn at_trailing_zeros(&mut self) -> bool {
        let rest = self.r.rest();
        if rest.iter().all(|&b| b == 0) {
            self.s.trailing_zeros = rest.len();
            return true;
        }
        false
    }

    /// A VBR, noting a non-canonical one.
    #[inline(always)]
    fn vbr(&mut self, width: u32, expected: Expected) -> Result<u64, Error> {
        vbr(&mut self.r, &mut self.s.quirks, width, expected)
    }

    /// Alignment to 32 bits, noting non-zero padding.
    fn align(&mut self) -> Result<(), Error> {
        let at = self.r.position();
        let bits = self.r.align32(Expected::Padding)?;
        if bits != 0 {
            self.s.quirks.push(Quirk::Padding { bit: at, bits });
        }
        Ok(())
    }

    /// The error of a scope operation at `at`; `id` is the abbreviation id read, for
    /// `UnknownAbbrev`.
    fn scope_error(at: u64, expected: Expected, e: ScopeError, id: u64) -> Error {
        let kind = match e {
            ScopeError::TooDeep => ErrorKind::TooDeep {
                limit: super::MAX_DEPTH,
            },
            ScopeError::UnknownAbbrev { defined } => ErrorKind::UnknownAbbrev { id, defined },
            ScopeError::NoSetBid => ErrorKind::NoSetBid,
            ScopeError::BadSetBid => ErrorKind::BadSetBid,
            ScopeError::NoOpenBlock => ErrorKind::NotABlock { id },
        };
        err(at, expected, kind)
    }

    fn enter_block(&mut self, at: u64) -> Result<(), Error> {
        let id_at = self.r.position();
        let id = self.vbr(8, Expected::BlockId)?;
        let id = u32::try_from(id)
            .map_err(|_| err(id_at, Expected::BlockId, ErrorKind::BlockIdTooLarge(id)))?;
        let width_at = self.r.position();
        let width = self.vbr(4, Expected::AbbrevWidth)?;
        if width == 0 || width > u64::from(MAX_ABBREV_WIDTH) {
            return Err(err(
                width_at,
                Expected::AbbrevWidth,
                ErrorKind::BadWidth {
                    width,
                    max: MAX_ABBREV_WIDTH,
                },
            ));
        }
        self.align()?;
        let len_at = self.r.position();
        let len_words = self.r.read(32, Expected::BlockLength)? as u32;
        let needed = u64::from(len_words) * 32;
        let available = self.r.remaining();
        if needed > available {
            return Err(err(
                len_at,
                Expected::BlockLength,
                ErrorKind::LengthPastEnd {
                    length: u64::from(len_words),
                    needed_bits: needed,
                    available_bits: available,
                },
            ));
        }
        let entry = self.s.entries.len() as u32;
        let end_bit = self.r.position() + needed;
        self.scopes
            .enter(id, width as u32, entry, end_bit, len_words)
            .map_err(|e| Self::scope_error(at, Expected::AbbrevId, e, 1))?;
        self.s.entries.push(RawEntry {
            bit: at as u32,
            abbrev_id: ENTER_SUBBLOCK,
            a: id,
            b: NONE,
            c: len_words,
            d: width as u32,
        });
        Ok(())
    }

    fn end_block(&mut self, at: u64) -> Result<(), Error> {
        self.align()?;
        let end = self.s.entries.len() as u32;
        let pos = self.r.position();
        let Some(frame) = self.scopes.leave() else {
            return Err(err(at, Expected::AbbrevId, ErrorKind::NotABlock { id: 0 }));
        };
        if pos != frame.end_bit {
            let start = frame.end_bit - u64::from(frame.len_words) * 32;
            return Err(err(
                at,
                Expected::BlockEnd,
                ErrorKind::BlockLengthMismatch {
                    declared_words: frame.len_words,
                    actual_words: (pos - start) / 32,
                },
            ));
        }
        if let Some(block) = self.s.entries.get_mut(frame.entry as usize) {
            block.b = end;
        }
        Ok(())
    }

    fn define_abbrev(&mut self, at: u64) -> Result<(), Error> {
        let count = self.vbr(5, Expected::AbbrevOpCount)?;
        let start = self.s.abbrev_ops.len();
        for _ in 0..count {
            let op_at = self.r.position();
            let op = if self.r.read(1, Expected::AbbrevOp)? == 1 {
                AbbrevOp::Literal(self.vbr(8, Expected::LiteralValue)?)
            } else {
                match self.r.read(3, Expected::Encoding)? {
                    e @ (1 | 2) => {
                        let width_at = self.r.position();
                        let width = self.vbr(5, Expected::EncodingWidth)?;
                        let max = abbrev::width_limit(e as u8);
                        if width > u64::from(max) {
                            return Err(err(
                                width_at,
                                Expected::EncodingWidth,
                                ErrorKind::BadWidth { width, max },
                            ));
                        }
                        if e == 1 {
                            AbbrevOp::Fixed(width as u8)
                        } else {
                            AbbrevOp::Vbr(width as u8)
                        }
                    }
                    3 => AbbrevOp::Array,
                    4 => AbbrevOp::Char6,
                    5 => AbbrevOp::Blob,
                    e => {
                        return Err(err(
                            op_at + 1,
                            Expected::Encoding,
                            ErrorKind::BadEncoding(e),
                        ));
                    }
                }
            };
            self.s.abbrev_ops.push(op);
        }
        let ops = self.s.abbrev_ops.get(start..).unwrap_or(&[]);
        abbrev::check(ops).map_err(|p| err(at, Expected::AbbrevOp, ErrorKind::BadAbbrev(p)))?;
        let def = self.s.abbrevs.len() as u32;
        let target = self
            .scopes
            .define(def)
            .map_err(|e| Self::scope_error(at, Expected::AbbrevOp, e, 2))?;
        self.s.abbrevs.push(AbbrevDef {
            start: start as u32,
            len: (self.s.abbrev_ops.len() - start) as u32,
            target: target.unwrap_or(NONE),
        });
        self.s.entries.push(RawEntry {
            bit: at as u32,
            abbrev_id: DEFINE_ABBREV,
            a: def,
            b: 0,
            c: NONE,
            d: NONE,
        });
        Ok(())
    }

    /// Checks that `count` values of at least `min_bits` each fit in the bits left.
    fn check_length(
        &self,
        at: u64,
        expected: Expected,
        count: u64,
        min_bits: u64,
    ) -> Result<(), Error> {
        let available = self.r.remaining();
        if count.saturating_mul(min_bits.max(1)) > available {
            return Err(err(
                at,
                expected,
                ErrorKind::LengthPastEnd {
                    length: count,
                    needed_bits: count.saturating_mul(min_bits),
                    available_bits: available,
                },
            ));
        }
        Ok(())
    }

    fn unabbreviated(&mut self, at: u64) -> Result<(), Error> {
        let start = self.s.values.len();
        let code = self.vbr(6, Expected::RecordCode)?;
        let count_at = self.r.position();
        let count = self.vbr(6, Expected::OperandCount)?;
        self.check_length(count_at, Expected::OperandCount, count, 6)?;
        // the count is checked against the bits left: room for the code and the operands
        // at once, filled in place
        let operands = self.room(count as usize + 1);
        let s = &mut self.s;
        if let Some((first, rest)) = s
            .values
            .get_mut(operands..)
            .and_then(|v| v.split_first_mut())
        {
            *first = code;
            vbrs_into(&mut self.r, rest, &mut s.quirks, 6, Expected::Operand)?;
        }
        self.finish_record(at, UNABBREV_RECORD, NONE, start, NONE)
    }

    /// `n` more values (zeros until filled) at the end of `values`; gives where they start.
    /// The caller has checked that the input holds them.
    #[inline(always)]
    fn room(&mut self, n: usize) -> usize {
        let start = self.s.values.len();
        // a loop of stores, not a call to memset: records are short
        self.s.values.extend(std::iter::repeat_n(0, n));
        start
    }

    fn abbreviated(&mut self, at: u64, id: u64) -> Result<(), Error> {
        let def = self
            .scopes
            .resolve(id)
            .map_err(|e| Self::scope_error(at, Expected::AbbrevId, e, id))?;
        let AbbrevDef {
            start: op_start,
            len,
            ..
        } = self.s.abbrevs[def as usize];
        let start = self.s.values.len();
        let mut blob = NONE;
        for i in op_start..op_start + len {
            let op = self.s.abbrev_ops[i as usize];
            let value = match op {
                AbbrevOp::Literal(v) => v,
                AbbrevOp::Fixed(w) => self.r.read(u32::from(w), Expected::Operand)?,
                AbbrevOp::Vbr(w) => self.vbr(u32::from(w), Expected::Operand)?,
                AbbrevOp::Char6 => u64::from(self.r.read_char6(Expected::Operand)?),
                AbbrevOp::Array => {
                    let elem = self.s.abbrev_ops[i as usize + 1];
                    self.array(elem)?;
                    break;
                }
                AbbrevOp::Blob => {
                    blob = self.blob()?;
                    break;
                }
            };
            self.s.values.push(value);
        }
        self.finish_record(at, id as u32, def, start, blob)
    }

    fn array(&mut self, elem: AbbrevOp) -> Result<(), Error> {
        let len_at = self.r.position();
        if abbrev::array_element_of_width_0(elem) {
            return Err(err(
                len_at,
                Expected::ArrayElement,
                ErrorKind::BadAbbrev(AbbrevProblem::BadArrayElement),
            ));
        }
        let count = self.vbr(6, Expected::ArrayLength)?;
        self.check_length(len_at, Expected::ArrayLength, count, elem.min_bits())?;
        let start = self.room(count as usize);
        let (r, s) = (&mut self.r, &mut self.s);
        let out = s.values.get_mut(start..).unwrap_or(&mut []);
        match elem {
            AbbrevOp::Fixed(w) => fixed_into(r, out, w.into(), Expected::ArrayElement)?,
            AbbrevOp::Vbr(w) => {
                vbrs_into(r, out, &mut s.quirks, w.into(), Expected::ArrayElement)?;
            }
            _ => {
                fixed_into(r, out, 6, Expected::ArrayElement)?;
                for v in out.iter_mut() {
                    *v = u64::from(abbrev::char6_decode(*v as u8));
                }
            }
        }
        Ok(())
    }

    /// A blob's length, padding and bytes; gives its index in `blobs`.
    fn blob(&mut self) -> Result<u32, Error> {
        let len_at = self.r.position();
        let len = self.vbr(6, Expected::BlobLength)?;
        self.align()?;
        self.check_length(len_at, Expected::BlobLength, len, 8)?;
        let bytes = self.r.read_bytes(len, Expected::BlobBytes)?;
        let start = self.s.blob_bytes.len() as u32;
        self.s.blob_bytes.extend_from_slice(bytes);
        self.s.blobs.push((start, bytes.len() as u32));
        self.align()?;
        Ok(self.s.blobs.len() as u32 - 1)
    }

    fn finish_record(
        &mut self,
        at: u64,
        abbrev_id: u32,
        def: u32,
        start: usize,
        blob: u32,
    ) -> Result<(), Error> {
        let len = self.s.values.len();
        if len > self.budget {
            return Err(err(at, Expected::Operand, ErrorKind::TooManyValues));
        }
        // only BLOCKINFO's records say something to the reader (its few, so the record's
        // values are looked at there only)
        if self.in_blockinfo
            && let Some([code, operands @ ..]) = self.s.values.get(start..)
        {
            self.scopes
                .record(*code, operands)
                .map_err(|e| Self::scope_error(at, Expected::Operand, e, u64::from(abbrev_id)))?;
        }
        let count = len.saturating_sub(start) as u32;
        self.s.entries.push(RawEntry {
            bit: at as u32,
            abbrev_id,
            a: start as u32,
            b: count,
            c: def,
            d: blob,
        });
        Ok(())
    }
}

const END_BLOCK_U64: u64 = END_BLOCK as u64;
const ENTER_SUBBLOCK_U64: u64 = ENTER_SUBBLOCK as u64;
const DEFINE_ABBREV_U64: u64 = DEFINE_ABBREV as u64;
const UNABBREV_RECORD_U64: u64 = UNABBREV_RECORD as u64;
