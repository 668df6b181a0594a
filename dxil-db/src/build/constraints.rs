//! Constraints: the declared keys and kinds (`[constraint_key.NAME]`, `[constraint_kind.NAME]`)
//! and the `[[constraint]]` records, each checked against the kind it names; then the implicit
//! constraints of parameters (`immediate`, `max`, `enum`).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::ops::Range;

use serde_spanned::Spanned;

use super::{Builder, Ctx, Declared, RawDb, sentence};
use crate::constraint::*;
use crate::db::Database;
use crate::diag::suggest;
use crate::model::{DxilVersion, OpId, ShaderModel, StageMask};
use crate::unparsed::Section;

/// The kinds the generator and the runtime implement, with the keys each reads (besides the
/// common ones) and the placeholders each fills (besides [`Placeholder::COMMON`]). A declared
/// kind must be one of these and use only these keys and placeholders.
const IMPLEMENTED: &[(&str, &[&str], &[&str])] = &[
    ("immediate", &["params", "any_constant", "once"], &["value"]),
    (
        "range",
        &[
            "params",
            "min",
            "max",
            "signed",
            "require_constant",
            "field",
        ],
        &["value", "min", "max"],
    ),
    ("one_of", &["params", "values", "field"], &["value"]),
    ("multiple_of", &["params", "factor"], &["value", "factor"]),
    ("finite", &["params"], &["value"]),
    (
        "float_range",
        &["params", "fmin", "fmax"],
        &["value", "min", "max"],
    ),
    ("undef", &["params", "once"], &[]),
    ("defined", &["params", "once", "zero"], &[]),
    ("enum", &["params", "enum"], &["value"]),
    (
        "bits",
        &[
            "params",
            "any_of",
            "none_of",
            "not_all_of",
            "except",
            "field",
        ],
        &["value"],
    ),
    (
        "implies",
        &["params", "bits", "then", "then_bits"],
        &["value"],
    ),
    ("masked_defined", &["params", "mask"], &[]),
    ("mask_matches", &["params", "mask"], &["mask", "defined"]),
    ("overload", &["overloads"], &["overload"]),
    ("bind_index", &["params", "index"], &["value"]),
    ("resource_properties", &["params"], &[]),
    (
        "resource_class",
        &["params", "resource_classes"],
        &["class"],
    ),
    (
        "resource_kind",
        &[
            "params",
            "kinds",
            "resource_classes",
            "matrix",
            "scopes",
            "undefined",
        ],
        &["kind", "class"],
    ),
    ("sampler_mode", &["params", "comparison"], &[]),
    ("component_type", &["params", "types"], &["component"]),
    ("matrix_metadata", &["params"], &["type"]),
    ("matrix_scope", &["params", "scopes"], &["scope"]),
    ("matrix_use", &["params", "uses"], &["use"]),
    ("matrix_component", &["params", "types"], &["component"]),
    (
        "matrix_k",
        &["params", "min", "max", "scopes"],
        &["k", "min", "max"],
    ),
    (
        "same_scope",
        &["params"],
        &["scope", "scope1", "scope2", "scope3"],
    ),
    ("same_dims", &["params", "transpose"], &["dims", "dims1"]),
    ("same_type", &["params"], &["type", "type1"]),
    ("k_match", &["params"], &["dims", "dims1", "n", "m1"]),
    ("product_dims", &["params"], &["dims", "product"]),
    (
        "vector_dim",
        &["params", "matrix", "dim"],
        &["length", "expected"],
    ),
    (
        "scope_layout",
        &["params", "layout", "scopes", "layouts"],
        &["scope", "layout"],
    ),
    (
        "layout_stride",
        &["params", "layout", "layouts"],
        &["layout", "value"],
    ),
    ("same_element", &["params"], &["element", "element1"]),
    ("signed_float", &["params"], &["element"]),
];

/// The types a key's value may have.
const KEY_TYPES: &[&str] = &[
    "name",
    "kind",
    "text",
    "rule",
    "args",
    "ops",
    "classes",
    "dxil_version",
    "shader_model",
    "stages",
    "param",
    "params",
    "integer",
    "integers",
    "float",
    "bool",
    "overloads",
    "enum_name",
    "enum:NAME",
];

/// The keys of a kind that name one operand besides `params` (at most one per kind).
const EXTRA_KEYS: &[&str] = &["mask", "then", "index", "layout", "matrix", "transpose"];

/// What the constraint files declare, checked; op ids are still opcodes until
/// [`finish`] maps them.
#[derive(Default)]
pub(crate) struct Built {
    keys: Vec<ConstraintKeyDecl>,
    kinds: Vec<ConstraintKindDecl>,
    constraints: Vec<Constraint>,
}

/// A record's value of one key.
type Value = Spanned<toml::Value>;

impl Builder<'_> {
    pub(crate) fn constraints(&mut self, raw: &RawDb, db: &Database) -> Built {
        let mut built = Built::default();
        self.constraint_keys(raw, &mut built);
        self.constraint_kinds(raw, &mut built);
        let ops: HashMap<&str, usize> = db
            .ops
            .iter()
            .enumerate()
            .map(|(i, o)| (o.name.as_str(), i))
            .collect();
        let mut names = Declared::default();
        for rec in &raw.constraints {
            let map = rec.item.value.get_ref();
            let label = match map.iter().find(|(k, _)| k.get_ref() == "name") {
                Some((_, v)) => match v.get_ref().as_str() {
                    Some(n) => format!("constraint `{n}`"),
                    None => "`[[constraint]]` record".to_owned(),
                },
                None => "`[[constraint]]` record".to_owned(),
            };
            let sources = self.sources;
            let mut ctx = self.ctx(rec.file, &rec.item, label);
            let mut r = Record {
                ctx: &mut ctx,
                db,
                ops: &ops,
                keys: &built.keys,
                kinds: &built.kinds,
                values: map
                    .iter()
                    .map(|(k, v)| (k.get_ref().as_str(), (k, v)))
                    .collect(),
                ok: true,
            };
            if let Some(c) = r.build() {
                let name = Spanned::new(
                    map.iter()
                        .find(|(k, _)| k.get_ref() == "name")
                        .map_or(0..0, |(_, v)| v.span()),
                    c.name.clone(),
                );
                if names.add(&mut ctx, &name, "name", "constraint", sources) {
                    built.constraints.push(c);
                }
            }
        }
        built
    }

    fn constraint_keys(&mut self, raw: &RawDb, built: &mut Built) {
        for rec in &raw.constraint_keys {
            let name = rec.item.name.get_ref().clone();
            let r = rec.item.record.value.get_ref();
            let mut ctx = self.ctx(
                rec.file,
                &rec.item.record,
                format!("constraint key `{name}`"),
            );
            let ty = ctx.require(&r.ty, "type").and_then(|t| {
                let s = t.get_ref();
                let known = KEY_TYPES.contains(&s.as_str())
                    || s.strip_prefix("enum:").is_some_and(|e| !e.is_empty());
                if !known {
                    ctx.error(
                        t.span(),
                        "type",
                        format!("unknown key type `{s}`"),
                        format!(
                            "{} The key types are {}.",
                            sentence(&suggest(s, KEY_TYPES.iter().copied(), "key types")),
                            KEY_TYPES.join(", ")
                        ),
                    );
                    return None;
                }
                Some(s.clone())
            });
            let doc = ctx.string(&r.doc, "doc");
            let common = r.common.as_ref().is_some_and(|c| *c.get_ref());
            let required = r.required.as_ref().is_some_and(|c| *c.get_ref());
            if required && !common {
                let span = r.required.as_ref().map_or(0..0, |s| s.span());
                ctx.error(
                    span,
                    "required",
                    "only a common key can be required of every record",
                    "add `common = true`, or list the key in the `keys` of the kinds that need it",
                );
            }
            if let (Some(ty), Some(doc)) = (ty, doc) {
                built.keys.push(ConstraintKeyDecl {
                    name,
                    ty,
                    common,
                    required,
                    doc,
                });
            }
        }
    }

    fn constraint_kinds(&mut self, raw: &RawDb, built: &mut Built) {
        for rec in &raw.constraint_kinds {
            let name = rec.item.name.get_ref().clone();
            let r = rec.item.record.value.get_ref();
            let mut ctx = self.ctx(
                rec.file,
                &rec.item.record,
                format!("constraint kind `{name}`"),
            );
            let Some((_, reads, fills)) = IMPLEMENTED.iter().find(|(n, _, _)| *n == name) else {
                let span = rec.item.name.span();
                ctx.error(
                    span,
                    "",
                    "no generator implements this kind",
                    format!(
                        "{} The implemented kinds are {}; a new kind needs code in dxil-db (build/constraints.rs), dxil-codegen (emit/constraints.rs) and dxil-ops (constraint.rs).",
                        sentence(&match crate::diag::did_you_mean(
                            &name,
                            IMPLEMENTED.iter().map(|(n, _, _)| *n)
                        ) {
                            Some(s) => s,
                            None => "Is it misspelled?".to_owned(),
                        }),
                        IMPLEMENTED
                            .iter()
                            .map(|(n, _, _)| *n)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                );
                continue;
            };
            let doc = ctx.string(&r.doc, "doc");
            let mut list = |v: &Option<Spanned<Vec<Spanned<String>>>>,
                            key: &str,
                            allowed: &[&str],
                            what: &str|
             -> Vec<String> {
                let mut out = Vec::new();
                for k in v.iter().flat_map(|l| l.get_ref()) {
                    if !allowed.contains(&k.get_ref().as_str()) {
                        ctx.error(
                            k.span(),
                            key,
                            format!("kind `{name}` does not read {what} `{}`", k.get_ref()),
                            format!(
                                "its implementation reads {}",
                                if allowed.is_empty() {
                                    "none".to_owned()
                                } else {
                                    allowed.join(", ")
                                }
                            ),
                        );
                    } else {
                        out.push(k.get_ref().clone());
                    }
                }
                out
            };
            let keys = list(&r.keys, "keys", reads, "the key");
            let optional = list(&r.optional, "optional", reads, "the key");
            let placeholders = list(&r.placeholders, "placeholders", fills, "the placeholder");
            for k in keys.iter().chain(&optional) {
                if !built.keys.iter().any(|d| &d.name == k) {
                    let span = ctx.span.clone();
                    ctx.error(
                        span,
                        "keys",
                        format!("key `{k}` is not declared"),
                        format!("declare it with a [constraint_key.{k}] record"),
                    );
                }
            }
            if let Some(doc) = doc {
                built.kinds.push(ConstraintKindDecl {
                    name,
                    doc,
                    keys,
                    optional,
                    placeholders,
                });
            }
        }
    }
}

/// Checks one `[[constraint]]` record.
struct Record<'r, 'c> {
    ctx: &'r mut Ctx<'c>,
    db: &'r Database,
    ops: &'r HashMap<&'r str, usize>,
    keys: &'r [ConstraintKeyDecl],
    kinds: &'r [ConstraintKindDecl],
    values: BTreeMap<&'r str, (&'r Spanned<String>, &'r Value)>,
    ok: bool,
}

impl<'r> Record<'r, '_> {
    fn error(&mut self, span: Range<usize>, key: &str, message: String, hint: impl Into<String>) {
        self.ok = false;
        self.ctx.error(span, key, message, hint);
    }

    /// A reference to a name of `section` that is not declared (see [`crate::unparsed`]).
    fn unresolved(
        &mut self,
        section: Section,
        span: Range<usize>,
        key: &str,
        message: String,
        hint: impl Into<String>,
    ) {
        self.ok = false;
        self.ctx.unresolved(section, span, key, message, hint);
    }

    fn value(&self, key: &str) -> Option<&'r Value> {
        self.values.get(key).map(|(_, v)| *v)
    }

    fn build(&mut self) -> Option<Constraint> {
        // the kind first: it says which keys the record may have
        let kinds = self.kinds;
        let kind = match self.value("kind") {
            Some(v) => match v.get_ref().as_str() {
                Some(k) => match kinds.iter().find(|d| d.name == k) {
                    Some(d) => Some(d),
                    None => {
                        let names: Vec<&str> = self.kinds.iter().map(|d| d.name.as_str()).collect();
                        self.unresolved(
                            Section::ConstraintKind,
                            v.span(),
                            "kind",
                            format!("unknown constraint kind `{k}`"),
                            format!(
                                "{} Every kind is declared as a [constraint_kind.NAME] table.",
                                sentence(&suggest(k, names.iter().copied(), "kinds"))
                            ),
                        );
                        None
                    }
                },
                None => {
                    self.type_error(v, "kind", "a string");
                    None
                }
            },
            None => None,
        };
        let keys: Vec<(&Spanned<String>, &Value)> = self.values.values().copied().collect();
        for (k, v) in keys {
            let name = k.get_ref().as_str();
            let Some(decl) = self.keys.iter().find(|d| d.name == name) else {
                let names: Vec<&str> = self.keys.iter().map(|d| d.name.as_str()).collect();
                self.unresolved(
                    Section::ConstraintKey,
                    k.span(),
                    name,
                    format!("unknown key `{name}`"),
                    format!(
                        "{} Every key is declared as a [constraint_key.NAME] table.",
                        sentence(&suggest(name, names.iter().copied(), "keys"))
                    ),
                );
                continue;
            };
            if let Some(kind) = kind
                && !decl.common
                && !kind.keys.contains(&decl.name)
                && !kind.optional.contains(&decl.name)
            {
                let mut all = kind.keys.clone();
                all.extend(kind.optional.iter().cloned());
                self.error(
                    k.span(),
                    name,
                    format!("kind `{}` has no key `{name}`", kind.name),
                    format!(
                        "its keys are {} and the common keys",
                        if all.is_empty() {
                            "none".to_owned()
                        } else {
                            all.join(", ")
                        }
                    ),
                );
            }
            let _ = v;
        }
        let required: Vec<String> = self
            .keys
            .iter()
            .filter(|d| d.required)
            .map(|d| d.name.clone())
            .chain(kind.iter().flat_map(|k| k.keys.iter().cloned()))
            .collect();
        for k in required {
            if !self.values.contains_key(k.as_str()) && !self.ctx.removed.contains(&k) {
                let span = self.ctx.span.clone();
                self.error(
                    span,
                    &k,
                    format!("missing key `{k}`"),
                    format!("add `{k} = ...` to this record (see docs/ops-toml.md)"),
                );
            }
        }
        let name = self.text("name").unwrap_or_default();
        if !name.is_empty()
            && !name.bytes().all(|b| {
                b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'.' | b'_' | b'-')
            })
        {
            let span = self.span("name");
            self.error(
                span,
                "name",
                format!("`{name}` is not a constraint name"),
                "write lower-case words, digits, `.`, `_` and `-` (`store.mask-contiguous`)",
            );
        }
        let doc = self.text("doc").unwrap_or_default();
        let ops = self.op_list();
        let gate = self.gate();
        let stop = self.bool("stop").unwrap_or(false);
        let rule = self.rule();
        let kind_name = kind.map(|k| k.name.clone());
        let placeholders: Vec<String> = kind.map(|k| k.placeholders.clone()).unwrap_or_default();
        let args = rule.map(|r| self.args(r, &placeholders));
        let uses = self.uses(&ops);
        let parsed = kind_name.as_deref().and_then(|k| self.kind(k, &ops));
        if !self.ok {
            return None;
        }
        Some(Constraint {
            name,
            kind_name: kind_name?,
            kind: parsed?,
            doc,
            rule: rule?,
            args: args?,
            gate,
            stop,
            implicit: false,
            uses,
        })
    }

    fn span(&self, key: &str) -> Range<usize> {
        self.value(key).map_or(self.ctx.span.clone(), |v| v.span())
    }

    fn type_error(&mut self, v: &Value, key: &str, expected: &str) {
        self.error(
            v.span(),
            key,
            format!("expected {expected}, found {}", v.get_ref().type_str()),
            format!("see [constraint_key.{key}] for what `{key}` takes"),
        );
    }

    /// A single value that `read` reads.
    fn scalar<T>(
        &mut self,
        key: &str,
        expected: &str,
        read: impl Fn(&toml::Value) -> Option<T>,
    ) -> Option<T> {
        let v = self.value(key)?;
        let value = read(v.get_ref());
        if value.is_none() {
            self.type_error(v, key, expected);
        }
        value
    }

    fn text(&mut self, key: &str) -> Option<String> {
        self.scalar(key, "a string", |v| v.as_str().map(str::to_owned))
    }

    fn bool(&mut self, key: &str) -> Option<bool> {
        self.scalar(key, "`true` or `false`", toml::Value::as_bool)
    }

    fn integer(&mut self, key: &str) -> Option<i64> {
        self.scalar(key, "an integer", toml::Value::as_integer)
    }

    fn float(&mut self, key: &str) -> Option<f64> {
        self.scalar(key, "a number", |v| {
            v.as_float().or_else(|| v.as_integer().map(|i| i as f64))
        })
    }

    /// An array whose items `item` reads.
    fn list<T>(
        &mut self,
        key: &str,
        expected: &str,
        item: impl Fn(&toml::Value) -> Option<T>,
    ) -> Option<Vec<T>> {
        let v = self.value(key)?;
        let items: Option<Vec<T>> = v
            .get_ref()
            .as_array()
            .and_then(|a| a.iter().map(&item).collect());
        if items.is_none() {
            self.type_error(v, key, expected);
        }
        items
    }

    fn strings(&mut self, key: &str) -> Option<Vec<String>> {
        self.list(key, "an array of strings", |i| {
            i.as_str().map(str::to_owned)
        })
    }

    fn integers(&mut self, key: &str) -> Option<Vec<i64>> {
        self.list(key, "an array of integers", toml::Value::as_integer)
    }

    /// Values of enumeration `enumeration` named by a key.
    fn enum_values(&mut self, key: &str, enumeration: &str) -> Vec<EnumRef> {
        let Some(names) = self.strings(key) else {
            return Vec::new();
        };
        let Some(e) = self.db.enums.iter().find(|e| e.name == enumeration) else {
            let span = self.span(key);
            self.error(
                span,
                key,
                format!("enumeration `{enumeration}` is not declared"),
                "declare it in db/enums.toml or change the key's type",
            );
            return Vec::new();
        };
        let mut out = Vec::new();
        for n in names {
            match e.value(&n) {
                Some(v) => out.push(EnumRef {
                    name: v.name.clone(),
                    value: v.value,
                }),
                None => {
                    let span = self.span(key);
                    let hint = suggest(&n, e.values.iter().map(|v| v.name.as_str()), "values");
                    self.error(
                        span,
                        key,
                        format!("`{n}` is not a value of {enumeration}"),
                        sentence(&hint),
                    );
                }
            }
        }
        out
    }

    /// The enumeration whose values key `key` names (from its declared type `enum:NAME`).
    fn enum_of_key(&self, key: &str) -> String {
        self.keys
            .iter()
            .find(|d| d.name == key)
            .and_then(|d| d.ty.strip_prefix("enum:"))
            .unwrap_or("")
            .to_owned()
    }

    fn enum_key(&mut self, key: &str) -> Vec<EnumRef> {
        if self.value(key).is_none() {
            return Vec::new();
        }
        let e = self.enum_of_key(key);
        self.enum_values(key, &e)
    }

    /// The ops of `ops` and `classes`, as indices into the (unsorted) op list.
    fn op_list(&mut self) -> Vec<usize> {
        let mut out = Vec::new();
        let mut any = false;
        if self.value("ops").is_some() {
            any = true;
        }
        if let Some(names) = self.strings("ops") {
            for n in names {
                match self.ops.get(n.as_str()) {
                    Some(&i) if !self.db.ops[i].reserved => out.push(i),
                    Some(_) => {
                        let span = self.span("ops");
                        self.error(
                            span,
                            "ops",
                            format!("op `{n}` is a reserved slot"),
                            "constraints apply to real ops",
                        );
                    }
                    None => {
                        let span = self.span("ops");
                        let hint = suggest(&n, self.ops.keys().copied(), "ops");
                        self.unresolved(
                            Section::Op,
                            span,
                            "ops",
                            format!("unknown op `{n}`"),
                            sentence(&hint),
                        );
                    }
                }
            }
        }
        if self.value("classes").is_some() {
            any = true;
        }
        if let Some(names) = self.strings("classes") {
            for n in names {
                let found: Vec<usize> = self
                    .db
                    .ops
                    .iter()
                    .enumerate()
                    .filter(|(_, o)| !o.reserved && self.db.classes[o.class.index()].name == n)
                    .map(|(i, _)| i)
                    .collect();
                if found.is_empty() {
                    let span = self.span("classes");
                    let hint = suggest(
                        &n,
                        self.db.classes.iter().map(|c| c.name.as_str()),
                        "classes",
                    );
                    self.error(
                        span,
                        "classes",
                        format!("no op has class `{n}`"),
                        sentence(&hint),
                    );
                }
                out.extend(found);
            }
        }
        if !any && !self.ctx.removed.contains("ops") && !self.ctx.removed.contains("classes") {
            let span = self.ctx.span.clone();
            self.error(
                span,
                "ops",
                "the constraint applies to no op".to_owned(),
                "name the ops with `ops = [...]` or their classes with `classes = [...]`",
            );
        }
        let mut seen = HashSet::new();
        out.retain(|i| seen.insert(*i));
        out
    }

    /// A version-like value (`"1.6"`, `"6.6"`) that must be one of `known`.
    fn declared<T: std::str::FromStr + PartialEq>(
        &mut self,
        key: &str,
        known: &[T],
        what: &str,
        example: &str,
    ) -> Option<T> {
        let s = self.text(key)?;
        match s.parse::<T>() {
            Ok(v) if known.contains(&v) => Some(v),
            _ => {
                let span = self.span(key);
                self.unresolved(
                    Section::Version,
                    span,
                    key,
                    format!("`{s}` is not {what}"),
                    format!("write {what}, e.g. \"{example}\""),
                );
                None
            }
        }
    }

    fn version(&mut self, key: &str) -> Option<DxilVersion> {
        let known: Vec<DxilVersion> = self.db.versions.iter().map(|v| v.dxil).collect();
        self.declared(key, &known, "a declared DXIL version", "1.6")
    }

    fn shader_model(&mut self, key: &str) -> Option<ShaderModel> {
        let known: Vec<ShaderModel> = self.db.versions.iter().map(|v| v.shader_model).collect();
        self.declared(key, &known, "the shader model of a declared version", "6.6")
    }

    fn stages(&mut self, key: &str) -> Option<StageMask> {
        let names = self.strings(key)?;
        let mut mask = 0u32;
        for n in names {
            match self.db.stages.iter().find(|s| s.name == n) {
                Some(s) if s.shader_kind < 32 => mask |= 1 << s.shader_kind,
                _ => {
                    let span = self.span(key);
                    let hint =
                        suggest(&n, self.db.stages.iter().map(|s| s.name.as_str()), "stages");
                    self.unresolved(
                        Section::Stage,
                        span,
                        key,
                        format!("unknown stage `{n}`"),
                        sentence(&hint),
                    );
                }
            }
        }
        Some(StageMask(mask))
    }

    fn gate(&mut self) -> Gate {
        Gate {
            since: self.version("since"),
            until: self.version("until"),
            min_shader_model: self.shader_model("min_shader_model"),
            below_shader_model: self.shader_model("below_shader_model"),
            stages: self.stages("stages"),
            not_stages: self.stages("not_stages"),
            when_kinds: self.enum_key("when_kinds"),
            when_not_kinds: self.enum_key("when_not_kinds"),
            when_classes: self.enum_key("when_classes"),
            when_values: self.integers("when_values").unwrap_or_default(),
            when_not_values: self.integers("when_not_values").unwrap_or_default(),
        }
    }

    /// The rule, by name or code, as an index into the rules.
    fn rule(&mut self) -> Option<usize> {
        let r = self.text("rule")?;
        match self
            .db
            .rules
            .iter()
            .position(|x| x.name == r || x.code == r)
        {
            Some(i) => Some(i),
            None => {
                let span = self.span("rule");
                let hint = suggest(&r, self.db.rules.iter().map(|x| x.name.as_str()), "rules");
                self.unresolved(
                    Section::Rule,
                    span,
                    "rule",
                    format!("unknown validation rule `{r}`"),
                    sentence(&hint),
                );
                None
            }
        }
    }

    /// The message arguments: one per placeholder of the rule's message.
    fn args(&mut self, rule: usize, placeholders: &[String]) -> Vec<Vec<ArgPiece>> {
        let expected = self.db.rules[rule].arguments;
        let given = if self.value("args").is_some() {
            self.strings("args").unwrap_or_default()
        } else {
            Vec::new()
        };
        if given.len() != expected && (self.value("args").is_some() || expected > 0) {
            let span = self.span("args");
            let code = self.db.rules[rule].code.clone();
            let message = self.db.rules[rule].message.clone();
            self.error(
                span,
                "args",
                format!(
                    "rule {code} takes {expected} message argument(s), {} given",
                    given.len()
                ),
                format!("its message is \"{message}\": give one argument per placeholder"),
            );
        }
        let mut out = Vec::new();
        for a in given {
            let mut pieces = Vec::new();
            let mut rest = a.as_str();
            while let Some(open) = rest.find('{') {
                if open > 0 {
                    pieces.push(ArgPiece::Text(rest[..open].to_owned()));
                }
                let after = &rest[open + 1..];
                let Some(close) = after.find('}') else {
                    let span = self.span("args");
                    self.error(
                        span,
                        "args",
                        format!("`{a}` opens a placeholder that is not closed"),
                        "write placeholders as `{NAME}`",
                    );
                    break;
                };
                let p = &after[..close];
                let allowed =
                    Placeholder::COMMON.contains(&p) || placeholders.iter().any(|x| x == p);
                match Placeholder::from_name(p) {
                    Some(ph) if allowed => pieces.push(ArgPiece::Placeholder(ph)),
                    _ => {
                        let span = self.span("args");
                        let mut all: Vec<&str> = Placeholder::COMMON.to_vec();
                        all.extend(placeholders.iter().map(String::as_str));
                        self.error(
                            span,
                            "args",
                            format!("`{{{p}}}` is not a placeholder of this kind"),
                            format!("its placeholders are {}", all.join(", ")),
                        );
                    }
                }
                rest = &after[close + 1..];
            }
            if !rest.is_empty() {
                pieces.push(ArgPiece::Text(rest.to_owned()));
            }
            out.push(pieces);
        }
        out
    }

    /// The operands `entry` selects among an op's parameters.
    fn select(&self, op: usize, entry: &str) -> Vec<OperandRef> {
        let o = &self.db.ops[op];
        let sig = &self.db.signatures[o.signature.index()];
        let params = sig.params.iter().enumerate();
        match entry {
            "result" => vec![OperandRef::Result],
            "*" => params.map(|(i, _)| OperandRef::Param(i as u8)).collect(),
            _ => match entry.strip_prefix("type:") {
                Some(t) => params
                    .filter(|(_, p)| self.db.types[p.ty.index()].name == t)
                    .map(|(i, _)| OperandRef::Param(i as u8))
                    .collect(),
                None => params
                    .filter(|(_, p)| p.name == entry)
                    .map(|(i, _)| OperandRef::Param(i as u8))
                    .collect(),
            },
        }
    }

    /// One operand named by a single-parameter key, per op.
    fn single(&mut self, key: &str, ops: &[usize]) -> Vec<Option<OperandRef>> {
        let Some(name) = self.text(key) else {
            return vec![None; ops.len()];
        };
        let mut out = Vec::new();
        for &op in ops {
            let found = self.select(op, &name);
            if found.len() != 1 {
                let span = self.span(key);
                let op_name = self.db.ops[op].name.clone();
                self.error(
                    span,
                    key,
                    format!(
                        "`{name}` selects {} operands of {op_name}, not one",
                        found.len()
                    ),
                    format!("name one parameter of {op_name} (or `result`)"),
                );
            }
            out.push(found.first().copied());
        }
        out
    }

    fn uses(&mut self, ops: &[usize]) -> Vec<ConstraintUse> {
        let params = if self.value("params").is_some() {
            self.strings("params")
        } else {
            None
        };
        let mut operands: Vec<Vec<OperandRef>> = vec![Vec::new(); ops.len()];
        let mut unused = false;
        if let Some(entries) = &params {
            for e in entries {
                let mut used = false;
                for (slot, &op) in operands.iter_mut().zip(ops) {
                    for r in self.select(op, e) {
                        used = true;
                        if !slot.contains(&r) {
                            slot.push(r);
                        }
                    }
                }
                if !used && !ops.is_empty() {
                    unused = true;
                    let span = self.span("params");
                    self.error(
                        span,
                        "params",
                        format!("`{e}` selects no parameter of these ops"),
                        "name a parameter, `result`, `*` or `type:NAME` of the ops",
                    );
                }
            }
            for (slot, &op) in operands.iter().zip(ops) {
                if slot.is_empty() && !unused {
                    let span = self.span("params");
                    let name = self.db.ops[op].name.clone();
                    self.error(
                        span,
                        "params",
                        format!("`params` selects no operand of {name}"),
                        format!("add a parameter of {name} or leave the op out"),
                    );
                }
            }
        }
        let extra_key = EXTRA_KEYS
            .iter()
            .find(|k| self.value(k).is_some())
            .map(|k| k.to_string());
        let extra = match &extra_key {
            Some(k) => self.single(k, ops),
            None => vec![None; ops.len()],
        };
        let handle = self.single("handle", ops);
        let when = self.single("when_param", ops);
        ops.iter()
            .enumerate()
            .map(|(i, &op)| ConstraintUse {
                op: OpId(self.db.ops[op].opcode),
                operands: operands[i].clone(),
                extra: extra[i],
                handle: handle[i],
                when_param: when[i],
            })
            .collect()
    }

    /// The typed kind, from the keys the record has.
    fn kind(&mut self, kind: &str, ops: &[usize]) -> Option<ConstraintKind> {
        let field = self.integer("field").map(|f| f.clamp(0, 255) as u8);
        Some(match kind {
            "immediate" => ConstraintKind::Immediate {
                any_constant: self.bool("any_constant").unwrap_or(false),
                once: self.bool("once").unwrap_or(false),
            },
            "range" => ConstraintKind::Range {
                min: self.integer("min"),
                max: self.integer("max"),
                signed: self.bool("signed").unwrap_or(false),
                require_constant: self.bool("require_constant").unwrap_or(false),
                field,
            },
            "one_of" => ConstraintKind::OneOf {
                values: self.integers("values")?,
                field,
            },
            "multiple_of" => {
                let factor = self.integer("factor")?;
                if factor <= 0 {
                    let span = self.span("factor");
                    self.error(
                        span,
                        "factor",
                        format!("factor {factor} is not positive"),
                        "a value is a multiple of a positive number",
                    );
                }
                ConstraintKind::MultipleOf { factor }
            }
            "finite" => ConstraintKind::Finite,
            "float_range" => ConstraintKind::FloatRange {
                min: self.float("fmin")?,
                max: self.float("fmax")?,
            },
            "undef" => ConstraintKind::Undef {
                once: self.bool("once").unwrap_or(false),
            },
            "defined" => ConstraintKind::Defined {
                once: self.bool("once").unwrap_or(false),
                zero: self.bool("zero").unwrap_or(false),
            },
            "enum" => {
                let enumeration = match self.text("enum") {
                    Some(e) => e,
                    None => {
                        // the enumeration of the parameters
                        let mut found: Option<String> = None;
                        for (&op, u) in ops.iter().zip(self.uses_of_params(ops)) {
                            let sig = &self.db.signatures[self.db.ops[op].signature.index()];
                            for r in u {
                                let e = match r {
                                    OperandRef::Param(i) => {
                                        sig.params.get(usize::from(i)).and_then(|p| p.enumeration)
                                    }
                                    OperandRef::Result => None,
                                };
                                match e {
                                    Some(e) => found = Some(self.db.enums[e.index()].name.clone()),
                                    None => {
                                        let span = self.span("params");
                                        self.error(
                                            span,
                                            "params",
                                            "a parameter of an `enum` constraint has no `enum` key"
                                                .to_owned(),
                                            "give the enumeration with `enum = \"NAME\"`",
                                        );
                                    }
                                }
                            }
                        }
                        found?
                    }
                };
                if !self.db.enums.iter().any(|e| e.name == enumeration) {
                    let span = self.span("enum");
                    self.error(
                        span,
                        "enum",
                        format!("enumeration `{enumeration}` is not declared"),
                        "name an [enum.NAME] of db/enums.toml",
                    );
                }
                ConstraintKind::Enum { enumeration }
            }
            "bits" => ConstraintKind::Bits {
                any_of: self.integer("any_of"),
                none_of: self.integer("none_of"),
                not_all_of: self.integer("not_all_of"),
                except: self.integers("except").unwrap_or_default(),
                field,
            },
            "implies" => ConstraintKind::Implies {
                bits: self.integer("bits")?,
                then_bits: self.integer("then_bits")?,
            },
            "masked_defined" => ConstraintKind::MaskedDefined,
            "mask_matches" => ConstraintKind::MaskMatches,
            "overload" => {
                let text = self.text("overloads")?;
                match crate::overload::parse_overloads(&text, &self.db.overload_types) {
                    Ok(spec) if spec.dims.len() == 1 => ConstraintKind::Overload {
                        text,
                        scalars: spec.dims[0].scalars,
                        vectors: spec.dims[0].vectors,
                    },
                    Ok(_) => {
                        let span = self.span("overloads");
                        self.error(
                            span,
                            "overloads",
                            format!("`{text}` is not overloads of one dimension"),
                            "write the letters of dimension 0, e.g. \"h<h\"",
                        );
                        return None;
                    }
                    Err(e) => {
                        let span = self.span("overloads");
                        if e.unknown_letter {
                            self.unresolved(
                                Section::OverloadType,
                                span,
                                "overloads",
                                e.message,
                                e.hint,
                            );
                        } else {
                            self.error(span, "overloads", e.message, e.hint);
                        }
                        return None;
                    }
                }
            }
            "bind_index" => ConstraintKind::BindIndex,
            "resource_properties" => ConstraintKind::ResourceProperties,
            "resource_class" => ConstraintKind::ResourceClass {
                classes: self.enum_key("resource_classes"),
            },
            "resource_kind" => ConstraintKind::ResourceKind {
                kinds: self.enum_key("kinds"),
                classes: self.enum_key("resource_classes"),
                scopes: self.enum_key("scopes"),
                undefined: self.bool("undefined").unwrap_or(false),
            },
            "sampler_mode" => ConstraintKind::SamplerMode {
                comparison: self.bool("comparison")?,
            },
            "component_type" => ConstraintKind::ComponentType {
                types: self.enum_key("types"),
            },
            "matrix_metadata" => ConstraintKind::MatrixMetadata,
            "matrix_scope" => ConstraintKind::MatrixScope {
                scopes: self.enum_key("scopes"),
            },
            "matrix_use" => ConstraintKind::MatrixUse {
                uses: self.enum_key("uses"),
            },
            "matrix_component" => ConstraintKind::MatrixComponent {
                types: self.enum_key("types"),
            },
            "matrix_k" => ConstraintKind::MatrixK {
                min: self.integer("min")?,
                max: self.integer("max")?,
                scopes: self.enum_key("scopes"),
            },
            "same_scope" => ConstraintKind::SameScope,
            "same_dims" => ConstraintKind::SameDims,
            "same_type" => ConstraintKind::SameType,
            "k_match" => ConstraintKind::KMatch,
            "product_dims" => ConstraintKind::ProductDims,
            "vector_dim" => {
                let d = self.text("dim")?;
                let rows = match d.as_str() {
                    "M" => true,
                    "N" => false,
                    _ => {
                        let span = self.span("dim");
                        self.error(
                            span,
                            "dim",
                            format!("`{d}` is not a matrix dimension"),
                            "write \"M\" (rows) or \"N\" (columns)",
                        );
                        return None;
                    }
                };
                ConstraintKind::VectorDim { rows }
            }
            "scope_layout" => ConstraintKind::ScopeLayout {
                scopes: self.enum_key("scopes"),
                layouts: self.enum_key("layouts"),
            },
            "layout_stride" => ConstraintKind::LayoutStride {
                layouts: self.enum_key("layouts"),
            },
            "same_element" => ConstraintKind::SameElement,
            "signed_float" => ConstraintKind::SignedFloat,
            _ => return None,
        })
    }

    /// The operands `params` selects, per op (empty when the key is missing).
    fn uses_of_params(&self, ops: &[usize]) -> Vec<Vec<OperandRef>> {
        let entries: Vec<String> = self
            .value("params")
            .and_then(|v| v.get_ref().as_array())
            .map(|a| {
                a.iter()
                    .filter_map(|x| x.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default();
        ops.iter()
            .map(|&op| entries.iter().flat_map(|e| self.select(op, e)).collect())
            .collect()
    }
}

/// After the ops are sorted: maps the op ids (opcodes until now) and adds the implicit
/// constraints of parameters.
pub(crate) fn finish(db: &Database, built: Built) -> ConstraintTables {
    let mut constraints = built.constraints;
    for c in &mut constraints {
        for u in &mut c.uses {
            u.op = db
                .ops
                .iter()
                .position(|o| o.opcode == u.op.0)
                .map_or(OpId(u32::MAX), |i| OpId(i as u32));
        }
    }
    let explicit = constraints.len();
    implicit(db, &mut constraints);
    let mut by_op: Vec<Vec<(usize, usize)>> = vec![Vec::new(); db.ops.len()];
    // implicit constraints first (the checks DXC makes of every immediate), then the records in
    // file order
    let order = (explicit..constraints.len()).chain(0..explicit);
    for ci in order {
        for (ui, u) in constraints[ci].uses.iter().enumerate() {
            if let Some(slot) = by_op.get_mut(u.op.index()) {
                slot.push((ci, ui));
            }
        }
    }
    ConstraintTables {
        keys: built.keys,
        kinds: built.kinds,
        constraints,
        by_op,
    }
}

/// The constraints of the parameters' `immediate`, `max` and `enum` keys, unless a written
/// constraint of the same kind covers the parameter.
fn implicit(db: &Database, constraints: &mut Vec<Constraint>) {
    let covered = |constraints: &[Constraint], kind: &str, op: usize, param: u8| {
        constraints.iter().any(|c| {
            !c.implicit
                && c.kind_name == kind
                && c.uses
                    .iter()
                    .any(|u| u.op.index() == op && u.operands.contains(&OperandRef::Param(param)))
        })
    };
    let rule = |code: &str| db.rules.iter().position(|r| r.code == code);
    let (Some(opconst), Some(range)) = (rule("INSTR.OPCONST"), rule("INSTR.OPCONSTRANGE")) else {
        return;
    };
    // key: (kind tag, payload) → constraint index
    let mut groups: BTreeMap<(u8, String), usize> = BTreeMap::new();
    for (oi, op) in db.ops.iter().enumerate() {
        if op.reserved {
            continue;
        }
        let sig = &db.signatures[op.signature.index()];
        for (pi, p) in sig.params.iter().enumerate() {
            let pi = pi as u8;
            let mut add = |constraints: &mut Vec<Constraint>,
                           tag: u8,
                           payload: String,
                           make: &dyn Fn() -> Constraint| {
                let ci = *groups.entry((tag, payload)).or_insert_with(|| {
                    constraints.push(make());
                    constraints.len() - 1
                });
                let c = &mut constraints[ci];
                match c.uses.iter_mut().find(|u| u.op.index() == oi) {
                    Some(u) => u.operands.push(OperandRef::Param(pi)),
                    None => c.uses.push(ConstraintUse {
                        op: OpId(oi as u32),
                        operands: vec![OperandRef::Param(pi)],
                        extra: None,
                        handle: None,
                        when_param: None,
                    }),
                }
            };
            if p.immediate && !covered(constraints, "immediate", oi, pi) {
                add(constraints, 0, String::new(), &|| Constraint {
                    name: "implicit.immediate".to_owned(),
                    kind_name: "immediate".to_owned(),
                    kind: ConstraintKind::Immediate {
                        any_constant: false,
                        once: false,
                    },
                    doc: "A parameter with `immediate = true` is an integer constant.".to_owned(),
                    rule: opconst,
                    args: vec![
                        vec![ArgPiece::Placeholder(Placeholder::Param)],
                        vec![ArgPiece::Placeholder(Placeholder::Op)],
                    ],
                    gate: Gate::default(),
                    stop: false,
                    implicit: true,
                    uses: Vec::new(),
                });
            }
            if let Some(max) = p.max
                && !covered(constraints, "range", oi, pi)
            {
                let max = i64::try_from(max).unwrap_or(i64::MAX);
                add(constraints, 1, max.to_string(), &|| Constraint {
                    name: format!("implicit.max-{max}"),
                    kind_name: "range".to_owned(),
                    kind: ConstraintKind::Range {
                        min: None,
                        max: Some(max),
                        signed: false,
                        require_constant: false,
                        field: None,
                    },
                    doc: format!("A constant parameter with `max = {max}` is at most {max}."),
                    rule: range,
                    args: Vec::new(),
                    gate: Gate::default(),
                    stop: false,
                    implicit: true,
                    uses: Vec::new(),
                });
            }
            if let Some(e) = p.enumeration
                && !covered(constraints, "enum", oi, pi)
            {
                let name = db.enums[e.index()].name.clone();
                add(constraints, 2, name.clone(), &|| Constraint {
                    name: format!("implicit.enum-{name}"),
                    kind_name: "enum".to_owned(),
                    kind: ConstraintKind::Enum {
                        enumeration: name.clone(),
                    },
                    doc: format!(
                        "A constant parameter with `enum = \"{name}\"` is a value of {name} at the module's version."
                    ),
                    rule: range,
                    args: Vec::new(),
                    gate: Gate::default(),
                    stop: false,
                    implicit: true,
                    uses: Vec::new(),
                });
            }
        }
    }
}
