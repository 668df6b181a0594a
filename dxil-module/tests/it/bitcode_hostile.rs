//! Hand-made hostile bitcode: each case is refused with the error kind and the bit offset of
//! the record (or block) that breaks the format, never a panic; the valid odd cases (a node
//! that refers to itself, forward references that come) decode and print. Every
//! `ErrorKind` of the decoder has a case here.

#![allow(clippy::panic)]

use dxil_module::bitcode::{self, DecodeError, ErrorKind, WRAPPER_MAGIC};
use dxil_module::bitstream::{self, AbbrevOp, BITCODE_MAGIC, BitWriter, Bitstream, Builder};
use dxil_module::container::{DigestMode, FourCC, Leading, find_bitcode, write_container};
use dxil_module::text::{self, PrintOptions};

use crate::program;

use program::in_container;

// Block ids and record codes of LLVM 3.7 bitcode.
const MODULE: u32 = 8;
const PARAMATTR: u32 = 9;
const PARAMATTR_GROUP: u32 = 10;
const CONSTANTS: u32 = 11;
const FUNCTION: u32 = 12;
const METADATA: u32 = 15;
const METADATA_ATTACHMENT: u32 = 16;
const TYPES: u32 = 17;

/// A record: its code and operands.
type Rec<'a> = (u64, &'a [u64]);

/// Type table entries of the modules below: 0 `void`, 1 `i32`, 2 `void ()`, 3 `void ()*`,
/// 4 `i32 ()`, 5 `i32 ()*`, 6 `i1`, 7 `metadata`, 8 `i8`.
const TYPE_TABLE: &[Rec<'static>] = &[
    (2, &[]),
    (7, &[32]),
    (21, &[0, 0]),
    (8, &[2]),
    (21, &[0, 1]),
    (8, &[4]),
    (7, &[1]),
    (16, &[]),
    (7, &[8]),
];
const VOID: u64 = 0;
const I32: u64 = 1;
const FN_VOID: u64 = 2;
const FN_I32: u64 = 4;
const I1: u64 = 6;
const I8: u64 = 8;

/// A part of a module: a record or a nested block.
enum Part {
    Rec(u64, Vec<u64>),
    Block(u32, Vec<Part>),
}

use Part::Block;

/// A record.
#[allow(non_snake_case)]
fn Record(code: u64, ops: &[u64]) -> Part {
    Part::Rec(code, ops.to_vec())
}

fn records(recs: &[Rec<'_>]) -> Vec<Part> {
    recs.iter().map(|&(c, o)| Record(c, o)).collect()
}

fn build(b: &mut Builder, parts: &[Part]) {
    for p in parts {
        match p {
            Part::Rec(code, ops) => b.record(*code, ops).expect("record"),
            Block(id, inner) => {
                b.enter_block(*id, 4).expect("block");
                build(b, inner);
                b.end_block().expect("end");
            }
        }
    }
}

/// A bitcode module (version 1: relative ids) with the type table above and `parts` after it.
fn module(parts: Vec<Part>) -> Vec<u8> {
    module_with(TYPE_TABLE, parts)
}

/// A module as [`module`] makes it, with another type table.
fn module_with(table: &[Rec<'_>], parts: Vec<Part>) -> Vec<u8> {
    module_version(1, table, parts)
}

/// A module of `MODULE_CODE_VERSION` `version` (0: absolute operand ids, 1: relative).
fn module_version(version: u64, table: &[Rec<'_>], parts: Vec<Part>) -> Vec<u8> {
    let mut all = vec![Record(1, &[version]), types(table)];
    all.extend(parts);
    let mut b = Builder::new(BITCODE_MAGIC);
    build(&mut b, &[Block(MODULE, all)]);
    b.finish().expect("built").to_bytes()
}

/// A type table: `NUMENTRY` with the count (of the entries but struct names), then the
/// entries.
fn types(table: &[Rec<'_>]) -> Part {
    let count = table.iter().filter(|r| r.0 != 19).count() as u64;
    let mut recs = vec![Record(1, &[count])];
    recs.extend(records(table));
    Block(TYPES, recs)
}

/// `FUNCTION: [type, cc, isproto, linkage, paramattr, alignment, section, visibility]`.
fn function(ty: u64, proto: bool) -> Part {
    Record(8, &[ty, 0, u64::from(proto), 0, 0, 0, 0, 0])
}

/// A function body of these records.
fn body(recs: &[Rec<'_>]) -> Part {
    Block(FUNCTION, records(recs))
}

/// The bit offset of the `n`th record of code `code` in block `block` (0: the first).
fn bit_of(bytes: &[u8], block: u32, code: u64, n: usize) -> u64 {
    let stream = Bitstream::parse(bytes).expect("a valid bitstream");
    stream
        .all_blocks()
        .filter(|b| b.id() == block)
        .flat_map(|b| b.records())
        .filter(|r| r.code() == code)
        .nth(n)
        .expect("the record")
        .bit()
}

/// The bit offset of the `n`th block of id `block`.
fn block_bit(bytes: &[u8], block: u32, n: usize) -> u64 {
    let stream = Bitstream::parse(bytes).expect("a valid bitstream");
    stream
        .all_blocks()
        .filter(|b| b.id() == block)
        .nth(n)
        .expect("the block")
        .bit()
}

fn refused(bytes: &[u8]) -> DecodeError {
    let e = bitcode::decode(bytes).expect_err("refused");
    assert!(e.bit <= bytes.len() as u64 * 8, "{e} past the input");
    assert!(!e.to_string().is_empty());
    e
}

fn check(bytes: &[u8], bit: u64, kind: ErrorKind) {
    let e = refused(bytes);
    assert_eq!((e.bit, &e.kind), (bit, &kind), "got: {e}");
    assert!(e.to_string().contains(&format!("bit {bit}")), "{e}");
}

fn print(bytes: &[u8]) -> String {
    let m = bitcode::decode(bytes).unwrap_or_else(|e| panic!("decodes: {e}"));
    text::print(&m, &PrintOptions::default())
}

#[test]
fn a_minimal_module_decodes() {
    let bytes = module(vec![
        function(FN_VOID, false),
        body(&[(1, &[1]), (10, &[])]),
    ]);
    let text = print(&bytes);
    assert!(text.contains("define void @0() {\n  ret void\n}"), "{text}");
}

#[test]
fn the_wrapper_header_is_read() {
    let inner = module(vec![function(FN_VOID, true)]);
    let mut bytes = WRAPPER_MAGIC.to_vec();
    for w in [0u32, 20, inner.len() as u32, 0] {
        bytes.extend_from_slice(&w.to_le_bytes());
    }
    bytes.extend_from_slice(&inner);
    assert!(print(&bytes).contains("declare void @0()"));
    // an error inside counts its bit from the start of the wrapper
    let bad = module(vec![function(77, true)]);
    let mut wrapped = WRAPPER_MAGIC.to_vec();
    for w in [0u32, 20, bad.len() as u32, 0] {
        wrapped.extend_from_slice(&w.to_le_bytes());
    }
    wrapped.extend_from_slice(&bad);
    let e = refused(&wrapped);
    assert_eq!(e.bit, 20 * 8 + bit_of(&bad, MODULE, 8, 0));
    // a size past the end: the container reader's error
    let mut short = WRAPPER_MAGIC.to_vec();
    for w in [0u32, 20, 1000, 0] {
        short.extend_from_slice(&w.to_le_bytes());
    }
    let e = refused(&short);
    assert!(matches!(e.kind, ErrorKind::Container(_)), "{e}");
}

#[test]
fn a_container_is_read() {
    let inner = module(vec![function(FN_VOID, true)]);
    assert!(print(&in_container(&inner, DigestMode::Zero)).contains("declare void @0()"));
    // an error inside counts its bit from the start of the container
    let bad = module(vec![function(77, true)]);
    let bytes = in_container(&bad, DigestMode::Zero);
    let start = find_bitcode(&bytes).expect("bitcode").offset as u64;
    let e = refused(&bytes);
    assert_eq!(e.bit, start * 8 + bit_of(&bad, MODULE, 8, 0), "{e}");
    // a container without a program part: the container reader's error
    let empty =
        write_container(&[(FourCC::SFI0, &[0u8; 8][..])], DigestMode::Zero).expect("a container");
    let e = refused(&empty);
    assert!(matches!(e.kind, ErrorKind::Container(_)), "{e}");
    assert!(
        e.to_string()
            .contains("expected a container with a DXIL or ILDB part"),
        "{e}"
    );
}

#[test]
fn not_bitcode() {
    /// The error of an input that is neither a container, a wrapper nor bitcode: the
    /// container reader's, naming the bytes found (`found`), at bit 0.
    fn not_bitcode(bytes: &[u8], found: &[u8], says: &str) {
        let container = dxil_module::container::Error {
            offset: 0,
            kind: dxil_module::container::ErrorKind::NotBitcode {
                found: Leading::of(bytes),
            },
        };
        check(bytes, 0, ErrorKind::Container(container));
        let e = refused(bytes);
        if let ErrorKind::Container(c) = &e.kind
            && let dxil_module::container::ErrorKind::NotBitcode { found: f } = c.kind
        {
            assert_eq!(f.bytes(), found);
        }
        assert!(e.to_string().ends_with(says), "{e}");
    }
    not_bitcode(b"MZ\x90\x00rest", b"MZ\x90\x00", "found `MZ\\x90\\x00`");
    // an input shorter than a magic number: what there is, nothing made up after it
    not_bitcode(
        b"BC",
        b"BC",
        "found `BC`, then the end of the bytes (2 of 4)",
    );
    not_bitcode(b"", b"", "found nothing (the bytes end there)");
    // a bitstream with another magic
    let mut b = Builder::new(*b"RIFF");
    b.enter_block(MODULE, 3).expect("block");
    b.end_block().expect("end");
    let bytes = b.finish().expect("built").to_bytes();
    not_bitcode(&bytes, b"RIFF", "found `RIFF`");
}

#[test]
fn no_module_block_and_two() {
    let mut b = Builder::new(BITCODE_MAGIC);
    b.enter_block(13, 3).expect("identification");
    b.end_block().expect("end");
    check(
        &b.finish().expect("built").to_bytes(),
        32,
        ErrorKind::NoModule,
    );
    let one = module(vec![]);
    let mut two = one.clone();
    two.extend_from_slice(&one[4..]);
    let second = 8 * one.len() as u64;
    check(&two, second, ErrorKind::Repeated);
}

#[test]
fn truncated_bitcode_is_a_bitstream_error() {
    let bytes = module(vec![
        function(FN_VOID, false),
        body(&[(1, &[1]), (10, &[])]),
    ]);
    for cut in [5, 8, 17, bytes.len() - 4] {
        let e = refused(&bytes[..cut]);
        assert!(
            matches!(e.kind, ErrorKind::Bitstream(_)),
            "cut at {cut}: {e}"
        );
    }
}

#[test]
fn abbreviation_width_over_64_blocks_10000_deep_arrays_of_2_pow_32() {
    // a fixed operand encoding 65 bits wide
    let mut w = BitWriter::new();
    w.write_bytes(&BITCODE_MAGIC);
    w.write(1, 2);
    w.write_vbr(8, 8);
    w.write_vbr(3, 4);
    w.align32(0);
    w.write(1, 32);
    w.write(2, 3); // DEFINE_ABBREV
    w.write_vbr(1, 5);
    w.write(0, 1);
    w.write(1, 3); // fixed
    let at = w.position();
    w.write_vbr(65, 5);
    w.align32(0);
    let e = refused(&w.finish());
    match e.kind {
        ErrorKind::Bitstream(b) => {
            assert_eq!(b.bit, at);
            assert_eq!(
                b.kind,
                bitstream::ErrorKind::BadWidth { width: 65, max: 64 }
            );
        }
        k => panic!("{k:?}"),
    }
    // blocks nested 10,000 deep, each with its right length word (3 words more than the
    // block it holds: its header, its length word, its end; the innermost 1)
    let mut w = BitWriter::new();
    w.write_bytes(&BITCODE_MAGIC);
    const DEPTH: u32 = 10_000;
    for depth in 0..DEPTH {
        w.write(1, 2);
        w.write_vbr(8, 8);
        w.write_vbr(2, 4);
        w.align32(0);
        w.write(u64::from(1 + 3 * (DEPTH - 1 - depth)), 32);
    }
    for _ in 0..DEPTH {
        w.write(0, 2);
        w.align32(0);
    }
    let e = refused(&w.finish());
    assert!(
        matches!(
            e.kind,
            ErrorKind::Bitstream(b) if b.kind == bitstream::ErrorKind::TooDeep { limit: bitstream::MAX_DEPTH }
        ),
        "{e}"
    );
    // an array operand of 2^32 elements, with no bits for them
    let mut b = Builder::new(BITCODE_MAGIC);
    b.enter_block(MODULE, 3).expect("block");
    let id = b
        .define_abbrev(&[AbbrevOp::Literal(2), AbbrevOp::Array, AbbrevOp::Fixed(8)])
        .expect("abbrev");
    b.abbreviated_record(id, &[2, 65], None).expect("record");
    b.end_block().expect("end");
    let mut bytes = b.finish().expect("built").to_bytes();
    // the array length is the vbr6 after the abbreviation id: make it 2^32 by rewriting
    // the stream by hand
    let stream = Bitstream::parse(&bytes).expect("valid");
    let rec_bit = stream
        .all_blocks()
        .flat_map(|b| b.records())
        .next()
        .expect("record")
        .bit();
    let mut w = BitWriter::new();
    for i in 0..rec_bit {
        let byte = bytes[(i / 8) as usize];
        w.write(u64::from(byte >> (i % 8) & 1), 1);
    }
    w.write(4, 3);
    w.write_vbr(1 << 32, 6);
    w.write(0, 3);
    w.align32(0);
    bytes = w.finish();
    let e = refused(&bytes);
    assert!(matches!(e.kind, ErrorKind::Bitstream(_)), "{e}");
}

#[test]
fn a_forward_reference_that_never_comes() {
    // ret i32 %1 (value 1: the function is value 0) never defined (a record follows, so the
    // id is not beyond reach)
    let bytes = module(vec![
        function(FN_I32, false),
        body(&[(1, &[1]), (10, &[0, I32]), (33, &[])]),
    ]);
    check(
        &bytes,
        bit_of(&bytes, FUNCTION, 10, 0),
        ErrorKind::NeverDefined { id: 1 },
    );
}

#[test]
fn forward_references_that_come_decode() {
    // entry: br %1; 1: %x = phi [ %y, %1 ], [ 0, %0 ]; %y = add %x, 1; br %1
    let bytes = module(vec![
        Block(CONSTANTS, records(&[(1, &[I32]), (4, &[0]), (4, &[2])])),
        function(FN_VOID, false),
        body(&[
            (1, &[2]),
            (11, &[1]),
            // value 2 (the phi, next value 2): %y is value 3 (delta -1), the constant 0 is 0
            (16, &[I32, 3, 1, 6, 0]),
            // add %x (relative 1), i32 1 (value 1, relative 3)
            (2, &[1, 3, 0]),
            (11, &[1]),
        ]),
    ]);
    let text = print(&bytes);
    assert!(
        text.contains("%2 = phi i32 [ %3, %1 ], [ 0, %0 ]"),
        "{text}"
    );
    assert!(text.contains("%3 = add i32 %2, 1"), "{text}");
}

#[test]
fn absolute_ids_of_version_0() {
    // the module of `forward_references_that_come_decode` with absolute ids: the phi's
    // values unsigned, the add's operands as they are
    let bytes = module_version(
        0,
        TYPE_TABLE,
        vec![
            Block(CONSTANTS, records(&[(1, &[I32]), (4, &[0]), (4, &[2])])),
            function(FN_VOID, false),
            body(&[
                (1, &[2]),
                (11, &[1]),
                (16, &[I32, 4, 1, 0, 0]),
                (2, &[3, 1, 0]),
                (11, &[1]),
            ]),
        ],
    );
    let text = print(&bytes);
    assert!(
        text.contains("%2 = phi i32 [ %3, %1 ], [ 0, %0 ]"),
        "{text}"
    );
    assert!(text.contains("%3 = add i32 %2, 1"), "{text}");
}

/// The characters of a name, as record operands.
fn chars(name: &str) -> Vec<u64> {
    name.bytes().map(u64::from).collect()
}

#[test]
fn instructions_of_every_kind_dxil_allows() {
    // types 9 <4 x i32>, 10 i32*, 11 { i32, i32 }, 12 void (metadata), 13 its pointer
    let table = extended(&[
        (12, &[4, I32]),
        (8, &[I32]),
        (18, &[0, I32, I32]),
        (21, &[0, VOID, 7]),
        (8, &[12]),
    ]);
    let mut dbg = vec![0];
    dbg.extend(chars("dbg"));
    let mut f = vec![6];
    f.extend(chars("llvm.f"));
    let mut main = vec![7];
    main.extend(chars("main"));
    // values: 0 i32 0, 1 i32 1, 2 i32 2, 3 <4 x i32> undef, 4 <4 x i32> zeroinitializer,
    // 5 { i32, i32 } undef, 6 @llvm.f, 7 @main; the body's from 8 (each comment gives the
    // value an operand refers to)
    let bytes = module_with(
        &table,
        vec![
            Block(
                CONSTANTS,
                records(&[
                    (1, &[I32]),
                    (2, &[]),
                    (4, &[2]),
                    (4, &[4]),
                    (1, &[9]),
                    (3, &[]),
                    (2, &[]),
                    (1, &[11]),
                    (3, &[]),
                ]),
            ),
            Record(8, &[12, 0, 1, 0, 0, 0, 0, 0]),
            Record(8, &[FN_VOID, 0, 0, 0, 0, 0, 0, 0]),
            Block(METADATA, vec![Record(3, &[]), Record(6, &dbg)]),
            Block(
                FUNCTION,
                vec![
                    Record(1, &[3]),
                    Record(19, &[I32, I32, 1, 64 | 3]), // 8 = alloca i32 (count v1)
                    Record(44, &[1, 7, 3, 0]),          // store v2 to v8
                    Record(20, &[1, I32, 3, 0]),        // 9 = load v8
                    Record(2, &[1, 9, 0, 2]),           // 10 = add nsw v9, v1
                    Record(28, &[1, 11, 40]),           // 11 = icmp slt v10, v0
                    Record(29, &[2, 12, 1]),            // 12 = select v11, v10, v0
                    Record(7, &[10, 1, 13]),            // 13 = insertelement v3, v12, v0
                    Record(8, &[1, 11, 10]),            // 14 = shufflevector v13, v3, v4
                    Record(6, &[1, 14]),                // 15 = extractelement v14, v1
                    Record(27, &[11, 1, 1]),            // 16 = insertvalue v5, v15, 1
                    Record(26, &[1, 0]),                // 17 = extractvalue v16, 0
                    Record(43, &[1, I32, 10, 18]),      // 18 = gep inbounds v8, v0
                    Record(38, &[1, 18, 1, 0, 6, 1]),   // 19 = atomicrmw add v18, v1
                    Record(46, &[2, 3, 19, 0, 6, 1, 2, 0]), // 20 = cmpxchg v18, v17, v1
                    Record(36, &[4, 1]),                // fence release
                    Record(3, &[2, I8, 0]),             // 21 = trunc v19
                    Record(34, &[0, 1 << 15, 12, 16, 22]), // call @llvm.f(metadata !0)
                    Record(35, &[3, 4, 1, 0]),          // !dbg line 3 column 4 scope !0
                    Record(12, &[I32, 13, 1, 1, 2]),    // switch v9: default 1, v1 -> 2
                    Record(10, &[]),
                    Record(15, &[]),
                ],
            ),
            Block(14, vec![Record(1, &f), Record(1, &main)]),
        ],
    );
    let text = print(&bytes);
    for line in [
        "  %1 = alloca i32, align 4",
        "  store i32 2, i32* %1, align 4",
        "  %2 = load i32, i32* %1, align 4",
        "  %3 = add nsw i32 %2, 1",
        "  %4 = icmp slt i32 %3, 0",
        "  %5 = select i1 %4, i32 %3, i32 0",
        "  %6 = insertelement <4 x i32> undef, i32 %5, i32 0",
        "  %7 = shufflevector <4 x i32> %6, <4 x i32> undef, <4 x i32> zeroinitializer",
        "  %8 = extractelement <4 x i32> %7, i32 1",
        "  %9 = insertvalue { i32, i32 } undef, i32 %8, 1",
        "  %10 = extractvalue { i32, i32 } %9, 0",
        "  %11 = getelementptr inbounds i32, i32* %1, i32 0",
        "  %12 = atomicrmw add i32* %11, i32 1 seq_cst, align 4",
        "  %13 = cmpxchg i32* %11, i32 %10, i32 1 seq_cst monotonic, align 4",
        "  fence release",
        "  %14 = trunc i32 %12 to i8",
        "  call void @llvm.f(metadata !0), !dbg !1",
        "  switch i32 %2, label %15 [\n    i32 1, label %16\n  ]",
        "  ret void",
        "  unreachable",
        "!1 = !DILocation(line: 3, column: 4, scope: !0)",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
}

#[test]
fn a_relative_id_that_underflows() {
    let bytes = module(vec![
        function(FN_I32, false),
        body(&[(1, &[1]), (10, &[5, I32])]),
    ]);
    check(
        &bytes,
        bit_of(&bytes, FUNCTION, 10, 0),
        ErrorKind::RelativeUnderflow {
            relative: 5,
            next: 1,
        },
    );
}

#[test]
fn a_type_cycle_not_through_a_named_struct() {
    let forward: &[Rec<'_>] = &[(8, &[1]), (8, &[0])];
    let own: &[Rec<'_>] = &[(8, &[0])];
    for table in [forward, own] {
        let mut b = Builder::new(BITCODE_MAGIC);
        let parts = vec![Block(MODULE, vec![Record(1, &[1]), types(table)])];
        build(&mut b, &parts);
        let bytes = b.finish().expect("built").to_bytes();
        // the first pointer refers to a later (or its own) entry
        let e = refused(&bytes);
        assert_eq!(e.bit, bit_of(&bytes, TYPES, 8, 0), "{e}");
        assert!(
            matches!(e.kind, ErrorKind::ForwardTypeNotStruct { .. }),
            "{e}"
        );
    }
    // through a named struct it is fine: %s = type { %s* }
    let mut b = Builder::new(BITCODE_MAGIC);
    let name: Vec<u64> = b"s".iter().map(|&c| u64::from(c)).collect();
    let parts = vec![Block(
        MODULE,
        vec![
            Record(1, &[1]),
            types(&[(8, &[1]), (19, &name), (20, &[0, 0])]),
        ],
    )];
    build(&mut b, &parts);
    let m = bitcode::decode(&b.finish().expect("built").to_bytes()).expect("decodes");
    assert_eq!(m.types.len(), 2);
}

#[test]
fn a_metadata_node_that_refers_to_itself() {
    let name: Vec<u64> = b"llvm.ident".iter().map(|&c| u64::from(c)).collect();
    let bytes = module(vec![Block(
        METADATA,
        vec![
            Record(5, &[1]),
            Record(3, &[1, 2]),
            Record(4, &name),
            Record(10, &[0, 1]),
        ],
    )]);
    let text = print(&bytes);
    assert!(text.contains("!0 = distinct !{!0}"), "{text}");
    assert!(text.contains("!1 = !{!0, !1}"), "{text}");
}

#[test]
fn too_few_operands() {
    let bytes = module(vec![Record(7, &[3, 0, 0])]);
    check(
        &bytes,
        bit_of(&bytes, MODULE, 7, 0),
        ErrorKind::TooFewOperands {
            needed: 6,
            found: 3,
        },
    );
}

#[test]
fn operand_ids_out_of_range() {
    // a metadata value of value 99
    let bytes = module(vec![Block(METADATA, vec![Record(2, &[I32, 99])])]);
    check(
        &bytes,
        bit_of(&bytes, METADATA, 2, 0),
        ErrorKind::OutOfRange {
            what: "value",
            id: 99,
            count: 0,
        },
    );
    // a type id out of range
    let bytes = module(vec![function(77, true)]);
    check(
        &bytes,
        bit_of(&bytes, MODULE, 8, 0),
        ErrorKind::OutOfRange {
            what: "type",
            id: 77,
            count: TYPE_TABLE.len() as u64,
        },
    );
    // a branch to block 3 of 1
    let bytes = module(vec![
        function(FN_VOID, false),
        body(&[(1, &[1]), (11, &[3])]),
    ]);
    check(
        &bytes,
        bit_of(&bytes, FUNCTION, 11, 0),
        ErrorKind::OutOfRange {
            what: "block",
            id: 3,
            count: 1,
        },
    );
    // a node operand that never comes
    let bytes = module(vec![Block(METADATA, vec![Record(3, &[6])])]);
    check(
        &bytes,
        bit_of(&bytes, METADATA, 3, 0),
        ErrorKind::OutOfRange {
            what: "metadata",
            id: 5,
            count: 1,
        },
    );
    // an attribute list that does not exist
    let bytes = module(vec![Record(8, &[FN_VOID, 0, 1, 0, 4, 0, 0, 0])]);
    check(
        &bytes,
        bit_of(&bytes, MODULE, 8, 0),
        ErrorKind::OutOfRange {
            what: "attribute list",
            id: 3,
            count: 0,
        },
    );
}

#[test]
fn function_bodies_that_do_not_match_the_functions() {
    // a body for a declaration
    let bytes = module(vec![function(FN_VOID, true), body(&[(1, &[1]), (10, &[])])]);
    let e = refused(&bytes);
    assert_eq!(e.bit, block_bit(&bytes, FUNCTION, 0));
    assert!(matches!(e.kind, ErrorKind::Bodies(_)), "{e}");
    // more bodies than defined functions
    let bytes = module(vec![
        function(FN_VOID, false),
        body(&[(1, &[1]), (10, &[])]),
        body(&[(1, &[1]), (10, &[])]),
    ]);
    let e = refused(&bytes);
    assert_eq!(e.bit, block_bit(&bytes, FUNCTION, 1));
    assert!(matches!(e.kind, ErrorKind::Bodies(_)), "{e}");
    // a defined function without a body
    let bytes = module(vec![function(FN_VOID, false)]);
    let e = refused(&bytes);
    assert_eq!(e.bit, block_bit(&bytes, MODULE, 0));
    assert!(matches!(e.kind, ErrorKind::Bodies(_)), "{e}");
}

#[test]
fn blocks_that_do_not_end() {
    let bytes = module(vec![
        function(FN_VOID, false),
        body(&[(1, &[2]), (10, &[]), (33, &[])]),
    ]);
    check(
        &bytes,
        block_bit(&bytes, FUNCTION, 0),
        ErrorKind::Blocks {
            declared: 2,
            ended: 1,
        },
    );
    // an instruction after the last block ended
    let bytes = module(vec![
        function(FN_VOID, false),
        body(&[(1, &[1]), (10, &[]), (10, &[])]),
    ]);
    check(
        &bytes,
        bit_of(&bytes, FUNCTION, 10, 1),
        ErrorKind::Blocks {
            declared: 1,
            ended: 1,
        },
    );
}

#[test]
fn counts_from_the_input_size_nothing() {
    // DECLAREBLOCKS of 2^32: more than the records that follow
    let bytes = module(vec![
        function(FN_VOID, false),
        body(&[(1, &[1 << 32]), (10, &[])]),
    ]);
    check(
        &bytes,
        bit_of(&bytes, FUNCTION, 1, 0),
        ErrorKind::BadValue {
            field: "block count (1 to the number of records that follow)",
            value: 1 << 32,
        },
    );
    // an array type of 2^32 elements: its null is fine, an aggregate with no data is not
    let bytes = module_with(
        &extended(&[(11, &[1 << 32, I8])]),
        vec![Block(CONSTANTS, records(&[(1, &[9]), (2, &[]), (7, &[])]))],
    );
    check(
        &bytes,
        bit_of(&bytes, CONSTANTS, 7, 0),
        ErrorKind::OperandCount { found: 0 },
    );
    // a vector of 2^32 - 1 elements, the same
    let bytes = module_with(
        &extended(&[(12, &[u64::from(u32::MAX), I8])]),
        vec![Block(CONSTANTS, records(&[(1, &[9]), (7, &[])]))],
    );
    check(
        &bytes,
        bit_of(&bytes, CONSTANTS, 7, 0),
        ErrorKind::OperandCount { found: 0 },
    );
    // an integer of 2^23 - 1 bits holds only the words its value needs
    let bytes = module_with(
        &extended(&[(7, &[(1 << 23) - 1])]),
        vec![Block(CONSTANTS, records(&[(1, &[9]), (4, &[3])]))],
    );
    let m = bitcode::decode(&bytes).expect("decodes");
    let c = m.constants.iter().next().expect("a constant").1;
    assert!(matches!(&c.kind, dxil_module::model::ConstKind::WideInt(w) if w.len() <= 2));
}

/// The standard type table with more entries after it (ids from 9).
fn extended<'a>(extra: &[Rec<'a>]) -> Vec<Rec<'a>> {
    let mut table: Vec<Rec<'a>> = TYPE_TABLE.to_vec();
    table.extend_from_slice(extra);
    table
}

#[test]
fn a_constant_that_refers_to_itself() {
    // two bitcasts of each other, between i32 and <4 x i8>
    let bytes = module_with(
        &extended(&[(12, &[4, I8])]),
        vec![Block(
            CONSTANTS,
            records(&[
                (1, &[I32]),
                (11, &[11, 9, 1]),
                (1, &[9]),
                (11, &[11, I32, 0]),
            ]),
        )],
    );
    let e = refused(&bytes);
    assert!(matches!(e.kind, ErrorKind::ConstantCycle { .. }), "{e}");
    assert!(
        e.bit == bit_of(&bytes, CONSTANTS, 11, 0) || e.bit == bit_of(&bytes, CONSTANTS, 11, 1),
        "{e}"
    );
    // a constant referring to a later one is fine
    let bytes = module_with(
        &extended(&[(11, &[2, I32])]),
        vec![Block(
            CONSTANTS,
            records(&[(1, &[9]), (7, &[1, 2]), (1, &[I32]), (4, &[2]), (4, &[4])]),
        )],
    );
    let m = bitcode::decode(&bytes).expect("decodes");
    assert!(
        m.constants
            .iter()
            .any(|(_, c)| c.kind == dxil_module::model::ConstKind::Data(vec![1, 2]))
    );
}

#[test]
fn wrong_types() {
    // (the module, the code of the module record refused, the field, what it needed)
    let cases: [(Vec<u8>, u64, &str, &str); 5] = [
        // a global without an explicit type whose type is no pointer
        (
            module(vec![Record(7, &[I32, 0, 0, 0, 0, 0])]),
            7,
            "the type of a global without an explicit type",
            "a pointer type",
        ),
        // a function type that is no function type
        (
            module(vec![function(I32, true)]),
            8,
            "the type of a function",
            "a function type",
        ),
        // declarations of another linkage than external (3: internal), which LLVM prints as
        // text no reader takes
        (
            module(vec![Record(7, &[I32, 2, 0, 3, 0, 0])]),
            7,
            "the linkage of a global",
            "external or extern_weak (a declaration)",
        ),
        (
            module(vec![Record(8, &[FN_VOID, 0, 1, 3, 0, 0, 0, 0])]),
            8,
            "the linkage of a function",
            "external or extern_weak (a declaration)",
        ),
        // a global with a value, of linkage extern_weak (7)
        (
            module_with(
                &extended(&[]),
                vec![
                    Block(CONSTANTS, vec![Record(1, &[I32]), Record(4, &[2])]),
                    Record(7, &[I32, 2, 1, 7, 0, 0]),
                ],
            ),
            7,
            "the linkage of a global",
            "a linkage other than extern_weak (a definition)",
        ),
    ];
    for (bytes, code, field, needed) in cases {
        check(
            &bytes,
            bit_of(&bytes, MODULE, code, 0),
            ErrorKind::WrongType { field, needed },
        );
    }
}

#[test]
fn bad_values() {
    let bytes = module(vec![Record(1, &[2])]);
    check(
        &bytes,
        bit_of(&bytes, MODULE, 1, 1),
        ErrorKind::BadValue {
            field: "module version (0 or 1)",
            value: 2,
        },
    );
    let bytes = module_with(&extended(&[(7, &[0])]), vec![]);
    check(
        &bytes,
        bit_of(&bytes, TYPES, 7, 3),
        ErrorKind::BadValue {
            field: "integer width (1 to 2^23 - 1)",
            value: 0,
        },
    );
    // `align` as a flag, `nounwind` with a value: LLVM reads neither
    for (attr, kind) in [([0u64, 1].as_slice(), 1), (&[1, 18, 5], 18)] {
        let mut ops = vec![1, u64::from(u32::MAX)];
        ops.extend_from_slice(attr);
        let bytes = module(vec![Block(PARAMATTR_GROUP, vec![Record(3, &ops)])]);
        let e = refused(&bytes);
        assert!(
            matches!(e.kind, ErrorKind::BadValue { value, .. } if value == kind),
            "{e}"
        );
    }
    // a METADATA_NAME not followed by METADATA_NAMED_NODE
    let bytes = module(vec![Block(
        METADATA,
        vec![Record(4, &[97]), Record(1, &[98])],
    )]);
    let e = refused(&bytes);
    assert_eq!(e.bit, bit_of(&bytes, METADATA, 4, 0));
    assert!(matches!(e.kind, ErrorKind::BadValue { .. }), "{e}");
    // the NUMENTRY of the type table says another count
    let mut b = Builder::new(BITCODE_MAGIC);
    build(
        &mut b,
        &[Block(
            MODULE,
            vec![
                Record(1, &[1]),
                Block(TYPES, records(&[(1, &[5]), (2, &[])])),
            ],
        )],
    );
    let bytes = b.finish().expect("built").to_bytes();
    check(
        &bytes,
        bit_of(&bytes, TYPES, 1, 0),
        ErrorKind::BadValue {
            field: "NUMENTRY (the number of types the block defines)",
            value: 5,
        },
    );
}

#[test]
fn unknown_records_and_attributes() {
    let bytes = module(vec![
        function(FN_VOID, false),
        body(&[(1, &[1]), (99, &[]), (10, &[])]),
    ]);
    check(
        &bytes,
        bit_of(&bytes, FUNCTION, 99, 0),
        ErrorKind::UnknownRecord(99),
    );
    let bytes = module(vec![Block(
        PARAMATTR_GROUP,
        records(&[(3, &[1, 0, 0, 200])]),
    )]);
    check(
        &bytes,
        bit_of(&bytes, PARAMATTR_GROUP, 3, 0),
        ErrorKind::UnknownAttribute(200),
    );
    // a string attribute without its terminating 0
    let bytes = module(vec![Block(
        PARAMATTR_GROUP,
        records(&[(3, &[1, 0, 3, 97, 98])]),
    )]);
    check(
        &bytes,
        bit_of(&bytes, PARAMATTR_GROUP, 3, 0),
        ErrorKind::BadString,
    );
    // attribute groups and lists decode
    let bytes = module(vec![
        Block(
            PARAMATTR_GROUP,
            records(&[(3, &[1, u64::from(u32::MAX), 0, 18, 4, 97, 0, 98, 0])]),
        ),
        Block(PARAMATTR, records(&[(2, &[1])])),
        Record(8, &[FN_VOID, 0, 1, 0, 1, 0, 0, 0]),
    ]);
    let text = print(&bytes);
    assert!(
        text.contains("attributes #0 = { nounwind \"a\"=\"b\" }"),
        "{text}"
    );
}

#[test]
fn instructions_dxil_forbids() {
    for (code, what) in [
        (13, "invoke"),
        (31, "indirectbr"),
        (39, "resume"),
        (40, "landingpad"),
        (47, "landingpad"),
        (23, "va_arg"),
    ] {
        let bytes = module(vec![
            function(FN_VOID, false),
            body(&[(1, &[1]), (code, &[0, 0, 0, 0])]),
        ]);
        check(
            &bytes,
            bit_of(&bytes, FUNCTION, code, 0),
            ErrorKind::NotDxil(what),
        );
    }
}

#[test]
fn what_is_not_decoded() {
    let bytes = module(vec![Record(9, &[3, 0, 0])]);
    let e = refused(&bytes);
    assert_eq!(e.bit, bit_of(&bytes, MODULE, 9, 0));
    assert!(matches!(e.kind, ErrorKind::Unsupported(_)), "{e}");
    let bytes = module(vec![Block(METADATA, vec![Record(8, &[I32, 0])])]);
    let e = refused(&bytes);
    assert!(matches!(e.kind, ErrorKind::Unsupported(_)), "{e}");
    // a wide floating-point type (15: ppc_fp128)
    let bytes = module_with(&extended(&[(15, &[])]), vec![]);
    let e = refused(&bytes);
    assert!(matches!(e.kind, ErrorKind::Unsupported(_)), "{e}");
    // a GenericDINode: `[distinct, tag, version, header, operands...]`
    let bytes = module(vec![Block(METADATA, vec![Record(12, &[0, 0, 0, 0])])]);
    let e = refused(&bytes);
    assert!(matches!(e.kind, ErrorKind::Unsupported(_)), "{e}");
}

#[test]
fn attachments_of_unknown_kinds() {
    let kind: Vec<u64> = [0u64]
        .into_iter()
        .chain(b"dbg".iter().map(|&c| u64::from(c)))
        .collect();
    let bytes = module(vec![
        Block(METADATA, vec![Record(3, &[]), Record(6, &kind)]),
        function(FN_VOID, false),
        Block(
            FUNCTION,
            vec![
                Record(1, &[1]),
                Record(10, &[]),
                Block(METADATA_ATTACHMENT, vec![Record(11, &[0, 7, 0])]),
            ],
        ),
    ]);
    check(
        &bytes,
        bit_of(&bytes, METADATA_ATTACHMENT, 11, 0),
        ErrorKind::OutOfRange {
            what: "metadata kind",
            id: 7,
            count: 1,
        },
    );
}

/// A `METADATA_KIND` record: the kind's id, then its name.
fn kind(id: u64, name: &str) -> Part {
    let mut ops = vec![id];
    ops.extend(name.bytes().map(u64::from));
    Record(6, &ops)
}

#[test]
fn a_metadata_kind_id_given_twice_out_of_order() {
    // 0, 5, 3, then 5 again: the repeat comes after the ids went up again
    let bytes = module(vec![Block(
        METADATA,
        vec![kind(0, "a"), kind(5, "b"), kind(3, "c"), kind(5, "d")],
    )]);
    check(
        &bytes,
        bit_of(&bytes, METADATA, 6, 3),
        ErrorKind::BadValue {
            field: "metadata kind id (defined twice)",
            value: 5,
        },
    );
}

#[test]
fn attachments_in_any_order_and_repeated_keep_the_last_of_each_kind() {
    // two nodes (`!{}`, `!{!0}`); instruction 0 `br label %1`, instruction 1 `ret void`; the attachments come
    // for instruction 1 first and name kind `a` twice on it: LLVM keeps the node attached
    // last, in the place of the first
    let bytes = module(vec![
        Block(
            METADATA,
            vec![Record(3, &[]), Record(3, &[1]), kind(0, "a"), kind(1, "b")],
        ),
        function(FN_VOID, false),
        Block(
            FUNCTION,
            vec![
                Record(1, &[2]),
                Record(11, &[1]),
                Record(10, &[]),
                Block(
                    METADATA_ATTACHMENT,
                    vec![
                        Record(11, &[1, 0, 0, 1, 1]),
                        Record(11, &[0, 1, 1]),
                        Record(11, &[1, 0, 1]),
                    ],
                ),
            ],
        ),
    ]);
    let text = print(&bytes);
    // (`!{!0}` prints as !0, being used first)
    assert!(text.contains("br label %1, !b !0\n"), "{text}");
    assert!(text.contains("ret void, !a !0, !b !0\n"), "{text}");
    // written back, the module decodes into the same text
    let m = bitcode::decode(&bytes).expect("decodes");
    let written = bitcode::write(&m).expect("writes");
    assert_eq!(print(&written), text);
}

#[test]
fn a_repeated_type_table() {
    let bytes = module(vec![types(TYPE_TABLE)]);
    check(&bytes, block_bit(&bytes, TYPES, 1), ErrorKind::Repeated);
}

#[test]
fn full_tables_are_reported() {
    // no input this small fills a table; the kind exists and says what it is
    assert_eq!(ErrorKind::Full("names").to_string(), "too many names");
    let _ = (VOID, I1, CONSTANTS);
}

#[test]
fn a_constant_getelementptr_has_the_type_of_its_operands_not_of_its_settype() {
    // 0 void, 1 i32, 2 float, 3 i32*, 4 float*, 5 [2 x i32], 6 [2 x i32]*, 7 i32 ()
    let table: &[Rec<'_>] = &[
        (2, &[]),
        (7, &[32]),
        (3, &[]),
        (8, &[1]),
        (8, &[2]),
        (11, &[2, 1]),
        (8, &[5]),
        (21, &[0, 1]),
    ];
    // values: 0 @0 = external global [2 x i32], 1 @1, 2 i32 0, 3 float* null, 4 the
    // getelementptr of @0 under the SETTYPE of the null before it (float*, as LLVM's
    // DirectX backend leaves it between pointers of one address space)
    let bytes = module_with(
        table,
        vec![
            Record(7, &[5, 2, 0, 0, 0, 0]),
            function(7, false),
            Block(
                CONSTANTS,
                vec![
                    Record(1, &[1]),
                    Record(4, &[0]),
                    Record(1, &[4]),
                    Record(2, &[]),
                    Record(20, &[5, 6, 0, 1, 2, 1, 2]),
                ],
            ),
            // %5 = load i32 from it; ret %5
            body(&[(1, &[1]), (20, &[1, 1, 3, 0]), (10, &[1])]),
        ],
    );
    let text = print(&bytes);
    assert!(
        text.contains(
            "%1 = load i32, i32* getelementptr inbounds ([2 x i32], [2 x i32]* @0, i32 0, \
             i32 0), align 4"
        ),
        "{text}"
    );
}
