//! Metadata: strings, values, nodes (tuples), specialized nodes (debug information), named
//! metadata and the kinds of attachments.

use super::{MdId, Sym, TypeId, Value};

/// The metadata of a module.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Metadata {
    /// Every metadata item, referred to by [`MdId`]. Nodes may refer to items after them and
    /// to themselves (`!0 = distinct !{!0}`).
    pub items: Vec<MdItem>,
    /// Named metadata (`!dx.entryPoints = !{!5}`), in order.
    pub named: Vec<NamedMd>,
    /// The kinds of metadata attachments the module declares (`dbg`, `dx.precise`, ...).
    pub kinds: Vec<MdKind>,
}

/// A metadata item.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MdItem {
    /// `!"text"`: bytes, not necessarily UTF-8.
    String(Box<[u8]>),
    /// A constant or global as metadata: `i32 1`, `void ()* @main`.
    Value {
        /// Its type.
        ty: TypeId,
        /// The value: a constant or a global; or, for function-local metadata (the
        /// `metadata float %x` argument of a call of `llvm.dbg.value`, which text may hold and
        /// DXIL bitcode does not), an argument or a result of the one function whose calls
        /// refer to the item.
        value: Value,
    },
    /// A tuple `!{!1, null, i32 3}` (`distinct !{...}` when distinct): `None` is `null`.
    Node {
        /// Whether it is `distinct`.
        distinct: bool,
        /// Its operands.
        operands: Vec<Option<MdId>>,
    },
    /// A specialized node (debug information: `!DILocation(...)`, `!DISubprogram(...)`,
    /// ...), kept as its bitcode record: the record code and the operands after the
    /// `distinct` flag, as the bitcode stores them (references to other items as their index
    /// plus one, 0 for none, where the record's layout says so).
    Special {
        /// The record code (`METADATA_LOCATION` is 7, ...).
        code: u32,
        /// Whether it is `distinct`.
        distinct: bool,
        /// The operands of the record after the `distinct` flag.
        operands: Vec<u64>,
    },
}

/// A named metadata: `!name = !{!1, !2}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NamedMd {
    /// The name without `!`.
    pub name: Sym,
    /// The nodes it lists.
    pub operands: Vec<MdId>,
}

/// A kind of metadata attachment: its number in the module and its name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MdKind {
    /// The number attachments refer to it by.
    pub id: u32,
    /// The name (`dbg`, `dx.precise`), interned in the module's
    /// [`Symbols`](super::Symbols).
    pub name: Sym,
}

impl Metadata {
    /// The item of an id, or `None` for an id out of range.
    pub fn get(&self, id: MdId) -> Option<&MdItem> {
        self.items.get(id.index())
    }

    /// Adds an item at the end.
    pub fn push(&mut self, item: MdItem) -> MdId {
        let id = MdId(self.items.len() as u32);
        self.items.push(item);
        id
    }

    /// The operands of the first named metadata called `name`.
    pub fn named(&self, symbols: &super::Symbols, name: &str) -> Option<&[MdId]> {
        let sym = symbols.find(name.as_bytes())?;
        self.named
            .iter()
            .find(|n| n.name == sym)
            .map(|n| n.operands.as_slice())
    }

    /// The operands of a tuple; `None` if `id` is no tuple.
    pub fn node(&self, id: MdId) -> Option<&[Option<MdId>]> {
        match self.get(id)? {
            MdItem::Node { operands, .. } => Some(operands),
            _ => None,
        }
    }

    /// The bytes of a string; `None` if `id` is no string.
    pub fn string(&self, id: MdId) -> Option<&[u8]> {
        match self.get(id)? {
            MdItem::String(s) => Some(s),
            _ => None,
        }
    }

    /// The value of a value item; `None` if `id` is no value.
    pub fn value(&self, id: MdId) -> Option<(TypeId, Value)> {
        match self.get(id)? {
            MdItem::Value { ty, value } => Some((*ty, *value)),
            _ => None,
        }
    }

    /// The number of the attachment kind called `name`, if the module declares it.
    pub fn kind(&self, symbols: &super::Symbols, name: &str) -> Option<u32> {
        let sym = symbols.find(name.as_bytes())?;
        self.kinds.iter().find(|k| k.name == sym).map(|k| k.id)
    }
}
