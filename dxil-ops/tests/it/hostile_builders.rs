//! Builders refuse overloads that cannot be written as LLVM IR (vector widths outside
//! `1..=MAX_VECTOR_WIDTH`, empty struct names, struct names with quotes, backslashes or control
//! characters) with an error value, and what they accept assembles with `llvm-as-14`.
//!
//! The assembler is looked up as `$LLVM_AS` or `llvm-as-14`; when it cannot run, the assembling
//! part is skipped unless `DXIL_REQUIRE_LLVM_AS` is set.

use std::fmt::Display;

use dxil_ops::call::InvalidOverload;
use dxil_ops::{
    BuildError, Call, DxilVersion, MAX_VECTOR_WIDTH, Overload, ScalarType, ShaderKind, StructName,
    Target, build, ir,
};

use crate::llvm_as;

use llvm_as::assemble;

/// A module with the call in a function whose parameters are the call's value operands.
fn module<const N: usize>(call: &Call<'_, String, N>) -> String {
    let decl = call.declaration();
    let mut text = String::new();
    ir::write_struct_types(&mut text, &decl).expect("struct types");
    ir::write_declaration(&mut text, &decl).expect("declaration");
    let params: Vec<String> = call
        .operands
        .iter()
        .skip(1)
        .zip(call.signature.params())
        .filter_map(|(o, t)| o.value().map(|v| format!("{t} {v}")))
        .collect();
    text.push_str(&format!(
        "\ndefine void @test({}) {{\n  ",
        params.join(", ")
    ));
    let result = (call.signature.ret().to_string() != "void").then_some("r");
    ir::write_call(&mut text, result, call).expect("call");
    text.push_str("\n  ret void\n}\n");
    text
}

fn values<const N: usize>() -> [String; N] {
    std::array::from_fn(|i| format!("%v{i}"))
}

fn check_assembles<const N: usize>(call: &Call<'_, String, N>, what: &dyn Display) {
    let text = module(call);
    if let Some(r) = assemble(&text) {
        assert!(
            r.is_ok(),
            "{what}: the assembler rejects\n{text}\n{}",
            r.err().unwrap_or_default()
        );
    }
}

#[test]
fn vector_widths_outside_the_range_are_errors() {
    let target = Target::new(DxilVersion::new(1, 9)).with_stage(ShaderKind::Pixel);
    for width in [0, MAX_VECTOR_WIDTH + 1, 65535] {
        let [x] = values();
        let e = build::sin(&target, Overload::Vector(ScalarType::F32, width), x)
            .expect_err("a width outside the range");
        assert!(
            matches!(
                e,
                BuildError::InvalidOverload {
                    reason: InvalidOverload::VectorWidth(w),
                    ..
                } if w == width
            ),
            "{width}: {e:?}"
        );
        let text = e.to_string();
        assert!(
            text.contains(&format!("vector width {width}"))
                && text.contains(&format!("1 to {MAX_VECTOR_WIDTH}")),
            "{text}"
        );
    }
    for width in [1, 4, 17, MAX_VECTOR_WIDTH] {
        let [x] = values();
        let call = build::sin(&target, Overload::Vector(ScalarType::F32, width), x)
            .unwrap_or_else(|e| panic!("width {width}: {e}"));
        check_assembles(&call, &format_args!("width {width}"));
    }
}

/// Names that cannot be written, and why.
const BAD_NAMES: &[(&str, &str)] = &[
    ("", "empty"),
    ("a\"b", "`\"`"),
    ("a\\b", "`\\`"),
    ("a\nb", "U+000A"),
    ("a\0b", "U+0000"),
    ("\u{7f}", "U+007F"),
];

/// Names that need quotes (or not) and are written validly.
const GOOD_NAMES: &[&str] = &[
    "struct.Payload",
    "class.RWBuffer<vector<float, 4> >",
    "a b",
    "1starts.with.a.digit",
    "$-._",
    "名前",
    "x",
];

#[test]
fn struct_names_that_cannot_be_written_are_errors() {
    let lib = Target::new(DxilVersion::new(1, 6)).library();
    let callable = lib.with_stage(ShaderKind::Callable);
    for (name, why) in BAD_NAMES {
        let udt = Overload::Udt(StructName::new(name), 0);
        let [a, b] = values();
        let e = build::call_shader(&callable, udt, a, b).expect_err("a bad udt name");
        assert!(
            matches!(e, BuildError::InvalidOverload { .. }),
            "{name:?}: {e:?}"
        );
        let text = e.to_string();
        assert!(text.contains(why), "{name:?}: {text}");
        let object = Overload::Object(StructName::new(name));
        let [r] = values();
        let e = build::create_handle_for_lib(&lib, object, r).expect_err("a bad object name");
        assert!(
            matches!(e, BuildError::InvalidOverload { .. }),
            "{name:?}: {e:?}"
        );
    }
}

#[test]
fn struct_names_that_can_be_written_assemble() {
    let lib = Target::new(DxilVersion::new(1, 6)).library();
    let callable = lib.with_stage(ShaderKind::Callable);
    for name in GOOD_NAMES {
        let udt = Overload::Udt(StructName::new(name), 0);
        let [a, b] = values();
        let call =
            build::call_shader(&callable, udt, a, b).unwrap_or_else(|e| panic!("{name:?}: {e}"));
        check_assembles(&call, &format_args!("udt {name:?}"));
        let object = Overload::Object(StructName::new(name));
        let [r] = values();
        let call = build::create_handle_for_lib(&lib, object, r)
            .unwrap_or_else(|e| panic!("{name:?}: {e}"));
        check_assembles(&call, &format_args!("object {name:?}"));
    }
}

#[test]
fn function_names_are_escaped_in_quotes() {
    // `ir::Global` writes any name LLVM can read back: quotes and backslashes as `\XX`
    let name = "dx.op.x.a\"b\\c\u{1}d";
    let text = ir::Global(&name).to_string();
    assert_eq!(text, "@\"dx.op.x.a\\22b\\5Cc\\01d\"");
    let module = format!("declare void {text}()\n");
    if let Some(r) = assemble(&module) {
        r.unwrap_or_else(|e| panic!("{module}: {e}"));
    }
    assert_eq!(
        ir::Global(&"dx.op.unary.f32").to_string(),
        "@dx.op.unary.f32"
    );
}

#[test]
fn struct_names_read_from_function_names_are_escaped() {
    // a function name the lenient reader accepts may carry any struct name; its declaration and
    // the struct definition print escaped, like `ir::Global`
    let name = "dx.op.createHandleForLib.a\"b";
    let f = dxil_ops::parse_function_name_lenient(name).expect("well-formed");
    let sig = dxil_ops::Signature::of(f, dxil_ops::Precision::Native).expect("signature");
    let decl = sig.declaration();
    let mut text = String::new();
    ir::write_struct_types(&mut text, &decl).expect("struct types");
    ir::write_declaration(&mut text, &decl).expect("declaration");
    assert!(text.contains("%\"a\\22b\" = type"), "{text}");
    assert!(
        text.contains("@\"dx.op.createHandleForLib.a\\22b\"(i32, %\"a\\22b\")"),
        "{text}"
    );
    if let Some(r) = assemble(&text) {
        r.unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}
