//! A part of a container, and what its data decodes to.

use super::compiler_version::CompilerVersion;
use super::debug_name::DebugName;
use super::error::Error;
use super::features::FeatureInfo;
use super::fourcc::FourCC;
use super::header::PART_HEADER_SIZE;
use super::program::ProgramHeader;
use super::psv::Psv;
use super::rdat::Rdat;
use super::root_signature::RootSignature;
use super::shader_hash::ShaderHash;
use super::signature::{ElementLayout, Signature};

/// A part: its code and its data, where they are in the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part<'a> {
    /// Position in the part table.
    pub index: u32,
    /// The part's kind.
    pub fourcc: FourCC,
    /// Byte offset of the part header in the input.
    pub offset: usize,
    /// The data (after the 8-byte part header).
    pub data: &'a [u8],
}

impl Part<'_> {
    /// Byte offset of the data in the input.
    pub fn data_offset(&self) -> usize {
        self.offset + PART_HEADER_SIZE
    }
}

/// What a part's data decodes to.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum PartContent<'a> {
    /// `DXIL`, `ILDB`, and `STAT` as DXC writes it: a program header and bitcode.
    Program(ProgramHeader<'a>),
    /// `SFI0`: feature flags.
    Features(FeatureInfo),
    /// `ISG1`, `OSG1`, `PSG1`, `ISGN`, `OSGN`, `OSG5`, `PCSG`: a signature.
    Signature(Signature<'a>),
    /// `PSV0`: pipeline state validation data (boxed: the view is a few hundred bytes).
    Psv(Box<Psv<'a>>),
    /// `HASH`: the shader hash.
    ShaderHash(ShaderHash),
    /// `ILDN`: the debug name.
    DebugName(DebugName<'a>),
    /// `VERS`: the compiler version.
    CompilerVersion(CompilerVersion<'a>),
    /// `RTS0`: the root signature (of a version [`RootSignature::parse`] reads; another
    /// stays [`PartContent::Bytes`]).
    RootSignature(RootSignature<'a>),
    /// `RDAT`: the runtime data (of version [`RDAT_VERSION`](super::rdat::RDAT_VERSION);
    /// another stays [`PartContent::Bytes`]).
    RuntimeData(Rdat<'a>),
    /// Any other part (`PRIV`, `SRCI`, `RDEF`, unknown ones): its bytes.
    Bytes(&'a [u8]),
}

/// Decodes `part`; `stage` is the program's shader kind number, for PSV0 version 0.
pub(crate) fn decode<'a>(part: &Part<'a>, stage: Option<u32>) -> Result<PartContent<'a>, Error> {
    let (data, base) = (part.data, part.data_offset());
    if let Some(layout) = ElementLayout::of(part.fourcc) {
        return Signature::parse(data, base, layout).map(PartContent::Signature);
    }
    Ok(match &part.fourcc.0 {
        b"DXIL" | b"ILDB" => PartContent::Program(ProgramHeader::parse(data, base)?),
        // DXC's STAT is a program; FXC's is a table of counts, without the `DXIL` magic
        b"STAT" if data.get(8..12) == Some(b"DXIL".as_slice()) => {
            PartContent::Program(ProgramHeader::parse(data, base)?)
        }
        b"SFI0" => PartContent::Features(FeatureInfo::parse(data, base)?),
        b"PSV0" => PartContent::Psv(Box::new(Psv::parse(data, base, stage)?)),
        b"HASH" => PartContent::ShaderHash(ShaderHash::parse(data, base)?),
        b"ILDN" => PartContent::DebugName(DebugName::parse(data, base)?),
        b"VERS" => PartContent::CompilerVersion(CompilerVersion::parse(data, base)?),
        // a version this reader does not know (a later root signature, the runtime data of
        // DXC's prerelease libraries) stays bytes, as a part it does not decode
        b"RTS0" if super::root_signature::is_known_version(first_word(data)) => {
            PartContent::RootSignature(RootSignature::parse(data, base)?)
        }
        b"RDAT" if first_word(data) == super::rdat::RDAT_VERSION => {
            PartContent::RuntimeData(Rdat::parse(data, base)?)
        }
        _ => PartContent::Bytes(data),
    })
}

/// The first little-endian `u32` of `data` (0 for fewer than 4 bytes).
fn first_word(data: &[u8]) -> u32 {
    u32::from_le_bytes(super::bytes::first4(data))
}
