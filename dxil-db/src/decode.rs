//! From TOML text to raw records, collecting every error instead of stopping at the first.
//!
//! The file is parsed with toml's error-recovering parser. Each record (an op, a class, a type
//! ...) is then deserialized with serde on its own. When serde rejects a record, the error is
//! reported, the offending key is taken out of the record and the record is deserialized again,
//! until it goes through: so every unknown key and every value of the wrong type in a record is
//! reported, and the rest of the record is still checked.

use std::collections::BTreeSet;
use std::ops::Range;

use serde::Deserialize as _;
use serde::de::DeserializeOwned;
use serde_spanned::Spanned;
use toml::de::{DeArray, DeTable, DeValue, ValueDeserializer};

use crate::diag::{Location, Sink, closest, did_you_mean};
use crate::raw::*;
use crate::source::FileId;
use crate::unparsed::Unparsed;

/// A record that went through serde, with the keys that had to be taken out to get it through.
#[derive(Debug)]
pub(crate) struct Decoded<T> {
    pub value: Spanned<T>,
    /// Top-level keys of the record that were reported and removed.
    pub removed: BTreeSet<String>,
}

impl<T> Decoded<T> {
    pub(crate) fn span(&self) -> Range<usize> {
        self.value.span()
    }
}

/// A record of a `[section.NAME]` table, with its name.
#[derive(Debug)]
pub(crate) struct Named<T> {
    pub name: Spanned<String>,
    pub record: Decoded<T>,
}

/// The raw content of one file.
#[derive(Debug, Default)]
pub(crate) struct RawFile {
    pub include: Vec<Spanned<String>>,
    pub versions: Vec<Decoded<RawVersion>>,
    pub stages: Vec<Named<RawStage>>,
    pub attributes: Vec<Named<RawAttribute>>,
    pub overload_types: Vec<Named<RawOverloadType>>,
    pub tables: Vec<Named<RawTable>>,
    pub types: Vec<Named<RawType>>,
    pub classes: Vec<Named<RawClass>>,
    /// Ops of each table, in file order.
    pub ops: Vec<(Spanned<String>, Vec<Decoded<RawOp>>)>,
    pub enums: Vec<Named<RawEnum>>,
    pub rules: Vec<Decoded<RawRule>>,
    pub sig_points: Vec<Decoded<RawSigPoint>>,
    pub semantic_interpretations: Vec<Named<std::collections::BTreeMap<S, S>>>,
    pub llvm_instructions: Vec<Decoded<RawLlvmInstruction>>,
    pub intrinsics: Vec<Decoded<RawIntrinsicRecord>>,
    pub llvm_baseline: Option<Decoded<RawLlvmBaseline>>,
    pub derived: Vec<Named<RawDerived>>,
    pub constraint_keys: Vec<Named<RawConstraintKey>>,
    pub constraint_kinds: Vec<Named<RawConstraintKind>>,
    pub constraints: Vec<Decoded<RawConstraint>>,
    /// The `[dxc]` record, if the file has one.
    pub dxc: Vec<Decoded<RawDxc>>,
    /// The file did not parse: where, and what it may declare.
    pub unparsed: Option<Unparsed>,
}

/// The top-level keys a database file may have.
pub(crate) const SECTIONS: &[&str] = &[
    "include",
    "version",
    "stage",
    "attribute",
    "overload_type",
    "table",
    "type",
    "class",
    "ops",
    "enum",
    "rule",
    "sig_point",
    "semantic_interpretation",
    "llvm_instruction",
    "intrinsic",
    "llvm_baseline",
    "derived",
    "constraint_key",
    "constraint_kind",
    "constraint",
    "dxc",
];

struct Decoder<'s> {
    file: FileId,
    sink: &'s mut Sink,
}

/// Parses and decodes one file. Syntax errors are reported and end the decoding of that file.
pub(crate) fn decode_file(file: FileId, text: &str, sink: &mut Sink) -> RawFile {
    let (root, errors) = DeTable::parse_recoverable(text);
    let mut d = Decoder { file, sink };
    if !errors.is_empty() {
        let first = errors.first().and_then(|e| e.span()).unwrap_or(0..0);
        let recovered = root.get_ref().iter().map(|(k, _)| k.get_ref().as_ref());
        let unparsed = Unparsed::new(text, first, recovered);
        for e in errors {
            let span = e.span().unwrap_or(0..0);
            d.error(
                span,
                "",
                "",
                format!("TOML syntax error: {}", one_line(e.message())),
                "fix the TOML syntax; the rest of this file is checked once it parses",
            );
        }
        return RawFile {
            unparsed: Some(unparsed),
            ..RawFile::default()
        };
    }
    let mut out = RawFile::default();
    for (key, value) in root.get_ref().iter() {
        let name = key.get_ref().as_ref();
        match name {
            "include" => out.include = d.strings(value, "include"),
            "version" => out.versions = d.array("version", value),
            "stage" => out.stages = d.map("stage", value),
            "attribute" => out.attributes = d.map("attribute", value),
            "overload_type" => out.overload_types = d.map("overload_type", value),
            "table" => out.tables = d.map("table", value),
            "type" => out.types = d.map("type", value),
            "class" => out.classes = d.map("class", value),
            "ops" => out.ops = d.ops(value),
            "enum" => out.enums = d.map("enum", value),
            "rule" => out.rules = d.array("rule", value),
            "sig_point" => out.sig_points = d.array("sig_point", value),
            "semantic_interpretation" => {
                out.semantic_interpretations = d.map("semantic_interpretation", value)
            }
            "llvm_instruction" => out.llvm_instructions = d.array("llvm_instruction", value),
            "intrinsic" => out.intrinsics = d.array("intrinsic", value),
            "llvm_baseline" => out.llvm_baseline = d.record("`[llvm_baseline]`", value),
            "derived" => out.derived = d.map("derived", value),
            "constraint_key" => out.constraint_keys = d.map("constraint_key", value),
            "constraint_kind" => out.constraint_kinds = d.map("constraint_kind", value),
            "constraint" => out.constraints = d.array("constraint", value),
            "dxc" => out.dxc = d.record("`[dxc]`", value).into_iter().collect(),
            _ => d.error(
                key.span(),
                "",
                name,
                "unknown top-level key",
                match did_you_mean(name, SECTIONS.iter().copied()) {
                    Some(s) => format!("{s} The top-level keys are {}", SECTIONS.join(", ")),
                    None => format!("the top-level keys are {}", SECTIONS.join(", ")),
                },
            ),
        }
    }
    out
}

impl Decoder<'_> {
    fn error(
        &mut self,
        span: Range<usize>,
        context: impl Into<String>,
        key: impl Into<String>,
        message: impl Into<String>,
        hint: impl Into<String>,
    ) {
        self.sink.error(
            Location {
                file: self.file,
                span,
            },
            context,
            key,
            message,
            hint,
        );
    }

    fn strings(&mut self, value: &Spanned<DeValue<'_>>, key: &str) -> Vec<Spanned<String>> {
        let Some(items) = value.get_ref().as_array() else {
            self.error(
                value.span(),
                "",
                key,
                format!(
                    "expected an array of strings, found {}",
                    value.get_ref().type_str()
                ),
                format!("write `{key} = [\"...\"]`"),
            );
            return Vec::new();
        };
        let mut out = Vec::new();
        for item in items.iter() {
            match item.get_ref().as_str() {
                Some(s) => out.push(Spanned::new(item.span(), s.to_owned())),
                None => self.error(
                    item.span(),
                    "",
                    key,
                    format!("expected a string, found {}", item.get_ref().type_str()),
                    "write each entry as a quoted string",
                ),
            }
        }
        out
    }

    /// `[[section]]` records.
    fn array<T: DeserializeOwned>(
        &mut self,
        section: &str,
        value: &Spanned<DeValue<'_>>,
    ) -> Vec<Decoded<T>> {
        let Some(items) = value.get_ref().as_array() else {
            self.error(
                value.span(),
                "",
                section,
                format!(
                    "expected an array of tables, found {}",
                    value.get_ref().type_str()
                ),
                format!("write each record under a `[[{section}]]` header"),
            );
            return Vec::new();
        };
        items
            .iter()
            .filter_map(|item| self.record(&record_label(&format!("[[{section}]]"), item), item))
            .collect()
    }

    /// `[section.NAME]` records.
    fn map<T: DeserializeOwned>(
        &mut self,
        section: &str,
        value: &Spanned<DeValue<'_>>,
    ) -> Vec<Named<T>> {
        let Some(table) = value.get_ref().as_table() else {
            self.error(
                value.span(),
                "",
                section,
                format!("expected a table, found {}", value.get_ref().type_str()),
                format!("write each record under a `[{section}.NAME]` header"),
            );
            return Vec::new();
        };
        let mut out = Vec::new();
        for (key, item) in table.iter() {
            let name = key.get_ref().as_ref();
            let context = format!("`[{section}.{name}]`");
            if let Some(record) = self.record(&context, item) {
                out.push(Named {
                    name: Spanned::new(key.span(), name.to_owned()),
                    record,
                });
            }
        }
        out
    }

    /// `[[ops.TABLE]]` records.
    fn ops(&mut self, value: &Spanned<DeValue<'_>>) -> Vec<(Spanned<String>, Vec<Decoded<RawOp>>)> {
        let Some(table) = value.get_ref().as_table() else {
            self.error(
                value.span(),
                "",
                "ops",
                format!("expected a table, found {}", value.get_ref().type_str()),
                "write each op under a `[[ops.TABLE]]` header",
            );
            return Vec::new();
        };
        let mut out = Vec::new();
        for (key, item) in table.iter() {
            let name = key.get_ref().as_ref();
            let Some(items) = item.get_ref().as_array() else {
                self.error(
                    item.span(),
                    "",
                    format!("ops.{name}"),
                    format!(
                        "expected an array of tables, found {}",
                        item.get_ref().type_str()
                    ),
                    format!("write each op of table `{name}` under a `[[ops.{name}]]` header"),
                );
                continue;
            };
            let ops = items
                .iter()
                .filter_map(|op| self.record(&record_label(&format!("[[ops.{name}]]"), op), op))
                .collect();
            out.push((Spanned::new(key.span(), name.to_owned()), ops));
        }
        out
    }

    /// Deserializes one record. When serde rejects it, each part is checked on its own (see
    /// [`Decoder::check`]): every mistake is reported, the parts with mistakes are left out, and
    /// the rest of the record goes through.
    fn record<T: DeserializeOwned>(
        &mut self,
        context: &str,
        value: &Spanned<DeValue<'_>>,
    ) -> Option<Decoded<T>> {
        if value.get_ref().as_table().is_none() {
            self.error(
                value.span(),
                context,
                "",
                format!("expected a table, found {}", value.get_ref().type_str()),
                "write the record as a table",
            );
            return None;
        }
        let mut removed = BTreeSet::new();
        let mut check = Check {
            context,
            record_span: value.span(),
            removed: &mut removed,
            path: Vec::new(),
        };
        let value = match Spanned::<T>::deserialize(ValueDeserializer::from(value.clone())) {
            Ok(v) => v,
            Err(_) => {
                let cleaned = self.check::<T>(&mut check, value.clone())?;
                Spanned::<T>::deserialize(ValueDeserializer::from(cleaned)).ok()?
            }
        };
        Some(Decoded { value, removed })
    }

    /// Checks the part `value` of a record at `check.path` on its own: the record made of that
    /// part alone (all fields of the raw records are optional, so that record is valid exactly
    /// when the part is). When the mistake is inside the part, each of its entries is checked
    /// the same way and those with mistakes are left out; otherwise the part itself is reported
    /// and left out (`None`).
    ///
    /// Each part is deserialized once by itself and once inside each of its parents with a
    /// mistake, so the work is linear in the size of the record (times its depth), however many
    /// mistakes it has.
    fn check<'i, T: DeserializeOwned>(
        &mut self,
        check: &mut Check<'_, '_, 'i>,
        value: Spanned<DeValue<'i>>,
    ) -> Option<Spanned<DeValue<'i>>> {
        let err = match Spanned::<T>::deserialize(ValueDeserializer::from(check.wrap(&value))) {
            Ok(_) => return Some(value),
            Err(e) => e,
        };
        let span = err.span().unwrap_or_else(|| check.record_span.clone());
        if span != value.span() && inside(&value, &span) {
            let rebuilt = match value.get_ref() {
                DeValue::Table(table) => {
                    let mut kept = DeTable::new();
                    for (k, v) in table.iter() {
                        check.path.push(Step::Key(k.clone()));
                        let v = self.check::<T>(check, v.clone());
                        check.path.pop();
                        if let Some(v) = v {
                            kept.insert(k.clone(), v);
                        }
                    }
                    DeValue::Table(kept)
                }
                DeValue::Array(items) => {
                    let mut kept = DeArray::new();
                    for (i, v) in items.iter().enumerate() {
                        check.path.push(Step::Index(i));
                        let v = self.check::<T>(check, v.clone());
                        check.path.pop();
                        if let Some(v) = v {
                            kept.push(v);
                        }
                    }
                    DeValue::Array(kept)
                }
                // `inside` holds only for tables and arrays
                _ => return self.report(check, err, &value),
            };
            let rebuilt = Spanned::new(value.span(), rebuilt);
            match Spanned::<T>::deserialize(ValueDeserializer::from(check.wrap(&rebuilt))) {
                Ok(_) => return Some(rebuilt),
                // what is left is still rejected: a mistake about the part as a whole
                Err(e) => return self.report(check, e, &rebuilt),
            }
        }
        self.report(check, err, &value)
    }

    /// Reports a mistake of the part at `check.path` and leaves the part out.
    fn report<'i>(
        &mut self,
        check: &mut Check<'_, '_, 'i>,
        err: toml::de::Error,
        value: &Spanned<DeValue<'i>>,
    ) -> Option<Spanned<DeValue<'i>>> {
        let span = err.span().unwrap_or_else(|| value.span());
        let (message, hint, suggested) = explain(err.message());
        let path = check.path_text();
        self.error(span, check.context, path, message, hint);
        let top = match check.path.first() {
            Some(Step::Key(k)) => k.get_ref().to_string(),
            // the record itself is wrong
            _ => return None,
        };
        // A misspelled key stands for the key it suggests: that one is not also reported
        // missing.
        if check.path.len() == 1 {
            check.removed.extend(suggested);
        }
        check.removed.insert(top);
        None
    }
}

/// Where [`Decoder::check`] is in a record.
struct Check<'c, 'r, 'i> {
    /// The record, as diagnostics name it.
    context: &'c str,
    /// Its span.
    record_span: Range<usize>,
    /// Its top-level keys reported and left out.
    removed: &'r mut BTreeSet<String>,
    /// The keys and indices from the record to the part being checked.
    path: Vec<Step<'i>>,
}

/// One step of a path into a record.
enum Step<'i> {
    Key(Spanned<toml::de::DeString<'i>>),
    Index(usize),
}

impl<'i> Check<'_, '_, 'i> {
    /// The record made of `value` alone at the current path: a table with only the path's key
    /// at each level, an array with only that element.
    fn wrap(&self, value: &Spanned<DeValue<'i>>) -> Spanned<DeValue<'i>> {
        let mut out = value.clone();
        for step in self.path.iter().rev() {
            let span = out.span();
            out = match step {
                Step::Key(k) => {
                    let mut t = DeTable::new();
                    t.insert(k.clone(), out);
                    Spanned::new(span, DeValue::Table(t))
                }
                Step::Index(_) => {
                    let mut a = DeArray::new();
                    a.push(out);
                    Spanned::new(span, DeValue::Array(a))
                }
            };
        }
        // the outermost table stands for the record: errors about it point at the record
        Spanned::new(self.record_span.clone(), out.into_inner())
    }

    /// The path as diagnostics write keys: `overloads[0].types`.
    fn path_text(&self) -> String {
        let mut s = String::new();
        for step in &self.path {
            match step {
                Step::Key(k) => {
                    if !s.is_empty() {
                        s.push('.');
                    }
                    s.push_str(k.get_ref());
                }
                Step::Index(i) => s.push_str(&format!("[{i}]")),
            }
        }
        s
    }
}

/// Whether `span` lies within a key or an entry of the table or array `value`.
fn inside(value: &Spanned<DeValue<'_>>, span: &Range<usize>) -> bool {
    match value.get_ref() {
        DeValue::Table(t) => t
            .iter()
            .any(|(k, v)| contains(&k.span(), span) || contains(&v.span(), span)),
        DeValue::Array(a) => a.iter().any(|v| contains(&v.span(), span)),
        _ => false,
    }
}

fn contains(outer: &Range<usize>, inner: &Range<usize>) -> bool {
    outer.start <= inner.start && inner.end <= outer.end && outer.start < outer.end
}

/// `[[ops.CoreOps]]` record `Sample`: the header, and the record's name or code when it has one.
fn record_label(header: &str, value: &Spanned<DeValue<'_>>) -> String {
    let table = value.get_ref().as_table();
    let name = table.and_then(|t| {
        t.iter()
            .find(|(k, _)| matches!(k.get_ref().as_ref(), "name" | "code" | "dxil"))
            .and_then(|(_, v)| v.get_ref().as_str().map(str::to_owned))
    });
    match name {
        Some(n) => format!("`{header}` record `{n}`"),
        None => format!("`{header}` record"),
    }
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Turns a serde message into our message and hint, and for an unknown key the known key it is
/// closest to.
fn explain(message: &str) -> (String, String, Option<String>) {
    let message = one_line(message);
    if let Some(rest) = message.strip_prefix("unknown field `") {
        if let Some((key, expected)) = rest.split_once("`, ") {
            let known: Vec<&str> = expected
                .trim_start_matches("expected one of ")
                .trim_start_matches("expected ")
                .split(", ")
                // serde lists two keys as "`a` or `b`"
                .flat_map(|k| k.split(" or "))
                .map(|k| k.trim_matches('`'))
                .filter(|k| !k.is_empty())
                .collect();
            let suggested = closest(key, known.iter().copied());
            let hint = match suggested {
                Some(s) => format!(
                    "did you mean `{s}`? The keys of this record are {}",
                    known.join(", ")
                ),
                None => format!("the keys of this record are {}", known.join(", ")),
            };
            return ("unknown key".to_owned(), hint, suggested.map(str::to_owned));
        }
        if let Some(key) = rest.strip_suffix('`') {
            return (
                format!("unknown key `{key}`"),
                "this record takes no such key".to_owned(),
                None,
            );
        }
    }
    for prefix in ["invalid type: ", "invalid value: "] {
        if let Some(rest) = message.strip_prefix(prefix)
            && let Some((found, expected)) = rest.split_once(", expected ")
        {
            let expected = plain_type(expected);
            let found = plain_found(found);
            return (
                format!("expected {expected}, found {found}"),
                format!("write {expected} here"),
                None,
            );
        }
    }
    (
        message,
        "see docs/ops-toml.md for the format of this record".to_owned(),
        None,
    )
}

/// Serde's words for a value found, in the words of a TOML file: an integer beyond 64 bits,
/// which toml reads as `i128`, is said to be one.
fn plain_found(found: &str) -> String {
    match found
        .strip_suffix(" as i128")
        .or_else(|| found.strip_suffix(" as u128"))
    {
        Some(number) => format!("{number}, beyond the 64-bit integers of TOML"),
        None => found.to_owned(),
    }
}

/// Serde's name of an expected type, in the words of a TOML file.
fn plain_type(expected: &str) -> String {
    match expected {
        "u8" => "a whole number from 0 to 255".to_owned(),
        "u32" => "a whole number from 0 to 4294967295".to_owned(),
        "u64" => "a non-negative whole number".to_owned(),
        "i64" => "a whole number".to_owned(),
        "a sequence" => "an array".to_owned(),
        "a map" => "a table".to_owned(),
        other if other.starts_with("struct ") => "a table".to_owned(),
        other => other.to_owned(),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::source::Sources;

    fn run(text: &str) -> (RawFile, Vec<String>) {
        let mut sources = Sources::default();
        let id = sources.add("t.toml", text);
        let mut sink = Sink::default();
        let raw = decode_file(id, text, &mut sink);
        let msgs = sink
            .diagnostics
            .iter()
            .map(|d| d.render_short(&sources))
            .collect();
        (raw, msgs)
    }

    #[test]
    fn every_bad_key_of_a_record_is_reported() {
        let (raw, msgs) = run(concat!(
            "[[ops.CoreOps]]\n",
            "index = \"one\"\n",
            "nmae = \"X\"\n",
            "clas = \"Y\"\n",
            "overloads = [{ since = \"1.0\", typs = \"hf\" }]\n",
            "doc = \"ok\"\n",
        ));
        assert_eq!(msgs.len(), 4, "{msgs:#?}");
        assert!(msgs[0].contains("key `index`"), "{}", msgs[0]);
        assert!(msgs[1].contains("did you mean `name`?"), "{}", msgs[1]);
        assert!(msgs[2].contains("did you mean `class`?"), "{}", msgs[2]);
        assert!(msgs[3].contains("overloads[0].typs"), "{}", msgs[3]);
        let op = &raw.ops[0].1[0];
        assert_eq!(op.value.get_ref().doc.as_ref().unwrap().get_ref(), "ok");
        assert!(op.removed.contains("index"));
    }

    #[test]
    fn syntax_errors_are_reported_with_position() {
        let (_, msgs) = run("a = [\n[b\n");
        assert!(!msgs.is_empty());
        assert!(msgs[0].starts_with("t.toml:"), "{}", msgs[0]);
    }

    #[test]
    fn unknown_sections_are_reported() {
        let (_, msgs) = run("[clas.X]\nstem = \"x\"\n");
        assert_eq!(msgs.len(), 1);
        assert!(msgs[0].contains("did you mean `class`?"), "{}", msgs[0]);
    }

    /// Reporting is linear in the number of mistakes: thousands of unknown keys in one record
    /// are each reported, quickly.
    #[test]
    fn thousands_of_unknown_keys_in_one_record() {
        let mut text = String::from("[[ops.CoreOps]]\nname = \"X\"\n");
        for i in 0..8000 {
            text.push_str(&format!("unknown{i} = {i}\n"));
        }
        let start = std::time::Instant::now();
        let (raw, msgs) = run(&text);
        let took = start.elapsed();
        assert_eq!(msgs.len(), 8000);
        assert!(msgs[7999].contains("unknown7999"), "{}", msgs[7999]);
        assert_eq!(raw.ops[0].1[0].removed.len(), 8000);
        assert!(took.as_secs_f64() < 3.0, "{took:?}");
    }
}
