//! Finding the bitcode in any input: a container (its `DXIL` part, else its `ILDB` part), a
//! bitcode wrapper, or bitcode itself.
//!
//! A bitcode wrapper is five little-endian `u32`s: the magic `0x0B17C0DE`, a version (0), the
//! offset of the bitcode from the start of the wrapper, its size, and a CPU type.

use super::Container;
use super::bytes::{Reader, first4};
use super::error::{Error, ErrorKind, Leading};
use super::fourcc::FourCC;
use super::part::{Part, PartContent};

use crate::bitcode::WRAPPER_MAGIC;
use crate::bitstream::BITCODE_MAGIC;

/// The bitcode of an input and where it was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bitcode<'a> {
    /// The bitcode (it starts with `BC 0xC0DE`).
    pub bytes: &'a [u8],
    /// Byte offset of the bitcode in the input.
    pub offset: usize,
    /// What held it.
    pub source: BitcodeSource,
}

/// What held the bitcode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BitcodeSource {
    /// This part of a container (`DXIL` or `ILDB`).
    Part(FourCC),
    /// A bitcode wrapper.
    Wrapper(WrapperHeader),
    /// Nothing: the input is bitcode.
    Raw,
}

/// The fields of a bitcode wrapper after its magic number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrapperHeader {
    /// Version (0).
    pub version: u32,
    /// Offset of the bitcode from the start of the wrapper.
    pub offset: u32,
    /// Size of the bitcode.
    pub size: u32,
    /// CPU type.
    pub cpu_type: u32,
}

/// The bitcode of `input`: a container's `DXIL` part (its `ILDB` part when it has no `DXIL`),
/// a bitcode wrapper's contents, or `input` itself when it starts with `BC 0xC0DE`.
pub fn find_bitcode(input: &[u8]) -> Result<Bitcode<'_>, Error> {
    let magic = first4(input);
    let found = match magic {
        m if m == FourCC::DXBC.0 => from_container(input)?,
        WRAPPER_MAGIC => from_wrapper(input)?,
        BITCODE_MAGIC => Bitcode {
            bytes: input,
            offset: 0,
            source: BitcodeSource::Raw,
        },
        _ => {
            return Err(Error::new(
                0,
                ErrorKind::NotBitcode {
                    found: Leading::of(input),
                },
            ));
        }
    };
    with_magic(found)
}

/// The bitcode of the program part `fourcc` (`DXIL`, `ILDB` or `STAT`; the first part of
/// that kind) of the container `input`: the module [`find_bitcode`] does not pick, such as
/// the `ILDB` part's (with debug information) beside a `DXIL` part, or the `STAT` part's
/// (DXC's reflection module).
pub fn find_part_bitcode(input: &[u8], fourcc: FourCC) -> Result<Bitcode<'_>, Error> {
    let expected = match &fourcc.0 {
        b"DXIL" => "DXIL",
        b"ILDB" => "ILDB",
        b"STAT" => "STAT",
        _ => return Err(Error::new(0, ErrorKind::NotAProgram { fourcc })),
    };
    let container = Container::parse(input)?;
    let part = container.find(fourcc).ok_or(Error::new(
        0,
        ErrorKind::MissingPart {
            expected,
            instead: None,
        },
    ))?;
    with_magic(program_bitcode(&container, part)?)
}

/// `found`, if it starts with the bitcode magic.
fn with_magic(found: Bitcode<'_>) -> Result<Bitcode<'_>, Error> {
    if !found.bytes.starts_with(&BITCODE_MAGIC) {
        return Err(Error::new(
            found.offset,
            ErrorKind::Magic {
                what: "the bitcode magic",
                expected: BITCODE_MAGIC,
                found: Leading::of(found.bytes),
            },
        ));
    }
    Ok(found)
}

fn from_container(input: &[u8]) -> Result<Bitcode<'_>, Error> {
    let container = Container::parse(input)?;
    let part = container.program_part().ok_or_else(|| {
        let instead = container
            .parts()
            .map(|p| p.fourcc)
            .find(|f| matches!(&f.0, b"SHEX" | b"SHDR"));
        Error::new(
            0,
            ErrorKind::MissingPart {
                expected: "DXIL or ILDB",
                instead,
            },
        )
    })?;
    program_bitcode(&container, part)
}

/// The bitcode of `part` of `container`, which must hold a program.
fn program_bitcode<'a>(container: &Container<'a>, part: Part<'a>) -> Result<Bitcode<'a>, Error> {
    match container.decode(&part)? {
        PartContent::Program(program) => Ok(Bitcode {
            bytes: program.bitcode,
            offset: program.bitcode_start,
            source: BitcodeSource::Part(part.fourcc),
        }),
        _ => Err(Error::new(
            part.offset,
            ErrorKind::NotAProgram {
                fourcc: part.fourcc,
            },
        )),
    }
}

fn from_wrapper(input: &[u8]) -> Result<Bitcode<'_>, Error> {
    let mut r = Reader::new(input, 0);
    let mut header = r.sub(20, "a bitcode wrapper header")?;
    header.u32("magic")?;
    let version = header.u32("version")?;
    let offset_at = header.offset();
    let offset = header.u32("bitcode offset")?;
    let size = header.u32("bitcode size")?;
    let cpu_type = header.u32("CPU type")?;
    if offset < 20 {
        return Err(Error::invalid(
            offset_at,
            "the wrapped bitcode's offset",
            offset.into(),
            "at least 20 (the wrapper header's size)",
        ));
    }
    let mut rest = Reader::new(input, 0);
    rest.take(offset.into(), "the wrapped bitcode's offset")?;
    let start = rest.offset();
    let bytes = rest.take(size.into(), "wrapped bitcode (its size field)")?;
    Ok(Bitcode {
        bytes,
        offset: start,
        source: BitcodeSource::Wrapper(WrapperHeader {
            version,
            offset,
            size,
            cpu_type,
        }),
    })
}
