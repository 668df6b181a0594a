//! Metadata: strings, values, nodes (tuples), specialized nodes (debug information), named
//! metadata and the kinds of attachments.

use super::{MdId, Run, Sym, TypeId, Value};

/// The metadata of a module. The variable-length parts of its items (a tuple's operands, a
/// string's bytes, ...) are [`Run`]s of one pool per kind, so that an item needs no
/// allocation of its own: [`node_operands`](Metadata::node_operands),
/// [`string`](Metadata::string), [`special`](Metadata::special) and
/// [`named`](Metadata::named) read them, the `push_*` methods add items with their parts.
///
/// Two metadata are equal when their items, named metadata and kinds are, whatever the
/// positions of their parts in the pools.
#[derive(Clone, Debug, Default)]
pub struct Metadata {
    /// Every metadata item, referred to by [`MdId`]. Nodes may refer to items after them and
    /// to themselves (`!0 = distinct !{!0}`).
    pub items: Vec<MdItem>,
    /// The operands of the tuples ([`MdItem::Node`]), one tuple's after another.
    pub node_pool: Vec<Option<MdId>>,
    /// The operands of the specialized nodes ([`MdItem::Special`]), one node's after
    /// another.
    pub special_pool: Vec<u64>,
    /// The bytes of the strings ([`MdItem::String`]), one string's after another.
    pub string_pool: Vec<u8>,
    /// Named metadata (`!dx.entryPoints = !{!5}`), in order.
    pub named: Vec<NamedMd>,
    /// The nodes the named metadata list ([`NamedMd::operands`]), one list after another.
    pub named_pool: Vec<MdId>,
    /// The kinds of metadata attachments the module declares (`dbg`, `dx.precise`, ...).
    pub kinds: Vec<MdKind>,
}

/// A metadata item.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MdItem {
    /// `!"text"`: bytes, not necessarily UTF-8; a run of
    /// [`Metadata::string_pool`] ([`Metadata::string`] gives them).
    String(Run),
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
    /// A tuple `!{!1, null, i32 3}` (`distinct !{...}` when distinct).
    Node {
        /// Whether it is `distinct`.
        distinct: bool,
        /// Its operands: a run of [`Metadata::node_pool`], `None` for `null`
        /// ([`Metadata::node_operands`] gives them).
        operands: Run,
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
        /// The operands of the record after the `distinct` flag: a run of
        /// [`Metadata::special_pool`] ([`Metadata::special`] gives them).
        operands: Run,
    },
}

impl MdItem {
    /// Whether it is a node: a tuple or a specialized node (what attachments and named
    /// metadata refer to).
    pub fn is_node(&self) -> bool {
        matches!(self, MdItem::Node { .. } | MdItem::Special { .. })
    }

    /// Whether it is function-local: a value that is an argument or an instruction's result
    /// (only a call's operand may be such metadata, not a node's).
    pub fn is_local(&self) -> bool {
        matches!(
            self,
            MdItem::Value {
                value: Value::Arg(_) | Value::Inst(_),
                ..
            }
        )
    }
}

/// A named metadata: `!name = !{!1, !2}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NamedMd {
    /// The name without `!`.
    pub name: Sym,
    /// The nodes it lists: a run of [`Metadata::named_pool`]
    /// ([`Metadata::named_operands`] gives them).
    pub operands: Run,
    /// Where it came from in the input: its line in the LLVM IR text it was read from, or in
    /// the text the printer makes of it ([`number_lines`](crate::text::number_lines)); 0 when
    /// it has none.
    pub line: u32,
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

    /// Adds an item at the end (its parts, if any, already in their pools).
    pub fn push(&mut self, item: MdItem) -> MdId {
        let id = MdId(self.items.len() as u32);
        self.items.push(item);
        id
    }

    /// Adds a tuple with these operands; `None` when its pool would pass `u32::MAX`.
    pub fn push_node(&mut self, distinct: bool, operands: &[Option<MdId>]) -> Option<MdId> {
        let operands = Run::append(&mut self.node_pool, operands)?;
        Some(self.push(MdItem::Node { distinct, operands }))
    }

    /// Adds a string; `None` when its pool would pass `u32::MAX`.
    pub fn push_string(&mut self, bytes: &[u8]) -> Option<MdId> {
        let run = Run::append(&mut self.string_pool, bytes)?;
        Some(self.push(MdItem::String(run)))
    }

    /// Adds a specialized node; `None` when its pool would pass `u32::MAX`.
    pub fn push_special(&mut self, code: u32, distinct: bool, operands: &[u64]) -> Option<MdId> {
        let operands = Run::append(&mut self.special_pool, operands)?;
        Some(self.push(MdItem::Special {
            code,
            distinct,
            operands,
        }))
    }

    /// Adds a named metadata listing `operands`; `None` when its pool would pass `u32::MAX`.
    pub fn push_named(&mut self, name: Sym, operands: &[MdId], line: u32) -> Option<()> {
        let operands = Run::append(&mut self.named_pool, operands)?;
        self.named.push(NamedMd {
            name,
            operands,
            line,
        });
        Some(())
    }

    /// The operands of the first named metadata called `name`.
    pub fn named(&self, symbols: &super::Symbols, name: &str) -> Option<&[MdId]> {
        let sym = symbols.find(name.as_bytes())?;
        self.named
            .iter()
            .find(|n| n.name == sym)
            .map(|n| self.named_operands(n))
    }

    /// The nodes a named metadata lists.
    pub fn named_operands(&self, named: &NamedMd) -> &[MdId] {
        named.operands.of(&self.named_pool)
    }

    /// The operands of a tuple (`None` for `null`); `None` if `id` is no tuple.
    pub fn node_operands(&self, id: MdId) -> Option<&[Option<MdId>]> {
        match self.get(id)? {
            MdItem::Node { operands, .. } => Some(operands.of(&self.node_pool)),
            _ => None,
        }
    }

    /// The bytes of a string; `None` if `id` is no string.
    pub fn string(&self, id: MdId) -> Option<&[u8]> {
        match self.get(id)? {
            MdItem::String(s) => Some(s.of(&self.string_pool)),
            _ => None,
        }
    }

    /// The record code and the operands of a specialized node; `None` if `id` is none.
    pub fn special(&self, id: MdId) -> Option<(u32, &[u64])> {
        match self.get(id)? {
            MdItem::Special { code, operands, .. } => {
                Some((*code, operands.of(&self.special_pool)))
            }
            _ => None,
        }
    }

    /// Whether the parts of `item` (its run, if it has one) are within their pool.
    pub fn in_pools(&self, item: &MdItem) -> bool {
        let (run, pool) = match item {
            MdItem::String(run) => (run, self.string_pool.len()),
            MdItem::Node { operands, .. } => (operands, self.node_pool.len()),
            MdItem::Special { operands, .. } => (operands, self.special_pool.len()),
            MdItem::Value { .. } => return true,
        };
        run.range().end <= pool
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

    /// Whether item `a` of `self` and item `b` of `other` are equal, their parts compared by
    /// content.
    fn item_eq(&self, a: &MdItem, other: &Metadata, b: &MdItem) -> bool {
        match (a, b) {
            (MdItem::String(x), MdItem::String(y)) => {
                x.of(&self.string_pool) == y.of(&other.string_pool)
            }
            (
                MdItem::Node {
                    distinct: d,
                    operands: x,
                },
                MdItem::Node {
                    distinct: e,
                    operands: y,
                },
            ) => d == e && x.of(&self.node_pool) == y.of(&other.node_pool),
            (
                MdItem::Special {
                    code: c,
                    distinct: d,
                    operands: x,
                },
                MdItem::Special {
                    code: k,
                    distinct: e,
                    operands: y,
                },
            ) => c == k && d == e && x.of(&self.special_pool) == y.of(&other.special_pool),
            _ => a == b,
        }
    }
}

impl PartialEq for Metadata {
    fn eq(&self, other: &Metadata) -> bool {
        self.items.len() == other.items.len()
            && self
                .items
                .iter()
                .zip(&other.items)
                .all(|(a, b)| self.item_eq(a, other, b))
            && self.named.len() == other.named.len()
            && self.named.iter().zip(&other.named).all(|(a, b)| {
                (a.name, a.line) == (b.name, b.line)
                    && self.named_operands(a) == other.named_operands(b)
            })
            && self.kinds == other.kinds
    }
}

impl Eq for Metadata {}
