//! `cargo xtask gen` and `cargo xtask check`: write every generated file, or check that each is
//! current. Everything is generated in memory first, so a failure leaves the old files intact;
//! files are then written to temporary files and renamed over the old ones, as one transaction
//! (see [`write()`]).

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
/// With `diffs`, each comes with its unified diff (which takes long when a file changed a lot:
/// `gen` does not need it).
pub fn stale(root: &Path, files: &[GeneratedFile], diffs: bool) -> anyhow::Result<Vec<Stale>> {
    let mut out = Vec::new();
    for f in files {
        let old = fs::read_to_string(root.join(&f.path)).unwrap_or_default();
        if old != f.contents {
            let diff = if diffs {
                similar::TextDiff::from_lines(&old, &f.contents)
                    .unified_diff()
                    .context_radius(2)
                    .header(&format!("a/{}", f.path), &format!("b/{}", f.path))
                    .to_string()
            } else {
                String::new()
            };
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

/// A path beside `dest` for a temporary copy: `.NAME.SUFFIX` in the same folder.
fn beside(dest: &Path, suffix: &str) -> PathBuf {
    let name = dest
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    dest.with_file_name(format!(".{name}.{suffix}"))
}

/// One file of a write: its new text goes to `tmp`, then replaces `dest` (none for a leftover,
/// which is removed); the old file is kept at `backup` until every file is in place.
struct Step {
    dest: PathBuf,
    tmp: Option<PathBuf>,
    backup: Option<PathBuf>,
    /// The step's rename was made (a new file is in place, or a leftover is gone).
    done: bool,
    /// The backup could not be put back: it stays, and the user is told where.
    keep_backup: bool,
}

/// Writes every file that differs and removes leftovers, as one transaction: every new file
/// is written to a temporary file beside its destination and every old one is backed up
/// before anything is replaced; when a replacement fails, those already made are undone from
/// the backups. Either every file is the new one or none is, and no temporary file or backup
/// is left behind.
fn write(root: &Path, files: &[GeneratedFile], stale: &[Stale]) -> anyhow::Result<()> {
    let changed: BTreeSet<&str> = stale.iter().map(|s| s.path.as_str()).collect();
    transaction(root, files, &changed, leftovers(root, files)?)
}

/// Writes `files` into the folder `dir` (made if missing), each path relative to it, as one
/// transaction like `gen`'s; only the files that differ are written. Returns their paths.
pub fn write_into(dir: &Path, files: &[GeneratedFile]) -> anyhow::Result<Vec<String>> {
    let changed: BTreeSet<&str> = files
        .iter()
        .filter(|f| fs::read_to_string(dir.join(&f.path)).ok().as_deref() != Some(&f.contents))
        .map(|f| f.path.as_str())
        .collect();
    transaction(dir, files, &changed, Vec::new())?;
    Ok(changed.into_iter().map(str::to_owned).collect())
}

/// Writes the `changed` files of `files` and removes the `leftovers` (paths relative to `root`)
/// as one transaction: see [`write()`].
fn transaction(
    root: &Path,
    files: &[GeneratedFile],
    changed: &BTreeSet<&str>,
    leftovers: Vec<String>,
) -> anyhow::Result<()> {
    let mut steps: Vec<Step> = Vec::new();
    let result =
        prepare(root, files, changed, leftovers, &mut steps).and_then(|()| commit(&mut steps));
    if result.is_err() {
        rollback(&mut steps);
    }
    for s in &steps {
        let backup = s.backup.iter().filter(|_| !s.keep_backup);
        for p in s.tmp.iter().chain(backup) {
            let _ = fs::remove_file(p);
        }
    }
    result
}

/// Writes the temporary files and the backups; replaces nothing.
fn prepare(
    root: &Path,
    files: &[GeneratedFile],
    changed: &BTreeSet<&str>,
    leftovers: Vec<String>,
    steps: &mut Vec<Step>,
) -> anyhow::Result<()> {
    for f in files.iter().filter(|f| changed.contains(f.path.as_str())) {
        let dest = root.join(&f.path);
        let dir = dest.parent().context("generated file without a folder")?;
        fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        let tmp = beside(&dest, "tmp");
        steps.push(Step {
            dest: dest.clone(),
            tmp: Some(tmp.clone()),
            backup: None,
            done: false,
            keep_backup: false,
        });
        fs::write(&tmp, &f.contents).with_context(|| format!("writing {}", tmp.display()))?;
    }
    for path in leftovers {
        steps.push(Step {
            dest: root.join(path),
            tmp: None,
            backup: None,
            done: false,
            keep_backup: false,
        });
    }
    for s in steps.iter_mut() {
        if fs::symlink_metadata(&s.dest).is_ok() {
            let backup = beside(&s.dest, "bak");
            let _ = fs::remove_file(&backup);
            s.backup = Some(backup.clone());
            if fs::hard_link(&s.dest, &backup).is_err() {
                fs::copy(&s.dest, &backup)
                    .with_context(|| format!("backing up {}", s.dest.display()))?;
            }
        }
    }
    Ok(())
}

/// Puts every new file in place and removes the leftovers.
fn commit(steps: &mut [Step]) -> anyhow::Result<()> {
    for s in steps.iter_mut() {
        match &s.tmp {
            Some(tmp) => fs::rename(tmp, &s.dest)
                .with_context(|| format!("replacing {}", s.dest.display()))?,
            None => fs::remove_file(&s.dest)
                .with_context(|| format!("removing {}", s.dest.display()))?,
        }
        s.done = true;
    }
    Ok(())
}

/// Undoes the steps made, from their backups.
fn rollback(steps: &mut [Step]) {
    for s in steps.iter_mut().rev().filter(|s| s.done) {
        match &s.backup {
            Some(b) => {
                if fs::rename(b, &s.dest).is_err() {
                    eprintln!(
                        "error: could not restore {} (its old text is in {})",
                        s.dest.display(),
                        b.display()
                    );
                    s.keep_backup = true;
                    continue;
                }
                s.backup = None;
            }
            None => {
                let _ = fs::remove_file(&s.dest);
            }
        }
        s.done = false;
    }
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
    let stale = stale(&root, &files, mode == Mode::Check)?;
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
    use super::*;

    /// A fresh folder with `a.rs`, `b.rs` and `c.rs` in a generated folder, each saying "old".
    fn tree(name: &str) -> PathBuf {
        let root = std::env::temp_dir().join(format!("xtask-write-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        let dir = root.join("dxil-ops/src/generated");
        fs::create_dir_all(&dir).expect("temp folder");
        for f in ["a.rs", "b.rs", "c.rs"] {
            fs::write(dir.join(f), "old").expect("write");
        }
        root
    }

    fn files() -> Vec<GeneratedFile> {
        ["a.rs", "b.rs", "c.rs"]
            .iter()
            .map(|f| GeneratedFile {
                path: format!("dxil-ops/src/generated/{f}"),
                contents: "new".to_owned(),
            })
            .collect()
    }

    /// Every file of the folder with its contents (directories as `<dir>`).
    fn contents(root: &Path) -> Vec<(String, String)> {
        let dir = root.join("dxil-ops/src/generated");
        let mut out: Vec<(String, String)> = fs::read_dir(&dir)
            .expect("folder")
            .flatten()
            .map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                let text = fs::read_to_string(e.path()).unwrap_or_else(|_| "<dir>".to_owned());
                (name, text)
            })
            .collect();
        out.sort();
        out
    }

    /// When one file cannot be replaced (here a directory stands where `c.rs` goes), no file is
    /// changed and no temporary file is left behind.
    #[test]
    fn a_failed_rename_changes_nothing() {
        let root = tree("rename");
        let c = root.join("dxil-ops/src/generated/c.rs");
        fs::remove_file(&c).expect("remove");
        fs::create_dir(&c).expect("a directory where a file goes");
        fs::write(c.join("keep"), "x").expect("write");
        let files = files();
        let stale = stale(&root, &files, false).expect("compare");
        assert!(write(&root, &files, &stale).is_err());
        assert_eq!(
            contents(&root),
            [
                ("a.rs".to_owned(), "old".to_owned()),
                ("b.rs".to_owned(), "old".to_owned()),
                ("c.rs".to_owned(), "<dir>".to_owned()),
            ]
        );
        let _ = fs::remove_dir_all(&root);
    }

    /// Without failures every file is replaced.
    #[test]
    fn a_write_replaces_every_file() {
        let root = tree("ok");
        let files = files();
        let stale = stale(&root, &files, false).expect("compare");
        write(&root, &files, &stale).expect("writes");
        assert!(contents(&root).iter().all(|(_, t)| t == "new"));
        let _ = fs::remove_dir_all(&root);
    }

    /// The checked-in generated files are what the generator makes from ops.toml.
    #[test]
    fn generated_files_are_current() {
        let root = crate::root();
        let files = super::generate(&root).expect("ops.toml loads and generates");
        let stale = super::stale(&root, &files, true).expect("generated files are readable");
        let names: Vec<&str> = stale.iter().map(|s| s.path.as_str()).collect();
        assert!(
            stale.is_empty(),
            "generated files are stale: {names:?}; run `cargo xtask gen`\n{}",
            stale.iter().map(|s| s.diff.as_str()).collect::<String>()
        );
    }
}
