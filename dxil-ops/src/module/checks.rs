//! The checks of an entry point's properties against the limits of DXC's validator
//! (`ValidateEntryProps`, `ValidateWaveSize`): each refusal names the validation rule that
//! refuses it, with its message filled ([`ModuleError::Rule`]); what no rule names is
//! [`ModuleError::Entry`].

use alloc::format;
use alloc::string::{String, ToString};

use super::entry::{
    DsState, EntryPoint, GsState, HsState, MsState, NodeLaunch, NodeState, Stage, WaveSize,
};
use super::limits;
use super::shader::ModuleError;
use crate::enums::{
    InputPrimitive, MeshOutputTopology, PrimitiveTopology, ShaderFlags, TessellatorDomain,
    TessellatorOutputPrimitive, TessellatorPartitioning,
};
use crate::rules::ValidationRule;
use crate::{DxilVersion, ShaderKind, ShaderModel};

/// An error of rule `rule` with its message's arguments.
pub(super) fn rule(rule: ValidationRule, args: &[&dyn core::fmt::Display]) -> ModuleError {
    let message = match rule.format(args) {
        Ok(m) => m.to_string(),
        Err(_) => rule.message().to_string(),
    };
    ModuleError::Rule { rule, message }
}

/// Fails with `error` unless `ok`.
fn ensure(ok: bool, error: impl FnOnce() -> ModuleError) -> Result<(), ModuleError> {
    if ok { Ok(()) } else { Err(error()) }
}

/// An error about the entry point that no validation rule names.
fn entry(reason: String) -> ModuleError {
    ModuleError::Entry(reason)
}

impl EntryPoint {
    /// Checks the properties against the limits of DXC's validator at DXIL version `dxil`
    /// and the shader model `sm` that pairs with it, in a library or not.
    pub(super) fn check(
        &self,
        dxil: DxilVersion,
        sm: ShaderModel,
        library: bool,
    ) -> Result<(), ModuleError> {
        let flags = self.flags;
        ensure(flags.is_valid_at(dxil), || {
            entry(format!(
                "shader flags {flags} do not all exist at DXIL {dxil}"
            ))
        })?;
        ensure(
            self.kind() == ShaderKind::Pixel
                || !flags.contains(ShaderFlags::ForceEarlyDepthStencil),
            || entry("only a pixel shader forces early depth-stencil tests".into()),
        )?;
        if let Some(space) = self.auto_binding_space {
            ensure(library && sm >= ShaderModel::new(6, 3), || {
                entry(format!(
                    "an automatic binding space ({space}) is a property of library entries from shader model 6.3"
                ))
            })?;
        }
        if self.function.is_empty() {
            return Err(entry("the entry function has no name".into()));
        }
        match &self.stage {
            Stage::Geometry(s) => s.check(),
            Stage::Hull(s) => s.check(&self.function),
            Stage::Domain(s) => s.check(),
            Stage::Compute(s) => {
                check_threads(s.numthreads, limits::CS_THREADS)?;
                check_wave_size(s.wave_size, sm)
            }
            Stage::Mesh(s) => s.check(&self.name),
            Stage::Amplification(s) => {
                check_threads(s.numthreads, limits::MS_AS_THREADS)?;
                ensure(s.payload_size <= limits::MS_AS_MAX_PAYLOAD, || {
                    rule(
                        ValidationRule::SmAmplificationShaderPayloadSize,
                        &[&self.name, &s.payload_size, &limits::MS_AS_MAX_PAYLOAD],
                    )
                })
            }
            Stage::Node(s) => s.check(sm),
            _ => Ok(()),
        }
    }
}

impl GsState {
    fn check(&self) -> Result<(), ModuleError> {
        let patch = (InputPrimitive::ControlPointPatch1 as u32
            ..=InputPrimitive::ControlPointPatch32 as u32)
            .contains(&(self.input_primitive as u32));
        let known = matches!(
            self.input_primitive,
            InputPrimitive::Point
                | InputPrimitive::Line
                | InputPrimitive::Triangle
                | InputPrimitive::LineWithAdjacency
                | InputPrimitive::TriangleWithAdjacency
        );
        ensure(patch || known, || {
            rule(ValidationRule::SmGsValidInputPrimitive, &[])
        })?;
        ensure(
            self.max_vertex_count <= limits::GS_MAX_OUTPUT_VERTICES,
            || {
                rule(
                    ValidationRule::SmGsOutputVertexCountRange,
                    &[&limits::GS_MAX_OUTPUT_VERTICES, &self.max_vertex_count],
                )
            },
        )?;
        ensure(
            (1..=limits::GS_MAX_INSTANCES).contains(&self.instance_count),
            || {
                rule(
                    ValidationRule::SmGsInstanceCountRange,
                    &[&limits::GS_MAX_INSTANCES, &self.instance_count],
                )
            },
        )?;
        let streams = u32::from(self.streams);
        if streams >> limits::GS_STREAMS != 0 {
            let last = 31 - streams.leading_zeros();
            return Err(rule(
                ValidationRule::SmStreamIndexRange,
                &[&last, &(limits::GS_STREAMS - 1)],
            ));
        }
        ensure(
            streams != 0
                && matches!(
                    self.output_topology,
                    PrimitiveTopology::PointList
                        | PrimitiveTopology::LineStrip
                        | PrimitiveTopology::TriangleStrip
                ),
            || rule(ValidationRule::SmGsValidOutputPrimitiveTopology, &[]),
        )?;
        ensure(
            streams.count_ones() == 1 || self.output_topology == PrimitiveTopology::PointList,
            || {
                rule(
                    ValidationRule::SmMultiStreamMustBePoint,
                    &[&self.output_topology.name()],
                )
            },
        )
    }
}

impl HsState {
    fn check(&self, entry_function: &str) -> Result<(), ModuleError> {
        let pcf = &self.patch_constant_function;
        ensure(!pcf.is_empty(), || {
            entry("the patch constant function has no name".into())
        })?;
        ensure(pcf != entry_function, || {
            entry(format!(
                "the patch constant function is the entry function {pcf:?} itself"
            ))
        })?;
        ensure(
            self.input_control_points <= limits::MAX_CONTROL_POINTS,
            || {
                rule(
                    ValidationRule::SmHsInputControlPointCountRange,
                    &[&limits::MAX_CONTROL_POINTS, &self.input_control_points],
                )
            },
        )?;
        ensure(
            (1..=limits::MAX_CONTROL_POINTS).contains(&self.output_control_points),
            || {
                rule(
                    ValidationRule::SmOutputControlPointCountRange,
                    &[&1, &limits::MAX_CONTROL_POINTS, &self.output_control_points],
                )
            },
        )?;
        check_domain(self.domain)?;
        ensure(
            !matches!(
                self.partitioning,
                TessellatorPartitioning::Undefined | TessellatorPartitioning::LastEntry
            ),
            || rule(ValidationRule::MetaTessellatorPartition, &[]),
        )?;
        use TessellatorOutputPrimitive as P;
        ensure(
            !matches!(self.output_primitive, P::Undefined | P::LastEntry),
            || rule(ValidationRule::MetaTessellatorOutputPrimitive, &[]),
        )?;
        let (low, high) = limits::TESS_FACTOR;
        ensure((low..=high).contains(&self.max_tess_factor), || {
            rule(
                ValidationRule::MetaMaxTessFactor,
                &[&low, &high, &self.max_tess_factor],
            )
        })?;
        match (self.domain, self.output_primitive) {
            (TessellatorDomain::IsoLine, P::TriangleCW | P::TriangleCCW) => {
                Err(rule(ValidationRule::SmIsoLineOutputPrimitiveMismatch, &[]))
            }
            (TessellatorDomain::Tri | TessellatorDomain::Quad, P::Line) => {
                Err(rule(ValidationRule::SmTriOutputPrimitiveMismatch, &[]))
            }
            _ => Ok(()),
        }
    }
}

/// Checks that `domain` is a domain (`SM.VALIDDOMAIN`).
fn check_domain(domain: TessellatorDomain) -> Result<(), ModuleError> {
    ensure(
        matches!(
            domain,
            TessellatorDomain::IsoLine | TessellatorDomain::Tri | TessellatorDomain::Quad
        ),
        || rule(ValidationRule::SmValidDomain, &[]),
    )
}

impl DsState {
    fn check(&self) -> Result<(), ModuleError> {
        ensure(
            self.input_control_points <= limits::MAX_CONTROL_POINTS,
            || {
                rule(
                    ValidationRule::SmDsInputControlPointCountRange,
                    &[&limits::MAX_CONTROL_POINTS, &self.input_control_points],
                )
            },
        )?;
        check_domain(self.domain)
    }
}

impl MsState {
    fn check(&self, entry_name: &str) -> Result<(), ModuleError> {
        check_threads(self.numthreads, limits::MS_AS_THREADS)?;
        let max = limits::MS_MAX_OUTPUT;
        ensure(self.max_vertex_count <= max, || {
            rule(
                ValidationRule::SmMeshShaderMaxVertexCount,
                &[&max, &self.max_vertex_count],
            )
        })?;
        ensure(self.max_primitive_count <= max, || {
            rule(
                ValidationRule::SmMeshShaderMaxPrimitiveCount,
                &[&max, &self.max_primitive_count],
            )
        })?;
        ensure(
            matches!(
                self.output_topology,
                MeshOutputTopology::Line | MeshOutputTopology::Triangle
            ),
            || entry("a mesh shader outputs lines or triangles".into()),
        )?;
        ensure(self.payload_size <= limits::MS_AS_MAX_PAYLOAD, || {
            rule(
                ValidationRule::SmMeshShaderPayloadSize,
                &[&entry_name, &self.payload_size, &limits::MS_AS_MAX_PAYLOAD],
            )
        })
    }
}

impl NodeState {
    fn check(&self, sm: ShaderModel) -> Result<(), ModuleError> {
        check_threads(self.launch.numthreads(), limits::CS_THREADS)?;
        if let NodeLaunch::Broadcasting { dispatch_grid, .. } = self.launch {
            ensure(
                dispatch_grid
                    .iter()
                    .all(|d| (1..=limits::NODE_MAX_DISPATCH_GRID).contains(d)),
                || {
                    entry(format!(
                        "a dispatch grid of {dispatch_grid:?}: each dimension is 1 to {}",
                        limits::NODE_MAX_DISPATCH_GRID
                    ))
                },
            )?;
        }
        if let Some((name, _)) = &self.id {
            ensure(!name.is_empty(), || {
                entry("the node's name is empty".into())
            })?;
        }
        check_wave_size(self.wave_size, sm)
    }
}

/// Checks a thread-group size against `(per-dimension maxima, total maximum)`.
fn check_threads(dims: [u32; 3], (max, total): ([u32; 3], u32)) -> Result<(), ModuleError> {
    for ((d, m), axis) in dims.iter().zip(max).zip(["X", "Y", "Z"]) {
        ensure((1..=m).contains(d), || {
            rule(
                ValidationRule::SmThreadGroupChannelRange,
                &[&axis, d, &1, &m],
            )
        })?;
    }
    let all = dims.iter().map(|&d| u128::from(d)).product::<u128>();
    ensure(all <= u128::from(total), || {
        rule(ValidationRule::SmMaxTheadGroup, &[&all, &total])
    })
}

/// Checks a wave size at shader model `sm`: one size from 6.6, ranges from 6.8, powers of 2
/// in range, a range's maximum above its minimum and its preferred size within it.
fn check_wave_size(size: Option<WaveSize>, sm: ShaderModel) -> Result<(), ModuleError> {
    let Some(size) = size else {
        return Ok(());
    };
    ensure(sm >= ShaderModel::new(6, 6), || {
        rule(ValidationRule::SmWaveSizeNeedsSm66or67, &[])
    })?;
    let (low, high) = limits::WAVE_SIZE;
    let value = |what: &str, n: u32| {
        ensure(n.is_power_of_two() && (low..=high).contains(&n), || {
            rule(ValidationRule::SmWaveSizeValue, &[&what, &n, &low, &high])
        })
    };
    match size {
        WaveSize::Exactly(n) => value("Min", n),
        WaveSize::Range {
            min,
            max,
            preferred,
        } => {
            ensure(sm >= ShaderModel::new(6, 8), || {
                rule(ValidationRule::SmWaveSizeRangeNeedsSm68Plus, &[])
            })?;
            value("Min", min)?;
            value("Max", max)?;
            ensure(max > min, || {
                rule(ValidationRule::SmWaveSizeMaxGreaterThanMin, &[&max, &min])
            })?;
            match preferred {
                Some(p) => {
                    value("Preferred", p)?;
                    ensure((min..=max).contains(&p), || {
                        rule(
                            ValidationRule::SmWaveSizePreferredInRange,
                            &[&p, &min, &max],
                        )
                    })
                }
                None => Ok(()),
            }
        }
    }
}
