//! `ISG1`, `OSG1`, `PSG1`: a signature of the entry point's metadata as a signature part.
//!
//! An element of the metadata (`!{i32 id, !"name", i8 type, i8 kind, !{indices}, i8
//! interpolation, i32 rows, i8 cols, i32 start row, i8 start col, !{tag, value, ...}}`) is one
//! part element per semantic index: the register is the start row plus the index's position
//! times the rows per index (all ones when the element is not allocated, start row -1; a mesh
//! shader's per-vertex element may list more indexes than rows, and then all its part elements
//! share its start row), the mask its columns, the read/write mask from its usage mask
//! (extended property 3): the components always read for inputs, those never written for
//! outputs. Elements are sorted by stream, register and name, and names are held after them.
//!
//! The string table as DXC lays it out for the validator version: from 1.7 each name once,
//! padded to 4 bytes; before, not padded and each name of an arbitrary semantic once per
//! metadata element, while the elements of one system value share theirs (DXC keys its names
//! by the address of the text, which is the semantic table's own for system values).

use super::meta::{int, int_op, node, op};
use super::{AssembleError, meta::Dxil};
use crate::container::SignatureElement;
use crate::model::MdId;

/// Which signature: inputs, outputs, patch constants or primitives.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Which {
    /// `ISG1`.
    Input,
    /// `OSG1`.
    Output,
    /// `PSG1`.
    PatchConstant,
}

/// One element of a signature part, with the metadata element it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Row<'m> {
    /// The position of its metadata element (names are stored in that order).
    order: u32,
    /// The element as the part holds it (`offset` 0: it is placed when written).
    element: SignatureElement<'m>,
}

/// A signature: its rows and the names of all its metadata elements, in order, with their
/// semantic kinds.
pub(super) struct Sig<'m> {
    rows: Vec<Row<'m>>,
    names: Vec<(&'m str, i64)>,
}

impl Sig<'_> {
    /// Whether the signature has no element.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }
}

/// The tessellator domain of a hull or domain shader (1 isoline, 2 triangle, 3 quad).
fn domain(d: &Dxil) -> Option<i64> {
    match d.kind {
        3 => int_op(d.m, d.prop(3), 3),
        4 => int_op(d.m, d.prop(2), 0),
        _ => None,
    }
}

/// The `D3D_NAME` system value of a DXIL semantic kind, for the row `row`.
fn system_value(kind: i64, domain: Option<i64>, row: u32) -> u32 {
    match kind {
        1 => 6,  // VertexID
        2 => 8,  // InstanceID
        3 => 1,  // Position
        4 => 4,  // RenderTargetArrayIndex
        5 => 5,  // ViewportArrayIndex
        6 => 2,  // ClipDistance
        7 => 3,  // CullDistance
        10 => 7, // PrimitiveID
        12 => 10,
        13 => 9,
        14 => 66,
        15 => 70,
        16 => 64,
        17 => 65,
        18 => 68,
        19 => 67,
        20 => 69,
        25 => match domain {
            Some(1) => 16 - row.min(1),
            Some(2) => 13,
            _ => 11,
        },
        26 => match domain {
            Some(2) => 14,
            _ => 12,
        },
        28 => 23,
        29 => 24,
        30 => 25,
        _ => 0,
    }
}

/// The signature component type and minimum precision of a DXIL component type.
pub(super) fn component(comp: i64, min_precision: bool, i1_unknown: bool) -> (u32, u32) {
    let ty = match comp {
        1 if i1_unknown => 0,
        1 | 5 => 1,
        2 => 5,
        3 => 4,
        4 => 2,
        6 => 8,
        7 => 7,
        8 => 6,
        9 => 3,
        10 => 9,
        _ => 0,
    };
    let prec = match comp {
        8 => 1,
        2 => 4,
        3 => 5,
        _ => 0,
    };
    (ty, if min_precision { prec } else { 0 })
}

/// The elements of a signature list node.
pub(super) fn elements<'m>(
    d: &Dxil<'m>,
    list: Option<MdId>,
    which: Which,
) -> Result<Sig<'m>, AssembleError> {
    let m = d.m;
    let dom = domain(d);
    let min_precision = d.flags & (1 << 23) == 0;
    let compat_1_4 = !d.valver_at_least(1, 5);
    let i1_unknown = compat_1_4;
    // inputs of every stage, and the patch constants a domain shader reads
    let reads = which == Which::Input || (which == Which::PatchConstant && d.kind == 4);
    let mut rows = Vec::new();
    let mut names = Vec::new();
    for (order, &e) in node(m, list).iter().enumerate() {
        let name = op(m, e, 1)
            .and_then(|s| m.metadata.string(s))
            .unwrap_or(b"");
        let name = std::str::from_utf8(name)
            .map_err(|_| AssembleError::Metadata("a UTF-8 semantic name"))?;
        let comp = int_op(m, e, 2).unwrap_or(0);
        let kind = int_op(m, e, 3).unwrap_or(0);
        names.push((name, kind));
        let indices: Vec<u32> = node(m, op(m, e, 4))
            .iter()
            .map(|&i| int(m, i).unwrap_or(0) as u32)
            .collect();
        let row_count = int_op(m, e, 6).unwrap_or(0).max(0) as u32;
        let cols = int_op(m, e, 7).unwrap_or(0).clamp(0, 4) as u32;
        let start_row = int_op(m, e, 8).unwrap_or(-1);
        let start_col = int_op(m, e, 9).unwrap_or(0).clamp(0, 3) as u32;
        // without a usage mask, nothing is used; but the outputs of validators before 1.5
        // (which may leave it out) write every column
        let full = ((1u32 << cols) - 1) as u8;
        let (mut stream, mut usage) = (0, if compat_1_4 && !reads { full } else { 0 });
        let props = node(m, op(m, e, 10));
        for p in props.chunks(2) {
            let value = p.get(1).and_then(|&v| int(m, v)).unwrap_or(0);
            match int(m, p[0]) {
                Some(0) => stream = value as u32,
                Some(3) => usage = value as u8,
                _ => {}
            }
        }
        let mask = (((1u32 << cols) - 1) << start_col) as u8 & 0xf;
        let used = (u32::from(usage) << start_col) as u8 & 0xf;
        // validators before 1.5 keep the high bits of the complement
        let rw_mask = match (reads, compat_1_4) {
            (true, _) => used,
            (false, true) => !((u32::from(usage) << start_col) as u8),
            (false, false) => !used & 0xf,
        };
        let (component_type, min_precision) = component(comp, min_precision, i1_unknown);
        let per_index = row_count.checked_div(indices.len() as u32).unwrap_or(1);
        for (i, &index) in (0u32..).zip(&indices) {
            rows.push(Row {
                order: order as u32,
                element: SignatureElement {
                    offset: 0,
                    stream,
                    semantic_name: name,
                    semantic_index: index,
                    system_value: system_value(kind, dom, i),
                    component_type,
                    register: if start_row < 0 {
                        u32::MAX
                    } else {
                        (start_row as u32).wrapping_add(i.wrapping_mul(per_index))
                    },
                    mask,
                    rw_mask,
                    min_precision,
                },
            });
        }
    }
    Ok(Sig { rows, names })
}

/// The bytes of a signature part of `sig`; `compat_1_6`: the string table of validators
/// before 1.7 (not padded, names shared only by the elements of one system value).
pub(super) fn part(sig: &Sig<'_>, compat_1_6: bool) -> Result<Vec<u8>, AssembleError> {
    let header = 8u32;
    let count = u32::try_from(sig.rows.len()).map_err(|_| AssembleError::TooLarge)?;
    let names_at = table_end(header, count)?;
    // each metadata element's name, in order: where it is
    let mut names: Vec<u8> = Vec::new();
    let mut stored: Vec<(&str, i64, u32)> = Vec::new();
    let mut name_at: Vec<u32> = Vec::with_capacity(sig.names.len());
    for &(name, kind) in &sig.names {
        let known = stored.iter().find(|&&(n, k, _)| match compat_1_6 {
            false => n == name,
            true => kind != 0 && k == kind,
        });
        let at = match known {
            Some(&(_, _, at)) => at,
            None => {
                let at = names_at
                    .checked_add(names.len() as u32)
                    .ok_or(AssembleError::TooLarge)?;
                names.extend_from_slice(name.as_bytes());
                names.push(0);
                stored.push((name, kind, at));
                at
            }
        };
        name_at.push(at);
    }
    // each element with where its name is, by stream, register and name
    let mut elements: Vec<(u32, &SignatureElement<'_>)> = sig
        .rows
        .iter()
        .map(|r| {
            (
                name_at.get(r.order as usize).copied().unwrap_or(0),
                &r.element,
            )
        })
        .collect();
    elements.sort_by_key(|&(name, e)| (e.stream, e.register, name));
    let mut out = Vec::with_capacity(names_at as usize + names.len() + 3);
    out.extend_from_slice(&count.to_le_bytes());
    out.extend_from_slice(&header.to_le_bytes());
    for (name, e) in elements {
        for w in [
            e.stream,
            name,
            e.semantic_index,
            e.system_value,
            e.component_type,
            e.register,
        ] {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out.extend_from_slice(&[e.mask, e.rw_mask, 0, 0]);
        out.extend_from_slice(&e.min_precision.to_le_bytes());
    }
    out.extend_from_slice(&names);
    while !compat_1_6 && out.len() % 4 != 0 {
        out.push(0);
    }
    Ok(out)
}

/// Where the names start: after the header and `count` elements.
fn table_end(header: u32, count: u32) -> Result<u32, AssembleError> {
    count
        .checked_mul(32)
        .and_then(|n| n.checked_add(header))
        .ok_or(AssembleError::TooLarge)
}
