//! Bitcode laid out as the DXIL writers other than DXC lay it out, built record by record
//! (we have no files of theirs): Mesa's DXIL emitter (Dozen, OpenCL and GL on D3D12) and
//! LLVM's DirectX backend. The facts used (block ids, record codes and layouts, abbreviation
//! shapes, the order of the blocks) are those the audit of the decoder lists in
//! `dxil-module/src/bitcode/mod.rs`.
//!
//! The module is a compute-like entry `main` that does a `cmpxchg` on a groupshared `i32`
//! (in Mesa's form: `CMPXCHG_OLD` with six operands, no failure ordering and no weak flag,
//! whose value is the loaded `i32`), converts it to `float` and passes it to
//! `dx.op.storeOutput.f32`.

#![allow(dead_code)]

use dxil_module::bitstream::{AbbrevOp, BITCODE_MAGIC, Builder, SETBID};

use AbbrevOp::{Array, Blob, Char6, Fixed, Literal, Vbr};

const BLOCKINFO: u32 = 0;
const MODULE: u32 = 8;
const PARAMATTR: u32 = 9;
const PARAMATTR_GROUP: u32 = 10;
const CONSTANTS: u32 = 11;
const FUNCTION: u32 = 12;
const VALUE_SYMTAB: u32 = 14;
const METADATA: u32 = 15;
const METADATA_ATTACHMENT: u32 = 16;
const TYPES: u32 = 17;
const STRTAB: u32 = 23;
const SYMTAB: u32 = 25;

/// Type ids of the module: 0 `void`, 1 `i32`, 2 `i8`, 3 `float`, 4 `void ()`,
/// 5 `void (i32, i32, i32, i8, float)`, 6 `metadata`.
const VOID: u64 = 0;
const I32: u64 = 1;
const I8: u64 = 2;
const FLOAT: u64 = 3;
const FN_MAIN: u64 = 4;
const FN_STORE: u64 = 5;

/// The name of the groupshared variable: not 7-bit, so that its symbol-table entry takes the
/// abbreviation whose record code is a 3-bit fixed field.
pub const SHARED_NAME: &[u8] = b"sh\xC3\xA9";

/// What the stream holds besides the Mesa-shaped module.
#[derive(Clone, Copy, Debug, Default)]
pub struct Extras {
    /// The top-level `SYMTAB` and `STRTAB` blocks LLVM's DirectX backend writes after the
    /// module (each one blob record with an abbreviation of its own).
    pub llvm_tables: bool,
    /// Seven `CMPXCHG_OLD` operands (with the failure ordering `monotonic`, without the weak
    /// flag) instead of six.
    pub cmpxchg_failure: bool,
    /// Metadata as LLVM's DirectX backend writes it: the kinds in a `METADATA_BLOCK` of their
    /// own, then the module's (abbreviation width 5, the `LOCATION` and `GENERIC_DEBUG`
    /// abbreviations first, the strings first, each through an abbreviation defined just
    /// before it).
    pub llvm_metadata: bool,
    /// The `cmpxchg`'s success ordering `acq_rel` instead of `seq_cst`.
    pub acq_rel: bool,
    /// A metadata kind `dx.precise` (5) and, in the body, an attachment of the node to
    /// instruction number 1 of the bitcode (the `uitofp`, after the `extractvalue` that
    /// takes the old `cmpxchg`'s number).
    pub attachment: bool,
    /// With [`Extras::attachment`]: the attached node in the body's own metadata block, as
    /// LLVM's DirectX backend puts metadata that one function alone uses: a string `!"fn"`
    /// and the node `!{!"fn", N}`, `N` the module's node.
    pub function_metadata: bool,
    /// With [`Extras::function_metadata`]: the body's node holds the cast's result (as a
    /// `VALUE` of the body's block), which LLVM does not allow.
    pub local_in_node: bool,
    /// With [`Extras::function_metadata`]: after the body's node, a `DILocation` (line 1,
    /// column 2) whose scope is that node, attached in its place.
    pub function_location: bool,
    /// `%10 = atomicrmw add` of 1 to the groupshared `i32` before the `ret`, as LLVM's
    /// DirectX backend has written it: record code 59 (the code of the later form, whose
    /// value has a type and which ends with an alignment) with the operands of LLVM 3.7's 38.
    pub atomicrmw_59: bool,
    /// Names given twice, as Mesa's emitter may give them: two opaque struct types `%s`
    /// (unused) after the `metadata` type, the global named `main` like the function, and in
    /// the body's symbol table the `uitofp` and the block both `x`.
    pub same_names: bool,
}

/// The kind id of the attachment [`Extras::attachment`] adds.
pub const PRECISE_KIND: u32 = 5;

fn ok<T, E: std::fmt::Debug>(r: Result<T, E>) -> T {
    r.expect("the producer-shaped stream builds")
}

/// The bitcode (raw, `BC C0 DE`) of the module, as Mesa's emitter lays it out.
pub fn mesa_module(extras: Extras) -> Vec<u8> {
    let mut b = Builder::new(BITCODE_MAGIC);
    ok(b.enter_block(MODULE, 3));
    ok(b.record(1, &[1]));
    blockinfo(&mut b);
    // attribute groups and lists: group 1 is `nounwind` on the function (slot 0xFFFFFFFF)
    ok(b.enter_block(PARAMATTR_GROUP, 3));
    ok(b.record(3, &[1, 0xFFFF_FFFF, 0, 18]));
    ok(b.end_block());
    ok(b.enter_block(PARAMATTR, 3));
    ok(b.record(2, &[1]));
    ok(b.end_block());
    type_table(&mut b, extras);
    module_info(&mut b);
    constants(&mut b);
    if extras.llvm_metadata {
        llvm_metadata(&mut b, extras);
    } else {
        metadata(&mut b, extras);
    }
    symtab(&mut b, extras);
    body(&mut b, extras);
    ok(b.end_block());
    if extras.llvm_tables {
        blob_block(&mut b, SYMTAB, &[0; 24]);
        blob_block(&mut b, STRTAB, b"mainsh");
    }
    ok(b.finish()).to_bytes()
}

/// BLOCKINFO (abbreviation width 2): the value-symbol-table, constants and function-body
/// abbreviations, in the order both writers give them.
fn blockinfo(b: &mut Builder) {
    ok(b.enter_block(BLOCKINFO, 2));
    ok(b.record(SETBID, &[u64::from(VALUE_SYMTAB)]));
    for ops in [
        &[Fixed(3), Vbr(8), Array, Fixed(8)][..],
        &[Literal(1), Vbr(8), Array, Fixed(7)],
        &[Literal(1), Vbr(8), Array, Char6],
        &[Literal(2), Vbr(8), Array, Char6],
    ] {
        ok(b.define_abbrev(ops));
    }
    ok(b.record(SETBID, &[u64::from(CONSTANTS)]));
    for ops in [
        &[Literal(1), Fixed(32)][..],
        &[Literal(4), Vbr(8)],
        &[Literal(11), Fixed(4), Fixed(32), Vbr(8)],
        &[Literal(2)],
    ] {
        ok(b.define_abbrev(ops));
    }
    ok(b.record(SETBID, &[u64::from(FUNCTION)]));
    for ops in [
        &[Literal(20), Vbr(6), Fixed(32), Vbr(4), Fixed(1)][..],
        &[Literal(2), Vbr(6), Vbr(6), Fixed(4)],
        &[Literal(2), Vbr(6), Vbr(6), Fixed(4), Fixed(7)],
        &[Literal(3), Vbr(6), Fixed(32), Fixed(4)],
        &[Literal(10)],
        &[Literal(10), Vbr(6)],
        &[Literal(15)],
        &[Literal(43), Fixed(1), Fixed(32), Array, Vbr(6)],
    ] {
        ok(b.define_abbrev(ops));
    }
    ok(b.end_block());
}

/// The type table: its abbreviations (type ids 32-bit fixed fields), `NUMENTRY` counting the
/// `metadata` type written last.
fn type_table(b: &mut Builder, extras: Extras) {
    ok(b.enter_block(TYPES, 4));
    let ptr = ok(b.define_abbrev(&[Literal(8), Fixed(32), Literal(0)]));
    let func = ok(b.define_abbrev(&[Literal(21), Fixed(1), Array, Fixed(32)]));
    for ops in [
        &[Literal(18), Fixed(1), Array, Fixed(32)][..],
        &[Literal(19), Array, Char6],
        &[Literal(20), Fixed(1), Array, Fixed(32)],
        &[Literal(11), Vbr(8), Fixed(32)],
        &[Literal(12), Vbr(8), Fixed(32)],
    ] {
        ok(b.define_abbrev(ops));
    }
    let _ = ptr;
    ok(b.record(1, &[if extras.same_names { 9 } else { 7 }]));
    ok(b.record(2, &[]));
    ok(b.record(7, &[32]));
    ok(b.record(7, &[8]));
    ok(b.record(3, &[]));
    ok(b.abbreviated_record(func, &[21, 0, VOID], None));
    ok(b.abbreviated_record(func, &[21, 0, VOID, I32, I32, I32, I8, FLOAT], None));
    ok(b.record(16, &[]));
    if extras.same_names {
        for _ in 0..2 {
            ok(b.record(19, &[u64::from(b's')]));
            ok(b.record(6, &[0]));
        }
    }
    ok(b.end_block());
}

/// Triple, data layout, the global (through an abbreviation whose section is a literal 0)
/// and the functions (15 operands each).
fn module_info(b: &mut Builder) {
    let text = |s: &str| s.bytes().map(u64::from).collect::<Vec<_>>();
    ok(b.record(2, &text("dxil-ms-dx")));
    ok(b.record(
        3,
        &text("e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"),
    ));
    let gvar = ok(b.define_abbrev(&[
        Literal(7),
        Fixed(1),
        Vbr(6),
        Vbr(6),
        Fixed(5),
        Fixed(3),
        Literal(0),
    ]));
    // value 0: `@shé = external addrspace(3) global i32, align 4`
    ok(b.abbreviated_record(gvar, &[7, I32, (3 << 2) | 2, 0, 0, 3, 0], None));
    // value 1: `define void @main()`; value 2: `declare void @dx.op.storeOutput.f32(...)`
    ok(b.record(8, &[FN_MAIN, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
    ok(b.record(8, &[FN_STORE, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
}

/// Module constants, with the module's own abbreviations defined first: values 3 `i32 5`,
/// 4 `i32 0`, 5 `i32 1`, 6 `i8 0`, 7 `float 1.0`.
fn constants(b: &mut Builder) {
    ok(b.enter_block(CONSTANTS, 4));
    for ops in [
        &[Literal(7), Array, Fixed(5)][..],
        &[Literal(8), Array, Fixed(8)],
        &[Literal(9), Array, Fixed(7)],
        &[Literal(9), Array, Char6],
    ] {
        ok(b.define_abbrev(ops));
    }
    let (settype, integer, null) = (4, 5, 7);
    ok(b.abbreviated_record(settype, &[1, I32], None));
    ok(b.abbreviated_record(integer, &[4, 10], None));
    ok(b.abbreviated_record(null, &[2], None));
    ok(b.abbreviated_record(integer, &[4, 2], None));
    ok(b.abbreviated_record(settype, &[1, I8], None));
    ok(b.record(2, &[]));
    ok(b.abbreviated_record(settype, &[1, FLOAT], None));
    ok(b.record(6, &[0x3F80_0000]));
    ok(b.end_block());
}

/// Metadata as Mesa writes it: abbreviation width 3, strings among the other items (ids in
/// the order of the records), a named node.
fn metadata(b: &mut Builder, extras: Extras) {
    ok(b.enter_block(METADATA, 3));
    let string = ok(b.define_abbrev(&[Literal(1), Array, Fixed(8)]));
    let name = ok(b.define_abbrev(&[Literal(4), Array, Fixed(8)]));
    let mut rec = vec![1];
    rec.extend(b"mesa".iter().map(|&c| u64::from(c)));
    ok(b.abbreviated_record(string, &rec, None));
    ok(b.record(2, &[I32, 4]));
    ok(b.record(3, &[1, 2]));
    let mut rec = vec![4];
    rec.extend(b"llvm.ident".iter().map(|&c| u64::from(c)));
    ok(b.abbreviated_record(name, &rec, None));
    ok(b.record(10, &[2]));
    if extras.attachment {
        let mut rec = vec![u64::from(PRECISE_KIND)];
        rec.extend(b"dx.precise".iter().map(|&c| u64::from(c)));
        ok(b.record(6, &rec));
    }
    ok(b.end_block());
}

/// Metadata as LLVM's DirectX backend writes it: strings 0 `!"mesa"` and 1 `!"llvm"`, 2 the
/// value `i32 0`, 3 the node `!{!"mesa", i32 0}`, named `llvm.ident`.
fn llvm_metadata(b: &mut Builder, extras: Extras) {
    ok(b.enter_block(METADATA, 3));
    let mut kinds = vec![(0, &b"dbg"[..]), (1, b"tbaa")];
    if extras.attachment {
        kinds.push((PRECISE_KIND, b"dx.precise"));
    }
    for (id, name) in kinds {
        let mut rec = vec![u64::from(id)];
        rec.extend(name.iter().map(|&c| u64::from(c)));
        ok(b.record(6, &rec));
    }
    ok(b.end_block());
    ok(b.enter_block(METADATA, 5));
    ok(b.define_abbrev(&[Literal(7), Fixed(1), Vbr(6), Vbr(8), Vbr(6), Vbr(6)]));
    ok(b.define_abbrev(&[
        Literal(12),
        Fixed(1),
        Vbr(6),
        Fixed(1),
        Vbr(6),
        Array,
        Vbr(6),
    ]));
    let name = ok(b.define_abbrev(&[Literal(4), Array, Fixed(8)]));
    for text in [&b"mesa"[..], b"llvm"] {
        let string = ok(b.define_abbrev(&[Literal(1), Array, Fixed(8)]));
        let mut rec = vec![1];
        rec.extend(text.iter().map(|&c| u64::from(c)));
        ok(b.abbreviated_record(string, &rec, None));
    }
    ok(b.record(2, &[I32, 4]));
    ok(b.record(3, &[1, 3]));
    let mut rec = vec![4];
    rec.extend(b"llvm.ident".iter().map(|&c| u64::from(c)));
    ok(b.abbreviated_record(name, &rec, None));
    ok(b.record(10, &[3]));
    ok(b.end_block());
}

/// The module's value symbol table, before the bodies, with `ENTRY` records only (no
/// `VSTOFFSET`, no `FNENTRY`), each through the abbreviation for its characters.
fn symtab(b: &mut Builder, extras: Extras) {
    ok(b.enter_block(VALUE_SYMTAB, 4));
    let (entry8, entry6) = (4, 6);
    for (id, name) in [(1, &b"main"[..]), (2, b"dx.op.storeOutput.f32")] {
        let mut rec = vec![1, id];
        rec.extend(name.iter().map(|&c| u64::from(c)));
        ok(b.abbreviated_record(entry6, &rec, None));
    }
    let mut rec = vec![1, 0];
    let shared = if extras.same_names {
        b"main"
    } else {
        SHARED_NAME
    };
    rec.extend(shared.iter().map(|&c| u64::from(c)));
    ok(b.abbreviated_record(entry8, &rec, None));
    ok(b.end_block());
}

/// `main`'s body: values from 8. `%8 = cmpxchg` (the old form, its value the `i32`), `%9 =
/// uitofp %8 to float`, the `dx.op.storeOutput.f32` call, `ret void`.
fn body(b: &mut Builder, extras: Extras) {
    ok(b.enter_block(FUNCTION, 4));
    ok(b.record(1, &[1]));
    // the module's items: 4 with LLVM's layout, 3 with Mesa's; the last is the node
    let module_items = if extras.llvm_metadata { 4 } else { 3 };
    let mut node = module_items - 1;
    // before the instructions, as LLVM writes it
    if extras.function_metadata {
        ok(b.enter_block(METADATA, 3));
        let chars: Vec<u64> = b"fn".iter().map(|&c| u64::from(c)).collect();
        ok(b.record(1, &chars));
        if extras.local_in_node {
            // the uitofp's result, value 9, as metadata
            ok(b.record(2, &[FLOAT, 9]));
            ok(b.record(3, &[module_items + 1, module_items + 2]));
            node = module_items + 2;
        } else {
            ok(b.record(3, &[module_items + 1, module_items]));
            node = module_items + 1;
        }
        if extras.function_location {
            // LOCATION: [distinct, line, column, scope (an id), inlined-at (id + 1)]
            ok(b.record(7, &[0, 1, 2, node, 0]));
            node += 1;
        }
        ok(b.end_block());
    }
    // [ptr, cmp, new, volatile, success (seq_cst), synchscope (cross-thread)]
    let success = if extras.acq_rel { 5 } else { 6 };
    let mut cmpxchg = vec![8, 4, 3, 0, success, 1];
    if extras.cmpxchg_failure {
        cmpxchg.push(2);
    }
    ok(b.record(37, &cmpxchg));
    let cast = 7;
    ok(b.abbreviated_record(cast, &[3, 1, FLOAT, 5], None));
    // [attrs, cc | explicit type, fnty, callee, args...] at value number 10
    ok(b.record(34, &[0, 1 << 15, FN_STORE, 8, 7, 6, 6, 4, 1]));
    if extras.atomicrmw_59 {
        // [ptr, value, operation (add), volatile, ordering (seq_cst), synchscope]
        ok(b.record(59, &[10, 5, 1, 0, 6, 1]));
    }
    let ret_void = 8;
    ok(b.abbreviated_record(ret_void, &[10], None));
    if extras.same_names {
        // ENTRY [value, name...] of the uitofp, BBENTRY [block, name...]
        ok(b.enter_block(VALUE_SYMTAB, 4));
        ok(b.record(1, &[9, u64::from(b'x')]));
        ok(b.record(2, &[0, u64::from(b'x')]));
        ok(b.end_block());
    }
    if extras.attachment {
        // [instruction number, (kind, node)...]
        ok(b.enter_block(METADATA_ATTACHMENT, 3));
        ok(b.record(11, &[1, u64::from(PRECISE_KIND), node]));
        ok(b.end_block());
    }
    ok(b.end_block());
}

/// A top-level block of one blob record, as LLVM writes `SYMTAB` and `STRTAB`.
fn blob_block(b: &mut Builder, id: u32, blob: &[u8]) {
    ok(b.enter_block(id, 3));
    let abbrev = ok(b.define_abbrev(&[Literal(1), Blob]));
    ok(b.abbreviated_record(abbrev, &[1], Some(blob)));
    ok(b.end_block());
}
