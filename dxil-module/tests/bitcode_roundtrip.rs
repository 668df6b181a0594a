//! The bitcode writer from decoded models, on the corpus (`../shared/corpus/dxil-bin`): the
//! bitcode of every container's `DXIL` part decoded into a model and written from the model
//! (not from the input bytes),
//!
//! - (a) is printed by `llvm-dis-14` as the same text as the original bitcode;
//! - (b) decodes into a model equal to the first;
//! - (c) after a change on the model (a `dx.op` call's constant operand; a call built by
//!   `dxil_ops::build` added), is printed by `llvm-dis-14` as the original with that change
//!   alone.
//!
//! Skipped without `../shared` (unless `DXIL_REQUIRE_SHARED` is set); (a) also without
//! `llvm-dis-14` (unless `DXIL_REQUIRE_LLVM_AS` is set).

#![allow(clippy::panic)]

mod common;
#[path = "common/corpus.rs"]
mod corpus;

use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use dxil_module::bitcode;
use dxil_module::model::{BlockId, Call, FuncId, Inst, InstId, InstKind, Module, Value};

/// The `DXIL` parts of the corpus: (name, bitcode); `None` without the corpus.
fn dxil_parts() -> Option<Vec<(String, Vec<u8>)>> {
    let streams = corpus::corpus_bitcode()?.expect("corpus containers read");
    let parts: Vec<_> = streams
        .into_iter()
        .filter(|s| &s.part == b"DXIL")
        .map(|s| (s.name(), s.bitcode))
        .collect();
    assert!(!parts.is_empty(), "no DXIL parts in the corpus");
    Some(parts)
}

/// Runs `check` on every part on 2 threads; the failures, in order.
fn on_all(
    parts: &[(String, Vec<u8>)],
    check: impl Fn(&str, &[u8]) -> Result<(), String> + Sync,
) -> Vec<String> {
    let chunk = parts.len().div_ceil(2).max(1);
    std::thread::scope(|s| {
        let handles: Vec<_> = parts
            .chunks(chunk)
            .map(|part| {
                let check = &check;
                s.spawn(move || {
                    part.iter()
                        .filter_map(|(n, b)| check(n, b).err())
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a checking thread"))
            .collect()
    })
}

fn dis(bitcode: &[u8]) -> Result<String, String> {
    match common::llvm_dis(bitcode) {
        None => Err("llvm-dis-14 cannot run".into()),
        Some(Err(e)) => Err(format!("llvm-dis-14 refuses it: {e}")),
        Some(Ok(t)) => String::from_utf8(t).map_err(|_| "llvm-dis-14 printed no UTF-8".into()),
    }
}

fn report(what: &str, total: usize, failures: &[String]) {
    eprintln!("{}/{total} DXIL parts: {what}", total - failures.len());
    assert!(
        failures.is_empty(),
        "{} of {total} fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[dxil_test_data::needs(tool = "llvm-dis-14")]
#[test]
fn decoded_and_written_prints_as_the_original() {
    let Some(parts) = dxil_parts() else {
        return;
    };
    if common::llvm_dis(b"").is_none() {
        return;
    }
    let failures = on_all(&parts, |name, bc| {
        let model = bitcode::decode(bc).map_err(|e| format!("{name}: not decoded: {e}"))?;
        let ours = bitcode::write(&model).map_err(|e| format!("{name}: refused: {e}"))?;
        let original = dis(bc).map_err(|e| format!("{name}: the original: {e}"))?;
        let again = dis(&ours).map_err(|e| format!("{name}: ours: {e}"))?;
        if again != original {
            return Err(format!(
                "{name}: {}",
                common::first_difference(&original, &again)
            ));
        }
        Ok(())
    });
    report(
        "decoded, written, llvm-dis-14 prints the same text as of the original",
        parts.len(),
        &failures,
    );
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[test]
fn decoded_written_and_decoded_again_is_the_same_model() {
    let Some(parts) = dxil_parts() else {
        return;
    };
    let failures = on_all(&parts, |name, bc| {
        let model = bitcode::decode(bc).map_err(|e| format!("{name}: not decoded: {e}"))?;
        let ours = bitcode::write(&model).map_err(|e| format!("{name}: refused: {e}"))?;
        let again = bitcode::decode(&ours).map_err(|e| format!("{name}: ours not decoded: {e}"))?;
        if again != model {
            return Err(format!(
                "{name}: {}",
                first_model_difference(&model, &again)
            ));
        }
        Ok(())
    });
    report(
        "decoded, written and decoded again is an equal model",
        parts.len(),
        &failures,
    );
}

/// Which field of two modules differs first (for the message).
fn first_model_difference(
    a: &dxil_module::model::Module,
    b: &dxil_module::model::Module,
) -> String {
    macro_rules! field {
        ($($f:ident),*) => {
            $(if a.$f != b.$f {
                return format!("{} differs", stringify!($f));
            })*
        };
    }
    field!(
        version,
        triple,
        datalayout,
        source_filename,
        asm,
        producer,
        types,
        constants
    );
    field!(
        attr_groups,
        attr_lists,
        globals,
        sections,
        gc_names,
        comdats,
        metadata
    );
    for (i, (f, g)) in a.functions.iter().zip(&b.functions).enumerate() {
        if f != g {
            return format!(
                "function {i} differs: {:?}",
                a.function_name(dxil_module::model::FuncId(i as u32))
            );
        }
    }
    field!(functions, symbols);
    "the modules differ".into()
}

/// The lines of `new` that are not those of `old`, and the lines of `old` that are not those
/// of `new`, in order, after their common start and end.
fn changed_lines<'a>(old: &'a str, new: &'a str) -> (Vec<&'a str>, Vec<&'a str>) {
    let (a, b): (Vec<&str>, Vec<&str>) = (old.lines().collect(), new.lines().collect());
    let head = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let tail = a[head..]
        .iter()
        .rev()
        .zip(b[head..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    (
        a[head..a.len() - tail].to_vec(),
        b[head..b.len() - tail].to_vec(),
    )
}

/// The first call of a `dx.op` function in the module: (function, instruction).
fn dx_op_calls(m: &Module) -> Vec<(usize, InstId)> {
    let mut found = Vec::new();
    for (fi, f) in m.functions.iter().enumerate() {
        let Some(body) = &f.body else { continue };
        for (id, inst) in body.iter() {
            if let InstKind::Call(call) = &inst.kind
                && let Value::Function(callee) = call.callee
                && m.function_name(callee)
                    .is_some_and(|n| n.starts_with("dx.op."))
            {
                found.push((fi, id));
            }
        }
    }
    found
}

/// A model value with the module it belongs to, for `dxil_ops`'s builders (which ask whether
/// an operand is an integer constant).
#[derive(Clone, Copy)]
struct Operand<'m>(&'m Module, Value);

impl dxil_ops::Value for Operand<'_> {
    fn int_constant(&self) -> Option<i64> {
        self.0.const_int(self.1.as_const()?)
    }
}

/// Changes the first integer constant after the opcode of the first `dx.op` call that has
/// one (adding 1); the call's position, or `None` when no call has one.
fn change_a_constant(m: &mut Module) -> Option<(usize, InstId)> {
    for (fi, id) in dx_op_calls(m) {
        let body = m.functions[fi].body.as_ref()?;
        let Some(InstKind::Call(call)) = body.inst(id).map(|i| &i.kind) else {
            continue;
        };
        let range = call.args.range();
        for at in range.start + 1..range.end {
            let Some(c) = body.operands[at].as_const() else {
                continue;
            };
            let (Some(v), ty) = (m.const_int(c), m.constants.get(c)?.ty) else {
                continue;
            };
            let changed = Value::Const(m.int_const(ty, v.wrapping_add(1)));
            m.functions[fi].body.as_mut()?.operands[at] = changed;
            return Some((fi, id));
        }
    }
    None
}

/// Adds, right after the first `storeOutput` call of `float` of the module, the same call
/// built again by `dxil_ops::build::store_output`; whether there was one.
fn add_a_built_call(m: &mut Module) -> bool {
    use dxil_ops::build;
    use dxil_ops::{DxilVersion, Overload, ScalarType, Target};
    let Some(callee) = m.function_named("dx.op.storeOutput.f32") else {
        return false;
    };
    let Some((fi, id)) = dx_op_calls(m).into_iter().find(|&(fi, id)| {
        let body = m.functions[fi].body.as_ref().expect("a body");
        matches!(&body.inst(id).expect("an instruction").kind,
            InstKind::Call(c) if c.callee == Value::Function(callee))
    }) else {
        return false;
    };
    let body = m.functions[fi].body.as_ref().expect("a body");
    let inst = body.inst(id).expect("an instruction").clone();
    let InstKind::Call(original) = &inst.kind else {
        return false;
    };
    // the built call's operands: model values, or integer constants to make (width, value)
    let planned: Vec<Result<Value, (u32, i64)>> = {
        let args: Vec<Operand> = body.args(original).iter().map(|&v| Operand(m, v)).collect();
        let target = Target::new(DxilVersion::new(1, 0));
        let built = build::store_output(
            &target,
            Overload::Scalar(ScalarType::F32),
            args[1],
            args[2],
            args[3],
            args[4],
        )
        .expect("storeOutput builds");
        assert_eq!(built.function_name().to_string(), "dx.op.storeOutput.f32");
        built
            .operands
            .iter()
            .map(|op| match op {
                dxil_ops::Operand::Value(v) => Ok(v.1),
                dxil_ops::Operand::Int { ty, value } => {
                    Err((ty[1..].parse().expect("an integer type"), *value))
                }
                dxil_ops::Operand::Struct { .. } => unreachable!("storeOutput takes no struct"),
            })
            .collect()
    };
    let values: Vec<Value> = planned
        .into_iter()
        .map(|p| {
            p.unwrap_or_else(|(width, value)| {
                let ty = m.types.int(width);
                Value::Const(m.int_const(ty, value))
            })
        })
        .collect();
    let body = m.functions[fi].body.as_mut().expect("a body");
    let args = body.add_operands(&values).expect("room for operands");
    let call = Call {
        args,
        ..original.clone()
    };
    let (block, at) = body
        .blocks
        .iter()
        .enumerate()
        .find_map(|(b, block)| {
            let at = block.inst_ids().position(|i| i == id)?;
            Some((BlockId(b as u32), at + 1))
        })
        .expect("the call is in a block");
    let new = Inst {
        kind: InstKind::Call(call),
        line: 0,
        ..inst
    };
    m.insert_inst(FuncId(fi as u32), block, at, new)
        .expect("room for the call");
    true
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[dxil_test_data::needs(tool = "llvm-dis-14")]
#[test]
fn a_change_on_the_model_shows_in_llvm_dis_and_nothing_else() {
    let Some(parts) = dxil_parts() else {
        return;
    };
    if common::llvm_dis(b"").is_none() {
        return;
    }
    let changed = AtomicUsize::new(0);
    let added = AtomicUsize::new(0);
    let failures = on_all(&parts, |name, bc| {
        let original = dis(bc).map_err(|e| format!("{name}: the original: {e}"))?;
        let model = bitcode::decode(bc).map_err(|e| format!("{name}: not decoded: {e}"))?;

        let mut m = model.clone();
        if change_a_constant(&mut m).is_some() {
            let ours = bitcode::write(&m).map_err(|e| format!("{name}: refused: {e}"))?;
            let text = dis(&ours).map_err(|e| format!("{name}: changed: {e}"))?;
            let (old, new) = changed_lines(&original, &text);
            if old.len() != 1 || new.len() != 1 || !new[0].contains("call ") {
                return Err(format!(
                    "{name}: a changed constant changes more than its call:\n-{}\n+{}",
                    old.join("\n-"),
                    new.join("\n+")
                ));
            }
            changed.fetch_add(1, Relaxed);
        }

        let mut m = model;
        if add_a_built_call(&mut m) {
            let ours = bitcode::write(&m).map_err(|e| format!("{name}: refused: {e}"))?;
            let text = dis(&ours).map_err(|e| format!("{name}: added: {e}"))?;
            let (old, new) = changed_lines(&original, &text);
            let ok = old.is_empty()
                && new.len() == 1
                && new[0].contains("call void @dx.op.storeOutput.f32(i32 5,");
            if !ok {
                return Err(format!(
                    "{name}: an added call changes more than one line:\n-{}\n+{}",
                    old.join("\n-"),
                    new.join("\n+")
                ));
            }
            added.fetch_add(1, Relaxed);
        }
        Ok(())
    });
    let (changed, added) = (changed.into_inner(), added.into_inner());
    eprintln!(
        "{changed}/{} DXIL parts: a dx.op call's constant changed, only its line changes; \
         {added}: a storeOutput call built by dxil_ops::build added, only its line is new",
        parts.len()
    );
    report("edited as expected", parts.len(), &failures);
    assert!(changed > 0 && added > 0, "nothing edited");
}
