//! The errors of the text reader: where (line and column) and what was expected.

use std::fmt;

/// An error of the text reader, or a problem the lenient reader recovered from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextError {
    /// The line (1-based).
    pub line: u32,
    /// The column (1-based, in bytes).
    pub column: u32,
    /// What is wrong: what was expected and what was found.
    pub message: String,
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for TextError {}

/// What the streaming reader ([`read`](super::read)) can fail with: the input could not be
/// read, or its text is wrong.
#[derive(Debug)]
pub enum ReadError {
    /// Reading the input failed.
    Io(std::io::Error),
    /// The text is not a valid module.
    Text(TextError),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "cannot read the input: {e}"),
            ReadError::Text(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadError::Io(e) => Some(e),
            ReadError::Text(e) => Some(e),
        }
    }
}

impl From<std::io::Error> for ReadError {
    fn from(e: std::io::Error) -> Self {
        ReadError::Io(e)
    }
}

impl From<TextError> for ReadError {
    fn from(e: TextError) -> Self {
        ReadError::Text(e)
    }
}
