//! Fuzz target `bitcode`: arbitrary bytes as LLVM 3.7 bitcode (raw, or behind a bitcode
//! wrapper header), and as a DXBC container whose bitcode `find_bitcode` finds. Decoding must
//! return a module or an error inside its input, never panic; a module it returns must print
//! as LLVM IR text, and that text must read back without a panic.

#![no_main]

use dxil_module::bitcode;
use dxil_module::container::find_bitcode;
use dxil_module::text::{self, PrintOptions};
use libfuzzer_sys::fuzz_target;

/// Decodes `bytes` and checks the outcome.
fn decode(bytes: &[u8]) {
    match bitcode::decode(bytes) {
        Ok(module) => {
            let printed = text::print(&module, &PrintOptions::default());
            let _ = text::parse_lenient(printed.as_bytes());
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
