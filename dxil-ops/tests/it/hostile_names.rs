//! Function names built to be slow to read: long suffixes with many dots for the classes whose
//! overload has several dimensions. Reading a name must take time linear in its length.

use std::time::{Duration, Instant};

use dxil_ops::{OpClass, Overload, parse_function_name, parse_function_name_lenient};

/// The suffixes tried for every class with two or more overload dimensions: `N` repetitions of a
/// unit, then an ending that makes the last dimension fail (or succeed).
fn hostile_suffixes(len: usize) -> Vec<String> {
    let units = ["a.", ".", "f32.", "v4f32.", "struct.S."];
    let endings = ["x", "", "f32", "."];
    let mut out = Vec::new();
    for unit in units {
        for ending in endings {
            let mut s = unit.repeat(len / unit.len());
            s.push_str(ending);
            out.push(s);
        }
    }
    out
}

/// One stem per distinct overload specification of more than one dimension.
fn multi_dimension_stems() -> Vec<&'static str> {
    let mut seen = Vec::new();
    let mut stems = Vec::new();
    for c in OpClass::ALL.iter().map(|c| c.info()) {
        if c.overloads.dims >= 2 && !seen.contains(&c.overloads.sets) {
            seen.push(c.overloads.sets);
            stems.push(c.stem);
        }
    }
    stems
}

/// Reads every hostile name of `len` bytes of suffix; returns the slowest parse.
fn slowest(len: usize) -> (Duration, String) {
    let mut worst = (Duration::ZERO, String::new());
    for stem in multi_dimension_stems() {
        for suffix in hostile_suffixes(len) {
            let name = format!("dx.op.{stem}.{suffix}");
            let start = Instant::now();
            let strict = parse_function_name(&name).is_ok();
            let lenient = parse_function_name_lenient(&name).is_ok();
            let took = start.elapsed();
            // a strict reading is a lenient one too
            assert!(
                !strict || lenient,
                "{stem}: {}",
                &suffix[suffix.len() - 8..]
            );
            if took > worst.0 {
                worst = (took, format!("{stem} + {:?}...", &suffix[..16]));
            }
        }
    }
    worst
}

#[test]
fn a_64_kib_name_is_read_in_linear_time() {
    assert!(multi_dimension_stems().contains(&"linAlgMatrixSetElement"));
    let (took, which) = slowest(64 * 1024);
    eprintln!("slowest 64 KiB name: {took:?} ({which})");
    // A quadratic reading takes tens of seconds per name; a linear one a few milliseconds.
    assert!(
        took < Duration::from_secs(2),
        "{which}: {took:?} for a 64 KiB name"
    );
}

#[test]
fn long_suffixes_split_as_before() {
    // o,o,hfdwil: the first object ends at the first dot, the second takes the rest but the
    // scalar of the last dimension
    let n = 10_000;
    let name = format!("dx.op.linAlgMatrixSetElement.{}f32", "a.".repeat(n));
    let f = parse_function_name(&name).expect("a valid name");
    let dims = f.overloads.as_slice();
    assert_eq!(dims.len(), 3);
    match (dims[0], dims[1], dims[2]) {
        (Overload::Object(a), Overload::Object(b), Overload::Scalar(t)) => {
            assert_eq!(a.text(), "a");
            assert_eq!(b.text().len(), 2 * n - 3);
            assert_eq!(t.name(), "f32");
        }
        _ => panic!("unexpected split"),
    }
    let name = format!("dx.op.linAlgMatrixSetElement.{}x", "a.".repeat(n));
    assert!(parse_function_name(&name).is_err());
}
