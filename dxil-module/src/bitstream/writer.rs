//! Writing the parsed form ([`Bitstream::to_bytes`]): the entries in order, each block's
//! length word computed once it is closed, the input's [`Quirk`]s repeated where they were.

use super::abbrev::{self, AbbrevOp};
use super::bits::BitWriter;
use super::stream::{Bitstream, Kind, NONE, Quirk, RawEntry};
use super::{DEFINE_ABBREV, END_BLOCK, ENTER_SUBBLOCK, TOP_LEVEL_WIDTH, UNABBREV_RECORD};

impl Bitstream {
    /// The stream's bytes. For a parsed stream, the input it was parsed from, bit for bit.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut w = Writer {
            out: BitWriter::with_capacity(self.size_hint),
            quirks: &self.quirks,
            next_quirk: self.quirks.first().map_or(u64::MAX, Quirk::bit),
        };
        w.stream(self);
        w.out.finish()
    }
}

/// An open block: where its entries end, its width, and where its length word is.
struct Open {
    end: u32,
    width: u32,
    len_at: usize,
}

struct Writer<'a> {
    out: BitWriter,
    quirks: &'a [Quirk],
    /// The bit offset of `quirks[0]`, or `u64::MAX`.
    next_quirk: u64,
}

impl Writer<'_> {
    fn quirk_here(&mut self) -> Option<Quirk> {
        if self.out.position() != self.next_quirk {
            return None;
        }
        let (first, rest) = self.quirks.split_first()?;
        self.quirks = rest;
        self.next_quirk = rest.first().map_or(u64::MAX, Quirk::bit);
        Some(*first)
    }

    #[inline(always)]
    fn vbr(&mut self, value: u64, width: u32) {
        if self.next_quirk != u64::MAX
            && self.out.position() == self.next_quirk
            && let Some(Quirk::Vbr { chunks, .. }) = self.quirk_here()
        {
            self.out.write_vbr_chunks(value, width, chunks);
            return;
        }
        self.out.write_vbr(value, width);
    }

    fn align(&mut self) {
        let bits = match self.quirk_here() {
            Some(Quirk::Padding { bits, .. }) => bits,
            _ => 0,
        };
        self.out.align32(bits);
    }

    fn stream(&mut self, s: &Bitstream) {
        self.out.write_bytes(&s.magic);
        let mut open: Vec<Open> = Vec::new();
        for (i, e) in s.entries.iter().enumerate() {
            while open.last().is_some_and(|o| o.end as usize <= i) {
                if let Some(o) = open.pop() {
                    self.close(&o);
                }
            }
            let width = open.last().map_or(TOP_LEVEL_WIDTH, |o| o.width);
            match e.kind() {
                Kind::Block => {
                    self.out.write(u64::from(ENTER_SUBBLOCK), width);
                    self.vbr(u64::from(e.a), 8);
                    self.vbr(u64::from(e.d), 4);
                    self.align();
                    let len_at = self.out.byte_len();
                    self.out.write(0, 32);
                    open.push(Open {
                        end: e.b,
                        width: e.d,
                        len_at,
                    });
                }
                Kind::Define => {
                    self.out.write(u64::from(DEFINE_ABBREV), width);
                    self.define(s.abbrev_ops_of(e.a));
                }
                Kind::Record => {
                    self.out.write(u64::from(e.abbrev_id), width);
                    self.record(s, e);
                }
            }
        }
        while let Some(o) = open.pop() {
            self.close(&o);
        }
        self.out.write_bytes(&vec![0; s.trailing_zeros]);
    }

    fn close(&mut self, o: &Open) {
        self.out.write(u64::from(END_BLOCK), o.width);
        self.align();
        let words = (self.out.byte_len() - o.len_at - 4) / 4;
        self.out.patch_u32(o.len_at, words as u32);
    }

    fn define(&mut self, ops: &[AbbrevOp]) {
        self.vbr(ops.len() as u64, 5);
        for op in ops {
            match *op {
                AbbrevOp::Literal(v) => {
                    self.out.write(1, 1);
                    self.vbr(v, 8);
                }
                op => {
                    self.out.write(0, 1);
                    self.out.write(u64::from(op.encoding().unwrap_or(0)), 3);
                    if let AbbrevOp::Fixed(w) | AbbrevOp::Vbr(w) = op {
                        self.vbr(u64::from(w), 5);
                    }
                }
            }
        }
    }

    fn record(&mut self, s: &Bitstream, e: &RawEntry) {
        let values = s
            .values
            .get(e.a as usize..(e.a + e.b) as usize)
            .unwrap_or(&[]);
        if e.abbrev_id == UNABBREV_RECORD || e.c == NONE {
            let (code, operands) = values.split_first().unwrap_or((&0, &[]));
            self.vbr(*code, 6);
            self.vbr(operands.len() as u64, 6);
            for &v in operands {
                self.vbr(v, 6);
            }
            return;
        }
        let shape = abbrev::shape(s.abbrev_ops_of(e.c));
        let (scalars, rest) = values.split_at(shape.scalars.len().min(values.len()));
        for (op, &v) in shape.scalars.iter().zip(scalars) {
            self.field(*op, v);
        }
        if let Some(elem) = shape.array {
            self.vbr(rest.len() as u64, 6);
            for &v in rest {
                self.field(elem, v);
            }
        }
        if shape.blob {
            let blob = s.blob_of(e.d);
            self.vbr(blob.len() as u64, 6);
            self.align();
            self.out.write_bytes(blob);
            self.align();
        }
    }

    #[inline(always)]
    fn field(&mut self, op: AbbrevOp, v: u64) {
        match op {
            AbbrevOp::Literal(_) | AbbrevOp::Array | AbbrevOp::Blob => {}
            AbbrevOp::Fixed(w) => self.out.write(v, u32::from(w)),
            AbbrevOp::Vbr(w) => self.vbr(v, u32::from(w)),
            AbbrevOp::Char6 => {
                let code = u8::try_from(v).ok().and_then(abbrev::char6_encode);
                self.out.write(u64::from(code.unwrap_or(0)), 6);
            }
        }
    }
}
