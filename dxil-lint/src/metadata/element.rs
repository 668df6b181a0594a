//! The checks of one signature element on its own (DXC's `ValidateSignatureElement`): its
//! semantic name, component type, interpolation mode, whether its semantic may be in the
//! signature and be packed there, what type and shape a system value has, its semantic index,
//! its rows and its columns.

use dxil_module::dxil::SignatureElement;
use dxil_ops::enums::{ComponentType, InterpolationMode, SemanticKind};
use dxil_ops::rules::ValidationRule;

use super::semantic::Semantic;
use super::signature::Sig;
use super::{Cx, Findings};
use crate::Diagnostic;

/// What kind of numbers a component type holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    Float,
    Int,
    Bool,
}

/// The width in bits and the class of the component type numbered `t` as a signature holds it
/// (the packed 8-bit types are read as `U32`); `None` for a type a signature cannot hold.
pub(crate) fn component(t: u8) -> Option<(u32, Class)> {
    use ComponentType as C;
    Some(match C::from_value(t.into())? {
        C::I1 => (1, Class::Bool),
        C::I16 | C::U16 => (16, Class::Int),
        C::I32 | C::U32 | C::PackedS8x32 | C::PackedU8x32 => (32, Class::Int),
        C::I64 | C::U64 => (64, Class::Int),
        C::F16 | C::SNormF16 | C::UNormF16 => (16, Class::Float),
        C::F32 | C::SNormF32 | C::UNormF32 => (32, Class::Float),
        C::F64 | C::SNormF64 | C::UNormF64 => (64, Class::Float),
        _ => return None,
    })
}

/// Whether an interpolation mode interpolates linearly (any of the `Linear*` modes).
pub(crate) fn is_linear(mode: u8) -> bool {
    use InterpolationMode as I;
    matches!(
        InterpolationMode::from_value(mode.into()),
        Some(
            I::Linear
                | I::LinearCentroid
                | I::LinearNoperspective
                | I::LinearNoperspectiveCentroid
                | I::LinearSample
                | I::LinearNoperspectiveSample
        )
    )
}

/// What the type of system value `kind` must be (DXC's words), and whether an element of
/// width `width`, class `class`, component type `t` and `cols` columns is one.
fn type_rule(
    kind: SemanticKind,
    t: u8,
    cols: u8,
    comp: Option<(u32, Class)>,
) -> Option<(&'static str, bool)> {
    use SemanticKind as K;
    let (width, class) = comp.map_or((0, None), |(w, c)| (w, Some(c)));
    let float = class == Some(Class::Float);
    let u32_ = ComponentType::from_value(t.into()) == Some(ComponentType::U32);
    let u16_ = ComponentType::from_value(t.into()) == Some(ComponentType::U16);
    Some(match kind {
        K::Depth | K::DepthGreaterEqual | K::DepthLessEqual => {
            ("float", float && width <= 32 && cols == 1)
        }
        K::Coverage | K::InnerCoverage | K::OutputControlPointID => ("uint", u32_ && cols == 1),
        K::Position => ("float4", float && width <= 32 && cols == 4),
        K::Target => ("float/int/uint", width <= 32),
        K::ClipDistance | K::CullDistance | K::TessFactor | K::InsideTessFactor => {
            ("float", float && width <= 32)
        }
        K::Barycentrics => ("float", float && width <= 32),
        K::IsFrontFace => (
            "uint",
            class == Some(Class::Int) && width == 32 && cols == 1,
        ),
        K::RenderTargetArrayIndex
        | K::ViewPortArrayIndex
        | K::VertexID
        | K::PrimitiveID
        | K::InstanceID
        | K::GSInstanceID
        | K::SampleIndex
        | K::StencilRef
        | K::ShadingRate => ("uint", (u32_ || u16_) && cols == 1),
        K::CullPrimitive => ("bool", class == Some(Class::Bool) && cols == 1),
        _ => return None,
    })
}

/// The kinds DXC's element check knows; any other system value in a signature is reported as
/// an invalid semantic kind.
fn known_kind(kind: SemanticKind) -> bool {
    use SemanticKind as K;
    !matches!(
        kind,
        K::DispatchThreadID
            | K::GroupID
            | K::GroupIndex
            | K::GroupThreadID
            | K::ViewID
            | K::StartVertexLocation
            | K::StartInstanceLocation
    )
}

/// What the element checks found that the packing checks need.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Found {
    /// Its columns do not fit in a row (reported).
    pub(crate) out_of_range: bool,
}

/// Checks element `e` with semantic `sem` in signature `sig`.
pub(crate) fn check(
    cx: &Cx<'_>,
    sig: &Sig<'_>,
    index: usize,
    e: &SignatureElement<'_>,
    sem: Semantic,
    out: &mut Vec<Diagnostic>,
) -> Found {
    let at = sig.at(index, e);
    let line = cx.lines.node(Some(e.node));
    let name = e.semantic_text();
    let mut push = Findings::new(out, line, &at);
    let comp = component(e.component_type);

    // the name of an arbitrary semantic (a system value is named by its kind)
    if !sem.is_system_value() && !(1..=64).contains(&e.semantic.len()) {
        push.add(
            ValidationRule::MetaSemanticLen,
            &[],
            format_args!(
                "its name has {} bytes; give it a name of 1 to 64",
                e.semantic.len()
            ),
        );
    }
    if comp.is_none() {
        push.add(
            ValidationRule::MetaSignatureCompType,
            &[&name],
            format_args!(
                "component type {} is not one a signature holds (an integer, float, snorm or unorm type of 16, 32 or 64 bits, or i1)",
                e.component_type
            ),
        );
    }
    if matches!(comp, Some((_, Class::Int | Class::Bool))) && is_linear(e.interpolation) {
        push.add(
            ValidationRule::MetaIntegerInterpMode,
            &[&name],
            format_args!(
                "an integer element is interpolated {}; make it `nointerpolation` (Constant)",
                mode_name(e.interpolation)
            ),
        );
    }

    // whether it may be in the signature, and packed there
    let kind_name = sem.kind.map_or("an invalid semantic kind", |k| k.name());
    if !sem.allowed_in_signature() {
        let why = if sem.kind.is_some() {
            "is not declared in the signature: it is read with its op; remove the element"
        } else {
            "is not available there; remove the element or use a semantic this signature holds"
        };
        push.add(
            ValidationRule::SmSemantic,
            &[&name, &cx.module_kind, &sig.dxc_name()],
            format_args!(
                "semantic kind {} ({}) in the {} signature of a {} shader {why}",
                e.semantic_kind,
                SemanticKind::from_value(e.semantic_kind.into()).map_or("no kind", |k| k.name()),
                sig.label,
                crate::facts::kind_name(sig.stage),
            ),
        );
    } else if sem.should_be_allocated() && !e.is_allocated() {
        push.add(
            ValidationRule::MetaSemanticShouldBeAllocated,
            &[&sig.dxc_name(), &name],
            format_args!(
                "its start row/column are ({}, {}); give it a packing location",
                e.start_row, e.start_col
            ),
        );
    } else if !sem.should_be_allocated() && e.is_allocated() {
        push.add(
            ValidationRule::MetaSemanticShouldNotBeAllocated,
            &[&sig.dxc_name(), &name],
            format_args!(
                "{kind_name} is not packed here but has location ({}, {}); set its start row and column to -1",
                e.start_row, e.start_col
            ),
        );
    }

    // the type and shape of a system value
    if let Some(kind) = sem.kind.filter(|k| *k != SemanticKind::Arbitrary) {
        match type_rule(kind, e.component_type, e.cols, comp) {
            Some((want, false)) => push.add(
                ValidationRule::MetaSemanticCompType,
                &[&format_args!("SV_{}", kind.name()), &want],
                format_args!(
                    "it has component type {} and {} column(s)",
                    ComponentType::from_value(e.component_type.into())
                        .map_or("invalid", |c| c.name()),
                    e.cols
                ),
            ),
            Some(_) => {}
            None if !known_kind(kind) => push.add(
                ValidationRule::MetaSemaKindValid,
                &[&name],
                format_args!(
                    "{} is not a semantic kind of signature elements",
                    kind.name()
                ),
            ),
            None => {}
        }
        if kind == SemanticKind::Barycentrics {
            if !is_linear(e.interpolation) {
                push.add(
                    ValidationRule::MetaBarycentricsInterpolation,
                    &[],
                    format_args!("it is interpolated {}", mode_name(e.interpolation)),
                );
            }
            if e.cols != 3 {
                push.add(
                    ValidationRule::MetaBarycentricsFloat3,
                    &[],
                    format_args!("it has {} column(s)", e.cols),
                );
            }
        }
    }

    // the output stream
    let stream = e.output_stream();
    if !cx.library {
        if cx.module_gs && sig.kind == dxil_ops::enums::SignatureKind::Output {
            if stream >= 4 {
                push.add(
                    ValidationRule::SmStreamIndexRange,
                    &[&stream, &3],
                    format_args!("it is written to stream {stream}"),
                );
            }
        } else if stream > 0 {
            push.add(
                ValidationRule::SmStreamIndexRange,
                &[&stream, &0],
                format_args!("only geometry-shader outputs have streams"),
            );
        }
    }

    // rows and semantic indices
    if sem.kind == Some(SemanticKind::Target) {
        let start = e.start_row as u32;
        if e.semantic_indices
            .iter()
            .enumerate()
            .any(|(k, &i)| start.wrapping_add(k as u32) != i)
        {
            push.add(
                ValidationRule::SmPsTargetIndexMatchesRow,
                &[],
                format_args!(
                    "its semantic indices {:?} are not the rows it starts at ({})",
                    e.semantic_indices, e.start_row
                ),
            );
        }
        if e.start_col != 0 {
            push.add(
                ValidationRule::SmPsTargetCol0,
                &[],
                format_args!("it starts at column {}", e.start_col),
            );
        }
        if i64::from(e.start_row) + i64::from(e.rows) > 8 {
            push.add(
                ValidationRule::MetaSemanticIndexMax,
                &[&"SV_Target", &7],
                format_args!(
                    "it takes rows {} to {}",
                    e.start_row,
                    i64::from(e.start_row) + i64::from(e.rows) - 1
                ),
            );
        }
    } else if sem.allowed_in_signature() && sem.is_system_value() {
        let kind = sem.kind.unwrap_or(SemanticKind::Invalid);
        let clip_cull = matches!(
            kind,
            SemanticKind::ClipDistance | SemanticKind::CullDistance
        );
        let tess = matches!(
            kind,
            SemanticKind::TessFactor | SemanticKind::InsideTessFactor
        );
        let max = if kind == SemanticKind::Barycentrics {
            Some(1)
        } else {
            (!clip_cull).then_some(0)
        };
        if let Some(max) = max
            && e.semantic_start_index() > max
        {
            push.add(
                ValidationRule::MetaSemanticIndexMax,
                &[&format_args!("SV_{}", kind.name()), &max],
                format_args!("its semantic index is {}", e.semantic_start_index()),
            );
        }
        if !tess && !clip_cull && e.rows > 1 {
            push.add(
                ValidationRule::MetaSystemValueRows,
                &[&format_args!("SV_{}", kind.name())],
                format_args!("it has {} rows; declare it as a single row", e.rows),
            );
        }
    }

    // the columns
    let mut found = Found::default();
    let start_col = if e.is_allocated() {
        i32::from(e.start_col) as u32
    } else {
        0
    };
    if u32::from(e.cols).wrapping_add(start_col) > 4 {
        found.out_of_range = true;
        push.add(
            ValidationRule::MetaSignatureOutOfRange,
            &[&name, &e.start_row, &e.start_col, &e.rows, &e.cols],
            format_args!(
                "{} column(s) from column {} do not fit in the 4 of a row",
                e.cols, e.start_col
            ),
        );
    }
    if InterpolationMode::from_value(e.interpolation.into())
        .is_none_or(|m| m == InterpolationMode::Invalid)
    {
        push.add(
            ValidationRule::MetaInterpModeValid,
            &[&name],
            format_args!("interpolation mode {} is not one (0 to 7)", e.interpolation),
        );
    }
    found
}

/// The name of an interpolation mode, or its number.
pub(crate) fn mode_name(mode: u8) -> String {
    InterpolationMode::from_value(mode.into())
        .map_or_else(|| format!("with mode {mode}"), |m| m.name().to_owned())
}
