//! The text reader's behaviour: strict errors with line and column, lenient recovery and the
//! problems the lint needs to see, integers as LLVM reads them, streaming, and hostile input
//! (random bytes, truncations, nesting 100,000 deep) that must give errors, never a panic or a
//! stack overflow.

use dxil_module::model::{
    BlockId, Body, ConstKind, FuncId, Inst, InstId, InstKind, MdId, Module, Type, Value,
};
use dxil_module::text::{self, PrintOptions, Skipped, SkippedKind, Undefined};

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

/// The function `main` and its body.
fn main_body(m: &Module) -> (FuncId, &Body) {
    let main = m.function_named("main").expect("main");
    let body = m
        .function(main)
        .and_then(|f| f.body.as_ref())
        .expect("body");
    (main, body)
}

#[test]
fn a_module_reads_and_prints_back() {
    let m = text::parse(MODULE.as_bytes()).expect("valid");
    assert_eq!(text::print(&m, &PrintOptions::default()), MODULE);
    let (_, body) = main_body(&m);
    let lines: Vec<u32> = body.iter().map(|(_, i)| i.line).collect();
    assert_eq!(lines, [8, 9, 10, 13, 14]);
}

#[test]
fn quotes_and_backslashes_in_the_layout_triple_and_attribute_keys_print_escaped() {
    // LLVM prints the layout, the triple and an attribute's key as they are; a `"` or `\` in
    // one (a damaged input) is escaped here, so that the text reads back
    let src = "target datalayout = \"e-\\22\\5C\"\ntarget triple = \"dxil\\22\"\n\n\
               define void @f() #0 {\n  ret void\n}\n\nattributes #0 = { \"k\\22\"=\"v\" }\n";
    let m = text::parse(src.as_bytes()).expect("valid");
    assert_eq!(m.datalayout.as_deref(), Some("e-\"\\"));
    assert_eq!(m.triple.as_deref(), Some("dxil\""));
    assert_eq!(text::print(&m, &PrintOptions::default()), src);
}

#[test]
fn atomics_print_as_llvm_14_prints_them_and_read_back() {
    // LLVM 3.7's atomics have no alignment; LLVM 14 gives them their store size as a power of
    // two: 4 for the 5 bytes of an `i40` (`llvm-dis-14` prints the same line); a single
    // thread's are `syncscope("singlethread")`
    let src = "\n@g = external addrspace(3) global i40, align 4\n\n\
               define void @f() {\n  \
               %1 = cmpxchg i40 addrspace(3)* @g, i40 0, i40 1 seq_cst seq_cst, align 4\n  \
               %2 = atomicrmw add i40 addrspace(3)* @g, i40 1 seq_cst, align 4\n  \
               %3 = atomicrmw xchg i40 addrspace(3)* @g, i40 2 syncscope(\"singlethread\") \
               acquire, align 4\n  \
               fence syncscope(\"singlethread\") release\n  \
               ret void\n}\n";
    let m = text::parse(src.as_bytes()).expect("valid");
    assert_eq!(text::print(&m, &PrintOptions::default()), src);
}

#[test]
fn a_kind_attached_twice_keeps_the_node_attached_last() {
    // as LLVM reads it: `llvm-as-14` then `llvm-dis-14` print the same lines (the nodes
    // numbered by first use)
    let src = "define void @f() {\n  ret void, !a !0, !b !0, !a !1\n}\n\n!0 = !{}\n!1 = !{!0}\n";
    let m = text::parse(src.as_bytes()).expect("valid");
    let printed = text::print(&m, &PrintOptions::default());
    assert!(printed.contains("  ret void, !a !0, !b !1\n"), "{printed}");
    assert!(printed.contains("!0 = !{!1}\n!1 = !{}\n"), "{printed}");
}

#[test]
fn an_inserted_instruction_moves_the_later_ones_and_their_references() {
    let mut m = text::parse(MODULE.as_bytes()).expect("valid");
    let (main, body) = main_body(&m);
    let x = body.insts[1].clone();
    let copy = Inst { name: None, ..x };
    let id = m.insert_inst(main, BlockId(0), 1, copy).expect("room");
    assert_eq!(id, InstId(1));
    let (_, body) = main_body(&m);
    assert_eq!(body.block_insts(BlockId(0)).len(), 4);
    assert_eq!(
        body.blocks[1].inst_ids().collect::<Vec<_>>(),
        [InstId(4), InstId(5)]
    );
    assert_eq!(body.attachments[0].0, InstId(2));
    let text = text::print(&m, &PrintOptions::default());
    let expected = MODULE.replace(
        "  %x = call",
        "  %0 = call float @dx.op.unary.f32(i32 13, float 1.500000e+00)\n  %x = call",
    );
    assert_eq!(text, expected);
    // a place past the block's end, or no block there, is refused
    let (main, body) = main_body(&m);
    let any = body.insts[0].clone();
    assert_eq!(m.insert_inst(main, BlockId(1), 3, any.clone()), None);
    assert_eq!(m.insert_inst(main, BlockId(2), 0, any), None);
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
    let (_, body) = main_body(m);
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

/// What the lenient reader says about what it left out or made up: the calls and declarations
/// skipped (with their names and whether they were left open), the operands naming locals
/// never defined, integers that do not fit their type kept as written, struct constants of
/// another type kept with their fields.
#[test]
fn lenient_reading_lists_what_it_skipped_and_made_up() {
    let src = "define void @main(i32 %i) {\n\
               \x20 %a = call float @dx.op.unary.f32(i32 13, float 1.0\n\
               \x20 %b = call float @dx.op.unary.f32(i32 13, float 1.0 2.0)\n\
               \x20 %c = call i32 @f(i32 %i, i32 %nothing, i32 undef)\n\
               \x20 %d = call float @dx.op.unary.f32(i32 4294967296, float 1.0)\n\
               \x20 %e = call i32 @g(%s { i32 1, i8 2 })\n\
               \x20 ret void\n\
               }\n\
               declare float @dx.op.binary.f32(i32, float\n\
               declare float @dx.op.unary.f32(i32, float)\n";
    let r = text::parse_lenient(src.as_bytes());
    let skipped: Vec<(u32, SkippedKind, &[u8], bool)> = r
        .skipped
        .iter()
        .map(|s| (s.line, s.kind, &*s.name, s.open))
        .collect();
    assert_eq!(
        skipped,
        [
            (2, SkippedKind::Call, &b"dx.op.unary.f32"[..], true),
            (3, SkippedKind::Call, &b"dx.op.unary.f32"[..], false),
            (9, SkippedKind::Declaration, &b"dx.op.binary.f32"[..], true),
        ],
        "{:?}",
        r.problems
    );
    for Skipped { problem, line, .. } in &r.skipped {
        assert!(r.problems[*problem].line >= *line, "{:?}", r.problems);
    }
    let m = &r.module;
    let (main, body) = main_body(m);
    assert_eq!(m.function(main).map(|f| f.line), Some(1));
    let calls: Vec<_> = m.calls(body).collect();
    assert_eq!(calls.len(), 3);
    // `%nothing` is operand 1 of the call on line 4; the written `undef` is not listed
    assert_eq!(
        r.undefined,
        [Undefined {
            function: main,
            inst: calls[0].0,
            operand: 1,
            name: "%nothing".into(),
        }]
    );
    // the opcode as written, with a problem saying it does not fit
    let opcode = body.args(calls[1].2)[0].as_const().expect("a constant");
    assert_eq!(
        m.constant(opcode).map(|c| &c.kind),
        Some(&ConstKind::Int(4294967296))
    );
    assert!(
        r.problems
            .iter()
            .any(|p| p.line == 5 && p.message.contains("does not fit in i32")),
        "{:?}",
        r.problems
    );
    // the struct constant of a type never defined keeps its fields
    let s = body.args(calls[2].2)[0].as_const().expect("a constant");
    assert!(
        matches!(m.constant(s).map(|c| &c.kind), Some(ConstKind::Aggregate(f)) if f.len() == 2)
    );
    // the strict reader truncates the opcode as LLVM does
    let strict = text::parse(b"@a = global i32 4294967296\n").expect("valid");
    let c = strict.globals[0]
        .init
        .and_then(Value::as_const)
        .expect("constant");
    assert_eq!(strict.const_int(c), Some(0));
}

/// Issue 21, item 13: a string left open in an operand list takes every line up to the next
/// quote; the lenient reader resumes at the next instruction after the call's line, so the
/// calls after it are read.
#[test]
fn a_string_left_open_is_skipped_up_to_the_next_instruction() {
    let src = "define void @main(float %x) {\n\
               \x20 %a = call float @dx.op.unary.f32(i32 13, float %x, metadata !\"open)\n\
               \x20 %b = call float @dx.op.unary.f32(i32 9999, float %x)\n\
               \x20 %c = call float @dx.op.unary.f32(i32 13, double 1.0)\n\
               \x20 ret void\n\
               }\n\
               declare float @dx.op.unary.f32(i32, float)\n\
               !0 = !{!\"a string\"}\n";
    let r = text::parse_lenient(src.as_bytes());
    let m = &r.module;
    let (_, body) = main_body(m);
    let lines: Vec<u32> = m.calls(body).map(|(_, i, _, _)| i.line).collect();
    assert_eq!(lines, [3, 4], "{:?}", r.problems);
    assert_eq!(r.skipped.len(), 1, "{:?}", r.skipped);
    assert_eq!((r.skipped[0].line, r.skipped[0].open), (2, true));
}

/// The printer says on which line it put each function, instruction and named metadata, and
/// `number_lines` gives them these lines.
#[test]
fn the_printer_records_lines() {
    let mut m = text::parse(MODULE.as_bytes()).expect("valid");
    let (printed, lines) = text::print_with_lines(&m, &PrintOptions::default());
    assert_eq!(printed, MODULE);
    let text: Vec<&str> = printed.lines().collect();
    let line = |n: u32| text[n as usize - 1];
    assert!(line(lines.functions[0]).starts_with("define void @main"));
    assert!(line(lines.functions[1]).starts_with("declare %dx.types.Handle"));
    assert!(line(lines.named[0]).starts_with("!dx.version"));
    let inst_lines = &lines.insts[0];
    assert_eq!(inst_lines, &[8, 9, 10, 13, 14]);
    for l in inst_lines {
        assert!(line(*l).starts_with("  "), "{}", line(*l));
    }
    // a module read from text already has these lines; number_lines sets them again
    for f in &mut m.functions {
        f.line = 0;
        for inst in f.body.iter_mut().flat_map(|b| b.insts.iter_mut()) {
            inst.line = 0;
        }
    }
    text::number_lines(&mut m);
    let read = text::parse(MODULE.as_bytes()).expect("valid");
    assert_eq!(m, read);
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

#[test]
fn undefined_locals_name_their_function_after_reordering() {
    // `@f` is called before it is declared, so the reader numbers it before `@g` and puts it
    // back in the order of the text at the end: the undefined `%nope` is still `@g`'s
    let src = "define void @main() {\n  call void @f()\n  ret void\n}\n\
               define void @g() {\n  call void @h(i32 %nope)\n  ret void\n}\n\
               declare void @f()\ndeclare void @h(i32)\n";
    let r = text::parse_lenient(src.as_bytes());
    let g = r.module.function_named("g").expect("g");
    let functions: Vec<FuncId> = r.undefined.iter().map(|u| u.function).collect();
    assert_eq!(functions, [g]);
}

#[test]
fn an_expression_prints_its_operations_by_name_and_their_arguments_as_numbers() {
    let text = "!llvm.dbg.x = !{!0, !1, !2}\n\n\
        !0 = !DIExpression(DW_OP_bit_piece, 6, 34)\n\
        !1 = !DIExpression(DW_OP_plus, 159, DW_OP_deref)\n\
        !2 = !DIExpression(DW_OP_bit_piece, 6)\n";
    let m = text::parse(text.as_bytes()).expect("valid");
    let printed = text::print(&m, &PrintOptions::default());
    let lines: Vec<&str> = printed.lines().filter(|l| l.starts_with("!")).collect();
    // expressions are printed where they are used, as LLVM prints them; the last is not a
    // sequence of operations with their arguments, so each element is named when it is the
    // code of an operation, as LLVM prints it
    assert_eq!(
        lines,
        ["!llvm.dbg.x = !{!DIExpression(DW_OP_bit_piece, 6, 34), \
             !DIExpression(DW_OP_plus, 159, DW_OP_deref), \
             !DIExpression(DW_OP_bit_piece, DW_OP_deref)}"]
    );
}

/// Debug information, as LLVM 3.7 prints it: strings as `"text"`, the tags a
/// kind takes by default left out, `scope: null` where LLVM prints a null scope, a parameter's
/// `arg: 0`, an empty enumerator name.
pub(crate) const DEBUG_INFO: &str = r#"!llvm.dbg.cu = !{!0}
!nodes = !{!22, !23, !24, !25}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, producer: "dxc(private) 1.7", isOptimized: false, runtimeVersion: 0, emissionKind: 1, enums: !2, retainedTypes: !8, subprograms: !16, imports: !20)
!1 = !DIFile(filename: "a\5Cb.hlsl", directory: "")
!2 = !{!3}
!3 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "E", scope: !4, file: !1, line: 2, size: 32, align: 32, elements: !5)
!4 = !DINamespace(name: "ns", scope: null, file: !1, line: 1)
!5 = !{!6, !7}
!6 = !DIEnumerator(name: "A", value: 0)
!7 = !DIEnumerator(name: "", value: -7)
!8 = !{!9, !15}
!9 = !DIDerivedType(tag: DW_TAG_member, name: "x", scope: !10, file: !1, line: 4, baseType: !13, size: 32, align: 32, offset: 32, flags: DIFlagPublic)
!10 = !DICompositeType(tag: DW_TAG_class_type, name: "vector<float, 2>", file: !1, size: 64, align: 32, templateParams: !11)
!11 = !{!12, !14}
!12 = !DITemplateTypeParameter(name: "element", type: !13)
!13 = !DIBasicType(name: "float", size: 32, align: 32, encoding: DW_ATE_float)
!14 = !DITemplateValueParameter(name: "element_count", type: !13, value: i32 2)
!15 = !DIBasicType(tag: DW_TAG_unspecified_type, name: "decltype(nullptr)")
!16 = !{!17}
!17 = !DISubprogram(name: "main", linkageName: "\01?main@@YAXXZ", scope: null, file: !1, line: 18, type: !18, isLocal: false, isDefinition: true, scopeLine: 18, flags: DIFlagPrototyped, isOptimized: false)
!18 = !DISubroutineType(types: !19)
!19 = !{null, !13}
!20 = !{!21}
!21 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !0, entity: !4, line: 6)
!22 = !DIGlobalVariable(name: "g", scope: null, file: !1, line: 3, type: !13, isLocal: true, isDefinition: true)
!23 = !DILocalVariable(tag: DW_TAG_arg_variable, name: "p", arg: 0, scope: !17, file: !1, line: 18, type: !13)
!24 = !DILocalVariable(tag: DW_TAG_auto_variable, name: "v", scope: !17, file: !1, line: 20, type: !13)
!25 = !DITemplateValueParameter(tag: DW_TAG_GNU_template_parameter_pack, name: "pack", value: !11)
"#;

#[test]
fn debug_information_prints_as_llvm_3_7_prints_it_and_reads_back() {
    let m = text::parse(DEBUG_INFO.as_bytes()).expect("valid");
    let printed = text::print(&m, &PrintOptions::default());
    let lines = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| l.starts_with('!'))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(lines(&printed), lines(DEBUG_INFO));
    // the tags left out are the defaults LLVM 3.7 gives them
    let mut tags: Vec<u64> = (0..m.metadata.items.len() as u32)
        .filter_map(|i| m.metadata.special(MdId(i)))
        .filter(|&(code, _)| code == 15 || code == 26)
        .map(|(_, operands)| operands[0])
        .collect();
    tags.sort();
    // float and decltype(nullptr); element_count and pack
    assert_eq!(tags, [0x24, 0x30, 0x3b, 0x4107]);
    // an empty string is left out where LLVM leaves it out, kept where it prints it; a tag
    // without a name is a number; the other kinds
    let other_kinds = [
        "!n = !{!0, !1, !2, !3, !5}",
        "!0 = !DIBasicType(tag: 16400, size: 8)",
        "!1 = !DIFile(filename: \"\", directory: \"\")",
        "!2 = !DISubrange(count: 4, lowerBound: -1)",
        "!3 = !DILexicalBlockFile(scope: !4, file: !1, discriminator: 0)",
        "!4 = distinct !DILexicalBlock(scope: null, line: 2)",
        "!5 = !DILocation(line: 0, scope: !4)",
    ];
    let text = other_kinds
        .join("\n")
        .replace("size: 8", "name: \"\", size: 8");
    let m = text::parse(text.as_bytes()).expect("valid");
    assert_eq!(
        lines(&text::print(&m, &PrintOptions::default())),
        other_kinds
    );
    // `""` in a field is no string, as LLVM reads it (what it prints for a null `directory:`):
    // the file's fields are null and the module holds no empty string to write
    let (code, file) = m.metadata.special(MdId(1)).expect("the file");
    assert_eq!((code, file), (16, &[0, 0][..]));
    assert!(
        !m.metadata
            .items
            .iter()
            .any(|i| matches!(i, dxil_module::model::MdItem::String(_))),
        "{:?}",
        m.metadata.items
    );
}
