//! The example `decode` over DXC's test corpus (`../shared/corpus/dxc`, skipped with a line on
//! stderr when the shared data is missing, unless `DXIL_REQUIRE_SHARED` is set): it finds every
//! `dx.op` call line of every `.ll` file, and every call decodes, except the calls of validator
//! tests written wrong on purpose, which decode to an error value with a clear message.

#![allow(clippy::panic, clippy::unwrap_used)] // a test fails by panicking

#[path = "../../dxil-db/tests/common/shared.rs"]
mod shared;

#[path = "../examples/decode.rs"]
mod decode;

/// Calls written wrong on purpose: (file name, line, the start of the message).
const WRONG_ON_PURPOSE: &[(&str, usize, &str)] = &[
    (
        "abs2_m.ll",
        54,
        "MinPrecXRegStore is an op of class MinPrecXRegStore; the function is of class LoadInput",
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
