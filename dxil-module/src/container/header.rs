//! The container header (32 bytes) and the part table after it.

use super::bytes::Reader;
use super::error::{Error, ErrorKind, Leading};
use super::fourcc::FourCC;

/// Size of the container header; the part offset table follows it.
pub const HEADER_SIZE: usize = 32;

/// Size of a part header (four-character code and data size); the part's data follows it.
pub const PART_HEADER_SIZE: usize = 8;

/// The fields of the container header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// The stored digest (bytes 4 to 20).
    pub digest: [u8; 16],
    /// Major version (1).
    pub major: u16,
    /// Minor version (0).
    pub minor: u16,
    /// Size of the container in bytes, header included.
    pub size: u32,
    /// Number of parts.
    pub part_count: u32,
}

impl Header {
    /// Reads the header of the container `input` and checks its magic number, its version and
    /// that its size fits in `input` (the part table is checked by [`super::Container::parse`]).
    pub fn parse(input: &[u8]) -> Result<Header, Error> {
        let mut r = Reader::new(input, 0);
        let mut header = r.sub(HEADER_SIZE as u64, "a container header")?;
        let magic = header.array("magic")?;
        if magic != FourCC::DXBC.0 {
            return Err(Error::new(
                0,
                ErrorKind::Magic {
                    what: "the container magic",
                    expected: FourCC::DXBC.0,
                    found: Leading::of(&magic),
                },
            ));
        }
        let digest = header.array("digest")?;
        let (major, minor) = (header.u16("major version")?, header.u16("minor version")?);
        if major != 1 {
            return Err(Error::new(20, ErrorKind::Version { major, minor }));
        }
        let size = header.u32("container size")?;
        if (size as usize) < HEADER_SIZE {
            return Err(Error::invalid(
                24,
                "the container size",
                size.into(),
                format!("at least {HEADER_SIZE} (the header)"),
            ));
        }
        if size as usize > input.len() {
            return Err(Error::truncated(
                0,
                "a container (its size field)",
                size.into(),
                input.len(),
            ));
        }
        let part_count = header.u32("part count")?;
        Ok(Header {
            digest,
            major,
            minor,
            size,
            part_count,
        })
    }
}
