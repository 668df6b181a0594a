//! Decodes a bitcode file and prints it as LLVM IR text, as `llvm-dis-14 - < FILE` prints it
//! (to compare or measure): `cargo run --release -p dxil-module --example decode_file -- FILE
//! [N]` decodes it N times and prints it once.

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: decode_file FILE [REPEAT]");
        std::process::exit(2);
    };
    let repeat: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(1);
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
    };
    let mut module = None;
    for _ in 0..repeat.max(1) {
        match dxil_module::bitcode::decode(&bytes) {
            Ok(m) => module = Some(m),
            Err(e) => {
                eprintln!("{path}: {e}");
                std::process::exit(1);
            }
        }
    }
    if let Some(mut m) = module {
        m.source_filename = Some("<stdin>".to_owned());
        let options = dxil_module::text::PrintOptions {
            module_id: Some("<stdin>".to_owned()),
        };
        print!("{}", dxil_module::text::print(&m, &options));
    }
}
