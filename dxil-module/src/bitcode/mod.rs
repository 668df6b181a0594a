//! LLVM 3.7 bitcode, as DXIL uses it.
//!
//! [`write()`] writes a module of the [model](crate::model) as DXC's LLVM 3.7 writer lays it
//! out (see its documentation), after checking everything LLVM 3.7's reader would otherwise
//! misread or refuse; a model it cannot write is a [`WriteError`] naming the place.

mod write;

pub use write::{Place, WriteError, WriteErrorKind, write};
