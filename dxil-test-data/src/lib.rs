//! `#[needs(...)]`: a test that needs data outside the repository (`../shared`, beside the
//! workspace, or the folder `DXIL_SHARED` names) or a tool (`llvm-as-14`, or the one `LLVM_AS`
//! names) is marked `#[ignore = "needs ..."]` when it is missing, so that `cargo test` counts it
//! as ignored, with the reason, next to the tests that passed:
//!
//! ```text
//! test a_changed_cell_is_noticed ... ignored, needs ../shared/reference/dxil-reference.json, not found in ...
//! test result: ok. 0 passed; 0 failed; 4 ignored; ...
//! ```
//!
//! ```ignore
//! #[dxil_test_data::needs(shared = "corpus/dxc")]
//! #[test]
//! fn every_corpus_file_reads() { /* ... */ }
//!
//! #[dxil_test_data::needs(llvm_as)]
//! #[test]
//! fn the_declarations_assemble() { /* ... */ }
//!
//! #[dxil_test_data::needs(tool = "llvm-dis-14")]
//! #[test]
//! fn the_disassembly_is_llvms() { /* ... */ }
//! ```
//!
//! The attribute goes above `#[test]`, which reads the `#[ignore]` it adds.
//!
//! Whether the data or the tool is there is decided when the test is compiled. Under
//! `DXIL_REQUIRE_SHARED` / `DXIL_REQUIRE_LLVM_AS` (CI sets both) nothing is ignored: the test
//! runs and fails on what is missing. The test is compiled again when one of `DXIL_SHARED`,
//! `DXIL_REQUIRE_SHARED`, `LLVM_AS` and `DXIL_REQUIRE_LLVM_AS` changes, and when the shared
//! folder it was compiled with goes away; data or a tool that appears later is seen once the
//! test crate is compiled again (the reason says so). The test itself still checks at run time
//! (the shared helper of `dxil-db/tests/common/shared.rs`), for data removed since.

use proc_macro::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};
use std::path::{Path, PathBuf};

/// What a test needs.
enum Need {
    /// A path inside the shared folder.
    Shared(String),
    /// The LLVM assembler.
    LlvmAs,
    /// Another program (`llvm-dis-14`, `llvm-tblgen-14`, `python3`), found on `PATH`.
    Tool(String),
}

/// Whether an environment variable is set to anything but empty or `0`.
fn required(var: &str) -> bool {
    std::env::var_os(var).is_some_and(|v| !v.is_empty() && v != "0")
}

/// The shared folder for the crate being compiled: `DXIL_SHARED`, or `shared` beside the
/// workspace (as `dxil-db/tests/common/shared.rs` finds it at run time).
fn shared_dir() -> PathBuf {
    match std::env::var_os("DXIL_SHARED") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => {
            let manifest =
                PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
            match manifest.parent().and_then(Path::parent) {
                Some(beside) => beside.join("shared"),
                None => manifest.join("../../shared"),
            }
        }
    }
}

/// Reads `shared = "PATH"`, `tool = "NAME"` or `llvm_as`.
fn parse(attr: TokenStream) -> Result<Need, String> {
    let tokens: Vec<TokenTree> = attr.into_iter().collect();
    match tokens.as_slice() {
        [TokenTree::Ident(i)] if i.to_string() == "llvm_as" => Ok(Need::LlvmAs),
        [
            TokenTree::Ident(i),
            TokenTree::Punct(p),
            TokenTree::Literal(l),
        ] if p.as_char() == '=' && matches!(i.to_string().as_str(), "shared" | "tool") => {
            let text = l.to_string();
            match text.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
                Some(v) if i.to_string() == "shared" => Ok(Need::Shared(v.to_owned())),
                Some(v) => Ok(Need::Tool(v.to_owned())),
                None => Err(format!("expected a string, found {text}")),
            }
        }
        _ => Err(
            "write `needs(shared = \"PATH\")`, `needs(tool = \"NAME\")` or `needs(llvm_as)`"
                .to_owned(),
        ),
    }
}

/// `#[ignore = "REASON"]`.
fn ignore(reason: &str) -> TokenStream {
    let inner: TokenStream = [
        TokenTree::Ident(Ident::new("ignore", Span::call_site())),
        TokenTree::Punct(Punct::new('=', Spacing::Alone)),
        TokenTree::Literal(Literal::string(reason)),
    ]
    .into_iter()
    .collect();
    [
        TokenTree::Punct(Punct::new('#', Spacing::Alone)),
        TokenTree::Group(Group::new(Delimiter::Bracket, inner)),
    ]
    .into_iter()
    .collect()
}

/// Items that make the compiler note what the decision depends on: `option_env!` of the
/// variables (rustc records them, and cargo compiles again when they change) and
/// `include_bytes!` of a file of the shared folder when there is one (compiled again when it
/// goes away).
fn tracked(vars: &[&str], file: Option<&Path>) -> String {
    let mut items = String::new();
    for var in vars {
        items.push_str(&format!(
            "const _: ::core::option::Option<&str> = ::core::option_env!({var:?});"
        ));
    }
    if let Some(file) = file.and_then(Path::to_str) {
        items.push_str(&format!(
            "const _: &[u8] = ::core::include_bytes!({file:?});"
        ));
    }
    items
}

/// Why a test that needs `path` of the shared folder `dir` cannot run: `None` when it is
/// there or `required` (then the test runs, and fails without it).
fn shared_missing(dir: &Path, path: &str, required: bool) -> Option<String> {
    (!dir.join(path).exists() && !required).then(|| {
        format!(
            "needs ../shared/{path}, not found in {} when this test was compiled: clone \
             ../shared beside the workspace or set DXIL_SHARED, then build again \
             (DXIL_REQUIRE_SHARED=1 makes it required)",
            dir.display()
        )
    })
}

/// Why a test that needs the program `tool` cannot run: `None` when it `runs` or is
/// `required`; `how` says how to get it.
fn tool_missing(tool: &str, how: &str, runs: bool, required: bool) -> Option<String> {
    (!runs && !required).then(|| {
        format!(
            "needs {tool}, which did not run when this test was compiled: {how}, then build \
             again (DXIL_REQUIRE_LLVM_AS=1 makes it required)"
        )
    })
}

/// How to get `tool`: an LLVM tool named with its version (`llvm-dis-14`, `obj2yaml-19`) comes
/// with Debian's `llvm-VERSION`.
fn install_hint(tool: &str) -> String {
    match tool.rsplit_once('-') {
        Some((_, version))
            if !version.is_empty() && version.bytes().all(|b| b.is_ascii_digit()) =>
        {
            format!("install llvm-{version}")
        }
        _ => String::from("install it"),
    }
}

/// Whether `tool --version` runs and succeeds.
fn runs(tool: &str) -> bool {
    std::process::Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Why the test cannot run, if it cannot; and the items that track what the decision
/// depends on.
fn decide(need: &Need) -> (Option<String>, String) {
    match need {
        Need::Shared(path) => {
            let dir = shared_dir();
            let marker = std::fs::read_dir(&dir)
                .ok()
                .and_then(|entries| entries.flatten().map(|e| e.path()).find(|p| p.is_file()));
            let track = tracked(&["DXIL_SHARED", "DXIL_REQUIRE_SHARED"], marker.as_deref());
            let reason = shared_missing(&dir, path, required("DXIL_REQUIRE_SHARED"));
            (reason, track)
        }
        Need::LlvmAs => {
            let tool = std::env::var("LLVM_AS").unwrap_or_else(|_| "llvm-as-14".to_owned());
            let track = tracked(&["LLVM_AS", "DXIL_REQUIRE_LLVM_AS"], None);
            let how = "install llvm-14 or set LLVM_AS";
            let reason = tool_missing(&tool, how, runs(&tool), required("DXIL_REQUIRE_LLVM_AS"));
            (reason, track)
        }
        Need::Tool(tool) => {
            let track = tracked(&["PATH", "DXIL_REQUIRE_LLVM_AS"], None);
            let how = install_hint(tool);
            let reason = tool_missing(tool, &how, runs(tool), required("DXIL_REQUIRE_LLVM_AS"));
            (reason, track)
        }
    }
}

/// Marks a test `#[ignore = "needs ..."]` when what it needs is missing: `shared = "PATH"` (a
/// path inside `../shared`), `llvm_as` (the LLVM assembler) or `tool = "NAME"` (a program on
/// `PATH`, such as `llvm-dis-14`; required, as the assembler, under `DXIL_REQUIRE_LLVM_AS=1`). See the crate's documentation.
#[proc_macro_attribute]
pub fn needs(attr: TokenStream, item: TokenStream) -> TokenStream {
    let need = match parse(attr) {
        Ok(n) => n,
        Err(e) => {
            return format!("::core::compile_error!({e:?});")
                .parse()
                .unwrap_or_default();
        }
    };
    let (reason, track) = decide(&need);
    let mut out = TokenStream::new();
    if let Some(reason) = reason {
        out.extend(ignore(&reason));
    }
    out.extend(item);
    out.extend(track.parse::<TokenStream>().unwrap_or_default());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_data_is_a_reason_unless_required() {
        let here = Path::new(env!("CARGO_MANIFEST_DIR"));
        assert_eq!(shared_missing(here, "src/lib.rs", false), None);
        let why = shared_missing(here, "corpus/none", false).unwrap_or_default();
        assert!(
            why.starts_with("needs ../shared/corpus/none, not found in "),
            "{why}"
        );
        assert_eq!(shared_missing(here, "corpus/none", true), None);
        let why = tool_missing("llvm-as-14", "install llvm-14", false, false).unwrap_or_default();
        assert!(
            why.starts_with("needs llvm-as-14, which did not run"),
            "{why}"
        );
        assert_eq!(tool_missing("llvm-as-14", "", true, false), None);
        assert_eq!(tool_missing("llvm-as-14", "", false, true), None);
        assert_eq!(install_hint("llvm-dis-14"), "install llvm-14");
        assert_eq!(install_hint("obj2yaml-19"), "install llvm-19");
        assert_eq!(install_hint("hyperfine"), "install it");
        let items = tracked(&["DXIL_SHARED"], Some(Path::new("/x/README.md")));
        assert!(items.contains("option_env!(\"DXIL_SHARED\")"), "{items}");
        assert!(
            items.contains("include_bytes!(\"/x/README.md\")"),
            "{items}"
        );
    }
}
