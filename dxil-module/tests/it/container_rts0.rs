//! Root signatures (`RTS0`): every one of the corpus decoded and laid out again as DXC's
//! serializer lays a root signature out gives the part's bytes; root signatures of each
//! version built here (static samplers, version 1.0's shorter records, version 1.2's sampler
//! flags) read back as built; and a part cut short, with an offset or a count past its end,
//! an unknown version or parameter type, is an error at the offending field's byte offset.

#![allow(clippy::panic)]

use dxil_module::container::root_signature::{ParameterKind, filter_name};
use dxil_module::container::{
    Container, ErrorKind, FourCC, PartContent, RootParameterType, RootSignature,
};

use crate::dxil_bin;

/// A root parameter as this test lays it out: its payload and its visibility.
#[derive(Clone, Debug, PartialEq)]
enum Param {
    /// Ranges: type, count, base register, space, flags (1.1 on), offset in the table.
    Table(Vec<[u32; 6]>),
    /// Register, space, number of values.
    Constants([u32; 3]),
    /// Parameter type (2 to 4), register, space, flags (1.1 on).
    Descriptor([u32; 4]),
}

/// A root signature as this test lays it out.
#[derive(Clone, Debug, PartialEq)]
struct Spec {
    version: u32,
    flags: u32,
    params: Vec<(Param, u32)>,
    /// Filter, address u, v, w, bias (bits), anisotropy, comparison, border, min and max LOD
    /// (bits), register, space, visibility, flags (1.2).
    samplers: Vec<[u32; 14]>,
}

fn push(out: &mut Vec<u8>, words: &[u32]) {
    for w in words {
        out.extend_from_slice(&w.to_le_bytes());
    }
}

/// `spec` laid out as DXC's serializer lays a root signature out: the header, the parameter
/// records, each parameter's payload in turn (a table's ranges right after it), then the
/// static samplers.
fn lay_out(spec: &Spec) -> Vec<u8> {
    let v1 = spec.version == 1;
    let range_words = if v1 { 5 } else { 6 };
    let descriptor_words = if v1 { 2 } else { 3 };
    let sampler_words = if spec.version >= 3 { 14 } else { 13 };
    let mut payloads = Vec::new();
    let params_at = 24;
    let mut at = params_at + 12 * spec.params.len();
    let mut records = Vec::new();
    for (param, visibility) in &spec.params {
        let (ty, words) = match param {
            Param::Table(ranges) => {
                let mut words = vec![ranges.len() as u32, (at + 8) as u32];
                for r in ranges {
                    let r = if v1 {
                        vec![r[0], r[1], r[2], r[3], r[5]]
                    } else {
                        r.to_vec()
                    };
                    words.extend_from_slice(&r[..range_words]);
                }
                (0, words)
            }
            Param::Constants(c) => (1, c.to_vec()),
            Param::Descriptor(d) => (d[0], d[1..1 + descriptor_words].to_vec()),
        };
        records.extend([ty, *visibility, at as u32]);
        at += 4 * words.len();
        payloads.extend(words);
    }
    let mut out = Vec::new();
    push(
        &mut out,
        &[
            spec.version,
            spec.params.len() as u32,
            params_at as u32,
            spec.samplers.len() as u32,
            at as u32,
            spec.flags,
        ],
    );
    push(&mut out, &records);
    push(&mut out, &payloads);
    for s in &spec.samplers {
        push(&mut out, &s[..sampler_words]);
    }
    out
}

/// What `rs` decodes to, as a [`Spec`].
fn spec_of(rs: &RootSignature<'_>) -> Spec {
    let params = rs
        .parameters()
        .map(|p| {
            let param = match p.kind {
                ParameterKind::Table(t) => Param::Table(
                    t.ranges()
                        .map(|r| {
                            [
                                r.range_type,
                                r.count,
                                r.base_register,
                                r.space,
                                r.flags.unwrap_or(0),
                                r.offset_in_table,
                            ]
                        })
                        .collect(),
                ),
                ParameterKind::Constants {
                    register,
                    space,
                    values,
                } => Param::Constants([register, space, values]),
                ParameterKind::Descriptor {
                    view,
                    register,
                    space,
                    flags,
                } => Param::Descriptor([view.value(), register, space, flags.unwrap_or(0)]),
            };
            (param, p.visibility)
        })
        .collect();
    let samplers = rs
        .samplers()
        .map(|s| {
            [
                s.filter,
                s.address[0],
                s.address[1],
                s.address[2],
                s.mip_lod_bias.to_bits(),
                s.max_anisotropy,
                s.comparison,
                s.border_color,
                s.min_lod.to_bits(),
                s.max_lod.to_bits(),
                s.register,
                s.space,
                s.visibility,
                s.flags.unwrap_or(0),
            ]
        })
        .collect();
    Spec {
        version: rs.version,
        flags: rs.flags,
        params,
        samplers,
    }
}

/// A root signature of `version` with a parameter of every kind and two static samplers.
fn built(version: u32) -> Spec {
    let flags = |f: u32| if version == 1 { 0 } else { f };
    Spec {
        version,
        flags: 0x1 | 0x400,
        params: vec![
            (
                Param::Table(vec![
                    [0, u32::MAX, 2, 1, flags(0x4), 0],
                    [1, 4, 0, 0, flags(0x1 | 0x2), u32::MAX],
                ]),
                5,
            ),
            (Param::Constants([3, 0, 16]), 0),
            (Param::Descriptor([2, 1, 0, flags(0x8)]), 1),
            (Param::Descriptor([4, 7, 2, flags(0x2)]), 7),
            (Param::Table(vec![[3, 2, 0, 0, flags(0x1), 0]]), 5),
        ],
        samplers: vec![
            [
                0x55,
                1,
                3,
                4,
                (-0.5f32).to_bits(),
                16,
                4,
                2,
                0f32.to_bits(),
                f32::MAX.to_bits(),
                0,
                0,
                5,
                if version >= 3 { 0x2 } else { 0 },
            ],
            [
                0x94,
                5,
                5,
                5,
                0f32.to_bits(),
                1,
                2,
                0,
                1f32.to_bits(),
                3f32.to_bits(),
                1,
                3,
                0,
                0,
            ],
        ],
    }
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
        assert_eq!(lay_out(&spec_of(&rs)), part.data, "{name}");
        seen += 1;
    }
    eprintln!(
        "{seen} root signatures in {} containers ({corpus} the corpus's) laid out again as they were",
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
        assert_eq!(spec_of(&rs), spec, "version {version}");
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
