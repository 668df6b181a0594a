//! The JSON export has exactly the keys `docs/json-export.md` documents, with their types.

#![allow(clippy::panic)] // a test fails by panicking

use crate::common;

use serde_json::Value;

/// The keys of an object, sorted.
fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<&str> = v
        .as_object()
        .unwrap_or_else(|| panic!("not an object: {v}"))
        .keys()
        .map(String::as_str)
        .collect();
    k.sort_unstable();
    k
}

fn sorted<'a>(k: &[&'a str]) -> Vec<&'a str> {
    let mut k = k.to_vec();
    k.sort_unstable();
    k
}

/// Every element of `array` has exactly the keys `required`, plus any of `optional`.
fn check_items(what: &str, array: &Value, required: &[&str], optional: &[&str]) {
    let items = array
        .as_array()
        .unwrap_or_else(|| panic!("{what} is not an array"));
    assert!(!items.is_empty(), "{what} is empty");
    for item in items {
        let k: Vec<&str> = keys(item)
            .into_iter()
            .filter(|k| !optional.contains(k))
            .collect();
        assert_eq!(k, sorted(required), "keys of {what}: {item}");
    }
}

#[test]
fn the_export_has_the_documented_keys() {
    let db = common::load_db();
    let json = dxil_db::export::to_json(&db);
    assert_eq!(
        keys(&json),
        sorted(&[
            "format",
            "versions",
            "stages",
            "tables",
            "ops",
            "validation_rules",
            "enums",
            "intrinsics",
            "derived_values"
        ])
    );
    assert_eq!(json["format"], "dxil-ops-db/1");
    check_items(
        "versions",
        &json["versions"],
        &["dxil", "shader_model", "prerelease"],
        &[],
    );
    check_items(
        "stages",
        &json["stages"],
        &["name", "shader_kind", "since"],
        &[],
    );
    check_items(
        "tables",
        &json["tables"],
        &["name", "id", "experimental", "doc"],
        &[],
    );
    let op_keys = [
        "table",
        "opcode",
        "index",
        "name",
        "class",
        "function",
        "category",
        "doc",
        "reserved",
        "introduced",
        "min_shader_model",
        "shader_model_translated",
        "overloads",
        "stages",
        "attributes",
        "params",
        "llvm_intrinsics",
    ];
    check_items("ops", &json["ops"], &op_keys, &[]);
    check_items(
        "validation_rules",
        &json["validation_rules"],
        &["code", "category", "message", "doc"],
        &[],
    );
    check_items(
        "enums",
        &json["enums"],
        &["name", "flags", "values"],
        &["derived_from"],
    );
    for op in json["ops"].as_array().into_iter().flatten() {
        check_items("overloads", &op["overloads"], &["since", "dxc"], &[]);
        check_items("stages", &op["stages"], &["since", "stages"], &[]);
        check_items(
            "attributes",
            &op["attributes"],
            &["since", "attributes"],
            &[],
        );
        check_items(
            "params",
            &op["params"],
            &["name", "type", "is_const", "doc"],
            &["enum", "max"],
        );
        assert_eq!(
            op["params"][0]["name"], "",
            "the result comes first: {}",
            op["name"]
        );
        assert_eq!(op["params"][0]["is_const"], false);
        if op["llvm_intrinsics"]
            .as_array()
            .is_some_and(|a| !a.is_empty())
        {
            check_items(
                "llvm_intrinsics",
                &op["llvm_intrinsics"],
                &["name", "since", "until", "step", "args", "operands"],
                &[],
            );
        }
    }
    check_items(
        "intrinsics",
        &json["intrinsics"],
        &[
            "name",
            "aliases",
            "doc",
            "remarks",
            "params",
            "op_record",
            "lowerings",
        ],
        &[],
    );
    for i in json["intrinsics"].as_array().into_iter().flatten() {
        if i["lowerings"].as_array().is_some_and(|a| a.is_empty()) {
            continue;
        }
        check_items(
            "lowerings",
            &i["lowerings"],
            &["since", "until", "steps", "result"],
            &[],
        );
        for l in i["lowerings"].as_array().into_iter().flatten() {
            check_items(
                "steps",
                &l["steps"],
                &["op", "opcode", "overload", "operands", "split64"],
                &[],
            );
            let shape = l["result"]["shape"].as_str().unwrap_or_default();
            let extra: &[&str] = match shape {
                "field" => &["field"],
                "res_ret" => &["check", "join64"],
                _ => &[],
            };
            let mut expected = vec!["shape"];
            expected.extend_from_slice(extra);
            assert_eq!(
                keys(&l["result"]),
                sorted(&expected),
                "result of {}",
                i["name"]
            );
        }
    }
    check_items(
        "derived_values",
        &json["derived_values"],
        &["name", "type", "doc"],
        &[],
    );
    for e in json["enums"].as_array().into_iter().flatten() {
        check_items(
            "enum values",
            &e["values"],
            &["name", "value", "doc"],
            &["alias", "mask", "since"],
        );
    }
}

#[test]
fn opcodes_are_full_32_bit_and_params_use_dxc_type_codes() {
    let db = common::load_db();
    let json = dxil_db::export::to_json(&db);
    let ops = json["ops"].as_array().expect("ops is an array");
    assert_eq!(ops.len(), db.ops.len());
    let find = |name: &str| {
        ops.iter()
            .find(|o| o["name"] == name)
            .unwrap_or_else(|| panic!("{name} is exported"))
    };
    let nop = find("ExperimentalNop");
    assert_eq!(nop["opcode"], 0x8000_0000u32);
    assert_eq!(nop["table"], "ExperimentalOps");
    let sample = find("Sample");
    assert_eq!(sample["function"], "sample");
    let types: Vec<&str> = sample["params"]
        .as_array()
        .expect("params")
        .iter()
        .filter_map(|p| p["type"].as_str())
        .collect();
    assert_eq!(types[..3], ["$r", "res", "res"]);
    assert_eq!(find("CreateHandle")["stages"][1]["stages"][0], "removed");
}

#[dxil_test_data::needs(shared = "reference/dxil-reference.json")]
#[test]
fn every_enumeration_of_dxc_is_exported_with_its_values() {
    let db = common::load_db();
    let json = dxil_db::export::to_json(&db);
    let ours = json["enums"].as_array().expect("enums is an array");
    let Some(reference) = common::reference() else {
        return;
    };
    let theirs = reference["enums"].as_array().expect("reference enums");
    // DXC's class of LLVM instructions has no op, so ops.toml declares no such class
    // (reference_tables.rs lists it).
    let not_in_ours = ["LlvmInst"];
    for r in theirs {
        let name = r["name"].as_str().expect("name");
        let e = ours
            .iter()
            .find(|e| e["name"] == name)
            .unwrap_or_else(|| panic!("{name} is not exported"));
        let names: Vec<&str> = e["values"]
            .as_array()
            .expect("values")
            .iter()
            .filter_map(|v| v["name"].as_str())
            .collect();
        for v in r["values"].as_array().expect("reference values") {
            let v = v["name"].as_str().expect("value name");
            assert!(
                names.contains(&v) || not_in_ours.contains(&v),
                "{name}.{v} is not exported"
            );
        }
    }
    let classes = ours
        .iter()
        .find(|e| e["name"] == "OpCodeClass")
        .expect("OpCodeClass");
    assert_eq!(classes["derived_from"], "class");
    assert_eq!(
        classes["values"].as_array().map(Vec::len),
        Some(db.classes.len())
    );
    println!(
        "{}/{} enumerations of DXC exported ({} in all)",
        theirs.len(),
        theirs.len(),
        ours.len()
    );
}
