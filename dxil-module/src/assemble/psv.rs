//! `PSV0`: the runtime information, resource bindings and signature elements of the entry
//! point, in the layout of [`crate::container::psv`], at the version the validator version
//! asks for (before 1.1: 0; before 1.6: 1; before 1.8: 2; else 3).
//!
//! Derived: the per-stage fields (from the entry properties and the signatures), the wave
//! lane counts (`WaveSize`), the stage, the element and vector counts, whether the shader
//! uses the view ID (the raw shader flag), the thread-group size, the entry name; the
//! resources of `!dx.resources` (constant buffers, samplers, SRVs, UAVs in that order); the
//! signature elements with their names (system values unnamed) and semantic indexes (a run
//! already in the index table reused), each a [`PsvElement`], the reader's own type, written
//! with [`PsvElement::write`]; the view-ID masks and the input-to-output dependence tables of
//! the view-ID state [`super::viewid`] computes from the code.

use super::AssembleError;
use super::meta::{Dxil, int, int_op, node, op};
use super::signature::component;
use super::viewid::ViewIdState;
use crate::container::psv::{PsvElement, RuntimeInfo, RuntimeInfo1, Words};
use crate::model::{MdId, Module, Type, TypeId};

/// DXIL's `ResourceKind` of constant buffers and samplers.
const CBUFFER_KIND: u32 = 13;
const SAMPLER_KIND: u32 = 14;

/// The PSV0 version a validator version gets.
fn version(valver: (u32, u32)) -> u32 {
    match valver {
        v if v < (1, 1) => 0,
        v if v < (1, 6) => 1,
        v if v < (1, 8) => 2,
        v if v < (1, 10) => 3,
        _ => 4,
    }
}

/// The semantic indexes of the elements of a signature list node, in order, as PSV0 stores
/// them (little-endian `u32`s), appended to `out`.
fn index_words(d: &Dxil, list: Option<MdId>, out: &mut Vec<u8>) {
    let m = d.m;
    for &e in node(m, list) {
        for &i in node(m, op(m, e, 4)) {
            out.extend_from_slice(&(int(m, i).unwrap_or(0) as u32).to_le_bytes());
        }
    }
}

/// The elements of a signature list node as PSV0 stores them (`offset` 0: they are placed
/// when written): the name of an arbitrary semantic (a system value's is empty), the indexes
/// of each the next run of `indexes` (all of the metadata element's: a reader of the part
/// sees as many as it has rows, which a mesh shader's per-vertex element may have fewer of),
/// advancing `at`.
fn sig_elements<'a>(
    d: &Dxil<'a>,
    list: Option<MdId>,
    indexes: &'a [u8],
    at: &mut usize,
) -> Result<Vec<PsvElement<'a>>, AssembleError> {
    let m = d.m;
    let i1_unknown = !d.valver_at_least(1, 5);
    let mut out = Vec::new();
    for &e in node(m, list) {
        let kind = int_op(m, e, 3).unwrap_or(0);
        let name = match kind {
            0 => op(m, e, 1)
                .and_then(|s| m.metadata.string(s))
                .unwrap_or(b""),
            _ => b"",
        };
        let semantic_name = std::str::from_utf8(name)
            .map_err(|_| AssembleError::Metadata("a UTF-8 semantic name"))?;
        let run = 4 * node(m, op(m, e, 4)).len();
        let semantic_indexes = Words::new(indexes.get(*at..*at + run).unwrap_or_default());
        *at += run;
        let start_row = int_op(m, e, 8).unwrap_or(-1);
        let cols = int_op(m, e, 7).unwrap_or(0) as u8 & 0xf;
        let start_col = int_op(m, e, 9).unwrap_or(0) as u8 & 0x3;
        let (mut stream, mut dynamic) = (0u8, 0u8);
        for p in node(m, op(m, e, 10)).chunks(2) {
            let value = p.get(1).and_then(|&v| int(m, v)).unwrap_or(0) as u8;
            match int(m, p[0]) {
                Some(0) => stream = value & 0x3,
                Some(2) => dynamic = value & 0xf,
                _ => {}
            }
        }
        let allocated = start_row >= 0;
        out.push(PsvElement {
            offset: 0,
            semantic_name,
            semantic_indexes,
            rows: int_op(m, e, 6).unwrap_or(0) as u8,
            start_row: if allocated { start_row as u8 } else { 0 },
            cols_and_start: cols | if allocated { 0x40 | start_col << 4 } else { 0 },
            semantic_kind: kind as u8,
            component_type: component(int_op(m, e, 2).unwrap_or(0), false, i1_unknown).0 as u8,
            interpolation_mode: int_op(m, e, 5).unwrap_or(0) as u8,
            dynamic_mask_and_stream: stream << 4 | dynamic,
        });
    }
    Ok(out)
}

/// The vectors of `stream` the allocated elements use.
fn vectors(sigs: &[PsvElement], stream: u8) -> u8 {
    sigs.iter()
        .filter(|s| s.is_allocated() && s.output_stream() == stream)
        .map(|s| s.start_row.saturating_add(s.rows))
        .max()
        .unwrap_or(0)
}

/// Bytes of groupshared memory (address space 3) the module's globals take.
fn group_shared_bytes(m: &Module) -> u32 {
    let bytes: u64 = m
        .globals
        .iter()
        .filter(|g| g.addrspace == 3)
        .map(|g| alloc_size(m, g.value_ty))
        .sum();
    u32::try_from(bytes).unwrap_or(u32::MAX)
}

/// Bytes a value of `ty` takes in memory (DXIL's data layout: naturally aligned scalars).
fn alloc_size(m: &Module, ty: TypeId) -> u64 {
    let (size, _) = size_align(m, ty, 0);
    size
}

fn size_align(m: &Module, ty: TypeId, depth: u32) -> (u64, u64) {
    if depth > 64 {
        return (0, 1);
    }
    let round = |n: u64, a: u64| n.div_ceil(a.max(1)) * a.max(1);
    match m.types.get(ty) {
        Some(Type::Int(bits)) => {
            let b = u64::from(bits.div_ceil(8)).next_power_of_two();
            (b, b)
        }
        Some(Type::Half) => (2, 2),
        Some(Type::Float) => (4, 4),
        Some(Type::Double) => (8, 8),
        Some(Type::Array { len, elem }) => {
            let (s, a) = size_align(m, *elem, depth + 1);
            (round(s, a).saturating_mul(*len), a)
        }
        Some(Type::Vector { len, elem }) => {
            let (s, a) = size_align(m, *elem, depth + 1);
            (round(s, a).saturating_mul(u64::from(*len)), a)
        }
        Some(Type::Struct { fields, packed }) => fields_size(m, fields, *packed, depth),
        Some(Type::Named(n)) => fields_size(m, n.fields.as_deref().unwrap_or(&[]), n.packed, depth),
        _ => (0, 1),
    }
}

fn fields_size(m: &Module, fields: &[TypeId], packed: bool, depth: u32) -> (u64, u64) {
    let (mut size, mut align) = (0u64, 1u64);
    for &f in fields {
        let (s, a) = size_align(m, f, depth + 1);
        let a = if packed { 1 } else { a };
        size = size.div_ceil(a) * a + s;
        align = align.max(a);
    }
    (size.div_ceil(align) * align, align)
}

/// The integers of entry property `tag`'s node (or the property itself when it is one).
fn prop_ints(d: &Dxil, tag: u32, n: usize) -> Vec<i64> {
    let v = d.prop(tag);
    (0..n).map(|i| int_op(d.m, v, i).unwrap_or(0)).collect()
}

/// The three integers of a node (a thread-group size).
fn three(m: &Module, n: Option<MdId>) -> [u32; 3] {
    [0, 1, 2].map(|i| int_op(m, n, i).unwrap_or(0) as u32)
}

/// The runtime information of `d`'s entry point.
fn runtime_info(
    d: &Dxil,
    sigs: &[Vec<PsvElement>; 3],
    version: u32,
    entry_name: u32,
) -> RuntimeInfo {
    let m = d.m;
    let mut stage = [0u8; 16];
    let put = |b: &mut [u8; 16], at: usize, v: u32| b[at..at + 4].copy_from_slice(&v.to_le_bytes());
    let has_kind =
        |s: &[PsvElement], kinds: &[u8]| s.iter().any(|e| kinds.contains(&e.semantic_kind));
    let position = u8::from(has_kind(&sigs[1], &[3]));
    let (mut min_wave, mut max_wave) = (0, u32::MAX);
    let mut threads = [0u32; 3];
    let mut stage_word = 0u16;
    match d.kind {
        0 => {
            stage[0] = u8::from(has_kind(&sigs[1], &[17, 18, 19]));
            stage[1] = u8::from(
                sigs[0]
                    .iter()
                    .any(|e| matches!(e.interpolation_mode, 6 | 7) || e.semantic_kind == 12),
            );
        }
        1 => stage[0] = position,
        2 => {
            let gs = prop_ints(d, 1, 5);
            put(&mut stage, 0, gs[0] as u32);
            put(&mut stage, 4, gs[3] as u32);
            put(&mut stage, 8, (gs[2] as u32).max(1));
            stage[12] = position;
            stage_word = gs[1] as u16;
        }
        3 => {
            let hs = prop_ints(d, 3, 7);
            for (i, v) in [hs[1], hs[2], hs[3], hs[5]].into_iter().enumerate() {
                put(&mut stage, i * 4, v as u32);
            }
        }
        4 => {
            let ds = prop_ints(d, 2, 2);
            put(&mut stage, 0, ds[1] as u32);
            stage[4] = position;
            put(&mut stage, 8, ds[0] as u32);
        }
        5 => {
            threads = three(m, d.prop(4));
            // a wave size (tag 11: the size, or a node of it) or range (tag 23: min, max,
            // preferred)
            if let Some(w) = d.prop(23).or(d.prop(11)) {
                let min = int(m, Some(w))
                    .or_else(|| int_op(m, Some(w), 0))
                    .unwrap_or(0);
                let max = int_op(m, Some(w), 1).filter(|&x| x != 0).unwrap_or(min);
                (min_wave, max_wave) = (min as u32, max as u32);
            }
        }
        13 => {
            let ms = d.prop(9);
            threads = three(m, op(m, ms, 0));
            put(&mut stage, 0, group_shared_bytes(m));
            put(&mut stage, 8, int_op(m, ms, 4).unwrap_or(0) as u32);
            let v = int_op(m, ms, 1).unwrap_or(0) as u16;
            let p = int_op(m, ms, 2).unwrap_or(0) as u16;
            stage[12..14].copy_from_slice(&v.to_le_bytes());
            stage[14..16].copy_from_slice(&p.to_le_bytes());
            stage_word = (int_op(m, ms, 3).unwrap_or(0) as u16) << 8;
        }
        14 => {
            let a = d.prop(10);
            threads = three(m, op(m, a, 0));
            put(&mut stage, 0, int_op(m, a, 1).unwrap_or(0) as u32);
        }
        _ => {}
    }
    if matches!(d.kind, 3 | 4 | 13) {
        stage_word |= u16::from(vectors(&sigs[2], 0));
    }
    let count = |s: &[PsvElement]| s.len().min(255) as u8;
    let v1 = RuntimeInfo1 {
        shader_stage: d.kind as u8,
        uses_view_id: u8::from(d.flags & (1 << 21) != 0),
        stage_word,
        sig_input_elements: count(&sigs[0]),
        sig_output_elements: count(&sigs[1]),
        sig_patch_const_or_prim_elements: count(&sigs[2]),
        sig_input_vectors: vectors(&sigs[0], 0),
        sig_output_vectors: [0, 1, 2, 3].map(|s| vectors(&sigs[1], s)),
    };
    RuntimeInfo {
        stage_bytes: stage,
        min_wave_lane_count: min_wave,
        max_wave_lane_count: max_wave,
        v1: (version >= 1).then_some(v1),
        num_threads: (version >= 2).then_some(threads),
        entry_function_name: (version >= 3).then_some(entry_name),
        num_bytes_group_shared_memory: (version >= 4).then(|| group_shared_bytes(m)),
    }
}

/// The resource binding records of `!dx.resources`: (type, space, lower, upper, kind, flags).
fn resources(m: &Module) -> Vec<[u32; 6]> {
    let lists = m
        .metadata
        .named(&m.symbols, "dx.resources")
        .and_then(|n| n.first().copied());
    let list = |i: usize| node(m, op(m, lists, i));
    let mut out = Vec::new();
    // constant buffers, samplers, SRVs, UAVs; the metadata lists SRVs, UAVs, CBVs, samplers
    for class in [2usize, 3, 0, 1] {
        for &r in list(class) {
            let space = int_op(m, r, 3).unwrap_or(0) as u32;
            let lower = int_op(m, r, 4).unwrap_or(0) as u32;
            let size = int_op(m, r, 5).unwrap_or(0) as u32;
            let upper = if size == u32::MAX {
                u32::MAX
            } else {
                lower.wrapping_add(size).wrapping_sub(1)
            };
            let (ty, kind, flags) = match class {
                2 => (2, CBUFFER_KIND, 0),
                3 => (1, SAMPLER_KIND, 0),
                _ => {
                    let kind = int_op(m, r, 6).unwrap_or(0) as u32;
                    let uav = class == 1;
                    let counter = uav && int_op(m, r, 8).unwrap_or(0) != 0;
                    let ty = match kind {
                        12 if counter => 9,
                        12 => 5 + 3 * u32::from(uav),
                        16 => 4,
                        11 => 4 + 3 * u32::from(uav),
                        _ => 3 + 3 * u32::from(uav),
                    };
                    let extra = node(m, op(m, r, if uav { 10 } else { 9 }));
                    let atomic64 = uav
                        && extra.chunks(2).any(|p| {
                            int(m, p[0]) == Some(3)
                                && int(m, p.get(1).copied().flatten()).unwrap_or(0) != 0
                        });
                    (ty, kind, u32::from(atomic64))
                }
            };
            out.push([ty, space, lower, upper, kind, flags]);
        }
    }
    out
}

/// The `PSV0` part of `d`'s entry point, with the view-ID state `state`.
pub(super) fn part(d: &Dxil, state: &ViewIdState) -> Result<Vec<u8>, AssembleError> {
    let m = d.m;
    let version = version(d.valver);
    let mut runs = Vec::new();
    d.sigs
        .iter()
        .for_each(|&list| index_words(d, list, &mut runs));
    let mut at = 0;
    let sigs = [
        sig_elements(d, d.sigs[0], &runs, &mut at)?,
        sig_elements(d, d.sigs[1], &runs, &mut at)?,
        sig_elements(d, d.sigs[2], &runs, &mut at)?,
    ];
    let mut strings = vec![0u8];
    // the index table; an element's run already in it is reused
    let mut indexes: Vec<u8> = Vec::new();
    let mut records: Vec<u8> = Vec::new();
    for e in sigs.iter().flatten() {
        let name = if e.semantic_name.is_empty() {
            0
        } else {
            let at = strings.len() as u32;
            strings.extend_from_slice(e.semantic_name.as_bytes());
            strings.push(0);
            at
        };
        let run = e.semantic_indexes.as_bytes();
        let rows = e.semantic_indexes.len();
        let found = (0..(indexes.len() / 4).saturating_sub(rows.max(1) - 1))
            .find(|&o| indexes[4 * o..4 * o + run.len()] == *run);
        let first = found.unwrap_or_else(|| {
            indexes.extend_from_slice(run);
            indexes.len() / 4 - rows
        }) as u32;
        e.write(name, first, &mut records);
    }
    let entry_name = strings.len() as u32;
    if version >= 3 {
        let entry = m
            .metadata
            .named(&m.symbols, "dx.entryPoints")
            .and_then(|n| n.first().copied());
        strings.extend_from_slice(
            op(m, entry, 1)
                .and_then(|s| m.metadata.string(s))
                .unwrap_or(b""),
        );
        strings.push(0);
    }
    strings.resize(strings.len().div_ceil(4) * 4, 0);
    let info = runtime_info(d, &sigs, version, entry_name);
    let mut out = Vec::new();
    let word = |out: &mut Vec<u8>, w: u32| out.extend_from_slice(&w.to_le_bytes());
    info.write(&mut out);
    let res = resources(m);
    word(&mut out, res.len() as u32);
    if !res.is_empty() {
        let n = if version >= 2 { 6 } else { 4 };
        word(&mut out, n as u32 * 4);
        for r in &res {
            r[..n].iter().for_each(|&w| word(&mut out, w));
        }
    }
    if version >= 1 {
        word(&mut out, strings.len() as u32);
        out.extend_from_slice(&strings);
        word(&mut out, (indexes.len() / 4) as u32);
        out.extend_from_slice(&indexes);
        if !records.is_empty() {
            word(&mut out, 16);
            out.extend_from_slice(&records);
        }
        if let Some(v1) = info.v1 {
            state.write_psv(&mut out, &v1);
        }
    }
    Ok(out)
}
