//! Decodes bitcode and prints it as LLVM IR text, as `llvm-dis-14 - < FILE` prints it (to
//! compare or measure): `cargo run --release -p dxil-module --example decode_file -- PATH
//! [N]`. PATH is a bitcode file, decoded N times and printed once; or a folder, whose `.bc`
//! files are each decoded N times (for profiling), nothing printed.

use std::path::Path;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: decode_file FILE|FOLDER [REPEAT]");
        std::process::exit(2);
    };
    let repeat: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(1).max(1);
    let path = Path::new(&path);
    let files: Vec<_> = match std::fs::read_dir(path) {
        Ok(dir) => dir
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "bc"))
            .collect(),
        Err(_) => vec![path.to_path_buf()],
    };
    let inputs: Vec<Vec<u8>> = files
        .iter()
        .map(|f| {
            std::fs::read(f).unwrap_or_else(|e| {
                eprintln!("{}: {e}", f.display());
                std::process::exit(1);
            })
        })
        .collect();
    let mut last = None;
    for _ in 0..repeat {
        for (f, bytes) in files.iter().zip(&inputs) {
            match dxil_module::bitcode::decode(bytes) {
                Ok(m) => last = Some(m),
                Err(e) => {
                    eprintln!("{}: {e}", f.display());
                    std::process::exit(1);
                }
            }
        }
    }
    if let (Some(mut m), 1) = (last, files.len()) {
        m.source_filename = Some("<stdin>".to_owned());
        let options = dxil_module::text::PrintOptions {
            module_id: Some("<stdin>".to_owned()),
        };
        print!("{}", dxil_module::text::print(&m, &options));
    }
}
