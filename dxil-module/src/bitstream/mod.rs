//! LLVM's bitstream container, read losslessly and written back bit for bit.
//!
//! # The format
//!
//! A bitstream is a 4-byte magic number (`BC 0xC0DE` for LLVM bitcode) followed by a sequence
//! of bits, read least significant bit first from each byte. Fields are either **fixed**-width
//! (up to 64 bits) or **VBR**s: a value cut into chunks of `w` bits whose high bit says that
//! another chunk follows, `w - 1` value bits each, low bits first (`vbr6` is the usual width).
//!
//! The stream is a tree of **blocks**. Each entry in a block starts with an *abbreviation id*,
//! a fixed field as wide as the block's *abbreviation width* (2 at the top level, where only
//! blocks may appear):
//!
//! | id | entry | layout after the id |
//! | --- | --- | --- |
//! | 0 | `END_BLOCK` | padding to a multiple of 32 bits |
//! | 1 | `ENTER_SUBBLOCK` | block id (vbr8), abbreviation width (vbr4), padding to 32 bits, the block's length in 32-bit words (fixed 32), its entries |
//! | 2 | `DEFINE_ABBREV` | operand count (vbr5), each operand: 1 bit literal flag, then a literal value (vbr8) or an encoding (fixed 3: 1 fixed, 2 VBR, 3 array, 4 char6, 5 blob) with a width (vbr5) for fixed and VBR |
//! | 3 | `UNABBREV_RECORD` | code (vbr6), operand count (vbr6), each operand (vbr6) |
//! | 4 + n | a record written with abbreviation `n` | each operand in its encoding ([`AbbrevOp`]) |
//!
//! An **abbreviation** says how a record's values are laid out: the first operand gives the
//! record's code, a literal takes no bits, an array is a vbr6 count followed by elements in
//! the encoding after it (the last), a blob is a vbr6 byte count, 32-bit alignment, the
//! bytes and alignment again. Abbreviation ids of a block count from 4: first those that a
//! **BLOCKINFO** block (block id 0) registered for the block's id, then the ones the block
//! defines itself, in order. In BLOCKINFO, a `SETBID` record (code 1) chooses the block id
//! that the `DEFINE_ABBREV`s after it register for; `BLOCKNAME` (2) and `SETRECORDNAME` (3)
//! name blocks and records.
//!
//! # The parsed form
//!
//! [`Bitstream::parse`] reads everything into a [`Bitstream`]: one array of entries in stream
//! order (a block entry followed by its contents and knowing where they end), one array of
//! record values (`u64`), one of abbreviation operands, one of blob bytes. Nothing is lazy
//! and nothing borrows the input. It keeps what writing needs: the magic, each block's id,
//! abbreviation width and length word, each entry's abbreviation id, every abbreviation
//! definition where it appeared (BLOCKINFO's with the block id it registered for), the zero
//! bytes after the last block, and the input's [`Quirk`]s: VBRs with more chunks than needed,
//! padding that is not zero (LLVM writes neither; the corpus has none). So
//! [`Bitstream::to_bytes`] gives the input back from the parsed form.
//!
//! Reading it: [`Bitstream::blocks`] gives the top-level blocks, [`Block::entries`] a
//! block's [`Entry`]s (nested [`Block`]s, [`Record`]s, abbreviation definitions
//! [`Abbrev`]); a record gives its [`code`](Record::code), [`operands`](Record::operands)
//! (decoded as LLVM's reader gives them: literals included, char6 as characters, array
//! elements last), [`blob`](Record::blob) and the abbreviation it was written with. Every
//! entry knows its bit offset in the input, for the errors of the decoders above.
//!
//! [`Builder`] makes a stream from scratch (blocks, BLOCKINFO, abbreviations, records with a
//! chosen abbreviation or unabbreviated), checking each addition; the writer computes the
//! length words.
//!
//! # Untrusted input
//!
//! Reading never panics and fails with an [`Error`]: the bit offset, the field expected there
//! ([`Expected`]) and what was wrong ([`ErrorKind`]). Limits:
//!
//! - blocks nest at most [`MAX_DEPTH`] (64) deep; the reader keeps its own stack, so input
//!   never deepens the Rust stack;
//! - abbreviation widths are 1 to [`MAX_ABBREV_WIDTH`] (32), fixed encodings at most
//!   [`MAX_FIXED_WIDTH`] (64) bits, VBR encodings at most [`MAX_VBR_WIDTH`] (32); a VBR value
//!   must fit 64 bits and a block id 32;
//! - array, blob and operand counts are checked against the bits left before anything is
//!   reserved, and a block's length word against the input; its `END_BLOCK` must be exactly
//!   where the length word puts it;
//! - inputs are at most [`MAX_INPUT_BYTES`] (512 MiB: every bit offset fits 32 bits) and
//!   decode to at most one record value per input bit (abbreviations of many literals could
//!   otherwise make values from no bits).
//!
//! Time is linear in the input, and so is memory: LLVM's output decodes to about 0.75 values
//! (8 bytes each) and 0.13 entries (24 bytes each) per input byte, and the reader reserves
//! room for one value and a sixth of an entry per byte up front (12 times the input's size),
//! so that its lists seldom grow; the worst case is one value and a third of an entry per
//! input bit.

mod abbrev;
mod bits;
mod build;
mod error;
mod reader;
mod scope;
mod stream;
mod writer;

pub use abbrev::{AbbrevOp, AbbrevProblem, char6_decode, char6_encode};
pub use bits::{BitReader, BitWriter, Vbr};
pub use build::Builder;
pub use error::{BuildError, Error, ErrorKind, Expected};
pub use stream::{Abbrev, Bitstream, Block, Entries, Entry, Quirk, Record};

/// The magic number of LLVM bitcode: `BC` then `0xC0DE`.
pub const BITCODE_MAGIC: [u8; 4] = [b'B', b'C', 0xC0, 0xDE];

/// Abbreviation id of `END_BLOCK`.
pub const END_BLOCK: u32 = 0;
/// Abbreviation id of `ENTER_SUBBLOCK`.
pub const ENTER_SUBBLOCK: u32 = 1;
/// Abbreviation id of `DEFINE_ABBREV`.
pub const DEFINE_ABBREV: u32 = 2;
/// Abbreviation id of an unabbreviated record.
pub const UNABBREV_RECORD: u32 = 3;
/// The first abbreviation id that names a defined abbreviation.
pub const FIRST_APPLICATION_ABBREV: u32 = 4;

/// Block id of BLOCKINFO.
pub const BLOCKINFO_BLOCK_ID: u32 = 0;
/// BLOCKINFO record code: the block id later definitions register for.
pub const SETBID: u64 = 1;
/// BLOCKINFO record code: the name of the current block id.
pub const BLOCKNAME: u64 = 2;
/// BLOCKINFO record code: a record code and its name.
pub const SETRECORDNAME: u64 = 3;

/// The abbreviation width outside any block.
pub const TOP_LEVEL_WIDTH: u32 = 2;
/// The most blocks open at once (LLVM bitcode nests 3 or 4 deep).
pub const MAX_DEPTH: usize = 64;
/// The widest abbreviation id.
pub const MAX_ABBREV_WIDTH: u32 = 32;
/// The widest fixed operand encoding.
pub const MAX_FIXED_WIDTH: u32 = 64;
/// The widest VBR chunk.
pub const MAX_VBR_WIDTH: u32 = 32;
/// The longest input [`Bitstream::parse`] reads: 512 MiB.
pub const MAX_INPUT_BYTES: u64 = 1 << 29;
