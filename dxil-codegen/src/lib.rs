//! Generates everything derived from a `dxil-db` database: the Rust rows of `dxil-ops`, and the
//! Markdown op reference. One emitter per output, each returning a token stream that is
//! formatted in-process with `prettyplease`. `xtask` writes (or checks) the files; the proc
//! macros of `dxil-ops-macro` use the same emitters for downstream databases.

mod docs;
mod embedded;
mod emit;
mod markdown;
pub mod names;
mod rust;

use dxil_db::{Database, Extension};
use proc_macro2::TokenStream;

pub use emit::Emitter;

/// The command that regenerates the files, named in their headers.
pub const COMMAND: &str = "cargo xtask gen";

/// Why code cannot be generated.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Two names of the database make the same Rust identifier.
    #[error(
        "{what} `{first}` and `{second}` both become the Rust identifier `{ident}`; rename one"
    )]
    NameClash {
        /// What kind of name.
        what: String,
        /// One name.
        first: String,
        /// The other.
        second: String,
        /// The identifier.
        ident: String,
    },
    /// A name of the database makes no Rust identifier (the loader refuses such names).
    #[error("{what} `{name}` makes no Rust identifier (it becomes `{ident}`); rename it")]
    BadName {
        /// What kind of name.
        what: String,
        /// The name.
        name: String,
        /// What it becomes.
        ident: String,
    },
    /// A name map (op names, stems, rule codes, ...) cannot be built.
    #[error("cannot build the map of {map}: {message}")]
    NameMap {
        /// The map.
        map: String,
        /// Why.
        message: String,
    },
    /// An extension's op uses a class of the base database with overloads no base op of the
    /// class has: `dxil-ops` could not read the names of those functions.
    #[error(
        "op `{op}` uses the base class `{class}` with the overloads `{overloads}` (since DXIL {since}), but the base ops of `{class}` only have `{base}` in that dimension; declare a class of the extension for `{op}`"
    )]
    BaseClassOverloads {
        /// The extension's op.
        op: String,
        /// The base class.
        class: String,
        /// The op's overloads that the base class lacks, as written.
        overloads: String,
        /// The version of that overload entry.
        since: String,
        /// What the base ops of the class allow, in the dimension that differs.
        base: String,
    },
    /// A table of `dxil-ops` (the signature tables, the LLVM instruction table) lacks what its
    /// generated lookups need: an enumeration it is typed with, or a row they promise.
    #[error("cannot generate the {table} table: {message}")]
    Table {
        /// The table.
        table: String,
        /// What is missing.
        message: String,
    },
    /// Generated tokens are not valid Rust (a bug of the generator).
    #[error("generated code for {file} does not parse: {message}")]
    Syntax {
        /// The file.
        file: String,
        /// The parser's message.
        message: String,
    },
}

/// A generated file: its path relative to the workspace root, and its full text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedFile {
    /// Path relative to the workspace root, with `/`.
    pub path: String,
    /// Contents, ending with one newline.
    pub contents: String,
}

/// Every file generated from `db`, for the `dxil-ops` crate and `docs/`.
pub fn generate(db: &Database) -> Result<Vec<GeneratedFile>, Error> {
    let e = Emitter::for_dxil_ops(db)?;
    let mut files = Vec::new();
    for (name, tokens) in e.modules()? {
        files.push(GeneratedFile {
            path: format!("dxil-ops/src/generated/{name}.rs"),
            contents: rust::format(&format!("{name}.rs"), tokens)?,
        });
    }
    for (name, text) in docs::pages(db) {
        files.push(GeneratedFile {
            path: format!("docs/ops/{name}"),
            contents: text,
        });
    }
    files.extend(embedded::files(db)?);
    Ok(files)
}

/// The items generated for a downstream extension of the `dxil-ops` database (see
/// [`dxil_db::load_extension`]): op enum, property rows, and the classes, types and builders of
/// the extension's records, referring to `::dxil_ops` for everything shared and for the base
/// database's records. See [`Emitter::extension`] for the layout.
pub fn generate_extension(ext: &Extension) -> Result<TokenStream, Error> {
    Emitter::for_extension(ext)?.extension()
}
