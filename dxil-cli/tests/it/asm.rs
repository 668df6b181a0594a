//! `dxil asm` on DXC's LLVM IR text (`../shared/corpus/dxc`): every `.ll` file that is a
//! DXIL module DXC's tests expect to validate, chosen as those `llvm-as-14` accepts, our
//! strict text reader accepts and that have an entry point (`!dx.entryPoints`), is assembled
//! into a container; the bitcode of its `DXIL` part disassembled by `llvm-dis-14` has the same
//! functions, instructions and calls (names of values, metadata and attribute-group numbers
//! aside) as `llvm-dis-14` of `llvm-as-14`'s output. A file `llvm-as-14` refuses only for its
//! LLVM 3.7 debug info (`!DISubprogram` without `distinct` and the like) is compared with its
//! debug info removed on both sides: `llvm-as-14` reads the file without its `!DI` nodes,
//! `!dbg` attachments and `llvm.dbg` calls, and the same lines are left out of the text of
//! ours. The counts are printed.
//!
//! Skipped without `../shared` (unless `DXIL_REQUIRE_SHARED` is set) or the LLVM 14 tools
//! (unless `DXIL_REQUIRE_LLVM_AS` is set).

#![allow(clippy::panic)]

use crate::module_common as common;
use crate::shared;
use crate::view_id;

use std::path::Path;
use std::process::Command;

use dxil_module::{container, text};

/// The lines of the function bodies of `llvm-dis-14` text, with the names of values and
/// blocks, metadata numbers and attribute-group numbers replaced by `_`.
fn bodies(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        if line.starts_with("define ") {
            inside = true;
        }
        if inside {
            out.push(normalize(line));
        }
        if line == "}" {
            inside = false;
        }
    }
    out
}

/// `text` without LLVM debug info: the `!DI…` metadata nodes, `!llvm.dbg.cu`, the
/// `llvm.dbg` intrinsics' declarations and calls and every `, !dbg !N` attachment.
fn without_debug_info(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let node = line
            .strip_prefix('!')
            .and_then(|l| l.split_once(" = "))
            .is_some_and(|(id, def)| {
                id.bytes().all(|b| b.is_ascii_digit())
                    && def.trim_start_matches("distinct ").starts_with("!DI")
            });
        if node || line.starts_with("!llvm.dbg.cu") || line.contains("@llvm.dbg.") {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find(", !dbg !") {
            out.push_str(&rest[..at]);
            let tail = &rest[at + ", !dbg !".len()..];
            rest = tail.trim_start_matches(|c: char| c.is_ascii_digit());
        }
        out.push_str(rest);
        out.push('\n');
    }
    out
}

fn normalize(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        out.push(c);
        if c == '"' {
            in_string = !in_string;
        }
        if in_string || !matches!(c, '%' | '!' | '#') {
            continue;
        }
        let mut named = false;
        while let Some(&n) = chars.peek() {
            if n.is_ascii_alphanumeric() || matches!(n, '.' | '_' | '$' | '-') {
                if c != '%' && !n.is_ascii_digit() {
                    break;
                }
                named = true;
                chars.next();
            } else {
                break;
            }
        }
        if named {
            out.push('_');
        }
    }
    // block labels: `name:` at the start of a line
    if let Some(colon) = out.find(':')
        && !out.starts_with(' ')
        && !out.starts_with("define")
        && !out.starts_with('}')
    {
        return format!("_{}", &out[colon..]);
    }
    out
}

/// Runs `dxil asm INPUT -o OUTPUT`.
fn dxil_asm(input: &Path, output: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_dxil"))
        .arg("asm")
        .arg(input)
        .arg("-o")
        .arg(output)
        .output()
        .expect("dxil runs")
}

#[dxil_test_data::needs(shared = "corpus/dxc")]
#[dxil_test_data::needs(tool = "llvm-dis-14")]
#[test]
fn asm_output_disassembles_as_llvm_as_output() {
    let Some(dir) = shared::shared_path("corpus/dxc") else {
        return;
    };
    if common::llvm_as(b"").is_none() {
        return;
    }
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join("dxil-asm");
    std::fs::create_dir_all(&tmp).expect("test folder");
    let files = common::files(&dir, "ll");
    assert!(!files.is_empty(), "no .ll files in {}", dir.display());
    let (mut llvm_refuses, mut we_refuse, mut no_entry, mut same) = (0, 0, 0, 0);
    let mut debug_stripped = 0;
    let mut failures = Vec::new();
    for (i, f) in files.iter().enumerate() {
        let name = f.strip_prefix(&dir).unwrap_or(f).display().to_string();
        let source = std::fs::read(f).expect("read .ll");
        let (theirs, stripped) = match common::llvm_as(&source) {
            Some(Ok(theirs)) => (theirs, false),
            _ => {
                let text = String::from_utf8_lossy(&source);
                match common::llvm_as(without_debug_info(&text).as_bytes()) {
                    Some(Ok(theirs)) => (theirs, true),
                    _ => {
                        llvm_refuses += 1;
                        continue;
                    }
                }
            }
        };
        let Ok(module) = text::parse(&source) else {
            we_refuse += 1;
            continue;
        };
        if module
            .metadata
            .named(&module.symbols, "dx.entryPoints")
            .is_none_or(|e| e.is_empty())
        {
            no_entry += 1;
            continue;
        }
        let out = tmp.join(format!("{i}.dxil"));
        let run = dxil_asm(f, &out);
        if !run.status.success() {
            failures.push(format!(
                "{name}: dxil asm fails: {}",
                String::from_utf8_lossy(&run.stderr)
            ));
            continue;
        }
        let ours = std::fs::read(&out).expect("the container written");
        let parsed = container::Container::parse(&ours).expect("our container parses");
        assert_eq!(
            parsed.digest_status(),
            container::DigestStatus::Matches,
            "{name}: digest"
        );
        let bc = container::find_bitcode(&ours).expect("bitcode").bytes;
        let dis = |b: &[u8]| match common::llvm_dis(b) {
            Some(Ok(t)) => String::from_utf8(t).expect("UTF-8"),
            other => panic!("{name}: llvm-dis-14: {other:?}"),
        };
        let mut ours = dis(bc);
        if stripped {
            ours = without_debug_info(&ours);
        }
        let (want, got) = (bodies(&dis(&theirs)), bodies(&ours));
        if want == got {
            same += 1;
            debug_stripped += usize::from(stripped);
        } else {
            let at = want.iter().zip(&got).position(|(a, b)| a != b);
            let line = at.unwrap_or(want.len().min(got.len()));
            failures.push(format!(
                "{name}: line {line} of the bodies:\n  llvm-as: {}\n  ours:    {}",
                want.get(line).map_or("", |s| s),
                got.get(line).map_or("", |s| s)
            ));
        }
    }
    eprintln!(
        "{} .ll files: {llvm_refuses} refused by llvm-as-14 (even without their debug info), \
         {we_refuse} by the strict reader, {no_entry} without an entry point; of the {} \
         assembled, {same} disassemble as llvm-as-14's output ({debug_stripped} of them compared \
         without their LLVM 3.7 debug info, which llvm-as-14 cannot read)",
        files.len(),
        same + failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(same > 0, "nothing assembled");
}

/// DXC's validation tests `val-SampleCmpBiasGrad*.ll` record a stale view-ID state: their
/// one `storeOutput` (to `SV_Target.x`) was taken out after DXC recorded that it depends on
/// input components 0 to 2 (`[4, 1, 1, 1, 1, 0]`: 4 input components, 1 output, then each
/// input's outputs). `dxil asm` writes the state of the code instead, in which no output
/// depends on an input (`[4, 1, 0, 0, 0, 0]`), into `!dx.viewIdState` as into `PSV0`, and says
/// so on stderr.
#[dxil_test_data::needs(shared = "corpus/dxc")]
#[test]
fn asm_writes_the_view_id_state_of_the_code_over_a_stale_one() {
    let Some(dir) = shared::shared_path("corpus/dxc") else {
        return;
    };
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join("dxil-asm");
    std::fs::create_dir_all(&tmp).expect("test folder");
    let files: Vec<_> = common::files(&dir, "ll")
        .into_iter()
        .filter(|f| {
            let name = f.file_name().expect("a name").to_string_lossy();
            name.starts_with("val-SampleCmpBiasGrad")
        })
        .collect();
    assert_eq!(files.len(), 4, "{files:?}");
    for (i, f) in files.iter().enumerate() {
        let source = text::parse(&std::fs::read(f).expect("read .ll")).expect("it parses");
        let recorded = dxil_module::assemble::viewid::recorded_words(&source);
        assert_eq!(recorded, Some(vec![4, 1, 1, 1, 1, 0]), "{}", f.display());
        let out = tmp.join(format!("stale-{i}.dxil"));
        let run = dxil_asm(f, &out);
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(run.status.success(), "{}: {stderr}", f.display());
        assert!(
            stderr.contains("note: !dx.viewIdState records another view-ID state"),
            "{stderr}"
        );
        let container = std::fs::read(&out).expect("the container written");
        let words = view_id::consistent(&container);
        assert_eq!(words, Ok(vec![4, 1, 0, 0, 0, 0]), "{}", f.display());
    }
}

use crate::emit_compute;

/// The container of the example `emit_compute` (the text it prints, assembled as its
/// `--dxil` does) is accepted by `llvm-dis-14`, by our container reader (its digest verified)
/// and by `dxil container` (exit 0), and its bitcode decodes.
#[dxil_test_data::needs(tool = "llvm-dis-14")]
#[test]
fn the_emit_compute_container_is_accepted() {
    let text = emit_compute::compute_shader().expect("the example's text");
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join("dxil-asm");
    std::fs::create_dir_all(&tmp).expect("test folder");
    let (ll, out) = (tmp.join("cs.ll"), tmp.join("cs.dxil"));
    std::fs::write(&ll, &text).expect("write cs.ll");
    let dxil = |args: &[&std::ffi::OsStr]| {
        Command::new(env!("CARGO_BIN_EXE_dxil"))
            .args(args)
            .output()
            .expect("dxil runs")
    };
    let run = dxil(&["asm".as_ref(), ll.as_ref(), "-o".as_ref(), out.as_ref()]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let bytes = std::fs::read(&out).expect("the container");
    let c = container::Container::parse(&bytes).expect("our reader reads it");
    assert_eq!(c.digest_status(), container::DigestStatus::Matches);
    let bc = container::find_bitcode(&bytes).expect("bitcode").bytes;
    dxil_module::bitcode::decode(bc).expect("the bitcode decodes");
    let report = dxil(&["container".as_ref(), out.as_ref()]);
    assert_eq!(report.status.code(), Some(0), "{report:?}");
    if let Some(dis) = common::llvm_dis(bc) {
        let dis = String::from_utf8(dis.expect("llvm-dis-14 reads it")).expect("UTF-8");
        assert!(dis.contains("@dx.op.waveActiveOp.f32(i32 119"), "{dis}");
    }
}
