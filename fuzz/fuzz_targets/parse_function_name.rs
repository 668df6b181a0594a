//! Fuzz target `parse_function_name`: arbitrary text as a `dx.op` function name, as written and
//! after `dx.op.` and a real stem. Reading it must return a name or an error, never panic, and
//! take time linear in its length (libFuzzer's `-timeout` reports a slow input); a name read
//! strictly reads leniently too, and a name that was read prints a name of the same class.

#![no_main]

use libfuzzer_sys::fuzz_target;

/// Stems whose classes have two or more overload dimensions (the ones whose suffixes are
/// searched), and a few of one dimension.
const STEMS: &[&str] = &[
    "linAlgMatrixSetElement",
    "linAlgMatrixMultiplyAccumulate",
    "linAlgMatVecMulAdd",
    "linAlgMatrixGetElement",
    "linAlgCopyConvertMatrix",
    "unary",
    "rawBufferVectorLoad",
    "createHandleForLib",
];

fn check(name: &str) {
    let strict = dxil_ops::parse_function_name(name);
    let lenient = dxil_ops::parse_function_name_lenient(name);
    if let Ok(f) = strict {
        assert!(lenient.is_ok(), "{name:?} reads strictly but not leniently");
        let printed = f.to_string();
        let again = dxil_ops::parse_function_name_lenient(&printed);
        assert!(
            again.is_ok_and(|g| g.class() == f.class() && g.overloads.len() == f.overloads.len()),
            "{name:?} prints as {printed:?}, which does not read back"
        );
    }
    let _ = strict.map_err(|e| e.to_string());
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    check(text);
    // the first byte picks a stem, the rest is the suffix
    if let Some((&pick, rest)) = data.split_first()
        && let Ok(suffix) = std::str::from_utf8(rest)
    {
        let stem = STEMS[usize::from(pick) % STEMS.len()];
        check(&format!("dx.op.{stem}.{suffix}"));
    }
});
