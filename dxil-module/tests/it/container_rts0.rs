//! Root signatures (`RTS0`): every one of the corpus decoded and serialized again
//! (`RootSignature::to_desc`, `RootSignatureDesc::serialize`) gives the part's bytes, as
//! DXC's serializer laid them out; root signatures of each version built here (static
//! samplers, version 1.0's shorter records, version 1.2's sampler flags) serialize and read
//! back as built, and one the version cannot hold is refused; and a part cut short, with an
//! offset or a count past its end, an unknown version or parameter type, is an error at the
//! offending field's byte offset.

#![allow(clippy::panic)]

use dxil_module::container::root_signature::{
    DescriptorRange, ParameterDesc, ParameterKind, RootSignatureDesc, RootSignatureWriteError,
    StaticSampler, filter_name,
};
use dxil_module::container::{
    Container, ErrorKind, FourCC, PartContent, RootParameterType, RootSignature,
};

use crate::dxil_bin;

fn push(out: &mut Vec<u8>, words: &[u32]) {
    for w in words {
        out.extend_from_slice(&w.to_le_bytes());
    }
}

/// A range of `range_type` with `flags` (none in version 1.0).
fn range(
    range_type: u32,
    count: u32,
    base: u32,
    space: u32,
    flags: Option<u32>,
    at: u32,
) -> DescriptorRange {
    DescriptorRange {
        offset: 0,
        range_type,
        count,
        base_register: base,
        space,
        flags,
        offset_in_table: at,
    }
}

/// A static sampler of `filter` in register `s{register}`.
fn sampler(filter: u32, register: u32, visibility: u32, flags: Option<u32>) -> StaticSampler {
    StaticSampler {
        offset: 0,
        filter,
        address: [1, 3, 4],
        mip_lod_bias: -0.5,
        max_anisotropy: 16,
        comparison: 4,
        border_color: 2,
        min_lod: 0.0,
        max_lod: f32::MAX,
        register,
        space: 0,
        visibility,
        flags,
    }
}

/// A root signature of `version` with a parameter of every kind and two static samplers.
fn built(version: u32) -> RootSignatureDesc {
    let flags = |f: u32| (version >= 2).then_some(f);
    let param = |visibility, kind| ParameterDesc { visibility, kind };
    let descriptor = |view, register, space, f| ParameterKind::Descriptor {
        view,
        register,
        space,
        flags: flags(f),
    };
    RootSignatureDesc {
        version,
        flags: 0x1 | 0x400,
        parameters: vec![
            param(
                5,
                ParameterKind::Table(vec![
                    range(0, u32::MAX, 2, 1, flags(0x4), 0),
                    range(1, 4, 0, 0, flags(0x1 | 0x2), u32::MAX),
                ]),
            ),
            param(
                0,
                ParameterKind::Constants {
                    register: 3,
                    space: 0,
                    values: 16,
                },
            ),
            param(1, descriptor(RootParameterType::Cbv, 1, 0, 0x8)),
            param(7, descriptor(RootParameterType::Uav, 7, 2, 0x2)),
            param(
                5,
                ParameterKind::Table(vec![range(3, 2, 0, 0, flags(0x1), 0)]),
            ),
        ],
        samplers: vec![
            sampler(0x55, 0, 5, (version >= 3).then_some(0x2)),
            sampler(0x94, 1, 0, (version >= 3).then_some(0)),
        ],
    }
}

/// `desc` serialized.
fn lay_out(desc: &RootSignatureDesc) -> Vec<u8> {
    desc.serialize().unwrap_or_else(|e| panic!("{e}"))
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[test]
fn corpus_root_signatures_lay_out_again_as_they_were() {
    let Some(mut files) = dxil_bin::containers() else {
        return;
    };
    let corpus = files.len();
    files.extend(dxil_bin::more_containers());
    let mut seen = 0;
    for (name, bytes) in &files {
        let c = Container::parse(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        let Some(part) = c.find(FourCC::RTS0) else {
            continue;
        };
        let Ok(PartContent::RootSignature(rs)) = c.decode(&part) else {
            panic!("{name}: RTS0 does not decode");
        };
        assert_eq!(lay_out(&rs.to_desc()), part.data, "{name}");
        seen += 1;
    }
    eprintln!(
        "{seen} root signatures in {} containers ({corpus} the corpus's) serialize again to their parts' bytes",
        files.len()
    );
    if files.len() == corpus {
        assert_eq!(seen, 9);
    }
}

#[test]
fn built_root_signatures_read_back_as_built() {
    for version in 1..=3 {
        let spec = built(version);
        let bytes = lay_out(&spec);
        let rs = RootSignature::parse(&bytes, 100).unwrap_or_else(|e| panic!("{version}: {e}"));
        assert_eq!(rs.to_desc(), spec, "version {version}");
        let first = rs.parameters().next().expect("a parameter");
        assert_eq!(first.offset, 100 + 24);
        let ParameterKind::Table(t) = first.kind else {
            panic!("a table first");
        };
        assert_eq!(
            t.ranges().map(|r| r.offset).collect::<Vec<_>>(),
            [
                100 + 24 + 5 * 12 + 8,
                100 + 24 + 5 * 12 + 8 + if version == 1 { 20 } else { 24 },
            ]
        );
        let sampler = rs.samplers().next().expect("a sampler");
        assert_eq!(sampler.mip_lod_bias, -0.5);
        assert_eq!(sampler.max_lod, f32::MAX);
        assert_eq!(filter_name(sampler.filter).as_deref(), Some("ANISOTROPIC"));
        assert_eq!(sampler.flags, (version >= 3).then_some(0x2));
        let kinds: Vec<_> = rs
            .parameters()
            .filter_map(|p| match p.kind {
                ParameterKind::Descriptor { view, flags, .. } => Some((view, flags)),
                _ => None,
            })
            .collect();
        let flags = |f| (version >= 2).then_some(f);
        assert_eq!(
            kinds,
            [
                (RootParameterType::Cbv, flags(0x8)),
                (RootParameterType::Uav, flags(0x2))
            ]
        );
    }
}

/// The error of `bytes` read as an `RTS0` part at byte 1000 of an input: its offset and kind.
fn error_of(bytes: &[u8]) -> (usize, ErrorKind) {
    match RootSignature::parse(bytes, 1000) {
        Ok(_) => panic!("{bytes:?} reads"),
        Err(e) => {
            assert!(!e.to_string().is_empty());
            (e.offset, e.kind)
        }
    }
}

/// `bytes` with word `index` set to `value`.
fn with_word(bytes: &[u8], index: usize, value: u32) -> Vec<u8> {
    let mut out = bytes.to_vec();
    out[4 * index..4 * index + 4].copy_from_slice(&value.to_le_bytes());
    out
}

#[test]
fn hostile_root_signatures_are_errors_at_their_fields() {
    for version in 1..=3 {
        let bytes = lay_out(&built(version));
        // cut anywhere: something it needs is past the end
        for cut in 0..bytes.len() {
            let (offset, _) = error_of(&bytes[..cut]);
            assert!(
                offset >= 1000 && offset <= 1000 + cut,
                "{version} {cut}: {offset}"
            );
        }
        // the header's fields
        let invalid = |kind: &ErrorKind| matches!(kind, ErrorKind::Invalid { .. });
        for bad in [0, 4, u32::MAX] {
            let (offset, kind) = error_of(&with_word(&bytes, 0, bad));
            assert!(offset == 1000 && invalid(&kind), "version {bad}: {kind:?}");
        }
        for (field, word) in [
            (1, u32::MAX),
            (2, u32::MAX - 3),
            (3, u32::MAX),
            (4, 1 << 20),
        ] {
            let (offset, kind) = error_of(&with_word(&bytes, field, word));
            // a count is checked through the offset of what it counts
            let at = if field % 2 == 1 { field + 1 } else { field };
            assert_eq!(offset, 1000 + 4 * at, "field {field}: {kind:?}");
            assert!(invalid(&kind), "field {field}: {kind:?}");
        }
        // the first parameter's type and payload offset, the table's range count
        let (offset, kind) = error_of(&with_word(&bytes, 6, 5));
        assert!(offset == 1000 + 24 && invalid(&kind), "{kind:?}");
        let (offset, kind) = error_of(&with_word(&bytes, 8, bytes.len() as u32 - 4));
        assert!(offset == 1000 + 32 && invalid(&kind), "{kind:?}");
        let table = 6 + 3 * 5;
        let (offset, kind) = error_of(&with_word(&bytes, table, u32::MAX));
        assert!(
            offset == 1000 + 4 * (table + 1) && invalid(&kind),
            "{kind:?}"
        );
    }
}

#[test]
fn tables_sharing_their_ranges_cannot_add_up_past_the_part() {
    // 1000 parameters, each a table of the same 50 ranges: each table fits, all together not
    let (params, ranges) = (1000u32, 50u32);
    let payload = 24 + 12 * params;
    let ranges_at = payload + 8;
    let end = ranges_at + 24 * ranges;
    let mut words = vec![2, params, 24, 0, end, 0];
    for _ in 0..params {
        words.extend([0, 0, payload]);
    }
    words.extend([ranges, ranges_at]);
    for _ in 0..ranges {
        words.extend([0, 1, 0, 0, 0, u32::MAX]);
    }
    let mut bytes = Vec::new();
    push(&mut bytes, &words);
    let (offset, kind) = error_of(&bytes);
    // the first table whose ranges, with those before, pass the part's size
    let part = bytes.len() as u64;
    let first_over = (part / (24 * u64::from(ranges)) + 1) as usize;
    assert_eq!(offset, 1000 + 24 + 12 * (first_over - 1), "{kind:?}");
    assert!(matches!(kind, ErrorKind::Invalid { .. }), "{kind:?}");
}

#[test]
fn root_signatures_a_version_cannot_hold_are_refused() {
    let mut v10 = built(1);
    v10.parameters[2].kind = ParameterKind::Descriptor {
        view: RootParameterType::Cbv,
        register: 0,
        space: 0,
        flags: Some(0x8),
    };
    assert_eq!(
        v10.serialize(),
        Err(RootSignatureWriteError::FlagsNeedVersion {
            what: "root parameter",
            index: 2,
            needs: "1.1"
        })
    );
    let mut v11 = built(2);
    v11.samplers[1].flags = Some(0x1);
    let e = v11.serialize().expect_err("sampler flags need 1.2");
    assert!(e.to_string().contains("static sampler 1 has flags"), "{e}");
    let mut table = built(3);
    table.parameters[1].kind = ParameterKind::Descriptor {
        view: RootParameterType::DescriptorTable,
        register: 0,
        space: 0,
        flags: None,
    };
    assert_eq!(
        table.serialize(),
        Err(RootSignatureWriteError::NotAView { parameter: 1 })
    );
    let mut bad = built(2);
    bad.version = 4;
    assert_eq!(bad.serialize(), Err(RootSignatureWriteError::Version(4)));
}
