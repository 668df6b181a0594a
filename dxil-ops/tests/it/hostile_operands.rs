//! Operands that LLVM would read as another value than the one checked, or not read at all:
//! constant structs of another shape than their type, integers that do not fit their type
//! (which `llvm-as` truncates without a word), values that are IR text rather than one token,
//! result names and metadata numbers no LLVM name can be. The builders and the writer refuse
//! them with an error value; the readers refuse them or read them as LLVM does. What the writer
//! accepts assembles with `llvm-as-14` (skipped without it, unless `DXIL_REQUIRE_LLVM_AS` is
//! set).

#![allow(clippy::panic, clippy::unwrap_used)] // a test fails by panicking

use crate::llvm_as;

use dxil_ops::call::{BuildError, DynCall, Operand, Raw, TypedValue, build_dynamic};
use dxil_ops::constant::{ConstantError, TextError};
use dxil_ops::ir::{self, IrError};
use dxil_ops::module::metadata;
use dxil_ops::read::{AnyOp, ReadError, read_op};
use dxil_ops::types::{TY_RES_BIND, TY_RES_PROPS};
use dxil_ops::{DxilVersion, Op, Overload, Overloads, ScalarType, ShaderKind, Target, build};

fn target() -> Target {
    Target::new(DxilVersion::new(1, 6)).with_stage(ShaderKind::Compute)
}

fn bind(fields: [i64; 4], len: u8) -> Operand<&'static str> {
    Operand::Struct {
        ty: &TY_RES_BIND,
        fields,
        len,
    }
}

fn int(ty: &'static str, value: i64) -> Operand<&'static str> {
    Operand::Int { ty, value }
}

/// A CreateHandleFromBinding call with this binding operand, built by `build_dynamic`.
fn from_binding(b: Operand<&'static str>) -> Result<String, BuildError<'static>> {
    let operands = Box::leak(Box::new([b, Operand::Value("0"), int("i1", 0)]));
    let call = build_dynamic(
        Op::CreateHandleFromBinding,
        &target(),
        Overloads::NONE,
        operands,
    )?;
    let mut text = String::new();
    ir::write_dynamic_call(&mut text, Some("h"), &call).unwrap();
    Ok(text)
}

/// A module around `body`, with `%x` a float and `%h` a handle for the calls in it.
fn module(decls: &str, body: &str) -> String {
    format!(
        "%dx.types.Handle = type {{ i8* }}\n%dx.types.ResBind = type {{ i32, i32, i32, i8 }}\n\
         %dx.types.ResourceProperties = type {{ i32, i32 }}\n{decls}\n\
         define void @main(float %x, %dx.types.Handle %hh, i32 %i) {{\n{body}  ret void\n}}\n"
    )
}

fn assembles(text: &str) {
    if let Some(r) = llvm_as::assemble(text) {
        r.unwrap_or_else(|e| panic!("llvm-as rejects\n{text}\n{e}"));
    }
}

const CREATE_DECL: &str =
    "declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1)";

/// Issue 21, item 1: a struct operand with another number of fields than its type is an error
/// of the builder and of the writer (which panicked on 5 fields and wrote IR that llvm-as
/// refuses on 0 and 2).
#[test]
fn struct_operands_have_their_types_field_count() {
    for len in [0u8, 2, 5, 200] {
        let e = from_binding(bind([0, 3, 0, 1], len)).unwrap_err();
        assert_eq!(
            e,
            BuildError::Constant {
                op: "CreateHandleFromBinding",
                param: "bind",
                error: ConstantError::FieldCount {
                    ty: "dx.types.ResBind",
                    expected: 4,
                    found: usize::from(len),
                },
            },
            "{len}"
        );
        assert!(
            e.to_string().ends_with(&format!(
                "the constant has {len} field(s); `%dx.types.ResBind` has 4"
            )),
            "{e}"
        );
        // a call put together by hand: the writer refuses it, writing nothing
        let good_operands = [bind([0, 3, 0, 1], 4), Operand::Value("0"), int("i1", 0)];
        let good = build_dynamic(
            Op::CreateHandleFromBinding,
            &target(),
            Overloads::NONE,
            &good_operands,
        )
        .unwrap();
        let operands = [bind([0, 3, 0, 1], len), Operand::Value("0"), int("i1", 0)];
        let call = DynCall {
            operands: &operands,
            ..good
        };
        let mut out = String::new();
        let e = ir::write_dynamic_call(&mut out, Some("h"), &call).unwrap_err();
        assert!(matches!(e, IrError::Constant { .. }), "{len}: {e:?}");
        assert!(out.is_empty(), "{out}");
    }
    let text = from_binding(bind([0, 3, 0, 1], 4)).unwrap();
    assert_eq!(
        text,
        "%h = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 3, i32 0, i8 1 }, i32 0, i1 0)"
    );
    assembles(&module(CREATE_DECL, &format!("  {text}\n")));
}

/// Issue 21, item 2: an integer that does not fit its type (which llvm-as truncates: `i8 1000`
/// is -24) is an error, for `Operand::Int`, for a constant struct's fields and for a value
/// that knows it is a constant.
#[test]
fn integers_fit_their_types() {
    let t = target();
    let f32_ = Overloads::one(Overload::Scalar(ScalarType::F32));
    let width =
        |bits: u32, value: i64, field: Option<u8>| ConstantError::Width { field, bits, value };
    // WaveActiveOp(value, op: i8, sop: i8)
    let e = build_dynamic(
        Op::WaveActiveOp,
        &t,
        f32_,
        &[Operand::Value("%x"), int("i8", 1000), int("i8", 0)],
    )
    .unwrap_err();
    assert!(
        matches!(e, BuildError::Constant { param: "op", error, .. } if error == width(8, 1000, None)),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "operand `op` of WaveActiveOp: the constant is 1000, which does not fit in 8 bit(s) (LLVM would truncate it)"
    );
    let e = build_dynamic(
        Op::WaveActiveOp,
        &t,
        f32_,
        &[
            Operand::Value(TypedValue::new("float", "%x")),
            Operand::Value(TypedValue::new("i8", "1000")),
            Operand::Value(TypedValue::new("i8", "0")),
        ],
    )
    .unwrap_err();
    assert!(
        matches!(e, BuildError::Constant { param: "op", .. }),
        "{e:?}"
    );
    // RawBufferLoad(srv, index, elementOffset, mask: i8, alignment: i32)
    let e = build_dynamic(
        Op::RawBufferLoad,
        &t,
        f32_,
        &[
            Operand::Value("%h"),
            Operand::Value("0"),
            Operand::Value("undef"),
            int("i8", 1),
            int("i32", 4_294_967_300),
        ],
    )
    .unwrap_err();
    assert!(
        matches!(e, BuildError::Constant { param: "alignment", error, .. } if error == width(32, 4_294_967_300, None)),
        "{e:?}"
    );
    // i1 2, and a ResBind field of 2^32
    let e = build_dynamic(
        Op::CreateHandleFromBinding,
        &t,
        Overloads::NONE,
        &[bind([0, 3, 0, 1], 4), Operand::Value("0"), int("i1", 2)],
    )
    .unwrap_err();
    assert!(
        matches!(e, BuildError::Constant { param: "nonUniformIndex", error, .. } if error == width(1, 2, None)),
        "{e:?}"
    );
    let e = from_binding(bind([0, 1 << 32, 0, 1], 4)).unwrap_err();
    assert!(
        matches!(e, BuildError::Constant { param: "bind", error, .. } if error == width(32, 1 << 32, Some(1))),
        "{e:?}"
    );
    // the edges fit: i1 -1 is true, u32::MAX an i32 of all ones, -128 and 255 an i8
    for (b, nu) in [
        ([0, 4_294_967_295, 0, 1], -1),
        ([0, -1, 0, 1], 1),
        ([0, 0, -2_147_483_648, 1], 0),
    ] {
        let operands = [bind(b, 4), Operand::Value("%i"), int("i1", nu)];
        let call =
            build_dynamic(Op::CreateHandleFromBinding, &t, Overloads::NONE, &operands).unwrap();
        let mut text = String::from("  ");
        ir::write_dynamic_call(&mut text, Some("h"), &call).unwrap();
        text.push('\n');
        assembles(&module(CREATE_DECL, &text));
    }
    // the writer refuses a call put together by hand with such a constant
    let good_operands = [bind([0, 3, 0, 1], 4), Operand::Value("0"), int("i1", 0)];
    let good = build_dynamic(
        Op::CreateHandleFromBinding,
        &t,
        Overloads::NONE,
        &good_operands,
    )
    .unwrap();
    for bad in [
        [bind([0, 3, 0, 256], 4), Operand::Value("0"), int("i1", 0)],
        [bind([0, 3, 0, 1], 4), Operand::Value("0"), int("i1", 2)],
        [bind([0, 3, 0, 1], 4), Operand::Value("0"), int("i8", 0)],
    ] {
        let call = DynCall {
            operands: &bad,
            ..good
        };
        let e = ir::write_dynamic_call(&mut String::new(), Some("h"), &call).unwrap_err();
        assert!(
            matches!(e, IrError::Constant { .. } | IrError::OperandType { .. }),
            "{e:?}"
        );
    }
}

/// Issue 21, item 3: a result name LLVM cannot read (empty, or with a NUL) and metadata numbers
/// that leave no room for the second node are errors.
#[test]
fn result_names_and_metadata_numbers_llvm_can_read() {
    let t = target();
    let sin = build::sin(&t, Overload::Scalar(ScalarType::F32), "%x").unwrap();
    for bad in ["", "a\0b", "\0"] {
        let mut out = String::new();
        let e = ir::write_call(&mut out, Some(bad), &sin).unwrap_err();
        assert_eq!(e, IrError::ResultName, "{bad:?}");
        assert!(out.is_empty());
    }
    let mut body = String::new();
    for (i, good) in ["a", "5", "a b", "\u{1}", "\\", "\"", "名前"]
        .iter()
        .enumerate()
    {
        body.push_str("  ");
        ir::write_call(&mut body, Some(good), &sin).unwrap();
        body.push('\n');
        let _ = i;
    }
    let decl = "declare float @dx.op.unary.f32(i32, float)";
    assembles(&module(decl, &body));
    let e = metadata(&t, u32::MAX).err();
    assert_eq!(e, Some(IrError::MetadataIndex(u32::MAX)));
    let last = metadata(&t, u32::MAX - 1).unwrap().to_string();
    assert!(
        last.contains("!4294967294 = ") && last.contains("!4294967295 = "),
        "{last}"
    );
    assembles(&last);
}

/// Issue 21, item 5: a value is one LLVM token of its parameter's type, or trusted raw text;
/// IR text given as a value (which wrote a second instruction) is refused.
#[test]
fn values_are_one_token_of_their_type() {
    let t = target();
    let f32_ = Overload::Scalar(ScalarType::F32);
    let evil = "%x)\n  call void @evil(i32 0";
    let call = build::sin(&t, f32_, evil).unwrap();
    let mut out = String::new();
    let e = ir::write_call(&mut out, Some("y"), &call).unwrap_err();
    assert_eq!(
        e,
        IrError::Text {
            op: "Sin",
            param: "value",
            error: TextError::NotOneToken
        }
    );
    assert!(out.is_empty(), "{out}");
    assert!(e.to_string().contains("not one LLVM token"), "{e}");
    // refused for a float parameter, and why
    for (value, why) in [
        ("1", TextError::Kind),
        ("true", TextError::Kind),
        ("null", TextError::Kind),
        ("@g", TextError::Kind),
        ("0.1", TextError::Inexact),
        ("1e3", TextError::NotOneToken),
        ("+1", TextError::NotOneToken),
        ("inf", TextError::NotOneToken),
        ("%", TextError::Name),
        ("%\"\"", TextError::Name),
        ("%\"a\\00b\"", TextError::Name),
        ("%\"a\nb\"", TextError::Name),
        ("%x y", TextError::NotOneToken),
        ("%\"a\" b", TextError::NotOneToken),
        ("%\"a", TextError::NotOneToken),
        ("%1a", TextError::NotOneToken),
        ("", TextError::NotOneToken),
        ("<float 1.0>", TextError::NotOneToken),
    ] {
        let call = build::sin(&t, f32_, value).unwrap();
        let e = ir::write_call(&mut String::new(), Some("y"), &call).unwrap_err();
        assert_eq!(
            e,
            IrError::Text {
                op: "Sin",
                param: "value",
                error: why
            },
            "{value:?}"
        );
    }
    // accepted, and llvm-as reads them
    let mut body = String::new();
    for (i, value) in [
        "%x",
        "%0",
        "%\"a b\"",
        "%\"q\\22\\5C\"",
        "1.0",
        "-2.5e+01",
        "+1.0",
        "1.",
        "0x3FF0000000000000",
        "0x3FB99999A0000000",
        "undef",
        "poison",
        "zeroinitializer",
    ]
    .iter()
    .enumerate()
    {
        let call = build::sin(&t, f32_, *value).unwrap();
        body.push_str("  ");
        ir::write_call(&mut body, Some(&format!("r{i}")), &call).unwrap();
        body.push('\n');
    }
    let decl = "declare float @dx.op.unary.f32(i32, float)";
    let text = module(decl, &body).replace(
        "i32 %i)",
        "i32 %i, float %0, float %\"a b\", float %\"q\\22\\5C\")",
    );
    assembles(&text);
    // integers, names and exact values by type
    let half = build::sin(&t, Overload::Scalar(ScalarType::F16), "0xH3C00").unwrap();
    ir::write_call(&mut String::new(), Some("h"), &half).unwrap();
    let half = build::sin(&t, Overload::Scalar(ScalarType::F16), "0.1").unwrap();
    assert!(ir::write_call(&mut String::new(), Some("h"), &half).is_err());
    let raw = build::sin(&t, f32_, Raw("%x)\n  call void @trusted(i32 0")).unwrap();
    let mut out = String::new();
    ir::write_call(&mut out, Some("y"), &raw).unwrap();
    assert!(out.contains("@trusted"), "{out}");
    // an integer value that does not fit its parameter's type
    let load = build::raw_buffer_load(&t, f32_, "%hh", "4294967296", "undef", 1, 4).unwrap();
    let e = ir::write_call(&mut String::new(), Some("l"), &load).unwrap_err();
    assert_eq!(
        e,
        IrError::Text {
            op: "RawBufferLoad",
            param: "index",
            error: TextError::Width { bits: 32 }
        }
    );
}

fn read<'a>(
    callee: &'a str,
    operands: &'a [(&'a str, &'a str)],
) -> Result<AnyOp<'static, TypedValue<'static>>, ReadError<'a>> {
    let values: Vec<TypedValue<'static>> = operands
        .iter()
        .map(|(t, v)| {
            TypedValue::new(
                Box::leak(t.to_string().into_boxed_str()),
                Box::leak(v.to_string().into_boxed_str()),
            )
        })
        .collect();
    read_op(callee, Box::leak(values.into_boxed_slice()))
}

/// Issue 21, item 7: an `i1` immediate that does not fit one bit (`2`, `-2`, `256`, which LLVM
/// reads as `false`) is refused; `-1` (all ones) is `true`, as LLVM reads it.
#[test]
fn i1_immediates_read_as_llvm_reads_them() {
    let call = |nu: &'static str| {
        read(
            "dx.op.createHandleFromBinding",
            Box::leak(Box::new([
                ("i32", "217"),
                ("%dx.types.ResBind", "{ i32 0, i32 3, i32 0, i8 1 }"),
                ("i32", "%i"),
                ("i1", nu),
            ])),
        )
    };
    for bad in ["2", "-2", "256"] {
        let e = call(bad).unwrap_err();
        assert!(
            matches!(
                e,
                ReadError::Constant {
                    param: "nonUniformIndex",
                    error: ConstantError::Width { bits: 1, .. },
                    ..
                }
            ),
            "{bad}: {e:?}"
        );
    }
    for (text, value) in [
        ("true", true),
        ("false", false),
        ("1", true),
        ("0", false),
        ("-1", true),
    ] {
        let Ok(AnyOp::CreateHandleFromBinding(c)) = call(text) else {
            panic!("{text}");
        };
        assert_eq!(c.non_uniform_index, value, "{text}");
    }
}

/// Issue 21, item 8: a constant struct has its type's fields (number and types) and each field
/// is read at its width.
#[test]
fn struct_constants_have_their_types_fields() {
    let call = |b: &'static str| {
        read(
            "dx.op.createHandleFromBinding",
            Box::leak(Box::new([
                ("i32", "217"),
                ("%dx.types.ResBind", b),
                ("i32", "%i"),
                ("i1", "false"),
            ])),
        )
    };
    for (b, error) in [
        (
            "{ i32 0, i32 3 }",
            ConstantError::FieldCount {
                ty: "dx.types.ResBind",
                expected: 4,
                found: 2,
            },
        ),
        (
            "{ i32 0, i32 3, i32 0, i8 1, i32 7 }",
            ConstantError::FieldCount {
                ty: "dx.types.ResBind",
                expected: 4,
                found: 5,
            },
        ),
        (
            "{ i64 0, i1 3, i999 0, i8 1 }",
            ConstantError::FieldType {
                field: 0,
                expected: "i32",
            },
        ),
        (
            "{ i32 0, i32 3, i32 0, i32 1 }",
            ConstantError::FieldType {
                field: 3,
                expected: "i8",
            },
        ),
        (
            "{ i32 0, i32 3, i32 0, i8 256 }",
            ConstantError::Width {
                field: Some(3),
                bits: 8,
                value: 256,
            },
        ),
    ] {
        let e = call(b).unwrap_err();
        assert_eq!(
            e,
            ReadError::Constant {
                op: "CreateHandleFromBinding",
                param: "bind",
                error
            },
            "{b}"
        );
    }
    let Ok(AnyOp::CreateHandleFromBinding(c)) = call("{ i32 0, i32 -1, i32 0, i8 -1 }") else {
        panic!()
    };
    assert_eq!(c.bind, [0, u32::MAX, 0, 255]);
    let Ok(AnyOp::CreateHandleFromBinding(c)) = call("zeroinitializer") else {
        panic!()
    };
    assert_eq!(c.bind, [0; 4]);
    let props = |p: &'static str| {
        read(
            "dx.op.annotateHandle",
            Box::leak(Box::new([
                ("i32", "216"),
                ("%dx.types.Handle", "%h"),
                ("%dx.types.ResourceProperties", p),
            ])),
        )
    };
    let e = props("{ i32 4106 }").unwrap_err();
    assert!(
        matches!(
            e,
            ReadError::Constant {
                error: ConstantError::FieldCount {
                    expected: 2,
                    found: 1,
                    ..
                },
                ..
            }
        ),
        "{e:?}"
    );
    let Ok(AnyOp::AnnotateHandle(a)) = props("{ i32 4106, i32 1033 }") else {
        panic!()
    };
    assert_eq!(a.props, [4106, 1033]);
    // the builders check a value's constant struct the same way
    let e = build_dynamic(
        Op::AnnotateHandle,
        &target(),
        Overloads::NONE,
        &[
            Operand::Value(TypedValue::new("%dx.types.Handle", "%h")),
            Operand::Value(TypedValue::new(
                "%dx.types.ResourceProperties",
                "{ i32 4106 }",
            )),
        ],
    )
    .unwrap_err();
    assert!(
        matches!(e, BuildError::Constant { param: "props", .. }),
        "{e:?}"
    );
    let props_operand: Operand<&str> = Operand::Struct {
        ty: &TY_RES_PROPS,
        fields: [4106, 1033, 0, 0],
        len: 2,
    };
    assert!(
        build_dynamic(
            Op::AnnotateHandle,
            &target(),
            Overloads::NONE,
            &[Operand::Value("%h"), props_operand]
        )
        .is_ok()
    );
}

/// Issue 21, item 9: the opcode operand is an `i32`, and integers are written as LLVM reads
/// them (`+1` is no integer).
#[test]
fn opcodes_are_i32_and_integers_llvm_literals() {
    for opcode in [
        ("i8", "13"),
        ("i64", "13"),
        ("i32", "+13"),
        ("i32", "4294967309"),
    ] {
        let e = read(
            "dx.op.unary.f32",
            Box::leak(Box::new([opcode, ("float", "%x")])),
        )
        .unwrap_err();
        assert_eq!(e, ReadError::NoOpcode, "{opcode:?}");
    }
    assert!(read("dx.op.unary.f32", &[("i32", "13"), ("float", "%x")]).is_ok());
    // an `i8 +1` immediate is no constant
    let e = read(
        "dx.op.waveActiveOp.f32",
        &[("i32", "119"), ("float", "%v"), ("i8", "+1"), ("i8", "1")],
    )
    .unwrap_err();
    assert_eq!(
        e,
        ReadError::NotConstant {
            op: "WaveActiveOp",
            param: "op"
        }
    );
    // `i8 -1` is 255, read at the width of the parameter
    let e = read(
        "dx.op.waveActiveOp.f32",
        &[("i32", "119"), ("float", "%v"), ("i8", "-1"), ("i8", "1")],
    )
    .unwrap_err();
    assert!(
        e.to_string().contains("255 is not a value of WaveOpKind"),
        "{e}"
    );
}
