//! The LLVM intrinsic map: `[derived.NAME]` records, the `llvm_intrinsics` of op records (an
//! intrinsic lowered to one call of that op) and `[[intrinsic]]` records (lowerings by DXIL
//! version, sequences of calls, result shapes). Every operand source is checked against the
//! parameter it fills.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use serde_spanned::Spanned;

use super::{Builder, Ctx, Known, RawDb};
use crate::db::Database;
use crate::model::*;
use crate::raw::{RawResult, RawSource, RawStep, S};
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
        ctx.error(
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

    /// The sources of a call of `op` (one per parameter), checked against the parameters.
    #[allow(clippy::too_many_arguments)]
    fn sources(
        &self,
        ctx: &mut Ctx<'_>,
        raw: &Spanned<Vec<Spanned<RawSource>>>,
        key: &str,
        op: &Op,
        arity: Arity,
        steps: &[&Op],
        site: &Site<'_>,
        used: &mut Vec<u8>,
    ) -> Option<Vec<Source>> {
        let params = &self.sig(op).params;
        let items = raw.get_ref();
        if items.len() != params.len() {
            let names: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
            ctx.error(
                raw.span(),
                key,
                format!(
                    "{} operand source(s) for op `{}`, which takes {} operand(s) after the opcode",
                    items.len(),
                    op.name,
                    params.len()
                ),
                if names.is_empty() {
                    "write `[]`: the op has no operand after the opcode".to_owned()
                } else {
                    format!(
                        "give one source per parameter, in order: {}",
                        names.join(", ")
                    )
                },
            );
            return None;
        }
        let mut out = Vec::new();
        let mut ok = true;
        for (item, p) in items.iter().zip(params) {
            match self.source(ctx, item, key, p, arity, steps, site, used, 0) {
                Some(s) => out.push(s),
                None => ok = false,
            }
        }
        ok.then_some(out)
    }

    /// One source, for parameter `p` (a struct field at `depth` 1).
    #[allow(clippy::too_many_arguments)]
    fn source(
        &self,
        ctx: &mut Ctx<'_>,
        raw: &Spanned<RawSource>,
        key: &str,
        p: &Param,
        arity: Arity,
        steps: &[&Op],
        site: &Site<'_>,
        used: &mut Vec<u8>,
        depth: u8,
    ) -> Option<Source> {
        let r = raw.get_ref();
        let span = raw.span();
        let consts: Vec<(ConstType, Range<usize>, i64)> = [
            (ConstType::I8, &r.i8),
            (ConstType::I16, &r.i16),
            (ConstType::I32, &r.i32),
            (ConstType::I64, &r.i64),
        ]
        .into_iter()
        .filter_map(|(t, v)| v.as_ref().map(|v| (t, v.span(), *v.get_ref())))
        .chain(
            r.i1.as_ref()
                .map(|v| (ConstType::I1, v.span(), i64::from(*v.get_ref()))),
        )
        .collect();
        let kinds = usize::from(r.arg.is_some())
            + consts.len()
            + usize::from(r.undef.is_some())
            + usize::from(r.step.is_some())
            + usize::from(r.derived.is_some())
            + usize::from(r.fields.is_some());
        for (modifier, present) in [
            ("plus_arg", r.plus_arg.as_ref().map(|v| v.span())),
            ("element", r.element.as_ref().map(|v| v.span())),
            ("missing", r.missing.as_ref().map(|v| v.span())),
        ] {
            if let Some(s) = present
                && r.arg.is_none()
            {
                ctx.error(
                    s,
                    key,
                    format!("`{modifier}` refines `arg`, and this source has none"),
                    "write `{ arg = N, ... }`",
                );
                return None;
            }
        }
        if kinds == 0 && (ctx.quiet_missing || ctx.removed.contains("lowering")) {
            // a key of this source was reported and taken out by the decoder
            return None;
        }
        if kinds != 1 {
            ctx.error(
                span,
                key,
                if kinds == 0 {
                    format!("operand source for `{}` says nothing", p.name)
                } else {
                    format!("operand source for `{}` has {kinds} kinds of source", p.name)
                },
                "write exactly one of `arg`, a constant (`i1`, `i8`, `i16`, `i32`, `i64`), `undef`, `step`, `derived` or `struct`",
            );
            return None;
        }
        let ty_text = self.type_text(p.ty);
        if let Some(a) = &r.arg {
            let index = self.arg_index(ctx, a, key, arity, used)?;
            if let Some(m) = &r.missing
                && r.element.is_none()
            {
                ctx.error(
                    m.span(),
                    key,
                    "`missing` says what stands for an element past the end of a vector, and this source takes no element",
                    "add `element = N`, or leave `missing` out",
                );
                return None;
            }
            if let (Some(pa), Some(e)) = (&r.plus_arg, &r.element) {
                let s = pa.span().start.min(e.span().start)..pa.span().end.max(e.span().end);
                ctx.error(
                    s,
                    key,
                    "a source is either a sum of two arguments (`plus_arg`) or an element (`element`), not both",
                    "keep one of them",
                );
                return None;
            }
            if let Some(pa) = &r.plus_arg {
                let other = self.arg_index(ctx, pa, key, arity, used)?;
                return Some(Source::ArgPlusArg(index, other));
            }
            if let Some(e) = &r.element {
                let element = match u8::try_from(*e.get_ref()) {
                    Ok(n) if n < 64 => n,
                    _ => {
                        ctx.error(
                            e.span(),
                            key,
                            format!("element {} is out of range", e.get_ref()),
                            "elements are numbered from 0 to 63",
                        );
                        return None;
                    }
                };
                let missing = match r.missing.as_ref().map(|m| m.get_ref().as_str()) {
                    None | Some("undef") => Missing::Undef,
                    Some("first") => Missing::First,
                    Some(other) => {
                        ctx.error(
                            r.missing.as_ref().map_or(span.clone(), |m| m.span()),
                            key,
                            format!("unknown `missing` value `{other}`"),
                            "write `undef` (the default) or `first` (the vector's first element)",
                        );
                        return None;
                    }
                };
                return Some(Source::Element {
                    arg: index,
                    index: element,
                    missing,
                });
            }
            return Some(Source::Arg(index));
        }
        if let Some((ct, cspan, value)) = consts.first().cloned() {
            let llvm = match &self.db.ty(p.ty).kind {
                TypeKind::Llvm(s) if s.starts_with('i') && s[1..].parse::<u32>().is_ok() => {
                    s.clone()
                }
                _ => {
                    ctx.error(
                        cspan,
                        key,
                        format!(
                            "parameter `{}` has type {ty_text}: an integer constant does not fit it",
                            p.name
                        ),
                        "constants fill integer parameters; use `arg`, `undef`, `step`, `derived` or `struct` here",
                    );
                    return None;
                }
            };
            if llvm != ct.llvm() {
                ctx.error(
                    cspan,
                    key,
                    format!("parameter `{}` is `{llvm}`, not `{}`", p.name, ct.llvm()),
                    format!("write the constant as `{{ {llvm} = {value} }}`"),
                );
                return None;
            }
            if !ct.fits(value) {
                ctx.error(
                    cspan,
                    key,
                    format!("{value} does not fit in `{}`", ct.llvm()),
                    format!(
                        "an `{}` constant is a whole number of {} bits (signed or unsigned)",
                        ct.llvm(),
                        ct.bits()
                    ),
                );
                return None;
            }
            if let Some(max) = p.max
                && u64::try_from(value).is_ok_and(|v| v > max)
            {
                ctx.error(
                    cspan,
                    key,
                    format!(
                        "{value} is above the largest value {max} of parameter `{}`",
                        p.name
                    ),
                    format!("write a value from 0 to {max}"),
                );
                return None;
            }
            if let Some(e) = p.enumeration {
                let e = &self.db.enums[e.index()];
                if !e.accepts(value, site.since) {
                    let values: Vec<String> = e
                        .values
                        .iter()
                        .filter(|v| !v.alias && !v.mask && v.since.is_none_or(|s| s <= site.since))
                        .map(|v| format!("{} {}", v.name, v.value))
                        .collect();
                    ctx.error(
                        cspan,
                        key,
                        format!(
                            "{value} is not a value of `{}` at DXIL {} (parameter `{}`)",
                            e.name, site.since, p.name
                        ),
                        format!("values of `{}` then: {}", e.name, values.join(", ")),
                    );
                    return None;
                }
            }
            return Some(Source::Const { ty: ct, value });
        }
        let not_immediate = |ctx: &mut Ctx<'_>, s: Range<usize>, what: &str| {
            ctx.error(
                s,
                key,
                format!(
                    "parameter `{}` must be an immediate constant, and {what} is not one",
                    p.name
                ),
                "fill it with a constant, an argument the intrinsic takes as a constant, a derived value or a constant struct",
            );
        };
        if let Some(u) = &r.undef {
            if !*u.get_ref() {
                ctx.error(
                    u.span(),
                    key,
                    "`undef = false` says nothing",
                    "write `{ undef = true }`",
                );
                return None;
            }
            if p.immediate {
                not_immediate(ctx, u.span(), "`undef`");
                return None;
            }
            return Some(Source::Undef);
        }
        if let Some(s) = &r.step {
            let k = *s.get_ref();
            let Some(prior) = usize::try_from(k).ok().and_then(|k| steps.get(k)) else {
                ctx.error(
                    s.span(),
                    key,
                    format!("step {k} is not an earlier step"),
                    if steps.is_empty() {
                        "the first step has no earlier step to use".to_owned()
                    } else {
                        format!("the earlier steps are 0 to {}", steps.len() - 1)
                    },
                );
                return None;
            };
            if p.immediate {
                not_immediate(ctx, s.span(), "the result of a call");
                return None;
            }
            let rt = self.sig(prior).result.ty;
            if !self.same_type(rt, p.ty) {
                ctx.error(
                    s.span(),
                    key,
                    format!(
                        "step {k} (op `{}`) returns {}, and parameter `{}` is {ty_text}",
                        prior.name,
                        self.type_text(rt),
                        p.name
                    ),
                    "use the result of a step whose type is the parameter's",
                );
                return None;
            }
            return Some(Source::Step(k as u8));
        }
        if let Some(d) = &r.derived {
            let id = ctx.lookup(
                d,
                key,
                "derived value",
                &self.derived,
                "a [derived.NAME] table",
            )?;
            let dv = &self.db.derived[id.index()];
            if !self.same_type(dv.ty, p.ty) {
                ctx.error(
                    d.span(),
                    key,
                    format!(
                        "derived value `{}` is {}, and parameter `{}` is {ty_text}",
                        dv.name,
                        self.type_text(dv.ty),
                        p.name
                    ),
                    "use a derived value of the parameter's type",
                );
                return None;
            }
            return Some(Source::Derived(id));
        }
        let fields = r.fields.as_ref()?;
        let field_types = match &self.db.ty(p.ty).kind {
            TypeKind::Struct { fields, .. } if depth == 0 => fields.clone(),
            _ => {
                ctx.error(
                    fields.span(),
                    key,
                    format!("parameter `{}` is {ty_text}, not a struct", p.name),
                    "`struct` fills a parameter whose type is a named struct with a fixed body",
                );
                return None;
            }
        };
        if fields.get_ref().len() != field_types.len() {
            ctx.error(
                fields.span(),
                key,
                format!(
                    "{} field source(s) for {ty_text}, which has {} field(s)",
                    fields.get_ref().len(),
                    field_types.len()
                ),
                "give one source per field, in order",
            );
            return None;
        }
        let mut out = Vec::new();
        let mut ok = true;
        for (i, (f, t)) in fields.get_ref().iter().zip(field_types).enumerate() {
            let fp = Param {
                name: format!("{}.{i}", p.name),
                ty: t,
                doc: String::new(),
                immediate: true,
                enumeration: None,
                max: None,
            };
            match self.source(ctx, f, key, &fp, arity, steps, site, used, depth + 1) {
                Some(s) => out.push(s),
                None => ok = false,
            }
        }
        ok.then_some(Source::Struct(out))
    }

    /// An argument position, checked against the arity; recorded in `used`.
    fn arg_index(
        &self,
        ctx: &mut Ctx<'_>,
        v: &Spanned<i64>,
        key: &str,
        arity: Arity,
        used: &mut Vec<u8>,
    ) -> Option<u8> {
        let n = *v.get_ref();
        let bound = match arity {
            Arity::Known(a) => a,
            Arity::Dense => 255,
        };
        match u8::try_from(n) {
            Ok(i) if usize::from(i) < bound => {
                used.push(i);
                Some(i)
            }
            _ => {
                ctx.error(
                    v.span(),
                    key,
                    match arity {
                        Arity::Known(a) => format!(
                            "argument {n} is beyond the intrinsic's arity: it has {a} parameter(s)"
                        ),
                        Arity::Dense => format!("argument {n} is out of range"),
                    },
                    "arguments are numbered from 0 in the order of the intrinsic's parameters",
                );
                None
            }
        }
    }

    /// The result shape of a lowering whose last call is `last`.
    fn result(
        &self,
        ctx: &mut Ctx<'_>,
        raw: Option<&Spanned<RawResult>>,
        key: &str,
        last: &Op,
        span: Range<usize>,
    ) -> Option<ResultShape> {
        let rt = self.sig(last).result.ty;
        let void = matches!(&self.db.ty(rt).kind, TypeKind::Llvm(s) if s == "void");
        let Some(raw) = raw else {
            return Some(if void {
                ResultShape::None
            } else {
                ResultShape::Value
            });
        };
        let r = raw.get_ref();
        let shapes = ["none", "value", "field", "res_ret"];
        let shape = match &r.shape {
            Some(s) if shapes.contains(&s.get_ref().as_str()) => s.get_ref().as_str(),
            Some(s) => {
                ctx.error(
                    s.span(),
                    key,
                    format!("unknown result shape `{}`", s.get_ref()),
                    super::sentence(&crate::diag::suggest(
                        s.get_ref(),
                        shapes.iter().copied(),
                        "result shapes",
                    )),
                );
                return None;
            }
            None => {
                ctx.error(
                    raw.span(),
                    key,
                    "missing key `shape`",
                    "write `{ shape = \"value\" }` (or `none`, `field`, `res_ret`)",
                );
                return None;
            }
        };
        for (k, present, belongs) in [
            ("field", r.field.as_ref().map(|v| v.span()), "field"),
            ("check", r.check.as_ref().map(|v| v.span()), "res_ret"),
            ("join64", r.join64.as_ref().map(|v| v.span()), "res_ret"),
        ] {
            if let Some(s) = present
                && shape != belongs
            {
                ctx.error(
                    s,
                    key,
                    format!("`{k}` belongs to the result shape `{belongs}`, not `{shape}`"),
                    format!("leave `{k}` out"),
                );
                return None;
            }
        }
        if (shape == "none") != void {
            ctx.error(
                raw.span(),
                key,
                if void {
                    format!(
                        "op `{}` returns nothing, so the result shape is `none`",
                        last.name
                    )
                } else {
                    format!(
                        "op `{}` returns {}: the result shape `none` would drop it",
                        last.name,
                        self.type_text(rt)
                    )
                },
                "the result shape follows the last step's op",
            );
            return None;
        }
        match shape {
            "none" => Some(ResultShape::None),
            "value" => Some(ResultShape::Value),
            "field" => {
                let Some(f) = &r.field else {
                    ctx.error(
                        raw.span(),
                        key,
                        "missing key `field`",
                        "write `{ shape = \"field\", field = N }`",
                    );
                    return None;
                };
                let count = match &self.db.ty(rt).kind {
                    TypeKind::Struct { fields, .. } => fields.len(),
                    _ => 0,
                };
                match u8::try_from(*f.get_ref()) {
                    Ok(i) if usize::from(i) < count => Some(ResultShape::Field(i)),
                    _ => {
                        ctx.error(
                            f.span(),
                            key,
                            format!(
                                "op `{}` returns {}, which has no field {}",
                                last.name,
                                self.type_text(rt),
                                f.get_ref()
                            ),
                            if count == 0 {
                                "the shape `field` needs an op that returns a struct".to_owned()
                            } else {
                                format!("fields are numbered 0 to {}", count - 1)
                            },
                        );
                        None
                    }
                }
            }
            _ => {
                let ret = matches!(&self.db.ty(rt).kind, TypeKind::ByOverload { cases, .. }
                    if cases.iter().all(|c| matches!(&c.result, CaseResult::Struct { fields, .. } if fields.len() >= 2)));
                if !ret {
                    ctx.error(
                        span,
                        key,
                        format!(
                            "op `{}` returns {}, not a resource-return struct chosen by the overload",
                            last.name,
                            self.type_text(rt)
                        ),
                        "the shape `res_ret` needs a last step that returns a `ResRet`",
                    );
                    return None;
                }
                let check = match &r.check {
                    Some(c) => Some(self.helper_op(ctx, c, key, 1, "reads the status")?),
                    None => None,
                };
                let join64 = match &r.join64 {
                    Some(j) => Some(self.helper_op(ctx, j, key, 2, "joins two i32")?),
                    None => None,
                };
                Some(ResultShape::ResRet { check, join64 })
            }
        }
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
        let mut known = Known::default();
        let types = std::mem::take(&mut self.names.types);
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
