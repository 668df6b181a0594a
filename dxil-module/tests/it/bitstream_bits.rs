//! The bit cursor and writer on their own: fixed fields of every width, VBRs of every width
//! with the fewest and with extra chunks, char6, alignment, bytes, and their errors.

use dxil_module::bitstream::{
    BitReader, BitWriter, ErrorKind, Expected, Vbr, char6_decode, char6_encode,
};

/// Values that exercise every width: 0, 1, all ones, alternating bits, a value with only the
/// high bit.
fn samples(width: u32) -> Vec<u64> {
    let mask = if width == 64 {
        u64::MAX
    } else {
        (1 << width) - 1
    };
    let mut v = vec![0, 1 & mask, mask, 0x5555_5555_5555_5555 & mask];
    if width > 0 {
        v.push(1 << (width - 1));
    }
    v
}

#[test]
fn fixed_fields_of_every_width_read_back() {
    let mut w = BitWriter::new();
    for width in 0..=64 {
        for v in samples(width) {
            w.write(v, width);
        }
    }
    let bytes = w.finish();
    let mut r = BitReader::new(&bytes);
    for width in 0..=64 {
        for v in samples(width) {
            assert_eq!(r.read(width, Expected::Operand), Ok(v), "width {width}");
        }
    }
    assert!(r.remaining() < 8);
}

#[test]
fn vbrs_of_every_width_read_back_with_their_chunks() {
    let mut w = BitWriter::new();
    let mut expected = Vec::new();
    for width in 2..=32u32 {
        for v in [0, 1, 31, 32, 1000, u64::from(u32::MAX), u64::MAX] {
            w.write_vbr(v, width);
            let chunks = (64 - v.leading_zeros()).div_ceil(width - 1).max(1);
            expected.push((width, v, u64::from(chunks), true));
            // the same value with two more chunks than needed
            w.write_vbr_chunks(v, width, u64::from(chunks) + 2);
            expected.push((width, v, u64::from(chunks) + 2, false));
        }
    }
    // width 1 holds only 0; its chunks can still repeat
    w.write_vbr(0, 1);
    expected.push((1, 0, 1, true));
    w.write_vbr_chunks(0, 1, 5);
    expected.push((1, 0, 5, false));
    let bytes = w.finish();
    let mut r = BitReader::new(&bytes);
    for (width, value, chunks, canonical) in expected {
        assert_eq!(
            r.read_vbr(width, Expected::Operand),
            Ok(Vbr {
                value,
                chunks,
                canonical
            }),
            "width {width}, value {value}"
        );
    }
}

#[test]
fn widths_over_the_limits_are_errors() {
    let bytes = [0xff; 16];
    let mut r = BitReader::new(&bytes);
    let e = r.read(65, Expected::Operand).unwrap_err();
    assert_eq!(e.kind, ErrorKind::BadWidth { width: 65, max: 64 });
    let e = r.read_vbr(33, Expected::Operand).unwrap_err();
    assert_eq!(e.kind, ErrorKind::BadWidth { width: 33, max: 32 });
    assert_eq!(r.position(), 0);
    // a VBR of 8-bit chunks, all continuing, runs out of input
    let e = r.read_vbr(8, Expected::Operand).unwrap_err();
    assert_eq!(e.kind, ErrorKind::VbrOverflow);
}

#[test]
fn char6_alignment_and_bytes() {
    for c in 0..=255u8 {
        if let Some(code) = char6_encode(c) {
            assert_eq!(char6_decode(code), c);
        }
    }
    assert_eq!(
        (0..64)
            .filter(|&c| char6_encode(char6_decode(c)) == Some(c))
            .count(),
        64
    );
    let mut w = BitWriter::new();
    w.write(u64::from(char6_encode(b'x').unwrap()), 6);
    w.align32(0);
    w.write_bytes(b"abc");
    w.align32(0);
    assert_eq!(w.position(), 64);
    let bytes = w.finish();
    let mut r = BitReader::new(&bytes);
    assert_eq!(r.read_char6(Expected::Operand), Ok(b'x'));
    assert_eq!(r.align32(Expected::Padding), Ok(0));
    assert_eq!(r.read_bytes(3, Expected::BlobBytes), Ok(&b"abc"[..]));
    assert_eq!(r.align32(Expected::Padding), Ok(0));
    assert!(r.is_at_end());
    let e = r.read(1, Expected::Operand).unwrap_err();
    assert_eq!(
        e.kind,
        ErrorKind::Truncated {
            needed: 1,
            available: 0
        }
    );
    assert_eq!(e.bit, 64);
}
