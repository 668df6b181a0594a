//! Loading `ops.toml` and the files it includes: parse + check (`load_from`), against a baseline
//! that only parses the same texts into `toml::Table`s. The files are read once, outside the
//! timing loop.

#![allow(clippy::panic)] // a benchmark without its input cannot run

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};

/// The root text and the included files, read from the workspace.
fn files() -> (String, Vec<(String, String)>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let read = |name: &str| {
        std::fs::read_to_string(root.join(name))
            .unwrap_or_else(|e| panic!("cannot read {name}: {e}"))
    };
    let text = read("ops.toml");
    let table: toml::Table = toml::from_str(&text).expect("ops.toml parses");
    let includes = table
        .get("include")
        .and_then(|i| i.as_array())
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str())
                .map(|n| (n.to_owned(), read(n)))
                .collect()
        })
        .unwrap_or_default();
    (text, includes)
}

fn load(c: &mut Criterion) {
    let (root, included) = files();
    let read = |path: &str| {
        included
            .iter()
            .find(|(n, _)| n == path)
            .map(|(_, t)| t.clone())
            .ok_or_else(|| format!("no file {path}"))
    };
    let mut group = c.benchmark_group("ops.toml");
    group.bench_function("load_from", |b| {
        b.iter(|| dxil_db::load_from("ops.toml", black_box(&root), read).expect("ops.toml loads"))
    });
    group.bench_function("toml_table_baseline", |b| {
        b.iter(|| {
            let mut tables: Vec<toml::Table> =
                vec![toml::from_str(black_box(&root)).expect("parses")];
            for (_, text) in &included {
                tables.push(toml::from_str(black_box(text)).expect("parses"));
            }
            tables
        })
    });
    group.finish();
}

criterion_group!(benches, load);
criterion_main!(benches);
