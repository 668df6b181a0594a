//! Every bitstream of the binary corpus (the bitcode of each container's `DXIL`, `ILDB` and
//! `STAT` parts) is parsed, written back from the parsed form and compared byte for byte; its
//! blocks and records are compared with `llvm-bcanalyzer-14 -dump`.

use std::io::Write;
use std::process::{Command, Stdio};

use dxil_module::bitstream::{BITCODE_MAGIC, Bitstream, Block, Entry};

use crate::corpus;

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[test]
fn every_corpus_bitstream_is_written_back_identical() {
    let Some(streams) = corpus::corpus_bitcode() else {
        return;
    };
    let streams = streams.unwrap();
    let files: std::collections::BTreeSet<_> = streams.iter().map(|s| &s.file).collect();
    let all = corpus::corpus_files().expect("corpus");
    assert_eq!(files.len(), all.len(), "every corpus file has bitcode");
    let dxil_parts = streams.iter().filter(|s| &s.part == b"DXIL").count();
    assert_eq!(dxil_parts, all.len(), "one DXIL part per container");
    let mut quirks = 0;
    let mut trailing = 0;
    for s in &streams {
        let (name, bitcode) = (s.name(), &s.bitcode);
        let stream = Bitstream::parse(bitcode).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(stream.magic(), BITCODE_MAGIC, "{name}");
        assert!(stream.blocks().count() >= 1, "{name}: no block");
        quirks += stream.quirks().len();
        trailing += stream.trailing_zeros();
        let written = stream.to_bytes();
        if written != *bitcode {
            let at = written
                .iter()
                .zip(bitcode)
                .position(|(a, b)| a != b)
                .unwrap_or(written.len().min(bitcode.len()));
            panic!(
                "{name}: written back differs at byte {at} ({} bytes written, {} read)",
                written.len(),
                bitcode.len()
            );
        }
    }
    eprintln!(
        "{} bitstreams of {} files written back identical; {quirks} quirks, {trailing} \
         trailing zero bytes",
        streams.len(),
        files.len()
    );
}

/// One line per block, end of block and record, as `llvm-bcanalyzer -dump -non-symbolic`
/// gives them (without names): `block ID WORDS WIDTH`, `end`, `record CODE [aABBREV] OPS...`.
fn our_dump(stream: &Bitstream) -> Vec<String> {
    fn block(b: Block<'_>, out: &mut Vec<String>) {
        out.push(format!(
            "block {} {} {}",
            b.id(),
            b.length_words(),
            b.abbrev_width()
        ));
        for e in b.entries() {
            match e {
                Entry::Block(inner) => block(inner, out),
                Entry::Record(r) => {
                    let mut line = format!("record {}", r.code());
                    if r.abbrev().is_some() {
                        line += &format!(" a{}", r.abbrev_id());
                    }
                    for op in r.operands() {
                        line += &format!(" {op}");
                    }
                    out.push(line);
                }
                Entry::DefineAbbrev(_) => {}
            }
        }
        out.push("end".into());
    }
    let mut out = Vec::new();
    for b in stream.blocks() {
        block(b, &mut out);
    }
    out
}

/// The same lines from llvm-bcanalyzer's dump.
fn their_dump(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with("</") {
            out.push("end".into());
            continue;
        }
        let Some(tag) = line.strip_prefix('<') else {
            continue;
        };
        let tag = tag.split("/>").next().unwrap_or(tag).trim_end_matches('>');
        let field = |key: &str| {
            tag.split_whitespace()
                .find_map(|t| t.strip_prefix(key))
                .map(str::to_owned)
        };
        if let Some(id) = field("BlockID=") {
            let words = field("NumWords=").unwrap_or_default();
            let width = field("BlockCodeSize=").unwrap_or_default();
            out.push(format!("block {id} {words} {width}"));
        } else if let Some(code) = field("codeid=").or_else(|| {
            // a code the tool has no name for
            let name = tag.split_whitespace().next()?;
            name.strip_prefix("UnknownCode").map(str::to_owned)
        }) {
            let mut line = format!("record {code}");
            if let Some(a) = field("abbrevid=") {
                line += &format!(" a{a}");
            }
            for t in tag.split_whitespace() {
                if let Some((k, v)) = t.split_once('=')
                    && k.starts_with("op")
                    && k[2..].bytes().all(|b| b.is_ascii_digit())
                {
                    line += &format!(" {v}");
                }
            }
            out.push(line);
        }
    }
    out
}

/// `llvm-bcanalyzer-14 -dump` of `bitcode` (`LLVM_BCANALYZER` names another tool); `None`
/// when the tool cannot run, unless `DXIL_REQUIRE_LLVM_AS` is set (CI installs LLVM 14).
fn bcanalyzer(bitcode: &[u8]) -> Option<String> {
    let tool = std::env::var("LLVM_BCANALYZER").unwrap_or_else(|_| "llvm-bcanalyzer-14".to_owned());
    let child = Command::new(&tool)
        .args(["-dump", "-non-symbolic", "--dump-blockinfo"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => {
            assert!(
                std::env::var_os("DXIL_REQUIRE_LLVM_AS").is_none(),
                "{tool} is required (DXIL_REQUIRE_LLVM_AS is set) but cannot run: {e}"
            );
            eprintln!("skipping: {tool} not available ({e})");
            return None;
        }
    };
    let mut stdin = child.stdin.take().expect("stdin");
    let input = bitcode.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().expect("bcanalyzer runs");
    writer
        .join()
        .expect("writer")
        .expect("bcanalyzer reads its input");
    assert!(
        out.status.success(),
        "{tool} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[dxil_test_data::needs(tool = "llvm-bcanalyzer-14")]
#[test]
fn blocks_and_records_match_llvm_bcanalyzer() {
    let Some(streams) = corpus::corpus_bitcode() else {
        return;
    };
    let streams = streams.unwrap();
    // the tool is missing (and not required): skip
    let Some(first) = streams.first() else {
        return;
    };
    if bcanalyzer(&first.bitcode).is_none() {
        return;
    }
    // one process per stream, on a few threads
    let next = std::sync::atomic::AtomicUsize::new(0);
    let records = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(s) = streams.get(i) else {
                        break;
                    };
                    match compare_with_bcanalyzer(&s.name(), &s.bitcode) {
                        Ok(n) => records.fetch_add(n, std::sync::atomic::Ordering::Relaxed),
                        Err(e) => panic!("{e}"),
                    };
                }
            });
        }
    });
    eprintln!(
        "{} bitstreams, {} records: the same as llvm-bcanalyzer's",
        streams.len(),
        records.into_inner()
    );
}

/// Compares one stream's dump with the tool's; gives the number of records, or where they
/// differ.
fn compare_with_bcanalyzer(name: &str, bitcode: &[u8]) -> Result<usize, String> {
    let text = bcanalyzer(bitcode).ok_or("the tool ran before and not now")?;
    let stream = Bitstream::parse(bitcode).map_err(|e| format!("{name}: {e}"))?;
    let ours = our_dump(&stream);
    let theirs = their_dump(&text);
    if let Some(i) = (0..ours.len().max(theirs.len())).find(|&i| ours.get(i) != theirs.get(i)) {
        return Err(format!(
            "{name}: line {i}: ours {:?}, llvm-bcanalyzer {:?}",
            ours.get(i),
            theirs.get(i)
        ));
    }
    Ok(ours.iter().filter(|l| l.starts_with("record")).count())
}
