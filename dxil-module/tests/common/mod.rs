//! Helpers of the text tests: the files of a folder, the LLVM 14 tools, and a small
//! extractor of the bitcode of a DXBC container (until the container module reads them).

#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The files under `dir` (recursively) whose name ends with `.ext`, sorted.
pub fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else if p.extension().is_some_and(|x| x == ext) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Runs an LLVM 14 tool (`tool`, or the program the environment variable `var` names) with
/// `args`, `input` on its standard input: `Some(Ok(stdout))` or `Some(Err(stderr))`; `None`
/// when the tool cannot run, unless `DXIL_REQUIRE_LLVM_AS` is set, which makes that a failure.
pub fn llvm_tool(
    var: &str,
    tool: &str,
    args: &[&str],
    input: &[u8],
) -> Option<Result<Vec<u8>, String>> {
    let tool = std::env::var(var).unwrap_or_else(|_| tool.to_owned());
    let child = Command::new(&tool)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => {
            assert!(
                std::env::var_os("DXIL_REQUIRE_LLVM_AS").is_none(),
                "{tool} is required (DXIL_REQUIRE_LLVM_AS is set) but cannot run: {e}"
            );
            eprintln!("skipping: {tool} not available ({e})");
            return None;
        }
    };
    let mut stdin = child.stdin.take().expect("stdin piped");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("the tool runs");
    let _ = writer.join();
    Some(if out.status.success() {
        Ok(out.stdout)
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    })
}

/// `llvm-dis-14` of bitcode.
pub fn llvm_dis(bitcode: &[u8]) -> Option<Result<Vec<u8>, String>> {
    llvm_tool("LLVM_DIS", "llvm-dis-14", &["-", "-o", "-"], bitcode)
}

/// `llvm-as-14` of text.
pub fn llvm_as(text: &[u8]) -> Option<Result<Vec<u8>, String>> {
    llvm_tool("LLVM_AS", "llvm-as-14", &["-", "-o", "-"], text)
}

fn u32_at(data: &[u8], at: usize) -> Option<usize> {
    let b = data.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
}

/// The bitcode of the `DXIL` part of a DXBC container: the part table (its count at byte 28,
/// the offsets from byte 32), the part's program header (8 bytes, then `DXIL`, the version,
/// the bitcode's offset and size, relative to the `DXIL` header).
pub fn dxil_bitcode(container: &[u8]) -> Option<&[u8]> {
    let count = u32_at(container, 28)?;
    for i in 0..count.min(1024) {
        let part = u32_at(container, 32 + 4 * i)?;
        if container.get(part..part + 4)? != b"DXIL" {
            continue;
        }
        let data = part + 8;
        let header = data + 8;
        if container.get(header..header + 4)? != b"DXIL" {
            return None;
        }
        let offset = u32_at(container, header + 8)?;
        let size = u32_at(container, header + 12)?;
        let start = header.checked_add(offset)?;
        return container.get(start..start.checked_add(size)?);
    }
    None
}

/// The first differing line of two texts, for a failure message.
pub fn first_difference(want: &str, got: &str) -> String {
    for (i, (a, b)) in want.lines().zip(got.lines()).enumerate() {
        if a != b {
            return format!("line {}:\n  llvm: {a}\n  ours: {b}", i + 1);
        }
    }
    format!(
        "lengths differ: {} lines from llvm, {} from us",
        want.lines().count(),
        got.lines().count()
    )
}
