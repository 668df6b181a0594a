//! Agreement of the LLVM intrinsic map with LLVM's DXIL.td: every `IntrinSelect` entry there (the
//! facts are in `tests/llvm/dxil-td.toml`) is in the database for the same op (by opcode) with
//! the same operand sources. Differences are listed by name with the reason: an op LLVM names
//! differently, a lowering LLVM decides in C++ (or not at all), an intrinsic LLVM renamed.
//!
//! With `DXIL_TD=/path/to/DXIL.td`, the test also reads that file and checks that the facts file
//! says what it says.

#![allow(clippy::panic)] // a test fails by panicking

mod common;

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

// ------------------------------------------------------------------------------------------
// Reading a real DXIL.td (DXIL_TD=path).

/// The `IntrinSelect` entries of a DXIL.td text, sorted.
fn read_dxil_td(text: &str) -> Result<Vec<Select>, String> {
    let text: String = text
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let mut vars = BTreeMap::new();
    for part in text.split("defvar").skip(1) {
        let Some((decl, _)) = part.split_once(';') else {
            continue;
        };
        if let Some((name, value)) = decl.split_once('=')
            && let Ok(v) = value.trim().parse::<i64>()
        {
            vars.insert(name.trim().to_owned(), v);
        }
    }
    let mut out = Vec::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("def ") {
        rest = &rest[at + 4..];
        let Some((header, body_start)) = rest.split_once('{') else {
            break;
        };
        let Some((name, op)) = header.split_once(':') else {
            continue;
        };
        let Some(args) = op.trim().strip_prefix("DXILOp<") else {
            continue;
        };
        let opcode: u32 = args
            .split(',')
            .next()
            .and_then(|n| n.trim().parse().ok())
            .ok_or_else(|| format!("opcode of {}", name.trim()))?;
        // the body: up to the matching closing brace
        let mut depth = 1;
        let mut end = body_start.len();
        for (i, c) in body_start.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = i;
                        break;
                    }
                }
                _ => {}
            }
        }
        let body = &body_start[..end];
        for sel in body.split("IntrinSelect<").skip(1) {
            let record: String = sel
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            let after = sel[record.len()..].trim_start();
            let args = if let Some(list) = after.strip_prefix(',') {
                let list = list
                    .trim_start()
                    .strip_prefix('[')
                    .ok_or("selection list")?;
                let list = &list[..list.find(']').ok_or("selection list end")?];
                let mut args = Vec::new();
                let items = list.split('>').map(|s| s.trim().trim_matches(',').trim());
                for item in items.filter(|s| !s.is_empty()) {
                    let (kind, value) = item.split_once('<').ok_or("selection item")?;
                    let value = value.trim();
                    let n = value
                        .parse::<i64>()
                        .ok()
                        .or_else(|| vars.get(value).copied())
                        .ok_or_else(|| format!("value {value}"))?;
                    args.push(match kind.trim() {
                        "IntrinArgIndex" => Arg {
                            arg: Some(n as u8),
                            i8: None,
                            i32: None,
                        },
                        "IntrinArgI8" => Arg {
                            arg: None,
                            i8: Some(n),
                            i32: None,
                        },
                        "IntrinArgI32" => Arg {
                            arg: None,
                            i8: None,
                            i32: Some(n),
                        },
                        other => return Err(format!("selection kind {other}")),
                    });
                }
                Some(args)
            } else {
                None
            };
            out.push(Select {
                op: name.trim().to_owned(),
                opcode,
                intrinsic: record,
                args,
            });
        }
        rest = &body_start[end..];
    }
    out.sort();
    Ok(out)
}

#[test]
fn the_facts_file_says_what_dxil_td_says() {
    let Some(path) = std::env::var_os("DXIL_TD") else {
        eprintln!("skipping: set DXIL_TD to the path of LLVM's DXIL.td to check the facts file");
        return;
    };
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.to_string_lossy()));
    let read = read_dxil_td(&text).unwrap_or_else(|e| panic!("cannot read DXIL.td: {e}"));
    let mut facts = facts().selects();
    facts.sort();
    assert_eq!(
        read, facts,
        "tests/llvm/dxil-td.toml is not what DXIL.td says"
    );
}

/// The reader on a text written for the test, in the shape of DXIL.td.
#[test]
fn dxil_td_reader() {
    let text = r#"
defvar Mode_A = 10; // a named constant
def Zero : DXILOp<0, zero> {
  let intrinsics = [IntrinSelect<int_one>];
}
def Two : DXILOp<2, two> {
  let Doc = "has { braces }";
  let intrinsics = [
    IntrinSelect<int_dx_two, [IntrinArgIndex<1>, IntrinArgI8<3>,]>,
    IntrinSelect<int_dx_mode, [ IntrinArgI32<Mode_A> ]>,
  ];
}
def NoSelect : DXILOp<3, three> { let arguments = []; }
"#;
    let read = read_dxil_td(text).unwrap_or_else(|e| panic!("{e}"));
    let names: Vec<(&str, u32, &str)> = read
        .iter()
        .map(|s| (s.op.as_str(), s.opcode, s.intrinsic.as_str()))
        .collect();
    assert_eq!(
        names,
        [
            ("Two", 2, "int_dx_mode"),
            ("Two", 2, "int_dx_two"),
            ("Zero", 0, "int_one"),
        ]
    );
    assert_eq!(read[0].args.as_ref().map(|a| a[0].i32), Some(Some(10)));
    assert_eq!(read[1].args.as_ref().map(Vec::len), Some(2));
    assert_eq!(read[2].args, None);
    assert_eq!(
        llvm_name("int_dx_wave_reduce_sum"),
        "llvm.dx.wave.reduce.sum"
    );
}
