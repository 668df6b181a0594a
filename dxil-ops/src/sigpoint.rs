//! Shapes of the signature tables: rows of the signature-point table and cells of the
//! semantic-interpretation table. The rows themselves are generated
//! ([`tables`](crate::tables)).

use crate::enums::{PackingKind, SemanticInterpretationKind, SigPointKind, SignatureKind};
use crate::{ShaderKind, ShaderModel};

/// A row of the signature-point table: one set of signature elements of one shader kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SigPointInfo {
    /// The signature point.
    pub kind: SigPointKind,
    /// For a point without a signature of its own, the point whose signature its elements
    /// belong to (hull-shader and patch-constant inputs read the control-point inputs).
    pub related: Option<SigPointKind>,
    /// The shader kind the point belongs to; `None` for the `Invalid` point (DXC's
    /// `ShaderKind::Invalid`, which is no stage).
    pub shader_kind: Option<ShaderKind>,
    /// How elements at this point are packed into rows.
    pub packing: PackingKind,
    /// The signature the elements are written to.
    pub signature: SignatureKind,
    /// Description.
    pub doc: &'static str,
}

/// A cell of the semantic-interpretation table: how a semantic is treated at a signature point,
/// and from which shader model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Interpretation {
    /// The treatment.
    pub kind: SemanticInterpretationKind,
    /// The first shader model with this treatment; `None` for every shader model.
    pub min_shader_model: Option<ShaderModel>,
}

impl Interpretation {
    /// The treatment `kind`, from shader model `min_shader_model` if given.
    pub const fn new(
        kind: SemanticInterpretationKind,
        min_shader_model: Option<ShaderModel>,
    ) -> Self {
        Interpretation {
            kind,
            min_shader_model,
        }
    }

    /// A table of cells picked from `cells` by position: generated code writes each distinct
    /// cell once and the table as positions into them.
    pub const fn table<const P: usize, const S: usize>(
        cells: &[Interpretation],
        picks: [[u8; P]; S],
    ) -> [[Interpretation; P]; S] {
        let mut out = [[cells[0]; P]; S];
        let mut s = 0;
        while s < S {
            let mut p = 0;
            while p < P {
                out[s][p] = cells[picks[s][p] as usize];
                p += 1;
            }
            s += 1;
        }
        out
    }

    /// Whether the treatment applies at shader model `sm` (it is not below the minimum).
    pub const fn applies_at(self, sm: ShaderModel) -> bool {
        match self.min_shader_model {
            Some(min) => !sm.is_before(min),
            None => true,
        }
    }
}
