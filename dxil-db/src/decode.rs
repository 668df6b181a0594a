//! From TOML text to raw records, collecting every error instead of stopping at the first.
//!
//! The file is parsed with toml's error-recovering parser. Each record (an op, a class, a type
//! ...) is then deserialized with serde on its own. When serde rejects a record, the error is
//! reported, the offending key is taken out of the record and the record is deserialized again,
//! until it goes through: so every unknown key and every value of the wrong type in a record is
//! reported, and the rest of the record is still checked.

use std::collections::BTreeSet;
use std::ops::Range;

use serde::de::DeserializeOwned;
use serde_spanned::Spanned;
use toml::de::{DeArray, DeTable, DeValue, ValueDeserializer};

use crate::diag::{Location, Sink, closest, did_you_mean};
use crate::raw::*;
use crate::source::FileId;

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
    pub derived: Vec<Named<RawDerived>>,
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
    "derived",
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
        return RawFile::default();
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
            "derived" => out.derived = d.map("derived", value),
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

    /// Deserializes one record, reporting and removing offending keys until it goes through.
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
        let mut current = value.clone();
        let mut removed = BTreeSet::new();
        loop {
            let err = match Spanned::<T>::deserialize(ValueDeserializer::from(current.clone())) {
                Ok(v) => return Some(Decoded { value: v, removed }),
                Err(e) => e,
            };
            let span = err.span().unwrap_or_else(|| value.span());
            let found = locate(&mut current, &span);
            let path = found.as_ref().map(|f| f.path.clone()).unwrap_or_default();
            let (message, hint, suggested) = explain(err.message());
            self.error(span, context, path, message, hint);
            match found {
                Some(f) if f.removed => {
                    // A misspelled key stands for the key it suggests: that one is not also
                    // reported missing.
                    if f.path == f.top {
                        removed.extend(suggested);
                    }
                    removed.insert(f.top);
                }
                _ => return None,
            }
        }
    }
}

use serde::Deserialize as _;

struct Found {
    /// Dotted path of the offending key inside the record, e.g. `overloads[0].types`.
    path: String,
    /// The top-level key of the record that contains it.
    top: String,
    /// Whether the offending key or element could be removed.
    removed: bool,
}

/// Finds the innermost key or array element whose text contains `span` and removes it.
fn locate(value: &mut Spanned<DeValue<'_>>, span: &Range<usize>) -> Option<Found> {
    let mut path = String::new();
    let mut top = None;
    let removed = remove_in(value, span, &mut path, &mut top);
    Some(Found {
        path,
        top: top?,
        removed,
    })
}

fn contains(outer: &Range<usize>, inner: &Range<usize>) -> bool {
    outer.start <= inner.start && inner.end <= outer.end && outer.start < outer.end
}

fn remove_in(
    value: &mut Spanned<DeValue<'_>>,
    span: &Range<usize>,
    path: &mut String,
    top: &mut Option<String>,
) -> bool {
    match value.get_mut() {
        DeValue::Table(table) => remove_in_table(table, span, path, top),
        DeValue::Array(array) => remove_in_array(array, span, path, top),
        _ => false,
    }
}

fn remove_in_table(
    table: &mut DeTable<'_>,
    span: &Range<usize>,
    path: &mut String,
    top: &mut Option<String>,
) -> bool {
    let mut hit = None;
    for (k, v) in table.iter() {
        if contains(&k.span(), span) || contains(&v.span(), span) {
            hit = Some(k.clone());
            break;
        }
    }
    let Some(k) = hit else { return false };
    let name = k.get_ref().to_string();
    if !path.is_empty() {
        path.push('.');
    }
    path.push_str(&name);
    if top.is_none() {
        *top = Some(name);
    }
    let inner_hit = {
        let v = table.get_mut(&k).expect("key found above");
        let value_span = v.span();
        // Only descend when the error is strictly inside a nested table or array.
        !contains(&k.span(), span)
            && value_span != *span
            && matches!(v.get_ref(), DeValue::Table(_) | DeValue::Array(_))
            && remove_in(v, span, path, top)
    };
    if !inner_hit {
        table.remove(&k);
    }
    true
}

fn remove_in_array<'i>(
    array: &mut DeArray<'i>,
    span: &Range<usize>,
    path: &mut String,
    top: &mut Option<String>,
) -> bool {
    let mut items: Vec<Spanned<DeValue<'i>>> =
        std::mem::replace(array, std::iter::empty().collect())
            .into_iter()
            .collect();
    let Some(i) = items.iter().position(|v| contains(&v.span(), span)) else {
        *array = items.into_iter().collect();
        return false;
    };
    path.push_str(&format!("[{i}]"));
    let inner_hit = items[i].span() != *span
        && matches!(items[i].get_ref(), DeValue::Table(_) | DeValue::Array(_))
        && remove_in(&mut items[i], span, path, top);
    if !inner_hit {
        items.remove(i);
    }
    *array = items.into_iter().collect();
    true
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
}
