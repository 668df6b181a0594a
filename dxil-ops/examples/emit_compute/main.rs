//! Prints a complete compute shader at DXIL 1.6 as LLVM IR text, written with the typed
//! builders and the module writer: a `RWBuffer<float>` at `u0` made from its binding, and for
//! each thread: load the element of its index, `sin(x) * cos(x) + x`, the sum over the wave,
//! store it back. With `--dxil OUT`, also writes it as a signed DXBC container (the text read
//! and written by `dxil-module`, a dev-dependency: `dxil-ops` itself depends on no reader).
//!
//! ```sh
//! cargo run -p dxil-ops --example emit_compute > cs.ll
//! llvm-as-14 cs.ll -o /dev/null && cargo xtask lint cs.ll
//! cargo run -p dxil-ops --example emit_compute -- --dxil cs.dxil > /dev/null
//! cargo run -p dxil-cli -- container cs.dxil
//! ```

mod shader;

use std::process::ExitCode;

/// The container of the module `text`.
fn container(text: &str) -> Result<Vec<u8>, Box<dyn std::error::Error>> {
    let module = dxil_module::text::parse(text.as_bytes())?;
    Ok(dxil_module::assemble::container(&module)?)
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = match args.as_slice() {
        [] => None,
        [flag, path] if flag == "--dxil" => Some(path),
        _ => return Err("usage: emit_compute [--dxil OUT]".into()),
    };
    let text = shader::compute_shader()?;
    if let Some(path) = out {
        std::fs::write(path, container(&text)?)?;
    }
    print!("{text}");
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
