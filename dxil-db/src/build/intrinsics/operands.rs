//! Operand sources and result shapes of lowerings: each source checked against the parameter
//! it fills, each result shape against the last call's op.

use std::ops::Range;

use serde_spanned::Spanned;

use super::{Arity, Env, Site};
use crate::build::Ctx;
use crate::model::*;
use crate::raw::{RawResult, RawSource};

impl Env<'_> {
    /// The sources of a call of `op` (one per parameter), checked against the parameters.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn sources(
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
            return self.constant(ctx, key, p, site, ct, cspan, value);
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
    pub(super) fn result(
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
                    crate::build::sentence(&crate::diag::suggest(
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

    /// An integer constant of type `ct` (at `cspan`) for parameter `p`.
    #[allow(clippy::too_many_arguments)]
    fn constant(
        &self,
        ctx: &mut Ctx<'_>,
        key: &str,
        p: &Param,
        site: &Site<'_>,
        ct: ConstType,
        cspan: Range<usize>,
        value: i64,
    ) -> Option<Source> {
        let ty_text = self.type_text(p.ty);
        let llvm = match &self.db.ty(p.ty).kind {
            TypeKind::Llvm(s) if s.starts_with('i') && s[1..].parse::<u32>().is_ok() => s.clone(),
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
        Some(Source::Const { ty: ct, value })
    }
}
