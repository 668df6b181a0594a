//! The instructions that contribute to a value: the walk back from a value through the
//! operands of instructions, the control dependence of their blocks (the terminators that
//! decide whether they run), the stores to the memory a load reads, the returns of the user
//! functions called, and, for the constant operands of a `phi`, the control dependence of the
//! highest block where the constant could be defined.

use std::collections::{HashMap, HashSet};

use super::flow::Flow;
use super::memory::Memory;
use crate::model::{BlockId, Body, FuncId, InstId, InstKind, Module, Value};

/// A set of instructions.
pub(super) type InstSet = HashSet<(FuncId, InstId)>;

/// What the walk needs of the module: the control flow of the functions analyzed and the
/// memory users.
pub(super) struct Walker<'m> {
    m: &'m Module,
    /// The functions analyzed (reachable from an entry), with their control flow.
    pub flows: HashMap<FuncId, Flow>,
    /// Per function: whether it is a `dx.op` function.
    dx_op: &'m [bool],
    memory: Memory<'m>,
}

/// Whether a value is an LLVM `Constant` (globals and functions are).
fn is_constant(v: Value) -> bool {
    matches!(v, Value::Const(_) | Value::Global(_) | Value::Function(_))
}

impl<'m> Walker<'m> {
    /// A walker over the functions `functions` of `m`.
    pub fn new(m: &'m Module, dx_op: &'m [bool], functions: &HashSet<FuncId>) -> Walker<'m> {
        let flows = functions
            .iter()
            .filter_map(|&f| Some((f, Flow::new(m.function(f)?.body.as_ref()?))))
            .collect();
        Walker {
            m,
            flows,
            dx_op,
            memory: Memory::new(m, dx_op),
        }
    }

    fn body(&self, f: FuncId) -> Option<&'m Body> {
        self.m.function(f)?.body.as_ref()
    }

    /// The terminators that decide whether instruction `inst` of `f` runs.
    pub fn control_of(&self, f: FuncId, inst: InstId) -> Vec<(FuncId, Value)> {
        let Some(flow) = self.flows.get(&f) else {
            return Vec::new();
        };
        flow.block_of(inst)
            .map(|b| {
                flow.control_terminators(b)
                    .map(|t| (f, Value::Inst(t)))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Adds to `set` the instructions that contribute to the values `start` (each with the
    /// function it is used in); `entry` is the set of functions of the entry point whose
    /// returns count for calls.
    pub fn collect(
        &mut self,
        entry: &HashSet<FuncId>,
        start: Vec<(FuncId, Value)>,
        set: &mut InstSet,
    ) {
        let mut work = start;
        while let Some((f, v)) = work.pop() {
            let Value::Inst(i) = v else {
                continue;
            };
            let (Some(flow), Some(body)) = (self.flows.get(&f), self.body(f)) else {
                continue;
            };
            let Some(inst) = body.inst(i) else {
                continue;
            };
            if !set.insert((f, i)) {
                continue;
            }
            match &inst.kind {
                InstKind::Phi { incoming } => phi_control(flow, f, incoming, &mut work),
                InstKind::Load { ptr, .. }
                | InstKind::CmpXchg { ptr, .. }
                | InstKind::AtomicRmw { ptr, .. } => {
                    for decl in self.memory.reaching_decls(f, *ptr) {
                        let stores = self.memory.stores(decl);
                        work.extend(stores.into_iter().map(|(g, s)| (g, Value::Inst(s))));
                    }
                }
                InstKind::Call(call) => {
                    let callee = call.callee.as_function();
                    let user = callee.filter(|c| self.dx_op.get(c.index()) != Some(&true));
                    if let Some(g) = user.filter(|g| entry.contains(g))
                        && let Some(callee_flow) = self.flows.get(&g)
                    {
                        work.extend(callee_flow.returns.iter().map(|&r| (g, Value::Inst(r))));
                    }
                }
                _ => {}
            }
            body.for_each_operand(&inst.kind, |o| work.push((f, o)));
            if let Some(b) = flow.block_of(i) {
                work.extend(flow.control_terminators(b).map(|t| (f, Value::Inst(t))));
            }
        }
    }
}

/// The control dependence of the constant operands of a `phi`: each constant counts as
/// defined at the highest dominator of its incoming block from which only it reaches the
/// `phi`, and the terminators that decide whether that block runs contribute.
fn phi_control(
    flow: &Flow,
    f: FuncId,
    incoming: &[(Value, BlockId)],
    work: &mut Vec<(FuncId, Value)>,
) {
    // per block of the dominator tree: the one value that leaves it for the phi (`None`
    // when several do)
    let mut markers: HashMap<u32, Option<Value>> = HashMap::new();
    for &(v, b) in incoming {
        if flow.reached(b.0) {
            markers.entry(b.0).or_insert(Some(v));
        }
    }
    for &(v, b) in incoming {
        let def = match v {
            Value::Inst(i) => flow.block_of(i).unwrap_or(0),
            _ => 0,
        };
        if b.0 == def || !flow.reached(b.0) {
            continue;
        }
        let mut node = flow.idom(b.0);
        while let Some(d) = node {
            if let Some(marker) = markers.get_mut(&d) {
                if let Some(x) = *marker
                    && x != v
                    && !(is_constant(x) && is_constant(v))
                {
                    *marker = None;
                }
                break;
            }
            markers.insert(d, Some(v));
            if d == def {
                break;
            }
            node = flow.idom(d);
        }
    }
    for &(v, b) in incoming {
        if !is_constant(v) || !flow.reached(b.0) {
            continue;
        }
        let mut def = b.0;
        let mut node = Some(b.0);
        while let Some(d) = node {
            if markers.get(&d) != Some(&Some(v)) {
                break;
            }
            def = d;
            node = flow.idom(d);
        }
        work.extend(flow.control_terminators(def).map(|t| (f, Value::Inst(t))));
    }
}
