//! Operands and constants: `%3`, `@g`, `i32 -1`, `float 1.500000e+02`, `c"..."`,
//! `zeroinitializer`, constant expressions.

use super::names::{escaped, llvm_name};
use super::{PRINT_DEPTH, Printer};
use crate::model::{ConstExpr, ConstId, ConstKind, Type, TypeId, Value};
use crate::text::float;

/// The local numbering of a function body: arguments, blocks, results.
#[derive(Default)]
pub(crate) struct Locals {
    pub args: Vec<Option<u32>>,
    pub insts: Vec<Option<u32>>,
    pub blocks: Vec<Option<u32>>,
    pub func: Option<crate::model::FuncId>,
}

impl Printer<'_> {
    /// The type of a value in the function of `locals`.
    pub(crate) fn value_ty(&self, v: Value, locals: &Locals) -> Option<TypeId> {
        self.m.value_type(locals.func, v)
    }

    /// `T V` (or just `V`).
    pub(crate) fn operand(&mut self, v: Value, with_type: bool, locals: &Locals) {
        if with_type {
            match self.value_ty(v, locals) {
                Some(t) => self.ty(t),
                None => self.out.push_str("<badref>"),
            }
            self.out.push(' ');
        }
        self.value(v, locals, 0);
    }

    /// A value, without its type.
    pub(crate) fn value(&mut self, v: Value, locals: &Locals, depth: u32) {
        let m = self.m;
        match v {
            Value::Global(g) => match m.global(g) {
                Some(gl) => match gl.name {
                    Some(n) => llvm_name(&mut self.out, '@', m.symbols.bytes(n)),
                    None => self.numbered('@', self.global_numbers.get(&g).copied()),
                },
                None => self.out.push_str("@<badref>"),
            },
            Value::Function(f) => match m.function(f) {
                Some(func) => match func.name {
                    Some(n) => llvm_name(&mut self.out, '@', m.symbols.bytes(n)),
                    None => self.numbered('@', self.function_numbers.get(&f).copied()),
                },
                None => self.out.push_str("@<badref>"),
            },
            Value::Const(c) => self.constant(c, locals, depth),
            Value::Arg(n) => {
                let name = locals
                    .func
                    .and_then(|f| m.function(f))
                    .and_then(|f| f.body.as_ref())
                    .and_then(|b| b.arg_names.get(n as usize).copied().flatten());
                match name {
                    Some(s) => llvm_name(&mut self.out, '%', m.symbols.bytes(s)),
                    None => self.numbered('%', locals.args.get(n as usize).copied().flatten()),
                }
            }
            Value::Inst(i) => {
                let name = locals
                    .func
                    .and_then(|f| m.function(f))
                    .and_then(|f| f.body.as_ref())
                    .and_then(|b| b.inst(i))
                    .and_then(|inst| inst.name);
                match name {
                    Some(s) => llvm_name(&mut self.out, '%', m.symbols.bytes(s)),
                    None => self.numbered('%', locals.insts.get(i.index()).copied().flatten()),
                }
            }
            Value::Metadata(md) => self.md_operand(md, locals, true),
        }
    }

    pub(crate) fn numbered(&mut self, prefix: char, n: Option<u32>) {
        self.out.push(prefix);
        match n {
            Some(n) => self.out.push_str(&n.to_string()),
            None => self.out.push_str("<badref>"),
        }
    }

    /// A constant, without its type.
    pub(crate) fn constant(&mut self, id: ConstId, locals: &Locals, depth: u32) {
        if depth > PRINT_DEPTH {
            self.out.push_str("<...>");
            return;
        }
        let m = self.m;
        let Some(c) = m.constant(id) else {
            self.out.push_str("<badref>");
            return;
        };
        let ty = m.types.get(c.ty);
        match &c.kind {
            ConstKind::Undef => self.out.push_str("undef"),
            ConstKind::Null => match ty {
                Some(Type::Int(1)) => self.out.push_str("false"),
                Some(Type::Int(_)) => self.out.push('0'),
                Some(Type::Half) => self.out.push_str("0xH0000"),
                Some(Type::Float | Type::Double) => self.out.push_str("0.000000e+00"),
                Some(Type::X86Fp80) => self.out.push_str("0xK00000000000000000000"),
                Some(Type::Fp128 | Type::PpcFp128) => {
                    self.out.push_str(if matches!(ty, Some(Type::Fp128)) {
                        "0xL00000000000000000000000000000000"
                    } else {
                        "0xM00000000000000000000000000000000"
                    })
                }
                Some(Type::Pointer { .. }) => self.out.push_str("null"),
                _ => self.out.push_str("zeroinitializer"),
            },
            ConstKind::Int(v) => match ty {
                Some(Type::Int(1)) => self
                    .out
                    .push_str(if *v & 1 != 0 { "true" } else { "false" }),
                _ => self.out.push_str(&v.to_string()),
            },
            ConstKind::WideInt(words) => self.out.push_str(&wide_decimal(words)),
            ConstKind::Float(bits) => match ty {
                Some(Type::Half) => self.out.push_str(&format!("0xH{:04X}", bits & 0xFFFF)),
                Some(Type::Float) => {
                    float::write_double(&mut self.out, float::float_to_double(*bits as u32))
                }
                _ => float::write_double(&mut self.out, *bits),
            },
            ConstKind::WideFloat(words) => {
                let prefix = match ty {
                    Some(Type::X86Fp80) => "0xK",
                    Some(Type::Fp128) => "0xL",
                    _ => "0xM",
                };
                self.out.push_str(prefix);
                match (ty, words.as_ref()) {
                    (Some(Type::X86Fp80), [lo, hi, ..]) => {
                        self.out
                            .push_str(&format!("{:04X}{:016X}", hi & 0xFFFF, lo))
                    }
                    (_, [lo, hi, ..]) => self.out.push_str(&format!("{lo:016X}{hi:016X}")),
                    _ => self.out.push_str("<badref>"),
                }
            }
            ConstKind::Data(data) => self.data(c.ty, data),
            ConstKind::Aggregate(values) => self.aggregate(c.ty, values, locals, depth),
            ConstKind::Expr(e) => self.const_expr(c.ty, e, locals, depth),
        }
    }

    /// The element type and the opening and closing marks of an array or vector.
    fn sequence(&self, ty: TypeId) -> (Option<TypeId>, &'static str, &'static str) {
        match self.m.types.get(ty) {
            Some(Type::Array { elem, .. }) => (Some(*elem), "[", "]"),
            Some(Type::Vector { elem, .. }) => (Some(*elem), "<", ">"),
            _ => (None, "[", "]"),
        }
    }

    fn data(&mut self, ty: TypeId, data: &[u64]) {
        let (elem, open, close) = self.sequence(ty);
        let elem_ty = elem.and_then(|e| self.m.types.get(e));
        if open == "[" && matches!(elem_ty, Some(Type::Int(8))) {
            self.out.push_str("c\"");
            let bytes: Vec<u8> = data.iter().map(|&b| b as u8).collect();
            escaped(&mut self.out, &bytes);
            self.out.push('"');
            return;
        }
        self.out.push_str(open);
        for (i, &bits) in data.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            match elem {
                Some(e) => self.ty(e),
                None => self.out.push_str("<badref>"),
            }
            self.out.push(' ');
            match elem_ty {
                Some(Type::Int(1)) => {
                    self.out
                        .push_str(if bits & 1 != 0 { "true" } else { "false" })
                }
                Some(Type::Int(w)) => {
                    let v = crate::model::sign_extend(bits as i64, *w);
                    self.out.push_str(&v.to_string());
                }
                Some(Type::Half) => self.out.push_str(&format!("0xH{:04X}", bits & 0xFFFF)),
                Some(Type::Float) => {
                    float::write_double(&mut self.out, float::float_to_double(bits as u32))
                }
                _ => float::write_double(&mut self.out, bits),
            }
        }
        self.out.push_str(close);
    }

    fn aggregate(&mut self, ty: TypeId, values: &[Value], locals: &Locals, depth: u32) {
        let m = self.m;
        let packed_struct = match m.types.get(ty) {
            Some(Type::Struct { packed, .. }) => Some(*packed),
            Some(Type::Named(n)) => Some(n.packed),
            _ => None,
        };
        if let Some(packed) = packed_struct {
            if packed {
                self.out.push('<');
            }
            self.out.push('{');
            if !values.is_empty() {
                self.out.push(' ');
                for (i, &v) in values.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.typed_const_operand(v, locals, depth);
                }
                self.out.push(' ');
            }
            self.out.push('}');
            if packed {
                self.out.push('>');
            }
            return;
        }
        let (_, open, close) = self.sequence(ty);
        self.out.push_str(open);
        for (i, &v) in values.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.typed_const_operand(v, locals, depth);
        }
        self.out.push_str(close);
    }

    fn typed_const_operand(&mut self, v: Value, locals: &Locals, depth: u32) {
        match self.value_ty(v, locals) {
            Some(t) => self.ty(t),
            None => self.out.push_str("<badref>"),
        }
        self.out.push(' ');
        self.value(v, locals, depth + 1);
    }

    fn const_expr(&mut self, ty: TypeId, e: &ConstExpr, locals: &Locals, depth: u32) {
        let mut ops: Vec<Value> = Vec::new();
        match e {
            ConstExpr::Cast { op, value } => {
                self.out.push_str(op.keyword());
                ops.push(*value);
            }
            ConstExpr::Binary {
                op,
                lhs,
                rhs,
                flags,
            } => {
                self.out.push_str(op.keyword());
                self.binop_flags(*op, *flags);
                ops.extend([*lhs, *rhs]);
            }
            ConstExpr::GetElementPtr {
                inbounds, operands, ..
            } => {
                self.out.push_str("getelementptr");
                if *inbounds {
                    self.out.push_str(" inbounds");
                }
                ops.extend(operands);
            }
            ConstExpr::Select {
                cond,
                then,
                otherwise,
            } => {
                self.out.push_str("select");
                ops.extend([*cond, *then, *otherwise]);
            }
            ConstExpr::ExtractElement { vector, index } => {
                self.out.push_str("extractelement");
                ops.extend([*vector, *index]);
            }
            ConstExpr::InsertElement {
                vector,
                element,
                index,
            } => {
                self.out.push_str("insertelement");
                ops.extend([*vector, *element, *index]);
            }
            ConstExpr::ShuffleVector { a, b, .. } => {
                self.out.push_str("shufflevector");
                ops.extend([*a, *b]);
            }
            ConstExpr::Compare { pred, lhs, rhs } => {
                self.out
                    .push_str(if pred.is_int() { "icmp " } else { "fcmp " });
                self.out.push_str(pred.keyword());
                ops.extend([*lhs, *rhs]);
            }
        }
        self.out.push_str(" (");
        if let ConstExpr::GetElementPtr {
            source, operands, ..
        } = e
        {
            let src = source.or_else(|| {
                operands
                    .first()
                    .and_then(|p| self.value_ty(*p, locals))
                    .and_then(|t| self.m.types.pointee(t))
            });
            match src {
                Some(s) => self.ty(s),
                None => self.out.push_str("<badref>"),
            }
            self.out.push_str(", ");
        }
        for (i, &v) in ops.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.typed_const_operand(v, locals, depth);
        }
        if matches!(e, ConstExpr::Cast { .. }) {
            self.out.push_str(" to ");
            self.ty(ty);
        }
        if let ConstExpr::ShuffleVector { mask, .. } = e {
            self.shuffle_mask(*mask);
        }
        self.out.push(')');
    }

    /// `, <N x i32> <i32 0, ...>` after a shuffle's operands.
    pub(crate) fn shuffle_mask(&mut self, mask: Value) {
        let m = self.m;
        let c = mask.as_const().and_then(|c| m.constant(c));
        let len = c
            .and_then(|c| match m.types.get(c.ty) {
                Some(Type::Vector { len, .. }) => Some(*len as usize),
                _ => None,
            })
            .unwrap_or(0);
        let elems: Vec<Option<i64>> = match c.map(|c| &c.kind) {
            Some(ConstKind::Null) => vec![Some(0); len],
            Some(ConstKind::Undef) | None => vec![None; len],
            Some(ConstKind::Data(d)) => d.iter().map(|&x| Some(x as u32 as i64)).collect(),
            Some(ConstKind::Aggregate(vs)) => vs
                .iter()
                .map(|v| v.as_const().and_then(|c| m.const_int(c)))
                .collect(),
            _ => vec![None; len],
        };
        self.out.push_str(", <");
        self.out.push_str(&elems.len().to_string());
        self.out.push_str(" x i32> ");
        if elems.iter().all(|e| *e == Some(0)) && !elems.is_empty() {
            self.out.push_str("zeroinitializer");
        } else if elems.iter().all(Option::is_none) {
            self.out.push_str("undef");
        } else {
            self.out.push('<');
            for (i, e) in elems.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.out.push_str("i32 ");
                match e {
                    Some(v) => self.out.push_str(&v.to_string()),
                    None => self.out.push_str("undef"),
                }
            }
            self.out.push('>');
        }
    }

    /// `nuw`, `nsw`, `exact` or fast-math flags of a binary operator.
    pub(crate) fn binop_flags(&mut self, op: crate::model::BinOp, flags: u8) {
        use crate::model::BinOp::*;
        if op.is_float() {
            self.fast_math(flags);
            return;
        }
        match op {
            Add | Sub | Mul | Shl => {
                if flags & 1 != 0 {
                    self.out.push_str(" nuw");
                }
                if flags & 2 != 0 {
                    self.out.push_str(" nsw");
                }
            }
            UDiv | SDiv | LShr | AShr if flags & 1 != 0 => {
                self.out.push_str(" exact");
            }
            _ => {}
        }
    }

    /// Fast-math flags.
    pub(crate) fn fast_math(&mut self, flags: u8) {
        use crate::model::FastMath;
        if flags & FastMath::UNSAFE_ALGEBRA != 0 {
            self.out.push_str(" fast");
            return;
        }
        for (bit, word) in [
            (FastMath::NO_NANS, " nnan"),
            (FastMath::NO_INFS, " ninf"),
            (FastMath::NO_SIGNED_ZEROS, " nsz"),
            (FastMath::ALLOW_RECIPROCAL, " arcp"),
        ] {
            if flags & bit != 0 {
                self.out.push_str(word);
            }
        }
    }
}

/// A wide integer (words least significant first, sign-extended) in signed decimal.
fn wide_decimal(words: &[u64]) -> String {
    let neg = words.last().is_some_and(|w| w >> 63 == 1);
    let mut mag: Vec<u64> = words.to_vec();
    if neg {
        let mut carry = true;
        for x in mag.iter_mut() {
            let (v, c) = (!*x).overflowing_add(u64::from(carry));
            *x = v;
            carry = c;
        }
    }
    let mut digits = Vec::new();
    while mag.iter().any(|&w| w != 0) {
        let mut rem: u128 = 0;
        for x in mag.iter_mut().rev() {
            let cur = (rem << 64) | u128::from(*x);
            *x = (cur / 10) as u64;
            rem = cur % 10;
        }
        digits.push(b'0' + rem as u8);
    }
    if digits.is_empty() {
        digits.push(b'0');
    }
    if neg {
        digits.push(b'-');
    }
    digits.reverse();
    String::from_utf8(digits).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide() {
        assert_eq!(wide_decimal(&[5, 0]), "5");
        assert_eq!(wide_decimal(&[u64::MAX, u64::MAX]), "-1");
        assert_eq!(wide_decimal(&[0, 1]), "18446744073709551616");
    }
}
