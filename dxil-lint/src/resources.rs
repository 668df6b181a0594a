//! What the checks of constraints need to know besides a call: the resource behind each handle
//! (traced to the call that made it), the LinAlg matrix types of `!dx.targetTypes`, and a call's
//! operands seen through [`dxil_ops::constraint::Operands`].
//!
//! A handle's resource comes from the call that made it, in the same function:
//! `annotateHandle` (its `%dx.types.ResourceProperties` constant, SM 6.6 and later) or
//! `createHandle` (the record of `!dx.resources` of its class with its range id). Any other
//! handle (a `createHandleForLib` or `createHandleFromBinding` not annotated, a phi, an argument)
//! has an unknown resource, and the constraints about resources are not checked for it.

use std::cell::Cell;
use std::collections::{HashMap, HashSet};

use dxil_ops::Op;
use dxil_ops::constraint::{At, Matrix, Operands, Resource, Value, Vector};
use dxil_ops::enums::{ComponentType, ResourceClass, ResourceKind};
use dxil_ops::resource::has_component_type;

use crate::md::{Md, NodeFacts};
use crate::module::{Call, Module};
use crate::text::{int_literal, int_width, split_top, split_type_value};

/// The resource a record of `!dx.resources` declares: its class (the list it is in), its kind,
/// the component type of a typed resource, a sampler's comparison mode. `None` for a kind that
/// is not one.
fn declared(
    class: ResourceClass,
    kind: i128,
    component: i128,
    comparison: bool,
) -> Option<Resource> {
    let kind = ResourceKind::from_value(i64::try_from(kind).ok()?)
        .filter(|k| !matches!(k, ResourceKind::Invalid | ResourceKind::NumEntries))?;
    Some(Resource {
        class,
        kind,
        component: if has_component_type(kind) {
            i64::try_from(component)
                .ok()
                .and_then(ComponentType::from_value)
        } else {
            None
        },
        comparison,
    })
}

/// The integer fields of a constant struct written `{ i32 1, i8 2 }` (at most four), each
/// read at its type's width as LLVM reads it (`i32 -1` is 4294967295): see
/// [`dxil_ops::constant::StructConstant::as_llvm_reads`].
pub(crate) fn fields(value: &str) -> Option<([i64; 4], u8)> {
    let f = dxil_ops::constant::StructConstant::parse(value)?.as_llvm_reads()?;
    Some((f.array(), f.len()))
}

/// The records of `!dx.resources`, by class (SRV, UAV, CBuffer, Sampler) and range id: the
/// first record of each id, keyed, since a module may declare as many resources as it makes
/// handles.
#[derive(Debug, Default)]
pub(crate) struct Declared {
    by_class: [HashMap<i128, Resource>; 4],
}

impl Declared {
    /// Reads `!dx.resources`. Each node is read once, however many lists name it (see
    /// [`NodeFacts`]).
    pub(crate) fn of(m: &Module<'_>) -> Declared {
        let mut d = Declared::default();
        let Some(lists) = m.named("dx.resources").and_then(|l| {
            let first = l.into_iter().next()?;
            m.resolve(&first)
        }) else {
            return d;
        };
        // the component type of a typed resource: tag 0 of its extra properties
        let mut components: NodeFacts<i128> = NodeFacts::default();
        for (class, list) in lists.iter().enumerate().take(4) {
            let Some(records) = m.resolve(list) else {
                continue;
            };
            let mut read: NodeFacts<(i128, Resource)> = NodeFacts::default();
            for r in &records {
                let record = read.get(m, r, |rec| {
                    let id = rec.first().and_then(Md::int)?;
                    let int = |i: usize| rec.get(i).and_then(Md::int);
                    let resource = match class {
                        0 | 1 => {
                            let kind = int(6)?;
                            let extra = if class == 0 { 8 } else { 10 };
                            let component = rec
                                .get(extra)
                                .and_then(|e| {
                                    components.get(m, e, |tags| {
                                        tags.chunks(2)
                                            .find(|p| p.first().and_then(Md::int) == Some(0))
                                            .and_then(|p| p.get(1).and_then(Md::int))
                                    })
                                })
                                .unwrap_or(0);
                            let class = if class == 1 {
                                ResourceClass::UAV
                            } else {
                                ResourceClass::SRV
                            };
                            declared(class, kind, component, false)
                        }
                        2 => declared(
                            ResourceClass::CBuffer,
                            ResourceKind::CBuffer as i128,
                            0,
                            false,
                        ),
                        _ => declared(
                            ResourceClass::Sampler,
                            ResourceKind::Sampler as i128,
                            0,
                            int(6) == Some(1),
                        ),
                    }?;
                    Some((id, resource))
                });
                if let (Some((id, resource)), Some(by_id)) = (record, d.by_class.get_mut(class)) {
                    by_id.entry(id).or_insert(resource);
                }
            }
        }
        d
    }

    fn get(&self, class: i128, id: i128) -> Option<Resource> {
        let by_id = self.by_class.get(usize::try_from(class).ok()?)?;
        by_id.get(&id).copied()
    }
}

/// The LinAlg matrix types that have an entry in `!dx.targetTypes` (names without `%`). Each
/// node is read once, however many entries name it.
pub(crate) fn target_types<'t>(m: &Module<'t>) -> HashSet<&'t str> {
    let mut out = HashSet::new();
    let mut seen = HashSet::new();
    for e in m.named("dx.targetTypes").unwrap_or_default() {
        let Md::Ref(n) = e else { continue };
        if !seen.insert(n) {
            continue;
        }
        let Some(body) = m.node(n) else { continue };
        let Some(inner) = body
            .trim()
            .strip_prefix("!{")
            .and_then(|b| b.strip_suffix('}'))
        else {
            continue;
        };
        if let Some(first) = split_top(inner).next() {
            let ty = split_type_value(first).0;
            out.insert(ty.strip_prefix('%').unwrap_or(ty));
        }
    }
    out
}

/// A hasher for the short SSA names of handles: FNV-1a over the bytes (the default SipHash
/// costs more than the checks it serves on call-dense modules).
#[derive(Clone, Copy, Debug)]
pub(crate) struct NameHasher(u64);

impl Default for NameHasher {
    fn default() -> Self {
        NameHasher(0xcbf2_9ce4_8422_2325)
    }
}

impl std::hash::Hasher for NameHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// The handles made so far in the current function, by result name, with their resource when
/// it is known.
#[derive(Debug, Default)]
pub(crate) struct Handles<'m> {
    function: Option<usize>,
    known: HashMap<&'m str, Resource, std::hash::BuildHasherDefault<NameHasher>>,
}

impl<'m> Handles<'m> {
    /// Starts the handles of the call's function when it is another one.
    pub(crate) fn enter(&mut self, function: Option<usize>) {
        if self.function != function {
            self.function = function;
            // Clearing costs the table's capacity: a table grown by one function with many
            // handles is dropped rather than cleared for each of many small functions after it.
            if self.known.capacity() > 4 * self.known.len() + 64 {
                self.known = HashMap::default();
            } else {
                self.known.clear();
            }
        }
    }

    /// Records the handle a call of `op` makes, when its resource is known.
    pub(crate) fn record(&mut self, op: Op, c: &Call<'m>, declared: &Declared) {
        let Some(name) = c.result else { return };
        let value = |i: usize| c.operands.get(i).map_or("", |o| o.value);
        let resource = match op {
            Op::AnnotateHandle => c
                .operands
                .get(2)
                .and_then(|o| Resource::of_properties(read_value(o.ty, o.value)))
                .and_then(Result::ok),
            Op::CreateHandle => {
                let int = |i: usize| int_literal(value(i));
                int(1)
                    .zip(int(2))
                    .and_then(|(class, id)| declared.get(class, id))
            }
            _ => None,
        };
        match resource {
            Some(r) => {
                self.known.insert(name, r);
            }
            None => {
                self.known.remove(name);
            }
        }
    }

    /// The resource of a handle operand (`%h`).
    fn get(&self, value: &str) -> Option<Resource> {
        let name = value.trim().strip_prefix('%')?;
        let name = name
            .strip_prefix('"')
            .and_then(|n| n.strip_suffix('"'))
            .unwrap_or(name);
        self.known.get(name).copied()
    }
}

/// The most operands whose values are kept once read, for all the constraints of a call; those
/// after are read at each use.
const CACHED: usize = 24;

/// A call's operands for the constraint checks, each value read when a constraint first asks
/// for it and kept.
pub(crate) struct CallOperands<'c, 'm> {
    call: &'c Call<'m>,
    handles: &'c Handles<'m>,
    target_types: &'c HashSet<&'m str>,
    values: [Cell<Option<Value>>; CACHED],
}

impl<'c, 'm: 'c> CallOperands<'c, 'm> {
    /// The operands of `c`.
    pub(crate) fn new(
        call: &'c Call<'m>,
        handles: &'c Handles<'m>,
        target_types: &'c HashSet<&'m str>,
    ) -> Self {
        CallOperands {
            call,
            handles,
            target_types,
            values: [const { Cell::new(None) }; CACHED],
        }
    }

    /// The type and value of an operand (`None` for the result or a missing one).
    fn operand(&self, at: At) -> Option<(&'c str, &'c str)> {
        match at {
            At::Param(i) => self
                .call
                .operands
                .get(usize::from(i) + 1)
                .map(|o| (o.ty, o.value)),
            At::Result => None,
        }
    }

    /// The type of an operand or of the result.
    fn ty(&self, at: At) -> Option<&'c str> {
        match at {
            At::Result => Some(self.call.ret),
            _ => self.operand(at).map(|(t, _)| t),
        }
    }
}

/// The value of a floating-point literal: decimal, or the hexadecimal bits of a double.
fn float_literal(v: &str) -> Option<f64> {
    if let Some(hex) = v.strip_prefix("0x") {
        if hex.len() == 16 && hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return u64::from_str_radix(hex, 16).ok().map(f64::from_bits);
        }
        return None;
    }
    v.parse::<f64>().ok()
}

/// The value of an operand of type `ty` written `v`.
fn read_value(ty: &str, v: &str) -> Value {
    let v = v.trim();
    match v.as_bytes().first() {
        None | Some(b'%') => return Value::Unknown,
        _ => {}
    }
    if let Some(n) = int_literal(v) {
        return Value::Int(n);
    }
    match v {
        "undef" | "poison" => return Value::Undef,
        "zeroinitializer" | "null" => return Value::Zero,
        _ => {}
    }
    match v.as_bytes().first() {
        Some(b'{') => match fields(v) {
            Some((fields, len)) => Value::Fields { fields, len },
            None => Value::Constant,
        },
        Some(b'-' | b'+' | b'0'..=b'9') if int_width(ty).is_none() => {
            float_literal(v).map_or(Value::Constant, Value::Float)
        }
        _ => Value::Constant,
    }
}

impl<'c, 'm: 'c> Operands<'c> for CallOperands<'c, 'm> {
    fn value(&self, at: At) -> Value {
        let read = || match self.operand(at) {
            Some((ty, v)) => read_value(ty, v),
            None => Value::Unknown,
        };
        let At::Param(i) = at else {
            return read();
        };
        let Some(slot) = self.values.get(usize::from(i)) else {
            return read();
        };
        if let Some(v) = slot.get() {
            return v;
        }
        let v = read();
        slot.set(Some(v));
        v
    }

    fn width(&self, at: At) -> u32 {
        self.ty(at).and_then(int_width).unwrap_or(64)
    }

    fn text(&self, at: At) -> Option<&'c str> {
        self.operand(at).map(|(_, v)| v)
    }

    fn resource(&self, at: At) -> Option<Resource> {
        self.operand(at).and_then(|(_, v)| self.handles.get(v))
    }

    fn matrix(&self, at: At) -> Option<Matrix<'c>> {
        let ty = self.ty(at)?;
        let mut m = Matrix::from_name(ty.trim())?;
        m.has_metadata = self.target_types.contains(m.name);
        Some(m)
    }

    fn vector(&self, at: At) -> Option<Vector<'c>> {
        let ty = self.ty(at)?.trim();
        let inner = ty.strip_prefix('<')?.strip_suffix('>')?;
        let (len, element) = inner.split_once(" x ")?;
        Some(Vector {
            len: len.trim().parse().ok()?,
            element: element.trim(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The resource of annotateHandle's property fields as written.
    fn from_properties(word0: i64, word1: i64) -> Option<Resource> {
        let text = format!("{{ i32 {word0}, i32 {word1} }}");
        Resource::of_properties(read_value("%dx.types.ResourceProperties", &text))?.ok()
    }

    #[test]
    fn properties() {
        let r = from_properties(4108, 4).map(|r| (r.class, r.kind));
        assert_eq!(
            r,
            Some((ResourceClass::UAV, ResourceKind::StructuredBuffer))
        );
        let t = from_properties(2, 0x409);
        assert_eq!(t.and_then(|r| r.component), Some(ComponentType::F32));
        assert_eq!(
            from_properties(14 | 1 << 15, 0).map(|r| r.comparison),
            Some(true)
        );
        assert_eq!(from_properties(0, 0), None);
        // a typed texture with reserved bits set in word 1 does not decode
        assert_eq!(from_properties(2, 0x0100_0409), None);
        // `i32` fields written negative: a UAV with bit 31 set is reserved, not a resource
        assert_eq!(from_properties(-2_147_479_548, 0), None);
        assert_eq!(
            declared(ResourceClass::SRV, 2, 9, false).and_then(|r| r.component),
            Some(ComponentType::F32)
        );
        assert_eq!(
            declared(ResourceClass::SRV, 11, 9, false).and_then(|r| r.component),
            None
        );
        assert_eq!(
            fields("{ i32 0, i32 3, i32 0, i8 1 }"),
            Some(([0, 3, 0, 1], 4))
        );
        assert_eq!(float_literal("0x7FF0000000000000"), Some(f64::INFINITY));
        assert_eq!(float_literal("1.700000e+01"), Some(17.0));
    }
}
