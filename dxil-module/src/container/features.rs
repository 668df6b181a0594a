//! The feature part `SFI0`: one `u64` of feature flags, named by the database's enumeration
//! `ShaderFeatureInfo`.

use dxil_ops::enums::ShaderFeatureInfo;

use super::error::Error;

/// The feature flags of a shader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeatureInfo {
    /// The flags as stored.
    pub bits: u64,
}

impl FeatureInfo {
    /// Reads the `SFI0` part `data`, which starts at byte `base` of the input: exactly 8 bytes.
    pub fn parse(data: &[u8], base: usize) -> Result<FeatureInfo, Error> {
        match <[u8; 8]>::try_from(data) {
            Ok(bytes) => Ok(FeatureInfo {
                bits: u64::from_le_bytes(bytes),
            }),
            Err(_) => Err(Error::invalid(
                base,
                "the size of the feature part",
                data.len() as u64,
                "8 (one u64)",
            )),
        }
    }

    /// The flags the enumeration names.
    pub fn flags(&self) -> ShaderFeatureInfo {
        ShaderFeatureInfo::from_bits(self.bits & ShaderFeatureInfo::KNOWN)
            .unwrap_or(ShaderFeatureInfo::EMPTY)
    }

    /// The bits no flag of the enumeration names.
    pub fn unknown_bits(&self) -> u64 {
        self.bits & !ShaderFeatureInfo::KNOWN
    }
}
