//! The reader on DXC's LLVM IR text (`../shared/corpus/dxc`): every file reads without a
//! problem in lenient mode; and where `llvm-as-14` accepts a file, our reader and printer give
//! the text `llvm-as-14 | llvm-dis-14` gives, except in the files [`DIFFER`] lists, each with
//! the reason.
//!
//! Skipped without `../shared` (unless `DXIL_REQUIRE_SHARED` is set) or the LLVM 14 tools
//! (unless `DXIL_REQUIRE_LLVM_AS` is set).

#![allow(clippy::panic)]

use crate::common;
use crate::shared;

use dxil_module::text::{self, PrintOptions};

/// LLVM 14 gives loads, stores and allocas without an alignment the ABI alignment of their
/// type; LLVM 3.7 text and our model keep "no alignment".
const ALIGN: &str = "LLVM 14 adds the ABI alignment to a load, store or alloca that has none";
/// LLVM 14 replaces the attribute "no-frame-pointer-elim" with "frame-pointer".
const FRAME_POINTER: &str = "LLVM 14 upgrades \"no-frame-pointer-elim\" to \"frame-pointer\"";
/// LLVM folds constant expressions when it builds them; we keep them as written.
const FOLDING: &str = "LLVM folds a constant expression (a gep of an addrspacecast)";

/// The files llvm-as-14 accepts whose llvm-dis-14 text is not what we print, and why.
const DIFFER: &[(&str, &str)] = &[
    ("CodeGenDXIL/hlsl/intrinsics/buffer-load.ll", ALIGN),
    ("CodeGenDXIL/hlsl/intrinsics/buffer-store.ll", ALIGN),
    ("CodeGenDXIL/hlsl/intrinsics/buffer-typed-load.ll", ALIGN),
    ("CodeGenDXIL/hlsl/intrinsics/buffer-typed-store.ll", ALIGN),
    ("CodeGenDXIL/passes/longvec-intrinsics.ll", ALIGN),
    ("CodeGenHLSL/recursive.ll", FRAME_POINTER),
    (
        "DXC/Passes/DxilGen/cb-col-matrix-subscript-dxilgen.ll",
        ALIGN,
    ),
    ("DXC/Passes/DxilGen/group-wave-index.ll", ALIGN),
    ("DXC/Passes/DxilGen/isdebuggingenabled.ll", ALIGN),
    ("HLSLFileCheck/dxil/linker/TempReg.ll", FRAME_POINTER),
    (
        "HLSLFileCheck/hlsl/functions/recursion/recursive.ll",
        FRAME_POINTER,
    ),
    (
        "HLSLFileCheck/hlsl/types/modifiers/const/hoist_constant_array_15.ll",
        ALIGN,
    ),
    ("HLSLFileCheck/passes/EraseDeadRegion/inf.ll", FRAME_POINTER),
    (
        "HLSLFileCheck/passes/dxil/dxil_cleanup_addrspacecast/cleanup-addrspacecast.ll",
        FOLDING,
    ),
];

#[dxil_test_data::needs(shared = "corpus/dxc")]
#[test]
fn every_file_reads_without_problems() {
    let Some(dir) = shared::shared_path("corpus/dxc") else {
        return;
    };
    let files = common::files(&dir, "ll");
    assert!(!files.is_empty());
    let mut bad = Vec::new();
    for f in &files {
        let src = std::fs::read(f).expect("readable");
        let r = text::parse_lenient(&src);
        for p in r.problems.iter().take(3) {
            bad.push(format!("{}:{p}", f.display()));
        }
    }
    assert!(bad.is_empty(), "problems:\n{}", bad.join("\n"));
}

#[dxil_test_data::needs(shared = "corpus/dxc")]
#[dxil_test_data::needs(tool = "llvm-dis-14")]
#[test]
fn files_llvm_accepts_print_as_llvm_dis() {
    let Some(dir) = shared::shared_path("corpus/dxc") else {
        return;
    };
    let files = common::files(&dir, "ll");
    let (mut accepted, mut same) = (0, 0);
    let mut unexpected = Vec::new();
    let mut differing = Vec::new();
    for f in &files {
        let src = std::fs::read(f).expect("readable");
        let Some(bc) = common::llvm_as(&src) else {
            return;
        };
        let Ok(bc) = bc else {
            continue;
        };
        accepted += 1;
        let Some(Ok(dis)) = common::llvm_dis(&bc) else {
            panic!("llvm-dis-14 reads what llvm-as-14 wrote");
        };
        let dis = String::from_utf8(dis).expect("UTF-8");
        let mut module = text::parse(&src).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        // llvm-as names the module after its input and takes that name as the source file's
        // when the text names none.
        module
            .source_filename
            .get_or_insert_with(|| "<stdin>".to_owned());
        let ours = text::print(
            &module,
            &PrintOptions {
                module_id: Some("<stdin>".to_owned()),
            },
        );
        let listed = DIFFER
            .iter()
            .find(|(name, _)| f.ends_with(name))
            .map(|(name, _)| *name);
        match (ours == dis, listed) {
            (true, None) => same += 1,
            (false, Some(name)) => differing.push(name),
            (true, Some(name)) => unexpected.push(format!("{name} is listed but prints the same")),
            (false, None) => unexpected.push(format!(
                "{}: {}",
                f.display(),
                common::first_difference(&dis, &ours)
            )),
        }
    }
    eprintln!(
        "{same} of {accepted} files llvm-as-14 accepts print as llvm-dis-14 prints them; \
         {} differ for the listed reasons",
        differing.len()
    );
    assert!(unexpected.is_empty(), "{}", unexpected.join("\n"));
    assert_eq!(differing.len(), DIFFER.len(), "a listed file was not met");
}
