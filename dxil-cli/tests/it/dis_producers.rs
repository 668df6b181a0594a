//! `dxil dis`, `dxil container` and `dxil lint` on containers as the DXIL writers other than
//! DXC make them, holding bitcode in their layout (`dxil-module/tests/common/producers.rs`):
//! Mesa's (parts `SFI0` then `DXIL`, no `HASH`, a zero digest) and LLVM's DirectX backend's
//! (`DXIL` first, then `SFI0` and `HASH`, a zero digest, the `SYMTAB` and `STRTAB` blocks
//! after the module). The `dx.op` calls print as `llvm-dis-14` prints them.

#![allow(clippy::panic)]

use dxil_module::container::{DigestMode, FourCC, write_container};

use crate::common::{dxil, file, text};
use crate::dis_lines;
use crate::module_common;
use crate::producers::{self, Extras};

/// The `DXIL` part of `bitcode`: the program header (compute, shader model 6.0, DXIL 1.0),
/// then the bitcode padded to 4 bytes.
fn program(bitcode: &[u8]) -> Vec<u8> {
    let mut padded = bitcode.to_vec();
    padded.resize(bitcode.len().div_ceil(4) * 4, 0);
    let mut part = Vec::new();
    let words = [
        (5 << 16) | 0x60,
        (24 + padded.len() as u32) / 4,
        u32::from_le_bytes(*b"DXIL"),
        0x100,
        16,
        padded.len() as u32,
    ];
    for w in words {
        part.extend_from_slice(&w.to_le_bytes());
    }
    part.extend_from_slice(&padded);
    part
}

/// The two containers (name, bytes, bitcode).
fn containers() -> Vec<(&'static str, Vec<u8>, Vec<u8>)> {
    let features = [0u8; 8];
    let mesa_bc = producers::mesa_module(Extras::default());
    let mesa_dxil = program(&mesa_bc);
    let mesa = write_container(
        &[(FourCC::SFI0, &features[..]), (FourCC::DXIL, &mesa_dxil)],
        DigestMode::Zero,
    )
    .expect("container");
    let llvm_bc = producers::mesa_module(Extras {
        llvm_tables: true,
        ..Extras::default()
    });
    let llvm_dxil = program(&llvm_bc);
    let hash = [0u8; 20];
    let llvm = write_container(
        &[
            (FourCC::DXIL, &llvm_dxil[..]),
            (FourCC::SFI0, &features),
            (FourCC::HASH, &hash),
        ],
        DigestMode::Zero,
    )
    .expect("container");
    vec![("mesa.dxil", mesa, mesa_bc), ("llvm.dxil", llvm, llvm_bc)]
}

#[test]
fn container_lists_the_parts_of_other_producers() {
    for (name, bytes, _) in containers() {
        let path = file("dis_producers", name, &bytes);
        let out = dxil("container", &[&path]);
        let stdout = text(&out.stdout);
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        assert!(stdout.contains("digest: zero"), "{name}:\n{stdout}");
        assert!(
            stdout.contains("DXIL: program: compute"),
            "{name}:\n{stdout}"
        );
        let lint = dxil("lint", &[&path]);
        assert!(lint.status.success(), "{name}: {}", text(&lint.stdout));
    }
}

#[dxil_test_data::needs(tool = "llvm-dis-14")]
#[test]
fn dis_prints_other_producers_dx_op_calls_as_llvm_dis_14() {
    for (name, bytes, bitcode) in containers() {
        let Some(llvm) = module_common::llvm_dis(&bitcode) else {
            return;
        };
        let llvm = llvm.unwrap_or_else(|e| panic!("llvm-dis-14 refuses {name}: {e}"));
        let llvm = String::from_utf8(llvm).expect("llvm-dis prints UTF-8");
        let path = file("dis_producers", name, &bytes);
        let out = dxil("dis", &[&path]);
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        let ours = text(&out.stdout);
        let n = dis_lines::compare_calls(&llvm, &ours).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(n, 1, "{name}:\n{ours}");
    }
}
