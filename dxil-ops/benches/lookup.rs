//! Lookups of dxil-ops against a naive baseline measured in the same run: a `HashMap` keyed by
//! name or opcode, `String` function names and `Vec` operand lists.
//!
//! `cargo bench -p dxil-ops --bench lookup`

use std::collections::HashMap;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use dxil_ops::handle::{Handle, HandleOperand, Sampler, Srv};
use dxil_ops::{
    Call, DxilVersion, OPS, Op, Operand, Overload, Overloads, ScalarType, ShaderKind, Target,
};

/// What a naive database would hold per op: owned strings and versioned lists.
struct NaiveOp {
    name: String,
    stem: String,
    stages: Vec<(DxilVersion, u32)>,
    overloads: Vec<(DxilVersion, String)>,
    params: usize,
}

/// The naive database: ops by opcode, opcodes by name, opcodes by function-name stem.
type NaiveDb = (
    HashMap<u32, NaiveOp>,
    HashMap<String, u32>,
    HashMap<String, Vec<u32>>,
);

fn naive_db() -> NaiveDb {
    let mut by_opcode = HashMap::new();
    let mut by_name = HashMap::new();
    let mut by_stem: HashMap<String, Vec<u32>> = HashMap::new();
    for info in OPS.iter() {
        let stages = dxil_ops::DXIL_VERSIONS
            .iter()
            .map(|v| (v.dxil, info.stages_at(v.dxil).0))
            .collect();
        let overloads = info
            .overload_entries()
            .map(|(v, s)| (v, s.text.to_owned()))
            .collect();
        by_opcode.insert(
            info.opcode,
            NaiveOp {
                name: info.name.to_owned(),
                stem: info.class.stem.to_owned(),
                stages,
                overloads,
                params: info.signature.params.len(),
            },
        );
        by_name.insert(info.name.to_owned(), info.opcode);
        by_stem
            .entry(info.class.stem.to_owned())
            .or_default()
            .push(info.opcode);
    }
    (by_opcode, by_name, by_stem)
}

fn naive_stages(db: &HashMap<u32, NaiveOp>, opcode: u32, v: DxilVersion) -> Option<u32> {
    let op = db.get(&opcode)?;
    op.stages
        .iter()
        .rev()
        .find(|(s, _)| *s <= v)
        .map(|(_, m)| *m)
}

fn naive_parse(by_stem: &HashMap<String, Vec<u32>>, name: &str) -> Option<(u32, String)> {
    let rest = name.strip_prefix("dx.op.")?;
    let mut parts = rest.splitn(2, '.');
    let stem = parts.next()?;
    let suffix = parts.next().unwrap_or("").to_owned();
    let ops = by_stem.get(stem)?;
    Some((*ops.first()?, suffix))
}

fn naive_build(
    db: &HashMap<u32, NaiveOp>,
    opcode: u32,
    v: DxilVersion,
    x: &str,
) -> Option<(String, Vec<String>)> {
    let op = db.get(&opcode)?;
    let (_, ol) = op.overloads.iter().rev().find(|(s, _)| *s <= v)?;
    if !ol.contains('f') {
        return None;
    }
    let name = format!("dx.op.{}.f32", op.stem);
    let mut operands = Vec::with_capacity(op.params + 1);
    operands.push(format!("i32 {opcode}"));
    operands.push(format!("float {x}"));
    let _ = &op.name;
    Some((name, operands))
}

/// The operands of Sample after the handles: coordinates, offsets, clamp.
const SAMPLE_REST: [&str; 8] = ["%u", "%v", "undef", "undef", "0", "0", "undef", "undef"];

/// A typed builder call of Sample with the handles `tex` and `smp`.
fn sample<T, S>(target: &Target, tex: T, smp: S) -> bool
where
    T: HandleOperand<&'static str, Srv>,
    S: HandleOperand<&'static str, Sampler>,
{
    let [u, v, c2, c3, o0, o1, o2, clamp] = SAMPLE_REST;
    let f32_ = Overload::Scalar(ScalarType::F32);
    let call = dxil_ops::build::sample(
        black_box(target),
        f32_,
        tex,
        smp,
        u,
        v,
        c2,
        c3,
        o0,
        o1,
        o2,
        clamp,
    );
    call.is_ok()
}

/// The Sample builder as it was generated before its handle parameters were typed: every
/// operand a `V`, the same body.
#[allow(clippy::too_many_arguments)]
fn sample_builder_before<'a, V>(
    target: &Target,
    overload: Overload<'a>,
    srv: V,
    sampler: V,
    coord0: V,
    coord1: V,
    coord2: V,
    coord3: V,
    offset0: V,
    offset1: V,
    offset2: V,
    clamp: V,
) -> Result<Call<'a, V, 11>, dxil_ops::BuildError<'a>> {
    Call::build_op(
        Op::Sample,
        target,
        Overloads::one(overload),
        [
            Operand::opcode(0x3c),
            Operand::Value(srv),
            Operand::Value(sampler),
            Operand::Value(coord0),
            Operand::Value(coord1),
            Operand::Value(coord2),
            Operand::Value(coord3),
            Operand::Value(offset0),
            Operand::Value(offset1),
            Operand::Value(offset2),
            Operand::Value(clamp),
        ],
    )
}

/// [`sample`] through [`sample_builder_before`].
fn sample_before(target: &Target, tex: &'static str, smp: &'static str) -> bool {
    let [u, v, c2, c3, o0, o1, o2, clamp] = SAMPLE_REST;
    let f32_ = Overload::Scalar(ScalarType::F32);
    let call = sample_builder_before(
        black_box(target),
        f32_,
        tex,
        smp,
        u,
        v,
        c2,
        c3,
        o0,
        o1,
        o2,
        clamp,
    );
    call.is_ok()
}

fn benches(c: &mut Criterion) {
    let (naive, naive_names, naive_stems) = naive_db();
    let v = DxilVersion::new(1, 6);
    let opcode = Op::DerivCoarseX.opcode();

    let mut g = c.benchmark_group("property lookup (opcode, version → stages)");
    g.bench_function("dxil-ops", |b| {
        b.iter(|| dxil_ops::op_info(black_box(opcode)).map(|info| info.stages_at(black_box(v))))
    });
    g.bench_function("dxil-ops, typed op", |b| {
        b.iter(|| black_box(Op::DerivCoarseX).stages_at(black_box(v)))
    });
    g.bench_function("HashMap baseline", |b| {
        b.iter(|| naive_stages(&naive, black_box(opcode), black_box(v)))
    });
    g.finish();

    let mut g = c.benchmark_group("name → opcode");
    g.bench_function("dxil-ops", |b| {
        b.iter(|| Op::from_name(black_box("RayQuery_CandidateType")))
    });
    g.bench_function("HashMap baseline", |b| {
        b.iter(|| {
            naive_names
                .get(black_box("RayQuery_CandidateType"))
                .copied()
        })
    });
    g.finish();

    let mut g = c.benchmark_group("function name → (class, overload)");
    g.bench_function("dxil-ops", |b| {
        b.iter(|| {
            dxil_ops::parse_function_name(black_box("dx.op.rawBufferVectorLoad.v4f32")).is_ok()
        })
    });
    g.bench_function("HashMap baseline", |b| {
        b.iter(|| naive_parse(&naive_stems, black_box("dx.op.rawBufferVectorLoad.v4f32")))
    });
    g.finish();

    let target = Target::new(v).with_stage(ShaderKind::Pixel);
    let mut g = c.benchmark_group("one builder call (Sin, f32)");
    g.bench_function("dxil-ops", |b| {
        b.iter(|| {
            dxil_ops::build::sin(
                black_box(&target),
                Overload::Scalar(ScalarType::F32),
                black_box("%x"),
            )
            .is_ok()
        })
    });
    g.bench_function("String/Vec baseline", |b| {
        b.iter(|| {
            naive_build(
                &naive,
                black_box(Op::Sin.opcode()),
                black_box(v),
                black_box("%x"),
            )
        })
    });
    g.finish();

    // a call with two handle operands, given as plain values and as typed handles, and the
    // builder as it was before handle parameters were typed
    let mut g = c.benchmark_group("one builder call (Sample, f32, handles)");
    g.bench_function("dxil-ops, plain values", |b| {
        b.iter(|| sample(&target, black_box("%tex"), black_box("%smp")))
    });
    g.bench_function("builder as before typed handles", |b| {
        b.iter(|| sample_before(&target, black_box("%tex"), black_box("%smp")))
    });
    g.bench_function("dxil-ops, typed handles", |b| {
        b.iter(|| {
            let tex = Handle::<_, Srv>::new(black_box("%tex"));
            sample(&target, tex, Handle::<_, Sampler>::new(black_box("%smp")))
        })
    });
    g.finish();
}

criterion_group!(lookup, benches);
criterion_main!(lookup);
