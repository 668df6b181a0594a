//! The integration tests of dxil-ops-macro, in one test binary: each module was a binary of its
//! own (`tests/NAME.rs`). Run one module's tests with `cargo test -p dxil-ops-macro --test it
//! NAME::`.

mod trybuild;
mod vendor;
