//! The entry properties the module writer writes for each stage, read back: the shaders of
//! `examples/emit_stages.rs` and a few more (ray-tracing stages, a broadcasting node with a
//! wave-size range, a geometry shader with instances), printed, read by `dxil-module`'s text
//! reader, and their properties seen by its typed metadata view (`dxil_module::dxil`) as the
//! entry point declares them, in DXC's order, with the view-ID state `dxil-module` computes
//! from their code. `llvm-as-14` accepts every one.
//! (`dxil-module`'s test `dxc_metadata` compares the examples with DXC's metadata.)

#![allow(clippy::panic, clippy::unwrap_used)] // a test fails by panicking

use crate::emit_stages;
use crate::llvm_as;

use dxil_module::assemble::viewid;
use dxil_module::dxil::properties::{self, NodeName};
use dxil_module::dxil::{self, Property};
use dxil_ops::enums::{InputPrimitive, PrimitiveTopology};
use dxil_ops::module::{EntryPoint, GsState, Module, NodeLaunch, NodeState, Stage, WaveSize};
use dxil_ops::{DxilVersion, ShaderModel, Target};

/// The properties the view should read for `e` in module `m` at shader model `sm`, in the
/// order DXC writes them.
fn expected<'a>(
    e: &'a EntryPoint,
    m: &dxil_module::model::Module,
    sm: ShaderModel,
    library: bool,
) -> Vec<Property<'a>> {
    let mut props = Vec::new();
    if !e.flags.is_empty() {
        props.push(Property::ShaderFlags(e.flags.bits()));
    }
    if library {
        props.push(Property::ShaderKind(e.kind() as u32));
    }
    let wave = |w: Option<WaveSize>| {
        w.map(|w| {
            let [min, max, preferred] = w.ranged();
            if sm >= ShaderModel::new(6, 8) {
                Property::RangedWaveSize(vec![min, max, preferred])
            } else {
                Property::WaveSize(vec![min])
            }
        })
    };
    match &e.stage {
        Stage::Geometry(s) => props.push(Property::Gs(properties::GsState {
            input_primitive: s.input_primitive as u32,
            max_vertex_count: s.max_vertex_count,
            active_stream_mask: u32::from(s.streams),
            output_topology: s.output_topology as u32,
            instance_count: s.instance_count,
        })),
        Stage::Hull(s) => props.push(Property::Hs(properties::HsState {
            patch_constant_function: m.function_named(&s.patch_constant_function),
            input_control_points: s.input_control_points,
            output_control_points: s.output_control_points,
            domain: s.domain as u32,
            partitioning: s.partitioning as u32,
            output_primitive: s.output_primitive as u32,
            max_tess_factor: f64::from(s.max_tess_factor),
        })),
        Stage::Domain(s) => props.push(Property::Ds(properties::DsState {
            domain: s.domain as u32,
            input_control_points: s.input_control_points,
        })),
        Stage::Compute(s) => {
            props.push(Property::NumThreads(s.numthreads));
            props.extend(wave(s.wave_size));
        }
        Stage::Mesh(s) => props.push(Property::Ms(properties::MsState {
            num_threads: s.numthreads,
            max_vertex_count: s.max_vertex_count,
            max_primitive_count: s.max_primitive_count,
            output_topology: s.output_topology as u32,
            payload_size: s.payload_size,
        })),
        Stage::Amplification(s) => props.push(Property::As(properties::AsState {
            num_threads: s.numthreads,
            payload_size: s.payload_size,
        })),
        Stage::AnyHit {
            payload_size,
            attribute_size,
        }
        | Stage::ClosestHit {
            payload_size,
            attribute_size,
        } => {
            props.push(Property::RayPayloadSize(*payload_size));
            props.push(Property::RayAttribSize(*attribute_size));
        }
        Stage::Miss { payload_size }
        | Stage::Callable {
            parameter_size: payload_size,
        } => props.push(Property::RayPayloadSize(*payload_size)),
        Stage::Node(s) => {
            props.push(Property::NodeLaunchType(s.launch.value()));
            props.extend(wave(s.wave_size));
            if s.program_entry {
                props.push(Property::NodeIsProgramEntry(true));
            }
            let (name, index) = match &s.id {
                Some((n, i)) => (n.as_bytes(), *i),
                None => (e.name.as_bytes(), 0),
            };
            props.push(Property::NodeId(NodeName { name, index }));
            let table = s.local_root_arguments_table_index.unwrap_or(u32::MAX);
            props.push(Property::NodeLocalRootArgumentsTableIndex(table));
            if let NodeLaunch::Broadcasting { dispatch_grid, .. } = s.launch {
                props.push(Property::NodeDispatchGrid(dispatch_grid));
            }
            if s.max_recursion_depth != 0 {
                props.push(Property::NodeMaxRecursionDepth(s.max_recursion_depth));
            }
            props.push(Property::NumThreads(s.launch.numthreads()));
        }
        Stage::Pixel | Stage::Vertex | Stage::RayGeneration | Stage::Intersection => {}
    }
    if let Some(space) = e.auto_binding_space {
        props.push(Property::AutoBindingSpace(space));
    }
    props
}

/// Reads `shader`'s text back and checks what the view sees: the versions, the shader model,
/// and the entry point's name, function and properties.
fn read_back(name: &str, shader: &emit_stages::Shader) {
    let text = shader.text().unwrap_or_else(|e| panic!("{name}: {e}"));
    let m = dxil_module::text::parse(text.as_bytes())
        .unwrap_or_else(|e| panic!("{name}: the text reader refuses the module: {e}\n{text}"));
    let target = &shader.target;
    let dxil = dxil::dxil_version(&m).unwrap().unwrap();
    assert_eq!(dxil.dxil(), Some(target.dxil), "{name}");
    let validator = dxil::validator_version(&m).unwrap().and_then(|v| v.dxil());
    assert_eq!(validator, shader.module.validator_version(), "{name}");
    let model = dxil::shader_model(&m).unwrap().unwrap();
    let sm = model.version().unwrap();
    assert_eq!(Some(sm), dxil_ops::shader_model_of(target.dxil), "{name}");
    assert_eq!(model.is_library(), target.library, "{name}");
    let entry = shader.module.entry_point().unwrap();
    if !target.library {
        assert_eq!(model.stage(), Some(entry.kind()), "{name}");
    }
    let view = dxil::entry_points(&m).next().unwrap().unwrap();
    assert_eq!(view.name, entry.name.as_bytes(), "{name}");
    assert_eq!(view.function, m.function_named(&entry.function), "{name}");
    let props = view.properties().unwrap();
    let read: Vec<Property<'_>> = props
        .iter()
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(
        read,
        expected(entry, &m, sm, target.library),
        "{name}: the view reads other properties\n{text}"
    );
    assert_eq!(
        props.num_threads().unwrap(),
        entry.stage.numthreads(),
        "{name}"
    );
    // the view-ID state written is the one `dxil-module` computes from the code read back
    if !target.library {
        let computed = viewid::compute(&m).unwrap().to_words();
        let recorded = viewid::recorded_words(&m);
        if computed.iter().any(|&w| w != 0) {
            assert_eq!(recorded, Some(computed), "{name}");
        } else {
            assert_eq!(recorded, None, "{name}");
        }
    }
}

/// The shaders checked besides the examples: those of stages or properties the examples do
/// not show.
fn more() -> Vec<(&'static str, emit_stages::Shader)> {
    let lib = |v: (u8, u8)| Target::new(DxilVersion::new(v.0, v.1)).library();
    let one = |target: Target, entry: EntryPoint| {
        let mut m = Module::new();
        let function = entry.function.clone();
        m.set_entry_point(entry);
        emit_stages::Shader {
            module: m,
            target,
            functions: vec![(function, String::new())],
        }
    };
    let broadcasting = NodeState::new(NodeLaunch::Broadcasting {
        numthreads: [8, 8, 1],
        dispatch_grid: [4, 2, 1],
    })
    .wave_size(WaveSize::Range {
        min: 16,
        max: 64,
        preferred: None,
    })
    .program_entry()
    .id("blur", 2);
    let mut recursive = NodeState::new(NodeLaunch::Coalescing {
        numthreads: [32, 1, 1],
    })
    .wave_size(WaveSize::Exactly(32));
    recursive.max_recursion_depth = 4;
    recursive.local_root_arguments_table_index = Some(3);
    let gs = GsState::new(
        InputPrimitive::LineWithAdjacency,
        6,
        PrimitiveTopology::LineStrip,
    )
    .instances(5);
    vec![
        (
            "raygen",
            one(lib((1, 3)), EntryPoint::new("rg", Stage::RayGeneration)),
        ),
        (
            "anyhit",
            one(
                lib((1, 5)),
                EntryPoint::new(
                    "ah",
                    Stage::AnyHit {
                        payload_size: 16,
                        attribute_size: 8,
                    },
                )
                .auto_binding_space(2),
            ),
        ),
        (
            "miss",
            one(
                lib((1, 3)),
                EntryPoint::new("ms", Stage::Miss { payload_size: 4 }),
            ),
        ),
        (
            "callable",
            one(
                lib((1, 3)),
                EntryPoint::new("c", Stage::Callable { parameter_size: 12 }),
            ),
        ),
        (
            "broadcasting",
            one(lib((1, 8)), EntryPoint::new("b", broadcasting)),
        ),
        (
            "coalescing",
            one(lib((1, 8)), EntryPoint::new("r", recursive)),
        ),
        (
            "gs instances",
            one(
                Target::new(DxilVersion::new(1, 1)),
                EntryPoint::new("main", gs),
            ),
        ),
    ]
}

#[test]
fn the_view_reads_the_properties_of_every_stage() {
    for (name, _, make) in emit_stages::STAGES {
        read_back(name, &make().unwrap_or_else(|e| panic!("{name}: {e}")));
    }
    for (name, shader) in more() {
        read_back(name, &shader);
    }
}

#[dxil_test_data::needs(llvm_as)]
#[test]
fn llvm_as_accepts_every_stage() {
    let mut shaders: Vec<(&str, emit_stages::Shader)> = emit_stages::STAGES
        .iter()
        .map(|(name, _, make)| (*name, make().unwrap()))
        .collect();
    shaders.extend(more());
    for (name, shader) in shaders {
        let text = shader.text().unwrap();
        if let Some(r) = llvm_as::assemble(&text) {
            r.unwrap_or_else(|e| panic!("{name}: llvm-as rejects the module: {e}\n{text}"));
        }
    }
}
