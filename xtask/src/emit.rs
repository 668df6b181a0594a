//! `cargo xtask emit TARGET`: another compiler's generated sources, written from the database.
//!
//! `emit dxc --input DIR --output OUT` reads DXC's sources from `DIR` (a DXC source tree, or a
//! folder laid out the same way), replaces their generated regions and writes the five files
//! DXC's `hctgen.py` writes side by side into `OUT` (see `dxil_codegen::foreign::dxc`). Inputs
//! are read as the loader reads the database (regular files of at most 64 MiB, UTF-8); the
//! outputs are written as one transaction, as `gen` writes (all five are new or none is).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::Subcommand;
use dxil_codegen::foreign::dxc;

/// What to emit.
#[derive(Subcommand)]
pub enum Target {
    /// DXC: the parts of DxilOperations.cpp, DxilConstants.h, DxilInstructions.h and DXIL.rst
    /// that hctgen.py generates, and DxilValidation.inc.
    Dxc {
        /// A DXC source tree (lib/DXIL/DxilOperations.cpp, include/dxc/DXIL/..., docs/DXIL.rst).
        #[arg(long)]
        input: PathBuf,
        /// The folder the five files are written to, side by side.
        #[arg(long)]
        output: PathBuf,
    },
}

/// `cargo xtask emit`.
pub fn run(target: Target) -> anyhow::Result<ExitCode> {
    match target {
        Target::Dxc { input, output } => run_dxc(&crate::root(), &input, &output),
    }
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

/// The five files written from the database at `root` and the sources in `input`.
pub fn dxc_files(root: &Path, input: &Path) -> anyhow::Result<Vec<dxil_codegen::GeneratedFile>> {
    let db = crate::load_db_at(root)?;
    let mut texts = Vec::new();
    for f in dxc::FILES {
        if let Some(source) = f.source {
            texts.push((f.name, read_source(&input.join(source))?));
        }
    }
    let sources: Vec<(&str, &str)> = texts.iter().map(|(n, t)| (*n, t.as_str())).collect();
    Ok(dxc::emit(&db, &sources)?)
}

/// `cargo xtask emit dxc`.
fn run_dxc(root: &Path, input: &Path, output: &Path) -> anyhow::Result<ExitCode> {
    let files = dxc_files(root, input)?;
    std::fs::create_dir_all(output).with_context(|| format!("creating {}", output.display()))?;
    let changed = crate::codegen::differing(output, &files, false);
    crate::codegen::write(output, &files, &changed)?;
    println!(
        "wrote {} files to {} ({} changed)",
        files.len(),
        output.display(),
        changed.len()
    );
    Ok(ExitCode::SUCCESS)
}
