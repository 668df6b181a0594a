//! The LLVM assembler for tests: modules the tests write must be valid LLVM IR.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `llvm-as-14` (or the tool `LLVM_AS` names) on a module: `Err` with its messages when it
/// rejects the module; `None` when the tool is missing, unless `DXIL_REQUIRE_LLVM_AS` is set,
/// which makes a missing tool a failure.
pub(crate) fn assemble(text: &str) -> Option<Result<(), String>> {
    let tool = std::env::var("LLVM_AS").unwrap_or_else(|_| "llvm-as-14".to_owned());
    let child = Command::new(&tool)
        .args(["-", "-o", "/dev/null"])
        .stdin(Stdio::piped())
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
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(text.as_bytes())
            .expect("llvm-as reads its input");
    }
    let out = child.wait_with_output().expect("llvm-as runs");
    Some(if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    })
}
