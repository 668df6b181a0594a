//! The view-ID state of an entry point, computed from its code as DXC computes it: which
//! output components depend on which input components, and which depend on the view ID
//! (`SV_ViewID`), for `PSV0`'s view-ID masks and dependence tables; and the state a module
//! records in `!dx.viewIdState` ([`recorded_words`]), made the computed one after an edit of
//! the code ([`refresh`]).
//!
//! The analysis starts from every store to an output (`storeOutput`, `storeVertexOutput`,
//! `storePrimitiveOutput`, `storePatchConstant`) in the functions the entry reaches (and, for a
//! hull shader, those its patch-constant function reaches), and walks back from the value
//! stored and from the control dependence of the store's block. An instruction reached
//! contributes; from it the walk goes on to
//!
//! - its operands;
//! - the terminators its block is control dependent on (they decide whether it runs);
//! - for a load or an atomic: every store to the declarations (globals, `alloca`s, arguments,
//!   the mesh payload) its pointer may point into, whatever the element or the order;
//! - for a call of a user function the entry reaches: the function's returns;
//! - for a `phi`: the control dependence of each constant operand, counted at the highest
//!   dominator of its incoming block from which only that constant reaches the `phi`.
//!
//! Then each output component depends on the input components read by the `loadInput`s (and
//! `loadOutputControlPoint`s of domain shaders, `loadPatchConstant`s for their patch-constant
//! table) among its contributing instructions, and on the view ID when a `viewID` call is
//! among them; a hull shader's patch-constant output that reads a control-point output
//! (`loadOutputControlPoint`) inherits that output's dependences. A store or load with a
//! dynamic row counts for every row of its element; elements not packed (start row -1) have no
//! components. A mesh shader's primitive outputs are recorded with its vertex outputs, at their
//! own component indices, as DXC records them.
//!
//! ```
//! use dxil_module::{assemble::viewid, text};
//!
//! let src = r#"
//! define void @main() {
//!   %a = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 undef)
//!   %v = call i32 @dx.op.viewID.i32(i32 138)
//!   %f = uitofp i32 %v to float
//!   %s = fadd float %a, %f
//!   call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float %s)
//!   ret void
//! }
//! declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32)
//! declare i32 @dx.op.viewID.i32(i32)
//! declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float)
//! !dx.version = !{!0}
//! !dx.shaderModel = !{!1}
//! !dx.entryPoints = !{!2}
//! !0 = !{i32 1, i32 1}
//! !1 = !{!"vs", i32 6, i32 1}
//! !2 = !{void ()* @main, !"main", !3, null, !8}
//! !3 = !{!4, !6, null}
//! !4 = !{!5}
//! !5 = !{i32 0, !"A", i8 9, i8 0, !7, i8 0, i32 1, i8 4, i32 0, i8 0, null}
//! !6 = !{!9}
//! !7 = !{i32 0}
//! !8 = !{i32 0, i64 2097152}
//! !9 = !{i32 0, !"B", i8 9, i8 0, !7, i8 0, i32 1, i8 4, i32 0, i8 0, null}
//! "#;
//! let m = text::parse(src.as_bytes()).expect("valid");
//! let state = viewid::compute(&m).expect("an entry point");
//! assert_eq!((state.input_scalars, state.output_scalars[0]), (4, 4));
//! // output component 2 (B.z) depends on input component 1 (A.y) and on the view ID
//! assert_eq!(state.inputs_to_outputs[0], vec![0, 0b100, 0, 0]);
//! assert_eq!(state.view_id_outputs[0], 0b100);
//! ```

mod flow;
mod memory;
mod record;
mod state;
mod walk;

use std::collections::{BTreeMap, HashSet};

use dxil_ops::{Op, ShaderKind};

pub(super) use record::apply;
pub use record::{Refresh, needed, recorded_words, refresh};
pub use state::{ComponentMask, MAX_SCALARS, ViewIdState};

use super::AssembleError;
use crate::dxil::{self, Property, SignatureElement};
use crate::dxop::DX_OP;
use crate::model::{Body, FuncId, InstId, Module, Value};
use walk::{InstSet, Walker};

/// The raw shader flag of a shader that uses the view ID.
const VIEW_ID_FLAG: u64 = 1 << 21;

/// The view-ID state of the first entry point of `m` (its stage from `!dx.shaderModel`),
/// computed from its code. An error when the metadata has no entry point or no stage, or does
/// not have DXC's layout; the code itself is never refused (what the analysis cannot follow
/// contributes nothing).
pub fn compute(m: &Module) -> Result<ViewIdState, AssembleError> {
    let sm = dxil::shader_model(m)
        .map_err(AssembleError::Layout)?
        .ok_or(AssembleError::Metadata("!dx.shaderModel"))?;
    let stage = sm
        .stage()
        .ok_or(AssembleError::Metadata("a shader stage in !dx.shaderModel"))?;
    let entry = dxil::entry_points(m)
        .next()
        .ok_or(AssembleError::Metadata("!dx.entryPoints"))?
        .map_err(AssembleError::Layout)?;
    let sigs = entry
        .signatures()
        .map_err(AssembleError::Layout)?
        .unwrap_or_default();
    let props = entry.properties().map_err(AssembleError::Layout)?;
    let flags = props
        .shader_flags()
        .map_err(AssembleError::Layout)?
        .unwrap_or(0);
    let patch_constant = match props.get(3).transpose().map_err(AssembleError::Layout)? {
        Some(Property::Hs(hs)) if stage == ShaderKind::Hull => hs.patch_constant_function,
        _ => None,
    };
    let mut state = ViewIdState::empty(stage, flags & VIEW_ID_FLAG != 0);
    let streams = state.streams();
    state.input_scalars = scalars(&sigs.input, 1)[0];
    state.output_scalars = scalars(&sigs.output, streams);
    state.pc_scalars = scalars(&sigs.patch_constant, 1)[0];
    let Some(main) = entry.function else {
        return Ok(state);
    };
    let dx_op: Vec<bool> = (0..m.functions.len())
        .map(|i| {
            m.function_name(FuncId(i as u32))
                .is_some_and(|n| n.starts_with(DX_OP))
        })
        .collect();
    let main_fns = reachable(m, main);
    let pc_fns = patch_constant.map(|f| reachable(m, f)).unwrap_or_default();
    let all: HashSet<FuncId> = main_fns.union(&pc_fns).copied().collect();
    let mut walker = Walker::new(m, &dx_op, &all);
    let a = Analysis {
        m,
        stage,
        sigs: &sigs,
        dx_op: &dx_op,
    };
    let main_sets = a.contributions(&mut walker, &main_fns);
    for (s, sets) in main_sets.iter().enumerate().take(streams) {
        let (view, deps) = a.dependences(sets, false, None);
        state.view_id_outputs[s] = view;
        state.inputs_to_outputs[s] = by_input(&deps, state.input_scalars);
    }
    match stage {
        ShaderKind::Hull | ShaderKind::Mesh => {
            let pc_sets = a.contributions(&mut walker, &pc_fns);
            let main_outputs = (
                state.view_id_outputs[0],
                by_output(&state.inputs_to_outputs[0]),
            );
            let (view, deps) = a.dependences(&pc_sets[0], true, Some(&main_outputs));
            state.view_id_pc_outputs = view;
            state.inputs_to_pc_outputs = by_input(&deps, state.input_scalars);
        }
        ShaderKind::Domain => {
            let (_, deps) = a.dependences(&main_sets[0], true, None);
            state.pc_inputs_to_outputs = by_input(&deps, state.pc_scalars);
        }
        _ => {}
    }
    Ok(state)
}

/// The scalars of a signature per stream: one past the last component of its packed
/// elements.
fn scalars(sig: &[SignatureElement<'_>], streams: usize) -> [u32; 4] {
    let mut out = [0; 4];
    for e in sig {
        let stream = e.output_stream() as usize;
        if e.start_row < 0 || e.rows == 0 || e.cols == 0 || stream >= streams {
            continue;
        }
        if let Some(last) = linear_index(e, e.rows - 1, u32::from(e.cols) - 1) {
            out[stream] = out[stream].max(last + 1);
        }
    }
    out
}

/// The linear index of row `row`, column `col` of a packed element (`None` beyond the
/// largest signature).
fn linear_index(e: &SignatureElement<'_>, row: u32, col: u32) -> Option<u32> {
    let start_row = u32::try_from(e.start_row).ok()?;
    let start_col = u32::try_from(e.start_col).ok()?;
    let i = (row.checked_add(start_row)?)
        .checked_mul(4)?
        .checked_add(col)?
        .checked_add(start_col)?;
    (i < MAX_SCALARS).then_some(i)
}

/// The functions with a body that `f` reaches through calls, `f` included.
fn reachable(m: &Module, f: FuncId) -> HashSet<FuncId> {
    let mut out = HashSet::new();
    let mut work = vec![f];
    while let Some(f) = work.pop() {
        let Some(body) = m.function(f).and_then(|x| x.body.as_ref()) else {
            continue;
        };
        if !out.insert(f) {
            continue;
        }
        work.extend(m.calls(body).map(|(_, _, _, callee)| callee));
    }
    out
}

/// Per output component: the inputs it depends on.
type ByOutput = BTreeMap<u32, ComponentMask>;

/// A table by input (each input's outputs) of a table by output, for `inputs` inputs.
fn by_input(deps: &ByOutput, inputs: u32) -> Vec<ComponentMask> {
    (0..inputs.min(MAX_SCALARS))
        .map(|i| {
            deps.iter()
                .filter(|&(_, &ins)| ins >> i & 1 != 0)
                .fold(0, |acc, (&o, _)| acc | 1 << o)
        })
        .collect()
}

/// A table by output of a table by input.
fn by_output(table: &[ComponentMask]) -> ByOutput {
    let mut out = ByOutput::new();
    for (i, &outs) in table.iter().enumerate() {
        for o in (0..MAX_SCALARS).filter(|&o| outs >> o & 1 != 0) {
            *out.entry(o).or_default() |= 1 << i;
        }
    }
    out
}

/// A `dx.op` call: its opcode and arguments.
struct DxCall<'b> {
    op: Option<Op>,
    args: &'b [Value],
}

/// What the analysis of an entry point reads.
struct Analysis<'a, 'm> {
    m: &'m Module,
    stage: ShaderKind,
    sigs: &'a dxil::Signatures<'m>,
    dx_op: &'a [bool],
}

impl<'m> Analysis<'_, 'm> {
    /// The `dx.op` call instruction `inst` of `body` is, if it is one with a constant opcode.
    fn dx_call<'b>(&self, body: &'b Body, inst: InstId) -> Option<DxCall<'b>> {
        let call = body.inst(inst)?.kind.as_call()?;
        let callee = call.callee.as_function()?;
        if self.dx_op.get(callee.index()) != Some(&true) {
            return None;
        }
        let args = body.args(call);
        let opcode = self.constant(*args.first()?)?;
        Some(DxCall {
            op: Op::from_opcode(opcode),
            args,
        })
    }

    /// The value of an integer constant that fits in `u32`.
    fn constant(&self, v: Value) -> Option<u32> {
        u32::try_from(self.m.const_int(v.as_const()?)?).ok()
    }

    /// The integer constant argument `i` of a call.
    fn arg(&self, call: &DxCall<'_>, i: usize) -> Option<u32> {
        self.constant(*call.args.get(i)?)
    }

    /// Per stream, per output component: the instructions that contribute to it, from the
    /// output stores of `functions`.
    fn contributions(
        &self,
        walker: &mut Walker<'_>,
        functions: &HashSet<FuncId>,
    ) -> [BTreeMap<u32, InstSet>; 4] {
        let mut sets: [BTreeMap<u32, InstSet>; 4] = Default::default();
        let mut ordered: Vec<FuncId> = functions.iter().copied().collect();
        ordered.sort();
        for f in ordered {
            let Some(body) = self.m.function(f).and_then(|x| x.body.as_ref()) else {
                continue;
            };
            for (inst, _) in body.iter() {
                let Some(call) = self.dx_call(body, inst) else {
                    continue;
                };
                let sig = match call.op {
                    Some(Op::StoreOutput | Op::StoreVertexOutput) => &self.sigs.output,
                    Some(Op::StorePrimitiveOutput | Op::StorePatchConstant) => {
                        &self.sigs.patch_constant
                    }
                    _ => continue,
                };
                let (Some(id), Some(col), Some(&value)) =
                    (self.arg(&call, 1), self.arg(&call, 3), call.args.get(4))
                else {
                    continue;
                };
                let Some(e) = sig.get(id as usize).filter(|e| e.start_row >= 0) else {
                    continue;
                };
                let stream = (e.output_stream() as usize).min(3);
                let rows: Vec<u32> = match self.arg(&call, 2) {
                    Some(row) => vec![row],
                    None => (0..e.rows).collect(),
                };
                let indexes: Vec<u32> = rows
                    .iter()
                    .filter_map(|&r| linear_index(e, r, col))
                    .collect();
                let mut start = vec![(f, value)];
                start.extend(walker.control_of(f, inst));
                if let [index] = indexes[..] {
                    let set = sets[stream].entry(index).or_default();
                    walker.collect(functions, start, set);
                } else {
                    let mut set = InstSet::new();
                    walker.collect(functions, start, &mut set);
                    for index in indexes {
                        sets[stream].entry(index).or_default().extend(&set);
                    }
                }
            }
        }
        sets
    }

    /// The view-ID mask and the inputs of each output component, from the instructions that
    /// contribute to each. `pc`: the patch-constant table (a hull shader's patch-constant
    /// outputs, with `main`, its control-point outputs' view-ID mask and inputs; a domain
    /// shader's patch-constant inputs).
    fn dependences(
        &self,
        sets: &BTreeMap<u32, InstSet>,
        pc: bool,
        main: Option<&(ComponentMask, ByOutput)>,
    ) -> (ComponentMask, ByOutput) {
        let mut view = 0;
        let mut deps = ByOutput::new();
        for (&out, set) in sets {
            let mut inputs: ComponentMask = 0;
            for &(f, inst) in set {
                let Some(body) = self.m.function(f).and_then(|x| x.body.as_ref()) else {
                    continue;
                };
                let Some(call) = self.dx_call(body, inst) else {
                    continue;
                };
                let domain = self.stage == ShaderKind::Domain;
                let hull = self.stage == ShaderKind::Hull;
                let (sig, from_main) = match call.op {
                    Some(Op::ViewId) => {
                        view |= 1 << out;
                        continue;
                    }
                    Some(Op::LoadInput) if !(domain && pc) => (&self.sigs.input, false),
                    Some(Op::LoadOutputControlPoint) if hull => (&self.sigs.output, true),
                    Some(Op::LoadOutputControlPoint) if domain && !pc => (&self.sigs.input, false),
                    Some(Op::LoadPatchConstant) if domain && pc => {
                        (&self.sigs.patch_constant, false)
                    }
                    _ => continue,
                };
                let (Some(id), Some(col)) = (self.arg(&call, 1), self.arg(&call, 3)) else {
                    continue;
                };
                let Some(e) = sig.get(id as usize).filter(|e| e.start_row >= 0) else {
                    continue;
                };
                let rows: Vec<u32> = match self.arg(&call, 2) {
                    Some(row) => vec![row],
                    None => (0..e.rows).collect(),
                };
                for index in rows.iter().filter_map(|&r| linear_index(e, r, col)) {
                    match (from_main, main) {
                        (false, _) => inputs |= 1 << index,
                        (true, Some((main_view, main_deps))) => {
                            if main_view >> index & 1 != 0 {
                                view |= 1 << out;
                            }
                            inputs |= main_deps.get(&index).copied().unwrap_or(0);
                        }
                        (true, None) => {}
                    }
                }
            }
            deps.insert(out, inputs);
        }
        (view, deps)
    }
}
