//! Types: their spelling, and which struct types the module defines in which order (the order
//! LLVM's type finder meets them: globals, then functions and their instructions, then named
//! metadata).

use super::names::llvm_name;
use super::{PRINT_DEPTH, Printer};
use crate::hash::Map;
use crate::model::{
    Body, ConstExpr, ConstId, ConstKind, InstKind, MdId, MdItem, NamedStruct, Type, TypeId, Value,
};
use crate::text::special;

/// A piece of work of the type finder.
enum Work {
    Type(TypeId),
    Value(Value),
    Md(MdId),
}

/// The type finder's walk: types, constants and nodes each visited once, with one stack.
struct Finder<'m> {
    m: &'m crate::model::Module,
    types: Map<TypeId, ()>,
    consts: Map<ConstId, ()>,
    mds: Map<MdId, ()>,
    found: Vec<TypeId>,
    stack: Vec<Work>,
    type_stack: Vec<TypeId>,
}

impl Finder<'_> {
    fn run(&mut self, w: Work) {
        self.stack.push(w);
        while let Some(w) = self.stack.pop() {
            match w {
                Work::Type(t) => self.ty(t),
                Work::Value(v) => self.value(v),
                Work::Md(md) => self.md(md),
            }
        }
    }

    fn ty(&mut self, t: TypeId) {
        if self.types.insert(t, ()).is_some() {
            return;
        }
        self.type_stack.push(t);
        while let Some(t) = self.type_stack.pop() {
            let Some(ty) = self.m.types.get(t) else {
                continue;
            };
            if matches!(ty, Type::Named(_)) {
                self.found.push(t);
            }
            let subs: &[TypeId] = match ty {
                Type::Pointer { pointee, .. } => std::slice::from_ref(pointee),
                Type::Function { .. } => &[],
                Type::Struct { fields, .. } => fields,
                Type::Named(NamedStruct {
                    fields: Some(fields),
                    ..
                }) => fields,
                Type::Array { elem, .. } | Type::Vector { elem, .. } => std::slice::from_ref(elem),
                _ => &[],
            };
            if let Type::Function { ret, params, .. } = ty {
                for &s in params.iter().rev().chain(std::iter::once(ret)) {
                    if self.types.insert(s, ()).is_none() {
                        self.type_stack.push(s);
                    }
                }
            }
            for &s in subs.iter().rev() {
                if self.types.insert(s, ()).is_none() {
                    self.type_stack.push(s);
                }
            }
        }
    }

    fn value(&mut self, v: Value) {
        let c = match v {
            Value::Metadata(md) => {
                match self.m.metadata.get(md) {
                    Some(MdItem::Value { value, .. }) => self.stack.push(Work::Value(*value)),
                    Some(MdItem::Node { .. } | MdItem::Special { .. }) => {
                        self.stack.push(Work::Md(md))
                    }
                    _ => {}
                }
                return;
            }
            Value::Const(c) => c,
            _ => return,
        };
        if self.consts.insert(c, ()).is_some() {
            return;
        }
        let Some(constant) = self.m.constant(c) else {
            return;
        };
        self.ty(constant.ty);
        let mut ops: Vec<Value> = Vec::new();
        match &constant.kind {
            ConstKind::Aggregate(values) => ops.extend(values),
            ConstKind::Expr(e) => match e {
                ConstExpr::GetElementPtr {
                    source, operands, ..
                } => {
                    let src = source.or_else(|| {
                        operands
                            .first()
                            .and_then(|p| self.m.value_type(None, *p))
                            .and_then(|t| self.m.types.pointee(t))
                    });
                    if let Some(s) = src {
                        self.ty(s);
                    }
                    ops.extend(operands);
                }
                ConstExpr::Cast { value, .. } => ops.push(*value),
                ConstExpr::Binary { lhs, rhs, .. } | ConstExpr::Compare { lhs, rhs, .. } => {
                    ops.extend([*lhs, *rhs])
                }
                ConstExpr::Select {
                    cond,
                    then,
                    otherwise,
                } => ops.extend([*cond, *then, *otherwise]),
                ConstExpr::ExtractElement { vector, index } => ops.extend([*vector, *index]),
                ConstExpr::InsertElement {
                    vector,
                    element,
                    index,
                } => ops.extend([*vector, *element, *index]),
                ConstExpr::ShuffleVector { a, b, .. } => ops.extend([*a, *b]),
            },
            _ => {}
        }
        for v in ops.into_iter().rev() {
            self.stack.push(Work::Value(v));
        }
    }

    fn md(&mut self, md: MdId) {
        if self.mds.insert(md, ()).is_some() {
            return;
        }
        let metadata = &self.m.metadata;
        let refs: Vec<MdId> = match metadata.get(md) {
            Some(MdItem::Node { operands, .. }) => {
                let operands = operands.of(&metadata.node_pool);
                operands.iter().flatten().copied().collect()
            }
            Some(MdItem::Special { code, operands, .. }) => {
                special_refs(*code, operands.of(&metadata.special_pool))
            }
            _ => Vec::new(),
        };
        let ops = refs.into_iter().filter_map(|id| match metadata.get(id) {
            Some(item) if item.is_node() => Some(Work::Md(id)),
            Some(MdItem::Value { value, .. }) => Some(Work::Value(*value)),
            _ => None,
        });
        let ops: Vec<Work> = ops.collect();
        for w in ops.into_iter().rev() {
            self.stack.push(w);
        }
    }
}

/// The items a specialized node refers to, in field order.
pub(crate) fn special_refs(code: u32, operands: &[u64]) -> Vec<MdId> {
    let Some(kind) = special::kind_of_code(code) else {
        return Vec::new();
    };
    kind.fields
        .iter()
        .zip(operands)
        .filter_map(|((_, f), &v)| match f {
            special::Field::Md => v.checked_sub(1),
            special::Field::MdRequired => Some(v),
            _ => None,
        })
        .filter_map(|v| u32::try_from(v).ok().map(MdId))
        .collect()
}

impl Printer<'_> {
    /// Finds the struct types the module uses, in LLVM's order, and numbers the unnamed ones.
    pub(crate) fn number_types(&mut self) {
        let m = self.m;
        let mut f = Finder {
            m,
            types: Map::default(),
            consts: Map::default(),
            mds: Map::default(),
            found: Vec::new(),
            stack: Vec::new(),
            type_stack: Vec::new(),
        };
        for g in &m.globals {
            f.run(Work::Type(g.ptr_ty));
            if let Some(init) = g.init {
                f.run(Work::Value(init));
            }
        }
        for func in &m.functions {
            f.run(Work::Type(func.ptr_ty));
            for v in [func.personality, func.prefix, func.prologue]
                .into_iter()
                .flatten()
            {
                f.run(Work::Value(v));
            }
            let Some(body) = &func.body else {
                continue;
            };
            let mut attached: Vec<(u32, MdId)> = Vec::new();
            for (id, inst) in body.iter() {
                f.run(Work::Type(inst.ty));
                let mut ops = Vec::new();
                operands(body, &inst.kind, &mut ops);
                for v in ops {
                    if !matches!(v, Value::Inst(_)) {
                        f.run(Work::Value(v));
                    }
                }
                if let InstKind::GetElementPtr { source, .. } = inst.kind {
                    f.run(Work::Type(source));
                }
                attached.clear();
                attached.extend(
                    body.attachments
                        .iter()
                        .filter(|(i, _)| *i == id)
                        .map(|(_, a)| (self.md.kind_rank(a.kind), a.node)),
                );
                attached.sort_by_key(|a| a.0);
                for &(_, node) in &attached {
                    f.run(Work::Md(node));
                }
            }
        }
        for named in &m.metadata.named {
            for &op in m.metadata.named_operands(named) {
                f.run(Work::Md(op));
            }
        }
        let mut next = 0;
        for t in f.found {
            match m.types.get(t) {
                Some(Type::Named(NamedStruct { name: None, .. })) => {
                    self.struct_numbers.insert(t, next);
                    next += 1;
                }
                _ => self.struct_order.push(t),
            }
        }
        // Numbered types are printed first, in number order.
        let mut numbered: Vec<(u32, TypeId)> =
            self.struct_numbers.iter().map(|(t, n)| (*n, *t)).collect();
        numbered.sort();
        let named = std::mem::take(&mut self.struct_order);
        self.struct_order = numbered.into_iter().map(|(_, t)| t).chain(named).collect();
    }

    /// `%T = type { ... }` lines.
    pub(crate) fn type_definitions(&mut self) {
        if self.struct_order.is_empty() {
            return;
        }
        self.out.push('\n');
        for i in 0..self.struct_order.len() {
            let t = self.struct_order[i];
            if let Some(Type::Named(n)) = self.m.types.get(t) {
                match (n.name, self.struct_numbers.get(&t)) {
                    (Some(name), _) => {
                        let bytes = self.m.symbols.bytes(name);
                        llvm_name(&mut self.out, '%', bytes);
                    }
                    (None, Some(n)) => {
                        self.out.push('%');
                        self.out.push_str(&n.to_string());
                    }
                    _ => self.out.push_str("%<badref>"),
                }
                self.out.push_str(" = type ");
                self.struct_body(n.fields.as_deref(), n.packed, 0);
                self.out.push('\n');
            }
        }
    }

    fn struct_body(&mut self, fields: Option<&[TypeId]>, packed: bool, depth: u32) {
        let Some(fields) = fields else {
            self.out.push_str("opaque");
            return;
        };
        if packed {
            self.out.push('<');
        }
        if fields.is_empty() {
            self.out.push_str("{}");
        } else {
            self.out.push_str("{ ");
            for (i, &f) in fields.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.ty_at(f, depth + 1);
            }
            self.out.push_str(" }");
        }
        if packed {
            self.out.push('>');
        }
    }

    /// Writes a type.
    pub(crate) fn ty(&mut self, t: TypeId) {
        self.ty_at(t, 0);
    }

    fn ty_at(&mut self, t: TypeId, depth: u32) {
        if depth > PRINT_DEPTH {
            self.out.push_str("<...>");
            return;
        }
        let m = self.m;
        let Some(ty) = m.types.get(t) else {
            self.out.push_str("<badref>");
            return;
        };
        if let Some(word) = ty.word() {
            self.out.push_str(word);
            return;
        }
        match ty {
            Type::Int(w) => {
                self.out.push('i');
                self.out.push_str(&w.to_string());
            }
            Type::Pointer { pointee, addrspace } => {
                self.ty_at(*pointee, depth + 1);
                if *addrspace != 0 {
                    self.out.push_str(" addrspace(");
                    self.out.push_str(&addrspace.to_string());
                    self.out.push(')');
                }
                self.out.push('*');
            }
            Type::Function {
                ret,
                params,
                vararg,
            } => {
                self.ty_at(*ret, depth + 1);
                self.out.push_str(" (");
                for (i, &p) in params.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.ty_at(p, depth + 1);
                }
                if *vararg {
                    if !params.is_empty() {
                        self.out.push_str(", ");
                    }
                    self.out.push_str("...");
                }
                self.out.push(')');
            }
            Type::Struct { fields, packed } => {
                self.struct_body(Some(fields), *packed, depth);
            }
            Type::Named(n) => match (n.name, self.struct_numbers.get(&t)) {
                (Some(name), _) => llvm_name(&mut self.out, '%', m.symbols.bytes(name)),
                (None, Some(n)) => {
                    self.out.push('%');
                    self.out.push_str(&n.to_string());
                }
                (None, None) => self.out.push_str("%<badref>"),
            },
            Type::Array { len, elem } => {
                self.out.push('[');
                self.out.push_str(&len.to_string());
                self.out.push_str(" x ");
                self.ty_at(*elem, depth + 1);
                self.out.push(']');
            }
            Type::Vector { len, elem } => {
                self.out.push('<');
                self.out.push_str(&len.to_string());
                self.out.push_str(" x ");
                self.ty_at(*elem, depth + 1);
                self.out.push('>');
            }
            // the types of one word, written above
            _ => {}
        }
    }
}

/// The value operands of an instruction in LLVM 14's operand order (a shuffle's mask is no
/// operand there; a call's callee is last).
pub(crate) fn operands(body: &Body, kind: &InstKind, out: &mut Vec<Value>) {
    match kind {
        InstKind::ShuffleVector { a, b, .. } => out.extend([*a, *b]),
        InstKind::Store { ptr, value, .. } => out.extend([*value, *ptr]),
        _ => body.for_each_operand(kind, |v| out.push(v)),
    }
}
