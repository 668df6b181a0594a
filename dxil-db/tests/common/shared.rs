//! Where the tests find the data that is not part of the repository: DXC's reference data, test
//! corpus and the specification seeds, in the folder `shared` beside the workspace (or the one
//! `DXIL_SHARED` names). A test that needs them is marked `#[dxil_test_data::needs(shared =
//! "PATH")]`: when the data is missing at compile time it is ignored, with the reason, and
//! `cargo test` counts it as ignored. At run time (data removed since), a test whose data is
//! missing says so on stderr and passes, unless `DXIL_REQUIRE_SHARED` is set (CI sets it): then
//! it fails.
//!
//! Containers beyond the corpus: `DXIL_MORE_CONTAINERS` names files or folders (separated as
//! `PATH` is) of DXBC containers that the binary corpus's checks also run on
//! ([`more_containers`]), so that a maintainer can run them on shaders that cannot be shipped.
//!
//! One file for the tests of dxil-db, dxil-ops and dxil-lint: the other crates include it with
//! `#[path]`.

use std::io::Write;
use std::path::{Path, PathBuf};

/// The folder of the shared data: `DXIL_SHARED` when set, otherwise `shared` beside the
/// workspace.
pub fn shared_dir() -> PathBuf {
    match std::env::var_os("DXIL_SHARED") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => {
            let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
            match manifest.parent().and_then(Path::parent) {
                Some(beside) => beside.join("shared"),
                None => manifest.join("../../shared"),
            }
        }
    }
}

/// `relative` inside the shared folder when it exists. Otherwise `None`, after one line on
/// stderr (written to the stream itself, so the test harness does not capture it) naming the
/// test and where the data is expected; or the test fails when `DXIL_REQUIRE_SHARED` is set to
/// anything but `0`.
pub fn shared_path(relative: &str) -> Option<PathBuf> {
    let path = shared_dir().join(relative);
    if path.exists() {
        return Some(path);
    }
    let required =
        std::env::var_os("DXIL_REQUIRE_SHARED").is_some_and(|v| !v.is_empty() && v != "0");
    assert!(
        !required,
        "{} not found, and DXIL_REQUIRE_SHARED is set: set DXIL_SHARED=path or clone ../shared \
         beside the workspace",
        path.display()
    );
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    let _ = writeln!(
        std::io::stderr(),
        "{test}: skipped what needs {} (not found); set DXIL_SHARED=path or clone ../shared \
         beside the workspace (DXIL_REQUIRE_SHARED=1 makes it required)",
        path.display()
    );
    None
}

/// The DXBC containers `DXIL_MORE_CONTAINERS` names: each file it lists, and every file under
/// each folder it lists, that starts with `DXBC` (by content, whatever the extension), sorted;
/// none when it is not set.
#[allow(dead_code)] // not every test binary that includes this file runs the corpus checks
pub fn more_containers() -> Vec<PathBuf> {
    let Some(list) = std::env::var_os("DXIL_MORE_CONTAINERS") else {
        return Vec::new();
    };
    let mut files = Vec::new();
    let mut todo: Vec<PathBuf> = std::env::split_paths(&list)
        .filter(|p| !p.as_os_str().is_empty())
        .collect();
    while let Some(path) = todo.pop() {
        if path.is_dir() {
            let entries = std::fs::read_dir(&path)
                .expect("DXIL_MORE_CONTAINERS names a folder that cannot be read");
            todo.extend(entries.filter_map(|e| Some(e.ok()?.path())));
        } else {
            let mut magic = [0u8; 4];
            let is_container = std::fs::File::open(&path)
                .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut magic))
                .is_ok_and(|()| &magic == b"DXBC");
            if is_container {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}
