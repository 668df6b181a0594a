//! Constants: each distinct constant of a module once ([`Constants`]), with its type.

use super::inst::{BinOp, CastOp, Predicate};
use super::{ConstId, TypeId, Value};
use crate::hash::{IdTable, hash_of};

/// A constant and its type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Constant {
    /// The type.
    pub ty: TypeId,
    /// What it is.
    pub kind: ConstKind,
}

/// What a constant is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ConstKind {
    /// The all-zero value of its type: `0`, `0.0`, `null`, `zeroinitializer`.
    Null,
    /// `undef`.
    Undef,
    /// An integer of at most 64 bits, sign-extended from its width (so `i8 255` and `i8 -1`
    /// are both `-1`, and `i1 true` is `-1`, as LLVM's `getSExtValue`).
    Int(i64),
    /// An integer wider than 64 bits: its words, least significant first, the last one
    /// sign-extended.
    WideInt(Box<[u64]>),
    /// A floating-point number: its bits (16 for `half`, 32 for `float`, 64 for `double`; 80
    /// or 128 bits for the others are in [`ConstKind::WideFloat`]).
    Float(u64),
    /// A floating-point number of more than 64 bits: its words, least significant first.
    WideFloat(Box<[u64]>),
    /// A struct, array or vector, element by element.
    Aggregate(Vec<Value>),
    /// An array or vector of integers or floats, element by element as raw bits (the bitcode's
    /// `DATA`, `STRING` and `CSTRING` records; a `CSTRING` has its final 0 here).
    Data(Vec<u64>),
    /// A constant expression.
    Expr(ConstExpr),
}

/// A constant expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ConstExpr {
    /// `bitcast (T1 V to T2)` and the other casts: the result type is the constant's.
    Cast {
        /// The cast.
        op: CastOp,
        /// What is cast.
        value: Value,
    },
    /// `add (A, B)` and the other binary operators.
    Binary {
        /// The operator.
        op: BinOp,
        /// The first operand.
        lhs: Value,
        /// The second operand.
        rhs: Value,
        /// The bits of the bitcode's optional flags operand (`nuw`, `nsw`, `exact`).
        flags: u8,
    },
    /// `getelementptr [inbounds] (T, T* P, I...)`.
    GetElementPtr {
        /// `inbounds`.
        inbounds: bool,
        /// The type the pointer points to (the `T` written first); `None` when the bitcode
        /// did not say it (older records), in which case it is the pointee of the pointer.
        source: Option<TypeId>,
        /// The pointer, then the indices.
        operands: Vec<Value>,
    },
    /// `select (C, A, B)`.
    Select {
        /// The condition.
        cond: Value,
        /// The value when true.
        then: Value,
        /// The value when false.
        otherwise: Value,
    },
    /// `extractelement (V, I)`.
    ExtractElement {
        /// The vector.
        vector: Value,
        /// The index.
        index: Value,
    },
    /// `insertelement (V, E, I)`.
    InsertElement {
        /// The vector.
        vector: Value,
        /// The new element.
        element: Value,
        /// The index.
        index: Value,
    },
    /// `shufflevector (A, B, M)`.
    ShuffleVector {
        /// The first vector.
        a: Value,
        /// The second vector.
        b: Value,
        /// The mask.
        mask: Value,
    },
    /// `icmp`/`fcmp (P, A, B)`.
    Compare {
        /// The predicate.
        pred: Predicate,
        /// The first operand.
        lhs: Value,
        /// The second operand.
        rhs: Value,
    },
}

impl ConstExpr {
    /// Calls `f` on every operand, in the order LLVM lists them.
    pub fn for_each_operand(&self, mut f: impl FnMut(Value)) {
        match self {
            ConstExpr::Cast { value, .. } => f(*value),
            ConstExpr::Binary { lhs, rhs, .. } | ConstExpr::Compare { lhs, rhs, .. } => {
                f(*lhs);
                f(*rhs);
            }
            ConstExpr::GetElementPtr { operands, .. } => operands.iter().copied().for_each(f),
            ConstExpr::Select {
                cond,
                then,
                otherwise,
            } => {
                f(*cond);
                f(*then);
                f(*otherwise);
            }
            ConstExpr::ExtractElement { vector, index } => {
                f(*vector);
                f(*index);
            }
            ConstExpr::InsertElement {
                vector,
                element,
                index,
            } => {
                f(*vector);
                f(*element);
                f(*index);
            }
            ConstExpr::ShuffleVector { a, b, mask } => {
                f(*a);
                f(*b);
                f(*mask);
            }
        }
    }
}

/// The constants of a module, each once, in the order of their ids.
#[derive(Clone, Debug, Default)]
pub struct Constants {
    items: Vec<Constant>,
    /// The constants by their hash.
    index: IdTable,
}

impl PartialEq for Constants {
    fn eq(&self, other: &Self) -> bool {
        self.items == other.items
    }
}

impl Eq for Constants {}

impl Constants {
    /// An empty pool.
    pub fn new() -> Constants {
        Constants::default()
    }

    /// The id of a constant, added at the end if it is new.
    pub fn intern(&mut self, constant: Constant) -> ConstId {
        let hash = hash_of(&constant);
        if let Some(id) = self.find_hashed(&constant, hash) {
            return id;
        }
        let id = ConstId(self.items.len() as u32);
        self.index.insert(hash, id.0);
        self.items.push(constant);
        id
    }

    /// The id of a constant, if it is in the pool.
    pub fn find(&self, constant: &Constant) -> Option<ConstId> {
        self.find_hashed(constant, hash_of(constant))
    }

    fn find_hashed(&self, constant: &Constant, hash: u64) -> Option<ConstId> {
        self.index
            .find(hash, |i| self.items.get(i as usize) == Some(constant))
            .map(ConstId)
    }

    /// Room for `n` more constants.
    pub fn reserve(&mut self, n: usize) {
        self.items.reserve(n);
        self.index.reserve(n);
    }

    /// The constant of an id, or `None` for an id that is not in the pool.
    pub fn get(&self, id: ConstId) -> Option<&Constant> {
        self.items.get(id.index())
    }

    /// The number of constants.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The constants with their ids, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (ConstId, &Constant)> {
        self.items
            .iter()
            .enumerate()
            .map(|(i, c)| (ConstId(i as u32), c))
    }
}
