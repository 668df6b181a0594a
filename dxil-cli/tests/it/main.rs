//! The integration tests of the `dxil` command, in one test binary: each module was a binary of
//! its own (`tests/NAME.rs`), and one binary links the crates once instead of once per file.
//! Run one module's tests with `cargo test -p dxil-cli --test it NAME::`.

// `shared.rs` is also a module of the corpus helper of dxil-module's tests, which its
// benchmarks include alone: the small file is compiled twice.
#![allow(clippy::duplicate_mod)]

// The helpers of the modules, each declared once here: this crate's, and those of the tests of
// dxil-module and dxil-db (and an example of dxil-ops) that the modules use too.
#[path = "../common/mod.rs"]
mod common;
#[path = "../../../dxil-module/tests/common/corpus.rs"]
mod corpus;
#[path = "../../../dxil-module/tests/common/dis_lines.rs"]
mod dis_lines;
#[path = "../../../dxil-ops/examples/emit_compute/shader.rs"]
mod emit_compute;
#[path = "../../../dxil-module/tests/common/mod.rs"]
mod module_common;
#[path = "../../../dxil-module/tests/common/producers.rs"]
mod producers;
#[path = "../../../dxil-module/tests/common/program.rs"]
mod program;
#[path = "../../../dxil-db/tests/common/shared.rs"]
mod shared;
#[path = "../../../dxil-module/tests/common/view_id.rs"]
mod view_id;

mod asm;
mod container;
mod decls;
mod dis;
mod dis_llvm_dis;
mod dis_ops;
mod dis_producers;
mod lint;
