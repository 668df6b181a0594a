//! Array and vector constants of `half`: LLVM 3.7 keeps them as aggregates of `half`
//! constants (its `DATA` records hold integers, `float` and `double` only, and its reader
//! refuses `half` ones), so the model holds them as [`ConstKind::Aggregate`] from either
//! reader, and the writer gives them as `AGGREGATE` records of `FLOAT` constants, as DXC does.
//! A long-vector shader of vkd3d-proton (`<16 x half>` constants) showed the difference: its
//! model, written, lost the element constants and held `DATA` records DXC cannot read. A
//! `DATA` record of `half` (which later writers may give) decodes into the same aggregate.

#![allow(clippy::panic)]

use crate::common;

use dxil_module::bitstream::{BITCODE_MAGIC, Bitstream, Builder};
use dxil_module::model::{ConstId, ConstKind, Module, Type};
use dxil_module::{bitcode, text};

const SRC: &str = "\
@g = internal constant [2 x half] [half 0xH3C00, half 0xH4000]

define <2 x half> @f() {
  ret <2 x half> <half 0xH3C00, half 0xH4200>
}
";

/// The constants of `m` whose type is an array or vector of `half`, with their kinds.
fn half_sequences(m: &Module) -> Vec<&ConstKind> {
    (0..m.constants.len() as u32)
        .filter_map(|i| m.constant(ConstId(i)))
        .filter(|c| match m.types.get(c.ty) {
            Some(Type::Array { elem, .. } | Type::Vector { elem, .. }) => {
                matches!(m.types.get(*elem), Some(Type::Half))
            }
            _ => false,
        })
        .map(|c| &c.kind)
        .collect()
}

/// The codes of the records of every constants block of `bc`.
fn constant_codes(bc: &[u8]) -> Vec<u64> {
    const CONSTANTS_BLOCK: u32 = 11;
    let stream = Bitstream::parse(bc).expect("written bitcode parses");
    stream
        .all_blocks()
        .filter(|b| b.id() == CONSTANTS_BLOCK)
        .flat_map(|b| b.records().map(|r| r.code()).collect::<Vec<_>>())
        .collect()
}

#[test]
fn half_sequences_are_aggregates_written_as_llvm_3_7_writes_them() {
    const AGGREGATE: u64 = 7;
    const FLOAT: u64 = 6;
    const DATA: u64 = 22;
    let m = text::parse(SRC.as_bytes()).expect("valid IR");
    let kinds = half_sequences(&m);
    assert_eq!(kinds.len(), 2);
    assert!(
        kinds.iter().all(|k| matches!(k, ConstKind::Aggregate(_))),
        "{kinds:?}"
    );
    let bc = bitcode::write(&m).expect("writes");
    let codes = constant_codes(&bc);
    assert!(!codes.contains(&DATA), "{codes:?}");
    assert_eq!(codes.iter().filter(|&&c| c == AGGREGATE).count(), 2);
    // 1.0 is shared by both; 2.0 and 3.0 are their own
    assert_eq!(codes.iter().filter(|&&c| c == FLOAT).count(), 3);
    let again = bitcode::decode(&bc).expect("decodes");
    assert_eq!(half_sequences(&again), kinds);
    if let Some(dis) = common::llvm_dis(&bc) {
        let dis = String::from_utf8(dis.expect("llvm-dis-14 reads it")).expect("UTF-8");
        assert!(dis.contains("[half 0xH3C00, half 0xH4000]"), "{dis}");
        assert!(dis.contains("<half 0xH3C00, half 0xH4200>"), "{dis}");
    }
}

#[test]
fn a_data_record_of_half_decodes_into_an_aggregate() {
    const MODULE: u32 = 8;
    const TYPES: u32 = 17;
    const CONSTANTS: u32 = 11;
    let mut b = Builder::new(BITCODE_MAGIC);
    let rec = |b: &mut Builder, code: u64, ops: &[u64]| b.record(code, ops).expect("record");
    b.enter_block(MODULE, 3).expect("block");
    rec(&mut b, 1, &[1]); // VERSION 1
    b.enter_block(TYPES, 4).expect("block");
    rec(&mut b, 1, &[2]); // NUMENTRY
    rec(&mut b, 10, &[]); // 0: half
    rec(&mut b, 12, &[2, 0]); // 1: <2 x half>
    b.end_block().expect("end");
    b.enter_block(CONSTANTS, 4).expect("block");
    rec(&mut b, 1, &[1]); // SETTYPE <2 x half>
    rec(&mut b, 22, &[0x3C00, 0]); // DATA <half 1.0, half 0.0>
    b.end_block().expect("end");
    b.end_block().expect("end");
    let bc = b.finish().expect("built").to_bytes();
    let m = bitcode::decode(&bc).expect("decodes");
    let kinds = half_sequences(&m);
    let [ConstKind::Aggregate(elements)] = kinds[..] else {
        panic!("{kinds:?}");
    };
    let element_kinds: Vec<_> = elements
        .iter()
        .map(|v| {
            &m.constant(v.as_const().expect("a constant"))
                .expect("known")
                .kind
        })
        .collect();
    assert_eq!(
        element_kinds,
        [&ConstKind::Float(0x3C00), &ConstKind::Null],
        "one and zero"
    );
    // written, the constants block holds no DATA record
    let codes = constant_codes(&bitcode::write(&m).expect("writes"));
    assert!(!codes.contains(&22), "{codes:?}");
}

#[test]
fn data_of_half_made_by_hand_is_refused() {
    let mut m = text::parse(SRC.as_bytes()).expect("valid IR");
    // @g's initializer, `[2 x half]`, as DATA rather than as the aggregate the reader made
    let ty = m.globals[0].value_ty;
    let data = m.constants.intern(dxil_module::model::Constant {
        ty,
        kind: ConstKind::Data(vec![0x3C00, 0x4000]),
    });
    m.globals[0].init = Some(dxil_module::model::Value::Const(data));
    let e = bitcode::write(&m).expect_err("refused");
    assert!(e.to_string().contains("data of half elements"), "{e}");
}
