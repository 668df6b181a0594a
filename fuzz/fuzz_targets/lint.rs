//! Fuzz target `lint`: arbitrary bytes as a DXIL module in LLVM IR text, or binary (a DXBC
//! container, bitcode) when they start so. Reading and checking it must return a report, never
//! panic.

#![no_main]

use dxil_module::text;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let report = dxil_lint::lint_bytes(data);
    // every diagnostic renders, and its line is within the input (a line ends at LF, CRLF or
    // a CR alone); binary input that decodes has the lines of the text `dxil dis` prints
    let decoded = match dxil_lint::input_of(data) {
        Ok(dxil_lint::Input::Binary(_)) => dxil_module::bitcode::decode(data).ok(),
        _ => None,
    };
    let lines = match decoded {
        Some(mut m) => {
            let options = text::named(&mut m, "");
            text::print(&m, &options).lines().count()
        }
        None => {
            let crlf = data.windows(2).filter(|w| *w == b"\r\n").count();
            data.iter().filter(|b| matches!(b, b'\n' | b'\r')).count() - crlf + 1
        }
    };
    for d in &report.diagnostics {
        assert!(d.line >= 1 && d.line <= lines, "line {} of {lines}", d.line);
        let _ = d.with_file("fuzz.ll").to_string();
    }
    // the strict reading refuses binary input or gives the same report
    if let Ok(strict) = dxil_lint::lint_input(data) {
        assert_eq!(strict, report);
    }
});
