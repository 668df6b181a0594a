//! An operand of a `dx.op` call as `dxil_ops` sees values: its type as LLVM writes it and,
//! for a constant, its integer or struct fields ([`dxil_ops::call::Value`]), or its value for
//! the constraint checks ([`dxil_ops::constraint::Value`]).

use std::fmt;

use super::TypeNames;
use dxil_ops::constant::{MAX_FIELDS, StructConstant};

use crate::model::{ConstKind, FuncId, Module, Type, TypeId, Value};

/// An operand of a call (or the opcode): the value, its type, and whether it names a local
/// value the function never defines (a lenient reading of text: the module holds `undef`
/// there, which is not what the text says).
#[derive(Clone, Copy)]
pub struct Operand<'c> {
    pub(crate) names: &'c TypeNames<'c>,
    /// The function the call is in.
    pub function: FuncId,
    /// The value.
    pub value: Value,
    /// Its type, as the call's function type gives it.
    pub ty: TypeId,
    /// It names a local value never defined: its name as written.
    pub undefined: Option<&'c str>,
}

/// An integer of `width` bits as LLVM writes it: the model's value (sign-extended from its
/// width), except `i1`, written `true` (1) and `false` (0).
fn as_written(v: i64, width: u32) -> i64 {
    if width == 1 { v & 1 } else { v }
}

impl<'c> Operand<'c> {
    /// The module.
    fn m(&self) -> &'c Module {
        self.names.module()
    }

    /// The text of its type, as LLVM writes it (made once per type of the module).
    pub fn ty_text(&self) -> &'c str {
        self.names.get(self.ty)
    }

    /// The constant the operand is, if any (an undefined local is none).
    fn constant(&self) -> Option<&'c crate::model::Constant> {
        if self.undefined.is_some() {
            return None;
        }
        self.m().constant(self.value.as_const()?)
    }

    /// The value of an integer constant as LLVM writes it (`i1 true` is 1, `i8 255` is -1);
    /// `None` for any other value.
    pub fn int(&self) -> Option<i64> {
        let c = self.constant()?;
        let width = self.m().types.int_width(self.ty)?;
        match c.kind {
            ConstKind::Int(v) => Some(as_written(v, width)),
            ConstKind::Null => Some(0),
            _ => None,
        }
    }

    /// The constant struct of integers the operand is (`{ i32 0, i8 1 }`,
    /// `zeroinitializer`), each field with its type's text and its value as written
    /// ([`StructConstant`], the one reading of such constants `dxil_ops` has); `None` for any
    /// other value.
    pub fn struct_constant(&self) -> Option<StructConstant<'c>> {
        let c = self.constant()?;
        let is_struct = matches!(
            self.m().types.get(c.ty),
            Some(Type::Struct { .. } | Type::Named(_))
        );
        if !is_struct {
            return None;
        }
        let values = match &c.kind {
            ConstKind::Null => return Some(StructConstant::ZERO),
            ConstKind::Aggregate(values) => values,
            _ => return None,
        };
        // every field is read (each must be an integer constant), the first few kept
        let mut fields = [("", 0i64); MAX_FIELDS];
        for (i, v) in values.iter().enumerate() {
            let f = self.m().constant(v.as_const()?)?;
            let width = self.m().types.int_width(f.ty)?;
            let n = match f.kind {
                ConstKind::Int(n) => as_written(n, width),
                ConstKind::Null => 0,
                _ => return None,
            };
            if let Some(field) = fields.get_mut(i) {
                *field = (self.names.get(f.ty), n);
            }
        }
        let kept = fields.get(..values.len()).unwrap_or(&fields);
        Some(StructConstant::counted(kept, values.len()))
    }

    /// The value for the constraint checks.
    pub fn constraint_value(&self) -> dxil_ops::constraint::Value {
        use dxil_ops::constraint::Value as V;
        if self.undefined.is_some() {
            return V::Unknown;
        }
        let Some(id) = self.value.as_const() else {
            return match self.value {
                Value::Arg(_) | Value::Inst(_) => V::Unknown,
                _ => V::Constant,
            };
        };
        let Some(c) = self.m().constant(id) else {
            return V::Unknown;
        };
        let ty = self.m().types.get(c.ty);
        match &c.kind {
            ConstKind::Undef => V::Undef,
            ConstKind::Int(_) | ConstKind::Null if ty.is_some_and(Type::is_int) => {
                self.int().map_or(V::Constant, |n| V::Int(i128::from(n)))
            }
            ConstKind::Null if ty.is_some_and(Type::is_float) => V::Float(0.0),
            ConstKind::Null => V::Zero,
            ConstKind::Float(bits) => match ty {
                Some(Type::Half) => V::Float(f64::from(half_to_f32(*bits as u16))),
                Some(Type::Float) => V::Float(f64::from(f32::from_bits(*bits as u32))),
                Some(Type::Double) => V::Float(f64::from_bits(*bits)),
                _ => V::Constant,
            },
            // each field read at its type's width, as LLVM reads it
            ConstKind::Aggregate(_) => match self.struct_constant().and_then(|c| c.as_llvm_reads())
            {
                Some(f) if !f.is_empty() => V::from(f),
                _ => V::Constant,
            },
            _ => V::Constant,
        }
    }

    /// The value as the printer writes it (`%x`, `13`, `{ i32 0, i8 1 }`); an undefined local
    /// by its name as written.
    pub fn text(&self) -> String {
        match self.undefined {
            Some(name) => name.to_owned(),
            None => crate::text::value_string(self.m(), Some(self.function), self.value),
        }
    }
}

/// A `half`'s bits as an `f32`.
fn half_to_f32(h: u16) -> f32 {
    let sign = u32::from(h >> 15) << 31;
    let exp = i32::from((h >> 10) & 0x1F);
    let frac = u32::from(h & 0x3FF);
    let bits = match (exp, frac) {
        (0, 0) => sign,
        (0, f) => {
            // subnormal: normalize
            let mut e = -14i32;
            let mut f = f;
            while f & 0x400 == 0 {
                f <<= 1;
                e -= 1;
            }
            sign | (((e + 127) as u32) << 23) | ((f & 0x3FF) << 13)
        }
        (31, 0) => sign | 0x7F80_0000,
        (31, f) => sign | 0x7F80_0000 | (f << 13),
        (e, f) => sign | (((e - 15 + 127) as u32) << 23) | (f << 13),
    };
    f32::from_bits(bits)
}

impl fmt::Display for Operand<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

impl fmt::Debug for Operand<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Operand")
            .field("value", &self.value)
            .field("ty", &self.ty_text())
            .field("undefined", &self.undefined)
            .finish()
    }
}
