//! The parts of DXC's sources that DXC's `hctgen.py` generates from its op database, written
//! from ours: the regions of `DxilOperations.cpp`, `DxilConstants.h`, `DxilInstructions.h` and
//! `DXIL.rst`, and all of `DxilValidation.inc` (see [`FILES`]).
//!
//! Each region of a source file is announced by a directive naming the generator function
//! that writes it (`tags.rs`); one `match` here maps each function to the module that writes
//! that text from the database as DXC's tables show it (`view.rs`): `operations.rs` (the op table
//! and op queries of `DxilOperations.cpp`), `constants.rs` (the enumerations of
//! `DxilConstants.h`), `instructions.rs` (the helpers of `DxilInstructions.h`), `rst.rs` (the
//! tables of `DXIL.rst`) and `validation.rs` (`DxilValidation.inc`). Facts come from the
//! database (DXC's names and C++ spellings from its `[dxc]` record); these modules hold only
//! the layout.

mod constants;
mod instructions;
mod operations;
mod rst;
mod tags;
mod text;
mod validation;
mod view;

use dxil_db::Database;

use crate::GeneratedFile;
use tags::Call;
use view::View;

/// Why DXC's files cannot be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The file and line (of the region's directive), when the error is about one.
    pub at: Option<(String, usize)>,
    /// What is wrong.
    pub message: String,
}

impl Error {
    fn new(message: impl Into<String>) -> Self {
        Error {
            at: None,
            message: message.into(),
        }
    }

    fn at(file: &str, line: usize, message: impl Into<String>) -> Self {
        Error {
            at: Some((file.to_owned(), line)),
            message: message.into(),
        }
    }

    /// The same error, placed at `file:line` unless it is placed already.
    fn in_file(self, file: &str, line: usize) -> Self {
        Error {
            at: self.at.or_else(|| Some((file.to_owned(), line))),
            ..self
        }
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.at {
            Some((file, line)) => write!(f, "{file}:{line}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for Error {}

/// A file of DXC's that the generator writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DxcFile {
    /// Its name, also its name in the output folder.
    pub name: &'static str,
    /// Where a DXC source tree has it, for a file whose generated regions are replaced; `None`
    /// for a file written whole.
    pub source: Option<&'static str>,
}

/// The five files: those DXC's `hctgen.py` writes in its modes `DxilOperations`,
/// `DxilConstants`, `DxilInstructions`, `DxilDocs` and `DxilValidation`.
pub const FILES: [DxcFile; 5] = [
    DxcFile {
        name: "DxilOperations.cpp",
        source: Some("lib/DXIL/DxilOperations.cpp"),
    },
    DxcFile {
        name: "DxilConstants.h",
        source: Some("include/dxc/DXIL/DxilConstants.h"),
    },
    DxcFile {
        name: "DxilInstructions.h",
        source: Some("include/dxc/DXIL/DxilInstructions.h"),
    },
    DxcFile {
        name: "DXIL.rst",
        source: Some("docs/DXIL.rst"),
    },
    DxcFile {
        name: "DxilValidation.inc",
        source: None,
    },
];

/// The five files of [`FILES`] written from `db`: `sources` gives the text of each file that
/// has a `source` (by its name), whose generated regions are replaced and every other byte
/// kept; `DxilValidation.inc` is written whole. Output paths are the file names.
pub fn emit(db: &Database, sources: &[(&str, &str)]) -> Result<Vec<GeneratedFile>, Error> {
    let view = View::new(db)?;
    let mut out = Vec::new();
    for file in FILES {
        let contents = match file.source {
            Some(_) => {
                let text = sources
                    .iter()
                    .find(|(name, _)| *name == file.name)
                    .map(|(_, t)| *t)
                    .ok_or_else(|| Error::new(format!("no text given for {}", file.name)))?;
                tags::expand(file.name, text, |call| region(&view, call))?
            }
            None => validation::file(&view)?,
        };
        out.push(GeneratedFile {
            path: file.name.to_owned(),
            contents,
        });
    }
    Ok(out)
}

/// The text of the region whose directive makes `call`.
fn region(view: &View<'_>, call: &Call<'_>) -> Result<String, Error> {
    let arg = |i: usize| {
        call.string(i).ok_or_else(|| {
            Error::new(format!(
                "`{}` needs a string argument {}",
                call.function,
                i + 1
            ))
        })
    };
    match call.function {
        "get_oloads_props" => operations::props(view),
        "get_oloads_funcs" => operations::functions(view),
        "get_funcs_oload_type" => operations::overload_types(view),
        "get_min_sm_and_mask_text" => Ok(operations::shader_model_and_mask(view)),
        "get_instrs_pred" => operations::predicate(view, arg(0)?, arg(1)?),
        "get_dxil_version_minor" => constants::version_minor(view),
        "get_max_oload_dims" => Ok(constants::max_overload_dims(view)),
        "get_enum_decl" => constants::enumeration(
            view,
            arg(0)?,
            call.flag("hide_val", false),
            call.flag("sort_val", true),
        ),
        "get_extended_table_opcode_enum_decls" => Ok(constants::extended_tables(view)),
        "get_instrhelper" => instructions::helpers(view),
        "get_sigpoint_rst" => rst::sig_points(view),
        "get_sem_interpretation_enum_rst" => rst::interpretation_kinds(view),
        "get_sem_interpretation_table_rst" => Ok(rst::interpretations(view)),
        "get_instrs_rst" => Ok(rst::llvm_instructions(view)),
        "get_opcodes_rst" => Ok(rst::opcodes(view)),
        "get_valrules_rst" => Ok(rst::rules(view)),
        other => Err(Error::new(format!(
            "no generator `{other}`: the regions this emitter writes are those of DXC's five files"
        ))),
    }
}
