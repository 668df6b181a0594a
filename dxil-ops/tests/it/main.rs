//! The integration tests of dxil-ops, in one test binary: each module was a binary of its own
//! (`tests/NAME.rs`), and one binary links the crates once instead of once per file. Run one
//! module's tests with `cargo test -p dxil-ops --test it NAME::`.
//!
//! `tests/no_alloc.rs` stays a binary of its own: it installs a counting global allocator,
//! which would count the allocations of every test of this binary.

// The helpers of the modules, each declared once here: two examples, a test helper, the shared-data
// helper of dxil-db's tests and xtask's runner of `llvm-as`.
#[path = "../../examples/decode.rs"]
mod decode_example;
#[path = "../../examples/emit_stages.rs"]
mod emit_stages;
#[path = "../../../xtask/src/llvm_as.rs"]
mod llvm_as;
#[path = "../../../dxil-db/tests/common/shared.rs"]
mod shared;
#[path = "../common/struct_overloads.rs"]
mod struct_overloads;

mod constraints;
mod corpus_declarations;
mod decode;
mod dynamic;
mod entry_properties;
mod enums;
mod fuzz_writer;
mod hostile_builders;
mod hostile_names;
mod hostile_operands;
mod intrinsic;
mod module;
mod resource;
mod rules;
mod shader_module;
mod stage_metadata;
mod tables;
mod typed_names;
mod versions;
