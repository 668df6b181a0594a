//! The op constraints (`db/constraints.toml`) as the builders check them: one case per kind
//! that a builder can decide from its constant operands and overloads, and the cases the issue
//! named (a ResBind class byte of 300, RawBufferStore masks 0 and 2, CreateHandle with
//! ResourceClass::Invalid). Kinds about the caller's values (undef or not, the resource behind a
//! handle, a non-constant operand) are decided by `dxil-lint`; see its cases.

#![allow(clippy::panic)] // a test fails by panicking

use dxil_ops::constraint::{self, Kind};
use dxil_ops::enums::{BarrierMode, RayFlag, RayQueryFlag, ResourceClass, ResourceKind};
use dxil_ops::rules::ValidationRule;
use dxil_ops::{
    BuildError, CheckedOp, DxilVersion, Op, Overload, ScalarType, ShaderKind, StructName, Target,
    build,
};

const V16: DxilVersion = DxilVersion::new(1, 6);

/// The constraint error of a build, or a panic naming what happened instead.
fn violated<T>(r: Result<T, BuildError<'_>>) -> constraint::ConstraintError {
    match r {
        Err(BuildError::Constraint(e)) => e,
        Err(e) => panic!("another error: {e}"),
        Ok(_) => panic!("the call was built"),
    }
}

#[test]
fn one_of_write_masks() {
    let t = Target::new(V16);
    let f32 = Overload::Scalar(ScalarType::F32);
    for mask in [0u8, 2, 5] {
        let e = violated(build::raw_buffer_store(
            &t, f32, "%h", "%i", "undef", "%x", "%y", "undef", "undef", mask, 4,
        ));
        assert_eq!(e.rule(), ValidationRule::InstrWriteMaskGapForUav, "{e}");
        assert_eq!((e.param(), e.value), ("mask", Some(i64::from(mask))));
    }
    assert!(
        build::raw_buffer_store(&t, f32, "%h", "%i", "undef", "%x", "%y", "%z", "%w", 15, 4)
            .is_ok()
    );
    let e = violated(build::raw_buffer_store(
        &t, f32, "%h", "%i", "undef", "%x", "%y", "%z", "%w", 2, 4,
    ));
    assert_eq!(
        e.to_string(),
        "operand `mask` of RawBufferStore is 2: The write mask is contiguous from x: .x, .xy, \
         .xyz or .xyzw (constraint `store.mask-contiguous`, rule INSTR.WRITEMASKGAPFORUAV)"
    );
}

#[test]
fn one_of_a_struct_field() {
    let t = Target::new(V16);
    // the class byte of %dx.types.ResBind, written i8 300 (not a class, not even an i8)
    let e = violated(build::create_handle_from_binding(
        &t,
        [0, 0, 0, 300],
        "%i",
        false,
    ));
    assert_eq!(e.rule(), ValidationRule::InstrOpConstRange);
    assert_eq!((e.param(), e.value), ("bind", Some(300)));
    assert!(build::create_handle_from_binding(&t, [0, 3, 0, 1], "%i", false).is_ok());
}

#[test]
fn bind_index_of_a_single_resource() {
    let t = Target::new(V16);
    // the index operand is the caller's value: a builder cannot tell whether it is a constant
    assert!(build::create_handle_from_binding(&t, [2, 2, 0, 0], "%i", false).is_ok());
}

#[test]
fn enum_resource_class_invalid() {
    let t = Target::new(DxilVersion::new(1, 5));
    let e = violated(build::create_handle(
        &t,
        ResourceClass::Invalid,
        0,
        "%i",
        false,
    ));
    assert_eq!(e.rule(), ValidationRule::InstrOpConstRange);
    assert_eq!(e.param(), "resourceClass");
    assert!(build::create_handle(&t, ResourceClass::UAV, 0, "%i", false).is_ok());
}

#[test]
fn range_of_a_component() {
    let t = Target::new(DxilVersion::new(1, 9));
    let f32 = Overload::Scalar(ScalarType::F32);
    let e = violated(build::hit_object_world_ray_origin(&t, f32, "%h", 3));
    assert_eq!(e.rule(), ValidationRule::InstrOperandRange);
    assert_eq!((e.param(), e.value), ("component", Some(3)));
    assert!(build::hit_object_world_ray_origin(&t, f32, "%h", 2).is_ok());
}

#[test]
fn bits_of_the_legacy_barrier_by_stage() {
    let both = BarrierMode::UAVFenceGlobal | BarrierMode::UAVFenceThreadGroup;
    let cs = Target::new(V16).with_stage(ShaderKind::Compute);
    let e = violated(build::barrier::<&str>(&cs, both));
    assert_eq!(e.rule(), ValidationRule::InstrBarrierModeUselessUGroup);
    // outside compute-like shaders only the global UAV fence
    let ps = Target::new(V16).with_stage(ShaderKind::Pixel);
    let e = violated(build::barrier::<&str>(
        &ps,
        BarrierMode::UAVFenceThreadGroup,
    ));
    assert_eq!(e.rule(), ValidationRule::InstrBarrierModeForNonCs);
    assert!(build::barrier::<&str>(&ps, BarrierMode::UAVFenceGlobal).is_ok());
    // no stage: the stage rules do not apply
    assert!(build::barrier::<&str>(&Target::new(V16), both).is_ok());
}

#[test]
fn implies_between_flags() {
    let t = Target::new(DxilVersion::new(1, 9));
    let e = violated(build::allocate_ray_query2::<&str>(
        &t,
        RayFlag::ForceOMM2State,
        RayQueryFlag::None,
    ));
    assert_eq!(
        e.rule(),
        ValidationRule::DeclAllowOpacityMicromapsExpectedGivenForceOmm2State
    );
    assert!(
        build::allocate_ray_query2::<&str>(
            &t,
            RayFlag::ForceOMM2State,
            RayQueryFlag::AllowOpacityMicromaps
        )
        .is_ok()
    );
}

#[test]
fn overload_gated_by_the_shader_model() {
    let half = Overload::Scalar(ScalarType::F16);
    let e = violated(build::is_na_n(
        &Target::new(DxilVersion::new(1, 8)),
        half,
        "%x",
    ));
    assert_eq!(e.rule(), ValidationRule::SmIsSpecialFloat);
    assert!(build::is_na_n(&Target::new(DxilVersion::new(1, 9)), half, "%x").is_ok());
    // CheckedOp (what op! makes) reports the same constraint
    let e = violated(CheckedOp::new(
        Op::IsNaN,
        half,
        DxilVersion::new(1, 8),
        None,
    ));
    assert_eq!(e.name(), "specialfloat.half-sm69");
}

#[test]
fn matrix_kinds_from_the_overloads() {
    let t = Target::new(DxilVersion::new(1, 10)).with_stage(ShaderKind::Compute);
    let m = |s: &'static str| Overload::Object(StructName::new(s));
    // A x B with A.N = 8 and B.M = 6
    let e = violated(build::lin_alg_matrix_multiply(
        &t,
        [
            m("dx.types.LinAlgMatrixC9M8N8U2S2"),
            m("dx.types.LinAlgMatrixC9M8N8U0S2"),
            m("dx.types.LinAlgMatrixC9M6N8U1S2"),
        ],
        "%a",
        "%b",
    ));
    assert_eq!(
        e.rule(),
        ValidationRule::InstrLinAlgMatrixMatrixKDimMustMatch
    );
    // a Thread-scope A matrix
    let e = violated(build::lin_alg_matrix_multiply(
        &t,
        [
            m("dx.types.LinAlgMatrixC9M8N8U2S2"),
            m("dx.types.LinAlgMatrixC9M8N8U0S0"),
            m("dx.types.LinAlgMatrixC9M8N8U1S2"),
        ],
        "%a",
        "%b",
    ));
    assert_eq!(e.rule(), ValidationRule::InstrLinAlgMatrixScopeMismatch2);
    assert!(
        build::lin_alg_matrix_multiply(
            &t,
            [
                m("dx.types.LinAlgMatrixC9M8N8U2S2"),
                m("dx.types.LinAlgMatrixC9M8N8U0S2"),
                m("dx.types.LinAlgMatrixC9M8N8U1S2"),
            ],
            "%a",
            "%b",
        )
        .is_ok()
    );
}

#[test]
fn every_kind_has_a_constraint_and_every_row_its_op() {
    // every op's row lists constraints of that op's own parameters
    for op in dxil_ops::OPS.iter() {
        let Some(o) = Op::from_opcode(op.opcode) else {
            continue;
        };
        for u in constraint::of(o) {
            for at in u
                .operands
                .iter()
                .chain(u.extra.iter())
                .chain(u.handle.iter())
            {
                if let constraint::At::Param(i) = at {
                    assert!(
                        usize::from(*i) < op.signature.params.len(),
                        "{} of {}",
                        u.constraint.name,
                        op.name
                    );
                }
            }
        }
    }
    let uses = dxil_ops::OPS
        .iter()
        .filter_map(|o| Op::from_opcode(o.opcode))
        .flat_map(constraint::of);
    let overload_gates = uses
        .filter(|u| matches!(u.constraint.kind, Kind::Overload { .. }))
        .count();
    assert!(overload_gates >= 8, "{overload_gates}");
}

#[test]
fn build_dynamic_checks_the_same_constraints() {
    use dxil_ops::Operand;
    let t = Target::new(V16);
    let f32 = Overload::Scalar(ScalarType::F32);
    let mut ops: Vec<Operand<&str>> = ["%h", "%i", "undef", "%x", "%y", "undef", "undef"]
        .map(Operand::Value)
        .to_vec();
    ops.push(Operand::Int { ty: "i8", value: 2 });
    ops.push(Operand::Int {
        ty: "i32",
        value: 4,
    });
    let e = violated(dxil_ops::call::build_dynamic(
        Op::RawBufferStore.info(),
        &t,
        f32.into(),
        &ops,
    ));
    assert_eq!(e.name(), "store.mask-contiguous");
    ops[7] = Operand::Int { ty: "i8", value: 3 };
    assert!(dxil_ops::call::build_dynamic(Op::RawBufferStore.info(), &t, f32.into(), &ops).is_ok());
}

#[test]
fn resource_properties_decode_what_the_intrinsic_map_encodes() {
    use dxil_ops::constraint::Resource;
    use dxil_ops::intrinsic::resource::ResourceType;
    for t in [
        r#"target("dx.TypedBuffer", <4 x float>, 1, 0, 0)"#,
        r#"target("dx.TypedBuffer", i32, 1, 0, 1)"#,
        r#"target("dx.TypedBuffer", <4 x i32>, 0, 0, 0)"#,
        r#"target("dx.RawBuffer", {<4 x float>, <4 x i32>}, 0, 0)"#,
        r#"target("dx.RawBuffer", i8, 0, 0)"#,
        r#"target("dx.RawBuffer", <4 x f32>, 1, 0)"#,
        r#"target("dx.CBuffer", target("dx.Layout", {float}, 4, 0))"#,
    ] {
        let rt = ResourceType::parse(t).unwrap_or_else(|e| panic!("{t}: {e}"));
        let [w0, w1] = rt
            .properties()
            .encode()
            .unwrap_or_else(|e| panic!("{t}: {e}"));
        let r = Resource::from_properties([w0, w1]).unwrap_or_else(|| panic!("{t}"));
        assert_eq!((r.class, r.kind), (rt.class(), rt.resource_kind()), "{t}");
        if !matches!(
            r.kind,
            ResourceKind::RawBuffer | ResourceKind::StructuredBuffer | ResourceKind::CBuffer
        ) {
            assert_eq!(r.component, Some(rt.component_type()), "{t}");
        }
    }
}

/// The kinds a builder cannot decide, because they are about what only the module knows: whether
/// a caller's value is a constant, `undef` or finite, the resource behind a handle, the
/// `!dx.targetTypes` entries. `dxil-lint`'s cases violate each of them.
const MODULE_ONLY: &[(&str, &str)] = &[
    ("immediate", "whether a caller's value is a constant"),
    ("undef", "whether a caller's value is undef"),
    ("defined", "whether a caller's value is undef"),
    ("masked_defined", "which of the caller's values are undef"),
    ("mask_matches", "which of the caller's values are undef"),
    ("finite", "floating-point constants are the caller's values"),
    (
        "float_range",
        "floating-point constants are the caller's values",
    ),
    (
        "bind_index",
        "whether the index, a caller's value, is a constant",
    ),
    ("resource_class", "the resource behind a handle"),
    ("resource_kind", "the resource behind a handle"),
    ("sampler_mode", "the sampler behind a handle"),
    ("component_type", "the resource behind a handle"),
    ("matrix_metadata", "the module's !dx.targetTypes"),
];

/// A builder call that violates a constraint of a kind: (kind, op, target, overloads, operands
/// after the opcode).
type Case<'a> = (
    &'static str,
    Op,
    Target,
    Vec<Overload<'a>>,
    Vec<dxil_ops::Operand<&'static str>>,
);

#[test]
fn every_kind_a_builder_can_decide_is_refused_by_a_builder() {
    use dxil_ops::Operand;
    let v = |s: &'static str| Operand::Value(s);
    let int = |ty: &'static str, value: i64| Operand::<&str>::Int { ty, value };
    let m = |s: &'static str| Overload::Object(StructName::new(s));
    let f32 = Overload::Scalar(ScalarType::F32);
    let vec = |t: ScalarType, n: u16| Overload::Vector(t, n);
    let cs =
        |major, minor| Target::new(DxilVersion::new(major, minor)).with_stage(ShaderKind::Compute);
    // the operands of an accumulation to a descriptor: matrix, handle, offset 0, stride,
    // layout, alignment 128
    let descriptor = |stride: i64, layout: i64| {
        vec![
            v("%m"),
            v("%h"),
            int("i32", 0),
            int("i32", stride),
            int("i32", layout),
            int("i32", 128),
        ]
    };
    let cases: Vec<Case<'_>> = vec![
        (
            "range",
            Op::HitObjectWorldRayOrigin,
            Target::new(DxilVersion::new(1, 9)),
            vec![f32],
            vec![v("%h"), int("i32", 3)],
        ),
        (
            "one_of",
            Op::RawBufferStore,
            cs(1, 6),
            vec![f32],
            vec![
                v("%h"),
                v("%i"),
                v("undef"),
                v("%x"),
                v("%y"),
                v("undef"),
                v("undef"),
                int("i8", 2),
                int("i32", 4),
            ],
        ),
        (
            "multiple_of",
            Op::HitObjectLoadLocalRootTableConstant,
            Target::new(DxilVersion::new(1, 9)),
            vec![],
            vec![v("%h"), int("i32", 6)],
        ),
        (
            "enum",
            Op::BarrierByMemoryType,
            cs(1, 8),
            vec![],
            vec![int("i32", 0x100), int("i32", 0)],
        ),
        ("bits", Op::Barrier, cs(1, 6), vec![], vec![int("i32", 6)]),
        (
            "resource_properties",
            Op::AnnotateHandle,
            cs(1, 6),
            vec![],
            vec![
                v("%h"),
                Operand::Struct {
                    ty: &dxil_ops::types::TY_RES_PROPS,
                    fields: [u32::MAX.into(), u32::MAX.into(), 0, 0],
                    len: 2,
                },
            ],
        ),
        (
            "implies",
            Op::AllocateRayQuery2,
            cs(1, 9),
            vec![],
            vec![int("i32", 1024), int("i32", 0)],
        ),
        (
            "overload",
            Op::RawBufferLoad,
            cs(1, 2),
            vec![Overload::Scalar(ScalarType::F64)],
            vec![v("%h"), v("%i"), v("undef"), int("i8", 1), int("i32", 8)],
        ),
        (
            "matrix_scope",
            Op::LinAlgMatrixGetElement,
            cs(1, 10),
            vec![f32, m("dx.types.LinAlgMatrixC9M8N8U0S0")],
            vec![v("%m"), v("%i")],
        ),
        (
            "matrix_use",
            Op::LinAlgMatrixAccumulateToDescriptor,
            cs(1, 10),
            vec![m("dx.types.LinAlgMatrixC9M8N8U0S1")],
            descriptor(16, 0),
        ),
        (
            "matrix_component",
            Op::LinAlgMatrixLength,
            cs(1, 10),
            vec![m("dx.types.LinAlgMatrixC0M4N8U0S0")],
            vec![v("%m")],
        ),
        (
            "matrix_k",
            Op::LinAlgMatrixLength,
            cs(1, 10),
            vec![m("dx.types.LinAlgMatrixC9M4N2U0S0")],
            vec![v("%m")],
        ),
        (
            "same_scope",
            Op::LinAlgMatrixMultiply,
            cs(1, 10),
            vec![
                m("dx.types.LinAlgMatrixC9M8N8U2S1"),
                m("dx.types.LinAlgMatrixC9M8N8U0S2"),
                m("dx.types.LinAlgMatrixC9M8N8U1S2"),
            ],
            vec![v("%a"), v("%b")],
        ),
        (
            "same_dims",
            Op::LinAlgMatrixAccumulate,
            cs(1, 10),
            vec![
                m("dx.types.LinAlgMatrixC9M4N8U2S2"),
                m("dx.types.LinAlgMatrixC9M4N8U2S2"),
                m("dx.types.LinAlgMatrixC9M8N8U0S2"),
            ],
            vec![v("%l"), v("%r")],
        ),
        (
            "same_type",
            Op::LinAlgMatrixAccumulate,
            cs(1, 10),
            vec![
                m("dx.types.LinAlgMatrixC9M4N8U2S2"),
                m("dx.types.LinAlgMatrixC9M8N8U2S2"),
                m("dx.types.LinAlgMatrixC9M4N8U0S2"),
            ],
            vec![v("%l"), v("%r")],
        ),
        (
            "k_match",
            Op::LinAlgMatrixMultiply,
            cs(1, 10),
            vec![
                m("dx.types.LinAlgMatrixC9M8N8U2S2"),
                m("dx.types.LinAlgMatrixC9M8N8U0S2"),
                m("dx.types.LinAlgMatrixC9M6N8U1S2"),
            ],
            vec![v("%a"), v("%b")],
        ),
        (
            "product_dims",
            Op::LinAlgMatrixMultiply,
            cs(1, 10),
            vec![
                m("dx.types.LinAlgMatrixC9M4N8U2S2"),
                m("dx.types.LinAlgMatrixC9M8N8U0S2"),
                m("dx.types.LinAlgMatrixC9M8N8U1S2"),
            ],
            vec![v("%a"), v("%b")],
        ),
        (
            "vector_dim",
            Op::LinAlgMatVecMul,
            cs(1, 10),
            vec![
                vec(ScalarType::F32, 2),
                m("dx.types.LinAlgMatrixC9M4N8U0S0"),
                vec(ScalarType::F32, 8),
            ],
            vec![v("%m"), int("i1", 1), v("%v"), int("i32", 9)],
        ),
        (
            "scope_layout",
            Op::LinAlgMatrixAccumulateToDescriptor,
            cs(1, 10),
            vec![m("dx.types.LinAlgMatrixC9M8N8U2S0")],
            descriptor(16, 0),
        ),
        (
            "layout_stride",
            Op::LinAlgMatrixAccumulateToDescriptor,
            cs(1, 10),
            vec![m("dx.types.LinAlgMatrixC9M8N8U2S0")],
            descriptor(16, 4),
        ),
        (
            "same_element",
            Op::LinAlgMatVecMulAdd,
            cs(1, 10),
            vec![
                vec(ScalarType::F32, 4),
                m("dx.types.LinAlgMatrixC9M4N8U0S0"),
                vec(ScalarType::F32, 8),
                vec(ScalarType::F16, 4),
            ],
            vec![v("%m"), int("i1", 1), v("%v"), int("i32", 9), v("%b")],
        ),
        (
            "signed_float",
            Op::LinAlgMatVecMul,
            cs(1, 10),
            vec![
                vec(ScalarType::F32, 4),
                m("dx.types.LinAlgMatrixC9M4N8U0S0"),
                vec(ScalarType::F32, 8),
            ],
            vec![v("%m"), int("i1", 0), v("%v"), int("i32", 9)],
        ),
    ];
    let mut covered: Vec<&str> = MODULE_ONLY.iter().map(|(k, _)| *k).collect();
    let mut wrong = Vec::new();
    for (kind, op, target, overloads, operands) in &cases {
        let r = dxil_ops::call::build_dynamic(
            op.info(),
            target,
            dxil_ops::Overloads::new(overloads),
            operands,
        );
        match r {
            Err(BuildError::Constraint(e)) if e.constraint.kind.name() == *kind => {
                covered.push(kind)
            }
            Err(e) => wrong.push(format!("{kind}: {} gave {e}", op.name())),
            Ok(_) => wrong.push(format!("{kind}: {} was built", op.name())),
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    let all: std::collections::BTreeSet<&str> = dxil_ops::OPS
        .iter()
        .filter_map(|o| Op::from_opcode(o.opcode))
        .flat_map(constraint::of)
        .map(|u| u.constraint.kind.name())
        .collect();
    let missing: Vec<&&str> = all.iter().filter(|k| !covered.contains(k)).collect();
    println!(
        "{} kinds refused by builders, {} decided by the lint only",
        cases.len(),
        MODULE_ONLY.len()
    );
    assert!(
        missing.is_empty(),
        "kinds with no builder case and not module-only: {missing:?}"
    );
}

/// Issue 21, item 4: the builders check annotateHandle's property words with the decoder the
/// readers and the lint use (`ResourceProperties::decode`): all bits set (reserved bits, kind
/// 255) and kind Invalid are refused alike, by the constraint `annotatehandle.properties`.
#[test]
fn annotate_handle_properties_decode_in_the_builders() {
    use dxil_ops::resource::ResourceProperties;
    let t = Target::new(DxilVersion::new(1, 6)).with_stage(ShaderKind::Compute);
    for words in [[u32::MAX, u32::MAX], [0, 0], [36874, 1033], [4106, 1 << 24]] {
        assert!(ResourceProperties::decode(words).is_err(), "{words:?}");
        let e = dxil_ops::build::annotate_handle(&t, "%h", words).unwrap_err();
        assert!(
            matches!(&e, dxil_ops::BuildError::Constraint(c) if c.name() == "annotatehandle.properties"),
            "{words:?}: {e}"
        );
    }
    for words in [[4106, 1033], [12, 16], [12, 1 << 31]] {
        assert!(ResourceProperties::decode(words).is_ok(), "{words:?}");
        dxil_ops::build::annotate_handle(&t, "%h", words)
            .unwrap_or_else(|e| panic!("{words:?}: {e}"));
    }
}

/// The kinds of constraint a typed builder's operands never violate: its values are the
/// caller's (opaque to the checks) and its constants typed, and these kinds ask whether an
/// operand is a constant, `undef` or a finite float, or about the resource behind a handle or
/// the module's `!dx.targetTypes`. The generator decides with the same list which builders skip
/// the constraint checks (`Call::build_unconstrained`).
fn never_violated_by_a_builder(k: &Kind) -> bool {
    matches!(
        k,
        Kind::Immediate { .. }
            | Kind::Defined { .. }
            | Kind::MaskedDefined
            | Kind::Finite
            | Kind::FloatRange { .. }
            | Kind::ResourceClass { .. }
            | Kind::ResourceKind { .. }
            | Kind::SamplerMode { .. }
            | Kind::ComponentType { .. }
            | Kind::MatrixMetadata
    )
}

/// One overload of each dimension a set allows: its first scalar, else a 4-wide vector of its
/// first element type, else a struct.
fn first_overloads(spec: &dxil_ops::OverloadSpec) -> dxil_ops::Overloads<'static> {
    let s = StructName::new("struct.S");
    let dims: Vec<Overload<'static>> = spec
        .sets()
        .iter()
        .map(|set| {
            let scalar = ScalarType::ALL
                .into_iter()
                .find(|t| set.contains(&Overload::Scalar(*t)));
            let vector = ScalarType::ALL
                .into_iter()
                .find(|t| set.contains(&Overload::Vector(*t, 4)));
            match (scalar, vector) {
                (Some(t), _) => Overload::Scalar(t),
                (None, Some(t)) => Overload::Vector(t, 4),
                _ if set.contains(&Overload::Object(s)) => Overload::Object(s),
                _ => Overload::Udt(s, 0),
            }
        })
        .collect();
    dxil_ops::Overloads::new(&dims)
}

/// Issue 21, the builders' speed: the generated builders of the ops whose constraints a typed
/// builder never violates skip the checks (decided when the code is generated, not at each
/// call). They are exactly the ops whose constraints are all of those kinds, and for each the
/// checks find nothing with the builder's operands: values opaque, constants 0, 1, 2, 15, 255
/// or all ones (where they fit), at every version the op exists, in every stage it allows.
#[test]
fn builders_skip_only_constraints_they_cannot_violate() {
    use dxil_ops::Operand;
    use dxil_ops::info::TypeKind;
    let generated = include_str!("../../src/generated/builders.rs");
    let mut skipped = 0;
    for op in Op::ALL.iter().copied().filter(|o| !o.info().reserved) {
        let info = op.info();
        let never = constraint::of(op)
            .iter()
            .all(|u| never_violated_by_a_builder(&u.constraint.kind));
        let unconstrained = generated.contains(&format!(
            "Call::build_unconstrained(\n        Op::{op:?}.info(),"
        ));
        assert_eq!(never, unconstrained, "{}", info.name);
        if !never {
            continue;
        }
        skipped += 1;
        for value in [0i64, 1, 2, 15, 255, -1] {
            let operands: Vec<Operand<&str>> = std::iter::once(Operand::opcode(info.opcode))
                .chain(info.signature.params.iter().map(|p| match p.ty.kind {
                    TypeKind::Llvm(ty) if p.immediate => Operand::Int {
                        ty,
                        value: if dxil_ops::constant::fits_width(
                            value,
                            dxil_ops::constant::int_width(ty).unwrap_or(64),
                        ) {
                            value
                        } else {
                            0
                        },
                    },
                    TypeKind::Struct { fields, .. } if p.immediate => Operand::Struct {
                        ty: p.ty,
                        fields: [value.max(0); 4],
                        len: fields.len() as u8,
                    },
                    _ => Operand::Value("%v"),
                }))
                .collect();
            for v in dxil_ops::DXIL_VERSIONS.iter() {
                let Some(spec) = info.overloads_at(v.dxil) else {
                    continue;
                };
                let overloads = first_overloads(spec);
                let stages = info.stages_at(v.dxil);
                let targets = dxil_ops::STAGES
                    .iter()
                    .filter(|s| stages.contains(s.kind))
                    .map(|s| Target::new(v.dxil).with_stage(s.kind))
                    .chain([Target::new(v.dxil), Target::new(v.dxil).library()]);
                for t in targets {
                    let r = constraint::check_build(op, &t, overloads, &operands);
                    assert!(r.is_ok(), "{} at {}: {:?}", info.name, v.dxil, r.err());
                }
            }
        }
    }
    println!("{skipped} builders skip the constraint checks");
    assert!(skipped > 200, "{skipped}");
}
