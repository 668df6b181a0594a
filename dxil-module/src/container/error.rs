//! What goes wrong when reading a container: the byte offset in the input and what the reader
//! expected there.

use super::FourCC;
use std::fmt;

/// A container, or a part of one, that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// Byte offset in the input of the structure or field that is wrong.
    pub offset: usize,
    /// What is wrong there.
    pub kind: ErrorKind,
}

/// The kinds of [`Error`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input (or the part, or the table holding it) ends before a structure does.
    Truncated {
        /// The structure.
        what: &'static str,
        /// Bytes it needs from the error's offset.
        needed: u64,
        /// Bytes there are from the error's offset.
        available: u64,
    },
    /// A magic number or four-character code is not the one expected.
    Magic {
        /// What carries the magic number.
        what: &'static str,
        /// The bytes expected.
        expected: [u8; 4],
        /// The bytes found.
        found: Leading,
    },
    /// A container of a major version other than 1.
    Version {
        /// Major version.
        major: u16,
        /// Minor version.
        minor: u16,
    },
    /// A part starts before the end of the part table or of the previous part.
    Overlap {
        /// Index of the part in the part table.
        index: u32,
        /// Where the table or the previous part ends.
        previous_end: u64,
    },
    /// A field holds a value it cannot have.
    Invalid {
        /// The field.
        what: &'static str,
        /// Its value.
        value: u64,
        /// What it may be.
        expected: String,
    },
    /// A string of a table is not NUL-terminated inside the table, or is not UTF-8.
    BadString {
        /// The string.
        what: &'static str,
    },
    /// A container lacks the part asked for.
    MissingPart {
        /// The parts that would do.
        expected: &'static str,
        /// The part of shader model 4 or 5 bytecode (`SHEX`, `SHDR`) the container holds
        /// instead, if any: a container FXC made.
        instead: Option<FourCC>,
    },
    /// A part asked for as a program (a program header and bitcode) is not one: a kind other
    /// than `DXIL`, `ILDB` and `STAT`, or FXC's `STAT` (a table of counts).
    NotAProgram {
        /// The part's kind.
        fourcc: FourCC,
    },
    /// The input is neither a container, nor a bitcode wrapper, nor bitcode.
    NotBitcode {
        /// The first bytes of the input.
        found: Leading,
    },
}

impl Error {
    pub(crate) fn new(offset: usize, kind: ErrorKind) -> Error {
        Error { offset, kind }
    }

    pub(crate) fn truncated(
        offset: usize,
        what: &'static str,
        needed: u64,
        available: usize,
    ) -> Error {
        Error::new(
            offset,
            ErrorKind::Truncated {
                what,
                needed,
                available: available as u64,
            },
        )
    }

    pub(crate) fn invalid(
        offset: usize,
        what: &'static str,
        value: u64,
        expected: impl Into<String>,
    ) -> Error {
        Error::new(
            offset,
            ErrorKind::Invalid {
                what,
                value,
                expected: expected.into(),
            },
        )
    }
}

/// The bytes found where a magic number was expected: the first four, or all there are when
/// the input ends sooner (an empty input has none), so that a message says what is there and
/// nothing else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leading {
    bytes: [u8; 4],
    len: u8,
}

impl Leading {
    /// The first bytes of `input`, at most four.
    pub fn of(input: &[u8]) -> Leading {
        Leading {
            bytes: super::bytes::first4(input),
            len: input.len().min(4) as u8,
        }
    }

    /// The bytes, four unless the input is shorter.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

impl fmt::Display for Leading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.len {
            0 => f.write_str("nothing (the bytes end there)"),
            4 => write!(f, "`{}`", Escaped(self.bytes())),
            n => write!(
                f,
                "`{}`, then the end of the bytes ({n} of 4)",
                Escaped(self.bytes())
            ),
        }
    }
}

/// Bytes as text: printable ASCII as is, anything else as `\xNN`.
pub(crate) struct Escaped<'a>(pub &'a [u8]);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &b in self.0 {
            if b.is_ascii_graphic() || b == b' ' {
                write!(f, "{}", b as char)?;
            } else {
                write!(f, "\\x{b:02X}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "byte {}: {}", self.offset, self.kind)
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Truncated {
                what,
                needed,
                available,
            } => write!(
                f,
                "expected {what} of {needed} bytes, but only {available} are left"
            ),
            ErrorKind::Magic {
                what,
                expected,
                found,
            } => write!(f, "expected {what} `{}`, found {found}", Escaped(expected),),
            ErrorKind::Version { major, minor } => write!(
                f,
                "expected a container of version 1.x, found version {major}.{minor}"
            ),
            ErrorKind::Overlap {
                index,
                previous_end,
            } => write!(
                f,
                "part {index} starts before byte {previous_end}, where the part table or the \
                 part before it ends: expected parts in table order without overlap"
            ),
            ErrorKind::Invalid {
                what,
                value,
                expected,
            } => write!(f, "{what} is {value}: expected {expected}"),
            ErrorKind::BadString { what } => write!(
                f,
                "expected {what} as a NUL-terminated UTF-8 string inside its table"
            ),
            ErrorKind::MissingPart { expected, instead } => {
                // "an ILDB part", "a DXIL or ILDB part"
                let article = if expected.starts_with(['A', 'E', 'I', 'O', 'U']) {
                    "an"
                } else {
                    "a"
                };
                write!(f, "expected a container with {article} {expected} part")?;
                match instead {
                    Some(fourcc) => write!(
                        f,
                        ", found a {fourcc} part instead: shader model 4 or 5 bytecode, as FXC \
                         writes it, which is not DXIL"
                    ),
                    None => Ok(()),
                }
            }
            ErrorKind::NotAProgram { fourcc } => write!(
                f,
                "expected a program part (DXIL, ILDB, or STAT as DXC writes it: a program \
                 header and bitcode), not {fourcc}"
            ),
            ErrorKind::NotBitcode { found } => write!(
                f,
                "expected a DXBC container, a bitcode wrapper (DE C0 17 0B) or bitcode \
                 (`BC\\xC0\\xDE`), found {found}"
            ),
        }
    }
}

impl std::error::Error for Error {}
