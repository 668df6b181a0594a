//! Which abbreviation an id means where: the open blocks, the abbreviations each defined, and
//! those BLOCKINFO registered for each block id. The reader and the builder both keep their
//! open blocks here, so they resolve ids the same way.
//!
//! In a block of id `B`, abbreviation id 4 and up name first the abbreviations that BLOCKINFO
//! had registered for `B` when the block was entered, in order, then those the block defined
//! itself. A `DEFINE_ABBREV` inside BLOCKINFO registers for the block id of the last `SETBID`
//! instead. Registrations accumulate over the whole stream (a second BLOCKINFO block adds to
//! the first); lists only grow, so a block remembers how many it saw instead of copying them.

use std::collections::HashMap;

use super::{BLOCKINFO_BLOCK_ID, MAX_DEPTH, SETBID};

/// Why a scope operation failed (the caller adds where).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ScopeError {
    TooDeep,
    NoOpenBlock,
    UnknownAbbrev { defined: u64 },
    NoSetBid,
    BadSetBid,
}

/// An open block.
#[derive(Clone, Debug, Default)]
pub(crate) struct Frame {
    /// Index of the block's entry.
    pub entry: u32,
    pub width: u32,
    /// For the reader: where the length word says the block ends, in bits.
    pub end_bit: u64,
    pub len_words: u32,
    /// Position in `Scopes::info` of the list for the block's id, or `NO_LIST`.
    info: usize,
    /// Length of that list when the block was entered.
    info_count: u32,
    /// Where the abbreviations the block defined start in `Scopes::locals`.
    locals_start: usize,
    /// In a BLOCKINFO block: the block id of the last `SETBID`.
    blockinfo_target: Option<u32>,
    is_blockinfo: bool,
}

impl Frame {
    /// Whether the block is a BLOCKINFO block.
    pub(crate) fn is_blockinfo(&self) -> bool {
        self.is_blockinfo
    }
}

/// Block ids below this find their BLOCKINFO list in an array (LLVM's are below 32).
const DIRECT_IDS: usize = 32;

/// No list registered for a block id.
const NO_LIST: usize = usize::MAX;

#[derive(Clone, Debug)]
pub(crate) struct Scopes {
    /// The position in `info` of the list of each block id below `DIRECT_IDS`, or `NO_LIST`.
    direct: [usize; DIRECT_IDS],
    /// The same for the other block ids.
    by_id: HashMap<u32, usize>,
    info: Vec<Vec<u32>>,
    /// The abbreviations each open block defined, the innermost block's last: one stack for
    /// all, so that a block costs no allocation of its own.
    locals: Vec<u32>,
    /// Open blocks are `frames[..depth]`; the others are kept for reuse.
    frames: Vec<Frame>,
    depth: usize,
}

impl Default for Scopes {
    fn default() -> Scopes {
        Scopes {
            direct: [NO_LIST; DIRECT_IDS],
            by_id: HashMap::new(),
            info: Vec::new(),
            locals: Vec::new(),
            frames: Vec::new(),
            depth: 0,
        }
    }
}

impl Scopes {
    /// Open blocks with room for `defs` abbreviations defined in them at once (more grow
    /// the stack).
    pub(crate) fn with_capacity(defs: usize) -> Scopes {
        let mut scopes = Scopes::default();
        scopes.locals.reserve(defs);
        scopes
    }

    /// The position in `info` of the list of block id `id`, if BLOCKINFO registered any.
    fn list_of(&self, id: u32) -> Option<usize> {
        let list = match self.direct.get(id as usize) {
            Some(&l) => l,
            None => *self.by_id.get(&id)?,
        };
        (list != NO_LIST).then_some(list)
    }

    /// The position in `info` of the list of block id `id`, added if new.
    fn list_for(&mut self, id: u32) -> usize {
        if let Some(list) = self.list_of(id) {
            return list;
        }
        let list = self.info.len();
        // LLVM's BLOCKINFO registers a handful of abbreviations per block id
        self.info.push(Vec::with_capacity(8));
        match self.direct.get_mut(id as usize) {
            Some(slot) => *slot = list,
            None => {
                self.by_id.insert(id, list);
            }
        }
        list
    }

    pub(crate) fn depth(&self) -> usize {
        self.depth
    }

    /// The innermost open block.
    #[inline]
    pub(crate) fn top(&self) -> Option<&Frame> {
        self.depth.checked_sub(1).and_then(|i| self.frames.get(i))
    }

    /// Opens a block.
    pub(crate) fn enter(
        &mut self,
        id: u32,
        width: u32,
        entry: u32,
        end_bit: u64,
        len_words: u32,
    ) -> Result<(), ScopeError> {
        if self.depth >= MAX_DEPTH {
            return Err(ScopeError::TooDeep);
        }
        let info = self.list_of(id).unwrap_or(NO_LIST);
        let info_count = self.info.get(info).map_or(0, |l| l.len() as u32);
        if self.depth == self.frames.len() {
            self.frames.push(Frame::default());
        }
        let frame = &mut self.frames[self.depth];
        frame.entry = entry;
        frame.width = width;
        frame.end_bit = end_bit;
        frame.len_words = len_words;
        frame.info = info;
        frame.info_count = info_count;
        frame.locals_start = self.locals.len();
        frame.blockinfo_target = None;
        frame.is_blockinfo = id == BLOCKINFO_BLOCK_ID;
        self.depth += 1;
        Ok(())
    }

    /// Closes the innermost block and gives it.
    pub(crate) fn leave(&mut self) -> Option<&Frame> {
        self.depth = self.depth.checked_sub(1)?;
        let frame = self.frames.get(self.depth)?;
        self.locals.truncate(frame.locals_start);
        Some(frame)
    }

    /// The abbreviations the innermost block defined (`frame` is that block).
    #[inline]
    fn locals_of(&self, frame: &Frame) -> &[u32] {
        self.locals.get(frame.locals_start..).unwrap_or(&[])
    }

    /// The abbreviation that `id` (4 or more) names in the innermost block.
    #[inline]
    pub(crate) fn resolve(&self, id: u64) -> Result<u32, ScopeError> {
        let frame = self.top().ok_or(ScopeError::NoOpenBlock)?;
        let index = id.wrapping_sub(u64::from(super::FIRST_APPLICATION_ABBREV));
        let info_count = u64::from(frame.info_count);
        let locals = self.locals_of(frame);
        let found = if index < info_count {
            self.info
                .get(frame.info)
                .and_then(|l| l.get(index as usize))
        } else {
            locals.get((index - info_count) as usize)
        };
        found.copied().ok_or(ScopeError::UnknownAbbrev {
            defined: u64::from(super::FIRST_APPLICATION_ABBREV) + info_count + locals.len() as u64,
        })
    }

    /// Registers abbreviation `def` where a `DEFINE_ABBREV` in the innermost block puts it;
    /// gives the block id BLOCKINFO registered it for, if it did.
    pub(crate) fn define(&mut self, def: u32) -> Result<Option<u32>, ScopeError> {
        let depth = self.depth.checked_sub(1).ok_or(ScopeError::NoOpenBlock)?;
        let frame = &mut self.frames[depth];
        if !frame.is_blockinfo {
            self.locals.push(def);
            return Ok(None);
        }
        let target = frame.blockinfo_target.ok_or(ScopeError::NoSetBid)?;
        let list = self.list_for(target);
        if let Some(l) = self.info.get_mut(list) {
            l.push(def);
        }
        Ok(Some(target))
    }

    /// Notes a record of the innermost block: in BLOCKINFO, a `SETBID` changes the block id
    /// that definitions register for.
    #[inline]
    pub(crate) fn record(&mut self, code: u64, operands: &[u64]) -> Result<(), ScopeError> {
        let Some(frame) = self
            .depth
            .checked_sub(1)
            .and_then(|d| self.frames.get_mut(d))
        else {
            return Err(ScopeError::NoOpenBlock);
        };
        if frame.is_blockinfo && code == SETBID {
            let id = operands.first().and_then(|&v| u32::try_from(v).ok());
            frame.blockinfo_target = Some(id.ok_or(ScopeError::BadSetBid)?);
        }
        Ok(())
    }

    /// The id the next abbreviation defined in the innermost block will have where it applies:
    /// in that block, or (in BLOCKINFO) in blocks of the `SETBID` id entered afterwards.
    pub(crate) fn next_abbrev_id(&self) -> Result<u32, ScopeError> {
        let frame = self.top().ok_or(ScopeError::NoOpenBlock)?;
        let defined = if frame.is_blockinfo {
            let target = frame.blockinfo_target.ok_or(ScopeError::NoSetBid)?;
            self.list_of(target)
                .and_then(|l| self.info.get(l))
                .map_or(0, Vec::len)
        } else {
            frame.info_count as usize + self.locals_of(frame).len()
        };
        u32::try_from(defined)
            .ok()
            .and_then(|d| d.checked_add(super::FIRST_APPLICATION_ABBREV))
            .ok_or(ScopeError::UnknownAbbrev {
                defined: defined as u64,
            })
    }
}
