//! The entry point of a module's shader: its function, its [`Stage`] with the properties DXIL
//! records for that stage in the entry's properties list (DXC's `EmitDxilEntryProperties`),
//! and its shader flags.
//!
//! A property a stage does not have cannot be given to it: a pixel shader has no thread-group
//! size and no wave size, a hull shader cannot be made without its patch constant function.
//! What the types cannot rule out (a value out of range, a wave-size range before shader model
//! 6.8, a hull shader's domain that does not fit its output primitive) is checked when the
//! metadata is written (`checks.rs`), and refused with the validation rule of DXC's
//! validator that would refuse it ([`ModuleError::Rule`](super::ModuleError::Rule)).

use alloc::string::{String, ToString};

use super::limits;
use crate::ShaderKind;
use crate::enums::{
    InputPrimitive, MeshOutputTopology, PrimitiveTopology, ShaderFlags, TessellatorDomain,
    TessellatorOutputPrimitive, TessellatorPartitioning,
};

/// The entry point of a shader: its function, stage and properties.
///
/// ```
/// use dxil_ops::enums::{InputPrimitive, PrimitiveTopology};
/// use dxil_ops::module::{CsState, EntryPoint, GsState, Stage, WaveSize};
/// use dxil_ops::ShaderKind;
///
/// let ps = EntryPoint::new("main", Stage::Pixel);
/// let cs = EntryPoint::new("main", CsState::new(64, 1, 1).wave_size(WaveSize::Exactly(32)));
/// let gs = EntryPoint::new(
///     "main",
///     GsState::new(InputPrimitive::Triangle, 3, PrimitiveTopology::TriangleStrip),
/// );
/// assert_eq!((ps.kind(), cs.kind(), gs.kind()), (ShaderKind::Pixel, ShaderKind::Compute, ShaderKind::Geometry));
/// ```
///
/// A wave size is a property of compute and node shaders only:
///
/// ```compile_fail,E0599
/// # use dxil_ops::module::{EntryPoint, Stage, WaveSize};
/// let ps = EntryPoint::new("main", Stage::Pixel).wave_size(WaveSize::Exactly(32));
/// ```
///
/// and a hull shader is made with its patch constant function:
///
/// ```compile_fail,E0061
/// # use dxil_ops::module::{EntryPoint, HsState};
/// use dxil_ops::enums::{TessellatorDomain, TessellatorOutputPrimitive, TessellatorPartitioning};
/// let hs = HsState::new(
///     TessellatorDomain::Tri,
///     TessellatorPartitioning::Integer,
///     TessellatorOutputPrimitive::TriangleCW,
/// );
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct EntryPoint {
    /// The function (`main` for `define void @main()`).
    pub function: String,
    /// The name the entry point is known by (the function's, unless it is mangled).
    pub name: String,
    /// The stage, with the properties of that stage.
    pub stage: Stage,
    /// The shader flags (tag 0 of the properties; left out when empty). A pixel shader's
    /// `[earlydepthstencil]` is the flag `ForceEarlyDepthStencil`.
    pub flags: ShaderFlags,
    /// The register space of the bindings the compiler assigns (tag 5): an entry of a library
    /// of shader model 6.3 or later.
    pub auto_binding_space: Option<u32>,
}

impl EntryPoint {
    /// The entry point `function` of `stage`, known by the same name, without flags.
    pub fn new(function: &str, stage: impl Into<Stage>) -> Self {
        EntryPoint {
            function: function.to_string(),
            name: function.to_string(),
            stage: stage.into(),
            flags: ShaderFlags::EMPTY,
            auto_binding_space: None,
        }
    }

    /// The kind of its stage.
    pub fn kind(&self) -> ShaderKind {
        self.stage.kind()
    }

    /// The same entry point with `flags`.
    pub fn flags(mut self, flags: ShaderFlags) -> Self {
        self.flags = flags;
        self
    }

    /// The same entry point known by `name` (the function being mangled).
    pub fn named(mut self, name: &str) -> Self {
        self.name = name.to_string();
        self
    }

    /// The same entry point with the register space of automatic bindings `space`.
    pub fn auto_binding_space(mut self, space: u32) -> Self {
        self.auto_binding_space = Some(space);
        self
    }
}

/// A stage, with the properties DXIL records for it.
#[derive(Clone, Debug, PartialEq)]
pub enum Stage {
    /// A pixel shader (no stage properties).
    Pixel,
    /// A vertex shader (no stage properties).
    Vertex,
    /// A geometry shader (tag 1).
    Geometry(GsState),
    /// A hull shader (tag 3).
    Hull(HsState),
    /// A domain shader (tag 2).
    Domain(DsState),
    /// A compute shader (tags 4, and 11 or 23).
    Compute(CsState),
    /// A mesh shader (tag 9).
    Mesh(MsState),
    /// An amplification shader (tag 10).
    Amplification(AsState),
    /// A ray-generation shader, in a library (no stage properties).
    RayGeneration,
    /// An intersection shader, in a library (no stage properties).
    Intersection,
    /// An any-hit shader, in a library (tags 6 and 7).
    AnyHit {
        /// The size of the ray payload in bytes.
        payload_size: u32,
        /// The size of the hit attributes in bytes.
        attribute_size: u32,
    },
    /// A closest-hit shader, in a library (tags 6 and 7).
    ClosestHit {
        /// The size of the ray payload in bytes.
        payload_size: u32,
        /// The size of the hit attributes in bytes.
        attribute_size: u32,
    },
    /// A miss shader, in a library (tag 6).
    Miss {
        /// The size of the ray payload in bytes.
        payload_size: u32,
    },
    /// A callable shader, in a library (tag 6).
    Callable {
        /// The size of the parameter in bytes.
        parameter_size: u32,
    },
    /// A work-graph node shader, in a library (tags 13 to 19, 4, and 11 or 23).
    Node(NodeState),
}

impl Stage {
    /// The kind of the stage.
    pub fn kind(&self) -> ShaderKind {
        match self {
            Stage::Pixel => ShaderKind::Pixel,
            Stage::Vertex => ShaderKind::Vertex,
            Stage::Geometry(_) => ShaderKind::Geometry,
            Stage::Hull(_) => ShaderKind::Hull,
            Stage::Domain(_) => ShaderKind::Domain,
            Stage::Compute(_) => ShaderKind::Compute,
            Stage::Mesh(_) => ShaderKind::Mesh,
            Stage::Amplification(_) => ShaderKind::Amplification,
            Stage::RayGeneration => ShaderKind::RayGeneration,
            Stage::Intersection => ShaderKind::Intersection,
            Stage::AnyHit { .. } => ShaderKind::AnyHit,
            Stage::ClosestHit { .. } => ShaderKind::ClosestHit,
            Stage::Miss { .. } => ShaderKind::Miss,
            Stage::Callable { .. } => ShaderKind::Callable,
            Stage::Node(_) => ShaderKind::Node,
        }
    }

    /// The thread-group size: compute, mesh, amplification and node shaders.
    pub fn numthreads(&self) -> Option<[u32; 3]> {
        match self {
            Stage::Compute(s) => Some(s.numthreads),
            Stage::Mesh(s) => Some(s.numthreads),
            Stage::Amplification(s) => Some(s.numthreads),
            Stage::Node(s) => Some(s.launch.numthreads()),
            _ => None,
        }
    }

    /// The wave size: compute and node shaders.
    pub fn wave_size(&self) -> Option<WaveSize> {
        match self {
            Stage::Compute(s) => s.wave_size,
            Stage::Node(s) => s.wave_size,
            _ => None,
        }
    }
}

macro_rules! into_stage {
    ($($state:ident => $variant:ident),*) => {$(
        impl From<$state> for Stage {
            fn from(s: $state) -> Stage {
                Stage::$variant(s)
            }
        }
    )*};
}

into_stage!(GsState => Geometry, HsState => Hull, DsState => Domain, CsState => Compute,
    MsState => Mesh, AsState => Amplification, NodeState => Node);

/// The properties of a geometry shader: `!{input primitive, max vertex count, stream mask,
/// output topology, instance count}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GsState {
    /// The primitive each invocation reads (`triangle`, `lineadj`, `InputPatch<T, N>`, ...).
    pub input_primitive: InputPrimitive,
    /// The most vertices one invocation emits (`[maxvertexcount(N)]`), at most 1024.
    pub max_vertex_count: u32,
    /// The topology of the streams written: `PointList`, `LineStrip` or `TriangleStrip`
    /// (`PointList` when more than one stream is written).
    pub output_topology: PrimitiveTopology,
    /// The streams written, one bit per stream (0 to 3).
    pub streams: u8,
    /// The number of instances (`[instance(N)]`), 1 to 32.
    pub instance_count: u32,
}

impl GsState {
    /// A geometry shader reading `input_primitive` and writing at most `max_vertex_count`
    /// vertices of `output_topology` to stream 0, one instance.
    pub fn new(
        input_primitive: InputPrimitive,
        max_vertex_count: u32,
        output_topology: PrimitiveTopology,
    ) -> Self {
        GsState {
            input_primitive,
            max_vertex_count,
            output_topology,
            streams: 1,
            instance_count: 1,
        }
    }

    /// The same with the streams `mask` (bit `i` for stream `i`).
    pub fn streams(mut self, mask: u8) -> Self {
        self.streams = mask;
        self
    }

    /// The same with `count` instances.
    pub fn instances(mut self, count: u32) -> Self {
        self.instance_count = count;
        self
    }
}

/// The properties of a hull shader: `!{patch constant function, input control points,
/// output control points, domain, partitioning, output primitive, max tessellation factor}`.
#[derive(Clone, Debug, PartialEq)]
pub struct HsState {
    /// The patch constant function (`[patchconstantfunc("...")]`): a `void ()` function of
    /// the module, which the caller defines.
    pub patch_constant_function: String,
    /// The control points of the input patch, 0 to 32 (0: the shader has no input
    /// signature).
    pub input_control_points: u32,
    /// The control points it outputs (`[outputcontrolpoints(N)]`), 1 to 32.
    pub output_control_points: u32,
    /// The tessellator domain (`[domain("tri")]`).
    pub domain: TessellatorDomain,
    /// The partitioning (`[partitioning("integer")]`).
    pub partitioning: TessellatorPartitioning,
    /// The output primitive (`[outputtopology("triangle_cw")]`).
    pub output_primitive: TessellatorOutputPrimitive,
    /// The largest tessellation factor (`[maxtessfactor(F)]`), 1 to 64.
    pub max_tess_factor: f32,
}

impl HsState {
    /// A hull shader whose patch constant function is `patch_constant_function`, with one
    /// input and one output control point and the largest tessellation factor, 64.
    pub fn new(
        patch_constant_function: &str,
        domain: TessellatorDomain,
        partitioning: TessellatorPartitioning,
        output_primitive: TessellatorOutputPrimitive,
    ) -> Self {
        HsState {
            patch_constant_function: patch_constant_function.to_string(),
            input_control_points: 1,
            output_control_points: 1,
            domain,
            partitioning,
            output_primitive,
            max_tess_factor: limits::TESS_FACTOR.1,
        }
    }

    /// The same with `input` and `output` control points.
    pub fn control_points(mut self, input: u32, output: u32) -> Self {
        self.input_control_points = input;
        self.output_control_points = output;
        self
    }

    /// The same with the largest tessellation factor `factor`.
    pub fn max_tess_factor(mut self, factor: f32) -> Self {
        self.max_tess_factor = factor;
        self
    }
}

/// The properties of a domain shader: `!{domain, input control points}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DsState {
    /// The tessellator domain (`[domain("quad")]`).
    pub domain: TessellatorDomain,
    /// The control points of the patch it reads, 0 to 32.
    pub input_control_points: u32,
}

impl DsState {
    /// A domain shader of `domain` reading patches of `input_control_points`.
    pub fn new(domain: TessellatorDomain, input_control_points: u32) -> Self {
        DsState {
            domain,
            input_control_points,
        }
    }
}

/// The properties of a compute shader: the thread-group size (tag 4) and the wave size
/// (tag 11, from shader model 6.8 tag 23).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CsState {
    /// The thread-group size (`[numthreads(x, y, z)]`): each at least 1, at most 1024, 1024
    /// and 64, and 1024 threads in all.
    pub numthreads: [u32; 3],
    /// The wave size (`[WaveSize(...)]`), from shader model 6.6.
    pub wave_size: Option<WaveSize>,
}

impl CsState {
    /// A compute shader of `x` × `y` × `z` threads per group.
    pub fn new(x: u32, y: u32, z: u32) -> Self {
        CsState {
            numthreads: [x, y, z],
            wave_size: None,
        }
    }

    /// The same with the wave size `size`.
    pub fn wave_size(mut self, size: WaveSize) -> Self {
        self.wave_size = Some(size);
        self
    }
}

/// The wave sizes a compute or node shader runs with: powers of 2 from 4 to 128.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaveSize {
    /// One size (`[WaveSize(32)]`), from shader model 6.6: `!{i32 32}` before 6.8,
    /// `!{i32 32, i32 0, i32 0}` from 6.8.
    Exactly(u32),
    /// A range (`[WaveSize(min, max, preferred)]`), from shader model 6.8:
    /// `!{i32 min, i32 max, i32 preferred}` (0 for no preferred size).
    Range {
        /// The smallest size.
        min: u32,
        /// The largest size, above `min`.
        max: u32,
        /// The size the shader runs best with, within the range.
        preferred: Option<u32>,
    },
}

impl WaveSize {
    /// The three numbers of the ranged encoding: minimum, maximum (0 for one size) and
    /// preferred (0 for none).
    pub fn ranged(self) -> [u32; 3] {
        match self {
            WaveSize::Exactly(n) => [n, 0, 0],
            WaveSize::Range {
                min,
                max,
                preferred,
            } => [min, max, preferred.unwrap_or(0)],
        }
    }
}

/// The properties of a mesh shader: `!{!{x, y, z}, max vertex count, max primitive count,
/// output topology, payload size}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MsState {
    /// The thread-group size: each at least 1 and at most 128, 128 threads in all.
    pub numthreads: [u32; 3],
    /// The most vertices it outputs (`out vertices T v[N]`), at most 256.
    pub max_vertex_count: u32,
    /// The most primitives it outputs (`out indices uint3 p[N]`), at most 256.
    pub max_primitive_count: u32,
    /// The primitives it outputs (`[outputtopology("triangle")]`): `Line` or `Triangle`.
    pub output_topology: MeshOutputTopology,
    /// The size in bytes of the payload it reads from an amplification shader, at most
    /// 16384 (0 without one).
    pub payload_size: u32,
}

impl MsState {
    /// A mesh shader of `numthreads` threads per group outputting at most
    /// `max_vertex_count` vertices and `max_primitive_count` primitives of
    /// `output_topology`, without payload.
    pub fn new(
        numthreads: [u32; 3],
        max_vertex_count: u32,
        max_primitive_count: u32,
        output_topology: MeshOutputTopology,
    ) -> Self {
        MsState {
            numthreads,
            max_vertex_count,
            max_primitive_count,
            output_topology,
            payload_size: 0,
        }
    }

    /// The same with a payload of `bytes`.
    pub fn payload_size(mut self, bytes: u32) -> Self {
        self.payload_size = bytes;
        self
    }
}

/// The properties of an amplification shader: `!{!{x, y, z}, payload size}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AsState {
    /// The thread-group size: each at least 1 and at most 128, 128 threads in all.
    pub numthreads: [u32; 3],
    /// The size in bytes of the payload it passes to the mesh shaders, at most 16384.
    pub payload_size: u32,
}

impl AsState {
    /// An amplification shader of `numthreads` threads per group passing a payload of
    /// `payload_size` bytes.
    pub fn new(numthreads: [u32; 3], payload_size: u32) -> Self {
        AsState {
            numthreads,
            payload_size,
        }
    }
}

/// How a node shader is launched, with the thread-group size of the launches that have one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeLaunch {
    /// One record launches a grid of thread groups (`[NodeLaunch("broadcasting")]`).
    Broadcasting {
        /// The thread-group size.
        numthreads: [u32; 3],
        /// The fixed dispatch grid (`[NodeDispatchGrid(x, y, z)]`): each at least 1 and at
        /// most 65535.
        dispatch_grid: [u32; 3],
    },
    /// A thread group processes a batch of records (`[NodeLaunch("coalescing")]`).
    Coalescing {
        /// The thread-group size.
        numthreads: [u32; 3],
    },
    /// One thread per record (`[NodeLaunch("thread")]`); the thread-group size is 1 × 1 ×
    /// 1.
    Thread,
}

impl NodeLaunch {
    /// The thread-group size.
    pub fn numthreads(self) -> [u32; 3] {
        match self {
            NodeLaunch::Broadcasting { numthreads, .. } | NodeLaunch::Coalescing { numthreads } => {
                numthreads
            }
            NodeLaunch::Thread => [1, 1, 1],
        }
    }

    /// The `NodeLaunchType` value.
    pub fn value(self) -> u32 {
        match self {
            NodeLaunch::Broadcasting { .. } => 1,
            NodeLaunch::Coalescing { .. } => 2,
            NodeLaunch::Thread => 3,
        }
    }
}

/// The properties of a work-graph node shader (DXIL 1.8): its launch, wave size, whether it
/// can be an entry of the graph, its id and its index in the local root arguments table.
/// Node inputs and outputs (tags 20 and 21) are not written yet: a node that reads or writes
/// records cannot be described.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeState {
    /// The launch, with the thread-group size.
    pub launch: NodeLaunch,
    /// The wave size (`[WaveSize(...)]`).
    pub wave_size: Option<WaveSize>,
    /// Whether the node can be an entry of the work graph (`[NodeIsProgramEntry]`).
    pub program_entry: bool,
    /// The node's name and array index (`[NodeID("name", i)]`); `None`: the entry point's
    /// name, index 0.
    pub id: Option<(String, u32)>,
    /// Its index in the local root arguments table (`[NodeLocalRootArgumentsTableIndex]`);
    /// `None` when it has none (written `-1`).
    pub local_root_arguments_table_index: Option<u32>,
    /// How deep it may call itself (`[NodeMaxRecursionDepth]`); 0 when it does not.
    pub max_recursion_depth: u32,
}

impl NodeState {
    /// A node launched as `launch`, with no other property.
    pub fn new(launch: NodeLaunch) -> Self {
        NodeState {
            launch,
            wave_size: None,
            program_entry: false,
            id: None,
            local_root_arguments_table_index: None,
            max_recursion_depth: 0,
        }
    }

    /// The same with the wave size `size`.
    pub fn wave_size(mut self, size: WaveSize) -> Self {
        self.wave_size = Some(size);
        self
    }

    /// The same, an entry of the work graph.
    pub fn program_entry(mut self) -> Self {
        self.program_entry = true;
        self
    }

    /// The same with the id `name`, `index`.
    pub fn id(mut self, name: &str, index: u32) -> Self {
        self.id = Some((name.to_string(), index));
        self
    }
}
