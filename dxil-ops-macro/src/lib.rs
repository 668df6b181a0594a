//! Procedural macros of `dxil-ops`, re-exported by it with its feature `macros` (off by default:
//! `dxil-ops = { version = "0.1", features = ["macros"] }`):
//!
//! - [`op!`]: an op with its overloads, DXIL version and optionally shader stage, checked
//!   against the database while the program is compiled. What the database forbids is a compile
//!   error that points at the offending token and gives the database's reason.
//! - [`include_ops!`]: the `dxil-ops` API (op enum, property rows, classes, types, builders,
//!   function-name parsing) for a downstream crate's extension file, e.g. a vendor op table.
//!
//! Both use the generator of `cargo xtask gen` (`dxil-codegen`) and the loader and checks of
//! `dxil-db`. The workspace's `ops.toml` and the files it includes are embedded in this crate
//! with `include_str!`, so cargo rebuilds the macros when the database changes, and loaded once
//! per compiler process. The expansions refer to `::dxil_ops`: the crate that uses them needs
//! `dxil-ops` as a dependency under that name.
//!
//! # `op!`
//!
//! ```text
//! op!(NAME @ VERSION)
//! op!(NAME<OVERLOAD, ...> @ VERSION in STAGE)
//! ```
//!
//! - `NAME`: the op's name as in `ops.toml` (`Sample`, `RawBufferLoad`).
//! - `<OVERLOAD, ...>`: one overload per dimension, left out for ops without overloads. An
//!   overload is spelled as in function names: a scalar type (`f32`, `i1`), a vector
//!   (`v4f32`), or a struct name in quotes (`"struct.Payload"` for user-defined structs,
//!   `"dx.types.LinAlgMatrixC8M16N16U0S1"` or its short spelling `"mC8M16N16U0S1"` for
//!   objects).
//! - `@ VERSION`: the DXIL version, `major.minor` (`@ 1.6`, `@ 1.10`); required.
//! - `in STAGE`: optionally, the shader stage of the caller, named as in `ops.toml` (`pixel`,
//!   `compute`, `library`, ...). The two clauses may come in either order.
//!
//! It expands to a constant expression of type `dxil_ops::CheckedOp`, which gives the function
//! name, the signature, and a target and overloads for the call builders:
//!
//! ```
//! use dxil_ops::{CheckedOp, op};
//!
//! const LOAD: CheckedOp = op!(RawBufferLoad<f64> @ 1.3);
//! assert_eq!(LOAD.function_name().to_string(), "dx.op.rawBufferLoad.f64");
//!
//! let sample = op!(Sample<f32> @ 1.6 in pixel);
//! let call = dxil_ops::build::sample(
//!     &sample.target(), sample.overload(), "%h", "%s", "%u", "%v", "%u", "%u", "%o", "%o",
//!     "%o", "%c",
//! )?;
//! let mut ir = String::new();
//! dxil_ops::ir::write_call(&mut ir, Some("r"), &call)?;
//! assert!(ir.starts_with("%r = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, "));
//!
//! let load = op!(RawBufferVectorLoad<v4f32> @ 1.9 in compute);
//! assert_eq!(load.function_name().to_string(), "dx.op.rawBufferVectorLoad.v4f32");
//!
//! let handle = op!(CreateHandle @ 1.5);
//! assert_eq!(handle.signature().to_string(), "%dx.types.Handle (i32, i8, i32, i32, i1)");
//!
//! let fill = op!(LinAlgFillMatrix<"mC8M16N16U0S1", f32> @ 1.10);
//! assert_eq!(fill.function_name().to_string(), "dx.op.linAlgFillMatrix.mC8M16N16U0S1.f32");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! What the database forbids does not compile, and the error points at the offending token:
//!
//! ```compile_fail
//! // error: `RawBufferLoad` overload `f64` needs DXIL 1.3; DXIL 1.2 allows f16, f32, i16, i32
//! let load = dxil_ops::op!(RawBufferLoad<f64> @ 1.2);
//! ```
//!
//! ```compile_fail
//! // error: `CreateHandle` was removed in DXIL 1.6: it exists in DXIL 1.0 to 1.5
//! let handle = dxil_ops::op!(CreateHandle @ 1.6);
//! ```
//!
//! The same checks at run time are `dxil_ops::CheckedOp::new`.
//!
//! # `include_ops!`
//!
//! ```text
//! include_ops!("PATH")
//! ```
//!
//! `PATH` is the extension file, relative to the folder of the calling crate's `Cargo.toml`
//! (`CARGO_MANIFEST_DIR`). The file is loaded together with the workspace's database
//! (`dxil_db::load_extension`): it declares its own op tables (`[table.NAME]` with an id no
//! base table has), their ops (`[[ops.TABLE]]`), and any classes (`[class.NAME]`) and types
//! (`[type.NAME]`) of its own, and uses the base database's classes, types, stages, overload
//! types, attributes and enumerations. Mistakes are a compile error with every diagnostic of
//! `dxil-db`, with file, line and column. The crate is rebuilt when the file changes.
//!
//! The expansion is a set of items, best put in a module of their own. With the extension file
//! of this crate's tests, which declares the table `VendorOps` and the op `VendorScale` (class
//! `VendorScale`: an overloaded value and an immediate factor of at most 16):
//!
//! ```
//! mod vendor {
//!     dxil_ops::include_ops!("tests/vendor/vendor.toml");
//! }
//!
//! use dxil_ops::{DxilVersion, Overload, ScalarType, Target};
//!
//! let target = Target::new(DxilVersion::new(1, 6));
//! let call = vendor::build::vendor_scale(&target, Overload::Scalar(ScalarType::F32), "%x", 4)?;
//! assert_eq!(call.function_name().to_string(), "dx.op.vendorScale.f32");
//! assert_eq!(vendor::Op::VendorScale.opcode(), 0x8001_0000);
//! assert_eq!(vendor::parse_function_name("dx.op.vendorScale.f16")?.class().name, "VendorScale");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! It has the same layout as the generated part of `dxil-ops`, for the extension's records:
//! `Op` (the op enum, with `info()`, `function_name()`, `from_name()`, ...), `OpTable`, `OPS`
//! (the property rows, of type `dxil_ops::info::OpInfo`), `OpClass` (the extension's classes and
//! the base classes its ops use), `STEMS`, `parse_function_name` (which also reads the names of
//! `dxil-ops`'s functions), and the modules `types` (`TY_*`), `classes` (`CLASS_*`), `ops` and
//! `build` (one builder per op). Base records are referred to in `dxil_ops`
//! (`dxil_ops::types::TY_*`, `dxil_ops::classes::CLASS_*`, `dxil_ops::enums::*`), so the
//! runtime's checks (`dxil_ops::call::check`), function names, signatures and IR writer
//! (`dxil_ops::ir`) work on the extension's ops unchanged.
//!
//! An extension's op may use a base class only with overloads some base op of that class
//! has (`dxil-ops` reads the function names); otherwise it needs a class of its own.
//!
//! # Limits
//!
//! - `op!` knows the workspace's database only: it does not check an extension's ops.
//! - An extension declares no enumerations, stages, overload types or versions: they are the
//!   base database's.
//! - The embedded database is the workspace's: the crate is meant to be used from this
//!   workspace (its `include_str!` paths point outside the package).

mod database;
#[rustfmt::skip]
mod embedded;
mod include;
mod op;

use proc_macro::TokenStream;
use proc_macro2::Span;

/// An op with its overloads at a DXIL version, and optionally in a shader stage, checked against
/// the database while the program is compiled; a `const` expression of type
/// `dxil_ops::CheckedOp`.
///
/// Syntax: `op!(NAME<OVERLOAD, ...> @ VERSION in STAGE)`, where the overloads and the stage
/// are optional (see the crate documentation).
///
/// ```
/// let c = dxil_ops::op!(Sample<f32> @ 1.6 in pixel);
/// assert_eq!(c.function_name().to_string(), "dx.op.sample.f32");
/// ```
#[proc_macro]
pub fn op(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as op::Input);
    guarded(|| {
        let db = database::builtin().map_err(|e| syn::Error::new(Span::call_site(), e))?;
        op::expand(db, &input)
    })
}

/// The `dxil-ops` API for an extension file (a path relative to the calling crate's
/// `Cargo.toml`), loaded together with the workspace's database: op enum, property rows,
/// classes, types, builders and `parse_function_name` (see the crate documentation).
///
/// ```
/// mod vendor {
///     dxil_ops::include_ops!("tests/vendor/vendor.toml");
/// }
/// assert_eq!(vendor::Op::VendorScale.info().table.name, "VendorOps");
/// ```
#[proc_macro]
pub fn include_ops(input: TokenStream) -> TokenStream {
    let path = syn::parse_macro_input!(input as syn::LitStr);
    guarded(|| include::expand(&path))
}

/// Runs an expansion; its error, or a panic (a bug: loading and generating report every
/// mistake of the input as an error), becomes a compile error instead of a crashed macro.
fn guarded(expand: impl FnOnce() -> syn::Result<proc_macro2::TokenStream>) -> TokenStream {
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(expand)).unwrap_or_else(|_| {
        Err(syn::Error::new(
            Span::call_site(),
            "internal error of dxil-ops-macro: it panicked (a bug; the message above says where)",
        ))
    });
    match result {
        Ok(t) => t.into(),
        Err(e) => e.to_compile_error().into(),
    }
}
