//! `dxil dis FILE`: the module of a DXBC container, a bitcode wrapper or raw LLVM 3.7 bitcode
//! as LLVM IR text, laid out as `llvm-dis` lays it out.
//!
//! The steps are apart so that options that add to the text have one place each: [`decode`]
//! reads the input into the module model, [`text`] prints it, [`dxil_cli::output::write`]
//! sends it out.

use std::path::{Path, PathBuf};

use dxil_module::bitcode;
use dxil_module::container::FourCC;
use dxil_module::model::Module;
use dxil_module::text as ir;

use crate::status::Status;

/// The arguments of `dxil dis`.
#[derive(clap::Args)]
pub struct Args {
    /// A DXBC container (its DXIL part, else its ILDB part), a bitcode wrapper or raw LLVM
    /// bitcode, told apart by their first bytes; `-` reads standard input (the module is then
    /// named `<stdin>`, as `llvm-dis` names it).
    file: PathBuf,
    /// Write the text to OUT instead of standard output.
    #[arg(short, long, value_name = "OUT")]
    output: Option<PathBuf>,
    /// Print the dx.op calls only, each as its op with named operands (`dxil_ops::read`).
    #[arg(long)]
    ops: bool,
    /// Print the module of this program part of the container instead: ILDB (the module with
    /// debug information), STAT (DXC's reflection module) or DXIL.
    #[arg(long, value_name = "FOURCC", value_parser = fourcc)]
    part: Option<FourCC>,
}

/// A part's four-character code, as `--part` takes it.
fn fourcc(text: &str) -> Result<FourCC, String> {
    FourCC::from_text(text)
        .ok_or_else(|| format!("expected four ASCII characters (ILDB, STAT, DXIL), found {text:?}"))
}

/// Prints the module of the input; exit code 2 when it cannot be read, decoded or written.
pub fn run(args: &Args) -> Status {
    let name = if dxil_cli::stdin::is_stdin(&args.file) {
        dxil_cli::stdin::MODULE_NAME.to_owned()
    } else {
        args.file.display().to_string()
    };
    let module = match decode(&args.file, args.part) {
        Ok(m) => m,
        Err(e) => {
            dxil_cli::error_line!("dxil: {name}: {e}");
            return Status::Unreadable;
        }
    };
    let out = if args.ops {
        dxil_cli::ops::listing(&module)
    } else {
        text(module, &name)
    };
    match dxil_cli::output::write(args.output.as_deref(), out.as_bytes()) {
        Ok(()) => Status::Clean,
        Err(e) => {
            let to = args
                .output
                .as_deref()
                .map_or_else(|| "standard output".to_owned(), |p| p.display().to_string());
            dxil_cli::error_line!("dxil: {to}: {e}");
            Status::Unreadable
        }
    }
}

/// The module of the file `path` (of its program part `part`, when given), or why it cannot
/// be read or decoded (with the bit and byte offset in the file).
pub fn decode(path: &Path, part: Option<FourCC>) -> Result<Module, String> {
    let bytes = crate::input::read(path)?;
    match part {
        Some(part) => bitcode::decode_part(&bytes, part),
        None => bitcode::decode(&bytes),
    }
    .map_err(|e| e.to_string())
}

/// The module as LLVM IR text, named `name` as `llvm-dis` names the file it read (LLVM 3.7
/// bitcode has no source file name of its own, so that is `name` too).
pub fn text(mut module: Module, name: &str) -> String {
    let options = ir::named(&mut module, name);
    ir::print(&module, &options)
}
