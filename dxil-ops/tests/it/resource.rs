//! Typed resource properties and bindings: every valid combination round-trips through its
//! words, invalid ones are refused with a reason, and the words DXC's corpus passes to
//! `annotateHandle` and `createHandleFromBinding` decode.

#![allow(clippy::panic, clippy::unwrap_used)] // a test fails by panicking

use dxil_ops::enums::{ComponentType, ResourceClass, ResourceKind, SamplerFeedbackType};
use dxil_ops::resource::{Layout, ResourceBinding, ResourceError, ResourceProperties, UavFlags};

use crate::shared;

use crate::decode_example as decode;

/// Every kind with a layout that fits it, as SRV and UAV where it can be either.
fn samples() -> Vec<ResourceProperties> {
    let mut out = Vec::new();
    for kind in ResourceKind::ALL {
        let layouts: Vec<Layout> = match kind {
            ResourceKind::Invalid | ResourceKind::NumEntries => continue,
            ResourceKind::StructuredBuffer => vec![Layout::Structured { stride: 16 }],
            ResourceKind::CBuffer => vec![Layout::CBuffer { size: 64 }],
            ResourceKind::FeedbackTexture2D | ResourceKind::FeedbackTexture2DArray => vec![
                Layout::Feedback(SamplerFeedbackType::MinMip),
                Layout::Feedback(SamplerFeedbackType::MipRegionUsed),
            ],
            ResourceKind::RawBuffer
            | ResourceKind::Sampler
            | ResourceKind::RTAccelerationStructure => vec![Layout::None],
            _ => [ComponentType::F32, ComponentType::U32, ComponentType::F16]
                .into_iter()
                .flat_map(|component| {
                    (1..=4).map(move |count| Layout::Typed {
                        component,
                        count,
                        samples: 0,
                    })
                })
                .collect(),
        };
        for layout in layouts {
            let mut p = ResourceProperties::new(kind);
            p.layout = layout;
            p.comparison = kind == ResourceKind::Sampler;
            out.push(p);
            let uav_kind = !matches!(
                kind,
                ResourceKind::CBuffer
                    | ResourceKind::Sampler
                    | ResourceKind::RTAccelerationStructure
                    | ResourceKind::TBuffer
            );
            if uav_kind {
                let counter = kind == ResourceKind::StructuredBuffer;
                out.push(p.uav(UavFlags {
                    rov: true,
                    globally_coherent: true,
                    reorder_coherent: false,
                    counter,
                }));
                out.push(p.uav(UavFlags::default()));
            }
        }
    }
    out
}

#[test]
fn properties_round_trip() {
    let mut n = 0;
    for p in samples() {
        match p.encode() {
            Ok(words) => {
                assert_eq!(ResourceProperties::decode(words), Ok(p), "{p:?} {words:?}");
                n += 1;
            }
            Err(ResourceError::Class(_)) => {
                // a feedback texture that is not a UAV
                assert!(p.uav.is_none(), "{p:?}");
            }
            Err(e) => panic!("{p:?}: {e}"),
        }
    }
    println!("{n} property sets round-trip");
    assert!(n > 100);
    // classes
    assert_eq!(
        ResourceProperties::cbuffer(16).class(),
        ResourceClass::CBuffer
    );
    assert_eq!(
        ResourceProperties::sampler(false).class(),
        ResourceClass::Sampler
    );
    assert_eq!(
        ResourceProperties::structured(4).class(),
        ResourceClass::SRV
    );
}

#[test]
fn properties_are_checked() {
    let typed = ResourceProperties::typed(ResourceKind::Texture2D, ComponentType::F32, 4);
    let cases: Vec<(ResourceProperties, &str)> = vec![
        (
            ResourceProperties::new(ResourceKind::Invalid),
            "resource kind 0 is not the kind of a resource (ResourceKind 1 to 18)",
        ),
        (
            ResourceProperties::cbuffer(4).uav(UavFlags::default()),
            "a CBuffer cannot be a UAV",
        ),
        (
            ResourceProperties::new(ResourceKind::FeedbackTexture2D),
            "a FeedbackTexture2D is always a UAV",
        ),
        (
            ResourceProperties::new(ResourceKind::Texture2D),
            "word 1 of a Texture2D holds the component type, count and sample count",
        ),
        (
            typed.uav(UavFlags {
                counter: true,
                ..UavFlags::default()
            }),
            "a Texture2D cannot have the flag `counter`",
        ),
        (
            ResourceProperties {
                comparison: true,
                ..typed
            },
            "a Texture2D cannot have the flag `comparison`",
        ),
        (
            ResourceProperties {
                base_align_log2: 16,
                ..typed
            },
            "the base alignment's log2 is 16; at most 15 fits",
        ),
        (
            ResourceProperties::typed(ResourceKind::TypedBuffer, ComponentType::F32, 5),
            "a typed resource has at most 4 components; 5 given",
        ),
    ];
    for (p, msg) in cases {
        assert_eq!(p.encode().unwrap_err().to_string(), msg, "{p:?}");
    }
    // decoding refuses reserved bits and values outside the enumerations
    let e = |w| ResourceProperties::decode(w).unwrap_err().to_string();
    assert_eq!(
        e([10 | 1 << 20, 0x109]),
        "reserved bits 0x100000 of word 0 are set"
    );
    assert_eq!(
        e([10, 0x109 | 1 << 24]),
        "reserved bits 0x1000000 of word 1 are set"
    );
    assert_eq!(e([11, 5]), "reserved bits 0x5 of word 1 are set");
    assert_eq!(e([10, 0x1FF]), "255 is not a value of ComponentType");
    assert_eq!(
        e([10 | 1 << 13, 0x109]),
        "reserved bits 0x2000 of word 0 are set"
    );
    assert_eq!(
        e([99, 0]),
        "resource kind 99 is not the kind of a resource (ResourceKind 1 to 18)"
    );
}

#[test]
fn bindings_round_trip_and_are_checked() {
    for class in [
        ResourceClass::SRV,
        ResourceClass::UAV,
        ResourceClass::CBuffer,
        ResourceClass::Sampler,
    ] {
        for (lower, upper) in [(0, 0), (3, 7), (0, u32::MAX)] {
            let b = ResourceBinding::new(class, lower, upper, 2);
            let w = b.encode().unwrap();
            assert_eq!(ResourceBinding::decode(w), Ok(b));
        }
    }
    let e = ResourceBinding::new(ResourceClass::Invalid, 0, 0, 0)
        .encode()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "resource class 4 is not SRV (0), UAV (1), CBuffer (2) or Sampler (3)"
    );
    let e = ResourceBinding::new(ResourceClass::UAV, 5, 4, 0)
        .encode()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "the binding's upper bound 4 is below its lower bound 5"
    );
    assert!(ResourceBinding::decode([0, 0, 0, 9]).is_err());
}

/// The corpus: every `annotateHandle` props and `createHandleFromBinding` bind decodes.
#[dxil_test_data::needs(shared = "corpus/dxc")]
#[test]
fn corpus_words_decode() {
    let Some(corpus) = shared::shared_path("corpus/dxc") else {
        return;
    };
    let mut files = Vec::new();
    let mut stack = vec![corpus];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "ll") {
                files.push(p);
            }
        }
    }
    let (mut props, mut binds) = (0, 0);
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for c in decode::calls(&text) {
            let Some(last) = c.operands.get(1..).and_then(|o| o.first()) else {
                continue;
            };
            let fields = |v: &dxil_ops::TypedValue<'_>| -> Option<Vec<u32>> {
                let body = v.value.trim().strip_prefix('{')?.strip_suffix('}')?;
                body.split(',')
                    .map(|f| {
                        f.trim()
                            .split_once(' ')
                            .and_then(|(_, n)| n.parse::<u32>().ok())
                    })
                    .collect()
            };
            if c.callee == "dx.op.annotateHandle" {
                let Some(w) = c.operands.get(2).and_then(fields) else {
                    continue; // zeroinitializer or not a constant
                };
                let words = [w[0], w[1]];
                ResourceProperties::decode(words)
                    .unwrap_or_else(|e| panic!("{}:{}: {words:?}: {e}", f.display(), c.line));
                props += 1;
            } else if c.callee == "dx.op.createHandleFromBinding" {
                let Some(w) = fields(last) else { continue };
                ResourceBinding::decode([w[0], w[1], w[2], w[3]])
                    .unwrap_or_else(|e| panic!("{}:{}: {w:?}: {e}", f.display(), c.line));
                binds += 1;
            }
        }
    }
    println!("{props} annotateHandle properties and {binds} bindings of the corpus decode");
}

#[test]
fn readers_decode_properties_and_bindings() {
    use dxil_ops::TypedValue;
    use dxil_ops::read::{AnyOp, read_op};
    let t = TypedValue::new;
    let props = |words: &'static str| {
        [
            t("i32", "216"),
            t("%dx.types.Handle", "%h"),
            t("%dx.types.ResourceProperties", words),
        ]
    };
    let ok = props("{ i32 4108, i32 16 }");
    let Ok(AnyOp::AnnotateHandle(a)) = read_op("dx.op.annotateHandle", &ok) else {
        panic!("annotateHandle reads");
    };
    let p: ResourceProperties = a.properties().expect("the words decode");
    assert_eq!(p.kind, ResourceKind::StructuredBuffer);
    assert_eq!(p.class(), ResourceClass::UAV);
    // words that decode to no resource are an error value
    let bad = props("{ i32 0, i32 0 }");
    let Ok(AnyOp::AnnotateHandle(a)) = read_op("dx.op.annotateHandle", &bad) else {
        panic!("annotateHandle reads");
    };
    assert!(a.properties().is_err());
    let bind = [
        t("i32", "217"),
        t("%dx.types.ResBind", "{ i32 0, i32 3, i32 0, i8 1 }"),
        t("i32", "%i"),
        t("i1", "false"),
    ];
    let Ok(AnyOp::CreateHandleFromBinding(c)) = read_op("dx.op.createHandleFromBinding", &bind)
    else {
        panic!("createHandleFromBinding reads");
    };
    let b: ResourceBinding = c.binding().expect("the fields decode");
    assert_eq!((b.lower, b.upper, b.class), (0, 3, ResourceClass::UAV));
}
