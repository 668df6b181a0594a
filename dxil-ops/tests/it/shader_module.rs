//! The shader part of the module writer: entry points, signature elements and resources
//! declared with typed fields, written as DXIL's metadata records, and each kind of
//! `ModuleError`.

#![allow(clippy::panic, clippy::unwrap_used)] // a test fails by panicking

use dxil_ops::enums::{
    ComponentType, InterpolationMode, ResourceClass, ResourceKind, SemanticKind, ShaderFlags,
    SignatureKind,
};
use dxil_ops::handle::{CBuffer, Sampler, Srv, Uav};
use dxil_ops::module::{
    CsState, Element, ElementId, EntryPoint, Module, ModuleError, Resource, Stage,
};
use dxil_ops::resource::{ResourceBinding, ResourceProperties, UavFlags};
use dxil_ops::{DxilVersion, ShaderKind, Target};

fn target(v: (u8, u8), stage: ShaderKind) -> Target {
    Target::new(DxilVersion::new(v.0, v.1)).with_stage(stage)
}

fn binding(class: ResourceClass, lower: u32, upper: u32, space: u32) -> ResourceBinding {
    ResourceBinding::new(class, lower, upper, space)
}

/// The text of the numbered node whose body contains `needle`.
fn node_with<'t>(text: &'t str, needle: &str) -> &'t str {
    text.lines()
        .find(|l| l.starts_with('!') && l.contains(needle))
        .unwrap_or_else(|| panic!("no node with {needle}:\n{text}"))
}

#[test]
fn compute_entry_with_flags_numthreads_and_every_resource_class() {
    let t = target((1, 6), ShaderKind::Compute);
    let mut m = Module::new();
    let flags = ShaderFlags::EnableRawAndStructuredBuffers.union(ShaderFlags::WaveOps);
    m.set_entry_point(EntryPoint::new("main", CsState::new(8, 4, 1)).flags(flags));
    let rw: Resource<Uav> = m
        .declare_resource(
            "out",
            ResourceProperties::structured(16).uav(UavFlags {
                counter: true,
                ..UavFlags::default()
            }),
            binding(ResourceClass::UAV, 3, 3, 1),
        )
        .unwrap();
    let cb: Resource<CBuffer> = m
        .declare_resource(
            "cb",
            ResourceProperties::cbuffer(64),
            binding(ResourceClass::CBuffer, 0, 0, 0),
        )
        .unwrap();
    // an unbounded array of textures: t0 to the last register
    let srvs: Resource<Srv> = m
        .declare_resource(
            "",
            ResourceProperties::typed(ResourceKind::Texture2DArray, ComponentType::U32, 1),
            binding(ResourceClass::SRV, 0, u32::MAX, 5),
        )
        .unwrap();
    let cmp: Resource<Sampler> = m
        .declare_resource(
            "cmp",
            ResourceProperties::sampler(true),
            binding(ResourceClass::Sampler, 1, 1, 0),
        )
        .unwrap();
    assert_eq!((rw.id, cb.id, srvs.id, cmp.id), (0, 0, 0, 0));
    let text = m.metadata(&t, 0).unwrap().to_string();
    assert!(
        text.starts_with("!dx.version = !{!0}\n!dx.shaderModel = !{!1}\n"),
        "{text}"
    );
    assert!(text.contains("!1 = !{!\"cs\", i32 6, i32 6}"), "{text}");
    // UAV: kind 12, globally coherent, counter, ROV, then the stride
    let uav = node_with(&text, "!\"out\"");
    assert!(
        uav.contains("!\"out\", i32 1, i32 3, i32 1, i32 12, i1 false, i1 true, i1 false, !"),
        "{uav}"
    );
    assert!(text.contains("= !{i32 1, i32 16}"), "{text}");
    // the constant buffer's size and the comparison sampler's kind replace the kind
    assert!(node_with(&text, "!\"cb\"").ends_with("!\"cb\", i32 0, i32 0, i32 1, i32 64, null}"));
    assert!(node_with(&text, "!\"cmp\"").ends_with("!\"cmp\", i32 0, i32 1, i32 1, i32 1, null}"));
    // the unbounded range has size -1; its element type is U32 (5)
    let array = node_with(&text, "%res.SRV.Texture2DArray* undef");
    assert!(
        array.contains("!\"\", i32 5, i32 0, i32 -1, i32 7, i32 0, !"),
        "{array}"
    );
    assert!(text.contains("= !{i32 0, i32 5}"), "{text}");
    // the properties: the flags as an i64, then the thread-group size
    let bits = flags.bits();
    let entry = node_with(&text, "@main");
    assert!(entry.starts_with("!"), "{entry}");
    let props = node_with(&text, &format!("i32 0, i64 {bits}, i32 4, !"));
    assert!(
        props.contains(&format!("!{{i32 0, i64 {bits}, i32 4, !")),
        "{props}"
    );
    assert!(text.contains("= !{i32 8, i32 4, i32 1}"), "{text}");
    // no signatures: null
    assert!(entry.contains("!\"main\", null, !"), "{entry}");
    // the opaque types of the symbols are among the module's types
    let types = m.types().to_string();
    assert!(
        types.contains("%res.UAV.StructuredBuffer = type opaque"),
        "{types}"
    );
}

#[test]
fn signature_elements_are_written_as_dxc_lays_them_out() {
    let t = target((1, 6), ShaderKind::Vertex);
    let mut m = Module::new();
    m.set_entry_point(EntryPoint::new("main", Stage::Vertex));
    let vid = m
        .add_input(Element::system(
            SemanticKind::VertexID,
            ComponentType::U32,
            1,
            1,
        ))
        .unwrap();
    let pos = m
        .add_output(Element::system(
            SemanticKind::Position,
            ComponentType::F32,
            1,
            4,
        ))
        .unwrap();
    // three rows of TEXCOORD2..4 at row 1, column 3, with a usage mask of its one column
    let arr = m
        .add_output(
            Element::new("TEXCOORD", ComponentType::F32, 3, 1)
                .index(2)
                .at(1, 3)
                .interpolation(InterpolationMode::LinearNoperspective),
        )
        .unwrap();
    assert_eq!((vid, pos, arr), (ElementId(0), ElementId(0), ElementId(1)));
    assert_eq!(arr.to_string(), "1");
    assert_eq!(m.elements(SignatureKind::Output).len(), 2);
    let text = m.metadata(&t, 10).unwrap().to_string();
    assert!(text.contains("!10 = !{i32 1, i32 6}"), "{text}");
    let vid = node_with(&text, "SV_VertexID");
    assert!(
        vid.contains("!{i32 0, !\"SV_VertexID\", i8 5, i8 1, !"),
        "{vid}"
    );
    assert!(vid.contains(", i8 0, i32 1, i8 1, i32 0, i8 0, !"), "{vid}");
    let arr = node_with(&text, "TEXCOORD");
    assert!(arr.contains(", i8 4, i32 3, i8 1, i32 1, i8 3, !"), "{arr}");
    assert!(text.contains("= !{i32 2, i32 3, i32 4}"), "{text}");
    // the usage mask is the element's own columns: 1 for one column, 15 for four
    assert!(text.contains("= !{i32 3, i32 1}"), "{text}");
    assert!(text.contains("= !{i32 3, i32 15}"), "{text}");
    // input, output, no patch constants
    let entry = node_with(&text, "@main");
    assert!(entry.contains("!\"main\", !"), "{entry}");
    assert!(entry.ends_with(", null, null}"), "{entry}");
}

#[test]
fn unpacked_elements_have_no_place_and_no_usage_mask() {
    let t = target((1, 6), ShaderKind::Pixel);
    let mut m = Module::new();
    m.set_entry_point(EntryPoint::new("main", Stage::Pixel));
    m.add_input(Element::system(SemanticKind::SampleIndex, ComponentType::U32, 1, 1).unpacked())
        .unwrap();
    let text = m.metadata(&t, 0).unwrap().to_string();
    let e = node_with(&text, "SV_SampleIndex");
    assert!(e.ends_with("i32 1, i8 1, i32 -1, i8 -1, null}"), "{e}");
}

#[test]
fn library_entry_points_carry_their_kind() {
    let t = Target::new(DxilVersion::new(1, 6)).library();
    let mut m = Module::new();
    m.set_entry_point(EntryPoint::new("\u{1}?f@@YAXXZ", CsState::new(1, 1, 1)).named("f"));
    let text = m.metadata(&t, 0).unwrap().to_string();
    assert!(text.contains("!{!\"lib\", i32 6, i32 6}"), "{text}");
    assert!(
        text.contains("void ()* @\"\\01?f@@YAXXZ\", !\"f\", null, null, !"),
        "{text}"
    );
    assert!(text.contains("!{i32 8, i32 5, i32 4, !"), "{text}");
}

#[test]
fn module_errors() {
    let mut m = Module::new();
    // properties of another class than the one asked for
    let e = m
        .declare_resource::<Sampler>(
            "t",
            ResourceProperties::typed(ResourceKind::Texture2D, ComponentType::F32, 4),
            binding(ResourceClass::Sampler, 0, 0, 0),
        )
        .unwrap_err();
    assert_eq!(
        e,
        ModuleError::ResourceClass {
            expected: ResourceClass::Sampler,
            found: ResourceClass::SRV
        }
    );
    assert_eq!(
        e.to_string(),
        "a resource declared as Sampler has the properties or binding of SRV"
    );
    // properties that do not fit together
    let bad =
        ResourceProperties::typed(ResourceKind::TypedBuffer, ComponentType::F32, 1).uav(UavFlags {
            counter: true,
            ..UavFlags::default()
        });
    let e = m
        .declare_resource::<Uav>("u", bad, binding(ResourceClass::UAV, 0, 0, 0))
        .unwrap_err();
    assert!(matches!(e, ModuleError::Resource(_)), "{e:?}");
    // elements
    for (element, reason) in [
        (
            Element::new("SV_Position", ComponentType::F32, 1, 4),
            "a name that starts with SV_ is a system value: give its SemanticKind",
        ),
        (
            Element::new("", ComponentType::F32, 1, 4),
            "the semantic name is empty",
        ),
        (
            Element::new("A", ComponentType::F32, 1, 5),
            "an element has 1 to 4 columns",
        ),
        (
            Element::new("A", ComponentType::F32, 0, 1),
            "an element has 1 row or more",
        ),
        (
            Element::new("A", ComponentType::Invalid, 1, 1),
            "the component type is no type",
        ),
        (
            Element::new("A", ComponentType::F32, 1, 2).at(0, 3),
            "the element does not fit the 4 columns of a register from its start",
        ),
        (
            Element::new("A", ComponentType::F32, 1, 2).usage(4),
            "the usage mask names columns the element does not have",
        ),
        (
            Element::new("A", ComponentType::F32, 2, 1).index(u32::MAX),
            "the semantic indices of its rows do not fit 32 bits",
        ),
        (
            Element::system(SemanticKind::Invalid, ComponentType::F32, 1, 1),
            "Invalid is no semantic kind",
        ),
    ] {
        let semantic = element.semantic.clone();
        assert_eq!(
            m.add_input(element),
            Err(ModuleError::Element { semantic, reason })
        );
    }
    let e = m
        .add_element(
            SignatureKind::Invalid,
            Element::new("A", ComponentType::F32, 1, 1),
        )
        .unwrap_err();
    assert_eq!(e.to_string(), "Invalid is no signature");
    // elements without an entry point
    m.add_input(Element::new("A", ComponentType::F32, 1, 1))
        .unwrap();
    let ps = target((1, 6), ShaderKind::Pixel);
    assert_eq!(m.metadata(&ps, 0), Err(ModuleError::NoEntryPoint));
    // an entry point of another stage than the target's
    m.set_entry_point(EntryPoint::new("main", Stage::Vertex));
    let e = m.metadata(&ps, 0).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the entry point is a vs shader but the target is ps"
    );
    // handle names
    let tex: Resource<Srv> = m
        .declare_resource(
            "t",
            ResourceProperties::typed(ResourceKind::Texture2D, ComponentType::F32, 4),
            binding(ResourceClass::SRV, 0, 0, 0),
        )
        .unwrap();
    let mut body = String::new();
    for bad in ["tex", "%1", "%a b", "%"] {
        let e = m
            .write_handle(&mut body, &ps, bad, &tex, None, false)
            .unwrap_err();
        assert_eq!(e, ModuleError::HandleName(bad.to_owned()));
    }
    assert!(body.is_empty(), "{body}");
    // a call the builders refuse: a DXIL version the database does not declare
    let unknown = target((1, 99), ShaderKind::Pixel);
    let e = m
        .write_handle(&mut body, &unknown, "%t", &tex, None, false)
        .unwrap_err();
    assert!(matches!(e, ModuleError::Build(_)), "{e:?}");
    assert!(body.is_empty(), "{body}");
}

#[test]
fn handles_before_and_from_dxil_1_6() {
    for (v, expected) in [
        (
            (1, 5),
            "  %t = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 4, i1 0)\n",
        ),
        (
            (1, 6),
            "  %t.bind = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 4, i32 5, i32 1, i8 0 }, i32 4, i1 0)\n  \
             %t = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %t.bind, %dx.types.ResourceProperties { i32 2, i32 1033 })\n",
        ),
    ] {
        let t = target(v, ShaderKind::Pixel);
        let mut m = Module::new();
        let tex: Resource<Srv> = m
            .declare_resource(
                "t",
                ResourceProperties::typed(ResourceKind::Texture2D, ComponentType::F32, 4),
                binding(ResourceClass::SRV, 4, 5, 1),
            )
            .unwrap();
        let mut body = String::new();
        let h = m
            .write_handle(&mut body, &t, "%t", &tex, None, false)
            .unwrap();
        assert_eq!(body, expected);
        assert_eq!((*h.value(), h.class()), ("%t", ResourceClass::SRV));
    }
}

/// A writer that refuses everything.
struct Refuse;

impl std::fmt::Write for Refuse {
    fn write_str(&mut self, _: &str) -> std::fmt::Result {
        Err(std::fmt::Error)
    }
}

#[test]
fn a_refusing_writer_is_an_ir_error() {
    let mut m = Module::new();
    let smp: Resource<Sampler> = m
        .declare_resource(
            "s",
            ResourceProperties::sampler(false),
            binding(ResourceClass::Sampler, 0, 0, 0),
        )
        .unwrap();
    let t = target((1, 6), ShaderKind::Pixel);
    let e = m
        .write_handle(&mut Refuse, &t, "%s", &smp, None, false)
        .unwrap_err();
    assert_eq!(e.to_string(), "the writer refused the text");
}
