//! The database the macros check against: the files `dxil-ops` was generated from, which
//! `cargo xtask gen` copies into this crate (`database/`, embedded by the generated
//! `embedded.rs`), loaded once per compiler process.
//!
//! In a checkout of the workspace the build script also passes the fingerprint of the live
//! files: when they changed after the last `cargo xtask gen`, the macros refuse to expand and
//! say to run it, rather than check against a database the generated code does not have.

use std::sync::OnceLock;

use dxil_db::{Database, Extension, LoadError};

use crate::embedded::{FINGERPRINT, INCLUDES, ROOT};

/// The name of the root file in diagnostics.
pub const ROOT_NAME: &str = ROOT.0;

/// Reads an embedded include.
fn read(path: &str) -> Result<String, String> {
    INCLUDES
        .iter()
        .find(|(p, _)| *p == path)
        .map(|(_, text)| (*text).to_owned())
        .ok_or_else(|| {
            "it is not among the files `cargo xtask gen` embedded in dxil-ops-macro: run `cargo xtask gen`".to_owned()
        })
}

/// Why a database could not be loaded, as the text of a compile error.
pub fn describe(e: &LoadError) -> String {
    match e.report() {
        Some(r) => format!(
            "{}{} error{} in the database",
            r.render_rich(false),
            r.diagnostics().len(),
            if r.diagnostics().len() == 1 { "" } else { "s" }
        ),
        None => e.to_string(),
    }
}

/// Whether the workspace's database files are those the generated code was made from (always
/// true outside a checkout of the workspace).
fn current() -> Result<(), String> {
    same_as_live(option_env!("DXIL_OPS_LIVE_FINGERPRINT"), FINGERPRINT)
}

/// Compares the fingerprint the build script read from the live files (`None` outside a
/// checkout of the workspace) with the embedded one.
fn same_as_live(live: Option<&str>, embedded: u64) -> Result<(), String> {
    match live {
        None => Ok(()),
        Some("unloadable") => Err("the workspace's database (ops.toml and db/) has mistakes: run `cargo xtask gen`, which reports them, and fix them".to_owned()),
        Some(live) if live == format!("{embedded:#x}") => Ok(()),
        Some(_) => Err("the workspace's database (ops.toml and db/) changed since `cargo xtask gen` generated dxil-ops from it: run `cargo xtask gen`".to_owned()),
    }
}

/// The database, loaded on first use.
pub fn builtin() -> Result<&'static Database, String> {
    static DB: OnceLock<Result<Database, String>> = OnceLock::new();
    current()?;
    DB.get_or_init(|| dxil_db::load_from(ROOT_NAME, ROOT.1, read).map_err(|e| describe(&e)))
        .as_ref()
        .map_err(|e| format!("the database of dxil-ops does not load:\n{e}"))
}

/// The database together with an extension file.
pub fn with_extension(name: &str, text: &str) -> Result<Extension, String> {
    current()?;
    dxil_db::load_extension(ROOT_NAME, ROOT.1, read, name, text).map_err(|e| describe(&e))
}

/// An item that fails to compile when the `dxil_ops` the expansion is compiled against was
/// generated from another database than the macros' (crates of different versions).
pub fn same_database_check() -> proc_macro2::TokenStream {
    let message = format!(
        "dxil-ops and dxil-ops-macro were generated from different databases (fingerprint of the macros' {FINGERPRINT:#x}): use versions of the two crates that belong together, or run `cargo xtask gen` in the workspace"
    );
    quote::quote! {
        const _: () = ::core::assert!(::dxil_ops::DATABASE_FINGERPRINT == #FINGERPRINT, #message);
    }
}

#[cfg(test)]
#[allow(clippy::panic)] // a test fails by panicking
mod tests {
    use super::same_as_live;

    #[test]
    fn the_embedded_database_loads() {
        if let Err(e) = super::builtin() {
            panic!("{e}");
        }
    }

    #[test]
    fn a_database_changed_since_gen_is_refused() {
        assert_eq!(same_as_live(None, 7), Ok(()));
        assert_eq!(same_as_live(Some("0x7"), 7), Ok(()));
        let stale = same_as_live(Some("0x8"), 7).err().unwrap_or_default();
        assert!(stale.contains("run `cargo xtask gen`"), "{stale}");
        let broken = same_as_live(Some("unloadable"), 7)
            .err()
            .unwrap_or_default();
        assert!(broken.contains("has mistakes"), "{broken}");
    }

    /// In this checkout, the build script passed the live fingerprint, and it is the embedded
    /// one (the drift test says the same of the copy).
    #[test]
    fn the_workspace_database_is_the_embedded_one() {
        assert_eq!(
            option_env!("DXIL_OPS_LIVE_FINGERPRINT"),
            Some(format!("{:#x}", super::FINGERPRINT).as_str())
        );
    }
}
