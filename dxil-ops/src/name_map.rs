//! Static maps from names to rows. The generator builds a perfect hash of the names
//! (`dxil_base::phf`): a lookup is one hash, two loads and one string comparison with the name
//! the row holds.

use dxil_base::phf;

/// A row that a [`NameMap`] finds by a name it holds: an op row by its name, a class by its
/// function-name stem, a validation rule by its code.
pub trait NameKey {
    /// The name the row is found by.
    fn name_key(&self) -> &str;
}

impl NameKey for crate::info::OpInfo {
    fn name_key(&self) -> &str {
        self.name
    }
}

impl NameKey for &'static crate::info::ClassInfo {
    fn name_key(&self) -> &str {
        self.stem
    }
}

/// A row of a table of names with what they stand for (several names may stand for one row of
/// another table: the older names of an intrinsic).
impl<V> NameKey for (&'static str, V) {
    fn name_key(&self) -> &str {
        self.0
    }
}

impl NameKey for crate::info::RuleInfo {
    fn name_key(&self) -> &str {
        self.code
    }
}

impl NameKey for crate::LlvmInstructionInfo {
    fn name_key(&self) -> &str {
        self.name
    }
}

/// A static map from names to the rows of a table that hold them. Generated code builds it with
/// [`NameMap::new`].
#[derive(Debug)]
pub struct NameMap<V: 'static> {
    seed: u64,
    pilots: &'static [u16],
    slots: &'static [u16],
    values: &'static [V],
}

impl<V: NameKey + 'static> NameMap<V> {
    /// A map of the rows `values` by their names: with the hash `seed`, the bucket of a name
    /// has the pilot `pilots[bucket]`, which sends it to a slot that holds the position of its
    /// row in `values`, or `u16::MAX`. `pilots` and `slots` are powers of two long.
    #[doc(hidden)]
    pub const fn new(
        seed: u64,
        pilots: &'static [u16],
        slots: &'static [u16],
        values: &'static [V],
    ) -> Self {
        NameMap {
            seed,
            pilots,
            slots,
            values,
        }
    }

    /// The row of `name`, if a row has it.
    #[inline]
    pub fn get(&self, name: &str) -> Option<&'static V> {
        let i = self.index(name)?;
        self.values.get(i)
    }

    /// The position of the row of `name`, if a row has it.
    #[inline]
    pub fn index(&self, name: &str) -> Option<usize> {
        self.index_hashed(name, phf::hash(name.as_bytes(), self.seed))
    }

    /// The key before the first `delimiter` of `text` (all of it when there is none), and its
    /// row if it is a key: one pass over the text.
    pub fn get_prefix<'t>(&self, text: &'t str, delimiter: u8) -> (&'t str, Option<&'static V>) {
        let (hash, len) = phf::hash_until(text.as_bytes(), delimiter, self.seed);
        let key = text.get(..len).unwrap_or(text);
        let row = self
            .index_hashed(key, hash)
            .and_then(|i| self.values.get(i));
        (key, row)
    }

    #[inline]
    fn index_hashed(&self, name: &str, hash: u64) -> Option<usize> {
        if self.slots.is_empty() {
            return None;
        }
        let slot = phf::place(hash, self.pilots, self.slots.len());
        let i = usize::from(*self.slots.get(slot)?);
        match self.values.get(i) {
            Some(v) if v.name_key() == name => Some(i),
            _ => None,
        }
    }

    /// Number of keys.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether the map is empty.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The keys with their rows, in the rows' order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &'static V)> {
        let values: &'static [V] = self.values;
        values.iter().map(|v| (name_of(v), v))
    }
}

/// The name of a row of a static table, for as long as the table lives.
fn name_of<V: NameKey>(v: &'static V) -> &'static str {
    // `NameKey::name_key` borrows from the row, which is static
    v.name_key()
}

/// Whether two strings are equal, byte by byte: `==` on `str` is not usable in a `const fn`.
pub(crate) const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}
