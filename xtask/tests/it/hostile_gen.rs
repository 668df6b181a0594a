//! Names and docs at the edge of what the loader accepts: the generator turns them into Rust
//! that compiles, and the database's text never becomes Markdown structure (a code block, which
//! rustdoc would run as a doctest; HTML; a heading; a table) in the generated docs.
//!
//! A copy of the database gets a few records with such names (Unicode letters, leading
//! underscores, Rust keywords, a 200-letter name) and docs (indented lines, fences, HTML, NUL,
//! `#`, CR, `|`); the generator runs in-process, and the copy of `dxil-ops` with the generated
//! files is checked by `cargo check` (with a target folder kept between runs).

#![allow(clippy::panic)] // a test fails by panicking

use crate::common;

use std::fs;

use pulldown_cmark::{Event, Options, Parser, Tag};

/// Text that Markdown or HTML would read as structure.
const DOCS: &[&str] = &[
    "    an indented line, a code block",
    "```\\nfn main() { panic!() }\\n```",
    "~~~rust\\nassert!(false);\\n~~~",
    "<b>bold</b> <script>x</script> <!-- comment -->",
    "nul \\u0000 and bell \\u0007",
    "# heading",
    "text\\n===",
    "- item\\n+ item\\n1. first",
    "a | b\\n--- | ---\\nc | d",
    "carriage\\rreturn\\r\\nand \\\\ backslash",
    "> quoted [link](http://x) ![image](y) [^note] *em* `code` &amp;",
];

/// The records added to the database; `{N}` is replaced by the docs above, in turn.
fn records() -> String {
    let long = format!("A{}", "b".repeat(200));
    let text = format!(
        r#"
[table."Ωmega"]
id = 0x0007
doc = "{{0}}"

[table._Under]
id = 0x0008
doc = "{{1}}"

[type._under_type]
llvm = "i32"
doc = "{{2}}"

[type."Ωtype"]
llvm = "float"
doc = "{{3}}"

[attribute."ünïcode"]
kind = "flag"
dxc = "is_unicode"
doc = "{{4}}"

[enum.Self]
doc = "{{5}}"
values = [
  {{ name = "ALL", value = 0, doc = "{{6}}" }},
  {{ name = "Self", value = 1, doc = "{{7}}" }},
  {{ name = "_x", value = 5 }},
  {{ name = "VALUES", value = 6 }},
]

[enum._Flags]
flags = true
doc = "{{8}}"
values = [
  {{ name = "A", value = 1 }},
  {{ name = "type", value = 2, doc = "{{9}}" }},
  {{ name = "All", value = 3, mask = true }},
  {{ name = "accepts", value = 4 }},
]

[[rule]]
code = "HOSTILE.SELF"
name = "Self"
id = 9999
category = "{{10}}"
doc = "{{0}}"
message = "<b>%0</b> | # {{1}}"
shader_model = "6.0"

[[ops."Ωmega"]]
index = 0
name = "Self"
class = "Ωclass"
stem = "omegaClass"
doc = "{{2}}"
remarks = "{{3}}"
category = "{{4}}"
introduced = "1.0"
shader_model = "6.0"
overloads = [{{ since = "1.0", types = "hf" }}]
stages = [{{ since = "1.0", stages = ["all"] }}]
attributes = [{{ since = "1.0", attributes = ["ünïcode"] }}]
result = {{ type = "overload", doc = "{{5}}" }}
params = [
  {{ name = "type", type = "_under_type", doc = "{{6}}" }},
  {{ name = "target", type = "i32", doc = "{{7}}", immediate = true, max = 3 }},
  {{ name = "_leading", type = "Ωtype", doc = "{{8}}" }},
  {{ name = "flags", type = "i32", doc = "{{9}}", immediate = true, enum = "_Flags" }},
]

[[ops."Ωmega"]]
index = 1
name = "Type"
class = "type"
doc = "{{10}}"
introduced = "1.0"
shader_model = "6.0"
overloads = [{{ since = "1.0", types = "v" }}]
stages = [{{ since = "1.0", stages = ["all"] }}]
result = {{ type = "void", doc = "" }}
params = [{{ name = "self", type = "i32", doc = "{{0}}", immediate = true, enum = "Self" }}]

[[ops._Under]]
index = 0
name = "{long}"
class = "{long}"
doc = "{{1}}"
introduced = "1.0"
shader_model = "6.0"
overloads = [{{ since = "1.0", types = "v" }}]
stages = [{{ since = "1.0", stages = ["all"] }}]
result = {{ type = "void", doc = "" }}
params = []
"#
    );
    let mut out = text;
    for (i, d) in DOCS.iter().enumerate() {
        out = out.replace(&format!("{{{i}}}"), d);
    }
    out
}

fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
}

/// The Markdown structures of `md` that the database's text must never make (the generator's
/// own anchors, `<a id="...">` of letters and digits, are left out).
fn structures(md: &str) -> Vec<String> {
    let anchor = |h: &str| {
        h == "</a>"
            || h.strip_prefix("<a id=\"")
                .and_then(|r| r.strip_suffix("\">"))
                .is_some_and(|id| id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
    };
    Parser::new_ext(md, options())
        .filter_map(|e| match e {
            Event::Start(t @ (Tag::CodeBlock(_) | Tag::Heading { .. } | Tag::Table(_))) => {
                Some(format!("{t:?}"))
            }
            Event::Html(h) | Event::InlineHtml(h) if !anchor(&h) => Some(format!("html {h:?}")),
            _ => None,
        })
        .collect()
}

/// The doc comments of a generated Rust file, each block of `///` or `//!` lines as one text.
fn doc_blocks(text: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        let t = line.trim_start();
        let doc = t.strip_prefix("///").or_else(|| t.strip_prefix("//!"));
        match doc {
            Some(d) => {
                let c = current.get_or_insert_with(String::new);
                c.push_str(d.strip_prefix(' ').unwrap_or(d));
                c.push('\n');
            }
            None => blocks.extend(current.take()),
        }
    }
    blocks.extend(current);
    blocks
}

#[test]
fn hostile_names_and_docs_generate_rust_that_compiles() {
    let work = common::database_copy("hostile-gen");
    let vocab = work.join("db/vocab.toml");
    let text = fs::read_to_string(&vocab).expect("db/vocab.toml");
    fs::write(&vocab, format!("{text}{}", records())).expect("add the records");
    let db = dxil_db::load(work.join("ops.toml"))
        .unwrap_or_else(|e| panic!("the hostile records load: {e}"));
    let files = dxil_codegen::generate(&db).unwrap_or_else(|e| panic!("generates: {e}"));

    // No doc comment of the Rust files has a structure, whatever the database's text.
    for f in files.iter().filter(|f| f.path.ends_with(".rs")) {
        for block in doc_blocks(&f.contents) {
            let found = structures(&block);
            assert!(found.is_empty(), "{}: {found:?} in\n{block}", f.path);
        }
    }
    // The Markdown pages have the generator's structure only: its header comment, one heading
    // per page and per op, and their tables.
    for f in files.iter().filter(|f| f.path.starts_with("docs/ops/")) {
        let found = structures(&f.contents);
        let ops = f.contents.matches("\n## ").count();
        // an op's section has its property and operand tables, and one of intrinsics when some
        // intrinsic is lowered to it; the intrinsics page has the intrinsics and the derived
        // values
        let lowered = f.contents.matches("| Intrinsic | DXIL | Call |").count();
        // and one of constraints when the op has some
        let constrained = f
            .contents
            .matches("| Constraint | Kind | Operands |")
            .count();
        let expected_tables = if f.path.ends_with("README.md") {
            1
        } else if f.path.ends_with("llvm-intrinsics.md") {
            2
        } else {
            2 * ops + lowered + constrained
        };
        let html: Vec<&String> = found.iter().filter(|s| s.starts_with("html")).collect();
        assert_eq!(html.len(), 1, "{}: {found:?}", f.path);
        assert!(html[0].contains("Generated by"), "{}: {found:?}", f.path);
        let headings = found.iter().filter(|s| s.starts_with("Heading")).count();
        assert_eq!(headings, 1 + ops, "{}: {found:?}", f.path);
        let tables = found.iter().filter(|s| s.starts_with("Table")).count();
        assert_eq!(tables, expected_tables, "{}: {found:?}", f.path);
        assert!(
            !found.iter().any(|s| s.starts_with("CodeBlock")),
            "{}",
            f.path
        );
    }

    // The generated Rust compiles with the runtime.
    common::runtime_workspace(&work, &files, &[]);
    let target = common::root().join("target/hostile-gen-target");
    let out = common::cargo(&work, &target, &["check", "--quiet", "-p", "dxil-ops"]);
    assert!(
        out.status.success(),
        "the generated code does not compile:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
