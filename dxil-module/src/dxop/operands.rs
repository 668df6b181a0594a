//! A call's operands for the constraint checks of `dxil_ops` ([`Operands`]): values, widths,
//! texts for messages, vector and LinAlg matrix types, and the resources behind handles as the
//! caller traces them.

use std::cell::OnceCell;

use dxil_ops::constraint::{At, Matrix, Operands, Resource, Value as CValue, Vector};

use super::{DxOpCall, Operand};
use crate::model::{Type, TypeId, Value};

/// The operands of a [`DxOpCall`] as the constraint checks see them. What a call alone does not
/// say comes from the caller: the resource behind a handle operand (`resource`, given the
/// operand's value) and whether a LinAlg matrix type has its `!dx.targetTypes` entry
/// (`has_target_type`).
pub struct CallOperands<'c, 'a> {
    call: &'a DxOpCall<'c>,
    operands: &'a [Operand<'c>],
    texts: &'a [OnceCell<String>],
    resource: &'a dyn Fn(Value) -> Option<Resource>,
    has_target_type: &'a dyn Fn(TypeId) -> bool,
}

impl<'c: 'a, 'a> CallOperands<'c, 'a> {
    /// The operands of `call` (`operands`, the opcode first, as [`DxOpCall::read`] gathers
    /// them); `texts` holds the operands' texts once asked for (as many cells as operands;
    /// clear them between calls).
    pub fn new(
        call: &'a DxOpCall<'c>,
        operands: &'a [Operand<'c>],
        texts: &'a [OnceCell<String>],
        resource: &'a dyn Fn(Value) -> Option<Resource>,
        has_target_type: &'a dyn Fn(TypeId) -> bool,
    ) -> Self {
        CallOperands {
            call,
            operands,
            texts,
            resource,
            has_target_type,
        }
    }

    /// The operand at `at` (`None` for the result or a missing one), with its index.
    fn operand(&self, at: At) -> Option<(usize, &'a Operand<'c>)> {
        match at {
            At::Param(i) => {
                let i = usize::from(i) + 1;
                self.operands.get(i).map(|o| (i, o))
            }
            At::Result => None,
        }
    }

    /// The type of an operand or of the result.
    fn ty(&self, at: At) -> Option<TypeId> {
        match at {
            At::Result => self.call.result_type(),
            _ => self.operand(at).map(|(_, o)| o.ty),
        }
    }
}

impl<'c: 'a, 'a> Operands<'a> for CallOperands<'c, 'a> {
    fn value(&self, at: At) -> CValue {
        match self.operand(at) {
            Some((_, o)) => o.constraint_value(),
            None => CValue::Unknown,
        }
    }

    fn width(&self, at: At) -> u32 {
        let m = self.call.names().module();
        self.ty(at)
            .and_then(|t| m.types.int_width(t))
            .filter(|w| (1..=64).contains(w))
            .unwrap_or(64)
    }

    fn text(&self, at: At) -> Option<&'a str> {
        let (i, o) = self.operand(at)?;
        let cell = self.texts.get(i)?;
        Some(cell.get_or_init(|| o.text()).as_str())
    }

    fn resource(&self, at: At) -> Option<Resource> {
        let (_, o) = self.operand(at)?;
        if o.undefined.is_some() {
            return None;
        }
        (self.resource)(o.value)
    }

    fn matrix(&self, at: At) -> Option<Matrix<'a>> {
        let ty = self.ty(at)?;
        let names = self.call.names();
        let mut m = Matrix::from_name(names.get(ty))?;
        m.has_metadata = (self.has_target_type)(ty);
        Some(m)
    }

    fn vector(&self, at: At) -> Option<Vector<'a>> {
        let ty = self.ty(at)?;
        let names = self.call.names();
        match names.module().types.get(ty)? {
            Type::Vector { len, elem } => Some(Vector {
                len: *len,
                element: names.get(*elem),
            }),
            _ => None,
        }
    }
}
