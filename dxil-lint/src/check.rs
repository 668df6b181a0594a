//! The checks of declarations and calls against the op database.

use std::collections::{HashMap, HashSet};
use std::fmt::{self, Display, Write};

use dxil_ops::info::{AllowedModules, Availability, OpInfo, Removal};
use dxil_ops::rules::ValidationRule;
use dxil_ops::ty::LlvmType;
use dxil_ops::{
    DXIL_VERSIONS, DxilVersion, Op, Overload, Overloads, Precision, STAGES, ShaderKind, Signature,
};

use dxil_ops::constraint::{self, At, Context, Kind};

use crate::enums::{self, EnumValue};
use crate::module::{Call, Declaration, ModelInfo, Module, kind_name};
use crate::resources::{CallOperands, Declared, Handles, target_types};
use crate::text::{ValueKind, same_type};
use crate::{Diagnostic, Report};

/// What the module's metadata says, resolved for the checks.
struct Facts<'t> {
    /// The DXIL version the calls are checked at.
    dxil: DxilVersion,
    /// `!dx.shaderModel`, if present.
    model: Option<ModelInfo<'t>>,
    /// The stage of each function definition (index as in [`Module::functions`]): the module's
    /// stage outside libraries; in libraries the kind of an entry function, `None` otherwise.
    function_stages: Vec<Option<Stage<'t>>>,
    /// The module's stage for calls outside any function (non-libraries only).
    module_stage: Option<Stage<'t>>,
    /// The module is a library.
    library: bool,
    /// The entry points' functions: their index in [`Module::functions`], stage and node
    /// launch type.
    entries: Vec<(usize, ShaderKind, Option<i128>)>,
    /// The resources of `!dx.resources`.
    declared: Declared,
    /// The LinAlg matrix types of `!dx.targetTypes`.
    target_types: HashSet<&'t str>,
}

/// The stage a call is checked for, and where it comes from.
#[derive(Clone, Copy)]
struct Stage<'t> {
    /// The stage.
    kind: ShaderKind,
    /// The library entry point whose kind it is; `None` for the module's stage.
    entry: Option<&'t str>,
}

/// Whether the stage exists at `version`.
fn stage_exists(kind: ShaderKind, version: DxilVersion) -> bool {
    STAGES
        .iter()
        .any(|s| s.kind == kind && !version.is_before(s.since))
}

impl<'t> Facts<'t> {
    fn of(m: &Module<'t>, out: &mut Vec<Diagnostic>) -> Facts<'t> {
        let mut model = m.shader_model();
        let line = |name: &str| {
            m.metadata_line_of(name)
                .or_else(|| m.first_dx_op_line())
                .unwrap_or(1)
        };
        // a shader model the database does not declare is reported and not used
        if let Some(sm) = model.and_then(|s| s.version)
            && let Err(e) = dxil_ops::version::check_shader_model(sm)
        {
            out.push(diagnostic(
                line("dx.shaderModel"),
                ValidationRule::SmName,
                &[model
                    .as_ref()
                    .map_or(&"" as &dyn Display, |s| s as &dyn Display)],
                e,
            ));
            model = model.map(|s| ModelInfo { version: None, ..s });
        }
        let from_model = model.and_then(|s| s.version).and_then(dxil_ops::dxil_of);
        let dxil = match (m.dxil_version(), from_model) {
            (Some(v), _) => match dxil_ops::version::check_dxil(v) {
                Ok(v) => v,
                Err(e) => {
                    let used = from_model.unwrap_or_else(|| suggested(&e));
                    let last = latest();
                    out.push(diagnostic(
                        line("dx.version"),
                        ValidationRule::MetaVersionSupported,
                        &[&"Dxil", &v.major, &v.minor, &last.major, &last.minor],
                        format_args!("{e} (the dx.op calls are checked at DXIL {used})"),
                    ));
                    used
                }
            },
            (None, Some(v)) => v,
            (None, None) => {
                let v = latest();
                if let Some(line) = m.first_dx_op_line() {
                    out.push(diagnostic(
                        line,
                        ValidationRule::MetaRequired,
                        &[],
                        format_args!(
                            "the module has neither !dx.version nor !dx.shaderModel; its dx.op calls are checked at DXIL {v}, the latest version"
                        ),
                    ));
                }
                v
            }
        };
        let module_stage = model
            .and_then(|s| s.stage())
            .map(|kind| Stage { kind, entry: None });
        let library = model.is_some_and(|s| s.is_library());
        let mut entry_kinds: HashMap<&str, Stage<'t>> = HashMap::new();
        let mut launches: HashMap<&str, i128> = HashMap::new();
        let entry_points = m.entry_points();
        // keyed by name: a module may list as many entries as it has functions
        let mut entry_functions: HashSet<&str> = HashSet::new();
        for e in &entry_points {
            if let Some(f) = e.function {
                entry_functions.insert(f);
                if let Some(l) = e.launch {
                    launches.insert(f, l);
                }
            }
        }
        if library {
            for e in entry_points {
                let kind = e
                    .kind
                    .and_then(|k| i64::try_from(k).ok())
                    .and_then(ShaderKind::from_value);
                if let (Some(f), Some(kind)) = (e.function, kind)
                    && kind != ShaderKind::Library
                    && stage_exists(kind, dxil)
                {
                    entry_kinds.insert(
                        f,
                        Stage {
                            kind,
                            entry: Some(e.name),
                        },
                    );
                }
            }
        }
        let function_stages: Vec<Option<Stage<'t>>> = m
            .functions()
            .iter()
            .map(|f| {
                if library {
                    entry_kinds.get(f.name).copied()
                } else {
                    module_stage
                }
            })
            .collect();
        let entries = m
            .functions()
            .iter()
            .enumerate()
            .filter(|(_, f)| entry_functions.contains(f.name))
            .filter_map(|(i, f)| {
                let stage: Option<Stage<'t>> = function_stages.get(i).copied().flatten();
                stage.map(|s| (i, s.kind, launches.get(f.name).copied()))
            })
            .collect();
        Facts {
            dxil,
            model,
            function_stages,
            module_stage: if library { None } else { module_stage },
            library,
            entries,
            declared: Declared::of(m),
            target_types: target_types(m),
        }
    }

    /// The stage a call is checked for, if any.
    fn stage_of(&self, call: &Call<'_>) -> Option<Stage<'t>> {
        match call.function {
            Some(i) => self.function_stages.get(i).copied().flatten(),
            None => self.module_stage,
        }
    }

    /// The shader model's name for messages (`ps_6_0`; in a library, with the stage of the
    /// calling entry as DXC writes it: `lib_6_3(ps)`, `lib_6_10(raygeneration)`), or the one
    /// that pairs with the DXIL version when the module has none.
    fn model_name(&self, stage: Option<Stage<'_>>) -> String {
        match (&self.model, dxil_ops::shader_model_of(self.dxil)) {
            (Some(m), _) if self.library => {
                let kind = stage.map_or(ShaderKind::Library, |s| s.kind);
                format!("{m}({})", kind_name(kind))
            }
            (Some(m), _) => m.to_string(),
            (None, Some(sm)) => format!("{sm} (no !dx.shaderModel; from DXIL {})", self.dxil),
            (None, None) => format!("unknown (DXIL {})", self.dxil),
        }
    }
}

/// The declared DXIL version an undeclared one likely means.
fn suggested(e: &dxil_ops::VersionError) -> DxilVersion {
    use dxil_ops::version::Suggestion;
    match e {
        dxil_ops::VersionError::Dxil {
            suggestion: Suggestion::Dxil(v) | Suggestion::NearestDxil(v),
            ..
        } => *v,
        _ => latest(),
    }
}

/// The latest DXIL version of the database.
fn latest() -> DxilVersion {
    DXIL_VERSIONS
        .last()
        .map_or(DxilVersion::new(1, 0), |v| v.dxil)
}

/// A diagnostic: the rule's message with `args`, without its final period, then `: detail`.
fn diagnostic(
    line: usize,
    rule: ValidationRule,
    args: &[&dyn Display],
    detail: impl Display,
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

/// Checks a whole module.
pub(crate) fn module(m: &Module<'_>) -> Report {
    let mut out = Vec::new();
    let facts = Facts::of(m, &mut out);
    let mut buf = String::new();
    out.extend(
        m.declarations()
            .iter()
            .filter_map(|d| declaration(d, &mut buf)),
    );
    let mut handles = Handles::default();
    let mut uses: Vec<FunctionUse> = vec![FunctionUse::default(); m.functions().len()];
    for c in m.calls() {
        handles.enter(c.function);
        let op = call(&facts, &c, &handles, &mut buf, &mut out, &mut uses);
        if let Some(op) = op {
            handles.record(op, &c, &facts.declared);
        }
    }
    entry_summaries(&facts, m, &uses, &mut out);
    out.sort_by_key(|d| d.line);
    Report {
        diagnostics: out,
        calls: m.call_count(),
        declarations: m.declarations().len(),
    }
}

/// `t` written into `buf` (cleared first).
fn render<'b>(buf: &'b mut String, t: &dyn Display) -> &'b str {
    buf.clear();
    let _ = write!(buf, "{t}");
    buf
}

/// Whether a type as written is the type of the signature, equal ignoring whitespace (a
/// pointer's address space included: the overloads were read with the written types, see
/// [`dxil_ops::name::parse_as_typed`]).
fn type_matches(found: &str, expected: &LlvmType<'_>, buf: &mut String) -> bool {
    match expected {
        LlvmType::Fixed(s) => same_type(found, s),
        LlvmType::Overload(Overload::Scalar(t)) => same_type(found, t.llvm()),
        _ => same_type(found, render(buf, expected)),
    }
}

/// The first difference between written types and a signature; `None` when they agree.
fn signature_mismatch(
    sig: &Signature<'_>,
    ret: Option<&str>,
    params: &[&str],
    buf: &mut String,
) -> Option<String> {
    let expected = sig.params().len();
    if params.len() != expected {
        return Some(format!(
            "found {} operand(s) after the opcode, expected {expected}",
            params.len()
        ));
    }
    if let Some(r) = ret {
        let want = sig.ret();
        if !type_matches(r, &want, buf) {
            return Some(format!("the result has type `{r}`, expected `{want}`"));
        }
    }
    for (i, (found, want)) in params.iter().zip(sig.params()).enumerate() {
        if !type_matches(found, &want, buf) {
            let name = sig.info.params.get(i).map_or("", |p| p.name);
            return Some(format!(
                "operand {} (`{name}`) has type `{found}`, expected `{want}`",
                i + 1
            ));
        }
    }
    None
}

/// How written types differ from the signature of a function.
struct Mismatch {
    /// The first difference.
    why: String,
    /// The declaration the types should have.
    declaration: String,
    /// The function's name.
    name: String,
}

/// The first difference against the signature in either precision (native 16-bit types
/// first); `None` when one of them agrees.
fn mismatch_any_precision(
    signature: &'static dxil_ops::info::SignatureInfo,
    overloads: Overloads<'_>,
    ret: Option<&str>,
    params: &[&str],
    buf: &mut String,
) -> Result<Option<Mismatch>, String> {
    let mut first = None;
    for precision in [Precision::Native, Precision::Min] {
        let sig = Signature::new(signature, overloads, precision).map_err(|e| e.to_string())?;
        match signature_mismatch(&sig, ret, params, buf) {
            None => return Ok(None),
            Some(why) => {
                first.get_or_insert_with(|| Mismatch {
                    why,
                    declaration: sig.declaration().to_string(),
                    name: sig.name().to_string(),
                });
            }
        }
    }
    Ok(first)
}

/// Checks a declaration: its name is a `dx.op` function and its types are the signature's.
fn declaration(d: &Declaration<'_>, buf: &mut String) -> Option<Diagnostic> {
    let calloload = |detail: &dyn Display| {
        Some(diagnostic(
            d.line,
            ValidationRule::InstrCallOload,
            &[&d.name],
            detail,
        ))
    };
    let types: Vec<&str> = d.param_types().collect();
    // the overloads the declared types show (struct names, address spaces), as LLVM reads them
    let written = |at| match at {
        At::Result => Some(d.ret),
        At::Param(i) => types.get(usize::from(i) + 1).copied(),
    };
    let parsed = match dxil_ops::parse_function_name_lenient_typed(d.name, &written) {
        Ok(p) => p,
        Err(dxil_ops::NameError::UnknownStem(stem)) => {
            return Some(diagnostic(
                d.line,
                ValidationRule::DeclDxilFnExtern,
                &[&d.name],
                format_args!("no op class has the function-name stem `{stem}`"),
            ));
        }
        Err(e) => return Some(diagnostic(d.line, ValidationRule::InstrOload, &[], e)),
    };
    if d.params.is_none() {
        return calloload(&"the parameter list is not closed");
    }
    let Some((opcode, rest)) = types.split_first() else {
        return calloload(
            &"a dx.op function takes the i32 opcode first; this one has no parameters",
        );
    };
    if !same_type(opcode, "i32") {
        return calloload(&format_args!(
            "the first parameter (the opcode) has type `{opcode}`, expected `i32`"
        ));
    }
    match mismatch_any_precision(parsed.signature, parsed.overloads, Some(d.ret), rest, buf) {
        Ok(None) => None,
        Ok(Some(m)) => Some(diagnostic(
            d.line,
            ValidationRule::InstrCallOload,
            &[&m.name],
            format_args!("{}; expected `{}`", m.why, m.declaration),
        )),
        Err(e) => calloload(&e),
    }
}

/// The opcode as a 32-bit value: a literal between `i32::MIN` and `u32::MAX`.
fn opcode_value(v: i128) -> Option<u32> {
    if let Ok(x) = i32::try_from(v) {
        return Some(x as u32);
    }
    u32::try_from(v).ok()
}

/// The DXIL version at which the op's properties are looked up when it is not available at
/// `version`: the version that introduced it, or the last one before it was removed.
fn reference_version(info: &OpInfo, version: DxilVersion) -> DxilVersion {
    match info.props_at(version).map(|p| p.availability) {
        Some(Availability::Available) => version,
        Some(Availability::Removed) => DXIL_VERSIONS
            .iter()
            .map(|v| v.dxil)
            .rfind(|v| v.is_before(version) && info.is_available_at(*v))
            .unwrap_or(info.introduced),
        _ => info.introduced,
    }
}

/// Display of the overloads of a function name: `f32`, or `none`.
struct OverloadText<'a>(Overloads<'a>);

impl Display for OverloadText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            f.write_str("none")
        } else {
            write!(f, "{}", self.0)
        }
    }
}

/// What the calls of a function use that its entry's stage may not allow (for the summaries
/// DXC adds at the entry).
#[derive(Clone, Copy, Debug, Default)]
struct FunctionUse {
    /// An op the stage does not allow.
    stage: bool,
    /// An op the shader model does not have.
    shader_model: bool,
    /// An op that needs a thread group (its stages are all compute-like), or groupshared
    /// memory.
    group: bool,
    /// The first call with a groupshared-memory operand.
    groupshared: Option<usize>,
}

impl FunctionUse {
    /// Adds what another call uses.
    fn add(&mut self, other: FunctionUse) {
        self.stage |= other.stage;
        self.shader_model |= other.shader_model;
        self.group |= other.group;
        self.groupshared = self.groupshared.or(other.groupshared);
    }
}

/// The stages with a thread group: compute, mesh, amplification and node shaders.
const GROUP_STAGES: [ShaderKind; 4] = [
    ShaderKind::Compute,
    ShaderKind::Mesh,
    ShaderKind::Amplification,
    ShaderKind::Node,
];

/// The node launch type without a visible group (`NodeLaunchType::Thread`).
const THREAD_LAUNCH: i128 = 3;

/// The summaries DXC gives at an entry whose calls use what its stage or shader model does not
/// allow: SM.INCOMPATIBLEOPERATION with SM.INCOMPATIBLESTAGE, SM.INCOMPATIBLESHADERMODEL or
/// SM.INCOMPATIBLEREQUIRESGROUP, and SM.TGSMUNSUPPORTED at the first use of groupshared memory
/// outside compute-like stages. Only calls made directly in the entry function are seen.
fn entry_summaries(
    facts: &Facts<'_>,
    m: &Module<'_>,
    uses: &[FunctionUse],
    out: &mut Vec<Diagnostic>,
) {
    for &(f, kind, launch) in &facts.entries {
        let Some(u) = uses.get(f) else { continue };
        let Some(def) = m.functions().get(f) else {
            continue;
        };
        let has_group = GROUP_STAGES.contains(&kind)
            && !(kind == ShaderKind::Node && launch == Some(THREAD_LAUNCH));
        let group = u.group && !has_group;
        let stage = kind_name(kind);
        let entry = def.name;
        if let Some(line) = u.groupshared
            && !GROUP_STAGES.contains(&kind)
        {
            out.push(diagnostic(
                line,
                ValidationRule::SmTgsmUnsupported,
                &[&"from non-compute entry points"],
                format_args!("the {stage} entry point `{entry}` uses groupshared memory"),
            ));
        }
        if !(u.stage || u.shader_model || group) {
            continue;
        }
        let line = def.line;
        out.push(diagnostic(
            line,
            ValidationRule::SmIncompatibleOperation,
            &[],
            format_args!("the entry point `{entry}` ({stage})"),
        ));
        if u.stage {
            out.push(diagnostic(
                line,
                ValidationRule::SmIncompatibleStage,
                &[&stage],
                format_args!("`{entry}` calls ops its stage does not allow"),
            ));
        }
        if u.shader_model {
            out.push(diagnostic(
                line,
                ValidationRule::SmIncompatibleShaderModel,
                &[],
                format_args!("`{entry}` calls ops its shader model does not have"),
            ));
        }
        if group {
            out.push(diagnostic(
                line,
                ValidationRule::SmIncompatibleRequiresGroup,
                &[],
                format_args!(
                    "`{entry}` ({stage}) calls ops that need a thread group or groupshared memory"
                ),
            ));
        }
    }
}

/// Checks a call; returns its op when the call is one of it.
fn call(
    facts: &Facts<'_>,
    c: &Call<'_>,
    handles: &Handles<'_>,
    buf: &mut String,
    out: &mut Vec<Diagnostic>,
    uses: &mut [FunctionUse],
) -> Option<Op> {
    let line = c.line;
    let version = facts.dxil;
    if c.unterminated {
        out.push(diagnostic(
            line,
            ValidationRule::InstrCallOload,
            &[&c.callee],
            "the operand list of the call is not closed",
        ));
        return None;
    }

    // The opcode.
    let Some(first) = c.operands.first() else {
        out.push(diagnostic(
            line,
            ValidationRule::InstrOpConst,
            &[&"Opcode", &"DXIL operation"],
            "the call has no operands; the first operand of a dx.op call is the i32 opcode",
        ));
        return None;
    };
    if !same_type(first.ty, "i32") {
        out.push(diagnostic(
            line,
            ValidationRule::InstrCallOload,
            &[&c.callee],
            format_args!(
                "the first operand (the opcode) is `{} {}`, expected an `i32` constant",
                first.ty, first.value
            ),
        ));
        return None;
    }
    let ValueKind::Int(raw) = ValueKind::of(first.value) else {
        out.push(diagnostic(
            line,
            ValidationRule::InstrOpConst,
            &[&"Opcode", &"DXIL operation"],
            format_args!("found `{}`", first.value),
        ));
        return None;
    };
    let core_count = || dxil_ops::OPS.iter().filter(|o| o.table.id == 0).count();
    let Some(opcode) = opcode_value(raw) else {
        out.push(diagnostic(
            line,
            ValidationRule::InstrIllegalDxilOpCode,
            &[&core_count(), &raw],
            "the opcode does not fit in 32 bits",
        ));
        return None;
    };
    let Some(op) = Op::from_opcode(opcode) else {
        out.push(diagnostic(
            line,
            ValidationRule::InstrIllegalDxilOpCode,
            &[&core_count(), &raw],
            format_args!(
                "no op has opcode {opcode} ({opcode:#x}: table {:#x}, index {})",
                opcode >> 16,
                opcode & 0xFFFF
            ),
        ));
        return None;
    };
    let info = op.info();
    if info.reserved {
        out.push(diagnostic(
            line,
            ValidationRule::InstrOpCodeReserved,
            &[],
            format_args!(
                "opcode {opcode} (reserved opcode) is {}, a reserved slot of table {}",
                info.name, info.table.name
            ),
        ));
        return Some(op);
    }

    // The function: the op's class, and the overloads of its name.
    let suffix_start = "dx.op.".len() + info.class.stem.len();
    let stem_matches = c.callee.get("dx.op.".len()..suffix_start) == Some(info.class.stem)
        && matches!(c.callee.as_bytes().get(suffix_start), None | Some(b'.'));
    let own_name;
    let name: &str = if stem_matches {
        c.callee
    } else {
        let found = match dxil_ops::parse_function_name_lenient(c.callee) {
            Ok(p) => format!("a function of class {}", p.class().name),
            Err(dxil_ops::NameError::UnknownStem(s)) => format!("no class has the stem `{s}`"),
            Err(_) => "not a well-formed function name".to_owned(),
        };
        out.push(diagnostic(
            line,
            ValidationRule::InstrIllegalDxilOpFunction,
            &[&c.callee, &info.name],
            format_args!(
                "opcode {opcode} is {} of class {}, whose functions are named dx.op.{}[.overload]; `{}` is {found}",
                info.name, info.class.name, info.class.stem, c.callee
            ),
        ));
        // Read the overloads of the name as if it were the op's own class, as DXC derives the
        // overload of the function for the opcode.
        let rest = c
            .callee
            .get("dx.op.".len()..)
            .and_then(|r| r.find('.').and_then(|i| r.get(i..)))
            .unwrap_or("");
        own_name = format!("dx.op.{}{rest}", info.class.stem);
        &own_name
    };
    // the overloads the call's types show (struct names, address spaces), as LLVM reads them
    let params: Vec<&str> = c.operands.iter().skip(1).map(|o| o.ty).collect();
    let ret = (!c.ret.is_empty() && !c.ret.contains('(')).then_some(c.ret);
    let written = |at| match at {
        At::Result => ret,
        At::Param(i) => params.get(usize::from(i)).copied(),
    };
    let parsed = dxil_ops::name::parse_as_typed(name, info.class, true, &written);
    let overloads = match parsed {
        Ok(p) => p.overloads,
        Err(e) => {
            out.push(diagnostic(
                line,
                ValidationRule::InstrOload,
                &[],
                format_args!("{e} (calling {})", info.name),
            ));
            return Some(op);
        }
    };
    let at = reference_version(info, version);
    let stage = facts.stage_of(c);
    let ctx = Context {
        dxil: version,
        shader_model: facts.model.and_then(|m| m.version),
        stage: stage
            .map(|s| s.kind)
            .or(facts.library.then_some(ShaderKind::Library)),
        overload: overloads.get(0),
    };
    // As DXC, the op's own constraints are checked only when the overload, the signature and
    // the availability in the shader model and stage are right.
    let mut failed = false;
    // an overload a constraint gates by shader model is reported by that constraint (its rule,
    // e.g. SM.ISSPECIALFLOAT) rather than as an overload the version does not have
    if let Some(allowed) = info.overloads_at(at)
        && !allowed.allows(&overloads)
        && !constraint::overload_gated(op, &ctx)
    {
        failed = true;
        out.push(diagnostic(
            line,
            ValidationRule::InstrOload,
            &[],
            format_args!(
                "found overload {} of {}; DXIL {at} allows {}",
                OverloadText(overloads),
                info.name,
                allowed.text
            ),
        ));
    }
    if !stem_matches {
        return Some(op);
    }

    // Availability at the module's version, shader model, stage and kind of module.
    let availability = info
        .props_at(version)
        .map_or(Availability::NotYet, |p| p.availability);
    if info.table.experimental && !dxil_ops::is_prerelease(version) {
        failed = true;
        // DXC sums it up at the entry as a feature of another shader model
        if let Some(u) = c.function.and_then(|f| uses.get_mut(f)) {
            u.shader_model = true;
        }
        out.push(diagnostic(
            line,
            ValidationRule::InstrExpDxilOpCodeRequiresExpSm,
            &[],
            format_args!(
                "{} (opcode {opcode:#x}) is in the experimental table {}; DXIL {version} is a released version",
                info.name, info.table.name
            ),
        ));
    } else {
        let mut reasons: Vec<String> = Vec::new();
        match availability {
            Availability::Available => {}
            Availability::NotYet => reasons.push(format!(
                "{} was introduced in DXIL {}; the module is DXIL {version}",
                info.name, info.introduced
            )),
            Availability::Removed => {
                let last =
                    dxil_ops::shader_model_of(at).map_or_else(|| at.to_string(), |s| s.to_string());
                let removal = Removal {
                    op: info.name,
                    introduced: info.introduced,
                    removed: info.removed_in(version).unwrap_or(version),
                };
                out.push(diagnostic(
                    line,
                    ValidationRule::SmOpcodeInInvalidFunction,
                    &[&info.name, &format_args!("Shader model {last} and below")],
                    format_args!("{removal}; the module is DXIL {version}"),
                ));
            }
        }
        let mut used = FunctionUse::default();
        if let Some(sm) = facts.model.and_then(|m| m.version)
            && sm < info.shader_model
        {
            reasons.push(format!(
                "{} needs shader model {}",
                info.name, info.shader_model
            ));
            used.shader_model = true;
        }
        let stages = info.stages_at(at);
        let groupshared = c
            .operands
            .iter()
            .any(|o| o.ty.ends_with('*') && o.ty.contains("addrspace(3)"));
        // an op only compute-like stages may use (compute among them) needs a thread group
        let group_mask = GROUP_STAGES.iter().fold(0u32, |m, k| m | 1 << (*k as u32));
        used.group =
            groupshared || (stages.contains(ShaderKind::Compute) && stages.0 & !group_mask == 0);
        used.groupshared = groupshared.then_some(line);
        if let Some(stage) = stage
            && !stages.contains(stage.kind)
        {
            used.stage = true;
            let mut why = format!(
                "{} is not allowed in {} shaders at DXIL {at} (allowed: {})",
                info.name, stage.kind, stages
            );
            if let Some(entry) = stage.entry {
                let _ = write!(
                    why,
                    "; the call is in the {} entry point `{entry}`",
                    stage.kind
                );
            }
            reasons.push(why);
        }
        if let Some(u) = c.function.and_then(|f| uses.get_mut(f)) {
            u.add(used);
        }
        if !reasons.is_empty() {
            failed = true;
            out.push(diagnostic(
                line,
                ValidationRule::SmOpcode,
                &[&info.name, &facts.model_name(stage)],
                reasons.join("; "),
            ));
        }
        if let Some(m) = facts.model {
            let wrong_kind = match (info.modules, m.is_library()) {
                (AllowedModules::Library, false) => {
                    Some(("Library", "can only be used in libraries"))
                }
                (AllowedModules::NonLibrary, true) => {
                    Some(("non-library targets", "cannot be used in libraries"))
                }
                _ => None,
            };
            if let Some((allowed, why)) = wrong_kind {
                out.push(diagnostic(
                    line,
                    ValidationRule::SmOpcodeInInvalidFunction,
                    &[&info.name, &allowed],
                    format_args!("{} {why}; the module is {m}", info.name),
                ));
            }
        }
    }

    // The signature: result, operand count and types.
    match mismatch_any_precision(info.signature, overloads, ret, &params, buf) {
        Ok(None) => {}
        Ok(Some(m)) => {
            out.push(diagnostic(
                line,
                ValidationRule::InstrCallOload,
                &[&m.name],
                format_args!("{} (`{}`)", m.why, m.declaration),
            ));
            return Some(op);
        }
        Err(e) => {
            out.push(diagnostic(
                line,
                ValidationRule::InstrCallOload,
                &[&c.callee],
                e,
            ));
            return Some(op);
        }
    }

    // The constraints of the op (db/constraints.toml and the implicit constraints of
    // immediate, bounded and enumeration parameters).
    let uses = constraint::of(op);
    if failed || uses.is_empty() {
        return Some(op);
    }
    let operands = CallOperands::new(c, handles, &facts.target_types);
    constraint::check_uses(info, uses, &ctx, &operands, &mut |v| {
        out.push(violation(line, &v, version));
    });
    Some(op)
}

/// The diagnostic of a violated constraint: the rule's message filled as DXC fills it, then
/// what was found. An enumeration operand is explained with the values of the enumeration.
fn violation(line: usize, v: &constraint::Violation<'_>, version: DxilVersion) -> Diagnostic {
    let message = match (v.constraint.kind, v.value()) {
        (Kind::Enum { name, .. }, Some(n)) => {
            let value = u64::try_from(n).unwrap_or(u64::MAX);
            let why = match enums::check(name, value, version) {
                EnumValue::Unknown(why) => why,
                EnumValue::NotAtVersion(why) => format!("{why}; the module is DXIL {version}"),
                EnumValue::Valid | EnumValue::Unmapped => format!("{n}"),
            };
            let head = v.message().to_string();
            let head = head.trim_end().trim_end_matches('.');
            format!("{head}: operand `{}` of {} is {why}", v.param(), v.op.name)
        }
        _ => v.to_string(),
    };
    Diagnostic {
        line,
        rule: v.rule(),
        message,
        constraint: Some(v.constraint.name),
    }
}
