//! Every corpus bitstream, truncated at many points and with bits flipped, bytes replaced and
//! words duplicated (deterministic pseudo-random mutations): reading gives an error inside the
//! input or a stream that writes back to the mutated bytes, never a panic, and the memory it
//! takes stays a small multiple of the input's size (a counting allocator measures the peak).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

use dxil_module::bitstream::Bitstream;

use crate::corpus;
use crate::counting;
use crate::mutate;

use mutate::Rng;

/// The most bytes a parse may hold at once: the documented bound (8 bytes of values and of
/// entries per input bit, doubled by vector growth) and a little for the reader's own state.
fn memory_bound(input: usize) -> usize {
    256 * input + (64 << 10)
}

/// Parses `bytes` under `catch_unwind` and checks the outcome; gives the peak memory and
/// whether it was accepted.
fn parse_checked(bytes: &[u8], what: &dyn Fn() -> String) -> (usize, bool) {
    let (result, peak) =
        counting::peak_of(|| catch_unwind(AssertUnwindSafe(|| Bitstream::parse(bytes))));
    assert!(result.is_ok(), "{}: the reader panicked", what());
    let result = result.expect("no panic");
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

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
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
        for cut in mutate::cuts(len) {
            let bytes = &bitcode[..cut];
            let r = parse_checked(bytes, &|| format!("{} cut at {cut}", s.name()));
            // only the magic alone is a (blockless) stream
            assert_eq!(r.1, cut == 4, "{} cut at {cut}", s.name());
            note(bytes, r);
        }
        // mutations
        for round in 0..48 {
            let bytes = mutate::mutate(bitcode, round, &mut rng);
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
