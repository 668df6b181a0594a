//! Every corpus bitstream, truncated at many points, with bits flipped, bytes replaced and
//! words duplicated, and rebuilt with one record changed (an operand set to 0, 1, its
//! neighbours or a huge value, an operand added or removed, the record dropped, repeated or
//! given another code): decoding gives an error inside the input or a module that prints,
//! never a panic or a hang, and the memory it takes (decoding and printing) stays a small
//! multiple of the input's size (a counting allocator measures the peak). A module decoded
//! prints text that reads back into the same text, and is written back: the writer refuses
//! it or writes bitcode that decodes into a module that prints the same.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use dxil_module::bitcode;
use dxil_module::bitstream::{Bitstream, Block, Builder, Entry};
use dxil_module::model::Module;
use dxil_module::text::{self, PrintOptions};

use crate::corpus;
use crate::counting;
use crate::mutate;

use mutate::Rng;

/// The most bytes decoding and printing may hold at once: the bitstream's own bound (256
/// times the input) and as much again for the module and its text, and a little for the
/// decoder's own state.
fn memory_bound(input: usize) -> usize {
    512 * input + (256 << 10)
}

/// The longest one input may take (debug builds, a loaded machine): far beyond the
/// milliseconds each takes, far below a hang.
const SLOW: Duration = Duration::from_secs(2);

/// What the inputs gave.
#[derive(Default)]
struct Tally {
    inputs: usize,
    accepted: usize,
    /// Of the accepted, those `bitcode::write` wrote (the others it refused).
    written: usize,
    worst_ratio: f64,
    slowest: Duration,
}

/// Decodes (and prints, when accepted) `bytes` under `catch_unwind`, and checks the outcome; a
/// module decoded is written back ([`written_back`]).
fn decode_checked(bytes: &[u8], what: &dyn Fn() -> String, tally: &mut Tally) {
    let start = Instant::now();
    let (result, peak) = counting::peak_of(|| {
        catch_unwind(AssertUnwindSafe(|| {
            bitcode::decode(bytes).map(|m| {
                let printed = text::print(&m, &PrintOptions::default());
                (m, printed)
            })
        }))
    });
    let elapsed = start.elapsed();
    assert!(
        result.is_ok(),
        "{}: the decoder or the printer panicked",
        what()
    );
    assert!(
        peak <= memory_bound(bytes.len()),
        "{}: {peak} bytes for {} bytes of input",
        what(),
        bytes.len()
    );
    assert!(elapsed < SLOW, "{}: {elapsed:?}", what());
    tally.inputs += 1;
    tally.slowest = tally.slowest.max(elapsed);
    if bytes.len() >= 1024 {
        tally.worst_ratio = tally.worst_ratio.max(peak as f64 / bytes.len() as f64);
    }
    match result.expect("no panic") {
        Ok((m, printed)) => {
            tally.accepted += 1;
            let reread =
                text::parse(printed.as_bytes()).map(|t| text::print(&t, &PrintOptions::default()));
            assert!(
                reread.as_deref().is_ok_and(|t| t == printed),
                "{}: the text printed does not read back into the same text: {:?}",
                what(),
                reread.err()
            );
            if written_back(&m, &printed, what) {
                tally.written += 1;
            }
        }
        Err(e) => {
            assert!(
                e.bit <= bytes.len() as u64 * 8,
                "{}: {e} past the end",
                what()
            );
            assert!(!e.to_string().is_empty());
        }
    }
}

/// Writes module `m` (decoded, and `printed`) back as bitcode: an error or bitcode, never a
/// panic; bitcode written decodes, into a module that prints the same. Whether it was written.
fn written_back(m: &Module, printed: &str, what: &dyn Fn() -> String) -> bool {
    let written = catch_unwind(AssertUnwindSafe(|| {
        let written = bitcode::write(m).ok()?;
        let again = bitcode::decode(&written);
        assert!(
            again
                .as_ref()
                .is_ok_and(|a| text::print(a, &PrintOptions::default()) == printed),
            "the bitcode written does not decode into a module that prints the same: {:?}",
            again.err()
        );
        Some(())
    }));
    assert!(
        written.is_ok(),
        "{}: writing the decoded module back failed",
        what()
    );
    written.ok().flatten().is_some()
}

/// How a record is changed.
#[derive(Clone, Copy, Debug)]
enum Change {
    Set(usize, u64),
    Add(u64),
    RemoveLast,
    Drop,
    Repeat,
    Code(u64),
}

/// The stream written again with unabbreviated records (BLOCKINFO and abbreviations left
/// out, which the decoder never sees), record number `target` changed.
fn rebuild(stream: &Bitstream, target: usize, change: Change) -> Vec<u8> {
    fn copy(b: &mut Builder, block: Block<'_>, n: &mut usize, target: usize, change: Change) {
        if block.id() == 0 {
            return;
        }
        b.enter_block(block.id(), 6).expect("block");
        for e in block.entries() {
            match e {
                Entry::Block(inner) => copy(b, inner, n, target, change),
                Entry::Record(r) => {
                    let mut values = r.values().to_vec();
                    let mut times = 1;
                    if *n == target {
                        match change {
                            Change::Set(i, v) => {
                                let len = values.len();
                                if len > 1 {
                                    values[1 + i % (len - 1)] = v;
                                }
                            }
                            Change::Add(v) => values.push(v),
                            Change::RemoveLast => {
                                if values.len() > 1 {
                                    values.pop();
                                }
                            }
                            Change::Drop => times = 0,
                            Change::Repeat => times = 2,
                            Change::Code(c) => values[0] = c,
                        }
                    }
                    *n += 1;
                    for _ in 0..times {
                        b.record(values[0], &values[1..]).expect("record");
                    }
                }
                Entry::DefineAbbrev(_) => {}
            }
        }
        b.end_block().expect("end");
    }
    let mut b = Builder::new(stream.magic());
    let mut n = 0;
    for block in stream.blocks() {
        copy(&mut b, block, &mut n, target, change);
    }
    b.finish().expect("built").to_bytes()
}

/// The number of records of a stream.
fn record_count(stream: &Bitstream) -> usize {
    stream
        .all_blocks()
        .filter(|b| b.id() != 0)
        .map(|b| b.records().count())
        .sum()
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[test]
fn truncated_mutated_and_changed_bitcode_gives_errors_or_modules() {
    let Some(streams) = corpus::corpus_bitcode() else {
        return;
    };
    let streams = streams.expect("corpus containers read");
    let start = Instant::now();
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut tally = Tally::default();
    let (mut truncated, mut mutated, mut changed) = (0, 0, 0);
    let mut largest: Option<(usize, usize, String)> = None;
    for s in &streams {
        let bitcode = &s.bitcode;
        let len = bitcode.len();
        // the input as it is: decoded, and its peak noted for the largest
        let (_, peak) = counting::peak_of(|| bitcode::decode(bitcode).map(|_| ()));
        if largest.as_ref().is_none_or(|l| l.0 < len) {
            largest = Some((len, peak, s.name()));
        }
        for cut in mutate::cuts(len) {
            decode_checked(
                &bitcode[..cut],
                &|| format!("{} cut at {cut}", s.name()),
                &mut tally,
            );
            truncated += 1;
        }
        // byte-level mutations
        for round in 0..48 {
            let bytes = mutate::mutate(bitcode, round, &mut rng);
            decode_checked(
                &bytes,
                &|| format!("{} mutation {round}", s.name()),
                &mut tally,
            );
            mutated += 1;
        }
        // record-level changes
        let stream = Bitstream::parse(bitcode).expect("corpus bitstream");
        let records = record_count(&stream);
        for round in 0..64 {
            let target = rng.below(records);
            let i = rng.below(64);
            let change = match round % 10 {
                0 => Change::Set(i, 0),
                1 => Change::Set(i, 1),
                2 => Change::Set(i, rng.below(64) as u64),
                3 => Change::Set(i, u64::from(u32::MAX)),
                4 => Change::Set(i, 1 << 40),
                5 => Change::Add(rng.below(8) as u64),
                6 => Change::RemoveLast,
                7 => Change::Drop,
                8 => Change::Repeat,
                _ => Change::Code(rng.below(48) as u64),
            };
            let bytes = rebuild(&stream, target, change);
            decode_checked(
                &bytes,
                &|| format!("{} record {target} {change:?}", s.name()),
                &mut tally,
            );
            changed += 1;
        }
    }
    let (len, peak, name) = largest.expect("a corpus");
    eprintln!(
        "{} inputs ({truncated} truncated, {mutated} mutated, {changed} with a record \
         changed): {} decoded and printed, each text read back ({} of them written back as bitcode that decodes \
         into a module that prints the same, the others refused by the writer), the others \
         refused; peak memory at most {:.1} times the input (of 1 KiB or more); the largest \
         input ({name}, {len} bytes) takes {peak} bytes at its peak ({:.1} times); slowest input {:?}; {:.1} s",
        tally.inputs,
        tally.accepted,
        tally.written,
        tally.worst_ratio,
        peak as f64 / len as f64,
        tally.slowest,
        start.elapsed().as_secs_f64()
    );
}
