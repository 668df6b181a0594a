//! Text tables with aligned columns.

use std::fmt::Write;

/// A table: a header row and rows of cells, printed with each column as wide as its widest
/// cell, indented by two spaces.
pub struct Table {
    rows: Vec<Vec<String>>,
}

impl Table {
    /// A table with these column titles.
    pub fn new(titles: &[&str]) -> Table {
        Table {
            rows: vec![titles.iter().map(|t| (*t).to_owned()).collect()],
        }
    }

    /// Adds a row.
    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    /// Appends the table to `out`.
    pub fn write(&self, out: &mut String) {
        let columns = self.rows.iter().map(Vec::len).max().unwrap_or(0);
        let widths: Vec<usize> = (0..columns)
            .map(|c| {
                self.rows
                    .iter()
                    .filter_map(|r| r.get(c))
                    .map(|s| s.chars().count())
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        for row in &self.rows {
            let mut line = String::new();
            for (cell, width) in row.iter().zip(&widths) {
                let _ = write!(line, "  {cell:<width$}");
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
}
