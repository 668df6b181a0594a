//! The workspace's database, built into the macro: `ops.toml` and the files it includes are
//! embedded with `include_str!` (so cargo rebuilds the macro when they change) and loaded once
//! per compiler process.

use std::sync::OnceLock;

use dxil_db::{Database, Extension, LoadError};

/// The name of the root file in diagnostics.
pub const ROOT_NAME: &str = "ops.toml";

const ROOT: &str = include_str!("../../ops.toml");

/// The files `ops.toml` includes, by include path. A file added to `include` must be added here;
/// loading fails with a message that says so otherwise (and the crate's tests load it).
const INCLUDES: &[(&str, &str)] = &[
    ("db/enums.toml", include_str!("../../db/enums.toml")),
    (
        "db/validation-rules.toml",
        include_str!("../../db/validation-rules.toml"),
    ),
    (
        "db/signature-tables.toml",
        include_str!("../../db/signature-tables.toml"),
    ),
    (
        "db/llvm-instructions.toml",
        include_str!("../../db/llvm-instructions.toml"),
    ),
];

/// Reads an embedded include.
fn read(path: &str) -> Result<String, String> {
    INCLUDES
        .iter()
        .find(|(p, _)| *p == path)
        .map(|(_, text)| (*text).to_owned())
        .ok_or_else(|| {
            "it is not embedded in dxil-ops-macro: add it to INCLUDES in dxil-ops-macro/src/database.rs".to_owned()
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

/// The workspace's database, loaded on first use.
pub fn builtin() -> Result<&'static Database, String> {
    static DB: OnceLock<Result<Database, String>> = OnceLock::new();
    DB.get_or_init(|| dxil_db::load_from(ROOT_NAME, ROOT, read).map_err(|e| describe(&e)))
        .as_ref()
        .map_err(|e| format!("the database of dxil-ops does not load:\n{e}"))
}

/// The workspace's database together with an extension file.
pub fn with_extension(name: &str, text: &str) -> Result<Extension, LoadError> {
    dxil_db::load_extension(ROOT_NAME, ROOT, read, name, text)
}

#[cfg(test)]
#[allow(clippy::panic)] // a test fails by panicking
mod tests {
    #[test]
    fn the_embedded_database_loads() {
        if let Err(e) = super::builtin() {
            panic!("{e}");
        }
    }
}
