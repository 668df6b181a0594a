//! Fuzz target `asm`: arbitrary bytes as LLVM IR text read by the strict reader, and a module
//! it reads written as bitcode (`bitcode::write`) and assembled into a container
//! (`assemble::container`, what `dxil asm` does). Writing and assembling give an error or bytes,
//! never a panic; bitcode written decodes into a module that writes the same bitcode again, and
//! a container assembled decodes.

#![no_main]

use dxil_module::{assemble, bitcode, text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(m) = text::parse(data) else {
        return;
    };
    match bitcode::write(&m) {
        Ok(written) => {
            let decoded = bitcode::decode(&written)
                .unwrap_or_else(|e| panic!("the bitcode written does not decode: {e}"));
            let again = bitcode::write(&decoded)
                .unwrap_or_else(|e| panic!("the module decoded does not write: {e}"));
            assert!(again == written, "decoding and writing again changed the bitcode");
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
    match assemble::container(&m) {
        Ok(container) => {
            if let Err(e) = bitcode::decode(&container) {
                panic!("the container assembled does not decode: {e}");
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
