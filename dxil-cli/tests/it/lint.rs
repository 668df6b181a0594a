//! `dxil lint` on binary input: a decoded module has no lines of its own, so a diagnostic names
//! the line of the text `dxil dis` prints of the same file. Standard input is the file `-`.

use crate::common;

#[test]
fn diagnostics_of_a_container_name_the_lines_of_its_dis_text() {
    let path = common::file(
        "dxil-lint",
        "finding.dxil",
        &common::container_of(common::TWO_CALLS),
    );
    let arg = path.to_str().expect("a UTF-8 path");
    let lint = common::dxil("lint", &[arg]);
    assert_eq!(lint.status.code(), Some(1), "{lint:?}");
    let dis = common::dxil("dis", &[arg]);
    assert_eq!(dis.status.code(), Some(0), "{dis:?}");
    let dis = common::text(&dis.stdout);
    let dis: Vec<&str> = dis.lines().collect();
    let reported = common::text(&lint.stdout);
    let mut lines = Vec::new();
    for d in reported.lines().filter(|l| l.starts_with(arg)) {
        let rest = &d[arg.len() + 1..];
        let (line, _) = rest.split_once(':').expect("FILE:LINE:");
        let line: usize = line.parse().expect("a line number");
        assert!(line >= 1, "{d}");
        lines.push(dis[line - 1]);
    }
    // the declaration and the call of the binary op, each at its own line of `dxil dis`
    assert_eq!(
        lines,
        [
            "  %c = call float @dx.op.binary.f32(i32 35, float %b, float %a, float %x)",
            "declare float @dx.op.binary.f32(i32, float, float, float)",
        ],
        "{reported}"
    );
}

#[test]
fn files_checked_at_once_report_as_one_by_one_does() {
    let container = common::container_of(common::TWO_CALLS);
    // findings, clean text, an unreadable input and findings again, several of each
    let mut paths = Vec::new();
    for i in 0..4 {
        paths.push(common::file(
            "dxil-lint-jobs",
            &format!("f{i}.dxil"),
            &container,
        ));
        paths.push(common::file(
            "dxil-lint-jobs",
            &format!("t{i}.ll"),
            b"define void @main() {\n  ret void\n}\n",
        ));
        paths.push(common::file(
            "dxil-lint-jobs",
            &format!("b{i}.dxil"),
            &container[..container.len() / 2],
        ));
        paths.push(common::file(
            "dxil-lint-jobs",
            &format!("m{i}.ll"),
            common::TWO_CALLS.as_bytes(),
        ));
    }
    let args = |jobs: &str| {
        let mut a = vec!["-j".to_owned(), jobs.to_owned()];
        a.extend(paths.iter().map(|p| p.to_str().expect("UTF-8").to_owned()));
        a
    };
    let one = common::dxil("lint", &args("1"));
    assert_eq!(one.status.code(), Some(2), "{one:?}");
    let report = common::text(&one.stdout);
    assert!(
        report.ends_with("calls checked in 12 files, 16 diagnostics\n"),
        "{report}"
    );
    for jobs in ["2", "3", "16"] {
        let many = common::dxil("lint", &args(jobs));
        assert_eq!(many.status, one.status, "-j {jobs}");
        assert_eq!(common::text(&many.stdout), report, "-j {jobs}");
        assert_eq!(many.stderr, one.stderr, "-j {jobs}");
    }
}

#[test]
fn standard_input_is_read_as_the_file_dash() {
    let bytes = common::container_of(common::TWO_CALLS);
    let path = common::file("dxil-lint", "stdin.dxil", &bytes);
    let arg = path.to_str().expect("a UTF-8 path");
    // the lint reports as for the file, the input named `-`
    let from_file = common::dxil("lint", &[arg]);
    let from_stdin = common::dxil_with_input("lint", &["-"], &bytes);
    assert_eq!(from_stdin.status.code(), Some(1), "{from_stdin:?}");
    assert_eq!(
        common::text(&from_stdin.stdout),
        common::text(&from_file.stdout).replace(arg, "-")
    );
    // `dis` names the module as `llvm-dis` names what it reads from standard input
    let from_file = common::text(&common::dxil("dis", &[arg]).stdout);
    let from_stdin = common::dxil_with_input("dis", &["-"], &bytes);
    assert_eq!(from_stdin.status.code(), Some(0), "{from_stdin:?}");
    assert_eq!(
        common::text(&from_stdin.stdout),
        from_file.replace(arg, "<stdin>")
    );
    // and `container` reports on it
    let report = common::dxil_with_input("container", &["-"], &bytes);
    assert_eq!(report.status.code(), Some(0), "{report:?}");
    assert!(
        common::text(&report.stdout).contains("digest: ok"),
        "{report:?}"
    );
}

/// Runs `dxil SUBCOMMAND ARGS...` with its standard output and standard error closed by their
/// reader before it writes (as `dxil lint . | head` ends up): its exit code.
fn with_closed_pipes(subcommand: &str, args: &[&str]) -> Option<i32> {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_dxil"))
        .arg(subcommand)
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("dxil runs");
    drop(child.stdout.take());
    drop(child.stderr.take());
    child.wait().expect("dxil ends").code()
}

#[test]
fn closed_pipes_end_the_run_with_its_exit_code_not_a_panic() {
    let bad = common::file("dxil-lint", "pipes-bad.bin", b"\x7fELF\0\0\0");
    let good = common::file(
        "dxil-lint",
        "pipes.dxil",
        &common::container_of(common::TWO_CALLS),
    );
    let (bad, good) = (
        bad.to_str().expect("a UTF-8 path"),
        good.to_str().expect("a UTF-8 path"),
    );
    // the unreadable file's message is lost, then the first diagnostic ends the run: the code
    // of the files checked so far (2), not a panic's 101
    assert_eq!(with_closed_pipes("lint", &[bad, good]), Some(2));
    assert_eq!(with_closed_pipes("lint", &[good]), Some(1));
    assert_eq!(with_closed_pipes("dis", &[good]), Some(0));
    assert_eq!(with_closed_pipes("dis", &[bad]), Some(2));
    assert_eq!(with_closed_pipes("container", &[good]), Some(0));
    assert_eq!(with_closed_pipes("decls", &[] as &[&str]), Some(0));
}
