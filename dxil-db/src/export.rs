//! The database as JSON, for tools in other languages. The format is documented in
//! `docs/json-export.md`; its name is [`FORMAT`].

use serde_json::{Value, json};

use crate::Database;
use crate::model::*;

/// The value of the top-level `format` key.
pub const FORMAT: &str = "dxil-ops-db/1";

/// The database as a JSON value.
pub fn to_json(db: &Database) -> Value {
    json!({
        "format": FORMAT,
        "versions": db.versions.iter().map(|v| json!({
            "dxil": v.dxil.to_string(),
            "shader_model": v.shader_model.to_string(),
            "prerelease": v.prerelease,
        })).collect::<Vec<_>>(),
        "stages": db.stages.iter().map(|s| json!({
            "name": s.name,
            "shader_kind": s.shader_kind,
            "since": s.since.to_string(),
        })).collect::<Vec<_>>(),
        "tables": db.tables.iter().map(|t| json!({
            "name": t.name,
            "id": t.id,
            "experimental": t.experimental,
            "doc": t.doc,
        })).collect::<Vec<_>>(),
        "ops": db.ops.iter().map(|o| op(db, o)).collect::<Vec<_>>(),
        "validation_rules": db.rules.iter().map(|r| json!({
            "code": r.code,
            "category": r.category,
            "message": r.message,
            "doc": r.doc,
        })).collect::<Vec<_>>(),
        "enums": enums(db),
        "intrinsics": intrinsics(db),
        "derived_values": db.derived.iter().map(|d| json!({
            "name": d.name,
            "type": db.ty(d.ty).name,
            "doc": d.doc,
        })).collect::<Vec<_>>(),
    })
}

/// The enumerations of the database, then DXC's `OpCodeClass` and `OpCodeTableID`, which ops.toml
/// holds as its `[class.*]` and `[table.*]` records.
fn enums(db: &Database) -> Vec<Value> {
    let mut out: Vec<Value> = db
        .enums
        .iter()
        .map(|e| {
            json!({
                "name": e.name,
                "flags": e.flags,
                "values": e.values.iter().map(|v| {
                    let mut m = json!({ "name": v.name, "value": v.value, "doc": v.doc });
                    if v.alias { m["alias"] = json!(true); }
                    if v.mask { m["mask"] = json!(true); }
                    if let Some(s) = v.since { m["since"] = json!(s.to_string()); }
                    m
                }).collect::<Vec<_>>(),
            })
        })
        .collect();
    out.push(json!({
        "name": "OpCodeClass",
        "flags": false,
        "derived_from": "class",
        "values": db.classes.iter().enumerate().map(|(i, c)| json!({
            "name": c.name, "value": i, "doc": c.doc,
        })).collect::<Vec<_>>(),
    }));
    out.push(json!({
        "name": "OpCodeTableID",
        "flags": false,
        "derived_from": "table",
        "values": db.tables.iter().map(|t| json!({
            "name": t.name, "value": t.id, "doc": t.doc,
        })).collect::<Vec<_>>(),
    }));
    out
}

fn op(db: &Database, o: &Op) -> Value {
    let class = db.class_of(o);
    let sig = db.signature_of(o);
    let ty = |p: &Param| {
        let t = db.ty(p.ty);
        t.dxc.clone().unwrap_or_else(|| t.name.clone())
    };
    let mut params = vec![json!({
        "name": "",
        "type": ty(&sig.result),
        "is_const": false,
        "doc": o.result_doc.clone().unwrap_or_else(|| sig.result.doc.clone()),
    })];
    for p in &sig.params {
        let mut v = json!({
            "name": p.name,
            "type": ty(p),
            "is_const": p.immediate,
            "doc": o.param_docs.get(&p.name).cloned().unwrap_or_else(|| p.doc.clone()),
        });
        if let Some(e) = p.enumeration {
            v["enum"] = json!(db.enums[e.index()].name);
        }
        if let Some(m) = p.max {
            v["max"] = json!(m);
        }
        params.push(v);
    }
    json!({
        "table": db.table_of(o).name,
        "opcode": o.opcode,
        "index": o.index,
        "name": o.name,
        "class": class.name,
        "function": class.stem,
        "category": o.category,
        "doc": o.doc,
        "reserved": o.reserved,
        "introduced": o.introduced.to_string(),
        "min_shader_model": o.shader_model.to_string(),
        "shader_model_translated": o.shader_model_translated.map(|s| s.to_string()),
        "overloads": o.overloads.entries.iter().map(|(since, spec)| json!({
            "since": since.to_string(),
            "dxc": spec.text,
        })).collect::<Vec<_>>(),
        "stages": o.stages.entries.iter().map(|(since, spec)| json!({
            "since": since.to_string(),
            "stages": match spec {
                StageSpec::All => vec!["all"],
                StageSpec::Removed => vec!["removed"],
                StageSpec::Stages(m, _) => db.stage_names(*m),
            },
        })).collect::<Vec<_>>(),
        "attributes": o.attributes.entries.iter().map(|(since, m)| json!({
            "since": since.to_string(),
            "attributes": db.attribute_names(*m),
        })).collect::<Vec<_>>(),
        "params": params,
        "llvm_intrinsics": op_intrinsics(db, o),
    })
}

/// The lowerings that call `o`, one entry per intrinsic and version range: the typed operand
/// sources of the op's call, and `args`, the same as text (empty when the intrinsic's arguments
/// are the op's operands in order).
fn op_intrinsics(db: &Database, o: &Op) -> Vec<Value> {
    let mut out = Vec::new();
    for i in db.intrinsics_of(o) {
        for (l, until) in i.gates() {
            let step = l.steps.iter().position(|s| s.op == o.opcode);
            let mut v = json!({
                "name": i.name,
                "since": l.since.to_string(),
                "until": until.map(|u| u.to_string()),
            });
            match step {
                Some(k) => {
                    let s = &l.steps[k];
                    let in_order = s
                        .operands
                        .iter()
                        .enumerate()
                        .all(|(n, src)| *src == Source::Arg(n as u8))
                        && s.operands.len() == i.params.len();
                    v["step"] = json!(k);
                    v["args"] = if in_order {
                        json!([])
                    } else {
                        json!(
                            s.operands
                                .iter()
                                .map(|src| db.source_text(i, src))
                                .collect::<Vec<_>>()
                        )
                    };
                    v["operands"] = json!(
                        s.operands
                            .iter()
                            .map(|src| source(db, src))
                            .collect::<Vec<_>>()
                    );
                }
                None if l.opcodes().any(|c| c == o.opcode) => {
                    v["step"] = Value::Null;
                    v["args"] = json!([]);
                    v["operands"] = json!([]);
                }
                None => continue,
            }
            out.push(v);
        }
    }
    out
}

/// An operand source in the notation of `ops.toml`.
fn source(db: &Database, s: &Source) -> Value {
    match s {
        Source::Arg(i) => json!({ "arg": i }),
        Source::ArgPlusArg(a, b) => json!({ "arg": a, "plus_arg": b }),
        Source::Element {
            arg,
            index,
            missing,
        } => {
            json!({ "arg": arg, "element": index, "missing": missing.name() })
        }
        Source::Const { ty, value } => match ty {
            ConstType::I1 => json!({ "i1": *value != 0 }),
            t => {
                let mut m = serde_json::Map::new();
                m.insert(t.llvm().to_owned(), json!(value));
                Value::Object(m)
            }
        },
        Source::Undef => json!({ "undef": true }),
        Source::Step(k) => json!({ "step": k }),
        Source::Derived(d) => json!({ "derived": db.derived_value(*d).name }),
        Source::Struct(fields) => {
            json!({ "struct": fields.iter().map(|f| source(db, f)).collect::<Vec<_>>() })
        }
    }
}

/// Every intrinsic with its lowerings.
fn intrinsics(db: &Database) -> Vec<Value> {
    db.intrinsics
        .iter()
        .map(|i| {
            json!({
                "name": i.name,
                "aliases": i.aliases,
                "doc": i.doc,
                "remarks": i.remarks,
                "params": i.params,
                "op_record": i.op_record,
                "lowerings": i.gates().map(|(l, until)| json!({
                    "since": l.since.to_string(),
                    "until": until.map(|u| u.to_string()),
                    "steps": l.steps.iter().map(|s| json!({
                        "op": db.op_name(s.op),
                        "opcode": s.op,
                        "overload": s.overload.name(),
                        "operands": s.operands.iter().map(|src| source(db, src)).collect::<Vec<_>>(),
                        "split64": s.split64.map(|c| db.op_name(c)),
                    })).collect::<Vec<_>>(),
                    "result": result(db, &l.result),
                })).collect::<Vec<_>>(),
            })
        })
        .collect()
}

/// A result shape: `{ "shape", "field", "check", "join64" }` (keys of other shapes absent).
fn result(db: &Database, r: &ResultShape) -> Value {
    let mut v = json!({ "shape": r.name() });
    match r {
        ResultShape::Field(i) => v["field"] = json!(i),
        ResultShape::ResRet { check, join64 } => {
            v["check"] = json!(check.map(|c| db.op_name(c)));
            v["join64"] = json!(join64.map(|c| db.op_name(c)));
        }
        _ => {}
    }
    v
}
