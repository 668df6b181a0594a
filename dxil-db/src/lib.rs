//! Loads `ops.toml`, the declarative database of DXIL operations, into a checked model.
//!
//! Loading goes in two steps: serde turns the TOML text into raw records (module `raw`), and the
//! builder checks them and resolves every reference into the model ([`model`], [`Database`]).
//! Every mistake of every file is reported in one run, as a [`Report`] of [`Diagnostic`]s that
//! say `FILE:LINE:COL`, the key, what is wrong and what to do. Loading never panics.
//!
//! ```no_run
//! let db = dxil_db::load("ops.toml").unwrap_or_else(|e| panic!("{e}"));
//! let sample = db.op_by_name("Sample").expect("Sample is in the database");
//! let v16 = "1.6".parse().unwrap();
//! let stages = db.stage_names(db.op_stages_at(sample, v16));
//! assert!(stages.contains(&"compute"));
//! ```

mod build;
mod db;
mod decode;
mod diag;
pub mod export;
mod extension;
mod lowering;
pub mod model;
mod overload;
mod raw;
mod source;

use std::collections::HashSet;
use std::path::{Component, Path};

pub use db::{Database, fingerprint};
pub use diag::{Diagnostic, Location, Report};
pub use extension::Extension;
pub use model::*;
pub use overload::{OverloadError, parse_overloads};
pub use source::{FileId, SourceFile, Sources};

/// Why a database could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The root file could not be read.
    #[error("cannot read {path}: {error}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        error: std::io::Error,
    },
    /// The files have mistakes; the report lists every one.
    #[error("{0}")]
    Invalid(Report),
}

impl LoadError {
    /// The report, when the files were read but have mistakes.
    pub fn report(&self) -> Option<&Report> {
        match self {
            LoadError::Invalid(r) => Some(r),
            LoadError::Io { .. } => None,
        }
    }
}

/// Loads the database whose root file is `path` (normally `ops.toml`), with the files it
/// includes (paths relative to the root file's folder).
pub fn load(path: impl AsRef<Path>) -> Result<Database, LoadError> {
    let path = path.as_ref();
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let root = std::fs::read_to_string(path).map_err(|error| LoadError::Io {
        path: path.display().to_string(),
        error,
    })?;
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    load_from(&name, &root, |include| {
        std::fs::read_to_string(dir.join(include)).map_err(|e| e.to_string())
    })
}

/// Loads a database from the text of its root file, named `name` in diagnostics, reading
/// included files with `read` (given the include path as written; it returns the text or why
/// it cannot).
pub fn load_from(
    name: &str,
    text: &str,
    read: impl FnMut(&str) -> Result<String, String>,
) -> Result<Database, LoadError> {
    load_files(name, text, read, None).map(|(db, _)| db)
}

/// Loads a base database like [`load_from`] together with an extension file (`extension_name`
/// in diagnostics, text `extension_text`) that adds op tables, ops, classes and types of its own.
/// The extension may use the base's classes, types, stages and enumerations; it cannot declare
/// anything else, include files, or add ops to the base's tables. Everything is checked together,
/// and every mistake of either part is reported.
pub fn load_extension(
    name: &str,
    text: &str,
    read: impl FnMut(&str) -> Result<String, String>,
    extension_name: &str,
    extension_text: &str,
) -> Result<Extension, LoadError> {
    let (db, declared) = load_files(name, text, read, Some((extension_name, extension_text)))?;
    Ok(declared.unwrap_or_default().resolve(db))
}

/// Loads a root file, its includes and, when given, an extension file (name and text); returns
/// the database and the names the extension declares.
fn load_files(
    name: &str,
    text: &str,
    mut read: impl FnMut(&str) -> Result<String, String>,
    extension: Option<(&str, &str)>,
) -> Result<(Database, Option<extension::Declared>), LoadError> {
    let mut sources = Sources::default();
    let mut sink = diag::Sink::default();
    let root_id = sources.add(name, text);
    let root = decode::decode_file(root_id, text, &mut sink);
    let mut raw = build::RawDb::default();
    let includes = root.include.clone();
    raw.add(root_id, root);
    let mut seen = HashSet::new();
    for inc in includes {
        let file = inc.get_ref();
        let loc = Location {
            file: root_id,
            span: inc.span(),
        };
        if !is_plain_relative(file) {
            sink.error(
                loc,
                "",
                "include",
                format!("`{file}` is not a relative path inside the database folder"),
                "write paths like `db/enums.toml`, without `..` or a leading `/`",
            );
            continue;
        }
        if !seen.insert(file.clone()) {
            sink.error(
                loc,
                "",
                "include",
                format!("`{file}` is included twice"),
                "list each file once",
            );
            continue;
        }
        match read(file) {
            Ok(text) => {
                let id = sources.add(file.clone(), text.clone());
                let sub = decode::decode_file(id, &text, &mut sink);
                if let Some(first) = sub.include.first() {
                    sink.error(
                        Location {
                            file: id,
                            span: first.span(),
                        },
                        "",
                        "include",
                        "only the root file may include other files",
                        format!("move this include to {name}"),
                    );
                }
                raw.add(id, sub);
            }
            Err(e) => sink.error(
                loc,
                "",
                "include",
                format!("cannot read `{file}`: {e}"),
                "the path is relative to the folder of the root file",
            ),
        }
    }
    let files: Vec<(String, String)> = sources
        .iter()
        .map(|(_, f)| (f.name().to_owned(), f.text().to_owned()))
        .collect();
    let declared = extension.map(|(ext_name, ext_text)| {
        let id = sources.add(ext_name, ext_text);
        let mut file = decode::decode_file(id, ext_text, &mut sink);
        let base_tables: Vec<String> = raw
            .tables
            .iter()
            .map(|t| t.item.name.get_ref().clone())
            .collect();
        let base_own_classes: HashSet<String> = raw
            .ops
            .iter()
            .map(|op| op.item.1.value.get_ref())
            .filter(|op| op.result.is_some() || op.params.is_some())
            .filter_map(|op| op.class.as_ref().map(|c| c.get_ref().clone()))
            .collect();
        extension::restrict(id, &mut file, &base_tables, &base_own_classes, &mut sink);
        let declared = extension::Declared::of(&file);
        raw.add(id, file);
        declared
    });
    let db = build::build(&raw, &sources, &mut sink);
    match db {
        Some(mut db) if sink.is_empty() => {
            db.set_files(files);
            Ok((db, declared))
        }
        _ => Err(LoadError::Invalid(Report::new(sources, sink.diagnostics))),
    }
}

fn is_plain_relative(p: &str) -> bool {
    let path = Path::new(p);
    !p.is_empty()
        && path
            .components()
            .all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
}
