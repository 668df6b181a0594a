//! The program header of the parts `DXIL`, `ILDB` and `STAT`.
//!
//! The header is, in `u32`s: the program version (shader kind in the upper 16 bits, shader
//! model major and minor in bits 4..8 and 0..4), the size of the part in `u32`s, then the
//! bitcode header: `DXIL`, the DXIL version (major << 8 | minor), the offset of the bitcode
//! from the start of the bitcode header (16: right after it), the size of the bitcode.

use dxil_ops::{DxilVersion, ShaderKind, ShaderModel};

use super::bytes::Reader;
use super::error::{Error, ErrorKind, Leading};

/// Size of the program header, bitcode header included.
pub const PROGRAM_HEADER_SIZE: usize = 24;

/// Size of the bitcode header, the part of the program header the bitcode offset counts from.
const BITCODE_HEADER_SIZE: u32 = 16;

/// A program part's header and its bitcode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProgramHeader<'a> {
    /// The program version word: shader kind, shader model.
    pub program_version: u32,
    /// The size of the program (headers and bitcode) in `u32`s.
    pub size_in_words: u32,
    /// The DXIL version word: major << 8 | minor.
    pub dxil_version: u32,
    /// Offset of the bitcode from the start of the bitcode header.
    pub bitcode_offset: u32,
    /// The bitcode.
    pub bitcode: &'a [u8],
    /// Byte offset of the bitcode in the input.
    pub bitcode_start: usize,
}

impl<'a> ProgramHeader<'a> {
    /// Reads the program part `data`, which starts at byte `base` of the input.
    pub fn parse(data: &'a [u8], base: usize) -> Result<ProgramHeader<'a>, Error> {
        let mut r = Reader::new(data, base);
        let mut header = r.sub(PROGRAM_HEADER_SIZE as u64, "a program header")?;
        let program_version = header.u32("program version")?;
        let size_at = header.offset();
        let size_in_words = header.u32("program size")?;
        if u64::from(size_in_words) * 4 > data.len() as u64 {
            return Err(Error::invalid(
                size_at,
                "the program size in words",
                size_in_words.into(),
                format!("at most {} (the part's size / 4)", data.len() / 4),
            ));
        }
        let magic_at = header.offset();
        let magic = header.array("bitcode header magic")?;
        if &magic != b"DXIL" {
            return Err(Error::new(
                magic_at,
                ErrorKind::Magic {
                    what: "the bitcode header magic",
                    expected: *b"DXIL",
                    found: Leading::of(&magic),
                },
            ));
        }
        let dxil_version = header.u32("DXIL version")?;
        let offset_at = header.offset();
        let bitcode_offset = header.u32("bitcode offset")?;
        let bitcode_size = header.u32("bitcode size")?;
        if bitcode_offset < BITCODE_HEADER_SIZE {
            return Err(Error::invalid(
                offset_at,
                "the bitcode offset",
                bitcode_offset.into(),
                format!("at least {BITCODE_HEADER_SIZE} (the bitcode header's size)"),
            ));
        }
        let mut rest = Reader::new(data, base);
        rest.take(8 + u64::from(bitcode_offset), "the bitcode offset")?;
        let bitcode_start = rest.offset();
        let bitcode = rest.take(bitcode_size.into(), "bitcode (its size field)")?;
        Ok(ProgramHeader {
            program_version,
            size_in_words,
            dxil_version,
            bitcode_offset,
            bitcode,
            bitcode_start,
        })
    }

    /// The shader kind's number (the upper 16 bits of the program version).
    pub fn shader_kind_value(&self) -> u32 {
        self.program_version >> 16
    }

    /// The shader kind, if the number is one.
    pub fn shader_kind(&self) -> Option<ShaderKind> {
        ShaderKind::from_value(self.shader_kind_value().into())
    }

    /// The shader model (major and minor: 4 bits each).
    pub fn shader_model(&self) -> ShaderModel {
        ShaderModel::new(
            ((self.program_version >> 4) & 0xf) as u8,
            (self.program_version & 0xf) as u8,
        )
    }

    /// The DXIL version (major and minor: 8 bits each).
    pub fn dxil_version(&self) -> DxilVersion {
        DxilVersion::new(
            ((self.dxil_version >> 8) & 0xff) as u8,
            (self.dxil_version & 0xff) as u8,
        )
    }
}
