//! Instructions: the kinds LLVM 3.7 has and DXIL may use, and their operator enumerations
//! (numbered as the bitcode numbers them).

use super::{AttrListId, BlockId, ConstId, MdId, Run, Sym, TypeId, Value};

/// A list of value operands of an instruction (a call's arguments, a `getelementptr`'s
/// pointer and indices): a [`Run`] of [`Body::operands`](super::Body::operands), which holds
/// the lists of all the instructions of a body one after another, so that an instruction
/// needs no allocation of its own. [`Body::values`](super::Body::values) gives the values.
pub type Operands = Run;

/// An instruction of a function body.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Inst {
    /// What it does, with its operands.
    pub kind: InstKind,
    /// The type of its result (`void` when it has none).
    pub ty: TypeId,
    /// The name of its result (`%x` → `x`); `None` for an unnamed result (printed as `%N`)
    /// and for an instruction without a result.
    pub name: Option<Sym>,
    /// Where it came from in the input: the line of LLVM IR text it was read from, or 0 when
    /// it was not read from text.
    pub line: u32,
}

/// What an instruction does, with its operands.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum InstKind {
    /// `ret void` / `ret T V`.
    Ret(Option<Value>),
    /// `br label %B`.
    Br(BlockId),
    /// `br i1 C, label %T, label %F`.
    CondBr {
        /// The condition.
        cond: Value,
        /// Where to go when true.
        then: BlockId,
        /// Where to go when false.
        otherwise: BlockId,
    },
    /// `switch T V, label %D [ T C, label %B ... ]`.
    Switch {
        /// The value switched on.
        value: Value,
        /// Where to go when no case matches.
        default: BlockId,
        /// The cases: a constant and where to go.
        cases: Box<[(ConstId, BlockId)]>,
    },
    /// `unreachable`.
    Unreachable,
    /// `add`, `fadd`, ... (`A op B`).
    Binary {
        /// The operator.
        op: BinOp,
        /// The first operand.
        lhs: Value,
        /// The second operand.
        rhs: Value,
        /// The flags as the bitcode stores them: `nuw` (bit 0) and `nsw` (bit 1) for
        /// `add`/`sub`/`mul`/`shl`, `exact` (bit 0) for divisions and right shifts, the
        /// fast-math flags for floating-point operators ([`FastMath`]).
        flags: u8,
    },
    /// `trunc`, `zext`, `bitcast`, ... (`V to T`, `T` being the instruction's type).
    Cast {
        /// The cast.
        op: CastOp,
        /// What is cast.
        value: Value,
    },
    /// `getelementptr [inbounds] T, T* P, I...`.
    GetElementPtr {
        /// `inbounds`.
        inbounds: bool,
        /// The type the pointer points to (the `T` written first).
        source: TypeId,
        /// The pointer, then the indices.
        operands: Operands,
    },
    /// `load [volatile] T, T* P, align A` (`T` being the instruction's type).
    Load {
        /// The pointer.
        ptr: Value,
        /// The alignment in bytes; 0 when none is given.
        align: u32,
        /// `volatile`.
        volatile: bool,
    },
    /// `store [volatile] T V, T* P, align A`.
    Store {
        /// The pointer.
        ptr: Value,
        /// The value stored.
        value: Value,
        /// The alignment in bytes; 0 when none is given.
        align: u32,
        /// `volatile`.
        volatile: bool,
    },
    /// `alloca T, I N, align A` (the instruction's type is `T*`).
    Alloca {
        /// The type allocated.
        allocated: TypeId,
        /// The number of elements.
        count: Value,
        /// The alignment in bytes; 0 when none is given.
        align: u32,
        /// `inalloca`.
        inalloca: bool,
    },
    /// `icmp P A, B` / `fcmp P A, B`.
    Cmp {
        /// The predicate (it tells `icmp` from `fcmp`).
        pred: Predicate,
        /// The first operand.
        lhs: Value,
        /// The second operand.
        rhs: Value,
        /// Fast-math flags of an `fcmp` ([`FastMath`]).
        flags: u8,
    },
    /// `phi T [V, %B], ...`.
    Phi {
        /// The incoming values and the blocks they come from.
        incoming: Box<[(Value, BlockId)]>,
    },
    /// `call`.
    Call(Call),
    /// `select i1 C, T A, T B`.
    Select {
        /// The condition.
        cond: Value,
        /// The value when true.
        then: Value,
        /// The value when false.
        otherwise: Value,
    },
    /// `extractvalue T A, I...`.
    ExtractValue {
        /// The aggregate.
        aggregate: Value,
        /// The indices.
        indices: Box<[u32]>,
    },
    /// `insertvalue T A, T2 V, I...`.
    InsertValue {
        /// The aggregate.
        aggregate: Value,
        /// The value inserted.
        value: Value,
        /// The indices.
        indices: Box<[u32]>,
    },
    /// `extractelement <N x T> V, I`.
    ExtractElement {
        /// The vector.
        vector: Value,
        /// The index.
        index: Value,
    },
    /// `insertelement <N x T> V, T E, I`.
    InsertElement {
        /// The vector.
        vector: Value,
        /// The new element.
        element: Value,
        /// The index.
        index: Value,
    },
    /// `shufflevector A, B, M`.
    ShuffleVector {
        /// The first vector.
        a: Value,
        /// The second vector.
        b: Value,
        /// The mask (a constant).
        mask: Value,
    },
    /// `atomicrmw [volatile] OP T* P, T V [singlethread] ORDERING`.
    AtomicRmw {
        /// The operation.
        op: RmwOp,
        /// The pointer.
        ptr: Value,
        /// The operand.
        value: Value,
        /// `volatile`.
        volatile: bool,
        /// The ordering.
        ordering: Ordering,
        /// The synchronization scope: `true` for `singlethread`.
        single_thread: bool,
    },
    /// `cmpxchg [weak] [volatile] T* P, T C, T N [singlethread] SUCCESS FAILURE`.
    CmpXchg {
        /// The pointer.
        ptr: Value,
        /// The value compared with.
        cmp: Value,
        /// The new value.
        new: Value,
        /// `volatile`.
        volatile: bool,
        /// `weak`.
        weak: bool,
        /// The ordering on success.
        success: Ordering,
        /// The ordering on failure.
        failure: Ordering,
        /// The synchronization scope: `true` for `singlethread`.
        single_thread: bool,
    },
    /// `fence [singlethread] ORDERING`.
    Fence {
        /// The ordering.
        ordering: Ordering,
        /// The synchronization scope: `true` for `singlethread`.
        single_thread: bool,
    },
}

/// A call.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Call {
    /// What is called: usually a [`Value::Function`].
    pub callee: Value,
    /// The type of the function called.
    pub fn_ty: TypeId,
    /// The arguments (see [`Body::values`](super::Body::values)).
    pub args: Operands,
    /// The call site's attributes.
    pub attrs: Option<AttrListId>,
    /// The calling convention (0 is `ccc`, the default).
    pub cc: u32,
    /// `tail`, `musttail` or neither.
    pub tail: Tail,
    /// Fast-math flags ([`FastMath`]).
    pub flags: u8,
}

/// `tail`/`musttail` of a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Tail {
    /// Neither.
    #[default]
    None,
    /// `tail call`.
    Tail,
    /// `musttail call`.
    MustTail,
}

/// The bits of the fast-math flags as the bitcode stores them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FastMath;

impl FastMath {
    /// `fast` (all of them), bit 0.
    pub const UNSAFE_ALGEBRA: u8 = 1 << 0;
    /// `nnan`, bit 1.
    pub const NO_NANS: u8 = 1 << 1;
    /// `ninf`, bit 2.
    pub const NO_INFS: u8 = 1 << 2;
    /// `nsz`, bit 3.
    pub const NO_SIGNED_ZEROS: u8 = 1 << 3;
    /// `arcp`, bit 4.
    pub const ALLOW_RECIPROCAL: u8 = 1 << 4;
}

macro_rules! numbered {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $value:literal, $text:literal;)* }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $($(#[$vdoc])* $variant = $value,)*
        }

        impl $name {
            /// The value of its bitcode encoding, if it has one.
            pub fn from_code(code: u64) -> Option<Self> {
                match code {
                    $($value => Some($name::$variant),)*
                    _ => None,
                }
            }

            /// Its bitcode encoding.
            pub fn code(self) -> u64 {
                self as u64
            }

            /// Its keyword in LLVM IR text.
            pub fn keyword(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)*
                }
            }

            /// All of them, in the order of their codes.
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];

            /// The first one (in [`Self::ALL`]) whose keyword is `text`, if any.
            pub fn from_keyword(text: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|v| v.keyword() == text)
            }
        }
    };
}

numbered! {
    /// A cast operator, numbered as the bitcode's `CAST_*` codes.
    CastOp {
        /// `trunc`.
        Trunc = 0, "trunc";
        /// `zext`.
        ZExt = 1, "zext";
        /// `sext`.
        SExt = 2, "sext";
        /// `fptoui`.
        FpToUi = 3, "fptoui";
        /// `fptosi`.
        FpToSi = 4, "fptosi";
        /// `uitofp`.
        UiToFp = 5, "uitofp";
        /// `sitofp`.
        SiToFp = 6, "sitofp";
        /// `fptrunc`.
        FpTrunc = 7, "fptrunc";
        /// `fpext`.
        FpExt = 8, "fpext";
        /// `ptrtoint`.
        PtrToInt = 9, "ptrtoint";
        /// `inttoptr`.
        IntToPtr = 10, "inttoptr";
        /// `bitcast`.
        BitCast = 11, "bitcast";
        /// `addrspacecast`.
        AddrSpaceCast = 12, "addrspacecast";
    }
}

numbered! {
    /// A binary operator, numbered as the bitcode's `BINOP_*` codes. The bitcode has one code
    /// for `add` and `fadd` (and so on); the operand type tells which: see
    /// [`BinOp::from_code_typed`].
    BinOp {
        /// `add`.
        Add = 0, "add";
        /// `sub`.
        Sub = 1, "sub";
        /// `mul`.
        Mul = 2, "mul";
        /// `udiv`.
        UDiv = 3, "udiv";
        /// `sdiv`.
        SDiv = 4, "sdiv";
        /// `urem`.
        URem = 5, "urem";
        /// `srem`.
        SRem = 6, "srem";
        /// `shl`.
        Shl = 7, "shl";
        /// `lshr`.
        LShr = 8, "lshr";
        /// `ashr`.
        AShr = 9, "ashr";
        /// `and`.
        And = 10, "and";
        /// `or`.
        Or = 11, "or";
        /// `xor`.
        Xor = 12, "xor";
        /// `fadd` (bitcode code 0 on floating-point operands).
        FAdd = 100, "fadd";
        /// `fsub` (code 1).
        FSub = 101, "fsub";
        /// `fmul` (code 2).
        FMul = 102, "fmul";
        /// `fdiv` (code 4).
        FDiv = 104, "fdiv";
        /// `frem` (code 6).
        FRem = 106, "frem";
    }
}

impl BinOp {
    /// The operator of a bitcode code, on operands that are floating-point (or vectors of
    /// them) when `float` is true.
    pub fn from_code_typed(code: u64, float: bool) -> Option<BinOp> {
        if float {
            match code {
                0 => Some(BinOp::FAdd),
                1 => Some(BinOp::FSub),
                2 => Some(BinOp::FMul),
                4 => Some(BinOp::FDiv),
                6 => Some(BinOp::FRem),
                _ => None,
            }
        } else {
            BinOp::from_code(code).filter(|op| !op.is_float())
        }
    }

    /// The bitcode code (the same for `add` and `fadd`).
    pub fn bitcode(self) -> u64 {
        self.code() % 100
    }

    /// Whether it is a floating-point operator.
    pub fn is_float(self) -> bool {
        self.code() >= 100
    }
}

numbered! {
    /// A comparison predicate, numbered as LLVM numbers them in bitcode.
    Predicate {
        /// `fcmp false`.
        FFalse = 0, "false";
        /// `fcmp oeq`.
        FOeq = 1, "oeq";
        /// `fcmp ogt`.
        FOgt = 2, "ogt";
        /// `fcmp oge`.
        FOge = 3, "oge";
        /// `fcmp olt`.
        FOlt = 4, "olt";
        /// `fcmp ole`.
        FOle = 5, "ole";
        /// `fcmp one`.
        FOne = 6, "one";
        /// `fcmp ord`.
        FOrd = 7, "ord";
        /// `fcmp uno`.
        FUno = 8, "uno";
        /// `fcmp ueq`.
        FUeq = 9, "ueq";
        /// `fcmp ugt`.
        FUgt = 10, "ugt";
        /// `fcmp uge`.
        FUge = 11, "uge";
        /// `fcmp ult`.
        FUlt = 12, "ult";
        /// `fcmp ule`.
        FUle = 13, "ule";
        /// `fcmp une`.
        FUne = 14, "une";
        /// `fcmp true`.
        FTrue = 15, "true";
        /// `icmp eq`.
        IEq = 32, "eq";
        /// `icmp ne`.
        INe = 33, "ne";
        /// `icmp ugt`.
        IUgt = 34, "ugt";
        /// `icmp uge`.
        IUge = 35, "uge";
        /// `icmp ult`.
        IUlt = 36, "ult";
        /// `icmp ule`.
        IUle = 37, "ule";
        /// `icmp sgt`.
        ISgt = 38, "sgt";
        /// `icmp sge`.
        ISge = 39, "sge";
        /// `icmp slt`.
        ISlt = 40, "slt";
        /// `icmp sle`.
        ISle = 41, "sle";
    }
}

impl Predicate {
    /// Whether it is an `icmp` predicate (else `fcmp`).
    pub fn is_int(self) -> bool {
        self.code() >= 32
    }

    /// The `fcmp` predicate written `text`, if any.
    pub fn from_fcmp_keyword(text: &str) -> Option<Predicate> {
        Self::ALL
            .iter()
            .copied()
            .find(|p| !p.is_int() && p.keyword() == text)
    }

    /// The `icmp` predicate written `text`, if any.
    pub fn from_icmp_keyword(text: &str) -> Option<Predicate> {
        Self::ALL
            .iter()
            .copied()
            .find(|p| p.is_int() && p.keyword() == text)
    }
}

numbered! {
    /// An `atomicrmw` operation, numbered as the bitcode's `RMW_*` codes.
    RmwOp {
        /// `xchg`.
        Xchg = 0, "xchg";
        /// `add`.
        Add = 1, "add";
        /// `sub`.
        Sub = 2, "sub";
        /// `and`.
        And = 3, "and";
        /// `nand`.
        Nand = 4, "nand";
        /// `or`.
        Or = 5, "or";
        /// `xor`.
        Xor = 6, "xor";
        /// `max`.
        Max = 7, "max";
        /// `min`.
        Min = 8, "min";
        /// `umax`.
        UMax = 9, "umax";
        /// `umin`.
        UMin = 10, "umin";
    }
}

numbered! {
    /// An atomic ordering, numbered as the bitcode's `ORDERING_*` codes.
    Ordering {
        /// No ordering (not atomic).
        NotAtomic = 0, "notatomic";
        /// `unordered`.
        Unordered = 1, "unordered";
        /// `monotonic`.
        Monotonic = 2, "monotonic";
        /// `acquire`.
        Acquire = 3, "acquire";
        /// `release`.
        Release = 4, "release";
        /// `acq_rel`.
        AcqRel = 5, "acq_rel";
        /// `seq_cst`.
        SeqCst = 6, "seq_cst";
    }
}

/// A metadata attachment of an instruction or a function: the kind (`!dx.precise`, `!dbg`,
/// ...) and the node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Attachment {
    /// The kind: an index into [`Metadata::kinds`](super::Metadata).
    pub kind: u32,
    /// The node attached.
    pub node: MdId,
}

impl InstKind {
    /// Whether the instruction ends a basic block.
    pub fn is_terminator(&self) -> bool {
        matches!(
            self,
            InstKind::Ret(_)
                | InstKind::Br(_)
                | InstKind::CondBr { .. }
                | InstKind::Switch { .. }
                | InstKind::Unreachable
        )
    }

    /// The call, if the instruction is one.
    pub fn as_call(&self) -> Option<&Call> {
        match self {
            InstKind::Call(call) => Some(call),
            _ => None,
        }
    }

    /// The LLVM opcode name (`call`, `add`, `getelementptr`, ...).
    pub fn opcode_name(&self) -> &'static str {
        match self {
            InstKind::Ret(_) => "ret",
            InstKind::Br(_) | InstKind::CondBr { .. } => "br",
            InstKind::Switch { .. } => "switch",
            InstKind::Unreachable => "unreachable",
            InstKind::Binary { op, .. } => op.keyword(),
            InstKind::Cast { op, .. } => op.keyword(),
            InstKind::GetElementPtr { .. } => "getelementptr",
            InstKind::Load { .. } => "load",
            InstKind::Store { .. } => "store",
            InstKind::Alloca { .. } => "alloca",
            InstKind::Cmp { pred, .. } if pred.is_int() => "icmp",
            InstKind::Cmp { .. } => "fcmp",
            InstKind::Phi { .. } => "phi",
            InstKind::Call(_) => "call",
            InstKind::Select { .. } => "select",
            InstKind::ExtractValue { .. } => "extractvalue",
            InstKind::InsertValue { .. } => "insertvalue",
            InstKind::ExtractElement { .. } => "extractelement",
            InstKind::InsertElement { .. } => "insertelement",
            InstKind::ShuffleVector { .. } => "shufflevector",
            InstKind::AtomicRmw { .. } => "atomicrmw",
            InstKind::CmpXchg { .. } => "cmpxchg",
            InstKind::Fence { .. } => "fence",
        }
    }

    /// Calls `fv` on every value operand and `fb` on every block operand the instruction holds
    /// itself, to change them (a reader replacing the placeholders of forward references).
    /// Switch cases are constants and are not visited; the operand lists of calls and
    /// `getelementptr`s are in [`Body::operands`](super::Body::operands), which
    /// [`Body::remap_operands`](super::Body::remap_operands) maps too.
    pub fn remap_operands(
        &mut self,
        mut fv: impl FnMut(&mut Value),
        mut fb: impl FnMut(&mut BlockId),
    ) {
        match self {
            InstKind::Ret(v) => v.iter_mut().for_each(fv),
            InstKind::Br(b) => fb(b),
            InstKind::CondBr {
                cond,
                then,
                otherwise,
            } => {
                fv(cond);
                fb(then);
                fb(otherwise);
            }
            InstKind::Switch {
                value,
                default,
                cases,
            } => {
                fv(value);
                fb(default);
                cases.iter_mut().for_each(|(_, b)| fb(b));
            }
            InstKind::Unreachable | InstKind::Fence { .. } => {}
            InstKind::Binary { lhs, rhs, .. } | InstKind::Cmp { lhs, rhs, .. } => {
                fv(lhs);
                fv(rhs);
            }
            InstKind::Cast { value, .. } => fv(value),
            // Their operand lists are in `Body::operands`.
            InstKind::GetElementPtr { .. } => {}
            InstKind::Load { ptr, .. } => fv(ptr),
            InstKind::Store { ptr, value, .. } => {
                fv(ptr);
                fv(value);
            }
            InstKind::Alloca { count, .. } => fv(count),
            InstKind::Phi { incoming } => incoming.iter_mut().for_each(|(v, b)| {
                fv(v);
                fb(b);
            }),
            InstKind::Call(call) => fv(&mut call.callee),
            InstKind::Select {
                cond,
                then,
                otherwise,
            } => {
                fv(cond);
                fv(then);
                fv(otherwise);
            }
            InstKind::ExtractValue { aggregate, .. } => fv(aggregate),
            InstKind::InsertValue {
                aggregate, value, ..
            } => {
                fv(aggregate);
                fv(value);
            }
            InstKind::ExtractElement { vector, index } => {
                fv(vector);
                fv(index);
            }
            InstKind::InsertElement {
                vector,
                element,
                index,
            } => {
                fv(vector);
                fv(element);
                fv(index);
            }
            InstKind::ShuffleVector { a, b, mask } => {
                fv(a);
                fv(b);
                fv(mask);
            }
            InstKind::AtomicRmw { ptr, value, .. } => {
                fv(ptr);
                fv(value);
            }
            InstKind::CmpXchg { ptr, cmp, new, .. } => {
                fv(ptr);
                fv(cmp);
                fv(new);
            }
        }
    }
}
