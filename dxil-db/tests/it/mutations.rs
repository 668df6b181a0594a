//! The loader never panics: random but reproducible mutations of the real database files (byte
//! changes, truncations, deleted, repeated and moved lines, swapped values, extreme numbers) must
//! each load or fail with a report.
//!
//! The root file is mutated one time in ten, the others in proportion to their size. The count is
//! 4000 in release builds and 200 in debug builds, where parsing the 250 KB of the database costs
//! about a tenth of a second; `DXIL_DB_MUTATIONS=N` sets it, `DXIL_DB_MUTATION=I` replays
//! mutation I alone.

#![allow(clippy::panic)] // a test fails by panicking

use crate::common;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

const SEED: u64 = 0xD1C7_0B5E_5EED_2024;

/// xorshift64*: small, fast and the same everywhere.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Self {
        let mut r = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        r.next();
        r
    }

    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n`; `n` must not be 0.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Bytes that matter to TOML, to the checks, and one that breaks UTF-8.
const BYTES: &[u8] = b"\"'[]{}=,.#\n \t0123456789azAZ_-+<\\\xc3";
/// Numbers at the edges of the integer types the records use.
const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "255",
    "256",
    "65535",
    "65536",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "99999999999999999999",
    "1.5",
    "\"1.999\"",
    "\"255.255\"",
];

/// The root file and the files it includes, as the real database has them.
struct Files(Vec<(String, String)>);

impl Files {
    fn load() -> Self {
        let root = common::workspace_root();
        let read = |name: &str| {
            std::fs::read_to_string(root.join(name))
                .unwrap_or_else(|e| panic!("cannot read {name}: {e}"))
        };
        let mut files = vec![("ops.toml".to_owned(), read("ops.toml"))];
        let mut names = Vec::new();
        let mut dirs = vec!["db".to_owned()];
        while let Some(dir) = dirs.pop() {
            for e in std::fs::read_dir(root.join(&dir)).expect("db/ exists") {
                let e = e.expect("readable entry");
                let name = format!("{dir}/{}", e.file_name().to_string_lossy());
                if e.file_type().expect("file type").is_dir() {
                    dirs.push(name);
                } else if name.ends_with(".toml") {
                    names.push(name);
                }
            }
        }
        names.sort();
        for name in names {
            let text = read(&name);
            files.push((name, text));
        }
        Files(files)
    }

    /// The largest file.
    fn largest(&self) -> &str {
        self.0
            .iter()
            .max_by_key(|(_, t)| t.len())
            .map_or("", |(_, t)| t.as_str())
    }

    /// The file to mutate: the root one time in ten, another file in proportion to its size.
    fn pick(&self, rng: &mut Rng) -> usize {
        if rng.below(10) == 0 {
            return 0;
        }
        let total: usize = self.0[1..].iter().map(|(_, t)| t.len()).sum();
        let mut at = rng.below(total.max(1));
        for (i, (_, t)) in self.0.iter().enumerate().skip(1) {
            if at < t.len() {
                return i;
            }
            at -= t.len();
        }
        0
    }
}

fn lines(text: &str) -> Vec<&str> {
    text.split_inclusive('\n').collect()
}

/// Applies one random mutation; returns the new text and what was done.
fn mutate(text: &str, rng: &mut Rng) -> (String, String) {
    let ls = lines(text);
    let line = |rng: &mut Rng| rng.below(ls.len().max(1));
    let show = |i: usize| {
        ls.get(i)
            .map_or("", |l| l.trim_end())
            .chars()
            .take(60)
            .collect::<String>()
    };
    match rng.below(9) {
        0 => {
            let mut bytes = text.as_bytes().to_vec();
            let at = rng
                .below(bytes.len().max(1))
                .min(bytes.len().saturating_sub(1));
            let b = BYTES[rng.below(BYTES.len())];
            if let Some(x) = bytes.get_mut(at) {
                *x = b;
            }
            let out = String::from_utf8_lossy(&bytes).into_owned();
            (out, format!("byte {at} set to {:?}", b as char))
        }
        1 => {
            let at = rng.below(text.len().max(1));
            let out = String::from_utf8_lossy(&text.as_bytes()[..at]).into_owned();
            (out, format!("truncated to {at} bytes"))
        }
        2 => {
            let i = line(rng);
            let out = ls
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, l)| *l)
                .collect();
            (out, format!("line {} deleted: `{}`", i + 1, show(i)))
        }
        3 => {
            let i = line(rng);
            let mut v = ls.clone();
            v.insert(i, ls.get(i).copied().unwrap_or(""));
            (
                v.concat(),
                format!("line {} repeated: `{}`", i + 1, show(i)),
            )
        }
        4 => {
            let (i, j) = (line(rng), line(rng));
            let mut v = ls.clone();
            if i < v.len() && j < v.len() {
                v.swap(i, j);
            }
            (v.concat(), format!("lines {} and {} swapped", i + 1, j + 1))
        }
        5 => {
            // the values of two `key = value` lines
            let kv: Vec<usize> = (0..ls.len()).filter(|&i| ls[i].contains(" = ")).collect();
            if kv.is_empty() {
                return (text.to_owned(), "unchanged".to_owned());
            }
            let (i, j) = (kv[rng.below(kv.len())], kv[rng.below(kv.len())]);
            let split = |l: &str| {
                l.split_once(" = ")
                    .map(|(k, v)| (k.to_owned(), v.to_owned()))
            };
            let mut v: Vec<String> = ls.iter().map(|l| (*l).to_owned()).collect();
            if let (Some((ki, vi)), Some((kj, vj))) = (split(ls[i]), split(ls[j])) {
                v[i] = format!("{ki} = {vj}");
                v[j] = format!("{kj} = {vi}");
            }
            (
                v.concat(),
                format!("values of lines {} and {} swapped", i + 1, j + 1),
            )
        }
        6 => {
            // a number (or a quoted version) replaced by an extreme one
            let starts: Vec<usize> = text
                .char_indices()
                .filter(|(i, c)| {
                    c.is_ascii_digit()
                        && !text[..*i].ends_with(|p: char| p.is_ascii_alphanumeric() || p == '.')
                })
                .map(|(i, _)| i)
                .collect();
            if starts.is_empty() {
                return (text.to_owned(), "unchanged".to_owned());
            }
            let at = starts[rng.below(starts.len())];
            let end = text[at..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '.'))
                .map_or(text.len(), |n| at + n);
            let n = NUMBERS[rng.below(NUMBERS.len())];
            let out = format!("{}{n}{}", &text[..at], &text[end..]);
            (
                out,
                format!("number `{}` at byte {at} replaced by {n}", &text[at..end]),
            )
        }
        7 => {
            let (from, to) = (line(rng), line(rng));
            let mut v = ls.clone();
            v.insert(to, ls.get(from).copied().unwrap_or(""));
            (
                v.concat(),
                format!("line {} copied before line {}", from + 1, to + 1),
            )
        }
        _ => {
            let i = line(rng);
            let n = 1 + rng.below(12);
            let out = ls
                .iter()
                .enumerate()
                .filter(|(j, _)| *j < i || *j >= i + n)
                .map(|(_, l)| *l)
                .collect();
            (out, format!("lines {} to {} deleted", i + 1, i + n))
        }
    }
}

/// Mutation `index`: which file, what was done, and whether loading panicked (with the message).
fn run(files: &Files, index: u64) -> Result<(), String> {
    let mut rng = Rng::new(SEED ^ index.wrapping_mul(0x1000_0000_01B3));
    let target = files.pick(&mut rng);
    let (name, original) = &files.0[target];
    let (text, what) = mutate(original, &mut rng);
    let read = |p: &str| {
        files
            .0
            .iter()
            .find(|(n, _)| n == p)
            .map(|(n, t)| if n == name { text.clone() } else { t.clone() })
            .ok_or_else(|| format!("no file {p}"))
    };
    let root = if target == 0 {
        text.as_str()
    } else {
        files.0[0].1.as_str()
    };
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let _ = dxil_db::load_from("ops.toml", root, read);
    }));
    outcome.map_err(|e| {
        let msg = e
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| (*s).to_owned()))
            .unwrap_or_default();
        format!("mutation {index} ({name}: {what}) panicked: {msg}")
    })
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

#[test]
fn no_mutation_makes_the_loader_panic() {
    let files = Files::load();
    let indices: Vec<u64> = match env_number("DXIL_DB_MUTATION") {
        Some(i) => vec![i],
        None => {
            let default = if cfg!(debug_assertions) { 200 } else { 4000 };
            let n = env_number("DXIL_DB_MUTATIONS").unwrap_or(default);
            (0..n).collect()
        }
    };
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8);
    let start = Instant::now();
    let failures: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (files, indices) = (&files, &indices);
                s.spawn(move || {
                    indices
                        .iter()
                        .skip(t)
                        .step_by(threads)
                        .filter_map(|&i| run(files, i).err())
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("worker threads catch their panics"))
            .collect()
    });
    println!(
        "{} mutations in {:.1?} on {threads} threads",
        indices.len(),
        start.elapsed()
    );
    assert!(
        failures.is_empty(),
        "{} mutations panicked:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn mutations_are_reproducible_and_change_the_text() {
    let files = Files::load();
    let original = files.largest();
    let (a, what_a) = mutate(original, &mut Rng::new(7));
    let (b, what_b) = mutate(original, &mut Rng::new(7));
    assert_eq!((&a, &what_a), (&b, &what_b));
    let changed = (0..50)
        .filter(|&i| mutate(original, &mut Rng::new(i)).0 != original)
        .count();
    assert!(
        changed >= 45,
        "only {changed} of 50 mutations changed the text"
    );
}

/// Deeply nested arrays and inline tables, in a record and at the top level, are reported.
#[test]
fn deep_nesting_is_reported() {
    for depth in [64, 10_000] {
        let texts = [
            format!("a = {}{}", "[".repeat(depth), "]".repeat(depth)),
            format!("a = {}", "{ b = ".repeat(depth)),
            format!(
                "[[ops.CoreOps]]\nindex = 0\noverloads = {}{}\n",
                "[".repeat(depth),
                "]".repeat(depth)
            ),
        ];
        for text in texts {
            let loaded = dxil_db::load_from("deep.toml", &text, |_| Err("no includes".to_owned()));
            assert!(loaded.is_err(), "depth {depth} loaded");
        }
    }
}
