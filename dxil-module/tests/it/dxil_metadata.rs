//! The typed view of DXIL's metadata (`dxil_module::dxil`) over every module of the binary
//! corpus, checked against the container parts DXC derived from the same metadata (the
//! program header, `PSV0`'s signature elements, resources and thread-group size), and a case
//! for each kind of error.

#![allow(clippy::panic)]

use crate::common;
use crate::dxil_bin;

use dxil_module::container::{Container, FourCC, PartContent};
use dxil_module::dxil::{self, MdErrorKind, Property, SignatureElement};
use dxil_module::model::Module;
use dxil_module::text;

/// The module of a container: its bitcode through `llvm-dis-14`, read by the text reader.
fn module_of(bytes: &[u8]) -> Option<Module> {
    let bitcode = common::dxil_bitcode(bytes).expect("a DXIL part");
    let dis = common::llvm_dis(bitcode)?.expect("llvm-dis-14 reads it");
    Some(text::parse(&dis).expect("our reader reads llvm-dis-14's text"))
}

/// A signature element of the metadata against the `PSV0` record DXC made of it.
fn same_element(
    name: &str,
    md: &SignatureElement<'_>,
    psv: &dxil_module::container::psv::PsvElement<'_>,
) {
    let what = format!("{name}: {}", md.semantic_text());
    // PSV0 names user semantics only (system values by their kind)
    if md.semantic_kind == 0 {
        assert_eq!(md.semantic_text(), psv.semantic_name, "{what}");
    }
    let indexes: Vec<u32> = psv.semantic_indexes.iter().collect();
    // PSV0 keeps one index per row (a module may list more)
    let rows = (md.rows as usize).min(md.semantic_indices.len());
    assert_eq!(md.semantic_indices[..rows], indexes[..], "{what}");
    assert_eq!(md.rows, u32::from(psv.rows), "{what}");
    assert_eq!(md.cols, psv.cols_and_start & 0xF, "{what}");
    assert_eq!(md.semantic_kind, psv.semantic_kind, "{what}");
    assert_eq!(md.interpolation, psv.interpolation_mode, "{what}");
    let allocated = psv.cols_and_start & 0x40 != 0;
    if allocated {
        assert_eq!(md.start_row, i32::from(psv.start_row), "{what}");
        assert_eq!(
            md.start_col,
            ((psv.cols_and_start >> 4) & 3) as i8,
            "{what}"
        );
    } else {
        assert_eq!(md.start_row, -1, "{what}");
    }
    assert_eq!(
        md.output_stream(),
        u32::from(psv.dynamic_mask_and_stream >> 4),
        "{what}"
    );
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[dxil_test_data::needs(tool = "llvm-dis-14")]
#[test]
fn the_metadata_of_every_corpus_module_reads_and_agrees_with_its_container() {
    let Some(files) = dxil_bin::containers() else {
        return;
    };
    let (mut elements, mut records, mut properties, mut libraries) = (0, 0, 0, 0);
    for (name, bytes) in &files {
        let Some(m) = module_of(bytes) else {
            return;
        };
        let c = Container::parse(bytes).expect("a container");
        let program = c.program().expect("a program").expect("readable");
        let version = dxil::dxil_version(&m)
            .expect("!dx.version")
            .expect("present");
        let dxil = program.dxil_version();
        assert_eq!(version.dxil(), Some(dxil), "{name}");
        assert!(
            dxil::validator_version(&m).expect("!dx.valver").is_some(),
            "{name}"
        );
        let sm = dxil::shader_model(&m)
            .expect("!dx.shaderModel")
            .expect("present");
        assert_eq!(sm.version(), Some(program.shader_model()), "{name}");
        let kind = if sm.is_library() {
            Some(dxil_ops::ShaderKind::Library)
        } else {
            sm.stage()
        };
        assert_eq!(kind, program.shader_kind(), "{name}");
        let entries: Vec<_> = dxil::entry_points(&m)
            .map(|e| e.unwrap_or_else(|e| panic!("{name}: {e}")))
            .collect();
        for e in &entries {
            for p in e.properties().expect("properties").iter() {
                p.unwrap_or_else(|e| panic!("{name}: {e}"));
                properties += 1;
            }
            e.signatures().unwrap_or_else(|e| panic!("{name}: {e}"));
            e.resources().unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        if sm.is_library() {
            libraries += 1;
            continue;
        }
        assert_eq!(entries.len(), 1, "{name}");
        let entry = &entries[0];
        assert!(entry.function.is_some(), "{name}");
        let resources = dxil::resources(&m).unwrap_or_else(|e| panic!("{name}: {e}"));
        for r in resources.iter().flat_map(|r| r.iter()) {
            r.extra_properties()
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(r.kind().is_some(), "{name}");
            records += 1;
        }
        let sigs = entry
            .signatures()
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .unwrap_or_default();
        let Some(part) = c.find(FourCC::PSV0) else {
            continue;
        };
        let Ok(PartContent::Psv(psv)) = c.decode(&part) else {
            panic!("{name}: PSV0 decodes");
        };
        // the signature elements, in order, as PSV0 lists them
        for (md, psv_elements) in [
            (&sigs.input, psv.input_elements().collect::<Vec<_>>()),
            (&sigs.output, psv.output_elements().collect()),
            (
                &sigs.patch_constant,
                psv.patch_const_or_prim_elements().collect(),
            ),
        ] {
            assert_eq!(md.len(), psv_elements.len(), "{name}");
            for (a, b) in md.iter().zip(&psv_elements) {
                same_element(name, a, b);
                elements += 1;
            }
        }
        // the resource bindings, as a set
        let mut ours: Vec<(u32, u32, u32)> = resources
            .iter()
            .flat_map(|r| r.iter())
            .map(|r| {
                let upper = match r.range_size {
                    u32::MAX => u32::MAX,
                    n => r.lower_bound.wrapping_add(n).wrapping_sub(1),
                };
                (r.space, r.lower_bound, upper)
            })
            .collect();
        let mut theirs: Vec<(u32, u32, u32)> = psv
            .resources()
            .map(|r| (r.space, r.lower_bound, r.upper_bound))
            .collect();
        ours.sort_unstable();
        theirs.sort_unstable();
        assert_eq!(ours, theirs, "{name}");
        // the thread-group size of compute-like stages
        if let Some(n) = psv.info.num_threads.filter(|n| *n != [0, 0, 0]) {
            let props = entry.properties().expect("properties");
            assert_eq!(props.num_threads().expect("readable"), Some(n), "{name}");
        }
    }
    eprintln!(
        "{} modules ({libraries} libraries): {elements} signature elements, {records} resource records, {properties} properties",
        files.len()
    );
    assert!(elements > 500 && records > 100 && properties > 200);
}

/// The module of `metadata` (lines of LLVM IR text after a function `@main`).
fn module(metadata: &str) -> Module {
    let src = format!("define void @main() {{\n  ret void\n}}\n{metadata}");
    text::parse(src.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{src}"))
}

/// Each kind of error, with the path it names.
#[test]
fn metadata_without_its_layout_is_an_error_that_says_where() {
    let m = module("!dx.version = !{!0}\n!0 = !{i32 1}\n");
    let e = dxil::dxil_version(&m).expect_err("one field");
    assert_eq!(
        e.kind,
        MdErrorKind::Missing {
            found: 1,
            expected: 2
        }
    );
    assert_eq!(
        e.to_string(),
        "!dx.version: the tuple has 1 field(s); its layout has 2"
    );

    let m = module("!dx.version = !{!0, !0}\n!0 = !{i32 1, i32 6}\n");
    let e = dxil::dxil_version(&m).expect_err("two operands");
    assert_eq!(e.kind, MdErrorKind::Operands(2));

    let m = module("!dx.shaderModel = !{!0}\n!0 = !{i32 6, i32 6, i32 0}\n");
    let e = dxil::shader_model(&m).expect_err("no kind");
    assert_eq!(
        e.to_string(),
        "!dx.shaderModel, kind: expected a string, found i32 6"
    );

    let m = module("!dx.valver = !{!0}\n!0 = !{i32 1, i64 4294967296}\n");
    let e = dxil::validator_version(&m).expect_err("too large");
    assert!(
        matches!(
            e.kind,
            MdErrorKind::OutOfRange {
                value: 4294967296,
                ..
            }
        ),
        "{e}"
    );

    let m = module(
        "!dx.entryPoints = !{!0, !1}\n\
         !0 = !{void ()* @main, !\"main\", null, null, !2}\n\
         !1 = !{i32 0, !\"other\", null, null, null}\n\
         !2 = !{i32 0, i64 16, i32 4}\n",
    );
    let entries: Vec<_> = dxil::entry_points(&m).collect();
    let e = entries[1].as_ref().expect_err("no function");
    assert_eq!(
        e.to_string(),
        "!dx.entryPoints, entry 1, function: expected a function, found i32 0"
    );
    let first = entries[0].as_ref().expect("readable");
    let e = first.properties().expect_err("odd");
    assert_eq!(e.kind, MdErrorKind::OddLength(3));
    assert_eq!(
        e.to_string(),
        "!dx.entryPoints, entry 0, properties: a list of tag/value pairs has an even number of elements, this one 3"
    );

    let m = module(
        "!dx.entryPoints = !{!0}\n\
         !0 = !{void ()* @main, !\"main\", null, null, !1}\n\
         !1 = !{i32 4, !2, i32 8, !\"cs\", i32 99, i32 1}\n\
         !2 = !{i32 8, i32 1}\n",
    );
    let entry = dxil::entry_points(&m)
        .next()
        .expect("one")
        .expect("readable");
    let props = entry.properties().expect("pairs");
    let e = props.num_threads().expect_err("two numbers");
    assert_eq!(
        e.to_string(),
        "!dx.entryPoints, entry 0, properties, NumThreads: the tuple has 2 field(s); its layout has 3"
    );
    let e = props.shader_kind().expect_err("a string");
    assert_eq!(
        e.to_string(),
        "!dx.entryPoints, entry 0, properties, ShaderKind: expected an integer, found the string \"cs\""
    );
    let all: Vec<_> = props.iter().collect();
    assert!(matches!(all[2], Ok(Property::Other(99, _))), "{all:?}");

    let m = module(
        "!dx.resources = !{!0}\n\
         !0 = !{!1, null, null, null}\n\
         !1 = !{!2, !3}\n\
         !2 = !{i32 0, i32* undef, !\"t\", i32 0, i32 0, i32 1, i32 2, i32 0, null}\n\
         !3 = !{i32 1, i32* undef, !\"u\", i32 0, i32 1, i32 1}\n",
    );
    let records = dxil::resource_records(&m).expect("lists");
    assert!(records[0].is_ok());
    let e = records[1].as_ref().expect_err("short");
    assert_eq!(
        e.to_string(),
        "!dx.resources, SRVs, record 1: the tuple has 6 field(s); its layout has 9"
    );
    assert!(dxil::resources(&m).is_err());
}

/// What the view says of an element's packing location and semantic index, of the states of
/// a hull shader, and where the lenient reader found each metadata node.
#[test]
fn elements_states_and_metadata_lines() {
    let src = "define void @main() {\n  ret void\n}\n\
               define void @pc() {\n  ret void\n}\n\
               !dx.entryPoints = !{!0}\n\
               !0 = !{void ()* @main, !\"main\", !1, null, !6}\n\
               !1 = !{!2, null, null}\n\
               !2 = !{!3, !4}\n\
               !3 = !{i32 0, !\"TEXCOORD7\", i8 9, i8 0, !5, i8 2, i32 1, i8 2, i32 0, i8 -1, null}\n\
               !4 = !{i32 1, !\"B\", i8 9, i8 0, !8, i8 2, i32 1, i8 2, i32 1, i8 0, null}\n\
               !5 = !{}\n\
               !6 = !{i32 3, !7}\n\
               !7 = !{void ()* @pc, i32 3, i32 3, i32 2, i32 3, i32 3, float 6.4e+01}\n\
               !8 = !{i32 2}\n";
    let lenient = text::parse_lenient(src.as_bytes());
    assert!(lenient.problems.is_empty(), "{:?}", lenient.problems);
    let m = &lenient.module;
    let entry = dxil::entry_points(m)
        .next()
        .expect("one")
        .expect("readable");
    let sigs = entry.signatures().expect("readable").expect("present");
    let (a, b) = (&sigs.input[0], &sigs.input[1]);
    // a start column of -1 is no location; the index comes from the name without indices
    assert!(!a.is_allocated() && b.is_allocated());
    assert_eq!((a.semantic_start_index(), b.semantic_start_index()), (7, 2));
    let props = entry.properties().expect("pairs");
    let hs = props.hs_state().expect("readable").expect("present");
    assert_eq!(
        hs.patch_constant_function.map(|f| m.function_name(f)),
        Some(Some("pc"))
    );
    assert_eq!((hs.input_control_points, hs.max_tess_factor), (3, 64.0));
    assert_eq!(props.ds_state(), Ok(None));
    assert_eq!(props.gs_state(), Ok(None));
    // the lines of the definitions: `!0` is on line 8, `!3` on line 11
    assert_eq!(lenient.metadata_line(entry.node), Some(8));
    assert_eq!(lenient.metadata_line(a.node), Some(11));
    let string = m
        .metadata
        .items
        .iter()
        .position(|i| matches!(i, dxil_module::model::MdItem::String(_)));
    let string = dxil_module::model::MdId(string.expect("a string") as u32);
    assert_eq!(lenient.metadata_line(string), None);
}
