//! Static maps from names to values. The generator chooses a seed for which every key hashes to
//! its own slot (`dxil_base::phf`), so a lookup is one hash, one load and one string comparison.

/// A static map from names to values. Generated code builds it with [`NameMap::new`].
#[derive(Debug)]
pub struct NameMap<V: 'static> {
    seed: u64,
    slots: &'static [u16],
    keys: &'static [&'static str],
    values: &'static [V],
}

impl<V: 'static> NameMap<V> {
    /// A map of `keys[i]` to `values[i]`; `slots` (a power of two long) holds the position of the
    /// key that hashes to each slot with `seed`, or `u16::MAX`.
    #[doc(hidden)]
    pub const fn new(
        seed: u64,
        slots: &'static [u16],
        keys: &'static [&'static str],
        values: &'static [V],
    ) -> Self {
        NameMap {
            seed,
            slots,
            keys,
            values,
        }
    }

    /// The value of `name`, if it is a key.
    #[inline]
    pub fn get(&self, name: &str) -> Option<&'static V> {
        self.get_hashed(name, dxil_base::phf::hash(name.as_bytes(), self.seed))
    }

    /// The key before the first `delimiter` of `text` (all of it when there is none), and its
    /// value if it is a key: one pass over the text.
    pub fn get_prefix<'t>(&self, text: &'t str, delimiter: u8) -> (&'t str, Option<&'static V>) {
        let (hash, len) = dxil_base::phf::hash_until(text.as_bytes(), delimiter, self.seed);
        let key = text.get(..len).unwrap_or(text);
        (key, self.get_hashed(key, hash))
    }

    fn get_hashed(&self, name: &str, hash: u64) -> Option<&'static V> {
        if self.slots.is_empty() {
            return None;
        }
        let i = usize::from(
            *self
                .slots
                .get(dxil_base::phf::slot(hash, self.slots.len()))?,
        );
        match self.keys.get(i) {
            Some(k) if *k == name => self.values.get(i),
            _ => None,
        }
    }

    /// Number of keys.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether the map is empty.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The keys with their values, in generation order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &'static V)> {
        self.keys.iter().copied().zip(self.values.iter())
    }
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
