//! Values of enumeration operands, checked with the typed enumerations of `dxil_ops::enums`.
//!
//! A parameter names its enumeration by its DXIL name (`ParamInfo::enumeration`); this module
//! maps the names parameters use to the generated types. A value named `Invalid` (the sentinel
//! of `ResourceClass` and `AtomicBinOpCode`) is not a valid operand. A test checks that every enumeration a
//! parameter of the database names is mapped here, so a new link in `ops.toml` cannot be
//! silently unchecked.

use std::fmt::Write;

use dxil_ops::enums;
use dxil_ops::{DXIL_VERSIONS, DxilVersion};

/// What a value is for an enumeration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum EnumValue {
    /// A value (or a combination of flags) that exists at the version.
    Valid,
    /// Not a value of the enumeration (or bits that are not flags of it); the text says why.
    Unknown(String),
    /// A value that exists, but not at the version; the text says why.
    NotAtVersion(String),
    /// The enumeration is not one this module knows.
    Unmapped,
}

/// The first DXIL version at which `valid` holds, if any.
fn valid_from(valid: impl Fn(DxilVersion) -> bool) -> Option<DxilVersion> {
    DXIL_VERSIONS.iter().map(|v| v.dxil).find(|v| valid(*v))
}

macro_rules! plain {
    ($name:expr, $value:expr, $version:expr, $($dxil:literal => $ty:ident),* $(,)?) => {
        match $name {
            $($dxil => Some(match i64::try_from($value).ok().and_then(enums::$ty::from_value) {
                None => EnumValue::Unknown(format!("{}, which is not a value of {}", $value, $dxil)),
                Some(e) if e.name() == "Invalid" => EnumValue::Unknown(format!(
                    "{} ({}::Invalid), which is not a valid {}",
                    $value, $dxil, $dxil
                )),
                Some(e) if e.is_valid_at($version) => EnumValue::Valid,
                Some(e) => EnumValue::NotAtVersion(match valid_from(|v| e.is_valid_at(v)) {
                    Some(from) => format!("{}::{} ({}), which exists only from DXIL {from}", $dxil, e.name(), $value),
                    None => format!("{}::{} ({}), which exists at no DXIL version", $dxil, e.name(), $value),
                }),
            }),)*
            _ => None,
        }
    };
}

macro_rules! flags {
    ($name:expr, $value:expr, $version:expr, $($dxil:literal => $ty:ident),* $(,)?) => {
        match $name {
            $($dxil => Some(match u32::try_from($value).ok().and_then(enums::$ty::from_bits) {
                None => EnumValue::Unknown(format!(
                    "{:#x}, which has bits that are not {} flags (the flags are {:#x})",
                    $value,
                    $dxil,
                    enums::$ty::KNOWN
                )),
                Some(e) if e.is_valid_at($version) => EnumValue::Valid,
                Some(e) => {
                    let mut why = format!("{:#x} ({e})", $value);
                    let mut sep = ", but";
                    for (flag, bits) in enums::$ty::FLAGS {
                        let Some(single) = enums::$ty::from_bits(*bits) else { continue };
                        if e.contains(single) && !single.is_valid_at($version) {
                            let _ = match valid_from(|v| single.is_valid_at(v)) {
                                Some(from) => write!(why, "{sep} {flag} exists only from DXIL {from}"),
                                None => write!(why, "{sep} {flag} exists at no DXIL version"),
                            };
                            sep = " and";
                        }
                    }
                    EnumValue::NotAtVersion(why)
                }
            }),)*
            _ => None,
        }
    };
}

/// Checks `value` (already read as unsigned in its type's width) against enumeration `name` at
/// DXIL `version`.
pub(crate) fn check(name: &str, value: u64, version: DxilVersion) -> EnumValue {
    let plain = plain!(name, value, version,
        "AtomicBinOpCode" => AtomicBinOpCode,
        "MatrixLayout" => MatrixLayout,
        "PackMode" => PackMode,
        "QuadOpKind" => QuadOpKind,
        "QuadVoteOpKind" => QuadVoteOpKind,
        "ResourceClass" => ResourceClass,
        "SignedOpKind" => SignedOpKind,
        "UnpackMode" => UnpackMode,
        "WaveBitOpKind" => WaveBitOpKind,
        "WaveMultiPrefixOpKind" => WaveMultiPrefixOpKind,
        "WaveOpKind" => WaveOpKind,
    );
    if let Some(v) = plain {
        return v;
    }
    let flags = flags!(name, value, version,
        "BarrierMode" => BarrierMode,
        "BarrierSemanticFlag" => BarrierSemanticFlag,
        "MemoryTypeFlag" => MemoryTypeFlag,
        "RayFlag" => RayFlag,
        "RayQueryFlag" => RayQueryFlag,
    );
    flags.unwrap_or(EnumValue::Unmapped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_enumeration_of_a_parameter_is_mapped() {
        let v = DxilVersion::new(1, 9);
        for op in dxil_ops::OPS.iter() {
            for p in op.signature.params {
                if let Some(e) = p.enumeration {
                    assert_ne!(
                        check(e, 0, v),
                        EnumValue::Unmapped,
                        "{e} (parameter {} of {})",
                        p.name,
                        op.name
                    );
                }
            }
        }
    }

    #[test]
    fn values() {
        let v18 = DxilVersion::new(1, 8);
        assert_eq!(check("WaveOpKind", 3, v18), EnumValue::Valid);
        assert!(matches!(check("WaveOpKind", 4, v18), EnumValue::Unknown(_)));
        assert_eq!(check("BarrierSemanticFlag", 7, v18), EnumValue::Valid);
        assert_eq!(
            check("BarrierSemanticFlag", 9, v18),
            EnumValue::NotAtVersion(
                "0x9 (GroupSync|ReorderScope), but ReorderScope exists only from DXIL 1.9"
                    .to_owned()
            )
        );
        assert_eq!(
            check("BarrierSemanticFlag", 9, DxilVersion::new(1, 9)),
            EnumValue::Valid
        );
        assert!(matches!(
            check("MemoryTypeFlag", 16, v18),
            EnumValue::Unknown(_)
        ));
        assert!(matches!(
            check("ResourceClass", 4, v18),
            EnumValue::Unknown(_)
        ));
        assert_eq!(check("ResourceClass", 3, v18), EnumValue::Valid);
        assert_eq!(check("NoSuchEnum", 0, v18), EnumValue::Unmapped);
    }
}
