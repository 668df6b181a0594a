//! Fuzz target `bitcode`: arbitrary bytes as LLVM 3.7 bitcode (raw, or behind a bitcode
//! wrapper header). Decoding must return a module or an error inside the input, never panic;
//! a module it returns must print as LLVM IR text, and that text must read back.

#![no_main]

use dxil_module::bitcode;
use dxil_module::text::{self, PrintOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match bitcode::decode(data) {
        Ok(module) => {
            let printed = text::print(&module, &PrintOptions::default());
            let _ = text::parse_lenient(printed.as_bytes());
        }
        Err(e) => {
            assert!(e.bit <= data.len() as u64 * 8, "{e}: past the input");
            let _ = e.to_string();
        }
    }
});
