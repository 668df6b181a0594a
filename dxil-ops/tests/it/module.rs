//! The module writer and the call writer: each function declared once, each struct defined
//! once, void calls never named, calls that are not their op's refused.

#![allow(clippy::panic, clippy::unwrap_used)] // a test fails by panicking

use crate::llvm_as;

use dxil_ops::call::Operand;
use dxil_ops::ir::{self, IrError};
use dxil_ops::module::{Module, metadata};
use dxil_ops::{Call, DxilVersion, Op, Overload, ScalarType, ShaderKind, Target};

fn target() -> Target {
    Target::new(DxilVersion::new(1, 6)).with_stage(ShaderKind::Compute)
}

#[test]
fn declarations_and_structs_once() {
    let t = target();
    let f32_ = Overload::Scalar(ScalarType::F32);
    let mut m = Module::new();
    let mut body = String::new();
    for (name, input) in [("a", "%x"), ("b", "%a")] {
        let call = dxil_ops::build::sin(&t, f32_, input).unwrap();
        m.write_call(&mut body, Some(name), &call).unwrap();
        body.push('\n');
    }
    let load = dxil_ops::build::buffer_load(&t, f32_, "%h", "0", "undef").unwrap();
    m.write_call(&mut body, Some("l"), &load).unwrap();
    let raw = dxil_ops::build::raw_buffer_load(&t, f32_, "%h", "0", "0", 1, 4).unwrap();
    m.write_call(&mut body, Some("r"), &raw).unwrap();
    let text = m.to_string();
    assert_eq!(text.matches("@dx.op.unary.f32(").count(), 1, "{text}");
    assert_eq!(
        text.matches("%dx.types.ResRet.f32 = type").count(),
        1,
        "{text}"
    );
    assert_eq!(text.matches("%dx.types.Handle = type").count(), 1, "{text}");
    assert_eq!(m.functions().len(), 3);
    assert!(m.declares("dx.op.rawBufferLoad.f32"));
    // memory attributes as groups, one per kind
    assert!(
        text.contains("attributes #0 = { nounwind readnone }"),
        "{text}"
    );
    assert!(
        text.contains("attributes #1 = { nounwind readonly }"),
        "{text}"
    );
    // declaring again changes nothing
    m.declare(&load.signature).unwrap();
    assert_eq!(m.to_string(), text);
}

#[test]
fn void_calls_are_never_named() {
    let t = target();
    let store = dxil_ops::build::buffer_store(
        &t,
        Overload::Scalar(ScalarType::F32),
        "%h",
        "0",
        "undef",
        "%v",
        "%v",
        "%v",
        "%v",
        "1",
    )
    .unwrap();
    assert!(store.signature.returns_void());
    let mut out = String::new();
    let e = ir::write_call(&mut out, Some("x"), &store).unwrap_err();
    assert_eq!(e, IrError::NamedVoid { op: "BufferStore" });
    assert_eq!(
        e.to_string(),
        "BufferStore returns void: its call has no result to name (give `None`)"
    );
    let mut m = Module::new();
    assert!(m.write_call(&mut out, Some("x"), &store).is_err());
    assert_eq!(m.functions().len(), 0, "a refused call declares nothing");
    m.write_call(&mut out, None, &store).unwrap();
    assert!(
        out.starts_with("call void @dx.op.bufferStore.f32(i32 69, "),
        "{out}"
    );
}

#[test]
fn hand_made_calls_are_checked() {
    let t = target();
    let good = dxil_ops::build::sin(&t, Overload::Scalar(ScalarType::F32), "%x").unwrap();
    let mut out = String::new();
    let mut bad = good;
    bad.operands[0] = Operand::Int {
        ty: "i32",
        value: 999,
    };
    assert_eq!(
        ir::write_call(&mut out, Some("y"), &bad),
        Err(IrError::Opcode {
            op: "Sin",
            expected: 13
        })
    );
    // one operand too many
    let extra: Call<'_, &str, 3> = Call {
        op: good.op,
        signature: good.signature,
        operands: [good.operands[0], good.operands[1], Operand::Value("%z")],
    };
    let e = ir::write_call(&mut out, Some("y"), &extra).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Sin takes 1 operand(s) after the opcode; the call has 2"
    );
    assert!(
        out.is_empty(),
        "nothing is written for a refused call: {out}"
    );
    // a result name LLVM must quote
    ir::write_call(&mut out, Some("a b"), &good).unwrap();
    assert_eq!(
        out,
        "%\"a b\" = call float @dx.op.unary.f32(i32 13, float %x)"
    );
    assert_eq!(Op::Sin.info().name, "Sin");
}

#[test]
fn version_metadata() {
    let text = metadata(&target(), 5).unwrap().to_string();
    assert_eq!(
        text,
        "!dx.version = !{!5}\n!dx.shaderModel = !{!6}\n!5 = !{i32 1, i32 6}\n!6 = !{!\"cs\", i32 6, i32 6}\n"
    );
    let lib = metadata(&Target::new(DxilVersion::new(1, 8)).library(), 0)
        .unwrap()
        .to_string();
    assert!(lib.ends_with("!1 = !{!\"lib\", i32 6, i32 8}\n"), "{lib}");
}

/// Issue 21, item 6: a module declares each of 20,000 distinct functions once, in the order of
/// first use, and finds each again. It scanned every declaration for each call (quadratic:
/// 20,000 distinct reportHit overloads took 6.1 s in a release build, 31 s here in a debug one);
/// it looks names up in a map now (0.7 s here). The bound below only catches a return to a
/// scan, ten times above the time of the map; the figures are `cargo bench -p dxil-ops --bench
/// module`'s.
#[test]
fn many_distinct_functions_are_declared_once_each() {
    use dxil_ops::{Precision, Signature, StructName};
    const N: usize = 20_000;
    let names: Vec<String> = (0..N).map(|i| format!("struct.Attributes{i}")).collect();
    fn sig(name: &str) -> Signature<'_> {
        let o = Overload::Udt(StructName::new(name), 0);
        Signature::new(Op::ReportHit.info().signature, o.into(), Precision::Native).unwrap()
    }
    let mut m = Module::new();
    let start = std::time::Instant::now();
    for _ in 0..2 {
        for n in &names {
            m.declare(&sig(n)).unwrap();
        }
    }
    let elapsed = start.elapsed();
    assert_eq!(m.functions().len(), N);
    assert!(
        m.functions()
            .zip(&names)
            .all(|(f, n)| f == format!("dx.op.reportHit.{n}"))
    );
    assert!(m.declares("dx.op.reportHit.struct.Attributes19999"));
    assert!(!m.declares("dx.op.reportHit.struct.Attributes20000"));
    println!("{N} distinct functions, declared twice: {elapsed:?}");
    assert!(
        elapsed < std::time::Duration::from_secs(10),
        "{elapsed:?}: declaring looks like a scan of the functions again"
    );
}

/// A struct name used both as a pointer to a user-defined struct (whose body the database does
/// not know: `type opaque`) and as an object with a known body (a LinAlg matrix) is defined
/// once, with its body, whichever comes first; it was defined twice, which llvm-as refuses
/// (found by the writer's fuzz test).
#[test]
fn a_struct_name_is_defined_once() {
    use dxil_ops::StructName;
    let name = StructName::new("dx.types.LinAlgMatrixC9M8N8U0S0");
    let lib = Target::new(DxilVersion::new(1, 6)).library();
    let callable = lib.with_stage(ShaderKind::Callable);
    let call_shader =
        dxil_ops::build::call_shader(&callable, Overload::Udt(name, 0), "0", "%p").unwrap();
    let for_lib =
        dxil_ops::build::create_handle_for_lib(&lib, Overload::Object(name), "%o").unwrap();
    for first_opaque in [true, false] {
        let mut m = Module::new();
        let mut body = String::new();
        let write_shader = |m: &mut Module, body: &mut String| {
            m.write_call(body, None, &call_shader).unwrap();
            body.push_str("\n  ");
        };
        let write_handle = |m: &mut Module, body: &mut String| {
            m.write_call(body, Some("h"), &for_lib).unwrap();
            body.push_str("\n  ");
        };
        if first_opaque {
            write_shader(&mut m, &mut body);
            write_handle(&mut m, &mut body);
        } else {
            write_handle(&mut m, &mut body);
            write_shader(&mut m, &mut body);
        }
        let types = m.types().to_string();
        assert_eq!(
            types
                .matches("%dx.types.LinAlgMatrixC9M8N8U0S0 = type")
                .count(),
            1,
            "{types}"
        );
        assert!(
            !types.contains("LinAlgMatrixC9M8N8U0S0 = type opaque"),
            "{types}"
        );
        let text = format!(
            "{types}define void @main(%dx.types.LinAlgMatrixC9M8N8U0S0* %p, %dx.types.LinAlgMatrixC9M8N8U0S0 %o) {{\n  {body}ret void\n}}\n{}",
            m.declarations()
        );
        if let Some(r) = llvm_as::assemble(&text) {
            r.unwrap_or_else(|e| panic!("{text}\n{e}"));
        }
    }
}
