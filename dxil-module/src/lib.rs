//! Reads and writes DXIL as it is shipped: `DXBC` containers ([`container`]), the LLVM bitstream
//! ([`bitstream`]) of the LLVM 3.7 bitcode inside them ([`bitcode`]), and LLVM IR text
//! ([`text`]), into one in-memory module model ([`model`]).

pub mod assemble;
pub mod bitcode;
pub mod bitstream;
pub mod container;
mod hash;
pub mod model;
pub mod text;
