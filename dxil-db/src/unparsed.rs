//! What depends on a file that did not parse.
//!
//! A file with a TOML syntax error is reported and not decoded, so the names it declares are
//! missing from the database: every record of the other files that names one of them would
//! report an unknown name, thousands of errors for one typo (a duplicate `[stage.pixel]` in
//! `db/vocab.toml` made 4,687). Instead:
//!
//! - the sections a broken file may declare are those of its table headers (`[stage.NAME]`,
//!   `[[ops.TABLE]]`, read line by line) and of what the parser could recover; when neither
//!   tells, or the root file is broken (so no file was included), any section;
//! - a reference to a name of such a section that is not declared is not reported but counted
//!   (`Ctx::unresolved`), and so is a missing declaration of the section ("no DXIL version
//!   is declared");
//! - a record whose reference was not checked may itself be missing (an op of an unknown
//!   table is not built): its section becomes one whose names may be missing too, for the
//!   records built after it;
//! - one error, at the first syntax error, says how many references of each kind were not
//!   checked. They are checked once the file parses.
//!
//! A reference to a name of a section no broken file has, and that depends on none, is still
//! reported with its suggestion.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use crate::diag::{Diagnostic, Location};
use crate::source::{FileId, Sources};

/// A section of the database files: the kind of the records of one top-level key, and of
/// the names they declare.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Section {
    /// `[[version]]`: DXIL versions and their shader models.
    Version,
    /// `[stage.NAME]`.
    Stage,
    /// `[attribute.NAME]`.
    Attribute,
    /// `[overload_type.NAME]`: the overload letters.
    OverloadType,
    /// `[table.NAME]`: op tables.
    Table,
    /// `[type.NAME]`.
    Type,
    /// `[class.NAME]`.
    Class,
    /// `[[ops.TABLE]]`.
    Op,
    /// `[enum.NAME]`.
    Enum,
    /// `[[rule]]`: validation rules.
    Rule,
    /// `[[sig_point]]`.
    SigPoint,
    /// `[semantic_interpretation.NAME]`.
    SemanticInterpretation,
    /// `[[llvm_instruction]]`.
    LlvmInstruction,
    /// `[[intrinsic]]`.
    Intrinsic,
    /// `[derived.NAME]`.
    Derived,
    /// `[constraint_key.NAME]`.
    ConstraintKey,
    /// `[constraint_kind.NAME]`.
    ConstraintKind,
    /// `[[constraint]]`.
    Constraint,
    /// `[dxc]`: DXC's presentation.
    Dxc,
}

impl Section {
    /// Every section.
    pub(crate) const ALL: [Section; 19] = [
        Section::Version,
        Section::Stage,
        Section::Attribute,
        Section::OverloadType,
        Section::Table,
        Section::Type,
        Section::Class,
        Section::Op,
        Section::Enum,
        Section::Rule,
        Section::SigPoint,
        Section::SemanticInterpretation,
        Section::LlvmInstruction,
        Section::Intrinsic,
        Section::Derived,
        Section::ConstraintKey,
        Section::ConstraintKind,
        Section::Constraint,
        Section::Dxc,
    ];

    /// The top-level key of the section's records.
    pub(crate) fn key(self) -> &'static str {
        match self {
            Section::Version => "version",
            Section::Stage => "stage",
            Section::Attribute => "attribute",
            Section::OverloadType => "overload_type",
            Section::Table => "table",
            Section::Type => "type",
            Section::Class => "class",
            Section::Op => "ops",
            Section::Enum => "enum",
            Section::Rule => "rule",
            Section::SigPoint => "sig_point",
            Section::SemanticInterpretation => "semantic_interpretation",
            Section::LlvmInstruction => "llvm_instruction",
            Section::Intrinsic => "intrinsic",
            Section::Derived => "derived",
            Section::ConstraintKey => "constraint_key",
            Section::ConstraintKind => "constraint_kind",
            Section::Constraint => "constraint",
            Section::Dxc => "dxc",
        }
    }

    /// What the names of the section are, in messages.
    fn names(self) -> &'static str {
        match self {
            Section::Version => "DXIL versions and shader models",
            Section::Stage => "stages",
            Section::Attribute => "attributes",
            Section::OverloadType => "overload letters",
            Section::Table => "op tables",
            Section::Type => "types",
            Section::Class => "classes",
            Section::Op => "ops",
            Section::Enum => "enumerations",
            Section::Rule => "validation rules",
            Section::SigPoint => "signature points",
            Section::SemanticInterpretation => "semantic interpretations",
            Section::LlvmInstruction => "LLVM instructions",
            Section::Intrinsic => "LLVM intrinsics",
            Section::Derived => "derived values",
            Section::ConstraintKey => "constraint keys",
            Section::ConstraintKind => "constraint kinds",
            Section::Constraint => "constraints",
            Section::Dxc => "DXC's presentation",
        }
    }

    fn of_key(key: &str) -> Option<Section> {
        Section::ALL.into_iter().find(|s| s.key() == key)
    }
}

/// A file that did not parse: where its first syntax error is, and the sections it may
/// declare (`None`: any).
#[derive(Clone, Debug)]
pub(crate) struct Unparsed {
    /// The first syntax error.
    pub span: Range<usize>,
    /// The sections of its table headers and of what the parser recovered.
    pub sections: Option<BTreeSet<Section>>,
}

impl Unparsed {
    /// The sections a file that did not parse may declare: those of the top-level keys
    /// `recovered` and of its table headers (a line `[name...` or `[[name...`); `None` when
    /// there are none.
    pub(crate) fn new<'k>(
        text: &'k str,
        span: Range<usize>,
        recovered: impl Iterator<Item = &'k str>,
    ) -> Unparsed {
        let headers = text.lines().filter_map(|line| {
            let name = line.trim_start().strip_prefix('[')?;
            let name = name.strip_prefix('[').unwrap_or(name).trim_start();
            let end = name
                .find(|c: char| matches!(c, '.' | ']') || c.is_whitespace())
                .unwrap_or(name.len());
            name.get(..end)
        });
        let sections: BTreeSet<Section> = recovered
            .chain(headers)
            .filter_map(|k| Section::of_key(k.trim_matches('"')))
            .collect();
        Unparsed {
            span,
            sections: (!sections.is_empty()).then_some(sections),
        }
    }
}

/// The state of a load with files that did not parse: which sections may miss names, and the
/// references not checked because of it.
#[derive(Debug, Default)]
pub(crate) struct Incomplete {
    /// The files that did not parse.
    files: Vec<(FileId, Unparsed)>,
    /// Any section may miss names (the root did not parse, or a broken file tells nothing).
    any: bool,
    /// The sections that may miss names.
    open: BTreeSet<Section>,
    /// The section whose records are being built.
    building: Option<Section>,
    /// References not checked, by the section of the names.
    unchecked: BTreeMap<Section, usize>,
}

impl Incomplete {
    /// Registers a file that did not parse; `root` when it is the root file (so nothing was
    /// included).
    pub(crate) fn add(&mut self, file: FileId, unparsed: Unparsed, root: bool) {
        match (&unparsed.sections, root) {
            (Some(sections), false) => self.open.extend(sections),
            _ => self.any = true,
        }
        self.files.push((file, unparsed));
    }

    /// The records of `section` are built from now on.
    pub(crate) fn building(&mut self, section: Section) {
        self.building = Some(section);
    }

    /// Whether a name of `section` that is not declared may be declared by a file that did not
    /// parse, or by a record left unbuilt because of one. If so it is counted, and the section
    /// being built may miss names too.
    pub(crate) fn excuses(&mut self, section: Section) -> bool {
        if !(self.any || self.open.contains(&section)) {
            return false;
        }
        *self.unchecked.entry(section).or_default() += 1;
        if let Some(b) = self.building {
            self.open.insert(b);
        }
        true
    }

    /// The one error that sums up the references not checked, at the first syntax error of
    /// the first file that did not parse; `None` when none was left unchecked.
    pub(crate) fn summary(&self, sources: &Sources) -> Option<Diagnostic> {
        let total: usize = self.unchecked.values().sum();
        let (file, first) = self.files.first()?;
        if total == 0 {
            return None;
        }
        let names: Vec<String> = self
            .files
            .iter()
            .map(|(f, _)| format!("`{}`", sources.get(*f).name()))
            .collect();
        let counts: Vec<String> = self
            .unchecked
            .iter()
            .map(|(s, n)| format!("{} {n}", s.names()))
            .collect();
        let (them, it) = if names.len() == 1 {
            ("it", "it parses")
        } else {
            ("they", "they parse")
        };
        Some(
            Diagnostic::new(
                Location {
                    file: *file,
                    span: first.span.clone(),
                },
                "",
                "",
                format!(
                    "{total} reference{} to names that {} may declare (or records built from \
                     them) were not checked, since {them} did not parse: {}",
                    if total == 1 { "" } else { "s" },
                    names.join(", "),
                    counts.join(", ")
                ),
            )
            .with_hint(format!("fix the syntax error; they are checked once {it}")),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sections(text: &str, recovered: &[&str]) -> Option<Vec<&'static str>> {
        Unparsed::new(text, 0..0, recovered.iter().copied())
            .sections
            .map(|s| s.into_iter().map(Section::key).collect())
    }

    #[test]
    fn the_sections_of_a_broken_file() {
        // headers, recovered or not, with spaces and quotes
        let text = "x = \"\n[ stage.a ]\n  [[ops.CoreOps]]\n[\"enum\".E]\n[unknown.x]\n";
        assert_eq!(
            sections(text, &["version"]),
            Some(vec!["version", "stage", "ops", "enum"])
        );
        // nothing tells: any section
        assert_eq!(sections("garbage =\n", &[]), None);
        assert_eq!(sections("[[include]]\n", &["include"]), None);
    }

    #[test]
    fn references_are_excused_for_the_sections_of_broken_files() {
        let mut i = Incomplete::default();
        let u = Unparsed::new("[stage.a]\n", 0..0, std::iter::empty());
        i.add(FileId(0), u, false);
        i.building(Section::Op);
        assert!(i.excuses(Section::Stage));
        assert!(!i.excuses(Section::Type));
        // an op left unbuilt because of a stage: the ops may miss names too
        i.building(Section::Constraint);
        assert!(i.excuses(Section::Op));
        assert_eq!(i.unchecked.values().sum::<usize>(), 2);
    }
}
