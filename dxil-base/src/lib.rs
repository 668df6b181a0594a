//! Small types and functions shared by `dxil-db` (which reads ops.toml), `dxil-codegen` (which
//! generates code from it) and `dxil-ops` (the runtime): DXIL versions and shader models, the
//! 16-bit precision mode of a module, the placeholders of constraint messages, and the perfect hashing of names used by the generated
//! tables. Sharing them means one type for a version everywhere, and one hash for the generator
//! and the runtime.

#![no_std]

#[cfg(feature = "std")]
extern crate std;

pub mod phf;
mod placeholder;
mod version;

pub use placeholder::Placeholder;

pub use version::{
    BadDxilVersion, BadShaderModel, DxilVersion, ShaderModel, Suggestion, VersionError, check_dxil,
    check_shader_model, parse_dxil, parse_shader_model,
};

/// 16-bit types of a module: native, or stand-ins for minimum precision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Precision {
    /// 16-bit types are native (`-enable-16bit-types`).
    #[default]
    Native,
    /// 16-bit types stand for minimum-precision types.
    Min,
}
