//! Fuzz target `bitstream`: arbitrary bytes as an LLVM bitstream. Reading must return a stream
//! or an error inside the input, never panic; a stream it returns writes back to the same
//! bytes, and every entry of it can be read.

#![no_main]

use dxil_module::bitstream::{Bitstream, Entry};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match Bitstream::parse(data) {
        Ok(stream) => {
            assert_eq!(stream.to_bytes(), data, "written back differs");
            let mut values = 0usize;
            for block in stream.all_blocks() {
                let _ = (block.id(), block.abbrev_width(), block.length_words());
                for entry in block.entries() {
                    match entry {
                        Entry::Record(r) => {
                            values += r.values().len();
                            let _ = (r.code(), r.blob(), r.abbrev().map(|a| a.ops().len()));
                        }
                        Entry::DefineAbbrev(a) => {
                            let _ = (a.ops().len(), a.target_block());
                        }
                        Entry::Block(b) => {
                            let _ = b.entries().count();
                        }
                    }
                }
            }
            assert!(values <= data.len() * 8, "more values than input bits");
            let _ = stream.block_name(12);
        }
        Err(e) => {
            assert!(e.bit <= data.len() as u64 * 8, "{e}: past the input");
            let _ = e.to_string();
        }
    }
});
