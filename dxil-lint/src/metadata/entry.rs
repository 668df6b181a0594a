//! The entry points whose metadata DXC's validator checks, and the checks of each one's
//! signatures as a whole (DXC's `ValidateEntrySignatures`): which signatures may have
//! interpolation modes, which stages may have signatures, what a pixel shader may output.

use std::borrow::Cow;
use std::collections::HashMap;
use std::rc::Rc;

use dxil_module::dxil::{self, EntryPoint, SignatureElement, Signatures};
use dxil_module::model::{FuncId, MdId, Module};
use dxil_ops::ShaderKind;
use dxil_ops::enums::{InterpolationMode, SemanticKind, SignatureKind};
use dxil_ops::rules::ValidationRule;

use super::Cx;
use super::signature::{self, Sig};
use crate::Diagnostic;
use crate::facts::Facts;

/// An entry point the validator checks: outside libraries the one of the module's stage, in a
/// library each record after the first with a shader kind in its properties.
pub(crate) struct Entry<'m> {
    /// Its record.
    pub(crate) record: EntryPoint<'m>,
    /// Its stage.
    pub(crate) kind: ShaderKind,
    /// Its name.
    pub(crate) name: Cow<'m, str>,
    /// Its signatures; `None` when they do not have their layout (not checked then). Entries
    /// whose records name one signatures node share them.
    pub(crate) signatures: Option<Rc<Signatures<'m>>>,
    /// The patch-constant function of a hull shader.
    pub(crate) patch_constant: Option<FuncId>,
}

/// What an entry's properties say: its shader kind and a hull shader's patch-constant
/// function (each properties node read once, however many records name it).
type PropsFacts = (Option<ShaderKind>, Option<FuncId>);

/// The entry points of `m` to check.
pub(crate) fn entries<'m>(m: &'m Module, facts: &Facts<'_>) -> Vec<Entry<'m>> {
    let Some(model) = facts.model else {
        return Vec::new();
    };
    let library = model.is_library();
    let module_stage = model.stage();
    let mut props: HashMap<Option<MdId>, PropsFacts> = HashMap::new();
    let mut sigs: HashMap<Option<MdId>, Option<Rc<Signatures<'m>>>> = HashMap::new();
    dxil::entry_points(m)
        .enumerate()
        .filter(|(i, _)| (*i == 0) != library)
        .filter_map(|(_, r)| r.ok())
        .filter_map(|record| {
            let (kind, patch_constant) = *props.entry(record.properties).or_insert_with(|| {
                let p = record.properties().ok();
                let p = p.as_ref();
                (
                    p.and_then(|p| p.shader_kind().ok().flatten()),
                    p.and_then(|p| p.hs_state().ok().flatten())
                        .and_then(|s| s.patch_constant_function),
                )
            });
            let kind = if library {
                kind.filter(|k| *k != ShaderKind::Library)?
            } else {
                module_stage?
            };
            let signatures = sigs
                .entry(record.signatures)
                .or_insert_with(|| {
                    record
                        .signatures()
                        .ok()
                        .map(|s| Rc::new(s.unwrap_or_default()))
                })
                .clone();
            Some(Entry {
                record,
                kind,
                name: record.name_text(),
                signatures,
                patch_constant,
            })
        })
        .collect()
}

/// Whether a stage is a ray-tracing stage, which has no signatures.
fn is_ray(kind: ShaderKind) -> bool {
    use ShaderKind as K;
    matches!(
        kind,
        K::RayGeneration | K::Intersection | K::AnyHit | K::ClosestHit | K::Miss | K::Callable
    )
}

/// Reports each element of `sig` whose interpolation mode is not `mode` with `rule`.
fn interpolation_is(
    cx: &Cx<'_>,
    sig: &Sig<'_>,
    elements: &[SignatureElement<'_>],
    (mode, rule): (InterpolationMode, ValidationRule),
    out: &mut Vec<Diagnostic>,
) {
    for (i, el) in elements.iter().enumerate() {
        if el.interpolation != mode as u8 {
            out.push(crate::diagnostic(
                cx.lines.node(Some(el.node)),
                rule,
                &[&el.semantic_text()],
                format_args!(
                    "{}: it has interpolation mode {}; make it {} ({})",
                    sig.at(i, el),
                    super::element::mode_name(el.interpolation),
                    mode.name(),
                    mode as u8
                ),
            ));
        }
    }
}

/// Checks the signatures of entry `e`.
pub(crate) fn check(cx: &Cx<'_>, e: &Entry<'_>, out: &mut Vec<Diagnostic>) {
    let Some(sigs) = &e.signatures else { return };
    let line = cx.lines.node(Some(e.record.node));
    let lists = [
        (SignatureKind::Input, &sigs.input),
        (SignatureKind::Output, &sigs.output),
        (SignatureKind::PatchConstOrPrim, &sigs.patch_constant),
    ];
    let count: usize = lists.iter().map(|(_, l)| l.len()).sum();
    if is_ray(e.kind) {
        if count > 0 {
            out.push(crate::diagnostic(
                line,
                ValidationRule::SmRayShaderSignatures,
                &[&e.name],
                format_args!(
                    "the {} entry point has {count} signature element(s); remove them",
                    e.kind
                ),
            ));
        }
        return;
    }
    let sig = |kind| Sig::new(kind, e.kind, &e.name);
    let (input, output, patch) = (
        sig(SignatureKind::Input),
        sig(SignatureKind::Output),
        sig(SignatureKind::PatchConstOrPrim),
    );
    // interpolation modes: none where nothing is interpolated, constant for primitives
    let none = (InterpolationMode::Undefined, ValidationRule::SmNoInterpMode);
    match e.kind {
        ShaderKind::Pixel => interpolation_is(cx, &output, &sigs.output, none, out),
        ShaderKind::Vertex => interpolation_is(cx, &input, &sigs.input, none, out),
        _ => {}
    }
    let patch_mode = if e.kind == ShaderKind::Mesh {
        (
            InterpolationMode::Constant,
            ValidationRule::SmConstantInterpMode,
        )
    } else {
        none
    };
    interpolation_is(cx, &patch, &sigs.patch_constant, patch_mode, out);

    signature::check(cx, &input, &sigs.input, out);
    let outputs = signature::check(cx, &output, &sigs.output, out);
    signature::check(cx, &patch, &sigs.patch_constant, out);

    match e.kind {
        ShaderKind::Pixel => {
            let allowed = [
                SemanticKind::Target,
                SemanticKind::Coverage,
                SemanticKind::Depth,
                SemanticKind::DepthGreaterEqual,
                SemanticKind::DepthLessEqual,
                SemanticKind::StencilRef,
            ];
            for (el, sem) in sigs.output.iter().zip(&outputs.semantics) {
                if !sem.kind.is_some_and(|k| allowed.contains(&k)) {
                    let name = el.semantic_text();
                    out.push(crate::diagnostic(
                        cx.lines.node(Some(el.node)),
                        ValidationRule::SmPsOutputSemantic,
                        &[&name],
                        format_args!(
                            "the output `{name}` of pixel shader `{}` is not one of them",
                            e.name
                        ),
                    ));
                }
            }
        }
        ShaderKind::Compute if count > 0 => out.push(crate::diagnostic(
            line,
            ValidationRule::SmCsNoSignatures,
            &[],
            format_args!(
                "`{}` has {count} signature element(s); a compute shader reads its ids with ops",
                e.name
            ),
        )),
        _ => {}
    }
}
