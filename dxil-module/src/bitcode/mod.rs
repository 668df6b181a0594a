//! LLVM 3.7 bitcode, as DXIL uses it: decoded into the module model, and written from it.
//!
//! [`write()`] writes a module of the [model](crate::model) as DXC's LLVM 3.7 writer lays it
//! out (see its documentation), after checking everything LLVM 3.7's reader would otherwise
//! misread or refuse; a model it cannot write is a [`WriteError`] naming the place.
//!
//! [`decode`] takes raw bitcode (`BC C0 DE`), bitcode behind a wrapper header (`DE C0 17 0B`)
//! or a DXBC container (the bitcode of its `DXIL` part, else its `ILDB` part; both found by
//! [`crate::container::find_bitcode`]; [`decode_part`] takes the program part asked for, the
//! `ILDB` or `STAT` part beside a `DXIL` part, say), reads the bitstream with
//! [`crate::bitstream`] and fills a [`Module`]: the same model the text reader
//! ([`crate::text`]) makes, so that the printer, the lint and `dxil_ops::read` work on either.
//!
//! # What is decoded
//!
//! | block | records decoded | kept as |
//! | --- | --- | --- |
//! | `IDENTIFICATION` | `STRING` | [`Module::producer`] |
//! | `MODULE` | `VERSION` (0: absolute operand ids, 1: relative), `TRIPLE`, `DATALAYOUT`, `ASM`, `SECTIONNAME`, `GCNAME`, `COMDAT`, `GLOBALVAR`, `FUNCTION` | the module's fields, [`Global`](crate::model::Global)s, [`Function`](crate::model::Function)s |
//! | `PARAMATTR_GROUP`, `PARAMATTR` | `ENTRY` (enum, integer and string attributes) | [`AttrGroup`](crate::model::AttrGroup)s, [`AttrList`](crate::model::AttrList)s |
//! | `TYPE_BLOCK_NEW` | every type code: `NUMENTRY`, `VOID` ... `X86_MMX`, `INTEGER`, `POINTER`, `FUNCTION` (and `FUNCTION_OLD`), `ARRAY`, `VECTOR`, `STRUCT_ANON`, `STRUCT_NAME`, `STRUCT_NAMED`, `OPAQUE` | [`Types`](crate::model::Types), ids as in the bitcode |
//! | `CONSTANTS` (module and function) | `SETTYPE`, `NULL`, `UNDEF`, `INTEGER`, `WIDE_INTEGER`, `FLOAT` (all widths), `AGGREGATE`, `STRING`, `CSTRING`, `DATA`, `CE_BINOP`, `CE_CAST`, `CE_GEP`, `CE_INBOUNDS_GEP` (with and without the source type), `CE_SELECT`, `CE_EXTRACTELT`, `CE_INSERTELT`, `CE_SHUFFLEVEC`, `CE_SHUFVEC_EX`, `CE_CMP` | [`Constant`](crate::model::Constant)s in the form LLVM holds them (zero is `Null`, arrays of numbers are `Data`) |
//! | `METADATA` (module and function), `METADATA_KIND` | `STRING`, `VALUE`, `NODE`, `DISTINCT_NODE`, `NAME` + `NAMED_NODE`, `KIND` | [`MdItem`](crate::model::MdItem)s, [`NamedMd`](crate::model::NamedMd), [`MdKind`](crate::model::MdKind)s |
//! | `METADATA` (module and function) | the debug-information records (`LOCATION`, `SUBRANGE` ... `IMPORTED_ENTITY`, `EXPRESSION`, `MODULE`, ...) | [`MdItem::Special`](crate::model::MdItem::Special): the record code and its operands as stored (a function's own records' references renumbered into the model's ids) |
//! | `METADATA_ATTACHMENT` | `ATTACHMENT` of instructions and functions | [`Body::attachments`](crate::model::Body::attachments), [`Body::fn_attachments`](crate::model::Body::fn_attachments) |
//! | `VALUE_SYMTAB` (module and function) | `ENTRY`, `BBENTRY`, `FNENTRY` | names of globals, functions, arguments, results, blocks |
//! | `FUNCTION` | `DECLAREBLOCKS`; `BINOP` (flags), `CAST`, `GEP` (and the old forms), `SELECT`, `VSELECT`, `EXTRACTELT`, `INSERTELT`, `SHUFFLEVEC`, `CMP`, `CMP2` (fast-math flags), `RET`, `BR`, `SWITCH`, `UNREACHABLE`, `PHI`, `ALLOCA`, `LOAD`, `STORE` (and `STORE_OLD`), `CMPXCHG` (and `CMPXCHG_OLD`: with its weak flag as is, without it as the old value-returning form, see below), `ATOMICRMW`, `FENCE`, `CALL` (explicit type, calling convention, tail, fast-math flags), `EXTRACTVAL`, `INSERTVAL`, `DEBUG_LOC`, `DEBUG_LOC_AGAIN` | [`Body`](crate::model::Body): blocks, [`Inst`](crate::model::Inst)s, debug locations |
//! | `USELIST`, `BLOCKINFO`, unknown blocks | - | skipped (BLOCKINFO is applied by the bitstream reader) |
//! | top level: `SYMTAB`, `STRTAB`, unknown blocks | - | skipped |
//!
//! A `CMPXCHG_OLD` without the weak flag (six operands after the values, or seven with the
//! failure ordering) is the `cmpxchg` of before weak exchanges, whose value is the loaded value:
//! it is decoded as LLVM 3.7 reads it, a `cmpxchg` that takes no value or instruction number
//! (its failure ordering, when absent, the strongest the success ordering allows) followed by
//! an `extractvalue` of its element 0 that takes them.
//!
//! Operand ids are relative to the instruction's value number in modules of version 1 (what
//! LLVM 3.7 and DXC write) and absolute in version 0; a `PHI`'s are signed. An operand at or
//! above the next value number is a forward reference: the record gives its type, the
//! operand holds a placeholder until the value is defined, and the function ends with an
//! error if it never is. Constants may refer to later constants of their block; they are
//! resolved in dependency order (a cycle is an error).
//!
//! # Other producers
//!
//! DXC is not the only writer of DXIL. What the two others write, and how it is read:
//!
//! | producer | what it writes | read |
//! | --- | --- | --- |
//! | both | `MODULE_CODE_VERSION` 1, BLOCKINFO inside the module block (Mesa: abbreviation width 2) with the symbol-table abbreviation whose record code is a 3-bit fixed field, char6 and 7-bit name abbreviations | decoded |
//! | both | no `IDENTIFICATION` block, no `VSTOFFSET`, a module `VALUE_SYMTAB` of `ENTRY` records before the function blocks (no `FNENTRY`), no `METADATA_KIND_BLOCK`, no `METADATA_INDEX_OFFSET`/`INDEX`, no `STRTAB`-based names | decoded (the LLVM 3.7 layout) |
//! | both | explicit-type forms: `GLOBALVAR` with the explicit-type bit, `LOAD [ptr, type, align, vol]`, `GEP` (43) with a source type, `CALL` with bit 15 and the function type, `ALLOCA` with bit 6, `STORE` (44), `CMPXCHG` (46, LLVM) | decoded |
//! | both | `FUNCTION` records naming the function type itself (not a pointer to it) | decoded |
//! | LLVM | top-level `SYMTAB` (25) and `STRTAB` (23) blocks after the module, each one blob record | skipped, as LLVM 3.7 skips unknown top-level blocks |
//! | LLVM | `METADATA_STRING` records each through a new abbreviation (array of fixed 8), `METADATA_KIND` records in a `METADATA_BLOCK` of their own, the `LOCATION` and `GENERIC_DEBUG` abbreviations, debug-information records in the 3.7 layouts | decoded |
//! | LLVM | the strings, nodes and debug-information records that one function alone uses in that body's own `METADATA` block (LLVM 3.7 writes only the `VALUE`s of arguments and results there) | decoded: the items join the model's after the module's, the body's ids renumbered to them; a node holding an argument or a result is refused, as LLVM refuses it |
//! | LLVM | `atomicrmw` as record 59 (the code LLVM 13 gave the form with the value's type and an alignment) with the operands of LLVM 3.7's 38, as releases of the backend write it | decoded as 38 (the later form itself is refused: it has more operands) |
//! | LLVM | a constant `getelementptr` under the `SETTYPE` of the pointer constant before it (no new `SETTYPE` between pointers of one address space, whatever they point to) | decoded with the type its operands give, as LLVM 3.7 reads it (for every producer) |
//! | LLVM | `fneg` lowered to `fsub -0.0, x` before writing (no `INST_UNOP`); typed pointers rebuilt (an opaque pointer left over is `STRUCT_NAME` `dxilOpaquePtrReservedName` + `OPAQUE`) | decoded |
//! | LLVM | a constant `getelementptr` without `inbounds` as record 32 (the code LLVM 19 gave the form with flags) with the operands of 12, as releases of the backend before late 2025 write it | refused ([`ErrorKind::UnknownRecord`]): DXC's and LLVM's readers take an unknown constant record for `undef`, which would drop the pointer silently |
//! | LLVM | `LOADATOMIC`, `STOREATOMIC` (only for atomic loads and stores, which DXIL has not) | refused ([`ErrorKind::Unsupported`]) |
//! | Mesa | type ids as 32-bit fixed fields, `NUMENTRY` counting the `metadata` type written last, `PARAMATTR_GROUP` and `PARAMATTR` blocks even when empty, the global through an abbreviation with a literal section | decoded |
//! | Mesa | module constants with their abbreviations defined in the block, zero integers and floats as `NULL`, `half` as `FLOAT` | decoded |
//! | Mesa | metadata strings among the other items (ids in record order), no kinds, no attachments, no function-level symbol tables | decoded |
//! | Mesa | a name given twice: two struct types alike (constant buffers of one name and different sizes), two globals alike | renamed as LLVM renames them when it reads a module (`names.rs`): a struct type's second name takes `.0`, `.1`, ...; a global's or function's `.1`, `.2`, ...; a body's value or block `1`, `2`, ... |
//! | Mesa | `CMPXCHG_OLD` with six operands (no failure ordering, no weak flag) | decoded as above (refused before the audit) |
//!
//! # What is refused
//!
//! Instructions LLVM 3.7 has and DXIL forbids (`invoke`, `landingpad`, `resume`,
//! `indirectbr`, `va_arg`) are [`ErrorKind::NotDxil`]; forms the model cannot hold or that
//! only older writers used (atomic `load`/`store`, aliases, inline assembly, block addresses,
//! `label` arguments, the case-range `switch`, `METADATA_OLD_NODE`, `cmpxchg` without its
//! weak flag) are [`ErrorKind::Unsupported`], and so are a `GENERIC_DEBUG` record (a
//! `GenericDINode`, which no DXIL writer emits and the model does not print) and the types
//! `x86_fp80`, `fp128` and `ppc_fp128`. Unknown records of the module block and of the
//! metadata attachment and symbol tables are skipped, as LLVM skips them; unknown records of
//! types, constants, metadata and function bodies are errors.
//!
//! # Untrusted input
//!
//! Decoding never panics; every failure is a [`DecodeError`] with the bit offset of the
//! record (or block) and what was expected there. Every id is checked against what exists
//! before it is used; nothing is allocated from a count the input states (a type table's
//! `NUMENTRY`, a function's `DECLAREBLOCKS`) before the records that would fill it are known
//! to be there; nothing recurses on the depth of the input (constants are resolved with an
//! explicit stack, types refer forward only to named structs). Memory is linear in the input:
//! the bitstream's own bounds apply, and the model holds what the records hold. So is time:
//! the index of the model's tables of names, types and constants (`hash::IdTable`) hashes with
//! a key chosen at random per process, so an input cannot be made of items that collide.

mod attrs;
mod codes;
mod constants;
mod error;
mod function;
mod insts;
pub(crate) mod md_refs;
mod metadata;
mod module;
mod names;
mod ops;
mod symtab;
mod types;
mod write;

pub use error::{DecodeError, ErrorKind};
pub use write::{Place, WriteError, WriteErrorKind, write};

use crate::bitstream::Bitstream;
use crate::container::FourCC;
use crate::model::Module;

/// The magic number of the bitcode wrapper header (`0x0B17C0DE`, little-endian).
pub const WRAPPER_MAGIC: [u8; 4] = [0xDE, 0xC0, 0x17, 0x0B];

/// Decodes LLVM 3.7 bitcode (raw, behind a bitcode wrapper header, or in a DXBC container)
/// into a module. Error offsets count from the start of `input`.
///
/// ```
/// let err = dxil_module::bitcode::decode(b"not bitcode").unwrap_err();
/// assert_eq!(err.bit, 0);
/// ```
pub fn decode(input: &[u8]) -> Result<Module, DecodeError> {
    let (bitcode, offset) = unwrap(input)?;
    decode_at(bitcode, offset)
}

/// Decodes the bitcode of the program part `part` (`DXIL`, `ILDB` or `STAT`) of the DXBC
/// container `input` ([`crate::container::find_part_bitcode`]): the module with debug
/// information of the `ILDB` part beside the `DXIL` part [`decode`] picks, say. Error offsets
/// count from the start of `input`.
///
/// ```
/// use dxil_module::container::FourCC;
///
/// let err = dxil_module::bitcode::decode_part(b"not a container", FourCC::ILDB).unwrap_err();
/// assert_eq!(err.bit, 0);
/// ```
pub fn decode_part(input: &[u8], part: FourCC) -> Result<Module, DecodeError> {
    match crate::container::find_part_bitcode(input, part) {
        Ok(found) => decode_at(found.bytes, found.offset as u64),
        Err(e) => Err(DecodeError::new(
            e.offset as u64 * 8,
            "a DXBC container with the program part asked for",
            ErrorKind::Container(e),
        )),
    }
}

/// Decodes `bitcode`, found at byte `offset` of the input: error offsets count from the
/// start of the input. `bitcode` starts with the bitcode magic: `find_bitcode` and
/// `find_part_bitcode`, which found it, checked that.
fn decode_at(bitcode: &[u8], offset: u64) -> Result<Module, DecodeError> {
    let shift = |mut e: DecodeError| {
        e.bit += offset * 8;
        if let ErrorKind::Bitstream(b) = &mut e.kind {
            b.bit += offset * 8;
        }
        e
    };
    let stream = Bitstream::parse(bitcode)
        .map_err(|e| DecodeError::new(e.bit, "the bitstream", ErrorKind::Bitstream(e)))
        .map_err(shift)?;
    module::decode_stream(&stream).map_err(shift)
}

/// The bitcode inside `input` and its byte offset: `input` itself, or what
/// [`crate::container::find_bitcode`] finds in a container or behind a wrapper header.
fn unwrap(input: &[u8]) -> Result<(&[u8], u64), DecodeError> {
    let found = crate::container::find_bitcode(input).map_err(|e| {
        let expected = match input.get(..4) {
            Some(m) if m == WRAPPER_MAGIC => {
                "the bitcode wrapper header (magic, version, offset, size, cputype)"
            }
            Some(m) if m == FourCC::DXBC.0 => "a DXBC container with a DXIL or ILDB part",
            _ => "a DXBC container, a bitcode wrapper or bitcode",
        };
        DecodeError::new(e.offset as u64 * 8, expected, ErrorKind::Container(e))
    })?;
    Ok((found.bytes, found.offset as u64))
}
