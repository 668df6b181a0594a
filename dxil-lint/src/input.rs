//! What the lint reads: the text of a module (binary inputs are refused), regular files up to
//! a size limit, and the `.ll` files of a directory tree.

use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The largest file [`read_file`] reads: 1 GiB.
pub const MAX_FILE_SIZE: u64 = 1 << 30;

/// How much of the start of an input must be UTF-8 (see [`text_of`]).
const UTF8_PREFIX: usize = 1024;

/// Why an input is not LLVM IR text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotText {
    /// LLVM bitcode: it starts with `BC` `0xC0DE`.
    Bitcode,
    /// LLVM bitcode in a wrapper: it starts with the magic number `0x0B17C0DE` (little-endian).
    BitcodeWrapper,
    /// A DXBC container (a compiled shader, as DXC writes it): it starts with `DXBC`.
    Dxbc,
    /// A NUL byte, at this offset.
    Nul(usize),
    /// Bytes that are not UTF-8 within the first KiB, at this offset.
    NotUtf8(usize),
}

impl fmt::Display for NotText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotText::Bitcode => f.write_str("LLVM bitcode (magic `BC 0xC0DE`)")?,
            NotText::BitcodeWrapper => {
                f.write_str("LLVM bitcode in a wrapper (magic 0x0B17C0DE)")?
            }
            NotText::Dxbc => f.write_str("a DXBC container (magic `DXBC`), a compiled shader")?,
            NotText::Nul(at) => write!(f, "binary data (a NUL byte at offset {at})")?,
            NotText::NotUtf8(at) => write!(f, "not UTF-8 text (an invalid byte at offset {at})")?,
        }
        f.write_str(
            "; the lint reads LLVM IR text: disassemble it first \
             (`dxc -dumpbin FILE` for a DXBC container, `llvm-dis FILE` for bitcode)",
        )
    }
}

impl std::error::Error for NotText {}

/// The text of an input, or why it is not LLVM IR text. An input is refused when it starts
/// with the magic number of LLVM bitcode (raw or wrapped) or of a DXBC container, when it has
/// a NUL byte anywhere, or when its first KiB is not UTF-8 (a character cut at the end of that
/// KiB is fine). Invalid UTF-8 after the first KiB (a comment in another encoding) is replaced
/// with U+FFFD, which no check looks at.
pub fn text_of(bytes: &[u8]) -> Result<Cow<'_, str>, NotText> {
    if bytes.starts_with(b"BC\xC0\xDE") {
        return Err(NotText::Bitcode);
    }
    if bytes.starts_with(&0x0B17_C0DE_u32.to_le_bytes()) {
        return Err(NotText::BitcodeWrapper);
    }
    if bytes.starts_with(b"DXBC") {
        return Err(NotText::Dxbc);
    }
    if let Some(at) = memchr::memchr(0, bytes) {
        return Err(NotText::Nul(at));
    }
    let prefix = bytes.get(..UTF8_PREFIX).unwrap_or(bytes);
    if let Err(e) = std::str::from_utf8(prefix)
        && e.error_len().is_some()
    {
        return Err(NotText::NotUtf8(e.valid_up_to()));
    }
    Ok(String::from_utf8_lossy(bytes))
}

/// Why a file cannot be checked.
#[derive(Debug)]
pub enum FileError {
    /// It cannot be read.
    Io(std::io::Error),
    /// It is not a regular file: what it is (`a FIFO`, `a character device`, `a directory`).
    /// Such a file is not opened, since opening a FIFO or reading a device may never end.
    NotRegular(&'static str),
    /// It is larger than [`MAX_FILE_SIZE`]: its size.
    TooLarge(u64),
    /// It is not LLVM IR text.
    NotText(NotText),
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Io(e) => write!(f, "cannot read the file: {e}"),
            FileError::NotRegular(what) => write!(
                f,
                "not a regular file ({what}); the lint reads regular files only"
            ),
            FileError::TooLarge(size) => write!(
                f,
                "the file has {size} bytes; the lint reads files of at most 1 GiB ({MAX_FILE_SIZE} bytes)"
            ),
            FileError::NotText(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for FileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FileError::Io(e) => Some(e),
            FileError::NotText(e) => Some(e),
            _ => None,
        }
    }
}

/// What a file that is not a regular file is.
fn kind_of(t: std::fs::FileType) -> Option<&'static str> {
    if t.is_file() {
        return None;
    }
    if t.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return Some("a FIFO");
        }
        if t.is_char_device() {
            return Some("a character device");
        }
        if t.is_block_device() {
            return Some("a block device");
        }
        if t.is_socket() {
            return Some("a socket");
        }
    }
    Some("a special file")
}

/// Reads a regular file (following symbolic links) of at most [`MAX_FILE_SIZE`] bytes. Any
/// other kind of file is refused before it is opened.
pub fn read_file(path: &Path) -> Result<Vec<u8>, FileError> {
    let meta = std::fs::metadata(path).map_err(FileError::Io)?;
    if let Some(what) = kind_of(meta.file_type()) {
        return Err(FileError::NotRegular(what));
    }
    if meta.len() > MAX_FILE_SIZE {
        return Err(FileError::TooLarge(meta.len()));
    }
    let file = std::fs::File::open(path).map_err(FileError::Io)?;
    // the file may have changed since: check what was opened, and read no more than the limit
    let meta = file.metadata().map_err(FileError::Io)?;
    if let Some(what) = kind_of(meta.file_type()) {
        return Err(FileError::NotRegular(what));
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE_SIZE + 1)
        .read_to_end(&mut bytes)
        .map_err(FileError::Io)?;
    let len = bytes.len() as u64;
    if len > MAX_FILE_SIZE {
        return Err(FileError::TooLarge(len));
    }
    Ok(bytes)
}

/// The `.ll` files under `dir` (in its subfolders too), sorted: what `cargo xtask lint DIR`
/// checks. Symbolic links are followed, but each directory is read once (by its canonical
/// path), so a link to a parent directory ends nowhere. A link that leads nowhere is listed
/// when its name ends in `.ll`, so that reading it reports the error. Files of other kinds
/// (FIFOs, devices) are listed too, and refused when read.
pub fn ll_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        if !seen.insert(std::fs::canonicalize(&d)?) {
            continue;
        }
        for e in std::fs::read_dir(&d)? {
            let e = e?;
            let p = e.path();
            let is_dir = match e.file_type()? {
                t if t.is_symlink() => std::fs::metadata(&p).is_ok_and(|m| m.is_dir()),
                t => t.is_dir(),
            };
            if is_dir {
                todo.push(p);
            } else if p.extension().is_some_and(|x| x == "ll") {
                out.push(p);
            }
        }
    }
    out.sort();
    Ok(out)
}
