//! `cargo xtask emit TARGET --output OUT`: the database in another compiler's format, written
//! into OUT in one transaction (every file new, or none), only the files that differ.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Subcommand;
use dxil_codegen::foreign::llvm;

/// The formats `emit` writes.
#[derive(Subcommand)]
pub enum Target {
    /// LLVM's DXIL.td: every op as a DXILOp record of LLVM's schema (OUT/DXIL.td), and
    /// OUT/DXILIntrinsics.td, which declares the intrinsics the baseline LLVM lacks.
    Llvm {
        /// The folder to write into (made if missing).
        #[arg(long)]
        output: PathBuf,
        /// Leave out DXILIntrinsics.td and its include: for LLVM's tree, which declares every
        /// intrinsic itself.
        #[arg(long)]
        without_declarations: bool,
    },
}

/// Writes the files of `target`.
pub fn run(target: Target) -> anyhow::Result<ExitCode> {
    let db = crate::load_db()?;
    let (output, files, what) = match target {
        Target::Llvm {
            output,
            without_declarations,
        } => {
            let options = llvm::Options {
                without_declarations,
            };
            let files = llvm::files(&db, options).context("writing LLVM's DXIL.td")?;
            (output, files, format!("{} ops", llvm::op_count(&db)))
        }
    };
    let changed = crate::codegen::write_into(&output, &files)
        .with_context(|| format!("writing into {}", output.display()))?;
    for f in &files {
        let state = if changed.contains(&f.path) {
            "written"
        } else {
            "unchanged"
        };
        println!("{} ({state})", output.join(&f.path).display());
    }
    println!("{what}");
    Ok(ExitCode::SUCCESS)
}
