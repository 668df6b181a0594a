//! Building a bitstream from scratch ([`Builder`]): blocks, abbreviation definitions (in
//! blocks or in BLOCKINFO), records unabbreviated or with a chosen abbreviation. Every call
//! checks what it adds, so [`Builder::finish`] gives a [`Bitstream`] that always writes.

use super::abbrev::{self, AbbrevOp, AbbrevProblem};
use super::error::BuildError;
use super::scope::{ScopeError, Scopes};
use super::stream::{AbbrevDef, Bitstream, NONE, RawEntry};
use super::{
    DEFINE_ABBREV, ENTER_SUBBLOCK, FIRST_APPLICATION_ABBREV, MAX_ABBREV_WIDTH, TOP_LEVEL_WIDTH,
    UNABBREV_RECORD,
};

/// Builds a [`Bitstream`] entry by entry.
///
/// ```
/// use dxil_module::bitstream::{AbbrevOp, Bitstream, Builder, BITCODE_MAGIC, SETBID};
///
/// let mut b = Builder::new(BITCODE_MAGIC);
/// // BLOCKINFO: an abbreviation for every block of id 8 that follows
/// b.enter_block(0, 2)?;
/// b.record(SETBID, &[8])?;
/// let name = b.define_abbrev(&[AbbrevOp::Literal(1), AbbrevOp::Array, AbbrevOp::Char6])?;
/// b.end_block()?;
/// b.enter_block(8, 3)?;
/// b.record(2, &[1, 2, 3])?; // unabbreviated
/// b.abbreviated_record(name, &[1, b'a'.into(), b'_'.into()], None)?;
/// b.end_block()?;
/// let stream = b.finish()?;
///
/// let bytes = stream.to_bytes();
/// let read = Bitstream::parse(&bytes)?;
/// let block = read.blocks().nth(1).unwrap();
/// let names: Vec<_> = block.records().map(|r| r.operands().to_vec()).collect();
/// assert_eq!(names, [vec![1, 2, 3], vec![97, 95]]);
/// assert_eq!(read.to_bytes(), bytes);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Builder {
    stream: Bitstream,
    scopes: Scopes,
}

fn scope_error(e: ScopeError, id: u32) -> BuildError {
    match e {
        ScopeError::TooDeep => BuildError::TooDeep,
        ScopeError::NoOpenBlock => BuildError::NoOpenBlock,
        ScopeError::UnknownAbbrev { .. } => BuildError::UnknownAbbrev(id),
        ScopeError::NoSetBid => BuildError::NoSetBid,
        ScopeError::BadSetBid => BuildError::BadSetBid,
    }
}

/// `n` as a 32-bit index.
fn index(n: usize) -> Result<u32, BuildError> {
    u32::try_from(n)
        .ok()
        .filter(|&i| i != NONE)
        .ok_or(BuildError::TooLarge)
}

impl Builder {
    /// A stream that starts with `magic` ([`BITCODE_MAGIC`](super::BITCODE_MAGIC) for LLVM
    /// bitcode).
    pub fn new(magic: [u8; 4]) -> Self {
        Builder {
            stream: Bitstream {
                magic,
                ..Bitstream::default()
            },
            scopes: Scopes::default(),
        }
    }

    /// The abbreviation width of the innermost open block (2 at the top level).
    fn width(&self) -> u32 {
        self.scopes.top().map_or(TOP_LEVEL_WIDTH, |f| f.width)
    }

    /// Checks that abbreviation id `id` fits the innermost block's width.
    fn check_id_width(&self, id: u32) -> Result<(), BuildError> {
        let width = self.width();
        if u64::from(id) >> width != 0 {
            return Err(BuildError::AbbrevIdTooWide { id, width });
        }
        Ok(())
    }

    /// Opens a block of `id` whose abbreviation ids are `abbrev_width` bits wide (1 to 32; 2
    /// is enough for unabbreviated records only, each defined abbreviation needs ids up to
    /// `4 + n - 1`).
    pub fn enter_block(&mut self, id: u32, abbrev_width: u32) -> Result<(), BuildError> {
        if abbrev_width == 0 || abbrev_width > MAX_ABBREV_WIDTH {
            return Err(BuildError::BadAbbrevWidth(abbrev_width));
        }
        self.check_id_width(ENTER_SUBBLOCK)?;
        let entry = index(self.stream.entries.len())?;
        self.scopes
            .enter(id, abbrev_width, entry, 0, 0)
            .map_err(|e| scope_error(e, ENTER_SUBBLOCK))?;
        self.stream.entries.push(RawEntry {
            bit: 0,
            abbrev_id: ENTER_SUBBLOCK,
            a: id,
            b: NONE,
            c: 0,
            d: abbrev_width,
        });
        Ok(())
    }

    /// Closes the innermost block.
    pub fn end_block(&mut self) -> Result<(), BuildError> {
        let end = index(self.stream.entries.len())?;
        let frame = self.scopes.leave().ok_or(BuildError::NoOpenBlock)?;
        if let Some(block) = self.stream.entries.get_mut(frame.entry as usize) {
            block.b = end;
        }
        Ok(())
    }

    /// Defines an abbreviation in the innermost block and gives the id that names it: in that
    /// block, or, in BLOCKINFO, in the blocks of the last `SETBID` id opened afterwards.
    pub fn define_abbrev(&mut self, ops: &[AbbrevOp]) -> Result<u32, BuildError> {
        abbrev::check(ops).map_err(BuildError::BadAbbrev)?;
        self.check_id_width(DEFINE_ABBREV)?;
        let id = self
            .scopes
            .next_abbrev_id()
            .map_err(|e| scope_error(e, DEFINE_ABBREV))?;
        let def = index(self.stream.abbrevs.len())?;
        let start = index(self.stream.abbrev_ops.len())?;
        index(self.stream.abbrev_ops.len() + ops.len())?;
        index(self.stream.entries.len())?;
        let target = self
            .scopes
            .define(def)
            .map_err(|e| scope_error(e, DEFINE_ABBREV))?;
        self.stream.abbrev_ops.extend_from_slice(ops);
        self.stream.abbrevs.push(AbbrevDef {
            start,
            len: ops.len() as u32,
            target: target.unwrap_or(NONE),
        });
        self.stream.entries.push(RawEntry {
            bit: 0,
            abbrev_id: DEFINE_ABBREV,
            a: def,
            b: 0,
            c: NONE,
            d: NONE,
        });
        Ok(id)
    }

    /// Adds an unabbreviated record (every value a vbr6).
    pub fn record(&mut self, code: u64, operands: &[u64]) -> Result<(), BuildError> {
        self.check_id_width(UNABBREV_RECORD)?;
        self.push_record(UNABBREV_RECORD, NONE, code, operands, None)
    }

    /// Adds a record written with abbreviation `id` (as [`define_abbrev`](Self::define_abbrev)
    /// gave it): `values` are the code and the operands, as a reader gives them back (array
    /// elements last, char6 operands as characters); `blob` exactly when the abbreviation ends
    /// in a blob.
    pub fn abbreviated_record(
        &mut self,
        id: u32,
        values: &[u64],
        blob: Option<&[u8]>,
    ) -> Result<(), BuildError> {
        if id < FIRST_APPLICATION_ABBREV {
            return Err(BuildError::UnknownAbbrev(id));
        }
        self.check_id_width(id)?;
        let def = self
            .scopes
            .resolve(u64::from(id))
            .map_err(|e| scope_error(e, id))?;
        check_values(self.stream.abbrev_ops_of(def), values, blob)?;
        let (code, operands) = values.split_first().unwrap_or((&0, &[]));
        self.push_record(id, def, *code, operands, blob)
    }

    fn push_record(
        &mut self,
        abbrev_id: u32,
        def: u32,
        code: u64,
        operands: &[u64],
        blob: Option<&[u8]>,
    ) -> Result<(), BuildError> {
        let start = index(self.stream.values.len())?;
        let count = index(operands.len() + 1)?;
        index(self.stream.values.len() + operands.len() + 1)?;
        index(self.stream.entries.len())?;
        let blob = match blob {
            Some(bytes) => {
                let at = index(self.stream.blob_bytes.len())?;
                index(self.stream.blob_bytes.len() + bytes.len())?;
                index(self.stream.blobs.len())?;
                self.stream.blob_bytes.extend_from_slice(bytes);
                self.stream.blobs.push((at, bytes.len() as u32));
                self.stream.blobs.len() as u32 - 1
            }
            None => NONE,
        };
        self.scopes
            .record(code, operands)
            .map_err(|e| scope_error(e, abbrev_id))?;
        self.stream.values.push(code);
        self.stream.values.extend_from_slice(operands);
        self.stream.entries.push(RawEntry {
            bit: 0,
            abbrev_id,
            a: start,
            b: count,
            c: def,
            d: blob,
        });
        Ok(())
    }

    /// Adds `count` zero bytes after the last block.
    pub fn trailing_zeros(&mut self, count: usize) {
        self.stream.trailing_zeros = count;
    }

    /// The stream, once every block is closed.
    pub fn finish(self) -> Result<Bitstream, BuildError> {
        match self.scopes.depth() {
            0 => Ok(self.stream),
            n => Err(BuildError::UnclosedBlocks(n)),
        }
    }
}

/// Checks that `values` (the code first) and `blob` fit the abbreviation `ops`.
fn check_values(ops: &[AbbrevOp], values: &[u64], blob: Option<&[u8]>) -> Result<(), BuildError> {
    let shape = abbrev::shape(ops);
    if blob.is_some() != shape.blob {
        return Err(BuildError::BlobMismatch);
    }
    let scalars = shape.scalars.len();
    let count_ok = if shape.array.is_some() {
        values.len() >= scalars
    } else {
        values.len() == scalars
    };
    if !count_ok {
        return Err(BuildError::OperandCount {
            given: values.len(),
            scalars,
        });
    }
    if shape.array.is_some_and(abbrev::array_element_of_width_0) {
        return Err(BuildError::BadAbbrev(AbbrevProblem::BadArrayElement));
    }
    let elem = shape.array.unwrap_or(AbbrevOp::Array);
    let ops = shape.scalars.iter().copied().chain(std::iter::repeat(elem));
    for (position, (op, &value)) in ops.zip(values).enumerate() {
        if !op.fits(value) {
            return Err(BuildError::ValueDoesNotFit {
                position,
                value,
                op,
            });
        }
    }
    Ok(())
}
