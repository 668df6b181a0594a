//! Metadata: the module's `METADATA_BLOCK` (strings, values, nodes, debug-information
//! records, then named metadata), the attachment kinds (a second `METADATA_BLOCK`, as LLVM 3.7
//! writes them), and the numbering both use.
//!
//! The module's items keep the model's order: a decoded module's metadata comes out as it
//! went in. Function-local items (a value that is an argument or an instruction's result)
//! are numbered after them by the function whose calls use them.

use super::super::md_refs::{MdRef, MdRefs};
use super::codes::{METADATA_BLOCK, md};
use super::constants::Numbering;
use super::error::{Place, WriteError, WriteErrorKind};
use super::stream::Out;
use super::types::TypeTable;
use super::values::NONE;
use crate::bitstream::AbbrevOp;
use crate::model::{MdId, MdItem, Module, Value};

/// The bitcode id of each metadata item of the module.
pub(super) struct MdNumbers {
    /// The id of each item; [`NONE`] for function-local ones.
    pub ids: Vec<u32>,
    /// How many the module block holds.
    pub count: u32,
}

impl MdNumbers {
    /// The module-level id of an item, or `None` when it is function-local or out of range.
    #[inline]
    pub(super) fn get(&self, id: MdId) -> Option<u32> {
        self.ids.get(id.index()).copied().filter(|&i| i != NONE)
    }
}

/// The most values a record may hold: LLVM 3.7's reader counts them in 32 bits.
const MAX_RECORD_VALUES: u64 = u32::MAX as u64;

/// Checks that a metadata record of `len` values (`what`) can be read back, against the
/// limit `max` ([`MAX_RECORD_VALUES`]).
fn record_fits(what: &'static str, len: usize, max: u64) -> Result<(), WriteErrorKind> {
    if len as u64 > max {
        return Err(WriteErrorKind::TooLarge {
            what,
            len: len as u64,
            max,
        });
    }
    Ok(())
}

/// The number of values of the record of a module-level metadata item.
fn record_len(item: &MdItem) -> (&'static str, usize) {
    match item {
        MdItem::String(b) => ("a metadata string", b.len()),
        MdItem::Value { .. } => ("a metadata value", 2),
        MdItem::Node { operands, .. } => ("a metadata node", operands.len()),
        MdItem::Special { operands, .. } => ("a debug-information node", operands.len() + 1),
    }
}

fn err(id: usize, kind: WriteErrorKind) -> WriteError {
    WriteError::new(Place::Metadata(id as u32), kind)
}

fn out_of_range(at: Place, id: u64, count: usize) -> WriteError {
    WriteError::new(
        at,
        WriteErrorKind::OutOfRange {
            what: "metadata",
            id,
            count: count as u64,
        },
    )
}

/// Numbers the module's items and checks that every reference among them holds.
pub(super) fn number(m: &Module) -> Result<MdNumbers, WriteError> {
    let items = &m.metadata.items;
    let mut ids = Vec::with_capacity(items.len());
    let mut count = 0u32;
    for item in items {
        if item.is_local() {
            ids.push(NONE);
        } else {
            ids.push(count);
            count += 1;
        }
    }
    let local = |id: usize| ids.get(id).is_some_and(|&i| i == NONE);
    let md = &m.metadata;
    for (i, item) in items.iter().enumerate() {
        if !md.in_pools(item) {
            return Err(err(
                i,
                WriteErrorKind::BadMetadata("an item whose operands are not within their pool"),
            ));
        }
        match item {
            MdItem::Node { operands, .. } => {
                for op in operands.of(&md.node_pool).iter().flatten() {
                    if op.index() >= items.len() {
                        return Err(out_of_range(
                            Place::Metadata(i as u32),
                            op.0.into(),
                            items.len(),
                        ));
                    }
                    if local(op.index()) {
                        return Err(err(
                            i,
                            WriteErrorKind::BadMetadata(
                                "a node that holds function-local metadata",
                            ),
                        ));
                    }
                }
            }
            MdItem::Special { code, operands, .. } => {
                let refs = MdRefs::of(*code);
                for (j, &v) in operands.of(&md.special_pool).iter().enumerate() {
                    let Some(r) = refs.map(|refs| refs.get(j)) else {
                        return Err(err(
                            i,
                            WriteErrorKind::BadMetadata(
                                "a debug-information record of a code LLVM 3.7 does not have",
                            ),
                        ));
                    };
                    let Some(target) = r.target(v) else {
                        continue;
                    };
                    let Some(t) = usize::try_from(target).ok().and_then(|t| items.get(t)) else {
                        return Err(out_of_range(Place::Metadata(i as u32), target, items.len()));
                    };
                    let ok = match r {
                        MdRef::String => matches!(t, MdItem::String(_)),
                        MdRef::Required => t.is_node(),
                        _ => !t.is_local(),
                    };
                    if !ok {
                        return Err(err(
                            i,
                            WriteErrorKind::BadMetadata(match r {
                                MdRef::String => "a debug-information field that needs a string",
                                MdRef::Required => "a debug-information field that needs a node",
                                _ => {
                                    "a debug-information record that holds function-local metadata"
                                }
                            }),
                        ));
                    }
                }
            }
            MdItem::Value {
                value: Value::Metadata(_),
                ..
            } => {
                return Err(err(
                    i,
                    WriteErrorKind::BadMetadata("a value item that is metadata"),
                ));
            }
            MdItem::String(_) | MdItem::Value { .. } => {}
        }
    }
    for named in &m.metadata.named {
        let place = || Place::NamedMetadata(m.symbols.lossy(named.name).into_owned());
        if named.operands.range().end > md.named_pool.len() {
            return Err(WriteError::new(
                place(),
                WriteErrorKind::BadMetadata("named metadata whose nodes are not within their pool"),
            ));
        }
        for op in md.named_operands(named) {
            match items.get(op.index()) {
                None => return Err(out_of_range(place(), op.0.into(), items.len())),
                Some(item) if item.is_node() => {}
                Some(_) => {
                    return Err(WriteError::new(
                        place(),
                        WriteErrorKind::BadMetadata(
                            "named metadata holds an item that is not a node",
                        ),
                    ));
                }
            }
        }
    }
    Ok(MdNumbers { ids, count })
}

/// The id of an item as a record operand: plus one, 0 for none.
#[inline]
fn or_null(ids: &MdNumbers, op: Option<MdId>) -> u64 {
    op.and_then(|o| ids.get(o)).map_or(0, |i| u64::from(i) + 1)
}

/// Writes the module's `METADATA_BLOCK`, if it has any items or named metadata.
pub(super) fn write_module(
    out: &mut Out,
    m: &Module,
    tt: &TypeTable,
    n: &dyn Numbering,
    ids: &MdNumbers,
) -> Result<(), WriteError> {
    let items = &m.metadata.items;
    if ids.count == 0 && m.metadata.named.is_empty() {
        return Ok(());
    }
    out.enter(METADATA_BLOCK, 3);
    let module_items = || items.iter().filter(|i| !i.is_local());
    let mut next = 4;
    let mut abbrev = |present: bool, ops: &[AbbrevOp]| {
        if !present {
            return 0;
        }
        out.define(ops);
        next += 1;
        next - 1
    };
    let string_ops = [
        AbbrevOp::Literal(md::STRING.into()),
        AbbrevOp::Array,
        AbbrevOp::Fixed(8),
    ];
    let location_ops = [
        AbbrevOp::Literal(md::LOCATION.into()),
        AbbrevOp::Fixed(1),
        AbbrevOp::Vbr(6),
        AbbrevOp::Vbr(8),
        AbbrevOp::Vbr(6),
        AbbrevOp::Vbr(6),
    ];
    let generic_ops = [
        AbbrevOp::Literal(md::GENERIC_DEBUG.into()),
        AbbrevOp::Fixed(1),
        AbbrevOp::Vbr(6),
        AbbrevOp::Fixed(1),
        AbbrevOp::Vbr(6),
        AbbrevOp::Array,
        AbbrevOp::Vbr(6),
    ];
    let name_ops = [
        AbbrevOp::Literal(md::NAME.into()),
        AbbrevOp::Array,
        AbbrevOp::Fixed(8),
    ];
    let special = |i: &MdItem, c: u32| matches!(i, MdItem::Special { code, .. } if *code == c);
    let string_abbrev = abbrev(
        module_items().any(|i| matches!(i, MdItem::String(_))),
        &string_ops,
    );
    let location_abbrev = abbrev(
        module_items().any(|i| special(i, md::LOCATION)),
        &location_ops,
    );
    let generic_abbrev = abbrev(
        module_items().any(|i| special(i, md::GENERIC_DEBUG)),
        &generic_ops,
    );
    let name_abbrev = abbrev(!m.metadata.named.is_empty(), &name_ops);
    let mut v: Vec<u64> = Vec::with_capacity(32);
    for (i, item) in items.iter().enumerate() {
        if item.is_local() {
            continue;
        }
        let (what, len) = record_len(item);
        record_fits(what, len, MAX_RECORD_VALUES).map_err(|k| err(i, k))?;
        v.clear();
        match item {
            MdItem::String(bytes) => {
                let bytes = bytes.of(&m.metadata.string_pool);
                v.extend(bytes.iter().map(|&b| u64::from(b)));
                out.abbreviated(string_abbrev, &string_ops, md::STRING, &v);
            }
            MdItem::Value { ty, value } => {
                value_record(m, tt, n, *ty, *value, &mut v, Place::Metadata(i as u32))?;
                out.record(md::VALUE, &v);
            }
            MdItem::Node { distinct, operands } => {
                let operands = operands.of(&m.metadata.node_pool);
                v.extend(operands.iter().map(|&o| or_null(ids, o)));
                let code = if *distinct {
                    md::DISTINCT_NODE
                } else {
                    md::NODE
                };
                out.record(code, &v);
            }
            MdItem::Special {
                code,
                distinct,
                operands,
            } => {
                v.push(u64::from(*distinct));
                let refs = MdRefs::of(*code);
                for (j, &o) in operands.of(&m.metadata.special_pool).iter().enumerate() {
                    let mapped = |x: u64| {
                        usize::try_from(x)
                            .ok()
                            .and_then(|x| ids.ids.get(x))
                            .map_or(x, |&id| u64::from(id))
                    };
                    let r = refs.map_or(MdRef::No, |refs| refs.get(j));
                    v.push(match r.target(o) {
                        Some(t) => r.operand(mapped(t)),
                        None => o,
                    });
                }
                match *code {
                    md::LOCATION if location_abbrev != 0 => {
                        out.abbreviated(location_abbrev, &location_ops, *code, &v)
                    }
                    md::GENERIC_DEBUG if generic_abbrev != 0 => {
                        out.abbreviated(generic_abbrev, &generic_ops, *code, &v)
                    }
                    code => out.record(code, &v),
                }
            }
        }
    }
    for named in &m.metadata.named {
        record_fits("a named metadata", named.operands.len(), MAX_RECORD_VALUES).map_err(|k| {
            WriteError::new(
                Place::NamedMetadata(m.symbols.lossy(named.name).into_owned()),
                k,
            )
        })?;
        v.clear();
        v.extend(m.symbols.bytes(named.name).iter().map(|&b| u64::from(b)));
        out.abbreviated(name_abbrev, &name_ops, md::NAME, &v);
        v.clear();
        let operands = m.metadata.named_operands(named);
        v.extend(operands.iter().map(|&o| u64::from(ids.get(o).unwrap_or(0))));
        out.record(md::NAMED_NODE, &v);
    }
    out.exit();
    Ok(())
}

/// The `METADATA_VALUE` record of a value: its type and its id, after checking that the
/// type is the value's.
pub(super) fn value_record(
    m: &Module,
    tt: &TypeTable,
    n: &dyn Numbering,
    ty: crate::model::TypeId,
    value: Value,
    v: &mut Vec<u64>,
    place: Place,
) -> Result<(), WriteError> {
    let (Some(id), Some(vt)) = (n.id(value), n.type_of(value)) else {
        return Err(WriteError::new(place, WriteErrorKind::LocalValue));
    };
    if !tt.same(vt, ty) {
        return Err(WriteError::new(
            place,
            WriteErrorKind::mismatch(m, "the value", vt, ty),
        ));
    }
    let t = tt.id(ty, || place.clone())?;
    v.extend([u64::from(t), u64::from(id)]);
    Ok(())
}

/// Writes the attachment kinds (`METADATA_KIND` records in a `METADATA_BLOCK`), after
/// checking that no kind number is given twice.
pub(super) fn write_kinds(out: &mut Out, m: &Module) -> Result<(), WriteError> {
    if m.metadata.kinds.is_empty() {
        return Ok(());
    }
    let mut seen: Vec<u32> = m.metadata.kinds.iter().map(|k| k.id).collect();
    seen.sort_unstable();
    if seen.windows(2).any(|w| w[0] == w[1]) {
        return Err(WriteError::new(
            Place::Module,
            WriteErrorKind::BadMetadata("an attachment kind number given twice"),
        ));
    }
    out.enter(METADATA_BLOCK, 3);
    let mut v: Vec<u64> = Vec::with_capacity(32);
    for k in &m.metadata.kinds {
        v.clear();
        v.push(u64::from(k.id));
        v.extend(m.symbols.bytes(k.name).iter().map(|&b| u64::from(b)));
        out.record(md::KIND, &v);
    }
    out.exit();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Run;

    /// A node of more operands than a record can count is refused (made small here by
    /// lowering the limit: a model of 2^32 operands does not fit in a test's memory).
    #[test]
    fn metadata_too_large_for_a_record_is_refused() {
        let node = MdItem::Node {
            distinct: false,
            operands: Run { start: 0, len: 5 },
        };
        let (what, len) = record_len(&node);
        assert_eq!(record_fits(what, len, 5), Ok(()));
        let e = record_fits(what, len, 4).expect_err("too large");
        assert_eq!(
            e.to_string(),
            "a metadata node of 5 values, more than the 4 a record can hold"
        );
        assert!(record_fits(what, usize::MAX, MAX_RECORD_VALUES).is_err());
    }
}
