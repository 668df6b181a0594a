//! `CONSTANTS_BLOCK`: a table of constants (the module's, or a function body's own), each
//! record after a `SETTYPE` when the type changes, in the abbreviations DXC's writer uses.
//! Each constant is checked against its type first, as LLVM 3.7's reader would build it.

use super::codes::{CONSTANTS_BLOCK, cst};
use super::error::{Place, WriteError, WriteErrorKind};
use super::rules;
use super::stream::{Out, log2_ceil};
use super::types::TypeTable;
use crate::bitstream::{AbbrevOp, char6_encode};
use crate::model::{ConstExpr, ConstId, ConstKind, Constant, Module, Type, TypeId, Value};

/// Abbreviation ids BLOCKINFO gives every constants block.
pub(super) const SETTYPE_ABBREV: u32 = 4;
pub(super) const INTEGER_ABBREV: u32 = 5;
pub(super) const CE_CAST_ABBREV: u32 = 6;

/// The abbreviation of `CE_CAST` records.
fn ce_cast_abbrev(type_bits: u8) -> [AbbrevOp; 4] {
    [
        AbbrevOp::Literal(cst::CE_CAST.into()),
        AbbrevOp::Fixed(4),
        AbbrevOp::Fixed(type_bits),
        AbbrevOp::Vbr(8),
    ]
}

/// The abbreviations BLOCKINFO defines for constants blocks, in order.
pub(super) fn blockinfo_abbrevs(type_bits: u8) -> [Vec<AbbrevOp>; 4] {
    [
        vec![
            AbbrevOp::Literal(cst::SETTYPE.into()),
            AbbrevOp::Fixed(type_bits),
        ],
        vec![AbbrevOp::Literal(cst::INTEGER.into()), AbbrevOp::Vbr(8)],
        ce_cast_abbrev(type_bits).to_vec(),
        vec![AbbrevOp::Literal(cst::NULL.into())],
    ]
}

/// How the values a table refers to are numbered and typed.
pub(super) trait Numbering {
    /// The absolute value id of a value the table may refer to.
    fn id(&self, v: Value) -> Option<u32>;
    /// The type of such a value.
    fn type_of(&self, v: Value) -> Option<TypeId>;
}

/// LLVM's sign rotation of a 64-bit integer record value (`emitSignedInt64`).
pub(super) fn signed(v: i64) -> u64 {
    if v >= 0 {
        (v as u64) << 1
    } else {
        (v.wrapping_neg() as u64) << 1 | 1
    }
}

/// Whether a constant is LLVM's null value of its type (written `NULL`).
fn is_null(m: &Module, c: &Constant) -> bool {
    match &c.kind {
        ConstKind::Null => true,
        ConstKind::Int(0) | ConstKind::Float(0) => true,
        ConstKind::WideInt(w) | ConstKind::WideFloat(w) => w.iter().all(|&x| x == 0),
        _ => {
            let _ = m;
            false
        }
    }
}

struct Writer<'a> {
    m: &'a Module,
    tt: &'a TypeTable,
    n: &'a dyn Numbering,
    module_abbrevs: bool,
    aggregate_abbrev: [AbbrevOp; 3],
    vals: Vec<u64>,
}

/// Writes a constants block of `list` (nothing when it is empty). `module` says whether it is
/// the module's table, which has abbreviations of its own; `values` is how many values the
/// module numbers (the width of aggregate elements).
pub(super) fn write(
    out: &mut Out,
    m: &Module,
    tt: &TypeTable,
    n: &dyn Numbering,
    list: &[ConstId],
    module: bool,
    values: u32,
) -> Result<(), WriteError> {
    if list.is_empty() {
        return Ok(());
    }
    let elem_bits = log2_ceil(u64::from(values) + 1) as u8;
    let mut w = Writer {
        m,
        tt,
        n,
        module_abbrevs: module,
        aggregate_abbrev: [
            AbbrevOp::Literal(cst::AGGREGATE.into()),
            AbbrevOp::Array,
            AbbrevOp::Fixed(elem_bits),
        ],
        vals: Vec::with_capacity(16),
    };
    out.enter(CONSTANTS_BLOCK, 4);
    if module {
        out.define(&w.aggregate_abbrev);
        out.define(&STRING8);
        out.define(&CSTRING7);
        out.define(&CSTRING6);
    }
    let settype = [
        AbbrevOp::Literal(cst::SETTYPE.into()),
        AbbrevOp::Fixed(tt.bits),
    ];
    let mut last: Option<u32> = None;
    for &c in list {
        let place = || Place::Constant(c.0);
        let k = m.constants.get(c).ok_or_else(|| {
            WriteError::new(
                place(),
                WriteErrorKind::OutOfRange {
                    what: "constant",
                    id: u64::from(c.0),
                    count: m.constants.len() as u64,
                },
            )
        })?;
        let ty = tt.id(k.ty, place)?;
        if last != Some(ty) {
            out.abbreviated(SETTYPE_ABBREV, &settype, cst::SETTYPE, &[u64::from(ty)]);
            last = Some(ty);
        }
        w.constant(out, c, k)?;
    }
    out.exit();
    Ok(())
}

const STRING8: [AbbrevOp; 3] = [
    AbbrevOp::Literal(cst::STRING as u64),
    AbbrevOp::Array,
    AbbrevOp::Fixed(8),
];
const CSTRING7: [AbbrevOp; 3] = [
    AbbrevOp::Literal(cst::CSTRING as u64),
    AbbrevOp::Array,
    AbbrevOp::Fixed(7),
];
const CSTRING6: [AbbrevOp; 3] = [
    AbbrevOp::Literal(cst::CSTRING as u64),
    AbbrevOp::Array,
    AbbrevOp::Char6,
];

impl Writer<'_> {
    fn err(&self, c: ConstId, kind: WriteErrorKind) -> WriteError {
        WriteError::new(Place::Constant(c.0), kind)
    }

    fn bad(&self, c: ConstId, why: String) -> WriteError {
        self.err(c, WriteErrorKind::BadType(why))
    }

    fn ty_name(&self, t: TypeId) -> String {
        crate::text::type_string(self.m, t)
    }

    /// The id and type of an operand.
    fn operand(&self, c: ConstId, v: Value) -> Result<(u64, TypeId), WriteError> {
        match (self.n.id(v), self.n.type_of(v)) {
            (Some(id), Some(t)) => Ok((u64::from(id), t)),
            _ => Err(self.err(
                c,
                match v {
                    Value::Global(g) => WriteErrorKind::OutOfRange {
                        what: "global",
                        id: u64::from(g.0),
                        count: self.m.globals.len() as u64,
                    },
                    Value::Function(f) => WriteErrorKind::OutOfRange {
                        what: "function",
                        id: u64::from(f.0),
                        count: self.m.functions.len() as u64,
                    },
                    _ => WriteErrorKind::LocalValue,
                },
            )),
        }
    }

    fn type_id(&self, c: ConstId, t: TypeId) -> Result<u64, WriteError> {
        self.tt.id(t, || Place::Constant(c.0)).map(u64::from)
    }

    fn expect(
        &self,
        c: ConstId,
        what: &str,
        found: TypeId,
        expected: TypeId,
    ) -> Result<(), WriteError> {
        self.tt
            .check_same(self.m, what, found, expected)
            .map_err(|k| self.err(c, k))
    }

    fn constant(&mut self, out: &mut Out, c: ConstId, k: &Constant) -> Result<(), WriteError> {
        let m = self.m;
        let ty = m.types.get(k.ty).unwrap_or(&Type::Void);
        self.vals.clear();
        if matches!(
            ty,
            Type::Void | Type::Label | Type::Metadata | Type::Function { .. }
        ) {
            return Err(self.bad(c, format!("a constant of type {}", self.ty_name(k.ty))));
        }
        if is_null(m, k) && !matches!(k.kind, ConstKind::Float(_))
            || matches!(k.kind, ConstKind::Null)
        {
            out.record(cst::NULL, &[]);
            return Ok(());
        }
        match &k.kind {
            ConstKind::Null => out.record(cst::NULL, &[]),
            ConstKind::Undef => out.record(cst::UNDEF, &[]),
            ConstKind::Int(v) => {
                if !ty.is_int() {
                    return Err(self.bad(c, format!("an integer of type {}", self.ty_name(k.ty))));
                }
                let ops = [AbbrevOp::Literal(cst::INTEGER.into()), AbbrevOp::Vbr(8)];
                out.abbreviated(INTEGER_ABBREV, &ops, cst::INTEGER, &[signed(*v)]);
            }
            ConstKind::WideInt(words) => {
                if !ty.is_int() {
                    return Err(self.bad(c, format!("an integer of type {}", self.ty_name(k.ty))));
                }
                self.vals.extend(words.iter().map(|&w| signed(w as i64)));
                out.record(cst::WIDE_INTEGER, &self.vals);
            }
            ConstKind::Float(bits) => {
                if !matches!(ty, Type::Half | Type::Float | Type::Double) {
                    return Err(self.bad(
                        c,
                        format!("a 16-, 32- or 64-bit number of type {}", self.ty_name(k.ty)),
                    ));
                }
                if *bits == 0 {
                    out.record(cst::NULL, &[]);
                } else {
                    out.record(cst::FLOAT, &[*bits]);
                }
            }
            ConstKind::WideFloat(words) => {
                let w = |i: usize| words.get(i).copied().unwrap_or(0);
                match ty {
                    Type::X86Fp80 => self.vals.extend([w(1) << 48 | w(0) >> 16, w(0) & 0xffff]),
                    Type::Fp128 | Type::PpcFp128 => self.vals.extend([w(0), w(1)]),
                    _ => {
                        return Err(self.bad(
                            c,
                            format!("an 80- or 128-bit number of type {}", self.ty_name(k.ty)),
                        ));
                    }
                }
                out.record(cst::FLOAT, &self.vals);
            }
            ConstKind::Aggregate(elems) => self.aggregate(out, c, k.ty, elems)?,
            ConstKind::Data(elems) => self.data(out, c, k.ty, elems)?,
            ConstKind::Expr(e) => self.expr(out, c, k.ty, e)?,
        }
        Ok(())
    }

    fn aggregate(
        &mut self,
        out: &mut Out,
        c: ConstId,
        ty: TypeId,
        elems: &[Value],
    ) -> Result<(), WriteError> {
        let m = self.m;
        let count = match m.types.get(ty) {
            Some(Type::Struct { fields, .. }) => fields.len() as u64,
            Some(Type::Named(n)) => n.fields.as_ref().map_or(0, |f| f.len() as u64),
            Some(Type::Array { len, .. }) => *len,
            Some(Type::Vector { len, .. }) => u64::from(*len),
            _ => {
                return Err(self.bad(c, format!("an aggregate of type {}", self.ty_name(ty))));
            }
        };
        if count != elems.len() as u64 {
            return Err(self.bad(
                c,
                format!("{} elements for type {}", elems.len(), self.ty_name(ty)),
            ));
        }
        for (i, &e) in elems.iter().enumerate() {
            let (id, et) = self.operand(c, e)?;
            let want = m.types.element(ty, i as u64).unwrap_or(ty);
            if et != want {
                self.expect(c, &format!("element {i}"), et, want)?;
            }
            self.vals.push(id);
        }
        if self.module_abbrevs {
            let ops = self.aggregate_abbrev;
            out.abbreviated(8, &ops, cst::AGGREGATE, &self.vals);
        } else {
            out.record(cst::AGGREGATE, &self.vals);
        }
        Ok(())
    }

    fn data(
        &mut self,
        out: &mut Out,
        c: ConstId,
        ty: TypeId,
        elems: &[u64],
    ) -> Result<(), WriteError> {
        let m = self.m;
        let (len, elem, array) = match m.types.get(ty) {
            Some(Type::Array { len, elem }) => (*len, *elem, true),
            Some(Type::Vector { len, elem }) => (u64::from(*len), *elem, false),
            _ => return Err(self.bad(c, format!("data of type {}", self.ty_name(ty)))),
        };
        let e = m.types.get(elem);
        if matches!(e, Some(Type::Half)) {
            // LLVM 3.7's reader refuses `DATA` of `half`: such constants are aggregates there
            return Err(self.bad(
                c,
                "data of half elements (LLVM 3.7 holds them as an aggregate of half \
                 constants, as Module::aggregate_const makes them)"
                    .into(),
            ));
        }
        if !matches!(
            e,
            Some(Type::Int(8 | 16 | 32 | 64) | Type::Float | Type::Double)
        ) {
            return Err(self.bad(c, format!("data of {} elements", self.ty_name(elem))));
        }
        if len != elems.len() as u64 {
            return Err(self.bad(
                c,
                format!("{} elements for type {}", elems.len(), self.ty_name(ty)),
            ));
        }
        self.vals.extend_from_slice(elems);
        if !(array && matches!(e, Some(Type::Int(8)))) {
            out.record(cst::DATA, &self.vals);
            return Ok(());
        }
        // a string: a C string when it ends in its only zero
        let (last, body) = elems.split_last().unwrap_or((&1, &[]));
        if *last == 0 && !body.contains(&0) {
            self.vals.pop();
            if !self.module_abbrevs {
                out.record(cst::CSTRING, &self.vals);
            } else if body
                .iter()
                .all(|&b| u8::try_from(b).is_ok_and(|b| char6_encode(b).is_some()))
            {
                out.abbreviated(11, &CSTRING6, cst::CSTRING, &self.vals);
            } else {
                out.abbreviated(10, &CSTRING7, cst::CSTRING, &self.vals);
            }
        } else if self.module_abbrevs {
            out.abbreviated(9, &STRING8, cst::STRING, &self.vals);
        } else {
            out.record(cst::STRING, &self.vals);
        }
        Ok(())
    }

    fn expr(
        &mut self,
        out: &mut Out,
        c: ConstId,
        ty: TypeId,
        e: &ConstExpr,
    ) -> Result<(), WriteError> {
        let m = self.m;
        match e {
            ConstExpr::Cast { op, value } => {
                let (id, vt) = self.operand(c, *value)?;
                if !rules::cast_ok(m, *op, vt, ty) {
                    return Err(self.bad(
                        c,
                        format!(
                            "{} from {} to {}",
                            op.keyword(),
                            self.ty_name(vt),
                            self.ty_name(ty)
                        ),
                    ));
                }
                let vals = [op.code(), self.type_id(c, vt)?, id];
                let ops = ce_cast_abbrev(self.tt.bits);
                out.abbreviated(CE_CAST_ABBREV, &ops, cst::CE_CAST, &vals);
            }
            ConstExpr::Binary {
                op,
                lhs,
                rhs,
                flags,
            } => {
                let (l, lt) = self.operand(c, *lhs)?;
                let (r, rt) = self.operand(c, *rhs)?;
                self.expect(c, "the second operand", rt, lt)?;
                self.expect(c, "the result", ty, lt)?;
                let fits = if op.is_float() {
                    rules::float_like(m, lt)
                } else {
                    rules::int_like(m, lt)
                };
                if !fits {
                    return Err(self.bad(c, format!("{} on {}", op.keyword(), self.ty_name(lt))));
                }
                self.vals.extend([op.bitcode(), l, r]);
                if *flags != 0 {
                    self.vals.push(u64::from(*flags));
                }
                out.record(cst::CE_BINOP, &self.vals);
            }
            ConstExpr::GetElementPtr {
                inbounds,
                source,
                operands,
            } => {
                let Some(&ptr) = operands.first() else {
                    return Err(self.bad(c, "a getelementptr without a pointer".into()));
                };
                let (_, pt) = self.operand(c, ptr)?;
                let Some((pointee, space, len)) = rules::pointee(m, pt) else {
                    return Err(self.bad(c, format!("getelementptr on {}", self.ty_name(pt))));
                };
                let source = source.unwrap_or(pointee);
                self.expect(c, "the pointer's pointee", pointee, source)?;
                let reached = rules::gep_indexed(m, source, &operands[1..]).ok_or_else(|| {
                    self.bad(c, "getelementptr indices that do not fit the type".into())
                })?;
                if !rules::is_pointer_to(m, self.tt, ty, reached, space, len) {
                    return Err(self.bad(
                        c,
                        format!(
                            "getelementptr of type {} reaching {}",
                            self.ty_name(ty),
                            self.ty_name(reached)
                        ),
                    ));
                }
                self.vals.push(self.type_id(c, source)?);
                for &v in operands {
                    let (id, t) = self.operand(c, v)?;
                    self.vals.extend([self.type_id(c, t)?, id]);
                }
                let code = if *inbounds {
                    cst::CE_INBOUNDS_GEP
                } else {
                    cst::CE_GEP
                };
                out.record(code, &self.vals);
            }
            ConstExpr::Select {
                cond,
                then,
                otherwise,
            } => {
                let (a, at) = self.operand(c, *cond)?;
                let (b, bt) = self.operand(c, *then)?;
                let (d, dt) = self.operand(c, *otherwise)?;
                self.expect(c, "the value when false", dt, bt)?;
                self.expect(c, "the result", ty, bt)?;
                if !rules::bool_like(m, at, None)
                    && !rules::bool_like(m, at, rules::scalar(m, bt).1)
                {
                    return Err(self.bad(c, format!("a select on {}", self.ty_name(at))));
                }
                out.record(cst::CE_SELECT, &[a, b, d]);
            }
            ConstExpr::ExtractElement { vector, index } => {
                let (v, vt) = self.operand(c, *vector)?;
                let (i, it) = self.operand(c, *index)?;
                let (elem, len) = rules::scalar(m, vt);
                if len.is_none() || !rules::int_like(m, it) {
                    return Err(self.bad(c, format!("extractelement on {}", self.ty_name(vt))));
                }
                self.expect(c, "the result", ty, elem)?;
                let vals = [self.type_id(c, vt)?, v, self.type_id(c, it)?, i];
                out.record(cst::CE_EXTRACTELT, &vals);
            }
            ConstExpr::InsertElement {
                vector,
                element,
                index,
            } => {
                let (v, vt) = self.operand(c, *vector)?;
                let (e, et) = self.operand(c, *element)?;
                let (i, it) = self.operand(c, *index)?;
                let (elem, len) = rules::scalar(m, vt);
                if len.is_none() || !rules::int_like(m, it) {
                    return Err(self.bad(c, format!("insertelement on {}", self.ty_name(vt))));
                }
                self.expect(c, "the element", et, elem)?;
                self.expect(c, "the result", ty, vt)?;
                let vals = [v, e, self.type_id(c, it)?, i];
                out.record(cst::CE_INSERTELT, &vals);
            }
            ConstExpr::ShuffleVector { a, b, mask } => {
                let (x, xt) = self.operand(c, *a)?;
                let (y, yt) = self.operand(c, *b)?;
                let (z, _) = self.operand(c, *mask)?;
                self.expect(c, "the second vector", yt, xt)?;
                if self.tt.same(ty, xt) {
                    out.record(cst::CE_SHUFFLEVEC, &[x, y, z]);
                } else {
                    let vals = [self.type_id(c, xt)?, x, y, z];
                    out.record(cst::CE_SHUFVEC_EX, &vals);
                }
            }
            ConstExpr::Compare { pred, lhs, rhs } => {
                let (l, lt) = self.operand(c, *lhs)?;
                let (r, rt) = self.operand(c, *rhs)?;
                self.expect(c, "the second operand", rt, lt)?;
                let ok = if pred.is_int() {
                    rules::int_like(m, lt) || rules::pointer_like(m, lt)
                } else {
                    rules::float_like(m, lt)
                };
                if !ok || !rules::bool_like(m, ty, rules::scalar(m, lt).1) {
                    return Err(self.bad(
                        c,
                        format!(
                            "{} comparison of {} as {}",
                            pred.keyword(),
                            self.ty_name(lt),
                            self.ty_name(ty)
                        ),
                    ));
                }
                let vals = [self.type_id(c, lt)?, l, r, pred.code()];
                out.record(cst::CE_CMP, &vals);
            }
        }
        Ok(())
    }
}
