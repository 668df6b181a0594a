//! The text of every file a database was loaded from, for positions in diagnostics.

use std::ops::Range;

/// Index of a file in [`Sources`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FileId(pub(crate) u32);

/// One loaded file: its name as shown in diagnostics and its text.
#[derive(Clone, Debug)]
pub struct SourceFile {
    name: String,
    text: String,
    line_starts: Vec<usize>,
}

impl SourceFile {
    fn new(name: String, text: String) -> Self {
        // a line ends with LF, CRLF or a CR alone
        let bytes = text.as_bytes();
        let mut line_starts = vec![0];
        for (i, b) in bytes.iter().enumerate() {
            let ends = match b {
                b'\n' => true,
                b'\r' => bytes.get(i + 1) != Some(&b'\n'),
                _ => false,
            };
            if ends {
                line_starts.push(i + 1);
            }
        }
        SourceFile {
            name,
            text,
            line_starts,
        }
    }

    /// The name shown in diagnostics, e.g. `ops.toml` or `db/enums.toml`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The full text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// 1-based line and column (in characters) of a byte offset; offsets past the end or inside
    /// a character are clamped.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let start = self.line_starts[line];
        let mut end = offset;
        while !self.text.is_char_boundary(end) {
            end -= 1;
        }
        let col = self.text[start..end].chars().count() + 1;
        (line + 1, col)
    }

    /// The byte range of the 1-based line `line`, without its line break (LF, CRLF or CR).
    pub fn line_range(&self, line: usize) -> Option<Range<usize>> {
        let start = *self.line_starts.get(line.checked_sub(1)?)?;
        let end = self.text[start..]
            .find(['\n', '\r'])
            .map_or(self.text.len(), |i| start + i);
        Some(start..end)
    }
}

/// All files of one load, in the order they were read.
#[derive(Clone, Debug, Default)]
pub struct Sources {
    files: Vec<SourceFile>,
}

impl Sources {
    /// Adds a file and returns its id.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        let id = FileId(self.files.len() as u32);
        self.files.push(SourceFile::new(name.into(), text.into()));
        id
    }

    /// The file with the given id.
    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    /// The id of the file named `name`, if loaded.
    pub fn find(&self, name: &str) -> Option<FileId> {
        self.files
            .iter()
            .position(|f| f.name == name)
            .map(|i| FileId(i as u32))
    }

    /// Every file with its id.
    pub fn iter(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files
            .iter()
            .enumerate()
            .map(|(i, f)| (FileId(i as u32), f))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_characters_from_one() {
        let mut s = Sources::default();
        let id = s.add("a.toml", "ab\nçd\n");
        let f = s.get(id);
        assert_eq!(f.line_col(0), (1, 1));
        assert_eq!(f.line_col(1), (1, 2));
        assert_eq!(f.line_col(3), (2, 1));
        assert_eq!(f.line_col(5), (2, 2));
        assert_eq!(f.line_col(4), (2, 1));
        assert_eq!(f.line_col(99), (3, 1));
        assert_eq!(f.line_range(2), Some(3..6));
        assert_eq!(f.line_range(9), None);
    }

    #[test]
    fn lines_end_with_lf_crlf_or_cr() {
        let mut s = Sources::default();
        let id = s.add("a.toml", "a\r\nb\rc\nd");
        let f = s.get(id);
        assert_eq!(f.line_col(3), (2, 1));
        assert_eq!(f.line_col(5), (3, 1));
        assert_eq!(f.line_col(7), (4, 1));
        assert_eq!(f.line_range(1), Some(0..1));
        assert_eq!(f.line_range(2), Some(3..4));
    }
}
