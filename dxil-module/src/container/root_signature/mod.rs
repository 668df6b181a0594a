//! The part `RTS0`: a root signature as `D3D12SerializeVersionedRootSignature` lays it out
//! (versions 1.0, 1.1 and 1.2), which DXC embeds when the source declares one.
//!
//! The part is a 24-byte header (version, parameter count and offset, static sampler count
//! and offset, flags), the parameters (12 bytes each: type, shader visibility, offset of
//! their payload), and the payloads and static samplers wherever the offsets say; every
//! offset counts from the start of the part. A payload is a descriptor table (range count
//! and offset, then the ranges: 20 bytes each in version 1.0, 24 with their flags from 1.1),
//! 32-bit root constants (register, space, count: 12 bytes) or a root descriptor (register
//! and space, and flags from 1.1). A static sampler is 52 bytes, 56 in version 1.2, which adds
//! its flags.
//!
//! [`RootSignature::parse`] checks every count and offset against the part before anything
//! is read through it; the views then read their records again on demand.
//! [`RootSignature::to_desc`] holds one whole ([`RootSignatureDesc`]), which
//! [`RootSignatureDesc::serialize`] lays out again as DXC does (`desc.rs`).

mod desc;

pub use desc::{ParameterDesc, RootSignatureDesc, RootSignatureWriteError};

use super::bytes::{Reader, table_bytes};
use super::error::Error;
use super::values::RootParameterType;
#[cfg(doc)]
use super::values::{
    ComparisonFunc, DescriptorRangeType, ShaderVisibility, StaticBorderColor, TextureAddressMode,
};

/// The size of a root parameter record.
const PARAMETER_SIZE: u32 = 12;

/// A root signature (`RTS0`).
#[derive(Clone, Copy, Debug)]
pub struct RootSignature<'a> {
    data: &'a [u8],
    base: usize,
    /// The version: 1 for 1.0, 2 for 1.1, 3 for 1.2.
    pub version: u32,
    /// `D3D12_ROOT_SIGNATURE_FLAGS` (see [`ROOT_SIGNATURE_FLAGS`]).
    pub flags: u32,
    parameter_count: u32,
    parameters_at: u32,
    sampler_count: u32,
    samplers_at: u32,
}

/// One root parameter.
#[derive(Clone, Copy, Debug)]
pub struct RootParameter<'a> {
    /// Byte offset of its record in the input.
    pub offset: usize,
    /// The shader stages that see it, numbered as [`ShaderVisibility`].
    pub visibility: u32,
    /// What it binds.
    pub kind: ParameterKind<DescriptorTable<'a>>,
}

/// What a root parameter binds; `T` holds a descriptor table's ranges (a [`DescriptorTable`]
/// view of the part in [`RootParameter`], the ranges themselves in [`ParameterDesc`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParameterKind<T> {
    /// A descriptor table: ranges of descriptors in a heap.
    Table(T),
    /// 32-bit constants in the root signature itself.
    Constants {
        /// The `b` register.
        register: u32,
        /// The register space.
        space: u32,
        /// How many 32-bit values.
        values: u32,
    },
    /// A root descriptor: a constant buffer, shader resource or unordered access view bound by
    /// its address.
    Descriptor {
        /// Which: [`RootParameterType::Cbv`], [`RootParameterType::Srv`] or
        /// [`RootParameterType::Uav`].
        view: RootParameterType,
        /// The register.
        register: u32,
        /// The register space.
        space: u32,
        /// `D3D12_ROOT_DESCRIPTOR_FLAGS` (version 1.1 on; see [`ROOT_DESCRIPTOR_FLAGS`]).
        flags: Option<u32>,
    },
}

impl<T> ParameterKind<T> {
    /// The same parameter with its table's ranges made by `f`.
    pub fn map_table<U>(self, f: impl FnOnce(T) -> U) -> ParameterKind<U> {
        match self {
            ParameterKind::Table(t) => ParameterKind::Table(f(t)),
            ParameterKind::Constants {
                register,
                space,
                values,
            } => ParameterKind::Constants {
                register,
                space,
                values,
            },
            ParameterKind::Descriptor {
                view,
                register,
                space,
                flags,
            } => ParameterKind::Descriptor {
                view,
                register,
                space,
                flags,
            },
        }
    }
}

/// The ranges of a descriptor table.
#[derive(Clone, Copy, Debug)]
pub struct DescriptorTable<'a> {
    data: &'a [u8],
    base: usize,
    version: u32,
    count: u32,
    at: u32,
}

/// One range of a descriptor table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DescriptorRange {
    /// Byte offset of its record in the input.
    pub offset: usize,
    /// The kind of descriptors, numbered as [`DescriptorRangeType`].
    pub range_type: u32,
    /// How many descriptors (`u32::MAX`: unbounded).
    pub count: u32,
    /// The first register.
    pub base_register: u32,
    /// The register space.
    pub space: u32,
    /// `D3D12_DESCRIPTOR_RANGE_FLAGS` (version 1.1 on; see [`DESCRIPTOR_RANGE_FLAGS`]).
    pub flags: Option<u32>,
    /// Where the range starts in the table, in descriptors (`u32::MAX`: right after the
    /// previous range).
    pub offset_in_table: u32,
}

/// A static sampler.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StaticSampler {
    /// Byte offset of its record in the input.
    pub offset: usize,
    /// `D3D12_FILTER` (see [`filter_name`]).
    pub filter: u32,
    /// Addressing of `u`, `v` and `w`, numbered as [`TextureAddressMode`].
    pub address: [u32; 3],
    /// Bias added to the computed mip level.
    pub mip_lod_bias: f32,
    /// Anisotropy clamp of anisotropic filters.
    pub max_anisotropy: u32,
    /// The comparison of comparison filters, numbered as [`ComparisonFunc`].
    pub comparison: u32,
    /// The border color of the border address mode, numbered as [`StaticBorderColor`].
    pub border_color: u32,
    /// Lowest mip level used.
    pub min_lod: f32,
    /// Highest mip level used.
    pub max_lod: f32,
    /// The `s` register.
    pub register: u32,
    /// The register space.
    pub space: u32,
    /// The shader stages that see it, numbered as [`ShaderVisibility`].
    pub visibility: u32,
    /// `D3D12_SAMPLER_FLAGS` (version 1.2; see [`SAMPLER_FLAGS`]).
    pub flags: Option<u32>,
}

/// The names of the bits of a root signature's flags.
pub const ROOT_SIGNATURE_FLAGS: &[(u32, &str)] = &[
    (0x1, "AllowInputAssemblerInputLayout"),
    (0x2, "DenyVertexShaderRootAccess"),
    (0x4, "DenyHullShaderRootAccess"),
    (0x8, "DenyDomainShaderRootAccess"),
    (0x10, "DenyGeometryShaderRootAccess"),
    (0x20, "DenyPixelShaderRootAccess"),
    (0x40, "AllowStreamOutput"),
    (0x80, "LocalRootSignature"),
    (0x100, "DenyAmplificationShaderRootAccess"),
    (0x200, "DenyMeshShaderRootAccess"),
    (0x400, "CbvSrvUavHeapDirectlyIndexed"),
    (0x800, "SamplerHeapDirectlyIndexed"),
    (0x8000_0000, "AllowLowTierReservedHwCbLimit"),
];

/// The names of the bits of a descriptor range's flags.
pub const DESCRIPTOR_RANGE_FLAGS: &[(u32, &str)] = &[
    (0x1, "DescriptorsVolatile"),
    (0x2, "DataVolatile"),
    (0x4, "DataStaticWhileSetAtExecute"),
    (0x8, "DataStatic"),
    (0x1_0000, "DescriptorsStaticKeepingBufferBoundsChecks"),
];

/// The names of the bits of a root descriptor's flags.
pub const ROOT_DESCRIPTOR_FLAGS: &[(u32, &str)] = &[
    (0x2, "DataVolatile"),
    (0x4, "DataStaticWhileSetAtExecute"),
    (0x8, "DataStatic"),
];

/// The names of the bits of a static sampler's flags (version 1.2).
pub const SAMPLER_FLAGS: &[(u32, &str)] =
    &[(0x1, "UintBorderColor"), (0x2, "NonNormalizedCoordinates")];

/// The names of the bits set in `bits` (`names` as [`ROOT_SIGNATURE_FLAGS`]), joined by `|`,
/// bits without a name as a hex number; `none` for 0.
pub fn flag_names(bits: u32, names: &[(u32, &str)]) -> String {
    if bits == 0 {
        return String::from("none");
    }
    let mut parts: Vec<String> = names
        .iter()
        .filter(|(bit, _)| bits & bit != 0)
        .map(|(_, name)| (*name).to_owned())
        .collect();
    let unknown = names.iter().fold(bits, |rest, (bit, _)| rest & !bit);
    if unknown != 0 {
        parts.push(format!("{unknown:#x}"));
    }
    parts.join("|")
}

/// The name of a `D3D12_FILTER`: the minification, magnification and mip filters (point or
/// linear, or anisotropic) and the reduction (comparison, minimum or maximum), as the HLSL
/// root signature language spells it without `FILTER_`; `None` for a number that is no
/// filter.
pub fn filter_name(filter: u32) -> Option<String> {
    let reduction = match filter >> 7 {
        0 => "",
        1 => "COMPARISON_",
        2 => "MINIMUM_",
        3 => "MAXIMUM_",
        _ => return None,
    };
    let rest = filter & 0x7f;
    if rest == 0x55 {
        return Some(format!("{reduction}ANISOTROPIC"));
    }
    if rest & !0x15 != 0 {
        return None;
    }
    let linear = |shift: u32| rest >> shift & 1 == 1;
    let (min, mag, mip) = (linear(4), linear(2), linear(0));
    let word = |l: bool| if l { "LINEAR" } else { "POINT" };
    let name = if min == mag && mag == mip {
        format!("MIN_MAG_MIP_{}", word(min))
    } else if min == mag {
        format!("MIN_MAG_{}_MIP_{}", word(min), word(mip))
    } else if mag == mip {
        format!("MIN_{}_MAG_MIP_{}", word(min), word(mag))
    } else {
        format!("MIN_{}_MAG_{}_MIP_{}", word(min), word(mag), word(mip))
    };
    Some(format!("{reduction}{name}"))
}

/// A reader over `len` bytes at offset `at` of the part `data` (which starts at byte `base`
/// of the input), the offset read from the field at `field`: an error naming the field when
/// they do not lie in the part.
fn reader_at<'a>(
    data: &'a [u8],
    base: usize,
    field: usize,
    at: u32,
    len: u64,
    what: &'static str,
) -> Result<Reader<'a>, Error> {
    let fits = u64::from(at)
        .checked_add(len)
        .is_some_and(|end| end <= data.len() as u64);
    if !fits {
        return Err(Error::invalid(
            field,
            what,
            at.into(),
            format!(
                "an offset with {len} bytes after it inside the part's {} bytes",
                data.len()
            ),
        ));
    }
    let mut r = Reader::new(data, base);
    r.take(at.into(), what)?;
    r.sub(len, what)
}

/// Whether `version` is one this reader and the writer know: 1 (1.0), 2 (1.1) or 3 (1.2).
pub fn is_known_version(version: u32) -> bool {
    (1..=3).contains(&version)
}

/// The size of a descriptor range record of `version`.
fn range_size(version: u32) -> u32 {
    if version == 1 { 20 } else { 24 }
}

/// The size of a root descriptor record of `version`.
fn descriptor_size(version: u32) -> u32 {
    if version == 1 { 8 } else { 12 }
}

/// The size of a static sampler record of `version`.
fn sampler_size(version: u32) -> u32 {
    if version >= 3 { 56 } else { 52 }
}

impl<'a> RootSignature<'a> {
    /// Reads the `RTS0` part `data`, which starts at byte `base` of the input, and checks
    /// every parameter, payload, range and static sampler.
    pub fn parse(data: &'a [u8], base: usize) -> Result<RootSignature<'a>, Error> {
        let mut r = Reader::new(data, base);
        let version_at = r.offset();
        let version = r.u32("a root signature version")?;
        if !is_known_version(version) {
            return Err(Error::invalid(
                version_at,
                "a root signature version",
                version.into(),
                "1 (1.0), 2 (1.1) or 3 (1.2)",
            ));
        }
        let parameter_count = r.u32("a root parameter count")?;
        let parameters_field = r.offset();
        let parameters_at = r.u32("the root parameters' offset")?;
        let sampler_count = r.u32("a static sampler count")?;
        let samplers_field = r.offset();
        let samplers_at = r.u32("the static samplers' offset")?;
        let rs = RootSignature {
            data,
            base,
            version,
            parameter_count,
            parameters_at,
            sampler_count,
            samplers_at,
            flags: r.u32("root signature flags")?,
        };
        let parameters = table_bytes(parameter_count, PARAMETER_SIZE);
        reader_at(
            data,
            base,
            parameters_field,
            parameters_at,
            parameters,
            "the root parameters' offset",
        )?;
        let samplers = table_bytes(sampler_count, sampler_size(version));
        reader_at(
            data,
            base,
            samplers_field,
            samplers_at,
            samplers,
            "the static samplers' offset",
        )?;
        // the ranges of all tables together fit in the part (a serializer writes each table's
        // own), so that tables sharing ranges cannot make the checks quadratic in its size
        let mut range_bytes = 0;
        for i in 0..rs.parameter_count {
            let parameter = rs.parameter(i)?;
            if let ParameterKind::Table(table) = parameter.kind {
                range_bytes += table_bytes(table.count, range_size(version));
                if range_bytes > data.len() as u64 {
                    return Err(Error::invalid(
                        parameter.offset,
                        "the descriptor ranges of the tables up to this parameter",
                        range_bytes,
                        format!("at most the part's {} bytes", data.len()),
                    ));
                }
                for j in 0..table.count {
                    table.range(j)?;
                }
            }
        }
        for i in 0..rs.sampler_count {
            rs.sampler(i)?;
        }
        Ok(rs)
    }

    /// The version as the HLSL root signature language names it (`1.0`, `1.1`, `1.2`).
    pub fn version_name(&self) -> &'static str {
        match self.version {
            1 => "1.0",
            2 => "1.1",
            _ => "1.2",
        }
    }

    /// Number of root parameters.
    pub fn parameter_count(&self) -> u32 {
        self.parameter_count
    }

    /// Number of static samplers.
    pub fn sampler_count(&self) -> u32 {
        self.sampler_count
    }

    /// The root parameters, in order.
    pub fn parameters(&self) -> impl Iterator<Item = RootParameter<'a>> + '_ {
        (0..self.parameter_count).filter_map(|i| self.parameter(i).ok())
    }

    /// The static samplers, in order.
    pub fn samplers(&self) -> impl Iterator<Item = StaticSampler> + '_ {
        (0..self.sampler_count).filter_map(|i| self.sampler(i).ok())
    }

    fn parameter(&self, index: u32) -> Result<RootParameter<'a>, Error> {
        let at = u64::from(self.parameters_at) + table_bytes(index, PARAMETER_SIZE);
        let mut r = Reader::new(self.data, self.base);
        r.take(at, "a root parameter")?;
        let offset = r.offset();
        let type_at = offset;
        let raw_type = r.u32("a root parameter type")?;
        let visibility = r.u32("a shader visibility")?;
        let payload_at = r.offset();
        let payload = r.u32("a root parameter's payload offset")?;
        let Some(ty) = RootParameterType::from_value(raw_type) else {
            return Err(Error::invalid(
                type_at,
                "a root parameter type",
                raw_type.into(),
                "0 (descriptor table) to 4 (UAV)",
            ));
        };
        let payload_len = match ty {
            RootParameterType::DescriptorTable => 8,
            RootParameterType::Constants32Bit => 12,
            _ => descriptor_size(self.version),
        };
        let mut p = reader_at(
            self.data,
            self.base,
            payload_at,
            payload,
            payload_len.into(),
            "a root parameter's payload offset",
        )?;
        let kind = match ty {
            RootParameterType::DescriptorTable => {
                let count = p.u32("a descriptor range count")?;
                let ranges_field = p.offset();
                let ranges_at = p.u32("the descriptor ranges' offset")?;
                reader_at(
                    self.data,
                    self.base,
                    ranges_field,
                    ranges_at,
                    table_bytes(count, range_size(self.version)),
                    "the descriptor ranges' offset",
                )?;
                ParameterKind::Table(DescriptorTable {
                    data: self.data,
                    base: self.base,
                    version: self.version,
                    count,
                    at: ranges_at,
                })
            }
            RootParameterType::Constants32Bit => ParameterKind::Constants {
                register: p.u32("a register")?,
                space: p.u32("a register space")?,
                values: p.u32("a 32-bit value count")?,
            },
            view => ParameterKind::Descriptor {
                view,
                register: p.u32("a register")?,
                space: p.u32("a register space")?,
                flags: if self.version >= 2 {
                    Some(p.u32("root descriptor flags")?)
                } else {
                    None
                },
            },
        };
        Ok(RootParameter {
            offset,
            visibility,
            kind,
        })
    }

    fn sampler(&self, index: u32) -> Result<StaticSampler, Error> {
        let size = sampler_size(self.version);
        let at = u64::from(self.samplers_at) + table_bytes(index, size);
        let mut r = Reader::new(self.data, self.base);
        r.take(at, "a static sampler")?;
        let offset = r.offset();
        let f32_of = |r: &mut Reader<'_>, what| r.u32(what).map(f32::from_bits);
        Ok(StaticSampler {
            offset,
            filter: r.u32("a filter")?,
            address: [
                r.u32("an address mode")?,
                r.u32("an address mode")?,
                r.u32("an address mode")?,
            ],
            mip_lod_bias: f32_of(&mut r, "a mip level bias")?,
            max_anisotropy: r.u32("a maximum anisotropy")?,
            comparison: r.u32("a comparison function")?,
            border_color: r.u32("a border color")?,
            min_lod: f32_of(&mut r, "a minimum mip level")?,
            max_lod: f32_of(&mut r, "a maximum mip level")?,
            register: r.u32("a register")?,
            space: r.u32("a register space")?,
            visibility: r.u32("a shader visibility")?,
            flags: if self.version >= 3 {
                Some(r.u32("sampler flags")?)
            } else {
                None
            },
        })
    }
}

impl<'a> DescriptorTable<'a> {
    /// Number of ranges.
    pub fn len(&self) -> u32 {
        self.count
    }

    /// Whether the table has no range.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The ranges, in order.
    pub fn ranges(&self) -> impl Iterator<Item = DescriptorRange> + '_ {
        (0..self.count).filter_map(|i| self.range(i).ok())
    }

    fn range(&self, index: u32) -> Result<DescriptorRange, Error> {
        let size = range_size(self.version);
        let at = u64::from(self.at) + table_bytes(index, size);
        let mut r = Reader::new(self.data, self.base);
        r.take(at, "a descriptor range")?;
        let offset = r.offset();
        Ok(DescriptorRange {
            offset,
            range_type: r.u32("a descriptor range type")?,
            count: r.u32("a descriptor count")?,
            base_register: r.u32("a base register")?,
            space: r.u32("a register space")?,
            flags: if self.version >= 2 {
                Some(r.u32("descriptor range flags")?)
            } else {
                None
            },
            offset_in_table: r.u32("an offset in the table")?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filters_are_named_as_the_root_signature_language_names_them() {
        let cases = [
            (0x0, "MIN_MAG_MIP_POINT"),
            (0x1, "MIN_MAG_POINT_MIP_LINEAR"),
            (0x4, "MIN_POINT_MAG_LINEAR_MIP_POINT"),
            (0x5, "MIN_POINT_MAG_MIP_LINEAR"),
            (0x10, "MIN_LINEAR_MAG_MIP_POINT"),
            (0x11, "MIN_LINEAR_MAG_POINT_MIP_LINEAR"),
            (0x14, "MIN_MAG_LINEAR_MIP_POINT"),
            (0x15, "MIN_MAG_MIP_LINEAR"),
            (0x55, "ANISOTROPIC"),
            (0x94, "COMPARISON_MIN_MAG_LINEAR_MIP_POINT"),
            (0x155, "MINIMUM_ANISOTROPIC"),
            (0x1d5, "MAXIMUM_ANISOTROPIC"),
        ];
        for (value, name) in cases {
            assert_eq!(filter_name(value).as_deref(), Some(name), "{value:#x}");
        }
        for value in [0x2, 0x40, 0x200, 0x56] {
            assert_eq!(filter_name(value), None, "{value:#x}");
        }
    }

    #[test]
    fn flags_are_named_bit_by_bit() {
        assert_eq!(flag_names(0, ROOT_SIGNATURE_FLAGS), "none");
        assert_eq!(
            flag_names(0x1d, ROOT_SIGNATURE_FLAGS),
            "AllowInputAssemblerInputLayout|DenyHullShaderRootAccess|\
             DenyDomainShaderRootAccess|DenyGeometryShaderRootAccess"
        );
        assert_eq!(flag_names(0x1_0020, ROOT_DESCRIPTOR_FLAGS), "0x10020");
    }
}
