//! Loads `ops.toml`, the declarative database of DXIL operations, into a checked model.
//!
//! Loading goes in two steps: serde turns the TOML text into raw records (module `raw`), and the
//! builder checks them and resolves every reference into the model ([`model`], [`Database`]).
//! Every mistake of every file is reported in one run, as a [`Report`] of [`Diagnostic`]s that
//! say `FILE:LINE:COL`, the key, what is wrong and what to do. Loading never panics.
//!
//! ```no_run
//! let db = dxil_db::load("ops.toml").unwrap_or_else(|e| panic!("{e}"));
//! let sample = db.op_by_name("Sample").expect("Sample is in the database");
//! let v16 = "1.6".parse().unwrap();
//! let stages = db.stage_names(db.op_stages_at(sample, v16));
//! assert!(stages.contains(&"compute"));
//! ```

mod build;
pub mod constraint;
mod db;
mod decode;
mod diag;
pub mod dxc;
pub mod export;
mod extension;
mod lowering;
pub mod model;
pub mod names;
mod overload;
mod raw;
mod source;
mod unparsed;

use std::collections::HashSet;
use std::path::{Component, Path};

pub use db::{Database, fingerprint};
pub use diag::{Diagnostic, Location, Report};
pub use extension::Extension;
pub use model::*;
pub use overload::{OverloadError, parse_overloads};
pub use source::{FileId, SourceFile, Sources};

/// Why a database could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The root file could not be read.
    #[error("cannot read {path}: {error}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        error: std::io::Error,
    },
    /// The files have mistakes; the report lists every one.
    #[error("{0}")]
    Invalid(Report),
}

impl LoadError {
    /// The report, when the files were read but have mistakes.
    pub fn report(&self) -> Option<&Report> {
        match self {
            LoadError::Invalid(r) => Some(r),
            LoadError::Io { .. } => None,
        }
    }
}

/// The largest database file the loader reads: 64 MiB (the real files are below 100 KiB).
/// A larger file, like anything but a regular file (a FIFO, a device), is refused unread.
pub const MAX_FILE_SIZE: u64 = 64 * 1024 * 1024;

/// Loads the database whose root file is `path` (normally `ops.toml`), with the files it
/// includes (paths relative to the root file's folder).
///
/// Every file must be a regular file of at most [`MAX_FILE_SIZE`] bytes, in UTF-8; included
/// files must be inside the root file's folder once symbolic links are resolved, and each file
/// is included once (`./x` and `x` are the same file).
pub fn load(path: impl AsRef<Path>) -> Result<Database, LoadError> {
    let path = path.as_ref();
    let io = |error| LoadError::Io {
        path: path.display().to_string(),
        error,
    };
    let root = read_file(path).map_err(io)?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".").to_path_buf()
    } else {
        dir
    };
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let folder = std::fs::canonicalize(&dir).map_err(io)?;
    let identity = std::fs::canonicalize(path).map_err(io)?;
    let root = Included {
        identity: identity.display().to_string(),
        bytes: root,
    };
    load_files(&name, root, |include| read_included(&folder, include), None).map(|(db, _)| db)
}

/// Reads a file as the loader reads the database's: a regular file of at most
/// [`MAX_FILE_SIZE`] bytes, checked before it is opened (a FIFO or a device is refused without
/// blocking on it).
pub fn read_file(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::{Error, ErrorKind, Read};
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(Error::new(
            ErrorKind::InvalidInput,
            "not a regular file (a folder, a FIFO or a device)",
        ));
    }
    let too_big = || {
        Error::new(
            ErrorKind::InvalidData,
            format!("larger than {} MiB", MAX_FILE_SIZE / (1024 * 1024)),
        )
    };
    if meta.len() > MAX_FILE_SIZE {
        return Err(too_big());
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    std::fs::File::open(path)?
        .take(MAX_FILE_SIZE + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_FILE_SIZE {
        return Err(too_big());
    }
    Ok(bytes)
}

/// Reads the included file `include` of the database in `folder` (canonical): the file, after
/// resolving symbolic links, must be inside the folder. Returns the canonical path, which
/// identifies the file, and its bytes.
fn read_included(folder: &Path, include: &str) -> Result<Included, String> {
    let path = std::fs::canonicalize(folder.join(include)).map_err(|e| e.to_string())?;
    if !path.starts_with(folder) {
        return Err(format!(
            "it resolves to {}, outside the database folder {}",
            path.display(),
            folder.display()
        ));
    }
    let bytes = read_file(&path).map_err(|e| e.to_string())?;
    Ok(Included {
        identity: path.display().to_string(),
        bytes,
    })
}

/// An included file as read: what identifies it (two includes of the same file have the same
/// identity) and its bytes.
struct Included {
    identity: String,
    bytes: Vec<u8>,
}

/// Loads a database from the text of its root file, named `name` in diagnostics, reading
/// included files with `read` (given the include path as written; it returns the text or why
/// it cannot).
pub fn load_from(
    name: &str,
    text: &str,
    mut read: impl FnMut(&str) -> Result<String, String>,
) -> Result<Database, LoadError> {
    load_files(
        name,
        Included {
            identity: normal_path(name),
            bytes: text.as_bytes().to_vec(),
        },
        |f| text_file(f, &mut read),
        None,
    )
    .map(|(db, _)| db)
}

/// An included file read by a caller's reader: identified by its path without `.` steps.
fn text_file(
    include: &str,
    read: &mut impl FnMut(&str) -> Result<String, String>,
) -> Result<Included, String> {
    Ok(Included {
        identity: normal_path(include),
        bytes: read(include)?.into_bytes(),
    })
}

/// Loads a base database like [`load_from`] together with an extension file (`extension_name`
/// in diagnostics, text `extension_text`) that adds op tables, ops, classes and types of its own.
/// The extension may use the base's classes, types, stages and enumerations; it cannot declare
/// anything else, include files, or add ops to the base's tables. Everything is checked together,
/// and every mistake of either part is reported.
pub fn load_extension(
    name: &str,
    text: &str,
    mut read: impl FnMut(&str) -> Result<String, String>,
    extension_name: &str,
    extension_text: &str,
) -> Result<Extension, LoadError> {
    let (db, declared) = load_files(
        name,
        Included {
            identity: normal_path(name),
            bytes: text.as_bytes().to_vec(),
        },
        |f| text_file(f, &mut read),
        Some((extension_name, extension_text)),
    )?;
    Ok(declared.unwrap_or_default().resolve(db))
}

/// Loads a root file (named `name`, read as `root`), its includes and, when given, an extension
/// file (name and text); returns the database and the names the extension declares.
fn load_files(
    name: &str,
    root: Included,
    mut read: impl FnMut(&str) -> Result<Included, String>,
    extension: Option<(&str, &str)>,
) -> Result<(Database, Option<extension::Declared>), LoadError> {
    let mut sources = Sources::default();
    let mut sink = diag::Sink::default();
    let Included {
        identity: root_identity,
        bytes,
    } = root;
    let (root_id, text) = add_source(&mut sources, &mut sink, name, bytes);
    let mut root = match &text {
        Some(text) => decode::decode_file(root_id, text, &mut sink),
        None => decode::RawFile::default(),
    };
    if let Some(u) = root.unparsed.take() {
        sink.incomplete.add(root_id, u, true);
    }
    let mut raw = build::RawDb::default();
    let includes = root.include.clone();
    raw.add(root_id, root);
    // each file once, by path without `.` steps, and by what the reader says it is
    // the root is read already: an include of it is an include of itself
    let root_path = normal_path(name);
    let mut seen_paths = HashSet::from([root_path.clone()]);
    let mut seen_files = HashSet::from([root_identity.clone()]);
    let twice = |sink: &mut diag::Sink, loc: Location, file: &str, identity: &str| {
        if identity == root_path || identity == root_identity {
            sink.error(
                loc,
                "",
                "include",
                format!("`{file}` is the root file: it cannot include itself"),
                "list the files of the database other than this one",
            )
        } else {
            sink.error(
                loc,
                "",
                "include",
                format!("`{file}` is included twice"),
                "list each file once",
            )
        }
    };
    // The includes are read in order; their texts are then decoded on all cores, and the
    // diagnostics put back in the order of the files.
    let mut steps: Vec<ReadStep> = Vec::new();
    let mut pending = diag::Sink::default();
    for inc in includes {
        let file = inc.get_ref();
        let loc = Location {
            file: root_id,
            span: inc.span(),
        };
        if !is_plain_relative(file) {
            pending.error(
                loc,
                "",
                "include",
                format!("`{file}` is not a relative path inside the database folder"),
                "write paths like `db/enums.toml`, without `..` or a leading `/`",
            );
            continue;
        }
        let path = normal_path(file);
        if !seen_paths.insert(path.clone()) {
            twice(&mut pending, loc, file, &path);
            continue;
        }
        match read(file) {
            Ok(included) => {
                if !seen_files.insert(included.identity.clone()) {
                    twice(&mut pending, loc, file, &included.identity);
                    continue;
                }
                let (id, text) = add_source(&mut sources, &mut pending, file, included.bytes);
                if let Some(text) = text {
                    steps.push(ReadStep::Reported(std::mem::take(&mut pending)));
                    steps.push(ReadStep::Decode(id, text));
                }
            }
            Err(e) => pending.error(
                loc,
                "",
                "include",
                format!("cannot read `{file}`: {e}"),
                "the path is relative to the folder of the root file",
            ),
        }
    }
    steps.push(ReadStep::Reported(pending));
    let mut decoded = decode_all(&steps);
    for (k, step) in steps.into_iter().enumerate() {
        match step {
            ReadStep::Reported(s) => sink.append(s),
            ReadStep::Decode(id, _) => {
                let Some((mut sub, s)) = decoded.get_mut(k).and_then(Option::take) else {
                    continue;
                };
                sink.append(s);
                if let Some(u) = sub.unparsed.take() {
                    sink.incomplete.add(id, u, false);
                }
                if let Some(first) = sub.include.first() {
                    sink.error(
                        Location {
                            file: id,
                            span: first.span(),
                        },
                        "",
                        "include",
                        "only the root file may include other files",
                        format!("move this include to {name}"),
                    );
                }
                raw.add(id, sub);
            }
        }
    }
    let files: Vec<(String, String)> = sources
        .iter()
        .map(|(_, f)| (f.name().to_owned(), f.text().to_owned()))
        .collect();
    let declared = extension.map(|(ext_name, ext_text)| {
        let id = sources.add(ext_name, ext_text);
        let mut file = decode::decode_file(id, ext_text, &mut sink);
        if let Some(u) = file.unparsed.take() {
            sink.incomplete.add(id, u, false);
        }
        let base_tables: Vec<String> = raw
            .tables
            .iter()
            .map(|t| t.item.name.get_ref().clone())
            .collect();
        let base_own_classes: HashSet<String> = raw
            .ops
            .iter()
            .map(|op| op.item.1.value.get_ref())
            .filter(|op| op.result.is_some() || op.params.is_some())
            .filter_map(|op| op.class.as_ref().map(|c| c.get_ref().clone()))
            .collect();
        extension::restrict(id, &mut file, &base_tables, &base_own_classes, &mut sink);
        let declared = extension::Declared::of(&file);
        raw.add(id, file);
        declared
    });
    if sink.is_empty() && raw.is_empty() {
        sink.error(
            Location {
                file: root_id,
                span: 0..0,
            },
            "",
            "",
            format!("the database is empty: `{name}` and the files it includes declare no record"),
            "a database declares its DXIL versions, op tables, ops and the rest (see \
             docs/ops-toml.md); is this the root file of one?",
        );
    }
    let db = build::build(&raw, &sources, &mut sink);
    if let Some(summary) = sink.incomplete.summary(&sources) {
        sink.diagnostics.push(summary);
    }
    match db {
        Some(mut db) if sink.is_empty() => {
            db.set_files(files);
            Ok((db, declared))
        }
        _ => Err(LoadError::Invalid(Report::new(sources, sink.diagnostics))),
    }
}

/// A step of reading the included files: diagnostics already made, or a text to decode.
enum ReadStep {
    Reported(diag::Sink),
    Decode(FileId, String),
}

/// Decodes the texts of `steps` on all cores: for each step, its raw records and diagnostics.
fn decode_all(steps: &[ReadStep]) -> Vec<Option<(decode::RawFile, diag::Sink)>> {
    let jobs: Vec<(usize, FileId, &str)> = steps
        .iter()
        .enumerate()
        .filter_map(|(k, s)| match s {
            ReadStep::Decode(id, text) => Some((k, *id, text.as_str())),
            ReadStep::Reported(_) => None,
        })
        .collect();
    let threads = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .clamp(1, jobs.len().max(1));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let done = std::sync::Mutex::new(Vec::new());
    let work = || {
        let mut mine = Vec::new();
        while let Some(&(k, id, text)) =
            jobs.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
        {
            let mut sink = diag::Sink::default();
            let raw = decode::decode_file(id, text, &mut sink);
            mine.push((k, raw, sink));
        }
        if let Ok(mut d) = done.lock() {
            d.append(&mut mine);
        }
    };
    std::thread::scope(|s| {
        for _ in 1..threads {
            s.spawn(work);
        }
        work();
    });
    let mut out: Vec<Option<(decode::RawFile, diag::Sink)>> =
        std::iter::repeat_with(|| None).take(steps.len()).collect();
    for (k, raw, sink) in done.into_inner().unwrap_or_else(|e| e.into_inner()) {
        out[k] = Some((raw, sink));
    }
    out
}

/// Adds a file to the sources: its text when it is UTF-8; otherwise the error, at the first byte
/// that is not, and `None`.
fn add_source(
    sources: &mut Sources,
    sink: &mut diag::Sink,
    name: &str,
    bytes: Vec<u8>,
) -> (FileId, Option<String>) {
    match String::from_utf8(bytes) {
        Ok(text) => (sources.add(name, text.clone()), Some(text)),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            // the text shown up to the bad byte is the file's, so positions are the file's
            let id = sources.add(name, String::from_utf8_lossy(e.as_bytes()).into_owned());
            sink.error(
                Location {
                    file: id,
                    span: at..at + 1,
                },
                "",
                "",
                format!("`{name}` is not UTF-8: byte {at} is not part of a UTF-8 character"),
                "save the file as UTF-8",
            );
            (id, None)
        }
    }
}

/// A relative path without `.` steps, with `/`: `./db//x.toml` → `db/x.toml`.
fn normal_path(p: &str) -> String {
    Path::new(p)
        .components()
        .filter(|c| !matches!(c, Component::CurDir))
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

fn is_plain_relative(p: &str) -> bool {
    let path = Path::new(p);
    !p.is_empty()
        && path
            .components()
            .all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
}
