//! `PARAMATTR_GROUP_BLOCK` (attribute groups) and `PARAMATTR_BLOCK` (the lists functions and
//! calls refer to).

use super::codes::{self, At};
use super::module::Decoder;
use super::ops::{Ops, bytes};
use super::{DecodeError, ErrorKind};
use crate::bitstream::Block;
use crate::model::{Attr, AttrGroup, AttrList, LAST_LLVM37_KIND};

impl Decoder {
    /// `ENTRY: [grpid, paramidx, kind...]`: each attribute is `0, kind` (a flag), `1, kind,
    /// value` (an integer), `3, key..., 0` or `4, key..., 0, value..., 0` (a string).
    pub(crate) fn attr_groups(&mut self, block: Block<'_>) -> Result<(), DecodeError> {
        if std::mem::replace(&mut self.seen_groups, true) {
            return Err(At::block(&block, "one PARAMATTR_GROUP_BLOCK").err(ErrorKind::Repeated));
        }
        // At most a group per entry of the block.
        self.m.attr_groups.reserve(block.entry_count());
        for rec in block.records() {
            let mut ops = Ops::new(codes::PARAMATTR_GROUP, &rec);
            if ops.code() != 3 {
                continue;
            }
            ops.need(3)?;
            let id = ops.next_u32("group id")?;
            let index = ops.next_u32("attribute index")?;
            // Each attribute takes at least two operands (the room bounded: a hostile record
            // may be long).
            let mut attrs = Vec::with_capacity((ops.left() / 2).min(32));
            while ops.left() > 0 {
                attrs.push(attribute(&mut ops)?);
            }
            self.m.attr_groups.push(AttrGroup { id, index, attrs });
        }
        Ok(())
    }

    /// `ENTRY: [grpid...]`: an attribute list, referred to by its position plus one.
    pub(crate) fn attr_lists(&mut self, block: Block<'_>) -> Result<(), DecodeError> {
        if std::mem::replace(&mut self.seen_lists, true) {
            return Err(At::block(&block, "one PARAMATTR_BLOCK").err(ErrorKind::Repeated));
        }
        let mut known: Vec<u32> = self.m.attr_groups.iter().map(|g| g.id).collect();
        known.sort_unstable();
        // At most a list per entry of the block.
        self.m.attr_lists.reserve(block.entry_count());
        for rec in block.records() {
            let ops = Ops::new(codes::PARAMATTR, &rec);
            match ops.code() {
                1 => {
                    return Err(ops.err(ErrorKind::Unsupported(
                        "PARAMATTR_CODE_ENTRY_OLD (the attributes of LLVM before 3.3)",
                    )));
                }
                2 => {
                    let mut groups = Vec::with_capacity(ops.all().len());
                    for &g in ops.all() {
                        let g = u32::try_from(g).map_err(|_| ops.bad("group id", g))?;
                        if known.binary_search(&g).is_err() {
                            return Err(ops.out_of_range(
                                "attribute group",
                                u64::from(g),
                                self.m.attr_groups.len() as u64,
                            ));
                        }
                        groups.push(g);
                    }
                    self.m.attr_lists.push(AttrList { groups });
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// One attribute of a group entry.
fn attribute(ops: &mut Ops<'_>) -> Result<Attr, DecodeError> {
    let form = ops.next()?;
    match form {
        0 => {
            let k = kind(ops)?;
            if Attr::takes_value(k) {
                return Err(ops.bad(
                    "attribute kind without a value (one that needs none)",
                    u64::from(k),
                ));
            }
            Ok(Attr::Enum(k))
        }
        1 => {
            let k = kind(ops)?;
            // LLVM 3.7's flags take no value (the kinds of later versions are left as read)
            if k <= LAST_LLVM37_KIND && !Attr::takes_value(k) {
                return Err(ops.bad(
                    "attribute kind with a value (one that takes one)",
                    u64::from(k),
                ));
            }
            Ok(Attr::Int(k, ops.next()?))
        }
        3 | 4 => {
            let key = zero_terminated(ops)?;
            let value = if form == 4 {
                Some(zero_terminated(ops)?)
            } else {
                None
            };
            Ok(Attr::Str { key, value })
        }
        _ => Err(ops.bad("attribute form (0, 1, 3 or 4)", form)),
    }
}

/// An attribute kind number that names an attribute.
fn kind(ops: &mut Ops<'_>) -> Result<u32, DecodeError> {
    let k = ops.next()?;
    u32::try_from(k)
        .ok()
        .filter(|&k| Attr::kind_name(k).is_some())
        .ok_or_else(|| ops.err(ErrorKind::UnknownAttribute(k)))
}

/// Bytes up to a 0 (consumed).
fn zero_terminated(ops: &mut Ops<'_>) -> Result<Box<[u8]>, DecodeError> {
    let start = ops.pos();
    let all = ops.all();
    let len = all
        .get(start..)
        .and_then(|rest| rest.iter().position(|&v| v == 0))
        .ok_or_else(|| ops.err(ErrorKind::BadString))?;
    let s = bytes(&all[start..start + len]).ok_or_else(|| ops.err(ErrorKind::BadString))?;
    ops.skip(len + 1);
    Ok(s.into_boxed_slice())
}
