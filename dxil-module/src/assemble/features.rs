//! `SFI0`: the features a shader needs, from the raw shader flags of its entry point (entry
//! property 0, the bit layout of DXC's `ShaderFlags`).

/// The raw shader-flag bit and the `SFI0` feature bit it sets
/// (`dxil_ops::enums::ShaderFeatureInfo`).
const FEATURES: [(u32, u64); 30] = [
    (2, 0x1),          // double precision: Doubles
    (6, 0x20),         // double extensions: DoubleExtensions11_1
    (7, 0x40),         // MSAD: ShaderExtensions11_1
    (9, 0x2000),       // viewport and render-target array index from any stage
    (10, 0x400),       // inner coverage
    (11, 0x200),       // stencil reference
    (12, 0x100),       // tiled resources
    (13, 0x800),       // typed UAV loads of additional formats
    (14, 0x80),        // level 9 comparison filtering
    (15, 0x8),         // 64 UAVs
    (16, 0x4),         // UAVs at every stage
    (17, 0x2),         // raw and structured buffers via shader model 4.x
    (18, 0x1000),      // rasterizer-ordered views
    (19, 0x4000),      // wave ops
    (20, 0x8000),      // 64-bit integer ops
    (21, 0x10000),     // view ID
    (22, 0x20000),     // barycentrics
    (24, 0x80000),     // shading rate
    (25, 0x100000),    // raytracing tier 1.1
    (26, 0x200000),    // sampler feedback
    (27, 0x400000),    // 64-bit atomics on typed resources
    (28, 0x800000),    // 64-bit atomics on group shared
    (29, 0x1000000),   // derivatives in mesh and amplification shaders
    (30, 0x2000000),   // resource descriptor heap indexing
    (31, 0x4000000),   // sampler descriptor heap indexing
    (32, 0x10000000),  // 64-bit atomics on heap resources
    (34, 0x20000000),  // advanced texture ops
    (35, 0x40000000),  // writeable MSAA textures
    (37, 0x80000000),  // SampleCmp with gradient or bias
    (38, 0x100000000), // extended command information
];

/// Raw flag bits: low precision present (5), native low precision (23).
const LOW_PRECISION: u32 = 5;
const NATIVE_LOW_PRECISION: u32 = 23;

/// The `SFI0` part of the raw shader flags `flags`.
pub(super) fn sfi0(flags: u64) -> [u8; 8] {
    let bit = |b: u32| flags & (1u64 << b) != 0;
    let mut out = FEATURES
        .iter()
        .filter(|&&(b, _)| bit(b))
        .fold(0u64, |acc, &(_, f)| acc | f);
    if bit(LOW_PRECISION) {
        out |= if bit(NATIVE_LOW_PRECISION) {
            0x40000 // NativeLowPrecision
        } else {
            0x10 // MinimumPrecision
        };
    }
    out.to_le_bytes()
}
