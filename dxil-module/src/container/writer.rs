//! Writing a container from its parts.
//!
//! DXC lays a container out as the header, the part offset table, and the parts back to back
//! in the order given, with no padding between them: a part's data is as long as its producer
//! made it (current DXC makes every part but `PRIV` a multiple of 4 bytes; older compilers
//! wrote signature parts of any length, which the next part follows directly). This writer
//! does the same, so a container read and written again is the same bytes.

use std::fmt;

use super::fourcc::FourCC;
use super::hash::retail_hash;
use super::header::{HEADER_SIZE, PART_HEADER_SIZE};

/// The digest a written container gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DigestMode {
    /// The retail hash of the container (what DXC's validator writes).
    Compute,
    /// Zeros: an unsigned container.
    Zero,
    /// These bytes.
    Given([u8; 16]),
}

/// A container that cannot be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteError {
    /// The container would be larger than a `u32` can say.
    TooLarge {
        /// Its size.
        size: u64,
    },
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::TooLarge { size } => write!(
                f,
                "a container of {size} bytes: expected at most {} (the size is a u32)",
                u32::MAX
            ),
        }
    }
}

impl std::error::Error for WriteError {}

/// The bytes of a container (version 1.0) holding `parts` in order, with the digest `digest`.
pub fn write_container(
    parts: &[(FourCC, &[u8])],
    digest: DigestMode,
) -> Result<Vec<u8>, WriteError> {
    let table = (parts.len() as u64) * 4;
    let data: u64 = parts
        .iter()
        .map(|(_, d)| PART_HEADER_SIZE as u64 + d.len() as u64)
        .sum();
    let size = HEADER_SIZE as u64 + table + data;
    let too_large = WriteError::TooLarge { size };
    let size32 = u32::try_from(size).map_err(|_| too_large.clone())?;
    let count = u32::try_from(parts.len()).map_err(|_| too_large.clone())?;
    let mut out = Vec::with_capacity(size32 as usize);
    out.extend_from_slice(&FourCC::DXBC.0);
    out.extend_from_slice(&[0; 16]);
    out.extend_from_slice(&1u16.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out.extend_from_slice(&size32.to_le_bytes());
    out.extend_from_slice(&count.to_le_bytes());
    // every offset and length fits in a u32: their sum, the container's size, does
    let mut offset = HEADER_SIZE as u64 + table;
    for (_, d) in parts {
        out.extend_from_slice(&(offset as u32).to_le_bytes());
        offset += PART_HEADER_SIZE as u64 + d.len() as u64;
    }
    for (fourcc, d) in parts {
        out.extend_from_slice(&fourcc.0);
        out.extend_from_slice(&(d.len() as u32).to_le_bytes());
        out.extend_from_slice(d);
    }
    let digest = match digest {
        DigestMode::Compute => retail_hash(&out[20..]),
        DigestMode::Zero => [0; 16],
        DigestMode::Given(d) => d,
    };
    out[4..20].copy_from_slice(&digest);
    Ok(out)
}
