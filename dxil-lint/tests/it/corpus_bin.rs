//! The lint over the 219 DXBC containers of `../shared/corpus/dxil-bin`, compiled and validated
//! by DXC: each decodes, and the lint finds nothing in any; every `dx.op` call of them reads as
//! a call of its op (`dxil_ops::read`). The containers `DXIL_MORE_CONTAINERS` names are
//! checked the same way ([`shared::more_containers`]).
//!
//! The corpus has 6,797 calls: 6,773 call a function whose name prints bare
//! (`@dx.op.bufferStore.f32`) and 24, in 6 vkd3d-proton files, one whose name prints quoted
//! (`@"dx.op.createHandleForLib.class.RWBuffer<vector<float, 4> >"`), which a text search for
//! `@dx.op.` does not find.

#![allow(clippy::panic)] // a test fails by panicking

use std::path::PathBuf;

use dxil_module::dxop::DxOpCalls;

use crate::shared;

/// The containers of the corpus, or `None` (the test skips) when the shared data is missing.
fn containers() -> Option<Vec<PathBuf>> {
    let dir = shared::shared_path("corpus/dxil-bin")?;
    let limits = dxil_lint::WalkLimits::default();
    Some(dxil_lint::module_files_within(&dir, limits, &mut |_| {}).expect("the corpus walks"))
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[test]
fn validated_containers_have_no_diagnostics_and_every_call_reads() {
    let Some(files) = containers() else {
        return;
    };
    assert_eq!(files.len(), 219, "containers of the corpus");
    assert_eq!(lint_and_read(&files), (219, 6797, 6797));
    let more = shared::more_containers();
    if !more.is_empty() {
        println!("of DXIL_MORE_CONTAINERS:");
        let (clean, _, _) = lint_and_read(&more);
        assert_eq!(clean, more.len());
    }
}

/// Lints each of `files`, and reads each of their `dx.op` calls: how many have no diagnostics,
/// how many calls they hold and how many read, after a line saying so. A diagnostic or a call
/// that does not read fails the test.
fn lint_and_read(files: &[PathBuf]) -> (usize, usize, usize) {
    let (mut clean, mut calls, mut read) = (0usize, 0usize, 0usize);
    let mut found = Vec::new();
    for f in files {
        let bytes = std::fs::read(f).expect("a readable container");
        let report =
            dxil_lint::lint_input(&bytes).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        if report.diagnostics.is_empty() {
            clean += 1;
        }
        for d in &report.diagnostics {
            found.push(format!("{}: {d}", f.display()));
        }
        let m = dxil_module::bitcode::decode(&bytes).expect("decodes");
        let of_module = DxOpCalls::new(&m);
        let mut n = 0;
        for call in of_module.iter() {
            n += 1;
            let mut buf = Vec::new();
            match call.read(&mut buf) {
                Ok(_) => read += 1,
                Err(e) => found.push(format!("{}: `{}`: {e}", f.display(), call.name)),
            }
        }
        calls += n;
        assert_eq!(report.calls, n);
    }
    println!(
        "{clean}/{} containers without diagnostics; {read}/{calls} dx.op calls read",
        files.len()
    );
    assert!(found.is_empty(), "{}", found.join("\n"));
    (clean, calls, read)
}
