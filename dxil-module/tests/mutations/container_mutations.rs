//! Corpus containers truncated and with bits flipped, read as untrusted input: each gives an
//! error or a container whose parts decode or give errors, never a panic, and the memory the
//! reading takes stays small and independent of the numbers in the input (a counting
//! allocator measures the peak).
//!
//! Four kinds of input are made from each file: the file cut short at many points; the same
//! with the size field saying the new length (so that the cut reaches the parts); each part's
//! data cut short at many points, the container rebuilt around it; single bits flipped in the
//! header and the part table (two bits of each byte), in the first bytes of every part and
//! at spread-out places (one bit of each byte).

use std::collections::BTreeMap;

use dxil_module::container::{Container, DigestMode, FourCC, find_bitcode, write_container};

use crate::counting;
use crate::dxil_bin;
use crate::walk;

/// Most bytes one reading may allocate: the text of a few error messages.
const MEMORY_BOUND: usize = 4096;

/// What reading one input gave.
#[derive(Default)]
struct Tally {
    inputs: usize,
    refused: usize,
    parsed: usize,
    parts_decoded: usize,
    part_errors: usize,
    peak: usize,
}

/// Reads `bytes` as a container, decodes and walks every part, finds the bitcode; counts what
/// happened and the memory it took.
fn read(bytes: &[u8], tally: &mut Tally) {
    let ((), peak) = counting::peak_of(|| reading(bytes, tally));
    assert!(peak <= MEMORY_BOUND, "{peak} bytes allocated");
    tally.peak = tally.peak.max(peak);
}

/// What [`read`] measures.
fn reading(bytes: &[u8], tally: &mut Tally) {
    tally.inputs += 1;
    match Container::parse(bytes) {
        Err(e) => {
            assert!(e.offset <= bytes.len().max(u32::MAX as usize));
            let _ = e.to_string();
            tally.refused += 1;
        }
        Ok(c) => {
            tally.parsed += 1;
            let _ = c.digest_status();
            for part in c.parts() {
                match c.decode(&part) {
                    Ok(content) => {
                        walk::walk(&content);
                        tally.parts_decoded += 1;
                    }
                    Err(e) => {
                        let _ = e.to_string();
                        tally.part_errors += 1;
                    }
                }
            }
        }
    }
    if let Err(e) = find_bitcode(bytes) {
        let _ = e.to_string();
    }
}

/// Cut points: every byte of the first 32, then every `step`th.
fn cuts(len: usize, step: usize) -> impl Iterator<Item = usize> {
    (0..len.min(32)).chain((32..len).step_by(step))
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[test]
fn mutated_corpus_containers_give_errors_or_containers_never_a_panic() {
    let Some(files) = dxil_bin::containers() else {
        return;
    };
    let mut tallies: BTreeMap<&str, Tally> = BTreeMap::new();
    for (_, bytes) in &files {
        let t = tallies.entry("file cut short").or_default();
        for n in cuts(bytes.len(), 31) {
            read(&bytes[..n], t);
        }
        let t = tallies.entry("cut short, size field fixed").or_default();
        for n in cuts(bytes.len(), 31).filter(|&n| n >= 32) {
            let mut cut = bytes[..n].to_vec();
            cut[24..28].copy_from_slice(&(n as u32).to_le_bytes());
            read(&cut, t);
        }
        let c = Container::parse(bytes).expect("a corpus container");
        let parts: Vec<(FourCC, &[u8])> = c.parts().map(|p| (p.fourcc, p.data)).collect();
        let t = tallies.entry("a part's data cut short").or_default();
        for i in 0..parts.len() {
            for n in cuts(parts[i].1.len(), 53) {
                let mut cut = parts.clone();
                cut[i].1 = &parts[i].1[..n];
                read(&write_container(&cut, DigestMode::Zero).unwrap(), t);
            }
        }
        let t = tallies.entry("a bit flipped").or_default();
        let table_end = 32 + 4 * parts.len();
        let header_bits = (0..table_end).flat_map(|at| [(at, at % 8), (at, (at + 3) % 8)]);
        let part_bits = c
            .parts()
            .flat_map(|p| p.offset..(p.offset + 8 + 32).min(bytes.len()))
            .chain((0..bytes.len()).step_by(61))
            .map(|at| (at, at % 8));
        for (at, bit) in header_bits.chain(part_bits) {
            let mut flipped = bytes.clone();
            flipped[at] ^= 1 << bit;
            read(&flipped, t);
        }
    }
    let mut total = 0;
    for (what, t) in &tallies {
        println!(
            "{what}: {} inputs, {} refused, {} parsed; {} parts decoded, {} part errors; peak {} bytes",
            t.inputs, t.refused, t.parsed, t.parts_decoded, t.part_errors, t.peak
        );
        total += t.inputs;
    }
    println!("{total} inputs in all");
    assert!(tallies["a part's data cut short"].part_errors > 10_000);
}
