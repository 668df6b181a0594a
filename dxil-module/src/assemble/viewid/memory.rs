//! Memory as the analysis approximates it: a load (or atomic) reads what any store reaching the
//! same declaration wrote. A pointer is followed back to the declarations it may point into
//! (globals, `alloca`s, arguments, the mesh payload) through `getelementptr`s, casts, `phi`s
//! and `select`s; a declaration is followed forward through all its users to the stores,
//! `cmpxchg`s and `atomicrmw`s reached without passing a load. Which element or which order
//! does not matter: every store to a declaration counts for every load from it.

use std::collections::{HashMap, HashSet};

use crate::model::{
    CastOp, ConstExpr, ConstId, ConstKind, FuncId, GlobalId, InstId, InstKind, Module, Value,
};

/// A value of the module with its function where it has one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) enum Node {
    /// An instruction's result.
    Inst(FuncId, InstId),
    /// An argument of a function.
    Arg(FuncId, u32),
    /// A global variable.
    Global(GlobalId),
    /// A constant.
    Const(ConstId),
    /// Anything else (a function, metadata).
    Other,
}

impl Node {
    /// The node of `value` used in function `f`.
    pub fn of(f: FuncId, value: Value) -> Node {
        match value {
            Value::Inst(i) => Node::Inst(f, i),
            Value::Arg(n) => Node::Arg(f, n),
            Value::Global(g) => Node::Global(g),
            Value::Const(c) => Node::Const(c),
            Value::Function(_) | Value::Metadata(_) => Node::Other,
        }
    }
}

/// The users of every value: instructions of every function body, and constant expressions.
pub(super) struct Memory<'m> {
    m: &'m Module,
    users: HashMap<Node, Vec<Node>>,
    /// Per function: whether it is a `dx.op` function.
    dx_op: &'m [bool],
    decls: HashMap<Node, Vec<Node>>,
    stores: HashMap<Node, Vec<(FuncId, InstId)>>,
}

impl<'m> Memory<'m> {
    /// The users of the values of `m`.
    pub fn new(m: &'m Module, dx_op: &'m [bool]) -> Memory<'m> {
        let mut users: HashMap<Node, Vec<Node>> = HashMap::new();
        for (i, f) in m.functions.iter().enumerate() {
            let f_id = FuncId(i as u32);
            let Some(body) = f.body.as_ref() else {
                continue;
            };
            for (id, inst) in body.iter() {
                body.for_each_operand(&inst.kind, |v| {
                    let n = Node::of(f_id, v);
                    if n != Node::Other {
                        users.entry(n).or_default().push(Node::Inst(f_id, id));
                    }
                });
            }
        }
        for (c, constant) in m.constants.iter() {
            if let ConstKind::Expr(e) = &constant.kind {
                e.for_each_operand(|v| {
                    let n = Node::of(FuncId(u32::MAX), v);
                    if matches!(n, Node::Global(_) | Node::Const(_)) {
                        users.entry(n).or_default().push(Node::Const(c));
                    }
                });
            }
        }
        Memory {
            m,
            users,
            dx_op,
            decls: HashMap::new(),
            stores: HashMap::new(),
        }
    }

    fn inst(&self, f: FuncId, i: InstId) -> Option<&'m InstKind> {
        let body = self.m.function(f)?.body.as_ref()?;
        Some(&body.inst(i)?.kind)
    }

    /// The declarations pointer `ptr` of function `f` may point into.
    pub fn reaching_decls(&mut self, f: FuncId, ptr: Value) -> Vec<Node> {
        let start = Node::of(f, ptr);
        if let Some(d) = self.decls.get(&start) {
            return d.clone();
        }
        let mut out = Vec::new();
        let mut seen = HashSet::new();
        let mut work = vec![start];
        while let Some(n) = work.pop() {
            if !seen.insert(n) {
                continue;
            }
            match n {
                Node::Global(_) | Node::Arg(..) => out.push(n),
                Node::Const(c) => {
                    if let Some(ConstKind::Expr(e)) = self.m.constant(c).map(|c| &c.kind) {
                        match e {
                            ConstExpr::GetElementPtr { operands, .. } => {
                                work.extend(operands.first().map(|&v| Node::of(f, v)));
                            }
                            ConstExpr::Cast {
                                op: CastOp::AddrSpaceCast | CastOp::BitCast,
                                value,
                            } => work.push(Node::of(f, *value)),
                            _ => {}
                        }
                    }
                }
                Node::Inst(g, i) => {
                    let body = self.m.function(g).and_then(|x| x.body.as_ref());
                    match (self.inst(g, i), body) {
                        (Some(InstKind::GetElementPtr { operands, .. }), Some(body)) => {
                            work.extend(body.values(*operands).first().map(|&v| Node::of(g, v)));
                        }
                        (
                            Some(InstKind::Cast {
                                op: CastOp::AddrSpaceCast | CastOp::BitCast,
                                value,
                            }),
                            _,
                        ) => work.push(Node::of(g, *value)),
                        (Some(InstKind::Alloca { .. }), _) => out.push(n),
                        (Some(InstKind::Phi { incoming }), _) => {
                            work.extend(incoming.iter().map(|&(v, _)| Node::of(g, v)));
                        }
                        (
                            Some(InstKind::Select {
                                then, otherwise, ..
                            }),
                            _,
                        ) => {
                            work.push(Node::of(g, *then));
                            work.push(Node::of(g, *otherwise));
                        }
                        // the mesh payload (`getMeshPayload`) is a declaration of its own
                        (Some(InstKind::Call(call)), _)
                            if call
                                .callee
                                .as_function()
                                .is_some_and(|c| self.dx_op.get(c.index()) == Some(&true)) =>
                        {
                            out.push(n)
                        }
                        _ => {}
                    }
                }
                Node::Other => {}
            }
        }
        out.sort();
        self.decls.insert(start, out.clone());
        out
    }

    /// The stores, `cmpxchg`s and `atomicrmw`s that reach declaration `decl` through its
    /// users without passing a load.
    pub fn stores(&mut self, decl: Node) -> Vec<(FuncId, InstId)> {
        if let Some(s) = self.stores.get(&decl) {
            return s.clone();
        }
        let mut out = Vec::new();
        let mut seen = HashSet::new();
        let mut work = vec![decl];
        while let Some(n) = work.pop() {
            if !seen.insert(n) {
                continue;
            }
            if let Node::Inst(f, i) = n {
                match self.inst(f, i) {
                    Some(InstKind::Load { .. }) => continue,
                    Some(
                        InstKind::Store { .. }
                        | InstKind::CmpXchg { .. }
                        | InstKind::AtomicRmw { .. },
                    ) => {
                        out.push((f, i));
                        continue;
                    }
                    _ => {}
                }
            }
            if let Some(users) = self.users.get(&n) {
                work.extend(users.iter().copied());
            }
        }
        out.sort();
        out.dedup();
        self.stores.insert(decl, out.clone());
        out
    }
}
