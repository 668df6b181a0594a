//! The lint reads the overloads of a `dx.op` function as LLVM does, from the types written for
//! it (through `dxil_ops::name::parse_as_typed`): a pointer to a user-defined struct is a type
//! like any other, its address space included, and struct names with dots split where the
//! types say.

use crate::struct_overloads;

use dxil_ops::rules::ValidationRule;
use dxil_ops::{Precision, Signature};
use struct_overloads::{dotted_overloads, struct_overload_ops};

/// The rules of a wrong function name or signature.
const NAME_RULES: [ValidationRule; 3] = [
    ValidationRule::InstrCallOload,
    ValidationRule::InstrOload,
    ValidationRule::InstrIllegalDxilOpFunction,
];

fn name_diagnostics(text: &str) -> Vec<String> {
    dxil_lint::lint(text)
        .diagnostics
        .iter()
        .filter(|d| NAME_RULES.contains(&d.rule))
        .map(|d| format!("{}: {}: {}", d.line, d.rule.code(), d.message))
        .collect()
}

/// Issue 21, item 10: real DXC output passes a groupshared payload (address space 3) to
/// dispatchMesh, and its declaration says so; a payload on the stack is in address space 0.
/// The lint accepts both, now because the overload carries the address space of the types
/// written (it used to compare user-defined struct pointers without their address spaces,
/// a way of its own, which also accepted a node record outside address space 6, which the
/// database fixes; that is reported now).
#[test]
fn pointers_in_address_spaces_are_types_like_any_other() {
    let module = |decl_space: &str, call_space: &str| {
        format!(
            "%struct.Payload = type {{ i32 }}\n\
             @p = addrspace(3) global %struct.Payload zeroinitializer\n\
             define void @main() {{\n\
             \x20 call void @dx.op.dispatchMesh.struct.Payload(i32 173, i32 1, i32 1, i32 1, %struct.Payload{call_space}* nonnull @p)\n\
             \x20 ret void\n}}\n\
             declare void @dx.op.dispatchMesh.struct.Payload(i32, i32, i32, i32, %struct.Payload{decl_space}*)\n\
             !dx.version = !{{!0}}\n!dx.shaderModel = !{{!1}}\n\
             !0 = !{{i32 1, i32 6}}\n!1 = !{{!\"as\", i32 6, i32 6}}\n"
        )
    };
    let dxc = module(" addrspace(3)", " addrspace(3)");
    assert_eq!(name_diagnostics(&dxc), Vec::<String>::new());
    assert_eq!(name_diagnostics(&module("", "")), Vec::<String>::new());
    // the type fixes the address space of a node record (6): another one is reported
    let record = |space: &str| {
        format!(
            "define void @main(%dx.types.NodeRecordHandle %h) {{\n\
             \x20 %r = call %struct.R{space}* @dx.op.getNodeRecordPtr.struct.R(i32 239, %dx.types.NodeRecordHandle %h, i32 0)\n\
             \x20 ret void\n}}\n\
             declare %struct.R{space}* @dx.op.getNodeRecordPtr.struct.R(i32, %dx.types.NodeRecordHandle, i32)\n\
             !dx.version = !{{!0}}\n!dx.shaderModel = !{{!1}}\n\
             !0 = !{{i32 1, i32 8}}\n!1 = !{{!\"lib\", i32 6, i32 8}}\n"
        )
    };
    assert_eq!(
        name_diagnostics(&record(" addrspace(6)")),
        Vec::<String>::new()
    );
    let wrong = name_diagnostics(&record(""));
    assert_eq!(wrong.len(), 2, "{wrong:?}");
    assert!(
        wrong
            .iter()
            .all(|d| d.contains("INSTR.CALLOLOAD") && d.contains("addrspace(6)*")),
        "{wrong:?}"
    );
}

/// Issue 21, item 17: every op whose overloads have more than one struct dimension, with struct
/// names that hold dots (LLVM's `struct.Object`, `class.matrix.float.4.4`, `struct.S.0`), is
/// declared and called without a diagnostic about its name or signature (the lint read
/// `dx.op.linAlgMatrixMultiplyAccumulate.struct.Object.struct.Object...` as the dimensions
/// `struct`, `Object`, `struct`, `Object.struct.Object.struct.Object`).
#[test]
fn struct_names_with_dots_split_where_the_types_say() {
    let ops = struct_overload_ops();
    assert_eq!(ops.len(), 5);
    for op in ops {
        for same in [true, false] {
            let overloads = dotted_overloads(op, same);
            let sig =
                Signature::new(op.signature, overloads, Precision::Native).expect("a signature");
            let operands: Vec<String> = sig.params().map(|t| format!("{t} undef")).collect();
            let text = format!(
                "define void @main() {{\n\
                 \x20 %r = call {} @{}(i32 {}, {})\n\
                 \x20 ret void\n}}\n{}\n\
                 !dx.version = !{{!0}}\n!dx.shaderModel = !{{!1}}\n\
                 !0 = !{{i32 1, i32 10}}\n!1 = !{{!\"cs\", i32 6, i32 10}}\n",
                sig.ret(),
                sig.name(),
                op.opcode.cast_signed(),
                operands.join(", "),
                sig.declaration()
            );
            assert_eq!(name_diagnostics(&text), Vec::<String>::new(), "{text}");
        }
    }
}
