//! The record codes of LLVM 3.7 bitcode that the writer uses, and its names of the block ids.

// The block ids are the decoder's (one list of them), under the names the writer uses.
pub(super) use crate::bitcode::codes::{
    CONSTANTS as CONSTANTS_BLOCK, FUNCTION as FUNCTION_BLOCK, METADATA as METADATA_BLOCK,
    METADATA_ATTACHMENT as METADATA_ATTACHMENT_BLOCK, MODULE as MODULE_BLOCK,
    PARAMATTR as PARAMATTR_BLOCK, PARAMATTR_GROUP as PARAMATTR_GROUP_BLOCK, TYPE as TYPE_BLOCK,
    VALUE_SYMTAB as VALUE_SYMTAB_BLOCK,
};

/// `MODULE_CODE_*`.
pub(super) mod module {
    pub const VERSION: u32 = 1;
    pub const TRIPLE: u32 = 2;
    pub const DATALAYOUT: u32 = 3;
    pub const ASM: u32 = 4;
    pub const SECTIONNAME: u32 = 5;
    pub const GLOBALVAR: u32 = 7;
    pub const FUNCTION: u32 = 8;
    pub const GCNAME: u32 = 11;
    pub const COMDAT: u32 = 12;
}

/// `PARAMATTR_CODE_ENTRY` (a list of groups).
pub(super) const PARAMATTR_ENTRY: u32 = 2;
/// `PARAMATTR_GRP_CODE_ENTRY` (a group).
pub(super) const PARAMATTR_GROUP_ENTRY: u32 = 3;

/// `TYPE_CODE_*`.
pub(super) mod ty {
    pub const NUMENTRY: u32 = 1;
    pub const VOID: u32 = 2;
    pub const FLOAT: u32 = 3;
    pub const DOUBLE: u32 = 4;
    pub const LABEL: u32 = 5;
    pub const OPAQUE: u32 = 6;
    pub const INTEGER: u32 = 7;
    pub const POINTER: u32 = 8;
    pub const HALF: u32 = 10;
    pub const ARRAY: u32 = 11;
    pub const VECTOR: u32 = 12;
    pub const X86_FP80: u32 = 13;
    pub const FP128: u32 = 14;
    pub const PPC_FP128: u32 = 15;
    pub const METADATA: u32 = 16;
    pub const X86_MMX: u32 = 17;
    pub const STRUCT_ANON: u32 = 18;
    pub const STRUCT_NAME: u32 = 19;
    pub const STRUCT_NAMED: u32 = 20;
    pub const FUNCTION: u32 = 21;
}

/// `CST_CODE_*`.
pub(super) mod cst {
    pub const SETTYPE: u32 = 1;
    pub const NULL: u32 = 2;
    pub const UNDEF: u32 = 3;
    pub const INTEGER: u32 = 4;
    pub const WIDE_INTEGER: u32 = 5;
    pub const FLOAT: u32 = 6;
    pub const AGGREGATE: u32 = 7;
    pub const STRING: u32 = 8;
    pub const CSTRING: u32 = 9;
    pub const CE_BINOP: u32 = 10;
    pub const CE_CAST: u32 = 11;
    pub const CE_GEP: u32 = 12;
    pub const CE_SELECT: u32 = 13;
    pub const CE_EXTRACTELT: u32 = 14;
    pub const CE_INSERTELT: u32 = 15;
    pub const CE_SHUFFLEVEC: u32 = 16;
    pub const CE_CMP: u32 = 17;
    pub const CE_SHUFVEC_EX: u32 = 19;
    pub const CE_INBOUNDS_GEP: u32 = 20;
    pub const DATA: u32 = 22;
}

/// `FUNC_CODE_*`.
pub(super) mod func {
    pub const DECLAREBLOCKS: u32 = 1;
    pub const BINOP: u32 = 2;
    pub const CAST: u32 = 3;
    pub const EXTRACTELT: u32 = 6;
    pub const INSERTELT: u32 = 7;
    pub const SHUFFLEVEC: u32 = 8;
    pub const RET: u32 = 10;
    pub const BR: u32 = 11;
    pub const SWITCH: u32 = 12;
    pub const UNREACHABLE: u32 = 15;
    pub const PHI: u32 = 16;
    pub const ALLOCA: u32 = 19;
    pub const LOAD: u32 = 20;
    pub const EXTRACTVAL: u32 = 26;
    pub const INSERTVAL: u32 = 27;
    pub const CMP2: u32 = 28;
    pub const VSELECT: u32 = 29;
    pub const DEBUG_LOC_AGAIN: u32 = 33;
    pub const CALL: u32 = 34;
    pub const DEBUG_LOC: u32 = 35;
    pub const FENCE: u32 = 36;
    pub const ATOMICRMW: u32 = 38;
    pub const GEP: u32 = 43;
    pub const STORE: u32 = 44;
    pub const CMPXCHG: u32 = 46;
}

/// `VST_CODE_ENTRY`: a value's name.
pub(super) const VST_ENTRY: u32 = 1;
/// `VST_CODE_BBENTRY`: a block's name.
pub(super) const VST_BBENTRY: u32 = 2;

/// `METADATA_*`.
pub(in crate::bitcode) mod md {
    pub const STRING: u32 = 1;
    pub const VALUE: u32 = 2;
    pub const NODE: u32 = 3;
    pub const NAME: u32 = 4;
    pub const DISTINCT_NODE: u32 = 5;
    pub const KIND: u32 = 6;
    pub const LOCATION: u32 = 7;
    pub const NAMED_NODE: u32 = 10;
    pub const ATTACHMENT: u32 = 11;
    pub const GENERIC_DEBUG: u32 = 12;
    pub const OBJC_PROPERTY: u32 = 30;
    pub const MODULE: u32 = 32;
}
