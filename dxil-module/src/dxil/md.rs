//! Reading fields of metadata tuples: integers of a width, strings, functions, tuples, each
//! with an error that says where and what when the field is not what its layout says.

use super::error::{At, MdError, MdErrorKind, Step};
use crate::model::{ConstKind, FuncId, MdId, MdItem, Module, TypeId, Value};

/// The fields of a tuple, and where it is.
#[derive(Clone, Copy)]
pub(crate) struct Tuple<'m, 'a> {
    pub m: &'m Module,
    pub ops: &'m [Option<MdId>],
    pub at: &'a At<'a>,
}

/// The operands of the named metadata `name` (the first of that name).
pub(crate) fn named<'m>(m: &'m Module, name: &str) -> Option<&'m [MdId]> {
    m.metadata.named(&m.symbols, name)
}

/// The single operand of named metadata that has one (`!dx.version = !{!1}`); `None` when the
/// module has no such named metadata.
pub(crate) fn single(m: &Module, name: &'static str) -> Result<Option<MdId>, MdError> {
    match named(m, name) {
        None => Ok(None),
        Some([one]) => Ok(Some(*one)),
        Some(ops) => Err(At::named(name).error(MdErrorKind::Operands(ops.len()))),
    }
}

/// What an item is, for messages.
pub(crate) fn describe(m: &Module, id: Option<MdId>) -> String {
    let Some(id) = id else {
        return "null".to_owned();
    };
    match m.metadata.get(id) {
        None => "a reference to no node".to_owned(),
        Some(MdItem::String(s)) => {
            let s = s.of(&m.metadata.string_pool);
            format!("the string \"{}\"", String::from_utf8_lossy(s))
        }
        Some(MdItem::Node { operands, .. }) => format!("a tuple of {}", operands.len()),
        Some(MdItem::Special { .. }) => "a debug-information node".to_owned(),
        Some(MdItem::Value { ty, value }) => {
            let ty = crate::text::type_string(m, *ty);
            match value {
                Value::Const(c) => match m.constant(*c).map(|c| &c.kind) {
                    Some(ConstKind::Int(v)) => format!("{ty} {v}"),
                    Some(ConstKind::Null) => format!("{ty} 0"),
                    Some(ConstKind::Undef) => format!("{ty} undef"),
                    _ => format!("a constant of type {ty}"),
                },
                Value::Function(_) => format!("a function ({ty})"),
                Value::Global(_) => format!("a global ({ty})"),
                _ => format!("a value of type {ty}"),
            }
        }
    }
}

/// An error: `expected` there, something else found.
pub(crate) fn expected(
    m: &Module,
    at: &At<'_>,
    expected: &'static str,
    id: Option<MdId>,
) -> MdError {
    at.error(MdErrorKind::Expected {
        expected,
        found: describe(m, id),
    })
}

/// The operands of the tuple `id`; `null` and anything else is an error.
pub(crate) fn tuple<'m, 'a>(
    m: &'m Module,
    at: &'a At<'a>,
    id: Option<MdId>,
) -> Result<Tuple<'m, 'a>, MdError> {
    match id.and_then(|i| m.metadata.node_operands(i)) {
        Some(ops) => Ok(Tuple { m, ops, at }),
        None => Err(expected(m, at, "a tuple", id)),
    }
}

/// The operands of the tuple `id`, or `None` for `null`.
pub(crate) fn opt_tuple<'m, 'a>(
    m: &'m Module,
    at: &'a At<'a>,
    id: Option<MdId>,
) -> Result<Option<Tuple<'m, 'a>>, MdError> {
    match id {
        None => Ok(None),
        Some(_) => tuple(m, at, id).map(Some),
    }
}

/// The integer of a value item: its value (sign-extended from its width, as the model holds
/// it) and its type's width.
pub(crate) fn int_of(m: &Module, id: Option<MdId>) -> Option<(i64, u32)> {
    let (ty, value) = m.metadata.value(id?)?;
    let width = m.types.int_width(ty)?;
    let c = m.constant(value.as_const()?)?;
    match c.kind {
        ConstKind::Int(v) => Some((v, width)),
        ConstKind::Null => Some((0, width)),
        _ => None,
    }
}

impl<'m, 'a> Tuple<'m, 'a> {
    /// The number of fields.
    pub(crate) fn len(&self) -> usize {
        self.ops.len()
    }

    /// Fails unless the tuple has at least `n` fields.
    pub(crate) fn at_least(&self, n: usize) -> Result<(), MdError> {
        if self.ops.len() < n {
            return Err(self.at.error(MdErrorKind::Missing {
                found: self.ops.len(),
                expected: n,
            }));
        }
        Ok(())
    }

    /// Field `i` (`None` for `null`); a missing field is an error.
    pub(crate) fn get(&self, i: usize) -> Result<Option<MdId>, MdError> {
        match self.ops.get(i) {
            Some(op) => Ok(*op),
            None => Err(self.at.error(MdErrorKind::Missing {
                found: self.ops.len(),
                expected: i + 1,
            })),
        }
    }

    /// Where field `i` is, named `name`.
    pub(crate) fn at_field(&self, name: &'static str, i: usize) -> At<'a> {
        self.at
            .then(Step::Field(name), self.ops.get(i).copied().flatten())
    }

    /// Field `i` as an integer: its value and its type's width.
    fn int(&self, name: &'static str, i: usize) -> Result<i64, MdError> {
        let op = self.get(i)?;
        match int_of(self.m, op) {
            Some((v, _)) => Ok(v),
            None => Err(expected(self.m, &self.at_field(name, i), "an integer", op)),
        }
    }

    /// Field `i` as an integer within `range` (its text for the error).
    fn ranged(
        &self,
        name: &'static str,
        i: usize,
        range: std::ops::RangeInclusive<i64>,
        text: &'static str,
    ) -> Result<i64, MdError> {
        let v = self.int(name, i)?;
        if range.contains(&v) {
            Ok(v)
        } else {
            Err(self.at_field(name, i).error(MdErrorKind::OutOfRange {
                value: v,
                range: text,
            }))
        }
    }

    /// Field `i` as a 32-bit number, signed or unsigned as written (`i32 -1` is `u32::MAX`).
    pub(crate) fn u32(&self, name: &'static str, i: usize) -> Result<u32, MdError> {
        let range = i64::from(i32::MIN)..=i64::from(u32::MAX);
        Ok(self.ranged(name, i, range, "a 32-bit number")? as u32)
    }

    /// Field `i` as a signed 32-bit number.
    pub(crate) fn i32(&self, name: &'static str, i: usize) -> Result<i32, MdError> {
        Ok(self.u32(name, i)? as i32)
    }

    /// Field `i` as an 8-bit number, signed or unsigned as written.
    pub(crate) fn u8(&self, name: &'static str, i: usize) -> Result<u8, MdError> {
        Ok(self.ranged(name, i, -128..=255, "an 8-bit number")? as u8)
    }

    /// Field `i` as a 64-bit number.
    pub(crate) fn u64(&self, name: &'static str, i: usize) -> Result<u64, MdError> {
        Ok(self.int(name, i)? as u64)
    }

    /// Field `i` as a boolean (`i1`, or any integer: not 0).
    pub(crate) fn bool(&self, name: &'static str, i: usize) -> Result<bool, MdError> {
        Ok(self.int(name, i)? != 0)
    }

    /// Field `i` as a floating-point number (`float` or `double`).
    pub(crate) fn float(&self, name: &'static str, i: usize) -> Result<f64, MdError> {
        let op = self.get(i)?;
        let value = op
            .and_then(|id| self.m.metadata.value(id))
            .and_then(|(ty, v)| {
                let c = self.m.constant(v.as_const()?)?;
                let bits = match c.kind {
                    ConstKind::Float(b) => b,
                    ConstKind::Null => 0,
                    _ => return None,
                };
                match self.m.types.get(ty)? {
                    crate::model::Type::Float => Some(f64::from(f32::from_bits(bits as u32))),
                    crate::model::Type::Double => Some(f64::from_bits(bits)),
                    _ => None,
                }
            });
        value.ok_or_else(|| expected(self.m, &self.at_field(name, i), "a float", op))
    }

    /// Field `i` as a string's bytes.
    pub(crate) fn string(&self, name: &'static str, i: usize) -> Result<&'m [u8], MdError> {
        let op = self.get(i)?;
        op.and_then(|id| self.m.metadata.string(id))
            .ok_or_else(|| expected(self.m, &self.at_field(name, i), "a string", op))
    }

    /// Field `i` as a function (`void ()* @main`), or `None` for `null`.
    pub(crate) fn function(&self, name: &'static str, i: usize) -> Result<Option<FuncId>, MdError> {
        let op = self.get(i)?;
        let Some(id) = op else { return Ok(None) };
        match self.m.metadata.value(id) {
            Some((_, Value::Function(f))) => Ok(Some(f)),
            _ => Err(expected(self.m, &self.at_field(name, i), "a function", op)),
        }
    }

    /// Field `i` as a value (`%T* undef`, `@g`, `%T undef`): its type and value; `None` for
    /// `null`.
    pub(crate) fn value(
        &self,
        name: &'static str,
        i: usize,
    ) -> Result<Option<(TypeId, Value)>, MdError> {
        let op = self.get(i)?;
        let Some(id) = op else { return Ok(None) };
        match self.m.metadata.value(id) {
            Some(v) => Ok(Some(v)),
            None => Err(expected(self.m, &self.at_field(name, i), "a value", op)),
        }
    }

    /// Field `i` as a tuple of 32-bit numbers (`!{i32 8, i32 1, i32 1}`).
    pub(crate) fn u32_list(&self, name: &'static str, i: usize) -> Result<Vec<u32>, MdError> {
        let at = self.at_field(name, i);
        let t = tuple(self.m, &at, self.get(i)?)?;
        (0..t.len()).map(|k| t.u32("element", k)).collect()
    }

    /// Field `i` as a tuple of exactly three 32-bit numbers.
    pub(crate) fn u32x3(&self, name: &'static str, i: usize) -> Result<[u32; 3], MdError> {
        let at = self.at_field(name, i);
        let t = tuple(self.m, &at, self.get(i)?)?;
        t.at_least(3)?;
        Ok([t.u32("x", 0)?, t.u32("y", 1)?, t.u32("z", 2)?])
    }
}

/// A list of tag/value pairs (`!{i32 0, i64 16, i32 4, !11}`): the tags as numbers and the
/// values as items, in order.
pub(crate) fn tag_pairs(t: &Tuple<'_, '_>) -> Result<Vec<(u32, Option<MdId>)>, MdError> {
    if !t.len().is_multiple_of(2) {
        return Err(t.at.error(MdErrorKind::OddLength(t.len())));
    }
    (0..t.len() / 2)
        .map(|k| Ok((t.u32("tag", 2 * k)?, t.get(2 * k + 1)?)))
        .collect()
}
