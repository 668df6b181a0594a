//! The signatures of an entry point: `!{inputs, outputs, patch constants or primitives}`,
//! each a tuple of element records (or `null`):
//! `!{i32 id, !"name", i8 component type, i8 semantic kind, !{indices}, i8 interpolation,
//! i32 rows, i8 columns, i32 start row, i8 start column, !extra}`.

use std::borrow::Cow;

use dxil_ops::enums::{ComponentType, InterpolationMode, SemanticKind};

use super::error::{At, MdError, Step};
use super::md::{opt_tuple, tag_pairs, tuple};
use crate::model::{MdId, Module};

/// The tags of a signature element's extra properties (DXC's `kDxilSignatureElement*Tag`).
pub mod tag {
    /// The output stream of a geometry-shader output (`i32`).
    pub const OUTPUT_STREAM: u32 = 0;
    /// The global symbol of a high-level element (not in final DXIL).
    pub const GLOBAL_SYMBOL: u32 = 1;
    /// The components indexed dynamically (`i32` mask).
    pub const DYN_INDEX_COMP_MASK: u32 = 2;
    /// The components used (`i32` mask).
    pub const USAGE_COMP_MASK: u32 = 3;
}

/// The signatures of an entry point.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Signatures<'m> {
    /// The input signature.
    pub input: Vec<SignatureElement<'m>>,
    /// The output signature.
    pub output: Vec<SignatureElement<'m>>,
    /// The patch-constant signature (hull and domain shaders) or the primitive signature
    /// (mesh shaders).
    pub patch_constant: Vec<SignatureElement<'m>>,
}

/// A signature element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignatureElement<'m> {
    /// Its record.
    pub node: MdId,
    /// Its id (what `loadInput`/`storeOutput` name it by).
    pub id: u32,
    /// The semantic name (`SV_Position`, `TEXCOORD`).
    pub semantic: &'m [u8],
    /// The component type (a `ComponentType` value).
    pub component_type: u8,
    /// The semantic kind, the system value (a `SemanticKind` value).
    pub semantic_kind: u8,
    /// The semantic index of each row.
    pub semantic_indices: Vec<u32>,
    /// The interpolation mode (an `InterpolationMode` value).
    pub interpolation: u8,
    /// The number of rows.
    pub rows: u32,
    /// The number of columns.
    pub cols: u8,
    /// The first row of its packing location (-1 when not packed: a system value the driver
    /// places).
    pub start_row: i32,
    /// The first column of its packing location.
    pub start_col: i8,
    /// The extra properties: tag/value pairs.
    pub extra: Vec<(u32, u64)>,
}

impl SignatureElement<'_> {
    /// The semantic name as text (invalid UTF-8 replaced).
    pub fn semantic_text(&self) -> Cow<'_, str> {
        String::from_utf8_lossy(self.semantic)
    }

    /// The component type, typed.
    pub fn component_type(&self) -> Option<ComponentType> {
        ComponentType::from_value(self.component_type.into())
    }

    /// The semantic kind, typed.
    pub fn semantic_kind(&self) -> Option<SemanticKind> {
        SemanticKind::from_value(self.semantic_kind.into())
    }

    /// The interpolation mode, typed.
    pub fn interpolation(&self) -> Option<InterpolationMode> {
        InterpolationMode::from_value(self.interpolation.into())
    }

    /// The value of extra property `t`, if present.
    pub fn extra(&self, t: u32) -> Option<u64> {
        self.extra.iter().find(|(x, _)| *x == t).map(|(_, v)| *v)
    }

    /// The output stream (extra tag 0; 0 when absent).
    pub fn output_stream(&self) -> u32 {
        self.extra(tag::OUTPUT_STREAM).unwrap_or(0) as u32
    }

    /// The mask of the components used (extra tag 3), if given.
    pub fn usage_mask(&self) -> Option<u8> {
        self.extra(tag::USAGE_COMP_MASK).map(|v| v as u8)
    }

    /// The mask of the components indexed dynamically (extra tag 2), if given.
    pub fn dynamic_index_mask(&self) -> Option<u8> {
        self.extra(tag::DYN_INDEX_COMP_MASK).map(|v| v as u8)
    }

    /// Whether it has a packing location: neither its start row nor its start column is -1
    /// (a system value the driver places has none).
    pub fn is_allocated(&self) -> bool {
        self.start_row != -1 && self.start_col != -1
    }

    /// The semantic index of its first row: the first of its indices, or else the number the
    /// semantic name ends with (`TEXCOORD3` is 3), or else 0.
    pub fn semantic_start_index(&self) -> u32 {
        if let Some(&first) = self.semantic_indices.first() {
            return first;
        }
        let digits = self
            .semantic
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let tail = self
            .semantic
            .get(self.semantic.len() - digits..)
            .unwrap_or(&[]);
        tail.iter().fold(0u32, |n, d| {
            n.wrapping_mul(10).wrapping_add(u32::from(d - b'0'))
        })
    }

    /// The mask of the columns it occupies (bit 0 for x): `cols` bits from `start_col`.
    pub fn mask(&self) -> u8 {
        let start = u32::try_from(self.start_col).unwrap_or(0).min(8);
        let ones = (1u32 << u32::from(self.cols).min(8)) - 1;
        ((ones << start) & 0xF) as u8
    }
}

/// Reads a signatures node (`None` for `null`).
pub(crate) fn signatures_of<'m>(
    m: &'m Module,
    at: &At<'_>,
    node: Option<MdId>,
) -> Result<Option<Signatures<'m>>, MdError> {
    let Some(t) = opt_tuple(m, at, node)? else {
        return Ok(None);
    };
    t.at_least(3)?;
    let list = |name: &'static str, i: usize| -> Result<Vec<SignatureElement<'m>>, MdError> {
        let at = t.at_field(name, i);
        let Some(l) = opt_tuple(m, &at, t.get(i)?)? else {
            return Ok(Vec::new());
        };
        (0..l.len())
            .map(|k| {
                let node = l.get(k)?;
                let at = at.then(Step::Item("element", k), node);
                element(m, &at, node)
            })
            .collect()
    };
    Ok(Some(Signatures {
        input: list("input signature", 0)?,
        output: list("output signature", 1)?,
        patch_constant: list("patch constant signature", 2)?,
    }))
}

/// Reads an element record.
fn element<'m>(
    m: &'m Module,
    at: &At<'_>,
    node: Option<MdId>,
) -> Result<SignatureElement<'m>, MdError> {
    let t = tuple(m, at, node)?;
    t.at_least(11)?;
    let indices_at = t.at_field("semantic indices", 4);
    let indices = tuple(m, &indices_at, t.get(4)?)?;
    let semantic_indices = (0..indices.len())
        .map(|k| indices.u32("index", k))
        .collect::<Result<_, _>>()?;
    let extra_at = t.at_field("extra properties", 10);
    let extra = match opt_tuple(m, &extra_at, t.get(10)?)? {
        Some(e) => tag_pairs(&e)?
            .into_iter()
            .enumerate()
            .filter_map(|(k, (tag, _))| {
                // a value that is no integer (the high-level global symbol) is left out
                e.u64("value", 2 * k + 1).ok().map(|v| (tag, v))
            })
            .collect(),
        None => Vec::new(),
    };
    Ok(SignatureElement {
        node: node.unwrap_or(crate::model::MdId(u32::MAX)),
        id: t.u32("id", 0)?,
        semantic: t.string("semantic name", 1)?,
        component_type: t.u8("component type", 2)?,
        semantic_kind: t.u8("semantic kind", 3)?,
        semantic_indices,
        interpolation: t.u8("interpolation mode", 5)?,
        rows: t.u32("rows", 6)?,
        cols: t.u8("columns", 7)?,
        start_row: t.i32("start row", 8)?,
        start_col: t.u8("start column", 9)? as i8,
        extra,
    })
}
