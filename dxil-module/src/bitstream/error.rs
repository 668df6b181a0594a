//! Why a bitstream cannot be read ([`Error`]: a bit offset, what was being read, what was
//! wrong) or built ([`BuildError`]).

use std::fmt;

use super::abbrev::{AbbrevOp, AbbrevProblem};

/// A bitstream that cannot be read: where (the bit offset from the start of the input, magic
/// included), what the reader expected there, and what it found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Error {
    /// Offset in bits from the start of the input of the field that could not be read.
    pub bit: u64,
    /// What the reader was reading there.
    pub expected: Expected,
    /// What is wrong with it.
    pub kind: ErrorKind,
}

impl Error {
    pub(crate) fn new(bit: u64, expected: Expected, kind: ErrorKind) -> Self {
        Error {
            bit,
            expected,
            kind,
        }
    }

    /// The offset of the field in bytes (rounded down) and the bit within that byte.
    pub fn byte_and_bit(&self) -> (u64, u8) {
        (self.bit / 8, (self.bit % 8) as u8)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bit {} (byte {}): expected {}: {}",
            self.bit,
            self.bit / 8,
            self.expected,
            self.kind
        )
    }
}

impl std::error::Error for Error {}

/// The field the reader was reading when it failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// The 4-byte magic number at the start.
    Magic,
    /// An abbreviation id (fixed-width, of the block's abbreviation width).
    AbbrevId,
    /// The block id of an `ENTER_SUBBLOCK` (vbr8).
    BlockId,
    /// The abbreviation width of a new block (vbr4).
    AbbrevWidth,
    /// The 32-bit length word of a block, in 32-bit words.
    BlockLength,
    /// Zero bits up to the next multiple of 32.
    Padding,
    /// The end of a block: `END_BLOCK` exactly where its length word says the block ends.
    BlockEnd,
    /// The number of operand encodings of a `DEFINE_ABBREV` (vbr5).
    AbbrevOpCount,
    /// An operand encoding of a `DEFINE_ABBREV`: its literal bit and then the rest.
    AbbrevOp,
    /// The value of a literal operand encoding (vbr8).
    LiteralValue,
    /// The encoding of a non-literal operand encoding (fixed 3).
    Encoding,
    /// The width of a fixed or VBR operand encoding (vbr5).
    EncodingWidth,
    /// The code of a record.
    RecordCode,
    /// The number of operands of an unabbreviated record (vbr6).
    OperandCount,
    /// An operand of a record.
    Operand,
    /// The element count of an array operand (vbr6).
    ArrayLength,
    /// An element of an array operand.
    ArrayElement,
    /// The byte count of a blob operand (vbr6).
    BlobLength,
    /// The bytes of a blob operand.
    BlobBytes,
    /// Zero bytes after the last top-level block, or another block.
    EndOfStream,
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Expected::Magic => "the 4-byte magic number",
            Expected::AbbrevId => "an abbreviation id",
            Expected::BlockId => "a block id (vbr8)",
            Expected::AbbrevWidth => "the abbreviation width of a block (vbr4)",
            Expected::BlockLength => "a block's length word",
            Expected::Padding => "zero bits up to a 32-bit boundary",
            Expected::BlockEnd => "the end of the block where its length word puts it",
            Expected::AbbrevOpCount => "the operand count of an abbreviation definition (vbr5)",
            Expected::AbbrevOp => "an operand encoding of an abbreviation definition",
            Expected::LiteralValue => "a literal operand's value (vbr8)",
            Expected::Encoding => "an operand encoding (fixed 3)",
            Expected::EncodingWidth => "the width of a fixed or VBR operand encoding (vbr5)",
            Expected::RecordCode => "a record code",
            Expected::OperandCount => "the operand count of an unabbreviated record (vbr6)",
            Expected::Operand => "a record operand",
            Expected::ArrayLength => "an array length (vbr6)",
            Expected::ArrayElement => "an array element",
            Expected::BlobLength => "a blob length (vbr6)",
            Expected::BlobBytes => "the bytes of a blob",
            Expected::EndOfStream => "another top-level block or zero bytes to the end",
        })
    }
}

/// What is wrong at the place an [`Error`] names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The input ends: `needed` more bits were required, `available` were left.
    Truncated {
        /// Bits the field needs (for a VBR: the chunk being read).
        needed: u64,
        /// Bits left in the input.
        available: u64,
    },
    /// A VBR whose value does not fit 64 bits.
    VbrOverflow,
    /// A width outside what the format allows: an abbreviation width of 0 or over 32
    /// ([`MAX_ABBREV_WIDTH`](super::MAX_ABBREV_WIDTH)), a fixed encoding over 64
    /// ([`MAX_FIXED_WIDTH`](super::MAX_FIXED_WIDTH)), a VBR encoding over 32
    /// ([`MAX_VBR_WIDTH`](super::MAX_VBR_WIDTH)).
    BadWidth {
        /// The width read.
        width: u64,
        /// The largest allowed.
        max: u32,
    },
    /// An operand encoding number that is none of fixed (1), VBR (2), array (3), char6 (4),
    /// blob (5).
    BadEncoding(u64),
    /// An abbreviation definition that breaks a rule of the format.
    BadAbbrev(AbbrevProblem),
    /// An abbreviation id that names no abbreviation defined for the block at this point.
    UnknownAbbrev {
        /// The id read.
        id: u64,
        /// How many ids the block has (`4 +` the abbreviations defined for it).
        defined: u64,
    },
    /// A block id over `u32::MAX`.
    BlockIdTooLarge(u64),
    /// More blocks open at once than [`MAX_DEPTH`](super::MAX_DEPTH).
    TooDeep {
        /// The limit.
        limit: usize,
    },
    /// A length (array elements, blob bytes, block words) that the rest of the input cannot
    /// hold.
    LengthPastEnd {
        /// The length read.
        length: u64,
        /// The bits it needs at the least.
        needed_bits: u64,
        /// The bits left in the input.
        available_bits: u64,
    },
    /// A block whose `END_BLOCK` is not where its length word says.
    BlockLengthMismatch {
        /// The length word, in 32-bit words.
        declared_words: u32,
        /// The block's actual length, in 32-bit words.
        actual_words: u64,
    },
    /// A block whose entries go on past the end its length word gives.
    BlockOverrun {
        /// The length word, in 32-bit words.
        declared_words: u32,
    },
    /// An `END_BLOCK` or a record outside any block, or anything but a block at the top level.
    NotABlock {
        /// The abbreviation id read.
        id: u64,
    },
    /// A `DEFINE_ABBREV` in a BLOCKINFO block before any `SETBID` record.
    NoSetBid,
    /// A `SETBID` record whose first operand is missing or over `u32::MAX`.
    BadSetBid,
    /// Non-zero bytes after the last top-level block.
    TrailingData,
    /// An input longer than [`MAX_INPUT_BYTES`](super::MAX_INPUT_BYTES).
    InputTooLarge {
        /// The input's length in bytes.
        bytes: u64,
    },
    /// More record values (codes, operands, array elements) than bits in the input: only
    /// abbreviations of many literal operands can produce them, and they would take memory far
    /// beyond the input's size.
    TooManyValues,
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ErrorKind::Truncated { needed, available } => {
                write!(f, "the input ends ({needed} bits needed, {available} left)")
            }
            ErrorKind::VbrOverflow => f.write_str("the VBR value does not fit 64 bits"),
            ErrorKind::BadWidth { width, max } => {
                write!(f, "width {width} is outside 1..={max}")
            }
            ErrorKind::BadEncoding(e) => write!(f, "operand encoding {e} is not 1..=5"),
            ErrorKind::BadAbbrev(p) => write!(f, "invalid abbreviation: {p}"),
            ErrorKind::UnknownAbbrev { id, defined } => write!(
                f,
                "abbreviation id {id} is not defined here (the block has ids 0..{defined})"
            ),
            ErrorKind::BlockIdTooLarge(id) => write!(f, "block id {id} does not fit 32 bits"),
            ErrorKind::TooDeep { limit } => {
                write!(f, "blocks nest more than {limit} deep")
            }
            ErrorKind::LengthPastEnd {
                length,
                needed_bits,
                available_bits,
            } => write!(
                f,
                "length {length} needs at least {needed_bits} bits, {available_bits} left"
            ),
            ErrorKind::BlockLengthMismatch {
                declared_words,
                actual_words,
            } => write!(
                f,
                "the block's length word says {declared_words} words, the block has \
                 {actual_words}"
            ),
            ErrorKind::BlockOverrun { declared_words } => write!(
                f,
                "the block goes on past the {declared_words} words its length word gives"
            ),
            ErrorKind::NotABlock { id } => write!(
                f,
                "abbreviation id {id} outside any block (only ENTER_SUBBLOCK, 1, is allowed)"
            ),
            ErrorKind::NoSetBid => {
                f.write_str("DEFINE_ABBREV in BLOCKINFO before any SETBID record")
            }
            ErrorKind::BadSetBid => {
                f.write_str("SETBID record without a block id of at most 32 bits")
            }
            ErrorKind::TrailingData => f.write_str("non-zero bytes after the last block"),
            ErrorKind::InputTooLarge { bytes } => write!(
                f,
                "the input has {bytes} bytes, more than {}",
                super::MAX_INPUT_BYTES
            ),
            ErrorKind::TooManyValues => f.write_str("more record values than bits in the input"),
        }
    }
}

/// A mistake in building a bitstream with [`Builder`](super::Builder): refused at the call
/// that makes it, so the built stream always writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// A record or abbreviation definition outside any block, or `end_block` with none open.
    NoOpenBlock,
    /// `finish` with blocks still open.
    UnclosedBlocks(usize),
    /// A block's abbreviation width outside `1..=32`.
    BadAbbrevWidth(u32),
    /// More blocks open than [`MAX_DEPTH`](super::MAX_DEPTH).
    TooDeep,
    /// An abbreviation id (4 or more) that names no abbreviation of the current block.
    UnknownAbbrev(u32),
    /// An abbreviation id (`UNABBREV_RECORD`, 3, included) too wide for the block's
    /// abbreviation width.
    AbbrevIdTooWide {
        /// The id.
        id: u32,
        /// The block's abbreviation width.
        width: u32,
    },
    /// An abbreviation definition that breaks a rule of the format.
    BadAbbrev(AbbrevProblem),
    /// A `DEFINE_ABBREV` in a BLOCKINFO block before any `SETBID` record.
    NoSetBid,
    /// A `SETBID` record whose first operand is missing or over `u32::MAX`.
    BadSetBid,
    /// A value that the abbreviation's operand at `position` (0: the code) cannot encode.
    ValueDoesNotFit {
        /// Position among the record's values, the code first.
        position: usize,
        /// The value.
        value: u64,
        /// The encoding.
        op: AbbrevOp,
    },
    /// A record with another number of values than its abbreviation has scalar operands
    /// (without an array: exactly; with one: at least).
    OperandCount {
        /// Values given (the code included).
        given: usize,
        /// Scalar operands of the abbreviation (the code included).
        scalars: usize,
    },
    /// A blob given to a record whose abbreviation has none, or none to one that has.
    BlobMismatch,
    /// More values, entries or blob bytes than 32-bit indexes can hold.
    TooLarge,
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::NoOpenBlock => f.write_str("no block is open"),
            BuildError::UnclosedBlocks(n) => write!(f, "{n} block(s) still open"),
            BuildError::BadAbbrevWidth(w) => write!(f, "abbreviation width {w} is not 1..=32"),
            BuildError::TooDeep => write!(f, "more than {} blocks open", super::MAX_DEPTH),
            BuildError::UnknownAbbrev(id) => {
                write!(f, "abbreviation id {id} is not defined in this block")
            }
            BuildError::AbbrevIdTooWide { id, width } => {
                write!(
                    f,
                    "abbreviation id {id} does not fit the block's width {width}"
                )
            }
            BuildError::BadAbbrev(p) => write!(f, "invalid abbreviation: {p}"),
            BuildError::NoSetBid => {
                f.write_str("DEFINE_ABBREV in BLOCKINFO before any SETBID record")
            }
            BuildError::BadSetBid => {
                f.write_str("SETBID record without a block id of at most 32 bits")
            }
            BuildError::ValueDoesNotFit {
                position,
                value,
                op,
            } => write!(f, "value {value} at position {position} does not fit {op}"),
            BuildError::OperandCount { given, scalars } => write!(
                f,
                "{given} value(s) given for an abbreviation of {scalars} scalar operand(s)"
            ),
            BuildError::BlobMismatch => {
                f.write_str("a blob must be given exactly when the abbreviation has one")
            }
            BuildError::TooLarge => f.write_str("the stream outgrows 32-bit indexes"),
        }
    }
}

impl std::error::Error for BuildError {}
