//! The checks of an entry's properties (DXC's `ValidateEntryProps`): the thread-group size of
//! compute, node, mesh and amplification shaders, the output counts of mesh shaders, and the
//! states of geometry, hull and domain shaders.

use dxil_ops::ShaderKind;
use dxil_ops::enums::{
    InputPrimitive, TessellatorDomain, TessellatorOutputPrimitive, TessellatorPartitioning,
};
use dxil_ops::module::limits::{
    CS_THREADS, GS_MAX_INSTANCES, GS_MAX_OUTPUT_VERTICES, MAX_CONTROL_POINTS, MS_AS_THREADS,
    MS_MAX_OUTPUT, TESS_FACTOR,
};
use dxil_ops::rules::ValidationRule;

use super::entry::Entry;
use super::{Cx, Findings};
use crate::Diagnostic;

/// Checks the properties of entry `e`.
pub(crate) fn check(cx: &Cx<'_>, e: &Entry<'_>, out: &mut Vec<Diagnostic>) {
    let line = cx.lines.node(e.record.properties.or(Some(e.record.node)));
    let mut f = Findings::new(out, line, format!("entry point `{}` ({})", e.name, e.kind));
    let s = &e.states;
    let group = match e.kind {
        ShaderKind::Compute | ShaderKind::Node => Some(CS_THREADS),
        ShaderKind::Mesh | ShaderKind::Amplification => Some(MS_AS_THREADS),
        _ => None,
    };
    if let (Some((max, most)), Some(n)) = (group, s.num_threads) {
        for ((axis, v), max) in ["X", "Y", "Z"].into_iter().zip(n).zip(max) {
            if !(1..=max).contains(&v) {
                f.add(
                    ValidationRule::SmThreadGroupChannelRange,
                    &[&axis, &v, &1, &max],
                    format_args!("declare [numthreads] with {axis} from 1 to {max}"),
                );
            }
        }
        // exact for any three u32s (at most 96 bits): no overflow, whatever the input says
        let count = n.iter().map(|&v| u128::from(v)).product::<u128>();
        if count > u128::from(most) {
            f.add(
                ValidationRule::SmMaxTheadGroup,
                &[&count, &most],
                format_args!("{} x {} x {} threads", n[0], n[1], n[2]),
            );
        }
    }
    match e.kind {
        ShaderKind::Mesh => {
            let Some(ms) = s.ms else { return };
            let (v, p) = (ms.max_vertex_count, ms.max_primitive_count);
            at_most(
                &mut f,
                ValidationRule::SmMeshShaderMaxVertexCount,
                v,
                MS_MAX_OUTPUT,
                "output vertices",
            );
            at_most(
                &mut f,
                ValidationRule::SmMeshShaderMaxPrimitiveCount,
                p,
                MS_MAX_OUTPUT,
                "output primitives",
            );
        }
        ShaderKind::Domain => {
            let Some(ds) = s.ds else { return };
            let rule = ValidationRule::SmDsInputControlPointCountRange;
            at_most(
                &mut f,
                rule,
                ds.input_control_points,
                MAX_CONTROL_POINTS,
                "input control points",
            );
            if valid_domain(ds.domain).is_none() {
                f.add(
                    ValidationRule::SmValidDomain,
                    &[],
                    format_args!("domain {}", ds.domain),
                );
            }
        }
        ShaderKind::Hull => {
            let Some(hs) = s.hs else { return };
            let rule = ValidationRule::SmHsInputControlPointCountRange;
            at_most(
                &mut f,
                rule,
                hs.input_control_points,
                MAX_CONTROL_POINTS,
                "input control points",
            );
            let outputs = hs.output_control_points;
            if outputs > MAX_CONTROL_POINTS {
                f.add(
                    ValidationRule::SmOutputControlPointCountRange,
                    &[&1, &MAX_CONTROL_POINTS, &outputs],
                    format_args!("{outputs} output control points"),
                );
            }
            let domain = valid_domain(hs.domain);
            if domain.is_none() {
                f.add(
                    ValidationRule::SmValidDomain,
                    &[],
                    format_args!("domain {}", hs.domain),
                );
            }
            if TessellatorPartitioning::from_value(hs.partitioning.into())
                == Some(TessellatorPartitioning::Undefined)
            {
                f.add(
                    ValidationRule::MetaTessellatorPartition,
                    &[],
                    format_args!("partitioning 0"),
                );
            }
            use TessellatorOutputPrimitive as P;
            let primitive = P::from_value(hs.output_primitive.into());
            if matches!(primitive, Some(P::Undefined | P::LastEntry)) {
                f.add(
                    ValidationRule::MetaTessellatorOutputPrimitive,
                    &[],
                    format_args!("output primitive {}", hs.output_primitive),
                );
            }
            let (low, high) = (f64::from(TESS_FACTOR.0), f64::from(TESS_FACTOR.1));
            // (as DXC, a NaN is not out of range)
            if hs.max_tess_factor < low || hs.max_tess_factor > high {
                f.add(
                    ValidationRule::MetaMaxTessFactor,
                    &[
                        &format_args!("{low:.6}"),
                        &format_args!("{high:.6}"),
                        &format_args!("{:.6}", hs.max_tess_factor),
                    ],
                    format_args!("the largest tessellation factor is {}", hs.max_tess_factor),
                );
            }
            let mismatch = match (domain, primitive) {
                (Some(TessellatorDomain::IsoLine), Some(P::TriangleCW | P::TriangleCCW)) => {
                    Some(ValidationRule::SmIsoLineOutputPrimitiveMismatch)
                }
                (Some(TessellatorDomain::Tri | TessellatorDomain::Quad), Some(P::Line)) => {
                    Some(ValidationRule::SmTriOutputPrimitiveMismatch)
                }
                _ => None,
            };
            if let (Some(rule), Some(d), Some(p)) = (mismatch, domain, primitive) {
                f.add(
                    rule,
                    &[],
                    format_args!("domain {} with output primitive {}", d.name(), p.name()),
                );
            }
        }
        ShaderKind::Geometry => {
            let Some(gs) = s.gs else { return };
            let rule = ValidationRule::SmGsOutputVertexCountRange;
            at_most(
                &mut f,
                rule,
                gs.max_vertex_count,
                GS_MAX_OUTPUT_VERTICES,
                "vertices ([maxvertexcount])",
            );
            if !(1..=GS_MAX_INSTANCES).contains(&gs.instance_count) {
                f.add(
                    ValidationRule::SmGsInstanceCountRange,
                    &[&GS_MAX_INSTANCES, &gs.instance_count],
                    format_args!("[instance] is 1 to {GS_MAX_INSTANCES}"),
                );
            }
            // a primitive of no vertices (the reserved values, or no value) is unrecognized
            use InputPrimitive as I;
            let known = matches!(
                I::from_value(gs.input_primitive.into()),
                Some(p) if !matches!(p, I::Reserved4 | I::Reserved5 | I::LastEntry)
            );
            if !known {
                f.add(
                    ValidationRule::SmGsValidInputPrimitive,
                    &[],
                    format_args!("input primitive {}", gs.input_primitive),
                );
            }
        }
        _ => {}
    }
}

/// Reports `rule` (whose message takes the limit, then the value) when `value` passes `max`.
fn at_most<T: std::fmt::Display>(
    f: &mut Findings<'_, T>,
    rule: ValidationRule,
    value: u32,
    max: u32,
    what: &str,
) {
    if value > max {
        f.add(
            rule,
            &[&max, &value],
            format_args!("{value} {what}; at most {max}"),
        );
    }
}

/// The domain numbered `d`, if it is one (not `Undefined`).
fn valid_domain(d: u32) -> Option<TessellatorDomain> {
    TessellatorDomain::from_value(d.into()).filter(|d| {
        matches!(
            d,
            TessellatorDomain::IsoLine | TessellatorDomain::Tri | TessellatorDomain::Quad
        )
    })
}
