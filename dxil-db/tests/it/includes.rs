//! Reading the files of a database: includes must be regular files inside the database's
//! folder, each read once and with a size limit; every error has a line and a column, whatever
//! the line endings and the encoding.

#![allow(clippy::panic)] // a test fails by panicking

use crate::common;

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("includes-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    dir
}

/// Loads `root` on another thread: the diagnostics (rendered short), or the I/O error; fails
/// when loading takes more than 20 seconds (a hang).
fn load(root: &Path) -> Vec<String> {
    let (tx, rx) = mpsc::channel();
    let path = root.to_path_buf();
    std::thread::spawn(move || {
        let out = match dxil_db::load(&path) {
            Ok(_) => Vec::new(),
            Err(e) => match e.report() {
                Some(r) => r
                    .diagnostics()
                    .iter()
                    .map(|d| d.render_short(r.sources()))
                    .collect(),
                None => vec![e.to_string()],
            },
        };
        let _ = tx.send(out);
    });
    rx.recv_timeout(Duration::from_secs(20))
        .unwrap_or_else(|_| panic!("loading {} hangs", root.display()))
}

fn has(errors: &[String], needle: &str) -> bool {
    errors.iter().any(|e| e.contains(needle))
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_without_blocking() {
    let dir = folder("fifo");
    let status = std::process::Command::new("mkfifo")
        .arg(dir.join("x.toml"))
        .status()
        .expect("mkfifo runs");
    assert!(status.success());
    std::fs::write(dir.join("ops.toml"), "include = [\"x.toml\"]\n").expect("write");
    let errors = load(&dir.join("ops.toml"));
    assert!(has(&errors, "not a regular file"), "{errors:#?}");
    assert!(errors[0].starts_with("ops.toml:1:"), "{errors:#?}");
}

#[cfg(unix)]
#[test]
fn a_symlink_to_a_device_is_refused() {
    let dir = folder("device");
    std::os::unix::fs::symlink("/dev/zero", dir.join("x.toml")).expect("symlink");
    std::fs::write(dir.join("ops.toml"), "include = [\"x.toml\"]\n").expect("write");
    let errors = load(&dir.join("ops.toml"));
    assert!(has(&errors, "outside the database folder"), "{errors:#?}");
    // a device as the root file (which may be anywhere) is refused unread too
    let errors = load(Path::new("/dev/zero"));
    assert!(has(&errors, "not a regular file"), "{errors:#?}");
}

#[cfg(unix)]
#[test]
fn a_symlink_out_of_the_folder_is_refused() {
    let dir = folder("escape");
    let outside = folder("escape-outside");
    std::fs::write(outside.join("x.toml"), "").expect("write");
    std::fs::create_dir_all(dir.join("db")).expect("db");
    std::os::unix::fs::symlink(outside.join("x.toml"), dir.join("db/x.toml")).expect("symlink");
    std::fs::write(dir.join("ops.toml"), "include = [\"db/x.toml\"]\n").expect("write");
    let errors = load(&dir.join("ops.toml"));
    assert!(has(&errors, "outside the database folder"), "{errors:#?}");
}

#[test]
fn an_oversized_file_is_refused() {
    let dir = folder("big");
    let f = std::fs::File::create(dir.join("x.toml")).expect("create");
    f.set_len(65 * 1024 * 1024).expect("sparse file");
    std::fs::write(dir.join("ops.toml"), "include = [\"x.toml\"]\n").expect("write");
    let errors = load(&dir.join("ops.toml"));
    assert!(has(&errors, "larger than"), "{errors:#?}");
}

/// The real database with its root file's include list changed by `edit`.
fn real_copy(name: &str, edit: impl Fn(&str) -> String) -> PathBuf {
    let dir = folder(name);
    let root = common::workspace_root();
    let text = std::fs::read_to_string(root.join("ops.toml")).expect("ops.toml");
    std::fs::write(dir.join("ops.toml"), edit(&text)).expect("write");
    copy_dir(&root.join("db"), &dir.join("db"));
    dir.join("ops.toml")
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create folder");
    for e in std::fs::read_dir(from).expect("read folder").flatten() {
        let p = e.path();
        if p.is_dir() {
            copy_dir(&p, &to.join(e.file_name()));
        } else {
            std::fs::copy(&p, to.join(e.file_name())).expect("copy file");
        }
    }
}

#[test]
fn the_same_file_twice_is_one_error() {
    let root = real_copy("twice", |t| {
        t.replacen(
            "\"db/vocab.toml\"",
            "\"db/vocab.toml\", \"./db/vocab.toml\"",
            1,
        )
    });
    let errors = load(&root);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(has(&errors, "included twice"), "{errors:#?}");
}

#[test]
fn invalid_utf8_is_located() {
    let dir = folder("utf8");
    std::fs::write(dir.join("ops.toml"), b"include = []\n# caf\xe9\n").expect("write");
    let errors = load(&dir.join("ops.toml"));
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("ops.toml:2:6:") && e.contains("UTF-8")),
        "{errors:#?}"
    );
    std::fs::write(dir.join("ops.toml"), "include = [\"x.toml\"]\n").expect("write");
    std::fs::write(dir.join("x.toml"), b"\n\n  \xff = 1\n").expect("write");
    let errors = load(&dir.join("ops.toml"));
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("x.toml:3:3:") && e.contains("UTF-8")),
        "{errors:#?}"
    );
}

#[test]
fn errors_have_their_line_whatever_the_line_endings() {
    for (name, eol) in [("lf", "\n"), ("crlf", "\r\n"), ("cr", "\r")] {
        let dir = folder(name);
        let text = ["include = []", "", "[stage.x]", "sinc = \"1.0\""].join(eol);
        std::fs::write(dir.join("ops.toml"), text).expect("write");
        let errors = load(&dir.join("ops.toml"));
        assert!(
            errors.iter().all(|e| !e.starts_with("ops.toml:1:")),
            "{name}: {errors:#?}"
        );
        assert!(
            errors
                .iter()
                .any(|e| e.starts_with("ops.toml:3:") || e.starts_with("ops.toml:4:")),
            "{name}: {errors:#?}"
        );
    }
}

/// A root file that includes itself gets one error, at its include, that says so: no
/// duplicates of its records, nothing blamed on another file.
#[test]
fn the_root_including_itself_is_one_error() {
    for (name, edit) in [
        ("self", "\"ops.toml\", \"db/vocab.toml\""),
        ("self-dot", "\"db/vocab.toml\", \"./ops.toml\""),
    ] {
        let root = real_copy(name, |t| t.replacen("\"db/vocab.toml\"", edit, 1));
        let errors = load(&root);
        assert_eq!(errors.len(), 1, "{errors:#?}");
        assert!(errors[0].starts_with("ops.toml:"), "{errors:#?}");
        assert!(
            has(&errors, "is the root file: it cannot include itself"),
            "{errors:#?}"
        );
    }
}

/// A root file that declares nothing and includes nothing (0 bytes, or only comments) is an
/// error of the loader, not an empty database that fails later in the generator.
#[test]
fn an_empty_root_is_an_error() {
    let dir = folder("empty");
    for text in ["", "# nothing here\n", "include = []\n"] {
        std::fs::write(dir.join("ops.toml"), text).expect("write");
        let errors = load(&dir.join("ops.toml"));
        assert_eq!(errors.len(), 1, "{text:?}: {errors:#?}");
        assert!(
            errors[0].starts_with("ops.toml:1:1: error: the database is empty"),
            "{errors:#?}"
        );
    }
    let e = dxil_db::load_from("ops.toml", "", |_| Err("no file".to_owned()))
        .expect_err("an empty database");
    assert!(e.to_string().contains("the database is empty"), "{e}");
}

/// The real database with the text of `file` changed by `edit`.
fn real_copy_editing(name: &str, file: &str, edit: impl Fn(&str) -> String) -> PathBuf {
    let root = real_copy(name, str::to_owned);
    let path = root.with_file_name(file);
    let text = std::fs::read_to_string(&path).expect("a file of the database");
    std::fs::write(&path, edit(&text)).expect("write");
    root
}

/// A syntax error in one file (a table declared twice, `[stage.pixel]` in `db/vocab.toml`)
/// is reported, and what the other files name of what it declares (stages, versions, and the
/// ops and rules built from them) is summed up in one error, instead of thousands.
#[test]
fn a_file_that_does_not_parse_is_summed_up_once() {
    let root = real_copy_editing("vocab-twice", "db/vocab.toml", |t| {
        t.replacen(
            "[stage.vertex]",
            "[stage.pixel]\nshader_kind = \"Pixel\"\n\n[stage.vertex]",
            1,
        )
    });
    let errors = load(&root);
    let syntax: Vec<&String> = errors
        .iter()
        .filter(|e| e.contains("TOML syntax error"))
        .collect();
    assert!(!syntax.is_empty(), "{errors:#?}");
    assert!(
        errors.iter().all(|e| e.starts_with("db/vocab.toml:")),
        "{errors:#?}"
    );
    let summary: Vec<&String> = errors
        .iter()
        .filter(|e| e.contains("were not checked, since it did not parse"))
        .collect();
    assert_eq!(summary.len(), 1, "{errors:#?}");
    assert!(
        summary[0].contains("names that `db/vocab.toml` may declare"),
        "{errors:#?}"
    );
    assert!(summary[0].contains("stages "), "{errors:#?}");
    assert_eq!(errors.len(), syntax.len() + 1, "{errors:#?}");
}

/// A syntax error in a file others do not depend on for a kind of name leaves the references
/// to names of that kind checked: a misspelled stage of an op is reported while
/// `db/llvm-instructions.toml` does not parse.
#[test]
fn what_does_not_depend_on_the_broken_file_is_still_checked() {
    let root = real_copy_editing("llvm-broken", "db/llvm-instructions.toml", |t| {
        format!("{t}\nthis is = = not toml\n")
    });
    let path = root.with_file_name("db/ops/core.toml");
    let text = std::fs::read_to_string(&path).expect("core.toml");
    std::fs::write(&path, text.replacen("\"pixel\"", "\"pixle\"", 1)).expect("write");
    let errors = load(&root);
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("db/ops/core.toml:") && e.contains("unknown stage `pixle`")),
        "{errors:#?}"
    );
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("db/llvm-instructions.toml:") && e.contains("TOML syntax")),
        "{errors:#?}"
    );
}
