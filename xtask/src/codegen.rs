//! `cargo xtask gen` and `cargo xtask check`: write every generated file, or check that each is
//! current. Everything is generated in memory first, so a failure leaves the old files intact;
//! files are then written to temporary files and renamed over the old ones.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use dxil_codegen::GeneratedFile;

/// What to do with the generated files.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Write files that differ.
    Write,
    /// Only report files that differ.
    Check,
}

/// Folders whose files (with the extension, in the folder and its subfolders) are all
/// generated, besides the listed hand-written ones.
const GENERATED_DIRS: &[(&str, &str, &[&str])] = &[
    ("dxil-ops/src/generated", "rs", &["mod.rs"]),
    ("docs/ops", "md", &[]),
    ("dxil-ops-macro/database", "toml", &[]),
];

/// A file that differs from what the generator makes.
pub struct Stale {
    /// Path relative to the root.
    pub path: String,
    /// Unified diff (old → new).
    pub diff: String,
}

/// Files that would change, compared with `files`; also generated-folder files nobody makes.
pub fn stale(root: &Path, files: &[GeneratedFile]) -> anyhow::Result<Vec<Stale>> {
    let mut out = Vec::new();
    for f in files {
        let old = fs::read_to_string(root.join(&f.path)).unwrap_or_default();
        if old != f.contents {
            let diff = similar::TextDiff::from_lines(&old, &f.contents)
                .unified_diff()
                .context_radius(2)
                .header(&format!("a/{}", f.path), &format!("b/{}", f.path))
                .to_string();
            out.push(Stale {
                path: f.path.clone(),
                diff,
            });
        }
    }
    for path in leftovers(root, files)? {
        out.push(Stale {
            diff: format!("{path} is in a generated folder but is no longer generated\n"),
            path,
        });
    }
    Ok(out)
}

fn leftovers(root: &Path, files: &[GeneratedFile]) -> anyhow::Result<Vec<String>> {
    let made: BTreeSet<&str> = files.iter().map(|f| f.path.as_str()).collect();
    let mut out = Vec::new();
    for (top, ext, keep) in GENERATED_DIRS {
        let mut dirs = vec![(*top).to_owned()];
        while let Some(dir) = dirs.pop() {
            let Ok(entries) = fs::read_dir(root.join(&dir)) else {
                continue;
            };
            for e in entries {
                let e = e?;
                let name = e.file_name().to_string_lossy().into_owned();
                let path = format!("{dir}/{name}");
                if e.file_type()?.is_dir() {
                    dirs.push(path);
                } else if name.ends_with(&format!(".{ext}"))
                    && !keep.contains(&name.as_str())
                    && !made.contains(path.as_str())
                {
                    out.push(path);
                }
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Writes every file that differs, atomically per file, and removes leftovers.
fn write(root: &Path, files: &[GeneratedFile], stale: &[Stale]) -> anyhow::Result<()> {
    let changed: BTreeSet<&str> = stale.iter().map(|s| s.path.as_str()).collect();
    let mut temps: Vec<(PathBuf, PathBuf)> = Vec::new();
    let result = (|| {
        for f in files.iter().filter(|f| changed.contains(f.path.as_str())) {
            let dest = root.join(&f.path);
            let dir = dest.parent().context("generated file without a folder")?;
            fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
            let tmp = dir.join(format!(
                ".{}.tmp",
                dest.file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
            ));
            fs::write(&tmp, &f.contents).with_context(|| format!("writing {}", tmp.display()))?;
            temps.push((tmp, dest));
        }
        Ok::<_, anyhow::Error>(())
    })();
    if let Err(e) = result {
        for (tmp, _) in &temps {
            let _ = fs::remove_file(tmp);
        }
        return Err(e);
    }
    for (tmp, dest) in &temps {
        fs::rename(tmp, dest).with_context(|| format!("replacing {}", dest.display()))?;
    }
    for path in leftovers(root, files)? {
        fs::remove_file(root.join(&path)).with_context(|| format!("removing {path}"))?;
    }
    Ok(())
}

/// Generates every file from the database at `root`.
pub fn generate(root: &Path) -> anyhow::Result<Vec<GeneratedFile>> {
    let db = crate::load_db_at(root)?;
    dxil_codegen::generate(&db).context("generating code")
}

/// `cargo xtask gen` / `cargo xtask check`.
pub fn run(mode: Mode) -> anyhow::Result<ExitCode> {
    let root = crate::root();
    let start = std::time::Instant::now();
    let files = generate(&root)?;
    let stale = stale(&root, &files)?;
    match mode {
        Mode::Write => {
            write(&root, &files, &stale)?;
            for s in &stale {
                println!("updated {}", s.path);
            }
            println!(
                "{} generated files, {} changed ({:.2} s)",
                files.len(),
                stale.len(),
                start.elapsed().as_secs_f64()
            );
            Ok(ExitCode::SUCCESS)
        }
        Mode::Check => {
            if stale.is_empty() {
                println!("{} generated files are up to date", files.len());
                return Ok(ExitCode::SUCCESS);
            }
            for s in &stale {
                print!("{}", s.diff);
            }
            eprintln!(
                "{} generated file(s) are stale: {}\nrun `cargo xtask gen` and commit the result",
                stale.len(),
                stale
                    .iter()
                    .map(|s| s.path.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            Ok(ExitCode::from(1))
        }
    }
}

#[cfg(test)]
mod tests {
    /// The checked-in generated files are what the generator makes from ops.toml.
    #[test]
    fn generated_files_are_current() {
        let root = crate::root();
        let files = super::generate(&root).expect("ops.toml loads and generates");
        let stale = super::stale(&root, &files).expect("generated files are readable");
        let names: Vec<&str> = stale.iter().map(|s| s.path.as_str()).collect();
        assert!(
            stale.is_empty(),
            "generated files are stale: {names:?}; run `cargo xtask gen`\n{}",
            stale.iter().map(|s| s.diff.as_str()).collect::<String>()
        );
    }
}
