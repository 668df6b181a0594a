//! `DXBC` containers: the file format DXIL ships in.
//!
//! A container is a 32-byte header (the magic `DXBC`, a 16-byte digest, the version 1.0, the
//! container's size and its part count), a table of `u32` part offsets, and the parts: each a
//! four-character code, a `u32` size and the data. [`Container::parse`] reads the header and
//! the part table of a `&[u8]` without copying it: the parts are views of the input, each
//! with its byte offset, kept in table order. [`Container::decode`] reads a part's data into
//! a typed view ([`PartContent`]); a part it does not decode stays bytes.
//!
//! The input is untrusted: every count, size and offset is checked against the bytes there
//! are before it is used, nothing is allocated in proportion to a number the input gives,
//! and a mistake is an [`Error`] with its byte offset and what was expected, never a panic.
//!
//! | part | decoded into | kept as bytes |
//! | --- | --- | --- |
//! | header | [`Header`]: digest, version, size, part count; parts in order ([`Part`]) | gaps between parts, bytes after the container's size |
//! | `DXIL`, `ILDB`, `STAT` (DXC's: with the `DXIL` magic) | [`ProgramHeader`]: shader kind, shader model, DXIL version, bitcode offset and size, the bitcode as a slice | the bitcode (read by [`crate::bitstream`]); FXC's `STAT` (a table of counts) and its bytecode parts `SHEX`, `SHDR` as bytes |
//! | `SFI0` | [`FeatureInfo`]: the flags, named by `dxil_ops::enums::ShaderFeatureInfo`; unknown bits kept as a number | — |
//! | `ISG1`, `OSG1`, `PSG1`, `ISGN`, `OSGN`, `OSG5`, `PCSG` | [`Signature`]: every element ([`SignatureElement`]: stream, semantic name and index, system value, component type, register, masks, minimum precision) | padding of elements, string table bytes no element names |
//! | `PSV0` | [`Psv`] (versions 0 to 4): runtime information with the per-stage fields, resource bindings, string and index tables, signature elements, view-ID masks, input-to-output tables | runtime information beyond version 4 ([`Psv::info_extra`]), bytes after the last table ([`Psv::trailing`]) |
//! | `HASH` | [`ShaderHash`]: flags, hash | — |
//! | `ILDN` | [`DebugName`]: flags, name | padding |
//! | `VERS` | [`CompilerVersion`]: version, flags, commit count, commit and version strings | padding |
//! | `RTS0` | [`RootSignature`] (versions 1.0 to 1.2): flags, every root parameter (descriptor tables with their ranges, root constants, root descriptors) and static sampler | bytes no offset points at (DXC's serializer leaves none); a part of another version, whole |
//! | `RDAT` | [`Rdat`]: its sub-parts; the resources, functions, subobjects and work-graph node shaders (attributes, inputs, outputs, node ids) of their tables, with the strings and index arrays they refer to | sub-parts of other types (DXC's experimental per-stage tables, its PDB information), as record tables or bytes; a part of another version (DXC's prerelease libraries), whole |
//! | `PRIV`, `SRCI`, `RDEF`, unknown parts | — | all ([`PartContent::Bytes`]) |
//!
//! The digest is DXC's retail hash ([`retail_hash`]) of the container from byte 20 on:
//! [`Container::digest_status`] says whether the stored one matches, and [`sign`] writes it.
//! [`write_container`] lays out a container from parts as DXC does, and [`find_bitcode`] finds
//! the bitcode in a container, a bitcode wrapper or bare bitcode.
//!
//! ```
//! use dxil_module::container::{Container, DigestMode, DigestStatus, FourCC, PartContent};
//!
//! let flags = 0x4000u64.to_le_bytes(); // WaveOps
//! let parts = [(FourCC::SFI0, &flags[..])];
//! let bytes = dxil_module::container::write_container(&parts, DigestMode::Compute)?;
//! let container = Container::parse(&bytes)?;
//! assert_eq!(container.digest_status(), DigestStatus::Matches);
//! let part = container.find(FourCC::SFI0).expect("the part");
//! assert_eq!(part.offset, 36);
//! match container.decode(&part)? {
//!     PartContent::Features(f) => assert_eq!(f.flags().to_string(), "WaveOps"),
//!     _ => unreachable!(),
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bitcode;
mod bytes;
mod compiler_version;
mod debug_name;
mod error;
mod features;
mod fourcc;
mod hash;
mod header;
mod part;
mod program;
pub mod psv;
pub mod rdat;
pub mod root_signature;
mod shader_hash;
mod signature;
mod values;
mod writer;

pub use bitcode::{Bitcode, BitcodeSource, WrapperHeader, find_bitcode, find_part_bitcode};
pub use compiler_version::CompilerVersion;
pub use debug_name::DebugName;
pub use error::{Error, ErrorKind, Leading};
pub use features::FeatureInfo;
pub use fourcc::FourCC;
pub use hash::{DigestStatus, container_digest, hex, retail_hash, sign};
pub use header::{HEADER_SIZE, Header, PART_HEADER_SIZE};
pub use part::{Part, PartContent};
pub use program::{PROGRAM_HEADER_SIZE, ProgramHeader};
pub use psv::Psv;
pub use rdat::Rdat;
pub use root_signature::RootSignature;
pub use shader_hash::ShaderHash;
pub use signature::{ElementLayout, Signature, SignatureElement, mask_letters};
pub use values::{
    ComparisonFunc, DescriptorRangeType, MinPrecision, PsvResourceType, RootParameterType,
    ShaderVisibility, SigComponentType, StaticBorderColor, SystemValue, TextureAddressMode,
    name_or_number,
};
pub use writer::{DigestMode, WriteError, write_container};

use bytes::{Reader, table_bytes};

/// A container read from a byte slice: its header and its checked part table.
#[derive(Clone, Copy, Debug)]
pub struct Container<'a> {
    bytes: &'a [u8],
    input_len: usize,
    header: Header,
    table: &'a [u8],
    /// The first `DXIL` part, else the first `ILDB` part: the program whose stage PSV0
    /// version 0 needs (found while the table is checked, so that no lookup is a scan).
    program: Option<Part<'a>>,
}

impl<'a> Container<'a> {
    /// Reads the container at the start of `input`: its header and part table. Every part must
    /// lie inside the container (its size field) and start at or after the end of the part
    /// before it in the table, as every writer lays them out.
    pub fn parse(input: &'a [u8]) -> Result<Container<'a>, Error> {
        let header = Header::parse(input)?;
        let bytes = &input[..header.size as usize];
        let mut r = Reader::new(&bytes[HEADER_SIZE..], HEADER_SIZE);
        let table = r.take(table_bytes(header.part_count, 4), "a part offset table")?;
        let mut container = Container {
            bytes,
            input_len: input.len(),
            header,
            table,
            program: None,
        };
        let (mut dxil, mut ildb) = (None, None);
        let mut end = (HEADER_SIZE + table.len()) as u64;
        for index in 0..header.part_count {
            let offset = container.part_offset(index);
            if u64::from(offset) < end {
                return Err(Error::new(
                    offset as usize,
                    ErrorKind::Overlap {
                        index,
                        previous_end: end,
                    },
                ));
            }
            let part = container.read_part(index)?;
            end = (part.data_offset() + part.data.len()) as u64;
            match part.fourcc {
                FourCC::DXIL => dxil = dxil.or(Some(part)),
                FourCC::ILDB => ildb = ildb.or(Some(part)),
                _ => {}
            }
        }
        container.program = dxil.or(ildb);
        Ok(container)
    }

    /// Entry `index` of the part offset table (`u32::MAX`, an offset no container reaches,
    /// past the table's end).
    fn part_offset(&self, index: u32) -> u32 {
        bytes::u32_at(self.table, index as usize).unwrap_or(u32::MAX)
    }

    fn read_part(&self, index: u32) -> Result<Part<'a>, Error> {
        let entry = self.part_offset(index);
        let mut r = Reader::new(self.bytes, 0);
        r.take(entry.into(), "a part offset inside the container")
            .map_err(|_| {
                Error::invalid(
                    HEADER_SIZE + 4 * index as usize,
                    "a part offset",
                    entry.into(),
                    format!(
                        "an offset inside the container (below {})",
                        self.bytes.len()
                    ),
                )
            })?;
        let offset = r.offset();
        let mut header = r.sub(PART_HEADER_SIZE as u64, "a part header")?;
        let fourcc = FourCC(header.array("part code")?);
        let size = header.u32("part size")?;
        let data = r.take(size.into(), "part data (its size field)")?;
        Ok(Part {
            index,
            fourcc,
            offset,
            data,
        })
    }

    /// The header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The container's bytes (the input up to the container's size).
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// Bytes of the input after the container's size.
    pub fn trailing_len(&self) -> usize {
        self.input_len - self.bytes.len()
    }

    /// Number of parts.
    pub fn part_count(&self) -> u32 {
        self.header.part_count
    }

    /// The parts, in table order.
    pub fn parts(&self) -> impl Iterator<Item = Part<'a>> + '_ {
        // every part was read once by `parse`, so none is left out
        (0..self.header.part_count).filter_map(|i| self.read_part(i).ok())
    }

    /// Part `index` of the table.
    pub fn part(&self, index: u32) -> Option<Part<'a>> {
        // an index past the table reads the offset `u32::MAX`, which no container reaches
        self.read_part(index).ok()
    }

    /// The first part of kind `fourcc` (a scan of the part table).
    pub fn find(&self, fourcc: FourCC) -> Option<Part<'a>> {
        self.parts().find(|p| p.fourcc == fourcc)
    }

    /// Decodes `part`'s data ([`PartContent::Bytes`] for the parts not decoded).
    pub fn decode(&self, part: &Part<'a>) -> Result<PartContent<'a>, Error> {
        part::decode(part, self.program_stage())
    }

    /// The program part: the first `DXIL` part, else the first `ILDB` part.
    pub fn program_part(&self) -> Option<Part<'a>> {
        self.program
    }

    /// The program header of [`Container::program_part`], if the container has that part.
    pub fn program(&self) -> Option<Result<ProgramHeader<'a>, Error>> {
        let part = self.program?;
        Some(ProgramHeader::parse(part.data, part.data_offset()))
    }

    /// The shader kind number of the program part.
    fn program_stage(&self) -> Option<u32> {
        let program = self.program()?.ok()?;
        Some(program.shader_kind_value())
    }

    /// The digest of the container's bytes.
    pub fn computed_digest(&self) -> [u8; 16] {
        retail_hash(&self.bytes[20..])
    }

    /// Whether the stored digest matches the computed one, or is zero.
    pub fn digest_status(&self) -> DigestStatus {
        hash::status(self.header.digest, self.computed_digest())
    }
}
