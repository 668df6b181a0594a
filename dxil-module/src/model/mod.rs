//! The module model: one in-memory form of a DXIL module, whichever reader made it (the
//! bitcode decoder of [`crate::bitcode`] or the text reader of [`crate::text`]), and the one
//! the printer, the writer, the lint and the readers of `dxil_ops::read` work on.
//!
//! It is LLVM 3.7's IR as DXIL uses it, kept compact: every type, constant and name is held
//! once ([`Types`], [`Constants`], [`Symbols`]) and referred to by a 4-byte id; an operand is
//! a [`Value`] (8 bytes). What varies in length is kept in one list per kind, each item
//! holding a [`Run`] of it, so that items need no allocation of their own: a function body
//! holds its instructions in one list ([`Body::insts`]), each block's a run of it
//! ([`Block::insts`]), and the operand lists of its calls and `getelementptr`s in another
//! ([`Body::operands`], [`Operands`]), so an instruction ([`Inst`], 56 bytes) allocates
//! nothing; the metadata keeps the operands of its tuples, the bytes of its strings and the
//! lists of its named metadata in pools of [`Metadata`]. Values and types are checked by the
//! readers, not by the model: a model made by hand may hold a call whose arguments do not
//! match its function type, and the lint is what says so.
//!
//! ```
//! use dxil_module::model::{Module, Type};
//!
//! let mut m = Module::new();
//! let i32_ty = m.types.int(32);
//! let c = m.int_const(i32_ty, 7);
//! assert_eq!(m.const_int(c), Some(7));
//! assert_eq!(m.types.get(i32_ty), Some(&Type::Int(32)));
//! ```

pub(crate) mod attributes;
mod constant;
mod global;
mod inst;
mod metadata;
mod run;
mod symbols;
mod types;
mod value;

pub use attributes::{Attr, AttrGroup, AttrList, AttrListId, LAST_LLVM37_KIND};
pub use constant::{ConstExpr, ConstKind, Constant, Constants};
pub use global::{Block, Body, Comdat, DebugLoc, Function, Global, GlobalProps, Linkage};
pub use inst::{
    Attachment, BinOp, Call, CastOp, FastMath, Inst, InstKind, Operands, Ordering, Predicate,
    RmwOp, Tail,
};
pub use metadata::{MdItem, MdKind, Metadata, NamedMd};
pub use run::Run;
pub use symbols::{Sym, Symbols, SymbolsFull};
pub use types::{NamedStruct, Type, TypeId, Types};
pub use value::{BlockId, ConstId, FuncId, GlobalId, InstId, MdId, Value};

/// A module.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Module {
    /// The `MODULE_CODE_VERSION` of the bitcode: 1 (relative operand ids) for LLVM 3.7 and
    /// DXIL; 0 for older writers.
    pub version: u32,
    /// `target triple` (`dxil-ms-dx`).
    pub triple: Option<String>,
    /// `target datalayout`.
    pub datalayout: Option<String>,
    /// `source_filename`, when the input says it (LLVM 3.7 bitcode does not).
    pub source_filename: Option<String>,
    /// Module-level inline assembly (`module asm`), if any.
    pub asm: Option<String>,
    /// The producer of the identification block (LLVM 3.8 and later), if any.
    pub producer: Option<String>,
    /// The names of the module: of values, blocks, struct types, named metadata.
    pub symbols: Symbols,
    /// The types.
    pub types: Types,
    /// The constants.
    pub constants: Constants,
    /// The attribute groups (`attributes #N = { ... }`).
    pub attr_groups: Vec<AttrGroup>,
    /// The attribute lists functions and calls refer to by [`AttrListId`].
    pub attr_lists: Vec<AttrList>,
    /// The global variables, in order.
    pub globals: Vec<Global>,
    /// The functions, declared and defined, in order.
    pub functions: Vec<Function>,
    /// The metadata.
    pub metadata: Metadata,
    /// Section names globals and functions refer to.
    pub sections: Vec<Box<[u8]>>,
    /// Garbage collector names functions refer to.
    pub gc_names: Vec<Box<[u8]>>,
    /// Comdats globals and functions refer to.
    pub comdats: Vec<Comdat>,
    /// The names of the module's symbol table (of globals and functions) in the order the
    /// bitcode read listed them, which the writer keeps (LLVM lists them in the order of its
    /// hash table); names not in it follow, in the order they were added to
    /// [`Module::symbols`]. Empty for a module read from text or built.
    pub symtab_order: Vec<Sym>,
}

impl Module {
    /// An empty module.
    pub fn new() -> Module {
        Module::default()
    }

    /// The global variable of an id.
    pub fn global(&self, id: GlobalId) -> Option<&Global> {
        self.globals.get(id.index())
    }

    /// The function of an id.
    pub fn function(&self, id: FuncId) -> Option<&Function> {
        self.functions.get(id.index())
    }

    /// The constant of an id.
    pub fn constant(&self, id: ConstId) -> Option<&Constant> {
        self.constants.get(id)
    }

    /// The first function called `name`.
    pub fn function_named(&self, name: &str) -> Option<FuncId> {
        let sym = self.symbols.find(name.as_bytes())?;
        self.functions
            .iter()
            .position(|f| f.name == Some(sym))
            .map(|i| FuncId(i as u32))
    }

    /// The name of a function, if it has one and it is UTF-8.
    pub fn function_name(&self, id: FuncId) -> Option<&str> {
        self.symbols.str(self.function(id)?.name?)
    }

    /// The type of a value, in the body of `function` when the value is an argument or an
    /// instruction's result; `None` when the value refers to nothing.
    pub fn value_type(&self, function: Option<FuncId>, value: Value) -> Option<TypeId> {
        match value {
            Value::Global(g) => Some(self.global(g)?.ptr_ty),
            Value::Function(f) => Some(self.function(f)?.ptr_ty),
            Value::Const(c) => Some(self.constant(c)?.ty),
            Value::Arg(n) => {
                let f = self.function(function?)?;
                match self.types.get(f.ty)? {
                    Type::Function { params, .. } => params.get(n as usize).copied(),
                    _ => None,
                }
            }
            Value::Inst(i) => {
                let body = self.function(function?)?.body.as_ref()?;
                Some(body.inst(i)?.ty)
            }
            Value::Metadata(_) => self
                .types
                .iter()
                .find(|(_, t)| matches!(t, Type::Metadata))
                .map(|(id, _)| id),
        }
    }

    /// The value of an integer constant of at most 64 bits, sign-extended from its width.
    pub fn const_int(&self, id: ConstId) -> Option<i64> {
        let c = self.constant(id)?;
        match c.kind {
            ConstKind::Int(v) => Some(v),
            ConstKind::Null if self.types.int_width(c.ty).is_some() => Some(0),
            _ => None,
        }
    }

    /// The constant integer `value` of type `ty` (an integer type), truncated to its width
    /// and sign-extended as [`ConstKind::Int`] holds it, [`ConstKind::Null`] when it is 0 (as
    /// LLVM holds a zero); added if new.
    pub fn int_const(&mut self, ty: TypeId, value: i64) -> ConstId {
        let width = self.types.int_width(ty).unwrap_or(64);
        let kind = match sign_extend(value, width) {
            0 => ConstKind::Null,
            v => ConstKind::Int(v),
        };
        self.constants.intern(Constant { ty, kind })
    }

    /// The struct, array or vector constant of type `ty` with these elements, in the form LLVM
    /// gives it: [`ConstKind::Null`] when every element is zero, [`ConstKind::Undef`] when
    /// every one is `undef`, [`ConstKind::Data`] for an array or vector of integers of 8, 16,
    /// 32 or 64 bits or of `float` or `double` constants, else [`ConstKind::Aggregate`] (so
    /// also for `half` elements, which LLVM 3.7 keeps as an aggregate of constants: its reader
    /// refuses `DATA` records of them); added if new. Both readers make aggregates through it.
    pub fn aggregate_const(&mut self, ty: TypeId, elements: Vec<Value>) -> ConstId {
        let kind = self.aggregate_kind(ty, elements);
        self.constants.intern(Constant { ty, kind })
    }

    fn aggregate_kind(&self, ty: TypeId, elements: Vec<Value>) -> ConstKind {
        let kind_of = |v: &Value| {
            v.as_const()
                .and_then(|c| self.constants.get(c))
                .map(|c| &c.kind)
        };
        if !elements.is_empty() {
            if elements
                .iter()
                .all(|v| matches!(kind_of(v), Some(ConstKind::Null)))
            {
                return ConstKind::Null;
            }
            if elements
                .iter()
                .all(|v| matches!(kind_of(v), Some(ConstKind::Undef)))
            {
                return ConstKind::Undef;
            }
        }
        let width = match self.types.get(ty) {
            Some(Type::Array { elem, .. } | Type::Vector { elem, .. }) => {
                match self.types.get(*elem) {
                    Some(Type::Int(w)) => matches!(w, 8 | 16 | 32 | 64).then_some(*w),
                    Some(Type::Float) => Some(32),
                    Some(Type::Double) => Some(64),
                    _ => None,
                }
            }
            _ => None,
        };
        if let Some(width) = width {
            let mask = u64::MAX >> (64 - width);
            let data: Option<Vec<u64>> = elements
                .iter()
                .map(|v| match kind_of(v) {
                    Some(ConstKind::Null) => Some(0),
                    Some(ConstKind::Int(i)) => Some(*i as u64 & mask),
                    Some(ConstKind::Float(bits)) => Some(*bits),
                    _ => None,
                })
                .collect();
            if let Some(data) = data {
                return ConstKind::Data(data);
            }
        }
        ConstKind::Aggregate(elements)
    }

    /// `undef` of type `ty`, added if new.
    pub fn undef(&mut self, ty: TypeId) -> ConstId {
        self.constants.intern(Constant {
            ty,
            kind: ConstKind::Undef,
        })
    }

    /// Inserts `inst` into block `block` of the body of `function` before its instruction
    /// `at`, as [`Body::insert_inst`] does, and moves the references to the instructions
    /// after it that the function's local metadata holds (`metadata float %x` operands). Gives
    /// the new instruction's id; `None` (and the module unchanged) when there is no such
    /// function body, block or place.
    pub fn insert_inst(
        &mut self,
        function: FuncId,
        block: BlockId,
        at: usize,
        inst: Inst,
    ) -> Option<InstId> {
        let body = self.functions.get_mut(function.index())?.body.as_mut()?;
        let id = body.insert_inst(block, at, inst)?;
        let mut local: Vec<MdId> = Vec::new();
        for inst in &body.insts {
            body.for_each_operand(&inst.kind, |v| {
                if let Value::Metadata(md) = v {
                    local.push(md);
                }
            });
        }
        local.sort_unstable();
        local.dedup();
        for md in local {
            if let Some(MdItem::Value {
                value: Value::Inst(i),
                ..
            }) = self.metadata.items.get_mut(md.index())
                && i.0 >= id.0
            {
                i.0 += 1;
            }
        }
        Some(id)
    }

    /// The calls of a function body whose callee is a function, with their ids.
    pub fn calls<'m>(
        &'m self,
        body: &'m Body,
    ) -> impl Iterator<Item = (InstId, &'m Inst, &'m Call, FuncId)> + 'm {
        body.iter().filter_map(|(id, inst)| match &inst.kind {
            InstKind::Call(call) => match call.callee {
                Value::Function(f) => Some((id, inst, call, f)),
                _ => None,
            },
            _ => None,
        })
    }
}

/// `value` truncated to `width` bits and sign-extended back to 64 (as LLVM's
/// `getSExtValue` of a constant of that width); widths of 64 and more leave it as it is.
pub fn sign_extend(value: i64, width: u32) -> i64 {
    if width == 0 || width >= 64 {
        return value;
    }
    let shift = 64 - width;
    (value << shift) >> shift
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sign_extension_follows_the_width() {
        assert_eq!(sign_extend(255, 8), -1);
        assert_eq!(sign_extend(1, 1), -1);
        assert_eq!(sign_extend(2, 1), 0);
        assert_eq!(sign_extend(256, 8), 0);
        assert_eq!(sign_extend(i64::MIN, 64), i64::MIN);
    }

    #[test]
    fn constants_and_types_are_held_once() {
        let mut m = Module::new();
        let a = m.types.int(32);
        let b = m.types.int(32);
        assert_eq!(a, b);
        let x = m.int_const(a, 4);
        let y = m.int_const(a, 4);
        assert_eq!(x, y);
        assert_eq!(m.constants.len(), 1);
        let i1 = m.types.int(1);
        let t = m.int_const(i1, 1);
        assert_eq!(m.const_int(t), Some(-1));
    }

    #[test]
    fn symbols_round_trip() {
        let mut s = Symbols::new();
        let a = s.intern(b"dx.op.unary.f32").expect("room");
        let b = s.intern(b"x").expect("room");
        assert_eq!(s.intern(b"x").expect("room"), b);
        assert_eq!(s.str(a), Some("dx.op.unary.f32"));
        assert_eq!(s.len(), 2);
    }
}
