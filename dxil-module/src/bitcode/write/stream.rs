//! The bits of the output: blocks (their length words filled in when they close),
//! abbreviation definitions, and records, unabbreviated or in an abbreviation. Written
//! straight into a [`BitWriter`], with no parsed form in between.

use crate::bitstream::{
    AbbrevOp, BitWriter, DEFINE_ABBREV, END_BLOCK, ENTER_SUBBLOCK, SETBID, TOP_LEVEL_WIDTH,
    UNABBREV_RECORD, char6_encode,
};

/// A block being written: where its length word is and the abbreviation width outside it.
struct Open {
    len_at: usize,
    outer_width: u32,
}

/// The output bitstream.
pub(super) struct Out {
    w: BitWriter,
    open: Vec<Open>,
    width: u32,
}

impl Out {
    /// A stream that starts with `magic`, with room for `bytes`.
    pub(super) fn new(magic: [u8; 4], bytes: usize) -> Out {
        let mut w = BitWriter::with_capacity(bytes);
        w.write_bytes(&magic);
        Out {
            w,
            open: Vec::new(),
            width: TOP_LEVEL_WIDTH,
        }
    }

    /// Opens block `id` with abbreviation ids `width` bits wide.
    pub(super) fn enter(&mut self, id: u32, width: u32) {
        self.w.write(u64::from(ENTER_SUBBLOCK), self.width);
        self.w.write_vbr(u64::from(id), 8);
        self.w.write_vbr(u64::from(width), 4);
        self.w.align32(0);
        let len_at = self.w.byte_len();
        self.w.write(0, 32);
        self.open.push(Open {
            len_at,
            outer_width: self.width,
        });
        self.width = width;
    }

    /// Closes the innermost block and fills in its length word.
    pub(super) fn exit(&mut self) {
        self.w.write(u64::from(END_BLOCK), self.width);
        self.w.align32(0);
        if let Some(o) = self.open.pop() {
            let words = (self.w.byte_len() - o.len_at - 4) / 4;
            self.w.patch_u32(o.len_at, words as u32);
            self.width = o.outer_width;
        }
    }

    /// Defines an abbreviation in the current block (in BLOCKINFO: for the block id of the
    /// last [`set_bid`](Self::set_bid)).
    pub(super) fn define(&mut self, ops: &[AbbrevOp]) {
        self.w.write(u64::from(DEFINE_ABBREV), self.width);
        self.w.write_vbr(ops.len() as u64, 5);
        for op in ops {
            match *op {
                AbbrevOp::Literal(v) => {
                    self.w.write(1, 1);
                    self.w.write_vbr(v, 8);
                }
                op => {
                    self.w.write(0, 1);
                    self.w.write(u64::from(op.encoding().unwrap_or(0)), 3);
                    if let AbbrevOp::Fixed(n) | AbbrevOp::Vbr(n) = op {
                        self.w.write_vbr(u64::from(n), 5);
                    }
                }
            }
        }
    }

    /// BLOCKINFO's `SETBID`: the block id the definitions after it are for.
    pub(super) fn set_bid(&mut self, block: u32) {
        self.record(SETBID as u32, &[u64::from(block)]);
    }

    /// An unabbreviated record: every value a vbr6.
    pub(super) fn record(&mut self, code: u32, values: &[u64]) {
        self.w.write(u64::from(UNABBREV_RECORD), self.width);
        self.w.write_vbr(u64::from(code), 6);
        self.w.write_vbr(values.len() as u64, 6);
        for &v in values {
            self.w.write_vbr(v, 6);
        }
    }

    /// A record in abbreviation `id`, defined as `ops` (the code's operand first); written
    /// unabbreviated when a value does not fit the abbreviation, as a writer that checks
    /// would.
    pub(super) fn abbreviated(&mut self, id: u32, ops: &[AbbrevOp], code: u32, values: &[u64]) {
        if !fits(ops, code, values) {
            self.record(code, values);
            return;
        }
        self.w.write(u64::from(id), self.width);
        let mut rest = values;
        for (i, op) in ops.iter().enumerate() {
            match *op {
                AbbrevOp::Array => {
                    let elem = ops.get(i + 1).copied().unwrap_or(AbbrevOp::Vbr(6));
                    self.w.write_vbr(rest.len() as u64, 6);
                    // the element's encoding chosen once, not per element
                    match elem {
                        AbbrevOp::Fixed(n) => rest.iter().for_each(|&v| self.w.write(v, n.into())),
                        AbbrevOp::Vbr(n) => {
                            rest.iter().for_each(|&v| self.w.write_vbr(v, n.into()))
                        }
                        elem => rest.iter().for_each(|&v| self.field(elem, v)),
                    }
                    return;
                }
                op if i == 0 => self.field(op, u64::from(code)),
                op => {
                    if let Some((&v, tail)) = rest.split_first() {
                        self.field(op, v);
                        rest = tail;
                    }
                }
            }
        }
    }

    #[inline(always)]
    fn field(&mut self, op: AbbrevOp, v: u64) {
        match op {
            AbbrevOp::Fixed(n) => self.w.write(v, u32::from(n)),
            AbbrevOp::Vbr(n) => self.w.write_vbr(v, u32::from(n)),
            AbbrevOp::Char6 => {
                let c = u8::try_from(v).ok().and_then(char6_encode).unwrap_or(0);
                self.w.write(u64::from(c), 6);
            }
            AbbrevOp::Literal(_) | AbbrevOp::Array | AbbrevOp::Blob => {}
        }
    }

    /// The bytes, once every block is closed.
    pub(super) fn finish(self) -> Vec<u8> {
        self.w.finish()
    }
}

/// Whether `code` and `values` can be written in the abbreviation `ops` (no blobs: the writer
/// defines none).
fn fits(ops: &[AbbrevOp], code: u32, values: &[u64]) -> bool {
    let Some((first, ops)) = ops.split_first() else {
        return false;
    };
    if !first.fits(u64::from(code)) {
        return false;
    }
    let mut rest = values;
    for (i, op) in ops.iter().enumerate() {
        match *op {
            AbbrevOp::Array => {
                return match ops.get(i + 1).copied().unwrap_or(AbbrevOp::Vbr(6)) {
                    AbbrevOp::Fixed(n) if n < 64 => rest.iter().all(|&v| v >> n == 0),
                    AbbrevOp::Vbr(n) if n >= 2 => true,
                    elem => rest.iter().all(|&v| elem.fits(v)),
                };
            }
            AbbrevOp::Blob => return false,
            op => match rest.split_first() {
                Some((&v, tail)) if op.fits(v) => rest = tail,
                _ => return false,
            },
        }
    }
    rest.is_empty()
}

/// `ceil(log2(n))`: the bits that numbers below `n` need (0 for `n` of 0 or 1).
pub(super) fn log2_ceil(n: u64) -> u32 {
    if n <= 1 {
        0
    } else {
        64 - (n - 1).leading_zeros()
    }
}

/// `floor(log2(n)) + 1`: how LLVM 3.7 stores an alignment (0 for none).
pub(super) fn encode_align(align: u32) -> u64 {
    if align == 0 {
        0
    } else {
        u64::from(32 - align.leading_zeros())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitstream::Bitstream;

    #[test]
    fn logs() {
        assert_eq!(log2_ceil(0), 0);
        assert_eq!(log2_ceil(1), 0);
        assert_eq!(log2_ceil(2), 1);
        assert_eq!(log2_ceil(3), 2);
        assert_eq!(log2_ceil(16), 4);
        assert_eq!(log2_ceil(17), 5);
        assert_eq!(encode_align(0), 0);
        assert_eq!(encode_align(1), 1);
        assert_eq!(encode_align(4), 3);
        assert_eq!(encode_align(16), 5);
    }

    #[test]
    fn what_is_written_reads_back() {
        let mut out = Out::new(crate::bitstream::BITCODE_MAGIC, 64);
        out.enter(8, 3);
        let ops = [AbbrevOp::Literal(4), AbbrevOp::Array, AbbrevOp::Char6];
        out.define(&ops);
        out.record(1, &[1]);
        out.abbreviated(4, &ops, 4, &[u64::from(b'a'), u64::from(b'_')]);
        // '!' is no char6 character: unabbreviated
        out.abbreviated(4, &ops, 4, &[u64::from(b'!')]);
        out.exit();
        let bytes = out.finish();
        let s = Bitstream::parse(&bytes).expect("valid");
        let block = s.blocks().next().expect("a block");
        let recs: Vec<(u64, Vec<u64>, u32)> = block
            .records()
            .map(|r| (r.code(), r.operands().to_vec(), r.abbrev_id()))
            .collect();
        assert_eq!(
            recs,
            [(1, vec![1], 3), (4, vec![97, 95], 4), (4, vec![33], 3)]
        );
        assert_eq!(s.to_bytes(), bytes);
    }
}
