//! The module block's own parts: BLOCKINFO with the abbreviations DXC's writer defines for
//! symbol tables, constants and function bodies; the attribute groups and lists; comdats;
//! the triple, data layout, sections and the records of globals and functions; the module's
//! value numbering and its symbol table.

use std::collections::HashMap;

use super::codes::{
    FUNCTION_BLOCK, PARAMATTR_BLOCK, PARAMATTR_ENTRY, PARAMATTR_GROUP_BLOCK, PARAMATTR_GROUP_ENTRY,
    VALUE_SYMTAB_BLOCK, VST_BBENTRY, VST_ENTRY, func, module as code,
};
use super::constants::{self, Numbering};
use super::error::{Place, WriteError, WriteErrorKind};
use super::stream::{Out, encode_align, log2_ceil};
use super::types::TypeTable;
use super::values::ConstTable;
use crate::bitstream::{AbbrevOp, BLOCKINFO_BLOCK_ID, char6_encode};
use crate::model::{Attr, Function, LAST_LLVM37_KIND, Module, Sym, Type, TypeId, Value};

/// The module's values: globals, functions, then its constants.
pub(super) struct ModuleIds<'a> {
    pub m: &'a Module,
    pub globals: u32,
    pub first_const: u32,
    pub consts: &'a ConstTable,
}

impl ModuleIds<'_> {
    /// How many values the module numbers.
    pub(super) fn count(&self) -> u32 {
        self.first_const + self.consts.list.len() as u32
    }
}

impl Numbering for ModuleIds<'_> {
    #[inline]
    fn id(&self, v: Value) -> Option<u32> {
        match v {
            Value::Global(g) => (g.0 < self.globals).then_some(g.0),
            Value::Function(f) => {
                ((f.index()) < self.m.functions.len()).then_some(self.globals + f.0)
            }
            Value::Const(c) => self.consts.position(c).map(|p| self.first_const + p),
            _ => None,
        }
    }

    #[inline]
    fn type_of(&self, v: Value) -> Option<TypeId> {
        match v {
            Value::Global(_) | Value::Function(_) | Value::Const(_) => self.m.value_type(None, v),
            _ => None,
        }
    }
}

/// Abbreviation ids BLOCKINFO gives every symbol table.
pub(super) const VST_ENTRY8_ABBREV: u32 = 4;
pub(super) const VST_ENTRY7_ABBREV: u32 = 5;
pub(super) const VST_ENTRY6_ABBREV: u32 = 6;
pub(super) const VST_BBENTRY6_ABBREV: u32 = 7;

fn vst_abbrevs() -> [[AbbrevOp; 4]; 4] {
    [
        [
            AbbrevOp::Fixed(3),
            AbbrevOp::Vbr(8),
            AbbrevOp::Array,
            AbbrevOp::Fixed(8),
        ],
        [
            AbbrevOp::Literal(VST_ENTRY.into()),
            AbbrevOp::Vbr(8),
            AbbrevOp::Array,
            AbbrevOp::Fixed(7),
        ],
        [
            AbbrevOp::Literal(VST_ENTRY.into()),
            AbbrevOp::Vbr(8),
            AbbrevOp::Array,
            AbbrevOp::Char6,
        ],
        [
            AbbrevOp::Literal(VST_BBENTRY.into()),
            AbbrevOp::Vbr(8),
            AbbrevOp::Array,
            AbbrevOp::Char6,
        ],
    ]
}

/// The abbreviations BLOCKINFO defines for function blocks (ids 4 to 11, in this order).
pub(super) struct FnAbbrevs {
    pub load: [AbbrevOp; 5],
    pub binop: [AbbrevOp; 4],
    pub binop_flags: [AbbrevOp; 5],
    pub cast: [AbbrevOp; 4],
    pub ret_void: [AbbrevOp; 1],
    pub ret_val: [AbbrevOp; 2],
    pub unreachable: [AbbrevOp; 1],
    pub gep: [AbbrevOp; 5],
}

impl FnAbbrevs {
    pub(super) fn new(tt: &TypeTable) -> FnAbbrevs {
        let bits = tt.bits;
        FnAbbrevs {
            load: [
                AbbrevOp::Literal(func::LOAD.into()),
                AbbrevOp::Vbr(6),
                AbbrevOp::Fixed(bits),
                AbbrevOp::Vbr(4),
                AbbrevOp::Fixed(1),
            ],
            binop: [
                AbbrevOp::Literal(func::BINOP.into()),
                AbbrevOp::Vbr(6),
                AbbrevOp::Vbr(6),
                AbbrevOp::Fixed(4),
            ],
            binop_flags: [
                AbbrevOp::Literal(func::BINOP.into()),
                AbbrevOp::Vbr(6),
                AbbrevOp::Vbr(6),
                AbbrevOp::Fixed(4),
                AbbrevOp::Fixed(7),
            ],
            cast: [
                AbbrevOp::Literal(func::CAST.into()),
                AbbrevOp::Vbr(6),
                AbbrevOp::Fixed(bits),
                AbbrevOp::Fixed(4),
            ],
            ret_void: [AbbrevOp::Literal(func::RET.into())],
            ret_val: [AbbrevOp::Literal(func::RET.into()), AbbrevOp::Vbr(6)],
            unreachable: [AbbrevOp::Literal(func::UNREACHABLE.into())],
            gep: [
                AbbrevOp::Literal(func::GEP.into()),
                AbbrevOp::Fixed(1),
                AbbrevOp::Fixed(log2_ceil(tt.order.len() as u64 + 1) as u8),
                AbbrevOp::Array,
                AbbrevOp::Vbr(6),
            ],
        }
    }

    fn all(&self) -> [&[AbbrevOp]; 8] {
        [
            &self.load,
            &self.binop,
            &self.binop_flags,
            &self.cast,
            &self.ret_void,
            &self.ret_val,
            &self.unreachable,
            &self.gep,
        ]
    }
}

/// Writes BLOCKINFO.
pub(super) fn blockinfo(out: &mut Out, tt: &TypeTable, fa: &FnAbbrevs) {
    out.enter(BLOCKINFO_BLOCK_ID, 2);
    out.set_bid(VALUE_SYMTAB_BLOCK);
    for ops in vst_abbrevs() {
        out.define(&ops);
    }
    out.set_bid(super::codes::CONSTANTS_BLOCK);
    for ops in constants::blockinfo_abbrevs(tt.bits) {
        out.define(&ops);
    }
    out.set_bid(FUNCTION_BLOCK);
    for ops in fa.all() {
        out.define(ops);
    }
    out.exit();
}

fn unencodable(place: Place, why: String) -> WriteError {
    WriteError::new(place, WriteErrorKind::Unencodable(why))
}

/// Checks an attribute of group `g` and adds its encoding to `v`.
fn attribute(v: &mut Vec<u64>, a: &Attr, g: u32) -> Result<(), WriteError> {
    let kind_ok = |k: u32| {
        if k == 0 || k > LAST_LLVM37_KIND {
            let name = Attr::kind_name(k).unwrap_or("an unknown attribute");
            Err(unencodable(
                Place::AttrGroup(g),
                format!(
                    "`{name}` (kind {k}): LLVM 3.7 has attribute kinds 1 to {LAST_LLVM37_KIND}"
                ),
            ))
        } else {
            Ok(u64::from(k))
        }
    };
    match a {
        Attr::Enum(k) => v.extend([0, kind_ok(*k)?]),
        Attr::Int(k, x) => v.extend([1, kind_ok(*k)?, *x]),
        Attr::Str { key, value } => {
            let zero = key.contains(&0) || value.as_ref().is_some_and(|s| s.contains(&0));
            if key.is_empty() || zero {
                return Err(unencodable(
                    Place::AttrGroup(g),
                    "a string attribute with an empty key or a zero byte".into(),
                ));
            }
            let value = value.as_deref().filter(|s| !s.is_empty());
            v.push(if value.is_some() { 4 } else { 3 });
            v.extend(key.iter().map(|&b| u64::from(b)));
            v.push(0);
            if let Some(s) = value {
                v.extend(s.iter().map(|&b| u64::from(b)));
                v.push(0);
            }
        }
    }
    Ok(())
}

/// Writes the attribute groups and lists, after checking that each list names groups that
/// exist and that no group id is given twice.
pub(super) fn attributes(out: &mut Out, m: &Module) -> Result<(), WriteError> {
    let mut v: Vec<u64> = Vec::with_capacity(32);
    if !m.attr_groups.is_empty() {
        let mut ids: Vec<u32> = m.attr_groups.iter().map(|g| g.id).collect();
        ids.sort_unstable();
        if let Some(w) = ids.windows(2).find(|w| w[0] == w[1]) {
            let at = m
                .attr_groups
                .iter()
                .rposition(|g| g.id == w[0])
                .unwrap_or(0);
            return Err(unencodable(
                Place::AttrGroup(at as u32),
                format!("attribute group id {} given twice", w[0]),
            ));
        }
        out.enter(PARAMATTR_GROUP_BLOCK, 3);
        for (i, g) in m.attr_groups.iter().enumerate() {
            if g.attrs.is_empty() {
                return Err(unencodable(
                    Place::AttrGroup(i as u32),
                    "an attribute group without attributes (LLVM 3.7 refuses its record)".into(),
                ));
            }
            v.clear();
            v.extend([u64::from(g.id), u64::from(g.index)]);
            for a in &g.attrs {
                attribute(&mut v, a, i as u32)?;
            }
            out.record(PARAMATTR_GROUP_ENTRY, &v);
        }
        out.exit();
        for (i, l) in m.attr_lists.iter().enumerate() {
            if let Some(&g) = l.groups.iter().find(|g| ids.binary_search(g).is_err()) {
                return Err(WriteError::new(
                    Place::AttrList(i as u32),
                    WriteErrorKind::OutOfRange {
                        what: "attribute group",
                        id: g.into(),
                        count: ids.len() as u64,
                    },
                ));
            }
        }
    } else if let Some((i, l)) = m
        .attr_lists
        .iter()
        .enumerate()
        .find(|(_, l)| !l.groups.is_empty())
    {
        return Err(WriteError::new(
            Place::AttrList(i as u32),
            WriteErrorKind::OutOfRange {
                what: "attribute group",
                id: l.groups[0].into(),
                count: 0,
            },
        ));
    }
    if !m.attr_lists.is_empty() {
        out.enter(PARAMATTR_BLOCK, 3);
        for l in &m.attr_lists {
            v.clear();
            v.extend(l.groups.iter().map(|&g| u64::from(g)));
            out.record(PARAMATTR_ENTRY, &v);
        }
        out.exit();
    }
    Ok(())
}

/// A string record (`TRIPLE`, `SECTIONNAME`, ...).
fn string_record(out: &mut Out, code: u32, bytes: &[u8], v: &mut Vec<u64>) {
    v.clear();
    v.extend(bytes.iter().map(|&b| u64::from(b)));
    out.record(code, v);
}

/// The place of a global.
fn global_place(m: &Module, i: usize) -> Place {
    Place::Global {
        index: i as u32,
        name: m
            .globals
            .get(i)
            .and_then(|g| g.name)
            .map(|s| m.symbols.lossy(s).into_owned()),
    }
}

/// The place of a function.
pub(super) fn function_place(m: &Module, i: usize) -> Place {
    Place::Function {
        index: i as u32,
        name: m
            .functions
            .get(i)
            .and_then(|f| f.name)
            .map(|s| m.symbols.lossy(s).into_owned()),
    }
}

/// The alignment a record stores (`log2 + 1`, 0 for none), after checking that LLVM 3.7 can
/// hold it.
pub(super) fn align_of(align: u32, place: impl FnOnce() -> Place) -> Result<u64, WriteError> {
    if align != 0 && (!align.is_power_of_two() || align > 1 << 29) {
        return Err(unencodable(
            place(),
            format!("alignment {align}: LLVM 3.7 keeps powers of two up to 2^29"),
        ));
    }
    Ok(encode_align(align))
}

/// An optional index into a list, stored plus one (0 for none), after a range check.
fn index_plus_one(
    i: Option<u32>,
    len: usize,
    what: &'static str,
    place: impl FnOnce() -> Place,
) -> Result<u64, WriteError> {
    match i {
        None => Ok(0),
        Some(i) if (i as usize) < len => Ok(u64::from(i) + 1),
        Some(i) => Err(WriteError::new(
            place(),
            WriteErrorKind::OutOfRange {
                what,
                id: i.into(),
                count: len as u64,
            },
        )),
    }
}

/// A value of the module stored plus one (0 for none): prologue, prefix, personality,
/// initializer.
fn value_plus_one(
    ids: &ModuleIds<'_>,
    v: Option<Value>,
    place: impl Fn() -> Place,
) -> Result<u64, WriteError> {
    match v {
        None => Ok(0),
        Some(v) => match ids.id(v) {
            Some(id) => Ok(u64::from(id) + 1),
            None => Err(WriteError::new(
                place(),
                match v {
                    Value::Arg(_) | Value::Inst(_) => WriteErrorKind::LocalValue,
                    Value::Metadata(_) => WriteErrorKind::MetadataOperand,
                    _ => WriteErrorKind::OutOfRange {
                        what: "value",
                        id: 0,
                        count: u64::from(ids.count()),
                    },
                },
            )),
        },
    }
}

/// Writes comdats, the triple, the data layout, module assembly, section and collector
/// names, and the records of globals and functions, after checking them.
pub(super) fn info(
    out: &mut Out,
    m: &Module,
    tt: &TypeTable,
    ids: &ModuleIds<'_>,
) -> Result<(), WriteError> {
    let mut v: Vec<u64> = Vec::with_capacity(64);
    for c in &m.comdats {
        if c.name.len() > usize::from(u16::MAX) {
            return Err(unencodable(
                Place::Module,
                format!(
                    "a comdat name of {} bytes: LLVM 3.7 stores at most 65535",
                    c.name.len()
                ),
            ));
        }
        v.clear();
        v.extend([u64::from(c.selection), c.name.len() as u64]);
        v.extend(c.name.iter().map(|&b| u64::from(b)));
        out.record(code::COMDAT, &v);
    }
    if let Some(t) = &m.triple {
        string_record(out, code::TRIPLE, t.as_bytes(), &mut v);
    }
    if let Some(d) = &m.datalayout {
        string_record(out, code::DATALAYOUT, d.as_bytes(), &mut v);
    }
    if let Some(a) = &m.asm {
        string_record(out, code::ASM, a.as_bytes(), &mut v);
    }
    for s in &m.sections {
        string_record(out, code::SECTIONNAME, s, &mut v);
    }
    for g in &m.gc_names {
        string_record(out, code::GCNAME, g, &mut v);
    }
    let max_align = m
        .globals
        .iter()
        .map(|g| g.props.align)
        .chain(m.functions.iter().map(|f| f.props.align))
        .max()
        .unwrap_or(0);
    let mut max_type = 0u32;
    for (i, g) in m.globals.iter().enumerate() {
        max_type = max_type.max(tt.id(g.value_ty, || global_place(m, i))?);
    }
    let simple = [
        AbbrevOp::Literal(code::GLOBALVAR.into()),
        AbbrevOp::Fixed(log2_ceil(u64::from(max_type) + 1) as u8),
        AbbrevOp::Vbr(6),
        AbbrevOp::Vbr(6),
        AbbrevOp::Fixed(5),
        if max_align == 0 {
            AbbrevOp::Literal(0)
        } else {
            AbbrevOp::Fixed(log2_ceil(encode_align(max_align) + 1) as u8)
        },
        if m.sections.is_empty() {
            AbbrevOp::Literal(0)
        } else {
            AbbrevOp::Fixed(log2_ceil(m.sections.len() as u64 + 1) as u8)
        },
    ];
    if !m.globals.is_empty() {
        out.define(&simple);
    }
    for (i, g) in m.globals.iter().enumerate() {
        let place = || global_place(m, i);
        let value_ty = m.types.get(g.value_ty).unwrap_or(&Type::Void);
        if matches!(
            value_ty,
            Type::Void | Type::Label | Type::Metadata | Type::Function { .. }
        ) {
            return Err(WriteError::new(
                place(),
                WriteErrorKind::BadType(format!(
                    "a global of type {}",
                    crate::text::type_string(m, g.value_ty)
                )),
            ));
        }
        let ptr_ok = matches!(m.types.get(g.ptr_ty), Some(Type::Pointer { pointee, addrspace })
            if tt.same(*pointee, g.value_ty) && *addrspace == g.addrspace);
        if !ptr_ok {
            return Err(WriteError::new(
                place(),
                WriteErrorKind::BadType(format!(
                    "a global of type {} in address space {} whose pointer type is {}",
                    crate::text::type_string(m, g.value_ty),
                    g.addrspace,
                    crate::text::type_string(m, g.ptr_ty)
                )),
            ));
        }
        if let Some(t) = g.init.and_then(|init| ids.type_of(init))
            && !tt.same(t, g.value_ty)
        {
            return Err(WriteError::new(
                place(),
                WriteErrorKind::mismatch(m, "the initializer", t, g.value_ty),
            ));
        }
        v.clear();
        v.extend([
            u64::from(tt.id(g.value_ty, place)?),
            u64::from(g.addrspace) << 2 | 2 | u64::from(g.constant),
            value_plus_one(ids, g.init, place)?,
            g.props.linkage.code(),
            align_of(g.props.align, place)?,
            index_plus_one(g.props.section, m.sections.len(), "section", place)?,
        ]);
        let p = &g.props;
        if g.thread_local != 0
            || p.visibility != 0
            || p.unnamed_addr
            || g.externally_initialized
            || p.dll_storage != 0
            || p.comdat.is_some()
        {
            v.extend([
                u64::from(p.visibility),
                u64::from(g.thread_local),
                u64::from(p.unnamed_addr),
                u64::from(g.externally_initialized),
                u64::from(p.dll_storage),
                index_plus_one(p.comdat, m.comdats.len(), "comdat", place)?,
            ]);
            out.record(code::GLOBALVAR, &v);
        } else {
            out.abbreviated(4, &simple, code::GLOBALVAR, &v);
        }
    }
    for (i, f) in m.functions.iter().enumerate() {
        function_record(out, m, tt, ids, i, f, &mut v)?;
    }
    Ok(())
}

fn function_record(
    out: &mut Out,
    m: &Module,
    tt: &TypeTable,
    ids: &ModuleIds<'_>,
    i: usize,
    f: &Function,
    v: &mut Vec<u64>,
) -> Result<(), WriteError> {
    let place = || function_place(m, i);
    if !matches!(m.types.get(f.ty), Some(Type::Function { .. })) {
        return Err(WriteError::new(
            place(),
            WriteErrorKind::BadType(format!(
                "a function of type {}",
                crate::text::type_string(m, f.ty)
            )),
        ));
    }
    let ptr_ok = matches!(m.types.get(f.ptr_ty), Some(Type::Pointer { pointee, addrspace: 0 })
        if tt.same(*pointee, f.ty));
    if !ptr_ok {
        return Err(WriteError::new(
            place(),
            WriteErrorKind::BadType(format!(
                "a function whose pointer type {} is not a pointer to its type",
                crate::text::type_string(m, f.ptr_ty)
            )),
        ));
    }
    let p = &f.props;
    v.clear();
    v.extend([
        u64::from(tt.id(f.ty, place)?),
        u64::from(f.cc),
        u64::from(f.body.is_none()),
        p.linkage.code(),
        index_plus_one(
            f.attrs.map(|a| a.0),
            m.attr_lists.len(),
            "attribute list",
            place,
        )?,
        align_of(p.align, place)?,
        index_plus_one(p.section, m.sections.len(), "section", place)?,
        u64::from(p.visibility),
        index_plus_one(f.gc, m.gc_names.len(), "garbage collector", place)?,
        u64::from(p.unnamed_addr),
        value_plus_one(ids, f.prologue, place)?,
        u64::from(p.dll_storage),
        index_plus_one(p.comdat, m.comdats.len(), "comdat", place)?,
        value_plus_one(ids, f.prefix, place)?,
        value_plus_one(ids, f.personality, place)?,
    ]);
    out.record(code::FUNCTION, v);
    Ok(())
}

/// A symbol-table entry: the name and what it names (a value id, or a block).
pub(super) struct Entry {
    pub name: Sym,
    pub id: u32,
    pub block: bool,
}

/// Writes a symbol table of `entries`: the names of `order` (the table's order as read) in
/// that order, then the others in the order they were added to the module's symbols; a name
/// given twice is an error at `place`.
pub(super) fn symtab(
    out: &mut Out,
    m: &Module,
    entries: &mut [Entry],
    order: &[Sym],
    place: impl FnOnce() -> Place,
) -> Result<(), WriteError> {
    if entries.is_empty() {
        return Ok(());
    }
    let mut rank: HashMap<Sym, u32> = HashMap::with_capacity(order.len());
    for (k, &name) in order.iter().enumerate() {
        rank.entry(name).or_insert(k as u32);
    }
    entries.sort_unstable_by_key(|e| {
        let r = rank.get(&e.name).copied().unwrap_or(u32::MAX);
        (r, e.name, e.block, e.id)
    });
    if let Some(w) = entries.windows(2).find(|w| w[0].name == w[1].name) {
        return Err(WriteError::new(
            place(),
            WriteErrorKind::BadName(format!(
                "the name {:?} is given twice",
                m.symbols.lossy(w[0].name)
            )),
        ));
    }
    let abbrevs = vst_abbrevs();
    out.enter(VALUE_SYMTAB_BLOCK, 4);
    let mut v: Vec<u64> = Vec::with_capacity(32);
    for e in entries.iter() {
        let bytes = m.symbols.bytes(e.name);
        v.clear();
        v.push(u64::from(e.id));
        v.extend(bytes.iter().map(|&b| u64::from(b)));
        let char6 = bytes.iter().all(|&b| char6_encode(b).is_some());
        let (code, abbrev) = if e.block {
            (
                VST_BBENTRY,
                if char6 {
                    VST_BBENTRY6_ABBREV
                } else {
                    VST_ENTRY8_ABBREV
                },
            )
        } else if char6 {
            (VST_ENTRY, VST_ENTRY6_ABBREV)
        } else if bytes.iter().all(|&b| b < 128) {
            (VST_ENTRY, VST_ENTRY7_ABBREV)
        } else {
            (VST_ENTRY, VST_ENTRY8_ABBREV)
        };
        out.abbreviated(abbrev, &abbrevs[(abbrev - 4) as usize], code, &v);
    }
    out.exit();
    Ok(())
}

/// The module's symbol table: its named globals and functions.
pub(super) fn module_symtab(
    out: &mut Out,
    m: &Module,
    ids: &ModuleIds<'_>,
) -> Result<(), WriteError> {
    let named = |s: Option<Sym>| s.filter(|&s| !m.symbols.bytes(s).is_empty());
    let mut entries: Vec<Entry> = m
        .globals
        .iter()
        .enumerate()
        .filter_map(|(i, g)| {
            named(g.name).map(|name| Entry {
                name,
                id: i as u32,
                block: false,
            })
        })
        .chain(m.functions.iter().enumerate().filter_map(|(i, f)| {
            named(f.name).map(|name| Entry {
                name,
                id: ids.globals + i as u32,
                block: false,
            })
        }))
        .collect();
    symtab(out, m, &mut entries, &m.symtab_order, || Place::Module)
}
