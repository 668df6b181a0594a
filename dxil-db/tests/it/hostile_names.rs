//! Names the generator turns into Rust identifiers are checked by the loader: each of these
//! databases (the real one with a few records added) is refused with a located error, instead of
//! making the generator panic or write Rust that does not compile.

#![allow(clippy::panic)] // a test fails by panicking

use crate::common;

/// The real database with `extra` appended to `db/vocab.toml`: the rendered diagnostics, or
/// `None` when it loads.
fn load_with(extra: &str) -> Option<Vec<String>> {
    let root = common::workspace_root();
    let text = std::fs::read_to_string(root.join("ops.toml")).expect("ops.toml");
    let result = dxil_db::load_from("ops.toml", &text, |name| {
        let t = std::fs::read_to_string(root.join(name)).map_err(|e| e.to_string())?;
        Ok(if name == "db/vocab.toml" {
            format!("{t}\n{extra}")
        } else {
            t
        })
    });
    match result {
        Ok(_) => None,
        Err(e) => {
            let report = e.report().unwrap_or_else(|| panic!("{e}"));
            Some(
                report
                    .diagnostics()
                    .iter()
                    .map(|d| d.render_short(report.sources()))
                    .collect(),
            )
        }
    }
}

/// `extra` is refused with one error at `db/vocab.toml` that contains `needle`.
fn refused(extra: &str, needle: &str) {
    let Some(errors) = load_with(extra) else {
        panic!("accepted:\n{extra}");
    };
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("db/vocab.toml:") && e.contains(needle)),
        "no located error with `{needle}` for\n{extra}\n{errors:#?}"
    );
}

#[test]
fn a_table_name_that_is_no_identifier_is_refused() {
    refused("[table.\"😀\"]\nid = 0x0007\n", "identifier");
    refused("[table.\"\"]\nid = 0x0007\n", "identifier");
}

#[test]
fn attribute_names_that_make_the_same_identifier_are_refused() {
    refused(
        "[attribute.read_only]\nkind = \"flag\"\ndxc = \"x1\"\n[attribute.readOnly]\nkind = \"flag\"\ndxc = \"x2\"\n",
        "ReadOnly",
    );
    refused(
        "[attribute.\"🙂\"]\nkind = \"flag\"\ndxc = \"x1\"\n",
        "identifier",
    );
}

#[test]
fn an_overload_type_that_clashes_after_casing_is_refused() {
    refused(
        "[overload_type.F32]\nletter = \"q\"\nkind = \"scalar\"\nllvm = \"float\"\n",
        "F32",
    );
    refused(
        "[overload_type.\"🙂\"]\nletter = \"q\"\nkind = \"scalar\"\nllvm = \"float\"\n",
        "identifier",
    );
}

#[test]
fn rule_names_that_clash_after_casing_are_refused() {
    let rule = |code: &str, name: &str, id: u32| {
        format!(
            "[[rule]]\ncode = \"{code}\"\nname = \"{name}\"\nid = {id}\ncategory = \"c\"\ndoc = \"d\"\nmessage = \"m\"\nshader_model = \"6.0\"\n"
        )
    };
    refused(
        &format!(
            "{}{}",
            rule("X.ABC", "ABC", 9001),
            rule("X.ABC2", "Abc", 9002)
        ),
        "Abc",
    );
}

#[test]
fn an_enumeration_named_like_a_prelude_or_generated_item_is_refused() {
    for name in ["Option", "Result", "Op", "OpClass", "OpTable", "TryFrom"] {
        refused(
            &format!("[enum.{name}]\nvalues = [{{ name = \"A\", value = 0 }}]\n"),
            name,
        );
    }
}
