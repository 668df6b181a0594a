//! The integration tests of dxil-module, in one test binary: each module was a binary of its
//! own (`tests/NAME.rs`), and one binary links the crates once instead of once per file. Run one
//! module's tests with `cargo test -p dxil-module --test it NAME::`.
//!
//! The mutation tests that bound the memory a reader takes are a binary of their own,
//! `tests/mutations`: it installs a counting global allocator, which the tests here need not
//! run under.

// `shared.rs` is also a module of `corpus.rs` and `dxil_bin.rs` (the benchmarks and
// `tests/mutations` include them without a `shared` of their own): the small file is compiled
// three times.
#![allow(clippy::duplicate_mod)]

// The helpers of the modules, each declared once here: this crate's, the shared-data helper of
// dxil-db's tests and two examples of dxil-ops.
#[path = "../common/mod.rs"]
mod common;
#[path = "../common/corpus.rs"]
mod corpus;
#[path = "../common/dis_lines.rs"]
mod dis_lines;
#[path = "../common/dxil_bin.rs"]
mod dxil_bin;
#[path = "../common/edit.rs"]
mod edit;
#[path = "../../../dxil-ops/examples/emit_pixel.rs"]
mod emit_pixel;
#[path = "../../../dxil-ops/examples/emit_stages.rs"]
mod emit_stages;
#[path = "../common/producers.rs"]
mod producers;
#[path = "../common/program.rs"]
mod program;
#[path = "../../../dxil-db/tests/common/shared.rs"]
mod shared;
#[path = "../common/view_id.rs"]
mod view_id;

mod assemble_corpus;
mod assemble_psv;
mod assemble_signatures;
mod bitcode_half;
mod bitcode_hostile;
mod bitcode_llvm_dis;
mod bitcode_producers;
mod bitcode_roundtrip;
mod bitcode_write;
mod bitcode_write_errors;
mod bitstream_bits;
mod bitstream_corpus;
mod bitstream_hostile;
mod container_corpus;
mod container_errors;
mod container_obj2yaml;
mod container_rdat;
mod container_rts0;
mod dxc_metadata;
mod dxil_metadata;
mod dxop;
mod text_dxc;
mod text_llvm_dis;
mod text_reader;
mod viewid;
mod viewid_refresh;
