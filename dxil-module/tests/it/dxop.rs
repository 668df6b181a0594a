//! The adapter from the module model to `dxil_ops`' readers and constraint checks: operand
//! types as LLVM writes them, constants as LLVM writes them, struct fields, the values the
//! constraints see (undefined locals unknown, not `undef`), texts for messages, and calls read
//! into `AnyOp`.

use std::cell::OnceCell;

use dxil_module::dxop::{CallOperands, DxOpCalls};
use dxil_module::text;
use dxil_ops::call::Value as _;
use dxil_ops::constant::StructConstant;
use dxil_ops::constraint::{At, Operands, Value};
use dxil_ops::read::AnyOp;

use crate::corpus;

const SRC: &str = r#"%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }

define void @main(float %x, <4 x float> %v, i32 %k) {
  %h = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 -1, i32 2, i8 -1 }, i32 0, i1 true)
  %w = call float @dx.op.waveActiveOp.f32(i32 119, float %x, i8 0, i8 1)
  %s = call float @dx.op.binary.f32(i32 35, float 1.500000e+00, float undef)
  %z = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind zeroinitializer, i32 %k, i1 false)
  %u = call float @dx.op.unary.f32(i32 13, float %nothing)
  ret void
}

declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1)
declare float @dx.op.waveActiveOp.f32(i32, float, i8, i8)
declare float @dx.op.binary.f32(i32, float, float)
declare float @dx.op.unary.f32(i32, float)
"#;

#[test]
fn operands_are_seen_as_llvm_writes_them() {
    let lenient = text::parse_lenient(SRC.as_bytes());
    let calls = DxOpCalls::new(&lenient.module).with_undefined(&lenient.undefined);
    let all: Vec<_> = calls.iter().collect();
    assert_eq!(all.len(), 5);
    let names: Vec<&str> = all.iter().map(|c| c.name).collect();
    assert_eq!(names[1], "dx.op.waveActiveOp.f32");
    let lines: Vec<u32> = all.iter().map(|c| c.line).collect();
    assert_eq!(lines, [5, 6, 7, 8, 9]);
    assert_eq!(calls.declarations().count(), 4);

    // types, integers (i1 true is 1, i8 -1 stays -1), struct fields with their types
    let bind = &all[0];
    assert_eq!(bind.result_text(), "%dx.types.Handle");
    let ops: Vec<_> = bind.operands().collect();
    assert_eq!(ops[1].llvm_type(), Some("%dx.types.ResBind"));
    assert_eq!(ops[3].int_constant(), Some(1));
    assert_eq!(
        ops[1].struct_constant(),
        Some(StructConstant::new(&[
            ("i32", 0),
            ("i32", -1),
            ("i32", 2),
            ("i8", -1)
        ]))
    );
    let zero: Vec<_> = all[3].operands().collect();
    assert_eq!(zero[1].struct_constant(), Some(StructConstant::ZERO));
    assert_eq!(zero[1].constraint_value(), Value::Zero);
    assert_eq!(zero[2].constraint_value(), Value::Unknown);
    assert_eq!(zero[2].text(), "%k");

    // floats, undef, and an undefined local (unknown, not undef)
    let binary: Vec<_> = all[2].operands().collect();
    assert_eq!(binary[1].constraint_value(), Value::Float(1.5));
    assert_eq!(binary[2].constraint_value(), Value::Undef);
    let unary: Vec<_> = all[4].operands().collect();
    assert_eq!(unary[1].undefined, Some("%nothing"));
    assert_eq!(unary[1].text(), "%nothing");
    assert_eq!(unary[1].constraint_value(), Value::Unknown);

    // the constraint view of a call: values, widths, texts, vectors
    let texts: Vec<OnceCell<String>> = (0..ops.len()).map(|_| OnceCell::new()).collect();
    let no_resource = |_| None;
    let no_types = |_| false;
    let view = CallOperands::new(bind, &ops, &texts, &no_resource, &no_types);
    assert_eq!(
        view.value(At::Param(0)),
        // each field at its width, as LLVM reads it
        Value::Fields {
            fields: [0, 4294967295, 2, 255],
            len: 4
        }
    );
    assert_eq!(view.width(At::Param(2)), 1);
    assert_eq!(
        view.text(At::Param(0)),
        Some("{ i32 0, i32 -1, i32 2, i8 -1 }")
    );
    assert_eq!(view.text(At::Param(1)), Some("0"));
    assert_eq!(view.text(At::Result), None);
}

#[test]
fn calls_read_into_their_ops() {
    let m = text::parse_lenient(SRC.as_bytes()).module;
    let calls = DxOpCalls::new(&m);
    let mut buf = Vec::new();
    let read: Vec<String> = calls
        .iter()
        .map(|c| match c.read(&mut buf) {
            Ok(op) => op.to_string(),
            Err(e) => format!("error: {e}"),
        })
        .collect();
    assert_eq!(
        read[1], "WaveActiveOp { value: %x, op: Sum, sop: Unsigned }",
        "{read:?}"
    );
    assert!(read[0].starts_with("CreateHandleFromBinding"), "{read:?}");
    assert!(
        read[2].starts_with("FMax { a: 1.500000e+00, b: undef }"),
        "{read:?}"
    );
    let c = calls.iter().nth(1).expect("a call");
    assert!(matches!(c.read(&mut buf), Ok(AnyOp::WaveActiveOp(_))));
}

/// Every call's reading through the shapes `DxOpCalls` keeps, as `read_op` reads it alone.
fn assert_reads_as_read_op(m: &dxil_module::model::Module, what: &str) -> usize {
    let calls = DxOpCalls::new(m);
    let (mut buf, mut alone) = (Vec::new(), Vec::new());
    let mut n = 0;
    for c in calls.iter() {
        alone.clear();
        alone.extend(c.operands());
        let expected = format!("{:?}", dxil_ops::read::read_op(c.name, &alone));
        assert_eq!(
            format!("{:?}", c.read(&mut buf)),
            expected,
            "{what}:{}",
            c.line
        );
        n += 1;
    }
    n
}

#[test]
fn a_function_called_with_many_opcodes_and_types_reads_each_call_as_read_op() {
    // more opcodes than the shapes kept per function, an opcode of another class, no op's
    // opcode, a non-constant opcode, wrong operand types and counts
    let mut src = String::from("define void @main(float %x, i32 %k, double %d) {\n");
    for opcode in 6..40 {
        src += &format!("  %u{opcode} = call float @dx.op.unary.f32(i32 {opcode}, float %x)\n");
    }
    src += "  %a = call float @dx.op.unary.f32(i32 99999, float %x)\n";
    src += "  %b = call float @dx.op.unary.f32(i32 %k, float %x)\n";
    src += "  %c = call float bitcast (float (i32, float)* @dx.op.unary.f32 to float (i32, double)*)(i32 13, double %d)\n";
    src += "  %e = call float bitcast (float (i32, float)* @dx.op.unary.f32 to float (i32)*)(i32 13)\n";
    src += "  %f = call float @dx.op.unary.f32(i32 13, float %x)\n  ret void\n}\n";
    src += "declare float @dx.op.unary.f32(i32, float)\n";
    let m = text::parse_lenient(src.as_bytes()).module;
    assert!(assert_reads_as_read_op(&m, "text") >= 35);

    // a function overloaded by a struct, whose shape borrows its name (made per call)
    let udt = r#"%struct.Payload = type { i32 }
@p = addrspace(3) global %struct.Payload zeroinitializer
define void @main() {
  call void @dx.op.dispatchMesh.struct.Payload(i32 173, i32 1, i32 1, i32 1, %struct.Payload addrspace(3)* @p)
  call void @dx.op.dispatchMesh.struct.Payload(i32 173, i32 2, i32 1, i32 1, %struct.Payload addrspace(3)* @p)
  ret void
}
declare void @dx.op.dispatchMesh.struct.Payload(i32, i32, i32, i32, %struct.Payload addrspace(3)*)
"#;
    let m = text::parse(udt.as_bytes()).expect("valid");
    assert_eq!(assert_reads_as_read_op(&m, "udt"), 2);
    let calls = DxOpCalls::new(&m);
    let mut buf = Vec::new();
    let read: Vec<String> = calls
        .iter()
        .map(|c| {
            c.read(&mut buf)
                .map(|op| op.to_string())
                .unwrap_or_default()
        })
        .collect();
    assert!(
        read[1].starts_with("DispatchMesh { threadGroupCountX: 2"),
        "{read:?}"
    );
}

#[test]
fn modules_read_on_one_thread_share_shapes_only_where_names_opcodes_and_types_agree() {
    // the shapes a thread keeps across modules: the same function, opcode and operand types
    // in another module read alike; another operand type, struct name or opcode does not
    // take the shape of the first
    let module = |params: &str, args: &str| {
        let src = format!(
            "%dx.types.Handle = type {{ i8* }}\n\
             define void @main(float %x, i32 %k, %dx.types.Handle %h) {{\n\
             \x20 %r = call float @dx.op.unary.f32({args})\n  ret void\n}}\n\
             declare float @dx.op.unary.f32({params})\n"
        );
        text::parse(src.as_bytes()).expect("valid")
    };
    let cases = [
        ("i32, float", "i32 13, float %x"),
        ("i32, float", "i32 13, float %x"),
        ("i32, i32", "i32 13, i32 %k"),
        ("i32, %dx.types.Handle", "i32 13, %dx.types.Handle %h"),
        ("i32, float", "i32 14, float %x"),
        ("i32, float", "i32 13, float %x"),
    ];
    let mut read = Vec::new();
    for (params, args) in cases {
        let m = module(params, args);
        assert_eq!(assert_reads_as_read_op(&m, args), 1);
        let calls = DxOpCalls::new(&m);
        let call = calls.iter().next().expect("one call");
        read.push(
            call.read(&mut Vec::new())
                .map(|op| op.to_string())
                .map_err(|e| e.to_string()),
        );
    }
    assert_eq!(read[0].as_deref(), Ok("Sin { value: %x }"));
    assert_eq!(read[1], read[0]);
    assert!(read[2].is_err() && read[3].is_err(), "{read:?}");
    assert_eq!(read[4].as_deref(), Ok("Tan { value: %x }"));
    assert_eq!(read[5], read[0]);
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[test]
fn every_corpus_call_reads_through_its_shape_as_read_op() {
    let Some(files) = corpus::corpus_files() else {
        return;
    };
    let mut n = 0;
    for f in &files {
        let bytes = std::fs::read(f).expect("read corpus file");
        let m = dxil_module::bitcode::decode(&bytes).expect("corpus container decodes");
        n += assert_reads_as_read_op(&m, &corpus::short(f));
    }
    println!(
        "{n} calls of {} containers read as read_op reads them",
        files.len()
    );
    assert!(n >= 6773, "{n}");
}
