//! Runs: the variable-length parts of the model's items (a metadata tuple's operands, a
//! string's bytes, a block's instructions) kept one after another in one list per kind (a
//! *pool*), each item holding where its part starts and how long it is, so that an item needs
//! no allocation of its own.

use std::ops::Range;

/// A run of `len` consecutive elements of a pool, from position `start`. The field that holds
/// it says which pool ([`Metadata::node_pool`](super::Metadata::node_pool),
/// [`Body::insts`](super::Body::insts), ...); [`Run::of`] gives the elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Run {
    /// The position of the first element in the pool.
    pub start: u32,
    /// The number of elements.
    pub len: u32,
}

impl Run {
    /// The positions of the elements in the pool.
    pub fn range(self) -> Range<usize> {
        let start = self.start as usize;
        start..start.saturating_add(self.len as usize)
    }

    /// The number of elements.
    pub fn len(self) -> usize {
        self.len as usize
    }

    /// Whether there are none.
    pub fn is_empty(self) -> bool {
        self.len == 0
    }

    /// The elements in `pool` (empty when the run is not within it).
    pub fn of<T>(self, pool: &[T]) -> &[T] {
        pool.get(self.range()).unwrap_or(&[])
    }

    /// The elements in `pool`, to change them (empty when the run is not within it).
    pub fn of_mut<T>(self, pool: &mut [T]) -> &mut [T] {
        pool.get_mut(self.range()).unwrap_or(&mut [])
    }

    /// The run of the elements from position `start` to the end of `pool` (those pushed since
    /// the pool was `start` long); `None` when the pool is longer than `u32::MAX`.
    pub fn since<T>(pool: &[T], start: usize) -> Option<Run> {
        let end = u32::try_from(pool.len()).ok()?;
        let start = u32::try_from(start).ok().filter(|&s| s <= end)?;
        Some(Run {
            start,
            len: end - start,
        })
    }

    /// Appends `items` to `pool` and gives their run; `None` (and `pool` unchanged) when the
    /// pool would hold more than `u32::MAX` elements.
    pub fn append<T: Clone>(pool: &mut Vec<T>, items: &[T]) -> Option<Run> {
        let start = u32::try_from(pool.len()).ok()?;
        let len = u32::try_from(items.len()).ok()?;
        start.checked_add(len)?;
        pool.extend_from_slice(items);
        Some(Run { start, len })
    }
}

#[cfg(test)]
mod tests {
    use super::Run;

    #[test]
    fn runs_give_their_part_of_the_pool() {
        let mut pool = vec![1, 2];
        let r = Run::append(&mut pool, &[3, 4, 5]).expect("room");
        assert_eq!((r, r.of(&pool)), (Run { start: 2, len: 3 }, &[3, 4, 5][..]));
        assert_eq!(Run { start: 4, len: 2 }.of(&pool), &[] as &[i32]);
        pool.push(6);
        assert_eq!(Run::since(&pool, 5), Some(Run { start: 5, len: 1 }));
        assert_eq!(Run::since(&pool, 7), None);
    }
}
