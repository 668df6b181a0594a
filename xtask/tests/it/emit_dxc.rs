//! `cargo xtask emit dxc` against DXC's own generator: on the DXC sources of
//! `../shared/anchors/dxc-hctgen`, the five files must be byte for byte those its `run-five.sh`
//! (hctgen.py, with python3) writes. That needs `../shared` (see
//! `dxil-db/tests/common/shared.rs`) and python3, and skips without them unless
//! `DXIL_REQUIRE_SHARED` is set. A second test, on sources of its own, checks that bytes outside
//! the regions stay and that mistakes are errors that leave the output as it was. The round
//! trip of an edited database through both emitters is `emit_round_trip.rs`.

#![allow(clippy::panic)] // a test fails by panicking

use crate::common;

use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use dxil_codegen::foreign::dxc;

/// Whether python3 runs; a missing python3 fails the test when the shared data is required.
fn python3() -> bool {
    let ok = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    let required =
        std::env::var_os("DXIL_REQUIRE_SHARED").is_some_and(|v| !v.is_empty() && v != "0");
    assert!(
        ok || !required,
        "python3 does not run, and DXIL_REQUIRE_SHARED is set"
    );
    if !ok {
        let _ = writeln!(
            std::io::stderr(),
            "skipped the comparison with hctgen.py: python3 does not run"
        );
    }
    ok
}

/// A fresh folder `target/NAME`.
fn fresh(name: &str) -> PathBuf {
    let dir = common::root().join("target").join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("work folder");
    dir
}

/// Where two texts first differ: the line number and both lines.
fn first_difference(ours: &str, theirs: &str) -> String {
    let (mut a, mut b) = (ours.lines(), theirs.lines());
    for n in 1.. {
        match (a.next(), b.next()) {
            (Some(x), Some(y)) if x == y => {}
            (None, None) => return "the line breaks differ".to_owned(),
            (x, y) => {
                return format!(
                    "line {n}:\n  ours:   {}\n  hctgen: {}",
                    x.unwrap_or("<end>"),
                    y.unwrap_or("<end>")
                );
            }
        }
    }
    String::new()
}

#[dxil_test_data::needs(shared = "anchors/dxc-hctgen/run-five.sh")]
#[dxil_test_data::needs(tool = "python3")]
#[test]
fn the_five_files_are_those_hctgen_writes() {
    let Some(anchor) = common::dxc_anchor() else {
        return;
    };
    if !python3() {
        return;
    }
    let work = fresh("emit-dxc");
    let (theirs, ours) = (work.join("hctgen"), work.join("ours"));
    let run = Command::new("sh")
        .arg(anchor.join("run-five.sh"))
        .arg(&theirs)
        .output()
        .expect("runs sh");
    assert!(
        run.status.success(),
        "run-five.sh failed:\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let (code, err) = emit(&anchor, &ours);
    assert_eq!(code, Some(0), "xtask emit dxc failed:\n{err}");
    let mut differ = Vec::new();
    for f in dxc::FILES {
        let a = fs::read(ours.join(f.name)).expect("emit wrote the file");
        let b = fs::read(theirs.join(f.name)).expect("run-five.sh wrote the file");
        if a != b {
            let detail =
                first_difference(&String::from_utf8_lossy(&a), &String::from_utf8_lossy(&b));
            differ.push(format!("{}: {detail}", f.name));
        }
    }
    assert!(
        differ.is_empty(),
        "{} of 5 files differ from hctgen.py's:\n{}",
        differ.len(),
        differ.join("\n")
    );
    let _ = fs::remove_dir_all(&work);
}

/// A DXC tree of the four sources, each holding `text` (`DXIL.rst` holding `rst`).
fn tree(dir: &Path, text: &[u8], rst: &[u8]) {
    for f in dxc::FILES {
        if let Some(source) = f.source {
            let path = dir.join(source);
            fs::create_dir_all(path.parent().expect("a folder")).expect("folders");
            fs::write(&path, if f.name == "DXIL.rst" { rst } else { text }).expect("write");
        }
    }
}

/// Runs `xtask emit dxc` on `input`: exit code and stderr.
fn emit(input: &Path, output: &Path) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["emit", "dxc", "--input"])
        .arg(input)
        .arg("--output")
        .arg(output)
        .output()
        .expect("runs xtask");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn bytes_outside_regions_stay_and_mistakes_are_errors() {
    let work = fresh("emit-dxc-errors");
    let (input, output) = (work.join("dxc"), work.join("out"));
    // no regions: every byte stays, CRLF and all
    let plain = b"// no generated region here\r\n\tkeep\xc3\xa9 this\n";
    tree(&input, plain, plain);
    let (code, err) = emit(&input, &output);
    assert_eq!(code, Some(0), "{err}");
    for f in dxc::FILES.iter().filter(|f| f.source.is_some()) {
        assert_eq!(fs::read(output.join(f.name)).expect("written"), plain);
    }
    assert!(output.join("DxilValidation.inc").exists());

    // each mistake stops the run with a message naming it, and the output is left as it was
    let directive =
        |call: &str| format!(".. <py::lines('X')>{call}</py>\n.. X:BEGIN\n.. X:END\n").into_bytes();
    let cases: [(&[u8], &[u8], &str); 4] = [
        (
            plain,
            &directive("hctdb_instrhelp.get_no_such_table()"),
            "DXIL.rst:1: no generator `get_no_such_table`",
        ),
        (
            plain,
            &directive("hctdb_instrhelp.get_enum_decl(\"NoSuchEnum\")"),
            "DXIL.rst:1: no enumeration `NoSuchEnum`",
        ),
        (
            plain,
            b".. <py::lines('X')>hctdb_instrhelp.get_valrules_rst()</py>\n.. X:BEGIN\n",
            "DXIL.rst:1: no `X:END` follows `X:BEGIN`",
        ),
        (b"\xff\xfe", plain, "is not UTF-8 (byte 0"),
    ];
    for (text, rst, message) in cases {
        tree(&input, text, rst);
        let (code, err) = emit(&input, &output);
        assert_eq!(code, Some(2), "{message}: {err}");
        assert!(err.contains(message), "expected `{message}` in:\n{err}");
        assert_eq!(fs::read(output.join("DXIL.rst")).expect("kept"), plain);
    }
    tree(&input, plain, plain);
    fs::remove_file(input.join("docs/DXIL.rst")).expect("remove");
    let (code, err) = emit(&input, &output);
    assert_eq!(code, Some(2));
    assert!(err.contains("docs/DXIL.rst"), "{err}");
    let _ = fs::remove_dir_all(&work);
}
