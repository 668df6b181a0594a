//! The entry points of the module writer: what each stage's properties are refused for (the
//! validation rule of DXC's validator, or another reason), the validator version, the
//! output streams of signature elements, and how the properties are written.

#![allow(clippy::panic, clippy::unwrap_used)] // a test fails by panicking

use dxil_ops::enums::{
    ComponentType, InputPrimitive, MeshOutputTopology, PrimitiveTopology, ShaderFlags,
    TessellatorDomain as D, TessellatorOutputPrimitive as O, TessellatorPartitioning as P,
};
use dxil_ops::module::{
    AsState, CsState, DsState, Element, EntryPoint, GsState, HsState, Module, ModuleError, MsState,
    NodeLaunch, NodeState, Stage, WaveSize,
};
use dxil_ops::rules::ValidationRule as R;
use dxil_ops::{DxilVersion, ShaderKind, Target};

/// A target of DXIL `v`, not a library, its stage the entry point's.
fn dxil(v: (u8, u8)) -> Target {
    Target::new(DxilVersion::new(v.0, v.1))
}

/// A library of DXIL `v`.
fn lib(v: (u8, u8)) -> Target {
    dxil(v).library()
}

/// The metadata of a module with the one entry point `stage`, for `target`.
fn write(target: Target, stage: impl Into<Stage>) -> Result<String, ModuleError> {
    write_entry(target, EntryPoint::new("main", stage))
}

fn write_entry(target: Target, entry: EntryPoint) -> Result<String, ModuleError> {
    let mut m = Module::new();
    m.set_entry_point(entry);
    m.metadata(&target, 0).map(|md| md.to_string())
}

/// The rule of a refusal; panics on another error or none.
fn rule_of(result: Result<String, ModuleError>) -> (R, String) {
    match result {
        Err(ModuleError::Rule { rule, message }) => (rule, message),
        other => panic!("expected a rule, got {other:?}"),
    }
}

fn hs() -> HsState {
    HsState::new("pc", D::Tri, P::Integer, O::TriangleCW).control_points(3, 3)
}

#[test]
fn each_stage_property_out_of_range_is_refused_with_its_rule() {
    let v60 = dxil((1, 0));
    let gs = |input, vertices, topo| GsState::new(input, vertices, topo);
    let tri = InputPrimitive::Triangle;
    let strip = PrimitiveTopology::TriangleStrip;
    let ms = |threads, v, p| MsState::new(threads, v, p, MeshOutputTopology::Triangle);
    let cases: Vec<(Stage, Target, R, &str)> = vec![
        (
            gs(InputPrimitive::Undefined, 3, strip).into(),
            v60,
            R::SmGsValidInputPrimitive,
            "GS input primitive unrecognized.",
        ),
        (
            gs(InputPrimitive::Reserved4, 3, strip).into(),
            v60,
            R::SmGsValidInputPrimitive,
            "GS input primitive unrecognized.",
        ),
        (
            gs(tri, 1025, strip).into(),
            v60,
            R::SmGsOutputVertexCountRange,
            "GS output vertex count must be [0..1024].  1025 specified.",
        ),
        (
            gs(tri, 3, strip).instances(0).into(),
            v60,
            R::SmGsInstanceCountRange,
            "GS instance count must be [1..32].  0 specified.",
        ),
        (
            gs(tri, 3, strip).instances(33).into(),
            v60,
            R::SmGsInstanceCountRange,
            "GS instance count must be [1..32].  33 specified.",
        ),
        (
            gs(tri, 3, PrimitiveTopology::PointList)
                .streams(0b1_0001)
                .into(),
            v60,
            R::SmStreamIndexRange,
            "Stream index (4) must between 0 and 3.",
        ),
        (
            gs(tri, 3, PrimitiveTopology::TriangleList).into(),
            v60,
            R::SmGsValidOutputPrimitiveTopology,
            "GS output primitive topology unrecognized.",
        ),
        (
            gs(tri, 3, strip).streams(0).into(),
            v60,
            R::SmGsValidOutputPrimitiveTopology,
            "GS output primitive topology unrecognized.",
        ),
        (
            gs(tri, 3, PrimitiveTopology::LineStrip)
                .streams(0b101)
                .into(),
            v60,
            R::SmMultiStreamMustBePoint,
            "Multiple GS output streams are used but 'LineStrip' is not pointlist.",
        ),
        (
            hs().control_points(33, 3).into(),
            v60,
            R::SmHsInputControlPointCountRange,
            "HS input control point count must be [0..32].  33 specified.",
        ),
        (
            hs().control_points(3, 0).into(),
            v60,
            R::SmOutputControlPointCountRange,
            "output control point count must be [1..32].  0 specified.",
        ),
        (
            hs().control_points(3, 33).into(),
            v60,
            R::SmOutputControlPointCountRange,
            "output control point count must be [1..32].  33 specified.",
        ),
        (
            HsState::new("pc", D::Undefined, P::Integer, O::Point).into(),
            v60,
            R::SmValidDomain,
            "Invalid Tessellator Domain specified. Must be isoline, tri or quad.",
        ),
        (
            HsState::new("pc", D::Quad, P::Undefined, O::Point).into(),
            v60,
            R::MetaTessellatorPartition,
            "Invalid Tessellator Partitioning specified. Must be integer, pow2, fractional_odd or fractional_even.",
        ),
        (
            HsState::new("pc", D::Quad, P::Pow2, O::LastEntry).into(),
            v60,
            R::MetaTessellatorOutputPrimitive,
            "Invalid Tessellator Output Primitive specified. Must be point, line, triangleCW or triangleCCW.",
        ),
        (
            hs().max_tess_factor(0.5).into(),
            v60,
            R::MetaMaxTessFactor,
            "Hull Shader MaxTessFactor must be [1..64].  0.5 specified.",
        ),
        (
            hs().max_tess_factor(64.5).into(),
            v60,
            R::MetaMaxTessFactor,
            "Hull Shader MaxTessFactor must be [1..64].  64.5 specified.",
        ),
        (
            hs().max_tess_factor(f32::NAN).into(),
            v60,
            R::MetaMaxTessFactor,
            "Hull Shader MaxTessFactor must be [1..64].  NaN specified.",
        ),
        (
            HsState::new("pc", D::IsoLine, P::Integer, O::TriangleCCW).into(),
            v60,
            R::SmIsoLineOutputPrimitiveMismatch,
            "Hull Shader declared with IsoLine Domain must specify output primitive point or line. Triangle_cw or triangle_ccw output are not compatible with the IsoLine Domain.",
        ),
        (
            HsState::new("pc", D::Quad, P::Integer, O::Line).into(),
            v60,
            R::SmTriOutputPrimitiveMismatch,
            "Hull Shader declared with Tri Domain must specify output primitive point, triangle_cw or triangle_ccw. Line output is not compatible with the Tri domain.",
        ),
        (
            DsState::new(D::Tri, 33).into(),
            v60,
            R::SmDsInputControlPointCountRange,
            "DS input control point count must be [0..32].  33 specified.",
        ),
        (
            DsState::new(D::LastEntry, 3).into(),
            v60,
            R::SmValidDomain,
            "Invalid Tessellator Domain specified. Must be isoline, tri or quad.",
        ),
        (
            CsState::new(0, 1, 1).into(),
            v60,
            R::SmThreadGroupChannelRange,
            "Declared Thread Group X size 0 outside valid range [1..1024].",
        ),
        (
            CsState::new(1, 1, 65).into(),
            v60,
            R::SmThreadGroupChannelRange,
            "Declared Thread Group Z size 65 outside valid range [1..64].",
        ),
        (
            CsState::new(32, 32, 2).into(),
            v60,
            R::SmMaxTheadGroup,
            "Declared Thread Group Count 2048 (X*Y*Z) is beyond the valid maximum of 1024.",
        ),
        (
            ms([129, 1, 1], 3, 1).into(),
            dxil((1, 5)),
            R::SmThreadGroupChannelRange,
            "Declared Thread Group X size 129 outside valid range [1..128].",
        ),
        (
            ms([16, 16, 1], 3, 1).into(),
            dxil((1, 5)),
            R::SmMaxTheadGroup,
            "Declared Thread Group Count 256 (X*Y*Z) is beyond the valid maximum of 128.",
        ),
        (
            ms([32, 1, 1], 257, 1).into(),
            dxil((1, 5)),
            R::SmMeshShaderMaxVertexCount,
            "MS max vertex output count must be [0..256].  257 specified.",
        ),
        (
            ms([32, 1, 1], 3, 257).into(),
            dxil((1, 5)),
            R::SmMeshShaderMaxPrimitiveCount,
            "MS max primitive output count must be [0..256].  257 specified.",
        ),
        (
            ms([32, 1, 1], 3, 1).payload_size(16385).into(),
            dxil((1, 5)),
            R::SmMeshShaderPayloadSize,
            "For mesh shader with entry 'main', payload size 16385 is greater than maximum size of 16384 bytes.",
        ),
        (
            AsState::new([1, 1, 1], 16385).into(),
            dxil((1, 5)),
            R::SmAmplificationShaderPayloadSize,
            "For amplification shader with entry 'main', payload size 16385 is greater than maximum size of 16384 bytes.",
        ),
        (
            AsState::new([1, 1, 0], 16).into(),
            dxil((1, 5)),
            R::SmThreadGroupChannelRange,
            "Declared Thread Group Z size 0 outside valid range [1..128].",
        ),
    ];
    for (stage, target, rule, message) in cases {
        let kind = stage.kind();
        let (found, text) = rule_of(write(target, stage));
        assert_eq!((found, text.as_str()), (rule, message), "{kind:?}");
    }
}

#[test]
fn wave_sizes_are_checked_against_the_shader_model() {
    let cs = |w| CsState::new(64, 1, 1).wave_size(w);
    let range = |min, max, preferred| WaveSize::Range {
        min,
        max,
        preferred,
    };
    let node = |w| NodeState::new(NodeLaunch::Thread).wave_size(w);
    let cases: Vec<(Stage, Target, R, &str)> = vec![
        (
            cs(WaveSize::Exactly(32)).into(),
            dxil((1, 5)),
            R::SmWaveSizeNeedsSm66or67,
            "WaveSize is valid only for Shader Model 6.6 and 6.7.",
        ),
        (
            cs(range(16, 32, None)).into(),
            dxil((1, 7)),
            R::SmWaveSizeRangeNeedsSm68Plus,
            "WaveSize Range is valid only for Shader Model 6.8 and higher.",
        ),
        (
            cs(WaveSize::Exactly(24)).into(),
            dxil((1, 6)),
            R::SmWaveSizeValue,
            "WaveSize Min (24) outside valid range [4..128], or not a power of 2.",
        ),
        (
            cs(WaveSize::Exactly(256)).into(),
            dxil((1, 6)),
            R::SmWaveSizeValue,
            "WaveSize Min (256) outside valid range [4..128], or not a power of 2.",
        ),
        (
            cs(range(4, 2, None)).into(),
            dxil((1, 8)),
            R::SmWaveSizeValue,
            "WaveSize Max (2) outside valid range [4..128], or not a power of 2.",
        ),
        (
            cs(range(32, 32, None)).into(),
            dxil((1, 8)),
            R::SmWaveSizeMaxGreaterThanMin,
            "WaveSize Max (32) is less than Min (32)",
        ),
        (
            cs(range(64, 16, None)).into(),
            dxil((1, 8)),
            R::SmWaveSizeMaxGreaterThanMin,
            "WaveSize Max (16) is less than Min (64)",
        ),
        (
            cs(range(16, 64, Some(3))).into(),
            dxil((1, 8)),
            R::SmWaveSizeValue,
            "WaveSize Preferred (3) outside valid range [4..128], or not a power of 2.",
        ),
        (
            cs(range(16, 64, Some(128))).into(),
            dxil((1, 8)),
            R::SmWaveSizePreferredInRange,
            "WaveSize Preferred (128) outside Min..Max range [16..64]",
        ),
        (
            node(WaveSize::Exactly(2)).into(),
            lib((1, 8)),
            R::SmWaveSizeValue,
            "WaveSize Min (2) outside valid range [4..128], or not a power of 2.",
        ),
    ];
    for (stage, target, rule, message) in cases {
        let (found, text) = rule_of(write(target, stage));
        assert_eq!((found, text.as_str()), (rule, message));
    }
    // one size: tag 11 at 6.6 and 6.7, tag 23 with two zeros from 6.8
    let text = write(dxil((1, 6)), cs(WaveSize::Exactly(32))).unwrap();
    assert!(text.contains("!4 = !{i32 4, !2, i32 11, !3}"), "{text}");
    assert!(text.contains("!3 = !{i32 32}"), "{text}");
    let text = write(dxil((1, 8)), cs(WaveSize::Exactly(32))).unwrap();
    assert!(text.contains("!4 = !{i32 4, !2, i32 23, !3}"), "{text}");
    assert!(text.contains("!3 = !{i32 32, i32 0, i32 0}"), "{text}");
    let text = write(dxil((1, 8)), cs(range(16, 64, None))).unwrap();
    assert!(text.contains("!{i32 16, i32 64, i32 0}"), "{text}");
}

#[test]
fn entry_problems_without_a_rule() {
    let entry = |e: EntryPoint| match write_entry(dxil((1, 6)), e) {
        Err(ModuleError::Entry(reason)) => reason,
        other => panic!("expected an entry error, got {other:?}"),
    };
    let vs = EntryPoint::new("main", Stage::Vertex);
    assert_eq!(
        entry(vs.clone().flags(ShaderFlags::WaveMMA)),
        "shader flags WaveMMA do not all exist at DXIL 1.6"
    );
    assert_eq!(
        entry(vs.clone().flags(ShaderFlags::ForceEarlyDepthStencil)),
        "only a pixel shader forces early depth-stencil tests"
    );
    assert_eq!(
        entry(vs.clone().auto_binding_space(1)),
        "an automatic binding space (1) is a property of library entries from shader model 6.3"
    );
    assert_eq!(
        entry(EntryPoint::new("", Stage::Vertex)),
        "the entry function has no name"
    );
    assert_eq!(
        entry(EntryPoint::new(
            "main",
            HsState::new("", D::Tri, P::Integer, O::Point)
        )),
        "the patch constant function has no name"
    );
    assert_eq!(
        entry(EntryPoint::new(
            "main",
            HsState::new("main", D::Tri, P::Integer, O::Point)
        )),
        "the patch constant function is the entry function \"main\" itself"
    );
    assert_eq!(
        entry(EntryPoint::new(
            "main",
            MsState::new([1, 1, 1], 3, 1, MeshOutputTopology::Undefined)
        )),
        "a mesh shader outputs lines or triangles"
    );
    // below shader model 6.3, a library's entry has no automatic binding space
    let rg = EntryPoint::new("rg", Stage::RayGeneration).auto_binding_space(0);
    let e = write_entry(lib((1, 2)), rg.clone()).unwrap_err();
    assert!(matches!(e, ModuleError::StageVersion { .. }), "{e:?}");
    let ps = EntryPoint::new("ps", Stage::Pixel).auto_binding_space(0);
    assert!(matches!(
        write_entry(lib((1, 2)), ps),
        Err(ModuleError::Entry(_))
    ));
    let node = |launch| EntryPoint::new("n", NodeState::new(launch));
    for grid in [[0, 1, 1], [65536, 1, 1]] {
        let b = node(NodeLaunch::Broadcasting {
            numthreads: [1, 1, 1],
            dispatch_grid: grid,
        });
        let e = write_entry(lib((1, 8)), b).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("entry point: a dispatch grid of {grid:?}: each dimension is 1 to 65535")
        );
    }
    let nameless = EntryPoint::new("n", NodeState::new(NodeLaunch::Thread).id("", 0));
    assert_eq!(
        write_entry(lib((1, 8)), nameless).unwrap_err().to_string(),
        "entry point: the node's name is empty"
    );
}

#[test]
fn library_stages_and_stage_versions() {
    let e = write(dxil((1, 6)), Stage::RayGeneration).unwrap_err();
    assert_eq!(e, ModuleError::LibraryOnly(ShaderKind::RayGeneration));
    assert_eq!(
        e.to_string(),
        "a RayGeneration shader is an entry of a library: the target is not one"
    );
    let e = write(dxil((1, 4)), AsState::new([1, 1, 1], 0)).unwrap_err();
    assert_eq!(
        e,
        ModuleError::StageVersion {
            stage: ShaderKind::Amplification,
            dxil: DxilVersion::new(1, 4)
        }
    );
    assert_eq!(
        e.to_string(),
        "there are no Amplification shaders at DXIL 1.4"
    );
    let e = write(lib((1, 7)), NodeState::new(NodeLaunch::Thread)).unwrap_err();
    assert!(matches!(e, ModuleError::StageVersion { .. }), "{e:?}");
    // the target's stage and the entry's
    let e = write(dxil((1, 6)).with_stage(ShaderKind::Pixel), Stage::Vertex).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the entry point is a vs shader but the target is ps"
    );
}

#[test]
fn validator_versions() {
    let ps = |val: (u8, u8), dxil_v: (u8, u8)| {
        let mut m = Module::new();
        m.set_entry_point(EntryPoint::new("main", Stage::Pixel));
        m.set_validator_version(DxilVersion::new(val.0, val.1));
        assert_eq!(m.validator_version(), Some(DxilVersion::new(val.0, val.1)));
        m.metadata(&dxil(dxil_v), 0).map(|md| md.to_string())
    };
    let text = ps((1, 7), (1, 0)).unwrap();
    assert!(
        text.starts_with(
            "!dx.version = !{!0}\n!dx.valver = !{!1}\n!dx.shaderModel = !{!2}\n!dx.entryPoints"
        ),
        "{text}"
    );
    assert!(text.contains("!1 = !{i32 1, i32 7}"), "{text}");
    // the same version: one node, as LLVM has it
    let text = ps((1, 6), (1, 6)).unwrap();
    assert!(text.contains("!dx.valver = !{!0}"), "{text}");
    // 0.0: no validation
    assert!(ps((0, 0), (1, 6)).unwrap().contains("!{i32 0, i32 0}"));
    for (val, target) in [((1, 5), (1, 6)), ((1, 99), (1, 6)), ((2, 0), (1, 0))] {
        let e = ps(val, target).unwrap_err();
        let (validator, dxil_v) = (
            DxilVersion::new(val.0, val.1),
            DxilVersion::new(target.0, target.1),
        );
        assert_eq!(
            e,
            ModuleError::ValidatorVersion {
                validator,
                dxil: dxil_v
            }
        );
        assert_eq!(
            e.to_string(),
            format!(
                "validator version {validator} cannot validate DXIL {dxil_v}: it must be a validator version not before {dxil_v}, or 0.0 for none"
            )
        );
    }
    // without a declared version, no `!dx.valver`
    let text = write(dxil((1, 6)), Stage::Pixel).unwrap();
    assert!(!text.contains("dx.valver"), "{text}");
}

#[test]
fn output_streams_of_signature_elements() {
    let gs = || GsState::new(InputPrimitive::Point, 1, PrimitiveTopology::PointList);
    let el = |stream| Element::new("A", ComponentType::F32, 1, 1).stream(stream);
    // checked when added: four streams
    let mut m = Module::new();
    assert_eq!(
        m.add_output(el(4)),
        Err(ModuleError::Element {
            semantic: "A".into(),
            reason: "a geometry shader writes streams 0 to 3"
        })
    );
    // checked against the entry point: streams the geometry shader writes, outputs only
    let cases: [(Stage, bool, &str); 3] = [
        (
            gs().into(),
            true,
            "the element goes to a stream the geometry shader does not write",
        ),
        (
            gs().streams(0b11).into(),
            false,
            "only the outputs of a geometry shader go to another stream than 0",
        ),
        (
            Stage::Vertex,
            true,
            "only the outputs of a geometry shader go to another stream than 0",
        ),
    ];
    for (stage, output, reason) in cases {
        let mut m = Module::new();
        m.set_entry_point(EntryPoint::new("main", stage));
        if output {
            m.add_output(el(1)).unwrap();
        } else {
            m.add_input(el(1)).unwrap();
        }
        let e = m.metadata(&dxil((1, 0)), 0).unwrap_err();
        assert_eq!(
            e,
            ModuleError::Element {
                semantic: "A".into(),
                reason
            }
        );
    }
    let mut m = Module::new();
    m.set_entry_point(EntryPoint::new("main", gs().streams(0b1010)));
    m.add_output(el(3)).unwrap();
    let text = m.metadata(&dxil((1, 0)), 0).unwrap().to_string();
    // the stream, then the usage mask
    assert!(text.contains("= !{i32 0, i32 3, i32 3, i32 1}"), "{text}");
}

#[test]
fn a_hull_shader_without_input_control_points_has_no_inputs() {
    let mut m = Module::new();
    m.set_entry_point(EntryPoint::new("main", hs().control_points(0, 3)));
    assert!(m.metadata(&dxil((1, 0)), 0).is_ok());
    m.add_input(Element::new("A", ComponentType::F32, 1, 1))
        .unwrap();
    let (rule, message) = rule_of(m.metadata(&dxil((1, 0)), 0).map(|md| md.to_string()));
    assert_eq!(rule, R::SmZeroHsInputControlPointWithInput);
    assert_eq!(
        message,
        "When HS input control point count is 0, no input signature should exist."
    );
    let e = m.metadata(&dxil((1, 0)), 0).unwrap_err();
    assert_eq!(
        e.to_string(),
        "SM.ZEROHSINPUTCONTROLPOINTWITHINPUT: When HS input control point count is 0, no input signature should exist."
    );
}

#[test]
fn properties_are_written_in_dxcs_layout() {
    // the tessellation factor as LLVM prints a float: decimal when exact, else hexadecimal
    for (factor, text) in [
        (64.0, "float 6.400000e+01}"),
        (1.5, "float 1.500000e+00}"),
        (1.1, "float 0x3FF19999A0000000}"),
    ] {
        let md = write(dxil((1, 0)), hs().max_tess_factor(factor)).unwrap();
        assert!(md.contains(text), "{factor}: {md}");
        assert!(
            md.contains("!{void ()* @pc, i32 3, i32 3, i32 2, i32 1, i32 3, float"),
            "{md}"
        );
        assert!(md.contains("= !{i32 3, !"), "{md}");
    }
    // a patch constant function whose name needs quotes
    let md = write(
        dxil((1, 0)),
        HsState::new("\u{1}?pc@@YAXXZ", D::Quad, P::FractionalOdd, O::TriangleCCW),
    )
    .unwrap();
    assert!(
        md.contains("void ()* @\"\\01?pc@@YAXXZ\", i32 1, i32 1, i32 3, i32 3, i32 4"),
        "{md}"
    );
    let md = write(
        dxil((1, 5)),
        MsState::new([32, 1, 1], 64, 126, MeshOutputTopology::Line).payload_size(12),
    )
    .unwrap();
    assert!(md.contains("!2 = !{i32 32, i32 1, i32 1}"), "{md}");
    assert!(
        md.contains("!3 = !{!2, i32 64, i32 126, i32 1, i32 12}"),
        "{md}"
    );
    assert!(md.contains("!4 = !{i32 9, !3}"), "{md}");
    let md = write(dxil((1, 5)), AsState::new([4, 4, 1], 8)).unwrap();
    assert!(md.contains("!3 = !{!2, i32 8}"), "{md}");
    assert!(md.contains("!4 = !{i32 10, !3}"), "{md}");
    let md = write(dxil((1, 0)), DsState::new(D::IsoLine, 2)).unwrap();
    assert!(
        md.contains("!2 = !{i32 1, i32 2}\n!3 = !{i32 2, !2}"),
        "{md}"
    );
    // flags first; a pixel shader's early depth-stencil is a flag
    let ps = EntryPoint::new("main", Stage::Pixel).flags(ShaderFlags::ForceEarlyDepthStencil);
    let md = write_entry(dxil((1, 0)), ps).unwrap();
    assert!(md.contains("!{i32 0, i64 8}"), "{md}");
    // a pixel or vertex shader without flags has no properties
    let md = write(dxil((1, 0)), Stage::Vertex).unwrap();
    assert!(md.contains("!\"main\", null, null, null}"), "{md}");
    // a library entry: flags, kind, stage properties, automatic binding space
    let e = EntryPoint::new("cs", CsState::new(8, 8, 1))
        .flags(ShaderFlags::WaveOps)
        .auto_binding_space(7);
    let md = write_entry(lib((1, 6)), e).unwrap();
    assert!(
        md.contains("!{i32 0, i64 524288, i32 8, i32 5, i32 4, !2, i32 5, !3}"),
        "{md}"
    );
    assert!(md.contains("!3 = !{i32 7}"), "{md}");
}

#[test]
fn the_view_id_state_is_written_as_given() {
    let mut m = Module::new();
    m.set_view_id_state(&[4, 4, 1, 0, 0, 0]);
    assert_eq!(m.view_id_state(), [4, 4, 1, 0, 0, 0]);
    // a state belongs to an entry point
    let e = m.metadata(&dxil((1, 1)), 0).unwrap_err();
    assert_eq!(e, ModuleError::NoEntryPoint);
    assert_eq!(
        e.to_string(),
        "signature elements or a view-ID state are declared but no entry point"
    );
    m.set_entry_point(EntryPoint::new("main", Stage::Vertex));
    let text = m.metadata(&dxil((1, 1)), 0).unwrap().to_string();
    assert!(
        text.contains("!dx.shaderModel = !{!1}\n!dx.viewIdState = !{!2}\n!dx.entryPoints = !{!3}"),
        "{text}"
    );
    assert!(
        text.contains("!2 = !{[6 x i32] [i32 4, i32 4, i32 1, i32 0, i32 0, i32 0]}"),
        "{text}"
    );
    // all zeros: left out, as DXC leaves it out
    m.set_view_id_state(&[0, 0, 0]);
    let text = m.metadata(&dxil((1, 1)), 0).unwrap().to_string();
    assert!(!text.contains("viewIdState"), "{text}");
}
