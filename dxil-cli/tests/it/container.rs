//! `dxil container`: the report's shape and the exit codes, on containers made here and on a
//! corpus container.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use dxil_module::container::{DigestMode, FourCC, write_container};

use crate::common;
use crate::shared;

use common::text;

fn dxil(args: &[&Path]) -> Output {
    common::dxil("container", args)
}

fn file(name: &str, bytes: &[u8]) -> PathBuf {
    common::file("dxil-container", name, bytes)
}

/// A pixel-shader container: feature flags, a one-element output signature, a program.
fn container(digest: DigestMode) -> Vec<u8> {
    let mut sig = Vec::new();
    for w in [1u32, 8, 0, 40, 0, 64, 3, 0, 0x0e01, 0] {
        sig.extend_from_slice(&w.to_le_bytes());
    }
    sig.extend_from_slice(b"SV_Target\0\0\0");
    let mut program = Vec::new();
    for w in [0x60u32, 8, u32::from_le_bytes(*b"DXIL"), 0x100, 16, 8] {
        program.extend_from_slice(&w.to_le_bytes());
    }
    program.extend_from_slice(b"BC\xC0\xDE\x35\x14\x00\x00");
    let features = 0x4000u64.to_le_bytes();
    let parts = [
        (FourCC::SFI0, &features[..]),
        (FourCC::OSG1, &sig[..]),
        (FourCC::DXIL, &program[..]),
    ];
    write_container(&parts, digest).expect("a container")
}

#[test]
fn a_good_container_is_reported_and_exits_0() {
    let path = file("good.dxil", &container(DigestMode::Compute));
    let out = dxil(&[&path]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
    let expected = [
        "container: version 1.0, ",
        "  #  part  offset  size  contents",
        "  0  SFI0  44      8     feature flags",
        "SFI0: features: WaveOps",
        "OSG1: output signature, 1 element",
        "  name       index  register  mask  rw    system value  type   precision  stream",
        "  SV_Target  0      0         x___  _yzw  Target        float  default    0",
        "DXIL: program: pixel, shader model 6.0, DXIL 1.0, bitcode at byte ",
        "digest: ok",
    ];
    for line in expected {
        assert!(stdout.contains(line), "no `{line}` in\n{stdout}");
    }
    assert!(
        stdout.starts_with(&format!("{}\n", path.display())),
        "{stdout}"
    );
}

#[test]
fn an_unsigned_container_says_zero_and_exits_0() {
    let path = file("unsigned.dxil", &container(DigestMode::Zero));
    let out = dxil(&[&path]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("digest: zero (none)\n"));
}

#[test]
fn a_flipped_byte_is_a_mismatch_and_exits_1() {
    let mut bytes = container(DigestMode::Compute);
    let last = bytes.len() - 1;
    bytes[last] ^= 0x40;
    let path = file("flipped.dxil", &bytes);
    let out = dxil(&[&path]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains("digest: mismatch (stored "),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn a_part_that_does_not_decode_is_a_finding() {
    let bytes = write_container(&[(FourCC::SFI0, &[0u8; 7][..])], DigestMode::Compute)
        .expect("a container");
    let out = dxil(&[&file("bad-part.dxil", &bytes)]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("SFI0: error: byte 44: the size of the feature part is 7: expected 8"),
        "{stdout}"
    );
}

#[test]
fn unreadable_inputs_exit_2_with_the_byte_offset() {
    let bytes = container(DigestMode::Compute);
    let cut = file("cut.dxil", &bytes[..bytes.len() - 3]);
    let out = dxil(&[&cut]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "cut.dxil: byte 0: expected a container (its size field) of {} bytes, but only {} are left",
            bytes.len(),
            bytes.len() - 3
        )),
        "{stderr}"
    );
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let out = dxil(&[dir]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("not a regular file"));
    let out = dxil(&[&dir.join("no such file.dxil")]);
    assert_eq!(out.status.code(), Some(2));
    // the worst outcome of several inputs; piped, no progress bar
    let good = file("good-2.dxil", &bytes);
    let out = dxil(&[&good, &cut]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stdout).contains("digest: ok"));
    assert_eq!(
        text(&out.stderr).lines().count(),
        1,
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn the_help_documents_the_exit_codes() {
    let help_of = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_dxil"))
            .args(args)
            .output()
            .expect("dxil runs");
        assert_eq!(out.status.code(), Some(0));
        text(&out.stdout)
    };
    for args in [&["--help"][..], &["container", "--help"]] {
        let help = help_of(args);
        for line in ["Exit codes:", "  0  ", "  1  findings", "  2  "] {
            assert!(help.contains(line), "no `{line}` in\n{help}");
        }
    }
    // every subcommand's help has its own
    for sub in ["dis", "lint", "decls", "asm"] {
        let help = help_of(&[sub, "--help"]);
        for line in ["Exit codes:", "  0  ", "  2  "] {
            assert!(help.contains(line), "no `{line}` in\n{help}");
        }
    }
    let out = Command::new(env!("CARGO_BIN_EXE_dxil"))
        .arg("container")
        .output()
        .expect("dxil runs");
    assert_eq!(out.status.code(), Some(2), "no file is a usage error");
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[test]
fn corpus_containers_are_reported() {
    let Some(dir) = shared::shared_path("corpus/dxil-bin") else {
        return;
    };
    let files = [
        "dxc/64d0b891c7e03eb0.dxil",
        "vkd3d-proton/4bbef6691f35ff33.dxil",
        "vkd3d-proton/0a8c81da1a531af4.dxil",
        "dxil-spirv/d40f93a7a7d5a53f.dxil",
    ]
    .map(|f| dir.join(f));
    let paths: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    let out = dxil(&paths);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    for line in [
        "ILDN: debug name 21c11f2029d870c04dedb3fe6b46bf27.pdb",
        "PSV0: version 2, hull",
        "  control points: 3 in, 3 out; domain Tri, output TriangleCW",
        "  inputs to patch-constant outputs: 9 dependences of 20 outputs on 16 inputs",
        "VERS: compiler 1.8, commit fd7e54bc (4597 commits), version \"1.8.2405.15\"",
        "RDAT: runtime data: strings (72 bytes), resources (1 of 32 bytes), functions (15 of 52 \
         bytes), index arrays (412 bytes), node ids (19 of 8 bytes), node function attributes \
         (17 of 8 bytes), node input and output attributes (14 of 8 bytes), node inputs and \
         outputs (9 of 8 bytes), node shaders (15 of 20 bytes)",
        "      UAV    StructuredBuffer  0   0      0 to 0     RWBuf  0x0",
        "      EntryNode  node             0        0           0x0",
        "DXIL: program: library, shader model 6.8, DXIL 1.8",
        "digest: zero (none)",
    ] {
        assert!(stdout.contains(line), "no `{line}` in\n{stdout}");
    }
    assert_eq!(stdout.matches("digest: ok").count(), 3);
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[test]
fn a_root_signature_is_reported() {
    let Some(path) = shared::shared_path("corpus/dxil-bin/sdl/04944bc2dd21756d.dxil") else {
        return;
    };
    let out = dxil(&[path.as_path()]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let report: Vec<&str> = stdout
        .lines()
        .skip_while(|l| !l.starts_with("RTS0:"))
        .take(10)
        .map(str::trim_end)
        .collect();
    assert_eq!(
        report,
        [
            "RTS0: root signature 1.1, flags: AllowInputAssemblerInputLayout|\
             DenyHullShaderRootAccess|DenyDomainShaderRootAccess|DenyGeometryShaderRootAccess",
            "  parameters: 4",
            "    #  binds             visibility  register  space  count  offset  flags",
            "    0  constants         all         b0        0      16",
            "    1  constants         all         b1        0      28",
            "    2  table of 1 range  pixel",
            "         SRV                         t0        0      1      append  none",
            "    3  table of 1 range  pixel",
            "         Sampler                     s0        0      1      append  none",
            "  static samplers: 0",
        ],
        "{stdout}"
    );
}

#[test]
fn a_container_fxc_made_is_reported_and_dis_says_it_is_not_dxil() {
    let shex = [0x50u32, 2].map(u32::to_le_bytes).concat();
    let stat = [0u8; 148];
    let parts = [(FourCC(*b"SHEX"), &shex[..]), (FourCC(*b"STAT"), &stat[..])];
    let bytes = write_container(&parts, DigestMode::Compute).expect("a container");
    let path = file("fxc.dxbc", &bytes);
    let out = dxil(&[&path]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let report = text(&out.stdout);
    assert!(report.contains("shader model 5 bytecode"), "{report}");
    assert!(
        report.contains("STAT: kept as bytes (148 bytes)"),
        "{report}"
    );
    assert!(report.contains("digest: ok"), "{report}");
    let dis = common::dxil("dis", &[&path]);
    assert_eq!(dis.status.code(), Some(2), "{dis:?}");
    let message = text(&dis.stderr);
    assert!(message.contains("found a SHEX part instead"), "{message}");
}
