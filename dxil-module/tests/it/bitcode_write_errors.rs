//! Models the bitcode writer refuses, one per kind of mistake, each with an error that names
//! the function and the instruction: a call of a function the module does not declare, a
//! result used before it is defined, a type LLVM 3.7 cannot express, a part of an item outside
//! its pool. (Metadata too large for
//! a record is tested in the writer's own unit tests: a model of 2^32 operands does not fit
//! in a test's memory.)

#![allow(clippy::panic)]

use dxil_module::bitcode::{self, Place, WriteErrorKind};
use dxil_module::model::{FuncId, InstKind, MdItem, Module, Run, Value};
use dxil_module::text;

const SHADER: &str = r#"
define void @main() {
entry:
  %a = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  %b = fadd float %a, 1.0
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %b)
  ret void
}

declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32)
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float)
"#;

fn shader() -> Module {
    let m = text::parse(SHADER.as_bytes()).expect("the shader reads");
    bitcode::write(&m).expect("the shader writes");
    m
}

/// The place of the error: the function's name and the instruction's position and opcode.
fn at(e: &bitcode::WriteError) -> (String, u32, &'static str) {
    match e.place() {
        Place::Instruction {
            name,
            position,
            opcode,
            ..
        } => (name.clone().unwrap_or_default(), *position, *opcode),
        p => panic!("not at an instruction: {p}"),
    }
}

#[test]
fn a_call_of_an_undeclared_function_is_refused() {
    let mut m = shader();
    let body = m.functions[0].body.as_mut().expect("main has a body");
    let InstKind::Call(call) = &mut body.insts[2].kind else {
        panic!("the third instruction is a call")
    };
    call.callee = Value::Function(FuncId(9));
    let e = bitcode::write(&m).expect_err("refused");
    assert_eq!(at(&e), ("main".into(), 2, "call"));
    assert!(matches!(
        e.kind(),
        WriteErrorKind::UndeclaredFunction { id: 9, count: 3 }
    ));
    assert_eq!(
        e.to_string(),
        "function @main, instruction 2 (call, line 6): call of function #9, which the module \
         does not declare (it has 3)"
    );
}

#[test]
fn a_result_used_before_its_definition_is_refused() {
    let mut m = shader();
    let body = m.functions[0].body.as_mut().expect("main has a body");
    // the fadd before the call whose result it adds to: the two swap places, and the
    // references to them follow
    body.insts.swap(0, 1);
    body.remap_operands(
        |v| {
            if let Value::Inst(i) = v
                && i.0 < 2
            {
                i.0 = 1 - i.0;
            }
        },
        |_| {},
    );
    let e = bitcode::write(&m).expect_err("refused");
    assert_eq!(at(&e), ("main".into(), 0, "fadd"));
    assert_eq!(
        e.kind(),
        &WriteErrorKind::UseBeforeDefinition { defined_at: 1 }
    );
    assert!(
        e.to_string().starts_with(
            "function @main, instruction 0 (fadd, line 5): uses the result of instruction 1"
        ),
        "{e}"
    );
}

#[test]
fn a_type_llvm_3_7_cannot_express_is_refused() {
    let mut m = shader();
    // an integer of 2^24 bits (LLVM 3.7's are at most 2^23 - 1) as the fadd's result
    let wide = m.types.int(1 << 24);
    m.functions[0].body.as_mut().expect("main has a body").insts[1].ty = wide;
    let e = bitcode::write(&m).expect_err("refused");
    assert_eq!(at(&e), ("main".into(), 1, "fadd"));
    assert!(matches!(e.kind(), WriteErrorKind::BadType(_)));
    assert!(
        e.to_string()
            .contains("i16777216: LLVM 3.7 integers have 1 to"),
        "{e}"
    );
}

#[test]
fn metadata_whose_operands_are_outside_their_pool_is_refused() {
    let mut m = shader();
    let node = m.metadata.push(MdItem::Node {
        distinct: false,
        operands: Run { start: 0, len: 3 },
    });
    let e = bitcode::write(&m).expect_err("refused");
    assert_eq!(e.place(), &Place::Metadata(node.0));
    assert_eq!(
        e.to_string(),
        format!(
            "metadata !{}: an item whose operands are not within their pool",
            node.0
        )
    );
}
