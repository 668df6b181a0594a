//! `cargo xtask lint` as a user runs it: its exit status (0 clean, 1 findings, 2 an input that
//! could not be checked) on text that is not LLVM IR and on folder walks past their limits, no
//! progress display when stderr is not a terminal, and the exit status in its help.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh folder under the target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("lint-cli-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Runs `xtask lint ARGS` with stdout and stderr piped.
fn lint(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("lint")
        .args(args)
        .output()
        .expect("xtask runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

const MODULE: &str = "define void @main() {\n  ret void\n}\n";

#[test]
fn a_text_file_that_is_not_llvm_ir_exits_2() {
    let dir = scratch("garbage");
    let file = dir.join("garbage.txt");
    std::fs::write(&file, "garbage\n").expect("write");
    let out = lint(&[file.to_str().expect("UTF-8 path")]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(text(&out.stderr).contains("not LLVM IR"), "{out:?}");
    assert!(
        text(&out.stdout).contains("0 calls checked in 0 files"),
        "{out:?}"
    );
}

#[test]
fn clean_and_findings_exit_0_and_1() {
    let dir = scratch("status");
    std::fs::write(dir.join("clean.ll"), MODULE).expect("write");
    std::fs::write(
        dir.join("finding.ll"),
        "define void @main() {\n  %x = call float @dx.op.unary.f32(i32 13, float 1.0, float 2.0)\n  ret void\n}\n",
    )
    .expect("write");
    let out = lint(&[dir.join("clean.ll").to_str().expect("path")]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let out = lint(&[dir.to_str().expect("path")]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    // stderr is a pipe: no progress display, nothing at all
    assert_eq!(text(&out.stderr), "", "{out:?}");
}

#[test]
fn a_walk_past_its_limits_exits_2() {
    let dir = scratch("walk");
    std::fs::create_dir_all(dir.join("a/b")).expect("dirs");
    for k in 0..5 {
        std::fs::write(dir.join(format!("a/{k}.ll")), MODULE).expect("write");
    }
    let d = dir.to_str().expect("path");
    let out = lint(&["--max-files", "4", d]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(
        text(&out.stderr).contains("more than 4 files and folders"),
        "{out:?}"
    );
    let out = lint(&["--max-depth", "1", d]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(
        text(&out.stderr).contains("2 folders deep, past the limit of 1"),
        "{out:?}"
    );
    // raised limits: the walk goes through
    let out = lint(&["--max-files", "8", "--max-depth", "2", d]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(text(&out.stdout).contains("in 5 files"), "{out:?}");
}

#[test]
fn the_help_gives_the_exit_status() {
    let out = lint(&["--help"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let help = text(&out.stdout);
    for words in [
        "Exit status",
        "0  no diagnostics",
        "1  diagnostics",
        "2  an input could not be checked",
        "--max-files",
        "--max-depth",
    ] {
        assert!(help.contains(words), "{words}: {help}");
    }
}
