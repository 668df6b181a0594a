//! A container made around bitcode, for the tests that read bitcode from containers.

#![allow(dead_code)]

use dxil_module::container::{DigestMode, FourCC, write_container};

/// A container whose `DXIL` part holds `bitcode` (a program header of a pixel shader of
/// shader model 6.0, DXIL 1.0), its digest as `digest` says.
pub fn in_container(bitcode: &[u8], digest: DigestMode) -> Vec<u8> {
    write_container(&[(FourCC::DXIL, &part(bitcode)[..])], digest).expect("a container")
}

/// The data of a program part (`DXIL`, `ILDB`, DXC's `STAT`) holding `bitcode`: a program
/// header of a pixel shader of shader model 6.0, DXIL 1.0, then the bitcode.
pub fn part(bitcode: &[u8]) -> Vec<u8> {
    let mut program = Vec::new();
    let dwords = (24 + bitcode.len()).div_ceil(4) as u32;
    let dxil = u32::from_le_bytes(*b"DXIL");
    for w in [0x60u32, dwords, dxil, 0x100, 16, bitcode.len() as u32] {
        program.extend_from_slice(&w.to_le_bytes());
    }
    program.extend_from_slice(bitcode);
    program
}
