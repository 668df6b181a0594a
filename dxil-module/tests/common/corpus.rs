//! The binary DXIL corpus (`../shared/corpus/dxil-bin`) and a minimal reader of the bitcode
//! inside its DXBC containers, for the bitstream tests and benchmark. Test code only: the
//! crate's `container` module is the real reader (the tests will move to it).
//!
//! The facts used: a DXBC container holds its part count at byte 28 and the parts' offsets
//! (u32 each) from byte 32; a part is a four-character code, a u32 size and the data. The
//! parts `DXIL`, `ILDB` (debug) and `STAT` (statistics) start with a program header: a u32
//! program version, a u32 size in words, then the bitcode header: `DXIL`, a u32 version, a
//! u32 offset of the bitcode from the start of this bitcode header, a u32 bitcode size.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

#[path = "../../../dxil-db/tests/common/shared.rs"]
mod shared;

/// The parts that hold bitcode.
pub const BITCODE_PARTS: [&[u8; 4]; 3] = [b"DXIL", b"ILDB", b"STAT"];

fn u32_at(bytes: &[u8], at: usize) -> Option<usize> {
    let word = bytes.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes(word.try_into().ok()?) as usize)
}

/// A part's four-character code and its bitcode.
pub type Part<'a> = ([u8; 4], &'a [u8]);

/// The bitcode of each part of `container` that holds some, with the part's code; an error
/// names what does not fit.
pub fn bitcode_parts(container: &[u8]) -> Result<Vec<Part<'_>>, String> {
    if container.get(..4) != Some(b"DXBC") {
        return Err("no DXBC magic".into());
    }
    let count = u32_at(container, 28).ok_or("no part count")?;
    let mut found = Vec::new();
    for i in 0..count {
        let offset = u32_at(container, 32 + 4 * i).ok_or("part offset past the end")?;
        let code: [u8; 4] = container
            .get(offset..offset + 4)
            .and_then(|c| c.try_into().ok())
            .ok_or("part header past the end")?;
        let size = u32_at(container, offset + 4).ok_or("part size past the end")?;
        let data = container
            .get(offset + 8..offset + 8 + size)
            .ok_or("part data past the end")?;
        if !BITCODE_PARTS.contains(&&code) {
            continue;
        }
        // program header (8 bytes), then the bitcode header
        if data.get(8..12) != Some(b"DXIL") {
            return Err(format!(
                "{}: no DXIL bitcode header",
                String::from_utf8_lossy(&code)
            ));
        }
        let bc_offset = u32_at(data, 16).ok_or("bitcode offset past the end")?;
        let bc_size = u32_at(data, 20).ok_or("bitcode size past the end")?;
        let start = 8 + bc_offset;
        let bitcode = data
            .get(start..start + bc_size)
            .ok_or("bitcode past the end of its part")?;
        found.push((code, bitcode));
    }
    Ok(found)
}

/// Every `.dxil` file of the corpus, sorted; `None` (the test skips) when `../shared` is
/// missing.
pub fn corpus_files() -> Option<Vec<PathBuf>> {
    let dir = shared::shared_path("corpus/dxil-bin")?;
    let mut files = Vec::new();
    let mut dirs = vec![dir];
    while let Some(d) = dirs.pop() {
        for entry in std::fs::read_dir(&d).expect("read corpus folder") {
            let path = entry.expect("corpus entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "dxil") {
                files.push(path);
            }
        }
    }
    files.sort();
    Some(files)
}

/// One bitstream of the corpus.
pub struct Stream {
    /// The container file.
    pub file: PathBuf,
    /// The part that holds it (`DXIL`, `ILDB`, `STAT`).
    pub part: [u8; 4],
    /// The bitcode.
    pub bitcode: Vec<u8>,
}

impl Stream {
    /// `FILE PART`, the file relative to the corpus folder.
    pub fn name(&self) -> String {
        format!(
            "{} {}",
            short(&self.file),
            String::from_utf8_lossy(&self.part)
        )
    }
}

/// Every bitstream of the corpus; `None` (the test skips) when `../shared` is missing. A
/// container the extractor cannot read is an `Err` naming it.
pub fn corpus_bitcode() -> Option<Result<Vec<Stream>, String>> {
    let mut all = Vec::new();
    for file in corpus_files()? {
        let bytes = std::fs::read(&file).expect("read corpus file");
        let parts = match bitcode_parts(&bytes) {
            Ok(parts) => parts,
            Err(e) => return Some(Err(format!("{}: {e}", file.display()))),
        };
        for (part, bitcode) in parts {
            all.push(Stream {
                file: file.clone(),
                part,
                bitcode: bitcode.to_vec(),
            });
        }
    }
    Some(Ok(all))
}

/// The path relative to the corpus folder, for messages.
pub fn short(path: &Path) -> String {
    let s = path.display().to_string();
    match s.find("dxil-bin/") {
        Some(i) => s[i + 9..].to_string(),
        None => s,
    }
}
