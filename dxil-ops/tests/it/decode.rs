//! The example `decode` over DXC's test corpus (`../shared/corpus/dxc`, skipped with a line on
//! stderr when the shared data is missing, unless `DXIL_REQUIRE_SHARED` is set): it finds every
//! `dx.op` call line of every `.ll` file, and every call decodes through the generated readers
//! (operands named, immediates decoded), except the calls of validator tests written wrong on
//! purpose, which decode to an error value with a clear message.

#![allow(clippy::panic, clippy::unwrap_used)] // a test fails by panicking

use crate::shared;

use crate::decode_example as decode;

/// Calls of validator tests written wrong on purpose: (file name, line, the start of the
/// message). `abs2_m.ll` (two copies) calls `dx.op.loadInput.i32` with the opcode of
/// MinPrecXRegStore; `invalid_barrier_1.ll` and `invalid_barrier_12.ll` pass memory-type flags
/// that are no `MemoryTypeFlag` (16 and 18), which the reader, decoding the immediate into its
/// flag type, refuses.
const WRONG_ON_PURPOSE: &[(&str, usize, &str)] = &[
    (
        "abs2_m.ll",
        54,
        "MinPrecXRegStore is an op of class MinPrecXRegStore; the function is of class LoadInput",
    ),
    (
        "invalid_barrier_1.ll",
        21,
        "operand `MemoryTypeFlags` of BarrierByMemoryType: 16 is not a value of MemoryTypeFlag",
    ),
    (
        "invalid_barrier_12.ll",
        22,
        "operand `MemoryTypeFlags` of BarrierByMemoryType: 18 is not a value of MemoryTypeFlag",
    ),
    (
        "abs2_m.ll",
        54,
        "MinPrecXRegStore is an op of class MinPrecXRegStore; the function is of class LoadInput",
    ),
];

/// The `.ll` files under `dir`.
fn ll_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            ll_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "ll") {
            out.push(p);
        }
    }
}

#[dxil_test_data::needs(shared = "corpus/dxc")]
#[test]
fn every_corpus_call_decodes() {
    let Some(corpus) = shared::shared_path("corpus/dxc") else {
        return;
    };
    let mut files = Vec::new();
    ll_files(&corpus, &mut files);
    assert!(files.len() >= 85, "{} files", files.len());
    let (mut calls, mut decoded) = (0, 0);
    let mut wrong = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let found = decode::calls(&text);
        // every call line is found: a line with `call` and `@dx.op.` outside a comment
        let lines = text
            .lines()
            .filter(|l| {
                let code = l.split(';').next().unwrap_or("");
                code.contains("call ") && (code.contains("@dx.op.") || code.contains("@\"dx.op."))
            })
            .count();
        assert_eq!(found.len(), lines, "{}", f.display());
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        for c in &found {
            calls += 1;
            match decode::describe(c) {
                Ok(line) => {
                    decoded += 1;
                    assert!(line.contains(" {"), "{line}");
                }
                Err(e) => wrong.push((name.clone(), c.line, e)),
            }
        }
    }
    println!("{decoded}/{calls} calls of {} files decode", files.len());
    for (f, line, e) in &wrong {
        println!("  {f}:{line}: {e}");
    }
    assert_eq!(wrong.len(), WRONG_ON_PURPOSE.len(), "{wrong:#?}");
    for ((f, line, e), (wf, wl, we)) in wrong.iter().zip(WRONG_ON_PURPOSE) {
        assert_eq!((f.as_str(), *line), (*wf, *wl));
        assert!(e.starts_with(we), "{e}");
    }
    assert!(calls > 500);
}

#[test]
fn the_reader_splits_operands() {
    let text = "  %h = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 3, i32 0, i8 1 }, i32 0, i1 false) ; comment @dx.op.x\n\
                ; call float @dx.op.unary.f32(i32 13, float %x)\n\
                  call void @\"dx.op.bufferStore.f32\"(i32 69, %dx.types.Handle %h, i32 0, i32 undef, float 1.0, float 1.0, float 1.0, float 1.0, i8 15)\n\
                  %p = call float @dx.op.unary.f32(i32 13, float addrspace(3)* %g)\n";
    let found = decode::calls(text);
    assert_eq!(found.len(), 3);
    assert_eq!(found[0].line, 1);
    assert_eq!(found[0].operands[1].ty, "%dx.types.ResBind");
    assert_eq!(found[0].operands[1].value, "{ i32 0, i32 3, i32 0, i8 1 }");
    assert_eq!(found[1].line, 3);
    assert_eq!(found[1].callee, "dx.op.bufferStore.f32");
    assert_eq!(found[2].operands[1].ty, "float addrspace(3)*");
    assert!(
        decode::describe(&found[0])
            .unwrap()
            .starts_with("CreateHandleFromBinding { bind: ")
    );
    let e = decode::describe(&found[2]).unwrap_err();
    assert!(e.starts_with("operand `value` of Sin is `float`"), "{e}");
}

/// A file without a `dx.op` call (empty, a text that is not LLVM IR, a module without calls)
/// is an error of the example (exit status 1), never an empty success; a file with calls gives
/// one line per call.
#[test]
fn a_file_without_calls_is_an_error() {
    for text in ["", "garbage\n", "define void @main() {\n  ret void\n}\n"] {
        let e = decode::run("f.ll", text).expect_err(text);
        assert!(e.starts_with("f.ll: no dx.op call found"), "{e}");
    }
    let lines = decode::run(
        "f.ll",
        "  %x = call float @dx.op.unary.f32(i32 13, float %v)\n",
    )
    .expect("one call");
    assert_eq!(lines, ["1: Sin { value: %v }"]);
}

/// Every op has a generated reader: a call of it with constant immediates reads into the
/// reader of that op (or, where 0 is not a value of an immediate's enumeration, into an error
/// naming the parameter), displayed with every parameter of the op, named as the database names
/// it; one operand short is an error value.
#[test]
fn every_op_has_a_reader() {
    use dxil_ops::info::TypeKind;
    use dxil_ops::read::{AnyOp, OpReader as _, ReadCall, ReadError, ops};
    use dxil_ops::{OPS, Overloads, TypedValue};

    let (mut read, mut refused) = (0, 0);
    for info in OPS.iter().filter(|o| !o.reserved) {
        let op = dxil_ops::Op::from_opcode(info.opcode).unwrap();
        // a constant struct has one 0 per field of its type: `{ i32 0, i32 0 }`
        let structs: Vec<String> = info
            .signature
            .params
            .iter()
            .map(|p| match p.ty.kind {
                TypeKind::Struct { fields, .. } => {
                    let zeros: Vec<String> =
                        fields.iter().map(|f| format!("{} 0", f.name)).collect();
                    format!("{{ {} }}", zeros.join(", "))
                }
                _ => String::new(),
            })
            .collect();
        let operands: Vec<TypedValue<'_>> = info
            .signature
            .params
            .iter()
            .zip(&structs)
            .map(|(p, s)| match (p.immediate, p.ty.kind) {
                (true, TypeKind::Struct { .. }) => TypedValue::new("", s),
                (true, TypeKind::Llvm(ty)) => TypedValue::new(ty, "0"),
                (true, _) => TypedValue::new("i32", "0"),
                (false, _) => TypedValue::new("", "%v"),
            })
            .collect();
        let call = ReadCall {
            op: info,
            function: op.function_name(Overloads::NONE),
            operands: &operands,
        };
        match AnyOp::read(&call) {
            Ok(r) => {
                read += 1;
                let text = r.to_string();
                assert!(text.starts_with(&format!("{} {{", info.name)), "{text}");
                for p in info.signature.params {
                    assert!(text.contains(&format!("{}: ", p.name)), "{text}");
                }
            }
            Err(ReadError::Value { op, param, .. }) => {
                refused += 1;
                assert_eq!(op, info.name);
                let p = info.signature.params.iter().find(|p| p.name == param);
                assert!(p.is_some_and(|p| p.enumeration.is_some()), "{op} {param}");
            }
            Err(e) => panic!("{}: {e}", info.name),
        }
        if let Some((_, short)) = operands.split_last() {
            let call = ReadCall {
                operands: short,
                ..call
            };
            assert!(
                matches!(AnyOp::read(&call), Err(ReadError::OperandCount { .. })),
                "{}",
                info.name
            );
        }
    }
    println!("{read} ops read, {refused} refused a 0 immediate");
    assert!(read > 250, "{read}");
    // a reader of another op refuses the call
    let operands = [TypedValue::new("float", "%x")];
    let call = ReadCall {
        op: dxil_ops::Op::Sin.info(),
        function: dxil_ops::Op::Sin.function_name(Overloads::NONE),
        operands: &operands,
    };
    assert!(ops::Cos::read(&call).is_err());
    assert_eq!(ops::Sin::read(&call).unwrap().value.value, "%x");
}
