//! Checks the `dx.op` declarations and calls of DXIL, written as LLVM IR text, against the
//! DXIL op database (`dxil-ops`).
//!
//! ```
//! let text = r#"
//! define void @main() {
//!   %x = call float @dx.op.unary.f32(i32 13, float 1.0, float 2.0)
//!   ret void
//! }
//! !dx.version = !{!1}
//! !dx.shaderModel = !{!2}
//! !1 = !{i32 1, i32 6}
//! !2 = !{!"ps", i32 6, i32 6}
//! "#;
//! let report = dxil_lint::lint(text);
//! assert_eq!(report.calls, 1);
//! assert_eq!(
//!     report.diagnostics[0].with_file("a.ll").to_string(),
//!     "a.ll:3: INSTR.CALLOLOAD: Call to DXIL intrinsic 'dx.op.unary.f32' does not match an \
//!      allowed overload signature: found 2 operand(s) after the opcode, expected 1 \
//!      (`declare float @dx.op.unary.f32(i32, float)`)"
//! );
//! ```
//!
//! # Reading
//!
//! The reader ([`Module::parse`]) is line-oriented and tolerant: it never fails and never
//! panics, it skips what it does not understand, and it keeps line numbers. A line ends at LF,
//! CRLF or a CR alone (line numbers count each of them as one break). In one pass over the
//! lines it keeps
//!
//! - metadata lines: named metadata (`!dx.version = !{!1}`) and numbered nodes
//!   (`!1 = !{i32 1, i32 8}`), resolved only after the whole text is read, since references
//!   usually point forward; tuples written in place (`!{!{!"ps", i32 6, i32 0}}`) are read
//!   too;
//! - function definitions (`define ... @name(...)`), to know the function around each call;
//!   a line starting with `}` ends it;
//! - `declare` lines of `dx.op` functions;
//! - the lines of `call`, `tail call` and `notail call` instructions whose callee is a
//!   `dx.op` function, written `@dx.op.<stem>[.<overload>]` or quoted
//!   (`@"dx.op.createHandleForLib.class.RWBuffer<float>"`). An operand list that is not closed
//!   on its line takes the following lines, up to 64.
//!
//! Comment lines and the comments after code (`; CHECK: call ...`) are never read as code: a
//! `;` outside a quoted string starts a comment. Operands are split at the commas outside
//! brackets and quotes (so struct constants `%dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }`
//! and vector constants stay whole), then into a type and a value. Attachments
//! (`, !dbg !12`) and attribute groups (`#1`) after the operand list are ignored. A `dx.op`
//! function used other than by a call (in a constant, a store) is out of scope and ignored.
//!
//! Scanning a line costs a `memchr` search for `;` and one for `dx.op.` unless the first byte
//! already tells the kind of line (comment, metadata, end of function); operands are split only
//! for the calls found. Reading takes time linear in the length of the text, however long its
//! lines: each byte of a call is read a bounded number of times (the lines a call goes on over
//! included), and function names are read in linear time by `dxil-ops`.
//!
//! # Inputs
//!
//! [`lint`] takes text. [`lint_input`] takes bytes and refuses what is not LLVM IR text with a
//! [`NotText`] that says what it is and how to disassemble it: LLVM bitcode (raw, magic
//! `BC 0xC0DE`, or in a wrapper, magic `0x0B17C0DE`), a DXBC container (magic `DXBC`), input
//! with a NUL byte, input whose first KiB is not UTF-8 (later invalid UTF-8 is replaced with
//! U+FFFD), or text of which no line is LLVM IR ([`is_llvm_ir`]: a file holding `garbage`; a
//! blank input is an empty module). [`lint_file`] reads a file first ([`read_file`]): only regular files of at most
//! [`MAX_FILE_SIZE`] (1 GiB) are read; a FIFO, a device, a socket or a directory is refused
//! before it is opened ([`FileError`]). [`ll_files`] lists the `.ll` files of a directory tree,
//! reading each directory once even through symbolic links that loop, within limits of entries
//! read and depth ([`WalkLimits`], [`ll_files_within`]). [`lint_bytes`] is the
//! lenient variant of [`lint_input`] that reads any bytes.
//!
//! # The module
//!
//! The calls are checked at the DXIL version of `!dx.version`. Without it, the version pairs
//! with the shader model of `!dx.shaderModel`; without either, the latest version is used and
//! a `META.REQUIRED` diagnostic says so once (only in modules with `dx.op` functions). The
//! shader model gives the minimum-shader-model check, the stage and whether the module is a
//! library. A module without a shader model (a partial module of a pass test) is checked
//! without stages and kinds of module.
//!
//! Stages: outside libraries every call is checked against the module's stage. In a library
//! any stage is allowed (the linker decides), with one addition: a call made directly in the
//! function of an entry point whose properties give its shader kind (tag 8 of
//! `!dx.entryPoints`) is checked against that kind, as DXC does, when the kind exists at the
//! module's version. Calls in other library functions are not followed through the call graph.
//!
//! 16-bit types: a call matches when its types are those of the signature with native 16-bit
//! types or with minimum-precision stand-ins (`%dx.types.CBufRet.f16` has 8 or 4 elements).
//! Pointers to user-defined structs match in any address space.
//!
//! # Checks and rules
//!
//! Every diagnostic names the DXC validation rule that covers it
//! ([`dxil_ops::rules::ValidationRule`]); its message starts with the rule's message and goes
//! on with what was found and what was expected. Per call, in this order (a failure of one of
//! the first four checks stops the checks of the call):
//!
//! | check | rule |
//! | --- | --- |
//! | the opcode operand is an `i32` | `INSTR.CALLOLOAD` |
//! | the opcode operand is a constant | `INSTR.OPCONST` |
//! | the opcode is an op | `INSTR.ILLEGALDXILOPCODE` |
//! | the op is not a reserved slot | `INSTR.OPCODERESERVED` |
//! | the function is of the op's class (its stem) | `INSTR.ILLEGALDXILOPFUNCTION` |
//! | the overload of the name is allowed for the op at the version | `INSTR.OLOAD` |
//! | an experimental op needs a pre-release version | `INSTR.EXPDXILOPCODEREQUIRESEXPSM` |
//! | the op exists at the version and shader model, and is allowed in the stage | `SM.OPCODE` |
//! | the op was not removed before the version | `SM.OPCODEININVALIDFUNCTION` |
//! | library-only and non-library ops | `SM.OPCODEININVALIDFUNCTION` |
//! | result, operand count and operand types are the signature's | `INSTR.CALLOLOAD` |
//! | the op's constraints (`db/constraints.toml`), when the overload, the signature, the shader model and the stage are right | each constraint's rule (immediates `INSTR.OPCONST`, ranges and enumerations `INSTR.OPCONSTRANGE`, write masks `INSTR.WRITEMASKGAPFORUAV`, ...) |
//!
//! The constraints are checked by [`dxil_ops::constraint::check`], the implementation the call
//! builders use too, over the call's operands: constants, `undef` and `zeroinitializer` as
//! written; the resource behind a handle operand, traced to the `annotateHandle` (its property
//! words) or `createHandle` (the record of `!dx.resources` of its class and range id) that made
//! it earlier in the same function; the LinAlg matrix types of operands and result
//! (`%dx.types.LinAlgMatrixC..M..N..U..S..`), with whether `!dx.targetTypes` has them; vector
//! lengths and element types. A constraint needing a fact that is not known (a handle made
//! otherwise, a stage that is not known) is not checked. The diagnostic's message is the rule's
//! message with DXC's arguments, then what was found. An overload that a constraint gates by
//! shader model (16-bit IsSpecialFloat before 6.9, 64-bit raw-buffer access before 6.3) reports
//! that constraint's rule instead of `INSTR.OLOAD`.
//!
//! In a library, `SM.OPCODE` names the shader model with the stage of the calling entry, as DXC
//! does: `lib_6_10(raygeneration)`, `lib_6_8(lib)` outside entries. Per entry function (the
//! calls made directly in it), DXC's summaries: `SM.INCOMPATIBLEOPERATION` at the entry with
//! `SM.INCOMPATIBLESTAGE` when a call's op is not allowed in its stage,
//! `SM.INCOMPATIBLESHADERMODEL` when one needs a later shader model, and
//! `SM.INCOMPATIBLEREQUIRESGROUP` when a call needs a thread group (an op allowed only in
//! compute-like stages, or groupshared memory) in a stage without one (not compute, mesh,
//! amplification, or a node shader other than the thread launch); `SM.TGSMUNSUPPORTED` at the
//! first call with a groupshared-memory operand outside compute-like stages.
//!
//! After a function of another class (`INSTR.ILLEGALDXILOPFUNCTION`) only the overload is
//! checked, read from the name as DXC reads it for the opcode. Where DXC reports an op the
//! database marks as removed (`CreateHandle` from DXIL 1.6) as
//! `SM.OPCODEININVALIDFUNCTION` "... should only be used in 'Shader model 6.5 and below'", so
//! does this checker. A reserved opcode is `INSTR.OPCODERESERVED`, the rule
//! made for it; DXC declares that rule but its newer validators report a reserved opcode under
//! `INSTR.ILLEGALDXILOPCODE`, naming the opcode as reserved, so the message here says
//! "(reserved opcode)" as well.
//!
//! Enumeration operands are explained with the typed enumerations (`from_value` / `from_bits`,
//! then `is_valid_at` the module's version); a value named `Invalid` (the sentinel of
//! `ResourceClass` and `AtomicBinOpCode`) is out of range. The flag operands of the DXIL 1.8
//! barriers get DXC's barrier rules through their constraints.
//!
//! Per declaration: the name is a `dx.op` function (`DECL.DXILFNEXTERN` for an unknown stem,
//! `INSTR.OLOAD` for a suffix that is not an overload) and its types are the signature's
//! (`INSTR.CALLOLOAD`). A declaration is not checked against the module's version: it is the
//! calls that use an op.
//!
//! Not checked: anything needing the call graph (calls in functions an entry calls), data flow
//! beyond the call that made a handle, signatures (`!dx.entryPoints` element 2), metadata of
//! resources other than their kind and class, and the uses of results.
//!
//! Every fact comes from the `dxil-ops` runtime API: [`dxil_ops::Op::from_opcode`],
//! [`dxil_ops::OpInfo`] (`props_at`, `overloads_at`, `stages_at`, `target`, `table`,
//! `class`), function names, [`dxil_ops::Signature`] and the enumerations of
//! [`dxil_ops::enums`].

mod check;
mod enums;
mod input;
pub mod md;
pub mod module;
mod resources;
mod text;

use std::fmt;
use std::path::Path;

use dxil_ops::rules::ValidationRule;

pub use input::{
    FileError, MAX_FILE_SIZE, NotText, WalkError, WalkLimits, WalkProgress, is_llvm_ir, ll_files,
    ll_files_within, read_file, text_of,
};
pub use module::Module;
pub use text::{SplitTop, ValueKind, split_top};

/// A finding: a line, the validation rule, and the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Line number (1-based).
    pub line: usize,
    /// The validation rule.
    pub rule: ValidationRule,
    /// The rule's message followed by what was found and what was expected.
    pub message: String,
    /// The name of the op constraint of the database that found it (`store.mask-contiguous`,
    /// see [`dxil_ops::constraint`]); `None` for the lint's other checks.
    pub constraint: Option<&'static str>,
}

impl Diagnostic {
    /// Display as `FILE:LINE: RULE-CODE: message`.
    pub fn with_file<'a>(&'a self, file: &'a str) -> WithFile<'a> {
        WithFile {
            file,
            diagnostic: self,
        }
    }
}

impl fmt::Display for Diagnostic {
    /// `LINE: RULE-CODE: message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}: {}", self.line, self.rule.code(), self.message)
    }
}

/// A diagnostic displayed with its file name.
#[derive(Clone, Copy, Debug)]
pub struct WithFile<'a> {
    file: &'a str,
    diagnostic: &'a Diagnostic,
}

impl fmt::Display for WithFile<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.file, self.diagnostic)
    }
}

/// What checking a module found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Diagnostics, by line.
    pub diagnostics: Vec<Diagnostic>,
    /// Number of `dx.op` calls checked.
    pub calls: usize,
    /// Number of `dx.op` declarations checked.
    pub declarations: usize,
}

/// Checks a module read with [`Module::parse`].
pub fn check(module: &Module<'_>) -> Report {
    check::module(module)
}

/// Reads and checks a module of LLVM IR text.
pub fn lint(text: &str) -> Report {
    check(&Module::parse(text))
}

/// Reads and checks a module given as bytes, whatever they are: invalid UTF-8 is replaced
/// first. [`lint_input`] refuses binary inputs instead.
pub fn lint_bytes(bytes: &[u8]) -> Report {
    lint(&String::from_utf8_lossy(bytes))
}

/// Reads and checks a module given as bytes, or says why they are not LLVM IR text (bitcode,
/// a DXBC container, other binary data: see [`text_of`]).
///
/// ```
/// let e = dxil_lint::lint_input(b"DXBC\x01\x02").unwrap_err();
/// assert_eq!(e, dxil_lint::NotText::Dxbc);
/// assert!(e.to_string().contains("disassemble it first"));
/// assert_eq!(dxil_lint::lint_input(b"; nothing\r\n").map(|r| r.calls), Ok(0));
/// ```
pub fn lint_input(bytes: &[u8]) -> Result<Report, NotText> {
    text_of(bytes).map(|text| lint(&text))
}

/// Reads and checks a file: a regular file of at most [`MAX_FILE_SIZE`] bytes holding LLVM IR
/// text (see [`read_file`] and [`text_of`]). This is what `cargo xtask lint` does per file.
pub fn lint_file(path: &Path) -> Result<Report, FileError> {
    let bytes = read_file(path)?;
    lint_input(&bytes).map_err(FileError::NotText)
}
