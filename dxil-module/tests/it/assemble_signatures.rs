//! The string table of the signature parts `dxil_module::assemble` writes, by validator
//! version: before 1.7 not padded, an arbitrary semantic's name once per metadata element and
//! a system value's once; from 1.7 each name once, padded to 4 bytes.

use dxil_module::assemble;
use dxil_module::container::{ElementLayout, FourCC, Signature};
use dxil_module::text;

/// A pixel shader with inputs TEXCOORD 0 and TEXCOORD 1 (two metadata elements) and outputs
/// SV_Target 0 and 1, at validator version 1.`minor`.
fn module(minor: u32) -> String {
    format!(
        r#"define void @main() {{
  ret void
}}
!dx.version = !{{!0}}
!dx.valver = !{{!9}}
!dx.shaderModel = !{{!1}}
!dx.entryPoints = !{{!2}}
!0 = !{{i32 1, i32 0}}
!1 = !{{!"ps", i32 6, i32 0}}
!2 = !{{void ()* @main, !"main", !3, null, null}}
!3 = !{{!4, !5, null}}
!4 = !{{!6, !7}}
!5 = !{{!10, !11}}
!6 = !{{i32 0, !"TEXCOORD", i8 9, i8 0, !12, i8 2, i32 1, i8 2, i32 0, i8 0, null}}
!7 = !{{i32 1, !"TEXCOORD", i8 9, i8 0, !13, i8 2, i32 1, i8 2, i32 0, i8 2, null}}
!9 = !{{i32 1, i32 {minor}}}
!10 = !{{i32 0, !"SV_Target", i8 9, i8 16, !12, i8 0, i32 1, i8 4, i32 0, i8 0, null}}
!11 = !{{i32 1, !"SV_Target", i8 9, i8 16, !13, i8 0, i32 1, i8 4, i32 1, i8 0, null}}
!12 = !{{i32 0}}
!13 = !{{i32 1}}
"#
    )
}

/// The input and output signature parts: their bytes and their elements' name offsets.
fn parts(minor: u32) -> Vec<(FourCC, Vec<u8>, Vec<u32>)> {
    let m = text::parse(module(minor).as_bytes()).expect("valid");
    let parts = assemble::parts(&m, &[]).expect("parts");
    parts
        .into_iter()
        .filter(|(c, _)| [FourCC::ISG1, FourCC::OSG1].contains(c))
        .map(|(c, data)| {
            let sig = Signature::parse(&data, 0, ElementLayout::Dxil).expect("readable");
            let offsets = sig
                .elements()
                .map(|e| {
                    let at = e.offset + 4;
                    u32::from_le_bytes(data[at..at + 4].try_into().expect("4 bytes"))
                })
                .collect::<Vec<u32>>();
            (c, data, offsets)
        })
        .collect()
}

#[test]
fn before_1_7_arbitrary_names_repeat_and_nothing_is_padded() {
    let p = parts(6);
    // TEXCOORD twice (8 + 2 * 32 = 72, then 81), not padded: 72 + 18 bytes
    assert_eq!(p[0].2, vec![72, 81]);
    assert_eq!(p[0].1.len(), 90);
    // SV_Target once, not padded: 72 + 10 bytes
    assert_eq!(p[1].2, vec![72, 72]);
    assert_eq!(p[1].1.len(), 82);
}

#[test]
fn from_1_7_each_name_once_and_padded() {
    let p = parts(7);
    assert_eq!(p[0].2, vec![72, 72]);
    assert_eq!(p[0].1.len(), 84);
    assert_eq!(p[1].2, vec![72, 72]);
    assert_eq!(p[1].1.len(), 84);
}
