//! `dxil decls`: declarations of the functions named, or of every function (of a DXIL version);
//! the exit codes of a bad name, a name the version does not have and a version the database
//! does not have; a reader that stops reading early.

use std::io::Read;
use std::process::{Command, Stdio};

use dxil_module::text;

use crate::common;

fn decls(args: &[&str]) -> (Option<i32>, String, String) {
    let out = common::dxil("decls", args);
    (
        out.status.code(),
        common::text(&out.stdout),
        common::text(&out.stderr),
    )
}

/// The names of the functions a module text declares.
fn declared(module: &str) -> Vec<String> {
    let m = text::parse(module.as_bytes()).expect("the declarations read as a module");
    m.functions
        .iter()
        .filter_map(|f| m.symbols.str(f.name?))
        .map(str::to_owned)
        .collect()
}

#[test]
fn names_give_their_declarations_and_a_bad_one_exits_1() {
    let (code, out, err) = decls(&["dx.op.loadInput.f32", "dx.op.nosuch.f32", "dx.op.unary.f32"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        out.contains("declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0\n"),
        "{out}"
    );
    assert!(
        out.contains("declare float @dx.op.unary.f32(i32, float) #0\n"),
        "{out}"
    );
    assert!(
        err.contains("`dx.op.nosuch.f32`: no op class has the function-name stem `nosuch`"),
        "{err}"
    );
    assert_eq!(declared(&out), ["dx.op.loadInput.f32", "dx.op.unary.f32"]);
}

#[test]
fn a_version_gives_only_its_functions_and_an_unknown_one_exits_2() {
    let name = "dx.op.rawBufferVectorLoad.v4f32";
    let (code, out, err) = decls(&["--dxil", "1.8", name]);
    assert_eq!(code, Some(1), "{out}");
    assert!(err.contains(&format!("`{name}`: ")), "{err}");
    assert!(err.contains("introduced in DXIL 1.9"), "{err}");
    assert!(declared(&out).is_empty(), "{out}");
    let (code, out, err) = decls(&["--dxil", "1.9", name]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(declared(&out), [name]);
    for args in [
        &["--dxil", "9.9", "dx.op.unary.f32"][..],
        &["--dxil", "9.9"],
    ] {
        let (code, out, err) = decls(args);
        assert_eq!(code, Some(2), "{args:?}: {out}");
        assert!(err.contains("--dxil 9.9: "), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
    }
}

#[test]
fn every_function_of_every_op_is_declared_and_reads_back() {
    let (code, out, err) = decls(&[]);
    assert_eq!(code, Some(0), "{err}");
    let every = declared(&out);
    assert_eq!(every.len(), dxil_cli::decls::all(None).0.functions().len());
    let (code, out, err) = decls(&["--dxil", "1.0"]);
    assert_eq!(code, Some(0), "{err}");
    let first = declared(&out);
    assert!(!first.is_empty() && first.len() < every.len());
    assert!(first.iter().all(|f| every.contains(f)));
    eprintln!(
        "`dxil decls` declares {} functions; with --dxil 1.0, {}",
        every.len(),
        first.len()
    );
}

#[test]
fn a_reader_that_stops_early_ends_the_output_without_an_error() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dxil"))
        .arg("decls")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dxil runs");
    let mut head = [0u8; 64];
    child
        .stdout
        .take()
        .expect("its standard output")
        .read_exact(&mut head)
        .expect("the first bytes");
    // the pipe is closed here, long before the module's end
    let out = child.wait_with_output().expect("dxil ends");
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out.stderr));
    assert!(out.stderr.is_empty(), "{}", common::text(&out.stderr));
}
