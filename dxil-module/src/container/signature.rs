//! Signature parts: `ISG1`, `OSG1`, `PSG1` (DXIL) and `ISGN`, `OSGN`, `OSG5`, `PCSG` (DXBC).
//!
//! A signature part is a count and the offset of the element array (both `u32`, the offset
//! from the start of the part's data), the elements, and the semantic names, which elements
//! refer to by their offset from the start of the part's data. An element is, in `u32`s
//! unless said otherwise: the stream (only in `OSG5` and the DXIL parts), the name's offset,
//! the semantic index, the system value, the component type, the register, the mask and the
//! read/write mask (a byte each) and 2 bytes of padding, and the minimum precision (only in
//! the DXIL parts). So an element takes 24 bytes, 28 in `OSG5` and 32 in the DXIL parts.

use super::bytes::{Reader, c_string, table_bytes};
use super::error::{Error, ErrorKind};
use super::fourcc::FourCC;
use super::values::{MinPrecision, SigComponentType, SystemValue};

/// The element layout of a signature part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ElementLayout {
    /// `ISGN`, `OSGN`, `PCSG`: 24 bytes, no stream, no minimum precision.
    Basic,
    /// `OSG5`: 28 bytes, with the stream.
    Stream,
    /// `ISG1`, `OSG1`, `PSG1`: 32 bytes, with the stream and the minimum precision.
    Dxil,
}

impl ElementLayout {
    /// The layout of the signature part `fourcc`, if it is one.
    pub fn of(fourcc: FourCC) -> Option<ElementLayout> {
        match &fourcc.0 {
            b"ISGN" | b"OSGN" | b"PCSG" => Some(ElementLayout::Basic),
            b"OSG5" => Some(ElementLayout::Stream),
            b"ISG1" | b"OSG1" | b"PSG1" => Some(ElementLayout::Dxil),
            _ => None,
        }
    }

    /// Bytes of one element.
    pub fn size(self) -> u32 {
        match self {
            ElementLayout::Basic => 24,
            ElementLayout::Stream => 28,
            ElementLayout::Dxil => 32,
        }
    }
}

/// A signature part, checked: every element and name is in the part.
#[derive(Clone, Copy, Debug)]
pub struct Signature<'a> {
    /// The element layout.
    pub layout: ElementLayout,
    data: &'a [u8],
    base: usize,
    count: u32,
    elements_at: u32,
}

/// One element of a signature part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SignatureElement<'a> {
    /// Byte offset of the element in the input.
    pub offset: usize,
    /// Output stream (0 where the layout has none).
    pub stream: u32,
    /// Semantic name.
    pub semantic_name: &'a str,
    /// Semantic index.
    pub semantic_index: u32,
    /// System value, numbered as [`SystemValue`].
    pub system_value: u32,
    /// Component type, numbered as [`SigComponentType`].
    pub component_type: u32,
    /// Register (row).
    pub register: u32,
    /// Components used (bit 0 is x).
    pub mask: u8,
    /// For an output, the components the shader never writes; for an input, those it always
    /// reads.
    pub rw_mask: u8,
    /// Minimum precision, numbered as [`MinPrecision`] (0 where the layout has none).
    pub min_precision: u32,
}

impl<'a> SignatureElement<'a> {
    /// The system value, if the number is one.
    pub fn system_value(&self) -> Option<SystemValue> {
        SystemValue::from_value(self.system_value)
    }

    /// The component type, if the number is one.
    pub fn component_type(&self) -> Option<SigComponentType> {
        SigComponentType::from_value(self.component_type)
    }

    /// The minimum precision, if the number is one.
    pub fn min_precision(&self) -> Option<MinPrecision> {
        MinPrecision::from_value(self.min_precision)
    }
}

impl<'a> Signature<'a> {
    /// Reads the signature part `data` of layout `layout`, which starts at byte `base` of the
    /// input, and checks every element.
    pub fn parse(
        data: &'a [u8],
        base: usize,
        layout: ElementLayout,
    ) -> Result<Signature<'a>, Error> {
        let mut r = Reader::new(data, base);
        let count = r.u32("a signature element count")?;
        let elements_at = r.u32("a signature element offset")?;
        let signature = Signature {
            layout,
            data,
            base,
            count,
            elements_at,
        };
        // the elements, then each element's name
        let mut elements = Reader::new(data, base);
        elements.take(elements_at.into(), "the signature elements' offset")?;
        elements.take(table_bytes(count, layout.size()), "signature elements")?;
        for i in 0..count {
            signature.element_at(i)?;
        }
        Ok(signature)
    }

    /// Number of elements.
    pub fn len(&self) -> u32 {
        self.count
    }

    /// Whether there is no element.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The elements, in order.
    pub fn elements(&self) -> impl Iterator<Item = SignatureElement<'a>> + '_ {
        // every element was read once by `parse`, so none is left out
        (0..self.count).filter_map(|i| self.element_at(i).ok())
    }

    fn element_at(&self, index: u32) -> Result<SignatureElement<'a>, Error> {
        let size = self.layout.size();
        let at = u64::from(self.elements_at) + u64::from(index) * u64::from(size);
        let mut r = Reader::new(self.data, self.base);
        r.take(at, "a signature element's offset")?;
        let offset = r.offset();
        let mut r = r.sub(size.into(), "a signature element")?;
        let stream = match self.layout {
            ElementLayout::Basic => 0,
            _ => r.u32("stream")?,
        };
        let name_at = r.offset();
        let name = r.u32("semantic name")?;
        let semantic_name = c_string(self.data, name).ok_or_else(|| {
            if (name as usize) < self.data.len() {
                Error::new(
                    name_at,
                    ErrorKind::BadString {
                        what: "a semantic name",
                    },
                )
            } else {
                Error::invalid(
                    name_at,
                    "a semantic name offset",
                    name.into(),
                    format!("an offset inside the part (below {})", self.data.len()),
                )
            }
        })?;
        let semantic_index = r.u32("semantic index")?;
        let system_value = r.u32("system value")?;
        let component_type = r.u32("component type")?;
        let register = r.u32("register")?;
        let mask = r.u8("mask")?;
        let rw_mask = r.u8("read/write mask")?;
        r.u16("padding")?;
        let min_precision = match self.layout {
            ElementLayout::Dxil => r.u32("minimum precision")?,
            _ => 0,
        };
        Ok(SignatureElement {
            offset,
            stream,
            semantic_name,
            semantic_index,
            system_value,
            component_type,
            register,
            mask,
            rw_mask,
            min_precision,
        })
    }
}

/// A component mask as the letters of its components (`xy_w`), `-` for none.
pub fn mask_letters(mask: u8) -> String {
    if mask & 0xf == 0 {
        return "-".to_owned();
    }
    "xyzw"
        .chars()
        .enumerate()
        .map(|(i, c)| if mask & (1 << i) != 0 { c } else { '_' })
        .collect()
}
