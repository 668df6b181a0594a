//! Modules whose metadata `dxil_ops::module::Module` writes (entry point, signatures placed as
//! DXC packs them, resources in several spaces) lint clean, and a mistake in what the caller
//! declares (two elements placed on one another, two resources on one register) is found.

#![allow(clippy::panic)] // a test fails by panicking

use dxil_ops::enums::{
    ComponentType, InterpolationMode, ResourceClass, ResourceKind, SemanticKind, SignatureKind,
};
use dxil_ops::handle::{Sampler, Srv, Uav};
use dxil_ops::module::{Element, EntryPoint, Module, Resource, Stage};
use dxil_ops::resource::{ResourceBinding, ResourceProperties, UavFlags};
use dxil_ops::{DxilVersion, ShaderKind, Target};

/// The text of module `m` of `stage` with an empty entry function `main`.
fn text(m: &Module, stage: ShaderKind) -> String {
    let target = Target::new(DxilVersion::new(1, 0)).with_stage(stage);
    let metadata = m
        .metadata(&target, 0)
        .unwrap_or_else(|e| panic!("{e}"))
        .to_string();
    format!("define void @main() {{\n  ret void\n}}\n\n{metadata}")
}

/// The rules of the diagnostics of `text`.
fn rules(text: &str) -> Vec<&'static str> {
    dxil_lint::lint(text)
        .diagnostics
        .iter()
        .map(|d| d.rule.code())
        .collect()
}

/// Declares resource `name` of class `C` in `m`.
fn declare<C: dxil_ops::handle::Class>(
    m: &mut Module,
    name: &str,
    properties: ResourceProperties,
    binding: ResourceBinding,
) {
    let _: Resource<C> = m
        .declare_resource(name, properties, binding)
        .unwrap_or_else(|e| panic!("{e}"));
}

/// A vertex shader: an instance id and two user inputs, a position, a clip distance beside a
/// user output, and two texture coordinates in one row.
fn vertex_shader() -> Module {
    let mut m = Module::new();
    m.set_entry_point(EntryPoint::new("main", Stage::Vertex));
    let add = |m: &mut Module, kind, e: Element| m.add_element(kind, e).map(|_| ());
    let f32_ = ComponentType::F32;
    let linear = InterpolationMode::Linear;
    let inputs = [
        Element::new("POSITION", f32_, 1, 3),
        Element::new("COLOR", f32_, 1, 4).at(1, 0),
        Element::system(SemanticKind::InstanceID, ComponentType::U32, 1, 1).at(2, 0),
    ];
    for e in inputs {
        add(&mut m, SignatureKind::Input, e).unwrap_or_else(|e| panic!("{e}"));
    }
    let outputs = [
        Element::system(SemanticKind::Position, f32_, 1, 4)
            .interpolation(InterpolationMode::LinearNoperspective),
        Element::new("TEXCOORD", f32_, 1, 2)
            .interpolation(linear)
            .at(1, 0),
        Element::new("TEXCOORD", f32_, 1, 2)
            .index(1)
            .interpolation(linear)
            .at(1, 2),
        Element::new("FOG", f32_, 1, 3)
            .interpolation(linear)
            .at(2, 0),
        Element::system(SemanticKind::ClipDistance, f32_, 1, 1)
            .interpolation(linear)
            .at(2, 3),
        Element::new("ID", ComponentType::U32, 1, 1)
            .interpolation(InterpolationMode::Constant)
            .at(3, 0),
    ];
    for e in outputs {
        add(&mut m, SignatureKind::Output, e).unwrap_or_else(|e| panic!("{e}"));
    }
    m
}

#[test]
fn a_vertex_shader_of_the_module_api_lints_clean() {
    let text = text(&vertex_shader(), ShaderKind::Vertex);
    assert!(text.contains("!\"SV_ClipDistance\""), "{text}");
    assert_eq!(rules(&text), Vec::<&str>::new(), "{text}");
}

#[test]
fn a_pixel_shader_with_resources_of_the_module_api_lints_clean() {
    let mut m = Module::new();
    m.set_entry_point(EntryPoint::new("main", Stage::Pixel));
    let f32_ = ComponentType::F32;
    let inputs = [
        Element::system(SemanticKind::Position, f32_, 1, 4)
            .interpolation(InterpolationMode::LinearNoperspective),
        Element::new("TEXCOORD", f32_, 1, 2)
            .interpolation(InterpolationMode::Linear)
            .at(1, 0),
        Element::system(SemanticKind::IsFrontFace, ComponentType::U32, 1, 1)
            .interpolation(InterpolationMode::Constant)
            .at(2, 0),
        Element::system(SemanticKind::SampleIndex, ComponentType::U32, 1, 1)
            .interpolation(InterpolationMode::Constant)
            .unpacked(),
    ];
    for e in inputs {
        m.add_input(e).unwrap_or_else(|e| panic!("{e}"));
    }
    for target in 0..2 {
        let e = Element::system(SemanticKind::Target, f32_, 1, 4)
            .index(target)
            .at(target, 0);
        m.add_output(e).unwrap_or_else(|e| panic!("{e}"));
    }
    let depth = Element::system(SemanticKind::Depth, f32_, 1, 1).unpacked();
    m.add_output(depth).unwrap_or_else(|e| panic!("{e}"));
    let texture = ResourceProperties::typed(ResourceKind::Texture2D, f32_, 4);
    // t0-t3 of space 0, the same registers of space 1, u1, s0
    for (name, space) in [("a", 0), ("b", 1)] {
        let binding = ResourceBinding::new(ResourceClass::SRV, 0, 3, space);
        declare::<Srv>(&mut m, name, texture, binding);
    }
    let uav = texture.uav(UavFlags::default());
    declare::<Uav>(
        &mut m,
        "u",
        uav,
        ResourceBinding::new(ResourceClass::UAV, 1, 1, 0),
    );
    let sampler = ResourceProperties::sampler(false);
    let binding = ResourceBinding::new(ResourceClass::Sampler, 0, 0, 0);
    declare::<Sampler>(&mut m, "s", sampler, binding);
    let text = text(&m, ShaderKind::Pixel);
    assert!(
        text.contains("!\"SV_SampleIndex\"") && text.contains("!\"u\""),
        "{text}"
    );
    assert_eq!(rules(&text), Vec::<&str>::new(), "{text}");
}

#[test]
fn what_the_caller_places_wrong_is_found() {
    // a second color at the first one's row
    let mut m = vertex_shader();
    let e = Element::new("COLOR", ComponentType::F32, 1, 1)
        .index(1)
        .at(1, 3);
    m.add_input(e).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        rules(&text(&m, ShaderKind::Vertex)),
        ["META.SIGNATUREOVERLAP"]
    );
    // two textures on t0
    let mut m = Module::new();
    m.set_entry_point(EntryPoint::new("main", Stage::Pixel));
    let texture = ResourceProperties::typed(ResourceKind::Texture2D, ComponentType::F32, 4);
    for name in ["a", "b"] {
        let binding = ResourceBinding::new(ResourceClass::SRV, 0, 0, 0);
        declare::<Srv>(&mut m, name, texture, binding);
    }
    assert_eq!(
        rules(&text(&m, ShaderKind::Pixel)),
        ["SM.RESOURCERANGEOVERLAP"]
    );
}

use crate::emit_stages;

/// The modules of the example `emit_stages` (a geometry, hull, domain, mesh, amplification,
/// two compute and a node shader, each with the interface of a DXC container) lint clean:
/// their signatures, resources and entry properties pass the metadata checks.
#[test]
fn emit_stages_lint_clean() {
    for (name, _, write) in emit_stages::STAGES {
        let text = write()
            .and_then(|s| s.text())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let report = dxil_lint::lint(&text);
        assert!(
            report.diagnostics.is_empty(),
            "{name}: {:#?}\n{text}",
            report.diagnostics
        );
    }
}
