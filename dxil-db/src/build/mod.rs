//! Raw records → checked model. Every check reports through the sink and carries on, so one run
//! reports every mistake.

mod baseline;
mod classes;
mod constraints;
mod dxc;
mod idents;
mod intrinsics;
mod ops;
mod tables;
mod types;
mod vocab;

use std::collections::{BTreeSet, HashMap, HashSet};
use std::ops::Range;
use std::str::FromStr;

use serde_spanned::Spanned;

use crate::db::Database;
use crate::decode::{Decoded, Named, RawFile};
use crate::diag::{Location, Sink, suggest};
use crate::source::FileId;
use crate::unparsed::Section;
use dxil_base::{DxilVersion, ShaderModel};

/// A record together with the file it came from.
pub(crate) struct In<T> {
    pub file: FileId,
    pub item: T,
}

/// All raw records of all files.
#[derive(Default)]
pub(crate) struct RawDb {
    pub versions: Vec<In<Decoded<crate::raw::RawVersion>>>,
    pub stages: Vec<In<Named<crate::raw::RawStage>>>,
    pub attributes: Vec<In<Named<crate::raw::RawAttribute>>>,
    pub overload_types: Vec<In<Named<crate::raw::RawOverloadType>>>,
    pub tables: Vec<In<Named<crate::raw::RawTable>>>,
    pub types: Vec<In<Named<crate::raw::RawType>>>,
    pub classes: Vec<In<Named<crate::raw::RawClass>>>,
    pub ops: Vec<In<(Spanned<String>, Decoded<crate::raw::RawOp>)>>,
    pub enums: Vec<In<Named<crate::raw::RawEnum>>>,
    pub rules: Vec<In<Decoded<crate::raw::RawRule>>>,
    pub sig_points: Vec<In<Decoded<crate::raw::RawSigPoint>>>,
    pub semantic_interpretations:
        Vec<In<Named<std::collections::BTreeMap<crate::raw::S, crate::raw::S>>>>,
    pub llvm_instructions: Vec<In<Decoded<crate::raw::RawLlvmInstruction>>>,
    pub intrinsics: Vec<In<Decoded<crate::raw::RawIntrinsicRecord>>>,
    pub llvm_baselines: Vec<In<Decoded<crate::raw::RawLlvmBaseline>>>,
    pub derived: Vec<In<Named<crate::raw::RawDerived>>>,
    pub constraint_keys: Vec<In<Named<crate::raw::RawConstraintKey>>>,
    pub constraint_kinds: Vec<In<Named<crate::raw::RawConstraintKind>>>,
    pub constraints: Vec<In<Decoded<crate::raw::RawConstraint>>>,
    pub dxc: Vec<In<Decoded<crate::raw::RawDxc>>>,
}

impl RawDb {
    /// Whether the files declare no record at all: no database.
    pub(crate) fn is_empty(&self) -> bool {
        self.versions.is_empty()
            && self.stages.is_empty()
            && self.attributes.is_empty()
            && self.overload_types.is_empty()
            && self.tables.is_empty()
            && self.types.is_empty()
            && self.classes.is_empty()
            && self.ops.is_empty()
            && self.enums.is_empty()
            && self.rules.is_empty()
            && self.sig_points.is_empty()
            && self.semantic_interpretations.is_empty()
            && self.llvm_instructions.is_empty()
            && self.intrinsics.is_empty()
            && self.derived.is_empty()
            && self.constraint_keys.is_empty()
            && self.constraint_kinds.is_empty()
            && self.constraints.is_empty()
    }

    pub(crate) fn add(&mut self, file: FileId, raw: RawFile) {
        fn tag<T>(file: FileId, v: Vec<T>) -> impl Iterator<Item = In<T>> {
            v.into_iter().map(move |item| In { file, item })
        }
        self.versions.extend(tag(file, raw.versions));
        self.stages.extend(tag(file, raw.stages));
        self.attributes.extend(tag(file, raw.attributes));
        self.overload_types.extend(tag(file, raw.overload_types));
        self.tables.extend(tag(file, raw.tables));
        self.types.extend(tag(file, raw.types));
        self.classes.extend(tag(file, raw.classes));
        for (table, ops) in raw.ops {
            for op in ops {
                self.ops.push(In {
                    file,
                    item: (table.clone(), op),
                });
            }
        }
        self.enums.extend(tag(file, raw.enums));
        self.rules.extend(tag(file, raw.rules));
        self.sig_points.extend(tag(file, raw.sig_points));
        self.semantic_interpretations
            .extend(tag(file, raw.semantic_interpretations));
        self.llvm_instructions
            .extend(tag(file, raw.llvm_instructions));
        self.intrinsics.extend(tag(file, raw.intrinsics));
        self.llvm_baselines
            .extend(tag(file, raw.llvm_baseline.into_iter().collect()));
        self.derived.extend(tag(file, raw.derived));
        self.constraint_keys.extend(tag(file, raw.constraint_keys));
        self.constraint_kinds
            .extend(tag(file, raw.constraint_kinds));
        self.constraints.extend(tag(file, raw.constraints));
        self.dxc.extend(tag(file, raw.dxc));
    }
}

/// Reports about one record.
pub(crate) struct Ctx<'a> {
    pub sink: &'a mut Sink,
    pub file: FileId,
    /// The record's span (its header, or the whole inline table).
    pub span: Range<usize>,
    /// How the record is named in messages.
    pub label: String,
    /// Keys already reported by the decoder.
    pub removed: &'a BTreeSet<String>,
    /// Do not report missing keys: the list this inline record is in had an error already.
    pub quiet_missing: bool,
}

impl Ctx<'_> {
    /// Reports a reference to a name of `section` that is not declared, unless a file that
    /// did not parse may declare it (see [`crate::unparsed`]).
    pub fn unresolved(
        &mut self,
        section: Section,
        span: Range<usize>,
        key: &str,
        message: impl Into<String>,
        hint: impl Into<String>,
    ) {
        if !self.sink.incomplete.excuses(section) {
            self.error(span, key, message, hint);
        }
    }

    /// Reports an overload string that does not parse: an unknown letter as a reference to
    /// an overload type.
    pub fn overload_error(&mut self, at: usize, key: &str, e: crate::overload::OverloadError) {
        if e.unknown_letter {
            self.unresolved(Section::OverloadType, at..at + 1, key, e.message, e.hint);
        } else {
            self.error(at..at + 1, key, e.message, e.hint);
        }
    }

    pub fn error(
        &mut self,
        span: Range<usize>,
        key: &str,
        message: impl Into<String>,
        hint: impl Into<String>,
    ) {
        self.sink.error(
            Location {
                file: self.file,
                span,
            },
            self.label.clone(),
            key,
            message,
            hint,
        );
    }

    /// The value of a required key, reporting it when missing.
    pub fn require<'v, T>(
        &mut self,
        v: &'v Option<Spanned<T>>,
        key: &str,
    ) -> Option<&'v Spanned<T>> {
        if v.is_none() && !self.removed.contains(key) && !self.quiet_missing {
            let span = self.span.clone();
            self.error(
                span,
                key,
                format!("missing key `{key}`"),
                format!("add `{key} = ...` to this record (see docs/ops-toml.md)"),
            );
        }
        v.as_ref()
    }

    /// A required string.
    pub fn string(&mut self, v: &Option<Spanned<String>>, key: &str) -> Option<String> {
        self.require(v, key).map(|s| s.get_ref().clone())
    }

    /// An optional name of a record of LLVM's DXIL.td (a `dxil_td` key), reporting one that
    /// TableGen cannot read.
    pub fn tablegen_name(&mut self, v: &Option<Spanned<String>>, key: &str) -> Option<String> {
        let v = v.as_ref()?;
        if crate::names::is_tablegen_name(v.get_ref()) {
            return Some(v.get_ref().clone());
        }
        self.error(
            v.span(),
            key,
            format!("`{}` cannot name a record of LLVM's DXIL.td", v.get_ref()),
            "write an ASCII letter or `_` followed by ASCII letters, digits and `_`, not a TableGen keyword (`def`, `int`, ...)",
        );
        None
    }

    /// An optional string, empty when absent.
    pub fn opt_string(v: &Option<Spanned<String>>) -> String {
        v.as_ref().map(|s| s.get_ref().clone()).unwrap_or_default()
    }

    /// Parses a `major.minor` value.
    pub fn parse<T: FromStr>(&mut self, v: &Spanned<String>, key: &str) -> Option<T>
    where
        T::Err: std::fmt::Display,
    {
        match v.get_ref().parse::<T>() {
            Ok(t) => Some(t),
            Err(e) => {
                self.error(
                    v.span(),
                    key,
                    format!("`{}` is {e}", v.get_ref()),
                    "versions are written as quoted `major.minor` strings",
                );
                None
            }
        }
    }

    /// A DXIL version that must be one of the declared versions.
    pub fn version(
        &mut self,
        v: &Spanned<String>,
        key: &str,
        known: &[DxilVersion],
    ) -> Option<DxilVersion> {
        let parsed: DxilVersion = self.parse(v, key)?;
        if !known.contains(&parsed) {
            let names: Vec<String> = known.iter().map(|k| k.to_string()).collect();
            self.unresolved(
                Section::Version,
                v.span(),
                key,
                format!("unknown DXIL version `{parsed}`"),
                format!(
                    "declared versions ([[version]] records) are {}",
                    names.join(", ")
                ),
            );
            return None;
        }
        Some(parsed)
    }

    /// A shader model that must pair with a declared DXIL version.
    pub fn shader_model(
        &mut self,
        v: &Spanned<String>,
        key: &str,
        known: &[ShaderModel],
    ) -> Option<ShaderModel> {
        let parsed: ShaderModel = self.parse(v, key)?;
        if !known.contains(&parsed) {
            let names: Vec<String> = known.iter().map(|k| k.to_string()).collect();
            self.unresolved(
                Section::Version,
                v.span(),
                key,
                format!("unknown shader model `{parsed}`"),
                format!(
                    "shader models of the declared versions are {}",
                    names.join(", ")
                ),
            );
            return None;
        }
        Some(parsed)
    }

    /// Looks `v` up among `names`, reporting an unknown name with a suggestion. A name whose
    /// record has mistakes of its own (reported there) is not reported again, and is among the
    /// suggestions for a misspelled name.
    pub fn lookup<Id: Copy>(
        &mut self,
        v: &Spanned<String>,
        key: &str,
        what: &str,
        names: &Known<Id>,
        declared_as: &str,
    ) -> Option<Id> {
        if let Some(id) = names.get(v.get_ref()) {
            return Some(*id);
        }
        if names.is_broken(v.get_ref()) {
            return None;
        }
        let candidates = names.all_names();
        self.unresolved(
            names.section,
            v.span(),
            key,
            format!("unknown {what} `{}`", v.get_ref()),
            format!(
                "{} Every {what} is declared as {declared_as}.",
                sentence(&suggest(v.get_ref(), candidates.iter().copied(), "names"))
            ),
        );
        None
    }
}

/// The declared names of one kind: those that built, with their ids, and those whose records
/// have mistakes (reported with the record), which other records may name without a second
/// error about the same mistake.
pub(crate) struct Known<Id> {
    ids: HashMap<String, Id>,
    broken: HashSet<String>,
    /// The section whose records declare the names.
    section: Section,
}

impl<Id> Known<Id> {
    /// No name yet of the records of `section`.
    pub fn of(section: Section) -> Self {
        Known {
            ids: HashMap::new(),
            broken: HashSet::new(),
            section,
        }
    }

    /// Takes the names out, leaving none (of the same section) in their place.
    pub fn take(&mut self) -> Self {
        let section = self.section;
        std::mem::replace(self, Known::of(section))
    }

    /// The id of a name that built.
    pub fn get(&self, name: &str) -> Option<&Id> {
        self.ids.get(name)
    }

    /// Whether the name was declared, built or not.
    pub fn is_declared(&self, name: &str) -> bool {
        self.ids.contains_key(name) || self.broken.contains(name)
    }

    /// Whether the name was declared by a record with mistakes.
    pub fn is_broken(&self, name: &str) -> bool {
        self.broken.contains(name)
    }

    /// Registers a name that built.
    pub fn insert(&mut self, name: String, id: Id) {
        self.ids.insert(name, id);
    }

    /// Registers a name that was registered as broken while its record was checked, and then
    /// built.
    pub fn set_built(&mut self, name: String, id: Id) {
        self.broken.remove(&name);
        self.ids.insert(name, id);
    }

    /// Registers a name whose record has mistakes.
    pub fn insert_broken(&mut self, name: String) {
        if !self.ids.contains_key(&name) {
            self.broken.insert(name);
        }
    }

    /// Every declared name, sorted.
    pub fn all_names(&self) -> Vec<&str> {
        let mut v: Vec<&str> = self
            .ids
            .keys()
            .chain(self.broken.iter())
            .map(String::as_str)
            .collect();
        v.sort_unstable();
        v
    }
}

/// Ends a hint fragment with a full stop unless it ends with one already.
pub(crate) fn sentence(s: &str) -> String {
    if s.ends_with(['.', '?', '!']) {
        s.to_owned()
    } else {
        format!("{s}.")
    }
}

/// Names declared so far, with where they were declared, for duplicate checks.
#[derive(Default)]
pub(crate) struct Declared {
    first: HashMap<String, (FileId, Range<usize>)>,
}

impl Declared {
    /// Registers `name`; reports a duplicate and returns false if it was declared before.
    pub fn add(
        &mut self,
        ctx: &mut Ctx<'_>,
        name: &Spanned<String>,
        key: &str,
        what: &str,
        sources: &crate::source::Sources,
    ) -> bool {
        if let Some((file, span)) = self.first.get(name.get_ref()) {
            let f = sources.get(*file);
            let (line, col) = f.line_col(span.start);
            ctx.error(
                name.span(),
                key,
                format!("duplicate {what} `{}`", name.get_ref()),
                format!(
                    "it is first declared at {}:{line}:{col}; give each {what} a distinct name",
                    f.name()
                ),
            );
            return false;
        }
        self.first
            .insert(name.get_ref().clone(), (ctx.file, name.span()));
        true
    }
}

/// Builds the database, or returns false when anything was reported.
pub(crate) fn build(
    raw: &RawDb,
    sources: &crate::source::Sources,
    sink: &mut Sink,
) -> Option<Database> {
    let mut db = Database::default();
    let mut b = Builder {
        sink,
        sources,
        names: Names::default(),
    };
    // each step builds the records of one section (see `crate::unparsed`)
    b.sink.incomplete.building(Section::Enum);
    b.enums(raw, &mut db);
    b.sink.incomplete.building(Section::Version);
    b.versions(raw, &mut db);
    b.sink.incomplete.building(Section::Stage);
    b.stages(raw, &mut db);
    b.sink.incomplete.building(Section::Attribute);
    b.attributes(raw, &mut db);
    b.sink.incomplete.building(Section::OverloadType);
    b.overload_types(raw, &mut db);
    b.sink.incomplete.building(Section::Table);
    b.tables(raw, &mut db);
    b.sink.incomplete.building(Section::Type);
    b.types(raw, &mut db);
    b.sink.incomplete.building(Section::Class);
    b.classes(raw, &mut db);
    b.sink.incomplete.building(Section::Op);
    b.ops(raw, &mut db);
    b.sink.incomplete.building(Section::Rule);
    b.rules(raw, &mut db);
    b.sink.incomplete.building(Section::SigPoint);
    b.sig_points(raw, &mut db);
    b.sink.incomplete.building(Section::SemanticInterpretation);
    b.semantic_interpretations(raw, &mut db);
    b.sink.incomplete.building(Section::LlvmInstruction);
    b.llvm_instructions(raw, &mut db);
    b.sink.incomplete.building(Section::Intrinsic);
    b.intrinsics(raw, &mut db);
    b.llvm_baseline(raw, &mut db);
    b.sink.incomplete.building(Section::Dxc);
    b.dxc(raw, &mut db);
    b.identifiers(raw);
    b.sink.incomplete.building(Section::Constraint);
    let constraints = b.constraints(raw, &db);
    if !b.sink.is_empty() {
        return None;
    }
    db.finish();
    let tables = constraints::finish(&db, constraints);
    db.set_constraints(tables);
    Some(db)
}

/// Name → id maps of the vocabularies.
pub(crate) struct Names {
    pub stages: Known<crate::model::StageId>,
    pub attributes: Known<crate::model::AttributeId>,
    pub tables: Known<crate::model::TableId>,
    pub types: Known<crate::model::TypeId>,
    /// Classes of `[class.NAME]` records, and the classes ops declare with their own signature.
    pub classes: Known<crate::model::ClassId>,
    pub enums: Known<crate::model::EnumId>,
}

impl Default for Names {
    fn default() -> Self {
        Names {
            stages: Known::of(Section::Stage),
            attributes: Known::of(Section::Attribute),
            tables: Known::of(Section::Table),
            types: Known::of(Section::Type),
            classes: Known::of(Section::Class),
            enums: Known::of(Section::Enum),
        }
    }
}

pub(crate) struct Builder<'a> {
    pub sink: &'a mut Sink,
    pub sources: &'a crate::source::Sources,
    pub names: Names,
}

impl Builder<'_> {
    /// A context for a decoded record.
    pub fn ctx<'s, T>(
        &'s mut self,
        file: FileId,
        record: &'s Decoded<T>,
        label: String,
    ) -> Ctx<'s> {
        Ctx {
            sink: self.sink,
            file,
            span: record.span(),
            label,
            removed: &record.removed,
            quiet_missing: false,
        }
    }

    /// A context for an inline record (an entry of list `list_key` of a record whose decoder
    /// removed the keys `removed`).
    pub fn inline_ctx<'s>(
        &'s mut self,
        file: FileId,
        span: Range<usize>,
        label: String,
        removed: &BTreeSet<String>,
        list_key: &str,
    ) -> Ctx<'s> {
        Ctx {
            sink: self.sink,
            file,
            span,
            label,
            removed: no_keys(),
            quiet_missing: removed.contains(list_key),
        }
    }
}

/// The empty set, for inline records that have no removed keys of their own.
pub(crate) fn no_keys() -> &'static BTreeSet<String> {
    static EMPTY: BTreeSet<String> = BTreeSet::new();
    &EMPTY
}
