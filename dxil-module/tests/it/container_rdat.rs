//! The runtime data (`RDAT`) of the corpus against the module it describes: every resource
//! record is a resource of the module's `!dx.resources` (class, id, space, registers, name,
//! shape, UAV flags) and every resource of the module has one; every function record names a
//! function of the module, its unmangled name the mangled one's identifier, and an entry
//! point's record has the entry's shader kind; a node shader's record has the entry's launch
//! type and thread-group size, and every attribute, input and output of it reads. Every reference of every record resolves. A cut `RDAT`, or one with a bad
//! version, offset, size or reference, is an error at the field's byte offset.

#![allow(clippy::panic)]

use std::collections::{BTreeMap, BTreeSet};

use dxil_module::bitcode;
use dxil_module::container::rdat::{NodeFunctionAttribute, Rdat, part_type};
use dxil_module::container::{Container, ErrorKind, FourCC, PartContent};
use dxil_module::dxil::{ResourceDetail, entry_points, resources};
use dxil_module::model::Module;

use crate::dxil_bin;

/// A resource as both sides give it: class, id, space, first and last register, name, shape
/// (`ResourceKind`), UAV flags (bits 0 to 2).
type Binding = (u32, u32, u32, u32, u32, String, u32, u32);

/// The resources of `m`'s `!dx.resources`, as [`Binding`]s.
fn module_bindings(m: &Module) -> BTreeSet<Binding> {
    let Some(list) = resources(m).expect("dx.resources reads") else {
        return BTreeSet::new();
    };
    list.iter()
        .map(|r| {
            let upper = if r.range_size == u32::MAX {
                u32::MAX
            } else {
                r.lower_bound + r.range_size - 1
            };
            let (shape, flags) = match r.detail {
                ResourceDetail::Srv { shape, .. } => (shape, 0),
                ResourceDetail::Uav {
                    shape,
                    globally_coherent,
                    counter,
                    rasterizer_ordered,
                } => (
                    shape,
                    u32::from(globally_coherent)
                        | u32::from(counter) << 1
                        | u32::from(rasterizer_ordered) << 2,
                ),
                // DXIL's ResourceKind numbers CBuffer 13 and Sampler 14
                ResourceDetail::CBuffer { .. } => (13, 0),
                ResourceDetail::Sampler { .. } => (14, 0),
            };
            (
                r.class as u32,
                r.id,
                r.space,
                r.lower_bound,
                upper,
                r.name_text().into_owned(),
                shape,
                flags,
            )
        })
        .collect()
}

/// What the module says of an entry point: its shader kind, its name, and for a node shader
/// its launch type and thread-group size.
struct Entry {
    kind: u32,
    name: Vec<u8>,
    launch: Option<u32>,
    threads: Option<[u32; 3]>,
}

/// The runtime data of each corpus container that has one, with the container's name and
/// bytes.
fn with_rdat(files: &[(String, Vec<u8>)]) -> Vec<(&str, &[u8], Rdat<'_>)> {
    files
        .iter()
        .filter_map(|(name, bytes)| {
            let c = Container::parse(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
            let part = c.find(FourCC::RDAT)?;
            match c.decode(&part) {
                Ok(PartContent::RuntimeData(rdat)) => Some((name.as_str(), &bytes[..], rdat)),
                other => panic!("{name}: RDAT: {other:?}"),
            }
        })
        .collect()
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[test]
fn runtime_data_agrees_with_the_module() {
    let Some(mut files) = dxil_bin::containers() else {
        return;
    };
    let corpus = files.len();
    files.extend(dxil_bin::more_containers());
    let (mut containers, mut resources_seen, mut functions_seen, mut entries_seen) = (0, 0, 0, 0);
    let (mut subobjects_seen, mut nodes_seen) = (0, 0);
    for (name, bytes, rdat) in with_rdat(&files) {
        let m = bitcode::decode(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        // resources
        let ours: BTreeSet<Binding> = rdat
            .resources()
            .map(|r| {
                let r = r.unwrap_or_else(|e| panic!("{name}: {e}"));
                (
                    r.class,
                    r.id,
                    r.space,
                    r.lower_bound,
                    r.upper_bound,
                    r.name.to_owned(),
                    r.kind,
                    r.flags & 0b111,
                )
            })
            .collect();
        assert_eq!(ours, module_bindings(&m), "{name}: resources");
        resources_seen += ours.len();
        // functions
        let defined: BTreeSet<Vec<u8>> = m
            .functions
            .iter()
            .filter_map(|f| Some(m.symbols.bytes(f.name?).to_vec()))
            .collect();
        let entries: BTreeMap<Vec<u8>, Entry> = entry_points(&m)
            .filter_map(|e| {
                let e = e.unwrap_or_else(|e| panic!("{name}: {e}"));
                let f = m.function(e.function?)?;
                let p = e.properties().ok()?;
                let entry = Entry {
                    kind: p.shader_kind_value().ok()??,
                    name: e.name.to_vec(),
                    launch: p.node_launch_type_value().ok()?,
                    threads: p.num_threads().ok()?,
                };
                Some((m.symbols.bytes(f.name?).to_vec(), entry))
            })
            .collect();
        let table = rdat
            .table(part_type::FUNCTION_TABLE)
            .expect("a function table");
        for f in rdat.functions() {
            let f = f.unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(
                defined.contains(f.name.as_bytes()),
                "{name}: {} is no function of the module",
                f.name
            );
            for d in rdat.dependency_names(&f) {
                d.unwrap_or_else(|e| panic!("{name}: {e}"));
            }
            for i in f.resources.iter() {
                assert!(i < rdat.resources().count() as u32, "{name}: {}", f.name);
            }
            if let Some(entry) = entries.get(f.name.as_bytes()) {
                let (kind, unmangled) = (&entry.kind, &entry.name);
                assert_eq!(f.shader_kind, *kind, "{name}: {}", f.name);
                if let Some(node) = rdat.node_shader(&f) {
                    let node = node.unwrap_or_else(|e| panic!("{name}: {e}"));
                    assert_eq!(Some(node.launch_type), entry.launch, "{name}: {}", f.name);
                    let threads = node
                        .attributes
                        .iter()
                        .map(|i| rdat.node_function_attribute(i, node.offset + 8))
                        .find_map(|a| match a {
                            Ok(NodeFunctionAttribute::NumThreads(w)) => Some(w),
                            Ok(_) => None,
                            Err(e) => panic!("{name}: {e}"),
                        })
                        .map(|w| {
                            let mut xyz = [1; 3];
                            for (slot, v) in xyz.iter_mut().zip(w.iter()) {
                                *slot = v;
                            }
                            xyz
                        });
                    assert_eq!(threads, entry.threads, "{name}: {}", f.name);
                    for (list, field) in [
                        (node.outputs, node.offset + 12),
                        (node.inputs, node.offset + 16),
                    ] {
                        for i in list.iter() {
                            let io = rdat
                                .io_node(i, field)
                                .unwrap_or_else(|e| panic!("{name}: {e}"));
                            for a in io.attributes.iter() {
                                rdat.io_node_attribute(a, io.offset + 4)
                                    .unwrap_or_else(|e| panic!("{name}: {e}"));
                            }
                        }
                    }
                    nodes_seen += 1;
                }
                // a library's entries are named by the mangled name
                assert!(
                    [f.name, f.unmangled_name].contains(&&*String::from_utf8_lossy(unmangled)),
                    "{name}: {}",
                    f.name
                );
                entries_seen += 1;
            }
            // the unmangled name is the mangled one's identifier (`\x01?NAME@@...`)
            let plain = f.name.strip_prefix("\u{1}?").map_or(f.name, |rest| {
                rest.split_once('@').map_or(rest, |(id, _)| id)
            });
            assert_eq!(f.unmangled_name, plain, "{name}: {}", f.name);
            assert_eq!(f.v2.is_some(), table.stride >= 52, "{name}");
            functions_seen += 1;
        }
        for s in rdat.subobjects() {
            let s = s.unwrap_or_else(|e| panic!("{name}: {e}"));
            for export in rdat.export_names(&s) {
                export.unwrap_or_else(|e| panic!("{name}: {e}"));
            }
            if let Some(rs) = s.detail.root_signature() {
                rs.unwrap_or_else(|e| panic!("{name} {}: {e}", s.name));
            }
            subobjects_seen += 1;
        }
        containers += 1;
    }
    eprintln!(
        "{containers} RDAT parts in {} containers ({corpus} the corpus's): {resources_seen} \
         resources and {functions_seen} functions ({entries_seen} entry points) agree with the \
         module; {nodes_seen} node shaders with the launch type and thread-group size of their \
         entry; {subobjects_seen} subobjects read",
        files.len()
    );
    if files.len() == corpus {
        assert_eq!(containers, 15);
    }
}

/// The error of `bytes` read as an `RDAT` part at byte 1000 of an input, or of the first of
/// its records that does not read.
fn error_of(bytes: &[u8]) -> Option<(usize, ErrorKind)> {
    let rdat = match Rdat::parse(bytes, 1000) {
        Ok(rdat) => rdat,
        Err(e) => return Some((e.offset, e.kind)),
    };
    let first = rdat
        .resources()
        .map(|r| r.map(drop))
        .chain(rdat.functions().map(|f| f.map(drop)))
        .chain(rdat.subobjects().map(|s| s.map(drop)))
        .find_map(Result::err);
    first.map(|e| (e.offset, e.kind))
}

/// `bytes` with the `u32` at byte `at` set to `value`.
fn with_word(bytes: &[u8], at: usize, value: u32) -> Vec<u8> {
    let mut out = bytes.to_vec();
    out[at..at + 4].copy_from_slice(&value.to_le_bytes());
    out
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[test]
fn hostile_runtime_data_gives_errors_at_their_fields() {
    let Some(files) = dxil_bin::containers() else {
        return;
    };
    let (mut cuts, mut nodes) = (0, 0);
    for (name, container) in &files {
        let c = Container::parse(container).unwrap_or_else(|e| panic!("{name}: {e}"));
        let Some(part) = c.find(FourCC::RDAT) else {
            continue;
        };
        let bytes = part.data;
        let rdat = Rdat::parse(bytes, 1000).unwrap_or_else(|e| panic!("{name}: {e}"));
        // cut anywhere: an error, never a panic
        for cut in 0..bytes.len() {
            if let Some((offset, _)) = error_of(&bytes[..cut]) {
                assert!(
                    offset >= 1000 && offset <= 1000 + bytes.len(),
                    "{name} {cut}"
                );
            }
            cuts += 1;
        }
        // the header
        let (offset, kind) = error_of(&with_word(bytes, 0, 0x11)).expect("a bad version");
        assert!(
            offset == 1000 && matches!(kind, ErrorKind::Invalid { .. }),
            "{name}"
        );
        let (offset, kind) = error_of(&with_word(bytes, 4, u32::MAX)).expect("a bad count");
        assert!(
            offset == 1008 && matches!(kind, ErrorKind::Truncated { .. }),
            "{name}"
        );
        let (offset, kind) = error_of(&with_word(bytes, 8, 1 << 30)).expect("a bad offset");
        assert!(
            offset == 1008 && matches!(kind, ErrorKind::Invalid { .. }),
            "{name}"
        );
        // a sub-part's size, a table's record count, a resource's name
        let first = rdat.parts().next().expect("a sub-part");
        let at = first.offset - 1000 + 4;
        let (offset, _) = error_of(&with_word(bytes, at, u32::MAX)).expect("a bad size");
        assert_eq!(offset, first.offset + 8, "{name}");
        if let Some(table) = rdat.part(part_type::FUNCTION_TABLE) {
            let at = table.offset - 1000 + 8;
            let (offset, _) = error_of(&with_word(bytes, at, u32::MAX)).expect("a bad count");
            assert_eq!(offset, table.offset + 16, "{name}");
            // a stride of 0 would let the count of records cost no bytes
            let no_stride = with_word(&with_word(bytes, at, u32::MAX), at + 4, 0);
            let (offset, kind) = error_of(&no_stride).expect("a bad stride");
            assert!(
                offset == table.offset + 12 && matches!(kind, ErrorKind::Invalid { .. }),
                "{name}: {kind:?}"
            );
        }
        if let Some(Ok(r)) = rdat.resources().next() {
            let at = r.offset - 1000 + 24;
            let (offset, kind) = error_of(&with_word(bytes, at, 1 << 20)).expect("a bad name");
            assert!(
                offset == r.offset + 24 && matches!(kind, ErrorKind::Invalid { .. }),
                "{name}: {kind:?}"
            );
        }
        // a function's resource list, and a node shader's reference to its record
        if let Some(Ok(f)) = rdat.functions().next() {
            let at = f.offset - 1000 + 8;
            let (offset, kind) = error_of(&with_word(bytes, at, 1 << 20)).expect("a bad list");
            assert!(
                offset == f.offset + 8 && matches!(kind, ErrorKind::Invalid { .. }),
                "{name}: {kind:?}"
            );
            if rdat.node_shader(&f).is_some() {
                let bad = with_word(bytes, f.offset - 1000 + 48, 1 << 20);
                let bad = Rdat::parse(&bad, 1000).expect("reads");
                let f = bad.functions().next().expect("a function").expect("reads");
                let e = bad
                    .node_shader(&f)
                    .expect("a node shader")
                    .expect_err("a bad ref");
                assert_eq!(e.offset, f.offset + 48, "{name}");
                nodes += 1;
            }
        }
    }
    assert_eq!(nodes, 8, "containers whose first function is a node shader");
    eprintln!("{cuts} cut RDAT parts read");
}

#[test]
fn versions_the_reader_does_not_know_stay_bytes() {
    use dxil_module::container::{DigestMode, write_container};
    let later_root_signature = [4u32, 0, 24, 0, 24, 0];
    let prerelease_runtime_data = [2u32, 0, 0];
    let words = |w: &[u32]| w.iter().flat_map(|v| v.to_le_bytes()).collect::<Vec<u8>>();
    let (rts0, rdat) = (
        words(&later_root_signature),
        words(&prerelease_runtime_data),
    );
    let parts = [(FourCC::RTS0, &rts0[..]), (FourCC::RDAT, &rdat[..])];
    let bytes = write_container(&parts, DigestMode::Compute).expect("a container");
    let c = Container::parse(&bytes).expect("reads");
    for part in c.parts() {
        match c.decode(&part) {
            Ok(PartContent::Bytes(b)) => assert_eq!(b, part.data),
            other => panic!("{}: {other:?}", part.fourcc),
        }
    }
}
