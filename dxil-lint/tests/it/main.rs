//! The integration tests of dxil-lint, in one test binary: each module was a binary of its own
//! (`tests/NAME.rs`), and one binary links the crates once instead of once per file. Run one
//! module's tests with `cargo test -p dxil-lint --test it NAME::`.

// The helpers of the modules, each declared once here: the inputs of the size benchmark, and the
// shared-data helper, an example and a test helper of the other crates.
#[path = "../../../dxil-ops/examples/emit_stages.rs"]
mod emit_stages;
#[path = "../../../dxil-db/tests/common/shared.rs"]
mod shared;
#[path = "../../benches/sizes_inputs.rs"]
mod sizes_inputs;
#[path = "../../../dxil-ops/tests/common/struct_overloads.rs"]
mod struct_overloads;

mod cases;
mod corpus;
mod corpus_bin;
mod corpus_calls;
mod hostile;
mod module_metadata;
mod no_panic;
mod sizes;
mod typed_overloads;
