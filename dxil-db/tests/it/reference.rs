//! Agreement of `ops.toml` with DXC's op database (`../shared/reference/dxil-reference.json`):
//! every op, field by field, at the latest DXIL version. The differences that are deliberate are
//! listed in [`DELIBERATE`] with the reason; any other difference fails the test.

#![allow(clippy::panic)] // a test fails by panicking

use crate::common;

use std::collections::BTreeSet;

use common::{reference, text};
use dxil_db::{AttributeKind, Database, Op, OverloadSpec, Param, StageMask, parse_overloads};
use serde_json::Value;

/// (op, field, reason): where `ops.toml` differs from DXC on purpose.
const DELIBERATE: &[(&str, &str, &str)] = &[
    (
        "CreateHandle",
        "stages",
        "removed from DXIL 1.6 (replaced by CreateHandleFromBinding + AnnotateHandle); DXC keeps it in its table and only hand-codes the check in the validator",
    ),
    ("CreateNodeOutputHandle", "params[0].name", RESULT_UNNAMED),
    ("IndexNodeHandle", "params[0].name", RESULT_UNNAMED),
    (
        "CreateNodeInputRecordHandle",
        "params[0].name",
        RESULT_UNNAMED,
    ),
    (
        "HitObject_SetShaderTableIndex",
        "params[0].name",
        RESULT_UNNAMED,
    ),
    ("BarrierByMemoryType", "params[2].enum_name", BARRIER_FLAGS),
    ("BarrierByMemoryType", "params[3].enum_name", BARRIER_FLAGS),
    (
        "BarrierByMemoryHandle",
        "params[3].enum_name",
        BARRIER_FLAGS,
    ),
    (
        "BarrierByNodeRecordHandle",
        "params[3].enum_name",
        BARRIER_FLAGS,
    ),
    (
        "Barrier",
        "params[2].enum_name",
        "the legacy barrier's immediate `barrierMode` is a mask of BarrierMode flags (its doc says so); DXC's table names no enumeration",
    ),
    (
        "CreateHandle",
        "params[2].enum_name",
        "the immediate `resourceClass` is a ResourceClass value (SRV, UAV, CBuffer, Sampler, as its doc lists); DXC's table names no enumeration",
    ),
    ("AllocateRayQuery", "params[2].enum_name", CONST_RAY_FLAGS),
    ("AllocateRayQuery2", "params[2].enum_name", CONST_RAY_FLAGS),
    (
        "AllocateRayQuery2",
        "params[3].enum_name",
        "the immediate `constRayQueryFlags` is a combination of RayQueryFlag flags (its doc: RAYQUERY_FLAGS); DXC's table names no enumeration",
    ),
    (
        "AtomicBinOp",
        "params[3].enum_name",
        "`atomicOp` is an AtomicBinOpCode value (its doc says so); not immediate in DXC's table, so the link documents the operand and lets the lint check constants",
    ),
    ("TraceRay", "params[3].enum_name", RAY_FLAGS),
    ("RayQuery_TraceRayInline", "params[4].enum_name", RAY_FLAGS),
    ("HitObject_TraceRay", "params[3].enum_name", RAY_FLAGS),
    ("HitObject_MakeMiss", "params[2].enum_name", RAY_FLAGS),
    (
        "Pack4x8",
        "params[2].enum_name",
        "`packMode` is a PackMode value (its doc lists trunc / unsigned clamp / signed clamp); not immediate in DXC's table, so the link documents the operand and lets the lint check constants",
    ),
    (
        "Unpack4x8",
        "params[2].enum_name",
        "`unpackMode` is an UnpackMode value (its doc: signed/unsigned); not immediate in DXC's table, so the link documents the operand and lets the lint check constants",
    ),
    (
        "LinAlgMatrixLoadFromDescriptor",
        "params[5].enum_name",
        MATRIX_LAYOUT,
    ),
    (
        "LinAlgMatrixLoadFromMemory",
        "params[5].enum_name",
        MATRIX_LAYOUT,
    ),
    (
        "LinAlgMatrixStoreToDescriptor",
        "params[6].enum_name",
        MATRIX_LAYOUT,
    ),
    (
        "LinAlgMatrixStoreToMemory",
        "params[6].enum_name",
        MATRIX_LAYOUT,
    ),
    (
        "LinAlgMatrixAccumulateToDescriptor",
        "params[6].enum_name",
        MATRIX_LAYOUT,
    ),
    (
        "LinAlgMatrixAccumulateToMemory",
        "params[7].enum_name",
        MATRIX_LAYOUT,
    ),
];

/// Why barrier flag operands name their flag enumeration where DXC names none.
const BARRIER_FLAGS: &str = "DXC checks these immediate flags against MemoryTypeFlag / BarrierSemanticFlag in hand-written validator code (INSTR.BARRIERFLAGINVALID; ReorderScope only from DXIL 1.9); linking the parameters to the enumerations puts that fact in the database";

/// Why the immediate ray flags of AllocateRayQuery* name their enumeration.
const CONST_RAY_FLAGS: &str = "the immediate `constRayFlags` is a combination of RayFlag flags (its doc: RAY_FLAGS); DXC's table names no enumeration, the builder now takes the typed flags";

/// Why the ray-flags operands of ray tracing ops name their enumeration.
const RAY_FLAGS: &str = "the ray flags operand is a combination of RayFlag flags (its doc says so); not immediate in DXC's table, so the link documents the operand and lets the lint check constants";

/// Why the layout operands of the LinAlg ops name their enumeration.
const MATRIX_LAYOUT: &str = "`layout` (memory layout of matrix elements) takes a MatrixLayout value; not immediate in DXC's table, so the link documents the operand and lets the lint check constants";

/// Why the result has no name where DXC names it.
const RESULT_UNNAMED: &str =
    "results are unnamed in the model (a class's `result` takes no `name`); DXC names this one";

/// One field of one op that differs.
struct Mismatch {
    op: String,
    field: String,
    ours: String,
    dxc: String,
}

/// Collects the fields of one op that differ.
struct Compare<'a> {
    op: &'a str,
    out: &'a mut Vec<Mismatch>,
}

impl Compare<'_> {
    fn field(&mut self, field: &str, ours: impl ToString, dxc: impl ToString) {
        let (ours, dxc) = (ours.to_string(), dxc.to_string());
        if ours != dxc {
            self.out.push(Mismatch {
                op: self.op.to_owned(),
                field: field.to_owned(),
                ours,
                dxc,
            });
        }
    }
}

/// Overloads as sets: void, or per dimension the letters of scalars and of vector elements.
fn overload_sets(db: &Database, spec: &OverloadSpec) -> String {
    if spec.void {
        return "v".to_owned();
    }
    let dims: Vec<String> = spec.dims.iter().map(|d| db.overload_dim_text(*d)).collect();
    dims.join(",")
}

fn stage_list(db: &Database, mask: StageMask) -> String {
    let mut names: Vec<&str> = db.stage_names(mask);
    names.sort_unstable();
    names.join(" ")
}

/// The stages DXC gives an op: its list, or every stage of the latest version when it is empty.
fn dxc_stages(db: &Database, r: &Value) -> Result<StageMask, String> {
    let list = r["shader_stages"].as_array().cloned().unwrap_or_default();
    if list.is_empty() {
        return Ok(db.stages_at(db.latest_version()));
    }
    let mut mask = 0u32;
    for s in &list {
        let name = text(s);
        let stage = db
            .stage_by_name(&name)
            .ok_or_else(|| format!("stage `{name}` is not declared"))?;
        mask |= 1 << stage.shader_kind;
    }
    Ok(StageMask(mask))
}

fn param(c: &mut Compare<'_>, db: &Database, op: &Op, pos: usize, p: &Param, r: &Value) {
    let f = |name: &str| format!("params[{pos}].{name}");
    let ty = db.ty(p.ty);
    let doc = if pos == 0 {
        op.result_doc.clone().unwrap_or_else(|| p.doc.clone())
    } else {
        op.param_docs
            .get(&p.name)
            .cloned()
            .unwrap_or_else(|| p.doc.clone())
    };
    let enum_name = p
        .enumeration
        .map_or(String::new(), |e| db.enums[e.index()].name.clone());
    c.field(&f("name"), &p.name, text(&r["name"]));
    c.field(
        &f("llvm_type"),
        ty.dxc.as_deref().unwrap_or(&ty.name),
        text(&r["llvm_type"]),
    );
    c.field(&f("doc"), doc, text(&r["doc"]));
    c.field(&f("is_const"), p.immediate, &r["is_const"]);
    c.field(&f("enum_name"), enum_name, text(&r["enum_name"]));
    c.field(
        &f("max_value"),
        p.max.map_or(String::new(), |m| m.to_string()),
        text(&r["max_value"]),
    );
}

fn compare(db: &Database, op: &Op, r: &Value, out: &mut Vec<Mismatch>) {
    let c = &mut Compare { op: &op.name, out };
    let class = db.class_of(op);
    let sig = db.signature_of(op);
    let latest = db.latest_version();
    c.field("name", &op.name, text(&r["name"]));
    c.field("table", &db.table_of(op).name, text(&r["table"]));
    c.field("opcode", op.opcode, &r["opcode"]);
    c.field("index", op.index, &r["index"]);
    c.field("class", &class.name, text(&r["class"]));
    c.field("category", &op.category, text(&r["category"]));
    c.field("doc", &op.doc, text(&r["doc"]));
    c.field("remarks", &op.remarks, text(&r["remarks"]));
    c.field("reserved", op.reserved, &r["is_reserved"]);
    c.field("shader_model", op.shader_model, text(&r["shader_model"]));
    c.field(
        "shader_model_translated",
        op.shader_model_translated
            .map_or(String::new(), |s| s.to_string()),
        text(&r["shader_model_translated"]),
    );

    let ours = op
        .overloads_at(latest)
        .map_or("-".to_owned(), |s| overload_sets(db, s));
    let theirs = parse_overloads(&text(&r["overloads"]), &db.overload_types).map_or_else(
        |e| format!("unparsable: {}", e.message),
        |s| overload_sets(db, &s),
    );
    c.field("overloads", ours, theirs);

    let ours = stage_list(db, db.op_stages_at(op, latest));
    let theirs = dxc_stages(db, r).map_or_else(|e| e, |m| stage_list(db, m));
    c.field("stages", ours, theirs);

    let attrs = op.attributes_at(latest).unwrap_or_default();
    let memory = db.memory_attribute(attrs).map_or("", |a| a.dxc.as_str());
    c.field("fn_attr", memory, text(&r["fn_attr"]));
    for flag in [
        "is_deriv",
        "is_gradient",
        "is_feedback",
        "is_wave",
        "requires_uniform_inputs",
        "is_barrier",
    ] {
        let ours = db
            .attributes
            .iter()
            .enumerate()
            .find(|(_, a)| a.kind == AttributeKind::Flag && a.dxc == flag)
            .is_some_and(|(i, _)| attrs.contains(dxil_db::AttributeId(i as u32)));
        c.field(flag, ours, &r[flag]);
    }

    // DXC lists the result (pos 0) and the opcode (pos 1); the opcode is implicit in our model.
    let params: Vec<&Value> = r["params"]
        .as_array()
        .map(|a| a.iter().collect())
        .unwrap_or_default();
    let ours: Vec<&Param> = std::iter::once(&sig.result).chain(&sig.params).collect();
    c.field("params.count", ours.len() + 1, params.len());
    if let Some(opcode) = params.get(1) {
        let dxc = format!("{} {}", text(&opcode["name"]), text(&opcode["llvm_type"]));
        c.field("params[1]", "opcode i32", dxc);
    }
    if let (Some(res), true) = (params.first(), ours.len() + 1 == params.len()) {
        param(c, db, op, 0, ours[0], res);
        for (i, p) in ours.iter().enumerate().skip(1) {
            param(c, db, op, i + 1, p, params[i + 1]);
        }
    }
}

#[dxil_test_data::needs(shared = "reference/dxil-reference.json")]
#[test]
fn every_op_agrees_with_dxc_except_the_deliberate_differences() {
    let db = common::load_db();
    let Some(reference) = reference() else {
        return;
    };
    let ops = reference["ops"]
        .as_array()
        .expect("the reference has `ops`");
    let mut mismatches = Vec::new();
    let mut seen = BTreeSet::new();
    for r in ops {
        let opcode = r["opcode"].as_u64().expect("every op has an opcode") as u32;
        match db.op_by_opcode(opcode) {
            Some(op) => {
                seen.insert(op.opcode);
                compare(&db, op, r, &mut mismatches);
            }
            None => mismatches.push(Mismatch {
                op: text(&r["name"]),
                field: "opcode".to_owned(),
                ours: "<missing>".to_owned(),
                dxc: opcode.to_string(),
            }),
        }
    }
    // Ops a maintainer added beyond DXC's reference are named, not failed.
    let beyond: Vec<String> = db
        .ops
        .iter()
        .filter(|o| !seen.contains(&o.opcode))
        .map(|o| format!("{} ({:#x})", o.name, o.opcode))
        .collect();

    let deliberate = |m: &Mismatch| {
        DELIBERATE
            .iter()
            .any(|(o, f, _)| *o == m.op && *f == m.field)
    };
    let unexpected: Vec<&Mismatch> = mismatches.iter().filter(|m| !deliberate(m)).collect();
    let stale: Vec<String> = DELIBERATE
        .iter()
        .filter(|(o, f, _)| !mismatches.iter().any(|m| m.op == *o && m.field == *f))
        .map(|(o, f, _)| format!("{o} {f}"))
        .collect();
    let bad_ops: BTreeSet<&str> = unexpected.iter().map(|m| m.op.as_str()).collect();
    let total = ops.len();
    let agree = total - bad_ops.len();

    println!("deliberate differences:");
    for (o, f, why) in DELIBERATE {
        println!("  {o} {f}: {why}");
    }
    let listing: Vec<String> = unexpected
        .iter()
        .map(|m| {
            format!(
                "  {} {}: ops.toml `{}`, DXC `{}`",
                m.op, m.field, m.ours, m.dxc
            )
        })
        .collect();
    println!("{agree}/{total} ops of DXC's reference agree");
    if !beyond.is_empty() {
        println!(
            "{} op(s) beyond DXC's reference, not compared: {}",
            beyond.len(),
            beyond.join(", ")
        );
    }
    assert!(
        unexpected.is_empty() && stale.is_empty(),
        "{agree}/{total} ops agree\n{} unexpected difference(s):\n{}\ndeliberate differences that no longer occur: {stale:?}",
        unexpected.len(),
        listing.join("\n"),
    );
}

/// The comparison is not blind: changing any compared field of an op's DXC record is noticed.
#[dxil_test_data::needs(shared = "reference/dxil-reference.json")]
#[test]
fn a_changed_field_is_noticed() {
    let db = common::load_db();
    let Some(reference) = reference() else {
        return;
    };
    let fabs = reference["ops"]
        .as_array()
        .and_then(|ops| ops.iter().find(|o| o["name"] == "FAbs"))
        .expect("FAbs is in the reference")
        .clone();
    let op = db.op_by_name("FAbs").expect("FAbs is in ops.toml");
    let mut none = Vec::new();
    compare(&db, op, &fabs, &mut none);
    assert!(none.is_empty(), "FAbs should agree as it is");
    let changes: &[(&str, &str, Value)] = &[
        ("name", "/name", Value::from("FAbsolute")),
        ("class", "/class", Value::from("Binary")),
        ("doc", "/doc", Value::from("something else")),
        ("overloads", "/overloads", Value::from("hf<hf")),
        ("stages", "/shader_stages", serde_json::json!(["pixel"])),
        ("fn_attr", "/fn_attr", Value::from("ro")),
        ("is_wave", "/is_wave", Value::from(true)),
        ("shader_model", "/shader_model", Value::from("6.2")),
        (
            "params[2].llvm_type",
            "/params/2/llvm_type",
            Value::from("f"),
        ),
        (
            "params[2].is_const",
            "/params/2/is_const",
            Value::from(true),
        ),
        ("params[0].doc", "/params/0/doc", Value::from("changed")),
    ];
    for (field, pointer, value) in changes {
        let mut r = fabs.clone();
        *r.pointer_mut(pointer).expect("the pointer names a field") = value.clone();
        let mut found = Vec::new();
        compare(&db, op, &r, &mut found);
        let fields: Vec<&str> = found.iter().map(|m| m.field.as_str()).collect();
        assert_eq!(fields, [*field], "changing {pointer}");
    }
}
