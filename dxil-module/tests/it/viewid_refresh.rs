//! A container assembled from an edited module: `dxil_module::assemble::container` writes
//! into the bitcode's `!dx.viewIdState` the view-ID state computed from the code, the one
//! `PSV0` holds, so that the two agree as DXC's validator requires (`common/view_id.rs`
//! checks a container as it does).
//!
//! - Corpus modules (`../shared/corpus/dxil-bin`) that record a state get a `storeOutput`
//!   before their entry's `ret` that stores what a `loadInput` of the first block reads to a
//!   float output component that did not depend on that input component: the state gains
//!   exactly that dependence (one bit of the input-to-output table), and the container's
//!   record and `PSV0` hold it, where the module recorded the old state.
//! - Corpus modules whose record is taken out get it back, DXC's words, named where DXC names
//!   it (the named metadata in the corpus's order).
//! - Small shaders: a record is added where DXC records one (validator version 0.0 or at
//!   least 1.1, a state that is not all zeros) and only there; a stale one is replaced.

#![allow(clippy::panic)]

use crate::corpus;
use crate::edit;
use crate::view_id;

use dxil_module::assemble::viewid::{Refresh, ViewIdState};
use dxil_module::assemble::{self, viewid};
use dxil_module::container::find_bitcode;
use dxil_module::model::{BlockId, FuncId, InstKind, Module, Value};
use dxil_module::{bitcode, dxil, text};
use dxil_ops::{Overload, ScalarType, ShaderKind};

/// The decoded module of every corpus container that records a view-ID state, with its name
/// and the recorded words; `None` without the corpus.
fn recording_modules() -> Option<Vec<(String, Module, Vec<u32>)>> {
    let files = corpus::corpus_files()?;
    let mut out = Vec::new();
    for f in &files {
        let bytes = std::fs::read(f).expect("read corpus file");
        let bc = find_bitcode(&bytes).expect("bitcode").bytes;
        let m = bitcode::decode(bc).expect("corpus bitcode decodes");
        if let Some(words) = viewid::recorded_words(&m) {
            out.push((corpus::short(f), m, words));
        }
    }
    assert!(!out.is_empty(), "no corpus module records a view-ID state");
    Some(out)
}

/// Where a store makes a new dependence: in the entry function `f`, the value `value` a
/// `loadInput.f32` of its first block reads, the input component it reads (linear index),
/// and a column of the first output element (a float of stream 0) whose component (`output`)
/// does not depend on that input yet.
struct Plan {
    f: FuncId,
    value: Value,
    input: usize,
    col: i64,
    output: u32,
}

fn plan(m: &Module, state: &ViewIdState) -> Option<Plan> {
    use ShaderKind::{Domain, Geometry, Hull, Pixel, Vertex};
    if !matches!(state.stage, Vertex | Pixel | Geometry | Hull | Domain) {
        return None;
    }
    let entry = dxil::entry_points(m).next()?.ok()?;
    let f = entry.function?;
    let sigs = entry.signatures().ok()??;
    let out = sigs.output.first()?;
    if out.component_type != 9 || out.start_row < 0 || out.output_stream() != 0 {
        return None;
    }
    let body = m.function(f)?.body.as_ref()?;
    let int = |v: &Value| m.const_int(v.as_const()?);
    let (value, input) = body.block_iter(BlockId(0)).find_map(|(at, inst)| {
        let InstKind::Call(call) = &inst.kind else {
            return None;
        };
        let Value::Function(callee) = call.callee else {
            return None;
        };
        if m.function_name(callee) != Some("dx.op.loadInput.f32") {
            return None;
        }
        let args = body.args(call);
        let (id, row, col) = (int(&args[1])?, int(&args[2])?, int(&args[3])?);
        let e = sigs.input.get(usize::try_from(id).ok()?)?;
        let index = component(e, row, col);
        (e.start_row >= 0).then_some((Value::Inst(at), usize::try_from(index).ok()?))
    })?;
    let depends = *state.inputs_to_outputs[0].get(input)?;
    // a hull shader's patch-constant function may read the output control points: an output
    // component it reads passes the new dependence on to patch-constant outputs, so it is
    // left out (the state would gain more than the one bit)
    let read_by_pc = read_output_control_points(m, &sigs.output);
    let (col, output) = (0..i64::from(out.cols)).find_map(|col| {
        let output = component(out, 0, col) as u32;
        (depends >> output & 1 == 0 && !read_by_pc.contains(&output)).then_some((col, output))
    })?;
    Some(Plan {
        f,
        value,
        input,
        col,
        output,
    })
}

/// The linear index of component `col` of row `row` of signature element `e`, as the view-ID
/// state numbers components (four per row).
fn component(e: &dxil::SignatureElement, row: i64, col: i64) -> i64 {
    (i64::from(e.start_row) + row) * 4 + i64::from(e.start_col) + col
}

/// The output components (linear indexes, as the view-ID state numbers them) that a
/// `loadOutputControlPoint` of the module reads with constant indexes.
fn read_output_control_points(m: &Module, outputs: &[dxil::SignatureElement]) -> Vec<u32> {
    let int = |v: &Value| m.const_int(v.as_const()?);
    let mut read = Vec::new();
    for f in &m.functions {
        let Some(body) = f.body.as_ref() else {
            continue;
        };
        for (_, _, call, callee) in m.calls(body) {
            if !m
                .function_name(callee)
                .is_some_and(|n| n.starts_with("dx.op.loadOutputControlPoint."))
            {
                continue;
            }
            let args = body.args(call);
            let index = || {
                let (id, row, col) = (int(args.get(1)?)?, int(args.get(2)?)?, int(args.get(3)?)?);
                let e = outputs.get(usize::try_from(id).ok()?)?;
                u32::try_from(component(e, row, col)).ok()
            };
            read.extend(index());
        }
    }
    read
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[test]
fn an_added_store_is_a_new_dependence_in_the_record_and_in_psv0() {
    let Some(modules) = recording_modules() else {
        return;
    };
    let (mut edited, mut failures) = (0, Vec::new());
    for (name, mut m, recorded) in modules {
        let before = viewid::compute(&m).expect("a view-ID state");
        let Some(p) = plan(&m, &before) else {
            continue;
        };
        let f32 = Overload::Scalar(ScalarType::F32);
        edit::store_output_before_ret(&mut m, p.f, 0, p.col, f32, p.value).expect("a ret");
        // what changes: output component `p.output` now depends on input component `p.input`
        let after = viewid::compute(&m).expect("a view-ID state");
        let mut expected = before.clone();
        expected.inputs_to_outputs[0][p.input] |= 1 << p.output;
        if after != expected {
            failures.push(format!(
                "{name}: storing input {} to output {} gives {:?}, not {:?}",
                p.input,
                p.output,
                after.to_words(),
                expected.to_words()
            ));
            continue;
        }
        let container = assemble::container(&m).expect("assembled");
        match view_id::consistent(&container) {
            Ok(words) if words == after.to_words() && words != recorded => {}
            Ok(words) => failures.push(format!("{name}: the container records {words:?}")),
            Err(e) => failures.push(format!("{name}: {e}")),
        }
        // refreshing the model itself changes the recorded array where it is
        let items = m.metadata.items.len();
        let refreshed = viewid::refresh(&mut m).expect("refreshed");
        let want = Refresh::Replace {
            recorded: Some(recorded),
            computed: after.to_words(),
        };
        if refreshed != want || m.metadata.items.len() != items {
            failures.push(format!("{name}: refresh gives {refreshed:?}"));
        }
        if viewid::recorded_words(&m) != Some(after.to_words()) {
            failures.push(format!("{name}: the refreshed model records another state"));
        }
        edited += 1;
    }
    eprintln!(
        "{edited} corpus modules with a new dependence from an added store: the container's \
         !dx.viewIdState and PSV0 hold it"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(edited > 0, "no corpus module edited");
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[test]
fn a_record_taken_out_comes_back_where_dxc_names_it() {
    let Some(modules) = recording_modules() else {
        return;
    };
    let names = |m: &Module| -> Vec<String> {
        let named = m.metadata.named.iter();
        named
            .map(|n| m.symbols.lossy(n.name).into_owned())
            .collect()
    };
    let total = modules.len();
    let mut failures = Vec::new();
    for (name, mut m, recorded) in modules {
        let order = names(&m);
        let sym = m.symbols.find(b"dx.viewIdState").expect("the name");
        m.metadata.named.retain(|n| n.name != sym);
        let state = viewid::compute(&m).expect("a view-ID state");
        let want = Refresh::Add {
            computed: recorded.clone(),
        };
        match viewid::needed(&m, &state) {
            Ok(r) if r == want => {}
            other => failures.push(format!("{name}: {other:?}")),
        }
        let container = assemble::container(&m).expect("assembled");
        match view_id::consistent(&container) {
            Ok(words) if words == recorded => {}
            Ok(words) => failures.push(format!("{name}: the container records {words:?}")),
            Err(e) => failures.push(format!("{name}: {e}")),
        }
        let bc = find_bitcode(&container).expect("bitcode").bytes;
        let back = bitcode::decode(bc).expect("our bitcode decodes");
        if names(&back) != order {
            failures.push(format!("{name}: named metadata {:?}", names(&back)));
        }
    }
    eprintln!(
        "{} of {total} corpus modules whose !dx.viewIdState is taken out get DXC's back, \
         named where DXC names it",
        total - failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A vertex shader whose output B.z depends on input A.y, with `extra` named metadata
/// (`!dx.valver`, `!dx.viewIdState`) and nodes after `!dx.shaderModel`.
fn vertex_shader(extra: &str) -> Module {
    let src = format!(
        r#"
define void @main() {{
  %a = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 undef)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float %a)
  ret void
}}
declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32)
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float)
!dx.version = !{{!0}}
!dx.shaderModel = !{{!1}}
{extra}
!dx.entryPoints = !{{!2}}
!0 = !{{i32 1, i32 1}}
!1 = !{{!"vs", i32 6, i32 1}}
!2 = !{{void ()* @main, !"main", !3, null, null}}
!3 = !{{!4, !6, null}}
!4 = !{{!5}}
!5 = !{{i32 0, !"A", i8 9, i8 0, !7, i8 0, i32 1, i8 4, i32 0, i8 0, null}}
!6 = !{{!9}}
!7 = !{{i32 0}}
!9 = !{{i32 0, !"B", i8 9, i8 0, !7, i8 0, i32 1, i8 4, i32 0, i8 0, null}}
!10 = !{{i32 1, i32 1}}
!11 = !{{i32 0, i32 0}}
!12 = !{{[6 x i32] [i32 4, i32 4, i32 0, i32 0, i32 0, i32 0]}}
"#
    );
    text::parse(src.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{src}"))
}

/// The state of [`vertex_shader`]: 4 inputs, 4 outputs, input 1 to output 2.
const VS_WORDS: [u32; 6] = [4, 4, 0, 0b100, 0, 0];

#[test]
fn a_record_is_added_where_dxc_records_one() {
    // validator 1.1 and 0.0 (no validation): DXC records the state
    for valver in ["!dx.valver = !{!10}", "!dx.valver = !{!11}"] {
        let mut m = vertex_shader(valver);
        let refresh = viewid::refresh(&mut m).expect("refreshed");
        let computed = VS_WORDS.to_vec();
        assert_eq!(refresh, Refresh::Add { computed }, "{valver}");
        assert_eq!(viewid::recorded_words(&m), Some(VS_WORDS.to_vec()));
        let order: Vec<_> = m
            .metadata
            .named
            .iter()
            .map(|n| m.symbols.str(n.name))
            .collect();
        let dx = |n: &'static str| Some(n);
        let want = [
            "dx.version",
            "dx.shaderModel",
            "dx.valver",
            "dx.viewIdState",
        ];
        assert_eq!(order[..4], want.map(dx), "{valver}");
        assert_eq!(order[4], dx("dx.entryPoints"));
        let container = assemble::container(&vertex_shader(valver)).expect("assembled");
        assert_eq!(view_id::consistent(&container), Ok(VS_WORDS.to_vec()));
    }
    // no !dx.valver (DXC reads 1.0, which knows no view ID): none
    let mut m = vertex_shader("");
    assert_eq!(viewid::refresh(&mut m), Ok(Refresh::Current));
    assert_eq!(viewid::recorded_words(&m), None);
}

#[test]
fn a_stale_record_is_replaced_in_place() {
    let extra = "!dx.valver = !{!10}\n!dx.viewIdState = !{!12}";
    let mut m = vertex_shader(extra);
    let items = m.metadata.items.len();
    let refresh = viewid::refresh(&mut m).expect("refreshed");
    let recorded = Some(vec![4, 4, 0, 0, 0, 0]);
    let computed = VS_WORDS.to_vec();
    assert_eq!(refresh, Refresh::Replace { recorded, computed });
    assert_eq!(viewid::recorded_words(&m), Some(VS_WORDS.to_vec()));
    assert_eq!(m.metadata.items.len(), items);
    assert_eq!(viewid::refresh(&mut m), Ok(Refresh::Current));
    let container = assemble::container(&vertex_shader(extra)).expect("assembled");
    assert_eq!(view_id::consistent(&container), Ok(VS_WORDS.to_vec()));
}

#[test]
fn a_record_shared_with_other_metadata_is_left_to_it() {
    // !13 refers to the array of the record too: a new node is recorded, !13 keeps the old
    let extra = "!dx.valver = !{!10}\n!dx.viewIdState = !{!12}\n!other = !{!13}\n\
                 !13 = !{[6 x i32] [i32 4, i32 4, i32 0, i32 0, i32 0, i32 0], i32 1}";
    let mut m = vertex_shader(extra);
    let items = m.metadata.items.len();
    let refresh = viewid::refresh(&mut m).expect("refreshed");
    assert!(matches!(refresh, Refresh::Replace { .. }), "{refresh:?}");
    assert_eq!(viewid::recorded_words(&m), Some(VS_WORDS.to_vec()));
    assert_eq!(m.metadata.items.len(), items + 2);
    let other = m.metadata.named(&m.symbols, "other").expect("!other")[0];
    let old = m.metadata.node_operands(other).expect("a node")[0].expect("the array");
    let (_, value) = m.metadata.value(old).expect("a value");
    assert!(value.as_const().is_some());
    assert_ne!(Some(old), {
        let listed = m
            .metadata
            .named(&m.symbols, "dx.viewIdState")
            .expect("named")[0];
        m.metadata.node_operands(listed).expect("a node")[0]
    });
}

#[test]
fn no_record_for_a_state_of_zeros_or_a_library() {
    // no signature: every word is 0, and DXC records nothing
    let src = "define void @main() {\n  ret void\n}\n!dx.version = !{!0}\n!dx.valver = !{!0}\n\
               !dx.shaderModel = !{!1}\n!dx.entryPoints = !{!2}\n!0 = !{i32 1, i32 8}\n\
               !1 = !{!\"vs\", i32 6, i32 8}\n!2 = !{void ()* @main, !\"main\", null, null, null}\n";
    let mut m = text::parse(src.as_bytes()).expect("valid");
    assert_eq!(viewid::refresh(&mut m), Ok(Refresh::Current));
    assert_eq!(viewid::recorded_words(&m), None);
    let lib = src.replace("!\"vs\"", "!\"lib\"");
    let mut m = text::parse(lib.as_bytes()).expect("valid");
    assert_eq!(viewid::refresh(&mut m), Ok(Refresh::Current));
}
