//! `dxil`: command-line tools for DXIL. One module per subcommand; `main` parses the command
//! line and dispatches.

mod asm;
mod container;
mod dis;
mod input;
mod progress;
mod status;
mod table;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Exit codes of every subcommand, for the help text of `dxil`.
const ALL_EXIT_CODES: &str = "\
Exit codes:
  0  every input read, nothing found
  1  findings: a lint diagnostic, a digest mismatch, a part that does not decode, a module
     `asm` cannot write, a name `decls` does not know
  2  an input that cannot be read (not a file, too large, not DXIL), an output that cannot be
     written, or a bad command line
Each subcommand's help says what the codes mean for it.";

/// Exit codes of `dxil container`, for its help text.
const CONTAINER_EXIT_CODES: &str = "\
Exit codes:
  0  every input read, nothing found
  1  findings: a digest mismatch, a part that does not decode
  2  an input that cannot be read (not a file, too large, not a container), or a bad command line";

/// Exit codes of `dxil dis`, for its help text.
const DIS_EXIT_CODES: &str = "\
Exit codes:
  0  the module printed
  2  an input that cannot be read or decoded (not a file, too large, neither a container nor
     bitcode, bitcode the decoder refuses: the message gives the bit and byte offset), an
     output that cannot be written, or a bad command line";

/// Exit codes of `dxil asm`, for its help text.
const ASM_EXIT_CODES: &str = "\
Exit codes:
  0  the container written
  1  a module that cannot be written as DXIL (the error names the function and instruction)
  2  an input that cannot be read or is not DXIL text (the error names the line and column),
     an output that cannot be written, or a bad command line";

/// Command-line tools for DXIL.
#[derive(Parser)]
#[command(name = "dxil", version, after_help = ALL_EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Report on DXBC containers: parts, program, flags, signatures, PSV0, root signature,
    /// runtime data, digest.
    ///
    /// For each file: the parts with their offsets and sizes, the program header (shader kind,
    /// shader model, DXIL version, where the bitcode is), the feature flags by name, the
    /// signatures as tables, a summary of PSV0, the root signature, the runtime data
    /// (resources, functions, subobjects), the shader hash, the debug name, the compiler
    /// version, and whether the container's digest matches its bytes (`digest: ok`, `digest:
    /// mismatch`, or `digest: zero (none)` for an unsigned container). Errors give the byte
    /// offset and what was expected there. With several files and a terminal on stderr, a
    /// progress bar shows how far the run is.
    #[command(after_help = CONTAINER_EXIT_CODES)]
    Container(container::Args),
    /// Print the module of a container or bitcode as LLVM IR text.
    ///
    /// FILE is a DXBC container (the bitcode of its DXIL part, else its ILDB part, or of the
    /// part `--part` names), a bitcode wrapper or raw LLVM 3.7 bitcode, told apart by their
    /// first bytes. The text is laid out as `llvm-dis` lays it out, the module named after FILE.
    #[command(after_help = DIS_EXIT_CODES)]
    Dis(dis::Args),
    /// Check the dx.op declarations and calls of DXIL modules against the op database.
    ///
    /// Each FILE is LLVM IR text, a DXBC container, bitcode in its wrapper or raw bitcode, told
    /// by its content, not its name; each DIR stands for its .ll, .dxil, .dxbc, .cso and .bc
    /// files, walked within --max-files and --max-depth. Prints one line per diagnostic
    /// (`FILE:LINE: RULE-CODE: message`; in a binary file, LINE is that of `dxil dis FILE`), then
    /// `N calls checked in M files, K diagnostics`. On a terminal, stderr shows the progress of
    /// walks and checks; piped, only errors.
    #[command(after_help = dxil_cli::lint::EXIT_CODES)]
    Lint(dxil_cli::lint::Args),
    /// Print LLVM IR declarations of dx.op functions.
    ///
    /// Without names: a module declaring every function of every op for every scalar overload
    /// and for vector overloads of widths 2, 3 and 4 (with --dxil, only what that version
    /// allows). With names: the declaration of each, or an error saying why it is not one.
    #[command(after_help = dxil_cli::decls::EXIT_CODES)]
    Decls(dxil_cli::decls::Args),
    /// Assemble DXIL text into a DXBC container.
    ///
    /// Reads LLVM 3.7 IR text as DXC prints it (strictly: the text must be DXIL, not LLVM 14's
    /// syntax), writes it as LLVM 3.7 bitcode in a `DXIL` part with the parts derived from its
    /// metadata (`SFI0`, `ISG1`, `OSG1`, `PSG1`, `PSV0`), signed with DXC's retail hash.
    #[command(after_help = ASM_EXIT_CODES)]
    Asm(asm::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let status = match &cli.command {
        Command::Container(args) => container::run(args),
        Command::Dis(args) => dis::run(args),
        Command::Lint(args) => return dxil_cli::lint::run(args),
        Command::Decls(args) => return dxil_cli::decls::run(args),
        Command::Asm(args) => asm::run(args),
    };
    ExitCode::from(status.code())
}
