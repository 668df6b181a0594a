//! Fuzz target `container`: arbitrary bytes as a DXBC container, and as any input of
//! `find_bitcode` and `find_part_bitcode`. Reading must give an error or a container, never panic; every part decodes
//! or gives an error; a container read is written again from its parts into one that reads
//! back with the same parts, the same decoding outcomes and a matching digest. A root
//! signature that serializes again reads back into one that serializes to the same bytes.

#![no_main]

use dxil_module::container::{
    Container, DigestMode, DigestStatus, FourCC, PartContent, RootSignature, find_bitcode,
    find_part_bitcode, write_container,
};
use libfuzzer_sys::fuzz_target;

// the walk of every view of a decoded part, shared with the mutation tests
#[path = "../../dxil-module/tests/common/walk.rs"]
mod walk;

/// `rs` serialized, read and serialized again gives the same bytes.
fn serializes_again(rs: &RootSignature<'_>) {
    let Ok(bytes) = rs.to_desc().serialize() else {
        return;
    };
    let again = RootSignature::parse(&bytes, 0).expect("a serialized root signature reads");
    assert_eq!(again.to_desc().serialize().as_deref(), Ok(&bytes[..]));
}

fuzz_target!(|data: &[u8]| {
    if let Err(e) = find_bitcode(data) {
        let _ = e.to_string();
    }
    for fourcc in [FourCC::ILDB, FourCC::STAT] {
        if let Err(e) = find_part_bitcode(data, fourcc) {
            let _ = e.to_string();
        }
    }
    let container = match Container::parse(data) {
        Ok(c) => c,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    let _ = container.digest_status();
    let parts: Vec<(FourCC, &[u8])> = container.parts().map(|p| (p.fourcc, p.data)).collect();
    assert_eq!(parts.len(), container.part_count() as usize);
    let outcomes: Vec<bool> = container
        .parts()
        .map(|p| match container.decode(&p) {
            Ok(content) => {
                walk::walk(&content);
                if let PartContent::RootSignature(rs) = &content {
                    serializes_again(rs);
                }
                true
            }
            Err(e) => {
                let _ = e.to_string();
                false
            }
        })
        .collect();
    let written = write_container(&parts, DigestMode::Compute).expect("the parts fit again");
    let again = Container::parse(&written).expect("a written container reads back");
    assert_eq!(again.digest_status(), DigestStatus::Matches);
    assert!(
        again
            .parts()
            .map(|p| (p.fourcc, p.data))
            .eq(parts.iter().copied())
    );
    assert!(again.parts().map(|p| again.decode(&p).is_ok()).eq(outcomes));
});
