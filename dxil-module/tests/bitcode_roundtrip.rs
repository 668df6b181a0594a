//! The bitcode writer from decoded models, on the corpus (`../shared/corpus/dxil-bin`): the
//! bitcode of every container's `DXIL` part decoded into a model and written from the model
//! (not from the input bytes),
//!
//! - (a) is printed by `llvm-dis-14` as the same text as the original bitcode;
//! - (b) decodes into a model equal to the first.
//!
//! Skipped without `../shared` (unless `DXIL_REQUIRE_SHARED` is set); (a) also without
//! `llvm-dis-14` (unless `DXIL_REQUIRE_LLVM_AS` is set).

#![allow(clippy::panic)]

mod common;
#[path = "common/corpus.rs"]
mod corpus;

use dxil_module::bitcode;

/// The `DXIL` parts of the corpus: (name, bitcode); `None` without the corpus.
fn dxil_parts() -> Option<Vec<(String, Vec<u8>)>> {
    let streams = corpus::corpus_bitcode()?.expect("corpus containers read");
    let parts: Vec<_> = streams
        .into_iter()
        .filter(|s| &s.part == b"DXIL")
        .map(|s| (s.name(), s.bitcode))
        .collect();
    assert!(!parts.is_empty(), "no DXIL parts in the corpus");
    Some(parts)
}

/// Runs `check` on every part on 2 threads; the failures, in order.
fn on_all(
    parts: &[(String, Vec<u8>)],
    check: impl Fn(&str, &[u8]) -> Result<(), String> + Sync,
) -> Vec<String> {
    let chunk = parts.len().div_ceil(2).max(1);
    std::thread::scope(|s| {
        let handles: Vec<_> = parts
            .chunks(chunk)
            .map(|part| {
                let check = &check;
                s.spawn(move || {
                    part.iter()
                        .filter_map(|(n, b)| check(n, b).err())
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a checking thread"))
            .collect()
    })
}

fn dis(bitcode: &[u8]) -> Result<String, String> {
    match common::llvm_dis(bitcode) {
        None => Err("llvm-dis-14 cannot run".into()),
        Some(Err(e)) => Err(format!("llvm-dis-14 refuses it: {e}")),
        Some(Ok(t)) => String::from_utf8(t).map_err(|_| "llvm-dis-14 printed no UTF-8".into()),
    }
}

fn report(what: &str, total: usize, failures: &[String]) {
    eprintln!("{}/{total} DXIL parts: {what}", total - failures.len());
    assert!(
        failures.is_empty(),
        "{} of {total} fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn decoded_and_written_prints_as_the_original() {
    let Some(parts) = dxil_parts() else {
        return;
    };
    if common::llvm_dis(b"").is_none() {
        return;
    }
    let failures = on_all(&parts, |name, bc| {
        let model = bitcode::decode(bc).map_err(|e| format!("{name}: not decoded: {e}"))?;
        let ours = bitcode::write(&model).map_err(|e| format!("{name}: refused: {e}"))?;
        let original = dis(bc).map_err(|e| format!("{name}: the original: {e}"))?;
        let again = dis(&ours).map_err(|e| format!("{name}: ours: {e}"))?;
        if again != original {
            return Err(format!(
                "{name}: {}",
                common::first_difference(&original, &again)
            ));
        }
        Ok(())
    });
    report(
        "decoded, written, llvm-dis-14 prints the same text as of the original",
        parts.len(),
        &failures,
    );
}

#[test]
fn decoded_written_and_decoded_again_is_the_same_model() {
    let Some(parts) = dxil_parts() else {
        return;
    };
    let failures = on_all(&parts, |name, bc| {
        let model = bitcode::decode(bc).map_err(|e| format!("{name}: not decoded: {e}"))?;
        let ours = bitcode::write(&model).map_err(|e| format!("{name}: refused: {e}"))?;
        let again = bitcode::decode(&ours).map_err(|e| format!("{name}: ours not decoded: {e}"))?;
        if again != model {
            return Err(format!(
                "{name}: {}",
                first_model_difference(&model, &again)
            ));
        }
        Ok(())
    });
    report(
        "decoded, written and decoded again is an equal model",
        parts.len(),
        &failures,
    );
}

/// Which field of two modules differs first (for the message).
fn first_model_difference(
    a: &dxil_module::model::Module,
    b: &dxil_module::model::Module,
) -> String {
    macro_rules! field {
        ($($f:ident),*) => {
            $(if a.$f != b.$f {
                return format!("{} differs", stringify!($f));
            })*
        };
    }
    field!(
        version,
        triple,
        datalayout,
        source_filename,
        asm,
        producer,
        types,
        constants
    );
    field!(
        attr_groups,
        attr_lists,
        globals,
        sections,
        gc_names,
        comdats,
        metadata
    );
    for (i, (f, g)) in a.functions.iter().zip(&b.functions).enumerate() {
        if f != g {
            return format!(
                "function {i} differs: {:?}",
                a.function_name(dxil_module::model::FuncId(i as u32))
            );
        }
    }
    field!(functions, symbols);
    "the modules differ".into()
}
