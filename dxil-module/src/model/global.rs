//! Global variables and functions, with their bodies.

use super::inst::Attachment;
use super::{
    AttrListId, BlockId, Call, Inst, InstId, InstKind, MdId, Operands, Run, Sym, TypeId, Value,
};

/// The linkage of a global variable or function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Linkage {
    /// `external` (the default, not written).
    #[default]
    External,
    /// `available_externally`.
    AvailableExternally,
    /// `linkonce`.
    LinkOnceAny,
    /// `linkonce_odr`.
    LinkOnceOdr,
    /// `weak`.
    WeakAny,
    /// `weak_odr`.
    WeakOdr,
    /// `appending`.
    Appending,
    /// `internal`.
    Internal,
    /// `private`.
    Private,
    /// `extern_weak`.
    ExternalWeak,
    /// `common`.
    Common,
}

impl Linkage {
    /// The linkage of a bitcode code, the codes of older writers included.
    pub fn from_code(code: u64) -> Option<Linkage> {
        Some(match code {
            0 | 5 | 6 | 15 => Linkage::External,
            2 => Linkage::Appending,
            3 => Linkage::Internal,
            7 => Linkage::ExternalWeak,
            8 => Linkage::Common,
            9 | 13 | 14 => Linkage::Private,
            12 => Linkage::AvailableExternally,
            1 | 16 => Linkage::WeakAny,
            10 | 17 => Linkage::WeakOdr,
            4 | 18 => Linkage::LinkOnceAny,
            11 | 19 => Linkage::LinkOnceOdr,
            _ => return None,
        })
    }

    /// The code LLVM 3.7 writes for it.
    pub fn code(self) -> u64 {
        match self {
            Linkage::External => 0,
            Linkage::WeakAny => 16,
            Linkage::Appending => 2,
            Linkage::Internal => 3,
            Linkage::LinkOnceAny => 18,
            Linkage::ExternalWeak => 7,
            Linkage::Common => 8,
            Linkage::Private => 9,
            Linkage::WeakOdr => 17,
            Linkage::LinkOnceOdr => 19,
            Linkage::AvailableExternally => 12,
        }
    }

    /// Its keyword in LLVM IR text (empty for `external`, which is not written).
    pub fn keyword(self) -> &'static str {
        match self {
            Linkage::External => "",
            Linkage::AvailableExternally => "available_externally",
            Linkage::LinkOnceAny => "linkonce",
            Linkage::LinkOnceOdr => "linkonce_odr",
            Linkage::WeakAny => "weak",
            Linkage::WeakOdr => "weak_odr",
            Linkage::Appending => "appending",
            Linkage::Internal => "internal",
            Linkage::Private => "private",
            Linkage::ExternalWeak => "extern_weak",
            Linkage::Common => "common",
        }
    }
}

/// The properties a global variable and a function share, as the bitcode stores them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct GlobalProps {
    /// The linkage.
    pub linkage: Linkage,
    /// The alignment in bytes; 0 when none is given.
    pub align: u32,
    /// The section: an index into [`Module::sections`](super::Module::sections).
    pub section: Option<u32>,
    /// The visibility: 0 default, 1 `hidden`, 2 `protected`.
    pub visibility: u8,
    /// The DLL storage class: 0 default, 1 `dllimport`, 2 `dllexport`.
    pub dll_storage: u8,
    /// `unnamed_addr`.
    pub unnamed_addr: bool,
    /// The comdat: an index into [`Module::comdats`](super::Module::comdats).
    pub comdat: Option<u32>,
}

/// A global variable: `@name = [linkage] [addrspace(N)] global|constant T [init]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Global {
    /// The name, without `@`; `None` for an unnamed global (printed as `@N`).
    pub name: Option<Sym>,
    /// The type of its value.
    pub value_ty: TypeId,
    /// The type of the global itself: a pointer to `value_ty` in `addrspace`.
    pub ptr_ty: TypeId,
    /// The address space (DXIL: 0 for local memory, 3 for groupshared, ...).
    pub addrspace: u32,
    /// `constant` rather than `global`.
    pub constant: bool,
    /// The initializer; `None` for an external declaration.
    pub init: Option<Value>,
    /// The thread-local mode: 0 none, 1 general dynamic, 2 local dynamic, 3 initial exec,
    /// 4 local exec.
    pub thread_local: u8,
    /// `externally_initialized`.
    pub externally_initialized: bool,
    /// Linkage, alignment, section, ...
    pub props: GlobalProps,
}

/// A function: declared, or defined with a [`Body`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Function {
    /// The name, without `@`.
    pub name: Option<Sym>,
    /// The function type.
    pub ty: TypeId,
    /// The type of the function as a value: a pointer to `ty`.
    pub ptr_ty: TypeId,
    /// The calling convention (0 is `ccc`).
    pub cc: u32,
    /// The attributes of the function, its result and its parameters.
    pub attrs: Option<AttrListId>,
    /// The garbage collector: an index into [`Module::gc_names`](super::Module::gc_names).
    pub gc: Option<u32>,
    /// The prologue data.
    pub prologue: Option<Value>,
    /// The prefix data.
    pub prefix: Option<Value>,
    /// The personality function.
    pub personality: Option<Value>,
    /// Linkage, alignment, section, ...
    pub props: GlobalProps,
    /// The body; `None` for a declaration.
    pub body: Option<Body>,
    /// Where it came from in the input: the line of its `declare` or `define` in the LLVM IR
    /// text it was read from, or in the text the printer makes of it
    /// ([`number_lines`](crate::text::number_lines)); 0 when it has none (a module made by
    /// hand or decoded from bitcode, a declaration the lenient reader made from a call).
    pub line: u32,
}

impl Function {
    /// A declaration of type `ty` (`ptr_ty` being a pointer to it) named `name`: `ccc`, no
    /// attributes, external linkage, no body.
    pub fn declaration(name: Option<Sym>, ty: TypeId, ptr_ty: TypeId) -> Function {
        Function {
            name,
            ty,
            ptr_ty,
            cc: 0,
            attrs: None,
            gc: None,
            prologue: None,
            prefix: None,
            personality: None,
            props: GlobalProps::default(),
            body: None,
            line: 0,
        }
    }
}

/// The body of a defined function.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Body {
    /// The names of the arguments (`None` for an unnamed one, printed as `%N`).
    pub arg_names: Vec<Option<Sym>>,
    /// The basic blocks, the entry block first.
    pub blocks: Vec<Block>,
    /// Every instruction, referred to by [`InstId`] (its position here), each block's in one
    /// run ([`Block::insts`]), block after block as the readers make them
    /// ([`Body::insert_inst`] keeps it so).
    pub insts: Vec<Inst>,
    /// The operand lists of the instructions ([`Operands`]: a call's arguments, a
    /// `getelementptr`'s operands), one after another.
    pub operands: Vec<Value>,
    /// Metadata attached to instructions, in the order of the instructions, one attachment
    /// per kind on an instruction ([`Body::settle_attachments`] makes it so).
    pub attachments: Vec<(InstId, Attachment)>,
    /// Debug locations of instructions, in the order of the instructions.
    pub debug_locs: Vec<(InstId, DebugLoc)>,
    /// Metadata attached to the function itself.
    pub fn_attachments: Vec<Attachment>,
    /// The names of the body's symbol table (of arguments, results and blocks) in the order
    /// the bitcode read listed them, as [`Module::symtab_order`](super::Module::symtab_order)
    /// is for the module's.
    pub symtab_order: Vec<Sym>,
}

/// A basic block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Block {
    /// The label, without `%`; `None` for an unnamed block.
    pub name: Option<Sym>,
    /// Its instructions, in order, the last one the terminator: a run of
    /// [`Body::insts`] ([`Body::block_insts`] gives them, [`Block::inst_ids`] their ids).
    pub insts: Run,
}

impl Block {
    /// The ids of its instructions, in order.
    pub fn inst_ids(&self) -> impl DoubleEndedIterator<Item = InstId> + ExactSizeIterator {
        let Run { start, len } = self.insts;
        (start..start.saturating_add(len)).map(InstId)
    }

    /// The id of its last instruction (the terminator); `None` for an empty block.
    pub fn last(&self) -> Option<InstId> {
        self.inst_ids().next_back()
    }
}

/// The source location of an instruction (`!dbg`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DebugLoc {
    /// The line.
    pub line: u32,
    /// The column.
    pub col: u32,
    /// The scope (a subprogram or a lexical block).
    pub scope: Option<MdId>,
    /// Where it was inlined at (a location).
    pub inlined_at: Option<MdId>,
}

/// A comdat: `$name = comdat any`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Comdat {
    /// The name, without `$`.
    pub name: Box<[u8]>,
    /// The selection kind: 1 `any`, 2 `exactmatch`, 3 `largest`, 4 `noduplicates`,
    /// 5 `samesize`.
    pub selection: u32,
}

impl Body {
    /// The instruction of an id, or `None` for an id out of range.
    pub fn inst(&self, id: InstId) -> Option<&Inst> {
        self.insts.get(id.index())
    }

    /// The instructions in block order, with their ids.
    pub fn iter(&self) -> impl Iterator<Item = (InstId, &Inst)> {
        self.blocks
            .iter()
            .flat_map(Block::inst_ids)
            .filter_map(|id| self.inst(id).map(|inst| (id, inst)))
    }

    /// The block of an id, or `None` for an id out of range.
    pub fn block(&self, b: BlockId) -> Option<&Block> {
        self.blocks.get(b.index())
    }

    /// The instructions of block `b`, in order (empty for a block out of range).
    pub fn block_insts(&self, b: BlockId) -> &[Inst] {
        self.block(b).map_or(&[], |b| b.insts.of(&self.insts))
    }

    /// Puts [`Body::attachments`] in the order of the instructions (a stable sort) and keeps
    /// one attachment per kind on an instruction: the node attached last, in the place of the
    /// first. That is how LLVM attaches metadata to an instruction (an attachment replaces the
    /// one of its kind), and how both readers leave a body, whatever order and repeats their
    /// input has. The function's own attachments ([`Body::fn_attachments`]) stay as they are:
    /// LLVM keeps a kind repeated there.
    pub fn settle_attachments(&mut self) {
        if !self.attachments.is_sorted_by_key(|(i, _)| *i) {
            self.attachments.sort_by_key(|(i, _)| *i);
        }
        // `kept` settled so far, those of the last instruction from `run` on
        let (mut kept, mut run) = (0, 0);
        for k in 0..self.attachments.len() {
            let (i, a) = self.attachments[k];
            if kept == 0 || self.attachments[kept - 1].0 != i {
                run = kept;
            }
            match self.attachments[run..kept]
                .iter_mut()
                .find(|b| b.1.kind == a.kind)
            {
                Some(b) => b.1.node = a.node,
                None => {
                    self.attachments[kept] = (i, a);
                    kept += 1;
                }
            }
        }
        self.attachments.truncate(kept);
    }

    /// Inserts `inst` into block `block` before its instruction `at` (at its end when `at` is
    /// its number of instructions), at the same position of [`Body::insts`]: the
    /// instructions from there on, and every reference to them (operands, attachments, debug
    /// locations), move up by one. Gives the new instruction's id; `None` (and the body
    /// unchanged) when there is no such block or place, or the body is full. Metadata items
    /// that hold a result of the body (function-local metadata) are the caller's to move
    /// ([`Module::insert_inst`](super::Module::insert_inst) does).
    pub fn insert_inst(&mut self, block: BlockId, at: usize, inst: Inst) -> Option<InstId> {
        let b = *self.block(block)?;
        if at > b.insts.len() || self.insts.len() >= u32::MAX as usize {
            return None;
        }
        let pos = b.insts.start.checked_add(at as u32)?;
        if pos as usize > self.insts.len() {
            return None;
        }
        let shift = |i: &mut InstId| {
            if i.0 >= pos {
                i.0 += 1;
            }
        };
        self.remap_operands(
            |v| {
                if let Value::Inst(i) = v {
                    shift(i);
                }
            },
            |_| {},
        );
        self.attachments.iter_mut().for_each(|(i, _)| shift(i));
        self.debug_locs.iter_mut().for_each(|(i, _)| shift(i));
        for (k, other) in self.blocks.iter_mut().enumerate() {
            if k == block.index() {
                other.insts.len += 1;
            } else if other.insts.start >= pos {
                other.insts.start += 1;
            }
        }
        self.insts.insert(pos as usize, inst);
        Some(InstId(pos))
    }

    /// The instructions of block `block`, in order, with their ids (none for a block out of
    /// range).
    pub fn block_iter(&self, block: BlockId) -> impl Iterator<Item = (InstId, &Inst)> {
        self.block(block)
            .into_iter()
            .flat_map(Block::inst_ids)
            .filter_map(|id| self.inst(id).map(|inst| (id, inst)))
    }

    /// Adds `inst` right before instruction `at` in its block, as
    /// [`Body::insert_inst`] does (`at` and the instructions after it move up by one); the
    /// new instruction's id, or `None` when no block holds `at` or the body is full.
    pub fn insert_before(&mut self, at: InstId, inst: Inst) -> Option<InstId> {
        let (block, position) = self.blocks.iter().enumerate().find_map(|(b, blk)| {
            let offset = at.0.checked_sub(blk.insts.start)?;
            (offset < blk.insts.len).then_some((b, offset as usize))
        })?;
        self.insert_inst(BlockId(u32::try_from(block).ok()?), position, inst)
    }

    /// The number of basic blocks.
    pub fn block_count(&self) -> usize {
        self.blocks.len()
    }

    /// The values of an operand list of this body (empty when it is not one of this body's).
    pub fn values(&self, operands: Operands) -> &[Value] {
        self.operands.get(operands.range()).unwrap_or(&[])
    }

    /// The arguments of a call of this body.
    pub fn args(&self, call: &Call) -> &[Value] {
        self.values(call.args)
    }

    /// Adds an operand list at the end of [`Body::operands`]; `None` when the body would hold
    /// more than `u32::MAX` operands.
    pub fn add_operands(&mut self, values: &[Value]) -> Option<Operands> {
        Operands::append(&mut self.operands, values)
    }

    /// Calls `fv` on every value operand and `fb` on every block operand of every instruction
    /// ([`InstKind::remap_operands`] and the lists of [`Body::operands`]), to change them.
    pub fn remap_operands(
        &mut self,
        mut fv: impl FnMut(&mut Value),
        mut fb: impl FnMut(&mut BlockId),
    ) {
        for inst in &mut self.insts {
            inst.kind.remap_operands(&mut fv, &mut fb);
        }
        self.operands.iter_mut().for_each(fv);
    }

    /// Calls `f` on every value operand of an instruction of this body, in the order LLVM
    /// lists them.
    pub fn for_each_operand(&self, kind: &InstKind, mut f: impl FnMut(Value)) {
        match kind {
            InstKind::Ret(v) => v.iter().copied().for_each(f),
            InstKind::Br(_) | InstKind::Unreachable | InstKind::Fence { .. } => {}
            InstKind::CondBr { cond, .. } => f(*cond),
            InstKind::Switch { value, cases, .. } => {
                f(*value);
                cases.iter().for_each(|(c, _)| f(Value::Const(*c)));
            }
            InstKind::Binary { lhs, rhs, .. } | InstKind::Cmp { lhs, rhs, .. } => {
                f(*lhs);
                f(*rhs);
            }
            InstKind::Cast { value, .. } => f(*value),
            InstKind::GetElementPtr { operands, .. } => {
                self.values(*operands).iter().copied().for_each(f)
            }
            InstKind::Load { ptr, .. } => f(*ptr),
            InstKind::Store { ptr, value, .. } => {
                f(*value);
                f(*ptr);
            }
            InstKind::Alloca { count, .. } => f(*count),
            InstKind::Phi { incoming } => incoming.iter().for_each(|(v, _)| f(*v)),
            InstKind::Call(call) => {
                self.values(call.args).iter().copied().for_each(&mut f);
                f(call.callee);
            }
            InstKind::Select {
                cond,
                then,
                otherwise,
            } => {
                f(*cond);
                f(*then);
                f(*otherwise);
            }
            InstKind::ExtractValue { aggregate, .. } => f(*aggregate),
            InstKind::InsertValue {
                aggregate, value, ..
            } => {
                f(*aggregate);
                f(*value);
            }
            InstKind::ExtractElement { vector, index } => {
                f(*vector);
                f(*index);
            }
            InstKind::InsertElement {
                vector,
                element,
                index,
            } => {
                f(*vector);
                f(*element);
                f(*index);
            }
            InstKind::ShuffleVector { a, b, mask } => {
                f(*a);
                f(*b);
                f(*mask);
            }
            InstKind::AtomicRmw { ptr, value, .. } => {
                f(*ptr);
                f(*value);
            }
            InstKind::CmpXchg { ptr, cmp, new, .. } => {
                f(*ptr);
                f(*cmp);
                f(*new);
            }
        }
    }
}
