//! The order of a module's metadata items: the one LLVM 3.7's writer gives them, so that the
//! bitcode written from text lists an item after the items it refers to, as DXC's does.
//!
//! The text numbers nodes as the printer meets them, from the named metadata down (a compile
//! unit before the list of subprograms it holds), while LLVM's writer numbers each item after
//! its operands: first the operands of the named metadata, in order, then per function its
//! attachments, and per instruction its metadata operands, its attachments and the scope and
//! inlined-at location of its `!dbg`. Readers that upgrade LLVM 3.7 debug information (LLVM 14's)
//! only do so for a compile unit whose subprograms come before it. Items nothing reaches come
//! last, in their order; a debug-information node's references are visited in the order of
//! its record's fields.

use crate::bitcode::md_refs::MdRefs;
use crate::model::{Body, MdId, MdItem, Module, Value};

use super::module::permute;

/// Puts the items of `m` in the order LLVM 3.7 writes them, every reference renumbered;
/// gives the new id of each item by its old one (`None` when the order was that already).
pub(super) fn reorder(m: &mut Module) -> Option<Vec<u32>> {
    let new_of_old = order(m)?;
    let new = |id: &mut MdId| renumber(&new_of_old, id);
    let md = &mut m.metadata;
    permute(&mut md.items, &new_of_old);
    md.node_pool.iter_mut().flatten().for_each(&new);
    md.named_pool.iter_mut().for_each(&new);
    for item in &md.items {
        let MdItem::Special { code, operands, .. } = item else {
            continue;
        };
        let Some(refs) = MdRefs::of(*code) else {
            continue;
        };
        let pool = md.special_pool.get_mut(operands.range()).unwrap_or(&mut []);
        for (j, v) in pool.iter_mut().enumerate() {
            let r = refs.get(j);
            if let Some(target) = r.target(*v).and_then(|t| u32::try_from(t).ok()) {
                let mut id = MdId(target);
                new(&mut id);
                *v = r.operand(u64::from(id.0));
            }
        }
    }
    for body in m.functions.iter_mut().filter_map(|f| f.body.as_mut()) {
        body.remap_operands(
            |v| {
                if let Value::Metadata(id) = v {
                    new(id);
                }
            },
            |_| {},
        );
        for (_, a) in &mut body.attachments {
            new(&mut a.node);
        }
        for a in &mut body.fn_attachments {
            new(&mut a.node);
        }
        for (_, loc) in &mut body.debug_locs {
            loc.scope
                .iter_mut()
                .chain(&mut loc.inlined_at)
                .for_each(&new);
        }
    }
    Some(new_of_old)
}

/// Gives `id` its new number (`new_of_old` as [`reorder`] gives it; an id out of its range is
/// left as it is).
pub(super) fn renumber(new_of_old: &[u32], id: &mut MdId) {
    if let Some(&n) = new_of_old.get(id.index()) {
        id.0 = n;
    }
}

/// The new position of each item (`None` when they are in order already).
fn order(m: &Module) -> Option<Vec<u32>> {
    let md = &m.metadata;
    let mut walk = Walk {
        m,
        seen: vec![false; md.items.len()],
        order: Vec::with_capacity(md.items.len()),
        stack: Vec::new(),
    };
    for named in &md.named {
        md.named_operands(named).iter().for_each(|&n| walk.visit(n));
    }
    for body in m.functions.iter().filter_map(|f| f.body.as_ref()) {
        walk.body(body);
    }
    // what nothing reaches (and function-local values, which LLVM writes per function)
    for i in 0..md.items.len() {
        if !walk.seen[i] {
            walk.order.push(i as u32);
        }
    }
    let mut new_of_old = vec![0u32; md.items.len()];
    for (new, &old) in walk.order.iter().enumerate() {
        new_of_old[old as usize] = new as u32;
    }
    (!new_of_old.iter().enumerate().all(|(i, &n)| n as usize == i)).then_some(new_of_old)
}

/// A depth-first walk that lists each item after the items it refers to.
struct Walk<'m> {
    m: &'m Module,
    seen: Vec<bool>,
    order: Vec<u32>,
    /// The items being visited, each with the number of its references visited so far.
    stack: Vec<(MdId, usize)>,
}

impl Walk<'_> {
    /// The roots of a function: its attachments, then per instruction its metadata operands,
    /// its attachments and its location's scope and inlined-at location.
    fn body(&mut self, body: &Body) {
        let mut by_kind: Vec<(u32, MdId)> = body
            .fn_attachments
            .iter()
            .map(|a| (a.kind, a.node))
            .collect();
        by_kind.sort_by_key(|&(kind, _)| kind);
        by_kind.iter().for_each(|&(_, n)| self.visit(n));
        let (mut attachments, mut locs) = (
            body.attachments.iter().peekable(),
            body.debug_locs.iter().peekable(),
        );
        for (i, inst) in body.insts.iter().enumerate() {
            // metadata is an operand of calls alone
            if let Some(call) = inst.kind.as_call() {
                for &v in body.args(call) {
                    if let Value::Metadata(id) = v {
                        self.visit(id);
                    }
                }
            }
            by_kind.clear();
            while let Some((_, a)) = attachments.next_if(|(at, _)| at.index() <= i) {
                by_kind.push((a.kind, a.node));
            }
            by_kind.sort_by_key(|&(kind, _)| kind);
            by_kind.iter().for_each(|&(_, n)| self.visit(n));
            while let Some((_, loc)) = locs.next_if(|(at, _)| at.index() <= i) {
                loc.scope
                    .iter()
                    .chain(&loc.inlined_at)
                    .for_each(|&n| self.visit(n));
            }
        }
    }

    /// Lists `root` and what it refers to, each after its references (a reference back to
    /// an item being visited is not followed).
    fn visit(&mut self, root: MdId) {
        if !self.enter(root) {
            return;
        }
        self.stack.push((root, 0));
        while let Some(&(id, next)) = self.stack.last() {
            match self.reference(id, next) {
                Some(target) => {
                    if let Some(top) = self.stack.last_mut() {
                        top.1 += 1;
                    }
                    if let Some(target) = target.filter(|&t| self.enter(t)) {
                        self.stack.push((target, 0));
                    }
                }
                None => {
                    self.stack.pop();
                    self.order.push(id.0);
                }
            }
        }
    }

    /// Marks `id` seen; whether it is a module-level item not seen before.
    fn enter(&mut self, id: MdId) -> bool {
        let local = self.m.metadata.get(id).is_none_or(MdItem::is_local);
        match self.seen.get_mut(id.index()) {
            Some(seen) if !*seen && !local => {
                *seen = true;
                true
            }
            _ => false,
        }
    }

    /// Reference `n` of item `id`: `Some(None)` for an operand that refers to nothing,
    /// `None` past the last.
    fn reference(&self, id: MdId, n: usize) -> Option<Option<MdId>> {
        let md = &self.m.metadata;
        match md.get(id)? {
            MdItem::Node { operands, .. } => md.node_pool.get(operands.range())?.get(n).copied(),
            MdItem::Special { code, operands, .. } => {
                let v = *md.special_pool.get(operands.range())?.get(n)?;
                let target = MdRefs::of(*code).and_then(|r| r.get(n).target(v));
                Some(target.and_then(|t| u32::try_from(t).ok()).map(MdId))
            }
            MdItem::String(_) | MdItem::Value { .. } => None,
        }
    }
}
