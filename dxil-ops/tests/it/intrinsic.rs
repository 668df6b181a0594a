//! The LLVM intrinsic map at run time: lookups both ways, version gates, building calls from
//! lowerings with the checks of the typed builders, and the derived values of resources.

#![allow(clippy::panic, clippy::unwrap_used)] // a test fails by panicking

use dxil_ops::call::{BuildError, Operand, Target, build_dynamic};
use dxil_ops::info::{OpInfo, ParamInfo};
use dxil_ops::intrinsic::resource::{Facts, ResourceType};
use dxil_ops::intrinsic::{
    self, Derived, LowerError, Operands, OverloadSource, ResultShape, Source, Step,
};
use dxil_ops::{DxilVersion, Op, Overload, Overloads, ScalarType, ir};

const V12: DxilVersion = DxilVersion::new(1, 2);
const V13: DxilVersion = DxilVersion::new(1, 3);
const V15: DxilVersion = DxilVersion::new(1, 5);
const V16: DxilVersion = DxilVersion::new(1, 6);

fn f32() -> Overload<'static> {
    Overload::Scalar(ScalarType::F32)
}

#[test]
fn names_with_suffixes_and_older_names() {
    assert_eq!(intrinsic::find("llvm.fabs").unwrap().name, "llvm.fabs");
    assert!(intrinsic::find("llvm.fabs.f32").is_none());
    assert_eq!(
        intrinsic::find_called("llvm.fabs.f32").unwrap().name,
        "llvm.fabs"
    );
    // the name itself ends in `.2`: the exact name wins
    assert_eq!(
        intrinsic::find_called("llvm.dx.resource.load.cbufferrow.2")
            .unwrap()
            .name,
        "llvm.dx.resource.load.cbufferrow.2"
    );
    assert_eq!(
        intrinsic::find_called(
            "llvm.dx.typedBufferLoad.checkbit.v4f32.tdx.TypedBuffer_v4f32_0_0_0t"
        )
        .unwrap()
        .name,
        "llvm.dx.resource.load.typedbuffer"
    );
    assert!(intrinsic::find_called("llvm.not.an.intrinsic").is_none());
    assert!(intrinsic::find_called("").is_none());
    assert!(intrinsic::find_called("...").is_none());
}

#[test]
fn version_gates() {
    let raw = "llvm.dx.resource.load.rawbuffer.v4f32";
    let op_at = |v| intrinsic::lowering(raw, v).unwrap().steps[0].op.name;
    assert_eq!(op_at(DxilVersion::new(1, 0)), "BufferLoad");
    assert_eq!(op_at(V12), "RawBufferLoad");
    let l12 = intrinsic::lowering(raw, V12).unwrap();
    let l13 = intrinsic::lowering(raw, V13).unwrap();
    assert_eq!(l12.steps[0].overload, OverloadSource::Element32);
    assert_eq!(l13.steps[0].overload, OverloadSource::Element);
    assert!(matches!(
        l12.result,
        ResultShape::ResRet {
            join64: Some(_),
            ..
        }
    ));
    assert!(intrinsic::lowering("llvm.dx.resource.handlefromheap", V15).is_none());
    assert!(intrinsic::lowering("llvm.dx.resource.getpointer", V16).is_none());
    let binding = intrinsic::find("llvm.dx.resource.handlefrombinding").unwrap();
    let gates: Vec<_> = binding.gates().map(|(l, until)| (l.since, until)).collect();
    assert_eq!(gates, [(DxilVersion::new(1, 0), Some(V16)), (V16, None)]);
}

#[test]
fn ops_know_their_intrinsics() {
    let names = |op: Op| -> Vec<&str> { op.intrinsics().iter().map(|i| i.name).collect() };
    assert_eq!(names(Op::FAbs), ["llvm.fabs"]);
    assert!(names(Op::WaveActiveOp).contains(&"llvm.dx.wave.reduce.umin"));
    assert!(names(Op::CheckAccessFullyMapped).contains(&"llvm.dx.resource.load.typedbuffer"));
    assert!(names(Op::SplitDouble).contains(&"llvm.dx.resource.store.typedbuffer"));
    assert!(names(Op::TempRegLoad).is_empty());
    // every intrinsic an op names has a lowering that calls it
    for info in dxil_ops::OPS.iter() {
        for i in info.intrinsics {
            assert!(
                i.lowerings.iter().any(|l| {
                    l.steps.iter().any(|s| {
                        core::ptr::eq(s.op, info) || s.split64.is_some_and(|o| core::ptr::eq(o, info))
                    }) || matches!(l.result, ResultShape::ResRet { check, join64 }
                        if check.is_some_and(|o| core::ptr::eq(o, info)) || join64.is_some_and(|o| core::ptr::eq(o, info)))
                }),
                "{} names {}",
                info.name,
                i.name
            );
        }
    }
}

/// The caller's view of `llvm.dx.wave.reduce.umax.i32(i32 %x)`.
struct Wave;

impl Operands<&'static str> for Wave {
    fn arg(&mut self, index: u8) -> Option<Operand<&'static str>> {
        (index == 0).then_some(Operand::Value("%x"))
    }
    fn element(
        &mut self,
        _: u8,
        _: u8,
        _: Option<&'static OpInfo>,
    ) -> Option<Operand<&'static str>> {
        None
    }
    fn undef(&mut self, _: &'static ParamInfo) -> Option<Operand<&'static str>> {
        Some(Operand::Value("undef"))
    }
    fn step_result(&mut self, _: u8) -> Option<Operand<&'static str>> {
        None
    }
    fn derived(&mut self, _: Derived, _: &Step) -> Option<Operand<&'static str>> {
        None
    }
}

#[test]
fn a_lowered_call_is_the_typed_builders_call() {
    let target = Target::new(V16);
    let i32t = Overload::Scalar(ScalarType::I32);
    let l = intrinsic::lowering("llvm.dx.wave.reduce.umax.i32", V16).unwrap();
    let mut buf = intrinsic::operand_buffer();
    let call = l.steps[0]
        .build(&target, i32t, &mut Wave, &mut buf)
        .unwrap();
    let mut lowered = String::new();
    ir::write_dynamic_call(&mut lowered, Some("r"), &call).unwrap();
    let typed = dxil_ops::build::wave_active_op(
        &target,
        i32t,
        "%x",
        dxil_ops::enums::WaveOpKind::Max,
        dxil_ops::enums::SignedOpKind::Unsigned,
    )
    .unwrap();
    let mut built = String::new();
    ir::write_call(&mut built, Some("r"), &typed).unwrap();
    assert_eq!(lowered, built);
    assert_eq!(
        lowered,
        "%r = call i32 @dx.op.waveActiveOp.i32(i32 119, i32 %x, i8 3, i8 1)"
    );
    // a too small buffer, a missing argument
    let mut small = [Operand::Int {
        ty: "i32",
        value: 0,
    }];
    assert_eq!(
        l.steps[0].build(&target, i32t, &mut Wave, &mut small),
        Err(LowerError::Buffer { needed: 3 })
    );
    let fabs = intrinsic::lowering("llvm.dx.dot2", V16).unwrap();
    let e = fabs.steps[0]
        .build(&target, f32(), &mut Wave, &mut buf)
        .unwrap_err();
    assert!(
        matches!(
            e,
            LowerError::Source {
                source: Source::Arg(1),
                ..
            }
        ),
        "{e:?}"
    );
    assert!(
        e.to_string().contains("the intrinsic call gives no arg 1"),
        "{e}"
    );
}

#[test]
fn dynamic_calls_are_checked_like_typed_ones() {
    let target = Target::new(V16);
    let op = Op::WaveActiveOp.info();
    let i32t = Overloads::one(Overload::Scalar(ScalarType::I32));
    let ok = [
        Operand::Value("%x"),
        Operand::Int { ty: "i8", value: 0 },
        Operand::Int { ty: "i8", value: 1 },
    ];
    assert!(build_dynamic(op, &target, i32t, &ok).is_ok());
    let count = build_dynamic(op, &target, i32t, &ok[..2]).unwrap_err();
    assert!(matches!(
        count,
        BuildError::OperandCount {
            expected: 3,
            found: 2,
            ..
        }
    ));
    let value = [ok[0], Operand::Value("%k"), ok[2]];
    assert!(matches!(
        build_dynamic(op, &target, i32t, &value),
        Err(BuildError::NotImmediate { param: "op", .. })
    ));
    let ty = [
        ok[0],
        Operand::Int {
            ty: "i32",
            value: 0,
        },
        ok[2],
    ];
    let e = build_dynamic(op, &target, i32t, &ty).unwrap_err();
    assert_eq!(
        e.to_string(),
        "operand `op` of WaveActiveOp is `i8`; a `i32` constant was given"
    );
    let kind = [ok[0], Operand::Int { ty: "i8", value: 9 }, ok[2]];
    assert!(matches!(
        build_dynamic(op, &target, i32t, &kind),
        Err(BuildError::Constraint(c)) if c.value == Some(9)
    ));
    // the checks of `call::check` come first
    assert!(matches!(
        build_dynamic(Op::CreateHandle.info(), &target, Overloads::NONE, &ok[..0]),
        Err(BuildError::Removed { .. })
    ));
}

#[test]
fn resource_properties_of_the_seed_types() {
    let props = |t: &str| {
        ResourceType::parse(t)
            .unwrap()
            .properties()
            .encode()
            .unwrap()
    };
    // RWBuffer<float4>, RWBuffer<int>, Buffer<uint4>
    assert_eq!(
        props(r#"target("dx.TypedBuffer", <4 x float>, 1, 0, 0)"#),
        [4106, 1033]
    );
    assert_eq!(
        props(r#"target("dx.TypedBuffer", i32, 1, 0, 1)"#),
        [4106, 260]
    );
    assert_eq!(
        props(r#"target("dx.TypedBuffer", <4 x i32>, 0, 0, 0)"#),
        [10, 1029]
    );
    // StructuredBuffer<{float4, uint4}>, ByteAddressBuffer, RWStructuredBuffer<float4>
    assert_eq!(
        props(r#"target("dx.RawBuffer", {<4 x float>, <4 x i32>}, 0, 0)"#),
        [1036, 32]
    );
    assert_eq!(props(r#"target("dx.RawBuffer", i8, 0, 0)"#), [11, 0]);
    assert_eq!(
        props(r#"target("dx.RawBuffer", <4 x f32>, 1, 0)"#),
        [4108, 16]
    );
    // a constant buffer of 4 bytes, a sampler
    assert_eq!(
        props(r#"target("dx.CBuffer", target("dx.Layout", {float}, 4, 0))"#),
        [13, 4]
    );
    assert_eq!(props(r#"target("dx.Sampler", 0)"#), [14, 0]);
    for bad in [
        "i32",
        "target(",
        r#"target("dx.Nope", i32)"#,
        r#"target("dx.TypedBuffer", <4 x>)"#,
    ] {
        assert!(ResourceType::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn derived_values_of_buffer_access() {
    let step12 = &intrinsic::lowering("llvm.dx.resource.load.rawbuffer", V12)
        .unwrap()
        .steps[0];
    let step13 = &intrinsic::lowering("llvm.dx.resource.load.rawbuffer", V13)
        .unwrap()
        .steps[0];
    let d2 = Overload::Vector(ScalarType::F64, 2);
    let facts = Facts {
        value: Some(d2),
        ..Facts::default()
    };
    let get = |d, s| facts.derived::<&str>(d, s);
    // two doubles: four i32 lanes before DXIL 1.3, two doubles from 1.3
    assert_eq!(
        get(Derived::ComponentMask, step12),
        Some(Operand::Int {
            ty: "i8",
            value: 15
        })
    );
    assert_eq!(
        get(Derived::Alignment, step12),
        Some(Operand::Int {
            ty: "i32",
            value: 4
        })
    );
    assert_eq!(
        get(Derived::ComponentMask, step13),
        Some(Operand::Int { ty: "i8", value: 3 })
    );
    assert_eq!(
        get(Derived::Alignment, step13),
        Some(Operand::Int {
            ty: "i32",
            value: 8
        })
    );
    assert_eq!(
        step12.overloads(d2),
        Ok(Overloads::one(Overload::Scalar(ScalarType::I32)))
    );
    assert_eq!(
        step13.overloads(d2),
        Ok(Overloads::one(Overload::Scalar(ScalarType::F64)))
    );
    // an unbounded range
    let unbounded = Facts {
        lower_bound: 3,
        range_size: 0,
        ..Facts::default()
    };
    assert_eq!(
        unbounded.derived::<&str>(Derived::RangeUpper, step13),
        Some(Operand::Int {
            ty: "i32",
            value: 0xFFFF_FFFF
        })
    );
    assert_eq!(
        Derived::from_name("resource_class"),
        Some(Derived::ResourceClass)
    );
    assert_eq!(Derived::ResourceProperties.ty().name, "res_props");
}

#[test]
fn hostile_resource_types_are_refused() {
    let deep = format!(
        "target(\"dx.RawBuffer\", {}i32{}, 0, 0)",
        "{".repeat(10_000),
        "}".repeat(10_000)
    );
    assert!(ResourceType::parse(&deep).is_err());
    for t in [
        r#"target("dx.RawBuffer", <4294967295 x double>, 0, 0)"#,
        r#"target("dx.RawBuffer", <0 x float>, 0, 0)"#,
        r#"target("dx.RawBuffer", i99999999999, 0, 0)"#,
        r#"target("dx.RawBuffer", {<4 x float>, <4 x float>, }, 0, 0)"#,
        r#"target("dx.TypedBuffer", float, 99999999999)"#,
        "target(\"dx.TypedBuffer\", float, 1, 0, 0",
    ] {
        assert!(ResourceType::parse(t).is_err(), "{t}");
    }
}

#[test]
fn a_constant_for_an_overloaded_parameter_has_its_type() {
    let target = Target::new(V16);
    let f = Overloads::one(f32());
    let e = build_dynamic(
        Op::FAbs.info(),
        &target,
        f,
        &[Operand::<&str>::Int {
            ty: "i32",
            value: 1,
        }],
    )
    .unwrap_err();
    assert!(
        matches!(e, BuildError::OperandType { found: "i32", .. }),
        "{e:?}"
    );
    let i = Overloads::one(Overload::Scalar(ScalarType::I32));
    assert!(
        build_dynamic(
            Op::IMax.info(),
            &target,
            i,
            &[
                Operand::<&str>::Int {
                    ty: "i32",
                    value: 1
                },
                Operand::Int {
                    ty: "i32",
                    value: 2
                },
            ]
        )
        .is_ok()
    );
}
