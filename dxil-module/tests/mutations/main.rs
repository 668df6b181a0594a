//! The mutation tests of dxil-module, which bound the memory a reader takes: one test binary
//! apart from `tests/it`, since it installs a counting global allocator (`common/counting.rs`)
//! that the other tests need not run under. The counts are kept per thread, and each test runs
//! on a thread of its own, so each test's counts are its own. Each module was a binary of its
//! own (`tests/NAME.rs`); run one with `cargo test -p dxil-module --test mutations NAME::`.

// `shared.rs` is a module of both `corpus.rs` and `dxil_bin.rs` (the benchmarks include them
// alone): the small file is compiled twice.
#![allow(clippy::duplicate_mod)]

#[path = "../common/corpus.rs"]
mod corpus;
#[path = "../common/counting.rs"]
mod counting;
#[path = "../common/dxil_bin.rs"]
mod dxil_bin;
#[path = "../common/mutate.rs"]
mod mutate;
#[path = "../common/walk.rs"]
mod walk;

mod bitcode_mutations;
mod bitstream_mutations;
mod container_mutations;
