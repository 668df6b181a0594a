//! `METADATA_BLOCK` of the module and `METADATA_KIND_BLOCK`: strings, values, nodes, named
//! metadata, attachment kinds, and the debug-information records, kept as
//! [`MdItem::Special`] with their operands as stored.
//!
//! Module metadata ids are the model's [`MdId`]s as they are (each record that defines an id
//! adds one item), so the operands of a special record need no translation. A node may
//! refer to a later item; such references are checked when the block ends.

use super::codes::{self, At};
use super::function::FnState;
use super::md_refs::{MdRef, MdRefs};
use super::module::Decoder;
use super::ops::{Ops, bytes_into};
use super::{DecodeError, ErrorKind};
use crate::bitstream::Block;
use crate::model::{MdId, MdItem, MdKind, NamedMd, Run, Sym, Type, TypeId, Value};

/// What an item referred to must be.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Want {
    /// Anything but a function's argument or result (which only a call's operand may be).
    Any,
    /// A string.
    String,
    /// A node (a tuple or a specialized node).
    Node,
}

impl Decoder {
    /// Reads a module-level metadata block.
    pub(crate) fn metadata(&mut self, block: Block<'_>) -> Result<(), DecodeError> {
        self.metadata_records(block, None)
    }

    /// Reads a metadata block of the module (`fs` `None`) or of a function body. A body's
    /// block holds the function's own items (LLVM 3.7 writes only `VALUE`s of arguments and
    /// results there; LLVM's DirectX backend also the strings, nodes and debug information
    /// that only that function uses): its ids go on from the module's, and its items follow
    /// the model's from [`FnState::md_base`], so the references of its records are renumbered
    /// into the model's ids ([`Decoder::md_item`]).
    pub(crate) fn metadata_records(
        &mut self,
        block: Block<'_>,
        mut fs: Option<&mut FnState>,
    ) -> Result<(), DecodeError> {
        let local_base = fs.as_ref().map(|f| f.md_base);
        let mut later: Vec<(u64, Want, At)> = Vec::new();
        let mut name: Option<(Sym, At)> = None;
        // Room for what the records hold (each is there): items, kinds and the pools.
        let (mut kinds, mut others) = (0, 0);
        let (mut nodes, mut specials, mut strings, mut named) = (0, 0, 0, 0);
        let mut named_nodes = 0;
        for rec in block.records() {
            let n = rec.operands().len();
            match rec.code() {
                6 => kinds += 1,
                1 => strings += n,
                3 | 5 => nodes += n,
                10 => {
                    named += n;
                    named_nodes += 1;
                }
                7 | 12..=32 => specials += n,
                _ => {}
            }
            if rec.code() != 6 {
                others += 1;
            }
        }
        let md = &mut self.m.metadata;
        md.items.reserve(others);
        md.kinds.reserve(kinds);
        md.node_pool.reserve(nodes);
        md.special_pool.reserve(specials);
        md.string_pool.reserve(strings);
        md.named_pool.reserve(named);
        md.named.reserve(named_nodes);
        for rec in block.records() {
            let mut ops = Ops::new(codes::METADATA, &rec);
            let code = ops.code();
            if let Some((_, at)) = &name
                && code != 10
            {
                return Err(at.err(ErrorKind::BadValue {
                    field: "the record after METADATA_NAME (must be METADATA_NAMED_NODE)",
                    value: code,
                }));
            }
            let item = match code {
                1 => {
                    let start = self.m.metadata.string_pool.len();
                    bytes_into(&ops, ops.all(), &mut self.m.metadata.string_pool)?;
                    MdItem::String(pool_run(&ops, &self.m.metadata.string_pool, start)?)
                }
                2 => {
                    let ty = self.md_value_type(&mut ops)?;
                    let id = ops.next()?;
                    let value = match fs.as_deref_mut() {
                        // an argument or a result (possibly later), or a constant
                        Some(fs) => self.value_typed(fs, &ops, id, id, ty)?,
                        None => self.md_value(&ops, id, ty)?,
                    };
                    MdItem::Value { ty, value }
                }
                3 | 5 => {
                    let len = self.m.metadata.items.len() as u64;
                    let start = self.m.metadata.node_pool.len();
                    for &v in ops.all() {
                        let operand = match v {
                            0 => None,
                            v => {
                                let id = self.md_item(local_base, v - 1);
                                self.md_ref(&ops, id, Want::Any, len, &mut later)?;
                                Some(MdId(id as u32))
                            }
                        };
                        self.m.metadata.node_pool.push(operand);
                    }
                    MdItem::Node {
                        distinct: code == 5,
                        operands: pool_run(&ops, &self.m.metadata.node_pool, start)?,
                    }
                }
                4 => {
                    name = Some((self.name_or_empty(&ops, ops.all())?, ops.at()));
                    continue;
                }
                6 => {
                    self.md_kind(ops)?;
                    continue;
                }
                10 => {
                    let Some((name, _)) = name.take() else {
                        return Err(ops.err(ErrorKind::BadValue {
                            field: "METADATA_NAMED_NODE without a METADATA_NAME before it",
                            value: code,
                        }));
                    };
                    let len = self.m.metadata.items.len() as u64;
                    let start = self.m.metadata.named_pool.len();
                    for &raw in ops.all() {
                        let id = self.md_item(local_base, raw);
                        self.md_ref(&ops, id, Want::Node, len, &mut later)?;
                        self.m.metadata.named_pool.push(MdId(id as u32));
                    }
                    let operands = pool_run(&ops, &self.m.metadata.named_pool, start)?;
                    self.m.metadata.named.push(NamedMd {
                        name,
                        operands,
                        line: 0,
                    });
                    continue;
                }
                8 | 9 => {
                    return Err(ops.err(ErrorKind::Unsupported(
                        "METADATA_OLD_NODE (the metadata of LLVM before 3.6)",
                    )));
                }
                12 => {
                    return Err(ops.err(ErrorKind::Unsupported(
                        "METADATA_GENERIC_DEBUG (a GenericDINode, which no DXIL writer emits)",
                    )));
                }
                7 | 12..=32 => self.special(&mut ops, local_base, &mut later)?,
                code => return Err(ops.err(ErrorKind::UnknownRecord(code))),
            };
            if self.m.metadata.items.len() >= u32::MAX as usize {
                return Err(ops.err(ErrorKind::Full("metadata items")));
            }
            self.m.metadata.items.push(item);
        }
        if let Some((_, at)) = name {
            return Err(at.err(ErrorKind::BadValue {
                field: "METADATA_NAME at the end of its block (a METADATA_NAMED_NODE must follow)",
                value: 4,
            }));
        }
        let len = self.m.metadata.items.len() as u64;
        for (id, want, at) in later {
            self.md_check(at, id, want, len)?;
        }
        Ok(())
    }

    /// Reads a `METADATA_KIND_BLOCK` (LLVM 3.9 and later put the kinds there).
    pub(crate) fn metadata_kinds(&mut self, block: Block<'_>) -> Result<(), DecodeError> {
        for rec in block.records() {
            let ops = Ops::new(codes::METADATA_KIND, &rec);
            if ops.code() == 6 {
                self.md_kind(ops)?;
            }
        }
        Ok(())
    }

    /// `KIND: [id, name...]`.
    fn md_kind(&mut self, mut ops: Ops<'_>) -> Result<(), DecodeError> {
        ops.need(2)?;
        let id = ops.next_u32("metadata kind id")?;
        // Kinds usually come in increasing order: a set of the ids only once one does not
        // (then every id goes through it, a later one too: 0, 5, 3, 5).
        let new = if let Some(set) = &mut self.kind_set {
            set.insert(id)
        } else if self.m.metadata.kinds.last().is_some_and(|k| k.id >= id) {
            let set = self
                .kind_set
                .insert(self.m.metadata.kinds.iter().map(|k| k.id).collect());
            set.insert(id)
        } else {
            true
        };
        if !new {
            return Err(ops.bad("metadata kind id (defined twice)", u64::from(id)));
        }
        let chars = ops.rest();
        let name = self.name_or_empty(&ops, chars)?;
        self.m.metadata.kinds.push(MdKind { id, name });
        Ok(())
    }

    /// The type of a `METADATA_VALUE: [type, value]` (neither metadata nor `void`), read.
    pub(crate) fn md_value_type(&self, ops: &mut Ops<'_>) -> Result<TypeId, DecodeError> {
        ops.expect_left(2)?;
        let raw = ops.next()?;
        let ty = self.type_id(ops, raw)?;
        if matches!(self.m.types.get(ty), Some(Type::Metadata | Type::Void)) {
            return Err(ops.err(ErrorKind::WrongType {
                field: "the type of a metadata value",
                needed: "neither metadata nor void",
            }));
        }
        Ok(ty)
    }

    /// The value of a module-level `METADATA_VALUE`: a constant, global or function of type
    /// `ty`.
    fn md_value(&self, ops: &Ops<'_>, id: u64, ty: TypeId) -> Result<Value, DecodeError> {
        let (value, vty) = self.defined(ops.at(), id)?;
        if vty != ty {
            return Err(ops.err(ErrorKind::WrongType {
                field: "the value of a METADATA_VALUE",
                needed: "of the type the record gives",
            }));
        }
        Ok(value)
    }

    /// A debug-information record: `[distinct, field...]`, its length checked against its
    /// layout and its references to other items checked (and renumbered in a function's
    /// block, as [`Decoder::md_item`] says).
    fn special(
        &mut self,
        ops: &mut Ops<'_>,
        local_base: Option<u32>,
        later: &mut Vec<(u64, Want, At)>,
    ) -> Result<MdItem, DecodeError> {
        let code = ops.code() as u32;
        let n = ops.all().len();
        let refs = MdRefs::of(code);
        let ok = match (code, refs.and_then(MdRefs::fields)) {
            (20, _) => n == 14 || n == 15,
            (28, _) => n == 9 || n == 10,
            (_, Some(f)) => n == f.len() + 1,
            (29, None) => n >= 1,
            (30, None) => n == 8,
            (32, None) => n == 6,
            _ => false,
        };
        if !ok {
            return Err(ops.err(ErrorKind::OperandCount { found: n }));
        }
        let distinct = ops.next()? != 0;
        let operands = ops.rest();
        let len = self.m.metadata.items.len() as u64;
        let start = self.m.metadata.special_pool.len();
        for (i, &v) in operands.iter().enumerate() {
            let r = refs.map_or(MdRef::No, |refs| refs.get(i));
            let v = match r.target(v) {
                Some(raw) => {
                    let id = self.md_item(local_base, raw);
                    let want = match r {
                        MdRef::String => Want::String,
                        MdRef::Required => Want::Node,
                        MdRef::No | MdRef::OrNull => Want::Any,
                    };
                    self.md_ref(ops, id, want, len, later)?;
                    r.operand(id)
                }
                None => v,
            };
            self.m.metadata.special_pool.push(v);
        }
        Ok(MdItem::Special {
            code,
            distinct,
            operands: pool_run(ops, &self.m.metadata.special_pool, start)?,
        })
    }

    /// The model's id of the item a metadata block refers to as `raw`: the same in the
    /// module's block and for the module's items; a function's own item (a `raw` from the
    /// module's count on) is at `local_base` onwards in the model.
    fn md_item(&self, local_base: Option<u32>, raw: u64) -> u64 {
        let module = u64::from(self.md_module);
        match local_base {
            Some(base) if raw >= module => u64::from(base).saturating_add(raw - module),
            _ => raw,
        }
    }

    /// A reference to item `id`: checked now if it exists, else noted in `later` (it must
    /// exist when the block ends).
    #[inline(always)]
    fn md_ref(
        &self,
        ops: &Ops<'_>,
        id: u64,
        want: Want,
        len: u64,
        later: &mut Vec<(u64, Want, At)>,
    ) -> Result<(), DecodeError> {
        // The common case, kept small to be inlined: an earlier item of the kind wanted.
        if id < len && self.md_is(id, want) {
            return Ok(());
        }
        self.md_ref_slow(ops, id, want, len, later)
    }

    /// Whether item `id` exists and is of the kind wanted.
    #[inline(always)]
    fn md_is(&self, id: u64, want: Want) -> bool {
        let Some(item) = u32::try_from(id)
            .ok()
            .and_then(|id| self.m.metadata.get(MdId(id)))
        else {
            return false;
        };
        match want {
            Want::Any => !item.is_local(),
            Want::String => matches!(item, MdItem::String(_)),
            Want::Node => item.is_node(),
        }
    }

    /// The rest of [`Decoder::md_ref`]: a later item, or an error.
    #[cold]
    #[inline(never)]
    fn md_ref_slow(
        &self,
        ops: &Ops<'_>,
        id: u64,
        want: Want,
        len: u64,
        later: &mut Vec<(u64, Want, At)>,
    ) -> Result<(), DecodeError> {
        if id < len {
            return self.md_check(ops.at(), id, want, len);
        }
        if id >= u64::from(u32::MAX) {
            return Err(ops.bad("metadata id", id));
        }
        later.push((id, want, ops.at()));
        Ok(())
    }

    fn md_check(&self, at: At, id: u64, want: Want, len: u64) -> Result<(), DecodeError> {
        if id >= len || self.m.metadata.get(MdId(id as u32)).is_none() {
            return Err(at.out_of_range("metadata", id, len));
        }
        if !self.md_is(id, want) {
            return Err(at.err(ErrorKind::WrongType {
                field: "a metadata operand",
                needed: match want {
                    Want::String => "a string",
                    Want::Node => "a node",
                    Want::Any => "metadata other than a function's argument or result",
                },
            }));
        }
        Ok(())
    }

    /// The item of a metadata id of a function body (module ids as they are, then the
    /// function's own from `local_base`).
    pub(crate) fn md_id(
        &self,
        ops: &Ops<'_>,
        id: u64,
        local_base: u32,
    ) -> Result<MdId, DecodeError> {
        let module = u64::from(self.md_module);
        let local = self.m.metadata.items.len() as u64 - u64::from(local_base);
        if id < module {
            return Ok(MdId(id as u32));
        }
        if id - module < local {
            return Ok(MdId(local_base + (id - module) as u32));
        }
        Err(ops.out_of_range("metadata", id, module + local))
    }
}

/// The run of the elements pushed onto `pool` since it was `start` long; an error about the
/// record when the pool is full.
fn pool_run<T>(ops: &Ops<'_>, pool: &[T], start: usize) -> Result<Run, DecodeError> {
    Run::since(pool, start).ok_or_else(|| ops.err(ErrorKind::Full("metadata operands")))
}
