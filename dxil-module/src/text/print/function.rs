//! Global variables, functions, blocks and instructions.

use super::Printer;
use super::attrs::place_attrs;
use super::metadata::{Node, lookup, lookup_all};
use super::names::{escaped, llvm_name, md_name};
use super::values::Locals;
use crate::model::{
    AttrGroup, Body, FuncId, GlobalId, GlobalProps, Inst, InstId, InstKind, Linkage, Tail, Type,
    Value,
};

/// The column predecessor comments start at.
const PREDS_COLUMN: usize = 50;

fn calling_conv(cc: u32) -> String {
    match crate::text::special::name_of(crate::text::special::CALLING_CONVS, u64::from(cc)) {
        Some(name) => name.to_owned(),
        None => format!("cc {cc}"),
    }
}

impl Printer<'_> {
    fn linkage_etc(&mut self, props: &GlobalProps) {
        let l = props.linkage.keyword();
        if !l.is_empty() {
            self.out.push_str(l);
            self.out.push(' ');
        }
        match props.visibility {
            1 => self.out.push_str("hidden "),
            2 => self.out.push_str("protected "),
            _ => {}
        }
        match props.dll_storage {
            1 => self.out.push_str("dllimport "),
            2 => self.out.push_str("dllexport "),
            _ => {}
        }
    }

    fn section_comdat(&mut self, props: &GlobalProps, comma: bool, own_name: &[u8]) {
        let sep = if comma { ", " } else { " " };
        if let Some(s) = props.section.and_then(|s| self.m.sections.get(s as usize)) {
            self.out.push_str(sep);
            self.out.push_str("section \"");
            escaped(&mut self.out, s);
            self.out.push('"');
        }
        if let Some(c) = props.comdat.and_then(|c| self.m.comdats.get(c as usize)) {
            self.out.push_str(sep);
            self.out.push_str("comdat");
            if *c.name != *own_name {
                self.out.push('(');
                llvm_name(&mut self.out, '$', &c.name);
                self.out.push(')');
            }
        }
    }

    /// `@g = ... global T init, align N`.
    pub(crate) fn global(&mut self, id: GlobalId) {
        let m = self.m;
        let Some(g) = m.global(id) else {
            return;
        };
        let locals = Locals::default();
        self.value(Value::Global(id), &locals, 0);
        self.out.push_str(" = ");
        if g.init.is_none() && g.props.linkage == Linkage::External {
            self.out.push_str("external ");
        }
        self.linkage_etc(&g.props);
        match g.thread_local {
            0 => {}
            1 => self.out.push_str("thread_local "),
            2 => self.out.push_str("thread_local(localdynamic) "),
            3 => self.out.push_str("thread_local(initialexec) "),
            _ => self.out.push_str("thread_local(localexec) "),
        }
        if g.props.unnamed_addr {
            self.out.push_str("unnamed_addr ");
        }
        if g.addrspace != 0 {
            self.out.push_str(&format!("addrspace({}) ", g.addrspace));
        }
        if g.externally_initialized {
            self.out.push_str("externally_initialized ");
        }
        self.out
            .push_str(if g.constant { "constant " } else { "global " });
        self.ty(g.value_ty);
        if let Some(init) = g.init {
            self.out.push(' ');
            self.value(init, &locals, 0);
        }
        let own = g.name.map(|n| m.symbols.bytes(n)).unwrap_or(&[]);
        self.section_comdat(&g.props, true, own);
        if g.props.align != 0 {
            self.out.push_str(&format!(", align {}", g.props.align));
        }
    }

    /// The numbering of a function's arguments, blocks and results.
    pub(crate) fn locals(&self, id: FuncId, body: &Body, params: usize) -> Locals {
        let mut l = Locals {
            func: Some(id),
            args: vec![None; params],
            insts: vec![None; body.insts.len()],
            blocks: vec![None; body.blocks.len()],
        };
        let mut next = 0u32;
        for (i, slot) in l.args.iter_mut().enumerate() {
            if body.arg_names.get(i).copied().flatten().is_none() {
                *slot = Some(next);
                next += 1;
            }
        }
        for (b, block) in body.blocks.iter().enumerate() {
            if block.name.is_none() {
                l.blocks[b] = Some(next);
                next += 1;
            }
            for i in block.inst_ids() {
                let Some(inst) = body.inst(i) else {
                    continue;
                };
                let void = matches!(self.m.types.get(inst.ty), Some(Type::Void));
                if !void && inst.name.is_none() {
                    if let Some(s) = l.insts.get_mut(i.index()) {
                        *s = Some(next);
                    }
                    next += 1;
                }
            }
        }
        l
    }

    /// A function: `declare ...` or `define ... { ... }`.
    pub(crate) fn function(&mut self, id: FuncId) {
        let m = self.m;
        let Some(f) = m.function(id) else {
            return;
        };
        let fn_attrs = place_attrs(m, f.attrs, AttrGroup::FUNCTION);
        let flags: Vec<_> = fn_attrs
            .iter()
            .filter(|a| !matches!(a, crate::model::Attr::Str { .. }))
            .cloned()
            .collect();
        if !flags.is_empty() {
            self.out.push_str("; Function Attrs: ");
            self.attr_list(&flags, false);
            self.out.push('\n');
        }
        let (ret, params, vararg) = match m.types.get(f.ty) {
            Some(Type::Function {
                ret,
                params,
                vararg,
            }) => (Some(*ret), params.clone(), *vararg),
            _ => (None, Vec::new(), false),
        };
        let locals = match &f.body {
            Some(b) => self.locals(id, b, params.len()),
            None => Locals {
                func: Some(id),
                ..Locals::default()
            },
        };
        self.record_function(id);
        if f.body.is_some() {
            self.out.push_str("define ");
        } else {
            self.out.push_str("declare ");
        }
        self.linkage_etc(&f.props);
        if f.cc != 0 {
            self.out.push_str(&calling_conv(f.cc));
            self.out.push(' ');
        }
        let ret_attrs = place_attrs(m, f.attrs, 0);
        if !ret_attrs.is_empty() {
            self.attr_list(&ret_attrs, false);
            self.out.push(' ');
        }
        match ret {
            Some(r) => self.ty(r),
            None => self.out.push_str("<badref>"),
        }
        self.out.push(' ');
        self.value(Value::Function(id), &locals, 0);
        self.out.push('(');
        for (i, &p) in params.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.ty(p);
            let pa = place_attrs(m, f.attrs, i as u32 + 1);
            if !pa.is_empty() {
                self.out.push(' ');
                self.attr_list(&pa, false);
            }
            if f.body.is_some() {
                self.out.push(' ');
                self.value(Value::Arg(i as u32), &locals, 0);
            }
        }
        if vararg {
            if !params.is_empty() {
                self.out.push_str(", ");
            }
            self.out.push_str("...");
        }
        self.out.push(')');
        if f.props.unnamed_addr {
            self.out.push_str(" unnamed_addr");
        }
        if let Some(slot) = self.attrs.slot(&fn_attrs) {
            self.out.push_str(&format!(" #{slot}"));
        }
        let own = f.name.map(|n| m.symbols.bytes(n)).unwrap_or(&[]);
        self.section_comdat(&f.props, false, own);
        if f.props.align != 0 {
            self.out.push_str(&format!(" align {}", f.props.align));
        }
        if let Some(gc) = f.gc.and_then(|g| m.gc_names.get(g as usize)) {
            self.out.push_str(" gc \"");
            escaped(&mut self.out, gc);
            self.out.push('"');
        }
        for (word, v) in [
            (" prefix ", f.prefix),
            (" prologue ", f.prologue),
            (" personality ", f.personality),
        ] {
            if let Some(v) = v {
                self.out.push_str(word);
                self.operand(v, true, &locals);
            }
        }
        let Some(body) = &f.body else {
            self.out.push('\n');
            return;
        };
        let mut fn_att: Vec<_> = body
            .fn_attachments
            .iter()
            .map(|a| (self.md.kind_rank(a.kind), a.kind, a.node))
            .collect();
        fn_att.sort_by_key(|a| a.0);
        for (_, kind, node) in fn_att {
            self.out.push(' ');
            self.attachment(kind, Node::Item(node));
        }
        self.out.push_str(" {");
        self.body(body, &locals);
        self.out.push_str("}\n");
    }

    fn attachment(&mut self, kind: u32, node: Node) {
        self.out.push('!');
        match self.m.metadata.kinds.iter().find(|k| k.id == kind) {
            Some(k) => md_name(&mut self.out, self.m.symbols.bytes(k.name)),
            None => self.out.push_str(&format!("<unknown kind #{kind}>")),
        }
        self.out.push(' ');
        match node {
            Node::Item(id) => self.md_operand(id, &Locals::default(), false),
            Node::Loc(_) => self.node_ref(node),
        }
    }

    fn body(&mut self, body: &Body, locals: &Locals) {
        // Predecessors: the terminators that branch to a block, the last one first.
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); body.blocks.len()];
        for (b, block) in body.blocks.iter().enumerate() {
            let Some(term) = block.last().and_then(|i| body.inst(i)) else {
                continue;
            };
            let mut succ = |t: crate::model::BlockId| {
                if let Some(p) = preds.get_mut(t.index()) {
                    p.push(b as u32);
                }
            };
            match &term.kind {
                InstKind::Br(t) => succ(*t),
                InstKind::CondBr {
                    then, otherwise, ..
                } => {
                    succ(*then);
                    succ(*otherwise);
                }
                InstKind::Switch { default, cases, .. } => {
                    succ(*default);
                    for (_, t) in cases {
                        succ(*t);
                    }
                }
                _ => {}
            }
        }
        let mut atts = body.attachments.iter().peekable();
        let mut locs = body.debug_locs.iter().peekable();
        for (b, block) in body.blocks.iter().enumerate() {
            let entry = b == 0;
            let line_start = self.out.len();
            if let Some(name) = block.name {
                self.out.push('\n');
                llvm_name(&mut self.out, '\0', self.m.symbols.bytes(name));
                self.out.push(':');
            } else if !entry {
                self.out.push('\n');
                match locals.blocks.get(b).copied().flatten() {
                    Some(n) => self.out.push_str(&n.to_string()),
                    None => self.out.push_str("<badref>"),
                }
                self.out.push(':');
            }
            if !entry {
                let col = self.out.len() - line_start - 1;
                let pad = PREDS_COLUMN.saturating_sub(col).max(1);
                self.out.extend(std::iter::repeat_n(' ', pad));
                self.out.push(';');
                let p = &preds[b];
                if p.is_empty() {
                    self.out.push_str(" No predecessors!");
                } else {
                    self.out.push_str(" preds = ");
                    for (i, &pb) in p.iter().rev().enumerate() {
                        if i > 0 {
                            self.out.push_str(", ");
                        }
                        self.block_operand(crate::model::BlockId(pb), body, locals);
                    }
                }
            }
            self.out.push('\n');
            for i in block.inst_ids() {
                let Some(inst) = body.inst(i) else {
                    continue;
                };
                self.out.push_str("  ");
                self.record_inst(locals.func, i);
                self.instruction(i, inst, locals);
                let loc = lookup(&mut locs, &body.debug_locs, i).map(|(_, l)| *l);
                let mut list: Vec<(u32, u32, Node)> = Vec::new();
                if let Some(l) = loc {
                    let dbg = self
                        .m
                        .metadata
                        .kinds
                        .iter()
                        .find(|k| self.m.symbols.bytes(k.name) == b"dbg")
                        .map_or(0, |k| k.id);
                    list.push((0, dbg, Node::Loc(l)));
                }
                for (_, a) in lookup_all(&mut atts, &body.attachments, i) {
                    list.push((self.md.kind_rank(a.kind), a.kind, Node::Item(a.node)));
                }
                list.sort_by_key(|a| a.0);
                for (_, kind, node) in list {
                    self.out.push_str(", ");
                    self.attachment(kind, node);
                }
                self.out.push('\n');
            }
        }
    }

    fn block_operand(&mut self, b: crate::model::BlockId, body: &Body, locals: &Locals) {
        match body.blocks.get(b.index()).and_then(|bl| bl.name) {
            Some(name) => llvm_name(&mut self.out, '%', self.m.symbols.bytes(name)),
            None => self.numbered('%', locals.blocks.get(b.index()).copied().flatten()),
        }
    }

    fn label(&mut self, b: crate::model::BlockId, body: &Body, locals: &Locals) {
        self.out.push_str("label ");
        self.block_operand(b, body, locals);
    }

    fn is_fp(&self, ty: crate::model::TypeId) -> bool {
        match self.m.types.get(ty) {
            Some(Type::Vector { elem, .. }) => self.m.types.get(*elem).is_some_and(Type::is_float),
            Some(t) => t.is_float(),
            None => false,
        }
    }

    /// One instruction, without its attachments.
    fn instruction(&mut self, id: InstId, inst: &Inst, locals: &Locals) {
        let m = self.m;
        let body = locals
            .func
            .and_then(|f| m.function(f))
            .and_then(|f| f.body.as_ref());
        let void = matches!(m.types.get(inst.ty), Some(Type::Void));
        if let Some(n) = inst.name {
            llvm_name(&mut self.out, '%', m.symbols.bytes(n));
            self.out.push_str(" = ");
        } else if !void {
            self.numbered('%', locals.insts.get(id.index()).copied().flatten());
            self.out.push_str(" = ");
        }
        if let InstKind::Call(c) = &inst.kind {
            match c.tail {
                Tail::Tail => self.out.push_str("tail "),
                Tail::MustTail => self.out.push_str("musttail "),
                Tail::None => {}
            }
        }
        self.out.push_str(inst.kind.opcode_name());
        let empty = Body::default();
        let body = body.unwrap_or(&empty);
        match &inst.kind {
            InstKind::Ret(None) => self.out.push_str(" void"),
            InstKind::Ret(Some(v)) => {
                self.out.push(' ');
                self.operand(*v, true, locals);
            }
            InstKind::Br(b) => {
                self.out.push(' ');
                self.label(*b, body, locals);
            }
            InstKind::CondBr {
                cond,
                then,
                otherwise,
            } => {
                self.out.push(' ');
                self.operand(*cond, true, locals);
                self.out.push_str(", ");
                self.label(*then, body, locals);
                self.out.push_str(", ");
                self.label(*otherwise, body, locals);
            }
            InstKind::Switch {
                value,
                default,
                cases,
            } => {
                self.out.push(' ');
                self.operand(*value, true, locals);
                self.out.push_str(", ");
                self.label(*default, body, locals);
                self.out.push_str(" [");
                for (c, b) in cases {
                    self.out.push_str("\n    ");
                    self.operand(Value::Const(*c), true, locals);
                    self.out.push_str(", ");
                    self.label(*b, body, locals);
                }
                self.out.push_str("\n  ]");
            }
            InstKind::Unreachable => {}
            InstKind::Binary {
                op,
                lhs,
                rhs,
                flags,
            } => {
                self.binop_flags(*op, *flags);
                self.same_type_operands(&[*lhs, *rhs], locals);
            }
            InstKind::Cast { value, .. } => {
                self.out.push(' ');
                self.operand(*value, true, locals);
                self.out.push_str(" to ");
                self.ty(inst.ty);
            }
            InstKind::GetElementPtr {
                inbounds,
                source,
                operands,
            } => {
                if *inbounds {
                    self.out.push_str(" inbounds");
                }
                self.out.push(' ');
                self.ty(*source);
                self.out.push(',');
                self.same_type_operands(body.values(*operands), locals);
            }
            InstKind::Load {
                ptr,
                align,
                volatile,
            } => {
                if *volatile {
                    self.out.push_str(" volatile");
                }
                self.out.push(' ');
                self.ty(inst.ty);
                self.out.push_str(", ");
                self.operand(*ptr, true, locals);
                if *align != 0 {
                    self.out.push_str(&format!(", align {align}"));
                }
            }
            InstKind::Store {
                ptr,
                value,
                align,
                volatile,
            } => {
                if *volatile {
                    self.out.push_str(" volatile");
                }
                self.out.push(' ');
                self.operand(*value, true, locals);
                self.out.push_str(", ");
                self.operand(*ptr, true, locals);
                if *align != 0 {
                    self.out.push_str(&format!(", align {align}"));
                }
            }
            InstKind::Alloca {
                allocated,
                count,
                align,
                inalloca,
            } => {
                self.out.push(' ');
                if *inalloca {
                    self.out.push_str("inalloca ");
                }
                self.ty(*allocated);
                let one_i32 = count
                    .as_const()
                    .and_then(|c| m.constant(c))
                    .is_some_and(|c| {
                        m.types.int_width(c.ty) == Some(32)
                            && m.const_int(count.as_const().unwrap_or(crate::model::ConstId(0)))
                                == Some(1)
                    });
                if !one_i32 {
                    self.out.push_str(", ");
                    self.operand(*count, true, locals);
                }
                if *align != 0 {
                    self.out.push_str(&format!(", align {align}"));
                }
            }
            InstKind::Cmp {
                pred,
                lhs,
                rhs,
                flags,
            } => {
                if !pred.is_int() {
                    self.fast_math(*flags);
                }
                self.out.push(' ');
                self.out.push_str(pred.keyword());
                self.same_type_operands(&[*lhs, *rhs], locals);
            }
            InstKind::Phi { incoming } => {
                self.out.push(' ');
                self.ty(inst.ty);
                self.out.push(' ');
                for (i, (v, b)) in incoming.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.out.push_str("[ ");
                    self.operand(*v, false, locals);
                    self.out.push_str(", ");
                    self.block_operand(*b, body, locals);
                    self.out.push_str(" ]");
                }
            }
            InstKind::Call(c) => {
                if self.is_fp(inst.ty) {
                    self.fast_math(c.flags);
                }
                if c.cc != 0 {
                    self.out.push(' ');
                    self.out.push_str(&calling_conv(c.cc));
                }
                let ret_attrs = place_attrs(m, c.attrs, 0);
                if !ret_attrs.is_empty() {
                    self.out.push(' ');
                    self.attr_list(&ret_attrs, false);
                }
                self.out.push(' ');
                let vararg = matches!(
                    m.types.get(c.fn_ty),
                    Some(Type::Function { vararg: true, .. })
                );
                if vararg {
                    self.ty(c.fn_ty);
                } else {
                    match m.types.function_ret(c.fn_ty) {
                        Some(r) => self.ty(r),
                        None => self.out.push_str("<badref>"),
                    }
                }
                self.out.push(' ');
                self.operand(c.callee, false, locals);
                self.out.push('(');
                for (i, &a) in body.args(c).iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    match self.value_ty(a, locals) {
                        Some(t) => self.ty(t),
                        None => self.out.push_str("<badref>"),
                    }
                    let pa = place_attrs(m, c.attrs, i as u32 + 1);
                    if !pa.is_empty() {
                        self.out.push(' ');
                        self.attr_list(&pa, false);
                    }
                    self.out.push(' ');
                    self.value(a, locals, 0);
                }
                self.out.push(')');
                let fa = place_attrs(m, c.attrs, AttrGroup::FUNCTION);
                if let Some(slot) = self.attrs.slot(&fa) {
                    self.out.push_str(&format!(" #{slot}"));
                }
            }
            InstKind::Select {
                cond,
                then,
                otherwise,
            } => self.all_typed(&[*cond, *then, *otherwise], locals),
            InstKind::ExtractValue { aggregate, indices } => {
                self.out.push(' ');
                self.operand(*aggregate, true, locals);
                for i in indices {
                    self.out.push_str(&format!(", {i}"));
                }
            }
            InstKind::InsertValue {
                aggregate,
                value,
                indices,
            } => {
                self.out.push(' ');
                self.operand(*aggregate, true, locals);
                self.out.push_str(", ");
                self.operand(*value, true, locals);
                for i in indices {
                    self.out.push_str(&format!(", {i}"));
                }
            }
            InstKind::ExtractElement { vector, index } => {
                self.same_type_operands(&[*vector, *index], locals)
            }
            InstKind::InsertElement {
                vector,
                element,
                index,
            } => self.same_type_operands(&[*vector, *element, *index], locals),
            InstKind::ShuffleVector { a, b, mask } => {
                self.all_typed(&[*a, *b], locals);
                self.shuffle_mask(*mask);
            }
            InstKind::AtomicRmw {
                op,
                ptr,
                value,
                volatile,
                ordering,
                single_thread,
            } => {
                if *volatile {
                    self.out.push_str(" volatile");
                }
                self.out.push(' ');
                self.out.push_str(op.keyword());
                self.same_type_operands(&[*ptr, *value], locals);
                self.atomic(*single_thread, &[*ordering]);
                let align = self.atomic_align(self.value_ty(*value, locals));
                self.out.push_str(&format!(", align {align}"));
            }
            InstKind::CmpXchg {
                ptr,
                cmp,
                new,
                volatile,
                weak,
                success,
                failure,
                single_thread,
            } => {
                if *weak {
                    self.out.push_str(" weak");
                }
                if *volatile {
                    self.out.push_str(" volatile");
                }
                self.all_typed(&[*ptr, *cmp, *new], locals);
                self.atomic(*single_thread, &[*success, *failure]);
                let align = self.atomic_align(self.value_ty(*cmp, locals));
                self.out.push_str(&format!(", align {align}"));
            }
            InstKind::Fence {
                ordering,
                single_thread,
            } => self.atomic(*single_thread, &[*ordering]),
        }
    }

    fn atomic(&mut self, single_thread: bool, orderings: &[crate::model::Ordering]) {
        if single_thread {
            self.out.push_str(" syncscope(\"singlethread\")");
        }
        for o in orderings {
            self.out.push(' ');
            self.out.push_str(o.keyword());
        }
    }

    /// The alignment LLVM 14 gives an atomic that had none (LLVM 3.7's have none): the type's
    /// store size in bytes, as a power of two (LLVM keeps the log2 of the size, so the 5 bytes
    /// of an `i40` are `align 4`).
    fn atomic_align(&self, ty: Option<crate::model::TypeId>) -> u64 {
        let size = match ty.and_then(|t| self.m.types.get(t)) {
            Some(Type::Int(w)) => u64::from(*w).div_ceil(8),
            Some(Type::Half) => 2,
            Some(Type::Float) => 4,
            Some(Type::Double) => 8,
            Some(Type::Pointer { .. }) => 4,
            _ => 1,
        };
        1 << size.max(1).ilog2()
    }

    /// Operands printed as LLVM prints most instructions: one type for all when they share
    /// it, else each with its type.
    fn same_type_operands(&mut self, ops: &[Value], locals: &Locals) {
        let first = ops.first().and_then(|&v| self.value_ty(v, locals));
        let same = ops.iter().all(|&v| self.value_ty(v, locals) == first);
        if !same {
            self.all_typed(ops, locals);
            return;
        }
        self.out.push(' ');
        match first {
            Some(t) => self.ty(t),
            None => self.out.push_str("<badref>"),
        }
        self.out.push(' ');
        for (i, &v) in ops.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.value(v, locals, 0);
        }
    }

    fn all_typed(&mut self, ops: &[Value], locals: &Locals) {
        self.out.push(' ');
        for (i, &v) in ops.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.operand(v, true, locals);
        }
    }
}
