//! Reads an LLVM IR text file with the text reader and prints it back (to measure or
//! compare): `cargo run --release -p dxil-module --example parse_file -- FILE [N]`.

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: parse_file FILE [REPEAT]");
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
    let mut problems = 0;
    for _ in 0..repeat {
        problems = dxil_module::text::parse_lenient(&bytes).problems.len();
    }
    eprintln!("{problems} problems");
}
