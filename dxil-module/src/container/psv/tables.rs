//! The tables of PSV0 after the runtime information: resource bindings, signature elements
//! (records of a stride the part gives), the index table and the bit vectors of the view-ID
//! and input-to-output dependences.

use dxil_ops::enums::{InterpolationMode, ResourceKind, SemanticKind};

use super::super::bytes::{Reader, c_string, u32_at};
use super::super::error::{Error, ErrorKind};
use super::super::values::{PsvResourceType, SigComponentType};

/// A run of little-endian `u32`s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Words<'a> {
    bytes: &'a [u8],
}

impl<'a> Words<'a> {
    /// The words of `bytes` (a multiple of 4 bytes; a rest is ignored).
    pub fn new(bytes: &'a [u8]) -> Words<'a> {
        Words { bytes }
    }

    /// Number of words.
    pub fn len(&self) -> usize {
        self.bytes.len() / 4
    }

    /// Whether there is no word.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Word `index`.
    pub fn get(&self, index: usize) -> Option<u32> {
        u32_at(self.bytes, index)
    }

    /// The words.
    pub fn iter(&self) -> impl Iterator<Item = u32> + use<'a> {
        let bytes = self.bytes;
        (0..bytes.len() / 4).filter_map(move |i| u32_at(bytes, i))
    }

    /// Whether bit `bit` is set (bit 0 is bit 0 of word 0).
    pub fn bit(&self, bit: u32) -> bool {
        self.get((bit / 32) as usize)
            .is_some_and(|w| w & (1 << (bit % 32)) != 0)
    }

    /// The words as stored.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }
}

/// Words needed for a mask of one bit per component of `vectors` 4-component vectors.
pub fn mask_words(vectors: u32) -> u32 {
    vectors.div_ceil(8)
}

/// Which output components depend on each input component: for each of the `inputs * 4` input
/// components, a mask of one bit per output component.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DependenceTable<'a> {
    /// Input vectors.
    pub inputs: u32,
    /// Output vectors.
    pub outputs: u32,
    /// The masks, one after the other.
    pub words: Words<'a>,
}

impl<'a> DependenceTable<'a> {
    /// The output components that depend on input component `input` (vector * 4 + component).
    pub fn dependents(&self, input: u32) -> impl Iterator<Item = u32> + 'a {
        let per_input = mask_words(self.outputs) as usize;
        let start = (input as usize).saturating_mul(per_input).saturating_mul(4);
        let row = Words::new(
            self.words
                .as_bytes()
                .get(start..start.saturating_add(per_input * 4))
                .unwrap_or_default(),
        );
        (0..self.outputs * 4).filter(move |&c| row.bit(c))
    }

    /// Whether the table has no entry.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }
}

/// A record table: `count` records of `stride` bytes.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Records<'a> {
    pub(crate) data: &'a [u8],
    pub(crate) base: usize,
    pub(crate) stride: u32,
    pub(crate) count: u32,
}

impl<'a> Records<'a> {
    /// A reader over record `index` (at most the stride's bytes; `parse` checked they exist).
    pub(crate) fn record(&self, index: u32) -> Result<Reader<'a>, Error> {
        let mut r = Reader::new(self.data, self.base);
        r.take(
            u64::from(index) * u64::from(self.stride),
            "a record's offset",
        )?;
        r.sub(self.stride.into(), "a record")
    }
}

/// One resource binding of PSV0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResourceBinding {
    /// Byte offset of the record in the input.
    pub offset: usize,
    /// How it is bound, numbered as [`PsvResourceType`].
    pub resource_type: u32,
    /// Register space.
    pub space: u32,
    /// First register.
    pub lower_bound: u32,
    /// Last register (`u32::MAX`: unbounded).
    pub upper_bound: u32,
    /// Records of 24 bytes or more (PSV0 version 2 on): DXIL's `ResourceKind` number.
    pub kind: Option<u32>,
    /// Records of 24 bytes or more: flags (bit 0: used by 64-bit atomics).
    pub flags: Option<u32>,
}

impl ResourceBinding {
    pub(crate) fn read(mut r: Reader<'_>) -> Result<ResourceBinding, Error> {
        let offset = r.offset();
        let resource_type = r.u32("resource type")?;
        let space = r.u32("space")?;
        let lower_bound = r.u32("lower bound")?;
        let upper_bound = r.u32("upper bound")?;
        let (kind, flags) = if r.remaining() >= 8 {
            (
                Some(r.u32("resource kind")?),
                Some(r.u32("resource flags")?),
            )
        } else {
            (None, None)
        };
        Ok(ResourceBinding {
            offset,
            resource_type,
            space,
            lower_bound,
            upper_bound,
            kind,
            flags,
        })
    }

    /// The binding type, if the number is one.
    pub fn resource_type(&self) -> Option<PsvResourceType> {
        PsvResourceType::from_value(self.resource_type)
    }

    /// The resource kind, if present and a value of DXIL's `ResourceKind`.
    pub fn kind(&self) -> Option<ResourceKind> {
        ResourceKind::try_from(self.kind?).ok()
    }
}

/// One signature element of PSV0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PsvElement<'a> {
    /// Byte offset of the record in the input.
    pub offset: usize,
    /// Semantic name (from the string table).
    pub semantic_name: &'a str,
    /// The semantic index of each row (from the index table).
    pub semantic_indexes: Words<'a>,
    /// Rows.
    pub rows: u8,
    /// First row, when allocated.
    pub start_row: u8,
    /// Columns (bits 0..4), first column (bits 4..6), allocated (bit 6).
    pub cols_and_start: u8,
    /// DXIL's `SemanticKind` number.
    pub semantic_kind: u8,
    /// Component type, numbered as [`SigComponentType`].
    pub component_type: u8,
    /// DXIL's `InterpolationMode` number.
    pub interpolation_mode: u8,
    /// Dynamically indexed components (bits 0..4), output stream (bits 4..6).
    pub dynamic_mask_and_stream: u8,
}

impl<'a> PsvElement<'a> {
    /// Reads the element record `r`; names and indexes come from `strings` and `indexes`.
    pub(crate) fn read(
        mut r: Reader<'_>,
        strings: &'a [u8],
        indexes: Words<'a>,
    ) -> Result<PsvElement<'a>, Error> {
        let offset = r.offset();
        let name = r.u32("semantic name")?;
        let semantic_name = c_string(strings, name).ok_or(Error::new(
            offset,
            ErrorKind::BadString {
                what: "a PSV0 semantic name",
            },
        ))?;
        let index_at = r.offset();
        let first = r.u32("semantic indexes")?;
        let rows = r.u8("rows")?;
        let end = u64::from(first) + u64::from(rows);
        if end > indexes.len() as u64 {
            return Err(Error::invalid(
                index_at,
                "a PSV0 semantic index offset",
                first.into(),
                format!(
                    "{rows} rows inside the index table of {} entries",
                    indexes.len()
                ),
            ));
        }
        let bytes = indexes.as_bytes();
        let semantic_indexes = Words::new(&bytes[first as usize * 4..end as usize * 4]);
        Ok(PsvElement {
            offset,
            semantic_name,
            semantic_indexes,
            rows,
            start_row: r.u8("start row")?,
            cols_and_start: r.u8("columns")?,
            semantic_kind: r.u8("semantic kind")?,
            component_type: r.u8("component type")?,
            interpolation_mode: r.u8("interpolation mode")?,
            dynamic_mask_and_stream: r.u8("dynamic mask and stream")?,
        })
    }

    /// Appends the element's record as the part stores it (16 bytes), its semantic name at
    /// byte `name` of the string table and its indexes from entry `first_index` of the index
    /// table: the writer of the part places them (and ignores `offset`).
    pub fn write(&self, name: u32, first_index: u32, out: &mut Vec<u8>) {
        out.extend_from_slice(&name.to_le_bytes());
        out.extend_from_slice(&first_index.to_le_bytes());
        out.extend_from_slice(&[
            self.rows,
            self.start_row,
            self.cols_and_start,
            self.semantic_kind,
            self.component_type,
            self.interpolation_mode,
            self.dynamic_mask_and_stream,
            0,
        ]);
    }

    /// Columns.
    pub fn cols(&self) -> u8 {
        self.cols_and_start & 0xf
    }

    /// First column.
    pub fn start_col(&self) -> u8 {
        (self.cols_and_start >> 4) & 0x3
    }

    /// Whether the element has registers.
    pub fn is_allocated(&self) -> bool {
        self.cols_and_start & 0x40 != 0
    }

    /// Dynamically indexed components.
    pub fn dynamic_index_mask(&self) -> u8 {
        self.dynamic_mask_and_stream & 0xf
    }

    /// Output stream.
    pub fn output_stream(&self) -> u8 {
        (self.dynamic_mask_and_stream >> 4) & 0x3
    }

    /// The semantic kind, if the number is one.
    pub fn semantic_kind(&self) -> Option<SemanticKind> {
        SemanticKind::try_from(u32::from(self.semantic_kind)).ok()
    }

    /// The component type, if the number is one.
    pub fn component_type(&self) -> Option<SigComponentType> {
        SigComponentType::from_value(self.component_type.into())
    }

    /// The interpolation mode, if the number is one.
    pub fn interpolation_mode(&self) -> Option<InterpolationMode> {
        InterpolationMode::try_from(u32::from(self.interpolation_mode)).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_element_reads_back_as_written() {
        let strings = b"\0TEXCOORD\0";
        let index_bytes = [4u32, 5].map(u32::to_le_bytes).concat();
        let e = PsvElement {
            offset: 0,
            semantic_name: "TEXCOORD",
            semantic_indexes: Words::new(&index_bytes),
            rows: 2,
            start_row: 1,
            cols_and_start: 0x40 | 1 << 4 | 3,
            semantic_kind: 0,
            component_type: 3,
            interpolation_mode: 2,
            dynamic_mask_and_stream: 1 << 4 | 0b10,
        };
        let mut record = Vec::new();
        e.write(1, 0, &mut record);
        assert_eq!(record.len(), 16);
        let indexes = Words::new(&index_bytes);
        let read = PsvElement::read(Reader::new(&record, 0), strings, indexes).expect("read");
        assert_eq!(read, e);
        assert_eq!(
            (read.cols(), read.start_col(), read.output_stream()),
            (3, 1, 1)
        );
    }
}
