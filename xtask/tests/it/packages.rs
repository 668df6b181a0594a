//! The packages: `cargo package` of every crate but xtask, unpacked, and a user crate outside
//! the workspace that depends on `dxil-ops = "0.1"` with default features and is built from the
//! unpacked packages alone (`[patch.crates-io]` points at them), offline. Its `main` is the
//! example of the packaged `dxil-ops` README, which the root README repeats; its normal
//! dependency tree has no proc-macro or TOML crate. The `dxil` command is built from the
//! unpacked `dxil-cli` package the same way (what `cargo package -p dxil-cli` would verify if
//! the crates it depends on were published) and runs.
//!
//! Everything lives in `target/packages`, and files are rewritten only when their content
//! changes, so that a rerun rebuilds only what changed.

#![allow(clippy::panic)] // a test fails by panicking

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// What a default `dxil-ops` must not pull in: the proc-macro stack of the feature `macros`.
const HEAVY: &[&str] = &[
    "syn",
    "quote",
    "proc-macro2",
    "toml",
    "serde",
    "prettyplease",
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// `cargo ARGS` in `dir` with its own target folder, failing the test with cargo's output.
fn cargo(dir: &Path, target: &Path, args: &[&str]) -> Output {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let out = Command::new(cargo)
        .args(args)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target)
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "`cargo {}` in {} failed:\n{}",
        args.join(" "),
        dir.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Writes `contents` to `path` unless the file already holds it (its time stamp then stays).
fn write_if_changed(path: &Path, contents: &[u8]) {
    if fs::read(path).is_ok_and(|old| old == contents) {
        return;
    }
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).expect("create folder");
    }
    fs::write(path, contents).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
}

/// Makes `to` hold the files of `from`: changed files are rewritten, others left alone, files
/// that `from` lacks removed.
fn sync(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("create folder");
    for e in fs::read_dir(to).expect("read folder").flatten() {
        if !from.join(e.file_name()).exists() {
            let p = e.path();
            let _ = if p.is_dir() {
                fs::remove_dir_all(&p)
            } else {
                fs::remove_file(&p)
            };
        }
    }
    for e in fs::read_dir(from).expect("read folder").flatten() {
        let (p, dest) = (e.path(), to.join(e.file_name()));
        if p.is_dir() {
            sync(&p, &dest);
        } else {
            write_if_changed(&dest, &fs::read(&p).expect("read file"));
        }
    }
}

/// The first ```` ```rust ```` block of a Markdown text.
fn first_rust_block(markdown: &str) -> Option<String> {
    let start = markdown.find("```rust\n")? + "```rust\n".len();
    let len = markdown[start..].find("```")?;
    Some(markdown[start..start + len].to_owned())
}

#[test]
fn a_user_crate_builds_from_the_packages_with_light_default_features() {
    let root = root();
    let work = root.join("target/packages");
    let package_dir = work.join("target/package");
    if let Ok(entries) = fs::read_dir(&package_dir) {
        for e in entries.flatten() {
            if e.path().extension().is_some_and(|x| x == "crate") {
                fs::remove_file(e.path()).expect("remove an old package");
            }
        }
    }
    cargo(
        &root,
        &work.join("target"),
        &[
            "package",
            "--workspace",
            "--exclude",
            "xtask",
            "--exclude",
            "dxil-test-data",
            "--no-verify",
            "--allow-dirty",
            "--offline",
        ],
    );

    // Unpack every package (a .crate is a gzipped tar of `NAME-VERSION/...`).
    let staging = work.join("staging");
    let _ = fs::remove_dir_all(&staging);
    fs::create_dir_all(&staging).expect("staging folder");
    let mut packages = Vec::new();
    for e in fs::read_dir(&package_dir).expect("packages").flatten() {
        let path = e.path();
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        if path.extension().is_none_or(|x| x != "crate") {
            continue;
        }
        let status = Command::new("tar")
            .arg("-xzf")
            .arg(&path)
            .arg("-C")
            .arg(&staging)
            .status()
            .expect("the `tar` command runs");
        assert!(status.success(), "tar cannot unpack {}", path.display());
        let (name, _version) = stem.rsplit_once('-').expect("NAME-VERSION.crate");
        packages.push((name.to_owned(), stem.to_owned()));
    }
    packages.sort();
    let names: Vec<&str> = packages.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "dxil-base",
            "dxil-cli",
            "dxil-codegen",
            "dxil-db",
            "dxil-lint",
            "dxil-module",
            "dxil-ops",
            "dxil-ops-macro"
        ]
    );
    let crates = work.join("crates");
    sync(&staging, &crates);

    // Every package carries its license files and README.
    for (_, folder) in &packages {
        for file in ["LICENSE-MIT", "LICENSE-APACHE", "README.md"] {
            let text = fs::read_to_string(crates.join(folder).join(file)).unwrap_or_default();
            assert!(text.len() > 100, "{folder} has no {file}");
        }
    }

    // The user crate: the README's example with default features, from the packages only.
    let ops_folder = &packages[names
        .iter()
        .position(|n| *n == "dxil-ops")
        .expect("dxil-ops")]
    .1;
    let readme = fs::read_to_string(crates.join(ops_folder).join("README.md")).expect("README");
    let example = first_rust_block(&readme).expect("the dxil-ops README has an example");
    let root_readme = fs::read_to_string(root.join("README.md")).expect("root README");
    assert_eq!(
        first_rust_block(&root_readme).as_deref(),
        Some(example.as_str()),
        "the root README's example differs from dxil-ops/README.md's"
    );
    let mut manifest = String::from(
        "[package]\nname = \"user\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
         [dependencies]\ndxil-ops = \"0.1\"\n\n[patch.crates-io]\n",
    );
    for (name, folder) in &packages {
        manifest.push_str(&format!("{name} = {{ path = \"../crates/{folder}\" }}\n"));
    }
    // Not a member of the workspace around `target/`.
    manifest.push_str("\n[workspace]\n");
    let user = work.join("user");
    write_if_changed(&user.join("Cargo.toml"), manifest.as_bytes());
    let mut main = String::from("fn main() {\n");
    for line in example.lines() {
        main.push_str(if line.is_empty() { "" } else { "    " });
        main.push_str(line);
        main.push('\n');
    }
    main.push_str("    println!(\"README example ran\");\n}\n");
    write_if_changed(&user.join("src/main.rs"), main.as_bytes());

    let target = work.join("user-target");
    let run = cargo(&user, &target, &["run", "--offline", "--quiet"]);
    assert_eq!(String::from_utf8_lossy(&run.stdout), "README example ran\n");

    let tree = cargo(
        &user,
        &target,
        &["tree", "-e", "normal", "--offline", "--prefix", "none"],
    );
    let tree = String::from_utf8_lossy(&tree.stdout);
    let deps: Vec<&str> = tree
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    for heavy in HEAVY {
        assert!(
            !deps.contains(heavy),
            "a default dxil-ops depends on {heavy}:\n{tree}"
        );
    }
    let ops = tree
        .lines()
        .find(|l| l.starts_with("dxil-ops "))
        .unwrap_or_else(|| panic!("no dxil-ops in the tree:\n{tree}"));
    assert!(
        ops.contains(&format!("crates/{ops_folder})")),
        "dxil-ops does not come from its package: {ops}"
    );

    // The command, built from a copy of its package whose manifest gets the patches of the
    // user crate (and a `[workspace]` of its own, as it lives inside this one's folder).
    let cli_folder = &packages[names
        .iter()
        .position(|n| *n == "dxil-cli")
        .expect("dxil-cli")]
    .1;
    let cli = work.join("cli");
    sync(&crates.join(cli_folder), &cli);
    let packaged = fs::read_to_string(cli.join("Cargo.toml")).expect("the package's manifest");
    let mut manifest = format!("{packaged}\n[patch.crates-io]\n");
    for (name, folder) in packages.iter().filter(|(n, _)| n != "dxil-cli") {
        manifest.push_str(&format!("{name} = {{ path = \"../crates/{folder}\" }}\n"));
    }
    manifest.push_str("\n[workspace]\n");
    write_if_changed(&cli.join("Cargo.toml"), manifest.as_bytes());
    cargo(&cli, &target, &["build", "--offline", "--quiet"]);
    let run = Command::new(target.join("debug/dxil"))
        .arg("--help")
        .output()
        .expect("the packaged dxil runs");
    let help = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success() && help.contains("Exit codes:"),
        "{help}"
    );
}
