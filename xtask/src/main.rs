//! Workspace tasks. Run `cargo xtask --help`.

mod codegen;
#[cfg(all(test, feature = "runtime"))]
mod decls;
mod emit;
#[cfg(all(test, feature = "runtime"))]
mod examples;
mod export;
#[cfg(all(test, feature = "runtime"))]
mod llvm_as;
#[cfg(feature = "runtime")]
mod parity;
#[cfg(all(test, feature = "runtime"))]
mod seed_lowering;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// `gen` builds and drops a few hundred thousand small token trees and syntax nodes on every
/// core; mimalloc spends about a sixth less time on that than the system allocator (its C code
/// is optimized in dev builds too, see the workspace's `Cargo.toml`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Tasks of the DXIL op database workspace.
#[derive(Parser)]
#[command(name = "cargo xtask", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Regenerate every file derived from ops.toml.
    Gen,
    /// Fail (exit 1, with the diff) when a generated file is stale.
    Check,
    /// Print LLVM IR declarations of dx.op functions: all of them, or the named ones.
    #[cfg(feature = "runtime")]
    Decls {
        /// Only what this DXIL version allows (e.g. 1.6).
        #[arg(long)]
        dxil: Option<String>,
        /// 16-bit types are min-precision stand-ins (4-element `CBufRet.f16`).
        #[arg(long)]
        min_precision: bool,
        /// Function names, e.g. `dx.op.rawBufferVectorLoad.v17f32`.
        names: Vec<String>,
    },
    /// Write the database as another compiler's op table: `emit llvm --output OUT`, or DXC's
    /// generated sources: `emit dxc --input DXC_TREE --output OUT`.
    Emit {
        /// The format.
        #[command(subcommand)]
        target: emit::Target,
    },
    /// Print the database in another format.
    Export {
        /// Output format.
        #[arg(value_enum)]
        format: export::Format,
    },
    /// Check the dx.op declarations and calls of DXIL modules (LLVM IR text or binary, told
    /// by their content; a directory stands for its module files): `dxil lint`. Exit status
    /// 0: no diagnostics, 1: diagnostics, 2: an input could not be checked.
    #[cfg(feature = "runtime")]
    #[command(after_help = dxil_cli::lint::EXIT_CODES)]
    Lint {
        /// The arguments of `dxil lint`.
        #[command(flatten)]
        args: dxil_cli::lint::Args,
    },
    /// Measure the lint against DXC's validator tests in DIR (not part of this repository):
    /// how many of the error messages they expect it reproduces, and what it prints on the
    /// tests the validator accepts. See xtask/src/parity.rs for the counting.
    #[cfg(feature = "runtime")]
    Parity {
        /// The folder of DXC's validator tests (e.g. a copy of tools/clang/test/LitDXILValidation).
        dir: PathBuf,
        /// Leave out tests named as a file of this folder (default ../shared/corpus/dxc).
        #[arg(long)]
        corpus: Option<PathBuf>,
        /// A line per test file.
        #[arg(long)]
        per_file: bool,
        /// The messages not reproduced and the diagnostics on accepted files.
        #[arg(long)]
        show_missed: bool,
    },
}

/// The workspace root (the folder of `ops.toml`).
pub fn root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map(PathBuf::from).unwrap_or(manifest)
}

/// Loads `ops.toml`, printing every diagnostic on failure.
pub fn load_db() -> anyhow::Result<dxil_db::Database> {
    load_db_at(&root())
}

/// The diagnostics of a database that does not load, rendered: each starts with its own
/// `error:`, so it is printed as it is.
#[derive(Debug)]
pub struct Rendered(pub String);

impl std::fmt::Display for Rendered {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Rendered {}

/// Loads `ops.toml` of the workspace at `root`.
pub fn load_db_at(root: &std::path::Path) -> anyhow::Result<dxil_db::Database> {
    let path = root.join("ops.toml");
    dxil_db::load(&path).map_err(|e| match e.report() {
        Some(r) => {
            let n = r.diagnostics().len();
            anyhow::Error::new(Rendered(format!(
                "{}{n} error{} in the database",
                r.render_rich(false),
                if n == 1 { "" } else { "s" }
            )))
        }
        None => anyhow::anyhow!("{e}"),
    })
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Gen => codegen::run(codegen::Mode::Write),
        Command::Check => codegen::run(codegen::Mode::Check),
        #[cfg(feature = "runtime")]
        Command::Decls {
            dxil,
            min_precision,
            names,
        } => Ok(dxil_cli::decls::run(&dxil_cli::decls::Args {
            dxil,
            min_precision,
            names,
        })),
        Command::Emit { target } => emit::run(target),
        Command::Export { format } => export::run(format),
        #[cfg(feature = "runtime")]
        Command::Lint { args } => Ok(dxil_cli::lint::run(&args)),
        #[cfg(feature = "runtime")]
        Command::Parity {
            dir,
            corpus,
            per_file,
            show_missed,
        } => parity::run(parity::Options {
            dir,
            corpus,
            per_file,
            show_missed,
        }),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            match e.downcast_ref::<Rendered>() {
                Some(r) => eprintln!("{r}"),
                None => eprintln!("error: {e:#}"),
            }
            ExitCode::from(2)
        }
    }
}
