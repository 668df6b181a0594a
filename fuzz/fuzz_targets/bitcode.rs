//! Fuzz target `bitcode`: arbitrary bytes as the input of `bitcode::decode` (raw LLVM 3.7
//! bitcode, bitcode behind a wrapper header, or a DXBC container: the container parse,
//! `find_bitcode` and the decoder together), and the bitcode `find_bitcode` finds in them
//! decoded alone. Decoding must return a module or an error inside its input, never panic; a
//! module it returns must print as LLVM IR text that reads back into the same text, every
//! `dx.op` call of it must read as its op (`dxil_module::dxop`) or give an error, and
//! writing it back (`bitcode::write`) must give an error or bitcode that decodes into a module
//! that prints the same.

#![no_main]

use dxil_module::bitcode;
use dxil_module::container::find_bitcode;
use dxil_module::dxop::DxOpCalls;
use dxil_module::text::{self, PrintOptions};
use libfuzzer_sys::fuzz_target;

/// Decodes `bytes` and checks the outcome.
fn decode(bytes: &[u8]) {
    match bitcode::decode(bytes) {
        Ok(module) => {
            let printed = text::print(&module, &PrintOptions::default());
            let reread = text::parse(printed.as_bytes())
                .map(|t| text::print(&t, &PrintOptions::default()));
            assert!(
                reread.as_deref().is_ok_and(|t| t == printed),
                "the text printed does not read back into the same text: {:?}",
                reread.err()
            );
            if let Ok(written) = bitcode::write(&module) {
                let again = bitcode::decode(&written)
                    .unwrap_or_else(|e| panic!("the bitcode written does not decode: {e}"));
                assert!(
                    text::print(&again, &PrintOptions::default()) == printed,
                    "the bitcode written decodes into another module"
                );
            }
            // every dx.op call read as its op (as `dxil dis --ops` lists them), or refused
            let calls = DxOpCalls::new(&module);
            let mut buf = Vec::new();
            for call in calls.iter() {
                match call.read(&mut buf) {
                    Ok(op) => {
                        let _ = op.to_string();
                    }
                    Err(e) => {
                        let _ = e.to_string();
                    }
                }
            }
        }
        Err(e) => {
            assert!(e.bit <= bytes.len() as u64 * 8, "{e}: past the input");
            let _ = e.to_string();
        }
    }
}

fuzz_target!(|data: &[u8]| {
    decode(data);
    if let Ok(found) = find_bitcode(data) {
        if found.bytes.len() != data.len() {
            decode(found.bytes);
        }
    }
});
