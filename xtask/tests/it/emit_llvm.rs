//! `cargo xtask emit llvm`: LLVM 14's TableGen reads the DXIL.td it writes, every op of the
//! database is a `DXILOp` record, and the records of the ops LLVM's DXIL.td defines (the facts in
//! `dxil-db/tests/llvm/dxil-td.toml`) agree with LLVM's field by field: opcode, name, class,
//! result, arguments, overloads, stages, attributes and intrinsic selections, except the
//! differences listed in [`DIFFERENCES`] with their reasons.
//!
//! Fields are compared by what LLVM's backend reads from them: a versioned list at every DXIL
//! version of the database (the entry with the latest version not above it; attributes are the
//! union of the entries up to it, as LLVM joins them), stages as the stages that exist at that
//! version (`all_stages` is every one of them), selections without a list as the arguments in
//! order. Overloads and attributes are compared at the versions where both records make the op
//! available (LLVM gives some ops attributes from DXIL 1.0 that exist from 1.6).
//!
//! With `DXIL_TD=/path/to/DXIL.td`, `the_facts_say_what_dxil_td_says` reads an LLVM DXIL.td the
//! same way and checks the facts file against it.

#![allow(clippy::panic)] // a test fails by panicking

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::tblgen::{self, Arg, Entry, TdOp};
use dxil_codegen::foreign::llvm;
use dxil_db::{Database, DxilVersion};

/// Where LLVM's records and ours differ, on purpose: (LLVM's op, field, why). The database's
/// facts are DXC's (`dxil-db/tests/it/reference.rs` holds them against DXC's tables).
const DIFFERENCES: &[(&str, &str, &str)] = &[
    ("LoadInput", "attributes", RN_NOT_RO),
    ("IsNaN", "overloads", HALF_SPECIAL),
    ("IsInf", "overloads", HALF_SPECIAL),
    ("IsFinite", "overloads", HALF_SPECIAL),
    ("IsNormal", "overloads", HALF_SPECIAL),
    (
        "CountBits",
        "intrinsics",
        "the database maps llvm.ctpop to one call of the op (its entry notes that the intrinsic returns its argument's type and the op i32); LLVM lowers it in C++, where it casts the result",
    ),
    (
        "CreateHandle",
        "stages",
        "not for libraries (they have CreateHandleForLib; `target = \"non_library\"`), so neither in library nor in ray-tracing stages; LLVM lists all_stages",
    ),
    ("Sample", "overloads", INT_SAMPLING),
    ("SampleBias", "overloads", INT_SAMPLING),
    ("SampleLevel", "overloads", INT_SAMPLING),
    ("SampleGrad", "overloads", INT_SAMPLING),
    ("GetDimensions", "attributes", RO_NOT_NONE),
    (
        "Barrier",
        "stages",
        "DXC allows the legacy barrier in every stage, outside compute-like shaders and libraries only as the global UAV fence (constraint barrier.non-cs-uglobal); LLVM lists compute and library",
    ),
    (
        "Barrier",
        "attributes",
        "DXC declares it noduplicate (`nd`); LLVM's record gives no attribute",
    ),
    ("DerivCoarseX", "stages", DERIVATIVE_STAGES),
    ("DerivCoarseX", "attributes", RN_NOT_NONE),
    ("DerivCoarseY", "stages", DERIVATIVE_STAGES),
    ("DerivCoarseY", "attributes", RN_NOT_NONE),
    ("DerivFineX", "stages", DERIVATIVE_STAGES),
    ("DerivFineX", "attributes", RN_NOT_NONE),
    ("DerivFineY", "stages", DERIVATIVE_STAGES),
    ("DerivFineY", "attributes", RN_NOT_NONE),
    ("ThreadId", "arguments", COMPONENT),
    ("GroupId", "arguments", COMPONENT),
    ("ThreadIdInGroup", "arguments", COMPONENT),
    ("WaveGetLaneCount", "attributes", RN_NOT_RO),
    (
        "WaveActiveAllEqual",
        "overloads",
        "DXC's overloads are hfd18wil; LLVM's record lists none, so LLVM builds no overload of it",
    ),
    ("WaveReadLaneAt", "overloads", WAVE_I8),
    ("WaveActiveOp", "overloads", WAVE_I8),
    (
        "WaveActiveBit",
        "overloads",
        "DXC's overloads are i8, i16, i32 and i64; LLVM's are i32 and i64",
    ),
    ("WavePrefixOp", "overloads", WAVE_I8),
    ("QuadOp", "overloads", WAVE_I8),
    (
        "QuadOp",
        "stages",
        "quad operations need quads: DXC allows them in pixel, compute, amplification, mesh and node shaders and in libraries; LLVM lists all_stages",
    ),
    ("LegacyF32ToF16", "attributes", RN_NOT_NONE),
    ("LegacyF16ToF32", "attributes", RN_NOT_NONE),
    ("RawBufferLoad", "attributes", RO_NOT_NONE),
    (
        "RawBufferStore",
        "overloads",
        "LLVM names the overloads of the stored values with RawBufferLoad's ResRet records (its backend reads ResRetHalfTy as half); the values are scalars of the overload type, HalfTy, ...",
    ),
    ("Dot4AddI8Packed", "arguments", ACCUMULATOR),
    ("Dot4AddU8Packed", "arguments", ACCUMULATOR),
];

const RN_NOT_RO: &str = "DXC declares it readnone (`rn`); LLVM's record says ReadOnly";
const RN_NOT_NONE: &str = "DXC declares it readnone (`rn`); LLVM's record gives no attribute";
const RO_NOT_NONE: &str = "DXC declares it readonly (`ro`); LLVM's record gives no attribute";
const HALF_SPECIAL: &str = "half only from DXIL 1.9: DXC's validator refuses 16-bit IsSpecialFloat ops before SM 6.9, which the database's versioned overloads say; LLVM lists half from 1.0";
const INT_SAMPLING: &str = "DXC's overloads are hfwi at every version; integer sampling needs SM 6.7, which the database says with the constraint sample.component-type-67 (on the resource's component type), not as an overload gate; LLVM adds i16 and i32 from DXIL 1.7";
const DERIVATIVE_STAGES: &str = "derivatives in compute, amplification and mesh shaders from DXIL 1.6 and in node shaders from 1.8 (DXC); LLVM lists library and pixel";
const COMPONENT: &str = "the component index is an i32 operand (DXC); LLVM types it OverloadTy, which is i32 for the only overload";
const WAVE_I8: &str = "DXC's overloads include i8 (and WaveActiveOp's i1); LLVM's leave them out";
const ACCUMULATOR: &str =
    "the accumulator has the overload type (DXC's `$o`); LLVM types it Int32Ty, the only overload";

/// Runs `cargo xtask emit llvm --output DIR` (a fresh `target/NAME`) and returns DIR.
fn emit(name: &str) -> PathBuf {
    let dir = common::root().join("target").join(name);
    let _ = fs::remove_dir_all(&dir);
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["emit", "llvm", "--output"])
        .arg(&dir)
        .output()
        .expect("xtask runs");
    assert!(
        out.status.success(),
        "emit llvm fails:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    dir
}

fn load(root: &Path) -> Database {
    dxil_db::load(root.join("ops.toml")).unwrap_or_else(|e| panic!("ops.toml loads: {e}"))
}

/// What a record means, field by field, at the versions of a database.
#[derive(Debug, PartialEq)]
struct Meaning {
    name: String,
    class: String,
    result: String,
    arguments: Vec<String>,
    overloads: Vec<BTreeSet<String>>,
    stages: Vec<BTreeSet<String>>,
    attributes: Vec<BTreeSet<String>>,
    intrinsics: BTreeSet<(String, Vec<Arg>)>,
}

/// The versions of the database, and the stages that exist at each.
struct Versions(Vec<(DxilVersion, BTreeSet<String>)>);

impl Versions {
    fn of(db: &Database) -> Versions {
        Versions(
            db.versions
                .iter()
                .map(|v| {
                    let stages = db.stages.iter().filter(|s| s.since <= v.dxil);
                    (v.dxil, stages.map(|s| s.name.clone()).collect())
                })
                .collect(),
        )
    }
}

fn since(e: &Entry) -> DxilVersion {
    e.since
        .parse()
        .unwrap_or_else(|e| panic!("a DXIL version: {e}"))
}

/// The entry of a versioned list that applies at `v`.
fn at(entries: &[Entry], v: DxilVersion) -> Option<&Entry> {
    entries
        .iter()
        .filter(|e| since(e) <= v)
        .max_by_key(|e| since(e))
}

fn set(items: &[String]) -> BTreeSet<String> {
    items.iter().cloned().collect()
}

fn meaning(op: &TdOp, versions: &Versions) -> Meaning {
    let per_version = |f: &dyn Fn(DxilVersion, &BTreeSet<String>) -> BTreeSet<String>| {
        versions.0.iter().map(|(v, s)| f(*v, s)).collect()
    };
    let in_order = || {
        (0..op.arguments.len() as i64)
            .map(|i| Arg {
                arg: Some(i),
                i8: None,
                i32: None,
            })
            .collect()
    };
    Meaning {
        name: op.name.clone(),
        class: op.class.clone(),
        result: op.result.clone(),
        arguments: op.arguments.clone(),
        overloads: per_version(&|v, _| {
            at(&op.overloads, v)
                .map(|e| set(&e.items))
                .unwrap_or_default()
        }),
        stages: per_version(&|v, existing| match at(&op.stages, v) {
            None => BTreeSet::new(),
            Some(e) if e.items.iter().any(|s| s == "all_stages") => existing.clone(),
            Some(e) => set(&e.items).intersection(existing).cloned().collect(),
        }),
        attributes: per_version(&|v, _| {
            let up_to = op.attributes.iter().filter(|e| since(e) <= v);
            up_to.flat_map(|e| e.items.iter().cloned()).collect()
        }),
        intrinsics: op
            .intrinsics
            .iter()
            .map(|s| (s.intrinsic.clone(), s.args.clone().unwrap_or_else(in_order)))
            .collect(),
    }
}

/// The fields where two records differ, each with what each says.
fn differences(ours: &Meaning, llvm: &Meaning, versions: &Versions) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let mut field = |name: &'static str, same: bool, text: String| {
        if !same {
            out.push((name, text));
        }
    };
    field(
        "name",
        ours.name == llvm.name,
        format!("ours {}, LLVM's {}", ours.name, llvm.name),
    );
    field(
        "class",
        ours.class == llvm.class,
        format!("ours {}, LLVM's {}", ours.class, llvm.class),
    );
    field(
        "result",
        ours.result == llvm.result,
        format!("ours {}, LLVM's {}", ours.result, llvm.result),
    );
    field(
        "arguments",
        ours.arguments == llvm.arguments,
        format!("ours {:?}, LLVM's {:?}", ours.arguments, llvm.arguments),
    );
    // overloads and attributes where both make the op available
    let available = |i: usize| !ours.stages[i].is_empty() && !llvm.stages[i].is_empty();
    let versioned = |a: &[BTreeSet<String>], b: &[BTreeSet<String>], all: bool| {
        let i = (0..a.len()).find(|&i| (all || available(i)) && a[i] != b[i])?;
        Some(format!(
            "at DXIL {}: ours {:?}, LLVM's {:?}",
            versions.0[i].0, a[i], b[i]
        ))
    };
    for (name, a, b, all) in [
        ("overloads", &ours.overloads, &llvm.overloads, false),
        ("stages", &ours.stages, &llvm.stages, true),
        ("attributes", &ours.attributes, &llvm.attributes, false),
    ] {
        if let Some(text) = versioned(a, b, all) {
            field(name, false, text);
        }
    }
    let only =
        |a: &BTreeSet<(String, Vec<Arg>)>, b: &BTreeSet<(String, Vec<Arg>)>| -> Vec<String> {
            a.difference(b)
                .map(|(i, args)| format!("{i} {args:?}"))
                .collect()
        };
    field(
        "intrinsics",
        ours.intrinsics == llvm.intrinsics,
        format!(
            "only ours: {:?}; only LLVM's: {:?}",
            only(&ours.intrinsics, &llvm.intrinsics),
            only(&llvm.intrinsics, &ours.intrinsics)
        ),
    );
    out
}

#[dxil_test_data::needs(tool = "llvm-tblgen-14")]
#[test]
fn llvm_tblgen_reads_it_and_llvms_records_agree() {
    let root = common::root();
    let db = load(&root);
    let dir = emit("emit-llvm");
    let Some(json) = tblgen::dump(&dir.join(llvm::DXIL_TD), &[&dir]) else {
        return;
    };
    let ours = tblgen::ops(&json);

    // every op of the database, under LLVM's name, once
    let real: Vec<&dxil_db::Op> = db.ops.iter().filter(|o| !o.reserved).collect();
    assert_eq!(ours.len(), real.len(), "one DXILOp record per op");
    assert_eq!(ours.len(), llvm::op_count(&db));
    for (record, op) in ours.iter().zip(&real) {
        assert_eq!(record.opcode, u64::from(op.opcode));
        assert_eq!(
            record.name,
            op.dxil_td.clone().unwrap_or_else(|| op.name.clone())
        );
        assert_eq!(record.class, db.class_of(op).stem);
        assert!(!record.stages.is_empty(), "{} has stages", record.name);
    }
    for v in &db.versions {
        let r = &json[format!("DXIL{}_{}", v.dxil.major, v.dxil.minor)];
        assert_eq!(
            (r["Major"].as_u64(), r["Minor"].as_u64()),
            (Some(u64::from(v.dxil.major)), Some(u64::from(v.dxil.minor)))
        );
    }

    // LLVM's records
    let facts = tblgen::facts();
    assert_eq!(facts.op.len(), facts.source.ops, "facts header");
    let versions = Versions::of(&db);
    let by_opcode: BTreeMap<u64, &TdOp> = ours.iter().map(|o| (o.opcode, o)).collect();
    let mut found = BTreeSet::new();
    let mut report = Vec::new();
    let mut agree = 0;
    for l in &facts.op {
        let Some(o) = by_opcode.get(&l.opcode) else {
            panic!(
                "LLVM's {} ({}) is no op of the emitted DXIL.td",
                l.name, l.opcode
            );
        };
        let diffs = differences(&meaning(o, &versions), &meaning(l, &versions), &versions);
        if diffs.is_empty() {
            agree += 1;
        }
        for (field, text) in diffs {
            found.insert((l.name.clone(), field.to_owned()));
            report.push(format!("{} ({}) {field}: {text}", l.name, l.opcode));
        }
    }
    println!(
        "{} DXILOp records; {agree} of LLVM's {} agree field by field (DXIL.td of {} @ {}); {} listed differences",
        ours.len(),
        facts.op.len(),
        facts.source.repository,
        &facts.source.commit[..8],
        found.len()
    );
    let listed: BTreeMap<(String, String), &str> = DIFFERENCES
        .iter()
        .map(|(op, f, why)| (((*op).to_owned(), (*f).to_owned()), *why))
        .collect();
    for line in &report {
        println!("  {line}");
    }
    let unlisted: Vec<&(String, String)> =
        found.iter().filter(|d| !listed.contains_key(*d)).collect();
    let stale: Vec<&(String, String)> = listed.keys().filter(|d| !found.contains(*d)).collect();
    assert!(
        unlisted.is_empty() && stale.is_empty(),
        "differences without a reason (add them to DIFFERENCES): {unlisted:?}\nlisted differences that are gone: {stale:?}"
    );
}

/// The baseline of the database lists exactly the intrinsics of the map that LLVM 14's
/// Intrinsics.td defines.
#[dxil_test_data::needs(tool = "llvm-tblgen-14")]
#[test]
fn the_baseline_is_what_llvm_14_defines() {
    let db = load(&common::root());
    let baseline = db.llvm_baseline.as_ref().expect("[llvm_baseline]");
    assert_eq!(baseline.release, "14", "the release CI reads DXIL.td with");
    let dir = common::root().join("target/llvm-14-intrinsics");
    fs::create_dir_all(&dir).expect("folder");
    let file = dir.join("all.td");
    fs::write(&file, "include \"llvm/IR/Intrinsics.td\"\n").expect("write");
    let Some(json) = tblgen::dump(&file, &[]) else {
        return;
    };
    let defined: BTreeSet<String> = tblgen::intrinsic_names(&json).into_iter().collect();
    let expected: Vec<&str> = db
        .intrinsics
        .iter()
        .map(|i| i.name.as_str())
        .filter(|n| defined.contains(*n))
        .collect();
    assert_eq!(baseline.intrinsics, expected);
}

/// The files: the same twice, and without the companion for LLVM's tree; a second run of the
/// command changes nothing.
#[test]
fn files_and_options() {
    let db = load(&common::root());
    let files = llvm::files(&db, llvm::Options::default()).expect("writes");
    assert_eq!(
        files,
        llvm::files(&db, llvm::Options::default()).expect("writes")
    );
    let names: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(names, [llvm::DXIL_TD, llvm::INTRINSICS_TD]);
    assert!(
        files[0]
            .contents
            .contains("include \"DXILIntrinsics.td\"\n")
    );
    let tree = llvm::files(
        &db,
        llvm::Options {
            without_declarations: true,
        },
    )
    .expect("writes");
    assert_eq!(tree.len(), 1);
    assert!(!tree[0].contents.contains("DXILIntrinsics.td\"\n"));
    assert!(
        tree[0]
            .contents
            .contains("include \"llvm/IR/Intrinsics.td\"\n")
    );

    let dir = emit("emit-llvm-twice");
    let again = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["emit", "llvm", "--output"])
        .arg(&dir)
        .output()
        .expect("xtask runs");
    let said = String::from_utf8_lossy(&again.stdout);
    assert!(again.status.success());
    assert_eq!(said.matches("(unchanged)").count(), 2, "{said}");
}

/// Names TableGen cannot read, or two records of one name, are errors, not panics.
#[test]
fn names_dxil_td_cannot_hold_are_errors() {
    let work = common::database_copy("emit-llvm-names");
    let core = work.join("db/ops/core.toml");
    let text = fs::read_to_string(&core).expect("db/ops/core.toml");
    let clash = text.replacen("dxil_td = \"Abs\"", "dxil_td = \"OverloadTy\"", 1);
    fs::write(&core, clash).expect("edit the copy");
    let db = load(&work);
    let err = llvm::files(&db, llvm::Options::default()).expect_err("a clash");
    assert_eq!(
        err.to_string(),
        "cannot write LLVM's DXIL.td: op `FAbs` and a parameter type would both be the record `OverloadTy`; give one a `dxil_td`"
    );
}

/// With `DXIL_TD=path`, LLVM's DXIL.td is read with TableGen (LLVM 14's include files and the
/// companion file for the intrinsics LLVM 14 lacks) and its records are the facts file's.
#[test]
#[ignore = "needs LLVM's DXIL.td: DXIL_TD=PATH cargo test -p xtask --test it emit_llvm:: -- --ignored"]
fn the_facts_say_what_dxil_td_says() {
    let Some(path) = std::env::var_os("DXIL_TD") else {
        eprintln!("skipping: set DXIL_TD to the path of LLVM's DXIL.td to check the facts file");
        return;
    };
    let Some(include) = tblgen::llvm_include() else {
        return;
    };
    let db = load(&common::root());
    let files = llvm::files(&db, llvm::Options::default()).expect("writes");
    let shim = common::root().join("target/dxil-td-shim");
    fs::create_dir_all(shim.join("llvm/IR")).expect("folder");
    let declarations = files
        .iter()
        .find(|f| f.path == llvm::INTRINSICS_TD)
        .expect("the companion");
    fs::write(
        shim.join("llvm/IR/Intrinsics.td"),
        format!(
            "include \"{}\"\n{}",
            include.join("llvm/IR/Intrinsics.td").display(),
            declarations.contents
        ),
    )
    .expect("write");
    let Some(json) = tblgen::dump(Path::new(&path), &[&shim]) else {
        return;
    };
    let read = tblgen::ops(&json);
    let facts = tblgen::facts().op;
    for (r, f) in read.iter().zip(&facts) {
        assert_eq!(
            r, f,
            "dxil-db/tests/llvm/dxil-td.toml is not what DXIL.td says"
        );
    }
    assert_eq!(read.len(), facts.len(), "the number of DXILOp records");
}
