//! The bitcode writer on the corpus (`../shared/corpus/dxil-bin`): for the bitcode of every
//! DXIL container, `llvm-dis-14`'s text read by the text reader into a model, written by the
//! writer, is printed by `llvm-dis-14` as the same text, with its metadata in DXC's order.
//!
//! Skipped without `../shared` (unless `DXIL_REQUIRE_SHARED` is set) or without `llvm-dis-14`
//! (unless `DXIL_REQUIRE_LLVM_AS` is set).

#![allow(clippy::panic)]

use crate::common;
use crate::shared;

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use dxil_module::bitstream::Bitstream;
use dxil_module::model::{Attr, LAST_LLVM37_KIND, Module};
use dxil_module::{bitcode, text};

/// Undoes what `llvm-dis-14` changed in the declarations of `llvm.lifetime.start` and
/// `llvm.lifetime.end` when it read LLVM 3.7 bitcode: the name it gave them (with the pointer
/// type, `.p0i8`) and the attributes of kinds LLVM 3.7 does not have (`immarg`, `nofree`,
/// `nosync`, `willreturn`), which the writer refuses. LLVM 14 makes both again when it reads
/// the result. Whether there was anything to undo.
fn undo_lifetime_upgrade(m: &mut Module) -> bool {
    let mut renamed = false;
    for i in 0..m.functions.len() {
        let Some(name) = m.functions[i].name.map(|s| m.symbols.bytes(s).to_vec()) else {
            continue;
        };
        if let Some(stem) = name.strip_suffix(b".p0i8")
            && stem.starts_with(b"llvm.lifetime.")
        {
            m.functions[i].name = Some(m.symbols.intern(stem).expect("room for a name"));
            renamed = true;
        }
    }
    if !renamed {
        return false;
    }
    for g in &mut m.attr_groups {
        g.attrs.retain(|a| match a {
            Attr::Enum(k) | Attr::Int(k, _) => *k <= LAST_LLVM37_KIND,
            Attr::Str { .. } => true,
        });
    }
    let empty: Vec<u32> = m
        .attr_groups
        .iter()
        .filter(|g| g.attrs.is_empty())
        .map(|g| g.id)
        .collect();
    m.attr_groups.retain(|g| !g.attrs.is_empty());
    for l in &mut m.attr_lists {
        l.groups.retain(|g| !empty.contains(g));
    }
    true
}

/// The corpus containers; `None` when the corpus is missing.
fn corpus() -> Option<Vec<PathBuf>> {
    let dir = shared::shared_path("corpus/dxil-bin")?;
    let files = common::files(&dir, "dxil");
    assert!(!files.is_empty(), "no containers in {}", dir.display());
    Some(files)
}

/// Runs `check` on every file on 4 threads; the failures, in file order.
fn on_all(files: &[PathBuf], check: impl Fn(&PathBuf) -> Result<(), String> + Sync) -> Vec<String> {
    let chunk = files.len().div_ceil(4).max(1);
    let mut failures: Vec<(usize, String)> = std::thread::scope(|s| {
        let handles: Vec<_> = files
            .chunks(chunk)
            .enumerate()
            .map(|(k, part)| {
                let check = &check;
                s.spawn(move || {
                    part.iter()
                        .enumerate()
                        .filter_map(|(i, f)| check(f).err().map(|e| (k * chunk + i, e)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a checking thread"))
            .collect()
    });
    failures.sort();
    failures.into_iter().map(|(_, e)| e).collect()
}

/// The records of the module's metadata blocks, the kinds aside, each value's as its code
/// alone (its type and value ids are the writer's numbering of types and constants): the
/// order of the items and what they refer to.
fn metadata_records(bitcode: &[u8]) -> Vec<Vec<u64>> {
    const MODULE_BLOCK: u32 = 8;
    const METADATA_BLOCK: u32 = 15;
    const VALUE: u64 = 2;
    const KIND: u64 = 6;
    let stream = Bitstream::parse(bitcode).expect("bitcode parses");
    let mut records = Vec::new();
    for module in stream.blocks().filter(|b| b.id() == MODULE_BLOCK) {
        for md in module.blocks().filter(|b| b.id() == METADATA_BLOCK) {
            for r in md.records() {
                match r.code() {
                    KIND => {}
                    VALUE => records.push(vec![VALUE]),
                    _ => records.push(r.values().to_vec()),
                }
            }
        }
    }
    records
}

fn dis(bitcode: &[u8], what: &str) -> Result<String, String> {
    match common::llvm_dis(bitcode) {
        None => Err("llvm-dis-14 cannot run".into()),
        Some(Err(e)) => Err(format!("llvm-dis-14 refuses {what}: {e}")),
        Some(Ok(t)) => String::from_utf8(t).map_err(|_| "llvm-dis-14 printed no UTF-8".into()),
    }
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[dxil_test_data::needs(tool = "llvm-dis-14")]
#[test]
fn text_models_write_bitcode_that_llvm_dis_prints_the_same() {
    let Some(files) = corpus() else {
        return;
    };
    if common::llvm_dis(b"").is_none() {
        return;
    }
    let undone = AtomicUsize::new(0);
    let failures = on_all(&files, |f| {
        let data = std::fs::read(f).map_err(|e| e.to_string())?;
        let name = f.display();
        let bc = common::dxil_bitcode(&data).ok_or(format!("{name}: no DXIL part"))?;
        let original = dis(bc, "the corpus bitcode")?;
        let mut module = text::parse(original.as_bytes()).map_err(|e| format!("{name}: {e}"))?;
        if undo_lifetime_upgrade(&mut module) {
            undone.fetch_add(1, Relaxed);
        }
        let ours = bitcode::write(&module).map_err(|e| format!("{name}: refused: {e}"))?;
        if metadata_records(bc) != metadata_records(&ours) {
            return Err(format!(
                "{name}: the metadata is not written in the order of the original"
            ));
        }
        let again = dis(&ours, "the bitcode written").map_err(|e| format!("{name}: {e}"))?;
        if again != original {
            return Err(format!(
                "{name}: {}",
                common::first_difference(&original, &again)
            ));
        }
        Ok(())
    });
    eprintln!(
        "{}/{} containers: the text of the bitcode written is llvm-dis-14's ({} after undoing \
         LLVM 14's upgrade of llvm.lifetime)",
        files.len() - failures.len(),
        files.len(),
        undone.load(Relaxed)
    );
    assert!(
        failures.is_empty(),
        "{} of {} differ:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

/// The kinds of debug information `llvm-dis-14` prints from LLVM 3.7 bitcode as LLVM 3.7 does
/// (it upgrades the others: compile units, subprograms, variables, namespaces, and files whose
/// names hold a backslash, which it escapes otherwise).
const DI_KINDS_LLVM_14_KEEPS: &[&str] = &[
    "!DIBasicType(",
    "!DICompositeType(",
    "!DIDerivedType(",
    "!DIEnumerator(",
    "!DIGlobalVariable(",
    "!DISubroutineType(",
    "!DITemplateTypeParameter(",
    "!DITemplateValueParameter(",
];

/// The nodes of `text` of the kinds above, their references to other nodes as `!_`, sorted.
fn kept_di_nodes(text: &str) -> Vec<String> {
    let mut nodes: Vec<String> = text
        .lines()
        .filter_map(|l| l.strip_prefix('!')?.split_once(" = ").map(|(_, def)| def))
        .filter(|def| DI_KINDS_LLVM_14_KEEPS.iter().any(|k| def.starts_with(k)))
        .map(|def| {
            let mut out = String::new();
            let mut rest = def;
            while let Some(at) = rest.find('!') {
                out.push_str(&rest[..=at]);
                rest = &rest[at + 1..];
                let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
                if digits > 0 {
                    out.push('_');
                    rest = &rest[digits..];
                }
            }
            out.push_str(rest);
            out
        })
        .collect();
    nodes.sort();
    nodes
}

#[dxil_test_data::needs(tool = "llvm-dis-14")]
#[test]
fn debug_information_written_reads_in_llvm_dis_14_as_we_print_it() {
    if common::llvm_dis(b"").is_none() {
        return;
    }
    // LLVM 14 gives a 3.7 subprogram its unit only from a compile unit written after its list
    // of subprograms, as the text reader orders them (else its verifier drops the debug
    // information, and the test fails)
    let text = format!(
        "!llvm.module.flags = !{{!26}}\n{}!26 = !{{i32 2, !\"Debug Info Version\", i32 3}}\n",
        crate::text_reader::DEBUG_INFO
    );
    let module = text::parse(text.as_bytes()).expect("valid");
    let bc = bitcode::write(&module).expect("written");
    let theirs = match common::llvm_dis(&bc) {
        Some(Ok(t)) => String::from_utf8(t).expect("UTF-8"),
        other => panic!("llvm-dis-14 refuses the bitcode: {other:?}"),
    };
    assert!(theirs.contains("unit: !"), "{theirs}");
    let decoded = bitcode::decode(&bc).expect("decoded");
    let ours = text::print(&decoded, &text::PrintOptions::default());
    let kept = kept_di_nodes(&theirs);
    assert_eq!(kept.len(), 12, "{theirs}");
    assert_eq!(kept, kept_di_nodes(&ours));
}
