//! Writes the bitcode of a module again, many times over: the bitcode of a file, a container,
//! or every `.dxil` of a folder, decoded once and written `REPEATS` times (for profiling the
//! writer). Prints the bytes written and the MB/s of the least and the median wall time of the
//! repeats.
//!
//! `cargo run --release -p dxil-module --example write_file -- FILE_OR_FOLDER [REPEATS]`

use std::path::{Path, PathBuf};
use std::time::Instant;

fn files(path: &Path, out: &mut Vec<PathBuf>) {
    if let Ok(entries) = std::fs::read_dir(path) {
        for e in entries.flatten() {
            files(&e.path(), out);
        }
    } else if path.extension().is_some_and(|x| x == "dxil" || x == "bc") {
        out.push(path.to_path_buf());
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = PathBuf::from(
        args.next()
            .ok_or("usage: write_file FILE_OR_FOLDER [REPEATS]")?,
    );
    let repeats: usize = args.next().map_or(Ok(20), |r| r.parse())?;
    let mut found = Vec::new();
    files(&path, &mut found);
    let mut models = Vec::new();
    for f in &found {
        let bytes = std::fs::read(f)?;
        models.push(dxil_module::bitcode::decode(&bytes)?);
    }
    let mut times = Vec::with_capacity(repeats);
    let mut total = 0;
    for _ in 0..repeats.max(1) {
        let start = Instant::now();
        total = 0;
        for m in &models {
            total += dxil_module::bitcode::write(m)?.len();
        }
        times.push(start.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    let (best, median) = (times[0], times[times.len() / 2]);
    println!(
        "{} modules, {total} bytes written: least time {:.2} ms ({:.1} MB/s), median {:.2} ms \
         ({:.1} MB/s)",
        models.len(),
        best * 1e3,
        total as f64 / best / 1e6,
        median * 1e3,
        total as f64 / median / 1e6
    );
    Ok(())
}
