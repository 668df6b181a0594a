//! The part `HASH`: a hash of the shader that identifies it (computed by the compiler over the
//! program, or over its source with `-Zss`); not the container digest.

use super::bytes::Reader;
use super::error::Error;

/// The shader hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShaderHash {
    /// Flags: bit 0 set when the hash covers the source.
    pub flags: u32,
    /// The hash.
    pub digest: [u8; 16],
}

impl ShaderHash {
    /// Reads the `HASH` part `data`, which starts at byte `base` of the input: exactly 20 bytes.
    pub fn parse(data: &[u8], base: usize) -> Result<ShaderHash, Error> {
        if data.len() != 20 {
            return Err(Error::invalid(
                base,
                "the size of the shader hash part",
                data.len() as u64,
                "20 (flags and a 16-byte hash)",
            ));
        }
        let mut r = Reader::new(data, base);
        Ok(ShaderHash {
            flags: r.u32("flags")?,
            digest: r.array("hash")?,
        })
    }

    /// Whether the hash covers the source (flag bit 0).
    pub fn includes_source(&self) -> bool {
        self.flags & 1 != 0
    }
}
