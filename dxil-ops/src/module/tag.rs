//! The tags of an entry point's properties list (DXC's `kDxil*Tag`; DXIL.rst, "Shader
//! Properties"): each tag is followed in the list by its value, whose layout the tag gives.
//! The writer ([`Module::metadata`](super::Module::metadata)) and `dxil-module`'s metadata
//! view use these numbers.

/// The shader flags (`i64`).
pub const SHADER_FLAGS: u32 = 0;
/// The geometry-shader state.
pub const GS_STATE: u32 = 1;
/// The domain-shader state.
pub const DS_STATE: u32 = 2;
/// The hull-shader state.
pub const HS_STATE: u32 = 3;
/// The thread-group size (`!{x, y, z}`).
pub const NUM_THREADS: u32 = 4;
/// The register space of automatic bindings (`!{space}`).
pub const AUTO_BINDING_SPACE: u32 = 5;
/// The ray payload size in bytes.
pub const RAY_PAYLOAD_SIZE: u32 = 6;
/// The ray attribute size in bytes.
pub const RAY_ATTRIB_SIZE: u32 = 7;
/// The shader kind of a library entry.
pub const SHADER_KIND: u32 = 8;
/// The mesh-shader state.
pub const MS_STATE: u32 = 9;
/// The amplification-shader state.
pub const AS_STATE: u32 = 10;
/// The wave size (`!{size}`, or `!{min, max, preferred}`).
pub const WAVE_SIZE: u32 = 11;
/// The serialized root signature of the entry.
pub const ENTRY_ROOT_SIG: u32 = 12;
/// The launch type of a node shader.
pub const NODE_LAUNCH_TYPE: u32 = 13;
/// Whether the node can be a program entry (`i1`).
pub const NODE_IS_PROGRAM_ENTRY: u32 = 14;
/// The node's name and array index (`!{!"name", i32 index}`).
pub const NODE_ID: u32 = 15;
/// The node's index in the local root arguments table.
pub const NODE_LOCAL_ROOT_ARGUMENTS_TABLE_INDEX: u32 = 16;
/// The node whose inputs this one shares (`!{!"name", i32 index}`).
pub const SHARE_INPUT_OF: u32 = 17;
/// The fixed dispatch grid (`!{x, y, z}`).
pub const NODE_DISPATCH_GRID: u32 = 18;
/// How deep the node may recurse.
pub const NODE_MAX_RECURSION_DEPTH: u32 = 19;
/// The node's inputs (a list of tag/value lists).
pub const NODE_INPUTS: u32 = 20;
/// The node's outputs (a list of tag/value lists).
pub const NODE_OUTPUTS: u32 = 21;
/// The largest dispatch grid (`!{x, y, z}`).
pub const NODE_MAX_DISPATCH_GRID: u32 = 22;
/// The wave sizes (`!{min, max, preferred}`).
pub const RANGED_WAVE_SIZE: u32 = 23;

/// The name of a property tag (`NumThreads`), if it is one.
pub fn name(t: u32) -> Option<&'static str> {
    const NAMES: [&str; 24] = [
        "ShaderFlags",
        "GSState",
        "DSState",
        "HSState",
        "NumThreads",
        "AutoBindingSpace",
        "RayPayloadSize",
        "RayAttribSize",
        "ShaderKind",
        "MSState",
        "ASState",
        "WaveSize",
        "EntryRootSig",
        "NodeLaunchType",
        "NodeIsProgramEntry",
        "NodeId",
        "NodeLocalRootArgumentsTableIndex",
        "ShareInputOf",
        "NodeDispatchGrid",
        "NodeMaxRecursionDepth",
        "NodeInputs",
        "NodeOutputs",
        "NodeMaxDispatchGrid",
        "RangedWaveSize",
    ];
    NAMES.get(t as usize).copied()
}
