//! Prints a shader of a stage whose entry point has properties of its own, written through the
//! module API: each declares the interface of a real shader of `../shared/corpus/dxil-bin`
//! (its signatures, resources, stage properties, shader flags and validator version), so that
//! `dxil-module`'s test `dxc_metadata` can compare the metadata with DXC's. The bodies are
//! short: a few calls of the stage's ops; the view-ID state (`!dx.viewIdState`) is computed
//! from them with `dxil-module`, so its dependence tables are those of these bodies, not of
//! DXC's shaders.
//!
//! ```sh
//! cargo run -p dxil-ops --example emit_stages -- gs > gs.ll   # gs, hs, ds, ms, as, cs66, cs68, node
//! llvm-as-14 gs.ll -o /dev/null && cargo run -p dxil-cli -- lint gs.ll
//! ```

use dxil_ops::build;
use dxil_ops::enums::{
    ComponentType, InputPrimitive, InterpolationMode, MeshOutputTopology, PrimitiveTopology,
    ResourceClass, SemanticKind, ShaderFlags, TessellatorDomain, TessellatorOutputPrimitive,
    TessellatorPartitioning,
};
use dxil_ops::handle::{Srv, Uav};
use dxil_ops::module::{
    AsState, CsState, DsState, Element, EntryPoint, GsState, HsState, Module, MsState, NodeLaunch,
    NodeState, Resource, WaveSize,
};
use dxil_ops::resource::{ResourceBinding, ResourceProperties, UavFlags};
use dxil_ops::{DxilVersion, Overload, ScalarType, ShaderKind, Target};

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

/// A stage this example writes: the name on the command line, the corpus container whose
/// interface it declares, and the function that makes it.
pub type Example = (&'static str, &'static str, fn() -> Result<Shader>);

/// The stages this example writes.
pub const STAGES: [Example; 8] = [
    ("gs", "vkd3d-proton/854a48a18096bfcf.dxil", geometry),
    ("hs", "vkd3d-proton/4bbef6691f35ff33.dxil", hull),
    ("ds", "vkd3d-proton/05f4a54f9f34d03d.dxil", domain),
    ("ms", "vkd3d-proton/2bdc1b37703296c8.dxil", mesh),
    ("as", "vkd3d-proton/2a326b0a61f9beb9.dxil", amplification),
    (
        "cs66",
        "vkd3d-proton/ab3c658ea6b539f1.dxil",
        compute_wave_size,
    ),
    (
        "cs68",
        "vkd3d-proton/0db8732b77732185.dxil",
        compute_wave_range,
    ),
    ("node", "vkd3d-proton/0a8c81da1a531af4.dxil", node),
];

const F32: Overload<'static> = Overload::Scalar(ScalarType::F32);
const I32: Overload<'static> = Overload::Scalar(ScalarType::I32);

/// A shader: its module, its target and its functions.
pub struct Shader {
    /// The module: the entry point, signatures, resources and the functions the bodies call.
    pub module: Module,
    /// The target.
    pub target: Target,
    /// The functions, `(name, body)`: the name as it follows `@`, the body as indented lines.
    pub functions: Vec<(String, String)>,
}

impl Shader {
    /// The shader of `module` for `target`, with the functions `(name, body)`.
    fn new(module: Module, target: Target, functions: &[(&str, &str)]) -> Self {
        let functions = functions
            .iter()
            .map(|(n, b)| (n.to_string(), b.to_string()))
            .collect();
        Shader {
            module,
            target,
            functions,
        }
    }

    /// The text of the module: its struct types, its functions, its declarations and its
    /// metadata, with the view-ID state of its code (for a stage with signatures: computed by
    /// `dxil-module` from the text written without it, as DXC computes it from its code).
    pub fn text(&self) -> Result<String> {
        let text = self.text_of(&self.module)?;
        if self.target.library {
            return Ok(text);
        }
        let parsed = dxil_module::text::parse(text.as_bytes())?;
        let state = dxil_module::assemble::viewid::compute(&parsed)?;
        let mut m = self.module.clone();
        m.set_view_id_state(&state.to_words());
        self.text_of(&m)
    }

    /// The text of `m` with the shader's functions.
    fn text_of(&self, m: &Module) -> Result<String> {
        let mut text = String::new();
        let types = m.types().to_string();
        if !types.is_empty() {
            text.push_str(&format!("{types}\n"));
        }
        for (name, body) in &self.functions {
            text.push_str(&format!(
                "define void @{name}() {{\n{body}  ret void\n}}\n\n"
            ));
        }
        let declarations = m.declarations().to_string();
        if !declarations.is_empty() {
            text.push_str(&format!("{declarations}\n"));
        }
        text.push_str(&m.metadata(&self.target, 0)?.to_string());
        Ok(text)
    }
}

/// Writes each call on its own line of `body`.
macro_rules! emit {
    ($m:expr, $body:expr, $result:expr, $call:expr) => {{
        $body.push_str("  ");
        $m.write_call(&mut $body, $result, &$call?)?;
        $body.push('\n');
    }};
}

/// A 32-bit float element `semantic` with index `index`, `cols` columns, packed at `row`.
fn float(semantic: &str, index: u32, cols: u8, row: u32, mode: InterpolationMode) -> Element {
    Element::new(semantic, ComponentType::F32, 1, cols)
        .index(index)
        .at(row, 0)
        .interpolation(mode)
}

/// A `uint4` element `semantic` with index `index`, packed at `row`.
fn uint4(semantic: &str, index: u32, row: u32, mode: InterpolationMode) -> Element {
    Element::new(semantic, ComponentType::U32, 1, 4)
        .index(index)
        .at(row, 0)
        .interpolation(mode)
}

/// `SV_Position`, packed at row 0, not perspective-corrected.
fn position() -> Element {
    Element::system(SemanticKind::Position, ComponentType::F32, 1, 4)
        .interpolation(InterpolationMode::LinearNoperspective)
}

/// The vertex of vkd3d-proton's tessellation and geometry tests: `SV_Position`, then `ARG0`
/// (float3), `ARG1` (float2) and `ARG2` (uint4, not interpolated) in rows 1 to 3.
fn vertex() -> [Element; 4] {
    let linear = InterpolationMode::Linear;
    [
        position(),
        float("ARG", 0, 3, 1, linear),
        float("ARG", 1, 2, 2, linear),
        uint4("ARG", 2, 3, InterpolationMode::Constant),
    ]
}

/// A geometry shader reading triangles and writing points to streams 0 and 1 (`ARG1` goes
/// to stream 1), at most 3 vertices (`gs_mismatch_so_2`).
pub fn geometry() -> Result<Shader> {
    let target = Target::new(DxilVersion::new(1, 0)).with_stage(ShaderKind::Geometry);
    let mut m = Module::new();
    let gs = GsState::new(InputPrimitive::Triangle, 3, PrimitiveTopology::PointList).streams(0b11);
    m.set_entry_point(EntryPoint::new("main", gs));
    m.set_validator_version(DxilVersion::new(1, 7));
    for e in vertex() {
        m.add_input(e)?;
    }
    let [pos, arg0, arg1, arg2] = vertex();
    m.add_output(pos)?;
    m.add_output(arg0)?;
    m.add_output(arg2.at(2, 0))?;
    m.add_output(arg1.at(0, 0).stream(1))?;
    let mut body = String::new();
    emit!(
        m,
        body,
        Some("x"),
        build::load_input(&target, F32, "0", "0", "0", "0")
    );
    emit!(
        m,
        body,
        None,
        build::store_output(&target, F32, "0", "0", "0", "%x")
    );
    emit!(m, body, None, build::emit_stream(&target, "0"));
    emit!(m, body, None, build::emit_stream(&target, "1"));
    Ok(Shader::new(m, target, &[("main", &body)]))
}

/// The mangled name of the patch constant function of `hs_mismatch_1`.
const PATCH_CONSTANT: &str = "\u{1}?main_patch@@YA?AUHsPatch@@V?$InputPatch@UVsOut@@$02@@@Z";

/// A hull shader of triangles, 3 control points in and out, integer partitioning, clockwise
/// triangles out (`hs_mismatch_1`); its patch constant function writes the tessellation
/// factors and the `ARG` patch constants.
pub fn hull() -> Result<Shader> {
    let target = Target::new(DxilVersion::new(1, 0)).with_stage(ShaderKind::Hull);
    let mut m = Module::new();
    let hs = HsState::new(
        PATCH_CONSTANT,
        TessellatorDomain::Tri,
        TessellatorPartitioning::Integer,
        TessellatorOutputPrimitive::TriangleCW,
    )
    .control_points(3, 3)
    .max_tess_factor(64.0);
    m.set_entry_point(EntryPoint::new("main", hs));
    m.set_validator_version(DxilVersion::new(1, 7));
    for e in vertex() {
        m.add_input(e)?;
    }
    m.add_output(position())?;
    let none = InterpolationMode::Undefined;
    let tess = m.add_element(
        dxil_ops::enums::SignatureKind::PatchConstOrPrim,
        Element::system(SemanticKind::TessFactor, ComponentType::F32, 3, 1).at(0, 3),
    )?;
    for e in [
        Element::system(SemanticKind::InsideTessFactor, ComponentType::F32, 1, 1).at(3, 0),
        float("ARG", 0, 3, 0, none),
        float("ARG", 1, 2, 1, none),
        uint4("ARG", 2, 4, none),
    ] {
        m.add_element(dxil_ops::enums::SignatureKind::PatchConstOrPrim, e)?;
    }
    let tess = tess.to_string();
    let mut patch = String::new();
    for row in ["0", "1", "2"] {
        let call = build::store_patch_constant(&target, F32, tess.as_str(), row, "0", "1.0");
        emit!(m, patch, None, call);
    }
    let mut body = String::new();
    emit!(
        m,
        body,
        Some("cp"),
        build::output_control_point_id::<&str>(&target, I32)
    );
    emit!(
        m,
        body,
        Some("x"),
        build::load_input(&target, F32, "0", "0", "0", "%cp")
    );
    emit!(
        m,
        body,
        None,
        build::store_output(&target, F32, "0", "0", "0", "%x")
    );
    let pcf = format!("\"{}\"", PATCH_CONSTANT.replace('\u{1}', "\\01"));
    Ok(Shader::new(m, target, &[(&pcf, &patch), ("main", &body)]))
}

/// A domain shader of triangles reading patches of 3 control points (`ds_mismatch_4`).
pub fn domain() -> Result<Shader> {
    let target = Target::new(DxilVersion::new(1, 0)).with_stage(ShaderKind::Domain);
    let mut m = Module::new();
    m.set_entry_point(EntryPoint::new(
        "main",
        DsState::new(TessellatorDomain::Tri, 3),
    ));
    m.set_validator_version(DxilVersion::new(1, 7));
    let [pos, arg0, arg1, arg2] = vertex();
    for e in [pos.clone(), arg0.clone(), arg1.clone()] {
        m.add_input(e)?;
    }
    for e in [pos, arg0, arg1, arg2] {
        m.add_output(e)?;
    }
    // the domain shader reads the tessellation factors but uses none of their components
    for e in [
        Element::system(SemanticKind::TessFactor, ComponentType::F32, 3, 1).at(0, 3),
        Element::system(SemanticKind::InsideTessFactor, ComponentType::F32, 1, 1).at(3, 0),
    ] {
        m.add_element(dxil_ops::enums::SignatureKind::PatchConstOrPrim, e.usage(0))?;
    }
    let mut body = String::new();
    emit!(
        m,
        body,
        Some("u"),
        build::domain_location::<&str>(&target, F32, 0)
    );
    emit!(
        m,
        body,
        None,
        build::store_output(&target, F32, "0", "0", "0", "%u")
    );
    Ok(Shader::new(m, target, &[("main", &body)]))
}

/// A mesh shader of 3 threads outputting at most 16 vertices and 16 triangles, with
/// per-primitive outputs (`ms_interface_matching`).
pub fn mesh() -> Result<Shader> {
    let target = Target::new(DxilVersion::new(1, 5)).with_stage(ShaderKind::Mesh);
    let mut m = Module::new();
    let ms = MsState::new([3, 1, 1], 16, 16, MeshOutputTopology::Triangle);
    m.set_entry_point(EntryPoint::new("main", ms));
    m.set_validator_version(DxilVersion::new(1, 7));
    let flat = InterpolationMode::Constant;
    m.add_output(position())?;
    m.add_output(float("UV_COORD", 0, 2, 1, InterpolationMode::Linear))?;
    m.add_output(
        Element::new("UV_VERTEX_ID", ComponentType::U32, 1, 1)
            .at(2, 0)
            .interpolation(flat),
    )?;
    for e in [
        float("UV_COLOR", 0, 4, 0, flat),
        Element::new("UV_PRIMITIVE_DATA", ComponentType::U32, 1, 1)
            .at(1, 0)
            .interpolation(flat),
    ] {
        m.add_element(dxil_ops::enums::SignatureKind::PatchConstOrPrim, e)?;
    }
    let mut body = String::new();
    emit!(
        m,
        body,
        None,
        build::set_mesh_output_counts(&target, "16", "16")
    );
    Ok(Shader::new(m, target, &[("main", &body)]))
}

/// An amplification shader of one thread passing a 16-byte payload (`as_simple`). Its body
/// is empty: `dispatchMesh` takes the payload's own struct type, which the caller defines.
pub fn amplification() -> Result<Shader> {
    let target = Target::new(DxilVersion::new(1, 5)).with_stage(ShaderKind::Amplification);
    let mut m = Module::new();
    m.set_entry_point(EntryPoint::new("main", AsState::new([1, 1, 1], 16)));
    m.set_validator_version(DxilVersion::new(1, 7));
    Ok(Shader::new(m, target, &[("main", "")]))
}

/// A compute shader of 128 threads with a `StructuredBuffer<uint>` at `t0` and a
/// `RWStructuredBuffer<uint>` at `u0`, at DXIL `dxil` with `flags` and the wave size `wave`.
fn compute(dxil: DxilVersion, flags: ShaderFlags, wave: WaveSize) -> Result<Shader> {
    let target = Target::new(dxil).with_stage(ShaderKind::Compute);
    let mut m = Module::new();
    let cs = CsState::new(128, 1, 1).wave_size(wave);
    m.set_entry_point(EntryPoint::new("main", cs).flags(flags));
    m.set_validator_version(DxilVersion::new(1, 7).max(dxil));
    let srv: Resource<Srv> = m.declare_resource(
        "in",
        ResourceProperties::structured(4),
        ResourceBinding::new(ResourceClass::SRV, 0, 0, 0),
    )?;
    let uav: Resource<Uav> = m.declare_resource(
        "out",
        ResourceProperties::structured(4).uav(UavFlags::default()),
        ResourceBinding::new(ResourceClass::UAV, 0, 0, 0),
    )?;
    let mut body = String::new();
    m.write_handle(&mut body, &target, "%in", &srv, None, false)?;
    m.write_handle(&mut body, &target, "%out", &uav, None, false)?;
    emit!(
        m,
        body,
        Some("lanes"),
        build::wave_get_lane_count::<&str>(&target)
    );
    Ok(Shader::new(m, target, &[("main", &body)]))
}

/// The shader flags of the wave-size tests: raw and structured buffers, wave ops.
fn wave_flags() -> ShaderFlags {
    ShaderFlags::EnableRawAndStructuredBuffers | ShaderFlags::WaveOps
}

/// A compute shader of shader model 6.6 that runs with waves of 16 (`cs_wave_size_wave16`).
pub fn compute_wave_size() -> Result<Shader> {
    compute(DxilVersion::new(1, 6), wave_flags(), WaveSize::Exactly(16))
}

/// A compute shader of shader model 6.8 that runs with waves of 4 to 128 and prefers 16
/// (`cs_wave_size_range_prefer_16`).
pub fn compute_wave_range() -> Result<Shader> {
    let flags = wave_flags() | ShaderFlags::ResMayNotAlias;
    let range = WaveSize::Range {
        min: 4,
        max: 128,
        preferred: Some(16),
    };
    compute(DxilVersion::new(1, 8), flags, range)
}

/// A library of shader model 6.8 with a thread-launch node `A` (`two_level_empty_node`, whose
/// node `A` is empty), automatic bindings in space 0.
pub fn node() -> Result<Shader> {
    let target = Target::new(DxilVersion::new(1, 8)).library();
    let mut m = Module::new();
    let entry = EntryPoint::new("A", NodeState::new(NodeLaunch::Thread)).auto_binding_space(0);
    m.set_entry_point(entry);
    m.set_validator_version(DxilVersion::new(1, 8));
    Ok(Shader::new(m, target, &[("A", "")]))
}

#[allow(dead_code)] // the tests include this file for the stage functions
fn main() -> std::process::ExitCode {
    let stage = std::env::args().nth(1).unwrap_or_else(|| "gs".to_owned());
    let Some((_, _, write)) = STAGES.iter().find(|(name, _, _)| *name == stage) else {
        let names: Vec<&str> = STAGES.iter().map(|s| s.0).collect();
        eprintln!("error: no stage {stage:?}; one of {}", names.join(", "));
        return std::process::ExitCode::FAILURE;
    };
    match write().and_then(|s| s.text()) {
        Ok(text) => {
            print!("{text}");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
