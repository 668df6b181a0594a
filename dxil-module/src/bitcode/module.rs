//! The decoder's state, the top level and the module block: its records (globals, functions,
//! strings) and blocks, and the checks once it has been read.

use super::codes::{self, At};
use super::names::{Names, Suffix};
use super::ops::{Ops, bytes, string};
use super::{DecodeError, ErrorKind};
use crate::bitstream::{Bitstream, Block, Entry};
use crate::model::{
    AttrListId, Comdat, FuncId, Function, Global, GlobalId, GlobalProps, Linkage, Module, Type,
    TypeId, Value,
};

/// What a value id of an initializer, prologue, prefix or personality fills.
#[derive(Clone, Copy)]
enum InitOf {
    Global(GlobalId),
    Prologue(FuncId),
    Prefix(FuncId),
    Personality(FuncId),
}

/// The decoder: the module being filled and the tables of the bitcode that map its ids.
pub(crate) struct Decoder {
    pub m: Module,
    /// Operand ids are relative to the instruction's value number (module version 1).
    pub relative: bool,
    /// The value list, each value with its type: module values (globals, functions,
    /// constants), then, while a body is read, its arguments, constants and results.
    pub vals: Vec<(Value, TypeId)>,
    /// The functions with bodies, in the order their bodies come.
    pub bodies: Vec<FuncId>,
    /// How many bodies have been read.
    pub bodies_read: usize,
    /// The number of module-level metadata items.
    pub md_module: u32,
    /// A function block has been read (module metadata may not come after one).
    pub seen_body: bool,
    /// The type table, the attribute groups and lists have been read (each may come once).
    pub seen_types: bool,
    pub seen_groups: bool,
    pub seen_lists: bool,
    /// The metadata kind ids, once they came out of order (to find one defined twice).
    pub kind_set: Option<std::collections::HashSet<u32>>,
    /// The metadata kind ids, sorted, for attachments (made at the first one).
    pub kind_ids: Vec<u32>,
    /// A buffer for names.
    pub scratch: Vec<u8>,
    /// A buffer for the parameter types of a function or call.
    pub params: Vec<TypeId>,
    /// The function type whose parameters `params` holds for calls, with its result type,
    /// whether it takes more arguments and whether its parameters are all values (no
    /// `metadata` or `label`).
    pub last_call: Option<(TypeId, TypeId, bool, bool)>,
    /// The `void` type, once interned.
    pub void: Option<TypeId>,
    /// The names of struct types, of globals and functions, and of the body being read, each
    /// given once ([`Names`]).
    pub struct_names: Names,
    pub global_names: Names,
    pub local_names: Names,
    inits: Vec<(InitOf, u64, At)>,
}

/// Decodes the blocks of a parsed bitstream: one `MODULE_BLOCK`, the `IDENTIFICATION_BLOCK`
/// if any; other top-level blocks are skipped.
pub(crate) fn decode_stream(stream: &Bitstream) -> Result<Module, DecodeError> {
    let mut module = None;
    let mut producer = None;
    for block in stream.blocks() {
        match block.id() {
            codes::MODULE => {
                if module.is_some() {
                    return Err(At::block(&block, "one MODULE_BLOCK").err(ErrorKind::Repeated));
                }
                let mut d = Decoder::new();
                d.module_block(block)?;
                module = Some(d.finish(&block)?);
            }
            codes::IDENTIFICATION => producer = identification(block)?,
            _ => {}
        }
    }
    let mut m =
        module.ok_or_else(|| DecodeError::new(32, "a MODULE_BLOCK", ErrorKind::NoModule))?;
    m.producer = producer;
    Ok(m)
}

/// The producer string of an `IDENTIFICATION_BLOCK`.
fn identification(block: Block<'_>) -> Result<Option<String>, DecodeError> {
    let mut producer = None;
    for rec in block.records() {
        let mut ops = Ops::new(codes::IDENTIFICATION, &rec);
        if ops.code() == 1 {
            let s = string(&ops, ops.all())?;
            ops.rest();
            producer = Some(String::from_utf8_lossy(&s).into_owned());
        }
    }
    Ok(producer)
}

impl Decoder {
    fn new() -> Decoder {
        Decoder {
            m: Module::new(),
            relative: false,
            vals: Vec::new(),
            bodies: Vec::new(),
            bodies_read: 0,
            md_module: 0,
            seen_body: false,
            seen_types: false,
            seen_groups: false,
            seen_lists: false,
            kind_set: None,
            kind_ids: Vec::new(),
            // room for the longest names of a usual module, so that it seldom grows
            scratch: Vec::with_capacity(256),
            params: Vec::new(),
            last_call: None,
            void: None,
            struct_names: Names::new(Suffix::Struct),
            global_names: Names::new(Suffix::Global),
            local_names: Names::new(Suffix::Local),
            inits: Vec::new(),
        }
    }

    /// The value of an id and its type, if it is defined.
    #[inline]
    pub(crate) fn value(&self, id: u64) -> Option<(Value, TypeId)> {
        let i = usize::try_from(id).ok()?;
        self.vals.get(i).copied()
    }

    /// The value of an id and its type; an error naming `at` if it is not defined.
    pub(crate) fn defined(&self, at: At, id: u64) -> Result<(Value, TypeId), DecodeError> {
        self.value(id)
            .ok_or_else(|| at.out_of_range("value", id, self.vals.len() as u64))
    }

    /// Adds a value to the list.
    #[inline]
    pub(crate) fn push_value(&mut self, v: Value, ty: TypeId) {
        self.vals.push((v, ty));
    }

    fn module_block(&mut self, block: Block<'_>) -> Result<(), DecodeError> {
        // Room for the globals and functions the records declare (each record is there), and
        // in the value list for them, the module's constants and the values of the largest
        // body (at most one per entry of its block), so that the list is allocated once.
        let (mut globals, mut functions, mut constants, mut body) = (0, 0, 0, 0);
        for entry in block.entries() {
            match entry {
                Entry::Record(rec) => match rec.code() {
                    7 => globals += 1,
                    8 => functions += 1,
                    _ => {}
                },
                Entry::Block(b) if b.id() == codes::CONSTANTS => constants += b.entry_count(),
                Entry::Block(b) if b.id() == codes::FUNCTION => body = body.max(b.entry_count()),
                _ => {}
            }
        }
        // Room for the names of a usual module (struct types, functions, named metadata).
        self.m.symbols.reserve(32, 512);
        self.m.globals.reserve(globals);
        self.m.functions.reserve(functions);
        self.vals.reserve(globals + functions + constants + body);
        for entry in block.entries() {
            match entry {
                Entry::Block(b) => match b.id() {
                    codes::PARAMATTR_GROUP => self.attr_groups(b)?,
                    codes::PARAMATTR => self.attr_lists(b)?,
                    codes::TYPE => self.type_table(b)?,
                    codes::CONSTANTS => self.constants(b)?,
                    codes::METADATA => {
                        if self.seen_body {
                            return Err(At::block(
                                &b,
                                "module metadata before the function bodies",
                            )
                            .err(ErrorKind::Unsupported(
                                "a module METADATA_BLOCK after a FUNCTION_BLOCK",
                            )));
                        }
                        self.metadata(b)?;
                        self.md_module = self.m.metadata.items.len() as u32;
                    }
                    codes::METADATA_KIND => self.metadata_kinds(b)?,
                    codes::VALUE_SYMTAB => self.module_symtab(b)?,
                    codes::FUNCTION => {
                        self.seen_body = true;
                        self.function_block(b)?;
                    }
                    _ => {}
                },
                Entry::Record(rec) => self.module_record(Ops::new(codes::MODULE, &rec))?,
                Entry::DefineAbbrev(_) => {}
            }
        }
        Ok(())
    }

    fn module_record(&mut self, mut ops: Ops<'_>) -> Result<(), DecodeError> {
        match ops.code() {
            1 => {
                let v = ops.next()?;
                self.relative = match v {
                    0 => false,
                    1 => true,
                    _ => return Err(ops.bad("module version (0 or 1)", v)),
                };
                self.m.version = v as u32;
            }
            2 => self.m.triple = Some(text(&ops)?),
            3 => self.m.datalayout = Some(text(&ops)?),
            4 => self.m.asm = Some(text(&ops)?),
            5 => self
                .m
                .sections
                .push(string(&ops, ops.all())?.into_boxed_slice()),
            7 => self.global_var(ops)?,
            8 => self.function_record(ops)?,
            9 | 14 => {
                return Err(ops.err(ErrorKind::Unsupported(
                    "an alias (DXIL has none and the model holds none)",
                )));
            }
            11 => self
                .m
                .gc_names
                .push(string(&ops, ops.all())?.into_boxed_slice()),
            12 => {
                let selection = ops.next_u32("comdat selection kind")?;
                let size = ops.next()?;
                let rest = ops.rest();
                let name = usize::try_from(size)
                    .ok()
                    .and_then(|n| rest.get(..n))
                    .and_then(bytes)
                    .ok_or_else(|| ops.err(ErrorKind::BadString))?;
                self.m.comdats.push(Comdat {
                    name: name.into_boxed_slice(),
                    selection,
                });
            }
            _ => {}
        }
        Ok(())
    }

    /// `GLOBALVAR: [type, isconst|explicit<<1|addrspace<<2, initid, linkage, alignment,
    /// section, visibility, threadlocal, unnamed_addr, externally_initialized,
    /// dllstorageclass, comdat]`.
    fn global_var(&mut self, mut ops: Ops<'_>) -> Result<(), DecodeError> {
        ops.need(6)?;
        let raw_ty = ops.next()?;
        let ty = self.type_id(&ops, raw_ty)?;
        let flags = ops.next()?;
        let (value_ty, addrspace) = if flags & 2 != 0 {
            let space = u32::try_from(flags >> 2).map_err(|_| ops.bad("address space", flags))?;
            (ty, space)
        } else {
            match self.m.types.get(ty) {
                Some(&Type::Pointer { pointee, addrspace }) => (pointee, addrspace),
                _ => {
                    return Err(ops.err(ErrorKind::WrongType {
                        field: "the type of a global without an explicit type",
                        needed: "a pointer type",
                    }));
                }
            }
        };
        if !self.is_sized_element(value_ty) {
            return Err(ops.err(ErrorKind::WrongType {
                field: "the value type of a global",
                needed: "a type a global can hold",
            }));
        }
        let init = ops.next()?;
        let (mut props, raw_linkage) = self.linkage_align_section(&mut ops)?;
        check_linkage(&ops, props.linkage, init != 0, "the linkage of a global")?;
        let mut thread_local = 0;
        let mut externally_initialized = false;
        if let Some(v) = ops.opt() {
            props.visibility = visibility(v, props.linkage);
        }
        if let Some(v) = ops.opt() {
            thread_local = if v > 4 { 1 } else { v as u8 };
        }
        if let Some(v) = ops.opt() {
            props.unnamed_addr = v != 0;
        }
        if let Some(v) = ops.opt() {
            externally_initialized = v != 0;
        }
        props.dll_storage = dll_storage(ops.opt(), raw_linkage);
        let comdat = ops.opt().unwrap_or(0);
        props.comdat = ops.one_based(comdat, self.m.comdats.len(), "comdat")?;
        let ptr_ty = self.m.types.pointer(value_ty, addrspace);
        let id = GlobalId(self.m.globals.len() as u32);
        self.m.globals.push(Global {
            name: None,
            value_ty,
            ptr_ty,
            addrspace,
            constant: flags & 1 != 0,
            init: None,
            thread_local,
            externally_initialized,
            props,
        });
        if init != 0 {
            self.inits.push((InitOf::Global(id), init - 1, ops.at()));
        }
        self.push_value(Value::Global(id), ptr_ty);
        Ok(())
    }

    /// `FUNCTION: [type, callingconv, isproto, linkage, paramattr, alignment, section,
    /// visibility, gc, unnamed_addr, prologuedata, dllstorageclass, comdat, prefixdata,
    /// personalityfn]`.
    fn function_record(&mut self, mut ops: Ops<'_>) -> Result<(), DecodeError> {
        ops.need(8)?;
        let raw_ty = ops.next()?;
        let mut ty = self.type_id(&ops, raw_ty)?;
        if let Some(&Type::Pointer { pointee, .. }) = self.m.types.get(ty) {
            ty = pointee;
        }
        if !matches!(self.m.types.get(ty), Some(Type::Function { .. })) {
            return Err(ops.err(ErrorKind::WrongType {
                field: "the type of a function",
                needed: "a function type",
            }));
        }
        let cc = ops.next_u32("calling convention")?;
        let proto = ops.next()? != 0;
        let raw_linkage = ops.next()?;
        let linkage =
            Linkage::from_code(raw_linkage).ok_or_else(|| ops.bad("linkage", raw_linkage))?;
        check_linkage(&ops, linkage, !proto, "the linkage of a function")?;
        let raw_attrs = ops.next()?;
        let attrs = ops
            .one_based(raw_attrs, self.m.attr_lists.len(), "attribute list")?
            .map(AttrListId);
        let raw_align = ops.next()?;
        let align = alignment(&ops, raw_align)?;
        let raw_section = ops.next()?;
        let section = ops.one_based(raw_section, self.m.sections.len(), "section")?;
        let mut props = GlobalProps {
            linkage,
            align,
            section,
            ..GlobalProps::default()
        };
        let raw_visibility = ops.next()?;
        props.visibility = visibility(raw_visibility, linkage);
        let raw_gc = ops.opt().unwrap_or(0);
        let gc = ops.one_based(raw_gc, self.m.gc_names.len(), "garbage collector name")?;
        props.unnamed_addr = ops.opt().is_some_and(|v| v != 0);
        let prologue = ops.opt().unwrap_or(0);
        props.dll_storage = dll_storage(ops.opt(), raw_linkage);
        let comdat = ops.opt().unwrap_or(0);
        props.comdat = ops.one_based(comdat, self.m.comdats.len(), "comdat")?;
        let prefix = ops.opt().unwrap_or(0);
        let personality = ops.opt().unwrap_or(0);
        let ptr_ty = self.m.types.pointer(ty, 0);
        let id = FuncId(self.m.functions.len() as u32);
        self.m.functions.push(Function {
            name: None,
            ty,
            ptr_ty,
            cc,
            attrs,
            gc,
            prologue: None,
            prefix: None,
            personality: None,
            props,
            body: None,
            line: 0,
        });
        for (v, of) in [
            (prologue, InitOf::Prologue(id)),
            (prefix, InitOf::Prefix(id)),
            (personality, InitOf::Personality(id)),
        ] {
            if v != 0 {
                self.inits.push((of, v - 1, ops.at()));
            }
        }
        if !proto {
            self.bodies.push(id);
        }
        self.push_value(Value::Function(id), ptr_ty);
        Ok(())
    }

    /// Linkage, alignment and section (operands 3, 4 and 5 of `GLOBALVAR`), and the raw
    /// linkage code (old codes imply a DLL storage class).
    fn linkage_align_section(&self, ops: &mut Ops<'_>) -> Result<(GlobalProps, u64), DecodeError> {
        let raw = ops.next()?;
        let linkage = Linkage::from_code(raw).ok_or_else(|| ops.bad("linkage", raw))?;
        let raw_align = ops.next()?;
        let align = alignment(ops, raw_align)?;
        let raw_section = ops.next()?;
        let section = ops.one_based(raw_section, self.m.sections.len(), "section")?;
        Ok((
            GlobalProps {
                linkage,
                align,
                section,
                ..GlobalProps::default()
            },
            raw,
        ))
    }

    /// The checks and fix-ups once the module block is read: initializers, prologues,
    /// prefixes and personalities resolved; every defined function has its body.
    fn finish(mut self, block: &Block<'_>) -> Result<Module, DecodeError> {
        for (of, id, at) in std::mem::take(&mut self.inits) {
            let (value, ty) = self.defined(at, id)?;
            if !value.is_global() || matches!(value, Value::Metadata(_)) {
                return Err(at.err(ErrorKind::WrongType {
                    field: "an initializer, prologue, prefix or personality",
                    needed: "a constant",
                }));
            }
            match of {
                InitOf::Global(g) => {
                    let global = &mut self.m.globals[g.index()];
                    if global.value_ty != ty {
                        return Err(at.err(ErrorKind::WrongType {
                            field: "the initializer of a global",
                            needed: "of the global's value type",
                        }));
                    }
                    global.init = Some(value);
                }
                InitOf::Prologue(f) => self.m.functions[f.index()].prologue = Some(value),
                InitOf::Prefix(f) => self.m.functions[f.index()].prefix = Some(value),
                InitOf::Personality(f) => self.m.functions[f.index()].personality = Some(value),
            }
        }
        if self.bodies_read < self.bodies.len() {
            return Err(
                At::block(block, "the end of the MODULE_BLOCK").err(ErrorKind::Bodies(
                    "a function is defined (not a prototype) but has no FUNCTION_BLOCK",
                )),
            );
        }
        Ok(self.m)
    }

    /// Whether a global, an array element or a struct field may have this type (not `void`,
    /// `label`, `metadata` or a function type).
    pub(crate) fn is_sized_element(&self, ty: TypeId) -> bool {
        !matches!(
            self.m.types.get(ty),
            None | Some(Type::Void | Type::Label | Type::Metadata | Type::Function { .. })
        )
    }
}

/// A record's operands as text (triple, data layout, module assembly).
fn text(ops: &Ops<'_>) -> Result<String, DecodeError> {
    let bytes = string(ops, ops.all())?;
    Ok(String::from_utf8(bytes)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
}

/// An alignment stored as log2 + 1 (0: none).
pub(crate) fn alignment(ops: &Ops<'_>, exponent: u64) -> Result<u32, DecodeError> {
    if exponent > 30 {
        return Err(ops.bad("alignment exponent (at most 30)", exponent));
    }
    Ok(((1u64 << exponent) >> 1) as u32)
}

/// The visibility of a code (unknown codes are the default, and local linkage has only
/// the default), as LLVM reads it.
fn visibility(v: u64, linkage: Linkage) -> u8 {
    if matches!(linkage, Linkage::Internal | Linkage::Private) {
        return 0;
    }
    if v <= 2 { v as u8 } else { 0 }
}

/// The DLL storage class: its operand if present, else implied by the old linkage codes 5
/// (dllimport) and 6 (dllexport).
fn dll_storage(v: Option<u64>, raw_linkage: u64) -> u8 {
    match v {
        Some(v) if v <= 2 => v as u8,
        Some(_) => 0,
        None => match raw_linkage {
            5 => 1,
            6 => 2,
            _ => 0,
        },
    }
}

/// A linkage as LLVM's text allows it: a declaration's (`defined` false: a global without a
/// value, a function without a body) external or `extern_weak`, a definition's anything but
/// `extern_weak` (any other would print as text no reader takes, and LLVM's verifier refuses
/// it).
fn check_linkage(
    ops: &Ops<'_>,
    linkage: Linkage,
    defined: bool,
    field: &'static str,
) -> Result<(), DecodeError> {
    let fits = if defined {
        linkage != Linkage::ExternalWeak
    } else {
        matches!(linkage, Linkage::External | Linkage::ExternalWeak)
    };
    if fits {
        return Ok(());
    }
    Err(ops.err(ErrorKind::WrongType {
        field,
        needed: if defined {
            "a linkage other than extern_weak (a definition)"
        } else {
            "external or extern_weak (a declaration)"
        },
    }))
}
