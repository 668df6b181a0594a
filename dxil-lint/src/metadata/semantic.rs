//! How an element of a signature is read, as DXC's validator reads it: the signature point of
//! its signature (from the signature-point table of the database), and its semantic at that
//! point (from the semantic-interpretation table).

use dxil_ops::ShaderKind;
use dxil_ops::enums::{SemanticInterpretationKind, SemanticKind, SigPointKind, SignatureKind};
use dxil_ops::tables::{SIG_POINTS, interpretation};

/// The signature point of signature `sig` of an entry of stage `kind`: the point of that stage
/// and signature, or, for the input of a stage whose inputs are all system values read by ops
/// (compute, mesh, amplification), its point without a signature of its own. `None` for a
/// stage without that signature (ray tracing and node shaders have none).
pub(crate) fn sig_point(kind: ShaderKind, sig: SignatureKind) -> Option<SigPointKind> {
    let of_stage = || SIG_POINTS.iter().filter(|p| p.shader_kind == Some(kind));
    of_stage()
        .find(|p| p.signature == sig)
        .or_else(|| {
            (sig == SignatureKind::Input).then(|| {
                of_stage().find(|p| p.signature == SignatureKind::Invalid && p.related.is_none())
            })?
        })
        .map(|p| p.kind)
}

/// The semantic of an element at its signature point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Semantic {
    /// The semantic kind the element has there: `None` when its kind is not available at the
    /// point (or is no kind); `Arbitrary` for a system value treated as arbitrary there (an
    /// `SV_Position` input of a vertex shader).
    pub(crate) kind: Option<SemanticKind>,
    /// How it is treated there (`NA` for a kind that is not available).
    pub(crate) interpretation: SemanticInterpretationKind,
}

impl Semantic {
    /// Whether it is a system value the signature holds (not arbitrary, not invalid).
    pub(crate) fn is_system_value(&self) -> bool {
        self.kind.is_some_and(|k| k != SemanticKind::Arbitrary)
    }

    /// Whether it may be in the signature at all.
    pub(crate) fn allowed_in_signature(&self) -> bool {
        !matches!(
            self.interpretation,
            SemanticInterpretationKind::NA
                | SemanticInterpretationKind::NotInSig
                | SemanticInterpretationKind::Invalid
        )
    }

    /// Whether it takes a packing location.
    pub(crate) fn should_be_allocated(&self) -> bool {
        self.allowed_in_signature()
            && !matches!(
                self.interpretation,
                SemanticInterpretationKind::NotPacked | SemanticInterpretationKind::Shadow
            )
    }
}

/// The semantic of an element whose semantic kind is the number `raw`, in a signature at
/// `point`. As DXC, a treatment gated by a shader model is taken as available (its validator
/// reads the table at the highest shader model), and an element of a signature at a point
/// whose related point (a point without a signature of its own that reads this one) has a
/// shadow of the kind is read at the related point (`SV_PrimitiveID` among the vertex inputs of
/// a geometry shader).
pub(crate) fn resolve(raw: u8, point: Option<SigPointKind>) -> Semantic {
    const INVALID: Semantic = Semantic {
        kind: None,
        interpretation: SemanticInterpretationKind::NA,
    };
    let Some(point) = point else {
        return INVALID;
    };
    let Some(kind) = SemanticKind::from_value(raw.into()).filter(|k| *k != SemanticKind::Invalid)
    else {
        return INVALID;
    };
    let point = SIG_POINTS
        .iter()
        .find(|p| {
            p.related == Some(point)
                && interpretation(kind, p.kind).kind == SemanticInterpretationKind::Shadow
        })
        .map_or(point, |p| p.kind);
    match interpretation(kind, point).kind {
        SemanticInterpretationKind::NA | SemanticInterpretationKind::Invalid => INVALID,
        SemanticInterpretationKind::Arb => Semantic {
            kind: Some(SemanticKind::Arbitrary),
            interpretation: interpretation(SemanticKind::Arbitrary, point).kind,
        },
        i => Semantic {
            kind: Some(kind),
            interpretation: i,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_of_stages() {
        use SignatureKind::*;
        let p = |k, s| sig_point(k, s);
        assert_eq!(p(ShaderKind::Vertex, Input), Some(SigPointKind::VSIn));
        assert_eq!(
            p(ShaderKind::Hull, PatchConstOrPrim),
            Some(SigPointKind::PCOut)
        );
        assert_eq!(
            p(ShaderKind::Domain, PatchConstOrPrim),
            Some(SigPointKind::DSIn)
        );
        assert_eq!(p(ShaderKind::Geometry, Input), Some(SigPointKind::GSVIn));
        assert_eq!(p(ShaderKind::Compute, Input), Some(SigPointKind::CSIn));
        assert_eq!(
            p(ShaderKind::Mesh, PatchConstOrPrim),
            Some(SigPointKind::MSPOut)
        );
        assert_eq!(
            p(ShaderKind::Amplification, Input),
            Some(SigPointKind::ASIn)
        );
        assert_eq!(p(ShaderKind::Compute, Output), None);
        assert_eq!(p(ShaderKind::RayGeneration, Input), None);
    }

    #[test]
    fn semantics_at_points() {
        let position = SemanticKind::Position as u8;
        // a vertex input named SV_Position is arbitrary
        assert_eq!(
            resolve(position, Some(SigPointKind::VSIn)).kind,
            Some(SemanticKind::Arbitrary)
        );
        assert!(resolve(position, Some(SigPointKind::PSIn)).is_system_value());
        // the primitive id among the vertex inputs of a geometry shader is a shadow
        let id = resolve(SemanticKind::PrimitiveID as u8, Some(SigPointKind::GSVIn));
        assert_eq!(id.interpretation, SemanticInterpretationKind::Shadow);
        assert!(id.allowed_in_signature() && !id.should_be_allocated());
        // not available, not in signatures, no kind
        assert_eq!(
            resolve(SemanticKind::Depth as u8, Some(SigPointKind::PSIn)).kind,
            None
        );
        let tid = resolve(
            SemanticKind::DispatchThreadID as u8,
            Some(SigPointKind::CSIn),
        );
        assert!(!tid.allowed_in_signature());
        assert_eq!(resolve(200, Some(SigPointKind::PSIn)).kind, None);
    }
}
