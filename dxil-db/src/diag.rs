//! Diagnostics: every mistake found in the database files, with its position, the key it is
//! about, what is wrong and what to do.

use std::fmt;
use std::ops::Range;

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label};
use codespan_reporting::files::{Error as CsError, Files};
use codespan_reporting::term::{self, termcolor::Buffer};

use crate::source::{FileId, Sources};
use crate::unparsed::Incomplete;

/// Where a diagnostic points: a file and a byte range in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// The file.
    pub file: FileId,
    /// Byte range of the offending text.
    pub span: Range<usize>,
}

/// One mistake in a database file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Where it is.
    pub location: Location,
    /// The record it is about, e.g. ``op `Sample` (CoreOps 60)``; empty for file-level errors.
    pub context: String,
    /// The key it is about, e.g. `class`; empty when the error is about a whole record.
    pub key: String,
    /// What is wrong.
    pub message: String,
    /// What to do about it.
    pub hint: Option<String>,
}

impl Diagnostic {
    /// A diagnostic without a hint.
    pub fn new(
        location: Location,
        context: impl Into<String>,
        key: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            location,
            context: context.into(),
            key: key.into(),
            message: message.into(),
            hint: None,
        }
    }

    /// Adds a hint.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    fn headline(&self) -> String {
        let mut s = String::new();
        if !self.context.is_empty() {
            s.push_str(&self.context);
            s.push_str(", ");
        }
        if !self.key.is_empty() {
            s.push_str("key `");
            s.push_str(&self.key);
            s.push_str("`: ");
        }
        s.push_str(&self.message);
        s
    }

    /// The one-line form `FILE:LINE:COL: error: CONTEXT, key `KEY`: MESSAGE`, followed by a
    /// second line `  hint: HINT` when there is a hint.
    pub fn render_short(&self, sources: &Sources) -> String {
        let file = sources.get(self.location.file);
        let (line, col) = file.line_col(self.location.span.start);
        let mut s = format!(
            "{}:{}:{}: error: {}",
            file.name(),
            line,
            col,
            self.headline()
        );
        if let Some(hint) = &self.hint {
            s.push_str("\n  hint: ");
            s.push_str(hint);
        }
        s
    }
}

/// Every diagnostic of one load, with the sources they point into.
#[derive(Clone, Debug)]
pub struct Report {
    sources: Sources,
    diagnostics: Vec<Diagnostic>,
}

impl Report {
    pub(crate) fn new(sources: Sources, mut diagnostics: Vec<Diagnostic>) -> Self {
        diagnostics.sort_by(|a, b| {
            (a.location.file, a.location.span.start, &a.message).cmp(&(
                b.location.file,
                b.location.span.start,
                &b.message,
            ))
        });
        diagnostics.dedup();
        Report {
            sources,
            diagnostics,
        }
    }

    /// The diagnostics, ordered by file and position.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The files the diagnostics point into.
    pub fn sources(&self) -> &Sources {
        &self.sources
    }

    /// Every diagnostic in its short form ([`Diagnostic::render_short`]), one after another.
    pub fn render_short(&self) -> String {
        let mut s = String::new();
        for d in &self.diagnostics {
            s.push_str(&d.render_short(&self.sources));
            s.push('\n');
        }
        s
    }

    /// Every diagnostic with the offending source line and a caret under the offending text.
    pub fn render_rich(&self, color: bool) -> String {
        let mut buffer = if color {
            Buffer::ansi()
        } else {
            Buffer::no_color()
        };
        let config = term::Config::default();
        let files = CsFiles(&self.sources);
        for d in &self.diagnostics {
            let mut cs = CsDiagnostic::error()
                .with_message(d.headline())
                .with_labels(vec![Label::primary(
                    d.location.file,
                    d.location.span.clone(),
                )]);
            if let Some(hint) = &d.hint {
                cs = cs.with_notes(vec![format!("hint: {hint}")]);
            }
            if term::emit_to_write_style(&mut buffer, &config, &files, &cs).is_err() {
                // A span the renderer cannot place: fall back to the short form.
                let _ = std::io::Write::write_all(
                    &mut buffer,
                    format!("{}\n", d.render_short(&self.sources)).as_bytes(),
                );
            }
        }
        String::from_utf8_lossy(buffer.as_slice()).into_owned()
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render_short())?;
        write!(
            f,
            "{} error{}",
            self.diagnostics.len(),
            if self.diagnostics.len() == 1 { "" } else { "s" }
        )
    }
}

struct CsFiles<'a>(&'a Sources);

impl<'a> Files<'a> for CsFiles<'a> {
    type FileId = FileId;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: FileId) -> Result<&'a str, CsError> {
        Ok(self.0.get(id).name())
    }

    fn source(&'a self, id: FileId) -> Result<&'a str, CsError> {
        Ok(self.0.get(id).text())
    }

    fn line_index(&'a self, id: FileId, byte_index: usize) -> Result<usize, CsError> {
        Ok(self.0.get(id).line_col(byte_index).0 - 1)
    }

    fn line_range(&'a self, id: FileId, line_index: usize) -> Result<Range<usize>, CsError> {
        let file = self.0.get(id);
        let range = file
            .line_range(line_index + 1)
            .ok_or(CsError::LineTooLarge {
                given: line_index,
                max: file.line_col(file.text().len()).0,
            })?;
        // codespan wants the range to include the line break.
        let end = (range.end + 1).min(file.text().len());
        Ok(range.start..end.max(range.end))
    }
}

/// Collects diagnostics while a load runs.
#[derive(Debug, Default)]
pub(crate) struct Sink {
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// The files that did not parse, and the references not checked because of them.
    pub(crate) incomplete: Incomplete,
}

impl Sink {
    /// Records a mistake: where it is, the record and key it is about, what is wrong and what to
    /// do about it.
    pub(crate) fn error(
        &mut self,
        location: Location,
        context: impl Into<String>,
        key: impl Into<String>,
        message: impl Into<String>,
        hint: impl Into<String>,
    ) {
        self.diagnostics
            .push(Diagnostic::new(location, context, key, message).with_hint(hint));
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.diagnostics.is_empty()
    }

    /// Adds the diagnostics of `other` after these.
    pub(crate) fn append(&mut self, mut other: Sink) {
        self.diagnostics.append(&mut other.diagnostics);
    }
}

/// The closest of `candidates` to `got`, if any is close.
pub(crate) fn closest<'a>(
    got: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let mut best: Option<(f64, &str)> = None;
    for c in candidates {
        let score = strsim::jaro_winkler(&got.to_ascii_lowercase(), &c.to_ascii_lowercase());
        if score > 0.8 && best.is_none_or(|(s, _)| score > s) {
            best = Some((score, c));
        }
    }
    best.map(|(_, c)| c)
}

/// "did you mean `x`?" for the closest of `candidates` to `got`, if any is close.
pub(crate) fn did_you_mean<'a>(
    got: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    closest(got, candidates).map(|c| format!("did you mean `{c}`?"))
}

/// A hint naming the closest candidate, or else listing up to a dozen of them.
pub(crate) fn suggest<'a>(
    got: &str,
    candidates: impl IntoIterator<Item = &'a str> + Clone,
    what: &str,
) -> String {
    if let Some(s) = did_you_mean(got, candidates.clone()) {
        return s;
    }
    let all: Vec<&str> = candidates.into_iter().collect();
    if all.is_empty() {
        return format!("no {what} is declared");
    }
    let shown: Vec<String> = all.iter().take(12).map(|c| format!("`{c}`")).collect();
    let more = if all.len() > 12 {
        format!(" and {} more", all.len() - 12)
    } else {
        String::new()
    };
    format!("known {what}: {}{more}", shown.join(", "))
}
