//! The one implementation of every kind: [`check`] over a call's [`Operands`].

use crate::Op;
use crate::enums::ResourceKind;
use crate::info::OpInfo;

use super::operands::{Context, Matrix, Operands, Resource, Value};
use super::violation::{Facts, Violation};
use super::{At, Kind, Use, of};

/// The value of an integer operand read in its width: signed or unsigned.
fn in_width(v: i128, width: u32, signed: bool) -> i128 {
    let w = width.clamp(1, 64);
    let modulus = 1i128 << w;
    let u = v.rem_euclid(modulus);
    if signed && u >= modulus / 2 {
        u - modulus
    } else {
        u
    }
}

/// The integer a kind checks: the operand, or a field of a constant struct.
fn integer(v: Value, field: Option<u8>, width: u32, signed: bool) -> Option<i128> {
    match (v, field) {
        (Value::Int(n), None) => Some(in_width(n, width, signed)),
        (Value::Fields { fields, len }, Some(i)) if i < len => {
            fields.get(usize::from(i)).map(|n| i128::from(*n))
        }
        (Value::Zero, Some(_)) => Some(0),
        _ => None,
    }
}

fn is_undef(v: Value, zero: bool) -> bool {
    matches!(v, Value::Undef) || (zero && matches!(v, Value::Zero))
}

/// Whether the gate lets the constraint apply to this call.
fn gate_applies<'a>(u: &Use, ctx: &Context<'_>, ops: &dyn Operands<'a>) -> bool {
    let g = &u.constraint.gate;
    if g.since.is_some_and(|v| ctx.dxil.is_before(v)) {
        return false;
    }
    if g.until.is_some_and(|v| !ctx.dxil.is_before(v)) {
        return false;
    }
    let sm = ctx.model();
    if let Some(min) = g.min_shader_model
        && sm.is_none_or(|m| m < min)
    {
        return false;
    }
    if let Some(below) = g.below_shader_model
        && sm.is_none_or(|m| m >= below)
    {
        return false;
    }
    if let Some(stages) = g.stages
        && ctx.stage.is_none_or(|s| !stages.contains(s))
    {
        return false;
    }
    if let Some(stages) = g.not_stages
        && ctx.stage.is_none_or(|s| stages.contains(s))
    {
        return false;
    }
    if !g.when_kinds.is_empty() || !g.when_not_kinds.is_empty() || !g.when_classes.is_empty() {
        let Some(r) = u.handle.and_then(|h| ops.resource(h)) else {
            return false;
        };
        if !g.when_kinds.is_empty() && !g.when_kinds.contains(&r.kind) {
            return false;
        }
        if g.when_not_kinds.contains(&r.kind) {
            return false;
        }
        if !g.when_classes.is_empty() && !g.when_classes.contains(&r.class) {
            return false;
        }
    }
    if !g.when_values.is_empty() || !g.when_not_values.is_empty() {
        let Some(at) = u.when else { return false };
        let Value::Int(n) = ops.value(at) else {
            return false;
        };
        let n = in_width(n, ops.width(at), false);
        if !g.when_values.is_empty() && !g.when_values.iter().any(|v| i128::from(*v) == n) {
            return false;
        }
        if g.when_not_values.iter().any(|v| i128::from(*v) == n) {
            return false;
        }
    }
    true
}

/// The constraint of kind `overload` that forbids the call's overload in this context (a
/// shader-model gate of an overload: the 16-bit IsSpecialFloat overloads before SM 6.9).
pub(super) fn overload_constraint(op: Op, ctx: &Context<'_>) -> Option<&'static Use> {
    struct NoOperands;
    impl<'a> Operands<'a> for NoOperands {
        fn value(&self, _: At) -> Value {
            Value::Opaque
        }
    }
    let o = ctx.overload?;
    of(op).iter().find(|u| match u.constraint.kind {
        Kind::Overload { set, .. } => set.contains(&o) && gate_applies(u, ctx, &NoOperands),
        _ => false,
    })
}

/// Whether a constraint of kind `overload` forbids the call's overload in this context.
pub fn overload_gated(op: Op, ctx: &Context<'_>) -> bool {
    overload_constraint(op, ctx).is_some()
}

/// Checks every constraint of `op` against the operands and calls `found` for each violation,
/// in order. A violation of a constraint marked `stop` ends the checks.
pub fn check<'a>(
    op: Op,
    ctx: &Context<'a>,
    operands: &dyn Operands<'a>,
    found: &mut dyn FnMut(Violation<'a>),
) {
    check_uses(op.info(), of(op), ctx, operands, found);
}

/// [`check`] with the constraint uses given.
pub fn check_uses<'a>(
    info: &'static OpInfo,
    uses: &'static [Use],
    ctx: &Context<'a>,
    operands: &dyn Operands<'a>,
    found: &mut dyn FnMut(Violation<'a>),
) {
    for u in uses {
        if !gate_applies(u, ctx, operands) {
            continue;
        }
        let mut any = false;
        let mut report = |at: Option<At>, facts: Facts<'a>| {
            any = true;
            found(Violation {
                constraint: u.constraint,
                op: info,
                at,
                facts,
            });
        };
        evaluate(u, ctx, operands, &mut report);
        if any && u.constraint.stop {
            return;
        }
    }
}

/// The facts of one operand's value.
fn value_facts<'a>(ops: &dyn Operands<'a>, at: At, signed: bool) -> Facts<'a> {
    let mut x = Facts {
        text: ops.text(at),
        ..Facts::default()
    };
    match ops.value(at) {
        Value::Int(n) => x.value = Some(in_width(n, ops.width(at), signed)),
        Value::Float(v) => x.float = Some(v),
        _ => {}
    }
    x
}

/// Facts with the resource of `handle`.
fn with_resource<'a>(mut x: Facts<'a>, r: Option<Resource>) -> Facts<'a> {
    if let Some(r) = r {
        x.kind = Some(r.kind);
        x.class = Some(r.class);
        x.comparison = r.comparison;
        x.component = r.component.map(|c| c as u32);
    }
    x
}

fn evaluate<'a>(
    u: &Use,
    ctx: &Context<'a>,
    ops: &dyn Operands<'a>,
    report: &mut dyn FnMut(Option<At>, Facts<'a>),
) {
    let handle_resource = || u.handle.and_then(|h| ops.resource(h));
    match u.constraint.kind {
        Kind::Immediate { any_constant, once } => {
            for &at in u.operands {
                let ok = match ops.value(at) {
                    // a struct of integer constants (or zeroinitializer) is an immediate struct
                    Value::Int(_) | Value::Fields { .. } | Value::Zero | Value::Opaque => true,
                    Value::Unknown => false,
                    _ => any_constant,
                };
                if !ok {
                    report(Some(at), value_facts(ops, at, false));
                    if once {
                        return;
                    }
                }
            }
        }
        Kind::Range {
            min,
            max,
            signed,
            require_constant,
            field,
        } => {
            for &at in u.operands {
                let v = ops.value(at);
                let bad = match integer(v, field, ops.width(at), signed) {
                    Some(n) => {
                        min.is_some_and(|m| n < i128::from(m))
                            || max.is_some_and(|m| n > i128::from(m))
                    }
                    None => require_constant && !matches!(v, Value::Undef | Value::Opaque),
                };
                if bad {
                    let mut x = value_facts(ops, at, signed);
                    x.value = integer(v, field, ops.width(at), signed);
                    report(Some(at), x);
                }
            }
        }
        Kind::OneOf { values, field } => {
            for &at in u.operands {
                let v = ops.value(at);
                if let Some(n) = integer(v, field, ops.width(at), false)
                    && !values.iter().any(|x| i128::from(*x) == n)
                {
                    let mut x = value_facts(ops, at, false);
                    x.value = Some(n);
                    report(Some(at), x);
                }
            }
        }
        Kind::MultipleOf { factor } => {
            for &at in u.operands {
                if let Some(n) = integer(ops.value(at), None, ops.width(at), false)
                    && factor > 0
                    && n % i128::from(factor) != 0
                {
                    report(Some(at), value_facts(ops, at, false));
                }
            }
        }
        Kind::Finite => {
            for &at in u.operands {
                if let Value::Float(v) = ops.value(at)
                    && v.is_infinite()
                {
                    report(Some(at), value_facts(ops, at, false));
                }
            }
        }
        Kind::FloatRange { min, max } => {
            for &at in u.operands {
                if let Value::Float(v) = ops.value(at)
                    && !(min..=max).contains(&v)
                {
                    report(Some(at), value_facts(ops, at, false));
                }
            }
        }
        Kind::Undef { once } => {
            for &at in u.operands {
                if !matches!(ops.value(at), Value::Undef | Value::Opaque) {
                    report(
                        Some(at),
                        with_resource(value_facts(ops, at, false), handle_resource()),
                    );
                    if once {
                        return;
                    }
                }
            }
        }
        Kind::Defined { once, zero } => {
            for &at in u.operands {
                if is_undef(ops.value(at), zero) {
                    report(
                        Some(at),
                        with_resource(value_facts(ops, at, false), handle_resource()),
                    );
                    if once {
                        return;
                    }
                }
            }
        }
        Kind::Enum { accepts, .. } => {
            for &at in u.operands {
                if let Value::Int(n) = ops.value(at) {
                    let n = in_width(n, ops.width(at), false);
                    let ok = i64::try_from(n).is_ok_and(|n| accepts(n, ctx.dxil));
                    if !ok {
                        report(Some(at), value_facts(ops, at, false));
                    }
                }
            }
        }
        Kind::Bits {
            any_of,
            none_of,
            not_all_of,
            except,
            field,
        } => {
            for &at in u.operands {
                let Some(n) = integer(ops.value(at), field, ops.width(at), false) else {
                    continue;
                };
                if except.iter().any(|e| i128::from(*e) == n) {
                    continue;
                }
                let bad = any_of.is_some_and(|b| n & i128::from(b) == 0)
                    || none_of.is_some_and(|b| n & i128::from(b) != 0)
                    || not_all_of.is_some_and(|b| n & i128::from(b) == i128::from(b));
                if bad {
                    let mut x = value_facts(ops, at, false);
                    x.value = Some(n);
                    report(Some(at), x);
                }
            }
        }
        Kind::Implies { bits, then_bits } => {
            let Some(then) = u.extra else { return };
            let Value::Int(t) = ops.value(then) else {
                return;
            };
            let t = in_width(t, ops.width(then), false);
            for &at in u.operands {
                if let Value::Int(n) = ops.value(at) {
                    let n = in_width(n, ops.width(at), false);
                    let b = i128::from(bits);
                    let tb = i128::from(then_bits);
                    if n & b == b && t & tb != tb {
                        report(Some(at), value_facts(ops, at, false));
                    }
                }
            }
        }
        Kind::MaskedDefined | Kind::MaskMatches => {
            let Some(mask_at) = u.extra else { return };
            let Value::Int(m) = ops.value(mask_at) else {
                return;
            };
            let mask = in_width(m, ops.width(mask_at), false);
            let mut defined = 0i128;
            let mut masked_undef = None;
            let mut opaque = false;
            for (i, &at) in u.operands.iter().enumerate() {
                let v = ops.value(at);
                opaque |= matches!(v, Value::Opaque);
                let undef = matches!(v, Value::Undef);
                if !undef {
                    defined |= 1 << i;
                } else if mask & (1 << i) != 0 && masked_undef.is_none() {
                    masked_undef = Some(at);
                }
            }
            let x = Facts {
                mask,
                defined,
                ..Facts::default()
            };
            match (u.constraint.kind, masked_undef) {
                (Kind::MaskedDefined, Some(at)) => report(Some(at), x),
                (Kind::MaskMatches, None) if mask != defined && !opaque => report(None, x),
                _ => {}
            }
        }
        Kind::Overload { set, .. } => {
            if let Some(o) = ctx.overload
                && set.contains(&o)
            {
                report(
                    None,
                    Facts {
                        overload: Some(o),
                        ..Facts::default()
                    },
                );
            }
        }
        Kind::BindIndex => {
            let Some(index) = u.extra else { return };
            for &at in u.operands {
                let (lower, upper) = match ops.value(at) {
                    Value::Fields { fields, len } if len >= 2 => {
                        (fields[0] as u32, fields[1] as u32)
                    }
                    Value::Zero => (0, 0),
                    _ => continue,
                };
                let bad = match ops.value(index) {
                    Value::Int(n) => {
                        let n = in_width(n, ops.width(index), false);
                        n < i128::from(lower) || n > i128::from(upper)
                    }
                    Value::Opaque => false,
                    _ => lower == upper,
                };
                if bad {
                    report(Some(index), value_facts(ops, index, false));
                }
            }
        }
        Kind::ResourceProperties => {
            for &at in u.operands {
                if let Some(Err(e)) = Resource::of_properties(ops.value(at)) {
                    let mut x = value_facts(ops, at, false);
                    x.resource_error = Some(e);
                    report(Some(at), x);
                }
            }
        }
        Kind::ResourceClass { classes } => {
            for &at in u.operands {
                if let Some(r) = ops.resource(at)
                    && !classes.contains(&r.class)
                {
                    report(Some(at), with_resource(Facts::default(), Some(r)));
                }
            }
        }
        Kind::ResourceKind {
            kinds,
            classes,
            scopes,
            undefined,
        } => {
            if !scopes.is_empty() {
                let Some(m) = u.extra.and_then(|e| ops.matrix(e)) else {
                    return;
                };
                if !scopes.iter().any(|s| *s as u32 == m.scope) {
                    return;
                }
            }
            for &at in u.operands {
                if undefined && is_undef(ops.value(at), true) {
                    report(Some(at), value_facts(ops, at, false));
                } else if let Some(r) = ops.resource(at)
                    && (!kinds.contains(&r.kind)
                        || (!classes.is_empty() && !classes.contains(&r.class)))
                {
                    report(Some(at), with_resource(Facts::default(), Some(r)));
                }
            }
        }
        Kind::SamplerMode { comparison } => {
            for &at in u.operands {
                if let Some(r) = ops.resource(at)
                    && r.kind == ResourceKind::Sampler
                    && r.comparison != comparison
                {
                    report(Some(at), with_resource(Facts::default(), Some(r)));
                }
            }
        }
        Kind::ComponentType { types } => {
            for &at in u.operands {
                if let Some(r) = ops.resource(at)
                    && let Some(c) = r.component
                    && !types.contains(&c)
                {
                    report(Some(at), with_resource(Facts::default(), Some(r)));
                }
            }
        }
        Kind::MatrixMetadata
        | Kind::MatrixScope { .. }
        | Kind::MatrixUse { .. }
        | Kind::MatrixComponent { .. }
        | Kind::MatrixK { .. } => {
            for &at in u.operands {
                let Some(m) = ops.matrix(at) else { continue };
                let mut x = Facts::default();
                x.matrices[0] = Some(m);
                x.component = Some(m.component);
                let bad = match u.constraint.kind {
                    Kind::MatrixMetadata => !m.has_metadata,
                    Kind::MatrixScope { scopes } => !scopes.iter().any(|s| *s as u32 == m.scope),
                    Kind::MatrixUse { uses } => !uses.iter().any(|s| *s as u32 == m.usage),
                    Kind::MatrixComponent { types } => {
                        !types.iter().any(|t| *t as u32 == m.component)
                    }
                    Kind::MatrixK { min, max, scopes } => {
                        let k = match m.usage {
                            0 => m.n,
                            1 => m.m,
                            _ => continue,
                        };
                        if !scopes.is_empty() && !scopes.iter().any(|s| *s as u32 == m.scope) {
                            continue;
                        }
                        x.k = i64::from(k);
                        x.k < min || x.k > max
                    }
                    _ => false,
                };
                if bad {
                    report(Some(at), x);
                }
            }
        }
        Kind::SameScope | Kind::SameDims | Kind::SameType | Kind::KMatch | Kind::ProductDims => {
            let mut x = Facts::default();
            for (slot, &at) in x.matrices.iter_mut().zip(u.operands) {
                *slot = ops.matrix(at);
                if slot.is_none() {
                    return;
                }
            }
            let ms: &[Option<Matrix<'a>>] = &x.matrices[..u.operands.len().min(4)];
            let m = |i: usize| ms.get(i).copied().flatten();
            let bad = match u.constraint.kind {
                Kind::SameScope => ms
                    .iter()
                    .flatten()
                    .any(|a| m(0).is_some_and(|b| a.scope != b.scope)),
                Kind::SameDims => {
                    let transpose = u.extra.is_some_and(|t| {
                        matches!(ops.value(t), Value::Int(n) if in_width(n, ops.width(t), false) == 1)
                    });
                    match (m(0), m(1)) {
                        (Some(a), Some(b)) if transpose => a.m != b.n || a.n != b.m,
                        (Some(a), Some(b)) => a.m != b.m || a.n != b.n,
                        _ => false,
                    }
                }
                Kind::SameType => match (m(0), m(1)) {
                    (Some(a), Some(b)) => a.name != b.name,
                    _ => false,
                },
                Kind::KMatch => match (m(0), m(1)) {
                    (Some(a), Some(b)) => a.n != b.m,
                    _ => false,
                },
                Kind::ProductDims => match (m(0), m(1), m(2)) {
                    (Some(c), Some(a), Some(b)) => c.m != a.m || c.n != b.n,
                    _ => false,
                },
                _ => false,
            };
            if bad {
                report(u.operands.first().copied(), x);
            }
        }
        Kind::VectorDim { rows } => {
            let Some(m) = u.extra.and_then(|e| ops.matrix(e)) else {
                return;
            };
            for &at in u.operands {
                let Some(v) = ops.vector(at) else { continue };
                let expected = if rows { m.m } else { m.n };
                if v.len != expected {
                    let mut x = Facts {
                        length: v.len,
                        expected,
                        ..Facts::default()
                    };
                    x.matrices[0] = Some(m);
                    x.vectors[0] = Some(v);
                    report(Some(at), x);
                }
            }
        }
        Kind::ScopeLayout { scopes, layouts } => {
            let Some(layout) = u.extra else { return };
            let Value::Int(l) = ops.value(layout) else {
                return;
            };
            let l = in_width(l, ops.width(layout), false);
            for &at in u.operands {
                let Some(m) = ops.matrix(at) else { continue };
                if scopes.iter().any(|s| *s as u32 == m.scope)
                    && !layouts.iter().any(|x| *x as i128 == l)
                {
                    let mut x = Facts {
                        layout: i64::try_from(l).ok(),
                        ..Facts::default()
                    };
                    x.matrices[0] = Some(m);
                    report(Some(at), x);
                }
            }
        }
        Kind::LayoutStride { layouts } => {
            let Some(layout) = u.extra else { return };
            let Value::Int(l) = ops.value(layout) else {
                return;
            };
            let l = in_width(l, ops.width(layout), false);
            if !layouts.iter().any(|x| *x as i128 == l) {
                return;
            }
            for &at in u.operands {
                if let Value::Int(n) = ops.value(at)
                    && n != 0
                {
                    let mut x = value_facts(ops, at, false);
                    x.layout = i64::try_from(l).ok();
                    report(Some(at), x);
                }
            }
        }
        Kind::SameElement => {
            let (Some(&a), Some(&b)) = (u.operands.first(), u.operands.get(1)) else {
                return;
            };
            if let (Some(va), Some(vb)) = (ops.vector(a), ops.vector(b))
                && va.element != vb.element
            {
                let x = Facts {
                    vectors: [Some(va), Some(vb)],
                    ..Facts::default()
                };
                report(Some(b), x);
            }
        }
        Kind::SignedFloat => {
            let (Some(&v), Some(&flag)) = (u.operands.first(), u.operands.get(1)) else {
                return;
            };
            if let Some(vec) = ops.vector(v)
                && vec.is_float()
                && let Value::Int(n) = ops.value(flag)
                && in_width(n, ops.width(flag), false) != 1
            {
                let x = Facts {
                    vectors: [Some(vec), None],
                    value: Some(in_width(n, ops.width(flag), false)),
                    ..Facts::default()
                };
                report(Some(flag), x);
            }
        }
    }
}
