//! Every corpus bitstream, truncated at many points and with bits flipped, bytes replaced and
//! words duplicated (deterministic pseudo-random mutations): reading gives an error inside the
//! input or a stream that writes back to the mutated bytes, never a panic, and the memory it
//! takes stays a small multiple of the input's size (a counting allocator measures the peak).
//!
//! One test in this binary, so that the allocator's counts are its own.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

use dxil_module::bitstream::Bitstream;

#[path = "common/corpus.rs"]
mod corpus;

struct Counting;

thread_local! {
    static LIVE: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: forwards to the system allocator and only counts bytes.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = LIVE.try_with(|live| {
            live.set(live.get() + layout.size());
            let _ = PEAK.try_with(|peak| peak.set(peak.get().max(live.get())));
        });
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        let _ = LIVE.try_with(|live| live.set(live.get().saturating_sub(layout.size())));
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The most bytes a parse may hold at once: the documented bound (8 bytes of values and of
/// entries per input bit, doubled by vector growth) and a little for the reader's own state.
fn memory_bound(input: usize) -> usize {
    256 * input + (64 << 10)
}

/// xorshift64*: a small deterministic generator.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let r = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D);
        if n == 0 { 0 } else { (r % n as u64) as usize }
    }
}

/// Parses `bytes` under `catch_unwind` and checks the outcome; gives the peak memory and
/// whether it was accepted.
fn parse_checked(bytes: &[u8], what: &dyn Fn() -> String) -> (usize, bool) {
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let result = catch_unwind(AssertUnwindSafe(|| Bitstream::parse(bytes)));
    assert!(result.is_ok(), "{}: the reader panicked", what());
    let result = result.expect("no panic");
    let peak = PEAK.with(Cell::get) - base;
    assert!(
        peak <= memory_bound(bytes.len()),
        "{}: {peak} bytes for {} bytes of input",
        what(),
        bytes.len()
    );
    match result {
        Ok(stream) => {
            assert_eq!(
                stream.to_bytes(),
                bytes,
                "{}: accepted, written back differs",
                what()
            );
            (peak, true)
        }
        Err(e) => {
            assert!(
                e.bit <= bytes.len() as u64 * 8,
                "{}: {e} past the end",
                what()
            );
            assert!(!e.to_string().is_empty());
            (peak, false)
        }
    }
}

#[test]
fn truncated_and_mutated_bitstreams_give_errors_or_streams() {
    let Some(streams) = corpus::corpus_bitcode() else {
        return;
    };
    let streams = streams.unwrap();
    let start = Instant::now();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut inputs, mut accepted, mut worst) = (0usize, 0usize, 0f64);
    let mut note = |bytes: &[u8], (peak, ok): (usize, bool)| {
        inputs += 1;
        accepted += usize::from(ok);
        if bytes.len() >= 1024 {
            worst = worst.max(peak as f64 / bytes.len() as f64);
        }
    };
    for s in &streams {
        let bitcode = &s.bitcode;
        let len = bitcode.len();
        // truncations: every byte of the first 64 and of the last 64, and 64 points between
        let cuts = (0..len.min(64))
            .chain(len.saturating_sub(64)..len)
            .chain((1..64).map(|i| i * len / 64));
        for cut in cuts {
            let bytes = &bitcode[..cut];
            let r = parse_checked(bytes, &|| format!("{} cut at {cut}", s.name()));
            // only the magic alone is a (blockless) stream
            assert_eq!(r.1, cut == 4, "{} cut at {cut}", s.name());
            note(bytes, r);
        }
        // mutations
        for round in 0..48 {
            let mut bytes = bitcode.clone();
            match round % 4 {
                0 | 1 => {
                    for _ in 0..=round % 3 {
                        let bit = rng.below(len * 8);
                        bytes[bit / 8] ^= 1 << (bit % 8);
                    }
                }
                2 => {
                    let at = rng.below(len);
                    bytes[at] = rng.below(256) as u8;
                }
                _ => {
                    let at = rng.below(len / 4) * 4;
                    let word = bytes[at..at + 4].to_vec();
                    bytes.splice(at..at, word);
                }
            }
            let r = parse_checked(&bytes, &|| format!("{} mutation {round}", s.name()));
            note(&bytes, r);
        }
    }
    eprintln!(
        "{inputs} truncated or mutated bitstreams: {accepted} accepted (and written back \
         identical), the others refused; peak memory at most {worst:.1} times the input (of 1 KiB or more); {:.1} s",
        start.elapsed().as_secs_f64()
    );
}
