//! The checks of one signature (DXC's `ValidateSignature`): each element on its own, then
//! across elements: semantic indices used twice, `SV_Target` rows, clip and cull distances,
//! depth outputs, barycentrics, system values declared twice, and the packing of the elements
//! into rows and columns.

use std::collections::{HashMap, HashSet};
use std::fmt;

use dxil_module::dxil::SignatureElement;
use dxil_ops::ShaderKind;
use dxil_ops::enums::{InterpolationMode, SemanticKind, SigPointKind, SignatureKind};
use dxil_ops::rules::ValidationRule;

use super::packing::{Allocator, Conflict, Packed};
use super::semantic::{self, Semantic};
use super::{Cx, Findings, element};
use crate::Diagnostic;

/// A signature of an entry point, with what its messages name.
pub(crate) struct Sig<'a> {
    /// Which signature.
    pub(crate) kind: SignatureKind,
    /// The stage of the entry.
    pub(crate) stage: ShaderKind,
    /// Its signature point; `None` when the stage has no such signature.
    pub(crate) point: Option<SigPointKind>,
    /// `input`, `output`, `patch constant` or `primitive`.
    pub(crate) label: &'static str,
    /// The entry point's name.
    pub(crate) entry: &'a str,
}

impl<'a> Sig<'a> {
    /// Signature `kind` of an entry of stage `stage` called `entry`.
    pub(crate) fn new(kind: SignatureKind, stage: ShaderKind, entry: &'a str) -> Self {
        let label = match kind {
            SignatureKind::Input => "input",
            SignatureKind::Output => "output",
            _ if stage == ShaderKind::Mesh => "primitive",
            _ => "patch constant",
        };
        Sig {
            kind,
            stage,
            point: semantic::sig_point(stage, kind),
            label,
            entry,
        }
    }

    /// What DXC's messages call the signature: `Input`, `Output` or `PatchConstant`.
    pub(crate) fn dxc_name(&self) -> &'static str {
        match self.kind {
            SignatureKind::Input => "Input",
            SignatureKind::Output => "Output",
            _ => "PatchConstant",
        }
    }

    /// Where element `index` is, for messages.
    pub(crate) fn at<'e>(&'e self, index: usize, e: &'e SignatureElement<'_>) -> At<'e> {
        At {
            sig: self,
            index,
            name: String::from_utf8_lossy(e.semantic).into_owned(),
        }
    }
}

/// An element, named for messages: `input element 1 (TEXCOORD) of entry point `main``.
pub(crate) struct At<'e> {
    sig: &'e Sig<'e>,
    index: usize,
    name: String,
}

impl fmt::Display for At<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} element {} ({}) of entry point `{}`",
            self.sig.label, self.index, self.name, self.sig.entry
        )
    }
}

/// What the checks of an entry need to know of one of its signatures afterwards.
#[derive(Default)]
pub(crate) struct Checked {
    /// The semantic of each element, in order.
    pub(crate) semantics: Vec<Semantic>,
}

/// The number of output streams of a geometry shader.
const STREAMS: usize = 4;

/// The number of rows of a signature.
const ROWS: usize = 32;

/// Checks the elements of signature `sig`.
pub(crate) fn check(
    cx: &Cx<'_>,
    sig: &Sig<'_>,
    elements: &[SignatureElement<'_>],
    out: &mut Vec<Diagnostic>,
) -> Checked {
    let mut checked = Checked::default();
    let mut allocators: [Allocator; STREAMS] = std::array::from_fn(|_| Allocator::new(ROWS));
    let mut indices: [HashMap<Vec<u8>, HashSet<u32>>; STREAMS] = Default::default();
    let mut used: [HashSet<SemanticKind>; STREAMS] = Default::default();
    let mut clip_cull_rows: [HashSet<i64>; STREAMS] = Default::default();
    let mut clip_cull_cols = [0u32; STREAMS];
    let mut targets = 0u32;
    let mut depth: Option<SemanticKind> = None;
    let (mut barycentrics, mut last_perspective) = (0usize, None::<bool>);
    let output = sig.kind == SignatureKind::Output;

    for (index, e) in elements.iter().enumerate() {
        let sem = semantic::resolve(e.semantic_kind, sig.point);
        checked.semantics.push(sem);
        let found = element::check(cx, sig, index, e, sem, out);
        let at = sig.at(index, e);
        let line = cx.lines.node(Some(e.node));
        let mut push = Findings::new(out, line, &at);
        let stream = match e.output_stream() as usize {
            s if s < STREAMS && output && cx.module_gs && !cx.library => s,
            _ => 0,
        };

        // a semantic index used twice (a system value is keyed by its kind's name)
        let key: Vec<u8> = match sem.kind {
            Some(k) if k != SemanticKind::Arbitrary => format!("SV_{}", k.name()).into_bytes(),
            _ => e.semantic.to_vec(),
        }
        .to_ascii_uppercase();
        let implicit = [0u32];
        let list: &[u32] =
            if e.semantic_indices.is_empty() && sem.kind != Some(SemanticKind::Arbitrary) {
                &implicit
            } else {
                &e.semantic_indices
            };
        let set = indices[stream].entry(key).or_default();
        if let Some(&i) = list.iter().find(|&&i| !set.insert(i)) {
            push.add(
                ValidationRule::MetaNoSemanticOverlap,
                &[&at.name, &i],
                format_args!(
                    "an earlier element of the signature has this semantic and index; give each a distinct index"
                ),
            );
            // as DXC, the rest of the signature is not checked
            return checked;
        }

        let Some(kind) = sem.kind else { continue };
        match kind {
            SemanticKind::Target => {
                let rows = e.rows;
                if i64::from(e.start_row) + i64::from(rows) <= 8 && e.start_row >= 0 && rows < 32 {
                    let mask = ((1u32 << rows) - 1) << e.start_row;
                    if targets & mask != 0 {
                        push.add(
                            ValidationRule::MetaNoSemanticOverlap,
                            &[&"SV_Target", &e.start_row],
                            format_args!(
                                "another SV_Target element takes one of rows {} to {}",
                                e.start_row,
                                i64::from(e.start_row) + i64::from(rows) - 1
                            ),
                        );
                    }
                    targets |= mask;
                }
                if rows > 1 {
                    push.add(
                        ValidationRule::SmNoPsOutputIdx,
                        &[],
                        format_args!(
                            "it is an array of {rows} rows; declare one SV_Target per render target"
                        ),
                    );
                }
                continue;
            }
            SemanticKind::Arbitrary => {}
            SemanticKind::ClipDistance | SemanticKind::CullDistance => {
                // the rows taken (more than 2 is reported, so no more are counted)
                let rows = &mut clip_cull_rows[stream];
                for r in 0..i64::from(e.rows) {
                    rows.insert(i64::from(e.start_row) + r);
                    if rows.len() > 2 {
                        break;
                    }
                }
                if rows.len() > 2 {
                    push.add(
                        ValidationRule::MetaClipCullMaxRows,
                        &[],
                        format_args!(
                            "the clip and cull distances so far take {} rows",
                            rows.len()
                        ),
                    );
                }
                clip_cull_cols[stream] = clip_cull_cols[stream].saturating_add(e.cols.into());
                if clip_cull_cols[stream] > 8 {
                    push.add(
                        ValidationRule::MetaClipCullMaxComponents,
                        &[],
                        format_args!(
                            "the clip and cull distances so far have {} components",
                            clip_cull_cols[stream]
                        ),
                    );
                }
            }
            SemanticKind::Depth
            | SemanticKind::DepthGreaterEqual
            | SemanticKind::DepthLessEqual => {
                if let Some(first) = depth {
                    push.add(
                        ValidationRule::SmPsMultipleDepthSemantic,
                        &[],
                        format_args!("SV_{} follows SV_{}", kind.name(), first.name()),
                    );
                }
                depth = Some(kind);
            }
            SemanticKind::Barycentrics => {
                barycentrics += 1;
                let perspective = !no_perspective(e.interpolation);
                if barycentrics > 2 {
                    push.add(
                        ValidationRule::MetaBarycentricsTwoPerspectives,
                        &[],
                        format_args!("this is SV_Barycentrics element {barycentrics}"),
                    );
                } else {
                    if last_perspective == Some(perspective) {
                        push.add(
                            ValidationRule::MetaBarycentricsTwoPerspectives,
                            &[],
                            format_args!(
                                "the other SV_Barycentrics element has the same perspective mode"
                            ),
                        );
                    }
                    last_perspective = Some(perspective);
                }
            }
            _ => {
                if !used[stream].insert(kind) {
                    push.add(
                        ValidationRule::MetaDuplicateSysValue,
                        &[&format_args!("SV_{}", kind.name())],
                        format_args!(
                            "an earlier element is SV_{} too; declare it once",
                            kind.name()
                        ),
                    );
                }
            }
        }

        // the packing location
        let Some(packed) = Packed::of(e, sem, cx.min_precision) else {
            continue;
        };
        let conflict = match allocators[stream].place(&packed, e.start_row, e.start_col) {
            Ok(()) => continue,
            Err(Conflict::Fit) if found.out_of_range => continue,
            Err(c) => c,
        };
        let (rule, what) = match conflict {
            Conflict::Indexed | Conflict::IndexedTessFactor => (
                ValidationRule::MetaSignatureIndexConflict,
                "it shares a row with an element indexed otherwise (a system value cannot share the rows of an array)",
            ),
            Conflict::InterpolationMode => (
                ValidationRule::MetaInterpModeInOneRow,
                "an element of another interpolation mode is in one of its rows",
            ),
            Conflict::Overlap => (
                ValidationRule::MetaSignatureOverlap,
                "an earlier element takes one of its components",
            ),
            Conflict::Order => (
                ValidationRule::MetaSignatureIllegalComponentOrder,
                "in a row, arbitrary values come first, then system values, then system-generated values",
            ),
            Conflict::Fit => (
                ValidationRule::MetaSignatureOutOfRange,
                "it does not fit in the 32 rows of 4 columns of a signature",
            ),
            Conflict::Narrow => continue,
            Conflict::DataWidth => (
                ValidationRule::MetaSignatureDataWidth,
                "an element of another width (16 or 32 bits) is in one of its rows",
            ),
        };
        push.add(
            rule,
            &[&at.name, &e.start_row, &e.start_col, &e.rows, &e.cols],
            format_args!("{what}; move it to free rows or columns"),
        );
    }
    checked
}

/// Whether an interpolation mode has no perspective correction.
fn no_perspective(mode: u8) -> bool {
    use InterpolationMode as I;
    matches!(
        InterpolationMode::from_value(mode.into()),
        Some(
            I::LinearNoperspective | I::LinearNoperspectiveCentroid | I::LinearNoperspectiveSample
        )
    )
}
