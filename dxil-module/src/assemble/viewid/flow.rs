//! The control flow of one function body: the blocks of its instructions, the successors and
//! predecessors of its blocks, its dominator tree, its post-dominator tree (rooted at the
//! blocks without successors, as LLVM 3.7 builds it) and the control dependence of its blocks.
//!
//! Block `b` is control dependent on block `y` when `b` post-dominates a successor of `y` but
//! does not strictly post-dominate `y` (the post-dominance frontier): whether `b` runs is
//! decided by `y`'s terminator.

use crate::model::{BlockId, Body, InstId, InstKind};

/// The control flow of a body.
pub(super) struct Flow {
    /// The block of each instruction, by instruction index (`u32::MAX` for one no block lists).
    block_of: Vec<u32>,
    /// The terminator of each block.
    terminators: Vec<Option<InstId>>,
    /// The immediate dominator of each block (`None` for the entry and for blocks the entry
    /// does not reach).
    idom: Vec<Option<u32>>,
    /// Whether the entry reaches each block.
    reached: Vec<bool>,
    /// The blocks each block is control dependent on.
    control: Vec<Vec<u32>>,
    /// The `ret` instructions.
    pub returns: Vec<InstId>,
}

/// The blocks an instruction kind may branch to.
fn successors(kind: &InstKind) -> Vec<u32> {
    match kind {
        InstKind::Br(b) => vec![b.0],
        InstKind::CondBr {
            then, otherwise, ..
        } => vec![then.0, otherwise.0],
        InstKind::Switch { default, cases, .. } => std::iter::once(default.0)
            .chain(cases.iter().map(|(_, b)| b.0))
            .collect(),
        _ => Vec::new(),
    }
}

impl Flow {
    /// The control flow of `body`.
    pub fn new(body: &Body) -> Flow {
        let n = body.block_count();
        let mut block_of = vec![u32::MAX; body.insts.len()];
        let mut terminators = vec![None; n];
        let mut succs: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut returns = Vec::new();
        for b in 0..n {
            for (id, inst) in body.block_iter(BlockId(b as u32)) {
                if let Some(slot) = block_of.get_mut(id.index()) {
                    *slot = b as u32;
                }
                if matches!(inst.kind, InstKind::Ret(_)) {
                    returns.push(id);
                }
                if inst.kind.is_terminator() {
                    terminators[b] = Some(id);
                    succs[b] = successors(&inst.kind);
                    succs[b].retain(|&s| (s as usize) < n);
                }
            }
        }
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (b, ss) in succs.iter().enumerate() {
            for &s in ss {
                preds[s as usize].push(b as u32);
            }
        }
        let (idom, reached) = dominators(n, 0, &succs, &preds);
        // the post-dominator tree: the dominator tree of the reversed graph from a virtual exit
        // (node n) that every block without successors leads to
        let mut rsuccs: Vec<Vec<u32>> = preds.clone();
        let mut rpreds: Vec<Vec<u32>> = succs.clone();
        let exits: Vec<u32> = (0..n as u32)
            .filter(|&b| succs[b as usize].is_empty())
            .collect();
        for &e in &exits {
            rpreds[e as usize].push(n as u32);
        }
        rsuccs.push(exits);
        rpreds.push(Vec::new());
        let (ipdom, in_tree) = dominators(n + 1, n, &rsuccs, &rpreds);
        let ipdom = |b: u32| ipdom[b as usize].filter(|&p| p as usize != n);
        let mut control: Vec<Vec<u32>> = vec![Vec::new(); n];
        for y in 0..n as u32 {
            if !in_tree[y as usize] {
                continue;
            }
            let stop = ipdom(y);
            for &s in &succs[y as usize] {
                if !in_tree[s as usize] {
                    continue;
                }
                let mut runner = Some(s);
                while let Some(r) = runner {
                    if Some(r) == stop {
                        break;
                    }
                    if !control[r as usize].contains(&y) {
                        control[r as usize].push(y);
                    }
                    runner = ipdom(r);
                }
            }
        }
        Flow {
            block_of,
            terminators,
            idom,
            reached,
            control,
            returns,
        }
    }

    /// The block of instruction `inst`.
    pub fn block_of(&self, inst: InstId) -> Option<u32> {
        self.block_of
            .get(inst.index())
            .copied()
            .filter(|&b| b != u32::MAX)
    }

    /// The terminators of the blocks block `b` is control dependent on.
    pub fn control_terminators(&self, b: u32) -> impl Iterator<Item = InstId> + '_ {
        self.control
            .get(b as usize)
            .map_or(&[][..], |c| &c[..])
            .iter()
            .filter_map(|&y| self.terminators[y as usize])
    }

    /// The immediate dominator of block `b`, when the entry reaches it and it is not the
    /// entry.
    pub fn idom(&self, b: u32) -> Option<u32> {
        self.idom.get(b as usize).copied().flatten()
    }

    /// Whether the entry reaches block `b` (it is in the dominator tree).
    pub fn reached(&self, b: u32) -> bool {
        self.reached.get(b as usize).copied().unwrap_or(false)
    }
}

/// The immediate dominators of a graph of `n` nodes from `root` (Cooper, Harvey and Kennedy's
/// iteration over the reverse post-order), and which nodes the root reaches.
fn dominators(
    n: usize,
    root: usize,
    succs: &[Vec<u32>],
    preds: &[Vec<u32>],
) -> (Vec<Option<u32>>, Vec<bool>) {
    if root >= n {
        return (vec![None; n], vec![false; n]);
    }
    // reverse post-order by an iterative depth-first search
    let mut order = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
    seen[root] = true;
    while let Some(&mut (node, ref mut next)) = stack.last_mut() {
        if let Some(&s) = succs[node].get(*next) {
            *next += 1;
            if !seen[s as usize] {
                seen[s as usize] = true;
                stack.push((s as usize, 0));
            }
        } else {
            order.push(node);
            stack.pop();
        }
    }
    order.reverse();
    let mut rank = vec![usize::MAX; n];
    for (i, &b) in order.iter().enumerate() {
        rank[b] = i;
    }
    let mut idom: Vec<Option<usize>> = vec![None; n];
    idom[root] = Some(root);
    let intersect = |idom: &[Option<usize>], mut a: usize, mut b: usize| {
        while a != b {
            while rank[a] > rank[b] {
                a = idom[a].unwrap_or(root);
            }
            while rank[b] > rank[a] {
                b = idom[b].unwrap_or(root);
            }
        }
        a
    };
    let mut changed = true;
    while changed {
        changed = false;
        for &b in order.iter().skip(1) {
            let mut new = None;
            for &p in &preds[b] {
                let p = p as usize;
                if idom[p].is_none() {
                    continue;
                }
                new = Some(match new {
                    None => p,
                    Some(x) => intersect(&idom, p, x),
                });
            }
            if new.is_some() && idom[b] != new {
                idom[b] = new;
                changed = true;
            }
        }
    }
    let out = (0..n)
        .map(|b| match idom[b] {
            Some(d) if b != root => Some(d as u32),
            _ => None,
        })
        .collect();
    (out, seen)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, edges: &[(u32, u32)]) -> (Vec<Vec<u32>>, Vec<Vec<u32>>) {
        let mut succs = vec![Vec::new(); n];
        let mut preds = vec![Vec::new(); n];
        for &(a, b) in edges {
            succs[a as usize].push(b);
            preds[b as usize].push(a);
        }
        (succs, preds)
    }

    #[test]
    fn dominators_of_a_diamond_with_a_loop() {
        // 0 -> 1, 0 -> 2, 1 -> 3, 2 -> 3, 3 -> 1
        let (s, p) = graph(4, &[(0, 1), (0, 2), (1, 3), (2, 3), (3, 1)]);
        let (idom, seen) = dominators(4, 0, &s, &p);
        assert_eq!(idom, vec![None, Some(0), Some(0), Some(0)]);
        assert!(seen.iter().all(|&x| x));
    }

    #[test]
    fn a_graph_without_nodes_has_no_dominators() {
        assert_eq!(dominators(0, 0, &[], &[]), (vec![], vec![]));
        let flow = Flow::new(&Body::default());
        assert_eq!((flow.block_of(InstId(0)), flow.reached(0)), (None, false));
    }

    #[test]
    fn unreached_nodes_have_no_dominator() {
        let (s, p) = graph(3, &[(0, 1), (2, 1)]);
        let (idom, seen) = dominators(3, 0, &s, &p);
        assert_eq!(idom, vec![None, Some(0), None]);
        assert_eq!(seen, vec![true, true, false]);
    }
}
