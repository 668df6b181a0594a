//! The regions of `DXIL.rst`: the signature-point and semantic-interpretation tables, the
//! allowed LLVM instructions, the opcode tables with the ops' remarks, the validation rules.

use dxil_db::Enum;

use super::Error;
use super::operations::tables;
use super::text::rst_table;
use super::view::View;

/// A table as DXC's regions hold it: set off by an empty line above and below.
fn block(rows: &[Vec<String>]) -> String {
    format!("\n\n{}\n\n", rst_table(rows))
}

/// Sections of remarks: a heading per item with remarks, underlined with `~`.
fn remarks<'a>(items: impl Iterator<Item = (&'a str, &'a str)>) -> String {
    let mut s = String::new();
    for (name, remarks) in items.filter(|(_, r)| !r.is_empty()) {
        s.push_str(&format!(
            "{name}\n{}\n\n{remarks}\n\n",
            "~".repeat(name.chars().count())
        ));
    }
    s
}

/// An enumeration the tables need.
fn enumeration<'a>(view: &View<'a>, name: &str) -> Result<&'a Enum, Error> {
    view.db
        .enum_by_name(name)
        .ok_or_else(|| Error::new(format!("DXIL.rst needs the enumeration `{name}`")))
}

/// The number DXIL.rst shows for a value.
fn number(view: &View<'_>, e: &Enum, name: &str, value: i64) -> String {
    let id = view.db.enums.iter().position(|x| x.name == e.name);
    id.and_then(|i| view.dxc.rst_number(dxil_db::EnumId(i as u32), name))
        .unwrap_or(value)
        .to_string()
}

/// The signature points but the last (`Invalid`), with their `SigPointKind` numbers and docs.
pub(super) fn sig_points(view: &View<'_>) -> Result<String, Error> {
    let kinds = enumeration(view, "SigPointKind")?;
    let mut rows = vec![
        [
            "ID",
            "SigPoint",
            "Related",
            "ShaderKind",
            "PackingKind",
            "SignatureKind",
            "Description",
        ]
        .map(str::to_owned)
        .to_vec(),
    ];
    let points = &view.db.sig_points;
    for p in &points[..points.len().saturating_sub(1)] {
        let v = kinds.value(&p.name);
        rows.push(vec![
            v.map_or_else(String::new, |v| number(view, kinds, &v.name, v.value)),
            p.name.clone(),
            p.related.clone().unwrap_or_else(|| "Invalid".to_owned()),
            p.shader_kind.clone(),
            p.packing.clone(),
            p.signature.clone(),
            v.map_or_else(String::new, |v| v.doc.clone()),
        ]);
    }
    Ok(block(&rows))
}

/// The semantic interpretation kinds but the last (`Invalid`).
pub(super) fn interpretation_kinds(view: &View<'_>) -> Result<String, Error> {
    let kinds = enumeration(view, "SemanticInterpretationKind")?;
    let mut rows = vec![["ID", "Name", "Description"].map(str::to_owned).to_vec()];
    for v in &kinds.values[..kinds.values.len().saturating_sub(1)] {
        rows.push(vec![
            number(view, kinds, &v.name, v.value),
            v.name.clone(),
            v.doc.clone(),
        ]);
    }
    Ok(block(&rows))
}

/// The interpretation of each semantic at each signature point but `Invalid`: `NA` where it
/// is not available, `KIND _XY` where it needs shader model X.Y.
pub(super) fn interpretations(view: &View<'_>) -> String {
    let points = &view.db.sig_points;
    let points = &points[..points.len().saturating_sub(1)];
    let mut header = vec!["Semantic".to_owned()];
    header.extend(points.iter().map(|p| p.name.clone()));
    let mut rows = vec![header];
    for r in &view.db.semantic_interpretations {
        let mut row = vec![r.semantic.clone()];
        for p in points {
            row.push(match r.cells.iter().find(|c| c.sig_point == p.name) {
                Some(c) => match c.shader_model {
                    Some(sm) => format!("{} _{}{}", c.kind, sm.major, sm.minor),
                    None => c.kind.clone(),
                },
                None => "NA".to_owned(),
            });
        }
        rows.push(row);
    }
    block(&rows)
}

/// The LLVM instructions DXIL allows, by opcode, and their remarks.
pub(super) fn llvm_instructions(view: &View<'_>) -> String {
    let mut allowed: Vec<_> = view
        .db
        .llvm_instructions
        .iter()
        .filter(|i| i.allowed)
        .collect();
    allowed.sort_by_key(|i| i.opcode);
    let mut rows = vec![
        ["Instruction", "Action", "Operand overloads"]
            .map(str::to_owned)
            .to_vec(),
    ];
    rows.extend(
        allowed
            .iter()
            .map(|i| vec![i.name.clone(), i.doc.clone(), i.overloads.clone()]),
    );
    let sections = remarks(
        allowed
            .iter()
            .map(|i| (i.name.as_str(), i.remarks.as_str())),
    );
    format!("{}{sections}\n", block(&rows))
}

/// Each op table: its ops (a name with `_` links to its remarks) and the remarks by name.
pub(super) fn opcodes(view: &View<'_>) -> String {
    let mut s = String::new();
    for (table, ops) in tables(view) {
        s.push_str(&format!(
            "\n\nOpcode Table {}, id={}: {}",
            table.name, table.id, table.doc
        ));
        let mut rows = vec![["ID", "Name", "Description"].map(str::to_owned).to_vec()];
        for o in &ops {
            let op = o.op;
            let link = if op.remarks.is_empty() { "" } else { "_" };
            rows.push(vec![
                op.opcode.to_string(),
                format!("{}{link}", op.name),
                op.doc.clone(),
            ]);
        }
        let mut by_name: Vec<_> = ops.iter().map(|o| o.op).collect();
        by_name.sort_by(|a, b| a.name.cmp(&b.name));
        let sections = remarks(
            by_name
                .iter()
                .map(|op| (op.name.as_str(), op.remarks.as_str())),
        );
        s.push_str(&format!("{}{sections}\n", block(&rows)));
    }
    s
}

/// The validation rules that are checked, by code.
pub(super) fn rules(view: &View<'_>) -> String {
    let mut checked: Vec<_> = view.db.rules.iter().filter(|r| !r.disabled).collect();
    checked.sort_by(|a, b| a.code.cmp(&b.code));
    let mut rows = vec![["Rule Code", "Description"].map(str::to_owned).to_vec()];
    rows.extend(checked.iter().map(|r| vec![r.code.clone(), r.doc.clone()]));
    block(&rows)
}
