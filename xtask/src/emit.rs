//! `cargo xtask emit TARGET --output OUT`: the database in another compiler's format, written
//! into OUT in one transaction (every file new, or none), only the files that differ.
//!
//! `emit llvm` writes LLVM's DXIL.td (see `dxil_codegen::foreign::llvm`). `emit dxc --input DIR`
//! reads DXC's sources from `DIR` (a DXC source tree, or a folder laid out the same way),
//! replaces their generated regions and writes the five files DXC's `hctgen.py` writes side by
//! side into OUT (see `dxil_codegen::foreign::dxc`); the sources are read as the loader reads
//! the database (regular files of at most 64 MiB, UTF-8).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::Subcommand;
use dxil_codegen::foreign::{dxc, llvm};

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
    /// DXC: the parts of DxilOperations.cpp, DxilConstants.h, DxilInstructions.h and DXIL.rst
    /// that hctgen.py generates, and DxilValidation.inc, side by side in OUT.
    Dxc {
        /// A DXC source tree (lib/DXIL/DxilOperations.cpp, include/dxc/DXIL/..., docs/DXIL.rst).
        #[arg(long)]
        input: PathBuf,
        /// The folder to write into (made if missing).
        #[arg(long)]
        output: PathBuf,
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
        Target::Dxc { input, output } => {
            let files = dxc_files(&db, &input)?;
            (output, files, format!("{} opcodes", db.ops.len()))
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

/// Reads a source of DXC's: a bounded regular file in UTF-8.
fn read_source(path: &Path) -> anyhow::Result<String> {
    let bytes = dxil_db::read_file(path).with_context(|| format!("reading {}", path.display()))?;
    String::from_utf8(bytes).map_err(|e| {
        anyhow::anyhow!(
            "{} is not UTF-8 (byte {} is not part of a character)",
            path.display(),
            e.utf8_error().valid_up_to()
        )
    })
}

/// The five files of DXC written from `db` and the sources in `input`.
fn dxc_files(
    db: &dxil_db::Database,
    input: &Path,
) -> anyhow::Result<Vec<dxil_codegen::GeneratedFile>> {
    let mut texts = Vec::new();
    for f in dxc::FILES {
        if let Some(source) = f.source {
            texts.push((f.name, read_source(&input.join(source))?));
        }
    }
    let sources: Vec<(&str, &str)> = texts.iter().map(|(n, t)| (*n, t.as_str())).collect();
    Ok(dxc::emit(db, &sources)?)
}
