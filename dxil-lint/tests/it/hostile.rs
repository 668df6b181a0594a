//! Inputs built to hurt the reader: long lines (reading must stay linear), line endings other
//! than LF (CR and CRLF count as line breaks), binary files (refused with an error value that
//! says what they are), and file-system traps for the walk and the file reader (symlink loops,
//! FIFOs, files too large).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use dxil_lint::{BinaryKind, FileError, InputError, Report};

const HEADER: &str = "!dx.version = !{!1}\n!dx.shaderModel = !{!2}\n!1 = !{i32 1, i32 6}\n\
                      !2 = !{!\"ps\", i32 6, i32 6}\ndefine void @main() {\n";

/// Modules of about `len` bytes with one long line each, named by their shape.
fn long_lines(len: usize) -> Vec<(&'static str, String)> {
    let call = "  %r = call float @dx.op.unary.f32(i32 13";
    let n = len / 2;
    vec![
        (
            "operands then blanks",
            format!(
                "{HEADER}{call}{}{})\n}}\n",
                ",1".repeat(n / 2),
                " ".repeat(n)
            ),
        ),
        (
            "metadata then blanks",
            format!(
                "!0 = !{{{}{}}}\n!dx.version = !{{!0}}\n",
                "!1,".repeat(n / 3),
                " ".repeat(n)
            ),
        ),
        (
            "declaration then blanks",
            format!(
                "declare float @dx.op.unary.f32(i32{}{})\n",
                ", float".repeat(n / 7),
                " ".repeat(n)
            ),
        ),
        (
            "operands",
            format!("{HEADER}{call}{})\n}}\n", ", float %x".repeat(len / 10)),
        ),
        (
            "name with dots",
            format!(
                "{HEADER}  call void @dx.op.linAlgMatrixSetElement.{}x(i32 13)\n}}\n",
                "a.".repeat(len / 2)
            ),
        ),
        (
            "unclosed call, long continuation lines",
            format!(
                "{HEADER}{call}\n{}}}\n",
                format!("  , float %x{}\n", " ".repeat(len / 70)).repeat(70)
            ),
        ),
        (
            "unclosed call, 64 continuation lines as long",
            format!(
                "{HEADER}{call}\n{}}}\n",
                format!("  , float %x{}\n", " x".repeat(len / 2)).repeat(64)
            ),
        ),
        (
            "brackets",
            format!("{HEADER}{call}, {}\n}}\n", "<{".repeat(len / 2)),
        ),
        (
            "quotes and semicolons",
            format!("{HEADER}{call}) {}\n}}\n", "\";".repeat(len / 2)),
        ),
    ]
}

#[test]
fn long_lines_are_read_in_linear_time() {
    let mut slowest = (Duration::ZERO, "");
    for (what, text) in long_lines(64 * 1024) {
        let start = Instant::now();
        let report = dxil_lint::lint(&text);
        let took = start.elapsed();
        eprintln!("{what}: {} bytes in {took:?}", text.len());
        assert!(report.calls + report.declarations <= 1, "{what}");
        if took > slowest.0 {
            slowest = (took, what);
        }
    }
    // quadratic readings took seconds to minutes; linear ones take milliseconds
    assert!(
        slowest.0 < Duration::from_secs(2),
        "{}: {:?} for 64 KiB",
        slowest.1,
        slowest.0
    );
}

fn cases() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases")
}

fn summary(r: &Report) -> Vec<String> {
    let mut out: Vec<String> = r.diagnostics.iter().map(ToString::to_string).collect();
    out.push(format!(
        "{} calls, {} declarations",
        r.calls, r.declarations
    ));
    out
}

#[test]
fn cr_and_crlf_line_endings_read_as_lf() {
    let mut with_diagnostics = 0;
    for input in dxil_lint::ll_files(&cases()).expect("tests/cases exists") {
        let lf = std::fs::read_to_string(&input).expect("case is UTF-8");
        let expected = summary(&dxil_lint::lint(&lf));
        with_diagnostics += usize::from(expected.len() > 1);
        for (ending, text) in [
            ("CRLF", lf.replace('\n', "\r\n")),
            ("CR", lf.replace('\n', "\r")),
        ] {
            let got = summary(&dxil_lint::lint(&text));
            assert_eq!(got, expected, "{} with {ending}", input.display());
        }
    }
    assert!(with_diagnostics >= 10);
    // a CR before LF is one break, and a blank line between two CRs counts
    let text = "; a\r\n; b\r\r\ndeclare float @dx.op.bogus(i32)\n";
    let r = dxil_lint::lint(text);
    assert_eq!(r.declarations, 1);
    // the unknown stem, and the missing version (reported at the first dx.op line)
    let lines: Vec<usize> = r.diagnostics.iter().map(|d| d.line).collect();
    assert_eq!(lines, [4, 4], "{:?}", r.diagnostics);
}

#[test]
fn binary_inputs_are_decoded_and_broken_ones_refused() {
    let module = b"define void @main() {\n  ret void\n}\n".to_vec();
    // binary by its first bytes, cut short: refused with the decoder's error and its offset
    let binary: Vec<(&str, Vec<u8>, BinaryKind)> = vec![
        (
            "bitcode",
            [b"BC\xC0\xDE".as_slice(), &[0x35, 0x14, 0, 0]].concat(),
            BinaryKind::Bitcode,
        ),
        (
            "wrapped bitcode",
            [[0xDE, 0xC0, 0x17, 0x0B].as_slice(), &[0; 16]].concat(),
            BinaryKind::BitcodeWrapper,
        ),
        (
            "DXBC",
            [b"DXBC".as_slice(), &[0x12; 16], &module].concat(),
            BinaryKind::Dxbc,
        ),
    ];
    for (what, bytes, kind) in binary {
        let e = dxil_lint::lint_input(&bytes).expect_err(what);
        assert!(
            matches!(&e, InputError::Binary(k, _) if *k == kind),
            "{what}: {e:?}"
        );
        let text = e.to_string();
        assert!(
            text.contains("does not decode") && text.contains("byte"),
            "{what}: {text}"
        );
    }
    // text that is not text
    let cases: Vec<(&str, Vec<u8>, InputError, &str)> = vec![
        (
            "NUL",
            [module.as_slice(), b"\0"].concat(),
            InputError::Nul(module.len()),
            "NUL byte at offset",
        ),
        (
            "Latin-1",
            [b"; caf\xE9\n".as_slice(), &module].concat(),
            InputError::NotUtf8(5),
            "not UTF-8",
        ),
    ];
    for (what, bytes, expected, words) in cases {
        let e = dxil_lint::lint_input(&bytes).expect_err(what);
        assert_eq!(e, expected, "{what}");
        let text = e.to_string();
        assert!(text.contains(words), "{what}: {text}");
        assert!(text.contains("LLVM IR text"), "{what}: {text}");
    }
    // text is read, also with invalid UTF-8 after the first KiB (replaced) and a BOM
    let mut late = module.clone();
    late.extend(std::iter::repeat_n(b' ', 2000));
    late.extend(b"\n; \xFF\n");
    assert!(dxil_lint::lint_input(&late).is_ok());
    assert!(dxil_lint::lint_input(&[b"\xEF\xBB\xBF".as_slice(), &module].concat()).is_ok());
    // a character cut at the end of the first KiB is not an error
    let mut cut = vec![b';'; 1023];
    cut.extend("é\n".as_bytes());
    assert!(dxil_lint::lint_input(&cut).is_ok());
    assert_eq!(dxil_lint::lint_input(b""), Ok(Report::default()));
}

/// A fresh directory under the target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

#[cfg(unix)]
#[test]
fn the_walk_does_not_follow_symlink_loops() {
    use std::os::unix::fs::symlink;
    let dir = scratch("symlink-loop");
    std::fs::create_dir_all(dir.join("a/b")).expect("dirs");
    std::fs::write(dir.join("a/b/x.ll"), "; nothing\n").expect("file");
    symlink("..", dir.join("a/b/up")).expect("symlink");
    symlink(".", dir.join("a/self")).expect("symlink");
    symlink(dir.join("a"), dir.join("other")).expect("symlink");
    symlink("missing", dir.join("broken.ll")).expect("symlink");
    let files = dxil_lint::ll_files(&dir).expect("the walk ends");
    let names: Vec<String> = files
        .iter()
        .map(|f| {
            f.strip_prefix(&dir)
                .unwrap_or(f)
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    // every directory is read once; the broken link is listed (reading it reports the error)
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(names.iter().any(|n| n.ends_with("x.ll")), "{names:?}");
    assert!(names.contains(&"broken.ll".to_owned()), "{names:?}");
    assert!(matches!(
        dxil_lint::lint_file(&dir.join("broken.ll")),
        Err(FileError::Io(_))
    ));
}

#[cfg(unix)]
#[test]
fn special_files_are_refused_without_reading() {
    let dir = scratch("special");
    let fifo = dir.join("pipe.ll");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        // opening a FIFO without a writer would block: it must not be opened
        let e = dxil_lint::lint_file(&fifo).expect_err("a FIFO");
        assert!(matches!(e, FileError::NotRegular("a FIFO")), "{e:?}");
        assert!(e.to_string().contains("not a regular file"), "{e}");
        assert_eq!(dxil_lint::ll_files(&dir).expect("walk"), [fifo]);
    } else {
        eprintln!("skipping the FIFO: mkfifo failed");
    }
    let e = dxil_lint::lint_file(Path::new("/dev/zero")).expect_err("a device");
    assert!(
        matches!(e, FileError::NotRegular("a character device")),
        "{e:?}"
    );
    assert!(matches!(
        dxil_lint::lint_file(&dir),
        Err(FileError::NotRegular("a directory"))
    ));
}

#[test]
fn files_are_read_up_to_the_limit() {
    assert_eq!(dxil_lint::MAX_FILE_SIZE, 1 << 30);
    let dir = scratch("limit");
    let path = dir.join("big.ll");
    let file = std::fs::File::create(&path).expect("file");
    // a sparse file: no disk space is used
    file.set_len(dxil_lint::MAX_FILE_SIZE + 1).expect("set_len");
    let e = dxil_lint::lint_file(&path).expect_err("too large");
    assert!(
        matches!(e, FileError::TooLarge(n) if n > dxil_lint::MAX_FILE_SIZE),
        "{e:?}"
    );
    assert!(e.to_string().contains("1 GiB"), "{e}");
    let _ = std::fs::remove_file(&path);
    let ok = dir.join("ok.ll");
    std::fs::write(&ok, "declare float @dx.op.bogus(i32)\r").expect("file");
    let r = dxil_lint::lint_file(&ok).expect("a small text file");
    assert_eq!(r.declarations, 1);
}

/// Text that is not LLVM IR (no line starts as a line of a module does) is refused, with the
/// first line that is not blank; a blank input is an empty module, and one line of IR among
/// prose (a module pasted after a note) makes it IR.
#[test]
fn text_that_is_not_llvm_ir_is_refused() {
    for (text, line) in [
        ("garbage", 1),
        ("\n\n  hello world\nmore words\n", 3),
        ("{\"json\": true}\n", 1),
        ("definitely not\n", 1),
    ] {
        let e = dxil_lint::lint_input(text.as_bytes()).expect_err(text);
        assert_eq!(e, InputError::NotIr(line), "{text:?}");
        assert!(e.to_string().contains("not LLVM IR"), "{e}");
    }
    for text in [
        "",
        " \n\t\r\n",
        "; a comment\n",
        "a note\ndefine void @main() {\n  ret void\n}\n",
        "\u{feff}target triple = \"dxil-ms-dx\"\n",
        "source_filename = \"x.hlsl\"\n",
        "!0 = !{}\n",
        "%s = type { i32 }\n",
        "@g = global i32 0\n",
        "attributes #0 = { nounwind }\n",
        "declare void @f()\n",
    ] {
        assert!(dxil_lint::lint_input(text.as_bytes()).is_ok(), "{text:?}");
    }
}

/// A directory walk stops with an error past its limits of entries read and of depth.
#[test]
fn the_walk_has_limits() {
    use dxil_lint::{WalkError, WalkLimits, ll_files_within};
    let dir = scratch("walk-limits");
    std::fs::create_dir_all(dir.join("a/b/c")).expect("dirs");
    for k in 0..10 {
        std::fs::write(dir.join(format!("a/{k}.ll")), "; nothing\n").expect("file");
    }
    std::fs::write(dir.join("a/b/c/deep.ll"), "; nothing\n").expect("file");
    let walk = |max_entries, max_depth| {
        let mut seen = Vec::new();
        let r = ll_files_within(
            &dir,
            WalkLimits {
                max_entries,
                max_depth,
            },
            &mut |p| seen.push((p.entries, p.found)),
        );
        (r, seen)
    };
    // 1 + 11 + 1 + 1 entries: a, its 10 files and b, c, deep.ll
    let (all, progress) = walk(14, 3);
    assert_eq!(all.expect("within the limits").len(), 11);
    assert_eq!(progress.len(), 4, "one report per folder: {progress:?}");
    let (r, _) = walk(13, 3);
    let e = r.expect_err("14 entries");
    assert!(matches!(e, WalkError::TooManyEntries(_, 13)), "{e:?}");
    assert!(
        e.to_string().contains("more than 13 files and folders"),
        "{e}"
    );
    let (r, _) = walk(100, 2);
    let e = r.expect_err("c is at depth 3");
    assert!(
        matches!(&e, WalkError::TooDeep(d, 2) if d.ends_with("a/b/c")),
        "{e:?}"
    );
    assert_eq!(WalkLimits::default().max_entries, 100_000);
}

/// Issue 21 item 13: a metadata string left open (`!"...` without its closing quote) before
/// two bad calls does not take them: both are reported, as they are without it.
#[test]
fn a_string_left_open_does_not_hide_the_calls_after_it() {
    let calls = "  %a = call float @dx.op.unary.f32(i32 99999, float 1.0)\n  \
                 %b = call float @dx.op.unary.f32(i32 13, float 1.0, float 2.0)\n";
    let module = |before: &str| {
        format!(
            "{HEADER}  call void @llvm.donothing(), !x !{before}\n{calls}  ret void\n}}\n\
             declare void @llvm.donothing()\n"
        )
    };
    let alone = dxil_lint::lint(&module("{}"));
    let rules = |r: &Report| -> Vec<(usize, &'static str)> {
        r.diagnostics
            .iter()
            .map(|d| (d.line, d.rule.code()))
            .collect()
    };
    assert_eq!(
        rules(&alone),
        [(7, "INSTR.ILLEGALDXILOPCODE"), (8, "INSTR.CALLOLOAD")],
        "{alone:#?}"
    );
    let open = dxil_lint::lint(&module("\"never closed"));
    assert_eq!(open.diagnostics, alone.diagnostics);
    assert_eq!(open.calls, 2);
}

/// A text file larger than `STREAM_FROM` is read a piece at a time: the same report as the
/// text read whole, a NUL byte far into it still refused with its offset, and CR line breaks
/// still line breaks.
#[test]
fn large_files_are_streamed_with_the_same_result() {
    let dir = scratch("streamed");
    let call = "  %r = call float @dx.op.unary.f32(i32 13, float 1.0, float 2.0)\n";
    let mut text = String::from(HEADER);
    while (text.len() as u64) <= dxil_lint::STREAM_FROM {
        text.push_str(call);
    }
    text.push_str("  ret void\n}\n");
    let path = dir.join("large.ll");
    std::fs::write(&path, &text).expect("written");
    let whole = dxil_lint::lint(&text);
    assert!(whole.calls > 60_000 && whole.diagnostics.len() == whole.calls);
    assert_eq!(dxil_lint::lint_file(&path).expect("read"), whole);
    let cr = text.replace('\n', "\r");
    std::fs::write(&path, &cr).expect("written");
    assert_eq!(dxil_lint::lint_file(&path).expect("read"), whole);
    std::fs::write(&path, format!("{text}\0")).expect("written");
    assert!(matches!(
        dxil_lint::lint_file(&path),
        Err(FileError::Input(InputError::Nul(at))) if at == text.len()
    ));
}

/// Metadata with the extreme values of every field the signature and resource checks read
/// (rows, locations, kinds, streams, vertex counts, register ranges, element ids) is reported
/// without overflow or a count sized by a value.
#[test]
fn extreme_metadata_values_are_reported_quickly() {
    let text = "define void @main() {\n\
        %a = call float @dx.op.loadInput.f32(i32 4, i32 -1, i32 -1, i8 -1, i32 undef)\n\
        %b = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 -1, i8 -128, i32 undef)\n\
        ret void\n}\n\
        declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32)\n\
        !dx.version = !{!0}\n!dx.shaderModel = !{!1}\n!dx.entryPoints = !{!2}\n!dx.resources = !{!8}\n\
        !0 = !{i32 1, i32 0}\n!1 = !{!\"gs\", i32 6, i32 0}\n\
        !2 = !{void ()* @main, !\"main\", !3, !8, !7}\n\
        !3 = !{!4, !4, !4}\n!4 = !{!5, !6, !12}\n\
        !5 = !{i32 -1, !\"SV_ClipDistance\", i8 9, i8 6, !11, i8 2, i32 -1, i8 -1, i32 -2147483648, i8 -128, !10}\n\
        !6 = !{i32 0, !\"X\", i8 -1, i8 -1, !18, i8 -1, i32 -1, i8 127, i32 2147483647, i8 127, !10}\n\
        !12 = !{i32 1, !\"SV_Target\", i8 9, i8 16, !11, i8 0, i32 -1, i8 4, i32 -1, i8 0, null}\n\
        !7 = !{i32 1, !9}\n!9 = !{i32 3, i32 -1, i32 -1, i32 5, i32 -1}\n\
        !10 = !{i32 0, i64 -1, i32 3, i64 -1}\n!11 = !{i32 -1}\n!18 = !{i32 -1, i32 0}\n\
        !8 = !{!13, null, null, !14}\n!13 = !{!15, !16}\n!14 = !{!17}\n\
        !15 = !{i32 -1, %T* undef, !\"a\", i32 -1, i32 -1, i32 -1, i32 2, i32 0, null}\n\
        !16 = !{i32 -1, %T* undef, !\"b\", i32 -1, i32 5, i32 -1, i32 2, i32 0, null}\n\
        !17 = !{i32 5, %T* undef, !\"s\", i32 0, i32 -1, i32 0, i32 0, null}\n\
        %T = type { i32 }\n";
    let start = Instant::now();
    let r = dxil_lint::lint(text);
    assert!(start.elapsed() < Duration::from_secs(10));
    let rules: std::collections::BTreeSet<&str> =
        r.diagnostics.iter().map(|d| d.rule.code()).collect();
    for rule in [
        "INSTR.OPCONSTRANGE",
        "INSTR.OPERANDRANGE",
        "META.SIGNATURECOMPTYPE",
        "META.SIGNATUREOUTOFRANGE",
        "META.CLIPCULLMAXROWS",
        "SM.STREAMINDEXRANGE",
        "SM.GSTOTALOUTPUTVERTEXDATARANGE",
        "SM.RESOURCERANGEOVERLAP",
        "META.DENSERESIDS",
    ] {
        assert!(
            rules.contains(rule),
            "{rule} not in {rules:?}\n{:#?}",
            r.diagnostics
        );
    }
}

#[test]
fn a_thread_group_of_u32_max_cubed_is_a_finding_not_an_overflow() {
    // numthreads 4294967295 x 4294967295 x 4294967295 (found by the fuzz target `lint`: the
    // thread count overflowed 64 bits)
    let text = "define void @main() {\n  ret void\n}\n\
                !dx.version = !{!0}\n!dx.shaderModel = !{!1}\n!dx.entryPoints = !{!2}\n\
                !0 = !{i32 1, i32 0}\n!1 = !{!\"cs\", i32 6, i32 0}\n\
                !2 = !{void ()* @main, !\"main\", null, null, !3}\n\
                !3 = !{i32 4, !4}\n!4 = !{i32 -1, i32 -1, i32 -1}\n";
    let r = dxil_lint::lint(text);
    let text: Vec<String> = r.diagnostics.iter().map(ToString::to_string).collect();
    assert!(
        text.iter()
            .any(|d| d.contains("SM.MAXTHEADGROUP") && d.contains("79228162458924105385300197375")),
        "{text:#?}"
    );
}
