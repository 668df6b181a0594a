//! The text reader's behaviour: strict errors with line and column, lenient recovery and the
//! problems the lint needs to see, integers as LLVM reads them, streaming, and hostile input
//! (random bytes, truncations, nesting 100,000 deep) that must give errors, never a panic or a
//! stack overflow.

use dxil_module::model::{ConstKind, InstKind, Type, Value};
use dxil_module::text::{self, PrintOptions};

const MODULE: &str = r#"target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }

define void @main(i32 %i) {
entry:
  %h = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 %i, i1 false)
  %x = call float @dx.op.unary.f32(i32 13, float 1.500000e+00), !dx.precise !1
  br label %next

next:                                             ; preds = %entry
  %y = fadd fast float %x, 0x3FB99999A0000000
  ret void
}

; Function Attrs: nounwind readonly
declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #0

; Function Attrs: nounwind readnone
declare float @dx.op.unary.f32(i32, float) #1

attributes #0 = { nounwind readonly }
attributes #1 = { nounwind readnone }

!dx.version = !{!0}

!0 = !{i32 1, i32 0}
!1 = !{}
"#;

#[test]
fn a_module_reads_and_prints_back() {
    let m = text::parse(MODULE.as_bytes()).expect("valid");
    assert_eq!(text::print(&m, &PrintOptions::default()), MODULE);
    let main = m.function_named("main").expect("main");
    let body = m
        .function(main)
        .and_then(|f| f.body.as_ref())
        .expect("body");
    let lines: Vec<u32> = body.iter().map(|(_, i)| i.line).collect();
    assert_eq!(lines, [8, 9, 10, 13, 14]);
}

#[test]
fn streaming_reads_the_same_module() {
    let m = text::parse(MODULE.as_bytes()).expect("valid");
    let r = text::read(std::io::BufReader::new(MODULE.as_bytes())).expect("valid");
    assert_eq!(m, r);
    let l = text::read_lenient(MODULE.as_bytes()).expect("readable");
    assert!(l.problems.is_empty());
    assert_eq!(l.module, m);
}

#[test]
fn strict_errors_say_where_and_what() {
    let e = text::parse(b"define void @f() {\n  ret void,\n}\n").expect_err("invalid");
    assert_eq!((e.line, e.column), (3, 1));
    assert!(e.message.contains("expected a metadata attachment"), "{e}");
    let e = text::parse(b"@g = global i32 1.5\n").expect_err("invalid");
    assert_eq!((e.line, e.column), (1, 17));
    let e = text::parse(b"define void @f() {\n  %x = add i32 %y, 1\n  ret void\n}\n")
        .expect_err("undefined");
    assert_eq!(e.line, 2);
    assert!(e.message.contains("use of undefined value '%y'"), "{e}");
    let e = text::parse(b"@g = global float 0.1\n").expect_err("inexact");
    assert!(e.message.contains("floating point constant invalid"), "{e}");
    let e = text::parse(b"%T = type { %U }\n").expect_err("undefined type");
    assert!(
        e.message.contains("use of undefined type named '%U'"),
        "{e}"
    );
}

#[test]
fn integers_are_truncated_to_their_width_as_llvm_reads_them() {
    let m = text::parse(
        b"@a = global i1 2\n@b = global i8 300\n@c = global i32 99999999999999999999\n@d = global i8 -129\n@e = global i32 u0xFFFFFFFFFF\n@f = global i8 s0x80\n@g = global i1 true\n",
    )
    .expect("valid");
    let values: Vec<i64> = m
        .globals
        .iter()
        .map(|g| {
            let c = g.init.and_then(Value::as_const).expect("a constant");
            m.const_int(c).expect("an integer")
        })
        .collect();
    assert_eq!(values, [0, 44, 1661992959, 127, -1, -128, -1]);
    let printed = text::print(&m, &PrintOptions::default());
    assert!(
        printed.contains("@a = global i1 false\n@b = global i8 44\n"),
        "{printed}"
    );
}

#[test]
fn lenient_reading_recovers_and_keeps_what_the_lint_needs() {
    let src = "define void @main(i32 %i) {\n\
               \x20 %a = call float @dx.op.unary.f32(i32 13, float 1.0\n\
               \x20 %b = call float @dx.op.unary.f32(i32 13, i32 %i)\n\
               \x20 %c = call i32 @dx.op.undeclared(i32 1, i32 %nothing)\n\
               \x20 ret void\n\
               }\n\
               declare float @dx.op.unary.f32(i32, float)\n";
    let r = text::parse_lenient(src.as_bytes());
    let lines: Vec<u32> = r.problems.iter().map(|p| p.line).collect();
    assert!(
        lines.contains(&2),
        "the open operand list: {:?}",
        r.problems
    );
    assert!(lines.contains(&3), "the operand types: {:?}", r.problems);
    assert!(
        lines.contains(&4),
        "the undefined local and function: {:?}",
        r.problems
    );
    let m = &r.module;
    let main = m.function_named("main").expect("main");
    let body = m
        .function(main)
        .and_then(|f| f.body.as_ref())
        .expect("body");
    let calls: Vec<_> = m.calls(body).collect();
    // The broken line is dropped; the next two calls are kept with their lines.
    assert_eq!(calls.len(), 2);
    assert_eq!(calls[0].1.line, 3);
    let unary = m.function_named("dx.op.unary.f32").expect("declared");
    assert_eq!(calls[0].3, unary);
    let declared = m.function(unary).expect("function").ty;
    assert_ne!(calls[0].2.fn_ty, declared, "the call keeps its own type");
    let undeclared = m.function(calls[1].3).expect("kept as a declaration");
    assert_eq!(
        m.symbols.str(undeclared.name.expect("named")),
        Some("dx.op.undeclared")
    );
    assert!(undeclared.body.is_none());
    let arg = body.args(calls[1].2)[1].as_const().expect("undef");
    assert_eq!(m.constant(arg).map(|c| &c.kind), Some(&ConstKind::Undef));
    assert!(body.iter().all(|(_, i)| i.line > 0));
    assert!(matches!(
        body.iter().last().map(|(_, i)| &i.kind),
        Some(InstKind::Ret(None))
    ));
}

#[test]
fn forward_references_are_resolved() {
    let src = b"define i32 @f(i1 %c) {\n\
                entry:\n\
                \x20 br i1 %c, label %a, label %b\n\
                a:\n\
                \x20 br label %b\n\
                b:\n\
                \x20 %p = phi i32 [ %q, %a ], [ 0, %entry ]\n\
                \x20 %q = add i32 %p, 1\n\
                \x20 ret i32 %q\n\
                }\n";
    let m = text::parse(src).expect("valid");
    let printed = text::print(&m, &PrintOptions::default());
    assert!(
        printed.contains("%p = phi i32 [ %q, %a ], [ 0, %entry ]"),
        "{printed}"
    );
    assert!(
        printed.contains("b:                                                ; preds = %a, %entry"),
        "{printed}"
    );
}

#[test]
fn types_of_values_are_checked() {
    let m = text::parse(
        b"@g = global [2 x i32] [i32 1, i32 2]\n@h = global [4 x i8] c\"ab\\00\\01\"\n",
    )
    .expect("valid");
    assert!(matches!(
        m.types.get(m.globals[0].value_ty),
        Some(Type::Array { len: 2, .. })
    ));
    assert!(text::parse(b"@g = global [2 x i32] [i32 1]\n").is_err());
    assert!(text::parse(b"@h = global [3 x i8] c\"ab\"\n").is_err());
}

/// A small deterministic generator for the hostile inputs.
fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

#[test]
fn random_bytes_and_truncations_give_errors_not_panics() {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    for len in [0usize, 1, 7, 100, 4096] {
        for _ in 0..50 {
            let bytes: Vec<u8> = (0..len).map(|_| next(&mut seed) as u8).collect();
            let _ = text::parse(&bytes);
            let _ = text::parse_lenient(&bytes);
        }
    }
    // Random bytes drawn from the characters of LLVM IR.
    let alphabet = b"%@!#=,()[]{}<>*:\" \n;ix0123456789.-abcdefglnoprstuvz";
    for _ in 0..300 {
        let bytes: Vec<u8> = (0..200)
            .map(|_| alphabet[next(&mut seed) as usize % alphabet.len()])
            .collect();
        let _ = text::parse(&bytes);
        let _ = text::parse_lenient(&bytes);
    }
    for cut in 0..MODULE.len() {
        let piece = &MODULE.as_bytes()[..cut];
        let _ = text::parse(piece);
        let r = text::parse_lenient(piece);
        let _ = text::print(&r.module, &PrintOptions::default());
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    const DEEP: usize = 100_000;
    let md = format!("!0 = {}{}\n", "!{".repeat(DEEP), "}".repeat(DEEP));
    let e = text::parse(md.as_bytes()).expect_err("too deep");
    assert!(e.message.contains("nesting deeper"), "{e}");
    let ty = format!(
        "@g = global {}i32{} zeroinitializer\n",
        "[1 x ".repeat(DEEP),
        "]".repeat(DEEP)
    );
    let e = text::parse(ty.as_bytes()).expect_err("too deep");
    assert!(e.message.contains("nesting deeper"), "{e}");
    let value = format!("@g = global {{ i32 }} {}\n", "{ i32 ".repeat(DEEP));
    assert!(text::parse(value.as_bytes()).is_err());
    let ptr = format!("@g = global i32{} null\n", "*".repeat(DEEP));
    let m = text::parse(ptr.as_bytes()).expect("pointers are not nested calls");
    // The printer follows a deep type only so far.
    let printed = text::print(&m, &PrintOptions::default());
    assert!(printed.contains("<...>"));
    let _ = text::parse_lenient(md.as_bytes());
    let _ = text::parse_lenient(ty.as_bytes());
}

#[test]
fn streaming_cuts_pieces_between_entities() {
    // More than one piece (1 MiB) of functions, declarations at the end.
    let mut src = String::from("%dx.types.Handle = type { i8* }\n\n");
    let mut n = 0;
    while src.len() < (1 << 20) + (1 << 19) {
        src.push_str(&format!(
            "define void @f{n}(i32 %i) {{\nentry:\n  %h = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 %i, i1 false)\n  br label %next\n\nnext:\n  ret void\n}}\n\n"
        ));
        n += 1;
    }
    src.push_str("declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1)\n");
    let whole = text::parse(src.as_bytes()).expect("valid");
    let pieces = text::read(src.as_bytes()).expect("valid");
    assert_eq!(whole, pieces);
    let late = format!("define void @f{}(i32 %i)", n - 3);
    let broken = src.replace(&late, &late.replace("%i", "%k"));
    let e = text::read(broken.as_bytes()).expect_err("a late function uses %i, not %k");
    let whole_e = text::parse(broken.as_bytes()).expect_err("same");
    assert_eq!(e.to_string(), whole_e.to_string());
}
