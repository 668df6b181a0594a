//! Agreement of the LLVM intrinsic map with LLVM's DXIL.td: every `IntrinSelect` entry there (the
//! facts are in `tests/llvm/dxil-td.toml`) is in the database for the same op (by opcode) with
//! the same operand sources. Differences are listed by name with the reason: an op LLVM names
//! differently, a lowering LLVM decides in C++ (or not at all), an intrinsic LLVM renamed.
//!
//! `xtask/tests/it/emit_llvm.rs` checks the facts file against a DXIL.td (`DXIL_TD=/path/to/DXIL.td`,
//! read with llvm-tblgen-14).

#![allow(clippy::panic)] // a test fails by panicking

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use dxil_db::{ConstType, Database, Intrinsic, Source};
use serde::Deserialize;

/// The facts file: LLVM's DXILOp records (only the fields this test reads).
#[derive(Deserialize)]
struct Facts {
    source: FactsSource,
    op: Vec<FactsOp>,
}

#[derive(Deserialize)]
#[allow(dead_code)] // read for the header's sake
struct FactsSource {
    file: String,
    repository: String,
    commit: String,
    ops: usize,
    ops_with_selects: usize,
    selects: usize,
}

/// A DXILOp record: its name, opcode and `IntrinSelect` entries.
#[derive(Deserialize)]
struct FactsOp {
    name: String,
    opcode: u32,
    #[serde(default)]
    intrinsics: Vec<FactsSelect>,
}

/// An `IntrinSelect` entry of a record.
#[derive(Deserialize)]
struct FactsSelect {
    intrinsic: String,
    args: Option<Vec<Arg>>,
}

/// One `IntrinSelect`, with the op it belongs to.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Select {
    op: String,
    opcode: u32,
    intrinsic: String,
    args: Option<Vec<Arg>>,
}

/// An argument selection: `{ arg = N }`, `{ i8 = V }` or `{ i32 = V }`.
#[derive(Deserialize, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[serde(deny_unknown_fields)]
struct Arg {
    arg: Option<u8>,
    i8: Option<i64>,
    i32: Option<i64>,
}

impl Facts {
    /// Every `IntrinSelect` entry, with its op.
    fn selects(&self) -> Vec<Select> {
        self.op
            .iter()
            .flat_map(|o| {
                o.intrinsics.iter().map(|s| Select {
                    op: o.name.clone(),
                    opcode: o.opcode,
                    intrinsic: s.intrinsic.clone(),
                    args: s.args.clone(),
                })
            })
            .collect()
    }
}

fn facts() -> Facts {
    let path = common::workspace_root().join("dxil-db/tests/llvm/dxil-td.toml");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The LLVM name of a TableGen intrinsic record: `int_dx_wave_reduce_sum` →
/// `llvm.dx.wave.reduce.sum`.
fn llvm_name(record: &str) -> String {
    format!(
        "llvm.{}",
        record
            .strip_prefix("int_")
            .unwrap_or(record)
            .replace('_', ".")
    )
}

/// The sources a selection stands for, for an op with `params` operands.
fn sources(select: &Select, params: usize) -> Vec<Source> {
    match &select.args {
        None => (0..params).map(|i| Source::Arg(i as u8)).collect(),
        Some(args) => args
            .iter()
            .map(|a| match (a.arg, a.i8, a.i32) {
                (Some(i), None, None) => Source::Arg(i),
                (None, Some(v), None) => Source::Const {
                    ty: ConstType::I8,
                    value: v,
                },
                (None, None, Some(v)) => Source::Const {
                    ty: ConstType::I32,
                    value: v,
                },
                _ => panic!("bad selection in the facts file: {a:?}"),
            })
            .collect(),
    }
}

/// Why the database's entry for a selection differs, or `None` when it agrees: the intrinsic
/// is lowered, at every version, to one call of the op with the opcode, with the same sources.
fn disagreement(db: &Database, s: &Select) -> Option<String> {
    let name = llvm_name(&s.intrinsic);
    let Some(i) = db.intrinsic_by_name(&name) else {
        return Some(format!("`{name}` is not in the database"));
    };
    if i.lowerings.is_empty() {
        return Some(format!("`{name}` lowers to no op in the database"));
    }
    let Some(op) = db.op_by_opcode(s.opcode) else {
        return Some(format!("no op has opcode {}", s.opcode));
    };
    let params = db.signature_of(op).params.len();
    let expected = sources(s, params);
    for l in &i.lowerings {
        let [step] = l.steps.as_slice() else {
            return Some(format!(
                "`{name}` since {} makes {} calls",
                l.since,
                l.steps.len()
            ));
        };
        if step.op != s.opcode {
            return Some(format!(
                "`{name}` since {} calls {}, not {} ({})",
                l.since,
                db.op_name(step.op),
                s.op,
                s.opcode
            ));
        }
        if step.operands != expected {
            return Some(format!(
                "`{name}` since {}: operands {:?}, DXIL.td selects {:?}",
                l.since, step.operands, expected
            ));
        }
    }
    None
}

/// Intrinsics of the database that DXIL.td does not select, with the reason.
const BEYOND_DXIL_TD: &[(&str, &str)] = &[
    ("llvm.ctpop", CPP),
    ("llvm.dx.resource.atomic.binop", CPP),
    ("llvm.dx.resource.atomic.compare.exchange", CPP),
    ("llvm.dx.resource.getdimensions.x", CPP),
    ("llvm.dx.resource.handlefrombinding", CPP),
    ("llvm.dx.resource.handlefromheap", CPP),
    ("llvm.dx.resource.load.cbufferrow.2", CPP),
    ("llvm.dx.resource.load.cbufferrow.4", CPP),
    ("llvm.dx.resource.load.cbufferrow.8", CPP),
    ("llvm.dx.resource.load.rawbuffer", CPP),
    ("llvm.dx.resource.load.typedbuffer", CPP),
    ("llvm.dx.resource.sample", CPP),
    ("llvm.dx.resource.sample.clamp", CPP),
    ("llvm.dx.resource.samplebias", CPP),
    ("llvm.dx.resource.samplebias.clamp", CPP),
    ("llvm.dx.resource.samplegrad", CPP),
    ("llvm.dx.resource.samplegrad.clamp", CPP),
    ("llvm.dx.resource.samplelevel", CPP),
    ("llvm.dx.resource.store.rawbuffer", CPP),
    ("llvm.dx.resource.store.texture", CPP),
    ("llvm.dx.resource.store.typedbuffer", CPP),
    ("llvm.dx.resource.updatecounter", CPP),
    ("llvm.dx.resource.getpointer", NO_OP),
    ("llvm.dx.resource.handlefromimplicitbinding", NO_OP),
    ("llvm.dx.resource.nonuniformindex", NO_OP),
];

const CPP: &str = "a lowering LLVM decides in C++ (DXILOpLowering.cpp), not in DXIL.td";
const NO_OP: &str = "LLVM lowers it to no DXIL op (an earlier pass rewrites or removes it)";

/// Older intrinsic names the database maps (aliases), which current LLVM no longer has.
const RENAMED: &[(&str, &str)] = &[
    (
        "llvm.dx.handle.fromBinding",
        "renamed llvm.dx.resource.handlefrombinding (seed 002's name)",
    ),
    (
        "llvm.dx.handle.fromHeap",
        "renamed llvm.dx.resource.handlefromheap (the name of seeds 001 and 002)",
    ),
    (
        "llvm.dx.typedBufferLoad",
        "renamed llvm.dx.resource.load.typedbuffer, which returns the check bit too (seed 002)",
    ),
    (
        "llvm.dx.typedBufferLoad.checkbit",
        "merged into llvm.dx.resource.load.typedbuffer (seed 002)",
    ),
    (
        "llvm.dx.typedBufferStore",
        "renamed llvm.dx.resource.store.typedbuffer (seed 002)",
    ),
];

#[test]
fn the_map_agrees_with_dxil_td() {
    let db = common::load_db();
    let facts = facts();
    let selects = facts.selects();
    assert_eq!(facts.op.len(), facts.source.ops, "facts header");
    assert_eq!(selects.len(), facts.source.selects, "facts header");
    let ops: BTreeSet<u32> = selects.iter().map(|s| s.opcode).collect();
    assert_eq!(ops.len(), facts.source.ops_with_selects, "facts header");

    let mut disagreements = Vec::new();
    for s in &selects {
        if let Some(why) = disagreement(&db, s) {
            disagreements.push(format!("{} ({}): {why}", s.op, s.opcode));
        }
    }
    let agree = selects.len() - disagreements.len();
    println!(
        "{agree}/{} IntrinSelect entries agree (DXIL.td of {} @ {})",
        selects.len(),
        facts.source.repository,
        &facts.source.commit[..8]
    );

    // ops named differently: ops.toml keeps DXC's names and gives LLVM's as `dxil_td`
    let mut misnamed = Vec::new();
    let mut renamed = BTreeSet::new();
    for o in &facts.op {
        let Some(op) = db.op_by_opcode(o.opcode) else {
            continue;
        };
        if op.dxil_td.as_deref().unwrap_or(&op.name) != o.name {
            misnamed.push(format!("{} ({}): ours {:?}", o.name, o.opcode, op.dxil_td));
        } else if op.name != o.name {
            renamed.insert(format!("{} = {}", o.name, op.name));
        }
    }
    println!("\nops LLVM names differently ({}):", renamed.len());
    for r in &renamed {
        println!("  {r}: ops.toml keeps DXC's name, `dxil_td` gives LLVM's");
    }

    // intrinsics beyond DXIL.td
    let selected: BTreeSet<String> = selects.iter().map(|s| llvm_name(&s.intrinsic)).collect();
    let beyond: Vec<&Intrinsic> = db
        .intrinsics
        .iter()
        .filter(|i| !selected.contains(&i.name))
        .collect();
    println!(
        "\nintrinsics of the database DXIL.td does not select ({}):",
        beyond.len()
    );
    let reasons: BTreeMap<&str, &str> = BEYOND_DXIL_TD.iter().copied().collect();
    let mut unexplained = Vec::new();
    for i in &beyond {
        match reasons.get(i.name.as_str()) {
            Some(r) => println!("  {}: {r}", i.name),
            None => unexplained.push(i.name.clone()),
        }
    }
    let stale: Vec<&str> = reasons
        .keys()
        .copied()
        .filter(|n| !beyond.iter().any(|i| i.name == *n))
        .collect();

    // renamed intrinsics
    let aliases: BTreeSet<&str> = db
        .intrinsics
        .iter()
        .flat_map(|i| i.aliases.iter().map(String::as_str))
        .collect();
    println!("\nolder names the database maps ({}):", aliases.len());
    let renamed: BTreeMap<&str, &str> = RENAMED.iter().copied().collect();
    for a in &aliases {
        match renamed.get(a) {
            Some(r) => println!("  {a}: {r}"),
            None => unexplained.push((*a).to_owned()),
        }
    }
    let stale_renamed: Vec<&str> = renamed
        .keys()
        .copied()
        .filter(|n| !aliases.contains(n))
        .collect();

    assert!(
        disagreements.is_empty(),
        "{} IntrinSelect entries disagree:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
    assert!(
        misnamed.is_empty(),
        "ops whose `dxil_td` (or name) is not LLVM's name: {misnamed:?}"
    );
    assert!(
        unexplained.is_empty(),
        "differences without a reason (add them to BEYOND_DXIL_TD or RENAMED): {unexplained:?}"
    );
    assert!(
        stale.is_empty() && stale_renamed.is_empty(),
        "reasons for differences that are gone: {stale:?} {stale_renamed:?}"
    );
}

/// Every op DXIL.td selects an intrinsic for has one in the database, and the figures.
#[test]
fn counts() {
    let db = common::load_db();
    let lowered: Vec<&Intrinsic> = db
        .intrinsics
        .iter()
        .filter(|i| !i.lowerings.is_empty())
        .collect();
    let ops: BTreeSet<u32> = lowered
        .iter()
        .flat_map(|i| i.lowerings.iter().flat_map(|l| l.opcodes()))
        .collect();
    println!(
        "{} intrinsics ({} lowered to DXIL ops, {} older names), calling {} ops",
        db.intrinsics.len(),
        lowered.len(),
        db.intrinsics.iter().map(|i| i.aliases.len()).sum::<usize>(),
        ops.len()
    );
    for s in facts().selects() {
        assert!(ops.contains(&s.opcode), "{} ({})", s.op, s.opcode);
    }
}
