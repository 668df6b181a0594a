//! Ops: every property, versioned lists, and the checks across ops, classes and tables.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde_spanned::Spanned;

use super::vocab::{ALL_STAGES, REMOVED};
use super::{Builder, Ctx, RawDb};
use crate::db::Database;
use crate::diag::Location;
use crate::model::*;
use crate::overload::parse_overloads;
use crate::raw::RawOp;
use crate::source::FileId;

/// The signature an op has: its class's shared one, or its own.
enum SigChoice {
    /// The signature of a `[class.NAME]` record.
    Shared(ClassId),
    /// The op's own `result` and `params`, for the class named in the op.
    Own {
        class: Spanned<String>,
        stem: String,
        /// The op's `stem` key, or its `class` key without one.
        stem_span: std::ops::Range<usize>,
        result: Param,
        params: Vec<Param>,
    },
}

/// Every `(table, index)` and name written down by an op record, even by records with other
/// mistakes: duplicates and gaps are found among them, so one broken op is still checked against
/// the others, and does not also show up as a gap.
#[derive(Default)]
struct Slots {
    /// (table, index, file, span of the index, op name).
    indices: Vec<(TableId, u32, FileId, std::ops::Range<usize>, String)>,
    /// Tables with an op whose index is missing or unreadable: it could fill any gap.
    unknown_index: HashSet<TableId>,
    /// Where each (table, index) was first declared.
    first_index: HashMap<(TableId, u32), (FileId, std::ops::Range<usize>, String)>,
    /// Where each op name was first declared.
    first_name: HashMap<String, (FileId, std::ops::Range<usize>)>,
}

impl Builder<'_> {
    fn at(&self, file: FileId, span: &std::ops::Range<usize>) -> String {
        let f = self.sources.get(file);
        let (l, c) = f.line_col(span.start);
        format!("{}:{l}:{c}", f.name())
    }

    pub(crate) fn ops(&mut self, raw: &RawDb, db: &mut Database) {
        let mut slots = Slots::default();
        // classes whose ops carry their own signature, by name, with the op that first gave
        // the class its stem
        let own_classes: HashSet<String> = raw
            .ops
            .iter()
            .map(|rec| rec.item.1.value.get_ref())
            .filter(|r| r.result.is_some() || r.params.is_some())
            .filter_map(|r| r.class.as_ref().map(|c| c.get_ref().clone()))
            .collect();
        let mut stems: HashMap<ClassId, (String, String)> = HashMap::new();
        for rec in &raw.ops {
            let (table_name, decoded) = &rec.item;
            let r = decoded.value.get_ref();
            let label = match (&r.name, &r.index) {
                (Some(n), Some(i)) => format!(
                    "op `{}` ({} {})",
                    n.get_ref(),
                    table_name.get_ref(),
                    i.get_ref()
                ),
                (Some(n), None) => format!("op `{}` ({})", n.get_ref(), table_name.get_ref()),
                (None, Some(i)) => format!("op {} {}", table_name.get_ref(), i.get_ref()),
                (None, None) => format!("`[[ops.{}]]` record", table_name.get_ref()),
            };
            let mut names = std::mem::take(&mut self.names);
            let mut ctx = self.ctx(rec.file, decoded, label.clone());
            let table = ctx.lookup(
                table_name,
                "",
                "op table",
                &names.tables,
                "a [table.NAME] table",
            );
            let op = op(&mut ctx, r, table, &names, &own_classes, db);
            self.names = std::mem::take(&mut names);
            let unique = self.unique_slot(&mut slots, rec.file, table, r, db);
            let Some((mut op, choice)) = op else { continue };
            if !unique {
                continue;
            }
            let mut names = std::mem::take(&mut self.names);
            let mut ctx = self.ctx(rec.file, decoded, label);
            let resolved = resolve_class(&mut ctx, &mut op, choice, &mut names, &mut stems, db);
            self.names = names;
            if resolved {
                db.ops.push(op);
            }
        }
        let Slots {
            mut indices,
            unknown_index,
            ..
        } = slots;
        indices.retain(|s| !unknown_index.contains(&s.0));
        self.dense_indices(db, &indices);
        self.function_names_distinct(raw, db);
    }

    /// Registers the index and name of an op record, reporting a duplicate of either. Returns
    /// false for a duplicate.
    fn unique_slot(
        &mut self,
        slots: &mut Slots,
        file: FileId,
        table: Option<TableId>,
        r: &RawOp,
        db: &Database,
    ) -> bool {
        let name = r
            .name
            .as_ref()
            .map_or_else(String::new, |n| n.get_ref().clone());
        let context = |table: &str| match &r.index {
            Some(i) => format!("op `{name}` ({table} {})", i.get_ref()),
            None => format!("op `{name}` ({table})"),
        };
        let mut unique = true;
        match (table, &r.index) {
            (Some(t), Some(i)) => {
                let index = *i.get_ref();
                slots.indices.push((t, index, file, i.span(), name.clone()));
                let table_name = db.tables[t.index()].name.clone();
                match slots.first_index.get(&(t, index)) {
                    Some((f, span, other)) => {
                        let where_ = self.at(*f, span);
                        let other = other.clone();
                        self.report(
                            file,
                            i.span(),
                            &context(&table_name),
                            "index",
                            format!(
                                "duplicate opcode: index {index} of table `{table_name}` is already op `{other}`"
                            ),
                            format!(
                                "the other op is declared at {where_}; give each op of a table its own index"
                            ),
                        );
                        unique = false;
                    }
                    None => {
                        slots
                            .first_index
                            .insert((t, index), (file, i.span(), name.clone()));
                    }
                }
            }
            (Some(t), None) => {
                slots.unknown_index.insert(t);
            }
            (None, _) => {}
        }
        if let Some(n) = &r.name {
            match slots.first_name.get(n.get_ref()) {
                Some((f, span)) => {
                    let where_ = self.at(*f, span);
                    let table_name = table.map_or("", |t| db.tables[t.index()].name.as_str());
                    let table_name = table_name.to_owned();
                    self.report(
                        file,
                        n.span(),
                        &context(&table_name),
                        "name",
                        format!("duplicate op name `{name}`"),
                        format!(
                            "the other op is declared at {where_}; op names are unique across all tables (they name the variants of the generated opcode enum)"
                        ),
                    );
                    unique = false;
                }
                None => {
                    slots.first_name.insert(name.clone(), (file, n.span()));
                }
            }
        }
        unique
    }

    fn report(
        &mut self,
        file: FileId,
        span: std::ops::Range<usize>,
        context: &str,
        key: &str,
        message: String,
        hint: String,
    ) {
        self.sink
            .error(Location { file, span }, context, key, message, hint);
    }

    /// Every table's indices are 0..n with no gap: reserved slots are explicit.
    fn dense_indices(
        &mut self,
        db: &Database,
        slots: &[(TableId, u32, FileId, std::ops::Range<usize>, String)],
    ) {
        for (t, table) in db.tables.iter().enumerate() {
            let mut present: Vec<&(TableId, u32, FileId, std::ops::Range<usize>, String)> =
                slots.iter().filter(|s| s.0.index() == t).collect();
            present.sort_by_key(|s| s.1);
            present.dedup_by_key(|s| s.1);
            let mut expected = 0u32;
            for (_, index, file, span, name) in present {
                let index = *index;
                if index > expected {
                    let missing = if index - expected == 1 {
                        format!("index {expected} is missing")
                    } else {
                        format!("indices {expected} to {} are missing", index - 1)
                    };
                    self.report(
                        *file,
                        span.clone(),
                        &format!("op `{name}` ({} {index})", table.name),
                        "index",
                        format!("op indices of table `{}` must be dense: {missing} before this op", table.name),
                        format!(
                            "add a `[[ops.{}]]` record for each missing index; an unused slot is an op with `reserved = true`",
                            table.name
                        ),
                    );
                }
                expected = index.saturating_add(1);
            }
        }
    }

    /// One function name has one signature: classes have distinct stems, and the signatures of
    /// a class are used with overloads that never make the same function name.
    fn function_names_distinct(&mut self, raw: &RawDb, db: &Database) {
        // where a class is named: its record's stem or name, or its last op's class key; and
        // whether that place writes a `stem`
        let site = |class: &Class| -> Option<(FileId, std::ops::Range<usize>, bool)> {
            if let Some(rec) = raw
                .classes
                .iter()
                .find(|r| r.item.name.get_ref() == &class.name)
            {
                let r = rec.item.record.value.get_ref();
                let span = r.stem.as_ref().map_or(rec.item.name.span(), |s| s.span());
                return Some((rec.file, span, r.stem.is_some()));
            }
            raw.ops.iter().rev().find_map(|rec| {
                let r = rec.item.1.value.get_ref();
                let c = r.class.as_ref()?;
                (c.get_ref() == &class.name && (r.result.is_some() || r.params.is_some())).then(
                    || {
                        let span = r.stem.as_ref().map_or(c.span(), |s| s.span());
                        (rec.file, span, r.stem.is_some())
                    },
                )
            })
        };
        let mut by_stem: BTreeMap<&str, Vec<&Class>> = BTreeMap::new();
        for c in &db.classes {
            by_stem.entry(&c.stem).or_default().push(c);
        }
        for (stem, classes) in by_stem {
            if classes.len() < 2 {
                continue;
            }
            // report at the class that chose the stem with an explicit `stem`, if one did
            let sites: Vec<_> = classes.iter().map(|c| site(c)).collect();
            let at = sites
                .iter()
                .rposition(|s| s.as_ref().is_some_and(|s| s.2))
                .unwrap_or(classes.len() - 1);
            let Some((file, span, _)) = sites[at].clone() else {
                continue;
            };
            let others: Vec<String> = classes
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != at)
                .map(|(_, c)| format!("`{}`", c.name))
                .collect();
            self.report(
                file,
                span,
                &format!("class `{}`", classes[at].name),
                "stem",
                format!(
                    "the function-name stem `{stem}` is also the stem of class {}",
                    others.join(", ")
                ),
                "give each class its own stem; ops whose functions share a stem belong to one class".to_owned(),
            );
        }
        for class in &db.classes {
            if class.signatures.len() < 2 {
                continue;
            }
            // (ever without overload, union of dimension-0 overloads) of each signature
            let shape = |sig: SignatureId| {
                let mut void = false;
                let mut first = OverloadDim::default();
                for o in db.ops.iter().filter(|o| o.signature == sig) {
                    for (_, spec) in &o.overloads.entries {
                        if spec.void {
                            void = true;
                        } else if let Some(d) = spec.dims.first() {
                            first.scalars |= d.scalars;
                            first.vectors |= d.vectors;
                        }
                    }
                }
                (void, first)
            };
            for (i, &a) in class.signatures.iter().enumerate() {
                for &b in &class.signatures[i + 1..] {
                    let (va, fa) = shape(a);
                    let (vb, fb) = shape(b);
                    let common = |m: u32| {
                        (0..db.overload_types.len())
                            .find(|i| m & (1 << i) != 0)
                            .map_or("", |i| db.overload_types[i].name.as_str())
                    };
                    let what = if va && vb {
                        "no overload".to_owned()
                    } else if fa.scalars & fb.scalars != 0 {
                        format!("the overload `{}`", common(fa.scalars & fb.scalars))
                    } else if fa.vectors & fb.vectors != 0 {
                        format!("vector overloads of `{}`", common(fa.vectors & fb.vectors))
                    } else {
                        continue;
                    };
                    let op_of = |sig: SignatureId| {
                        db.ops
                            .iter()
                            .find(|o| o.signature == sig)
                            .map_or("", |o| o.name.as_str())
                    };
                    let (oa, ob) = (op_of(a), op_of(b));
                    let Some(rec) = raw.ops.iter().find(|rec| {
                        rec.item
                            .1
                            .value
                            .get_ref()
                            .name
                            .as_ref()
                            .is_some_and(|n| n.get_ref() == ob)
                    }) else {
                        continue;
                    };
                    let r = rec.item.1.value.get_ref();
                    let span = r
                        .result
                        .as_ref()
                        .map_or_else(|| rec.item.1.span(), |s| s.span());
                    self.report(
                        rec.file,
                        span,
                        &format!("op `{ob}`"),
                        "result",
                        format!(
                            "ops `{oa}` and `{ob}` of class `{}` have different signatures, and both have {what}: their functions would have the same name with two signatures",
                            class.name
                        ),
                        "the ops of a class have one signature, unless their overloads never meet (e.g. one never overloaded, the other always); make the signatures agree, or give the op a class of its own".to_owned(),
                    );
                }
            }
        }
    }
}

/// Gives `op` its class and signature: the shared one of a class record, or its own, joined to
/// the class other ops gave their own signatures (with the same stem), and to a signature of
/// that class with the same shape (its descriptions becoming the op's). Returns false when
/// something was reported.
fn resolve_class(
    ctx: &mut Ctx<'_>,
    op: &mut Op,
    choice: SigChoice,
    names: &mut super::Names,
    stems: &mut HashMap<ClassId, (String, String)>,
    db: &mut Database,
) -> bool {
    let (class, stem, stem_span, result, params) = match choice {
        SigChoice::Shared(id) => {
            op.class = id;
            op.signature = db.classes[id.index()].signatures[0];
            return true;
        }
        SigChoice::Own {
            class,
            stem,
            stem_span,
            result,
            params,
        } => (class, stem, stem_span, result, params),
    };
    let id = match names.classes.get(class.get_ref()) {
        Some(&id) => {
            let (first_op, first_stem) = stems.get(&id).cloned().unwrap_or_default();
            if first_stem != stem {
                ctx.error(
                    stem_span,
                    "stem",
                    format!(
                        "this op gives class `{}` the stem `{stem}`, but op `{first_op}` gives it `{first_stem}`",
                        class.get_ref()
                    ),
                    "the ops of a class share the stem of its function names: write the same `stem` (or none) in each",
                );
                return false;
            }
            id
        }
        None => {
            let id = ClassId(db.classes.len() as u32);
            db.classes.push(Class {
                name: class.get_ref().clone(),
                stem: stem.clone(),
                doc: String::new(),
                shared: false,
                signatures: Vec::new(),
            });
            names.classes.insert(class.get_ref().clone(), id);
            stems.insert(id, (op.name.clone(), stem));
            id
        }
    };
    let own = Signature {
        class: id,
        result,
        params,
    };
    let same = db.classes[id.index()]
        .signatures
        .iter()
        .copied()
        .find(|s| db.signatures[s.index()].same_shape(&own));
    op.class = id;
    match same {
        Some(sig) => {
            let shared = &db.signatures[sig.index()];
            if shared.result.doc != own.result.doc {
                op.result_doc = Some(own.result.doc.clone());
            }
            for (a, b) in shared.params.iter().zip(&own.params) {
                if a.doc != b.doc {
                    op.param_docs.insert(b.name.clone(), b.doc.clone());
                }
            }
            op.signature = sig;
        }
        None => {
            let sig = SignatureId(db.signatures.len() as u32);
            db.signatures.push(own);
            db.classes[id.index()].signatures.push(sig);
            op.signature = sig;
        }
    }
    true
}

fn op(
    ctx: &mut Ctx<'_>,
    r: &RawOp,
    table: Option<TableId>,
    names: &super::Names,
    own_classes: &HashSet<String>,
    db: &Database,
) -> Option<(Op, SigChoice)> {
    let versions: Vec<DxilVersion> = db.versions.iter().map(|v| v.dxil).collect();
    let shader_models: Vec<ShaderModel> = db.versions.iter().map(|v| v.shader_model).collect();
    let index = ctx
        .require(&r.index, "index")
        .map(|i| (*i.get_ref(), i.span()));
    if let Some((i, span)) = &index
        && *i > 0xFFFF
    {
        ctx.error(
            span.clone(),
            "index",
            format!("index {i} does not fit in 16 bits"),
            "the index is the lower half of the 32-bit opcode: use 0..=65535",
        );
    }
    let name = ctx.require(&r.name, "name").and_then(|n| {
        let s = n.get_ref();
        let ok = !s.is_empty()
            && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
            && s.as_bytes()[0].is_ascii_alphabetic();
        if !ok {
            ctx.error(
                n.span(),
                "name",
                format!("`{s}` is not a valid op name"),
                "op names are identifiers starting with a letter: letters, digits and `_`",
            );
            return None;
        }
        Some(s.clone())
    });
    let dxil_td = ctx.tablegen_name(&r.dxil_td, "dxil_td");
    let sig = sig_choice(ctx, r, names, own_classes, db);
    let doc = ctx.string(&r.doc, "doc");
    let introduced = ctx
        .require(&r.introduced, "introduced")
        .and_then(|v| ctx.version(v, "introduced", &versions));
    let shader_model = ctx
        .require(&r.shader_model, "shader_model")
        .and_then(|v| ctx.shader_model(v, "shader_model", &shader_models));
    let shader_model_translated = match &r.shader_model_translated {
        Some(v) => Some(ctx.shader_model(v, "shader_model_translated", &shader_models)?),
        None => None,
    };
    let modules = match &r.target {
        None => Some(AllowedModules::Any),
        Some(t) => match t.get_ref().as_str() {
            "library" => Some(AllowedModules::Library),
            "non_library" => Some(AllowedModules::NonLibrary),
            other => {
                ctx.error(
                    t.span(),
                    "target",
                    format!("unknown target `{other}`"),
                    "write `library` (only libraries may use the op) or `non_library`",
                );
                None
            }
        },
    };
    let sig_ref = sig.as_ref().map(|s| match s {
        SigChoice::Shared(c) => {
            let class = &db.classes[c.index()];
            let s = &db.signatures[class.signatures[0].index()];
            (class.name.as_str(), &s.result, s.params.as_slice())
        }
        SigChoice::Own {
            class,
            result,
            params,
            ..
        } => (class.get_ref().as_str(), result, params.as_slice()),
    });
    let overloads = ctx
        .require(&r.overloads, "overloads")
        .and_then(|o| overload_entries(ctx, o, introduced, &versions, sig_ref, db));
    let stages = ctx
        .require(&r.stages, "stages")
        .and_then(|s| stage_entries(ctx, s, introduced, &versions, &names.stages, db));
    let attributes = match &r.attributes {
        Some(a) => attribute_entries(ctx, a, introduced, &versions, &names.attributes, db),
        None => Some(Versioned {
            entries: introduced
                .map(|v| vec![(v, AttributeMask::default())])
                .unwrap_or_default(),
        }),
    };
    let mut param_docs = BTreeMap::new();
    if let (Some(docs), Some((class, _, params))) = (&r.param_docs, sig_ref) {
        for (k, v) in docs.get_ref() {
            if params.iter().any(|p| &p.name == k.get_ref()) {
                param_docs.insert(k.get_ref().clone(), v.get_ref().clone());
            } else {
                ctx.error(
                    k.span(),
                    "param_docs",
                    format!("class `{class}` has no parameter `{}`", k.get_ref()),
                    crate::diag::suggest(
                        k.get_ref(),
                        params.iter().map(|p| p.name.as_str()),
                        "parameters",
                    ),
                );
            }
        }
    }
    let (Some((index, _)), Some(name), Some(sig), Some(doc), Some(introduced), Some(shader_model)) =
        (index, name, sig, doc, introduced, shader_model)
    else {
        return None;
    };
    let (Some(table), Some(modules), Some(overloads), Some(stages), Some(attributes)) =
        (table, modules, overloads, stages, attributes)
    else {
        return None;
    };
    if index > 0xFFFF {
        return None;
    }
    let op = Op {
        table,
        index,
        opcode: (u32::from(db.tables[table.index()].id) << 16) | index,
        name,
        dxil_td,
        // set by `resolve_class`
        class: ClassId(0),
        signature: SignatureId(0),
        category: Ctx::opt_string(&r.category),
        doc,
        remarks: Ctx::opt_string(&r.remarks),
        reserved: r.reserved.as_ref().is_some_and(|v| *v.get_ref()),
        modules,
        introduced,
        shader_model,
        shader_model_translated,
        overloads,
        stages,
        attributes,
        counters: r
            .counters
            .iter()
            .flatten()
            .map(|c| c.get_ref().clone())
            .collect(),
        result_doc: r.result_doc.as_ref().map(|d| d.get_ref().clone()),
        param_docs,
    };
    Some((op, sig))
}

/// Which signature an op has: with `result` and `params` of its own, the class it names is
/// one whose ops carry their signatures; without, the class must be a `[class.NAME]` record.
fn sig_choice(
    ctx: &mut Ctx<'_>,
    r: &RawOp,
    names: &super::Names,
    own_classes: &HashSet<String>,
    db: &Database,
) -> Option<SigChoice> {
    let own = r.result.is_some() || r.params.is_some();
    let class = ctx.require(&r.class, "class");
    let record_class = class.and_then(|c| {
        names
            .classes
            .get(c.get_ref())
            .copied()
            .filter(|id| db.classes[id.index()].shared)
            .or_else(|| {
                names
                    .classes
                    .is_broken(c.get_ref())
                    .then_some(ClassId(u32::MAX))
            })
    });
    if !own {
        if let Some(s) = &r.stem {
            ctx.error(
                s.span(),
                "stem",
                "`stem` is a key of an op that carries its own signature",
                "the stem of a class with a [class.NAME] record is written in that record",
            );
        }
        let c = class?;
        if record_class.is_none() && own_classes.contains(c.get_ref()) {
            ctx.error(
                c.span(),
                "class",
                format!(
                    "class `{}` has no [class.{}] record: its ops carry their signature in their own records",
                    c.get_ref(),
                    c.get_ref()
                ),
                "give this op its own `result` and `params` too, or move the signature into a [class.NAME] record in db/classes.toml that the ops share",
            );
            return None;
        }
        let id = ctx.lookup(
            c,
            "class",
            "class",
            &names.classes,
            "a [class.NAME] table (or, for a class of its own, the op carries `result` and `params`)",
        )?;
        return db.classes[id.index()]
            .shared
            .then_some(SigChoice::Shared(id));
    }
    for (key, present) in [
        ("result_doc", r.result_doc.is_some()),
        ("param_docs", r.param_docs.is_some()),
    ] {
        if present {
            let span = if key == "result_doc" {
                r.result_doc.as_ref().map(|s| s.span())
            } else {
                r.param_docs.as_ref().map(|s| s.span())
            };
            ctx.error(
                span.unwrap_or_else(|| ctx.span.clone()),
                key,
                format!("`{key}` is for ops of a shared class; this op carries its own signature"),
                "write the descriptions in `result` and `params`",
            );
        }
    }
    let result = ctx.require(&r.result, "result");
    let params = ctx.require(&r.params, "params");
    let sig = match (result, params) {
        (Some(result), Some(params)) => {
            super::classes::signature(ctx, result, params, &names.types, &names.enums, db)
        }
        _ => None,
    };
    let c = class?;
    if record_class.is_some() {
        ctx.error(
            r.result.as_ref().map_or(c.span(), |s| s.span()),
            "result",
            format!(
                "class `{}` has a [class.{}] record with the signature its ops share",
                c.get_ref(),
                c.get_ref()
            ),
            "remove `result` and `params` from this op, or give it a class of its own",
        );
        return None;
    }
    let stem = super::classes::stem_of(ctx, &r.stem, c)?;
    let (result, params) = sig?;
    Some(SigChoice::Own {
        class: c.clone(),
        stem,
        stem_span: r.stem.as_ref().map_or(c.span(), |s| s.span()),
        result,
        params,
    })
}

/// Checks the `since` of each entry of a versioned list: known, strictly increasing, the first
/// one at the op's introduction.
fn since_of(
    ctx: &mut Ctx<'_>,
    key: &str,
    since: &Option<Spanned<String>>,
    prev: Option<DxilVersion>,
    first: bool,
    introduced: Option<DxilVersion>,
    versions: &[DxilVersion],
) -> Option<DxilVersion> {
    let s = ctx.require(since, &format!("{key}.since"))?;
    let v = ctx.version(s, &format!("{key}.since"), versions)?;
    if let Some(intro) = introduced {
        if v < intro {
            ctx.error(
                s.span(),
                &format!("{key}.since"),
                format!("entry since {v} is before the op exists (introduced in {intro})"),
                format!("an op has no {key} before it is introduced; start at {intro}"),
            );
            return None;
        }
        if first && v != intro {
            ctx.error(
                s.span(),
                &format!("{key}.since"),
                format!("the first entry is since {v}, but the op is introduced in {intro}"),
                format!("start the list with an entry since {intro}, so that every version the op exists at has {key}"),
            );
            return None;
        }
    }
    if let Some(p) = prev
        && v <= p
    {
        ctx.error(
            s.span(),
            &format!("{key}.since"),
            format!("entry since {v} does not come after the entry since {p}"),
            "list the entries in strictly increasing version order, each version once",
        );
        return None;
    }
    Some(v)
}

/// Walks the entries of a versioned list (`overloads`, `stages`, `attributes`): `entry` checks
/// one entry with the context pointing at it, given its position and the previous entry's
/// version. Returns the entries in order, or `None` when any was wrong.
fn versioned<'c, E, T>(
    ctx: &mut Ctx<'c>,
    list: &[Spanned<E>],
    key: &str,
    mut entry: impl FnMut(&mut Ctx<'c>, &E, usize, Option<DxilVersion>) -> Option<(DxilVersion, T)>,
) -> Option<Versioned<T>> {
    let quiet = ctx.removed.contains(key);
    let mut entries = Vec::new();
    let mut ok = true;
    let mut prev = None;
    for (i, e) in list.iter().enumerate() {
        let outer = (ctx.span.clone(), ctx.quiet_missing);
        ctx.span = e.span();
        ctx.quiet_missing = quiet;
        let r = entry(ctx, e.get_ref(), i, prev);
        (ctx.span, ctx.quiet_missing) = outer;
        match r {
            Some((since, value)) => {
                prev = Some(since);
                entries.push((since, value));
            }
            None => ok = false,
        }
    }
    ok.then_some(Versioned { entries })
}

fn overload_entries(
    ctx: &mut Ctx<'_>,
    list: &Spanned<Vec<Spanned<crate::raw::RawOverloadEntry>>>,
    introduced: Option<DxilVersion>,
    versions: &[DxilVersion],
    sig: Option<(&str, &Param, &[Param])>,
    db: &Database,
) -> Option<Versioned<OverloadSpec>> {
    if list.get_ref().is_empty() {
        if ctx.removed.contains("overloads") {
            return None; // its entries were reported and taken out by the decoder
        }
        ctx.error(
            list.span(),
            "overloads",
            "no overloads entry",
            "write `overloads = [{ since = \"1.0\", types = \"v\" }]` for an op without overloads",
        );
        return None;
    }
    versioned(ctx, list.get_ref(), "overloads", |ctx, e, i, prev| {
        let since = since_of(
            ctx,
            "overloads",
            &e.since,
            prev,
            i == 0,
            introduced,
            versions,
        );
        let t = ctx.require(&e.types, "overloads.types")?;
        let spec = match parse_overloads(t.get_ref(), &db.overload_types) {
            Ok(s) => s,
            Err(err) => {
                ctx.overload_error(t.span().start + 1 + err.offset, "overloads.types", err);
                return None;
            }
        };
        let since = since?;
        if let Some(sig) = sig {
            check_dims(ctx, t, &spec, sig, db)?;
        }
        Some((since, spec))
    })
}

/// Overload dimensions agree with the overloaded parameters of the class, and every parameter
/// type can be made for every overload.
fn check_dims(
    ctx: &mut Ctx<'_>,
    t: &Spanned<String>,
    spec: &OverloadSpec,
    (class, result, params): (&str, &Param, &[Param]),
    db: &Database,
) -> Option<()> {
    let params: Vec<&Param> = std::iter::once(result).chain(params).collect();
    let label = |p: &Param| {
        if p.name.is_empty() {
            "the result".to_owned()
        } else {
            format!("parameter `{}`", p.name)
        }
    };
    let used = params
        .iter()
        .filter_map(|p| db.types[p.ty.index()].overload_dim().map(|d| (d, *p)))
        .collect::<Vec<_>>();
    let needed = used.iter().map(|(d, _)| *d as usize + 1).max().unwrap_or(0);
    if spec.void {
        if let Some((_, p)) = used.first() {
            ctx.error(
                t.span(),
                "overloads.types",
                format!(
                    "`{}` says the op has no overload, but {} of class `{}` has the overloaded type `{}`",
                    t.get_ref(),
                    label(p),
                    class,
                    db.types[p.ty.index()].name
                ),
                "give the op overload types, or use a class whose parameters are not overloaded",
            );
            return None;
        }
        return Some(());
    }
    if needed == 0 {
        ctx.error(
            t.span(),
            "overloads.types",
            format!(
                "`{}` gives the op overloads, but no result or parameter of class `{}` has an overloaded type",
                t.get_ref(),
                class
            ),
            "write `v` for an op without overloads, or use a class with overloaded parameters",
        );
        return None;
    }
    let have = spec.dims.len();
    if (needed > 1 && have != needed) || (needed == 1 && have != 1) {
        ctx.error(
            t.span(),
            "overloads.types",
            format!(
                "`{}` has {have} overload dimension{}, but the parameters of class `{}` use {}",
                t.get_ref(),
                if have == 1 { "" } else { "s" },
                class,
                needed
            ),
            "write one `,`-separated group of letters per overload dimension used by the class ($x0, $x1, ...)",
        );
        return None;
    }
    for (d, p) in &used {
        let dim = spec.dims[*d as usize];
        let ty = &db.types[p.ty.index()];
        let scalar_only = |ctx: &mut Ctx<'_>, what: &str| {
            let bad = (0..db.overload_types.len())
                .map(|i| OverloadTypeId(i as u32))
                .find(|&i| {
                    dim.has_scalar(i) && db.overload_types[i.index()].kind != OverloadKind::Scalar
                });
            if let Some(b) = bad {
                ctx.error(
                    t.span(),
                    "overloads.types",
                    format!(
                        "overload `{}` cannot be used with {} of type `{}` ({what})",
                        db.overload_types[b.index()].name,
                        label(p),
                        ty.name
                    ),
                    format!(
                        "remove `{}` from the overloads",
                        db.overload_types[b.index()].letter
                    ),
                );
                return false;
            }
            true
        };
        match &ty.kind {
            TypeKind::Component(_) | TypeKind::Element(_)
                if !scalar_only(ctx, "its components are scalars") =>
            {
                return None;
            }
            TypeKind::Vector(_) => {
                if !scalar_only(ctx, "a vector of the overload") {
                    return None;
                }
                if dim.vectors != 0 {
                    ctx.error(
                        t.span(),
                        "overloads.types",
                        format!("{} of type `{}` makes a vector of the overload, which cannot itself be a vector", label(p), ty.name),
                        "remove the vector (`<...`) overloads",
                    );
                    return None;
                }
            }
            TypeKind::ByOverload { cases, .. } => {
                for i in 0..db.overload_types.len() {
                    let id = OverloadTypeId(i as u32);
                    for (is_vec, present) in
                        [(false, dim.has_scalar(id)), (true, dim.has_vector(id))]
                    {
                        if !present {
                            continue;
                        }
                        let one = OverloadDim {
                            scalars: if is_vec { 0 } else { 1 << i },
                            vectors: if is_vec { 1 << i } else { 0 },
                        };
                        for precision in [Precision::Native, Precision::Min] {
                            let covered = cases.iter().any(|c| {
                                c.overloads.covers(one)
                                    && c.precision.is_none_or(|p| p == precision)
                            });
                            if !covered {
                                let ov = if is_vec {
                                    format!("vectors of {}", db.overload_types[i].name)
                                } else {
                                    db.overload_types[i].name.clone()
                                };
                                ctx.error(
                                    t.span(),
                                    "overloads.types",
                                    format!(
                                        "type `{}` of {} has no case for overload {ov}",
                                        ty.name,
                                        label(p)
                                    ),
                                    format!(
                                        "add a case for it to `[type.{}]`, or remove the overload",
                                        ty.name
                                    ),
                                );
                                return None;
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }
    Some(())
}

fn stage_entries(
    ctx: &mut Ctx<'_>,
    list: &Spanned<Vec<Spanned<crate::raw::RawStageEntry>>>,
    introduced: Option<DxilVersion>,
    versions: &[DxilVersion],
    stage_names: &super::Known<StageId>,
    db: &Database,
) -> Option<Versioned<StageSpec>> {
    if list.get_ref().is_empty() {
        if ctx.removed.contains("stages") {
            return None; // its entries were reported and taken out by the decoder
        }
        ctx.error(
            list.span(),
            "stages",
            "no stages entry",
            "write `stages = [{ since = \"1.0\", stages = [\"all\"] }]` for an op of every stage",
        );
        return None;
    }
    let n = list.get_ref().len();
    versioned(ctx, list.get_ref(), "stages", |ctx, e, i, prev| {
        let since = since_of(ctx, "stages", &e.since, prev, i == 0, introduced, versions);
        let s = ctx.require(&e.stages, "stages.stages")?;
        if s.get_ref().is_empty() {
            ctx.error(
                s.span(),
                "stages.stages",
                "empty stage list",
                "list the stages, or write [\"all\"], or [\"removed\"] when the op is withdrawn",
            );
            return None;
        }
        let mut mask = 0u32;
        let mut listed = Vec::new();
        let mut pseudo: Option<&Spanned<String>> = None;
        let mut ok = true;
        for st in s.get_ref() {
            let name = st.get_ref().as_str();
            if name == ALL_STAGES || name == REMOVED {
                pseudo = Some(st);
                continue;
            }
            if !stage_names.is_declared(name)
                && let Some(s) = crate::diag::did_you_mean(name, [ALL_STAGES, REMOVED])
            {
                ctx.unresolved(
                    crate::unparsed::Section::Stage,
                    st.span(),
                    "stages.stages",
                    format!("unknown stage `{name}`"),
                    format!("{s} `all` and `removed` are the pseudo-stages of stage lists."),
                );
                ok = false;
                continue;
            }
            match ctx.lookup(
                st,
                "stages.stages",
                "stage",
                stage_names,
                "a [stage.NAME] table (the pseudo-stages are `all` and `removed`)",
            ) {
                Some(id) => {
                    let bit = 1u32 << db.stages[id.index()].shader_kind;
                    if mask & bit != 0 {
                        ctx.error(
                            st.span(),
                            "stages.stages",
                            format!("stage `{name}` is listed twice"),
                            "list each stage once",
                        );
                        ok = false;
                    }
                    mask |= bit;
                    listed.push(id);
                }
                None => ok = false,
            }
        }
        let since = since?;
        if let Some(p) = pseudo {
            if s.get_ref().len() > 1 {
                ctx.error(
                    p.span(),
                    "stages.stages",
                    format!("`{}` must stand alone in a stage list", p.get_ref()),
                    format!("write [\"{}\"] alone", p.get_ref()),
                );
                return None;
            }
            if p.get_ref() == REMOVED {
                if i + 1 != n {
                    ctx.error(
                        p.span(),
                        "stages.stages",
                        "`removed` can only be the last entry",
                        "an op that is removed stays removed; drop the entries after it",
                    );
                    return None;
                }
                if i == 0 {
                    ctx.error(
                        p.span(),
                        "stages.stages",
                        "the op is removed in the version it is introduced",
                        "list the stages where the op is available first",
                    );
                    return None;
                }
                return Some((since, StageSpec::Removed));
            }
            return Some((since, StageSpec::All));
        }
        ok.then_some((since, StageSpec::Stages(StageMask(mask), listed)))
    })
}

fn attribute_entries(
    ctx: &mut Ctx<'_>,
    list: &Spanned<Vec<Spanned<crate::raw::RawAttributeEntry>>>,
    introduced: Option<DxilVersion>,
    versions: &[DxilVersion],
    names: &super::Known<AttributeId>,
    db: &Database,
) -> Option<Versioned<AttributeMask>> {
    let mut out = versioned(ctx, list.get_ref(), "attributes", |ctx, e, i, prev| {
        let since = since_of(
            ctx,
            "attributes",
            &e.since,
            prev,
            i == 0,
            introduced,
            versions,
        );
        let a = ctx.require(&e.attributes, "attributes.attributes")?;
        let mut mask = 0u32;
        let mut memory: Option<&str> = None;
        let mut ok = true;
        for at in a.get_ref() {
            let Some(id) = ctx.lookup(
                at,
                "attributes.attributes",
                "attribute",
                names,
                "an [attribute.NAME] table",
            ) else {
                ok = false;
                continue;
            };
            if mask & (1 << id.0) != 0 {
                ctx.error(
                    at.span(),
                    "attributes.attributes",
                    format!("attribute `{}` is listed twice", at.get_ref()),
                    "list each attribute once",
                );
                ok = false;
            }
            mask |= 1 << id.0;
            if db.attributes[id.index()].kind == AttributeKind::Memory {
                if let Some(m) = memory {
                    ctx.error(
                        at.span(),
                        "attributes.attributes",
                        format!("two memory attributes: `{m}` and `{}`", at.get_ref()),
                        "an op has at most one memory attribute",
                    );
                    ok = false;
                }
                memory = Some(at.get_ref());
            }
        }
        let since = since?;
        ok.then_some((since, AttributeMask(mask)))
    })?;
    if out.entries.is_empty()
        && let Some(v) = introduced
    {
        out.entries.push((v, AttributeMask::default()));
    }
    Some(out)
}
