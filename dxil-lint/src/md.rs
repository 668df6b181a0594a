//! Metadata values: the tuples of named metadata (`!dx.version = !{!1}`) and of numbered nodes
//! (`!1 = !{i32 1, i32 8}`), read on demand and only as deep as the checks need.

use std::collections::HashMap;

use crate::module::Module;
use crate::text::{int_literal, read_name, split_top, split_type_value};

/// How deep inline tuples (`!{!{...}}`) are read; deeper ones are [`Md::Other`].
const MAX_DEPTH: usize = 8;

/// One element of a metadata tuple.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Md<'t> {
    /// A reference to a numbered node: `!12`.
    Ref(u64),
    /// A tuple written in place: `!{...}`.
    Tuple(Vec<Md<'t>>),
    /// A string: `!"ps"` (escapes kept as written).
    Str(&'t str),
    /// An integer constant: `i32 6`, `i64 8589934592`, `i1 true`.
    Int(i128),
    /// A reference to a global, such as a function: `void ()* @main` (the name, unquoted).
    Global(&'t str),
    /// `null`.
    Null,
    /// Anything else (specialised nodes such as `!DILocation(...)`, floats, constant
    /// expressions).
    Other,
}

/// Reads a tuple `!{...}` (optionally `distinct !{...}`); `None` when `s` is not one.
pub fn tuple(s: &str) -> Option<Vec<Md<'_>>> {
    tuple_at(s, 0)
}

fn tuple_at(s: &str, depth: usize) -> Option<Vec<Md<'_>>> {
    let s = s.trim();
    let s = s.strip_prefix("distinct").map_or(s, str::trim_start);
    let inner = s.strip_prefix("!{")?;
    let close = crate::text::matching(s.as_bytes(), 1)?;
    let inner = inner.get(..close.checked_sub(2)?)?;
    Some(split_top(inner).map(|e| element(e, depth)).collect())
}

fn element(e: &str, depth: usize) -> Md<'_> {
    if e == "null" {
        return Md::Null;
    }
    if let Some(rest) = e.strip_prefix('!') {
        if let Some(q) = rest.strip_prefix('"') {
            return match q.strip_suffix('"') {
                Some(v) => Md::Str(v),
                None => Md::Other,
            };
        }
        if rest.starts_with('{') {
            if depth >= MAX_DEPTH {
                return Md::Other;
            }
            return tuple_at(e, depth + 1).map_or(Md::Other, Md::Tuple);
        }
        return rest.parse::<u64>().map_or(Md::Other, Md::Ref);
    }
    let (_, value) = split_type_value(e);
    if let Some(v) = int_literal(value) {
        return Md::Int(v);
    }
    if let Some(g) = value.strip_prefix('@') {
        return read_name(g).map_or(Md::Other, |(n, _)| Md::Global(n));
    }
    Md::Other
}

/// What a reader takes from metadata nodes, each node read once however many elements refer to
/// it: a node that 100,000 entries name is parsed once, so reading metadata stays linear in the
/// size of the text. Tuples written in place are read where they are (each is part of the text
/// of the one node or list that holds it).
pub(crate) struct NodeFacts<T> {
    by_node: HashMap<u64, Option<T>>,
}

impl<T> Default for NodeFacts<T> {
    fn default() -> Self {
        NodeFacts {
            by_node: HashMap::new(),
        }
    }
}

impl<T: Clone> NodeFacts<T> {
    /// What `read` takes from the tuple `e` is or refers to (through `m`); `None` when `e` is
    /// no tuple or `read` takes nothing.
    pub(crate) fn get<'t>(
        &mut self,
        m: &Module<'t>,
        e: &Md<'t>,
        read: impl FnOnce(&[Md<'t>]) -> Option<T>,
    ) -> Option<T> {
        match e {
            Md::Ref(n) => {
                if let Some(known) = self.by_node.get(n) {
                    return known.clone();
                }
                let fact = m.resolve(e).and_then(|t| read(&t));
                self.by_node.insert(*n, fact.clone());
                fact
            }
            Md::Tuple(t) => read(t),
            _ => None,
        }
    }
}

impl Md<'_> {
    /// The integer, if the element is one.
    pub fn int(&self) -> Option<i128> {
        match self {
            Md::Int(v) => Some(*v),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tuples() {
        assert_eq!(tuple("!{i32 1, i32 8}"), Some(vec![Md::Int(1), Md::Int(8)]));
        assert_eq!(
            tuple("!{!\"ps\", i32 6, i32 0}"),
            Some(vec![Md::Str("ps"), Md::Int(6), Md::Int(0)])
        );
        assert_eq!(
            tuple("!{void ()* @main, !\"main\", null, null, !9}"),
            Some(vec![
                Md::Global("main"),
                Md::Str("main"),
                Md::Null,
                Md::Null,
                Md::Ref(9)
            ])
        );
        assert_eq!(
            tuple("!{!{!\"lib\", i32 6, i32 3}}"),
            Some(vec![Md::Tuple(vec![
                Md::Str("lib"),
                Md::Int(6),
                Md::Int(3)
            ])])
        );
        assert_eq!(tuple("!{}"), Some(vec![]));
        assert_eq!(tuple("!DILocation(line: 1)"), None);
        assert_eq!(tuple("!{"), None);
        let deep = "!{".repeat(100) + &"}".repeat(100);
        assert!(tuple(&deep).is_some());
    }
}
