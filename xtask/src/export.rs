//! `cargo xtask export json`: the database as JSON on standard output.

use std::io::Write;
use std::process::ExitCode;

/// Export formats.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Format {
    /// JSON, format `dxil-ops-db/1` (docs/json-export.md).
    Json,
}

/// Prints the database.
pub fn run(format: Format) -> anyhow::Result<ExitCode> {
    let db = crate::load_db()?;
    match format {
        Format::Json => {
            let text = serde_json::to_string_pretty(&dxil_db::export::to_json(&db))?;
            let mut out = std::io::stdout().lock();
            writeln!(out, "{text}")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
