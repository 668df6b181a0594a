//! The integration tests of dxil-db, in one test binary: each module was a binary of its own
//! (`tests/NAME.rs`), and one binary links the crate and its dependencies once instead of once
//! per file. Run one module's tests with `cargo test -p dxil-db --test it NAME::`.

#[allow(clippy::panic)] // a test fails by panicking
#[path = "../common/mod.rs"]
mod common;

mod extension;
mod hostile_names;
mod includes;
mod json_export;
mod layout;
mod llvm_intrinsics;
mod malformed;
mod mutations;
mod reference;
mod reference_tables;
mod versioned_facts;
