//! The properties of an entry point: a list of tag/value pairs (`!{i32 0, i64 16, i32 4,
//! !{i32 8, i32 1, i32 1}}`: shader flags, then the thread-group size). Each tag has its own
//! value layout (DXC's `DxilMDHelper`); an unknown tag is kept as it is.

use dxil_ops::ShaderKind;
use dxil_ops::enums::{
    InputPrimitive, MeshOutputTopology, NodeLaunchType, PrimitiveTopology, TessellatorDomain,
    TessellatorOutputPrimitive, TessellatorPartitioning,
};

use super::error::{At, MdError, Step};
use super::md::{Tuple, tuple};
use crate::model::{FuncId, MdId, Module};

pub use dxil_ops::module::tag;
pub use dxil_ops::module::tag::name as tag_name;

/// The geometry-shader state: `!{input primitive, max vertex count, active stream mask,
/// output topology, instance count}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GsState {
    /// The input primitive (an `InputPrimitive` value).
    pub input_primitive: u32,
    /// The most vertices one invocation emits.
    pub max_vertex_count: u32,
    /// The streams written (bit per stream).
    pub active_stream_mask: u32,
    /// The output topology (a `PrimitiveTopology` value).
    pub output_topology: u32,
    /// The number of instances.
    pub instance_count: u32,
}

impl GsState {
    /// The input primitive, typed.
    pub fn input_primitive(&self) -> Option<InputPrimitive> {
        InputPrimitive::from_value(self.input_primitive.into())
    }

    /// The output topology, typed.
    pub fn output_topology(&self) -> Option<PrimitiveTopology> {
        PrimitiveTopology::from_value(self.output_topology.into())
    }
}

/// The domain-shader state: `!{domain, input control points}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DsState {
    /// The tessellator domain (a `TessellatorDomain` value).
    pub domain: u32,
    /// The number of input control points.
    pub input_control_points: u32,
}

impl DsState {
    /// The domain, typed.
    pub fn domain(&self) -> Option<TessellatorDomain> {
        TessellatorDomain::from_value(self.domain.into())
    }
}

/// The hull-shader state: `!{patch constant function, input control points, output control
/// points, domain, partitioning, output primitive, max tessellation factor}`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HsState {
    /// The patch constant function.
    pub patch_constant_function: Option<FuncId>,
    /// The number of input control points.
    pub input_control_points: u32,
    /// The number of output control points.
    pub output_control_points: u32,
    /// The tessellator domain (a `TessellatorDomain` value).
    pub domain: u32,
    /// The partitioning (a `TessellatorPartitioning` value).
    pub partitioning: u32,
    /// The output primitive (a `TessellatorOutputPrimitive` value).
    pub output_primitive: u32,
    /// The largest tessellation factor.
    pub max_tess_factor: f64,
}

impl HsState {
    /// The domain, typed.
    pub fn domain(&self) -> Option<TessellatorDomain> {
        TessellatorDomain::from_value(self.domain.into())
    }

    /// The partitioning, typed.
    pub fn partitioning(&self) -> Option<TessellatorPartitioning> {
        TessellatorPartitioning::from_value(self.partitioning.into())
    }

    /// The output primitive, typed.
    pub fn output_primitive(&self) -> Option<TessellatorOutputPrimitive> {
        TessellatorOutputPrimitive::from_value(self.output_primitive.into())
    }
}

/// The mesh-shader state: `!{!{x, y, z}, max vertex count, max primitive count, output
/// topology, payload size}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MsState {
    /// The thread-group size.
    pub num_threads: [u32; 3],
    /// The most vertices.
    pub max_vertex_count: u32,
    /// The most primitives.
    pub max_primitive_count: u32,
    /// The output topology (a `MeshOutputTopology` value).
    pub output_topology: u32,
    /// The payload size in bytes.
    pub payload_size: u32,
}

impl MsState {
    /// The output topology, typed.
    pub fn output_topology(&self) -> Option<MeshOutputTopology> {
        MeshOutputTopology::from_value(self.output_topology.into())
    }
}

/// The amplification-shader state: `!{!{x, y, z}, payload size}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AsState {
    /// The thread-group size.
    pub num_threads: [u32; 3],
    /// The payload size in bytes.
    pub payload_size: u32,
}

/// A node's name and array index: `!{!"name", i32 index}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeName<'m> {
    /// The name.
    pub name: &'m [u8],
    /// The array index.
    pub index: u32,
}

/// One property, its value read by its tag's layout.
#[derive(Clone, Debug, PartialEq)]
pub enum Property<'m> {
    /// Tag 0: the shader flags.
    ShaderFlags(u64),
    /// Tag 1.
    Gs(GsState),
    /// Tag 2.
    Ds(DsState),
    /// Tag 3.
    Hs(HsState),
    /// Tag 4: x, y, z.
    NumThreads([u32; 3]),
    /// Tag 5.
    AutoBindingSpace(u32),
    /// Tag 6.
    RayPayloadSize(u32),
    /// Tag 7.
    RayAttribSize(u32),
    /// Tag 8: a `ShaderKind` value.
    ShaderKind(u32),
    /// Tag 9.
    Ms(MsState),
    /// Tag 10.
    As(AsState),
    /// Tag 11: the sizes (one, or minimum, maximum and preferred).
    WaveSize(Vec<u32>),
    /// Tag 12: the node holding the root signature's bytes.
    EntryRootSig(Option<MdId>),
    /// Tag 13: a `NodeLaunchType` value.
    NodeLaunchType(u32),
    /// Tag 14.
    NodeIsProgramEntry(bool),
    /// Tag 15.
    NodeId(NodeName<'m>),
    /// Tag 16.
    NodeLocalRootArgumentsTableIndex(u32),
    /// Tag 17.
    ShareInputOf(NodeName<'m>),
    /// Tag 18.
    NodeDispatchGrid([u32; 3]),
    /// Tag 19.
    NodeMaxRecursionDepth(u32),
    /// Tag 20: the list of inputs (each a tag/value list of `NodeIOMetadataTag`).
    NodeInputs(Option<MdId>),
    /// Tag 21: the list of outputs.
    NodeOutputs(Option<MdId>),
    /// Tag 22.
    NodeMaxDispatchGrid([u32; 3]),
    /// Tag 23: minimum, maximum, preferred.
    RangedWaveSize(Vec<u32>),
    /// A tag this view does not know: the tag and its value.
    Other(u32, Option<MdId>),
}

/// The properties of an entry point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Properties<'m> {
    m: &'m Module,
    entry: usize,
    entry_node: MdId,
    node: Option<MdId>,
    /// The tags and their values, in order.
    pub pairs: Vec<(u32, Option<MdId>)>,
}

impl<'m> Properties<'m> {
    pub(crate) fn new(
        m: &'m Module,
        entry: usize,
        entry_node: MdId,
        node: Option<MdId>,
        pairs: Vec<(u32, Option<MdId>)>,
    ) -> Self {
        Properties {
            m,
            entry,
            entry_node,
            node,
            pairs,
        }
    }

    /// Reads the value of pair `k` by its tag's layout.
    fn read(&self, k: usize) -> Result<Property<'m>, MdError> {
        let (t, value) = self.pairs.get(k).copied().unwrap_or((u32::MAX, None));
        let root = At::named("dx.entryPoints");
        let entry = root.then(Step::Item("entry", self.entry), Some(self.entry_node));
        let props = entry.field("properties", self.node);
        // the pair's value is field `2k + 1` of the properties tuple
        let ops: &[Option<MdId>] = self
            .node
            .and_then(|n| self.m.metadata.node_operands(n))
            .unwrap_or(&[]);
        let pair = Tuple {
            m: self.m,
            ops,
            at: &props,
        };
        let i = 2 * k + 1;
        let at = props.then(Step::Tag(t), value);
        let inner = || tuple(self.m, &at, value);
        Ok(match t {
            tag::SHADER_FLAGS => Property::ShaderFlags(pair.u64("ShaderFlags", i)?),
            tag::GS_STATE => {
                let s = inner()?;
                s.at_least(5)?;
                Property::Gs(GsState {
                    input_primitive: s.u32("input primitive", 0)?,
                    max_vertex_count: s.u32("max vertex count", 1)?,
                    active_stream_mask: s.u32("active stream mask", 2)?,
                    output_topology: s.u32("output topology", 3)?,
                    instance_count: s.u32("instance count", 4)?,
                })
            }
            tag::DS_STATE => {
                let s = inner()?;
                s.at_least(2)?;
                Property::Ds(DsState {
                    domain: s.u32("domain", 0)?,
                    input_control_points: s.u32("input control points", 1)?,
                })
            }
            tag::HS_STATE => {
                let s = inner()?;
                s.at_least(7)?;
                Property::Hs(HsState {
                    patch_constant_function: s.function("patch constant function", 0)?,
                    input_control_points: s.u32("input control points", 1)?,
                    output_control_points: s.u32("output control points", 2)?,
                    domain: s.u32("domain", 3)?,
                    partitioning: s.u32("partitioning", 4)?,
                    output_primitive: s.u32("output primitive", 5)?,
                    max_tess_factor: s.float("max tessellation factor", 6)?,
                })
            }
            tag::NUM_THREADS => Property::NumThreads(pair.u32x3("NumThreads", i)?),
            tag::AUTO_BINDING_SPACE => {
                let s = inner()?;
                s.at_least(1)?;
                Property::AutoBindingSpace(s.u32("space", 0)?)
            }
            tag::RAY_PAYLOAD_SIZE => Property::RayPayloadSize(pair.u32("RayPayloadSize", i)?),
            tag::RAY_ATTRIB_SIZE => Property::RayAttribSize(pair.u32("RayAttribSize", i)?),
            tag::SHADER_KIND => Property::ShaderKind(pair.u32("ShaderKind", i)?),
            tag::MS_STATE => {
                let s = inner()?;
                s.at_least(5)?;
                Property::Ms(MsState {
                    num_threads: s.u32x3("num threads", 0)?,
                    max_vertex_count: s.u32("max vertex count", 1)?,
                    max_primitive_count: s.u32("max primitive count", 2)?,
                    output_topology: s.u32("output topology", 3)?,
                    payload_size: s.u32("payload size", 4)?,
                })
            }
            tag::AS_STATE => {
                let s = inner()?;
                s.at_least(2)?;
                Property::As(AsState {
                    num_threads: s.u32x3("num threads", 0)?,
                    payload_size: s.u32("payload size", 1)?,
                })
            }
            tag::WAVE_SIZE => Property::WaveSize(pair.u32_list("WaveSize", i)?),
            tag::ENTRY_ROOT_SIG => Property::EntryRootSig(value),
            tag::NODE_LAUNCH_TYPE => Property::NodeLaunchType(pair.u32("NodeLaunchType", i)?),
            tag::NODE_IS_PROGRAM_ENTRY => {
                Property::NodeIsProgramEntry(pair.bool("NodeIsProgramEntry", i)?)
            }
            tag::NODE_ID | tag::SHARE_INPUT_OF => {
                let s = inner()?;
                s.at_least(2)?;
                let n = NodeName {
                    name: s.string("name", 0)?,
                    index: s.u32("index", 1)?,
                };
                if t == tag::NODE_ID {
                    Property::NodeId(n)
                } else {
                    Property::ShareInputOf(n)
                }
            }
            tag::NODE_LOCAL_ROOT_ARGUMENTS_TABLE_INDEX => {
                Property::NodeLocalRootArgumentsTableIndex(
                    pair.u32("NodeLocalRootArgumentsTableIndex", i)?,
                )
            }
            tag::NODE_DISPATCH_GRID => {
                Property::NodeDispatchGrid(pair.u32x3("NodeDispatchGrid", i)?)
            }
            tag::NODE_MAX_RECURSION_DEPTH => {
                Property::NodeMaxRecursionDepth(pair.u32("NodeMaxRecursionDepth", i)?)
            }
            tag::NODE_INPUTS => Property::NodeInputs(value),
            tag::NODE_OUTPUTS => Property::NodeOutputs(value),
            tag::NODE_MAX_DISPATCH_GRID => {
                Property::NodeMaxDispatchGrid(pair.u32x3("NodeMaxDispatchGrid", i)?)
            }
            tag::RANGED_WAVE_SIZE => Property::RangedWaveSize(pair.u32_list("RangedWaveSize", i)?),
            _ => Property::Other(t, value),
        })
    }

    /// Every property, read by its tag's layout, in order.
    pub fn iter(&self) -> impl Iterator<Item = Result<Property<'m>, MdError>> + '_ {
        (0..self.pairs.len()).map(|k| self.read(k))
    }

    /// The property of tag `t` (the first), read by its layout; `None` when there is none.
    pub fn get(&self, t: u32) -> Option<Result<Property<'m>, MdError>> {
        let k = self.pairs.iter().position(|(x, _)| *x == t)?;
        Some(self.read(k))
    }

    /// The shader flags (tag 0).
    pub fn shader_flags(&self) -> Result<Option<u64>, MdError> {
        match self.get(tag::SHADER_FLAGS).transpose()? {
            Some(Property::ShaderFlags(v)) => Ok(Some(v)),
            _ => Ok(None),
        }
    }

    /// The shader kind of a library entry (tag 8), as a number.
    pub fn shader_kind_value(&self) -> Result<Option<u32>, MdError> {
        match self.get(tag::SHADER_KIND).transpose()? {
            Some(Property::ShaderKind(v)) => Ok(Some(v)),
            _ => Ok(None),
        }
    }

    /// The shader kind of a library entry (tag 8), typed; `None` without the tag or for a
    /// number that is no kind.
    pub fn shader_kind(&self) -> Result<Option<ShaderKind>, MdError> {
        Ok(self
            .shader_kind_value()?
            .and_then(|v| ShaderKind::from_value(v.into())))
    }

    /// The thread-group size: tag 4, or the one of the mesh or amplification state.
    pub fn num_threads(&self) -> Result<Option<[u32; 3]>, MdError> {
        for t in [tag::NUM_THREADS, tag::MS_STATE, tag::AS_STATE] {
            match self.get(t).transpose()? {
                Some(Property::NumThreads(n)) => return Ok(Some(n)),
                Some(Property::Ms(s)) => return Ok(Some(s.num_threads)),
                Some(Property::As(s)) => return Ok(Some(s.num_threads)),
                _ => {}
            }
        }
        Ok(None)
    }

    /// The geometry-shader state (tag 1), if present.
    pub fn gs_state(&self) -> Result<Option<GsState>, MdError> {
        match self.get(tag::GS_STATE).transpose()? {
            Some(Property::Gs(s)) => Ok(Some(s)),
            _ => Ok(None),
        }
    }

    /// The domain-shader state (tag 2), if present.
    pub fn ds_state(&self) -> Result<Option<DsState>, MdError> {
        match self.get(tag::DS_STATE).transpose()? {
            Some(Property::Ds(s)) => Ok(Some(s)),
            _ => Ok(None),
        }
    }

    /// The hull-shader state (tag 3), if present.
    pub fn hs_state(&self) -> Result<Option<HsState>, MdError> {
        match self.get(tag::HS_STATE).transpose()? {
            Some(Property::Hs(s)) => Ok(Some(s)),
            _ => Ok(None),
        }
    }

    /// The mesh-shader state (tag 9), if present.
    pub fn ms_state(&self) -> Result<Option<MsState>, MdError> {
        match self.get(tag::MS_STATE).transpose()? {
            Some(Property::Ms(s)) => Ok(Some(s)),
            _ => Ok(None),
        }
    }

    /// The launch type of a node shader (tag 13), as a number.
    pub fn node_launch_type_value(&self) -> Result<Option<u32>, MdError> {
        match self.get(tag::NODE_LAUNCH_TYPE).transpose()? {
            Some(Property::NodeLaunchType(v)) => Ok(Some(v)),
            _ => Ok(None),
        }
    }

    /// The launch type of a node shader (tag 13), typed.
    pub fn node_launch_type(&self) -> Result<Option<NodeLaunchType>, MdError> {
        Ok(self
            .node_launch_type_value()?
            .and_then(|v| NodeLaunchType::from_value(v.into())))
    }
}
