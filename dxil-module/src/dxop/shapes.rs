//! The call shapes a reader keeps ([`CallShape`]): per module, by function, function type and
//! opcode ([`Shapes`]); and per thread, by what decides a shape whatever the module
//! ([`shape_of`]): the function's name, the opcode and the texts of the parameter types.
//!
//! A shape takes about 2,300 instructions to make (the function name parsed, each parameter's
//! type resolved for the overloads and compared); the modules of a batch of shaders call the
//! same few hundred `dx.op` functions with the same opcodes, so a thread that reads many
//! modules (the lint's workers, a benchmark, a tool going through a folder) makes each once.

use std::cell::RefCell;

use dxil_ops::read::{CallShape, ReadError};

use crate::hash::{IdTable, hash_bytes, same_bytes};
use crate::model::{FuncId, TypeId};

/// The kept call shapes of a module's functions: all in one list (a few allocations per
/// module, not one per function), each function's linked from its newest.
#[derive(Default)]
pub(super) struct Shapes {
    /// Per function: the index of its newest shape in `kept` (`NO_SHAPE` for none) and its
    /// number of shapes.
    newest: Vec<(u32, u32)>,
    kept: Vec<Shape>,
}

/// A call shape with what it was made for (the call's function type and opcode), and the index
/// of the function's shape kept before it (`NO_SHAPE` for none).
struct Shape {
    key: (TypeId, i64),
    before: u32,
    shape: CallShape<'static>,
}

/// No shape (the end of a function's list).
const NO_SHAPE: u32 = u32::MAX;

impl Shapes {
    /// The shape kept for function `f` and `key`.
    pub(super) fn find(&self, f: FuncId, key: (TypeId, i64)) -> Option<&CallShape<'static>> {
        let mut at = self.newest.get(f.index())?.0;
        while let Some(s) = self.kept.get(at as usize) {
            if s.key == key {
                return Some(&s.shape);
            }
            at = s.before;
        }
        None
    }

    /// Keeps `shape` for function `f` (one of `functions`) and `key`, when `f` has room.
    pub(super) fn keep(
        &mut self,
        functions: usize,
        f: FuncId,
        key: (TypeId, i64),
        shape: CallShape<'static>,
    ) {
        if self.newest.is_empty() {
            self.newest.resize(functions, (NO_SHAPE, 0));
        }
        let index = self.kept.len() as u32;
        if let Some((newest, count)) = self.newest.get_mut(f.index())
            && (*count as usize) < SHAPES_PER_FUNCTION
        {
            self.kept.push(Shape {
                key,
                before: *newest,
                shape,
            });
            (*newest, *count) = (index, *count + 1);
        }
    }
}

/// The most shapes kept per function: a function called with more function types or opcodes
/// (only hand-made or hostile input does that) has the others made per call, so that finding a
/// shape never takes more than a few comparisons.
pub(super) const SHAPES_PER_FUNCTION: usize = 16;

/// The most shapes a thread keeps, and the most bytes of their keys: past either, shapes are
/// made per module again (a thread reading hostile input cannot be made to hold more).
const KNOWN_MAX: usize = 4096;
const KNOWN_KEY_BYTES_MAX: usize = 1 << 20;

/// The shapes this thread has made that borrow no name, by their key (see [`shape_of`]).
#[derive(Default)]
struct Known {
    /// The keys' bytes, one after another.
    key_bytes: Vec<u8>,
    /// Per shape: where its key is in `key_bytes`, and the shape.
    shapes: Vec<(u32, u32, CallShape<'static>)>,
    /// The positions in `shapes`, by the hash of their key.
    index: IdTable,
    /// The key being looked up.
    key: Vec<u8>,
}

impl Known {
    fn key_of(&self, i: u32) -> &[u8] {
        self.shapes
            .get(i as usize)
            .and_then(|&(start, len, _)| self.key_bytes.get(start as usize..(start + len) as usize))
            .unwrap_or(&[])
    }

    fn find(&self, hash: u64) -> Option<CallShape<'static>> {
        let i = self
            .index
            .find(hash, |i| same_bytes(self.key_of(i), &self.key))?;
        self.shapes.get(i as usize).map(|&(_, _, shape)| shape)
    }

    fn keep(&mut self, hash: u64, shape: CallShape<'static>) {
        let start = self.key_bytes.len();
        if self.shapes.len() >= KNOWN_MAX || start + self.key.len() > KNOWN_KEY_BYTES_MAX {
            return;
        }
        self.key_bytes.extend_from_slice(&self.key);
        self.index.insert(hash, self.shapes.len() as u32);
        self.shapes
            .push((start as u32, self.key.len() as u32, shape));
    }
}

thread_local! {
    static KNOWN: RefCell<Known> = RefCell::new(Known::default());
}

/// Writes the key of a call's shape: the function's name, the opcode and the texts of the
/// function type's parameters (the operands' types, for a call whose operands all have them),
/// each after its length, so that calls that differ in any of them have different keys.
fn write_key<'t>(
    out: &mut Vec<u8>,
    name: &str,
    opcode: i64,
    params: impl Iterator<Item = &'t str>,
) {
    let mut part = |bytes: &[u8]| {
        out.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
        out.extend_from_slice(bytes);
    };
    part(name.as_bytes());
    part(&opcode.to_le_bytes());
    for t in params {
        part(t.as_bytes());
    }
}

/// The shape of a call of the function `name` with `opcode` whose operands have the types
/// `params` (the texts of the function type's parameters): the one this thread made for the
/// same before, or `make`'s (kept for later when it borrows no name).
pub(super) fn shape_of<'n, 't>(
    name: &str,
    opcode: i64,
    params: impl Iterator<Item = &'t str>,
    make: impl FnOnce() -> Result<CallShape<'n>, ReadError<'n>>,
) -> Result<CallShape<'n>, ReadError<'n>> {
    let found = KNOWN.try_with(|known| {
        let mut known = known.try_borrow_mut().ok()?;
        let known = &mut *known;
        known.key.clear();
        write_key(&mut known.key, name, opcode, params);
        let hash = hash_bytes(&known.key);
        Some(known.find(hash).ok_or(hash))
    });
    let hash = match found {
        Ok(Some(Ok(shape))) => return Ok(shape),
        Ok(Some(Err(hash))) => hash,
        _ => return make(),
    };
    let shape = make()?;
    if let Some(kept) = shape.to_static() {
        // the key is still the one looked up: nothing else writes it in between
        let _ = KNOWN.try_with(|known| {
            if let Ok(mut known) = known.try_borrow_mut() {
                known.keep(hash, kept);
            }
        });
    }
    Ok(shape)
}
