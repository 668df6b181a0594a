//! Values and constants: `T V` operands, integer and floating-point literals, aggregates,
//! strings and constant expressions.

use super::{PResult, Parser, SMALL_INTS};
use crate::model::{
    BinOp, CastOp, ConstExpr, ConstId, ConstKind, Constant, NamedStruct, Predicate, Type, TypeId,
    Value, sign_extend,
};
use crate::text::float;
use crate::text::lexer::{Kind, Token};

impl Parser<'_, '_> {
    /// `T V`.
    pub(crate) fn parse_typed_value(&mut self, depth: u32) -> PResult<(TypeId, Value)> {
        let ty = self.parse_type(depth)?;
        let v = self.parse_value(ty, depth)?;
        Ok((ty, v))
    }

    /// A value of type `ty`.
    pub(crate) fn parse_value(&mut self, ty: TypeId, depth: u32) -> PResult<Value> {
        self.check_depth(depth)?;
        let t = self.tok;
        match t.kind() {
            Kind::Local | Kind::LocalId => self.local_value(ty),
            Kind::Global | Kind::GlobalId => self.global_value(ty),
            _ if self.is_metadata_type(ty) => {
                let md = self.parse_md_operand(depth + 1)?;
                Ok(Value::Metadata(md))
            }
            _ => self.parse_constant(ty, depth).map(Value::Const),
        }
    }

    fn is_metadata_type(&self, ty: TypeId) -> bool {
        matches!(self.st.m.types.get(ty), Some(Type::Metadata))
    }

    /// Interns a constant (`null`, `undef` and floats through a cache).
    pub(crate) fn constant(&mut self, ty: TypeId, kind: ConstKind) -> ConstId {
        let key = match kind {
            ConstKind::Null => Some((ty, 0, 0)),
            ConstKind::Undef => Some((ty, 1, 0)),
            ConstKind::Float(bits) => Some((ty, 2, bits)),
            _ => None,
        };
        if let Some(k) = key {
            if let Some(&c) = self.st.simple_consts.get(&k) {
                return c;
            }
            let c = self.st.m.constants.intern(Constant { ty, kind });
            self.st.simple_consts.insert(k, c);
            return c;
        }
        self.st.m.constants.intern(Constant { ty, kind })
    }

    /// A constant of type `ty` (no local values).
    pub(crate) fn parse_constant(&mut self, ty: TypeId, depth: u32) -> PResult<ConstId> {
        self.check_depth(depth)?;
        let t = self.tok;
        match t.kind() {
            Kind::Int | Kind::HexInt => {
                self.bump();
                self.int_constant(ty, &t)
            }
            Kind::Float | Kind::HexFloat => {
                self.bump();
                self.float_constant(ty, &t)
            }
            Kind::CStr => {
                self.bump();
                let bytes = self.string(&t);
                let ok = match self.st.m.types.get(ty) {
                    Some(&Type::Array { len, elem }) => {
                        len == bytes.len() as u64 && self.st.m.types.int_width(elem) == Some(8)
                    }
                    _ => false,
                };
                if !ok {
                    return Err(self.err_at(
                        &t,
                        format!(
                            "constant string of {} bytes does not have type '{}'",
                            bytes.len(),
                            self.type_name(ty)
                        ),
                    ));
                }
                let kind = if bytes.iter().all(|&b| b == 0) {
                    ConstKind::Null
                } else {
                    ConstKind::Data(bytes.iter().map(|&b| u64::from(b)).collect())
                };
                Ok(self.constant(ty, kind))
            }
            Kind::LBracket => {
                self.bump();
                let elems = self.const_list(Kind::RBracket, "']'", depth)?;
                match self.st.m.types.get(ty) {
                    Some(&Type::Array { len, elem })
                        if len == elems.len() as u64 && elems.iter().all(|e| e.0 == elem) => {}
                    _ => {
                        return Err(self.err_at(
                            &t,
                            format!("array constant does not have type '{}'", self.type_name(ty)),
                        ));
                    }
                }
                Ok(self.aggregate(ty, elems))
            }
            Kind::Less => {
                self.bump();
                if self.eat(Kind::LBrace) {
                    let elems = self.const_list(Kind::RBrace, "'}'", depth)?;
                    self.expect(Kind::Greater, "'>' after a packed struct constant")?;
                    self.check_struct(ty, &elems, true, &t)?;
                    return Ok(self.aggregate(ty, elems));
                }
                let elems = self.const_list(Kind::Greater, "'>'", depth)?;
                match self.st.m.types.get(ty) {
                    Some(&Type::Vector { len, elem })
                        if len as usize == elems.len() && elems.iter().all(|e| e.0 == elem) => {}
                    _ => {
                        return Err(self.err_at(
                            &t,
                            format!(
                                "vector constant does not have type '{}'",
                                self.type_name(ty)
                            ),
                        ));
                    }
                }
                Ok(self.aggregate(ty, elems))
            }
            Kind::LBrace => {
                self.bump();
                let elems = self.const_list(Kind::RBrace, "'}'", depth)?;
                self.check_struct(ty, &elems, false, &t)?;
                Ok(self.aggregate(ty, elems))
            }
            Kind::Word => self.word_constant(ty, depth),
            _ => self.expected("a value"),
        }
    }

    fn check_struct(
        &self,
        ty: TypeId,
        elems: &[(TypeId, Value)],
        packed: bool,
        t: &Token,
    ) -> PResult<()> {
        let fields = match self.st.m.types.get(ty) {
            Some(Type::Struct { fields, packed: p }) if *p == packed => Some(fields),
            Some(Type::Named(NamedStruct {
                fields: Some(fields),
                packed: p,
                ..
            })) if *p == packed => Some(fields),
            _ => None,
        };
        match fields {
            Some(f) if f.len() == elems.len() && f.iter().zip(elems).all(|(a, b)| *a == b.0) => {
                Ok(())
            }
            _ => Err(self.err_at(
                t,
                format!(
                    "struct constant does not have type '{}'",
                    self.type_name(ty)
                ),
            )),
        }
    }

    /// `T V, T V, ...` up to `close`.
    fn const_list(&mut self, close: Kind, what: &str, depth: u32) -> PResult<Vec<(TypeId, Value)>> {
        let mut out = Vec::new();
        if self.eat(close) {
            return Ok(out);
        }
        loop {
            let ty = self.parse_type(depth + 1)?;
            let c = self.parse_constant(ty, depth + 1)?;
            out.push((ty, Value::Const(c)));
            if self.eat(close) {
                return Ok(out);
            }
            if !self.eat(Kind::Comma) {
                return self.expected(&format!("',' or {what}"));
            }
        }
    }

    /// An aggregate constant as LLVM makes it ([`crate::model::Module::aggregate_const`]).
    pub(crate) fn aggregate(&mut self, ty: TypeId, elems: Vec<(TypeId, Value)>) -> ConstId {
        let values = elems.into_iter().map(|(_, v)| v).collect();
        self.st.m.aggregate_const(ty, values)
    }

    /// An integer literal of type `ty`, truncated to its width.
    pub(crate) fn int_constant(&mut self, ty: TypeId, t: &Token) -> PResult<ConstId> {
        let Some(width) = self.st.m.types.int_width(ty) else {
            return Err(self.err_at(t, "integer constant must have integer type"));
        };
        let text = self.text(t);
        if width <= 64 {
            let v = if t.kind() == Kind::HexInt {
                hex_words(&text[3..], 1)[0] as i64
            } else {
                decimal_u64(text) as i64
            };
            return Ok(self.int_of(ty, width, v));
        }
        let words = width.div_ceil(64) as usize;
        let mut w = if t.kind() == Kind::HexInt {
            let mut w = hex_words(&text[3..], words);
            // `s0x` is negative when its top written bit is set: sign-extend it.
            let digits = text.len() - 3;
            let bits = digits * 4;
            if text[0] == b's' && bits < words * 64 && bits > 0 {
                let top = (bits - 1) / 64;
                let bit = (bits - 1) % 64;
                if w[top] >> bit & 1 == 1 {
                    w[top] |= u64::MAX.checked_shl(bit as u32 + 1).unwrap_or(0);
                    for x in &mut w[top + 1..] {
                        *x = u64::MAX;
                    }
                }
            }
            w
        } else {
            decimal_words(text, words)
        };
        // Truncate to the width, sign-extending the last word from it.
        let rem = width % 64;
        if rem != 0
            && let Some(last) = w.last_mut()
        {
            *last = sign_extend(*last as i64, rem) as u64;
        }
        let all_zero = w.iter().all(|&x| x == 0);
        let kind = if all_zero {
            ConstKind::Null
        } else {
            ConstKind::WideInt(w.into_boxed_slice())
        };
        Ok(self.constant(ty, kind))
    }

    /// The integer constant `v` (truncated to `width` bits) of type `ty`.
    pub(crate) fn int_of(&mut self, ty: TypeId, width: u32, v: i64) -> ConstId {
        let v = sign_extend(v, width);
        // `i1`, `i2`, `i4`, ... `i64` (one type each) from 0 to 255 without hashing.
        let small = (width.is_power_of_two() && width <= 64)
            .then(|| usize::try_from(v).ok().filter(|&v| v < SMALL_INTS))
            .flatten()
            .map(|v| (width.trailing_zeros() as usize, v));
        if let Some((w, v)) = small
            && let Some(&c) = self.st.small_ints[w].get(v)
            && c.0 != u32::MAX
        {
            return c;
        }
        let c = match self.st.int_consts.get(&(ty, v)) {
            Some(&c) => c,
            None => {
                let kind = if v == 0 {
                    ConstKind::Null
                } else {
                    ConstKind::Int(v)
                };
                let c = self.constant(ty, kind);
                self.st.int_consts.insert((ty, v), c);
                c
            }
        };
        if let Some((w, v)) = small
            && let Some(slot) = self.st.small_ints[w].get_mut(v)
        {
            *slot = c;
        }
        c
    }

    /// A floating-point literal of type `ty`.
    fn float_constant(&mut self, ty: TypeId, t: &Token) -> PResult<ConstId> {
        let text = self.text(t);
        let ty_kind = self.st.m.types.get(ty).cloned();
        let bits = match (t.kind(), text.get(2), &ty_kind) {
            (Kind::HexFloat, Some(b'H'), Some(Type::Half)) => {
                u64::from_str_radix(std::str::from_utf8(&text[3..]).unwrap_or("x"), 16)
                    .ok()
                    .filter(|v| *v <= 0xFFFF)
            }
            (Kind::HexFloat, Some(b'K' | b'L' | b'M' | b'R'), _) => {
                return Err(self.err_at(
                    t,
                    "this floating-point form is not supported by the module model",
                ));
            }
            (Kind::HexFloat, Some(b'H'), _) => None,
            (_, _, Some(Type::Half | Type::Float | Type::Double)) => {
                let double = if t.kind() == Kind::HexFloat {
                    let digits = &text[2..];
                    if digits.len() > 16 {
                        None
                    } else {
                        u64::from_str_radix(std::str::from_utf8(digits).unwrap_or("x"), 16).ok()
                    }
                } else {
                    float::parse_decimal(text).map(f64::to_bits)
                };
                match (double, &ty_kind) {
                    (Some(d), Some(Type::Double)) => Some(d),
                    (Some(d), Some(Type::Float)) => float::double_to_float(d).map(u64::from),
                    (Some(d), Some(Type::Half)) => float::double_to_half(d).map(u64::from),
                    _ => None,
                }
            }
            _ => None,
        };
        let Some(bits) = bits else {
            return Err(self.err_at(
                t,
                format!(
                    "floating point constant invalid for type '{}'",
                    self.type_name(ty)
                ),
            ));
        };
        let kind = if bits == 0 {
            ConstKind::Null
        } else {
            ConstKind::Float(bits)
        };
        Ok(self.constant(ty, kind))
    }

    /// `true`, `false`, `null`, `undef`, `zeroinitializer` and constant expressions.
    fn word_constant(&mut self, ty: TypeId, depth: u32) -> PResult<ConstId> {
        let t = self.tok;
        let w = self.text(&t);
        let tk = self.st.m.types.get(ty).cloned();
        let simple = match w {
            b"true" | b"false" => {
                if tk != Some(Type::Int(1)) {
                    return Err(self.err_at(&t, "'true' and 'false' have type i1"));
                }
                Some(if w == b"true" {
                    ConstKind::Int(-1)
                } else {
                    ConstKind::Null
                })
            }
            b"null" => {
                if !matches!(tk, Some(Type::Pointer { .. })) {
                    return Err(self.err_at(&t, "null must be a pointer type"));
                }
                Some(ConstKind::Null)
            }
            b"undef" => Some(ConstKind::Undef),
            b"zeroinitializer" => Some(ConstKind::Null),
            _ => None,
        };
        if let Some(kind) = simple {
            if matches!(
                tk,
                Some(Type::Void | Type::Label | Type::Function { .. }) | None
            ) {
                return Err(self.err_at(&t, "invalid type for a constant"));
            }
            self.bump();
            return Ok(self.constant(ty, kind));
        }
        self.bump();
        let expr = self.const_expr(w, &t, ty, depth)?;
        Ok(self.constant(ty, ConstKind::Expr(expr)))
    }

    /// A constant expression after its keyword; its type must be `ty`.
    fn const_expr(&mut self, w: &[u8], t: &Token, ty: TypeId, depth: u32) -> PResult<ConstExpr> {
        let kw = std::str::from_utf8(w).unwrap_or("");
        let mismatch = |p: &Self, got: Option<TypeId>| {
            let got = got.map_or("an invalid type".to_owned(), |g| {
                format!("'{}'", p.type_name(g))
            });
            Err(p.err_at(
                t,
                format!(
                    "constant expression of type {got} where '{}' is expected",
                    p.type_name(ty)
                ),
            ))
        };
        if let Some(op) = CastOp::from_keyword(kw) {
            self.expect(Kind::LParen, "'(' after a cast")?;
            let (_, value) = self.parse_const_typed(depth)?;
            self.expect_word("to")?;
            let to = self.parse_type(depth + 1)?;
            self.expect(Kind::RParen, "')'")?;
            if to != ty {
                return mismatch(self, Some(to));
            }
            return Ok(ConstExpr::Cast { op, value });
        }
        if kw == "getelementptr" {
            let inbounds = self.eat_word(b"inbounds");
            self.expect(Kind::LParen, "'(' after getelementptr")?;
            let source = self.parse_type(depth + 1)?;
            self.expect(Kind::Comma, "',' after the source type of getelementptr")?;
            let mut typed = vec![self.parse_const_typed(depth)?];
            while self.eat(Kind::Comma) {
                typed.push(self.parse_const_typed(depth)?);
            }
            self.expect(Kind::RParen, "')'")?;
            let result = self.gep_result(source, &typed);
            if result != Some(ty) {
                return mismatch(self, result);
            }
            return Ok(ConstExpr::GetElementPtr {
                inbounds,
                source: Some(source),
                operands: typed.into_iter().map(|x| x.1).collect(),
            });
        }
        if kw == "icmp" || kw == "fcmp" {
            let pt = self.tok;
            let pw = std::str::from_utf8(self.text(&pt)).unwrap_or("");
            let pred = if kw == "icmp" {
                Predicate::from_icmp_keyword(pw)
            } else {
                Predicate::from_fcmp_keyword(pw)
            };
            let Some(pred) = pred.filter(|_| pt.kind() == Kind::Word) else {
                return self.expected("a comparison predicate");
            };
            self.bump();
            self.expect(Kind::LParen, "'('")?;
            let (a, lhs) = self.parse_const_typed(depth)?;
            self.expect(Kind::Comma, "','")?;
            let (_, rhs) = self.parse_const_typed(depth)?;
            self.expect(Kind::RParen, "')'")?;
            let result = self.cmp_result(a);
            if Some(ty) != result {
                return mismatch(self, result);
            }
            return Ok(ConstExpr::Compare { pred, lhs, rhs });
        }
        if let Some(op) = BinOp::from_keyword(kw) {
            let flags = self.binop_flags(op);
            self.expect(Kind::LParen, "'('")?;
            let (a, lhs) = self.parse_const_typed(depth)?;
            self.expect(Kind::Comma, "','")?;
            let (_, rhs) = self.parse_const_typed(depth)?;
            self.expect(Kind::RParen, "')'")?;
            if a != ty {
                return mismatch(self, Some(a));
            }
            return Ok(ConstExpr::Binary {
                op,
                lhs,
                rhs,
                flags,
            });
        }
        let mut operands = Vec::new();
        let n = match kw {
            "select" | "insertelement" | "shufflevector" => 3,
            "extractelement" => 2,
            _ => {
                return Err(self.err_at(
                    t,
                    format!("expected a value, found '{}'", String::from_utf8_lossy(w)),
                ));
            }
        };
        self.expect(Kind::LParen, "'('")?;
        for i in 0..n {
            if i > 0 {
                self.expect(Kind::Comma, "','")?;
            }
            operands.push(self.parse_const_typed(depth)?);
        }
        self.expect(Kind::RParen, "')'")?;
        let types = &self.st.m.types;
        let (result, expr) = match kw {
            "select" => (
                Some(operands[1].0),
                ConstExpr::Select {
                    cond: operands[0].1,
                    then: operands[1].1,
                    otherwise: operands[2].1,
                },
            ),
            "extractelement" => (
                match types.get(operands[0].0) {
                    Some(Type::Vector { elem, .. }) => Some(*elem),
                    _ => None,
                },
                ConstExpr::ExtractElement {
                    vector: operands[0].1,
                    index: operands[1].1,
                },
            ),
            "insertelement" => (
                Some(operands[0].0),
                ConstExpr::InsertElement {
                    vector: operands[0].1,
                    element: operands[1].1,
                    index: operands[2].1,
                },
            ),
            _ => (
                self.shuffle_result(operands[0].0, operands[2].0),
                ConstExpr::ShuffleVector {
                    a: operands[0].1,
                    b: operands[1].1,
                    mask: operands[2].1,
                },
            ),
        };
        if result != Some(ty) {
            return mismatch(self, result);
        }
        Ok(expr)
    }

    /// `T C` where C is a constant or a global.
    fn parse_const_typed(&mut self, depth: u32) -> PResult<(TypeId, Value)> {
        let ty = self.parse_type(depth + 1)?;
        let v = match self.tok.kind() {
            Kind::Global | Kind::GlobalId => self.global_value(ty)?,
            _ => Value::Const(self.parse_constant(ty, depth + 1)?),
        };
        Ok((ty, v))
    }

    /// The flags of a binary operator (`nuw`, `nsw`, `exact`, fast-math), in the bitcode's
    /// bits.
    pub(crate) fn binop_flags(&mut self, op: BinOp) -> u8 {
        if op.is_float() {
            return self.fast_math();
        }
        let mut flags = 0;
        loop {
            if matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Shl) {
                if self.eat_word(b"nuw") {
                    flags |= 1;
                    continue;
                }
                if self.eat_word(b"nsw") {
                    flags |= 2;
                    continue;
                }
            }
            if matches!(op, BinOp::UDiv | BinOp::SDiv | BinOp::LShr | BinOp::AShr)
                && self.eat_word(b"exact")
            {
                flags |= 1;
                continue;
            }
            return flags;
        }
    }

    /// Fast-math flags, in the bitcode's bits.
    pub(crate) fn fast_math(&mut self) -> u8 {
        use crate::model::FastMath;
        let mut flags = 0;
        loop {
            let bit = match self.text(&self.tok) {
                _ if self.tok.kind() != Kind::Word => return flags,
                b"fast" => {
                    FastMath::UNSAFE_ALGEBRA
                        | FastMath::NO_NANS
                        | FastMath::NO_INFS
                        | FastMath::NO_SIGNED_ZEROS
                        | FastMath::ALLOW_RECIPROCAL
                }
                b"nnan" => FastMath::NO_NANS,
                b"ninf" => FastMath::NO_INFS,
                b"nsz" => FastMath::NO_SIGNED_ZEROS,
                b"arcp" => FastMath::ALLOW_RECIPROCAL,
                _ => return flags,
            };
            flags |= bit;
            self.bump();
        }
    }

    /// The result type of a comparison of operands of type `ty`: `i1`, or `<N x i1>`.
    pub(crate) fn cmp_result(&mut self, ty: TypeId) -> Option<TypeId> {
        let i1 = self.st.m.types.int(1);
        match self.st.m.types.get(ty)? {
            Type::Vector { len, .. } => {
                let len = *len;
                Some(self.st.m.types.intern(Type::Vector { len, elem: i1 }))
            }
            _ => Some(i1),
        }
    }

    /// The result type of a shuffle of vectors of type `a` with a mask of type `mask`.
    pub(crate) fn shuffle_result(&mut self, a: TypeId, mask: TypeId) -> Option<TypeId> {
        let elem = match self.st.m.types.get(a)? {
            Type::Vector { elem, .. } => *elem,
            _ => return None,
        };
        let len = match self.st.m.types.get(mask)? {
            Type::Vector { len, .. } => *len,
            _ => return None,
        };
        Some(self.st.m.types.intern(Type::Vector { len, elem }))
    }

    /// The result type of `getelementptr source, operands...`: a pointer to the indexed type
    /// in the pointer's address space; `None` when the indices do not fit the type.
    pub(crate) fn gep_result(
        &mut self,
        source: TypeId,
        operands: &[(TypeId, Value)],
    ) -> Option<TypeId> {
        let (ptr_ty, _) = *operands.first()?;
        let types = &self.st.m.types;
        let (pointee, space, vector) = match types.get(ptr_ty)? {
            Type::Pointer { pointee, addrspace } => (*pointee, *addrspace, None),
            Type::Vector { len, elem } => match types.get(*elem)? {
                Type::Pointer { pointee, addrspace } => (*pointee, *addrspace, Some(*len)),
                _ => return None,
            },
            _ => return None,
        };
        if pointee != source {
            return None;
        }
        let mut cur = source;
        for (ity, iv) in operands.iter().skip(2) {
            let index_is_int = match types.get(*ity)? {
                Type::Int(_) => true,
                Type::Vector { elem, .. } => types.int_width(*elem).is_some(),
                _ => false,
            };
            if !index_is_int {
                return None;
            }
            cur = match types.get(cur)? {
                Type::Struct { .. } | Type::Named(_) => {
                    let c = iv.as_const()?;
                    let i = match self.st.m.constants.get(c)?.kind {
                        ConstKind::Null => 0,
                        ConstKind::Int(v) => u64::try_from(v).ok()?,
                        _ => return None,
                    };
                    types.element(cur, i)?
                }
                Type::Array { elem, .. } | Type::Vector { elem, .. } => *elem,
                _ => return None,
            };
        }
        if operands.len() >= 2 {
            let (ity, _) = operands[1];
            if !matches!(
                self.st.m.types.get(ity)?,
                Type::Int(_) | Type::Vector { .. }
            ) {
                return None;
            }
        }
        let ptr = self.st.m.types.pointer(cur, space);
        Some(match vector {
            Some(len) => self.st.m.types.intern(Type::Vector { len, elem: ptr }),
            None => ptr,
        })
    }
}

/// The value of a decimal literal (maybe negative) modulo `2^(64 * words)`, in words, least
/// significant first.
fn decimal_words(text: &[u8], words: usize) -> Vec<u64> {
    let (neg, digits) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, text),
    };
    let mut w = vec![0u64; words.max(1)];
    for &d in digits {
        let mut carry = u128::from(d.wrapping_sub(b'0'));
        for x in w.iter_mut() {
            let v = u128::from(*x) * 10 + carry;
            *x = v as u64;
            carry = v >> 64;
        }
    }
    if neg {
        negate(&mut w);
    }
    w
}

/// The value of a decimal literal (maybe negative) modulo `2^64`: [`decimal_words`] of one
/// word, without allocating.
fn decimal_u64(text: &[u8]) -> u64 {
    let (neg, digits) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, text),
    };
    let v = digits.iter().fold(0u64, |v, &d| {
        v.wrapping_mul(10)
            .wrapping_add(u64::from(d.wrapping_sub(b'0')))
    });
    if neg { v.wrapping_neg() } else { v }
}

/// The value of hexadecimal digits modulo `2^(64 * words)`.
fn hex_words(digits: &[u8], words: usize) -> Vec<u64> {
    let mut w = vec![0u64; words.max(1)];
    for &d in digits {
        let v = (d as char).to_digit(16).unwrap_or(0) as u64;
        let mut carry = v;
        for x in w.iter_mut() {
            let next = *x >> 60;
            *x = (*x << 4) | carry;
            carry = next;
        }
    }
    w
}

fn negate(w: &mut [u64]) {
    let mut carry = true;
    for x in w.iter_mut() {
        let (v, c) = (!*x).overflowing_add(u64::from(carry));
        *x = v;
        carry = c;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words() {
        assert_eq!(decimal_words(b"18446744073709551617", 1), vec![1]);
        assert_eq!(decimal_words(b"18446744073709551617", 2), vec![1, 1]);
        assert_eq!(decimal_words(b"-1", 2), vec![u64::MAX, u64::MAX]);
        assert_eq!(hex_words(b"1FFFFFFFFFFFFFFFF", 2), vec![u64::MAX, 1]);
        for text in [
            &b"0"[..],
            b"-1",
            b"18446744073709551617",
            b"-9223372036854775809",
            b"42",
        ] {
            assert_eq!(decimal_u64(text), decimal_words(text, 1)[0]);
        }
    }
}
