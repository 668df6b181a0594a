//! `TYPE_BLOCK_NEW`: the type table. Type ids are kept as the bitcode numbers them (the
//! model's [`Types`](crate::model::Types) gets the entries in order), so a type id of any
//! record is a [`TypeId`] as it is.

use super::codes::{self, At};
use super::module::Decoder;
use super::ops::Ops;
use super::symtab::unique;
use super::{DecodeError, ErrorKind};
use crate::bitstream::Block;
use crate::model::{NamedStruct, Sym, Type, TypeId};

/// The widest integer type LLVM has: `i8388607` (2^23 - 1 bits).
const MAX_INT_WIDTH: u64 = (1 << 23) - 1;

/// How a type referred to by a type record may be used.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Use {
    /// A pointer's pointee (not `void`, `label` or `metadata`).
    Pointee,
    /// An array element or a struct field (not `void`, `label`, `metadata` or a function).
    Element,
    /// A function's parameter (not `void` or a function).
    Param,
    /// A function's result (not `label`, `metadata` or a function).
    Result,
}

impl Decoder {
    /// The type of a type id, which must be in the table.
    pub(crate) fn type_id(&self, ops: &Ops<'_>, id: u64) -> Result<TypeId, DecodeError> {
        if id < self.m.types.len() as u64 {
            return Ok(TypeId(id as u32));
        }
        Err(ops.out_of_range("type", id, self.m.types.len() as u64))
    }

    /// Reads the type table.
    pub(crate) fn type_table(&mut self, block: Block<'_>) -> Result<(), DecodeError> {
        if std::mem::replace(&mut self.seen_types, true) {
            return Err(At::block(&block, "one TYPE_BLOCK_NEW").err(ErrorKind::Repeated));
        }
        let mut declared: Option<(u64, At)> = None;
        let mut name: Option<Sym> = None;
        // Types referred to before their record, which must turn out to be named structs.
        let mut forward: Vec<(u64, At)> = Vec::new();
        // The most parameters a function type has: the room of the buffer of parameters.
        let mut most_params = 0;
        // At most a type per entry of the block (counted without walking them).
        self.m.types.reserve(block.entry_count());
        for rec in block.records() {
            let mut ops = Ops::new(codes::TYPE, &rec);
            let ty = match ops.code() {
                1 => {
                    declared = Some((ops.next()?, ops.at()));
                    continue;
                }
                2 => Type::Void,
                3 => Type::Float,
                4 => Type::Double,
                5 => Type::Label,
                10 => Type::Half,
                // the wide floating-point types, which DXIL never has and whose constants the
                // model does not read back from text
                13..=15 => {
                    return Err(ops.err(ErrorKind::Unsupported(
                        "x86_fp80, fp128 and ppc_fp128 (floating-point types DXIL has not)",
                    )));
                }
                16 => Type::Metadata,
                17 => Type::X86Mmx,
                7 => {
                    let w = ops.next()?;
                    if w == 0 || w > MAX_INT_WIDTH {
                        return Err(ops.bad("integer width (1 to 2^23 - 1)", w));
                    }
                    Type::Int(w as u32)
                }
                8 => {
                    let raw = ops.next()?;
                    let pointee = self.type_ref(&ops, raw, Use::Pointee, &mut forward)?;
                    let addrspace = match ops.opt() {
                        Some(a) => u32::try_from(a).map_err(|_| ops.bad("address space", a))?,
                        None => 0,
                    };
                    Type::Pointer { pointee, addrspace }
                }
                code @ (9 | 21) => {
                    let vararg = ops.next()? != 0;
                    if code == 9 {
                        ops.next()?; // the attribute id of old function types, unused
                    }
                    let raw = ops.next()?;
                    let ret = self.type_ref(&ops, raw, Use::Result, &mut forward)?;
                    let mut params = Vec::with_capacity(ops.left());
                    for &p in ops.rest() {
                        params.push(self.type_ref(&ops, p, Use::Param, &mut forward)?);
                    }
                    most_params = most_params.max(params.len());
                    Type::Function {
                        ret,
                        params,
                        vararg,
                    }
                }
                code @ (18 | 20) => {
                    let packed = ops.next()? != 0;
                    let mut fields = Vec::with_capacity(ops.left());
                    for &f in ops.rest() {
                        fields.push(self.type_ref(&ops, f, Use::Element, &mut forward)?);
                    }
                    if code == 18 {
                        Type::Struct { fields, packed }
                    } else {
                        self.named_struct(&ops, name.take(), Some(fields), packed)?
                    }
                }
                19 => {
                    name = self.name(&ops, ops.all())?;
                    continue;
                }
                6 => self.named_struct(&ops, name.take(), None, false)?,
                11 => {
                    let len = ops.next()?;
                    let raw = ops.next()?;
                    let elem = self.type_ref(&ops, raw, Use::Element, &mut forward)?;
                    Type::Array { len, elem }
                }
                12 => {
                    let len = ops.next()?;
                    let len = u32::try_from(len)
                        .ok()
                        .filter(|&n| n != 0)
                        .ok_or_else(|| ops.bad("vector length (1 to 2^32 - 1)", len))?;
                    let raw = ops.next()?;
                    let elem = self.type_id(&ops, raw)?;
                    if !matches!(
                        self.m.types.get(elem),
                        Some(t) if t.is_int() || t.is_float() || matches!(t, Type::Pointer { .. })
                    ) {
                        return Err(ops.err(ErrorKind::WrongType {
                            field: "a vector element",
                            needed: "an integer, floating-point or pointer type",
                        }));
                    }
                    Type::Vector { len, elem }
                }
                code => return Err(ops.err(ErrorKind::UnknownRecord(code))),
            };
            self.m.types.push(ty);
        }
        self.params.reserve(most_params);
        let count = self.m.types.len() as u64;
        if let Some((n, at)) = declared
            && n != count
        {
            return Err(at.err(ErrorKind::BadValue {
                field: "NUMENTRY (the number of types the block defines)",
                value: n,
            }));
        }
        for (id, at) in forward {
            let named =
                id < count && matches!(self.m.types.get(TypeId(id as u32)), Some(Type::Named(_)));
            if !named {
                return Err(at.err(ErrorKind::ForwardTypeNotStruct { id }));
            }
        }
        Ok(())
    }

    /// A type id in a type record: defined already and fit for its use, or later (noted in
    /// `forward`, to be a named struct).
    fn type_ref(
        &self,
        ops: &Ops<'_>,
        raw: u64,
        how: Use,
        forward: &mut Vec<(u64, At)>,
    ) -> Result<TypeId, DecodeError> {
        let next = self.m.types.len() as u64;
        if raw >= next {
            let id = u32::try_from(raw).map_err(|_| ops.bad("type id", raw))?;
            forward.push((raw, ops.at()));
            return Ok(TypeId(id));
        }
        let ty = TypeId(raw as u32);
        let ok = match self.m.types.get(ty) {
            Some(Type::Void) => how == Use::Result,
            Some(Type::Label | Type::Metadata) => how == Use::Param,
            Some(Type::Function { .. }) => how == Use::Pointee,
            _ => true,
        };
        if !ok {
            return Err(ops.err(ErrorKind::WrongType {
                field: match how {
                    Use::Pointee => "a pointee",
                    Use::Element => "an array element or struct field",
                    Use::Param => "a function parameter",
                    Use::Result => "a function result",
                },
                needed: "a type that may be used there",
            }));
        }
        Ok(ty)
    }

    /// The interned type, added if the table lacks it (a result type the bitcode implies).
    pub(crate) fn intern(&mut self, ty: Type) -> TypeId {
        self.m.types.intern(ty)
    }

    /// A named struct type (`STRUCT_NAMED`, `OPAQUE`) of the name the `STRUCT_NAME` before it
    /// gave, made unique among the struct types.
    fn named_struct(
        &mut self,
        ops: &Ops<'_>,
        name: Option<Sym>,
        fields: Option<Vec<TypeId>>,
        packed: bool,
    ) -> Result<Type, DecodeError> {
        let name = unique(&mut self.struct_names, &mut self.m.symbols, ops, name)?;
        Ok(Type::Named(NamedStruct {
            name,
            fields,
            packed,
        }))
    }
}
