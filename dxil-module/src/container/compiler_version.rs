//! The part `VERS`: the compiler's version. `u16` major and minor, `u32` flags, `u32` commit
//! count, `u32` size of the string list, then the list: up to two NUL-terminated strings (the
//! commit hash, then the version string), padded with zeros to a multiple of 4 bytes.

use super::bytes::Reader;
use super::error::{Error, ErrorKind};

/// The compiler version.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompilerVersion<'a> {
    /// Major version.
    pub major: u16,
    /// Minor version.
    pub minor: u16,
    /// Flags.
    pub flags: u32,
    /// Commit count.
    pub commit_count: u32,
    /// The commit hash (empty when the list is).
    pub commit: &'a str,
    /// The version string (empty when absent).
    pub version: &'a str,
}

impl<'a> CompilerVersion<'a> {
    /// Reads the `VERS` part `data`, which starts at byte `base` of the input.
    pub fn parse(data: &'a [u8], base: usize) -> Result<CompilerVersion<'a>, Error> {
        let mut r = Reader::new(data, base);
        let major = r.u16("compiler major version")?;
        let minor = r.u16("compiler minor version")?;
        let flags = r.u32("version flags")?;
        let commit_count = r.u32("commit count")?;
        let list_size = r.u32("version string list size")?;
        let list_at = r.offset();
        let list = r.take(list_size.into(), "a version string list")?;
        let bad = || {
            Error::new(
                list_at,
                ErrorKind::BadString {
                    what: "a version string",
                },
            )
        };
        let (commit, version) = match list.split_last() {
            None => ("", ""),
            Some((0, strings)) => {
                let mut parts = strings.splitn(2, |&b| b == 0);
                let commit = parts.next().unwrap_or_default();
                let version = parts.next().unwrap_or_default();
                if version.contains(&0) {
                    return Err(bad());
                }
                (
                    std::str::from_utf8(commit).map_err(|_| bad())?,
                    std::str::from_utf8(version).map_err(|_| bad())?,
                )
            }
            Some(_) => return Err(bad()),
        };
        if r.remaining() > 3 {
            return Err(Error::invalid(
                base,
                "the size of the compiler version part",
                data.len() as u64,
                format!(
                    "at most {} (the strings padded to 4 bytes)",
                    data.len() - r.remaining() + 3
                ),
            ));
        }
        Ok(CompilerVersion {
            major,
            minor,
            flags,
            commit_count,
            commit,
            version,
        })
    }
}
