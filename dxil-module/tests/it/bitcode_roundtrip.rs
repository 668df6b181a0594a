//! The bitcode writer from decoded models, on the corpus (`../shared/corpus/dxil-bin`): the
//! bitcode of every container's `DXIL` part decoded into a model and written from the model
//! (not from the input bytes),
//!
//! - (a) is printed by `llvm-dis-14` as the same text as the original bitcode;
//! - (b) decodes into a model equal to the first;
//! - (c) after a change on the model (a `dx.op` call's constant operand; a `storeOutput` call
//!   built by `dxil_ops::build` added to every entry with an output, its function declared by
//!   `dxop::declare` where the module has none), is printed by `llvm-dis-14` as the original
//!   with that change alone.
//!
//! Skipped without `../shared` (unless `DXIL_REQUIRE_SHARED` is set); (a) also without
//! `llvm-dis-14` (unless `DXIL_REQUIRE_LLVM_AS` is set).

#![allow(clippy::panic)]

use crate::common;
use crate::corpus;
use crate::edit;

use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use dxil_module::model::{ConstKind, Constant, InstId, InstKind, Module, Type, Value};
use dxil_module::{bitcode, dxil};

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

#[test]
fn a_symbol_table_keeps_its_order_when_a_name_is_also_a_type_name() {
    // `@f` comes before `%g` in the text, so it is listed first; the bitcode names the type
    // `g` before its symbol table, where the decoder meets `f`: the order the table was read
    // in is kept, not the order the names were first seen in
    let src = "declare void @f()\n\n%g = type { i32 }\n\n@g = external global %g\n";
    let m = dxil_module::text::parse(src.as_bytes()).expect("valid");
    let written = bitcode::write(&m).expect("written");
    let decoded = bitcode::decode(&written).expect("decoded");
    let names: Vec<_> = decoded
        .symtab_order
        .iter()
        .map(|&s| decoded.symbols.lossy(s))
        .collect();
    assert_eq!(names, ["f", "g"]);
    let again = bitcode::write(&decoded).expect("written again");
    assert!(
        again == written,
        "the symbol table was written in another order"
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
    field!(functions, symbols, symtab_order);
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

/// Adds, right before the `ret` of the entry point's function, a call built by
/// `dxil_ops::build::store_output` that stores `float 0.0` to component 0 of the first output
/// element, declaring `dx.op.storeOutput.f32` (`dxop::declare`) when the module has no such
/// function: `None` when the entry has no output, else whether the declaration was added.
fn add_a_built_call(m: &mut Module) -> Option<bool> {
    use dxil_ops::{Overload, ScalarType};
    let entry = dxil::entry_points(m).next()?.ok()?;
    let f = entry.function?;
    entry.signatures().ok()??.output.first()?;
    let f32_ty = m.types.intern(Type::Float);
    let zero = Value::Const(m.constants.intern(Constant {
        ty: f32_ty,
        kind: ConstKind::Null,
    }));
    let f32 = Overload::Scalar(ScalarType::F32);
    edit::store_output_before_ret(m, f, 0, 0, f32, zero)
}

/// The lines of `new` that are not in `old`, when `old` is `new` with lines taken out (`None`
/// when it is not).
fn inserted_lines<'a>(old: &str, new: &'a str) -> Option<Vec<&'a str>> {
    let mut old = old.lines().peekable();
    let mut inserted = Vec::new();
    for line in new.lines() {
        if old.peek() == Some(&line) {
            old.next();
        } else {
            inserted.push(line);
        }
    }
    old.next().is_none().then_some(inserted)
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
    let declarations = AtomicUsize::new(0);
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
        if let Some(declared) = add_a_built_call(&mut m) {
            let ours = bitcode::write(&m).map_err(|e| format!("{name}: refused: {e}"))?;
            let text = dis(&ours).map_err(|e| format!("{name}: added: {e}"))?;
            let new = inserted_lines(&original, &text);
            let call =
                "  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float 0.000000e+00)";
            let declaration = "declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #";
            // the call; with the declaration: its attributes' comment, the declaration and a
            // blank line, and the attribute group when the module had none of `nounwind` alone
            let mut lines = new.clone().unwrap_or_default();
            let blanks = lines.iter().filter(|l| l.is_empty()).count();
            lines.retain(|l| !l.is_empty());
            let ok = new.is_some()
                && blanks == usize::from(declared)
                && match (declared, &lines[..]) {
                    (false, [line]) => *line == call,
                    (true, [line, comment, decl, group @ ..]) => {
                        *line == call
                            && *comment == "; Function Attrs: nounwind"
                            && decl.starts_with(declaration)
                            && match group {
                                [] => true,
                                [g] => {
                                    let number = &decl[declaration.len() - 1..];
                                    *g == format!("attributes {number} = {{ nounwind }}")
                                }
                                _ => false,
                            }
                    }
                    _ => false,
                };
            if !ok {
                return Err(format!(
                    "{name}: an added call (declared: {declared}) changes more than expected: {:?}",
                    new.map(|n| n.join("\n+")),
                ));
            }
            added.fetch_add(1, Relaxed);
            declarations.fetch_add(usize::from(declared), Relaxed);
        }
        Ok(())
    });
    let (changed, added) = (changed.into_inner(), added.into_inner());
    let declarations = declarations.into_inner();
    eprintln!(
        "{changed}/{} DXIL parts: a dx.op call's constant changed, only its line changes; \
         {added} (every one whose entry has an output): a storeOutput call built by \
         dxil_ops::build added before the entry's ret, only its line is new, and in {declarations} \
         the declaration dxop::declare added (and its attribute group where new)",
        parts.len()
    );
    report("edited as expected", parts.len(), &failures);
    assert!(changed > 0 && added > 0, "nothing edited");
}
