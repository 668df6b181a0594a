//! What the lint reads: a module as text or binary (told by its content), regular files up to
//! a size limit, and the module files of a directory tree.

use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The largest file [`read_file`] reads: 1 GiB.
pub const MAX_FILE_SIZE: u64 = 1 << 30;

/// How much of the start of an input must be UTF-8 (see [`input_of`]).
const UTF8_PREFIX: usize = 1024;

/// The kinds of binary input, told by their first bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryKind {
    /// LLVM bitcode: it starts with `BC` `0xC0DE`.
    Bitcode,
    /// LLVM bitcode in a wrapper: it starts with the magic number `0x0B17C0DE` (little-endian).
    BitcodeWrapper,
    /// A DXBC container (a compiled shader, as DXC writes it): it starts with `DXBC`.
    Dxbc,
}

impl BinaryKind {
    /// The kind of binary `bytes` start as, if any.
    pub fn of(bytes: &[u8]) -> Option<BinaryKind> {
        if bytes.starts_with(&dxil_module::bitstream::BITCODE_MAGIC) {
            Some(BinaryKind::Bitcode)
        } else if bytes.starts_with(&dxil_module::bitcode::WRAPPER_MAGIC) {
            Some(BinaryKind::BitcodeWrapper)
        } else if bytes.starts_with(b"DXBC") {
            Some(BinaryKind::Dxbc)
        } else {
            None
        }
    }
}

impl fmt::Display for BinaryKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BinaryKind::Bitcode => "LLVM bitcode (magic `BC 0xC0DE`)",
            BinaryKind::BitcodeWrapper => "LLVM bitcode in a wrapper (magic 0x0B17C0DE)",
            BinaryKind::Dxbc => "a DXBC container (magic `DXBC`), a compiled shader",
        })
    }
}

/// Why an input cannot be read as a module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputError {
    /// A binary input (told by its magic number) that does not decode: what it is and the
    /// decoder's error (with its byte and bit offset).
    Binary(BinaryKind, String),
    /// A NUL byte, at this offset, in an input that is not binary by its magic number.
    Nul(usize),
    /// Bytes that are not UTF-8 within the first KiB, at this offset.
    NotUtf8(usize),
    /// Text of which no line is LLVM IR (see [`is_llvm_ir`]): the line number of its first
    /// line that is not blank.
    NotIr(usize),
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Binary(kind, e) => return write!(f, "{kind} that does not decode: {e}"),
            InputError::Nul(at) => write!(f, "binary data (a NUL byte at offset {at})")?,
            InputError::NotUtf8(at) => {
                write!(f, "not UTF-8 text (an invalid byte at offset {at})")?
            }
            InputError::NotIr(line) => {
                return write!(
                    f,
                    "not LLVM IR: no line is a definition, declaration, global, type, metadata, \
                     attribute group, target or comment (line {line} is the first that is not \
                     blank); the lint reads DXIL: LLVM IR text (`dxc -Fc`, `llvm-dis`), a DXBC \
                     container or LLVM bitcode"
                );
            }
        }
        f.write_str(
            "; the lint reads DXIL as LLVM IR text, a DXBC container or LLVM bitcode \
             (raw or in its wrapper), told by their first bytes",
        )
    }
}

impl std::error::Error for InputError {}

/// An input told by its content: text, or binary of a kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input<'a> {
    /// LLVM IR text.
    Text(Cow<'a, str>),
    /// A binary module of a kind (not decoded yet).
    Binary(BinaryKind),
}

/// What an input is, by its content: binary when it starts with the magic number of LLVM
/// bitcode (raw or wrapped) or of a DXBC container; otherwise text, refused when it has a NUL
/// byte anywhere, when its first KiB is not UTF-8 (a character cut at the end of that KiB is
/// fine), or when no line of it is LLVM IR ([`is_llvm_ir`]). Invalid UTF-8 after the first KiB
/// (a comment in another encoding) is replaced with U+FFFD, which no check looks at.
pub fn input_of(bytes: &[u8]) -> Result<Input<'_>, InputError> {
    if let Some(kind) = BinaryKind::of(bytes) {
        return Ok(Input::Binary(kind));
    }
    if let Some(at) = memchr::memchr(0, bytes) {
        return Err(InputError::Nul(at));
    }
    let prefix = bytes.get(..UTF8_PREFIX).unwrap_or(bytes);
    if let Err(e) = std::str::from_utf8(prefix)
        && e.error_len().is_some()
    {
        return Err(InputError::NotUtf8(e.valid_up_to()));
    }
    let text = String::from_utf8_lossy(bytes);
    match is_llvm_ir(&text) {
        Ok(()) => Ok(Input::Text(text)),
        Err(line) => Err(InputError::NotIr(line)),
    }
}

/// The words that start a line of LLVM IR outside functions, besides the sigils `;` (a
/// comment), `!` (metadata), `@` (a global), `%` (a type or, in a function, a value), `$` (a
/// comdat) and `}` (the end of a function).
const IR_WORDS: &[&str] = &[
    "define",
    "declare",
    "target",
    "source_filename",
    "attributes",
    "module",
    "uselistorder",
    "uselistorder_bb",
];

/// Whether a text may be LLVM IR: it is blank (an empty module), or one of its lines (blanks
/// and a byte order mark skipped) starts as LLVM IR's top-level lines do, with a sigil (`;`,
/// `!`, `@`, `%`, `$`, `}`) or a word (`define`, `declare`, `target`, `source_filename`,
/// `attributes`, `module`, `uselistorder`, `uselistorder_bb`) followed by a blank or the end
/// of the line. Otherwise (a text file holding `garbage`) the number of its first line that is not
/// blank. The search stops at the first such line, which in a module is the first or second.
pub fn is_llvm_ir(text: &str) -> Result<(), usize> {
    let mut first = None;
    for (i, line) in lines(text).enumerate() {
        let line = line.trim_start_matches('\u{feff}').trim_start();
        let Some(&b) = line.as_bytes().first() else {
            continue;
        };
        first.get_or_insert(i + 1);
        if matches!(b, b';' | b'!' | b'@' | b'%' | b'$' | b'}') {
            return Ok(());
        }
        let word = line.split(|c: char| c.is_ascii_whitespace()).next();
        if word.is_some_and(|w| IR_WORDS.contains(&w)) {
            return Ok(());
        }
    }
    first.map_or(Ok(()), Err)
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
    Input(InputError),
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
            FileError::Input(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for FileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FileError::Io(e) => Some(e),
            FileError::Input(e) => Some(e),
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
    let file = open_file(path)?;
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

/// Opens a regular file (following symbolic links) of at most [`MAX_FILE_SIZE`] bytes, as
/// [`read_file`] does, without reading it.
pub(crate) fn open_file(path: &Path) -> Result<std::fs::File, FileError> {
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
    Ok(file)
}

/// A reader that passes text on to the streaming reader and notes, as the bytes go by, what
/// [`input_of`] would refuse or change: the first NUL byte and whether a CR stands alone.
pub(crate) struct Scan<R> {
    inner: R,
    buf: Box<[u8]>,
    pos: usize,
    len: usize,
    /// The bytes read so far.
    pub(crate) offset: u64,
    /// The offset of the first NUL byte.
    pub(crate) nul: Option<u64>,
    /// A CR not followed by LF was seen.
    pub(crate) lone_cr: bool,
    /// The last byte read was a CR.
    last_cr: bool,
}

impl<R: Read> Scan<R> {
    /// A scan of `inner`, read 64 KiB at a time.
    pub(crate) fn new(inner: R) -> Self {
        Scan {
            inner,
            buf: vec![0; 1 << 16].into_boxed_slice(),
            pos: 0,
            len: 0,
            offset: 0,
            nul: None,
            lone_cr: false,
            last_cr: false,
        }
    }

    /// Notes what `chunk`, the next bytes, holds.
    fn note(&mut self, chunk: &[u8]) {
        if self.nul.is_none()
            && let Some(i) = memchr::memchr(0, chunk)
        {
            self.nul = Some(self.offset + i as u64);
        }
        match chunk.first() {
            Some(&b) if self.last_cr && b != b'\n' => self.lone_cr = true,
            None if self.last_cr => self.lone_cr = true,
            _ => {}
        }
        for i in memchr::memchr_iter(b'\r', chunk) {
            if chunk.get(i + 1).is_some_and(|&b| b != b'\n') {
                self.lone_cr = true;
            }
        }
        self.last_cr = chunk.last() == Some(&b'\r');
        self.offset += chunk.len() as u64;
    }
}

impl<R: Read> Read for Scan<R> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = {
            let chunk = std::io::BufRead::fill_buf(self)?;
            let n = chunk.len().min(out.len());
            out.get_mut(..n)
                .unwrap_or_default()
                .copy_from_slice(chunk.get(..n).unwrap_or_default());
            n
        };
        std::io::BufRead::consume(self, n);
        Ok(n)
    }
}

impl<R: Read> std::io::BufRead for Scan<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.pos >= self.len {
            let n = self.inner.read(&mut self.buf)?;
            let chunk = std::mem::take(&mut self.buf);
            self.note(chunk.get(..n).unwrap_or_default());
            self.buf = chunk;
            self.pos = 0;
            self.len = n;
        }
        Ok(self.buf.get(self.pos..self.len).unwrap_or_default())
    }

    fn consume(&mut self, n: usize) {
        self.pos = (self.pos + n).min(self.len);
    }
}

/// How far [`ll_files_within`] walks: the most entries it reads (files and folders, `.ll` or
/// not) and the deepest folder (the given one is depth 0). A walk that would go further stops
/// with an error rather than read a whole disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WalkLimits {
    /// The most directory entries read.
    pub max_entries: usize,
    /// The deepest folder entered.
    pub max_depth: usize,
}

impl Default for WalkLimits {
    /// 100,000 entries (DXC's and LLVM's test folders have a few thousand), depth 32.
    fn default() -> Self {
        WalkLimits {
            max_entries: 100_000,
            max_depth: 32,
        }
    }
}

/// Why a walk stopped.
#[derive(Debug)]
pub enum WalkError {
    /// A folder could not be read.
    Io(PathBuf, std::io::Error),
    /// The walk read [`WalkLimits::max_entries`] entries and there were more; the folder it was
    /// reading.
    TooManyEntries(PathBuf, usize),
    /// A folder deeper than [`WalkLimits::max_depth`].
    TooDeep(PathBuf, usize),
}

impl fmt::Display for WalkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WalkError::Io(dir, e) => write!(f, "cannot read the folder {}: {e}", dir.display()),
            WalkError::TooManyEntries(dir, limit) => write!(
                f,
                "more than {limit} files and folders (stopped in {}); name a smaller folder, \
                 or raise the limit",
                dir.display()
            ),
            WalkError::TooDeep(dir, limit) => write!(
                f,
                "{} is {} deep, past the limit of {limit}; name a smaller folder, or raise the \
                 limit",
                dir.display(),
                match limit + 1 {
                    1 => "1 folder".to_owned(),
                    n => format!("{n} folders"),
                }
            ),
        }
    }
}

impl std::error::Error for WalkError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            WalkError::Io(_, e) => Some(e),
            _ => None,
        }
    }
}

/// Where a walk is, for a progress display: the folder it reads, the entries read and the `.ll`
/// files found so far.
#[derive(Clone, Copy, Debug)]
pub struct WalkProgress<'a> {
    /// The folder being read.
    pub dir: &'a Path,
    /// Entries read so far.
    pub entries: usize,
    /// `.ll` files found so far.
    pub found: usize,
}

/// The `.ll` files under `dir` (in its subfolders too), sorted, within the default
/// [`WalkLimits`]: see [`ll_files_within`].
pub fn ll_files(dir: &Path) -> Result<Vec<PathBuf>, WalkError> {
    ll_files_within(dir, WalkLimits::default(), &mut |_| {})
}

/// The `.ll` files under `dir` (in its subfolders too), sorted: what `cargo xtask lint DIR`
/// checks. Symbolic links are followed, but each directory is read once (by its canonical
/// path), so a link to a parent directory ends nowhere. A link that leads nowhere is listed
/// when its name ends in `.ll`, so that reading it reports the error. Files of other kinds
/// (FIFOs, devices) are listed too, and refused when read. The walk reads at most
/// `limits.max_entries` entries and enters folders at most `limits.max_depth` deep, or stops
/// with an error; `progress` is told before each folder is read.
pub fn ll_files_within(
    dir: &Path,
    limits: WalkLimits,
    progress: &mut dyn FnMut(WalkProgress<'_>),
) -> Result<Vec<PathBuf>, WalkError> {
    files_within(dir, &["ll"], limits, progress)
}

/// The names a module file of a directory ends in: `.ll` (text), `.dxil`, `.dxbc`, `.cso`
/// (DXBC containers, as DXC and the runtimes name them) and `.bc` (bitcode). A file named on
/// its own is read whatever its name; what it is comes from its content.
pub const MODULE_EXTENSIONS: &[&str] = &["ll", "dxil", "dxbc", "cso", "bc"];

/// The module files under `dir` (names ending in one of [`MODULE_EXTENSIONS`]), walked as
/// [`ll_files_within`] walks: what `dxil lint DIR` checks.
pub fn module_files_within(
    dir: &Path,
    limits: WalkLimits,
    progress: &mut dyn FnMut(WalkProgress<'_>),
) -> Result<Vec<PathBuf>, WalkError> {
    files_within(dir, MODULE_EXTENSIONS, limits, progress)
}

/// The files under `dir` whose names end in one of `extensions`.
fn files_within(
    dir: &Path,
    extensions: &[&str],
    limits: WalkLimits,
    progress: &mut dyn FnMut(WalkProgress<'_>),
) -> Result<Vec<PathBuf>, WalkError> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let mut todo = vec![(dir.to_path_buf(), 0usize)];
    let mut entries = 0usize;
    while let Some((d, depth)) = todo.pop() {
        let io = |e| WalkError::Io(d.clone(), e);
        if !seen.insert(std::fs::canonicalize(&d).map_err(io)?) {
            continue;
        }
        if depth > limits.max_depth {
            return Err(WalkError::TooDeep(d, limits.max_depth));
        }
        progress(WalkProgress {
            dir: &d,
            entries,
            found: out.len(),
        });
        for e in std::fs::read_dir(&d).map_err(io)? {
            if entries == limits.max_entries {
                return Err(WalkError::TooManyEntries(d, limits.max_entries));
            }
            entries += 1;
            let e = e.map_err(io)?;
            let p = e.path();
            let is_dir = match e.file_type().map_err(io)? {
                t if t.is_symlink() => std::fs::metadata(&p).is_ok_and(|m| m.is_dir()),
                t => t.is_dir(),
            };
            if is_dir {
                todo.push((p, depth + 1));
            } else if p
                .extension()
                .is_some_and(|x| extensions.iter().any(|e| x == *e))
            {
                out.push(p);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// The lines of a text: a line ends at LF, CRLF or a CR alone, and the break is not part of
/// it. A text ending with a break has an empty last line (as `str::split` gives).
pub(crate) fn lines(text: &str) -> Lines<'_> {
    Lines { rest: Some(text) }
}

/// Iterator of [`lines`].
pub(crate) struct Lines<'a> {
    rest: Option<&'a str>,
}

impl<'a> Iterator for Lines<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let s = self.rest?;
        let b = s.as_bytes();
        match memchr::memchr2(b'\n', b'\r', b) {
            Some(i) => {
                let len = if b.get(i) == Some(&b'\r') && b.get(i + 1) == Some(&b'\n') {
                    2
                } else {
                    1
                };
                self.rest = Some(s.get(i + len..).unwrap_or(""));
                Some(s.get(..i).unwrap_or(""))
            }
            None => {
                self.rest = None;
                Some(s)
            }
        }
    }
}
