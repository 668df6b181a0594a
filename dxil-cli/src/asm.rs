//! `dxil asm FILE.ll -o FILE.dxil`: DXIL text (LLVM 3.7 IR, as DXC prints it) read by the
//! strict text reader, written as LLVM 3.7 bitcode in a signed DXBC container with the parts
//! derived from its metadata (`dxil_module::assemble`). The bitcode's `!dx.viewIdState` is the
//! view-ID state computed from the code, as `PSV0`'s; a note on stderr says when the text
//! recorded another one, or none where DXC records one.

use std::path::PathBuf;

use dxil_module::assemble::viewid::Refresh;
use dxil_module::{assemble, text};

use crate::status::Status;

/// The arguments of `dxil asm`.
#[derive(clap::Args)]
pub struct Args {
    /// The LLVM IR text to assemble (`-`: standard input).
    file: PathBuf,
    /// The container to write.
    #[arg(short, long)]
    output: PathBuf,
}

/// Assembles the file; an error goes to stderr with the file's name.
pub fn run(args: &Args) -> Status {
    let name = args.file.display();
    match assemble_file(args) {
        Ok(()) => Status::Clean,
        Err((status, e)) => {
            dxil_cli::error_line!("dxil: {name}: {e}");
            status
        }
    }
}

fn assemble_file(args: &Args) -> Result<(), (Status, String)> {
    let unreadable = |e: String| (Status::Unreadable, e);
    let bytes = crate::input::read(&args.file).map_err(unreadable)?;
    let module = text::parse(&bytes).map_err(|e| unreadable(e.to_string()))?;
    let (container, refresh) =
        assemble::container_and_refresh(&module).map_err(|e| (Status::Findings, e.to_string()))?;
    let name = args.file.display();
    match refresh {
        Refresh::Current => {}
        Refresh::Replace { .. } => dxil_cli::error_line!(
            "dxil: {name}: note: !dx.viewIdState records another view-ID state than the code \
             gives (recorded before an edit?); the container holds the one computed from the code"
        ),
        Refresh::Add { .. } => dxil_cli::error_line!(
            "dxil: {name}: note: no !dx.viewIdState, where DXC records one; the container holds \
             the one computed from the code"
        ),
    }
    std::fs::write(&args.output, container)
        .map_err(|e| unreadable(format!("cannot write {}: {e}", args.output.display())))
}
