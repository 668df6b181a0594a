//! Fuzz target `load`: arbitrary bytes as the root file of a database whose includes are the real
//! `db/*.toml`. Loading must return `Ok` or a report, never panic.

#![no_main]

use libfuzzer_sys::fuzz_target;

/// The files the real `ops.toml` includes, served to every input.
const INCLUDED: &[(&str, &str)] = &[
    ("db/enums.toml", include_str!("../../db/enums.toml")),
    ("db/validation-rules.toml", include_str!("../../db/validation-rules.toml")),
    ("db/signature-tables.toml", include_str!("../../db/signature-tables.toml")),
    ("db/llvm-instructions.toml", include_str!("../../db/llvm-instructions.toml")),
];

fuzz_target!(|data: &[u8]| {
    let root = String::from_utf8_lossy(data);
    let _ = dxil_db::load_from("ops.toml", &root, |path| {
        INCLUDED
            .iter()
            .find(|(name, _)| *name == path)
            .map(|(_, text)| (*text).to_owned())
            .ok_or_else(|| format!("no file `{path}`"))
    });
});
