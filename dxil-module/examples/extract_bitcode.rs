//! Writes the bitcode of containers (what `container::find_bitcode` finds: the `DXIL` part's,
//! else the `ILDB` part's) to files, for tools that read bitcode only (`llvm-dis`):
//! `cargo run --release -p dxil-module --example extract_bitcode -- OUT_DIR FILE...`.
//! Each FILE's bitcode goes to `OUT_DIR/N-STEM.bc` (N its position among the FILEs, so that
//! equal stems of different folders stay apart); the paths written are printed, one a line.

use std::path::Path;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(out_dir) = args.next() else {
        eprintln!("usage: extract_bitcode OUT_DIR FILE...");
        std::process::exit(2);
    };
    let out_dir = Path::new(&out_dir);
    for (i, file) in args.enumerate() {
        let path = Path::new(&file);
        let written = std::fs::read(path)
            .map_err(|e| e.to_string())
            .and_then(|bytes| {
                let found =
                    dxil_module::container::find_bitcode(&bytes).map_err(|e| e.to_string())?;
                let stem = path.file_stem().unwrap_or_default().to_string_lossy();
                let to = out_dir.join(format!("{i}-{stem}.bc"));
                std::fs::write(&to, found.bytes).map_err(|e| e.to_string())?;
                Ok(to)
            });
        match written {
            Ok(to) => println!("{}", to.display()),
            Err(e) => {
                eprintln!("{file}: {e}");
                std::process::exit(1);
            }
        }
    }
}
