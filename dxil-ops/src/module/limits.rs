//! The limits DXC's validator holds entry-point properties to (the constants of DXC's
//! `DxilConstants.h` its `ValidateEntryProps` uses), each with the rule it reports: the
//! module checks here and the lint's checks of entry properties both hold modules to them.

/// Output streams of a geometry shader.
pub const GS_STREAMS: u32 = 4;
/// Most vertices one geometry-shader invocation emits (`SM.GSOUTPUTVERTEXCOUNTRANGE`).
pub const GS_MAX_OUTPUT_VERTICES: u32 = 1024;
/// Most geometry-shader instances (`SM.GSINSTANCECOUNTRANGE`).
pub const GS_MAX_INSTANCES: u32 = 32;
/// Most control points of a patch (`SM.HSINPUTCONTROLPOINTCOUNTRANGE`,
/// `SM.DSINPUTCONTROLPOINTCOUNTRANGE`, `SM.OUTPUTCONTROLPOINTCOUNTRANGE`).
pub const MAX_CONTROL_POINTS: u32 = 32;
/// The range of a hull shader's largest tessellation factor (`META.MAXTESSFACTOR`).
pub const TESS_FACTOR: (f32, f32) = (1.0, 64.0);
/// Largest thread-group size of compute and node shaders, per dimension, and in all
/// (`SM.THREADGROUPCHANNELRANGE`, `SM.MAXTHEADGROUP`).
pub const CS_THREADS: ([u32; 3], u32) = ([1024, 1024, 64], 1024);
/// The same for mesh and amplification shaders.
pub const MS_AS_THREADS: ([u32; 3], u32) = ([128, 128, 128], 128);
/// Most vertices and primitives a mesh shader outputs (`SM.MESHSHADERMAXVERTEXCOUNT`,
/// `SM.MESHSHADERMAXPRIMITIVECOUNT`).
pub const MS_MAX_OUTPUT: u32 = 256;
/// Largest payload of mesh and amplification shaders in bytes
/// (`SM.MESHSHADERPAYLOADSIZE`, `SM.AMPLIFICATIONSHADERPAYLOADSIZE`).
pub const MS_AS_MAX_PAYLOAD: u32 = 16 * 1024;
/// The range of wave sizes, powers of 2 (`SM.WAVESIZEVALUE`).
pub const WAVE_SIZE: (u32, u32) = (4, 128);
/// Largest dimension of a broadcasting node's dispatch grid.
pub const NODE_MAX_DISPATCH_GRID: u32 = 65535;
