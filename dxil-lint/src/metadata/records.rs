//! The checks of each record of `!dx.resources` on its own (DXC's `ValidateResources` and
//! `ValidateResource`): a shape a resource can have, rasterizer-ordered views in pixel shaders,
//! no cube UAVs, counters on structured buffers only and never coherent, sample counts on
//! multisampled textures only, a sampler mode that is one.

use dxil_module::dxil::{ResourceDetail, ResourceRecord};
use dxil_ops::enums::{ResourceKind, SamplerKind};
use dxil_ops::rules::ValidationRule;

use super::{Cx, Findings};
use crate::Diagnostic;

/// Whether an SRV or UAV may have shape `kind` (a number); `None` when it is no kind.
fn known_shape(kind: Option<ResourceKind>) -> bool {
    use ResourceKind as K;
    !matches!(
        kind,
        None | Some(K::Invalid | K::CBuffer | K::Sampler | K::NumEntries)
    )
}

/// Whether a shape is a multisampled texture.
fn multisampled(kind: Option<ResourceKind>) -> bool {
    matches!(
        kind,
        Some(ResourceKind::Texture2DMS | ResourceKind::Texture2DMSArray)
    )
}

/// Checks record `r`; `name` names it for messages.
pub(crate) fn check(cx: &Cx<'_>, r: &ResourceRecord<'_>, name: &str, out: &mut Vec<Diagnostic>) {
    let line = cx.lines.resource(r.node);
    let kind = r.kind();
    let shape = kind.map_or_else(|| "no kind".to_owned(), |k| k.name().to_owned());
    let mut push = Findings::new(out, line, format!("`{name}`"));
    match r.detail {
        ResourceDetail::Srv {
            shape: raw,
            sample_count,
        } => {
            if !known_shape(kind) {
                push.add(
                    ValidationRule::SmInvalidResourceKind,
                    &[],
                    format_args!("shape {raw} is no kind of SRV"),
                );
            } else if sample_count > 0 && !multisampled(kind) {
                push.add(
                    ValidationRule::SmSampleCountOnlyOn2Dms,
                    &[],
                    format_args!("a {shape} with sample count {sample_count}; make it 0"),
                );
            }
        }
        ResourceDetail::Uav {
            shape: raw,
            globally_coherent,
            counter,
            rasterizer_ordered,
        } => {
            if rasterizer_ordered && !cx.library && cx.module_kind != "ps" {
                push.add(
                    ValidationRule::SmRovOnlyInPs,
                    &[],
                    format_args!(
                        "a rasterizer-ordered {shape} in a {} shader",
                        cx.module_kind
                    ),
                );
            }
            if matches!(
                kind,
                Some(ResourceKind::TextureCube | ResourceKind::TextureCubeArray)
            ) {
                push.add(
                    ValidationRule::SmInvalidTextureKindOnUav,
                    &[],
                    format_args!("a UAV {shape}"),
                );
            }
            if counter && kind != Some(ResourceKind::StructuredBuffer) {
                push.add(
                    ValidationRule::SmCounterOnlyOnStructBuf,
                    &[],
                    format_args!("a {shape} with a counter; only a structured buffer has one"),
                );
            }
            if counter && globally_coherent {
                push.add(
                    ValidationRule::MetaCoherenceNotOnAppendConsume,
                    &[&"globally"],
                    format_args!("a {shape} with a counter is globally coherent"),
                );
            }
            if !known_shape(kind) {
                push.add(
                    ValidationRule::SmInvalidResourceKind,
                    &[],
                    format_args!("shape {raw} is no kind of UAV"),
                );
            }
        }
        ResourceDetail::Sampler { sampler_type } => {
            if SamplerKind::from_value(sampler_type.into()) == Some(SamplerKind::Invalid) {
                push.add(
                    ValidationRule::MetaValidSamplerMode,
                    &[],
                    format_args!(
                        "sampler type {sampler_type} is Invalid; make it 0 (default), 1 (comparison) or 2 (mono)"
                    ),
                );
            }
        }
        ResourceDetail::CBuffer { .. } => {}
    }
}
