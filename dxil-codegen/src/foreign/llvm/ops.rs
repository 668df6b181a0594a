//! The `DXILOp` records, each after a comment with what the schema cannot say about the op.

use dxil_db::{
    AttributeId, AttributeKind, AttributeMask, Database, DxilVersion, Op, OpId, OverloadSpec,
    Param, StageSpec,
};

use super::names::{self, ALL_STAGES, Names, REMOVED};
use super::{comment, intrinsics, string};

/// Writes the named values the selections use, then every op that is not a reserved slot, by
/// opcode.
pub(super) fn write(out: &mut String, db: &Database, names: &Names) {
    let values = intrinsics::named_values(db);
    if !values.is_empty() {
        out.push('\n');
        comment(out, "Values of enumerations the intrinsic selections use.");
        for (name, value) in values {
            put!(out, "defvar {name} = {value};");
        }
    }
    out.push('\n');
    comment(out, "The operations, by opcode.");
    for (i, op) in db.ops.iter().enumerate().filter(|(_, o)| !o.reserved) {
        out.push('\n');
        record(out, db, names, OpId(i as u32), op);
    }
}

fn record(out: &mut String, db: &Database, names: &Names, id: OpId, op: &Op) {
    let sig = db.signature_of(op);
    let intrinsics::OpIntrinsics {
        selects, beyond, ..
    } = intrinsics::of(db, op);
    let mut notes = notes(db, names, id, op);
    if !beyond.is_empty() {
        notes.push(format!(
            "lowered in C++ from (IntrinSelect cannot say it): {}",
            beyond.join(", ")
        ));
    }
    comment(out, &notes.join("\n"));
    put!(
        out,
        "def {} : DXILOp<{}, {}> {{",
        names::op(op),
        op.opcode,
        db.class_of(op).stem
    );
    put!(out, "  let Doc = {};", string(&op.doc));
    match selects.as_slice() {
        [] => {}
        [one] => put!(out, "  let intrinsics = [{one}];"),
        all => {
            put!(out, "  let intrinsics = [");
            for s in all {
                put!(out, "    {s},");
            }
            put!(out, "  ];");
        }
    }
    if !sig.params.is_empty() {
        let args: Vec<&str> = sig.params.iter().map(|p| names.ty(p.ty)).collect();
        put!(out, "  let arguments = [{}];", args.join(", "));
    }
    put!(out, "  let result = {};", names.ty(sig.result.ty));
    if op.overloads.entries.iter().any(|(_, o)| !o.void) {
        let prefix = names.overload_prefix(db, op).unwrap_or("");
        let entries = op.overloads.entries.iter().map(|(v, o)| {
            let types = first_dim_scalars(db, names, o);
            (*v, types.iter().map(|t| format!("{prefix}{t}")).collect())
        });
        put!(out, "  let overloads = [{}];", list("Overloads", entries));
    }
    let stages = op.stages.entries.iter().map(|(v, s)| {
        let items: Vec<String> = match s {
            StageSpec::All => vec![ALL_STAGES.to_owned()],
            StageSpec::Removed => vec![REMOVED.to_owned()],
            StageSpec::Stages(m, _) => db.stage_names(*m).iter().map(|s| s.to_string()).collect(),
        };
        (*v, items)
    });
    put!(out, "  let stages = [{}];", list("Stages", stages));
    let memory = op
        .attributes
        .entries
        .iter()
        .map(|(v, m)| (*v, memory(db, names, *m)));
    if memory.clone().any(|(_, m)| !m.is_empty()) {
        put!(out, "  let attributes = [{}];", list("Attributes", memory));
    }
    put!(out, "}}");
}

/// A versioned list, `Kind<DXIL1_0, [a, b]>, Kind<DXIL1_6, [a]>`: an entry that says what the
/// one before it says is left out.
fn list(kind: &str, entries: impl Iterator<Item = (DxilVersion, Vec<String>)>) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut last: Option<Vec<String>> = None;
    for (v, items) in entries {
        if last.as_ref() != Some(&items) {
            out.push(format!(
                "{kind}<{}, [{}]>",
                names::version(v),
                items.join(", ")
            ));
            last = Some(items);
        }
    }
    out.join(", ")
}

/// The DXIL.td names of the scalar overload types of an overload spec's first dimension.
fn first_dim_scalars<'n>(db: &Database, names: &'n Names, o: &OverloadSpec) -> Vec<&'n str> {
    let Some(dim) = o.dims.first() else {
        return Vec::new();
    };
    (0..db.overload_types.len())
        .map(|i| dxil_db::OverloadTypeId(i as u32))
        .filter(|t| dim.has_scalar(*t))
        .map(|t| names.overload(t))
        .collect()
}

/// The DXIL.td names of the memory attributes of a set.
fn memory(db: &Database, names: &Names, m: AttributeMask) -> Vec<String> {
    (0..db.attributes.len())
        .map(|i| AttributeId(i as u32))
        .filter(|a| m.contains(*a))
        .filter_map(|a| names.attribute(a).map(str::to_owned))
        .collect()
}

/// What the schema cannot say about an op, one line each.
fn notes(db: &Database, names: &Names, id: OpId, op: &Op) -> Vec<String> {
    let sig = db.signature_of(op);
    let mut out = Vec::new();
    if op.dxil_td.is_some() {
        out.push(format!("ops.toml and DXC name it {}.", op.name));
    }
    if !sig.params.is_empty() {
        let params: Vec<String> = sig.params.iter().map(|p| operand(db, p)).collect();
        out.push(format!("operands: {}", params.join(", ")));
    }
    let mut types: Vec<String> = Vec::new();
    for p in std::iter::once(&sig.result).chain(&sig.params) {
        let t = db.ty(p.ty);
        let line = format!("{}: {}", names.ty(p.ty), t.doc);
        if t.dxil_td.is_none() && !types.contains(&line) {
            types.push(line);
        }
    }
    out.extend(types.into_iter().map(|t| format!("type {t}")));
    out.extend(overloads_note(op));
    out.extend(flags_note(db, op));
    for pair in op.attributes.entries.windows(2) {
        let (before, after) = (memory(db, names, pair[0].1), memory(db, names, pair[1].1));
        for a in before.iter().filter(|a| !after.contains(a)) {
            out.push(format!(
                "{a} ends at DXIL {}, which `Attributes` cannot say (LLVM joins the entries up to a version)",
                pair[1].0
            ));
        }
    }
    match op.modules {
        dxil_db::AllowedModules::Any => {}
        dxil_db::AllowedModules::Library => out.push("only in libraries".to_owned()),
        dxil_db::AllowedModules::NonLibrary => out.push("not in libraries".to_owned()),
    }
    if db.shader_model_of(op.introduced) != Some(op.shader_model) {
        out.push(format!("shader model {}", op.shader_model));
    }
    if let Some(sm) = op.shader_model_translated {
        out.push(format!("shader model {sm} when the linker translates it"));
    }
    let constraints: Vec<&str> = db
        .constraints_of(id)
        .filter(|(c, _)| !c.implicit)
        .map(|(c, _)| c.name.as_str())
        .collect();
    if !constraints.is_empty() {
        out.push(format!("constraints: {}", constraints.join(", ")));
    }
    out
}

/// The overloads as ops.toml writes them, when they have vectors or several dimensions.
fn overloads_note(op: &Op) -> Option<String> {
    let beyond_scalars = op
        .overloads
        .entries
        .iter()
        .any(|(_, o)| o.dims.len() > 1 || o.dims.first().is_some_and(|d| d.vectors != 0));
    let specs: Vec<String> = op
        .overloads
        .entries
        .iter()
        .map(|(v, o)| format!("since {v} `{}`", o.text))
        .collect();
    beyond_scalars.then(|| {
        format!(
            "overloads (vectors after `<`, dimensions after `,`; `Overloads` lists the scalars of the first): {}",
            specs.join(", ")
        )
    })
}

/// The flags of the op's attribute entries (LLVM's schema has no record for them).
fn flags_note(db: &Database, op: &Op) -> Option<String> {
    let flags: Vec<String> = op
        .attributes
        .entries
        .iter()
        .map(|(v, m)| {
            let names: Vec<&str> = (0..db.attributes.len())
                .map(|i| (AttributeId(i as u32), &db.attributes[i]))
                .filter(|(id, a)| a.kind == AttributeKind::Flag && m.contains(*id))
                .map(|(_, a)| a.name.as_str())
                .collect();
            (v, names.join(", "))
        })
        .filter(|(_, f)| !f.is_empty())
        .map(|(v, f)| format!("since {v} {f}"))
        .collect();
    (!flags.is_empty()).then(|| format!("properties: {}", flags.join("; ")))
}

/// An operand as a note names it: `op (immediate, WaveOpKind, at most 3)`.
fn operand(db: &Database, p: &Param) -> String {
    let mut what = Vec::new();
    if p.immediate {
        what.push("immediate".to_owned());
    }
    if let Some(e) = p.enumeration {
        what.push(db.enums[e.index()].name.clone());
    }
    if let Some(m) = p.max {
        what.push(format!("at most {m}"));
    }
    match what.is_empty() {
        true => p.name.clone(),
        false => format!("{} ({})", p.name, what.join(", ")),
    }
}
