//! `dxil dis --ops`: the `dx.op` calls of a module, one a line, each as its op with named
//! operands; a call that does not read as its op says why; the number read comes last. Over the
//! binary corpus, every call is listed as its op.

use dxil_module::bitcode;
use dxil_module::dxop::DxOpCalls;

use crate::common;
use crate::corpus;

/// `dxil dis --ops FILE`: the exit code and the listing.
fn ops(path: &std::path::Path) -> (Option<i32>, String) {
    let out = common::dxil("dis", &["--ops", path.to_str().expect("a UTF-8 path")]);
    (out.status.code(), common::text(&out.stdout))
}

#[test]
fn calls_are_listed_as_their_ops_and_a_call_that_is_not_one_says_why() {
    let path = common::file(
        "dxil-dis-ops",
        "two-calls.dxil",
        &common::container_of(common::TWO_CALLS),
    );
    let (code, listing) = ops(&path);
    assert_eq!(code, Some(0), "{listing}");
    let lines: Vec<&str> = listing.lines().collect();
    assert_eq!(lines.len(), 3, "{listing}");
    assert!(lines[0].starts_with("@main: Sin {"), "{listing}");
    assert!(
        lines[1].starts_with("@main: `dx.op.binary.f32`: not read: "),
        "{listing}"
    );
    assert_eq!(lines[2], "; 1/2 dx.op calls read", "{listing}");
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[test]
fn every_call_of_the_corpus_is_listed_as_its_op() {
    let Some(files) = corpus::corpus_files() else {
        return;
    };
    let mut listed = 0;
    for path in &files {
        let bytes = std::fs::read(path).expect("read a corpus file");
        let m = bitcode::decode(&bytes).expect("a corpus file decodes");
        let calls = DxOpCalls::new(&m).iter().count();
        let (code, listing) = ops(path);
        let name = corpus::short(path);
        assert_eq!(code, Some(0), "{name}: {listing}");
        let lines: Vec<&str> = listing.lines().collect();
        assert_eq!(lines.len(), calls + 1, "{name}: {listing}");
        for line in &lines[..calls] {
            // `@function: Op { operand: value, ... }`, never a call that did not read
            assert!(line.starts_with('@'), "{name}: {line}");
            assert!(!line.contains("not read"), "{name}: {line}");
            assert!(line.ends_with('}'), "{name}: {line}");
        }
        let summary = format!("; {calls}/{calls} dx.op calls read");
        assert_eq!(lines[calls], summary, "{name}");
        listed += calls;
    }
    eprintln!(
        "{} containers: {listed}/{listed} dx.op calls listed as their ops by `dxil dis --ops`",
        files.len()
    );
}
