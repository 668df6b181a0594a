//! Files in other compilers' formats, written from the database: one module per target, each
//! reading the checked model and writing text. The facts a target needs beyond the model's are
//! keys of the database (`dxil_td`, `[llvm_baseline]` for LLVM; the `[dxc]` record for DXC),
//! never constants of the emitter.

pub mod dxc;
pub mod llvm;
