//! The LLVM intrinsic map: `[derived.NAME]` records, the `llvm_intrinsics` of op records (an
//! intrinsic lowered to one call of that op) and `[[intrinsic]]` records (lowerings by DXIL
//! version, sequences of calls, result shapes). Every operand source is checked against the
//! parameter it fills.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use serde_spanned::Spanned;

mod operands;

use super::{Builder, Ctx, Known, RawDb};
use crate::db::Database;
use crate::model::*;
use crate::raw::{RawStep, S};
use crate::source::FileId;

/// What a lowering is checked against: the ops, the derived values and the versions.
struct Env<'d> {
    db: &'d Database,
    /// Ops that built, by name: position in `db.ops`.
    ops: HashMap<&'d str, usize>,
    /// Op names of records with mistakes (reported there): steps naming them are not checked.
    broken_ops: HashSet<String>,
    derived: Known<DerivedId>,
    versions: Vec<DxilVersion>,
}

/// The intrinsic's arity: known from `params`, or to be read from the arguments the sources use
/// (which must then be 0, 1, ... without a gap).
#[derive(Clone, Copy)]
enum Arity {
    Known(usize),
    Dense,
}

/// Where a lowering is written, for messages: the key prefix of its parts
/// (`llvm_intrinsics` or `lowering`).
struct Site<'a> {
    prefix: &'a str,
    since: DxilVersion,
    /// The version where the next lowering takes over.
    until: Option<DxilVersion>,
}

impl Env<'_> {
    fn op(&self, i: usize) -> &Op {
        &self.db.ops[i]
    }

    fn sig(&self, op: &Op) -> &Signature {
        &self.db.signatures[op.signature.index()]
    }

    /// Looks up an op named by `v`; `None` (reported unless the op's record is broken) when it
    /// is not one, or is a reserved slot.
    fn lookup_op(&self, ctx: &mut Ctx<'_>, v: &S, key: &str) -> Option<usize> {
        let name = v.get_ref();
        if let Some(&i) = self.ops.get(name.as_str()) {
            if self.op(i).reserved {
                ctx.error(
                    v.span(),
                    key,
                    format!("op `{name}` is a reserved slot, not an op"),
                    "name an op that exists",
                );
                return None;
            }
            return Some(i);
        }
        if self.broken_ops.contains(name) {
            return None;
        }
        let mut names: Vec<&str> = self.ops.keys().copied().collect();
        names.sort_unstable();
        ctx.unresolved(
            crate::unparsed::Section::Op,
            v.span(),
            key,
            format!("unknown op `{name}`"),
            super::sentence(&crate::diag::suggest(name, names.iter().copied(), "ops")),
        );
        None
    }

    /// Whether two types are the same LLVM type.
    fn same_type(&self, a: TypeId, b: TypeId) -> bool {
        if a == b {
            return true;
        }
        match (&self.db.ty(a).kind, &self.db.ty(b).kind) {
            (TypeKind::Llvm(x), TypeKind::Llvm(y)) => x == y,
            (TypeKind::Struct { name: x, .. }, TypeKind::Struct { name: y, .. }) => x == y,
            _ => false,
        }
    }

    /// How a type is named in messages: its LLVM spelling when fixed, else its name.
    fn type_text(&self, t: TypeId) -> String {
        match &self.db.ty(t).kind {
            TypeKind::Llvm(s) => s.clone(),
            TypeKind::Struct { name, .. } => format!("%{name}"),
            _ => format!("`{}`", self.db.ty(t).name),
        }
    }

    /// Reports an op that does not exist at some version where the lowering applies.
    fn gate(&self, ctx: &mut Ctx<'_>, op: &Op, site: &Site<'_>, span: Range<usize>, key: &str) {
        let missing = self
            .versions
            .iter()
            .copied()
            .filter(|v| *v >= site.since && site.until.is_none_or(|u| *v < u))
            .find(|v| !op.available_at(*v));
        let Some(v) = missing else { return };
        let why = if v < op.introduced {
            format!("it was introduced in DXIL {}", op.introduced)
        } else {
            "it was removed".to_owned()
        };
        let until = match site.until {
            Some(u) => format!("from DXIL {} until {u}", site.since),
            None => format!("from DXIL {} on", site.since),
        };
        ctx.error(
            span,
            key,
            format!(
                "op `{}` does not exist at DXIL {v} ({why}), but this lowering applies {until}",
                op.name
            ),
            "lowerings that change with the DXIL version are `[[intrinsic]]` records with a `lowering` entry per version range (see docs/ops-toml.md)",
        );
    }

    /// The overload source of a step calling `op`.
    fn overload(
        &self,
        ctx: &mut Ctx<'_>,
        op: &Op,
        v: &Option<S>,
        key: &str,
    ) -> Option<OverloadSource> {
        let void = op.overloads.entries.iter().all(|(_, s)| s.void);
        let Some(v) = v else {
            return Some(if void {
                OverloadSource::None
            } else {
                OverloadSource::Intrinsic
            });
        };
        if void {
            ctx.error(
                v.span(),
                key,
                format!("op `{}` has no overload", op.name),
                "leave `overload` out for ops without overloads",
            );
            return None;
        }
        let known = [
            OverloadSource::Intrinsic,
            OverloadSource::Element,
            OverloadSource::Element32,
        ];
        match known.iter().find(|k| k.name() == v.get_ref()) {
            Some(k) => Some(*k),
            None => {
                ctx.error(
                    v.span(),
                    key,
                    format!("unknown overload source `{}`", v.get_ref()),
                    super::sentence(&crate::diag::suggest(
                        v.get_ref(),
                        known.iter().map(|k| k.name()),
                        "overload sources",
                    )),
                );
                None
            }
        }
    }

    /// An op named as a helper (`check`, `join64`, `split64`) with `params` parameters.
    fn helper_op(
        &self,
        ctx: &mut Ctx<'_>,
        v: &S,
        key: &str,
        params: usize,
        what: &str,
    ) -> Option<u32> {
        let i = self.lookup_op(ctx, v, key)?;
        let op = self.op(i);
        let n = self.sig(op).params.len();
        if n != params {
            ctx.error(
                v.span(),
                key,
                format!(
                    "op `{}` takes {n} operand(s); an op that {what} takes {params}",
                    op.name
                ),
                format!("name an op that {what}"),
            );
            return None;
        }
        Some(op.opcode)
    }

    /// One step: the op's position (when it names one), and the step (when it has no
    /// mistake).
    #[allow(clippy::too_many_arguments)]
    fn step(
        &self,
        ctx: &mut Ctx<'_>,
        raw: &Spanned<RawStep>,
        arity: Arity,
        prior: &[&Op],
        site: &Site<'_>,
        used: &mut Vec<u8>,
    ) -> (Option<usize>, Option<Step>) {
        let r = raw.get_ref();
        let key = |k: &str| format!("{}.steps.{k}", site.prefix);
        let Some(name) = &r.op else {
            ctx.error(
                raw.span(),
                &key("op"),
                "missing key `op`",
                "write `{ op = \"NAME\", operands = [...] }`",
            );
            return (None, None);
        };
        let Some(i) = self.lookup_op(ctx, name, &key("op")) else {
            return (None, None);
        };
        let op = self.op(i);
        self.gate(ctx, op, site, name.span(), &key("op"));
        let overload = self.overload(ctx, op, &r.overload, &key("overload"));
        let Some(operands) = &r.operands else {
            ctx.error(
                raw.span(),
                &key("operands"),
                "missing key `operands`",
                "write one source per parameter of the op: `operands = [{ arg = 0 }, ...]`",
            );
            return (Some(i), None);
        };
        let sources = self.sources(
            ctx,
            operands,
            &key("operands"),
            op,
            arity,
            prior,
            site,
            used,
        );
        let split64 = match &r.split64 {
            Some(s) => self
                .helper_op(ctx, s, &key("split64"), 1, "splits a double")
                .map(Some),
            None => Some(None),
        };
        let step = match (overload, sources, split64) {
            (Some(overload), Some(operands), Some(split64)) => Some(Step {
                op: op.opcode,
                overload,
                operands,
                split64,
            }),
            _ => None,
        };
        (Some(i), step)
    }
}

impl Builder<'_> {
    pub(crate) fn intrinsics(&mut self, raw: &RawDb, db: &mut Database) {
        let derived = self.derived_values(raw, db);
        let built: Vec<Intrinsic> = {
            let env = Env {
                db,
                ops: db
                    .ops
                    .iter()
                    .enumerate()
                    .map(|(i, o)| (o.name.as_str(), i))
                    .collect(),
                broken_ops: raw
                    .ops
                    .iter()
                    .filter_map(|r| r.item.1.value.get_ref().name.as_ref())
                    .map(|n| n.get_ref().clone())
                    .filter(|n| !db.ops.iter().any(|o| &o.name == n))
                    .collect(),
                derived,
                versions: db.versions.iter().map(|v| v.dxil).collect(),
            };
            let mut names = super::Declared::default();
            let mut out = Vec::new();
            for rec in &raw.ops {
                let r = rec.item.1.value.get_ref();
                let Some(op_name) = &r.name else { continue };
                let Some(&op) = env.ops.get(op_name.get_ref().as_str()) else {
                    continue;
                };
                for entry in r.llvm_intrinsics.iter().flatten() {
                    if let Some(i) =
                        self.simple(&env, &mut names, rec.file, &rec.item.1.removed, op, entry)
                    {
                        out.push(i);
                    }
                }
            }
            for rec in &raw.intrinsics {
                if let Some(i) = self.record(&env, &mut names, rec.file, &rec.item) {
                    out.push(i);
                }
            }
            out
        };
        db.intrinsics = built;
    }

    /// The `[derived.NAME]` records.
    fn derived_values(&mut self, raw: &RawDb, db: &mut Database) -> Known<DerivedId> {
        let mut known = Known::of(crate::unparsed::Section::Derived);
        let types = self.names.types.take();
        for rec in &raw.derived {
            let name = rec.item.name.get_ref();
            let r = rec.item.record.value.get_ref();
            let mut ctx = self.ctx(
                rec.file,
                &rec.item.record,
                format!("derived value `{name}`"),
            );
            let ok_name = !name.is_empty()
                && name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
                && name.as_bytes()[0].is_ascii_lowercase();
            if !ok_name {
                ctx.error(
                    rec.item.name.span(),
                    "",
                    format!("`{name}` is not a valid derived-value name"),
                    "write it in snake_case: lower-case letters, digits and `_`, starting with a letter",
                );
            }
            let ty = ctx
                .require(&r.ty, "type")
                .and_then(|t| ctx.lookup(t, "type", "type", &types, "a [type.NAME] table"));
            let doc = ctx.string(&r.doc, "doc");
            match (ok_name, ty, doc) {
                (true, Some(ty), Some(doc)) => {
                    known.insert(name.clone(), DerivedId(db.derived.len() as u32));
                    db.derived.push(DerivedValue {
                        name: name.clone(),
                        ty,
                        doc,
                    });
                }
                _ => known.insert_broken(name.clone()),
            }
        }
        self.names.types = types;
        known
    }

    /// Parameter names of an intrinsic: identifiers, distinct.
    fn param_names(ctx: &mut Ctx<'_>, v: &Spanned<Vec<S>>, key: &str) -> Option<Vec<String>> {
        let mut seen = HashSet::new();
        let mut ok = true;
        for p in v.get_ref() {
            let s = p.get_ref();
            let ident = !s.is_empty()
                && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
                && !s.as_bytes()[0].is_ascii_digit();
            if !ident {
                ctx.error(
                    p.span(),
                    key,
                    format!("`{s}` is not a parameter name"),
                    "parameter names are identifiers: letters, digits and `_`",
                );
                ok = false;
            } else if !seen.insert(s.clone()) {
                ctx.error(
                    p.span(),
                    key,
                    format!("parameter `{s}` is named twice"),
                    "give each parameter its own name",
                );
                ok = false;
            }
        }
        ok.then(|| v.get_ref().iter().map(|p| p.get_ref().clone()).collect())
    }

    /// An entry of an op's `llvm_intrinsics`: the intrinsic lowered to one call of op `op`.
    fn simple(
        &mut self,
        env: &Env<'_>,
        names: &mut super::Declared,
        file: FileId,
        removed: &std::collections::BTreeSet<String>,
        op_index: usize,
        entry: &Spanned<crate::raw::RawIntrinsic>,
    ) -> Option<Intrinsic> {
        let op = env.op(op_index);
        let r = entry.get_ref();
        let label = match &r.name {
            Some(n) => format!("op `{}`, intrinsic `{}`", op.name, n.get_ref()),
            None => format!("op `{}`", op.name),
        };
        let sources = self.sources;
        let mut ctx = self.inline_ctx(file, entry.span(), label, removed, "llvm_intrinsics");
        let Some(name) = &r.name else {
            ctx.error(
                entry.span(),
                "llvm_intrinsics.name",
                "missing key `name`",
                "write `{ name = \"llvm....\" }`",
            );
            return None;
        };
        if !intrinsic_name(&mut ctx, names, name, "llvm_intrinsics.name", sources) {
            return None;
        }
        let since = match &r.since {
            Some(s) => {
                let v = ctx.version(s, "llvm_intrinsics.since", &env.versions)?;
                if v < op.introduced {
                    ctx.error(
                        s.span(),
                        "llvm_intrinsics.since",
                        format!(
                            "op `{}` is introduced in DXIL {}, after {v}",
                            op.name, op.introduced
                        ),
                        format!(
                            "write a version from {} on, or leave `since` out",
                            op.introduced
                        ),
                    );
                    return None;
                }
                v
            }
            None => op.introduced,
        };
        let site = Site {
            prefix: "llvm_intrinsics",
            since,
            until: None,
        };
        env.gate(&mut ctx, op, &site, name.span(), "llvm_intrinsics.name");
        let params = match &r.params {
            Some(p) => Some(Self::param_names(&mut ctx, p, "llvm_intrinsics.params")?),
            None => None,
        };
        let sig = env.sig(op);
        let mut used = Vec::new();
        let (operands, params) = match (&r.args, params) {
            (None, params) => {
                let n = sig.params.len();
                let names =
                    params.unwrap_or_else(|| sig.params.iter().map(|p| p.name.clone()).collect());
                if names.len() != n {
                    ctx.error(
                        r.params.as_ref().map_or(entry.span(), |p| p.span()),
                        "llvm_intrinsics.params",
                        format!(
                            "without `args` the intrinsic's arguments are the op's {n} operand(s) in order, but `params` names {}",
                            names.len()
                        ),
                        "write `args` to say which argument fills which operand",
                    );
                    return None;
                }
                ((0..n).map(|i| Source::Arg(i as u8)).collect(), names)
            }
            (Some(args), Some(params)) => {
                let s = env.sources(
                    &mut ctx,
                    args,
                    "llvm_intrinsics.args",
                    op,
                    Arity::Known(params.len()),
                    &[],
                    &site,
                    &mut used,
                )?;
                (s, params)
            }
            (Some(args), None) => {
                let s = env.sources(
                    &mut ctx,
                    args,
                    "llvm_intrinsics.args",
                    op,
                    Arity::Dense,
                    &[],
                    &site,
                    &mut used,
                )?;
                let mut sorted = used.clone();
                sorted.sort_unstable();
                sorted.dedup();
                if let Some(gap) = (0..sorted.len()).find(|i| sorted[*i] as usize != *i) {
                    ctx.error(
                        args.span(),
                        "llvm_intrinsics.args",
                        format!("the sources use argument {} but not argument {gap}: the intrinsic's arity is not known", sorted[gap]),
                        "give the intrinsic's parameter names with `params = [...]`",
                    );
                    return None;
                }
                let names = (0..sorted.len())
                    .map(|i| {
                        s.iter()
                            .zip(&sig.params)
                            .find(|(src, _)| **src == Source::Arg(i as u8))
                            .map_or_else(|| format!("arg{i}"), |(_, p)| p.name.clone())
                    })
                    .collect();
                (s, names)
            }
        };
        let result = env.result(
            &mut ctx,
            r.result.as_ref(),
            "llvm_intrinsics.result",
            op,
            entry.span(),
        )?;
        Some(Intrinsic {
            name: name.get_ref().clone(),
            aliases: Vec::new(),
            doc: Ctx::opt_string(&r.doc),
            remarks: String::new(),
            params,
            lowerings: vec![Lowering {
                since,
                steps: vec![Step {
                    op: op.opcode,
                    overload: env.overload(&mut ctx, op, &None, "")?,
                    operands,
                    split64: None,
                }],
                result,
            }],
            op_record: Some(op.name.clone()),
        })
    }

    /// An `[[intrinsic]]` record.
    fn record(
        &mut self,
        env: &Env<'_>,
        names: &mut super::Declared,
        file: FileId,
        rec: &crate::decode::Decoded<crate::raw::RawIntrinsicRecord>,
    ) -> Option<Intrinsic> {
        let r = rec.value.get_ref();
        let label = match &r.name {
            Some(n) => format!("intrinsic `{}`", n.get_ref()),
            None => "`[[intrinsic]]` record".to_owned(),
        };
        let sources = self.sources;
        let mut ctx = self.ctx(file, rec, label);
        let name = ctx
            .require(&r.name, "name")
            .filter(|n| intrinsic_name(&mut ctx, names, n, "name", sources));
        let mut aliases = Vec::new();
        for a in r.aliases.iter().flat_map(|a| a.get_ref()) {
            if intrinsic_name(&mut ctx, names, a, "aliases", sources) {
                aliases.push(a.get_ref().clone());
            }
        }
        let doc = ctx.string(&r.doc, "doc");
        let params = ctx
            .require(&r.params, "params")
            .and_then(|p| Self::param_names(&mut ctx, p, "params"));
        let mut lowerings = Vec::new();
        let mut ok = name.is_some() && doc.is_some() && params.is_some();
        let entries = r
            .lowering
            .as_ref()
            .map_or(&[][..], |l| l.get_ref().as_slice());
        if entries.is_empty() && r.remarks.is_none() {
            ctx.error(
                rec.span(),
                "remarks",
                "an intrinsic without `lowering` lowers to no DXIL op, and says why in `remarks`",
                "add `remarks = \"...\"` (what becomes of its calls), or `[[intrinsic.lowering]]` entries",
            );
            ok = false;
        }
        // the versions of the entries, to know where each ends
        let mut sinces: Vec<Option<DxilVersion>> = Vec::new();
        for e in entries {
            let v = match &e.get_ref().since {
                Some(s) => ctx.version(s, "lowering.since", &env.versions),
                None => {
                    ctx.error(
                        e.span(),
                        "lowering.since",
                        "missing key `since`",
                        "write the first DXIL version the lowering applies to: `since = \"1.0\"`",
                    );
                    None
                }
            };
            sinces.push(v);
        }
        let mut last: Option<DxilVersion> = None;
        for (i, (e, since)) in entries.iter().zip(&sinces).enumerate() {
            let Some(since) = *since else {
                ok = false;
                continue;
            };
            if let Some(prev) = last
                && since <= prev
            {
                ctx.error(
                    e.get_ref().since.as_ref().map_or(e.span(), |s| s.span()),
                    "lowering.since",
                    format!("lowering since DXIL {since} comes after one since DXIL {prev}"),
                    "list the lowerings in increasing `since` order, each version once",
                );
                ok = false;
                continue;
            }
            last = Some(since);
            let until = sinces[i + 1..].iter().flatten().next().copied();
            let site = Site {
                prefix: "lowering",
                since,
                until,
            };
            let arity = Arity::Known(params.as_ref().map_or(255, Vec::len));
            match Self::lowering(env, &mut ctx, e, arity, &site) {
                Some(l) => lowerings.push(l),
                None => ok = false,
            }
        }
        let (true, Some(name), Some(doc), Some(params)) = (ok, name, doc, params) else {
            return None;
        };
        Some(Intrinsic {
            name: name.get_ref().clone(),
            aliases,
            doc,
            remarks: Ctx::opt_string(&r.remarks),
            params,
            lowerings,
            op_record: None,
        })
    }

    /// One `lowering` entry of a record.
    fn lowering(
        env: &Env<'_>,
        ctx: &mut Ctx<'_>,
        e: &Spanned<crate::raw::RawLowering>,
        arity: Arity,
        site: &Site<'_>,
    ) -> Option<Lowering> {
        let r = e.get_ref();
        let Some(steps) = r.steps.as_ref().filter(|s| !s.get_ref().is_empty()) else {
            ctx.error(
                r.steps.as_ref().map_or(e.span(), |s| s.span()),
                "lowering.steps",
                "a lowering makes at least one call",
                "write `steps = [{ op = \"NAME\", operands = [...] }]`",
            );
            return None;
        };
        let mut ops: Vec<&Op> = Vec::new();
        let mut out = Vec::new();
        let mut ok = true;
        let mut used = Vec::new();
        for s in steps.get_ref() {
            let (i, step) = env.step(ctx, s, arity, &ops, site, &mut used);
            match i {
                Some(i) => ops.push(env.op(i)),
                // later steps cannot refer to this one's result type
                None => ok = false,
            }
            match step {
                Some(step) => out.push(step),
                None => ok = false,
            }
            if !ok && i.is_none() {
                break;
            }
        }
        if !ok {
            return None;
        }
        let last = ops.last()?;
        let result = env.result(ctx, r.result.as_ref(), "lowering.result", last, e.span())?;
        Some(Lowering {
            since: site.since,
            steps: out,
            result,
        })
    }
}

/// Checks an intrinsic's name (key `key`) and registers it; false when reported.
fn intrinsic_name(
    ctx: &mut Ctx<'_>,
    names: &mut super::Declared,
    n: &S,
    key: &str,
    sources: &crate::source::Sources,
) -> bool {
    let s = n.get_ref();
    let ok = s.starts_with("llvm.")
        && s.len() > 5
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'_')
        && !s.ends_with('.')
        && !s.contains("..");
    if !ok {
        ctx.error(
            n.span(),
            key,
            format!("`{s}` is not an LLVM intrinsic name"),
            "LLVM intrinsic names start with `llvm.` and are words of letters, digits and `_` joined by `.`, e.g. `llvm.dx.wave.reduce.sum`; leave out overload suffixes",
        );
        return false;
    }
    names.add(ctx, n, key, "LLVM intrinsic", sources)
}
