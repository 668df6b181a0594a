//! Every container of the binary corpus: parsed, every part decoded, digests verified, the
//! bitcode found, and written back byte for byte from its parts.

use std::collections::{BTreeMap, BTreeSet};

use dxil_module::container::psv::PsvElement;
use dxil_module::container::{
    Container, DigestMode, DigestStatus, FourCC, PartContent, find_bitcode, write_container,
};

use crate::dxil_bin;

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[test]
fn every_container_parses_and_every_part_decodes() {
    let Some(files) = dxil_bin::containers() else {
        return;
    };
    assert_eq!(files.len(), 219);
    let mut decoded: BTreeMap<String, usize> = BTreeMap::new();
    let (mut programs, mut checked) = (0, 0);
    for (name, bytes) in &files {
        let c = Container::parse(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(c.trailing_len(), 0, "{name}");
        let mut semantics: BTreeMap<FourCC, BTreeSet<String>> = BTreeMap::new();
        for part in c.parts() {
            let content = c
                .decode(&part)
                .unwrap_or_else(|e| panic!("{name} {}: {e}", part.fourcc));
            let kind = match content {
                PartContent::Bytes(_) => "kept as bytes",
                _ => "decoded",
            };
            *decoded
                .entry(format!("{} {kind}", part.fourcc))
                .or_default() += 1;
            match content {
                PartContent::Program(p) => {
                    programs += 1;
                    assert!(
                        p.bitcode.starts_with(b"BC\xC0\xDE"),
                        "{name} {}",
                        part.fourcc
                    );
                    assert_eq!(p.size_in_words as usize * 4, part.data.len(), "{name}");
                    let (sm, dxil) = (p.shader_model(), p.dxil_version());
                    assert_eq!((sm.major, sm.minor), (6, dxil.minor), "{name}");
                    assert_eq!(dxil.major, 1, "{name}");
                    assert!(p.shader_kind().is_some(), "{name}");
                }
                PartContent::Signature(s) => {
                    let names = s.elements().map(|e| e.semantic_name.to_owned()).collect();
                    semantics.insert(part.fourcc, names);
                }
                PartContent::Psv(psv) => {
                    // every byte of the part is in a known section
                    assert!(
                        psv.trailing.is_empty() && psv.info_extra.is_empty(),
                        "{name}"
                    );
                    let program = c.program().unwrap().unwrap();
                    assert_eq!(psv.stage, Some(program.shader_kind_value()), "{name}");
                    // PSV0 names arbitrary semantics only (system values by their kind)
                    let names = |it: &mut dyn Iterator<Item = PsvElement>| {
                        it.filter(|e| !e.semantic_name.is_empty())
                            .map(|e| e.semantic_name.to_owned())
                            .collect()
                    };
                    semantics.insert(FourCC(*b"psvI"), names(&mut psv.input_elements()));
                    semantics.insert(FourCC(*b"psvO"), names(&mut psv.output_elements()));
                    let pc = names(&mut psv.patch_const_or_prim_elements());
                    semantics.insert(FourCC(*b"psvP"), pc);
                }
                _ => {}
            }
        }
        // the semantics PSV0 names are the signature parts'
        let pairs = [
            (FourCC::ISG1, *b"psvI"),
            (FourCC::OSG1, *b"psvO"),
            (FourCC::PSG1, *b"psvP"),
        ];
        for (sig, psv) in pairs {
            if let (Some(a), Some(b)) = (semantics.get(&sig), semantics.get(&FourCC(psv))) {
                assert!(b.is_subset(a), "{name} {sig}: {b:?} not in {a:?}");
                checked += 1;
            }
        }
    }
    println!(
        "{programs} program headers, {checked} signatures matched with PSV0; parts: {decoded:#?}"
    );
    assert_eq!(programs, 219 + 23 + 1);
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[test]
fn every_digest_verifies() {
    let Some(files) = dxil_bin::containers() else {
        return;
    };
    let (ok, zero) = digests(&files);
    assert_eq!((ok, zero), (217, 2));
    let more = dxil_bin::more_containers();
    if !more.is_empty() {
        println!("of DXIL_MORE_CONTAINERS:");
        digests(&more);
    }
}

/// The digests of `files` (each a container that parses): how many verify and how many are
/// zero, after a line saying so; a mismatch fails the test.
#[allow(clippy::panic)] // a test fails by panicking
fn digests(files: &[(String, Vec<u8>)]) -> (usize, usize) {
    let (mut ok, mut zero, mut bad) = (0, 0, Vec::new());
    for (name, bytes) in files {
        let c = Container::parse(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        match c.digest_status() {
            DigestStatus::Matches => ok += 1,
            DigestStatus::Zero => zero += 1,
            DigestStatus::Mismatch { .. } => bad.push(name.clone()),
        }
    }
    println!("{ok} digests verified, {zero} zero");
    assert!(bad.is_empty(), "mismatches: {bad:?}");
    (ok, zero)
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[test]
fn every_container_is_written_back_identical() {
    let Some(files) = dxil_bin::containers() else {
        return;
    };
    for (name, bytes) in &files {
        let c = Container::parse(bytes).unwrap();
        let parts: Vec<(FourCC, &[u8])> = c.parts().map(|p| (p.fourcc, p.data)).collect();
        let mode = match c.digest_status() {
            DigestStatus::Zero => DigestMode::Zero,
            _ => DigestMode::Compute,
        };
        let written = write_container(&parts, mode).unwrap();
        assert!(written == *bytes, "{name}: written differently");
    }
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[test]
fn the_bitcode_of_every_container_is_found() {
    let Some(files) = dxil_bin::containers() else {
        return;
    };
    for (name, bytes) in &files {
        let b = find_bitcode(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(b.bytes.starts_with(b"BC\xC0\xDE"), "{name}");
        assert_eq!(&bytes[b.offset..b.offset + b.bytes.len()], b.bytes);
    }
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[test]
fn a_flipped_byte_after_the_digest_is_a_mismatch() {
    let Some(files) = dxil_bin::containers() else {
        return;
    };
    let (mut flips, mut parsed) = (0, 0);
    for (name, bytes) in &files {
        if bytes[4..20] == [0; 16] {
            continue;
        }
        let positions = (32..bytes.len()).step_by(97).chain([bytes.len() - 1]);
        for at in positions {
            let mut flipped = bytes.clone();
            flipped[at] ^= 1;
            flips += 1;
            let Ok(c) = Container::parse(&flipped) else {
                continue;
            };
            parsed += 1;
            assert!(
                matches!(c.digest_status(), DigestStatus::Mismatch { .. }),
                "{name}: byte {at} flipped, the digest still matches"
            );
        }
    }
    println!("{flips} flipped bytes, {parsed} containers still parsed, each a digest mismatch");
    assert!(parsed > 2000, "{parsed}");
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[test]
fn the_bitcode_is_found_wrapped_and_bare() {
    let Some(files) = dxil_bin::containers() else {
        return;
    };
    for (name, bytes) in &files {
        let inner = find_bitcode(bytes).unwrap().bytes;
        let mut wrapped = Vec::new();
        for word in [0x0B17_C0DE, 0, 20, inner.len() as u32, 0] {
            wrapped.extend_from_slice(&u32::to_le_bytes(word));
        }
        wrapped.extend_from_slice(inner);
        let w = find_bitcode(&wrapped).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!((w.bytes, w.offset), (inner, 20), "{name}");
        let bare = find_bitcode(inner).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!((bare.bytes, bare.offset), (inner, 0), "{name}");
    }
}
