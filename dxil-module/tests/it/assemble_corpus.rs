//! The parts `dxil_module::assemble` derives from a module, against the corpus containers'
//! own (`../shared/corpus/dxil-bin`): for every container, its `DXIL` part's bitcode decoded
//! into a model, the parts derived from the model (the `DXIL` part from the same bitcode)
//! compared byte for byte with the container's parts of the same code; and the container
//! written from the model (bitcode and parts) read back, its digest verified; and every
//! module but the libraries records the view-ID state DXC records for its code, so that
//! assembling it refreshes nothing (`assemble::viewid::needed`). The counts are printed, and
//! every part must be the corpus's own.
//!
//! Skipped without `../shared` (unless `DXIL_REQUIRE_SHARED` is set).

#![allow(clippy::panic)]

use crate::corpus;

use std::collections::BTreeMap;

use dxil_module::container::{Container, DigestStatus, FourCC};
use dxil_module::{assemble, bitcode};

/// The codes compared.
const CODES: [FourCC; 6] = [
    FourCC::SFI0,
    FourCC::ISG1,
    FourCC::OSG1,
    FourCC::PSG1,
    FourCC::PSV0,
    FourCC::DXIL,
];

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[test]
fn derived_parts_against_the_corpus() {
    let Some(files) = corpus::corpus_files() else {
        return;
    };
    // per code: (the same, present in both, differences shown)
    let mut counts: BTreeMap<String, (usize, usize, Vec<String>)> = BTreeMap::new();
    // the view-ID state computed against the one the module records (`!dx.viewIdState`)
    let (mut recorded, mut recorded_same) = (0, 0);
    // modules that are no library, and those of them whose record needs no refresh
    let (mut graphics, mut current) = (0, 0);
    let mut signed = 0;
    let mut failures = Vec::new();
    for f in &files {
        let bytes = std::fs::read(f).expect("read corpus file");
        let name = corpus::short(f);
        let c = Container::parse(&bytes).expect("corpus container parses");
        let Some(dxil) = c.find(FourCC::DXIL) else {
            continue;
        };
        let bc = dxil_module::container::find_bitcode(&bytes)
            .expect("bitcode")
            .bytes;
        let m = bitcode::decode(bc).expect("corpus bitcode decodes");
        if let Some(words) = assemble::viewid::recorded_words(&m) {
            recorded += 1;
            let ours = assemble::viewid::compute(&m).expect("a view-ID state");
            if ours.to_words() == words {
                recorded_same += 1;
            } else {
                failures.push(format!(
                    "{name}: the view-ID state differs from !dx.viewIdState"
                ));
            }
        }
        // what DXC recorded is what refreshing records: assembling changes no bitcode
        if let Some(Ok(state)) = (!library(&m)).then(|| assemble::viewid::compute(&m)) {
            graphics += 1;
            match assemble::viewid::needed(&m, &state) {
                Ok(assemble::viewid::Refresh::Current) => current += 1,
                other => failures.push(format!("{name}: refreshing gives {other:?}")),
            }
        }
        let parts = match assemble::parts(&m, bc) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        for code in CODES {
            let theirs = if code == FourCC::DXIL {
                Some(dxil.data)
            } else {
                c.find(code).map(|p| p.data)
            };
            let ours = parts.iter().find(|(c, _)| *c == code).map(|(_, d)| &d[..]);
            if let (FourCC::PSV0, Some(o)) = (code, ours)
                && let Err(e) = dxil_module::container::Psv::parse(o, 0, None)
            {
                failures.push(format!("{name}: our PSV0 does not parse: {e}"));
            }
            let entry = counts.entry(code.to_string()).or_default();
            match (theirs, ours) {
                (Some(t), Some(o)) => {
                    entry.1 += 1;
                    if t == o {
                        entry.0 += 1;
                    } else {
                        if let Some(dir) = std::env::var_os("DXIL_DUMP_PARTS") {
                            let stem = f.file_stem().expect("a name").to_string_lossy();
                            let dir = std::path::Path::new(&dir);
                            std::fs::write(dir.join(format!("{stem}.{code}.theirs")), t).ok();
                            std::fs::write(dir.join(format!("{stem}.{code}.ours")), o).ok();
                        }
                    }
                    if t != o && code == FourCC::PSV0 {
                        entry.2.push(format!("{name}: {}", psv_difference(t, o)));
                    } else if t != o && entry.2.len() < 3 {
                        let at = t.iter().zip(o).position(|(a, b)| a != b);
                        entry.2.push(format!(
                            "{name}: {} bytes (theirs) and {} (ours), first difference at {at:?}",
                            t.len(),
                            o.len()
                        ));
                    }
                }
                (Some(_), None) => entry.2.push(format!("{name}: not derived")),
                (None, Some(_)) => entry.2.push(format!("{name}: derived, not in the corpus")),
                (None, None) => {}
            }
        }
        match assemble::container(&m) {
            Ok(ours) => match Container::parse(&ours) {
                Ok(c) if c.digest_status() == DigestStatus::Matches => signed += 1,
                Ok(_) => failures.push(format!("{name}: the digest does not verify")),
                Err(e) => failures.push(format!("{name}: our container does not parse: {e}")),
            },
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    for (code, (same, both, diffs)) in &counts {
        eprintln!("{code}: {same}/{both} byte-identical");
        for d in diffs {
            eprintln!("  {d}");
        }
    }
    eprintln!(
        "{recorded_same}/{recorded} view-ID states computed equal to the module's !dx.viewIdState"
    );
    eprintln!(
        "{current}/{graphics} modules (all but libraries) record the view-ID state as DXC \
         does for their code: assembling them refreshes nothing"
    );
    eprintln!(
        "{signed}/{} containers written from the decoded model parse with a verified digest",
        files.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // what the module docs say is reproduced
    let same = |code: &str| counts.get(code).map_or((0, 0), |c| (c.0, c.1));
    for code in ["DXIL", "SFI0", "PSG1", "ISG1", "OSG1", "PSV0"] {
        let (same, both) = same(code);
        assert_eq!(same, both, "{code} parts differ");
    }
}

/// Whether `m` is a library (`!dx.shaderModel` of kind `lib`).
fn library(m: &dxil_module::model::Module) -> bool {
    let sm = dxil_module::dxil::shader_model(m).expect("a shader model");
    sm.is_some_and(|sm| sm.is_library())
}

/// How our PSV0 part `o` differs from theirs `t`.
fn psv_difference(t: &[u8], o: &[u8]) -> String {
    use dxil_module::container::Psv;
    let (Ok(pt), Ok(po)) = (Psv::parse(t, 0, None), Psv::parse(o, 0, None)) else {
        return "not both readable".to_string();
    };
    let same_but_tables = pt.info == po.info
        && pt.string_table == po.string_table
        && pt.index_table == po.index_table
        && pt.resources().eq(po.resources())
        && pt.input_elements().eq(po.input_elements())
        && pt.output_elements().eq(po.output_elements())
        && pt
            .patch_const_or_prim_elements()
            .eq(po.patch_const_or_prim_elements());
    if same_but_tables {
        "equal but for the view-ID masks and dependence tables".to_string()
    } else {
        let at = t.iter().zip(o).position(|(a, b)| a != b);
        format!(
            "differ first at byte {at:?} ({} bytes theirs, {} ours)",
            t.len(),
            o.len()
        )
    }
}
