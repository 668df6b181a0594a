//! The perfect hash of the generated name maps (`dxil_base::phf`) against the crates of the
//! field, measured in the same run: `phf` (CHD with SipHash: `phf_generator` builds,
//! `phf_shared` looks up), `quickphf` (PTHash with the standard library's hashing of `str`), and a
//! `HashMap` as the baseline. Building for the op names of the database and for 10,000 names;
//! looking up one name, and every op name in turn.
//!
//! `cargo bench -p dxil-base --features std --bench phf`

use std::collections::HashMap;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use dxil_base::phf;

/// The op names of the database, in opcode order.
fn op_names() -> Vec<&'static str> {
    let files = [
        include_str!("../../db/ops/core.toml"),
        include_str!("../../db/ops/experimental.toml"),
    ];
    files
        .iter()
        .flat_map(|f| f.lines())
        .filter_map(|l| l.strip_prefix("name = \""))
        .map(|l| l.trim_end_matches('"'))
        .collect()
}

/// A map built with `dxil_base::phf`, looked up as `dxil_ops::NameMap` does.
struct Ours {
    table: phf::Table,
    keys: Vec<&'static str>,
}

impl Ours {
    fn new(keys: &[&'static str]) -> Self {
        let bytes: Vec<&[u8]> = keys.iter().map(|k| k.as_bytes()).collect();
        Ours {
            table: phf::build(&bytes).expect("distinct names"),
            keys: keys.to_vec(),
        }
    }

    fn get(&self, name: &str) -> Option<usize> {
        let h = phf::hash(name.as_bytes(), self.table.seed);
        let slot = phf::place(h, &self.table.pilots, self.table.slots.len());
        let i = usize::from(*self.table.slots.get(slot)?);
        (self.keys.get(i) == Some(&name)).then_some(i)
    }
}

/// A map built with `phf_generator`, looked up as `phf::Map` does.
struct Phf {
    state: phf_generator::HashState,
    keys: Vec<&'static str>,
}

impl Phf {
    fn new(keys: &[&'static str]) -> Self {
        let state = phf_generator::generate_hash(keys);
        let keys = state.map.iter().map(|&i| keys[i]).collect();
        Phf { state, keys }
    }

    fn get(&self, name: &str) -> Option<usize> {
        let hashes = phf_shared::hash(name, &self.state.key);
        let i = phf_shared::get_index(&hashes, &self.state.disps, self.keys.len()) as usize;
        (self.keys.get(i) == Some(&name)).then_some(i)
    }
}

/// A `quickphf::PhfMap` of the names to their positions, built with `quickphf_codegen`.
fn quick(keys: &[&'static str]) -> quickphf::PhfMap<&'static str, usize> {
    let p = quickphf_codegen::phf::generate_phf(keys);
    let entries: Vec<(&'static str, usize)> = p
        .map
        .iter()
        .map(|&i| (keys[i as usize], i as usize))
        .collect();
    quickphf::PhfMap::new(
        p.seed,
        Box::leak(p.pilots_table.into_boxed_slice()),
        Box::leak(entries.into_boxed_slice()),
        Box::leak(p.free.into_boxed_slice()),
    )
}

fn benches(c: &mut Criterion) {
    let ops = op_names();
    let many: Vec<&'static str> = (0..10_000)
        .map(|i| &*Box::leak(format!("GeneratedOp_{i}").into_boxed_str()))
        .collect();

    for (what, keys) in [("op names", &ops), ("10000 names", &many)] {
        let bytes: Vec<&[u8]> = keys.iter().map(|k| k.as_bytes()).collect();
        let mut g = c.benchmark_group(format!("build ({what})"));
        g.sample_size(20);
        g.bench_function("dxil-base", |b| b.iter(|| phf::build(black_box(&bytes))));
        g.bench_function("phf_generator", |b| {
            b.iter(|| phf_generator::generate_hash(black_box(keys)))
        });
        g.bench_function("quickphf_codegen", |b| {
            b.iter(|| quickphf_codegen::phf::generate_phf(black_box(keys)))
        });
        g.finish();
    }

    let ours = Ours::new(&ops);
    let theirs = Phf::new(&ops);
    let quick = quick(&ops);
    let hash: HashMap<&str, usize> = ops.iter().enumerate().map(|(i, k)| (*k, i)).collect();
    for (i, k) in ops.iter().enumerate() {
        assert_eq!(ours.get(k), Some(i));
        assert!(theirs.get(k).is_some());
        assert_eq!(quick.get(k), Some(&i));
    }
    let name = "RayQuery_CandidateType";

    let mut g = c.benchmark_group("lookup (one op name)");
    g.bench_function("dxil-base", |b| b.iter(|| ours.get(black_box(name))));
    g.bench_function("phf", |b| b.iter(|| theirs.get(black_box(name))));
    g.bench_function("quickphf", |b| {
        b.iter(|| quick.get(black_box(name)).copied())
    });
    g.bench_function("HashMap", |b| b.iter(|| hash.get(black_box(name)).copied()));
    g.finish();

    let mut g = c.benchmark_group("lookup (every op name)");
    let every = |get: &dyn Fn(&str) -> Option<usize>| ops.iter().filter_map(|k| get(k)).count();
    g.bench_function("dxil-base", |b| {
        b.iter(|| every(&|k| ours.get(black_box(k))))
    });
    g.bench_function("phf", |b| b.iter(|| every(&|k| theirs.get(black_box(k)))));
    g.bench_function("quickphf", |b| {
        b.iter(|| every(&|k| quick.get(black_box(k)).copied()))
    });
    g.bench_function("HashMap", |b| {
        b.iter(|| every(&|k| hash.get(black_box(k)).copied()))
    });
    g.finish();
}

criterion_group!(name_maps, benches);
criterion_main!(name_maps);
