//! Ops: every property, versioned lists, and the checks across ops, classes and tables.

use std::collections::{BTreeMap, HashMap};

use serde_spanned::Spanned;

use super::vocab::{ALL_STAGES, REMOVED};
use super::{Builder, Ctx, RawDb};
use crate::db::Database;
use crate::diag::Location;
use crate::model::*;
use crate::overload::parse_overloads;
use crate::raw::RawOp;
use crate::source::FileId;

/// Where an op was declared, for checks across ops.
struct OpSite {
    file: FileId,
    span: std::ops::Range<usize>,
    name_span: std::ops::Range<usize>,
    index_span: std::ops::Range<usize>,
}

impl Builder<'_> {
    pub(crate) fn ops(&mut self, raw: &RawDb, db: &mut Database) {
        let mut sites: Vec<OpSite> = Vec::new();
        // every (table, index) written down, even by records that have other mistakes, so that
        // one broken op does not also show up as a gap
        let mut slots: Vec<(TableId, u32, FileId, std::ops::Range<usize>, String)> = Vec::new();
        let mut unknown_slot: std::collections::HashSet<TableId> = std::collections::HashSet::new();
        let mut by_slot: HashMap<(TableId, u32), usize> = HashMap::new();
        let mut by_name: HashMap<String, usize> = HashMap::new();
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
            let names = std::mem::take(&mut self.names);
            let mut ctx = self.ctx(rec.file, decoded, label);
            let table = ctx.lookup(
                table_name,
                "",
                "op table",
                &names.tables,
                "a [table.NAME] table",
            );
            let op = op(&mut ctx, r, table, &names, db);
            self.names = names;
            match (table, &r.index) {
                (Some(t), Some(i)) => {
                    let name = r
                        .name
                        .as_ref()
                        .map_or_else(String::new, |n| n.get_ref().clone());
                    slots.push((t, *i.get_ref(), rec.file, i.span(), name));
                }
                // an op whose index is missing or unreadable (reported) could fill any gap
                (Some(t), None) => {
                    unknown_slot.insert(t);
                }
                (None, _) => {}
            }
            let Some(op) = op else { continue };
            let site = OpSite {
                file: rec.file,
                span: decoded.span(),
                name_span: r.name.as_ref().map_or(decoded.span(), |n| n.span()),
                index_span: r.index.as_ref().map_or(decoded.span(), |n| n.span()),
            };
            let at = |sites: &[OpSite], i: usize| {
                let f = self.sources.get(sites[i].file);
                let (l, c) = f.line_col(sites[i].span.start);
                format!("{}:{l}:{c}", f.name())
            };
            if let Some(&other) = by_slot.get(&(op.table, op.index)) {
                let where_ = at(&sites, other);
                self.report(
                    site.file,
                    site.index_span.clone(),
                    &format!("op `{}` ({} {})", op.name, db.tables[op.table.index()].name, op.index),
                    "index",
                    format!(
                        "duplicate opcode: index {} of table `{}` is already op `{}`",
                        op.index,
                        db.tables[op.table.index()].name,
                        db.ops[other].name
                    ),
                    format!("the other op is declared at {where_}; give each op of a table its own index"),
                );
                continue;
            }
            if let Some(&other) = by_name.get(&op.name) {
                let where_ = at(&sites, other);
                self.report(
                    site.file,
                    site.name_span.clone(),
                    &format!("op `{}` ({} {})", op.name, db.tables[op.table.index()].name, op.index),
                    "name",
                    format!("duplicate op name `{}`", op.name),
                    format!("the other op is declared at {where_}; op names are unique across all tables (they name the variants of the generated opcode enum)"),
                );
                continue;
            }
            by_slot.insert((op.table, op.index), db.ops.len());
            by_name.insert(op.name.clone(), db.ops.len());
            sites.push(site);
            db.ops.push(op);
        }
        slots.retain(|s| !unknown_slot.contains(&s.0));
        self.dense_indices(db, &slots);
        let _ = sites;
        self.shared_stems(raw, db);
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

    /// Classes that share a function-name stem must not produce the same function name.
    fn shared_stems(&mut self, raw: &RawDb, db: &Database) {
        let mut by_stem: BTreeMap<&str, Vec<ClassId>> = BTreeMap::new();
        for (i, c) in db.classes.iter().enumerate() {
            by_stem.entry(&c.stem).or_default().push(ClassId(i as u32));
        }
        for (stem, classes) in by_stem {
            if classes.len() < 2 {
                continue;
            }
            // (ever void, union of dimension-0 overloads) of each class
            let shape = |c: ClassId| {
                let mut void = false;
                let mut first = OverloadDim::default();
                for o in db.ops.iter().filter(|o| o.class == c) {
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
            for (i, &a) in classes.iter().enumerate() {
                for &b in &classes[i + 1..] {
                    let (va, fa) = shape(a);
                    let (vb, fb) = shape(b);
                    let clash = (va && vb)
                        || (fa.scalars & fb.scalars) != 0
                        || (fa.vectors & fb.vectors) != 0;
                    if !clash {
                        continue;
                    }
                    let (ca, cb) = (&db.classes[a.index()].name, &db.classes[b.index()].name);
                    let common = |m: u32| {
                        (0..db.overload_types.len())
                            .find(|i| m & (1 << i) != 0)
                            .map_or("", |i| db.overload_types[i].name.as_str())
                    };
                    let what = if va && vb {
                        "no overload".to_owned()
                    } else if fa.scalars & fb.scalars != 0 {
                        format!("the overload `{}`", common(fa.scalars & fb.scalars))
                    } else {
                        format!("vector overloads of `{}`", common(fa.vectors & fb.vectors))
                    };
                    // Point at the class that chose the shared stem with an explicit `stem`.
                    let record =
                        |name: &str| raw.classes.iter().find(|r| r.item.name.get_ref() == name);
                    let has_stem = |name: &str| {
                        record(name).is_some_and(|r| r.item.record.value.get_ref().stem.is_some())
                    };
                    let shown = if !has_stem(cb) && has_stem(ca) {
                        ca
                    } else {
                        cb
                    };
                    let Some(rec) = record(shown) else {
                        continue;
                    };
                    let stem_span = rec
                        .item
                        .record
                        .value
                        .get_ref()
                        .stem
                        .as_ref()
                        .map_or(rec.item.name.span(), |s| s.span());
                    self.report(
                        rec.file,
                        stem_span,
                        &format!("class `{shown}`"),
                        "stem",
                        format!(
                            "classes `{ca}` and `{cb}` share the stem `{stem}`, and ops of both have {what}: their functions would have the same name"
                        ),
                        "one function name has one signature: classes sharing a stem must use disjoint overloads (e.g. one never overloaded, the other always)".to_owned(),
                    );
                }
            }
        }
    }
}

fn op(
    ctx: &mut Ctx<'_>,
    r: &RawOp,
    table: Option<TableId>,
    names: &super::Names,
    db: &Database,
) -> Option<Op> {
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
    let class = ctx.require(&r.class, "class").and_then(|c| {
        if names.broken_classes.contains(c.get_ref()) {
            return None; // the class's own mistakes are reported with the class
        }
        ctx.lookup(c, "class", "class", &names.classes, "a [class.NAME] table")
    });
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
    let target = match &r.target {
        None => Some(Target::Any),
        Some(t) => match t.get_ref().as_str() {
            "library" => Some(Target::Library),
            "non_library" => Some(Target::NonLibrary),
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
    let class_ref = class.map(|c| &db.classes[c.index()]);
    let overloads = ctx
        .require(&r.overloads, "overloads")
        .and_then(|o| overload_entries(ctx, o, introduced, &versions, class_ref, db));
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
    let mut intrinsics = Vec::new();
    for i in r.llvm_intrinsics.iter().flatten() {
        let v = i.get_ref();
        match &v.name {
            Some(n) if n.get_ref().starts_with("llvm.") => intrinsics.push(Intrinsic {
                name: n.get_ref().clone(),
                args: v
                    .args
                    .iter()
                    .flatten()
                    .map(|a| a.get_ref().clone())
                    .collect(),
            }),
            Some(n) => ctx.error(
                n.span(),
                "llvm_intrinsics.name",
                format!("`{}` is not an LLVM intrinsic name", n.get_ref()),
                "LLVM intrinsic names start with `llvm.`, e.g. `llvm.fabs`",
            ),
            None => ctx.error(
                i.span(),
                "llvm_intrinsics.name",
                "missing key `name`",
                "write `{ name = \"llvm....\" }`",
            ),
        }
    }
    let mut param_docs = BTreeMap::new();
    if let (Some(docs), Some(c)) = (&r.param_docs, class_ref) {
        for (k, v) in docs.get_ref() {
            if c.params.iter().any(|p| &p.name == k.get_ref()) {
                param_docs.insert(k.get_ref().clone(), v.get_ref().clone());
            } else {
                ctx.error(
                    k.span(),
                    "param_docs",
                    format!("class `{}` has no parameter `{}`", c.name, k.get_ref()),
                    crate::diag::suggest(
                        k.get_ref(),
                        c.params.iter().map(|p| p.name.as_str()),
                        "parameters",
                    ),
                );
            }
        }
    }
    let (
        Some((index, _)),
        Some(name),
        Some(class),
        Some(doc),
        Some(introduced),
        Some(shader_model),
    ) = (index, name, class, doc, introduced, shader_model)
    else {
        return None;
    };
    let (Some(table), Some(target), Some(overloads), Some(stages), Some(attributes)) =
        (table, target, overloads, stages, attributes)
    else {
        return None;
    };
    if index > 0xFFFF {
        return None;
    }
    Some(Op {
        table,
        index,
        opcode: (u32::from(db.tables[table.index()].id) << 16) | index,
        name,
        class,
        category: Ctx::opt_string(&r.category),
        doc,
        remarks: Ctx::opt_string(&r.remarks),
        reserved: r.reserved.as_ref().is_some_and(|v| *v.get_ref()),
        target,
        introduced,
        shader_model,
        shader_model_translated,
        overloads,
        stages,
        attributes,
        intrinsics,
        counters: r
            .counters
            .iter()
            .flatten()
            .map(|c| c.get_ref().clone())
            .collect(),
        result_doc: r.result_doc.as_ref().map(|d| d.get_ref().clone()),
        param_docs,
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
    class: Option<&Class>,
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
                let at = t.span().start + 1 + err.offset;
                ctx.error(at..at + 1, "overloads.types", err.message, err.hint);
                return None;
            }
        };
        let since = since?;
        if let Some(c) = class {
            check_dims(ctx, t, &spec, c, db)?;
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
    class: &Class,
    db: &Database,
) -> Option<()> {
    let params: Vec<&Param> = std::iter::once(&class.result)
        .chain(&class.params)
        .collect();
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
                    class.name,
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
                class.name
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
                class.name,
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
    stage_names: &HashMap<String, StageId>,
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
        let mut pseudo: Option<&Spanned<String>> = None;
        let mut ok = true;
        for st in s.get_ref() {
            let name = st.get_ref().as_str();
            if name == ALL_STAGES || name == REMOVED {
                pseudo = Some(st);
                continue;
            }
            if !stage_names.contains_key(name)
                && let Some(s) = crate::diag::did_you_mean(name, [ALL_STAGES, REMOVED])
            {
                ctx.error(
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
        ok.then_some((since, StageSpec::Stages(StageMask(mask))))
    })
}

fn attribute_entries(
    ctx: &mut Ctx<'_>,
    list: &Spanned<Vec<Spanned<crate::raw::RawAttributeEntry>>>,
    introduced: Option<DxilVersion>,
    versions: &[DxilVersion],
    names: &HashMap<String, AttributeId>,
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
