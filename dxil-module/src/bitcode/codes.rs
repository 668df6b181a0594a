//! The block ids and record codes of LLVM 3.7 bitcode, and the layout of each record as the
//! errors name it.

/// `MODULE_BLOCK`.
pub(crate) const MODULE: u32 = 8;
/// `PARAMATTR_BLOCK`: the attribute lists.
pub(crate) const PARAMATTR: u32 = 9;
/// `PARAMATTR_GROUP_BLOCK`: the attribute groups.
pub(crate) const PARAMATTR_GROUP: u32 = 10;
/// `CONSTANTS_BLOCK`.
pub(crate) const CONSTANTS: u32 = 11;
/// `FUNCTION_BLOCK`: a function body.
pub(crate) const FUNCTION: u32 = 12;
/// `IDENTIFICATION_BLOCK` (LLVM 3.8 and later): the producer.
pub(crate) const IDENTIFICATION: u32 = 13;
/// `VALUE_SYMTAB_BLOCK`: names.
pub(crate) const VALUE_SYMTAB: u32 = 14;
/// `METADATA_BLOCK`.
pub(crate) const METADATA: u32 = 15;
/// `METADATA_ATTACHMENT_BLOCK`.
pub(crate) const METADATA_ATTACHMENT: u32 = 16;
/// `TYPE_BLOCK_NEW`.
pub(crate) const TYPE: u32 = 17;
/// `METADATA_KIND_BLOCK` (LLVM 3.9 and later; 3.7 writes the kinds in a `METADATA_BLOCK`).
pub(crate) const METADATA_KIND: u32 = 22;

/// The name and layout of a record of a block, for errors.
pub(crate) fn describe(block: u32, code: u64) -> &'static str {
    match block {
        MODULE => module_record(code),
        PARAMATTR => match code {
            1 => "PARAMATTR_CODE_ENTRY_OLD [paramidx, attrbits, ...]",
            2 => "PARAMATTR_CODE_ENTRY [attrgrp...]",
            _ => "a PARAMATTR_BLOCK record",
        },
        PARAMATTR_GROUP => "PARAMATTR_GRP_CODE_ENTRY [grpid, paramidx, attr...]",
        TYPE => type_record(code),
        CONSTANTS => constant_record(code),
        FUNCTION => function_record(code),
        IDENTIFICATION => "IDENTIFICATION_CODE_STRING [strchr...]",
        VALUE_SYMTAB => match code {
            1 => "VST_ENTRY [valueid, namechar...]",
            2 => "VST_BBENTRY [bbid, namechar...]",
            3 => "VST_FNENTRY [valueid, offset, namechar...]",
            _ => "a VALUE_SYMTAB_BLOCK record",
        },
        METADATA | METADATA_KIND => metadata_record(code),
        METADATA_ATTACHMENT => "METADATA_ATTACHMENT [instid?, (kind, node)...]",
        _ => "a record",
    }
}

fn module_record(code: u64) -> &'static str {
    match code {
        1 => "MODULE_CODE_VERSION [version]",
        2 => "MODULE_CODE_TRIPLE [strchr...]",
        3 => "MODULE_CODE_DATALAYOUT [strchr...]",
        4 => "MODULE_CODE_ASM [strchr...]",
        5 => "MODULE_CODE_SECTIONNAME [strchr...]",
        7 => {
            "MODULE_CODE_GLOBALVAR [type, isconst|explicit|addrspace, initid, linkage, alignment, \
             section, visibility, threadlocal, unnamed_addr, externally_initialized, \
             dllstorageclass, comdat]"
        }
        8 => {
            "MODULE_CODE_FUNCTION [type, cc, isproto, linkage, paramattr, alignment, section, \
             visibility, gc, unnamed_addr, prologue, dllstorageclass, comdat, prefix, \
             personality]"
        }
        9 | 14 => "MODULE_CODE_ALIAS [type, aliasee, linkage, ...]",
        11 => "MODULE_CODE_GCNAME [strchr...]",
        12 => "MODULE_CODE_COMDAT [selection, size, namechar...]",
        _ => "a MODULE_BLOCK record",
    }
}

fn type_record(code: u64) -> &'static str {
    match code {
        1 => "TYPE_CODE_NUMENTRY [count]",
        7 => "TYPE_CODE_INTEGER [width]",
        8 => "TYPE_CODE_POINTER [pointee, addrspace?]",
        9 => "TYPE_CODE_FUNCTION_OLD [vararg, attrid, ret, params...]",
        11 => "TYPE_CODE_ARRAY [count, element]",
        12 => "TYPE_CODE_VECTOR [count, element]",
        18 => "TYPE_CODE_STRUCT_ANON [packed, fields...]",
        19 => "TYPE_CODE_STRUCT_NAME [strchr...]",
        20 => "TYPE_CODE_STRUCT_NAMED [packed, fields...]",
        21 => "TYPE_CODE_FUNCTION [vararg, ret, params...]",
        6 => "TYPE_CODE_OPAQUE",
        _ => "a TYPE_BLOCK record",
    }
}

fn constant_record(code: u64) -> &'static str {
    match code {
        1 => "CST_CODE_SETTYPE [type]",
        2 => "CST_CODE_NULL",
        3 => "CST_CODE_UNDEF",
        4 => "CST_CODE_INTEGER [signed value]",
        5 => "CST_CODE_WIDE_INTEGER [signed word...]",
        6 => "CST_CODE_FLOAT [bits...]",
        7 => "CST_CODE_AGGREGATE [value...]",
        8 => "CST_CODE_STRING [char...]",
        9 => "CST_CODE_CSTRING [char...]",
        10 => "CST_CODE_CE_BINOP [opcode, lhs, rhs, flags?]",
        11 => "CST_CODE_CE_CAST [opcode, type, value]",
        12 => "CST_CODE_CE_GEP [pointee type?, (type, value)...]",
        13 => "CST_CODE_CE_SELECT [cond, then, else]",
        14 => "CST_CODE_CE_EXTRACTELT [vector type, vector, index type?, index]",
        15 => "CST_CODE_CE_INSERTELT [vector, element, index type?, index]",
        16 => "CST_CODE_CE_SHUFFLEVEC [a, b, mask]",
        17 => "CST_CODE_CE_CMP [type, lhs, rhs, predicate]",
        19 => "CST_CODE_CE_SHUFVEC_EX [type, a, b, mask]",
        20 => "CST_CODE_CE_INBOUNDS_GEP [pointee type?, (type, value)...]",
        22 => "CST_CODE_DATA [element...]",
        _ => "a CONSTANTS_BLOCK record",
    }
}

fn function_record(code: u64) -> &'static str {
    match code {
        1 => "FUNC_CODE_DECLAREBLOCKS [count]",
        2 => "FUNC_CODE_INST_BINOP [lhs, rhs, opcode, flags?]",
        3 => "FUNC_CODE_INST_CAST [value, type, opcode]",
        4 | 30 => "FUNC_CODE_INST_GEP_OLD [(type, value)...]",
        5 => "FUNC_CODE_INST_SELECT [then, else, cond]",
        6 => "FUNC_CODE_INST_EXTRACTELT [vector, index]",
        7 => "FUNC_CODE_INST_INSERTELT [vector, element, index]",
        8 => "FUNC_CODE_INST_SHUFFLEVEC [a, b, mask]",
        9 | 28 => "FUNC_CODE_INST_CMP2 [lhs, rhs, predicate, flags?]",
        10 => "FUNC_CODE_INST_RET [value?]",
        11 => "FUNC_CODE_INST_BR [bb, bb?, cond?]",
        12 => "FUNC_CODE_INST_SWITCH [type, cond, default, (value, bb)...]",
        15 => "FUNC_CODE_INST_UNREACHABLE",
        16 => "FUNC_CODE_INST_PHI [type, (signed value, bb)...]",
        19 => "FUNC_CODE_INST_ALLOCA [type, count type, count, align]",
        20 => "FUNC_CODE_INST_LOAD [ptr, type?, align, volatile]",
        24 | 44 => "FUNC_CODE_INST_STORE [ptr, value, align, volatile]",
        26 => "FUNC_CODE_INST_EXTRACTVAL [aggregate, index...]",
        27 => "FUNC_CODE_INST_INSERTVAL [aggregate, value, index...]",
        29 => "FUNC_CODE_INST_VSELECT [then, else, cond]",
        33 => "FUNC_CODE_DEBUG_LOC_AGAIN",
        34 => "FUNC_CODE_INST_CALL [paramattrs, cc, fmf?, fnty?, callee, args...]",
        35 => "FUNC_CODE_DEBUG_LOC [line, col, scope, inlinedat]",
        36 => "FUNC_CODE_INST_FENCE [ordering, synchscope]",
        37 | 46 => {
            "FUNC_CODE_INST_CMPXCHG [ptr, cmp, new, volatile, success, synchscope, failure, weak]"
        }
        38 | 59 => "FUNC_CODE_INST_ATOMICRMW [ptr, value, op, volatile, ordering, synchscope]",
        43 => "FUNC_CODE_INST_GEP [inbounds, type, (type, value)...]",
        _ => "a FUNCTION_BLOCK record",
    }
}

fn metadata_record(code: u64) -> &'static str {
    match code {
        1 => "METADATA_STRING [char...]",
        2 => "METADATA_VALUE [type, value]",
        3 => "METADATA_NODE [node + 1...]",
        4 => "METADATA_NAME [char...]",
        5 => "METADATA_DISTINCT_NODE [node + 1...]",
        6 => "METADATA_KIND [id, char...]",
        7 => "METADATA_LOCATION [distinct, line, col, scope, inlinedat]",
        10 => "METADATA_NAMED_NODE [node...]",
        _ => "a debug-information METADATA record [distinct, field...]",
    }
}

/// A record (or block) the decoder reads, for an error: its bit offset and what it is, named
/// only when an error is made.
#[derive(Clone, Copy, Debug)]
pub(crate) struct At {
    pub bit: u64,
    /// The block the record is in, with its code; or, for a block itself, `u32::MAX`.
    block: u32,
    code: u64,
    /// What a block is expected to be (for a block).
    text: &'static str,
}

impl At {
    /// Record `code` of block `block` at `bit`.
    pub(crate) fn record(bit: u64, block: u32, code: u64) -> At {
        At {
            bit,
            block,
            code,
            text: "",
        }
    }

    /// A block, expected to be `what`.
    pub(crate) fn block(block: &crate::bitstream::Block<'_>, what: &'static str) -> At {
        At {
            bit: block.bit(),
            block: u32::MAX,
            code: 0,
            text: what,
        }
    }

    /// What the decoder was reading.
    pub(crate) fn what(&self) -> &'static str {
        if self.block == u32::MAX {
            self.text
        } else {
            describe(self.block, self.code)
        }
    }

    #[cold]
    pub(crate) fn err(self, kind: super::ErrorKind) -> super::DecodeError {
        super::DecodeError::new(self.bit, self.what(), kind)
    }

    /// An error: `what` number `id` does not exist (`count` do).
    #[cold]
    pub(crate) fn out_of_range(
        self,
        what: &'static str,
        id: u64,
        count: u64,
    ) -> super::DecodeError {
        self.err(super::ErrorKind::OutOfRange { what, id, count })
    }
}
