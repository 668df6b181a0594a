//! Generates everything derived from a `dxil-db` database: the Rust rows of `dxil-ops`, the
//! Markdown op reference, and (module [`foreign`]) other compilers' op tables: LLVM's DXIL.td, DXC's generated sources.
//! One emitter per Rust module, each returning a token stream that is formatted in-process with
//! `prettyplease`. `xtask` writes (or checks) the files; the proc macros of `dxil-ops-macro` use
//! the same emitters for downstream databases.

mod constraint_docs;
mod docs;
mod embedded;
mod emit;
pub mod foreign;
mod markdown;
pub mod names;
mod rust;

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use dxil_db::{Database, Extension};
use proc_macro2::TokenStream;

pub use emit::Emitter;

/// The command that regenerates the files, named in their headers.
pub const COMMAND: &str = "cargo xtask gen";

/// Why code cannot be generated.
#[derive(Clone, Debug, thiserror::Error)]
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
    /// A record of LLVM's DXIL.td cannot be named (`cargo xtask emit llvm`).
    #[error("cannot write LLVM's DXIL.td: {message}")]
    DxilTd {
        /// What is wrong, and what to do.
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

/// One piece of work of [`generate`].
#[derive(Clone, Copy, PartialEq)]
enum Job {
    /// A module of `dxil-ops/src/generated`.
    Module(&'static str),
    /// The Markdown reference.
    Docs,
    /// The database copy of `dxil-ops-macro`.
    Embedded,
}

/// The work of [`generate`], largest first so that the threads finish together.
const JOBS: &[Job] = &[
    Job::Module("ops"),
    Job::Module("builders"),
    Job::Module("constraints"),
    Job::Module("readers"),
    Job::Module("classes"),
    Job::Module("intrinsics"),
    Job::Module("rules"),
    Job::Module("enums"),
    Job::Docs,
    Job::Module("tables"),
    Job::Module("vocab"),
    Job::Module("types"),
    Job::Embedded,
];

/// The files of one job.
type JobResult = Result<Vec<GeneratedFile>, Error>;

/// Runs one job with an emitter of its thread.
fn run(db: &Database, e: &Emitter<'_>, job: Job) -> Result<Vec<GeneratedFile>, Error> {
    Ok(match job {
        Job::Module(name) => vec![GeneratedFile {
            path: format!("dxil-ops/src/generated/{name}.rs"),
            contents: e.module_text(name)?,
        }],
        Job::Docs => docs::pages(db)
            .into_iter()
            .map(|(name, text)| GeneratedFile {
                path: format!("docs/ops/{name}"),
                contents: text,
            })
            .collect(),
        Job::Embedded => embedded::files(db)?,
    })
}

/// Every file generated from `db`, for the `dxil-ops` crate and `docs/`: the modules of
/// `dxil-ops/src/generated` (in the order of [`Emitter::MODULES`]), the Markdown reference, and
/// the database copy of `dxil-ops-macro`. The files are made on as many threads as the machine
/// has cores (each with its own emitter: token streams stay on their thread); the result is
/// the same whatever the number of threads.
pub fn generate(db: &Database) -> Result<Vec<GeneratedFile>, Error> {
    let threads = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .clamp(1, JOBS.len());
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<(usize, JobResult)>> = Mutex::new(Vec::new());
    let work = || {
        let e = Emitter::for_dxil_ops(db);
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(job) = JOBS.get(i) else { break };
            let result = match &e {
                Ok(e) => run(db, e, *job),
                Err(err) => Err(err.clone()),
            };
            if let Ok(mut d) = done.lock() {
                d.push((i, result));
            }
        }
    };
    std::thread::scope(|s| {
        for _ in 1..threads {
            s.spawn(work);
        }
        work();
    });
    let mut done = done.into_inner().unwrap_or_else(|e| e.into_inner());
    done.sort_by_key(|(i, _)| *i);
    let mut modules = Vec::new();
    let mut rest = Vec::new();
    for (i, result) in done {
        let files = result?;
        match JOBS[i] {
            Job::Module(name) => modules.push((name, files)),
            _ => rest.push((i, files)),
        }
    }
    // modules in the emitter's order, then the others in job order
    let mut out = Vec::new();
    for name in Emitter::MODULES {
        if let Some((_, files)) = modules.iter_mut().find(|(n, _)| *n == name) {
            out.append(files);
        }
    }
    for (_, mut files) in rest {
        out.append(&mut files);
    }
    Ok(out)
}

/// The items generated for a downstream extension of the `dxil-ops` database (see
/// [`dxil_db::load_extension`]): op enum, property rows, and the classes, types and builders of
/// the extension's records, referring to `::dxil_ops` for everything shared and for the base
/// database's records. See [`Emitter::extension`] for the layout.
pub fn generate_extension(ext: &Extension) -> Result<TokenStream, Error> {
    Emitter::for_extension(ext)?.extension()
}

#[cfg(test)]
mod tests {
    use super::{Emitter, JOBS, Job};

    #[test]
    fn every_module_has_a_job() {
        for name in Emitter::MODULES {
            assert!(
                JOBS.contains(&Job::Module(name)),
                "module `{name}` is in Emitter::MODULES but no job makes it"
            );
        }
    }
}
