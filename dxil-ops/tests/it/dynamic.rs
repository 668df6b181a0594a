//! Calls of an op chosen at run time: the checks of `build_dynamic` are the typed builders'
//! (same calls, same errors) over every declared version and a few targets, and overloads are
//! inferred from typed operands for every op without ever choosing a wrong one.

#![allow(clippy::panic, clippy::unwrap_used)] // a test fails by panicking

use dxil_ops::call::{
    BuildError, Fit, Operand, TypedValue, build_dynamic, build_inferred, infer_overloads,
};
use dxil_ops::enums::{BarrierMode, ResourceClass, SignedOpKind, WaveOpKind};
use dxil_ops::{
    Call, DXIL_VERSIONS, Op, Overload, Overloads, ScalarType, ShaderKind, Signature, Target, ir,
};

fn int(ty: &'static str, value: i64) -> Operand<&'static str> {
    Operand::Int { ty, value }
}

fn v(x: &'static str) -> Operand<&'static str> {
    Operand::Value(x)
}

/// The text of a typed builder's result: the call, or the error.
fn typed<const N: usize>(r: Result<Call<'_, &str, N>, BuildError<'_>>) -> String {
    match r {
        Ok(c) => {
            let mut s = String::new();
            ir::write_call(&mut s, None, &c).unwrap();
            s
        }
        Err(e) => format!("error: {e}"),
    }
}

/// The text of a dynamic call's result.
fn dynamic(op: Op, t: &Target, o: Overloads<'_>, operands: &[Operand<&str>]) -> String {
    match build_dynamic(op, t, o, operands) {
        Ok(c) => {
            let mut s = String::new();
            ir::write_dynamic_call(&mut s, None, &c).unwrap();
            s
        }
        Err(e) => format!("error: {e}"),
    }
}

fn targets() -> Vec<Target> {
    let mut out = Vec::new();
    for v in DXIL_VERSIONS.iter() {
        let t = Target::new(v.dxil);
        out.push(t);
        out.push(t.with_stage(ShaderKind::Compute));
        out.push(t.with_stage(ShaderKind::Pixel));
        out.push(t.with_stage(ShaderKind::Vertex));
        out.push(t.with_stage(ShaderKind::Library).library());
    }
    out
}

#[test]
fn dynamic_checks_are_the_typed_builders() {
    let overloads = [
        ScalarType::F16,
        ScalarType::F32,
        ScalarType::F64,
        ScalarType::I32,
    ]
    .map(Overload::Scalar)
    .into_iter()
    .chain([Overload::Vector(ScalarType::F32, 4)]);
    let mut compared = 0;
    let mut errors = 0;
    for t in targets() {
        for o in overloads.clone() {
            let one = Overloads::one(o);
            let mut pairs = vec![
                (
                    typed(dxil_ops::build::sin(&t, o, "%x")),
                    dynamic(Op::Sin, &t, one, &[v("%x")]),
                ),
                (
                    typed(dxil_ops::build::deriv_coarse_x(&t, o, "%x")),
                    dynamic(Op::DerivCoarseX, &t, one, &[v("%x")]),
                ),
                (
                    typed(dxil_ops::build::buffer_load(&t, o, "%h", "%i", "undef")),
                    dynamic(Op::BufferLoad, &t, one, &[v("%h"), v("%i"), v("undef")]),
                ),
                (
                    typed(dxil_ops::build::raw_buffer_load(
                        &t, o, "%h", "%i", "%j", 15, 4,
                    )),
                    dynamic(
                        Op::RawBufferLoad,
                        &t,
                        one,
                        &[v("%h"), v("%i"), v("%j"), int("i8", 15), int("i32", 4)],
                    ),
                ),
                (
                    typed(dxil_ops::build::thread_id(&t, o, "0")),
                    dynamic(Op::ThreadId, &t, one, &[v("0")]),
                ),
            ];
            for (kind, sop) in [
                (WaveOpKind::Sum, SignedOpKind::Signed),
                (WaveOpKind::Max, SignedOpKind::Unsigned),
            ] {
                pairs.push((
                    typed(dxil_ops::build::wave_active_op(&t, o, "%x", kind, sop)),
                    dynamic(
                        Op::WaveActiveOp,
                        &t,
                        one,
                        &[v("%x"), int("i8", kind.value()), int("i8", sop.value())],
                    ),
                ));
            }
            for (a, b) in pairs {
                assert_eq!(a, b, "{t:?} {o:?}");
                compared += 1;
                errors += usize::from(a.starts_with("error"));
            }
        }
        // ops without overloads: constants, structs, enumerations
        let none = Overloads::NONE;
        let pairs = [
            (
                typed(dxil_ops::build::create_handle(
                    &t,
                    ResourceClass::UAV,
                    1,
                    "%i",
                    false,
                )),
                dynamic(
                    Op::CreateHandle,
                    &t,
                    none,
                    &[int("i8", 1), int("i32", 1), v("%i"), int("i1", 0)],
                ),
            ),
            (
                typed(dxil_ops::build::barrier(&t, BarrierMode::SyncThreadGroup)),
                dynamic(Op::Barrier, &t, none, &[int("i32", 1)]),
            ),
            (
                typed(dxil_ops::build::annotate_handle(&t, "%h", [4106, 1033])),
                dynamic(
                    Op::AnnotateHandle,
                    &t,
                    none,
                    &[
                        v("%h"),
                        Operand::Struct {
                            ty: &dxil_ops::types::TY_RES_PROPS,
                            fields: [4106, 1033, 0, 0],
                            len: 2,
                        },
                    ],
                ),
            ),
        ];
        for (a, b) in pairs {
            assert_eq!(a, b, "{t:?}");
            compared += 1;
            errors += usize::from(a.starts_with("error"));
        }
    }
    println!("{compared} calls compared, {errors} of them errors");
    assert!(errors > 100 && compared - errors > 100);
}

#[test]
fn typed_values_are_checked() {
    let t = Target::new(dxil_ops::DxilVersion::new(1, 6));
    let f32_ = Overloads::one(Overload::Scalar(ScalarType::F32));
    let ok = [Operand::Value(TypedValue::new("float", "%x"))];
    assert!(build_dynamic(Op::Sin, &t, f32_, &ok).is_ok());
    let bad = [Operand::Value(TypedValue::new("i32", "%x"))];
    let e = build_dynamic(Op::Sin, &t, f32_, &bad).unwrap_err();
    assert_eq!(
        e.to_string(),
        "operand `value` of Sin is `float`; the value given has another type"
    );
    // an integer constant value may fill an immediate parameter, and is checked there
    let wave = |op: &'static str| {
        [
            Operand::Value(TypedValue::new("float", "%x")),
            Operand::Value(TypedValue::new("i8", op)),
            Operand::Value(TypedValue::new("i8", "0")),
        ]
    };
    assert!(build_dynamic(Op::WaveActiveOp, &t, f32_, &wave("0")).is_ok());
    let e = build_dynamic(Op::WaveActiveOp, &t, f32_, &wave("77")).unwrap_err();
    // the implicit constraint of the parameter's `enum` key
    assert!(
        matches!(e, BuildError::Constraint(c) if c.value == Some(77) && c.name() == "implicit.enum-WaveOpKind"),
        "{e}"
    );
    let e = build_dynamic(Op::WaveActiveOp, &t, f32_, &wave("%n")).unwrap_err();
    assert!(matches!(e, BuildError::NotImmediate { .. }), "{e}");
}

#[test]
fn overloads_are_inferred_from_typed_operands() {
    let (mut exact, mut several, mut ops) = (0, 0, 0);
    for v in [
        dxil_ops::DxilVersion::new(1, 6),
        dxil_ops::DxilVersion::new(1, 9),
    ] {
        let t = Target::new(v);
        for info in dxil_ops::OPS
            .iter()
            .filter(|o| o.is_available_at(v) && !o.reserved)
        {
            let Some(spec) = info.overloads_at(v) else {
                continue;
            };
            ops += 1;
            // every scalar (and 4-wide vector) overload of the first dimension, with the first
            // scalar of the others
            let first = |set: &dxil_ops::OverloadSet| {
                ScalarType::ALL
                    .into_iter()
                    .map(Overload::Scalar)
                    .find(|o| set.contains(o))
            };
            let sets = spec.sets();
            let Some(rest) = sets.iter().skip(1).map(first).collect::<Option<Vec<_>>>() else {
                continue; // struct overloads: no scalar to try
            };
            let mut dim0: Vec<Overload<'static>> = ScalarType::ALL
                .into_iter()
                .map(Overload::Scalar)
                .chain(ScalarType::ALL.map(|s| Overload::Vector(s, 4)))
                .filter(|o| sets.first().is_some_and(|s| s.contains(o)))
                .collect();
            if sets.is_empty() {
                dim0 = vec![Overload::Void];
            }
            for o0 in dim0 {
                let mut dims = vec![o0];
                dims.extend(rest.iter().copied());
                let overloads = if sets.is_empty() {
                    Overloads::NONE
                } else {
                    Overloads::new(&dims)
                };
                let Ok(sig) = Signature::new(info.signature, overloads, t.precision) else {
                    continue;
                };
                let types: Vec<String> = sig.params().map(|p| p.to_string()).collect();
                let operands: Vec<Operand<TypedValue<'_>>> = types
                    .iter()
                    .map(|ty| Operand::Value(TypedValue::new(ty, "%v")))
                    .collect();
                match infer_overloads(info, &t, &operands) {
                    Ok(found) => {
                        assert_eq!(found, overloads, "{} at {v}", info.name);
                        exact += 1;
                    }
                    Err(BuildError::Infer {
                        fit: Fit::Several, ..
                    }) => several += 1,
                    Err(e) => panic!("{} {overloads} at {v}: {e}", info.name),
                }
            }
        }
    }
    println!("{ops} ops: {exact} overloads inferred, {several} not visible in the operands");
    assert!(exact > 300, "{exact}");
}

#[test]
fn single_overloads_need_no_types_and_mismatches_are_named() {
    let t = Target::new(dxil_ops::DxilVersion::new(1, 6)).with_stage(ShaderKind::Compute);
    let zero = [v("0")];
    let c = build_inferred(Op::ThreadId, &t, &zero).unwrap();
    assert_eq!(
        c.signature.overloads,
        Overloads::one(Overload::Scalar(ScalarType::I32))
    );
    let one = [int("i32", 1)];
    let c = build_inferred(Op::GroupId, &t, &one).unwrap();
    assert_eq!(c.function_name().to_string(), "dx.op.groupId.i32");
    // vectors and constants take part
    let t19 = Target::new(dxil_ops::DxilVersion::new(1, 9));
    let x = [Operand::Value(TypedValue::new("<3 x half>", "%x"))];
    let c = build_inferred(Op::Sin, &t19, &x).unwrap();
    assert_eq!(c.function_name().to_string(), "dx.op.unary.v3f16");
    // no allowed overload fits an i32 for Sin
    let i = [Operand::Value(TypedValue::new("i32", "%x"))];
    let e = build_inferred(Op::Sin, &t, &i).unwrap_err();
    assert_eq!(
        e.to_string(),
        "no overload of Sin allowed at the target version fits the types of the operands"
    );
    // availability first
    let four = [v("a"), v("b"), v("c"), v("d")];
    let e = build_inferred(Op::CreateHandle, &t, &four).unwrap_err();
    assert!(matches!(e, BuildError::Removed { .. }), "{e}");
}
