//! Hand-made hostile bitstreams: each is refused with the error kind, the field and the bit
//! offset of the place that breaks the format, never a panic. Every `ErrorKind` of the
//! reader and every `BuildError` of the builder has a case here.

use dxil_module::bitstream::{
    AbbrevOp, AbbrevProblem, BITCODE_MAGIC, BitWriter, Bitstream, BuildError, Builder, Error,
    ErrorKind, Expected, MAX_DEPTH, Quirk, SETBID,
};

/// Writes raw bitstreams, valid or not, field by field; block length words are computed.
struct Raw {
    w: BitWriter,
    /// Open blocks: where the length word is and the width of the block.
    open: Vec<(usize, u32)>,
}

impl Raw {
    fn new() -> Self {
        let mut w = BitWriter::new();
        w.write_bytes(&BITCODE_MAGIC);
        Raw {
            w,
            open: Vec::new(),
        }
    }

    fn width(&self) -> u32 {
        self.open.last().map_or(2, |o| o.1)
    }

    fn at(&self) -> u64 {
        self.w.position()
    }

    /// An abbreviation id in the current width.
    fn id(&mut self, id: u64) -> &mut Self {
        let width = self.width();
        self.w.write(id, width);
        self
    }

    fn fixed(&mut self, v: u64, width: u32) -> &mut Self {
        self.w.write(v, width);
        self
    }

    fn vbr(&mut self, v: u64, width: u32) -> &mut Self {
        self.w.write_vbr(v, width);
        self
    }

    fn enter(&mut self, id: u64, width: u32) -> &mut Self {
        self.id(1).vbr(id, 8).vbr(u64::from(width), 4);
        self.w.align32(0);
        let at = self.w.byte_len();
        self.w.write(0, 32);
        self.open.push((at, width));
        self
    }

    fn end(&mut self) -> &mut Self {
        self.id(0);
        self.w.align32(0);
        let (at, _) = self.open.pop().expect("an open block");
        let words = (self.w.byte_len() - at - 4) / 4;
        self.w.patch_u32(at, words as u32);
        self
    }

    /// `DEFINE_ABBREV` with these operands.
    fn define(&mut self, ops: &[AbbrevOp]) -> &mut Self {
        self.id(2).vbr(ops.len() as u64, 5);
        for op in ops {
            match *op {
                AbbrevOp::Literal(v) => {
                    self.fixed(1, 1).vbr(v, 8);
                }
                op => {
                    self.fixed(0, 1)
                        .fixed(u64::from(op.encoding().expect("not a literal")), 3);
                    if let AbbrevOp::Fixed(w) | AbbrevOp::Vbr(w) = op {
                        self.vbr(u64::from(w), 5);
                    }
                }
            }
        }
        self
    }

    fn finish(&mut self) -> Vec<u8> {
        while !self.open.is_empty() {
            self.end();
        }
        std::mem::take(&mut self.w).finish()
    }
}

fn refused(bytes: &[u8]) -> Error {
    let e = Bitstream::parse(bytes).expect_err("refused");
    let text = e.to_string();
    assert!(text.starts_with(&format!("bit {} ", e.bit)), "{text}");
    assert!(e.bit <= bytes.len() as u64 * 8, "{e} past the input");
    e
}

fn check(bytes: &[u8], bit: u64, expected: Expected, kind: ErrorKind) {
    let e = refused(bytes);
    assert_eq!(
        (e.bit, e.expected, e.kind),
        (bit, expected, kind),
        "got: {e}"
    );
}

#[test]
fn fixed_width_65_and_vbr_width_33() {
    for (encoding, width, max) in [(1, 65, 64), (2, 33, 32), (1, 31 * 32, 64)] {
        let mut r = Raw::new();
        r.enter(8, 3)
            .id(2)
            .vbr(2, 5)
            .fixed(1, 1)
            .vbr(1, 8)
            .fixed(0, 1)
            .fixed(encoding, 3);
        let at = r.at();
        r.vbr(width, 5);
        let bytes = r.finish();
        check(
            &bytes,
            at,
            Expected::EncodingWidth,
            ErrorKind::BadWidth { width, max },
        );
    }
}

#[test]
fn abbreviation_width_0_and_33() {
    for width in [0u32, 33] {
        let mut r = Raw::new();
        r.id(1).vbr(8, 8);
        let at = r.at();
        r.vbr(u64::from(width), 4);
        r.w.align32(0);
        r.fixed(1, 32).fixed(0, 32);
        check(
            &r.finish(),
            at,
            Expected::AbbrevWidth,
            ErrorKind::BadWidth {
                width: u64::from(width),
                max: 32,
            },
        );
    }
}

#[test]
fn blocks_nested_10000_deep() {
    let mut r = Raw::new();
    let mut at = 0;
    for depth in 0..10_000 {
        if depth == MAX_DEPTH {
            at = r.at();
        }
        r.enter(8, 2);
    }
    let bytes = r.finish();
    check(
        &bytes,
        at,
        Expected::AbbrevId,
        ErrorKind::TooDeep { limit: MAX_DEPTH },
    );
    // 64 deep is fine
    let mut r = Raw::new();
    for _ in 0..MAX_DEPTH {
        r.enter(8, 2);
    }
    let bytes = r.finish();
    assert_eq!(Bitstream::parse(&bytes).unwrap().to_bytes(), bytes);
}

#[test]
fn array_of_2_to_the_32_elements() {
    let mut r = Raw::new();
    r.enter(8, 3)
        .define(&[AbbrevOp::Literal(1), AbbrevOp::Array, AbbrevOp::Fixed(8)])
        .id(4);
    let at = r.at();
    r.vbr(1 << 32, 6).fixed(0, 64);
    let bytes = r.finish();
    let e = refused(&bytes);
    assert_eq!((e.bit, e.expected), (at, Expected::ArrayLength));
    assert!(
        matches!(e.kind, ErrorKind::LengthPastEnd { length, .. } if length == 1 << 32),
        "{e}"
    );
}

#[test]
fn operand_count_past_the_end() {
    let mut r = Raw::new();
    r.enter(8, 3).id(3).vbr(1, 6);
    let at = r.at();
    r.vbr(u64::MAX, 6);
    let e = refused(&r.finish());
    assert_eq!((e.bit, e.expected), (at, Expected::OperandCount));
    assert!(matches!(e.kind, ErrorKind::LengthPastEnd { .. }), "{e}");
}

#[test]
fn blob_past_the_end() {
    let mut r = Raw::new();
    r.enter(8, 3)
        .define(&[AbbrevOp::Literal(1), AbbrevOp::Blob])
        .id(4);
    let at = r.at();
    r.vbr(1000, 6);
    r.w.align32(0);
    r.w.write_bytes(b"0123456789");
    let e = refused(&r.finish());
    assert_eq!((e.bit, e.expected), (at, Expected::BlobLength));
    assert!(
        matches!(e.kind, ErrorKind::LengthPastEnd { length: 1000, .. }),
        "{e}"
    );
}

#[test]
fn unknown_abbreviation_id() {
    let mut r = Raw::new();
    r.enter(8, 3).define(&[AbbrevOp::Literal(1)]);
    let at = r.at();
    r.id(5);
    check(
        &r.finish(),
        at,
        Expected::AbbrevId,
        ErrorKind::UnknownAbbrev { id: 5, defined: 5 },
    );
}

#[test]
fn block_length_past_the_input() {
    let mut r = Raw::new();
    r.id(1).vbr(8, 8).vbr(3, 4);
    r.w.align32(0);
    let at = r.at();
    r.fixed(1000, 32).fixed(0, 32);
    let e = refused(&r.finish());
    assert_eq!((e.bit, e.expected), (at, Expected::BlockLength));
    assert!(
        matches!(e.kind, ErrorKind::LengthPastEnd { length: 1000, .. }),
        "{e}"
    );
}

#[test]
fn block_length_shorter_or_longer_than_the_block() {
    let mut r = Raw::new();
    r.enter(8, 3).id(3).vbr(1, 6).vbr(5, 6);
    for v in 0..5 {
        r.vbr(v, 6);
    }
    let end_at = r.at();
    let mut bytes = r.finish();
    // the length word of the block, at byte 8: 2 words (the record, END_BLOCK)
    assert_eq!(bytes[8..12], 2u32.to_le_bytes());
    // shorter: the block goes on past its declared end
    bytes[8..12].copy_from_slice(&1u32.to_le_bytes());
    bytes.extend_from_slice(&[0; 4]);
    check(
        &bytes,
        end_at,
        Expected::BlockEnd,
        ErrorKind::BlockOverrun { declared_words: 1 },
    );
    // longer, within the input: END_BLOCK before the declared end
    bytes[8..12].copy_from_slice(&3u32.to_le_bytes());
    check(
        &bytes,
        end_at,
        Expected::BlockEnd,
        ErrorKind::BlockLengthMismatch {
            declared_words: 3,
            actual_words: 2,
        },
    );
}

#[test]
fn truncated_fields() {
    check(
        b"BC",
        0,
        Expected::Magic,
        ErrorKind::Truncated {
            needed: 32,
            available: 16,
        },
    );
    // the block header ends after 14 bits: no room for the alignment
    let mut r = Raw::new();
    r.enter(8, 3);
    let bytes = r.finish();
    check(
        &bytes[..6],
        46,
        Expected::Padding,
        ErrorKind::Truncated {
            needed: 18,
            available: 2,
        },
    );
}

#[test]
fn vbr_over_64_bits() {
    let mut r = Raw::new();
    r.enter(8, 3).id(3);
    let at = r.at();
    for _ in 0..13 {
        r.fixed(63, 6);
    }
    r.fixed(1, 6);
    check(
        &r.finish(),
        at,
        Expected::RecordCode,
        ErrorKind::VbrOverflow,
    );
}

#[test]
fn bad_encodings_and_abbreviation_shapes() {
    for encoding in [0, 6, 7] {
        let mut r = Raw::new();
        r.enter(8, 3).id(2).vbr(1, 5).fixed(0, 1);
        let at = r.at();
        r.fixed(encoding, 3);
        check(
            &r.finish(),
            at,
            Expected::Encoding,
            ErrorKind::BadEncoding(encoding),
        );
    }
    use AbbrevOp::*;
    let cases: [(&[AbbrevOp], AbbrevProblem); 6] = [
        (&[], AbbrevProblem::NoOperands),
        (&[Array, Fixed(3)], AbbrevProblem::CodeNotScalar),
        (&[Blob], AbbrevProblem::CodeNotScalar),
        (
            &[Literal(1), Array, Fixed(3), Fixed(3)],
            AbbrevProblem::ArrayNotSecondToLast,
        ),
        (
            &[Literal(1), Array, Literal(3)],
            AbbrevProblem::BadArrayElement,
        ),
        (&[Literal(1), Blob, Fixed(3)], AbbrevProblem::BlobNotLast),
    ];
    for (ops, problem) in cases {
        let mut r = Raw::new();
        r.enter(8, 3);
        let at = r.at();
        r.define(ops);
        check(
            &r.finish(),
            at,
            Expected::AbbrevOp,
            ErrorKind::BadAbbrev(problem),
        );
        let mut b = Builder::new(BITCODE_MAGIC);
        b.enter_block(8, 3).unwrap();
        assert_eq!(b.define_abbrev(ops), Err(BuildError::BadAbbrev(problem)));
    }
}

/// An array of elements of width 0: LLVM reads the definition (bitcode written for a module
/// without types has one) and refuses a record written with it; so do the reader and the
/// builder.
#[test]
fn array_elements_of_width_0_are_refused_where_used() {
    use AbbrevOp::*;
    for elem in [Fixed(0), Vbr(0)] {
        let ops = [Literal(1), Array, elem];
        let mut r = Raw::new();
        r.enter(8, 3).define(&ops);
        let defined = r.finish();
        let stream = Bitstream::parse(&defined).expect("the definition reads");
        assert_eq!(stream.to_bytes(), defined, "{elem}");
        let mut r = Raw::new();
        r.enter(8, 3).define(&ops).id(4);
        let at = r.at();
        r.vbr(0, 6);
        check(
            &r.finish(),
            at,
            Expected::ArrayElement,
            ErrorKind::BadAbbrev(AbbrevProblem::BadArrayElement),
        );
        let mut b = Builder::new(BITCODE_MAGIC);
        b.enter_block(8, 3).unwrap();
        let id = b.define_abbrev(&ops).expect("the definition builds");
        assert_eq!(
            b.abbreviated_record(id, &[1], None),
            Err(BuildError::BadAbbrev(AbbrevProblem::BadArrayElement))
        );
    }
}

#[test]
fn blockinfo_without_or_with_a_bad_setbid() {
    let mut r = Raw::new();
    r.enter(0, 2);
    let at = r.at();
    r.define(&[AbbrevOp::Literal(1)]);
    check(&r.finish(), at, Expected::AbbrevOp, ErrorKind::NoSetBid);

    for operands in [&[][..], &[1 << 40]] {
        let mut r = Raw::new();
        r.enter(0, 2);
        let at = r.at();
        r.id(3).vbr(1, 6).vbr(operands.len() as u64, 6);
        for &v in operands {
            r.vbr(v, 6);
        }
        check(&r.finish(), at, Expected::Operand, ErrorKind::BadSetBid);
    }
}

#[test]
fn block_id_over_32_bits() {
    let mut r = Raw::new();
    r.id(1);
    let at = r.at();
    r.vbr(1 << 33, 8).vbr(3, 4);
    r.w.align32(0);
    r.fixed(1, 32).fixed(0, 32);
    check(
        &r.finish(),
        at,
        Expected::BlockId,
        ErrorKind::BlockIdTooLarge(1 << 33),
    );
}

#[test]
fn top_level_entries_other_than_blocks() {
    for id in [2, 3] {
        let mut r = Raw::new();
        r.id(id).fixed(0, 30);
        check(
            &r.finish(),
            32,
            Expected::AbbrevId,
            ErrorKind::NotABlock { id },
        );
    }
    // zero bytes after the last block are kept; anything else is refused
    let mut r = Raw::new();
    r.enter(8, 3);
    let mut bytes = r.finish();
    let end = bytes.len() as u64 * 8;
    bytes.extend_from_slice(&[0; 7]);
    let s = Bitstream::parse(&bytes).unwrap();
    assert_eq!(s.trailing_zeros(), 7);
    assert_eq!(s.to_bytes(), bytes);
    bytes.push(1);
    check(&bytes, end, Expected::EndOfStream, ErrorKind::TrailingData);
}

#[test]
fn more_values_than_input_bits() {
    // one abbreviation of 200 literals, then records of 3 bits each
    let mut r = Raw::new();
    r.enter(8, 3).define(&vec![AbbrevOp::Literal(7); 200]);
    for _ in 0..100 {
        r.id(4);
    }
    let e = refused(&r.finish());
    assert_eq!(
        (e.expected, e.kind),
        (Expected::Operand, ErrorKind::TooManyValues)
    );
}

#[test]
fn input_over_512_mib() {
    // zeroed pages are not touched: this costs no memory
    let big = vec![0u8; (1 << 29) + 1];
    check(
        &big,
        0,
        Expected::Magic,
        ErrorKind::InputTooLarge {
            bytes: (1 << 29) + 1,
        },
    );
}

#[test]
fn non_canonical_vbrs_and_padding_are_kept() {
    let mut r = Raw::new();
    r.id(1);
    let vbr_at = r.at();
    r.w.write_vbr_chunks(8, 8, 3); // block id 8 in 3 chunks
    r.vbr(3, 4);
    let pad_at = r.at();
    r.w.align32(0b10);
    let len_at = r.w.byte_len();
    r.fixed(0, 32);
    r.open.push((len_at, 3));
    r.id(3).vbr(1, 6).vbr(0, 6);
    let bytes = r.finish();
    let s = Bitstream::parse(&bytes).unwrap();
    assert_eq!(
        s.quirks(),
        [
            Quirk::Vbr {
                bit: vbr_at,
                chunks: 3
            },
            Quirk::Padding {
                bit: pad_at,
                bits: 0b10
            }
        ]
    );
    assert_eq!(s.blocks().next().unwrap().id(), 8);
    assert_eq!(s.to_bytes(), bytes);
}

#[test]
fn blobs_arrays_and_char6_round_trip() {
    let mut b = Builder::new(BITCODE_MAGIC);
    b.enter_block(8, 4).unwrap();
    let blob = b
        .define_abbrev(&[AbbrevOp::Fixed(4), AbbrevOp::Vbr(6), AbbrevOp::Blob])
        .unwrap();
    let arr = b
        .define_abbrev(&[
            AbbrevOp::Literal(9),
            AbbrevOp::Char6,
            AbbrevOp::Array,
            AbbrevOp::Vbr(3),
        ])
        .unwrap();
    let wide = b
        .define_abbrev(&[
            AbbrevOp::Fixed(64),
            AbbrevOp::Fixed(0),
            AbbrevOp::Vbr(0),
            AbbrevOp::Vbr(32),
        ])
        .unwrap();
    b.abbreviated_record(blob, &[3, 1_000_000], Some(b"hello, blob"))
        .unwrap();
    b.abbreviated_record(blob, &[4, 0], Some(b"")).unwrap();
    b.abbreviated_record(arr, &[9, u64::from(b'Z'), 1, 2, 300, 0], None)
        .unwrap();
    b.abbreviated_record(arr, &[9, u64::from(b'.')], None)
        .unwrap();
    b.abbreviated_record(wide, &[u64::MAX, 0, 0, u64::MAX], None)
        .unwrap();
    b.end_block().unwrap();
    let built = b.finish().unwrap();
    let bytes = built.to_bytes();
    let read = Bitstream::parse(&bytes).unwrap();
    assert_eq!(read.to_bytes(), bytes);
    let block = read.blocks().next().unwrap();
    let records: Vec<_> = block.records().collect();
    assert_eq!(records[0].values(), [3, 1_000_000]);
    assert_eq!(records[0].blob(), Some(&b"hello, blob"[..]));
    assert_eq!(records[1].blob(), Some(&b""[..]));
    assert_eq!(records[2].code(), 9);
    assert_eq!(records[2].operands(), [u64::from(b'Z'), 1, 2, 300, 0]);
    assert_eq!(records[2].blob(), None);
    assert_eq!(records[3].operands(), [u64::from(b'.')]);
    assert_eq!(records[4].values(), [u64::MAX, 0, 0, u64::MAX]);
    assert_eq!(records[4].abbrev_id(), wide);
    assert_eq!(
        records[4].abbrev().unwrap().ops(),
        [
            AbbrevOp::Fixed(64),
            AbbrevOp::Fixed(0),
            AbbrevOp::Vbr(0),
            AbbrevOp::Vbr(32)
        ]
    );
}

#[test]
fn blockinfo_abbreviations_and_names() {
    let mut b = Builder::new(BITCODE_MAGIC);
    b.enter_block(8, 3).unwrap();
    b.enter_block(0, 2).unwrap();
    b.record(SETBID, &[12]).unwrap();
    b.record(2, &b"FUNC".map(u64::from)).unwrap();
    b.record(3, &[5, u64::from(b'R')]).unwrap();
    let first = b
        .define_abbrev(&[AbbrevOp::Literal(5), AbbrevOp::Fixed(3)])
        .unwrap();
    assert_eq!(first, 4);
    b.end_block().unwrap();
    b.enter_block(12, 3).unwrap();
    let local = b
        .define_abbrev(&[AbbrevOp::Literal(6), AbbrevOp::Vbr(4)])
        .unwrap();
    assert_eq!(local, 5);
    b.abbreviated_record(first, &[5, 7], None).unwrap();
    b.abbreviated_record(local, &[6, 100], None).unwrap();
    assert_eq!(
        b.abbreviated_record(first, &[5, 8], None),
        Err(BuildError::ValueDoesNotFit {
            position: 1,
            value: 8,
            op: AbbrevOp::Fixed(3)
        })
    );
    assert_eq!(
        b.abbreviated_record(6, &[5], None),
        Err(BuildError::UnknownAbbrev(6))
    );
    b.end_block().unwrap();
    b.end_block().unwrap();
    let bytes = b.finish().unwrap().to_bytes();
    let s = Bitstream::parse(&bytes).unwrap();
    assert_eq!(s.to_bytes(), bytes);
    assert_eq!(s.block_name(12).as_deref(), Some("FUNC"));
    assert_eq!(s.record_name(12, 5).as_deref(), Some("R"));
    let module = s.blocks().next().unwrap();
    let func = module.blocks().find(|b| b.id() == 12).unwrap();
    let r: Vec<_> = func.records().collect();
    assert_eq!(r[0].abbrev().unwrap().target_block(), Some(12));
    assert_eq!(r[1].abbrev().unwrap().target_block(), None);
    assert_eq!((r[0].code(), r[0].operands()), (5, &[7][..]));
    assert_eq!((r[1].code(), r[1].operands()), (6, &[100][..]));
}

#[test]
fn builder_refuses_what_would_not_write() {
    let mut b = Builder::new(BITCODE_MAGIC);
    assert_eq!(b.record(1, &[]), Err(BuildError::NoOpenBlock));
    assert_eq!(b.end_block(), Err(BuildError::NoOpenBlock));
    assert_eq!(b.enter_block(8, 0), Err(BuildError::BadAbbrevWidth(0)));
    assert_eq!(b.enter_block(8, 33), Err(BuildError::BadAbbrevWidth(33)));
    b.enter_block(8, 2).unwrap();
    for op in [AbbrevOp::Fixed(65), AbbrevOp::Vbr(33)] {
        assert_eq!(
            b.define_abbrev(&[op]),
            Err(BuildError::BadAbbrev(AbbrevProblem::Width))
        );
    }
    // width 2 holds ids 0..=3: no room for a defined abbreviation's id
    let id = b.define_abbrev(&[AbbrevOp::Literal(1)]).unwrap();
    assert_eq!(
        b.abbreviated_record(id, &[1], None),
        Err(BuildError::AbbrevIdTooWide { id: 4, width: 2 })
    );
    b.enter_block(9, 1).unwrap();
    assert_eq!(
        b.record(1, &[]),
        Err(BuildError::AbbrevIdTooWide { id: 3, width: 1 })
    );
    b.end_block().unwrap();
    b.enter_block(9, 4).unwrap();
    let blob = b
        .define_abbrev(&[AbbrevOp::Literal(1), AbbrevOp::Blob])
        .unwrap();
    let two = b
        .define_abbrev(&[AbbrevOp::Literal(1), AbbrevOp::Char6])
        .unwrap();
    assert_eq!(
        b.abbreviated_record(blob, &[1], None),
        Err(BuildError::BlobMismatch)
    );
    assert_eq!(
        b.abbreviated_record(two, &[1], None),
        Err(BuildError::OperandCount {
            given: 1,
            scalars: 2
        })
    );
    assert_eq!(
        b.abbreviated_record(two, &[1, u64::from(b'-')], None),
        Err(BuildError::ValueDoesNotFit {
            position: 1,
            value: 45,
            op: AbbrevOp::Char6
        })
    );
    assert_eq!(
        b.abbreviated_record(3, &[1], None),
        Err(BuildError::UnknownAbbrev(3))
    );
    b.end_block().unwrap();
    b.enter_block(0, 2).unwrap();
    assert_eq!(
        b.define_abbrev(&[AbbrevOp::Literal(1)]),
        Err(BuildError::NoSetBid)
    );
    assert_eq!(b.record(SETBID, &[]), Err(BuildError::BadSetBid));
    b.end_block().unwrap();
    for _ in 1..MAX_DEPTH {
        b.enter_block(10, 2).unwrap();
    }
    assert_eq!(b.enter_block(10, 2), Err(BuildError::TooDeep));
    assert_eq!(
        b.clone().finish().unwrap_err(),
        BuildError::UnclosedBlocks(MAX_DEPTH)
    );
    for _ in 0..MAX_DEPTH {
        b.end_block().unwrap();
    }
    let bytes = b.finish().unwrap().to_bytes();
    assert_eq!(Bitstream::parse(&bytes).unwrap().to_bytes(), bytes);
}
