//! Values: what an operand refers to.

/// A global variable: an index into [`Module::globals`](super::Module::globals).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GlobalId(pub u32);

/// A function: an index into [`Module::functions`](super::Module::functions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FuncId(pub u32);

/// A constant: an index into [`Module::constants`](super::Module::constants).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConstId(pub u32);

/// An instruction of a function body: an index into [`Body::insts`](super::Body::insts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct InstId(pub u32);

/// A basic block of a function body: an index into [`Body::blocks`](super::Body::blocks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(pub u32);

/// A metadata item: an index into [`Metadata::items`](super::Metadata).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MdId(pub u32);

macro_rules! index_fn {
    ($($t:ident),*) => {$(
        impl $t {
            /// The position in its list.
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    )*};
}
index_fn!(GlobalId, FuncId, ConstId, InstId, BlockId, MdId);

/// An operand: a global variable, a function, a constant, or, inside a function body, one of
/// its arguments or the result of one of its instructions; or metadata passed as a value (the
/// `metadata !3` operand of a call). Eight bytes.
///
/// A value's type is [`Module::value_type`](super::Module::value_type) (in the context of the
/// function whose body holds it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    /// A global variable (its value is its address).
    Global(GlobalId),
    /// A function (its value is its address).
    Function(FuncId),
    /// A constant.
    Const(ConstId),
    /// An argument of the function the operand is in, by position.
    Arg(u32),
    /// The result of an instruction of the function the operand is in.
    Inst(InstId),
    /// Metadata as an operand (`metadata !3`), in calls of intrinsics.
    Metadata(MdId),
}

impl Value {
    /// The constant this value is, if it is one.
    pub fn as_const(self) -> Option<ConstId> {
        match self {
            Value::Const(c) => Some(c),
            _ => None,
        }
    }

    /// The instruction this value is the result of, if any.
    pub fn as_inst(self) -> Option<InstId> {
        match self {
            Value::Inst(i) => Some(i),
            _ => None,
        }
    }

    /// The function this value is, if it is one.
    pub fn as_function(self) -> Option<FuncId> {
        match self {
            Value::Function(f) => Some(f),
            _ => None,
        }
    }

    /// Whether the value is the same in every function (a global, a function, a constant or
    /// metadata), as opposed to an argument or an instruction's result.
    pub fn is_global(self) -> bool {
        !matches!(self, Value::Arg(_) | Value::Inst(_))
    }
}
