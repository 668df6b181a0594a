//! The version-dependent facts DXC keeps in hand-written C++ (see the reference README and
//! `research/dxc-versioned-facts.md`), checked through the public queries of the database.

#![allow(clippy::panic)] // a test fails by panicking

use crate::common;

use common::v;
use dxil_db::{AllowedModules, Database, DxilVersion, Op};

fn op<'d>(db: &'d Database, name: &str) -> &'d Op {
    db.op_by_name(name)
        .unwrap_or_else(|| panic!("op `{name}` is not in ops.toml"))
}

/// Whether `op` may be used in `stage` at `version`.
fn allowed(db: &Database, op: &Op, stage: &str, version: DxilVersion) -> bool {
    let stage = db
        .stage_by_name(stage)
        .unwrap_or_else(|| panic!("stage `{stage}` is not declared"));
    db.op_stages_at(op, version).contains(stage.shader_kind)
}

/// Whether `op` has the scalar (or, with `vector`, the vector) overload `letter` at `version`.
fn has_overload(db: &Database, op: &Op, letter: char, vector: bool, version: DxilVersion) -> bool {
    let id = db
        .overload_types
        .iter()
        .position(|t| t.letter == letter)
        .map(|i| dxil_db::OverloadTypeId(i as u32))
        .unwrap_or_else(|| panic!("no overload letter `{letter}`"));
    op.overloads_at(version)
        .and_then(|spec| spec.dims.first())
        .is_some_and(|d| {
            if vector {
                d.has_vector(id)
            } else {
                d.has_scalar(id)
            }
        })
}

#[test]
fn create_handle_is_valid_at_1_5_and_removed_at_1_6() {
    let db = common::load_db();
    let ch = op(&db, "CreateHandle");
    assert!(ch.available_at(v("1.5")));
    assert!(allowed(&db, ch, "pixel", v("1.5")));
    assert!(allowed(&db, ch, "compute", v("1.5")));
    assert!(!ch.available_at(v("1.6")));
    assert!(db.op_stages_at(ch, v("1.6")).is_empty());
    assert!(db.op_stages_at(ch, db.latest_version()).is_empty());
}

#[test]
fn create_handle_is_for_non_libraries_and_create_handle_for_lib_for_libraries() {
    let db = common::load_db();
    let ch = op(&db, "CreateHandle");
    assert_eq!(ch.modules, AllowedModules::NonLibrary);
    assert!(!allowed(&db, ch, "library", v("1.5")));
    assert_eq!(
        op(&db, "CreateHandleForLib").modules,
        AllowedModules::Library
    );
}

/// Derivative and implicit-LOD ops: compute, amplification and mesh from 1.6, node from 1.8.
#[test]
fn derivatives_reach_compute_at_1_6_and_node_at_1_8() {
    let db = common::load_db();
    let ops = [
        "Sample",
        "SampleBias",
        "SampleCmp",
        "CalculateLOD",
        "DerivCoarseX",
        "DerivCoarseY",
        "DerivFineX",
        "DerivFineY",
    ];
    for name in ops {
        let o = op(&db, name);
        assert!(allowed(&db, o, "pixel", v("1.0")), "{name} in pixel at 1.0");
        for stage in ["compute", "amplification", "mesh"] {
            assert!(
                !allowed(&db, o, stage, v("1.5")),
                "{name} in {stage} at 1.5"
            );
            assert!(allowed(&db, o, stage, v("1.6")), "{name} in {stage} at 1.6");
        }
        assert!(!allowed(&db, o, "node", v("1.7")), "{name} in node at 1.7");
        assert!(allowed(&db, o, "node", v("1.8")), "{name} in node at 1.8");
    }
    // SampleCmpBias comes with DXIL 1.8, with every one of those stages.
    let scb = op(&db, "SampleCmpBias");
    assert!(!scb.available_at(v("1.7")));
    assert!(allowed(&db, scb, "compute", v("1.8")));
    assert!(allowed(&db, scb, "node", v("1.8")));
}

/// Each op has the overload `new` from `since` on but not at `before`, when it already had `old`.
/// Overloads are written `l` (a scalar type) or `<f` (vectors of one).
fn overload_arrives(db: &Database, ops: &[&str], old: &str, new: &str, before: &str, since: &str) {
    let parse = |which: &str| match which.strip_prefix('<') {
        Some(rest) => (rest.chars().next(), true),
        None => (which.chars().next(), false),
    };
    let ((Some(old_letter), old_vec), (Some(new_letter), new_vec)) = (parse(old), parse(new))
    else {
        panic!("bad overload in test: `{old}` or `{new}`");
    };
    for name in ops {
        let o = op(db, name);
        let has = |letter, vector, at: &str| has_overload(db, o, letter, vector, v(at));
        assert!(
            has(old_letter, old_vec, before),
            "{name} has `{old}` at {before}"
        );
        assert!(
            !has(new_letter, new_vec, before),
            "{name} has `{new}` at {before}"
        );
        assert!(
            has(new_letter, new_vec, since),
            "{name} lacks `{new}` at {since}"
        );
    }
}

#[test]
fn atomics_get_i64_at_1_6() {
    let db = common::load_db();
    let atomics = ["AtomicBinOp", "AtomicCompareExchange"];
    overload_arrives(&db, &atomics, "i", "l", "1.5", "1.6");
}

#[test]
fn raw_buffer_load_and_store_get_64_bit_types_at_1_3() {
    let db = common::load_db();
    let ops = ["RawBufferLoad", "RawBufferStore"];
    overload_arrives(&db, &ops, "f", "d", "1.2", "1.3");
    overload_arrives(&db, &ops, "f", "l", "1.2", "1.3");
}

#[test]
fn is_special_float_ops_get_half_at_1_9() {
    let db = common::load_db();
    let ops = ["IsNaN", "IsInf", "IsFinite", "IsNormal"];
    overload_arrives(&db, &ops, "f", "h", "1.8", "1.9");
}

#[test]
fn vector_overloads_come_with_1_9() {
    let db = common::load_db();
    overload_arrives(&db, &["FAbs", "Sin", "Sqrt"], "f", "<f", "1.8", "1.9");
}

#[test]
fn barrier_reorder_scope_is_accepted_from_1_9() {
    let db = common::load_db();
    let flags = db
        .enum_by_name("BarrierSemanticFlag")
        .expect("BarrierSemanticFlag is declared");
    let reorder = flags
        .value("ReorderScope")
        .expect("ReorderScope is a value")
        .value;
    let legacy = flags
        .value("LegacyFlags")
        .expect("LegacyFlags is a value")
        .value;
    assert!(flags.accepts(legacy, v("1.8")));
    assert!(!flags.accepts(reorder, v("1.8")));
    assert!(!flags.accepts(reorder | legacy, v("1.8")));
    assert!(flags.accepts(reorder, v("1.9")));
    assert!(flags.accepts(reorder | legacy, v("1.9")));
}

/// Experimental ops exist only at a pre-release version: no released version has them.
#[test]
fn experimental_ops_need_the_prerelease_version() {
    let db = common::load_db();
    let released = db
        .versions
        .iter()
        .filter(|v| !v.prerelease)
        .map(|v| v.dxil)
        .max()
        .expect("some version is released");
    let experimental: Vec<&Op> = db
        .ops
        .iter()
        .filter(|o| db.table_of(o).experimental)
        .collect();
    assert!(!experimental.is_empty());
    for o in experimental {
        let intro = db.versions.iter().find(|v| v.dxil == o.introduced);
        assert!(
            intro.is_some_and(|v| v.prerelease),
            "{} is introduced in {}",
            o.name,
            o.introduced
        );
        assert!(
            !o.available_at(released),
            "{} is available at {released}",
            o.name
        );
        assert!(
            o.available_at(db.latest_version()),
            "{} is not available at all",
            o.name
        );
    }
}

/// A stage listed before it exists applies once it exists: no op is ever allowed in mesh at 1.4,
/// in node at 1.7 or in a library at 1.2.
#[test]
fn stages_are_never_allowed_before_they_exist() {
    let db = common::load_db();
    for (stage, before, since) in [
        ("mesh", "1.4", "1.5"),
        ("node", "1.7", "1.8"),
        ("library", "1.2", "1.3"),
    ] {
        for o in &db.ops {
            assert!(
                !allowed(&db, o, stage, v(before)),
                "{} in {stage} at {before}",
                o.name
            );
        }
        assert!(
            db.ops.iter().any(|o| allowed(&db, o, stage, v(since))),
            "some op in {stage} at {since}"
        );
    }
    // Sample lists `library` from 1.0; it applies from 1.3, when libraries exist.
    let sample = op(&db, "Sample");
    assert!(!allowed(&db, sample, "library", v("1.2")));
    assert!(allowed(&db, sample, "library", v("1.3")));
}

/// Before `introduced` an op has no overloads, attributes or stages, and is not available.
#[test]
fn ops_are_unavailable_before_they_are_introduced() {
    let db = common::load_db();
    let mut checked = 0;
    for o in &db.ops {
        for info in db.versions.iter().filter(|v| v.dxil < o.introduced) {
            let at = info.dxil;
            assert!(!o.available_at(at), "{} available at {at}", o.name);
            assert!(
                o.overloads_at(at).is_none(),
                "{} has overloads at {at}",
                o.name
            );
            assert!(
                o.attributes_at(at).is_none(),
                "{} has attributes at {at}",
                o.name
            );
            assert!(
                db.op_stages_at(o, at).is_empty(),
                "{} has stages at {at}",
                o.name
            );
            checked += 1;
        }
        assert!(
            o.available_at(o.introduced),
            "{} not available when introduced",
            o.name
        );
    }
    assert!(checked > 0);
    let rbl = op(&db, "RawBufferLoad");
    assert!(!rbl.available_at(v("1.1")));
    assert!(rbl.available_at(v("1.2")));
}
