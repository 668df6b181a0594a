//! The integration tests of xtask, in one test binary: each module was a binary of its own
//! (`tests/NAME.rs`), and one binary links the crates once instead of once per file. Run one
//! module's tests with `cargo test -p xtask --test it NAME::`.

#[path = "../common/mod.rs"]
mod common;

mod edit_loop;
mod emit_dxc;
mod emit_llvm;
mod emit_round_trip;
mod hostile_gen;
mod lint_cli;
mod packages;
