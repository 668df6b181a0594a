//! Metadata: the numbering of nodes as LLVM's slot tracker gives it (the nodes of named
//! metadata first, then, function by function, those attached to functions and instructions,
//! each followed by the nodes it refers to, depth first), and the nodes' spelling.

use super::Printer;
use super::names::{escaped, md_name};
use super::types::special_refs;
use super::values::Locals;
use crate::hash::Map;
use crate::model::{DebugLoc, InstKind, MdId, MdItem, Module, Value};
use crate::text::special::{self, Field};

/// The attachment kinds LLVM 14 numbers first, in their order (`dbg` is 0).
const FIXED_KINDS: &[&str] = &[
    "dbg",
    "tbaa",
    "prof",
    "fpmath",
    "range",
    "tbaa.struct",
    "invariant.load",
    "alias.scope",
    "noalias",
    "nontemporal",
    "llvm.mem.parallel_loop_access",
    "nonnull",
    "dereferenceable",
    "dereferenceable_or_null",
    "make.implicit",
    "unpredictable",
    "invariant.group",
    "align",
    "llvm.loop",
    "type",
    "section_prefix",
    "absolute_symbol",
    "associated",
    "callees",
    "irr_loop",
    "llvm.access.group",
    "callback",
    "llvm.preserve.access.index",
    "vcall_visibility",
    "noundef",
    "annotation",
];

/// A numbered node: an item, or a debug location (which the model keeps apart).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Node {
    Item(MdId),
    Loc(DebugLoc),
}

/// The numbering of metadata nodes.
#[derive(Default)]
pub(crate) struct MdSlots {
    slots: Map<Node, u32>,
    pub order: Vec<Node>,
    locations: Map<(u32, u32, Option<MdId>, Option<MdId>), MdId>,
    /// The rank of each attachment kind by its id: LLVM's fixed kinds first, then the
    /// module's in their order.
    ranks: Map<u32, u32>,
}

fn is_node(m: &Module, id: MdId) -> bool {
    m.metadata.get(id).is_some_and(MdItem::is_node)
}

fn is_expression(m: &Module, id: MdId) -> bool {
    matches!(
        m.metadata.get(id),
        Some(MdItem::Special {
            code: special::EXPRESSION,
            ..
        })
    )
}

impl MdSlots {
    /// The rank of an attachment kind (by its id) in the order LLVM prints attachments.
    pub(crate) fn kind_rank(&self, kind: u32) -> u32 {
        self.ranks.get(&kind).copied().unwrap_or(u32::MAX)
    }

    fn canonical(&self, n: Node) -> Node {
        match n {
            Node::Loc(l) => match self.locations.get(&(l.line, l.col, l.scope, l.inlined_at)) {
                Some(&id) => Node::Item(id),
                None => n,
            },
            _ => n,
        }
    }

    fn refs(m: &Module, n: Node) -> Vec<Node> {
        let ids: Vec<MdId> = match n {
            Node::Item(id) => match m.metadata.get(id) {
                Some(MdItem::Node { operands, .. }) => {
                    let operands = operands.of(&m.metadata.node_pool);
                    operands.iter().flatten().copied().collect()
                }
                Some(MdItem::Special { code, operands, .. }) => {
                    special_refs(*code, operands.of(&m.metadata.special_pool))
                }
                _ => Vec::new(),
            },
            Node::Loc(l) => l.scope.into_iter().chain(l.inlined_at).collect(),
        };
        ids.into_iter()
            .filter(|&id| is_node(m, id))
            .map(Node::Item)
            .collect()
    }

    /// Gives `root` and the nodes it refers to their numbers, depth first.
    fn create(&mut self, m: &Module, root: Node) {
        let root = self.canonical(root);
        if !self.assign(m, root) {
            return;
        }
        let mut stack: Vec<(Vec<Node>, usize)> = vec![(Self::refs(m, root), 0)];
        while let Some((ops, next)) = stack.last_mut() {
            let Some(&op) = ops.get(*next) else {
                stack.pop();
                continue;
            };
            *next += 1;
            let op = self.canonical(op);
            if self.assign(m, op) {
                stack.push((Self::refs(m, op), 0));
            }
        }
    }

    fn assign(&mut self, m: &Module, n: Node) -> bool {
        if let Node::Item(id) = n
            && (!is_node(m, id) || is_expression(m, id))
        {
            return false;
        }
        if self.slots.contains_key(&n) {
            return false;
        }
        self.slots.insert(n, self.order.len() as u32);
        self.order.push(n);
        true
    }

    /// The number of a node, if it has one.
    pub(crate) fn slot(&self, n: Node) -> Option<u32> {
        self.slots.get(&self.canonical(n)).copied()
    }

    /// Numbers the nodes of a module.
    pub(crate) fn number(m: &Module) -> MdSlots {
        let mut s = MdSlots::default();
        for (i, item) in m.metadata.items.iter().enumerate() {
            if let MdItem::Special {
                code: 7,
                distinct: false,
                operands,
            } = item
                && let [line, col, scope, inlined] = *operands.of(&m.metadata.special_pool)
            {
                let scope = u32::try_from(scope).ok().map(MdId);
                let inlined = inlined
                    .checked_sub(1)
                    .and_then(|v| u32::try_from(v).ok())
                    .map(MdId);
                s.locations
                    .entry((line as u32, col as u32, scope, inlined))
                    .or_insert(MdId(i as u32));
            }
        }
        for (i, k) in m.metadata.kinds.iter().enumerate() {
            let fixed = std::str::from_utf8(m.symbols.bytes(k.name))
                .ok()
                .and_then(|n| FIXED_KINDS.iter().position(|f| *f == n));
            let rank = match fixed {
                Some(r) => r as u32,
                None => 1000 + i as u32,
            };
            s.ranks.insert(k.id, rank);
        }
        for named in &m.metadata.named {
            for &op in m.metadata.named_operands(named) {
                s.create(m, Node::Item(op));
            }
        }
        let mut attached: Vec<(u32, MdId)> = Vec::new();
        for f in &m.functions {
            let Some(body) = &f.body else {
                continue;
            };
            attached.clear();
            attached.extend(
                body.fn_attachments
                    .iter()
                    .map(|a| (s.kind_rank(a.kind), a.node)),
            );
            attached.sort_by_key(|a| a.0);
            for &(_, node) in &attached {
                s.create(m, Node::Item(node));
            }
            let mut att = body.attachments.iter().peekable();
            let mut locs = body.debug_locs.iter().peekable();
            for (id, inst) in body.iter() {
                if let InstKind::Call(c) = &inst.kind {
                    let intrinsic = c
                        .callee
                        .as_function()
                        .and_then(|f| m.function_name(f))
                        .is_some_and(|n| n.starts_with("llvm."));
                    if intrinsic {
                        for a in body.args(c) {
                            if let Value::Metadata(md) = a {
                                s.create(m, Node::Item(*md));
                            }
                        }
                    }
                }
                let loc = lookup(&mut locs, &body.debug_locs, id).map(|(_, l)| *l);
                if let Some(l) = loc {
                    s.create(m, Node::Loc(l));
                }
                attached.clear();
                for (_, a) in lookup_all(&mut att, &body.attachments, id) {
                    attached.push((s.kind_rank(a.kind), a.node));
                }
                attached.sort_by_key(|a| a.0);
                for &(_, node) in &attached {
                    s.create(m, Node::Item(node));
                }
            }
        }
        s
    }
}

/// The entry of `id` in a list sorted by instruction (the iterator moves along in order; an
/// unsorted list falls back to a search).
pub(crate) fn lookup<'a, T>(
    it: &mut std::iter::Peekable<std::slice::Iter<'a, (crate::model::InstId, T)>>,
    all: &'a [(crate::model::InstId, T)],
    id: crate::model::InstId,
) -> Option<&'a (crate::model::InstId, T)> {
    while let Some(e) = it.peek() {
        if e.0 < id {
            it.next();
        } else {
            break;
        }
    }
    match it.peek() {
        Some(e) if e.0 == id => it.next(),
        _ => all.iter().find(|e| e.0 == id),
    }
}

/// All entries of `id` in a list sorted by instruction.
pub(crate) fn lookup_all<'a, T>(
    it: &mut std::iter::Peekable<std::slice::Iter<'a, (crate::model::InstId, T)>>,
    all: &'a [(crate::model::InstId, T)],
    id: crate::model::InstId,
) -> Vec<&'a (crate::model::InstId, T)> {
    while let Some(e) = it.peek() {
        if e.0 < id {
            it.next();
        } else {
            break;
        }
    }
    let mut out = Vec::new();
    while let Some(e) = it.peek() {
        if e.0 == id {
            out.push(*e);
            it.next();
        } else {
            break;
        }
    }
    if out.is_empty() && all.iter().any(|e| e.0 == id) {
        out.extend(all.iter().filter(|e| e.0 == id));
    }
    out
}

impl Printer<'_> {
    /// Metadata as an operand: `!N`, `!"s"`, `T V`, or an inline `!DIExpression(...)`.
    pub(crate) fn md_operand(&mut self, md: MdId, locals: &Locals, as_value: bool) {
        let m = self.m;
        match m.metadata.get(md) {
            Some(MdItem::String(s)) => {
                self.out.push_str("!\"");
                escaped(&mut self.out, s.of(&m.metadata.string_pool));
                self.out.push('"');
            }
            Some(MdItem::Value { ty, value }) => {
                self.ty(*ty);
                self.out.push(' ');
                let empty = Locals::default();
                let l = if as_value { locals } else { &empty };
                self.value(*value, l, 0);
            }
            Some(MdItem::Special {
                code: special::EXPRESSION,
                operands,
                ..
            }) => self.expression(operands.of(&m.metadata.special_pool)),
            Some(_) => match self.md.slot(Node::Item(md)) {
                Some(n) => {
                    self.out.push('!');
                    self.out.push_str(&n.to_string());
                }
                None => self.node_body(Node::Item(md)),
            },
            None => self.out.push_str("<badref>"),
        }
    }

    /// A reference to a numbered node.
    pub(crate) fn node_ref(&mut self, n: Node) {
        match self.md.slot(n) {
            Some(s) => {
                self.out.push('!');
                self.out.push_str(&s.to_string());
            }
            None => self.out.push_str("<badref>"),
        }
    }

    /// `!name = !{!0, !1}` lines.
    pub(crate) fn named_metadata(&mut self) {
        let m = self.m;
        if !m.metadata.named.is_empty() {
            self.out.push('\n');
        }
        for (n, named) in m.metadata.named.iter().enumerate() {
            self.record_named(n);
            self.out.push('!');
            md_name(&mut self.out, m.symbols.bytes(named.name));
            self.out.push_str(" = !{");
            for (i, &op) in m.metadata.named_operands(named).iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                if is_expression(m, op) {
                    self.md_operand(op, &Locals::default(), false);
                } else {
                    self.node_ref(Node::Item(op));
                }
            }
            self.out.push_str("}\n");
        }
    }

    /// `!N = ...` lines.
    pub(crate) fn metadata_nodes(&mut self) {
        if self.md.order.is_empty() {
            return;
        }
        self.out.push('\n');
        let order = std::mem::take(&mut self.md.order);
        for (i, &n) in order.iter().enumerate() {
            self.out.push('!');
            self.out.push_str(&i.to_string());
            self.out.push_str(" = ");
            self.node_body(n);
            self.out.push('\n');
        }
        self.md.order = order;
    }

    fn node_body(&mut self, n: Node) {
        let m = self.m;
        let locals = Locals::default();
        match n {
            Node::Loc(l) => {
                self.out.push_str("!DILocation(line: ");
                self.out.push_str(&l.line.to_string());
                if l.col != 0 {
                    self.out.push_str(", column: ");
                    self.out.push_str(&l.col.to_string());
                }
                self.out.push_str(", scope: ");
                match l.scope {
                    Some(s) => self.md_operand(s, &locals, false),
                    None => self.out.push_str("null"),
                }
                if let Some(i) = l.inlined_at {
                    self.out.push_str(", inlinedAt: ");
                    self.md_operand(i, &locals, false);
                }
                self.out.push(')');
            }
            Node::Item(id) => match m.metadata.get(id) {
                Some(MdItem::Node { distinct, operands }) => {
                    if *distinct {
                        self.out.push_str("distinct ");
                    }
                    self.out.push_str("!{");
                    for (i, op) in operands.of(&m.metadata.node_pool).iter().enumerate() {
                        if i > 0 {
                            self.out.push_str(", ");
                        }
                        match op {
                            None => self.out.push_str("null"),
                            Some(op) => self.md_operand(*op, &locals, false),
                        }
                    }
                    self.out.push('}');
                }
                Some(MdItem::Special {
                    code,
                    distinct,
                    operands,
                }) => {
                    if *distinct {
                        self.out.push_str("distinct ");
                    }
                    let operands = operands.of(&m.metadata.special_pool);
                    if *code == special::EXPRESSION {
                        self.expression(operands);
                    } else {
                        self.special(*code, operands);
                    }
                }
                _ => self.out.push_str("<badref>"),
            },
        }
    }

    /// A `DIExpression`: when it is a sequence of known operations each with its arguments,
    /// the operations by name and the arguments as numbers; otherwise every element by name
    /// when it is the code of an operation (as LLVM prints an expression it cannot walk).
    fn expression(&mut self, operands: &[u64]) {
        self.out.push_str("!DIExpression(");
        let mut args_left = 0;
        let walkable = operands.iter().all(|&e| {
            if args_left > 0 {
                args_left -= 1;
                return true;
            }
            special::op_args(e).map(|n| args_left = n).is_some()
        }) && args_left == 0;
        let mut args_left = 0;
        for (i, &e) in operands.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            let name = if walkable && args_left > 0 {
                args_left -= 1;
                None
            } else {
                args_left = special::op_args(e).unwrap_or(0);
                special::name_of(special::OPS, e)
            };
            match name {
                Some(n) => self.out.push_str(n),
                None => self.out.push_str(&e.to_string()),
            }
        }
        self.out.push(')');
    }

    /// A specialized node from its record.
    fn special(&mut self, code: u32, operands: &[u64]) {
        let Some(kind) = special::kind_of_code(code) else {
            self.out
                .push_str(&format!("!<unknown specialized node {code}>()"));
            return;
        };
        self.out.push('!');
        self.out.push_str(kind.name);
        self.out.push('(');
        let natural: Vec<usize> = (0..kind.fields.len()).collect();
        let order = kind.print_order.unwrap_or(&natural);
        let mut first = true;
        let locals = Locals::default();
        for &i in order {
            let Some(&(name, field)) = kind.fields.get(i) else {
                continue;
            };
            let v = operands.get(i).copied().unwrap_or(0);
            if !kind.is_printed(i, operands) {
                continue;
            }
            // a string field holds a string item, printed as its text (`name: "main"`)
            let string = match field {
                Field::Str => v
                    .checked_sub(1)
                    .and_then(|x| u32::try_from(x).ok())
                    .map(|x| match self.m.metadata.get(MdId(x)) {
                        Some(MdItem::String(s)) => Ok(s.of(&self.m.metadata.string_pool)),
                        _ => Err(MdId(x)),
                    }),
                _ => None,
            };
            if let Some(Ok(s)) = string
                && s.is_empty()
                && !kind.always.contains(&name)
            {
                continue;
            }
            if !first {
                self.out.push_str(", ");
            }
            first = false;
            self.out.push_str(name);
            self.out.push_str(": ");
            match field {
                Field::Md | Field::MdRequired => {
                    let id = if field == Field::Md {
                        v.checked_sub(1)
                    } else {
                        Some(v)
                    };
                    match id.and_then(|x| u32::try_from(x).ok()) {
                        Some(x) => self.md_operand(MdId(x), &locals, false),
                        None => self.out.push_str("null"),
                    }
                }
                Field::Str => match string {
                    Some(Ok(s)) => {
                        self.out.push('"');
                        escaped(&mut self.out, s);
                        self.out.push('"');
                    }
                    // not a string: what the record refers to, as it is
                    Some(Err(x)) => self.md_operand(x, &locals, false),
                    None => self.out.push_str("\"\""),
                },
                Field::Bool => self.out.push_str(if v != 0 { "true" } else { "false" }),
                Field::SInt => self.out.push_str(&special::unrotate_sign(v).to_string()),
                Field::Int => self.out.push_str(&v.to_string()),
                Field::Flags => {
                    let mut rest = v;
                    let mut parts = Vec::new();
                    for &(n, bit) in special::FLAGS.iter().rev() {
                        if bit != 0
                            && rest & bit == bit
                            && (bit.count_ones() == 1 || rest & 3 == bit)
                        {
                            parts.push(n.to_owned());
                            rest &= !bit;
                        }
                    }
                    parts.reverse();
                    if rest != 0 {
                        parts.push(rest.to_string());
                    }
                    self.out.push_str(&parts.join(" | "));
                }
                Field::Tag | Field::Encoding | Field::Lang | Field::Virtuality => {
                    match special::name_of(special::names(field), v) {
                        Some(n) => self.out.push_str(n),
                        None => self.out.push_str(&v.to_string()),
                    }
                }
            }
        }
        self.out.push(')');
    }
}
