//! `dxil container FILE...`: the report of each container.

mod parts;
mod psv;
mod rdat;
mod rts0;

use std::fmt::Write;
use std::path::PathBuf;

use dxil_module::container::{Container, DigestStatus, hex};

use crate::progress::Progress;
use crate::status::Status;
use crate::table::Table;

/// The arguments of `dxil container`.
#[derive(clap::Args)]
pub struct Args {
    /// DXBC container files (`-`: standard input).
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// Reports on every file; the worst outcome decides the exit code.
pub fn run(args: &Args) -> Status {
    let progress = Progress::new(args.files.len());
    let mut worst = Status::Clean;
    for path in &args.files {
        let name = path.display().to_string();
        progress.start(&name);
        let (out, err, status) = match crate::input::read(path) {
            Ok(bytes) => report(&name, &bytes),
            Err(e) => (
                String::new(),
                format!("dxil: {name}: {e}\n"),
                Status::Unreadable,
            ),
        };
        progress.print(&out, &err);
        progress.done();
        worst = worst.max(status);
    }
    progress.finish();
    worst
}

/// The report on the container `bytes` read from `name`: stdout's text, stderr's text and
/// the outcome.
fn report(name: &str, bytes: &[u8]) -> (String, String, Status) {
    let mut out = format!("{name}\n");
    let container = match Container::parse(bytes) {
        Ok(c) => c,
        Err(e) => return (out, format!("dxil: {name}: {e}\n"), Status::Unreadable),
    };
    let h = container.header();
    let _ = writeln!(
        out,
        "container: version {}.{}, {} bytes, {} parts",
        h.major, h.minor, h.size, h.part_count
    );
    if container.trailing_len() > 0 {
        let _ = writeln!(
            out,
            "  {} bytes after the container's size, not read",
            container.trailing_len()
        );
    }
    let mut table = Table::new(&["#", "part", "offset", "size", "contents"]);
    for p in container.parts() {
        table.row(vec![
            p.index.to_string(),
            p.fourcc.to_string(),
            p.offset.to_string(),
            p.data.len().to_string(),
            p.fourcc.describe().unwrap_or("unknown").to_owned(),
        ]);
    }
    table.write(&mut out);
    let mut status = Status::Clean;
    for part in container.parts() {
        match container.decode(&part) {
            Ok(content) => parts::write(&mut out, part.fourcc, &content),
            Err(e) => {
                let _ = writeln!(out, "{}: error: {e}", part.fourcc);
                status = Status::Findings;
            }
        }
    }
    match container.digest_status() {
        DigestStatus::Matches => out.push_str("digest: ok\n"),
        DigestStatus::Zero => out.push_str("digest: zero (none)\n"),
        DigestStatus::Mismatch { stored, computed } => {
            let _ = writeln!(
                out,
                "digest: mismatch (stored {}, computed {})",
                hex(&stored),
                hex(&computed)
            );
            status = Status::Findings;
        }
    }
    out.push('\n');
    (out, String::new(), status)
}
