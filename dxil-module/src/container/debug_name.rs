//! The part `ILDN`: the name of the file holding the shader's debug information. A `u16` of
//! flags (0), a `u16` length, the name, a NUL and zeros up to a multiple of 4 bytes.

use super::bytes::{Reader, align4};
use super::error::{Error, ErrorKind};

/// The debug name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DebugName<'a> {
    /// Flags (reserved, 0).
    pub flags: u16,
    /// The name.
    pub name: &'a str,
}

impl<'a> DebugName<'a> {
    /// Reads the `ILDN` part `data`, which starts at byte `base` of the input.
    pub fn parse(data: &'a [u8], base: usize) -> Result<DebugName<'a>, Error> {
        let mut r = Reader::new(data, base);
        let flags = r.u16("debug name flags")?;
        let len = r.u16("debug name length")?;
        let name_at = r.offset();
        let bytes = r.take(u64::from(len) + 1, "a debug name and its NUL")?;
        let name = match bytes.split_last() {
            Some((0, name)) => std::str::from_utf8(name).ok(),
            _ => None,
        }
        .ok_or(Error::new(
            name_at,
            ErrorKind::BadString {
                what: "the debug name",
            },
        ))?;
        let expected = align4(4 + u64::from(len) + 1);
        if data.len() as u64 != expected {
            return Err(Error::invalid(
                base,
                "the size of the debug name part",
                data.len() as u64,
                format!("{expected} (the name, its NUL and padding to 4 bytes)"),
            ));
        }
        Ok(DebugName { flags, name })
    }
}
