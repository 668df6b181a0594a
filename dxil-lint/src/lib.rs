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
//! The lint checks a [`dxil_module::model::Module`], the one module model of `dxil-module`,
//! whatever it was read from. Text is read by the lenient reader of `dxil_module::text`
//! ([`dxil_module::text::parse_lenient`]): it never fails and never panics, keeps the line of
//! every function, instruction and named metadata, and leaves out what it cannot read, saying
//! so: a `dx.op` call or declaration it could not read is reported (`INSTR.CALLOLOAD`: its
//! operand or parameter list is not closed, or could not be read, with the reader's problem),
//! and the following lines are read on their own (a string left open does not take the calls
//! after it). An operand naming a local value never defined is unknown to the checks, not the
//! `undef` the model holds for it. The calls are seen through [`dxil_module::dxop`]: each
//! operand with its type as LLVM writes it and its constant value as LLVM writes it.
//!
//! # Inputs
//!
//! [`lint`] takes text. [`lint_input`] takes bytes and tells what they are by their content,
//! not a file name ([`input_of`]): a DXBC container (magic `DXBC`), LLVM bitcode in its wrapper
//! (magic `0x0B17C0DE`) or raw (`BC 0xC0DE`) is decoded by [`dxil_module::bitcode::decode`] and
//! checked ([`check`]; a decoded module has no lines of its own, so its diagnostics name the
//! lines of the text `dxil dis` prints of it); anything else is read as text. Refused with an
//! [`InputError`]: binary that does not decode (with the decoder's byte and bit offset), input
//! with a NUL byte, input whose first KiB is not UTF-8 (later invalid UTF-8 is replaced with
//! U+FFFD), or text of which no line is LLVM IR
//! ([`is_llvm_ir`]: a file holding `garbage`; a blank input is an empty module). [`lint_file`]
//! reads a file first ([`read_file`]): only regular files of at most [`MAX_FILE_SIZE`] (1 GiB)
//! are read; a FIFO, a device, a socket or a directory is refused before it is opened
//! ([`FileError`]). [`module_files_within`] lists the module files of a directory tree (names
//! in [`MODULE_EXTENSIONS`]; [`ll_files`] the `.ll` ones), reading each directory once even
//! through symbolic links that loop, within limits of entries read and depth ([`WalkLimits`]).
//! [`lint_bytes`] is the lenient variant of [`lint_input`] that reads any bytes.
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
//! # Signatures
//!
//! The signatures of the entry points (`!dx.entryPoints` element 2) are checked as DXC's
//! validator checks them (`metadata/`): outside libraries the entry of the module's stage, in a
//! library each entry whose properties give its shader kind. Each element is read at its
//! signature point (the signature-point and semantic-interpretation tables of the database,
//! `dxil_ops::tables`), and the diagnostics are at the element's line (its `!N = ...`; line 0
//! in a decoded module) and name the element and the entry:
//!
//! | check | rule |
//! | --- | --- |
//! | a semantic name of 1 to 64 bytes | `META.SEMANTICLEN` |
//! | a component type a signature holds | `META.SIGNATURECOMPTYPE` |
//! | integers not interpolated linearly; an interpolation mode that is one | `META.INTEGERINTERPMODE`, `META.INTERPMODEVALID` |
//! | the semantic is available at the point and in the signature | `SM.SEMANTIC`, `META.SEMAKINDVALID` |
//! | a packing location exactly when the semantic is packed there | `META.SEMANTICSHOULDBEALLOCATED`, `META.SEMANTICSHOULDNOTBEALLOCATED` |
//! | the type and shape of a system value | `META.SEMANTICCOMPTYPE`, `META.BARYCENTRICSFLOAT3`, `META.BARYCENTRICSINTERPOLATION` |
//! | a system value's semantic index and single row | `META.SEMANTICINDEXMAX`, `META.SYSTEMVALUEROWS` |
//! | `SV_Target`: indices are rows, column 0, at most 8 rows, not indexed | `SM.PSTARGETINDEXMATCHESROW`, `SM.PSTARGETCOL0`, `META.SEMANTICINDEXMAX`, `SM.NOPSOUTPUTIDX` |
//! | output streams of geometry shaders only (not in libraries) | `SM.STREAMINDEXRANGE` |
//! | a semantic index once per name (the rest of the signature is not checked after it, as in DXC) | `META.NOSEMANTICOVERLAP` |
//! | a system value once; one kind of depth; clip and cull distances in 2 rows of 8 components; barycentrics | `META.DUPLICATESYSVALUE`, `SM.PSMULTIPLEDEPTHSEMANTIC`, `META.CLIPCULLMAXROWS`, `META.CLIPCULLMAXCOMPONENTS`, `META.BARYCENTRICSTWOPERSPECTIVES` |
//! | the packing: components taken once, within 32 rows of 4, rows of one indexing, interpolation mode and data width, arbitrary < system < system-generated values in a row | `META.SIGNATUREOVERLAP`, `META.SIGNATUREOUTOFRANGE`, `META.SIGNATUREINDEXCONFLICT`, `META.INTERPMODEINONEROW`, `META.SIGNATUREDATAWIDTH`, `META.SIGNATUREILLEGALCOMPONENTORDER` |
//! | no interpolation in vertex inputs, pixel outputs and patch constants; constant primitive outputs | `SM.NOINTERPMODE`, `SM.CONSTANTINTERPMODE` |
//! | pixel outputs are targets, depth, coverage or stencil reference | `SM.PSOUTPUTSEMANTIC` |
//! | no signatures in compute and ray-tracing shaders | `SM.CSNOSIGNATURES`, `SM.RAYSHADERSIGNATURES` |
//! | a conservative depth without sample frequency: the position not interpolated with perspective | `SM.PSCONSISTENTINTERP` |
//! | a geometry shader emits at most 1024 scalars (its largest vertex count times its output components) | `SM.GSTOTALOUTPUTVERTEXDATARANGE` |
//! | tessellation factors of the rows of the domain (hull and domain shaders), present in a hull shader; no inputs without input control points | `SM.TESSFACTORSIZEMATCHDOMAIN`, `SM.INSIDETESSFACTORSIZEMATCHDOMAIN`, `SM.TESSFACTORFORDOMAIN`, `SM.ZEROHSINPUTCONTROLPOINTWITHINPUT` |
//!
//! The properties of the entries (`metadata/props.rs`, DXC's `ValidateEntryProps`): the
//! thread-group size of compute and node shaders (1024 x 1024 x 64, 1024 threads) and of mesh
//! and amplification shaders (128 each, 128 threads) (`SM.THREADGROUPCHANNELRANGE`,
//! `SM.MAXTHEADGROUP`); the output counts of mesh shaders (`SM.MESHSHADERMAXVERTEXCOUNT`,
//! `SM.MESHSHADERMAXPRIMITIVECOUNT`); the domain, partitioning, output primitive, largest
//! tessellation factor and control points of hull and domain shaders (`SM.VALIDDOMAIN`,
//! `META.TESSELLATORPARTITION`, `META.TESSELLATOROUTPUTPRIMITIVE`, `META.MAXTESSFACTOR`,
//! `SM.ISOLINEOUTPUTPRIMITIVEMISMATCH`, `SM.TRIOUTPUTPRIMITIVEMISMATCH`,
//! `SM.HSINPUTCONTROLPOINTCOUNTRANGE`, `SM.OUTPUTCONTROLPOINTCOUNTRANGE`,
//! `SM.DSINPUTCONTROLPOINTCOUNTRANGE`); the vertex count, instances and input primitive of
//! geometry shaders (`SM.GSOUTPUTVERTEXCOUNTRANGE`, `SM.GSINSTANCECOUNTRANGE`,
//! `SM.GSVALIDINPUTPRIMITIVE`).
//!
//! Entries of one stage whose records name one signatures node (one properties node) are
//! checked once, at the first of them.
//!
//! The calls that access a signature element (`loadInput`, `storeOutput`, `storeVertexOutput`,
//! `storePrimitiveOutput`, `loadOutputControlPoint`, `storePatchConstant`, `evalCentroid`,
//! `evalSampleIndex`, `evalSnapped`, `attributeAtVertex`; `metadata/access.rs`), made in an
//! entry function or in the patch-constant function of hull shaders (`storePatchConstant`
//! there, for each hull shader that has it), as DXC: the element id names an element of the
//! signature the op accesses (`INSTR.OPCONSTRANGE`), a constant row lies within the element's
//! rows and a constant column does not pass its column count (`INSTR.OPERANDRANGE`). That the
//! id and the column are constants are constraints of the database (`signature.id-const`,
//! `signature.col-const`). `loadPatchConstant` is not checked: DXC's validator does not check
//! its element.
//!
//! The records of `!dx.resources` (`metadata/records.rs`, `metadata/resources.rs`): each has a
//! shape that is a kind of resource (`SM.INVALIDRESOURCEKIND`), a sample count only on a
//! multisampled texture (`SM.SAMPLECOUNTONLYON2DMS`), a rasterizer-ordered view only in a pixel
//! shader (`SM.ROVONLYINPS`, not checked in libraries), no cube UAV
//! (`SM.INVALIDTEXTUREKINDONUAV`), a counter only on a structured buffer
//! (`SM.COUNTERONLYONSTRUCTBUF`) and not globally coherent (`META.COHERENCENOTONAPPENDCONSUME`),
//! a sampler mode that is not `Invalid` (`META.VALIDSAMPLERMODE`); the register ranges of one class
//! do not overlap within a space (`SM.RESOURCERANGEOVERLAP`; an unbounded range reaches the
//! last register; in a library a resource not yet bound is left out), and the ids of each class
//! count 0, 1, 2, ... in the order of its list (`META.DENSERESIDS`, once, for the first record,
//! by class and id, that breaks it).
//!
//! Not checked: anything needing the call graph (calls in functions an entry calls), data flow
//! beyond the call that made a handle, the resources' other properties than their kind, class
//! and range, and the uses of results.
//!
//! Every fact comes from the `dxil-ops` runtime API: [`dxil_ops::Op::from_opcode`],
//! [`dxil_ops::OpInfo`] (`props_at`, `overloads_at`, `stages_at`, `target`, `table`,
//! `class`), function names, [`dxil_ops::Signature`] and the enumerations of
//! [`dxil_ops::enums`].

mod check;
mod entries;
mod enums;
mod facts;
mod input;
mod metadata;
mod resources;
mod signature;

use std::fmt;
use std::path::Path;

use dxil_ops::rules::ValidationRule;

use dxil_module::model::Module;
use dxil_module::text::Lenient;
pub use input::{
    BinaryKind, FileError, Input, InputError, MAX_FILE_SIZE, MODULE_EXTENSIONS, WalkError,
    WalkLimits, WalkProgress, input_of, is_llvm_ir, ll_files, ll_files_within, module_files_within,
    read_file,
};

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

/// A diagnostic: the rule's message with `args`, without its final period, then `: detail`.
pub(crate) fn diagnostic(
    line: usize,
    rule: ValidationRule,
    args: &[&dyn fmt::Display],
    detail: impl fmt::Display,
) -> Diagnostic {
    let head = match rule.format(args) {
        Ok(m) => m.to_string(),
        Err(_) => rule.message().to_owned(),
    };
    let head = head.trim_end().trim_end_matches('.');
    Diagnostic {
        line,
        rule,
        message: format!("{head}: {detail}"),
        constraint: None,
    }
}

/// Checks a module (decoded from bitcode, or built): its lines are those its functions and
/// instructions carry (0 when they were not read from text).
pub fn check(module: &Module) -> Report {
    check::module(module, None)
}

/// Checks a module read from text by the lenient reader, with what it could not read.
pub fn check_lenient(lenient: &Lenient) -> Report {
    check::module(&lenient.module, Some(lenient))
}

/// Reads and checks a module of LLVM IR text.
pub fn lint(text: &str) -> Report {
    check_lenient(&dxil_module::text::parse_lenient(&lf_breaks(
        text.as_bytes(),
    )))
}

/// The text with each CR that is not followed by LF made an LF (the reader breaks lines at LF
/// only; a CR alone is a line break here, as a CRLF is one): the same length, so lines and
/// offsets stay those of the input. Borrowed when there is no CR alone.
pub(crate) fn lf_breaks(text: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    let lone = |i: usize| text.get(i + 1) != Some(&b'\n');
    let Some(first) = memchr::memchr_iter(b'\r', text).find(|&i| lone(i)) else {
        return std::borrow::Cow::Borrowed(text);
    };
    let mut out = text.to_vec();
    for i in memchr::memchr_iter(b'\r', text).skip_while(|&i| i < first) {
        if lone(i)
            && let Some(b) = out.get_mut(i)
        {
            *b = b'\n';
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Checks a module decoded from binary. Such a module has no lines of its own: when there are
/// diagnostics, it is given the lines of the text `dxil dis` prints of it (a `; ModuleID` line
/// and a `source_filename` line naming the file, then the module:
/// [`dxil_module::text::named`]) and checked again, so that each diagnostic names the line of
/// that text. A clean module is checked once.
fn check_decoded(mut m: Module) -> Report {
    let report = check(&m);
    if report.diagnostics.is_empty() {
        return report;
    }
    // the name's text does not move a line (unless it holds a line break)
    let options = dxil_module::text::named(&mut m, "");
    dxil_module::text::number_lines_with(&mut m, &options);
    check(&m)
}

/// Reads and checks a module given as bytes, whatever they are: a binary module that does not
/// decode, or text with invalid UTF-8 (replaced first), is checked as text. [`lint_input`]
/// refuses what is neither instead.
pub fn lint_bytes(bytes: &[u8]) -> Report {
    match lint_input(bytes) {
        Ok(r) => r,
        Err(_) => lint(&String::from_utf8_lossy(bytes)),
    }
}

/// Reads and checks a module given as bytes, told by its content ([`input_of`]): LLVM IR text
/// (read by the lenient reader), or a DXBC container, bitcode in its wrapper or raw bitcode
/// (decoded by [`dxil_module::bitcode::decode`]). Refused: binary that does not decode, and
/// what is not LLVM IR text ([`InputError`]).
///
/// ```
/// let e = dxil_lint::lint_input(b"DXBC\x01\x02").unwrap_err();
/// assert!(matches!(e, dxil_lint::InputError::Binary(dxil_lint::BinaryKind::Dxbc, _)));
/// assert!(e.to_string().contains("does not decode"));
/// assert_eq!(dxil_lint::lint_input(b"; nothing\r\n").map(|r| r.calls), Ok(0));
/// ```
pub fn lint_input(bytes: &[u8]) -> Result<Report, InputError> {
    match input_of(bytes)? {
        Input::Text(text) => Ok(lint(&text)),
        Input::Binary(kind) => match dxil_module::bitcode::decode(bytes) {
            Ok(m) => Ok(check_decoded(m)),
            Err(e) => Err(InputError::Binary(kind, e.to_string())),
        },
    }
}

/// Reads and checks a file: a regular file of at most [`MAX_FILE_SIZE`] bytes holding a module
/// as text or binary (see [`read_file`] and [`lint_input`]). This is what `dxil lint` and
/// `cargo xtask lint` do per file.
///
/// A large text file (more than [`STREAM_FROM`] bytes) is read a piece at a time by the
/// streaming lenient reader ([`dxil_module::text::read_lenient`]), so that the file is never
/// held whole beside its module: what [`input_of`] refuses in the rest of it (a NUL byte) is
/// refused after the reading, and a file with a CR standing alone is read again whole.
pub fn lint_file(path: &Path) -> Result<Report, FileError> {
    use std::io::Read;
    let file = input::open_file(path)?;
    let size = file.metadata().map_err(FileError::Io)?.len();
    let mut head = Vec::with_capacity(HEAD);
    let mut rest = file.take(MAX_FILE_SIZE + 1);
    (&mut rest)
        .take(HEAD as u64)
        .read_to_end(&mut head)
        .map_err(FileError::Io)?;
    let whole = |mut bytes: Vec<u8>, rest: &mut dyn Read| {
        rest.read_to_end(&mut bytes).map_err(FileError::Io)?;
        if bytes.len() as u64 > MAX_FILE_SIZE {
            return Err(FileError::TooLarge(bytes.len() as u64));
        }
        lint_input(&bytes).map_err(FileError::Input)
    };
    let small = size <= STREAM_FROM;
    // binary, small, or refused by its first bytes: read whole
    if small || !matches!(input_of(&head), Ok(Input::Text(_))) {
        return whole(head, &mut rest);
    }
    let mut scan = input::Scan::new(std::io::Cursor::new(head).chain(rest));
    let lenient = dxil_module::text::read_lenient(&mut scan).map_err(FileError::Io)?;
    if scan.offset > MAX_FILE_SIZE {
        return Err(FileError::TooLarge(scan.offset));
    }
    if let Some(at) = scan.nul {
        return Err(FileError::Input(InputError::Nul(at as usize)));
    }
    if scan.lone_cr {
        return lint_input(&read_file(path)?).map_err(FileError::Input);
    }
    Ok(check_lenient(&lenient))
}

/// The size from which [`lint_file`] streams a text file: 4 MiB.
pub const STREAM_FROM: u64 = 4 << 20;

/// The first bytes [`lint_file`] reads to tell what a file is.
const HEAD: usize = 64 << 10;
