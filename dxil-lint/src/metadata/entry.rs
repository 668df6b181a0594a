//! The entry points whose metadata DXC's validator checks, and the checks of each one's
//! signatures as a whole (DXC's `ValidateEntrySignatures`): which signatures may have
//! interpolation modes, which stages may have signatures, what a pixel shader may output.

use std::borrow::Cow;
use std::collections::HashMap;
use std::rc::Rc;

use dxil_module::dxil::properties::{DsState, GsState, HsState, MsState};
use dxil_module::dxil::{self, EntryPoint, SignatureElement, Signatures};
use dxil_module::model::{FuncId, MdId, Module};
use dxil_ops::ShaderKind;
use dxil_ops::enums::{InterpolationMode, SignatureKind};
use dxil_ops::rules::ValidationRule;

use super::Cx;
use super::signature::{self, Sig};
use super::stage;
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
    /// The states of its properties.
    pub(crate) states: States,
}

/// The states of a geometry, hull, domain or mesh shader in its properties, and the
/// thread-group size.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct States {
    /// The thread-group size (of the mesh or amplification state for those stages).
    pub(crate) num_threads: Option<[u32; 3]>,
    /// The mesh-shader state.
    pub(crate) ms: Option<MsState>,
    /// The geometry-shader state.
    pub(crate) gs: Option<GsState>,
    /// The hull-shader state.
    pub(crate) hs: Option<HsState>,
    /// The domain-shader state.
    pub(crate) ds: Option<DsState>,
}

impl States {
    /// The patch-constant function of a hull shader.
    pub(crate) fn patch_constant(&self) -> Option<FuncId> {
        self.hs.and_then(|s| s.patch_constant_function)
    }
}

/// The entry points of `m` to check.
pub(crate) fn entries<'m>(m: &'m Module, facts: &Facts<'_>) -> Vec<Entry<'m>> {
    let Some(model) = facts.model else {
        return Vec::new();
    };
    let library = model.is_library();
    let module_stage = model.stage();
    // each properties node read once, however many records name it
    let mut props: HashMap<Option<MdId>, (Option<ShaderKind>, States)> = HashMap::new();
    let mut sigs: HashMap<Option<MdId>, Option<Rc<Signatures<'m>>>> = HashMap::new();
    dxil::entry_points(m)
        .enumerate()
        .filter(|(i, _)| (*i == 0) != library)
        .filter_map(|(_, r)| r.ok())
        .filter_map(|record| {
            let (kind, states) = *props.entry(record.properties).or_insert_with(|| {
                let Ok(p) = record.properties() else {
                    return (None, States::default());
                };
                let states = States {
                    num_threads: p.num_threads().ok().flatten(),
                    ms: p.ms_state().ok().flatten(),
                    gs: p.gs_state().ok().flatten(),
                    hs: p.hs_state().ok().flatten(),
                    ds: p.ds_state().ok().flatten(),
                };
                (p.shader_kind().ok().flatten(), states)
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
                states,
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

    let inputs = signature::check(cx, &input, &sigs.input, out);
    let outputs = signature::check(cx, &output, &sigs.output, out);
    let patches = signature::check(cx, &patch, &sigs.patch_constant, out);
    let semantics = stage::Semantics {
        input: &inputs.semantics,
        output: &outputs.semantics,
        patch: &patches.semantics,
    };
    stage::check(cx, e, sigs, &semantics, out);

    match e.kind {
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
