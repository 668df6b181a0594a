//! Agreement of the tables of `ops.toml` with DXC's database (`../shared/reference`): every
//! validation rule, every enumeration with every value, every cell of the signature-point and
//! semantic-interpretation tables, and every LLVM instruction. The differences that are
//! deliberate are listed in [`DELIBERATE`] by name, with the reason; any other difference fails,
//! and so does a deliberate difference that no longer occurs.

#![allow(clippy::panic)] // a test fails by panicking

use crate::common;

use std::collections::BTreeSet;

use common::{reference, text};
use dxil_db::Database;
use serde_json::Value;

/// (table, item, reason): where `ops.toml` differs from DXC on purpose. `item` is what a
/// difference names: `Enum.Value.field`, or `Enum.Value` for a value only one side has.
const DELIBERATE: &[(&str, &str, &str)] = &[
    (
        "enums",
        "SemanticInterpretationKind.ClipCull.value",
        "the reference (hctdb) gives ClipCull 8, the number of Shadow; DXC's C++ enum (DxilConstants.h) is emitted without numbers (hide_val), so ClipCull follows Shadow as 9, the number DXC's code uses",
    ),
    (
        "enums",
        "SemanticInterpretationKind.Invalid.value",
        "follows from ClipCull = 9: in DXC's C++ enum, emitted without numbers, Invalid is 10 (the reference says 9)",
    ),
    (
        "enums",
        "SigPointKind.Invalid.value",
        "the reference (hctdb) gives 21; DXC's C++ enum is emitted without numbers (hide_val), so Invalid follows ASIn = 19 as 20, and DXC sizes its signature-point table Invalid + 1 = 21 rows",
    ),
    (
        "enums",
        "NodeMetadataTag",
        "added: the node-shader entry-property tags of the DXIL 1.8 proposal (kDxilNode*Tag of DXC's DxilMetadataHelper.h), which DXC keeps as constants, not as an enumeration of its database",
    ),
    (
        "enums",
        "NodeIOMetadataTag",
        "added: the tags of a node input/output description (DXIL 1.8 proposal; kDxilNode*Tag constants of DxilMetadataHelper.h)",
    ),
    (
        "enums",
        "NodeRecordMetadataTag",
        "added: the tags of a node record type description (DXIL 1.8 proposal; kDxilNode*Tag constants of DxilMetadataHelper.h)",
    ),
    (
        "enums",
        "ShaderFeatureInfo",
        "added: the feature flags of the container part SFI0 (ShaderFeatureInfo_* constants of DXC's DxilConstants.h), which DXC keeps as constants, not as an enumeration of its database; the binary reader names SFI0 bits with it",
    ),
    (
        "enums",
        "ShaderFlags",
        "added: the shader flags of an entry point's properties (tag 0 of !dx.entryPoints; the bits of DXC's hlsl::ShaderFlags), which DXC keeps as a C++ bit-field class, not as an enumeration of its database; the module writer writes them",
    ),
    (
        "enums",
        "OpCodeClass.LlvmInst",
        "DXC's class of the LLVM instructions; no DXIL op has it, so the database has no such class",
    ),
];

fn list(v: &Value) -> &[Value] {
    v.as_array().map_or(&[], Vec::as_slice)
}

/// What one comparison found: how many things were compared, which of them differ.
#[derive(Default)]
struct Tally {
    /// Cells (fields) compared.
    cells: usize,
    /// Differences: (item, ours, DXC's).
    diffs: Vec<(String, String, String)>,
    /// Things of ours beyond DXC's reference (added by a maintainer), not compared.
    beyond: Vec<String>,
}

impl Tally {
    /// Compares one cell, named `item`.
    fn cell(&mut self, item: impl Into<String>, ours: impl ToString, dxc: impl ToString) {
        self.cells += 1;
        let (ours, dxc) = (ours.to_string(), dxc.to_string());
        if ours != dxc {
            self.diffs.push((item.into(), ours, dxc));
        }
    }

    /// A thing only one side has.
    fn only(&mut self, item: impl Into<String>, ours: &str, dxc: &str) {
        self.diffs
            .push((item.into(), ours.to_owned(), dxc.to_owned()));
    }

    /// Differences not listed as deliberate for `table`.
    fn unexpected(&self, table: &str) -> Vec<&(String, String, String)> {
        self.diffs
            .iter()
            .filter(|(item, _, _)| !is_deliberate(table, item))
            .collect()
    }

    /// Cells that agree or differ deliberately.
    fn agreeing(&self, table: &str) -> usize {
        self.cells - self.unexpected(table).len().min(self.cells)
    }
}

fn is_deliberate(table: &str, item: &str) -> bool {
    DELIBERATE.iter().any(|(t, i, _)| *t == table && *i == item)
}

/// Fails with every unexpected difference, and with every deliberate difference of `table` that
/// no longer occurs.
fn assert_agrees(table: &str, summary: &str, t: &Tally) {
    let unexpected: Vec<String> = t
        .unexpected(table)
        .iter()
        .map(|(item, ours, dxc)| format!("  {item}: ops.toml `{ours}`, DXC `{dxc}`"))
        .collect();
    let stale: Vec<&str> = DELIBERATE
        .iter()
        .filter(|(tb, item, _)| *tb == table && !t.diffs.iter().any(|(i, _, _)| i == item))
        .map(|(_, item, _)| *item)
        .collect();
    assert!(
        unexpected.is_empty() && stale.is_empty(),
        "{summary}\n{} unexpected difference(s):\n{}\ndeliberate differences that no longer occur: {stale:?}",
        unexpected.len(),
        unexpected.join("\n")
    );
}

fn print_deliberate(table: &str) {
    for (t, item, why) in DELIBERATE {
        if *t == table {
            println!("  deliberate: {item}: {why}");
        }
    }
}

/// Number of arguments of a message: highest `%N` plus one (counted here independently of the
/// loader).
fn placeholder_count(message: &str) -> usize {
    let b = message.as_bytes();
    let mut n = 0;
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let digits: String = message[i + 1..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            if let Ok(k) = digits.parse::<usize>() {
                n = n.max(k + 1);
            }
            i += 1 + digits.len();
        } else {
            i += 1;
        }
    }
    n
}

// ---------------------------------------------------------------------------------------------
// Validation rules

/// Compares every rule; returns the tally and the codes of the rules compared.
fn compare_rules(db: &Database, reference: &Value) -> (Tally, Vec<String>) {
    let mut t = Tally::default();
    let mut codes = Vec::new();
    for r in list(&reference["validation_rules"]) {
        let code = text(&r["name"]);
        codes.push(code.clone());
        let Some(ours) = db.rule_by_code(&code) else {
            t.only(code, "<missing>", "rule");
            continue;
        };
        let f = |field: &str| format!("{code}.{field}");
        t.cell(f("id"), ours.id, &r["id"]);
        t.cell(f("enum_name"), &ours.name, text(&r["enum_name"]));
        t.cell(f("category"), &ours.category, text(&r["category"]));
        t.cell(f("doc"), &ours.doc, text(&r["doc"]));
        t.cell(f("err_msg"), &ours.message, text(&r["err_msg"]));
        t.cell(
            f("arguments"),
            ours.arguments,
            placeholder_count(&text(&r["err_msg"])),
        );
        t.cell(f("is_disabled"), ours.disabled, &r["is_disabled"]);
        t.cell(
            f("shader_model"),
            ours.shader_model,
            text(&r["shader_model"]),
        );
        let mut stages: Vec<&str> = ours
            .stages
            .iter()
            .map(|s| db.stages[s.index()].name.as_str())
            .collect();
        stages.sort_unstable();
        let mut theirs: Vec<String> = list(&r["shader_stages"]).iter().map(text).collect();
        theirs.sort_unstable();
        t.cell(f("shader_stages"), stages.join(" "), theirs.join(" "));
    }
    for r in &db.rules {
        if !codes.contains(&r.code) {
            t.only(r.code.clone(), "rule", "<missing>");
        }
    }
    (t, codes)
}

#[dxil_test_data::needs(shared = "reference/dxil-reference.json")]
#[test]
fn every_validation_rule_agrees_with_dxc() {
    let db = common::load_db();
    let Some(reference) = reference() else {
        return;
    };
    let (t, codes) = compare_rules(&db, &reference);
    let unexpected = t.unexpected("rules");
    let bad = codes
        .iter()
        .filter(|c| {
            unexpected
                .iter()
                .any(|(item, _, _)| item == *c || item.starts_with(&format!("{c}.")))
        })
        .count();
    let total = codes.len().max(db.rules.len());
    let summary = format!(
        "{}/{total} rules agree ({}/{} fields)",
        total - bad.min(total),
        t.agreeing("rules"),
        t.cells
    );
    println!("{summary}");
    print_deliberate("rules");
    assert_eq!(total, 304, "the reference has 304 rules");
    assert_agrees("rules", &summary, &t);
}

// ---------------------------------------------------------------------------------------------
// Enumerations

/// Compares one enumeration of the reference with the declared enumeration of the same name.
fn compare_enum(db: &Database, r: &Value, t: &mut Tally) {
    let name = text(&r["name"]);
    let Some(ours) = db.enum_by_name(&name) else {
        t.only(name, "<missing>", "enumeration");
        return;
    };
    t.cell(
        format!("{name}.underlying"),
        ours.underlying.clone().unwrap_or_default(),
        text(&r["underlying"]),
    );
    let doc = text(&r["doc"]);
    if !doc.is_empty() {
        t.cell(format!("{name}.doc"), &ours.doc, doc);
    }
    let values = list(&r["values"]);
    let mut seen_numbers: Vec<i64> = Vec::new();
    for v in values {
        let vname = text(&v["name"]);
        let item = format!("{name}.{vname}");
        let Some(o) = ours.value(&vname) else {
            t.only(item, "<missing>", "value");
            continue;
        };
        let number = v["value"].as_i64().unwrap_or(i64::MIN);
        t.cell(format!("{item}.value"), o.value, number);
        t.cell(format!("{item}.doc"), &o.doc, text(&v["doc"]));
        // A number DXC gives twice is a second name (an alias) or, in flag enumerations, a
        // mask; only where ops.toml has the same number.
        if o.value == number && seen_numbers.contains(&number) {
            t.cell(format!("{item}.alias_or_mask"), o.alias || o.mask, true);
        }
        seen_numbers.push(number);
    }
    let theirs: Vec<String> = values.iter().map(|v| text(&v["name"])).collect();
    for o in &ours.values {
        if !theirs.contains(&o.name) {
            t.only(format!("{name}.{}", o.name), "value", "<missing>");
        }
    }
    let order: Vec<&str> = ours.values.iter().map(|v| v.name.as_str()).collect();
    t.cell(format!("{name}.order"), order.join(" "), theirs.join(" "));
}

/// `OpCodeClass` against the `[class.*]` vocabulary: names only (the reference numbers none).
fn compare_classes(db: &Database, reference: &Value, r: &Value, t: &mut Tally) {
    let theirs: Vec<String> = list(&r["values"])
        .iter()
        .map(|v| text(&v["name"]))
        .collect();
    for name in &theirs {
        t.cells += 1;
        if db.class_by_name(name).is_none() {
            t.only(format!("OpCodeClass.{name}"), "<missing>", "class");
        }
    }
    // a class whose ops are all beyond DXC's reference (added by a maintainer) is named, not
    // failed
    let known: BTreeSet<u64> = list(&reference["ops"])
        .iter()
        .filter_map(|o| o["opcode"].as_u64())
        .collect();
    for (i, c) in db.classes.iter().enumerate() {
        if theirs.contains(&c.name) {
            continue;
        }
        let new_ops = db
            .ops_of_class(dxil_db::ClassId(i as u32))
            .all(|o| !known.contains(&u64::from(o.opcode)));
        if new_ops {
            t.beyond.push(format!("class {}", c.name));
        } else {
            t.only(format!("OpCodeClass.{}", c.name), "class", "<missing>");
        }
    }
}

/// `OpCodeTableID` against the `[table.*]` vocabulary.
fn compare_tables(db: &Database, r: &Value, t: &mut Tally) {
    for v in list(&r["values"]) {
        let name = text(&v["name"]);
        let Some(table) = db.table_by_name(&name) else {
            t.only(format!("OpCodeTableID.{name}"), "<missing>", "table");
            continue;
        };
        t.cell(format!("OpCodeTableID.{name}.value"), table.id, &v["value"]);
        t.cell(
            format!("OpCodeTableID.{name}.doc"),
            &table.doc,
            text(&v["doc"]),
        );
    }
}

/// Compares every enumeration; returns the tally and, per enumeration of the reference, its
/// name and value count.
fn compare_enums(db: &Database, reference: &Value) -> (Tally, Vec<(String, usize)>) {
    let mut t = Tally::default();
    let mut names = Vec::new();
    for r in list(&reference["enums"]) {
        let name = text(&r["name"]);
        names.push((name.clone(), list(&r["values"]).len()));
        match name.as_str() {
            "OpCodeClass" => compare_classes(db, reference, r, &mut t),
            "OpCodeTableID" => compare_tables(db, r, &mut t),
            _ => compare_enum(db, r, &mut t),
        }
    }
    for e in &db.enums {
        if !names.iter().any(|(n, _)| *n == e.name) {
            t.only(e.name.clone(), "enumeration", "<missing>");
        }
    }
    (t, names)
}

#[dxil_test_data::needs(shared = "reference/dxil-reference.json")]
#[test]
fn every_enumeration_and_value_agrees_with_dxc() {
    let db = common::load_db();
    let Some(reference) = reference() else {
        return;
    };
    let (t, names) = compare_enums(&db, &reference);
    let unexpected = t.unexpected("enums");
    let bad: BTreeSet<&str> = unexpected
        .iter()
        .map(|(item, _, _)| item.split('.').next().unwrap_or(item))
        .collect();
    let values: usize = names.iter().map(|(_, n)| n).sum();
    let summary = format!(
        "{}/{} enums agree ({values} values; {}/{} fields)",
        names.len()
            - bad
                .iter()
                .filter(|b| names.iter().any(|(n, _)| n == *b))
                .count(),
        names.len(),
        t.agreeing("enums"),
        t.cells
    );
    println!("{summary}");
    if !t.beyond.is_empty() {
        println!(
            "beyond DXC's reference, not compared: {}",
            t.beyond.join(", ")
        );
    }
    print_deliberate("enums");
    assert_eq!(names.len(), 55, "the reference has 55 enumerations");
    assert_agrees("enums", &summary, &t);
}

// ---------------------------------------------------------------------------------------------
// Signature-point, semantic-interpretation and LLVM instruction tables

/// The signature-point table: related point, shader kind, packing and signature of each row.
fn compare_sig_points(db: &Database, reference: &Value) -> Tally {
    let mut t = Tally::default();
    let rows = list(&reference["sigpoint_table"]);
    let mut names = Vec::new();
    for row in rows.iter().skip(1) {
        let cells: Vec<String> = list(row).iter().map(text).collect();
        let [name, related, shader_kind, packing, signature] = cells.as_slice() else {
            panic!("sig-point row {row} does not have 5 cells");
        };
        names.push(name.clone());
        let Some(sp) = db.sig_points.iter().find(|s| s.name == *name) else {
            t.only(format!("SigPoint.{name}"), "<missing>", "row");
            continue;
        };
        let f = |field: &str| format!("SigPoint.{name}.{field}");
        t.cell(
            f("related"),
            sp.related.as_deref().unwrap_or("Invalid"),
            related,
        );
        t.cell(f("shader_kind"), &sp.shader_kind, shader_kind);
        t.cell(f("packing"), &sp.packing, packing);
        t.cell(f("signature"), &sp.signature, signature);
    }
    for sp in &db.sig_points {
        if !names.contains(&sp.name) {
            t.only(format!("SigPoint.{}", sp.name), "row", "<missing>");
        }
    }
    t
}

/// The semantic-interpretation table, cell by cell, in DXC's notation (`NotInSig _61`).
fn compare_interpretations(db: &Database, reference: &Value) -> Tally {
    let mut t = Tally::default();
    let rows = list(&reference["semantic_interpretation_table"]);
    let Some(header) = rows.first() else {
        panic!("the reference has no semantic-interpretation table");
    };
    let points: Vec<String> = list(header).iter().skip(1).map(text).collect();
    let mut semantics = Vec::new();
    for row in rows.iter().skip(1) {
        let cells: Vec<String> = list(row).iter().map(text).collect();
        let Some((semantic, cells)) = cells.split_first() else {
            continue;
        };
        semantics.push(semantic.clone());
        let ours = db
            .semantic_interpretations
            .iter()
            .find(|r| r.semantic == *semantic);
        for (point, dxc) in points.iter().zip(cells) {
            let cell = ours.and_then(|r| r.cells.iter().find(|c| c.sig_point == *point));
            let text = match cell {
                None => "NA".to_owned(),
                Some(c) => match c.shader_model {
                    None => c.kind.clone(),
                    Some(sm) => format!("{} _{}{}", c.kind, sm.major, sm.minor),
                },
            };
            t.cell(format!("{semantic}@{point}"), text, dxc);
        }
    }
    for r in &db.semantic_interpretations {
        if !semantics.contains(&r.semantic) {
            t.only(r.semantic.clone(), "row", "<missing>");
        }
    }
    t
}

/// The LLVM instructions: opcode, class, doc, overloads and whether DXIL allows each.
fn compare_llvm(db: &Database, reference: &Value) -> Tally {
    let mut t = Tally::default();
    let instructions = list(&reference["llvm_instructions"]);
    let mut names = Vec::new();
    for r in instructions {
        let name = text(&r["name"]);
        names.push(name.clone());
        let Some(i) = db.llvm_instructions.iter().find(|i| i.name == name) else {
            t.only(format!("LLVM.{name}"), "<missing>", "instruction");
            continue;
        };
        let f = |field: &str| format!("LLVM.{name}.{field}");
        t.cell(f("llvm_id"), i.opcode, &r["llvm_id"]);
        t.cell(f("llvm_name"), &i.class, text(&r["llvm_name"]));
        t.cell(f("doc"), &i.doc, text(&r["doc"]));
        t.cell(f("overloads"), &i.overloads, text(&r["overloads"]));
        t.cell(f("is_allowed"), i.allowed, &r["is_allowed"]);
    }
    for i in &db.llvm_instructions {
        if !names.contains(&i.name) {
            t.only(format!("LLVM.{}", i.name), "instruction", "<missing>");
        }
    }
    t
}

#[dxil_test_data::needs(shared = "reference/dxil-reference.json")]
#[test]
fn every_table_cell_agrees_with_dxc() {
    let db = common::load_db();
    let Some(reference) = reference() else {
        return;
    };
    let tables = [
        ("sig-point", compare_sig_points(&db, &reference)),
        (
            "semantic-interpretation",
            compare_interpretations(&db, &reference),
        ),
        ("LLVM instruction", compare_llvm(&db, &reference)),
    ];
    let mut lines = Vec::new();
    let (mut agree, mut total) = (0, 0);
    for (name, t) in &tables {
        lines.push(format!(
            "{}/{} {name} cells agree",
            t.agreeing("tables"),
            t.cells
        ));
        agree += t.agreeing("tables");
        total += t.cells;
    }
    lines.push(format!("{agree}/{total} table cells agree"));
    let summary = lines.join("\n");
    println!("{summary}");
    assert_eq!(
        db.llvm_instructions.len(),
        58,
        "the reference has 58 LLVM instructions"
    );
    let mut all = Tally::default();
    for (_, t) in tables {
        all.cells += t.cells;
        all.diffs.extend(t.diffs);
    }
    assert_agrees("tables", &summary, &all);
}

/// The comparisons are not blind: changing one cell of DXC's side is noticed, as exactly that
/// cell.
#[dxil_test_data::needs(shared = "reference/dxil-reference.json")]
#[test]
fn a_changed_cell_is_noticed() {
    let db = common::load_db();
    let Some(reference) = reference() else {
        return;
    };
    type Compare = fn(&Database, &Value) -> Tally;
    let rules: Compare = |db, r| compare_rules(db, r).0;
    let enums: Compare = |db, r| compare_enums(db, r).0;
    let changes: &[(&str, Compare, &str, Value, &str)] = &[
        (
            "rules",
            rules,
            "/validation_rules/0/err_msg",
            Value::from("changed"),
            ".err_msg",
        ),
        (
            "rules",
            rules,
            "/validation_rules/3/is_disabled",
            Value::from(true),
            ".is_disabled",
        ),
        (
            "enums",
            enums,
            "/enums/0/values/3/value",
            Value::from(42),
            ".value",
        ),
        (
            "enums",
            enums,
            "/enums/0/values/3/doc",
            Value::from("changed"),
            ".doc",
        ),
        (
            "tables",
            compare_sig_points,
            "/sigpoint_table/3/2",
            Value::from("Domain"),
            ".shader_kind",
        ),
        (
            "tables",
            compare_interpretations,
            "/semantic_interpretation_table/28/1",
            Value::from("NotInSig _62"),
            "ViewID@VSIn",
        ),
        (
            "tables",
            compare_llvm,
            "/llvm_instructions/8/is_allowed",
            Value::from(false),
            ".is_allowed",
        ),
    ];
    for (table, compare, pointer, value, field) in changes {
        let before = compare(&db, &reference).unexpected(table).len();
        assert_eq!(before, 0, "{pointer}: the reference agrees as it is");
        let mut changed = reference.clone();
        *changed
            .pointer_mut(pointer)
            .unwrap_or_else(|| panic!("{pointer} names a cell")) = value.clone();
        let t = compare(&db, &changed);
        let found: Vec<&str> = t
            .unexpected(table)
            .iter()
            .map(|(item, _, _)| item.as_str())
            .collect();
        assert!(
            found.len() == 1 && found[0].ends_with(field),
            "changing {pointer}: {found:?}"
        );
    }
}
