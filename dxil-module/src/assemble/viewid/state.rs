//! The view-ID state of an entry point: which output components depend on the view ID and on
//! which input components, as sets of scalars, with DXC's serialized form (the words of
//! `!dx.viewIdState`) and the `PSV0` form (masks and tables sized by the part's vector counts).

use dxil_ops::ShaderKind;

use crate::container::psv::{RuntimeInfo1, mask_words};

/// A set of scalars of a signature: bit `i` for the component at linear index `i` (four per
/// row of the packed location: row × 4 + column). Signatures hold at most 32 rows, so 128
/// scalars.
pub type ComponentMask = u128;

/// The most scalars of a signature.
pub const MAX_SCALARS: u32 = 128;

/// The view-ID state of an entry point: for each set of outputs, the components that depend
/// on the view ID and, per input component, the output components it contributes to.
///
/// Counts are of scalars: one past the last packed component of the signature (its last
/// element's last row and column), as DXC counts them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViewIdState {
    /// The stage.
    pub stage: ShaderKind,
    /// Whether the shader uses the view ID (the shader flag); the view-ID masks are kept only
    /// then.
    pub uses_view_id: bool,
    /// The input scalars.
    pub input_scalars: u32,
    /// The output scalars of each stream (only geometry shaders have streams 1 to 3).
    pub output_scalars: [u32; 4],
    /// The patch-constant (hull, domain) or primitive (mesh) scalars.
    pub pc_scalars: u32,
    /// Per stream: the outputs that depend on the view ID.
    pub view_id_outputs: [ComponentMask; 4],
    /// The patch-constant or primitive outputs that depend on the view ID (hull and mesh
    /// shaders).
    pub view_id_pc_outputs: ComponentMask,
    /// Per stream: per input scalar, the outputs it contributes to.
    pub inputs_to_outputs: [Vec<ComponentMask>; 4],
    /// Per input scalar, the patch-constant or primitive outputs it contributes to (hull and
    /// mesh shaders).
    pub inputs_to_pc_outputs: Vec<ComponentMask>,
    /// Per patch-constant input scalar, the outputs it contributes to (domain shaders).
    pub pc_inputs_to_outputs: Vec<ComponentMask>,
}

/// The `u32` words that hold `n` bits.
fn words_for(n: u32) -> u32 {
    n.div_ceil(32)
}

/// Appends the first `words` words of `mask`.
fn put_mask(out: &mut Vec<u32>, mask: ComponentMask, words: u32) {
    out.extend((0..words.min(4)).map(|w| (mask >> (32 * w)) as u32));
    out.extend((4..words).map(|_| 0));
}

/// Reads a mask of `words` words.
fn get_mask(words: &[u32]) -> ComponentMask {
    words
        .iter()
        .take(4)
        .enumerate()
        .fold(0, |m, (w, &x)| m | ComponentMask::from(x) << (32 * w))
}

/// Appends a table: `rows` input rows (missing ones empty) of `words` words each.
fn put_table(out: &mut Vec<u32>, table: &[ComponentMask], rows: u32, words: u32) {
    for i in 0..rows as usize {
        put_mask(out, table.get(i).copied().unwrap_or(0), words);
    }
}

impl ViewIdState {
    /// An empty state: no scalars, no dependences.
    pub fn empty(stage: ShaderKind, uses_view_id: bool) -> ViewIdState {
        ViewIdState {
            stage,
            uses_view_id,
            input_scalars: 0,
            output_scalars: [0; 4],
            pc_scalars: 0,
            view_id_outputs: [0; 4],
            view_id_pc_outputs: 0,
            inputs_to_outputs: Default::default(),
            inputs_to_pc_outputs: Vec::new(),
            pc_inputs_to_outputs: Vec::new(),
        }
    }

    /// The output streams: 4 for geometry shaders, else 1.
    pub fn streams(&self) -> usize {
        if self.stage == ShaderKind::Geometry {
            4
        } else {
            1
        }
    }

    /// Whether the stage has patch-constant or primitive outputs (hull and mesh shaders).
    fn has_pc_outputs(&self) -> bool {
        matches!(self.stage, ShaderKind::Hull | ShaderKind::Mesh)
    }

    /// The state in DXC's serialized form (the array of `!dx.viewIdState`): the input
    /// count; per stream the output count, the view-ID mask (when the view ID is used) and
    /// the input-to-output table; then for hull, domain and mesh shaders the patch-constant
    /// count with the view-ID mask and the input-to-patch-constant table (hull, mesh) or the
    /// patch-constant-to-output table (domain).
    pub fn to_words(&self) -> Vec<u32> {
        let mut out = vec![self.input_scalars];
        for s in 0..self.streams() {
            let words = words_for(self.output_scalars[s]);
            out.push(self.output_scalars[s]);
            if self.uses_view_id {
                put_mask(&mut out, self.view_id_outputs[s], words);
            }
            put_table(
                &mut out,
                &self.inputs_to_outputs[s],
                self.input_scalars,
                words,
            );
        }
        if self.has_pc_outputs() {
            let words = words_for(self.pc_scalars);
            out.push(self.pc_scalars);
            if self.uses_view_id {
                put_mask(&mut out, self.view_id_pc_outputs, words);
            }
            put_table(
                &mut out,
                &self.inputs_to_pc_outputs,
                self.input_scalars,
                words,
            );
        } else if self.stage == ShaderKind::Domain {
            out.push(self.pc_scalars);
            let words = words_for(self.output_scalars[0]);
            put_table(&mut out, &self.pc_inputs_to_outputs, self.pc_scalars, words);
        }
        out
    }

    /// Reads DXC's serialized form ([`ViewIdState::to_words`]); `None` when the words do not
    /// have its layout (too few or too many, counts above [`MAX_SCALARS`]).
    pub fn from_words(stage: ShaderKind, uses_view_id: bool, words: &[u32]) -> Option<Self> {
        let mut state = ViewIdState::empty(stage, uses_view_id);
        let mut at = words;
        let mut take = |n: u32| -> Option<&[u32]> {
            let n = n as usize;
            let (head, rest) = (at.get(..n)?, at.get(n..)?);
            at = rest;
            Some(head)
        };
        let count = |w: &[u32]| w.first().copied().filter(|&n| n <= MAX_SCALARS);
        let table = |w: &[u32], per_row: u32| -> Vec<ComponentMask> {
            w.chunks(per_row.max(1) as usize).map(get_mask).collect()
        };
        state.input_scalars = count(take(1)?)?;
        for s in 0..state.streams() {
            let n = count(take(1)?)?;
            let words = words_for(n);
            state.output_scalars[s] = n;
            if uses_view_id {
                state.view_id_outputs[s] = get_mask(take(words)?);
            }
            let rows = take(words * state.input_scalars)?;
            state.inputs_to_outputs[s] = if words == 0 {
                vec![0; state.input_scalars as usize]
            } else {
                table(rows, words)
            };
        }
        if state.has_pc_outputs() || stage == ShaderKind::Domain {
            let n = count(take(1)?)?;
            state.pc_scalars = n;
            if stage == ShaderKind::Domain {
                let words = words_for(state.output_scalars[0]);
                let rows = take(words * n)?;
                state.pc_inputs_to_outputs = if words == 0 {
                    vec![0; n as usize]
                } else {
                    table(rows, words)
                };
            } else {
                let words = words_for(n);
                if uses_view_id {
                    state.view_id_pc_outputs = get_mask(take(words)?);
                }
                let rows = take(words * state.input_scalars)?;
                state.inputs_to_pc_outputs = if words == 0 {
                    vec![0; state.input_scalars as usize]
                } else {
                    table(rows, words)
                };
            }
        }
        at.is_empty().then_some(state)
    }

    /// Appends the `PSV0` view-ID masks and dependence tables, sized by the vector counts of
    /// `v1`: the view-ID masks of the streams (when the view ID is used) and of the patch
    /// constants or primitives (hull and mesh shaders); the input-to-output table of each
    /// stream; the input-to-patch-constant table (hull shaders) or the
    /// patch-constant-to-output table (domain shaders).
    pub fn write_psv(&self, out: &mut Vec<u8>, v1: &RuntimeInfo1) {
        let mut words = Vec::new();
        let inputs = u32::from(v1.sig_input_vectors);
        let outputs = v1.sig_output_vectors.map(u32::from);
        let pc = u32::from(v1.sig_patch_const_or_prim_vectors());
        let table = |w: &mut Vec<u32>, t: &[ComponentMask], inputs: u32, outputs: u32| {
            if inputs > 0 && outputs > 0 {
                put_table(w, t, inputs * 4, mask_words(outputs));
            }
        };
        if v1.uses_view_id != 0 {
            for (s, &o) in outputs.iter().enumerate() {
                put_mask(&mut words, self.view_id_outputs[s], mask_words(o));
            }
            if self.has_pc_outputs() {
                put_mask(&mut words, self.view_id_pc_outputs, mask_words(pc));
            }
        }
        for (s, &o) in outputs.iter().enumerate() {
            table(&mut words, &self.inputs_to_outputs[s], inputs, o);
        }
        match self.stage {
            ShaderKind::Hull => table(&mut words, &self.inputs_to_pc_outputs, inputs, pc),
            ShaderKind::Domain => table(&mut words, &self.pc_inputs_to_outputs, pc, outputs[0]),
            _ => {}
        }
        for w in words {
            out.extend_from_slice(&w.to_le_bytes());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serialized_form_round_trips() {
        let mut s = ViewIdState::empty(ShaderKind::Hull, true);
        s.input_scalars = 6;
        s.output_scalars[0] = 40;
        s.pc_scalars = 3;
        s.view_id_outputs[0] = 1 << 33;
        s.view_id_pc_outputs = 0b100;
        s.inputs_to_outputs[0] = vec![1, 0, 1 << 39, 0, 0, 0];
        s.inputs_to_pc_outputs = vec![0, 0b11, 0, 0, 0, 0];
        let words = s.to_words();
        // 1 + (1 + 2 + 6 * 2) + (1 + 1 + 6)
        assert_eq!(words.len(), 24);
        assert_eq!(
            ViewIdState::from_words(ShaderKind::Hull, true, &words),
            Some(s)
        );
        assert_eq!(
            ViewIdState::from_words(ShaderKind::Hull, true, &words[1..]),
            None
        );
        let mut longer = words.clone();
        longer.push(0);
        assert_eq!(
            ViewIdState::from_words(ShaderKind::Hull, true, &longer),
            None
        );
    }

    #[test]
    fn domain_shaders_have_a_patch_constant_input_table() {
        let mut s = ViewIdState::empty(ShaderKind::Domain, false);
        s.input_scalars = 4;
        s.output_scalars[0] = 4;
        s.pc_scalars = 2;
        s.inputs_to_outputs[0] = vec![1, 2, 4, 8];
        s.pc_inputs_to_outputs = vec![0b1111, 0];
        let words = s.to_words();
        assert_eq!(words, vec![4, 4, 1, 2, 4, 8, 2, 0b1111, 0]);
        assert_eq!(
            ViewIdState::from_words(ShaderKind::Domain, false, &words),
            Some(s)
        );
    }
}
