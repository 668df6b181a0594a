//! Random operand lists through `build_dynamic` and the module writer: whatever the writer
//! writes, `llvm-as-14` accepts; what it must not write, the builder or the writer refuses with
//! an error value. The operands come from a deterministic PRNG (the seed is fixed, so a failure
//! repeats): integers of every width with values in and out of it, constant structs of every
//! length, typed values that are names, literals of every kind, IR text and nothing, on random
//! ops, versions, stages and overloads (struct names and address spaces included). All the
//! calls written go into one module, each in a function of its own whose parameters are the
//! call's named values, and the assembler runs once on it (skipped without `llvm-as-14`,
//! unless `DXIL_REQUIRE_LLVM_AS` is set).

#![allow(clippy::panic, clippy::unwrap_used)] // a test fails by panicking

use crate::llvm_as;

use dxil_ops::call::{Operand, TypedValue, build_dynamic};
use dxil_ops::info::{OpInfo, TypeKind};
use dxil_ops::module::Module;
use dxil_ops::types::{TY_RES_BIND, TY_RES_PROPS};
use dxil_ops::{
    DXIL_VERSIONS, OPS, Overload, OverloadSet, Overloads, STAGES, ScalarType, StructName, Target,
};

/// SplitMix64: a small deterministic PRNG.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn pick<'x, T>(&mut self, items: &'x [T]) -> &'x T {
        &items[self.below(items.len())]
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

const INTS: &[i64] = &[
    0,
    1,
    -1,
    2,
    -2,
    3,
    7,
    15,
    127,
    128,
    255,
    256,
    -128,
    -129,
    1000,
    4106,
    1033,
    65535,
    65536,
    2_147_483_647,
    2_147_483_648,
    4_294_967_295,
    4_294_967_296,
    -2_147_483_648,
    i64::MAX,
    i64::MIN,
];

const INT_TYPES: &[&str] = &["i1", "i8", "i16", "i32", "i64", "float", "i999"];

/// Values as text, for any type: local names (the harness defines them as the function's
/// parameters; globals are left out, their definitions being the caller's like any name),
/// literals of each kind, keywords, IR text, nothing.
const TOKENS: &[&str] = &[
    "%v",
    "%\"a b\"",
    "%\"q\\22\"",
    "undef",
    "poison",
    "zeroinitializer",
    "null",
    "0",
    "1",
    "-1",
    "2",
    "300",
    "4294967296",
    "true",
    "false",
    "1.0",
    "0.5",
    "0.1",
    "-2.5e+01",
    "+1.0",
    "1e3",
    "0x3FF0000000000000",
    "0x3FB999999999999A",
    "0xH3C00",
    "{ i32 0, i32 3, i32 0, i8 1 }",
    "{ i32 4106, i32 1033 }",
    "{ i32 0 }",
    "{ i32 0, i32 3, i32 0, i8 300 }",
    "<float 1.0>",
    "%x)\n  call void @evil(i32 0",
    "%\"a\\00b\"",
    "%",
    "",
];

const STRUCT_NAMES: &[&str] = &[
    "struct.S",
    "struct.T.0",
    "class.matrix.float.4.4",
    "class.RWBuffer<float>",
    "a b",
    "名前",
    "",
    "a\"b",
    "dx.types.LinAlgMatrixC9M8N8U0S0",
];

/// Result names (none of the operands' names: those are the harness's to keep apart).
const RESULT_NAMES: &[&str] = &[
    "r", "r", "r", "r", "r", "r", "r", "5", "r s", "名", "", "a\0b",
];

/// A random overload of one dimension: mostly one the set allows.
fn overload(rng: &mut Rng, set: &OverloadSet) -> Overload<'static> {
    let name = StructName::new(rng.pick::<&str>(STRUCT_NAMES));
    let allowed: Vec<Overload<'static>> = ScalarType::ALL
        .into_iter()
        .map(Overload::Scalar)
        .chain([1u16, 2, 4, 9].into_iter().flat_map(|w| {
            ScalarType::ALL
                .into_iter()
                .map(move |t| Overload::Vector(t, w))
        }))
        .chain([Overload::Object(name)])
        .chain([0u32, 1, 2, 3, 6].map(|a| Overload::Udt(name, a)))
        .filter(|o| set.contains(o))
        .collect();
    if allowed.is_empty() || rng.chance(5) {
        *rng.pick(&[
            Overload::Scalar(ScalarType::F32),
            Overload::Vector(ScalarType::I32, 0),
            Overload::Udt(name, 1 << 24),
        ])
    } else {
        *rng.pick(&allowed)
    }
}

/// A random operand for a parameter whose type, for the overloads, is `ty`.
fn operand(
    rng: &mut Rng,
    p: &'static dxil_ops::info::ParamInfo,
    ty: &str,
) -> Operand<TypedValue<'static>> {
    let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
    match rng.below(10) {
        0 | 1 => {
            let t = match (p.ty.kind, rng.chance(80)) {
                (TypeKind::Llvm(t), true) => t,
                _ => rng.pick(INT_TYPES),
            };
            Operand::Int {
                ty: t,
                value: *rng.pick(INTS),
            }
        }
        2 => {
            let sty = match (p.ty.kind, rng.chance(70)) {
                (TypeKind::Struct { .. }, true) => p.ty,
                _ => *rng.pick(&[&TY_RES_BIND, &TY_RES_PROPS]),
            };
            let len = *rng.pick(&[0u8, 1, 2, 2, 4, 4, 5, 200]);
            Operand::Struct {
                ty: sty,
                fields: core::array::from_fn(|_| *rng.pick(INTS)),
                len,
            }
        }
        _ => {
            let t = if rng.chance(85) {
                leak(ty.to_owned())
            } else {
                *rng.pick(&["i32", "float", "%dx.types.Handle", "i8*"])
            };
            let token = *rng.pick(TOKENS);
            let v = if token.starts_with("%v") {
                leak(format!("%v{}", rng.next() % 1000))
            } else {
                token
            };
            Operand::Value(TypedValue::new(t, v))
        }
    }
}

/// The parameters a function needs for the named values of a written call: `TYPE %name`, each
/// once (a name used with two types is skipped: that function is not written).
fn params_of(
    text: &str,
    operands: &[Operand<TypedValue<'static>>],
    types: &[String],
) -> Option<Vec<String>> {
    let mut params: Vec<(String, String)> = Vec::new();
    for (o, t) in operands.iter().zip(types) {
        let Operand::Value(v) = o else { continue };
        if !v.value.starts_with('%') || !text.contains(v.value) {
            continue;
        }
        if let Some((_, other)) = params.iter().find(|(n, _)| *n == v.value) {
            if other != t {
                return None;
            }
            continue;
        }
        params.push((v.value.to_owned(), t.clone()));
    }
    Some(
        params
            .into_iter()
            .map(|(n, t)| format!("{t} {n}"))
            .collect(),
    )
}

/// A random target: mostly a version where the op exists and one of its stages.
fn target(rng: &mut Rng, op: &OpInfo) -> Target {
    let available: Vec<_> = DXIL_VERSIONS
        .iter()
        .filter(|v| op.is_available_at(v.dxil))
        .collect();
    let v = if available.is_empty() || rng.chance(10) {
        rng.pick(&DXIL_VERSIONS[..]).dxil
    } else {
        rng.pick(&available).dxil
    };
    let mut t = Target::new(v);
    let stages = op.stages_at(v);
    let allowed: Vec<_> = STAGES.iter().filter(|s| stages.contains(s.kind)).collect();
    if !allowed.is_empty() && rng.chance(80) {
        t = t.with_stage(rng.pick(&allowed).kind);
    }
    if rng.chance(30) {
        t = t.library();
    }
    t
}

#[test]
fn whatever_is_written_assembles() {
    let mut rng = Rng(0x2121_D0C5_0000_0001);
    let ops: Vec<&'static OpInfo> = OPS.iter().filter(|o| !o.reserved).collect();
    let mut module = Module::new();
    let mut functions = String::new();
    let (mut tried, mut built, mut written) = (0usize, 0usize, 0usize);
    // why calls were refused: the error's variant, counted
    let mut refused: std::collections::BTreeMap<String, usize> = Default::default();
    let mut count = |e: &dyn std::fmt::Debug| {
        let text = format!("{e:?}");
        let variant = text.split([' ', '(', '{']).next().unwrap_or("").to_owned();
        *refused.entry(variant).or_default() += 1;
    };
    for n in 0..20_000 {
        let op = *rng.pick(&ops);
        let t = target(&mut rng, op);
        let spec = op.overloads_at(t.dxil).copied().unwrap_or_default();
        let dims: Vec<Overload<'static>> =
            spec.sets().iter().map(|s| overload(&mut rng, s)).collect();
        let overloads = Overloads::new(&dims);
        let sig = dxil_ops::Signature::new(op.signature, overloads, t.precision);
        let types: Vec<String> = match &sig {
            Ok(s) => s.params().map(|p| p.to_string()).collect(),
            Err(_) => op
                .signature
                .params
                .iter()
                .map(|_| "i32".to_owned())
                .collect(),
        };
        let operands: Vec<Operand<TypedValue<'static>>> = op
            .signature
            .params
            .iter()
            .zip(&types)
            .map(|(p, ty)| operand(&mut rng, p, ty))
            .collect();
        tried += 1;
        let call = match build_dynamic(op, &t, overloads, &operands) {
            Ok(c) => c,
            Err(e) => {
                count(&e);
                continue;
            }
        };
        built += 1;
        let result = (!call.signature.returns_void()).then(|| *rng.pick(RESULT_NAMES));
        let mut line = String::new();
        if let Err(e) = module.write_dynamic_call(&mut line, result, &call) {
            assert!(line.is_empty(), "a refused call wrote {line}");
            count(&e);
            continue;
        }
        let Some(params) = params_of(&line, &operands, &types) else {
            continue;
        };
        written += 1;
        functions.push_str(&format!(
            "define void @f{n}({}) {{\n  {line}\n  ret void\n}}\n",
            params.join(", ")
        ));
    }
    let text = format!("{}\n{functions}\n{}", module.types(), module.declarations());
    println!(
        "{tried} random calls: {built} built, {written} written ({} functions declared); refused: {refused:?}",
        module.functions().len()
    );
    assert!(written > 500, "{written}");
    if let Some(r) = llvm_as::assemble(&text) {
        if let Err(e) = r {
            let line: usize = e
                .split(':')
                .nth(2)
                .and_then(|l| l.trim().parse().ok())
                .unwrap_or(0);
            let context: Vec<&str> = text.lines().skip(line.saturating_sub(3)).take(5).collect();
            panic!("llvm-as rejects the module: {e}\n{}", context.join("\n"));
        }
        println!("llvm-as-14 accepts the {written} calls");
    }
}
