//! The type table: every type of a module once, referred to by [`TypeId`].

use super::Sym;
use crate::hash::{IdTable, hash_of};

/// A type of the module: an index into [`Types`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId(pub u32);

impl TypeId {
    /// The position in [`Types`].
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// An LLVM 3.7 type.
///
/// Structural types are interned by [`Types::intern`]: one id per distinct type. A named
/// struct is nominal: two named structs with the same fields are different types, and its
/// body may be set after its id exists, so that it can refer to itself through a pointer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// `void`.
    Void,
    /// `half`.
    Half,
    /// `float`.
    Float,
    /// `double`.
    Double,
    /// `x86_fp80`.
    X86Fp80,
    /// `fp128`.
    Fp128,
    /// `ppc_fp128`.
    PpcFp128,
    /// `x86_mmx`.
    X86Mmx,
    /// `label`.
    Label,
    /// `metadata`.
    Metadata,
    /// `iN`, `1 <= N < 2^24`.
    Int(u32),
    /// `T addrspace(N)*`.
    Pointer {
        /// What it points to.
        pointee: TypeId,
        /// The address space (DXIL uses 0, 1, 2, 3 and 6).
        addrspace: u32,
    },
    /// `R (P1, P2, ...)`.
    Function {
        /// The result type.
        ret: TypeId,
        /// The parameter types.
        params: Vec<TypeId>,
        /// Whether it takes more arguments (`...`).
        vararg: bool,
    },
    /// A literal struct `{ A, B }` (`<{ A, B }>` when packed).
    Struct {
        /// The field types.
        fields: Vec<TypeId>,
        /// Whether it is packed.
        packed: bool,
    },
    /// A named struct `%name`: see [`NamedStruct`].
    Named(NamedStruct),
    /// `[N x T]`.
    Array {
        /// The number of elements.
        len: u64,
        /// The element type.
        elem: TypeId,
    },
    /// `<N x T>`.
    Vector {
        /// The number of elements.
        len: u32,
        /// The element type.
        elem: TypeId,
    },
}

/// A named (identified) struct type: `%dx.types.Handle = type { i8* }`, or opaque.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NamedStruct {
    /// The name, without `%`; `None` for an identified struct that has no name.
    pub name: Option<Sym>,
    /// The fields; `None` for an opaque struct (`type opaque`).
    pub fields: Option<Vec<TypeId>>,
    /// Whether it is packed.
    pub packed: bool,
}

impl Type {
    /// The type's text when it is one word: the primitive types (`float`, `label`) and the
    /// integer types of DXIL's widths (`i1`, `i8`, `i16`, `i32`, `i64`); `None` for the others.
    pub fn word(&self) -> Option<&'static str> {
        Some(match self {
            Type::Void => "void",
            Type::Half => "half",
            Type::Float => "float",
            Type::Double => "double",
            Type::X86Fp80 => "x86_fp80",
            Type::Fp128 => "fp128",
            Type::PpcFp128 => "ppc_fp128",
            Type::X86Mmx => "x86_mmx",
            Type::Label => "label",
            Type::Metadata => "metadata",
            Type::Int(1) => "i1",
            Type::Int(8) => "i8",
            Type::Int(16) => "i16",
            Type::Int(32) => "i32",
            Type::Int(64) => "i64",
            _ => return None,
        })
    }

    /// Whether the type is an integer type.
    pub fn is_int(&self) -> bool {
        matches!(self, Type::Int(_))
    }

    /// Whether the type is a floating-point type.
    pub fn is_float(&self) -> bool {
        matches!(
            self,
            Type::Half | Type::Float | Type::Double | Type::X86Fp80 | Type::Fp128 | Type::PpcFp128
        )
    }

    /// Whether the type is `void`.
    pub fn is_void(&self) -> bool {
        matches!(self, Type::Void)
    }
}

/// The types of a module, in the order of their ids.
#[derive(Clone, Debug, Default)]
pub struct Types {
    items: Vec<Type>,
    /// The structural types by their hash (named structs are not in it).
    structural: IdTable,
}

impl PartialEq for Types {
    fn eq(&self, other: &Self) -> bool {
        self.items == other.items
    }
}

impl Eq for Types {}

impl Types {
    /// An empty table.
    pub fn new() -> Types {
        Types::default()
    }

    /// The number of types.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The type of an id, or `None` for an id that is not in the table.
    pub fn get(&self, id: TypeId) -> Option<&Type> {
        self.items.get(id.index())
    }

    /// The types with their ids, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (TypeId, &Type)> {
        self.items
            .iter()
            .enumerate()
            .map(|(i, t)| (TypeId(i as u32), t))
    }

    /// The id of a structural type, added at the end if it is new. A named struct is always
    /// added as a new type (see [`Types::add_named`]).
    pub fn intern(&mut self, ty: Type) -> TypeId {
        if let Type::Named(named) = ty {
            return self.add_named(named);
        }
        let hash = hash_of(&ty);
        if let Some(id) = self.find_structural(&ty, hash) {
            return id;
        }
        let id = TypeId(self.items.len() as u32);
        self.structural.insert(hash, id.0);
        self.items.push(ty);
        id
    }

    fn find_structural(&self, ty: &Type, hash: u64) -> Option<TypeId> {
        self.structural
            .find(hash, |i| self.items.get(i as usize) == Some(ty))
            .map(TypeId)
    }

    /// Adds a named struct type (a new type, even if another has the same name and fields).
    pub fn add_named(&mut self, named: NamedStruct) -> TypeId {
        let id = TypeId(self.items.len() as u32);
        self.items.push(Type::Named(named));
        id
    }

    /// Adds a type at the end without interning: for a reader that keeps the type table of
    /// its input as it is (the bitcode's table may list a structural type twice).
    pub fn push(&mut self, ty: Type) -> TypeId {
        let id = TypeId(self.items.len() as u32);
        if !matches!(ty, Type::Named(_)) {
            let hash = hash_of(&ty);
            if self.find_structural(&ty, hash).is_none() {
                self.structural.insert(hash, id.0);
            }
        }
        self.items.push(ty);
        id
    }

    /// Room for `n` more types.
    pub fn reserve(&mut self, n: usize) {
        self.items.reserve(n);
        self.structural.reserve(n);
    }

    /// The named struct of an id, to set its body; `None` if the id is not a named struct.
    pub fn named_mut(&mut self, id: TypeId) -> Option<&mut NamedStruct> {
        match self.items.get_mut(id.index()) {
            Some(Type::Named(named)) => Some(named),
            _ => None,
        }
    }

    /// The interned ids of common types, added if missing.
    pub fn void(&mut self) -> TypeId {
        self.intern(Type::Void)
    }

    /// `iN`, added if missing.
    pub fn int(&mut self, bits: u32) -> TypeId {
        self.intern(Type::Int(bits))
    }

    /// `T addrspace(N)*`, added if missing.
    pub fn pointer(&mut self, pointee: TypeId, addrspace: u32) -> TypeId {
        self.intern(Type::Pointer { pointee, addrspace })
    }

    /// The id of the named struct called `name`, if any (the first one).
    pub fn find_named(&self, name: Sym) -> Option<TypeId> {
        self.iter().find_map(|(id, t)| match t {
            Type::Named(n) if n.name == Some(name) => Some(id),
            _ => None,
        })
    }

    /// The result type of a function type; `None` if `id` is not a function type.
    pub fn function_ret(&self, id: TypeId) -> Option<TypeId> {
        match self.get(id) {
            Some(Type::Function { ret, .. }) => Some(*ret),
            _ => None,
        }
    }

    /// The pointee of a pointer type; `None` if `id` is not a pointer type.
    pub fn pointee(&self, id: TypeId) -> Option<TypeId> {
        match self.get(id) {
            Some(Type::Pointer { pointee, .. }) => Some(*pointee),
            _ => None,
        }
    }

    /// The width of an integer type; `None` if `id` is not one.
    pub fn int_width(&self, id: TypeId) -> Option<u32> {
        match self.get(id) {
            Some(Type::Int(w)) => Some(*w),
            _ => None,
        }
    }

    /// The type of the element at `index` of an aggregate type (struct field, array or
    /// vector element); `None` when `id` is no aggregate or the index is out of range.
    pub fn element(&self, id: TypeId, index: u64) -> Option<TypeId> {
        match self.get(id)? {
            Type::Struct { fields, .. } => fields.get(usize::try_from(index).ok()?).copied(),
            Type::Named(NamedStruct {
                fields: Some(fields),
                ..
            }) => fields.get(usize::try_from(index).ok()?).copied(),
            Type::Array { len, elem } => (index < *len).then_some(*elem),
            Type::Vector { len, elem } => (index < u64::from(*len)).then_some(*elem),
            _ => None,
        }
    }
}
