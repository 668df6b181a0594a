//! The view-ID state `dxil_module::assemble::viewid` computes: against the state DXC recorded
//! in its own LLVM IR text (`!dx.viewIdState` of the files of `../shared/corpus/dxc` that have
//! one), and on small shaders written here, one per rule of the analysis (control dependence,
//! memory, dynamic rows, phis of constants, streams, patch constants).

#![allow(clippy::panic)]

use crate::common;
use crate::shared;

use dxil_module::assemble::viewid::{self, ViewIdState};
use dxil_module::text;

/// DXC's validation tests whose code was edited after DXC recorded the state: the only
/// `storeOutput` was removed, while `!dx.viewIdState` still says output 0 depends on inputs
/// 0 to 2 (`dxil asm` writes the state of the code instead: `dxil-cli/tests/it/asm.rs`).
const STALE: &[&str] = &[
    "validation/val-SampleCmpBiasGrad-shader-model-ps67.ll",
    "validation/val-SampleCmpBiasGrad-shader-model-vs67.ll",
    "validation/val-SampleCmpBiasGrad-shader-model-vs68.ll",
    "validation/val-SampleCmpBiasGrad.ll",
];

#[dxil_test_data::needs(shared = "corpus/dxc")]
#[test]
fn dxc_text_files_that_record_the_state() {
    let Some(dir) = shared::shared_path("corpus/dxc") else {
        return;
    };
    let (mut seen, mut stale) = (0, 0);
    let mut bad = Vec::new();
    for f in common::files(&dir, "ll") {
        let src = std::fs::read(&f).expect("readable");
        let r = text::parse_lenient(&src);
        let Some(words) = viewid::recorded_words(&r.module) else {
            continue;
        };
        seen += 1;
        let is_stale = STALE.iter().any(|s| f.ends_with(s));
        stale += usize::from(is_stale);
        match viewid::compute(&r.module) {
            Ok(state) if (state.to_words() == words) != is_stale => {}
            Ok(state) => bad.push(format!(
                "{}: {:?}, recorded {:?}",
                f.display(),
                state.to_words(),
                words
            )),
            Err(e) => bad.push(format!("{}: {e}", f.display())),
        }
    }
    eprintln!(
        "{} of {seen} recorded states computed equal; {stale} differ, as named (stale records)",
        seen - bad.len() - stale
    );
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    assert_eq!(stale, STALE.len());
}

/// A signature element: name, component type (9 float, 5 u32), rows, columns, start row,
/// start column, output stream.
type El = (&'static str, u8, u32, u8, i32, u8, u32);

/// The declarations the shaders below use.
const DECLS: &str = "
declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32)
declare i32 @dx.op.loadInput.i32(i32, i32, i32, i8, i32)
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float)
declare i32 @dx.op.viewID.i32(i32)
declare float @dx.op.loadOutputControlPoint.f32(i32, i32, i32, i8, i32)
declare void @dx.op.storePatchConstant.f32(i32, i32, i32, i8, float)
declare float @dx.op.loadPatchConstant.f32(i32, i32, i32, i8)
declare void @dx.op.emitStream(i32, i8)
";

/// The metadata list of signature elements `els`, numbered from `at`; the text and the node.
fn sig_md(els: &[El], at: &mut u32, text: &mut String) -> String {
    if els.is_empty() {
        return "null".into();
    }
    let mut refs = Vec::new();
    for (id, &(name, comp, rows, cols, start_row, start_col, stream)) in els.iter().enumerate() {
        let n = *at;
        *at += 2;
        let idx: Vec<String> = (0..rows).map(|r| format!("i32 {r}")).collect();
        text.push_str(&format!("!{} = !{{{}}}\n", n + 1, idx.join(", ")));
        let extra = if stream > 0 {
            let e = *at;
            *at += 1;
            text.push_str(&format!("!{e} = !{{i32 0, i32 {stream}}}\n"));
            format!("!{e}")
        } else {
            "null".into()
        };
        text.push_str(&format!(
            "!{n} = !{{i32 {id}, !\"{name}\", i8 {comp}, i8 0, !{}, i8 2, i32 {rows}, i8 {cols}, \
             i32 {start_row}, i8 {start_col}, {extra}}}\n",
            n + 1
        ));
        refs.push(format!("!{n}"));
    }
    let list = *at;
    *at += 1;
    text.push_str(&format!("!{list} = !{{{}}}\n", refs.join(", ")));
    format!("!{list}")
}

/// The view-ID state of a shader of kind `sm` (`ps`, `gs`, ...) whose code is `code`, with
/// these signatures and entry properties (`props`: more tag/value pairs).
fn state(sm: &str, code: &str, sigs: [&[El]; 3], view_id: bool, props: &str) -> ViewIdState {
    let mut md = String::new();
    let mut at = 10;
    let [i, o, p] = sigs.map(|s| sig_md(s, &mut at, &mut md));
    let flags = if view_id { 1u64 << 21 } else { 0 };
    let src = format!(
        "{code}\n{DECLS}\n!dx.version = !{{!0}}\n!dx.shaderModel = !{{!1}}\n\
         !dx.entryPoints = !{{!2}}\n!0 = !{{i32 1, i32 1}}\n!1 = !{{!\"{sm}\", i32 6, i32 1}}\n\
         !2 = !{{void ()* @main, !\"main\", !3, null, !4}}\n!3 = !{{{i}, {o}, {p}}}\n\
         !4 = !{{i32 0, i64 {flags}{props}}}\n{md}"
    );
    let m = text::parse(src.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{src}"));
    let state = viewid::compute(&m).expect("a state");
    assert_eq!(
        ViewIdState::from_words(state.stage, state.uses_view_id, &state.to_words()).as_ref(),
        Some(&state)
    );
    state
}

/// The inputs each output depends on, output by output (as DXC prints them).
fn by_output(table: &[u128], outputs: u32) -> Vec<Vec<u32>> {
    (0..outputs)
        .map(|o| {
            (0..table.len() as u32)
                .filter(|&i| table[i as usize] >> o & 1 != 0)
                .collect()
        })
        .collect()
}

const A4: El = ("A", 9, 1, 4, 0, 0, 0);
const B4: El = ("B", 5, 1, 4, 1, 0, 0);
const TARGET: El = ("SV_Target", 9, 1, 4, 0, 0, 0);

/// The inputs of `a` (A, four floats at row 0) and `b` (B, four uints at row 1).
const LOADS: &str = "
  %ax = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  %ay = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 undef)
  %az = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 2, i32 undef)
  %aw = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 3, i32 undef)
  %bx = call i32 @dx.op.loadInput.i32(i32 4, i32 1, i32 0, i8 0, i32 undef)
  %by = call i32 @dx.op.loadInput.i32(i32 4, i32 1, i32 0, i8 1, i32 undef)
  %bz = call i32 @dx.op.loadInput.i32(i32 4, i32 1, i32 0, i8 2, i32 undef)
  %bw = call i32 @dx.op.loadInput.i32(i32 4, i32 1, i32 0, i8 3, i32 undef)
  %v = call i32 @dx.op.viewID.i32(i32 138)
  %vf = uitofp i32 %v to float
  %byf = uitofp i32 %by to float
";

/// Stores `x` to output 0's column 0 and A's y, z, w to columns 1 to 3.
const STORES: &str = "
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %x)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float %ay)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float %az)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float %aw)
  ret void
";

#[test]
fn a_loop_bound_counts_through_control_dependence() {
    // x = a.x + viewid + b.y; for (i = b.z; i < b.w; i++) x += a.y;
    let code = format!(
        "define void @main() {{\nentry:{LOADS}
  %s0 = fadd float %ax, %vf
  %s1 = fadd float %s0, %byf
  %c = icmp slt i32 %bz, %bw
  br i1 %c, label %loop, label %exit
loop:
  %i = phi i32 [ %bz, %entry ], [ %inext, %loop ]
  %acc = phi float [ %s1, %entry ], [ %accn, %loop ]
  %accn = fadd float %acc, %ay
  %inext = add i32 %i, 1
  %c2 = icmp slt i32 %inext, %bw
  br i1 %c2, label %loop, label %exit
exit:
  %x = phi float [ %s1, %entry ], [ %accn, %loop ]{STORES}}}"
    );
    let s = state("ps", &code, [&[A4, B4], &[TARGET], &[]], true, "");
    assert_eq!((s.input_scalars, s.output_scalars[0]), (8, 4));
    assert_eq!(s.view_id_outputs[0], 0b0001);
    let deps = by_output(&s.inputs_to_outputs[0], 4);
    assert_eq!(deps, [vec![0, 1, 5, 6, 7], vec![1], vec![2], vec![3]]);
}

#[test]
fn a_constant_of_a_phi_counts_the_branch_that_chose_it() {
    // x = a.x + viewid + b[0].y; if (b[1].w > 3) x = 0;
    let b2: El = ("B", 5, 2, 4, 1, 0, 0);
    let code = "define void @main() {\nentry:".to_string()
        + LOADS
        + "  %bw1 = call i32 @dx.op.loadInput.i32(i32 4, i32 1, i32 1, i8 3, i32 undef)
  %s0 = fadd float %ax, %vf
  %s1 = fadd float %s0, %byf
  %c = icmp ugt i32 %bw1, 3
  br i1 %c, label %then, label %exit
then:
  br label %exit
exit:
  %x = phi float [ 0.000000e+00, %then ], [ %s1, %entry ]"
        + STORES
        + "}";
    let s = state("ps", &code, [&[A4, b2], &[TARGET], &[]], true, "");
    assert_eq!(s.input_scalars, 12);
    assert_eq!(s.view_id_outputs[0], 0b0001);
    let deps = by_output(&s.inputs_to_outputs[0], 4);
    assert_eq!(deps, [vec![0, 5, 11], vec![1], vec![2], vec![3]]);
}

#[test]
fn a_load_reads_every_store_to_its_declaration() {
    // float arr[2] = { a.x, a.y }; x = arr[b.x]; another array's stores do not count
    let code = format!(
        "define void @main() {{\nentry:{LOADS}
  %arr = alloca [2 x float], align 4
  %other = alloca [2 x float], align 4
  %p0 = getelementptr inbounds [2 x float], [2 x float]* %arr, i32 0, i32 0
  store float %ax, float* %p0, align 4
  %p1 = getelementptr inbounds [2 x float], [2 x float]* %arr, i32 0, i32 1
  store float %ay, float* %p1, align 4
  %q0 = getelementptr inbounds [2 x float], [2 x float]* %other, i32 0, i32 0
  store float %az, float* %q0, align 4
  %p = getelementptr inbounds [2 x float], [2 x float]* %arr, i32 0, i32 %bx
  %x = load float, float* %p, align 4{STORES}}}"
    );
    let s = state("ps", &code, [&[A4, B4], &[TARGET], &[]], false, "");
    assert_eq!(s.view_id_outputs[0], 0);
    let deps = by_output(&s.inputs_to_outputs[0], 4);
    assert_eq!(deps, [vec![0, 1, 4], vec![1], vec![2], vec![3]]);
    // the masks are kept only when the shader uses the view ID
    assert_eq!(s.to_words().len(), 1 + 1 + 8);
}

#[test]
fn a_store_to_a_dynamic_row_counts_for_every_row_but_not_its_index() {
    let two_rows: El = ("T", 9, 2, 1, 0, 0, 0);
    let code = "define void @main() {
  %ax = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  %bx = call i32 @dx.op.loadInput.i32(i32 4, i32 1, i32 0, i8 0, i32 undef)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 %bx, i8 0, float %ax)
  ret void
}";
    let s = state("vs", code, [&[A4, B4], &[two_rows], &[]], false, "");
    assert_eq!(s.output_scalars[0], 5);
    let deps = by_output(&s.inputs_to_outputs[0], 5);
    // the row index is no contribution: only the value stored and the store's control
    assert_eq!(deps, [vec![0], vec![], vec![], vec![], vec![0]]);
}

#[test]
fn geometry_shader_streams_have_their_own_tables() {
    let out0: El = ("P", 9, 1, 2, 0, 0, 0);
    let out1: El = ("Q", 9, 1, 1, 0, 2, 1);
    let code = "define void @main() {
  %a = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 0)
  %b = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 2, i32 1)
  %v = call i32 @dx.op.viewID.i32(i32 138)
  %vf = uitofp i32 %v to float
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float %a)
  call void @dx.op.emitStream(i32 97, i8 0)
  %c = fadd float %b, %vf
  call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 0, float %c)
  call void @dx.op.emitStream(i32 97, i8 1)
  ret void
}";
    let s = state("gs", code, [&[A4], &[out0, out1], &[]], true, "");
    assert_eq!(s.output_scalars, [2, 3, 0, 0]);
    assert_eq!(s.view_id_outputs, [0, 0b100, 0, 0]);
    assert_eq!(by_output(&s.inputs_to_outputs[0], 2), [vec![], vec![1]]);
    assert_eq!(
        by_output(&s.inputs_to_outputs[1], 3),
        [vec![], vec![], vec![2]]
    );
    // four streams serialized: inputs, then per stream the count, and for the two with
    // outputs a mask word and 4 rows of one word
    assert_eq!(s.to_words().len(), 1 + 4 + 2 * (1 + 4));
}

#[test]
fn hull_patch_constants_inherit_what_control_points_read() {
    let cp: El = ("CP", 9, 1, 4, 0, 0, 0);
    let tess: El = ("F", 9, 1, 2, 0, 0, 0);
    let code = "define void @main() {
  %a = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 0)
  %v = call i32 @dx.op.viewID.i32(i32 138)
  %vf = uitofp i32 %v to float
  %s = fadd float %a, %vf
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float %s)
  ret void
}
define void @pc() {
  %o = call float @dx.op.loadOutputControlPoint.f32(i32 103, i32 0, i32 0, i8 3, i32 0)
  call void @dx.op.storePatchConstant.f32(i32 106, i32 0, i32 0, i8 0, float %o)
  %i = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 2, i32 1)
  call void @dx.op.storePatchConstant.f32(i32 106, i32 0, i32 0, i8 1, float %i)
  ret void
}";
    let props = ", i32 3, !5}\n!5 = !{void ()* @pc, i32 3, i32 3, i32 2, i32 3, i32 3, \
                 float 6.400000e+01";
    let s = state("hs", code, [&[A4], &[cp], &[tess]], true, props);
    assert_eq!(
        (s.input_scalars, s.output_scalars[0], s.pc_scalars),
        (4, 4, 2)
    );
    assert_eq!(by_output(&s.inputs_to_outputs[0], 4)[3], vec![1]);
    assert_eq!(s.view_id_outputs[0], 0b1000);
    // the first patch constant reads control-point output 3: input 1 and the view ID
    assert_eq!(by_output(&s.inputs_to_pc_outputs, 2), [vec![1], vec![2]]);
    assert_eq!(s.view_id_pc_outputs, 0b01);
}

#[test]
fn domain_shaders_have_a_patch_constant_table() {
    let pc: El = ("F", 9, 1, 2, 0, 0, 0);
    let code = "define void @main() {
  %a = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 2)
  %f = call float @dx.op.loadPatchConstant.f32(i32 104, i32 0, i32 0, i8 1)
  %s = fadd float %a, %f
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float %s)
  ret void
}";
    let s = state("ds", code, [&[A4], &[TARGET], &[pc]], false, "");
    assert_eq!(by_output(&s.inputs_to_outputs[0], 4)[2], vec![0]);
    assert_eq!(by_output(&s.pc_inputs_to_outputs, 4)[2], vec![1]);
}

#[test]
fn globals_through_constant_expressions_and_returns_of_calls() {
    // a global written through a constant getelementptr in a function the entry calls; the
    // entry reads it back, and what a called function returns counts (its arguments only
    // through the call's operands: DXC expects user functions inlined)
    let code = "@g = internal global [2 x float] undef, align 4
define void @main() {
  %ax = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  call void @put(float %ax)
  %ay = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 undef)
  %r = call float @twice(float %ay)
  %l = load float, float* getelementptr inbounds ([2 x float], [2 x float]* @g, i32 0, i32 1), align 4
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %l)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float %r)
  ret void
}
define void @put(float %x) {
  %az = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 2, i32 undef)
  %s = fadd float %x, %az
  store float %s, float* getelementptr inbounds ([2 x float], [2 x float]* @g, i32 0, i32 0), align 4
  ret void
}
define float @twice(float %x) {
  %d = fmul float %x, 2.000000e+00
  ret float %d
}";
    let s = state("ps", code, [&[A4], &[TARGET], &[]], false, "");
    let deps = by_output(&s.inputs_to_outputs[0], 4);
    assert_eq!(deps, [vec![2], vec![1], vec![], vec![]]);
}
