//! The packing of signature elements into rows of four components, as DXC's signature
//! allocator checks a location: a row holds elements of one interpolation mode and one data
//! width; a system value cannot share the rows of an array, and an array of tessellation
//! factors only rows indexed alike; in a row, arbitrary values come left of system values
//! (tessellation factors, clip and cull distances), which come left of system-generated values.

use dxil_module::dxil::SignatureElement;
use dxil_ops::enums::SemanticInterpretationKind as I;

use super::element::component;
use super::semantic::Semantic;

/// Why an element cannot be placed where it says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Conflict {
    /// A row is indexed otherwise than the element allows.
    Indexed,
    /// A row of an array of tessellation factors is indexed otherwise.
    IndexedTessFactor,
    /// A row has another interpolation mode.
    InterpolationMode,
    /// A component is taken.
    Overlap,
    /// The order of kinds in a row is broken.
    Order,
    /// The element does not fit in the signature.
    Fit,
    /// A row has another data width.
    DataWidth,
    /// No run of free components is wide enough in a row (not itself a conflict: the
    /// components at the element's column decide).
    Narrow,
}

// The flags of a component: taken, and what kind of element takes it (or may not be placed
// there, for a free component).
const TAKEN: u8 = 1;
const ARBITRARY: u8 = 1 << 1;
const SGV: u8 = 1 << 2;
const SV: u8 = 1 << 3;
const TESS_FACTOR: u8 = 1 << 4;
const CLIP_CULL: u8 = 1 << 5;
/// The kinds that cannot share the rows of an array.
const NOT_INDEXED: u8 = SGV | SV;

// How a row is indexed: it continues upwards, downwards.
const UP: u8 = 1;
const DOWN: u8 = 2;

/// The index flags of row `i` of an element of `rows` rows.
fn index_flags(i: u32, rows: u32) -> u8 {
    (if i > 0 { UP } else { 0 }) | (if i + 1 < rows { DOWN } else { 0 })
}

/// The kinds that may not be left of an element of kind `flags`.
fn not_left_of(flags: u8) -> u8 {
    let mut c = 0;
    if flags & ARBITRARY != 0 {
        c |= SGV | SV | TESS_FACTOR | CLIP_CULL;
    }
    if flags & (SV | TESS_FACTOR | CLIP_CULL) != 0 {
        c |= SGV;
    }
    c
}

/// The kinds that may not be right of an element of kind `flags`.
fn not_right_of(flags: u8) -> u8 {
    let mut c = 0;
    if flags & SGV != 0 {
        c |= ARBITRARY | SV | TESS_FACTOR | CLIP_CULL;
    }
    if flags & (SV | TESS_FACTOR | CLIP_CULL) != 0 {
        c |= ARBITRARY;
    }
    c
}

/// An element as the allocator sees it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Packed {
    rows: u32,
    cols: u32,
    /// The interpolation mode (0, undefined, is a free row's).
    interp: u8,
    /// Its kind (one of the flags).
    flags: u8,
    /// Its data width: 16, 32, or 0 (other).
    width: u8,
}

impl Packed {
    /// Element `e` with semantic `sem`, when it takes a packing location: it has one and its
    /// semantic is packed. 16-bit types are 32 bits wide under minimum precision.
    pub(crate) fn of(e: &SignatureElement<'_>, sem: Semantic, min_precision: bool) -> Option<Self> {
        if !e.is_allocated() {
            return None;
        }
        let flags = match sem.interpretation {
            I::Arb => ARBITRARY,
            I::SV => SV,
            I::SGV => SGV,
            I::TessFactor => TESS_FACTOR,
            I::ClipCull => CLIP_CULL,
            _ => return None,
        };
        let width = match component(e.component_type).map(|(w, _)| w) {
            Some(16) if !min_precision => 16,
            Some(1 | 16 | 32) => 32,
            _ => 0,
        };
        Some(Packed {
            rows: e.rows,
            cols: e.cols.into(),
            interp: e.interpolation,
            flags,
            width,
        })
    }
}

/// A row of four components.
#[derive(Clone, Copy, Debug, Default)]
struct Row {
    flags: [u8; 4],
    interp: u8,
    index: u8,
    index_fixed: bool,
    width: u8,
}

impl Row {
    fn row_conflict(&self, p: &Packed, index: u8) -> Option<Conflict> {
        if self.index != 0 && p.flags & NOT_INDEXED != 0 {
            return Some(Conflict::Indexed);
        }
        if self.index_fixed && (index | self.index) != self.index {
            return Some(Conflict::Indexed);
        }
        if p.flags & TESS_FACTOR != 0 && (index | self.index) != index {
            return Some(Conflict::IndexedTessFactor);
        }
        if self.interp != 0 && self.interp != p.interp {
            return Some(Conflict::InterpolationMode);
        }
        if self.width != 0 && self.width != p.width {
            return Some(Conflict::DataWidth);
        }
        let mut free = 0;
        for f in self.flags {
            free = if f & (TAKEN | p.flags) != 0 {
                0
            } else {
                free + 1
            };
            if p.cols <= free {
                return None;
            }
        }
        Some(Conflict::Narrow)
    }

    fn col_conflict(&self, p: &Packed, col: u32) -> Option<Conflict> {
        if col + p.cols > 4 {
            return Some(Conflict::Fit);
        }
        let flags = p.flags | TAKEN;
        for f in self.flags.iter().skip(col as usize).take(p.cols as usize) {
            if flags & f != 0 {
                return Some(if f & TAKEN != 0 {
                    Conflict::Overlap
                } else {
                    Conflict::Order
                });
            }
        }
        None
    }

    fn place(&mut self, p: &Packed, index: u8, col: u32) {
        self.interp = p.interp;
        self.index |= index;
        self.width = p.width;
        if p.flags & (NOT_INDEXED | TESS_FACTOR) != 0 {
            self.index_fixed = true;
        }
        let (left, right) = (not_left_of(p.flags), not_right_of(p.flags));
        for (i, f) in self.flags.iter_mut().enumerate() {
            let i = i as u32;
            if *f & TAKEN == 0 {
                if i < col {
                    *f |= left;
                } else if i < col + p.cols {
                    *f = TAKEN | p.flags;
                } else {
                    *f |= right;
                }
            }
        }
    }
}

/// The rows of a signature (of one output stream) as elements take them.
#[derive(Clone, Debug)]
pub(crate) struct Allocator {
    rows: Vec<Row>,
}

impl Allocator {
    /// An allocator of `rows` free rows.
    pub(crate) fn new(rows: usize) -> Self {
        Allocator {
            rows: vec![Row::default(); rows],
        }
    }

    /// Places `p` at its location (`start_row`, `start_col`), or says why it cannot be there.
    pub(crate) fn place(
        &mut self,
        p: &Packed,
        start_row: i32,
        start_col: i8,
    ) -> Result<(), Conflict> {
        let (Ok(row), Ok(col)) = (u32::try_from(start_row), u32::try_from(start_col)) else {
            return Err(Conflict::Fit);
        };
        let Some(end) = row
            .checked_add(p.rows)
            .filter(|&e| e as usize <= self.rows.len())
        else {
            return Err(Conflict::Fit);
        };
        let rows = self.rows.get(row as usize..end as usize).unwrap_or(&[]);
        // as DXC: the first row with a conflict decides, and a row merely without room for
        // the element leaves it to the components at its column
        let conflict = rows
            .iter()
            .enumerate()
            .find_map(|(i, r)| r.row_conflict(p, index_flags(i as u32, p.rows)));
        let conflict = match conflict {
            None | Some(Conflict::Narrow) => rows.iter().find_map(|r| r.col_conflict(p, col)),
            c => c,
        };
        if let Some(c) = conflict {
            return Err(c);
        }
        for (i, r) in self
            .rows
            .iter_mut()
            .skip(row as usize)
            .take(p.rows as usize)
            .enumerate()
        {
            r.place(p, index_flags(i as u32, p.rows), col);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arb(rows: u32, cols: u32) -> Packed {
        Packed {
            rows,
            cols,
            interp: 2,
            flags: ARBITRARY,
            width: 32,
        }
    }

    #[test]
    fn components_are_taken_once() {
        let mut a = Allocator::new(32);
        assert_eq!(a.place(&arb(1, 2), 0, 0), Ok(()));
        assert_eq!(a.place(&arb(1, 2), 0, 2), Ok(()));
        assert_eq!(a.place(&arb(1, 1), 0, 1), Err(Conflict::Overlap));
        assert_eq!(a.place(&arb(2, 1), 31, 0), Err(Conflict::Fit));
        assert_eq!(a.place(&arb(1, 3), 1, 2), Err(Conflict::Fit));
        let constant = Packed {
            interp: 1,
            ..arb(1, 1)
        };
        assert_eq!(a.place(&constant, 1, 0), Ok(()));
        assert_eq!(a.place(&arb(1, 1), 1, 1), Err(Conflict::InterpolationMode));
    }

    #[test]
    fn kinds_keep_their_order_and_arrays_their_rows() {
        let mut a = Allocator::new(32);
        let sv = Packed {
            flags: SV,
            ..arb(1, 1)
        };
        assert_eq!(a.place(&sv, 0, 0), Ok(()));
        assert_eq!(a.place(&arb(1, 1), 0, 1), Err(Conflict::Order));
        assert_eq!(a.place(&arb(2, 1), 2, 0), Ok(()));
        assert_eq!(a.place(&sv, 2, 1), Err(Conflict::Indexed));
        let half = Packed {
            width: 16,
            ..arb(1, 1)
        };
        assert_eq!(a.place(&half, 2, 2), Err(Conflict::DataWidth));
    }
}
