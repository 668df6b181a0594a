//! Dominance between the blocks of a function body, for the check that an instruction's
//! result is used only where it is defined: the immediate dominators by the iterative
//! algorithm of Cooper, Harvey and Kennedy over the reverse post-order, then an interval
//! numbering of the dominator tree so that each query is two comparisons.

use crate::model::{Body, InstKind};

const NONE: u32 = u32::MAX;

/// Which blocks dominate which.
pub(super) struct Dominators {
    /// Entry and exit numbers of each block in a walk of the dominator tree; `NONE` for
    /// blocks the entry does not reach.
    enter: Vec<u32>,
    exit: Vec<u32>,
}

/// Calls `f` on each block an instruction refers to (branch targets, `phi` blocks).
pub(super) fn each_target(kind: &InstKind, mut f: impl FnMut(u32)) {
    match kind {
        InstKind::Br(b) => f(b.0),
        InstKind::CondBr {
            then, otherwise, ..
        } => {
            f(then.0);
            f(otherwise.0);
        }
        InstKind::Switch { default, cases, .. } => {
            f(default.0);
            cases.iter().for_each(|(_, b)| f(b.0));
        }
        InstKind::Phi { incoming } => incoming.iter().for_each(|(_, b)| f(b.0)),
        _ => {}
    }
}

impl Dominators {
    /// The dominators of a body whose blocks each end in a terminator with targets in range.
    pub(super) fn new(body: &Body) -> Dominators {
        let n = body.blocks.len();
        let succ: Vec<Vec<u32>> = body
            .blocks
            .iter()
            .map(|b| {
                let mut s = Vec::new();
                if let Some(inst) = b.last().and_then(|i| body.inst(i)) {
                    each_target(&inst.kind, |t| {
                        if (t as usize) < n {
                            s.push(t)
                        }
                    });
                }
                s
            })
            .collect();
        // reverse post-order from the entry
        let mut post = Vec::with_capacity(n);
        let mut seen = vec![false; n];
        let mut stack: Vec<(u32, usize)> = Vec::new();
        if n > 0 {
            seen[0] = true;
            stack.push((0, 0));
        }
        while let Some(&mut (b, ref mut next)) = stack.last_mut() {
            match succ[b as usize].get(*next) {
                Some(&s) => {
                    *next += 1;
                    if !seen[s as usize] {
                        seen[s as usize] = true;
                        stack.push((s, 0));
                    }
                }
                None => {
                    post.push(b);
                    stack.pop();
                }
            }
        }
        let mut rpo_index = vec![NONE; n];
        for (i, &b) in post.iter().rev().enumerate() {
            rpo_index[b as usize] = i as u32;
        }
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (b, ss) in succ.iter().enumerate() {
            if rpo_index[b] != NONE {
                ss.iter().for_each(|&s| preds[s as usize].push(b as u32));
            }
        }
        let mut idom = vec![NONE; n];
        if n > 0 {
            idom[0] = 0;
        }
        let intersect = |idom: &[u32], mut a: u32, mut b: u32| {
            while a != b {
                while rpo_index[a as usize] > rpo_index[b as usize] {
                    a = idom[a as usize];
                }
                while rpo_index[b as usize] > rpo_index[a as usize] {
                    b = idom[b as usize];
                }
            }
            a
        };
        let mut changed = true;
        while changed {
            changed = false;
            for &b in post.iter().rev().skip(1) {
                let mut new = NONE;
                for &p in &preds[b as usize] {
                    if idom[p as usize] == NONE {
                        continue;
                    }
                    new = if new == NONE {
                        p
                    } else {
                        intersect(&idom, p, new)
                    };
                }
                if new != NONE && idom[b as usize] != new {
                    idom[b as usize] = new;
                    changed = true;
                }
            }
        }
        // the tree's children, then entry and exit numbers
        let mut children: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (b, &d) in idom.iter().enumerate() {
            if b != 0 && d != NONE {
                children[d as usize].push(b as u32);
            }
        }
        let mut enter = vec![NONE; n];
        let mut exit = vec![NONE; n];
        let mut clock = 0u32;
        let mut walk: Vec<(u32, usize)> = Vec::new();
        if n > 0 {
            enter[0] = clock;
            clock += 1;
            walk.push((0, 0));
        }
        while let Some(&mut (b, ref mut next)) = walk.last_mut() {
            match children[b as usize].get(*next) {
                Some(&c) => {
                    *next += 1;
                    enter[c as usize] = clock;
                    clock += 1;
                    walk.push((c, 0));
                }
                None => {
                    exit[b as usize] = clock;
                    clock += 1;
                    walk.pop();
                }
            }
        }
        Dominators { enter, exit }
    }

    /// Whether the entry reaches block `b`.
    pub(super) fn reachable(&self, b: u32) -> bool {
        self.enter.get(b as usize).is_some_and(|&e| e != NONE)
    }

    /// Whether block `a` dominates block `b` (both reachable).
    pub(super) fn dominates(&self, a: u32, b: u32) -> bool {
        match (
            self.enter.get(a as usize),
            self.exit.get(a as usize),
            self.enter.get(b as usize),
            self.exit.get(b as usize),
        ) {
            (Some(&ea), Some(&xa), Some(&eb), Some(&xb)) => {
                ea != NONE && eb != NONE && ea <= eb && xb <= xa
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Block, BlockId, Inst, Run, TypeId, Value};

    fn body(terms: Vec<InstKind>) -> Body {
        let mut b = Body::default();
        for (i, kind) in terms.into_iter().enumerate() {
            b.insts.push(Inst {
                kind,
                ty: TypeId(0),
                name: None,
                line: 0,
            });
            b.blocks.push(Block {
                name: None,
                insts: Run {
                    start: i as u32,
                    len: 1,
                },
            });
        }
        b
    }

    #[test]
    fn a_diamond() {
        // 0 -> 1, 2; 1 -> 3; 2 -> 3; 4 unreachable
        let cond = Value::Arg(0);
        let d = Dominators::new(&body(vec![
            InstKind::CondBr {
                cond,
                then: BlockId(1),
                otherwise: BlockId(2),
            },
            InstKind::Br(BlockId(3)),
            InstKind::Br(BlockId(3)),
            InstKind::Ret(None),
            InstKind::Br(BlockId(3)),
        ]));
        assert!(d.dominates(0, 3));
        assert!(d.dominates(0, 1));
        assert!(!d.dominates(1, 3));
        assert!(!d.dominates(2, 3));
        assert!(d.dominates(3, 3));
        assert!(!d.reachable(4));
        assert!(!d.dominates(4, 3));
    }

    #[test]
    fn a_loop() {
        // 0 -> 1; 1 -> 2, 3; 2 -> 1; 3 ret
        let cond = Value::Arg(0);
        let d = Dominators::new(&body(vec![
            InstKind::Br(BlockId(1)),
            InstKind::CondBr {
                cond,
                then: BlockId(2),
                otherwise: BlockId(3),
            },
            InstKind::Br(BlockId(1)),
            InstKind::Ret(None),
        ]));
        assert!(d.dominates(1, 2));
        assert!(d.dominates(1, 3));
        assert!(!d.dominates(2, 1));
        assert!(!d.dominates(2, 3));
    }
}
