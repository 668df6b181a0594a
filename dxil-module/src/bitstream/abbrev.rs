//! Abbreviations: the operand encodings a `DEFINE_ABBREV` lists, the rules a list must keep,
//! whether a value fits an encoding, and the char6 alphabet.

use std::fmt;

use super::{MAX_FIXED_WIDTH, MAX_VBR_WIDTH};

/// One operand encoding of an abbreviation, as `DEFINE_ABBREV` writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AbbrevOp {
    /// The value is given by the abbreviation and takes no bits in the record.
    Literal(u64),
    /// A fixed-width field of this many bits (0 to 64; 0 takes no bits and stands for 0).
    Fixed(u8),
    /// A VBR of chunks of this many bits (0 to 32; 0 takes no bits and stands for 0).
    Vbr(u8),
    /// An array: a vbr6 element count, then each element in the encoding that follows the
    /// `Array` in the list (the last one). Its elements are the record's last values.
    Array,
    /// A 6-bit character of `[a-zA-Z0-9._]`; the record holds the character.
    Char6,
    /// A blob: a vbr6 byte count, 32-bit alignment, the bytes, 32-bit alignment. Always last.
    Blob,
}

impl AbbrevOp {
    /// The encoding number `DEFINE_ABBREV` writes for a non-literal operand (fixed 1, VBR 2,
    /// array 3, char6 4, blob 5); `None` for a literal.
    pub fn encoding(self) -> Option<u8> {
        match self {
            AbbrevOp::Literal(_) => None,
            AbbrevOp::Fixed(_) => Some(1),
            AbbrevOp::Vbr(_) => Some(2),
            AbbrevOp::Array => Some(3),
            AbbrevOp::Char6 => Some(4),
            AbbrevOp::Blob => Some(5),
        }
    }

    /// Whether the operand stands for one value (not an array or a blob).
    pub fn is_scalar(self) -> bool {
        !matches!(self, AbbrevOp::Array | AbbrevOp::Blob)
    }

    /// The fewest bits one value in this encoding takes.
    pub(crate) fn min_bits(self) -> u64 {
        match self {
            AbbrevOp::Fixed(w) | AbbrevOp::Vbr(w) => u64::from(w),
            AbbrevOp::Char6 => 6,
            AbbrevOp::Literal(_) | AbbrevOp::Array | AbbrevOp::Blob => 0,
        }
    }

    /// Whether `value` can be written in this encoding: equal to a literal, within a fixed
    /// width, any value for a VBR of at least 2 bits (0 for narrower ones), a char6 character.
    pub fn fits(self, value: u64) -> bool {
        match self {
            AbbrevOp::Literal(v) => v == value,
            AbbrevOp::Fixed(w) => w >= 64 || value >> w == 0,
            AbbrevOp::Vbr(w) => w >= 2 || value == 0,
            AbbrevOp::Char6 => u8::try_from(value).is_ok_and(|c| char6_encode(c).is_some()),
            AbbrevOp::Array | AbbrevOp::Blob => false,
        }
    }
}

impl fmt::Display for AbbrevOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AbbrevOp::Literal(v) => write!(f, "literal {v}"),
            AbbrevOp::Fixed(w) => write!(f, "fixed({w})"),
            AbbrevOp::Vbr(w) => write!(f, "vbr({w})"),
            AbbrevOp::Array => f.write_str("array"),
            AbbrevOp::Char6 => f.write_str("char6"),
            AbbrevOp::Blob => f.write_str("blob"),
        }
    }
}

/// A rule of the format that an abbreviation's operand list breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AbbrevProblem {
    /// No operands (the first one gives the record's code).
    NoOperands,
    /// The first operand is an array or a blob, so it cannot give the code.
    CodeNotScalar,
    /// An array that is not the second-to-last operand.
    ArrayNotSecondToLast,
    /// An array element encoding that is not fixed or VBR of at least one bit, or char6. One
    /// of width 0 is refused in a record written with it, not in its definition (LLVM reads
    /// the definition and refuses the record).
    BadArrayElement,
    /// A blob that is not the last operand.
    BlobNotLast,
    /// A fixed width over 64 or a VBR width over 32.
    Width,
}

impl fmt::Display for AbbrevProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AbbrevProblem::NoOperands => "no operands",
            AbbrevProblem::CodeNotScalar => "the first operand (the code) is an array or a blob",
            AbbrevProblem::ArrayNotSecondToLast => {
                "an array that is not the second-to-last operand"
            }
            AbbrevProblem::BadArrayElement => {
                "an array element that is not fixed or vbr of 1 bit or more, or char6"
            }
            AbbrevProblem::BlobNotLast => "a blob that is not the last operand",
            AbbrevProblem::Width => "a fixed width over 64 or a vbr width over 32",
        })
    }
}

/// The largest width of a fixed (`encoding` 1) or VBR (2) operand.
pub(crate) fn width_limit(encoding: u8) -> u32 {
    if encoding == 1 {
        MAX_FIXED_WIDTH
    } else {
        MAX_VBR_WIDTH
    }
}

/// Whether `elem`, the element of an abbreviation's array, is a fixed or vbr field of width 0:
/// the definition stands (LLVM reads it), a record written with it does not (LLVM refuses it,
/// the element being no encoding to it).
pub(crate) fn array_element_of_width_0(elem: AbbrevOp) -> bool {
    matches!(elem, AbbrevOp::Fixed(0) | AbbrevOp::Vbr(0))
}

/// Checks the rules of an abbreviation's operand list.
pub(crate) fn check(ops: &[AbbrevOp]) -> Result<(), AbbrevProblem> {
    let Some(first) = ops.first() else {
        return Err(AbbrevProblem::NoOperands);
    };
    if !first.is_scalar() {
        return Err(AbbrevProblem::CodeNotScalar);
    }
    for (i, op) in ops.iter().enumerate() {
        match *op {
            AbbrevOp::Fixed(w) if u32::from(w) > MAX_FIXED_WIDTH => {
                return Err(AbbrevProblem::Width);
            }
            AbbrevOp::Vbr(w) if u32::from(w) > MAX_VBR_WIDTH => return Err(AbbrevProblem::Width),
            AbbrevOp::Array => {
                if i + 2 != ops.len() {
                    return Err(AbbrevProblem::ArrayNotSecondToLast);
                }
                // a width of 0 is allowed here, as LLVM allows it (a literal 0 to LLVM's
                // reader): only a record using the abbreviation is refused
                // (`array_element_of_width_0`)
                match ops[i + 1] {
                    AbbrevOp::Fixed(_) | AbbrevOp::Vbr(_) | AbbrevOp::Char6 => {}
                    _ => return Err(AbbrevProblem::BadArrayElement),
                }
            }
            AbbrevOp::Blob if i + 1 != ops.len() => return Err(AbbrevProblem::BlobNotLast),
            _ => {}
        }
    }
    Ok(())
}

/// The shape of a record an abbreviation writes: its scalar operands (the code first), then
/// at most one array (with its element encoding) or one blob.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shape<'a> {
    pub scalars: &'a [AbbrevOp],
    pub array: Option<AbbrevOp>,
    pub blob: bool,
}

/// The shape of a checked operand list.
pub(crate) fn shape(ops: &[AbbrevOp]) -> Shape<'_> {
    let n = ops.iter().take_while(|op| op.is_scalar()).count();
    let (scalars, rest) = ops.split_at(n);
    Shape {
        scalars,
        array: match rest {
            [AbbrevOp::Array, elem] => Some(*elem),
            _ => None,
        },
        blob: matches!(rest, [AbbrevOp::Blob]),
    }
}

const CHAR6: &[u8; 64] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._";

/// The character of a 6-bit code (the low 6 bits of `code`).
#[inline]
pub fn char6_decode(code: u8) -> u8 {
    CHAR6[usize::from(code & 63)]
}

/// The 6-bit code of a character of `[a-zA-Z0-9._]`.
#[inline]
pub fn char6_encode(c: u8) -> Option<u8> {
    Some(match c {
        b'a'..=b'z' => c - b'a',
        b'A'..=b'Z' => c - b'A' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'.' => 62,
        b'_' => 63,
        _ => return None,
    })
}
