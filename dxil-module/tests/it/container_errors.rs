//! Each kind of mistake in a container gives its error, with the byte offset and what was
//! expected, on small containers made for the purpose.

use dxil_module::container::{
    BitcodeSource, Container, DigestMode, DigestStatus, Error, ErrorKind, FourCC, Leading,
    PartContent, find_bitcode, find_part_bitcode, sign, write_container,
};

/// A container of `parts`, with its digest.
fn container(parts: &[(&[u8; 4], Vec<u8>)]) -> Vec<u8> {
    let parts: Vec<(FourCC, &[u8])> = parts.iter().map(|(c, d)| (FourCC(**c), &d[..])).collect();
    write_container(&parts, DigestMode::Compute).expect("a small container")
}

fn words(ws: &[u32]) -> Vec<u8> {
    ws.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// A program part (pixel shader 6.0, DXIL 1.0) around `bitcode`.
fn program(bitcode: &[u8]) -> Vec<u8> {
    let size = 24 + bitcode.len();
    let mut p = words(&[0x60, size.div_ceil(4) as u32]);
    p.extend_from_slice(b"DXIL");
    p.extend(words(&[0x100, 16, bitcode.len() as u32]));
    p.extend_from_slice(bitcode);
    while !p.len().is_multiple_of(4) {
        p.push(0);
    }
    p
}

const BITCODE: &[u8] = b"BC\xC0\xDE\x35\x14\x00\x00";

fn parse_err(bytes: &[u8]) -> Error {
    Container::parse(bytes).expect_err("an error")
}

/// The error decoding the first part of kind `code` of `bytes`.
fn decode_err(bytes: &[u8], code: &[u8; 4]) -> Error {
    let c = Container::parse(bytes).expect("a container");
    let part = c.find(FourCC(*code)).expect("the part");
    c.decode(&part).expect_err("an error")
}

fn set_u32(bytes: &mut [u8], at: usize, value: u32) {
    bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
}

#[test]
fn a_small_container_reads_back() {
    let bytes = container(&[(b"SFI0", words(&[1, 0])), (b"DXIL", program(BITCODE))]);
    let c = Container::parse(&bytes).unwrap();
    assert_eq!(c.digest_status(), DigestStatus::Matches);
    let parts: Vec<_> = c.parts().map(|p| (p.fourcc, p.offset)).collect();
    assert_eq!(parts, [(FourCC::SFI0, 40), (FourCC::DXIL, 56)]);
    let program = c.program().unwrap().unwrap();
    assert_eq!(program.bitcode, BITCODE);
    assert_eq!(program.bitcode_start, 56 + 8 + 24);
    assert_eq!(program.shader_model().to_string(), "6.0");
    match c.decode(&c.find(FourCC::SFI0).unwrap()).unwrap() {
        PartContent::Features(f) => assert_eq!(f.flags().to_string(), "Doubles"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_flipped_byte_is_a_digest_mismatch_and_sign_repairs_it() {
    let mut bytes = container(&[(b"DXIL", program(BITCODE))]);
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    let c = Container::parse(&bytes).unwrap();
    assert!(matches!(c.digest_status(), DigestStatus::Mismatch { .. }));
    sign(&mut bytes).unwrap();
    assert_eq!(
        Container::parse(&bytes).unwrap().digest_status(),
        DigestStatus::Matches
    );
    bytes[4..20].fill(0);
    assert_eq!(
        Container::parse(&bytes).unwrap().digest_status(),
        DigestStatus::Zero
    );
}

#[test]
fn header_errors() {
    let good = container(&[(b"DXIL", program(BITCODE))]);
    let e = parse_err(&good[..31]);
    assert_eq!(e.offset, 0);
    assert!(matches!(
        e.kind,
        ErrorKind::Truncated {
            needed: 32,
            available: 31,
            ..
        }
    ));
    assert!(
        e.to_string()
            .starts_with("byte 0: expected a container header of 32 bytes"),
        "{e}"
    );

    let mut bad = good.clone();
    bad[..4].copy_from_slice(b"DXBX");
    let e = parse_err(&bad);
    assert!(matches!(e.kind, ErrorKind::Magic { found, .. } if found.bytes() == b"DXBX"));
    assert_eq!(
        e.to_string(),
        "byte 0: expected the container magic `DXBC`, found `DXBX`"
    );

    let mut bad = good.clone();
    bad[20] = 2;
    let e = parse_err(&bad);
    assert_eq!(
        (e.offset, e.kind),
        (20, ErrorKind::Version { major: 2, minor: 0 })
    );

    let mut bad = good.clone();
    set_u32(&mut bad, 24, 31);
    assert_eq!(parse_err(&bad).offset, 24);

    // the size field says more than the input holds
    let e = parse_err(&good[..good.len() - 1]);
    assert_eq!(e.offset, 0);
    assert!(matches!(e.kind, ErrorKind::Truncated { .. }), "{e}");
    // the input holds more: the rest is not the container's
    let mut longer = good.clone();
    longer.extend_from_slice(&[0; 5]);
    assert_eq!(Container::parse(&longer).unwrap().trailing_len(), 5);
}

#[test]
fn part_table_errors() {
    let good = container(&[(b"SFI0", words(&[0, 0])), (b"DXIL", program(BITCODE))]);
    // a part count of 2^32 - 1: the table does not fit, nothing is allocated for it
    let mut bad = good.clone();
    set_u32(&mut bad, 28, u32::MAX);
    let e = parse_err(&bad);
    assert_eq!(e.offset, 32);
    assert!(
        matches!(e.kind, ErrorKind::Truncated { needed, .. } if needed == 4 * u64::from(u32::MAX)),
        "{e}"
    );
    // a part offset past the end
    let mut bad = good.clone();
    set_u32(&mut bad, 36, 0x7fff_ffff);
    let e = parse_err(&bad);
    assert_eq!(e.offset, 36);
    assert!(e.to_string().contains("a part offset is 2147483647"), "{e}");
    // a part header cut by the end of the container
    let mut bad = good.clone();
    let end = bad.len() as u32;
    set_u32(&mut bad, 36, end - 4);
    let e = parse_err(&bad);
    assert_eq!(e.offset, end as usize - 4);
    assert!(
        matches!(
            e.kind,
            ErrorKind::Truncated {
                needed: 8,
                available: 4,
                ..
            }
        ),
        "{e}"
    );
    // a part size past the end
    let mut bad = good.clone();
    set_u32(&mut bad, 40 + 4, 1000);
    let e = parse_err(&bad);
    assert_eq!(e.offset, 48);
    assert!(
        matches!(e.kind, ErrorKind::Truncated { needed: 1000, .. }),
        "{e}"
    );
    // overlapping parts: the second starts inside the first
    let mut bad = good.clone();
    set_u32(&mut bad, 36, 44);
    let e = parse_err(&bad);
    assert_eq!(
        (e.offset, e.kind),
        (
            44,
            ErrorKind::Overlap {
                index: 1,
                previous_end: 56
            }
        )
    );
    // a part inside the part table
    let mut bad = good.clone();
    set_u32(&mut bad, 32, 36);
    assert!(matches!(
        parse_err(&bad).kind,
        ErrorKind::Overlap {
            index: 0,
            previous_end: 40
        }
    ));
}

#[test]
fn program_errors() {
    let at = 36 + 8; // the part's data
    let e = decode_err(&container(&[(b"DXIL", vec![0; 20])]), b"DXIL");
    assert_eq!(e.offset, at);
    assert!(matches!(e.kind, ErrorKind::Truncated { needed: 24, .. }));

    let mut p = program(BITCODE);
    p[8..12].copy_from_slice(b"LIXD");
    let e = decode_err(&container(&[(b"DXIL", p)]), b"DXIL");
    assert_eq!(e.offset, at + 8);
    assert!(matches!(e.kind, ErrorKind::Magic { .. }));

    let mut p = program(BITCODE);
    p[4..8].copy_from_slice(&100u32.to_le_bytes());
    assert_eq!(
        decode_err(&container(&[(b"DXIL", p)]), b"DXIL").offset,
        at + 4
    );

    let mut p = program(BITCODE);
    p[16..20].copy_from_slice(&8u32.to_le_bytes());
    let e = decode_err(&container(&[(b"DXIL", p)]), b"DXIL");
    assert_eq!(e.offset, at + 16);
    assert!(
        e.to_string()
            .contains("the bitcode offset is 8: expected at least 16"),
        "{e}"
    );

    let mut p = program(BITCODE);
    p[20..24].copy_from_slice(&u32::MAX.to_le_bytes());
    let e = decode_err(&container(&[(b"DXIL", p)]), b"DXIL");
    assert_eq!(e.offset, at + 24);
    assert!(matches!(e.kind, ErrorKind::Truncated { .. }), "{e}");
}

#[test]
fn small_part_errors() {
    let e = decode_err(&container(&[(b"SFI0", vec![0; 7])]), b"SFI0");
    assert_eq!(e.offset, 44);
    assert!(
        e.to_string()
            .contains("the size of the feature part is 7: expected 8"),
        "{e}"
    );

    let e = decode_err(&container(&[(b"HASH", vec![0; 16])]), b"HASH");
    assert!(matches!(e.kind, ErrorKind::Invalid { value: 16, .. }));

    // ILDN: a name without its NUL, then a size that is not the padded one
    let mut name = vec![0, 0, 3, 0];
    name.extend_from_slice(b"abcd");
    let e = decode_err(&container(&[(b"ILDN", name)]), b"ILDN");
    assert_eq!(
        (e.offset, e.kind),
        (
            48,
            ErrorKind::BadString {
                what: "the debug name"
            }
        )
    );
    let mut name = vec![0, 0, 3, 0];
    name.extend_from_slice(b"abc\0\0\0\0\0");
    let e = decode_err(&container(&[(b"ILDN", name)]), b"ILDN");
    assert!(e.to_string().contains("expected 8"), "{e}");

    // VERS: a string list without its final NUL
    let mut vers = words(&[0x0008_0001, 0, 0, 4]);
    vers.extend_from_slice(b"abcd");
    let e = decode_err(&container(&[(b"VERS", vers)]), b"VERS");
    assert_eq!(e.offset, 44 + 16);
    assert!(matches!(e.kind, ErrorKind::BadString { .. }));
    let mut vers = words(&[0x0008_0001, 0, 0, 8]);
    vers.extend_from_slice(b"abc\0v1.2\0\0\0\0");
    let e = decode_err(&container(&[(b"VERS", vers)]), b"VERS");
    assert!(matches!(e.kind, ErrorKind::BadString { .. }), "{e}");
}

/// A signature part of `elements` (name offset, register) with a string table `names`.
fn signature(count: u32, elements: &[(u32, u32)], names: &[u8]) -> Vec<u8> {
    let mut s = words(&[count, 8]);
    for &(name, register) in elements {
        s.extend(words(&[0, name, 0, 0, 3, register, 0x0f, 0]));
    }
    s.extend_from_slice(names);
    s
}

#[test]
fn signature_errors() {
    let ok = signature(1, &[(40, 0)], b"COLOR\0\0\0");
    let bytes = container(&[(b"ISG1", ok)]);
    let c = Container::parse(&bytes).unwrap();
    let PartContent::Signature(s) = c.decode(&c.part(0).unwrap()).unwrap() else {
        panic!("a signature");
    };
    let e: Vec<_> = s.elements().collect();
    assert_eq!((e[0].semantic_name, e[0].mask), ("COLOR", 0x0f));
    assert_eq!(e[0].component_type().unwrap().name(), "float");

    // a count of 2^32 - 1: the elements do not fit
    let bad = signature(u32::MAX, &[(40, 0)], b"COLOR\0\0\0");
    let e = decode_err(&container(&[(b"ISG1", bad)]), b"ISG1");
    assert_eq!(e.offset, 44 + 8);
    assert!(matches!(e.kind, ErrorKind::Truncated { .. }), "{e}");
    // a name offset past the part
    let bad = signature(1, &[(400, 0)], b"COLOR\0\0\0");
    let e = decode_err(&container(&[(b"ISG1", bad)]), b"ISG1");
    assert_eq!(e.offset, 44 + 8 + 4);
    assert!(e.to_string().contains("semantic name offset is 400"), "{e}");
    // a name without a NUL
    let bad = signature(1, &[(40, 0)], b"COLORS");
    let e = decode_err(&container(&[(b"ISG1", bad)]), b"ISG1");
    assert!(matches!(e.kind, ErrorKind::BadString { .. }), "{e}");
}

/// A PSV0 part of version 3 for a pixel shader with one input element named `COLOR`.
fn psv(resources: u32, stride: u32, entry_name: u32, rows: u8) -> Vec<u8> {
    let mut p = words(&[52]);
    p.extend_from_slice(&[0; 16]);
    p.extend(words(&[0, u32::MAX]));
    p.extend_from_slice(&[0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0]); // stage 0, one input of 1 vector
    p.extend(words(&[0, 0, 0, entry_name]));
    p.extend(words(&[resources]));
    if resources > 0 {
        p.extend(words(&[stride]));
        p.extend(words(&[2, 0, 0, 0, 13, 0]));
    }
    p.extend(words(&[12]));
    p.extend_from_slice(b"COLOR\0main\0\0");
    p.extend(words(&[1, 0])); // one index: 0
    p.extend(words(&[16, 0, 0]));
    p.extend_from_slice(&[rows, 0, 0x44, 0, 3, 2, 0, 0]);
    p
}

#[test]
fn psv_errors() {
    let bytes = container(&[(b"PSV0", psv(1, 24, 6, 1))]);
    let c = Container::parse(&bytes).unwrap();
    let PartContent::Psv(p) = c.decode(&c.part(0).unwrap()).unwrap() else {
        panic!("PSV0");
    };
    assert_eq!((p.version(), p.entry_function_name()), (3, Some("main")));
    let inputs: Vec<_> = p.input_elements().collect();
    assert_eq!((inputs[0].semantic_name, inputs[0].cols()), ("COLOR", 4));
    assert_eq!(
        p.resources().next().unwrap().kind().unwrap().to_string(),
        "CBuffer"
    );
    assert!(p.trailing.is_empty());

    let at = 44; // the part's data
    let mut bad = psv(1, 24, 6, 1);
    bad[..4].copy_from_slice(&20u32.to_le_bytes());
    let e = decode_err(&container(&[(b"PSV0", bad)]), b"PSV0");
    assert_eq!(e.offset, at);
    assert!(
        e.to_string()
            .contains("runtime information size is 20: expected at least 24")
    );

    let e = decode_err(&container(&[(b"PSV0", psv(1, 8, 6, 1))]), b"PSV0");
    assert_eq!(e.offset, at + 60);
    assert!(e.to_string().contains("record size is 8"), "{e}");

    let e = decode_err(&container(&[(b"PSV0", psv(u32::MAX, 24, 6, 1))]), b"PSV0");
    assert!(matches!(e.kind, ErrorKind::Truncated { .. }), "{e}");

    // two rows need two semantic indexes; the table has one
    let e = decode_err(&container(&[(b"PSV0", psv(1, 24, 6, 2))]), b"PSV0");
    assert!(
        e.to_string()
            .contains("semantic index offset is 0: expected 2 rows"),
        "{e}"
    );

    // an entry name past the string table
    let e = decode_err(&container(&[(b"PSV0", psv(1, 24, 12, 1))]), b"PSV0");
    assert_eq!(e.offset, at + 4 + 48);
    assert!(matches!(e.kind, ErrorKind::BadString { .. }), "{e}");
}

#[test]
fn bitcode_is_found_in_containers_wrappers_and_as_is() {
    let bytes = container(&[(b"DXIL", program(BITCODE))]);
    let b = find_bitcode(&bytes).unwrap();
    assert_eq!((b.bytes, b.offset), (BITCODE, 36 + 8 + 24));
    assert_eq!(b.source, BitcodeSource::Part(FourCC::DXIL));
    // only debug bitcode
    let bytes = container(&[(b"ILDB", program(BITCODE))]);
    assert_eq!(
        find_bitcode(&bytes).unwrap().source,
        BitcodeSource::Part(FourCC::ILDB)
    );

    let raw = find_bitcode(BITCODE).unwrap();
    assert_eq!((raw.offset, raw.source), (0, BitcodeSource::Raw));

    let mut wrapped = words(&[0x0B17_C0DE, 0, 20, BITCODE.len() as u32, 7]);
    wrapped.extend_from_slice(BITCODE);
    let w = find_bitcode(&wrapped).unwrap();
    assert_eq!((w.bytes, w.offset), (BITCODE, 20));
    assert!(matches!(w.source, BitcodeSource::Wrapper(h) if h.cpu_type == 7));
}

#[test]
fn bitcode_errors() {
    let e = find_bitcode(b"\x7fELF and more").unwrap_err();
    assert_eq!(
        e.kind,
        ErrorKind::NotBitcode {
            found: Leading::of(b"\x7fELF")
        }
    );
    assert!(e.to_string().contains("found `\\x7FELF`"), "{e}");
    let e = find_bitcode(b"").unwrap_err();
    assert!(matches!(e.kind, ErrorKind::NotBitcode { found } if found.bytes().is_empty()));
    assert!(
        e.to_string()
            .ends_with("found nothing (the bytes end there)"),
        "{e}"
    );

    let e = find_bitcode(&container(&[(b"SFI0", vec![0; 8])])).unwrap_err();
    assert!(matches!(
        e.kind,
        ErrorKind::MissingPart { instead: None, .. }
    ));

    let e = find_bitcode(&container(&[(b"DXIL", program(b"XX\xC0\xDE"))])).unwrap_err();
    assert_eq!(e.offset, 36 + 8 + 24);
    assert!(matches!(e.kind, ErrorKind::Magic { .. }));
    // bitcode shorter than its magic number: the bytes there are, and no more
    let e = find_bitcode(&container(&[(b"DXIL", program(b"BC"))])).unwrap_err();
    assert!(
        e.to_string()
            .ends_with("expected the bitcode magic `BC\\xC0\\xDE`, found `BC`, then the end of the bytes (2 of 4)"),
        "{e}"
    );

    let mut wrapped = words(&[0x0B17_C0DE, 0, 12, 4, 0]);
    wrapped.extend_from_slice(BITCODE);
    assert_eq!(find_bitcode(&wrapped).unwrap_err().offset, 8);
    let mut wrapped = words(&[0x0B17_C0DE, 0, 20, 400, 0]);
    wrapped.extend_from_slice(BITCODE);
    let e = find_bitcode(&wrapped).unwrap_err();
    assert!(
        matches!(e.kind, ErrorKind::Truncated { needed: 400, .. }),
        "{e}"
    );
    assert!(matches!(
        find_bitcode(&wrapped[..10]).unwrap_err().kind,
        ErrorKind::Truncated { .. }
    ));
}

#[test]
fn many_parts_are_read_in_linear_time() {
    // 200,000 empty parts and a program at the end: reading, decoding every part and finding
    // the program are linear (a lookup per part would take minutes)
    let program = program(BITCODE);
    let mut parts: Vec<(FourCC, &[u8])> = vec![(FourCC(*b"NONE"), &[]); 200_000];
    parts.push((FourCC::DXIL, &program));
    let bytes = write_container(&parts, DigestMode::Zero).expect("a container");
    let c = Container::parse(&bytes).expect("it reads");
    let decoded = c.parts().filter(|p| c.decode(p).is_ok()).count();
    assert_eq!(decoded, 200_001);
    assert_eq!(c.program_part().map(|p| p.index), Some(200_000));
    assert_eq!(find_bitcode(&bytes).expect("bitcode").bytes, BITCODE);
}

#[test]
fn runtime_information_between_versions_keeps_its_rest_as_bytes() {
    // 40 bytes: version 1 (36) and 4 bytes of a version this reader does not know
    let mut p = psv(0, 0, 0, 0);
    p.drain(4 + 40..4 + 52);
    p[..4].copy_from_slice(&40u32.to_le_bytes());
    let bytes = container(&[(b"PSV0", p)]);
    let c = Container::parse(&bytes).expect("a container");
    let PartContent::Psv(p) = c.decode(&c.part(0).expect("a part")).expect("PSV0") else {
        panic!("PSV0");
    };
    assert_eq!((p.version(), p.info_extra.len()), (1, 4));
    assert_eq!(p.input_elements().count(), 1);
}

#[test]
fn dxbc_signature_layouts_read_without_stream_or_precision() {
    // ISGN: 24-byte elements; OSG5: 28 bytes, with the stream first
    let mut isgn = words(&[1, 8, 32, 0, 0, 3, 2, 0x0303]);
    isgn.extend_from_slice(b"TEXCOORD\0\0\0\0");
    let mut osg5 = words(&[1, 8, 2, 36, 0, 1, 3, 0, 0x000f]);
    osg5.extend_from_slice(b"SV_Position\0");
    let bytes = container(&[(b"ISGN", isgn), (b"OSG5", osg5)]);
    let c = Container::parse(&bytes).expect("a container");
    let mut read = Vec::new();
    for part in c.parts() {
        let PartContent::Signature(s) = c.decode(&part).expect("a signature") else {
            panic!("a signature");
        };
        let e = s.elements().next().expect("an element");
        read.push((
            s.layout.size(),
            e.semantic_name,
            e.stream,
            e.register,
            e.mask,
            e.min_precision,
        ));
        assert_eq!(e.component_type().map(|t| t.name()), Some("float"));
    }
    assert_eq!(
        read,
        [
            (24, "TEXCOORD", 0, 2, 3, 0),
            (28, "SV_Position", 2, 0, 0x0f, 0)
        ]
    );
    let osg5 = c.decode(&c.part(1).expect("OSG5")).expect("OSG5");
    let PartContent::Signature(s) = osg5 else {
        panic!("a signature");
    };
    let e = s.elements().next().expect("an element");
    assert_eq!(e.system_value().map(|v| v.name()), Some("Position"));
}

#[test]
fn the_bitcode_of_a_program_part_asked_for() {
    let ildb = b"BC\xC0\xDE\x35\x14\x00\x01";
    let bytes = container(&[
        (b"SFI0", vec![0; 8]),
        (b"ILDB", program(ildb)),
        (b"DXIL", program(BITCODE)),
    ]);
    // the part asked for, not the DXIL part `find_bitcode` picks
    assert_eq!(find_bitcode(&bytes).expect("DXIL").bytes, BITCODE);
    let found = find_part_bitcode(&bytes, FourCC::ILDB).expect("ILDB");
    assert_eq!(found.bytes, ildb);
    assert_eq!(found.source, BitcodeSource::Part(FourCC::ILDB));
    // after the header, the part table (3 parts), the SFI0 part and the ILDB part's header
    // and program header
    assert_eq!(found.offset, 32 + 3 * 4 + 16 + 8 + 24);
    assert_eq!(&bytes[found.offset..found.offset + 8], ildb);
    let dxil = find_part_bitcode(&bytes, FourCC::DXIL).expect("DXIL");
    assert_eq!(dxil, find_bitcode(&bytes).expect("DXIL"));

    // a program part the container lacks
    let e = find_part_bitcode(&bytes, FourCC::STAT).unwrap_err();
    assert_eq!(
        e.kind,
        ErrorKind::MissingPart {
            expected: "STAT",
            instead: None
        }
    );
    assert!(
        e.to_string().contains("a container with a STAT part"),
        "{e}"
    );
    let only_dxil = container(&[(b"DXIL", program(BITCODE))]);
    let e = find_part_bitcode(&only_dxil, FourCC::ILDB).unwrap_err();
    assert!(
        e.to_string().contains("a container with an ILDB part"),
        "{e}"
    );
    // a part that is no program, present or not
    for fourcc in [FourCC::SFI0, FourCC::PSV0] {
        let e = find_part_bitcode(&bytes, fourcc).unwrap_err();
        assert_eq!((e.offset, e.kind), (0, ErrorKind::NotAProgram { fourcc }));
    }
    // FXC's STAT: a table of counts, at its part header
    let fxc = container(&[(b"SHEX", words(&[0x50, 2])), (b"STAT", vec![0; 148])]);
    let e = find_part_bitcode(&fxc, FourCC::STAT).unwrap_err();
    assert_eq!(
        e.kind,
        ErrorKind::NotAProgram {
            fourcc: FourCC::STAT
        }
    );
    assert_eq!(e.offset, 32 + 2 * 4 + 8 + 8);
    assert!(e.to_string().contains("not STAT"), "{e}");
    // not a container: bitcode has no parts
    let e = find_part_bitcode(&[BITCODE, &[0; 40]].concat(), FourCC::DXIL).unwrap_err();
    assert!(matches!(e.kind, ErrorKind::Magic { .. }), "{e}");
    // bitcode the part's header points at that is not bitcode
    let bad = container(&[(b"ILDB", program(b"XX\xC0\xDE"))]);
    let e = find_part_bitcode(&bad, FourCC::ILDB).unwrap_err();
    assert_eq!(e.offset, 36 + 8 + 24);
    assert!(matches!(e.kind, ErrorKind::Magic { .. }));
}

#[test]
fn a_container_fxc_made_reads_but_has_no_bitcode() {
    // shader model 5 bytecode, and FXC's STAT: counts, no program header
    let fxc = container(&[
        (b"ISGN", words(&[0, 8])),
        (b"SHEX", words(&[0x50, 2])),
        (b"STAT", vec![0; 148]),
    ]);
    let c = Container::parse(&fxc).expect("a container");
    assert!(c.program_part().is_none());
    for part in c.parts() {
        let content = c.decode(&part).expect("each part reads");
        match &part.fourcc.0 {
            b"ISGN" => assert!(matches!(content, PartContent::Signature(_))),
            _ => assert!(matches!(content, PartContent::Bytes(_)), "{}", part.fourcc),
        }
    }
    assert_eq!(c.digest_status(), DigestStatus::Matches);
    let e = find_bitcode(&fxc).unwrap_err();
    assert_eq!(
        e.kind,
        ErrorKind::MissingPart {
            expected: "DXIL or ILDB",
            instead: Some(FourCC(*b"SHEX")),
        }
    );
    assert!(e.to_string().contains("found a SHEX part instead"), "{e}");

    // DXC's STAT is a program
    let dxc = container(&[(b"STAT", program(BITCODE))]);
    let c = Container::parse(&dxc).expect("a container");
    let stat = c.find(FourCC(*b"STAT")).expect("the part");
    assert!(matches!(
        c.decode(&stat).expect("a program"),
        PartContent::Program(_)
    ));
}
