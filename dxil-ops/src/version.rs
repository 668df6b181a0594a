//! The DXIL versions and shader models the database declares ([`DXIL_VERSIONS`]): checking
//! and parsing them. The error for one the database does not declare ([`VersionError`], from
//! `dxil-base`, which the compile-time macros share) says what was likely meant: a shader
//! model given as a DXIL version (`6.6`: DXIL 1.6?) and the other way round, or the nearest
//! declared one (`1.11`: 1.10?).
//!
//! ```
//! use dxil_ops::version;
//!
//! assert!(version::parse_dxil("1.6").is_ok());
//! let e = version::parse_dxil("6.6").unwrap_err();
//! assert_eq!(e.to_string(), "DXIL 6.6 is not a DXIL version: 6.6 is a shader model; DXIL 1.6?");
//! let e = version::parse_dxil("1.11").unwrap_err();
//! assert_eq!(
//!     e.to_string(),
//!     "DXIL 1.11 is not a declared DXIL version (1.0 to 1.10); 1.10?"
//! );
//! let e = version::parse_shader_model("1.6").unwrap_err();
//! assert_eq!(
//!     e.to_string(),
//!     "shader model 1.6 is not a shader model: 1.6 is a DXIL version; shader model 6.6?"
//! );
//! ```

use crate::generated::vocab::{DXIL_VERSIONS, VERSION_COUNT};
use dxil_base::{DxilVersion, ShaderModel};
pub use dxil_base::{Suggestion, VersionError};

/// Every declared DXIL version with its shader model, oldest first.
pub static DECLARED: [(DxilVersion, ShaderModel); VERSION_COUNT] = {
    let mut out = [(DxilVersion::new(0, 0), ShaderModel::new(0, 0)); VERSION_COUNT];
    let mut i = 0;
    while i < VERSION_COUNT {
        out[i] = (DXIL_VERSIONS[i].dxil, DXIL_VERSIONS[i].shader_model);
        i += 1;
    }
    out
};

/// Whether `v` is a declared DXIL version.
pub const fn is_declared(v: DxilVersion) -> bool {
    crate::shader_model_of(v).is_some()
}

/// `v` if the database declares it, else the error with what was likely meant. A declared
/// version is found in O(1) (its slot, [`crate::version_slot`]), as every builder call asks.
#[inline]
pub fn check_dxil(v: DxilVersion) -> Result<DxilVersion, VersionError> {
    match crate::version_slot(v) {
        Some(i)
            if i < VERSION_COUNT
                && DXIL_VERSIONS[i].dxil.major == v.major
                && DXIL_VERSIONS[i].dxil.minor == v.minor =>
        {
            Ok(v)
        }
        _ => dxil_base::check_dxil(v, &DECLARED),
    }
}

/// `sm` if the database declares it, else the error with what was likely meant.
pub fn check_shader_model(sm: ShaderModel) -> Result<ShaderModel, VersionError> {
    dxil_base::check_shader_model(sm, &DECLARED)
}

/// Parses a DXIL version the database declares (`1.6`).
pub fn parse_dxil(text: &str) -> Result<DxilVersion, VersionError> {
    dxil_base::parse_dxil(text, &DECLARED)
}

/// Parses a shader model the database declares (`6.6`).
pub fn parse_shader_model(text: &str) -> Result<ShaderModel, VersionError> {
    dxil_base::parse_shader_model(text, &DECLARED)
}

#[cfg(test)]
mod tests {
    use super::*;
    extern crate alloc;
    use alloc::string::ToString;

    #[test]
    fn suggestions() {
        let msg = |s: &str| parse_dxil(s).unwrap_err().to_string();
        assert_eq!(
            msg("2.0"),
            "DXIL 2.0 is not a declared DXIL version (1.0 to 1.10); 1.10?"
        );
        assert_eq!(
            msg("0.9"),
            "DXIL 0.9 is not a declared DXIL version (1.0 to 1.10); 1.0?"
        );
        assert_eq!(
            msg("1.99"),
            "DXIL 1.99 is not a declared DXIL version (1.0 to 1.10); 1.10?"
        );
        assert_eq!(msg("x"), "not a DXIL version (write it as `1.6`)");
        let sm = |s: &str| parse_shader_model(s).unwrap_err().to_string();
        assert_eq!(
            sm("6.11"),
            "shader model 6.11 is not a declared shader model (6.0 to 6.10); 6.10?"
        );
        assert!(parse_shader_model("6.10").is_ok());
        assert!(parse_dxil(" 1.10 ").is_ok());
    }
}
