//! The parsed form: [`Bitstream`], a flat arena of entries in stream order, and the views that
//! read it ([`Entry`], [`Block`], [`Record`], [`Abbrev`]).

use super::abbrev::AbbrevOp;
use super::{BLOCKINFO_BLOCK_ID, BLOCKNAME, SETBID, SETRECORDNAME, UNABBREV_RECORD};

/// Marks an absent index (no abbreviation for an unabbreviated record, no blob, no target).
pub(crate) const NONE: u32 = u32::MAX;

/// What an entry is, told by the abbreviation id it was written with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Block,
    Define,
    Record,
}

/// One entry of the arena, 24 bytes. Its fields by kind:
///
/// | field | block | `DEFINE_ABBREV` | record |
/// | --- | --- | --- | --- |
/// | `abbrev_id` | 1 | 2 | 3, or 4 and up |
/// | `a` | block id | abbreviation index | first value (in `values`) |
/// | `b` | index of the entry after its last descendant | - | number of values (code included) |
/// | `c` | length word | - | abbreviation index or `NONE` |
/// | `d` | abbreviation width | - | blob index or `NONE` |
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RawEntry {
    /// Bit offset of the abbreviation id in the input (0 for built streams).
    pub bit: u32,
    pub abbrev_id: u32,
    pub a: u32,
    pub b: u32,
    pub c: u32,
    pub d: u32,
}

impl RawEntry {
    pub(crate) fn kind(&self) -> Kind {
        match self.abbrev_id {
            super::ENTER_SUBBLOCK => Kind::Block,
            super::DEFINE_ABBREV => Kind::Define,
            _ => Kind::Record,
        }
    }
}

/// An abbreviation definition: its operands in `abbrev_ops`, and the block id BLOCKINFO
/// registered it for (`NONE` for one defined in the block that uses it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AbbrevDef {
    pub start: u32,
    pub len: u32,
    pub target: u32,
}

/// An encoding of the input that a writer would not choose, kept so that writing gives the
/// input back: the reader notes each, the writer repeats it at the same bit offset (which
/// the output reaches with the same bits as the input).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quirk {
    /// A VBR at `bit` written with more chunks than its value needs.
    Vbr {
        /// Offset of its first chunk.
        bit: u64,
        /// Its chunk count.
        chunks: u64,
    },
    /// Alignment padding at `bit` whose bits are not all zero.
    Padding {
        /// Offset of the first padding bit.
        bit: u64,
        /// The padding bits.
        bits: u32,
    },
}

impl Quirk {
    /// The bit offset it applies at.
    pub fn bit(&self) -> u64 {
        match *self {
            Quirk::Vbr { bit, .. } | Quirk::Padding { bit, .. } => bit,
        }
    }
}

/// A parsed bitstream: every block, record and abbreviation definition in stream order, with
/// what it takes to write the input back bit for bit. Made by
/// [`Bitstream::parse`](Bitstream::parse) or [`Builder`](super::Builder); written by
/// [`Bitstream::to_bytes`].
///
/// Entries are kept in one array in stream order (a block is followed by its contents, and
/// knows where they end), record values in one array of `u64`, abbreviation operands in
/// another, blob bytes in a third: a few allocations whatever the size of the stream, no
/// recursion to walk or drop it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bitstream {
    pub(crate) magic: [u8; 4],
    pub(crate) entries: Vec<RawEntry>,
    pub(crate) values: Vec<u64>,
    pub(crate) abbrevs: Vec<AbbrevDef>,
    pub(crate) abbrev_ops: Vec<AbbrevOp>,
    /// (start, length) in `blob_bytes`.
    pub(crate) blobs: Vec<(u32, u32)>,
    pub(crate) blob_bytes: Vec<u8>,
    pub(crate) trailing_zeros: usize,
    pub(crate) quirks: Vec<Quirk>,
    /// Bytes of the input, or 0: room the writer reserves.
    pub(crate) size_hint: usize,
}

impl Bitstream {
    /// The 4 bytes before the first block (`BC 0xC0DE` for LLVM bitcode,
    /// [`BITCODE_MAGIC`](super::BITCODE_MAGIC)).
    pub fn magic(&self) -> [u8; 4] {
        self.magic
    }

    /// The zero bytes after the last top-level block (padding some writers add).
    pub fn trailing_zeros(&self) -> usize {
        self.trailing_zeros
    }

    /// The encodings of the input a writer would not choose (none in LLVM's own output), which
    /// writing repeats.
    pub fn quirks(&self) -> &[Quirk] {
        &self.quirks
    }

    /// The top-level entries (all blocks).
    pub fn entries(&self) -> Entries<'_> {
        Entries {
            stream: self,
            next: 0,
            end: self.entries.len() as u32,
        }
    }

    /// The top-level blocks.
    pub fn blocks(&self) -> impl Iterator<Item = Block<'_>> + '_ {
        self.entries().filter_map(Entry::block)
    }

    /// Every block, at any depth, in stream order.
    pub fn all_blocks(&self) -> impl Iterator<Item = Block<'_>> + '_ {
        (0..self.entries.len() as u32)
            .map(|i| self.entry(i))
            .filter_map(Entry::block)
    }

    /// The number of entries (blocks, records and abbreviation definitions) at all depths.
    pub fn entry_count(&self) -> usize {
        self.entries.len()
    }

    /// The entries of every BLOCKINFO block, in stream order, each with the block id the last
    /// `SETBID` before it set (`None` before the first); `SETBID` records come with the id they
    /// set.
    pub fn block_info(&self) -> impl Iterator<Item = (Option<u32>, Entry<'_>)> + '_ {
        let mut target = None;
        self.all_blocks()
            .filter(|b| b.id() == BLOCKINFO_BLOCK_ID)
            .flat_map(Block::entries)
            .map(move |e| {
                if let Entry::Record(r) = e
                    && r.code() == SETBID
                {
                    target = r.operands().first().and_then(|&v| u32::try_from(v).ok());
                }
                (target, e)
            })
    }

    /// The name BLOCKINFO gives block `id` (`BLOCKNAME`), if any.
    pub fn block_name(&self, id: u32) -> Option<String> {
        self.block_info().find_map(|(target, e)| match e {
            Entry::Record(r) if target == Some(id) && r.code() == BLOCKNAME => text(r.operands()),
            _ => None,
        })
    }

    /// The name BLOCKINFO gives records of `code` in block `id` (`SETRECORDNAME`), if any.
    pub fn record_name(&self, id: u32, code: u64) -> Option<String> {
        self.block_info().find_map(|(target, e)| match e {
            Entry::Record(r) if target == Some(id) && r.code() == SETRECORDNAME => {
                match r.operands() {
                    [c, name @ ..] if *c == code => text(name),
                    _ => None,
                }
            }
            _ => None,
        })
    }

    pub(crate) fn entry(&self, index: u32) -> Entry<'_> {
        let raw = self.raw(index);
        match raw.kind() {
            Kind::Block => Entry::Block(Block {
                stream: self,
                index,
            }),
            Kind::Define => Entry::DefineAbbrev(Abbrev {
                stream: self,
                def: raw.a,
                bit: raw.bit,
            }),
            Kind::Record => Entry::Record(Record { stream: self, raw }),
        }
    }

    fn raw(&self, index: u32) -> RawEntry {
        self.entries
            .get(index as usize)
            .copied()
            .unwrap_or(RawEntry {
                bit: 0,
                abbrev_id: UNABBREV_RECORD,
                a: 0,
                b: 0,
                c: NONE,
                d: NONE,
            })
    }

    /// The index of the entry after entry `index` and its descendants.
    fn next_sibling(&self, index: u32) -> u32 {
        let raw = self.raw(index);
        match raw.kind() {
            Kind::Block => raw.b.max(index + 1),
            _ => index + 1,
        }
    }

    pub(crate) fn abbrev_ops_of(&self, def: u32) -> &[AbbrevOp] {
        match self.abbrevs.get(def as usize) {
            Some(d) => self
                .abbrev_ops
                .get(d.start as usize..(d.start + d.len) as usize)
                .unwrap_or(&[]),
            None => &[],
        }
    }

    /// The bytes of blob `blob` (empty for `NONE`).
    pub(crate) fn blob_of(&self, blob: u32) -> &[u8] {
        match self.blobs.get(blob as usize) {
            Some(&(start, len)) => self
                .blob_bytes
                .get(start as usize..(start + len) as usize)
                .unwrap_or(&[]),
            None => &[],
        }
    }
}

/// Values read as bytes of text (`None` when one is over 255).
fn text(values: &[u64]) -> Option<String> {
    let bytes = values
        .iter()
        .map(|&v| u8::try_from(v).ok())
        .collect::<Option<Vec<u8>>>()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// One entry of a block: a nested block, a record or an abbreviation definition.
#[derive(Clone, Copy, Debug)]
pub enum Entry<'a> {
    /// A nested block (`ENTER_SUBBLOCK` ... `END_BLOCK`).
    Block(Block<'a>),
    /// A record.
    Record(Record<'a>),
    /// A `DEFINE_ABBREV`.
    DefineAbbrev(Abbrev<'a>),
}

impl<'a> Entry<'a> {
    /// The block, if the entry is one.
    pub fn block(self) -> Option<Block<'a>> {
        match self {
            Entry::Block(b) => Some(b),
            _ => None,
        }
    }

    /// The record, if the entry is one.
    pub fn record(self) -> Option<Record<'a>> {
        match self {
            Entry::Record(r) => Some(r),
            _ => None,
        }
    }

    /// The bit offset of the entry's abbreviation id in the input (0 in a built stream).
    pub fn bit(&self) -> u64 {
        match self {
            Entry::Block(b) => b.bit(),
            Entry::Record(r) => r.bit(),
            Entry::DefineAbbrev(a) => a.bit(),
        }
    }
}

/// The entries of a block (or the top level) in order, nested blocks as one entry each.
#[derive(Clone, Debug)]
pub struct Entries<'a> {
    stream: &'a Bitstream,
    next: u32,
    end: u32,
}

impl<'a> Iterator for Entries<'a> {
    type Item = Entry<'a>;

    #[inline]
    fn next(&mut self) -> Option<Entry<'a>> {
        if self.next >= self.end {
            return None;
        }
        let index = self.next;
        self.next = self.stream.next_sibling(index);
        Some(self.stream.entry(index))
    }
}

/// A block: its id, abbreviation width, length word and entries.
#[derive(Clone, Copy, Debug)]
pub struct Block<'a> {
    stream: &'a Bitstream,
    index: u32,
}

impl<'a> Block<'a> {
    fn raw(&self) -> RawEntry {
        self.stream.raw(self.index)
    }

    /// The block id (0 is BLOCKINFO; LLVM bitcode's module block is 8).
    pub fn id(&self) -> u32 {
        self.raw().a
    }

    /// The width of the abbreviation ids inside the block.
    pub fn abbrev_width(&self) -> u32 {
        self.raw().d
    }

    /// The length word: the block's size in 32-bit words after it, up to and including the
    /// alignment after `END_BLOCK` (as read; as the writer computed it, in a built stream
    /// that was written).
    pub fn length_words(&self) -> u32 {
        self.raw().c
    }

    /// The bit offset of its `ENTER_SUBBLOCK` in the input (0 in a built stream).
    pub fn bit(&self) -> u64 {
        u64::from(self.raw().bit)
    }

    /// The number of entries inside it at all depths (records, abbreviation definitions,
    /// nested blocks and their entries), found without walking them.
    pub fn entry_count(&self) -> usize {
        let end = self.stream.next_sibling(self.index);
        end.saturating_sub(self.index + 1) as usize
    }

    /// Its entries in order.
    pub fn entries(self) -> Entries<'a> {
        Entries {
            stream: self.stream,
            next: self.index + 1,
            end: self.stream.next_sibling(self.index),
        }
    }

    /// Its records in order.
    pub fn records(self) -> impl Iterator<Item = Record<'a>> + 'a {
        self.entries().filter_map(Entry::record)
    }

    /// Its nested blocks in order.
    pub fn blocks(self) -> impl Iterator<Item = Block<'a>> + 'a {
        self.entries().filter_map(Entry::block)
    }
}

/// A record: its code, operands and blob, and the abbreviation it was written with.
///
/// The values are as LLVM's reader gives them: literal operands included, char6 operands as
/// their characters, an array's elements as the last operands. A blob is kept apart.
#[derive(Clone, Copy, Debug)]
pub struct Record<'a> {
    stream: &'a Bitstream,
    raw: RawEntry,
}

impl<'a> Record<'a> {
    /// The code and the operands.
    #[inline]
    pub fn values(&self) -> &'a [u64] {
        let start = self.raw.a as usize;
        self.stream
            .values
            .get(start..start + self.raw.b as usize)
            .unwrap_or(&[])
    }

    /// The record code.
    #[inline]
    pub fn code(&self) -> u64 {
        self.values().first().copied().unwrap_or(0)
    }

    /// The operands (after the code).
    #[inline]
    pub fn operands(&self) -> &'a [u64] {
        self.values().get(1..).unwrap_or(&[])
    }

    /// The blob, for a record whose abbreviation ends in one.
    pub fn blob(&self) -> Option<&'a [u8]> {
        (self.raw.d != NONE).then(|| self.stream.blob_of(self.raw.d))
    }

    /// The abbreviation id it was written with: 3 (`UNABBREV_RECORD`) or 4 and up.
    pub fn abbrev_id(&self) -> u32 {
        self.raw.abbrev_id
    }

    /// The abbreviation it was written with, `None` for an unabbreviated record.
    pub fn abbrev(&self) -> Option<Abbrev<'a>> {
        (self.raw.c != NONE).then_some(Abbrev {
            stream: self.stream,
            def: self.raw.c,
            bit: 0,
        })
    }

    /// The bit offset of its abbreviation id in the input (0 in a built stream).
    pub fn bit(&self) -> u64 {
        u64::from(self.raw.bit)
    }
}

/// An abbreviation definition: its operand encodings.
#[derive(Clone, Copy, Debug)]
pub struct Abbrev<'a> {
    stream: &'a Bitstream,
    def: u32,
    /// The `DEFINE_ABBREV`'s bit offset, for the entry view.
    bit: u32,
}

impl<'a> Abbrev<'a> {
    /// Its operand encodings, the code's first.
    pub fn ops(&self) -> &'a [AbbrevOp] {
        self.stream.abbrev_ops_of(self.def)
    }

    /// The block id a BLOCKINFO block defined it for; `None` for an abbreviation defined in
    /// the block that uses it.
    pub fn target_block(&self) -> Option<u32> {
        let target = self.stream.abbrevs.get(self.def as usize)?.target;
        (target != NONE).then_some(target)
    }

    /// Its position among all the stream's definitions (the same abbreviation gives the same
    /// index in every record that uses it).
    pub fn index(&self) -> usize {
        self.def as usize
    }

    /// The bit offset of the `DEFINE_ABBREV` in the input when reached as an entry, otherwise
    /// 0.
    pub fn bit(&self) -> u64 {
        u64::from(self.bit)
    }
}
