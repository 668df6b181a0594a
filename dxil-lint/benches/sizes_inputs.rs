//! Modules with very many entry points, resources, handles, functions and metadata references,
//! for the test `sizes` and the benchmark `sizes`: each returns the text and the lines the
//! test expects diagnostics on.

#![allow(dead_code)] // the test and the benchmark use different parts

use std::fmt::Write;

/// How many of the thing each module has.
pub const N: usize = 100_000;

/// The line the next line pushed to `text` will have.
fn next_line(text: &str) -> usize {
    text.bytes().filter(|b| *b == b'\n').count() + 1
}

/// Writes the tuple `!{!a, !b, ...}` of references to `nodes`.
fn refs(text: &mut String, nodes: impl IntoIterator<Item = usize>) {
    text.push_str("!{");
    for (k, node) in nodes.into_iter().enumerate() {
        let _ = write!(text, "{}!{node}", if k == 0 { "" } else { ", " });
    }
    text.push('}');
}

/// Writes the nodes `!first` ... `!(first + n - 1)`, node `!(first + k)` holding `body(k)`.
fn numbered(text: &mut String, first: usize, n: usize, body: impl Fn(usize) -> String) {
    for k in 0..n {
        let _ = writeln!(text, "!{} = !{{{}}}", first + k, body(k));
    }
}

/// A library of `n` functions, each a vertex entry point with the same properties node; the
/// last calls Sample (not allowed in vertex shaders). Returns the text, the line of the call
/// and the line of the last `define`.
pub fn entry_points(n: usize) -> (String, usize, usize) {
    let mut text = String::from(
        "%dx.types.Handle = type { i8* }\n%dx.types.ResRet.f32 = type { float, float, float, float, i32 }\n",
    );
    for k in 0..n - 1 {
        let _ = writeln!(text, "define void @f{k}() {{\n  ret void\n}}");
    }
    let last_define = next_line(&text);
    let _ = writeln!(
        text,
        "define void @f{}(%dx.types.Handle %t, %dx.types.Handle %s) {{",
        n - 1
    );
    let sample_line = next_line(&text);
    text.push_str(
        "  %r = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle %t, %dx.types.Handle %s, float 0.000000e+00, float 0.000000e+00, float undef, float undef, i32 0, i32 0, i32 undef, float undef)\n  ret void\n}\n",
    );
    text.push_str("!dx.version = !{!0}\n!dx.shaderModel = !{!1}\n!dx.entryPoints = ");
    refs(&mut text, (0..n).map(|k| 10 + k));
    text.push_str("\n!0 = !{i32 1, i32 6}\n!1 = !{!\"lib\", i32 6, i32 6}\n!2 = !{i32 8, i32 1}\n");
    numbered(&mut text, 10, n, |k| {
        format!("void ()* @f{k}, !\"f{k}\", null, null, !2")
    });
    (text, sample_line, last_define)
}

/// The typed buffer store of four components through handle `h`.
fn store(h: &str) -> String {
    format!(
        "  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %{h}, i32 %i, i32 undef, float %x, float %x, float %x, float %x, i8 15)\n"
    )
}

/// A pixel shader of DXIL 1.5 that declares `n` SRV typed buffers and one UAV typed buffer,
/// makes a handle with `createHandle` of each of the last `calls` SRVs and of the UAV, and
/// stores through the last SRV handle (refused) and the UAV handle. Returns the text and the
/// lines of the two stores.
pub fn create_handles(n: usize, calls: usize) -> (String, usize, usize) {
    let mut text = String::from("define void @main(i32 %i, float %x) {\n");
    for k in n - calls..n {
        let _ = writeln!(
            text,
            "  %h{k} = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 {k}, i32 {k}, i1 false)"
        );
    }
    text.push_str(
        "  %u = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)\n",
    );
    let srv_store = next_line(&text);
    text.push_str(&store(&format!("h{}", n - 1)));
    let uav_store = next_line(&text);
    text.push_str(&store("u"));
    text.push_str("  ret void\n}\n");
    text.push_str(
        "!dx.version = !{!0}\n!dx.shaderModel = !{!1}\n!dx.resources = !{!2}\n!0 = !{i32 1, i32 5}\n!1 = !{!\"ps\", i32 6, i32 5}\n!2 = !{!3, !5, null, null}\n!3 = ",
    );
    refs(&mut text, (0..n).map(|k| 100 + k));
    text.push_str("\n!5 = !{!6}\n!6 = !{i32 0, %\"class.RWBuffer<float>\"* undef, !\"u\", i32 0, i32 0, i32 1, i32 10, i1 false, i1 false, i1 false, !7}\n!7 = !{i32 0, i32 9}\n");
    numbered(&mut text, 100, n, |k| {
        format!(
            "i32 {k}, %\"class.Buffer<float>\"* undef, !\"\", i32 0, i32 {k}, i32 1, i32 10, i32 0, !7"
        )
    });
    (text, srv_store, uav_store)
}

/// annotateHandle of a UAV structured buffer (`{ i32 4108, i32 4 }`) or of an SRV typed
/// buffer of `float`s (`{ i32 10, i32 1033 }`), named `name`.
fn annotate(name: &str, props: &str) -> String {
    format!(
        "  %{name} = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %b, %dx.types.ResourceProperties {{ {props} }})\n"
    )
}

/// A pixel shader of DXIL 1.6 whose first function makes `n` handles (UAV structured
/// buffers), followed by `n` functions that make one handle each; the last one stores through
/// its own handle (an SRV typed buffer: refused) and through a name the first function used
/// (unknown there: not checked). Returns the text and the line of the refused store.
pub fn handles_then_functions(n: usize) -> (String, usize) {
    const UAV: &str = "i32 4108, i32 4";
    const SRV: &str = "i32 10, i32 1033";
    let mut text = String::from("define void @main(%dx.types.Handle %b) {\n");
    for k in 0..n {
        text.push_str(&annotate(&format!("h{k}"), UAV));
    }
    text.push_str("  ret void\n}\n");
    for k in 0..n {
        let _ = writeln!(
            text,
            "define void @g{k}(%dx.types.Handle %b, i32 %i, float %x) {{"
        );
        text.push_str(&annotate("h", if k == n - 1 { SRV } else { UAV }));
    }
    let wrong = next_line(&text);
    text.push_str(&store("h"));
    text.push_str(&store("h0"));
    text.push_str("  ret void\n}\n");
    text.push_str("!dx.version = !{!0}\n!dx.shaderModel = !{!1}\n!0 = !{i32 1, i32 6}\n!1 = !{!\"ps\", i32 6, i32 6}\n");
    (text, wrong)
}

/// A pixel shader of DXIL 1.5 whose metadata names nodes `n` times: one entry node `n / 2`
/// times, `n / 2` entry nodes with one properties node of `width` pairs, `n` UAV records with
/// one node of `width` pairs of extra properties (component type `float` at its end), one
/// target type with a name of `width` letters `n` times. Two typed stores of one component
/// through the first and the last UAV are each reported. Returns the text and the lines of the
/// stores.
pub fn shared_nodes(n: usize, width: usize) -> (String, Vec<usize>) {
    let mut text = String::from("define void @main(i32 %i, float %x) {\n");
    text.push_str(
        "  %a = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)\n",
    );
    let _ = writeln!(
        text,
        "  %z = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 {}, i32 0, i1 false)",
        n - 1
    );
    let mut stores = Vec::new();
    for h in ["a", "z"] {
        stores.push(next_line(&text));
        let _ = writeln!(
            text,
            "  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %{h}, i32 %i, i32 undef, float %x, float undef, float undef, float undef, i8 1)"
        );
    }
    text.push_str("  ret void\n}\n");
    text.push_str("!dx.version = !{!0}\n!dx.shaderModel = !{!1}\n!dx.resources = !{!2}\n!0 = !{i32 1, i32 5}\n!1 = !{!\"ps\", i32 6, i32 5}\n!2 = !{null, !3, null, null}\n");
    // the entries
    text.push_str("!dx.entryPoints = ");
    refs(
        &mut text,
        (0..n).map(|k| if k % 2 == 0 { 20 } else { 1_000_000 + k }),
    );
    text.push_str("\n!20 = !{void (i32, float)* @main, !\"main\", null, null, !21}\n!21 = !{");
    for _ in 0..width {
        text.push_str("i32 100, i32 0, ");
    }
    text.push_str("i32 0, i32 0}\n");
    for k in (1..n).step_by(2) {
        let _ = writeln!(
            text,
            "!{} = !{{null, !\"\", null, null, !21}}",
            1_000_000 + k
        );
    }
    // the UAVs
    text.push_str("!3 = ");
    refs(&mut text, (0..n).map(|k| 2_000_000 + k));
    text.push_str("\n!7 = !{");
    for _ in 0..width {
        text.push_str("i32 1, i32 0, ");
    }
    text.push_str("i32 0, i32 9}\n");
    numbered(&mut text, 2_000_000, n, |k| {
        format!(
            "i32 {k}, %\"class.RWBuffer<float>\"* undef, !\"\", i32 0, i32 {k}, i32 1, i32 10, i1 false, i1 false, i1 false, !7"
        )
    });
    // the target type
    text.push_str("!dx.targetTypes = ");
    refs(&mut text, std::iter::repeat_n(30, n));
    let _ = writeln!(
        text,
        "\n!30 = !{{%dx.types.LinAlgMatrix{} undef, i32 0}}",
        "x".repeat(width)
    );
    (text, stores)
}

/// A library of `n` vertex entry points whose records name one signatures node of `width`
/// input elements, none with the packing location it needs. Returns the text and the line of
/// each element.
pub fn shared_signatures(n: usize, width: usize) -> (String, Vec<usize>) {
    let mut text = String::from("define void @main() {\n  ret void\n}\n");
    text.push_str("!dx.version = !{!0}\n!dx.shaderModel = !{!1}\n!dx.entryPoints = ");
    // the module's record, then the entries
    refs(
        &mut text,
        std::iter::once(2).chain(std::iter::repeat_n(3, n)),
    );
    text.push_str("\n!0 = !{i32 1, i32 6}\n!1 = !{!\"lib\", i32 6, i32 6}\n");
    text.push_str("!2 = !{null, !\"\", null, null, null}\n");
    text.push_str("!3 = !{void ()* @main, !\"main\", !4, null, !5}\n");
    text.push_str("!4 = !{!6, null, null}\n!5 = !{i32 8, i32 1}\n!6 = ");
    refs(&mut text, (0..width).map(|k| 1_000_000 + k));
    text.push('\n');
    let first = next_line(&text);
    let lines = (first..first + width).collect();
    for k in 0..width {
        let _ = writeln!(
            text,
            "!{} = !{{i32 {k}, !\"A\", i8 9, i8 0, !{}, i8 0, i32 1, i8 1, i32 -1, i8 -1, null}}",
            1_000_000 + k,
            2_000_000 + k
        );
    }
    numbered(&mut text, 2_000_000, width, |k| format!("i32 {k}"));
    (text, lines)
}
