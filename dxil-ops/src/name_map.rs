//! Static maps from names to values, built at generation time with a perfect hash function
//! (PTHash, by `quickphf`): one hash and one string comparison per lookup.

use quickphf::RawPhfMap;

/// A static map from names to values. Generated code builds it with [`NameMap::new`].
#[derive(Debug)]
pub struct NameMap<V: 'static> {
    index: RawPhfMap<&'static str, u16>,
    keys: &'static [&'static str],
    values: &'static [V],
}

impl<V: 'static> NameMap<V> {
    /// A map of `keys[i]` to `values[i]`, with `index` the perfect hash of the keys to their
    /// positions.
    #[doc(hidden)]
    pub const fn new(
        index: RawPhfMap<&'static str, u16>,
        keys: &'static [&'static str],
        values: &'static [V],
    ) -> Self {
        NameMap {
            index,
            keys,
            values,
        }
    }

    /// The value of `name`, if it is a key.
    pub fn get(&self, name: &str) -> Option<&'static V> {
        if self.keys.is_empty() {
            return None;
        }
        let i = usize::from(*self.index.get(name));
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
