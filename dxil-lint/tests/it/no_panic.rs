//! The reader and the checks never panic: thousands of deterministic random mutations of the
//! corpus files and of the own cases (bytes deleted, duplicated, replaced by IR tokens, lines
//! swapped or cut), and random bytes, all checked under `catch_unwind`.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::time::{Duration, Instant};

use crate::shared;

/// Mutated inputs to check.
const MUTATIONS: usize = 6000;
/// Stop early after this long (a slow machine still finishes in time); the count is printed.
const BUDGET: Duration = Duration::from_secs(20);

/// SplitMix64: a small deterministic generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (0 when `n` is 0).
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

/// Pieces of LLVM IR that make mutations reach deep into the reader.
const TOKENS: &[&str] = &[
    "(",
    ")",
    "{",
    "}",
    "<",
    ">",
    "[",
    "]",
    "\"",
    ";",
    ",",
    "!",
    "@",
    "%",
    "\n",
    " ",
    "=",
    "@dx.op.",
    "@\"dx.op.",
    "call ",
    "tail call ",
    "declare ",
    "define void @f() {\n",
    "}\n",
    "i32 ",
    "i8 ",
    "i1 ",
    "i64 ",
    "float ",
    "-2147483648",
    "4294967296",
    "99999999999999999999999999999999999",
    "undef",
    "zeroinitializer",
    "!{",
    "!{!{!{!{!{!{!{!{!{!{",
    "!dx.version = !{!1}\n",
    "!1 = !{i32 1, i32 8}\n",
    "!dx.shaderModel = !{!2}\n",
    "!2 = !{!\"lib\", i32 6, i32 8}\n",
    "!dx.entryPoints = !{!3}\n",
    "!3 = !{void ()* @f, !\"f\", null, null, !4}\n",
    "!4 = !{i32 8, i32 15}\n",
    "addrspace(",
    "addrspace(6)*",
    "<4 x float>",
    "%dx.types.Handle",
    "0xH3C00",
    "1.5e+02",
    "\u{e9}",
    "\u{1F600}",
    "\\01",
    "#1",
    ", !dbg !3",
];

fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut b: Vec<u8> = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(4) {
        let len = b.len();
        let at = rng.below(len + 1);
        match rng.below(7) {
            0 => {
                let n = rng.below(64).min(len - at);
                b.drain(at..at + n);
            }
            1 => {
                let n = rng.below(256).min(len - at);
                let piece: Vec<u8> = b[at..at + n].to_vec();
                let to = rng.below(b.len() + 1);
                b.splice(to..to, piece);
            }
            2 | 3 => {
                let t = TOKENS[rng.below(TOKENS.len())].as_bytes();
                b.splice(at..at, t.iter().copied());
            }
            4 => {
                if at < len {
                    b[at] = (rng.next() & 0xFF) as u8;
                }
            }
            5 => b.truncate(at),
            _ => {
                // swap two lines
                let text = String::from_utf8_lossy(&b).into_owned();
                let mut lines: Vec<&str> = text.split('\n').collect();
                let (i, j) = (rng.below(lines.len()), rng.below(lines.len()));
                lines.swap(i, j);
                b = lines.join("\n").into_bytes();
            }
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

#[dxil_test_data::needs(shared = "corpus/dxc")]
#[test]
fn never_panics_on_mutated_inputs() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    // Without the shared corpus, the mutations start from the cases of this crate only.
    let mut files = shared::shared_path("corpus/dxc")
        .and_then(|corpus| dxil_lint::ll_files(&corpus).ok())
        .unwrap_or_default();
    files.extend(dxil_lint::ll_files(&manifest.join("tests/cases")).unwrap_or_default());
    let texts: Vec<String> = files
        .iter()
        .filter_map(|f| std::fs::read_to_string(f).ok())
        .collect();
    assert!(texts.len() >= 20, "too few inputs: {}", texts.len());

    let start = Instant::now();
    let mut rng = Rng(0x5EED_D1A1_0001);
    let mut panics = Vec::new();
    let (mut done, mut calls, mut diagnostics) = (0usize, 0usize, 0usize);
    while done < MUTATIONS && start.elapsed() < BUDGET {
        let input = if done % 50 == 49 {
            // random bytes
            let n = rng.below(2048);
            let bytes: Vec<u8> = (0..n).map(|_| (rng.next() & 0xFF) as u8).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        } else {
            let i = rng.below(texts.len());
            mutate(&mut rng, &texts[i])
        };
        match catch_unwind(AssertUnwindSafe(|| dxil_lint::lint(&input))) {
            Ok(r) => {
                calls += r.calls;
                diagnostics += r.diagnostics.len();
            }
            Err(_) => panics.push(input),
        }
        done += 1;
    }
    println!(
        "{done} mutated inputs in {:.1} s: {calls} calls, {diagnostics} diagnostics, {} panics",
        start.elapsed().as_secs_f64(),
        panics.len()
    );
    assert!(done >= 1000, "only {done} inputs in the time budget");
    if let Some(first) = panics.first() {
        let path = std::env::temp_dir().join("dxil-lint-panic.ll");
        let _ = std::fs::write(&path, first);
        assert!(
            panics.is_empty(),
            "{} inputs panicked; the first is in {}",
            panics.len(),
            path.display()
        );
    }
}

#[test]
fn adversarial_inputs_finish_quickly() {
    let call = "%x = call float @dx.op.unary.f32(i32 13, float ";
    let inputs = [
        // a call line with a long quoted string full of `;`
        format!("{call}\"{}\")\n", ";".repeat(200_000)),
        // deeply nested brackets in an operand, never closed
        format!("{call}{}\n", "(".repeat(200_000)),
        // a call with many operands
        format!("{call}%y{})\n", ", float %y".repeat(50_000)),
        // an operand list that is never closed, followed by many lines
        format!("{call}%y,\n{}", "  i32 0,\n".repeat(50_000)),
        // deeply nested metadata tuples
        format!(
            "!dx.version = !{{!1}}\n!1 = {}{}\n",
            "!{".repeat(100_000),
            "}".repeat(100_000)
        ),
        // many dx.op references that are not calls
        "@dx.op.".repeat(200_000),
    ];
    let start = Instant::now();
    for input in &inputs {
        let r = catch_unwind(AssertUnwindSafe(|| dxil_lint::lint(input)));
        assert!(r.is_ok(), "panicked on an input of {} bytes", input.len());
    }
    let elapsed = start.elapsed();
    println!(
        "{} adversarial inputs in {:.2} s",
        inputs.len(),
        elapsed.as_secs_f64()
    );
    assert!(elapsed < Duration::from_secs(20), "too slow: {elapsed:?}");
}
