//! A root signature held whole ([`RootSignatureDesc`]): read from a part with
//! [`RootSignature::to_desc`], built by a compiler, and serialized as
//! `D3D12SerializeVersionedRootSignature` and DXC serialize one ([`RootSignatureDesc::serialize`]):
//! the header, the parameter records, each parameter's payload in turn (a table's ranges right
//! after the table), then the static samplers.

use std::fmt;

use super::{DescriptorRange, ParameterKind, RootSignature, StaticSampler};
use crate::container::values::RootParameterType;

/// A root signature held whole.
#[derive(Clone, Debug, PartialEq)]
pub struct RootSignatureDesc {
    /// The version: 1 for 1.0, 2 for 1.1, 3 for 1.2.
    pub version: u32,
    /// `D3D12_ROOT_SIGNATURE_FLAGS`.
    pub flags: u32,
    /// The root parameters, in order.
    pub parameters: Vec<ParameterDesc>,
    /// The static samplers, in order (their `offset` is not written).
    pub samplers: Vec<StaticSampler>,
}

/// A root parameter held whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParameterDesc {
    /// The shader stages that see it, numbered as
    /// [`ShaderVisibility`](crate::container::ShaderVisibility).
    pub visibility: u32,
    /// What it binds: a descriptor table's ranges are held whole (their `offset` is not
    /// written).
    pub kind: ParameterKind<Vec<DescriptorRange>>,
}

/// Why a root signature cannot be serialized.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RootSignatureWriteError {
    /// A version other than 1 (1.0), 2 (1.1) and 3 (1.2).
    Version(u32),
    /// A root descriptor (parameter `parameter`) whose view is no CBV, SRV or UAV.
    NotAView {
        /// The parameter's index.
        parameter: usize,
    },
    /// Flags the version has no room for: `what` of parameter or sampler `index`, which
    /// needs version `needs`.
    FlagsNeedVersion {
        /// What holds them.
        what: &'static str,
        /// The parameter's or the sampler's index.
        index: usize,
        /// The first version with room for them.
        needs: &'static str,
    },
    /// A root signature of 4 GiB or more.
    TooLarge,
}

impl fmt::Display for RootSignatureWriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RootSignatureWriteError::Version(v) => write!(
                f,
                "root signature version {v}: write 1 (1.0), 2 (1.1) or 3 (1.2)"
            ),
            RootSignatureWriteError::NotAView { parameter } => write!(
                f,
                "root parameter {parameter} is a root descriptor of no view: make it a CBV, an \
                 SRV or a UAV"
            ),
            RootSignatureWriteError::FlagsNeedVersion { what, index, needs } => write!(
                f,
                "{what} {index} has flags, which a root signature holds from version {needs} \
                 on: raise the version or clear them"
            ),
            RootSignatureWriteError::TooLarge => {
                write!(
                    f,
                    "the root signature takes 4 GiB or more: it cannot be written"
                )
            }
        }
    }
}

impl std::error::Error for RootSignatureWriteError {}

impl RootSignature<'_> {
    /// The whole root signature, held without the input (the records' offsets are 0).
    pub fn to_desc(&self) -> RootSignatureDesc {
        let parameters = self
            .parameters()
            .map(|p| ParameterDesc {
                visibility: p.visibility,
                kind: p.kind.map_table(|t| {
                    t.ranges()
                        .map(|r| DescriptorRange { offset: 0, ..r })
                        .collect()
                }),
            })
            .collect();
        RootSignatureDesc {
            version: self.version,
            flags: self.flags,
            parameters,
            samplers: self
                .samplers()
                .map(|s| StaticSampler { offset: 0, ..s })
                .collect(),
        }
    }
}

/// Checks that flags `flags` of `what` `index` fit version `version`, which gives them room
/// from version `from` (named `needs`).
fn flags_fit(
    flags: Option<u32>,
    version: u32,
    from: u32,
    (what, index, needs): (&'static str, usize, &'static str),
) -> Result<(), RootSignatureWriteError> {
    if version < from && flags.is_some_and(|f| f != 0) {
        return Err(RootSignatureWriteError::FlagsNeedVersion { what, index, needs });
    }
    Ok(())
}

impl RootSignatureDesc {
    /// The `RTS0` part's data, laid out as DXC lays it out; flags of ranges and root
    /// descriptors are written from version 1.1 on (as 0 where `None`), those of static
    /// samplers in version 1.2.
    pub fn serialize(&self) -> Result<Vec<u8>, RootSignatureWriteError> {
        let version = self.version;
        if !super::is_known_version(version) {
            return Err(RootSignatureWriteError::Version(version));
        }
        let v11 = version >= 2;
        let mut records = Vec::new();
        let mut payloads: Vec<u32> = Vec::new();
        let parameters_at = 24u64;
        let payloads_at = parameters_at + 12 * self.parameters.len() as u64;
        for (i, p) in self.parameters.iter().enumerate() {
            let at = payloads_at + 4 * payloads.len() as u64;
            let ty = match &p.kind {
                ParameterKind::Table(ranges) => {
                    payloads.extend([ranges.len() as u32, (at + 8) as u32]);
                    for r in ranges {
                        flags_fit(r.flags, version, 2, ("the range of parameter", i, "1.1"))?;
                        payloads.extend([r.range_type, r.count, r.base_register, r.space]);
                        if v11 {
                            payloads.push(r.flags.unwrap_or(0));
                        }
                        payloads.push(r.offset_in_table);
                    }
                    RootParameterType::DescriptorTable
                }
                ParameterKind::Constants {
                    register,
                    space,
                    values,
                } => {
                    payloads.extend([*register, *space, *values]);
                    RootParameterType::Constants32Bit
                }
                ParameterKind::Descriptor {
                    view,
                    register,
                    space,
                    flags,
                } => {
                    if !matches!(
                        view,
                        RootParameterType::Cbv | RootParameterType::Srv | RootParameterType::Uav
                    ) {
                        return Err(RootSignatureWriteError::NotAView { parameter: i });
                    }
                    flags_fit(*flags, version, 2, ("root parameter", i, "1.1"))?;
                    payloads.extend([*register, *space]);
                    if v11 {
                        payloads.push(flags.unwrap_or(0));
                    }
                    *view
                }
            };
            records.extend([ty.value(), p.visibility, at as u32]);
        }
        let samplers_at = payloads_at + 4 * payloads.len() as u64;
        let sampler_words = if version >= 3 { 14 } else { 13 };
        let end = samplers_at + 4 * sampler_words * self.samplers.len() as u64;
        if end > u64::from(u32::MAX) {
            return Err(RootSignatureWriteError::TooLarge);
        }
        let mut out = Vec::with_capacity(end as usize);
        let mut push = |words: &[u32]| {
            for w in words {
                out.extend_from_slice(&w.to_le_bytes());
            }
        };
        push(&[
            version,
            self.parameters.len() as u32,
            parameters_at as u32,
            self.samplers.len() as u32,
            samplers_at as u32,
            self.flags,
        ]);
        push(&records);
        push(&payloads);
        for (i, s) in self.samplers.iter().enumerate() {
            flags_fit(s.flags, version, 3, ("static sampler", i, "1.2"))?;
            push(&[
                s.filter,
                s.address[0],
                s.address[1],
                s.address[2],
                s.mip_lod_bias.to_bits(),
                s.max_anisotropy,
                s.comparison,
                s.border_color,
                s.min_lod.to_bits(),
                s.max_lod.to_bits(),
                s.register,
                s.space,
                s.visibility,
            ]);
            if version >= 3 {
                push(&[s.flags.unwrap_or(0)]);
            }
        }
        Ok(out)
    }
}
