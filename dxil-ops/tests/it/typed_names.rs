//! Overloads read as LLVM reads an overloaded function: from the types written for its result
//! and parameters, which the name must spell. A pointer to a user-defined struct is a type like
//! any other, its address space included (DXIL uses 0, 1, 2, 3 and 6: real DXC output passes a
//! groupshared payload as `%struct.Payload addrspace(3)*`); struct names with dots split where
//! the types say (`struct.Object.struct.Object`). What is written assembles with `llvm-as-14`
//! (skipped without it, unless `DXIL_REQUIRE_LLVM_AS` is set).

#![allow(clippy::panic, clippy::unwrap_used)] // a test fails by panicking

use crate::llvm_as;

use crate::struct_overloads;

use struct_overloads::{dotted_overloads, struct_overload_ops};

use dxil_ops::call::{InvalidOverload, Operand, TypedValue, build_inferred};
use dxil_ops::constraint::At;
use dxil_ops::ir::IrError;
use dxil_ops::module::Module;
use dxil_ops::read::{AnyOp, read_call, read_op};
use dxil_ops::{
    BuildError, DxilVersion, Op, Overload, Precision, ShaderKind, Signature, StructName, Target,
    build,
};

fn amplification() -> Target {
    Target::new(DxilVersion::new(1, 6)).with_stage(ShaderKind::Amplification)
}

/// The dispatchMesh call of real DXC output, with its groupshared payload.
const DXC_CALL: [(&str, &str); 5] = [
    ("i32", "173"),
    ("i32", "%14"),
    ("i32", "1"),
    ("i32", "1"),
    (
        "%struct.Payload addrspace(3)*",
        "nonnull @\"\\01?payload@@3UPayload@@A\"",
    ),
];

/// Issue 21, item 10: the reader reads DXC's dispatchMesh call (it refused it: "operand
/// `payload` of DispatchMesh is `%struct.Payload*`"), with the payload's address space in its
/// overload; a payload on the stack (address space 0) too.
#[test]
fn readers_take_a_pointers_address_space_from_its_type() {
    let operands = DXC_CALL.map(|(t, v)| TypedValue::new(t, v));
    let call = read_call("dx.op.dispatchMesh.struct.Payload", &operands).unwrap();
    assert_eq!(
        call.function.overloads.as_slice(),
        [Overload::Udt(StructName::new("struct.Payload"), 3)]
    );
    let sig = Signature::of(call.function, Precision::Native).unwrap();
    assert_eq!(
        sig.declaration().to_string(),
        "declare void @dx.op.dispatchMesh.struct.Payload(i32, i32, i32, i32, %struct.Payload addrspace(3)*)"
    );
    let AnyOp::DispatchMesh(d) = read_op("dx.op.dispatchMesh.struct.Payload", &operands).unwrap()
    else {
        panic!()
    };
    assert_eq!(d.payload.ty, "%struct.Payload addrspace(3)*");
    let mut stack = operands;
    stack[4] = TypedValue::new("%struct.S*", "nonnull %1");
    let call = read_call("dx.op.dispatchMesh.struct.S", &stack).unwrap();
    assert_eq!(
        call.function.overloads.as_slice(),
        [Overload::Udt(StructName::new("struct.S"), 0)]
    );
    // a type whose address space the database fixes (a node record is in 6) stays fixed
    let record_operands = [
        TypedValue::new("i32", "239"),
        TypedValue::new("%dx.types.NodeRecordHandle", "%h"),
        TypedValue::new("i32", "0"),
    ];
    let record = read_call("dx.op.getNodeRecordPtr.struct.R", &record_operands).unwrap();
    let sig = Signature::of(record.function, Precision::Native).unwrap();
    assert!(
        sig.ret().to_string().ends_with("addrspace(6)*"),
        "{}",
        sig.ret()
    );
}

/// Issue 21, item 10: builders infer and write the address space, a module declares it, and
/// declares a name once: the same name with another address space is refused.
#[test]
fn builders_and_declarations_write_the_address_space() {
    let t = amplification();
    let operands = [
        Operand::Value(TypedValue::new("i32", "%x")),
        Operand::Value(TypedValue::new("i32", "1")),
        Operand::Value(TypedValue::new("i32", "1")),
        Operand::Value(TypedValue::new("%struct.Payload addrspace(3)*", "@p")),
    ];
    let call = build_inferred(Op::DispatchMesh, &t, &operands).unwrap();
    let mut m = Module::new();
    let mut body = String::from("  ");
    m.write_dynamic_call(&mut body, None, &call).unwrap();
    body.push('\n');
    let text = format!(
        "{}@p = addrspace(3) global %struct.Payload zeroinitializer\n\
         define void @main(i32 %x) {{\n{body}  ret void\n}}\n{}",
        m.types(),
        m.declarations()
    );
    assert!(
        text.contains("(i32, i32, i32, i32, %struct.Payload addrspace(3)*) #0"),
        "{text}"
    );
    assert!(text.contains("%struct.Payload addrspace(3)* @p)"), "{text}");
    if let Some(r) = llvm_as::assemble(&text) {
        r.unwrap_or_else(|e| panic!("{text}\n{e}"));
    }
    // the typed builder, and the same name with the payload on the stack
    let name = StructName::new("struct.Payload");
    let stack = build::dispatch_mesh(&t, Overload::Udt(name, 0), "%x", "1", "1", "%s").unwrap();
    let mut out = String::new();
    let e = m.write_call(&mut out, None, &stack).unwrap_err();
    assert_eq!(e, IrError::Redeclared { op: "DispatchMesh" });
    assert!(out.is_empty(), "{out}");
    let shared = build::dispatch_mesh(&t, Overload::Udt(name, 3), "%x", "1", "1", "@p").unwrap();
    m.write_call(&mut out, None, &shared).unwrap();
    assert_eq!(m.functions().len(), 1);
    // an address space LLVM has not
    let e =
        build::dispatch_mesh(&t, Overload::Udt(name, 1 << 24), "%x", "1", "1", "@p").unwrap_err();
    assert!(
        matches!(
            e,
            BuildError::InvalidOverload {
                reason: InvalidOverload::AddressSpace(16_777_216),
                ..
            }
        ),
        "{e:?}"
    );
}

/// Issue 21, item 17: for every op with more than one struct overload, a function name with
/// dotted struct names reads back from its declaration's types (and from a call's operand
/// types) into the same overloads, where the name alone splits at the first dot that lets the
/// rest read (`struct`, `Object`, ...).
#[test]
fn struct_names_with_dots_split_where_the_types_say() {
    let ops = struct_overload_ops();
    let names: Vec<&str> = ops.iter().map(|o| o.name).collect();
    assert_eq!(
        names,
        [
            "LinAlgMatrixMultiplyAccumulate",
            "LinAlgCopyConvertMatrix",
            "LinAlgMatrixSetElement",
            "LinAlgMatrixMultiply",
            "LinAlgMatrixAccumulate"
        ]
    );
    for op in ops {
        for same in [true, false] {
            let overloads = dotted_overloads(op, same);
            let sig = Signature::new(op.signature, overloads, Precision::Native).unwrap();
            let name = sig.name().to_string();
            let declaration = sig.declaration().to_string();
            let params: Vec<String> = sig.params().map(|t| t.to_string()).collect();
            let ret = sig.ret().to_string();
            let types = |at| match at {
                At::Result => Some(ret.as_str()),
                At::Param(i) => params.get(usize::from(i)).map(String::as_str),
            };
            let read = dxil_ops::parse_function_name_lenient_typed(&name, &types).unwrap();
            assert_eq!(read.overloads, overloads, "{name}");
            let again = Signature::of(read, Precision::Native).unwrap();
            assert_eq!(again.declaration().to_string(), declaration);
            // a call: its operands' types (the result's overload from the name)
            let mut operands = vec![TypedValue::new("i32", "0")];
            operands[0].value = Box::leak(op.opcode.cast_signed().to_string().into_boxed_str());
            operands.extend(params.iter().map(|t| TypedValue::new(t, "%v")));
            let call = read_call(&name, &operands).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(call.function.overloads, overloads, "{name}");
        }
    }
    // the case: the name alone reads `struct` as a dimension
    let name = "dx.op.linAlgMatrixMultiplyAccumulate.struct.Object.struct.Object.struct.Object.struct.Object";
    let alone = dxil_ops::parse_function_name_lenient(name).unwrap();
    assert_eq!(alone.overloads.get(0).unwrap().to_string(), "struct");
}
