//! The checks of an entry's signatures against its stage and the state in its properties
//! (DXC's `ValidateEntrySignatures` and `CheckPatchConstantSemantic`): what a pixel shader
//! outputs and how it interpolates its position with a conservative depth, how many scalars a
//! geometry shader emits, and the tessellation factors of hull and domain shaders.

use dxil_module::dxil::{SignatureElement, Signatures};
use dxil_ops::ShaderKind;
use dxil_ops::enums::{InterpolationMode, SemanticKind, TessellatorDomain};
use dxil_ops::rules::ValidationRule;

use super::Cx;
use super::entry::Entry;
use super::semantic::Semantic;
use crate::Diagnostic;

/// The semantics of the elements of an entry's three signatures, in order.
pub(crate) struct Semantics<'a> {
    /// Of the inputs.
    pub(crate) input: &'a [Semantic],
    /// Of the outputs.
    pub(crate) output: &'a [Semantic],
    /// Of the patch constants (or primitives).
    pub(crate) patch: &'a [Semantic],
}

/// The most scalars a geometry shader emits: its largest vertex count times the scalars of its
/// outputs (DXC's `kMaxGSOutputTotalScalars`).
const GS_MAX_TOTAL_SCALARS: u64 = 1024;

/// The elements of `list` with semantic kind `kind`.
fn of_kind<'e, 'm>(
    list: &'e [SignatureElement<'m>],
    semantics: &'e [Semantic],
    kind: SemanticKind,
) -> impl Iterator<Item = &'e SignatureElement<'m>> {
    list.iter()
        .zip(semantics)
        .filter(move |(_, s)| s.kind == Some(kind))
        .map(|(e, _)| e)
}

/// Checks the signatures `sigs` of `e` against its stage.
pub(crate) fn check(
    cx: &Cx<'_>,
    e: &Entry<'_>,
    sigs: &Signatures<'_>,
    sem: &Semantics<'_>,
    out: &mut Vec<Diagnostic>,
) {
    let line = cx.lines.node(Some(e.record.node));
    match e.kind {
        ShaderKind::Pixel => pixel(cx, e, sigs, sem, line, out),
        ShaderKind::Geometry => {
            let Some(gs) = e.states.gs else { return };
            let scalars: u64 = sigs
                .output
                .iter()
                .map(|el| u64::from(el.rows) * u64::from(el.cols))
                .fold(0, u64::saturating_add);
            let total = u64::from(gs.max_vertex_count).saturating_mul(scalars);
            if total > GS_MAX_TOTAL_SCALARS {
                out.push(crate::diagnostic(
                    line,
                    ValidationRule::SmGsTotalOutputVertexDataRange,
                    &[
                        &gs.max_vertex_count,
                        &scalars,
                        &total,
                        &GS_MAX_TOTAL_SCALARS,
                    ],
                    format_args!(
                        "geometry shader `{}`; emit fewer vertices or output fewer components",
                        e.name
                    ),
                ));
            }
        }
        ShaderKind::Hull => {
            let Some(hs) = e.states.hs else { return };
            if hs.input_control_points == 0 && !sigs.input.is_empty() {
                out.push(crate::diagnostic(
                    line,
                    ValidationRule::SmZeroHsInputControlPointWithInput,
                    &[],
                    format_args!(
                        "hull shader `{}` has {} input element(s)",
                        e.name,
                        sigs.input.len()
                    ),
                ));
            }
            tess_factors(cx, e, sigs, sem, hs.domain(), true, out);
        }
        ShaderKind::Domain => {
            let Some(ds) = e.states.ds else { return };
            tess_factors(cx, e, sigs, sem, ds.domain(), false, out);
        }
        _ => {}
    }
}

/// The outputs of a pixel shader, and the interpolation of its position with a conservative
/// depth output.
fn pixel(
    cx: &Cx<'_>,
    e: &Entry<'_>,
    sigs: &Signatures<'_>,
    sem: &Semantics<'_>,
    line: usize,
    out: &mut Vec<Diagnostic>,
) {
    use SemanticKind as K;
    let outputs = [
        K::Target,
        K::Coverage,
        K::Depth,
        K::DepthGreaterEqual,
        K::DepthLessEqual,
        K::StencilRef,
    ];
    for (el, s) in sigs.output.iter().zip(sem.output) {
        if !s.kind.is_some_and(|k| outputs.contains(&k)) {
            let name = el.semantic_text();
            out.push(crate::diagnostic(
                cx.lines.node(Some(el.node)),
                ValidationRule::SmPsOutputSemantic,
                &[&name],
                format_args!(
                    "the output `{name}` of pixel shader `{}` is none of them",
                    e.name
                ),
            ));
        }
    }
    // a conservative depth (greater or less equal) without sample frequency needs the
    // position interpolated without perspective, at the centroid or the sample
    let sample = |m: u8| {
        matches!(
            InterpolationMode::from_value(m.into()),
            Some(InterpolationMode::LinearSample | InterpolationMode::LinearNoperspectiveSample)
        )
    };
    let per_sample = sigs
        .input
        .iter()
        .zip(sem.input)
        .any(|(el, s)| s.kind == Some(K::SampleIndex) || sample(el.interpolation));
    let depth = sigs.output.iter().zip(sem.output).find_map(|(_, s)| {
        s.kind
            .filter(|k| matches!(k, K::Depth | K::DepthGreaterEqual | K::DepthLessEqual))
    });
    let position = of_kind(&sigs.input, sem.input, K::Position).last();
    if let (false, Some(K::DepthGreaterEqual | K::DepthLessEqual), Some(p)) =
        (per_sample, depth, position)
    {
        use InterpolationMode as I;
        let fine = matches!(
            I::from_value(p.interpolation.into()),
            Some(I::Undefined | I::LinearNoperspectiveCentroid | I::LinearNoperspectiveSample)
        );
        if !fine {
            out.push(crate::diagnostic(
                line,
                ValidationRule::SmPsConsistentInterp,
                &[],
                format_args!(
                    "pixel shader `{}` outputs SV_{} and interpolates SV_Position {}",
                    e.name,
                    depth.map_or("", |k| k.name()),
                    super::element::mode_name(p.interpolation)
                ),
            ));
        }
    }
}

/// The tessellation factors of the patch constants of a hull or domain shader: the edge factor
/// and the inside factor have the rows of the domain, in one column, and a hull shader has them.
fn tess_factors(
    cx: &Cx<'_>,
    e: &Entry<'_>,
    sigs: &Signatures<'_>,
    sem: &Semantics<'_>,
    domain: Option<TessellatorDomain>,
    hull: bool,
    out: &mut Vec<Diagnostic>,
) {
    let (edges, inside) = match domain {
        Some(TessellatorDomain::IsoLine) => (2, 0),
        Some(TessellatorDomain::Tri) => (3, 1),
        Some(TessellatorDomain::Quad) => (4, 2),
        _ => return,
    };
    let domain_name = domain.map_or("", |d| d.name());
    let factors = [
        (
            SemanticKind::TessFactor,
            edges,
            ValidationRule::SmTessFactorSizeMatchDomain,
        ),
        (
            SemanticKind::InsideTessFactor,
            inside,
            ValidationRule::SmInsideTessFactorSizeMatchDomain,
        ),
    ];
    for (kind, rows, rule) in factors {
        let mut found = false;
        for el in of_kind(&sigs.patch_constant, sem.patch, kind) {
            found = true;
            if el.rows != rows || el.cols > 1 {
                out.push(crate::diagnostic(
                    cx.lines.node(Some(el.node)),
                    rule,
                    &[&el.rows, &el.cols, &domain_name, &rows],
                    format_args!(
                        "the SV_{} of entry point `{}`; declare it as float[{rows}]",
                        kind.name(),
                        e.name
                    ),
                ));
            }
        }
        let needed = kind == SemanticKind::TessFactor || domain != Some(TessellatorDomain::IsoLine);
        if hull && !found && needed {
            out.push(crate::diagnostic(
                cx.lines.node(Some(e.record.node)),
                ValidationRule::SmTessFactorForDomain,
                &[],
                format_args!(
                    "hull shader `{}` of domain {domain_name} declares no SV_{}; declare it as float[{rows}] in its patch constants",
                    e.name,
                    kind.name()
                ),
            ));
        }
    }
}
