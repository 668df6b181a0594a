//! `FUNCTION_BLOCK`: a function body. Its blocks, the value numbering of its arguments,
//! constants and results, forward references, debug locations, its metadata (function-local
//! values), attachments and names. The instruction records themselves are in `insts.rs`.

use std::collections::HashMap;
use std::collections::hash_map::Entry as MapEntry;

use super::codes::{self, At};
use super::module::Decoder;
use super::ops::Ops;
use super::{DecodeError, ErrorKind};
use crate::bitstream::{Block, Entry};
use crate::model::{
    Attachment, Body, DebugLoc, Inst, InstId, InstKind, MdItem, Operands, Run, Type, TypeId, Value,
};

/// The tag of a placeholder for a forward reference: `Value::Inst(InstId(FORWARD | k))`
/// stands for forward reference `k` until the function ends. Real instruction ids stay below
/// it (a function cannot have 2^31 instructions in an input of at most 512 MiB).
const FORWARD: u32 = 1 << 31;

/// A use of a value before its definition.
struct Forward {
    /// The value id.
    id: u64,
    /// The type the record gives it.
    ty: TypeId,
    /// The record that uses it.
    at: At,
}

/// The state of the function body being read.
pub(crate) struct FnState {
    /// Its body so far.
    pub body: Body,
    /// The block instructions go to.
    pub cur: usize,
    /// The first instruction of the block instructions go to.
    pub block_start: u32,
    /// Whether `DECLAREBLOCKS` has been read.
    pub declared: bool,
    /// Records of the block not read yet (a value id at or above the next value number plus
    /// this can never be defined).
    pub records_left: u64,
    /// The first metadata item of the function's own metadata.
    pub md_base: u32,
    /// The last debug location given (for `DEBUG_LOC_AGAIN`).
    pub last_loc: Option<DebugLoc>,
    /// The instructions (ascending) the bitcode gives no instruction number: the `cmpxchg`
    /// of each old-form record, whose `extractvalue` has the number.
    unnumbered: Vec<u32>,
    forward: Vec<Forward>,
    forward_ids: HashMap<u64, u32>,
}

impl FnState {
    /// The operand list of the values pushed onto [`Body::operands`] since position `start`.
    pub(crate) fn operands_since(
        &self,
        ops: &Ops<'_>,
        start: usize,
    ) -> Result<Operands, DecodeError> {
        Operands::since(&self.body.operands, start)
            .ok_or_else(|| ops.err(ErrorKind::Full("operands")))
    }
}

impl Decoder {
    /// The `void` type.
    pub(crate) fn void_ty(&mut self) -> TypeId {
        match self.void {
            Some(t) => t,
            None => *self.void.insert(self.m.types.intern(Type::Void)),
        }
    }

    /// Reads a function body into the next function that has one.
    pub(crate) fn function_block(&mut self, block: Block<'_>) -> Result<(), DecodeError> {
        let Some(&func) = self.bodies.get(self.bodies_read) else {
            return Err(At::block(&block, "a FUNCTION_BLOCK").err(ErrorKind::Bodies(
                "a FUNCTION_BLOCK with no function left to define (more bodies than functions \
                 defined, or a body for a declaration)",
            )));
        };
        self.bodies_read += 1;
        let module_len = self.vals.len();
        let fn_ty = self.m.functions[func.index()].ty;
        self.last_call = None;
        let mut params = std::mem::take(&mut self.params);
        params.clear();
        if let Some(Type::Function { params: p, .. }) = self.m.types.get(fn_ty) {
            params.extend_from_slice(p);
        }
        // Room for what the records hold (each is there): values (the body's constants and
        // results), instructions and the operand lists of calls and getelementptrs (at most a
        // value per operand of theirs after the callee or the source type).
        let (mut records, mut constants, mut insts, mut operands) = (0usize, 0, 0, 0);
        for entry in block.entries() {
            let rec = match entry {
                Entry::Record(rec) => rec,
                Entry::Block(b) if b.id() == codes::CONSTANTS => {
                    constants += b.entry_count();
                    continue;
                }
                _ => continue,
            };
            records += 1;
            let n = rec.operands().len();
            match rec.code() {
                1 | 33 | 35 => continue,
                34 => operands += n.saturating_sub(3),
                43 => operands += n.saturating_sub(2),
                4 | 30 => operands += n,
                _ => {}
            }
            insts += 1;
        }
        self.vals.reserve(params.len() + constants + records);
        for (i, &p) in params.iter().enumerate() {
            self.push_value(Value::Arg(i as u32), p);
        }
        let mut fs = FnState {
            body: Body {
                arg_names: vec![None; params.len()],
                insts: Vec::with_capacity(insts),
                operands: Vec::with_capacity(operands),
                ..Body::default()
            },
            cur: 0,
            block_start: 0,
            declared: false,
            records_left: records as u64,
            md_base: self.m.metadata.items.len() as u32,
            last_loc: None,
            unnumbered: Vec::new(),
            forward: Vec::new(),
            forward_ids: HashMap::new(),
        };
        self.params = params;
        self.local_names.clear();
        let result = self.function_entries(&mut fs, block);
        let result = result.and_then(|()| self.end_function(&mut fs, &block));
        self.vals.truncate(module_len);
        result?;
        self.m.functions[func.index()].body = Some(fs.body);
        Ok(())
    }

    fn function_entries(&mut self, fs: &mut FnState, block: Block<'_>) -> Result<(), DecodeError> {
        for entry in block.entries() {
            let rec = match entry {
                Entry::Record(r) => r,
                Entry::Block(b) => {
                    match b.id() {
                        codes::CONSTANTS => self.constants(b)?,
                        codes::METADATA => self.metadata_records(b, Some(fs))?,
                        codes::METADATA_ATTACHMENT => self.attachments(fs, b)?,
                        codes::VALUE_SYMTAB => self.function_symtab(b, &mut fs.body)?,
                        _ => {}
                    }
                    continue;
                }
                Entry::DefineAbbrev(_) => continue,
            };
            fs.records_left = fs.records_left.saturating_sub(1);
            let mut ops = Ops::new(codes::FUNCTION, &rec);
            match ops.code() {
                1 => self.declare_blocks(fs, &mut ops)?,
                33 => {
                    let Some(last) = fs.body.insts.len().checked_sub(1) else {
                        return Err(ops.err(ErrorKind::BadValue {
                            field: "DEBUG_LOC_AGAIN before any instruction",
                            value: 33,
                        }));
                    };
                    if let Some(loc) = fs.last_loc {
                        set_loc(&mut fs.body, InstId(last as u32), loc);
                    }
                }
                35 => self.debug_loc(fs, &mut ops)?,
                _ => {
                    let (kind, ty) = self.instruction(fs, &mut ops)?;
                    self.add_instruction(fs, &ops, kind, ty)?;
                }
            }
        }
        Ok(())
    }

    /// `DECLAREBLOCKS: [count]`: at least 1, and at most one per record of the block (each
    /// block ends with a terminator record).
    fn declare_blocks(&mut self, fs: &mut FnState, ops: &mut Ops<'_>) -> Result<(), DecodeError> {
        let n = ops.next()?;
        if fs.declared {
            return Err(ops.bad("DECLAREBLOCKS (a second one)", n));
        }
        if n == 0 || n > fs.records_left {
            return Err(ops.bad("block count (1 to the number of records that follow)", n));
        }
        fs.declared = true;
        fs.body.blocks = vec![crate::model::Block::default(); n as usize];
        Ok(())
    }

    /// `DEBUG_LOC: [line, col, scope + 1, inlinedat + 1]`, for the last instruction.
    fn debug_loc(&mut self, fs: &mut FnState, ops: &mut Ops<'_>) -> Result<(), DecodeError> {
        ops.need(4)?;
        let Some(last) = fs.body.insts.len().checked_sub(1) else {
            return Err(ops.bad("DEBUG_LOC before any instruction", 35));
        };
        let line = ops.next_u32("line")?;
        let col = ops.next_u32("column")?;
        let node = |ops: &mut Ops<'_>| -> Result<_, DecodeError> {
            match ops.next()? {
                0 => Ok(None),
                v => self.md_id(ops, v - 1, fs.md_base).map(Some),
            }
        };
        let scope = node(ops)?;
        let inlined_at = node(ops)?;
        let loc = DebugLoc {
            line,
            col,
            scope,
            inlined_at,
        };
        fs.last_loc = Some(loc);
        set_loc(&mut fs.body, InstId(last as u32), loc);
        Ok(())
    }

    fn add_instruction(
        &mut self,
        fs: &mut FnState,
        ops: &Ops<'_>,
        kind: InstKind,
        ty: TypeId,
    ) -> Result<(), DecodeError> {
        let id = self.push_inst(fs, ops, kind, ty)?;
        if !matches!(self.m.types.get(ty), Some(Type::Void)) {
            if !fs.forward_ids.is_empty()
                && let Some(&k) = fs.forward_ids.get(&(self.vals.len() as u64))
            {
                let f = &fs.forward[k as usize];
                if f.ty != ty {
                    return Err(f.at.err(ErrorKind::WrongType {
                        field: "a forward reference",
                        needed: "of the type of the value it refers to",
                    }));
                }
            }
            self.push_value(Value::Inst(id), ty);
        }
        Ok(())
    }

    /// Adds an instruction that takes neither a value number nor an instruction number of
    /// the bitcode (the `cmpxchg` an old-form record stands for, before its `extractvalue`).
    pub(crate) fn add_unnumbered(
        &mut self,
        fs: &mut FnState,
        ops: &Ops<'_>,
        kind: InstKind,
        ty: TypeId,
    ) -> Result<InstId, DecodeError> {
        let id = self.push_inst(fs, ops, kind, ty)?;
        fs.unnumbered.push(id.0);
        Ok(id)
    }

    /// Appends an instruction to the body (a terminator ends the current block).
    fn push_inst(
        &mut self,
        fs: &mut FnState,
        ops: &Ops<'_>,
        kind: InstKind,
        ty: TypeId,
    ) -> Result<InstId, DecodeError> {
        let Some(block) = fs.body.blocks.get_mut(fs.cur) else {
            return Err(ops.err(ErrorKind::Blocks {
                declared: fs.body.blocks.len() as u64,
                ended: fs.cur as u64,
            }));
        };
        let id = fs.body.insts.len() as u32;
        if id >= FORWARD {
            return Err(ops.err(ErrorKind::Full("instructions")));
        }
        if kind.is_terminator() {
            // The block is complete: its instructions are those since the last one ended.
            block.insts = Run {
                start: fs.block_start,
                len: id + 1 - fs.block_start,
            };
            fs.block_start = id + 1;
            fs.cur += 1;
        }
        fs.body.insts.push(Inst {
            kind,
            ty,
            name: None,
            line: 0,
        });
        Ok(InstId(id))
    }

    /// The checks when a body ends (every declared block ended) and the forward references
    /// replaced by their values.
    fn end_function(&mut self, fs: &mut FnState, block: &Block<'_>) -> Result<(), DecodeError> {
        if !fs.declared || fs.cur != fs.body.blocks.len() {
            return Err(
                At::block(block, "the end of a FUNCTION_BLOCK").err(ErrorKind::Blocks {
                    declared: fs.body.blocks.len() as u64,
                    ended: fs.cur as u64,
                }),
            );
        }
        if fs.forward.is_empty() {
            return Ok(());
        }
        let mut resolved = Vec::with_capacity(fs.forward.len());
        for f in &fs.forward {
            match self.value(f.id) {
                Some((v, _)) => resolved.push(v),
                None => return Err(f.at.err(ErrorKind::NeverDefined { id: f.id })),
            }
        }
        let fix = |v: &mut Value| {
            if let Value::Inst(InstId(i)) = *v
                && i & FORWARD != 0
                && let Some(&r) = resolved.get((i & !FORWARD) as usize)
            {
                *v = r;
            }
        };
        fs.body.remap_operands(fix, |_| {});
        let base = fs.md_base as usize;
        for item in self.m.metadata.items.get_mut(base..).unwrap_or(&mut []) {
            if let MdItem::Value { value, .. } = item {
                fix(value);
            }
        }
        Ok(())
    }

    /// The absolute value id of an operand (relative ids count back from the next value
    /// number, in 32-bit arithmetic as LLVM's reader does).
    #[inline]
    pub(crate) fn absolute(&self, ops: &Ops<'_>, raw: u64) -> Result<u64, DecodeError> {
        if !self.relative {
            return Ok(raw);
        }
        let rel = u32::try_from(raw).map_err(|_| ops.bad("relative value id", raw))?;
        Ok(u64::from((self.vals.len() as u32).wrapping_sub(rel)))
    }

    /// The value of the operand `raw` when it refers to a value defined already (the common
    /// case, kept small to be inlined).
    #[inline(always)]
    pub(crate) fn defined_operand(&self, raw: u64) -> Option<(Value, TypeId)> {
        let id = if self.relative {
            (self.vals.len() as u32).wrapping_sub(u32::try_from(raw).ok()?) as usize
        } else {
            usize::try_from(raw).ok()?
        };
        self.vals.get(id).copied()
    }

    /// An operand of a type the record implies: defined already (and of that type), or a
    /// forward reference.
    #[inline(always)]
    pub(crate) fn operand_of(
        &mut self,
        fs: &mut FnState,
        ops: &mut Ops<'_>,
        ty: TypeId,
    ) -> Result<Value, DecodeError> {
        let raw = ops.next()?;
        match self.defined_operand(raw) {
            Some((v, t)) if t == ty => Ok(v),
            _ => self.operand_of_slow(fs, ops, raw, ty),
        }
    }

    #[cold]
    #[inline(never)]
    pub(crate) fn operand_of_slow(
        &mut self,
        fs: &mut FnState,
        ops: &Ops<'_>,
        raw: u64,
        ty: TypeId,
    ) -> Result<Value, DecodeError> {
        let id = self.absolute(ops, raw)?;
        self.value_typed(fs, ops, id, raw, ty)
    }

    /// The value of an absolute id of type `ty`, or a forward reference to it.
    pub(crate) fn value_typed(
        &mut self,
        fs: &mut FnState,
        ops: &Ops<'_>,
        id: u64,
        raw: u64,
        ty: TypeId,
    ) -> Result<Value, DecodeError> {
        if let Some((v, t)) = self.value(id) {
            if t != ty {
                return Err(ops.err(ErrorKind::WrongType {
                    field: "an operand",
                    needed: "of the type its place requires",
                }));
            }
            return Ok(v);
        }
        self.forward(fs, ops, id, raw, ty)
    }

    /// An operand with its type: the value of a defined id, or, for a forward reference, the
    /// type id that follows it in the record.
    #[inline(always)]
    pub(crate) fn operand_pair(
        &mut self,
        fs: &mut FnState,
        ops: &mut Ops<'_>,
    ) -> Result<(Value, TypeId), DecodeError> {
        let raw = ops.next()?;
        match self.defined_operand(raw) {
            Some(vt) => Ok(vt),
            None => self.operand_pair_slow(fs, ops, raw),
        }
    }

    #[cold]
    #[inline(never)]
    fn operand_pair_slow(
        &mut self,
        fs: &mut FnState,
        ops: &mut Ops<'_>,
        raw: u64,
    ) -> Result<(Value, TypeId), DecodeError> {
        let id = self.absolute(ops, raw)?;
        if let Some(vt) = self.value(id) {
            return Ok(vt);
        }
        let raw_ty = ops.next()?;
        let ty = self.type_id(ops, raw_ty)?;
        let v = self.forward(fs, ops, id, raw, ty)?;
        Ok((v, ty))
    }

    /// A placeholder for value `id`, not defined yet, of type `ty`.
    fn forward(
        &mut self,
        fs: &mut FnState,
        ops: &Ops<'_>,
        id: u64,
        raw: u64,
        ty: TypeId,
    ) -> Result<Value, DecodeError> {
        let next = self.vals.len() as u64;
        if id >= next + fs.records_left {
            if self.relative && raw > next {
                return Err(ops.err(ErrorKind::RelativeUnderflow {
                    relative: raw,
                    next,
                }));
            }
            return Err(ops.out_of_range("value", id, next));
        }
        if matches!(
            self.m.types.get(ty),
            None | Some(Type::Void | Type::Label | Type::Metadata | Type::Function { .. })
        ) {
            return Err(ops.err(ErrorKind::WrongType {
                field: "a forward reference",
                needed: "of a type an instruction's result may have",
            }));
        }
        let k = match fs.forward_ids.entry(id) {
            MapEntry::Occupied(e) => {
                let k = *e.get();
                if fs.forward[k as usize].ty != ty {
                    return Err(ops.err(ErrorKind::WrongType {
                        field: "a forward reference",
                        needed: "of the same type as the earlier references to that value",
                    }));
                }
                k
            }
            MapEntry::Vacant(e) => {
                let k = fs.forward.len() as u32;
                if k >= FORWARD {
                    return Err(ops.err(ErrorKind::Full("forward references")));
                }
                e.insert(k);
                fs.forward.push(Forward {
                    id,
                    ty,
                    at: ops.at(),
                });
                k
            }
        };
        Ok(Value::Inst(InstId(FORWARD | k)))
    }

    /// `METADATA_ATTACHMENT: [instid, (kind, node)...]` or `[(kind, node)...]` (the
    /// function's own).
    fn attachments(&mut self, fs: &mut FnState, block: Block<'_>) -> Result<(), DecodeError> {
        if self.kind_ids.len() != self.m.metadata.kinds.len() {
            self.kind_ids = self.m.metadata.kinds.iter().map(|k| k.id).collect();
            self.kind_ids.sort_unstable();
        }
        for rec in block.records() {
            let mut ops = Ops::new(codes::METADATA_ATTACHMENT, &rec);
            if ops.code() != 11 {
                continue;
            }
            let n = ops.all().len();
            if n == 0 {
                return Err(ops.err(ErrorKind::TooFewOperands {
                    needed: 1,
                    found: 0,
                }));
            }
            let inst = if n % 2 == 1 {
                let i = ops.next()?;
                let numbered = fs.body.insts.len() - fs.unnumbered.len();
                if i >= numbered as u64 {
                    return Err(ops.out_of_range("instruction", i, numbered as u64));
                }
                Some(InstId(skip_unnumbered(&fs.unnumbered, i as u32)))
            } else {
                None
            };
            while ops.left() > 0 {
                let kind = ops.next_u32("metadata kind")?;
                if self.kind_ids.binary_search(&kind).is_err() {
                    return Err(ops.out_of_range(
                        "metadata kind",
                        u64::from(kind),
                        self.m.metadata.kinds.len() as u64,
                    ));
                }
                let raw = ops.next()?;
                let node = self.md_id(&ops, raw, fs.md_base)?;
                match self.m.metadata.get(node) {
                    Some(MdItem::Node { .. } | MdItem::Special { .. }) => {}
                    // A function-local value: LLVM drops the rest of the record.
                    Some(MdItem::Value { .. }) if node.0 >= fs.md_base => break,
                    _ => {
                        return Err(ops.err(ErrorKind::WrongType {
                            field: "an attached metadata",
                            needed: "a node",
                        }));
                    }
                }
                let a = Attachment { kind, node };
                match inst {
                    Some(i) => fs.body.attachments.push((i, a)),
                    None => fs.body.fn_attachments.push(a),
                }
            }
        }
        fs.body.settle_attachments();
        Ok(())
    }
}

/// The instruction of the body that instruction number `n` of the bitcode is, the
/// `unnumbered` instructions (ascending body positions) left out of the count: `n` plus the
/// number of them before it. The `j`-th of them has `unnumbered[j] - j` numbered instructions
/// before it, which never decreases with `j`, so that number is found by bisection (an
/// attachment record per instruction of a body of old-form `cmpxchg`s stays linear).
fn skip_unnumbered(unnumbered: &[u32], n: u32) -> u32 {
    let (mut lo, mut hi) = (0, unnumbered.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let before = unnumbered
            .get(mid)
            .map_or(0, |&u| u.saturating_sub(mid as u32));
        if before <= n {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    n + lo as u32
}

/// Gives instruction `id` its debug location (replacing one given before).
fn set_loc(body: &mut Body, id: InstId, loc: DebugLoc) {
    match body.debug_locs.last_mut() {
        Some((last, l)) if *last == id => *l = loc,
        _ => body.debug_locs.push((id, loc)),
    }
}

#[cfg(test)]
mod tests {
    use super::skip_unnumbered;

    #[test]
    fn numbered_instructions_skip_the_unnumbered_before_them() {
        // body positions 0..8, of which 1, 2 and 5 have no number: numbers 0..5 are 0, 3, 4, 6, 7
        let unnumbered = [1, 2, 5];
        let positions: Vec<u32> = (0..5).map(|n| skip_unnumbered(&unnumbered, n)).collect();
        assert_eq!(positions, [0, 3, 4, 6, 7]);
        assert_eq!(skip_unnumbered(&[], 4), 4);
        assert_eq!(skip_unnumbered(&[0], 0), 1);
    }
}
