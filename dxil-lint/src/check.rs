//! The checks of a module: its declarations and calls against the op database, on the module
//! model (`dxil_module::model::Module`) whatever it was read from.

use std::cell::OnceCell;
use std::fmt::{self, Display, Write};

use dxil_module::dxop::{CallOperands, DxOpCall, DxOpCalls, Operand};
use dxil_module::model::{FuncId, Module, Type, TypeId};
use dxil_module::text::{Lenient, SkippedKind};
use dxil_ops::constraint::{self, At, Context, Kind};
use dxil_ops::info::{AllowedModules, Availability, OpInfo, Removal};
use dxil_ops::rules::ValidationRule;
use dxil_ops::{DXIL_VERSIONS, DxilVersion, Op, Overloads, ShaderKind};

use crate::entries::{FunctionUse, GROUP_STAGES, entry_summaries};
use crate::enums::{self, EnumValue};
use crate::facts::Facts;
use crate::resources::resource_of;
use crate::signature::{Declaration, declaration, mismatch_any_precision, same_type};
use crate::{Diagnostic, Report, diagnostic};

/// The buffers a call's check reuses.
#[derive(Default)]
struct Buffers<'c> {
    /// A type rendered for comparison.
    text: String,
    /// The call's operands.
    operands: Vec<Operand<'c>>,
    /// Their texts, once asked for.
    texts: Vec<OnceCell<String>>,
    /// The callees, function types and opcodes of the calls whose result and operand types
    /// were found to be their signature's (checked once for all the calls alike).
    signatures: std::collections::HashSet<(FuncId, TypeId, u32)>,
    /// The overloads read from the names and types of the calls of a function of the op's
    /// class, by callee, function type and opcode.
    overloads: std::collections::HashMap<(FuncId, TypeId, u32), Overloads<'c>>,
}

/// The declaration of `dx.op` function `f`: its name, line and types as written.
fn declaration_of<'a>(
    calls: &'a DxOpCalls<'_>,
    f: dxil_module::model::FuncId,
    name: &'a str,
) -> Option<Declaration<'a>> {
    let m = calls.module();
    let func = m.function(f)?;
    let names = calls.names();
    let (ret, params) = match m.types.get(func.ty)? {
        Type::Function { ret, params, .. } => (*ret, params),
        _ => return None,
    };
    Some(Declaration {
        line: func.line as usize,
        name,
        ret: names.get(ret),
        params: params.iter().map(|&t| names.get(t)).collect(),
    })
}

/// Checks a whole module.
pub(crate) fn module(m: &Module, lenient: Option<&Lenient>) -> Report {
    let mut out = Vec::new();
    let calls = match lenient {
        Some(l) => DxOpCalls::new(m).with_undefined(&l.undefined),
        None => DxOpCalls::new(m),
    };
    let skipped: Vec<(&dxil_module::text::Skipped, String)> = lenient
        .map(|l| {
            l.skipped
                .iter()
                .filter(|s| s.name.starts_with(dxil_module::dxop::DX_OP.as_bytes()))
                .map(|s| (s, String::from_utf8_lossy(&s.name).into_owned()))
                .collect()
        })
        .unwrap_or_default();
    // a text's declarations are those written (the reader declares a function called without
    // one, at line 0)
    let declarations: Vec<Declaration<'_>> = calls
        .declarations()
        .filter_map(|(f, name)| declaration_of(&calls, f, name))
        .filter(|d| lenient.is_none() || d.line > 0)
        .collect();
    let first_line = || {
        let calls = calls.iter().map(|c| c.line as usize);
        let decls = declarations.iter().map(|d| d.line);
        let skipped = skipped.iter().map(|(s, _)| s.line as usize);
        calls.chain(decls).chain(skipped).filter(|l| *l > 0).min()
    };
    let facts = Facts::of(m, &first_line, &mut out);
    let entries = crate::metadata::check(m, lenient, &facts, &mut out);
    let access = crate::metadata::Access::new(&entries);
    let mut buf = Buffers::default();
    out.extend(
        declarations
            .iter()
            .filter_map(|d| declaration(d, &mut buf.text)),
    );
    let mut uses: Vec<FunctionUse> = vec![FunctionUse::default(); m.functions.len()];
    let mut count = 0;
    for c in calls.iter() {
        count += 1;
        if let Some(op) = call(&facts, &calls, &c, &mut buf, &mut out, &mut uses) {
            access.check(m, op, &c, &mut out);
        }
    }
    for (s, name) in &skipped {
        out.push(skipped_diagnostic(s, name, lenient));
    }
    let skipped_calls = skipped
        .iter()
        .filter(|(s, _)| s.kind == SkippedKind::Call)
        .count();
    entry_summaries(&facts, m, &uses, &mut out);
    out.sort_by_key(|d| d.line);
    Report {
        diagnostics: out,
        calls: count + skipped_calls,
        declarations: declarations.len() + skipped.len() - skipped_calls,
    }
}

/// The diagnostic of a `dx.op` call or declaration the reader could not read.
fn skipped_diagnostic(
    s: &dxil_module::text::Skipped,
    name: &str,
    lenient: Option<&Lenient>,
) -> Diagnostic {
    let line = s.line as usize;
    let what = match s.kind {
        SkippedKind::Call => "the operand list of the call",
        _ => "the parameter list",
    };
    if s.open {
        return diagnostic(
            line,
            ValidationRule::InstrCallOload,
            &[&name],
            format_args!("{what} is not closed"),
        );
    }
    let problem = lenient
        .and_then(|l| l.problems.get(s.problem))
        .map_or_else(String::new, |p| p.message.to_string());
    diagnostic(
        line,
        ValidationRule::InstrCallOload,
        &[&name],
        format_args!("{what} could not be read: {problem}"),
    )
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

/// Checks a call; returns its op when the call is one of it.
fn call<'c>(
    facts: &Facts<'_>,
    calls: &'c DxOpCalls<'c>,
    c: &DxOpCall<'c>,
    buffers: &mut Buffers<'c>,
    out: &mut Vec<Diagnostic>,
    uses: &mut [FunctionUse],
) -> Option<Op> {
    let line = c.line as usize;
    let version = facts.dxil;
    let callee = c.name;
    buffers.operands.clear();
    buffers.operands.extend(c.operands());
    let operands = &buffers.operands;
    let buf = &mut buffers.text;

    // The opcode.
    let Some(first) = operands.first() else {
        out.push(diagnostic(
            line,
            ValidationRule::InstrOpConst,
            &[&"Opcode", &"DXIL operation"],
            "the call has no operands; the first operand of a dx.op call is the i32 opcode",
        ));
        return None;
    };
    if !same_type(first.ty_text(), "i32") {
        out.push(diagnostic(
            line,
            ValidationRule::InstrCallOload,
            &[&callee],
            format_args!(
                "the first operand (the opcode) is `{} {}`, expected an `i32` constant",
                first.ty_text(),
                first.text()
            ),
        ));
        return None;
    }
    let Some(raw) = first.int().map(i128::from) else {
        out.push(diagnostic(
            line,
            ValidationRule::InstrOpConst,
            &[&"Opcode", &"DXIL operation"],
            format_args!("found `{}`", first.text()),
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
    let stem_matches = callee.get("dx.op.".len()..suffix_start) == Some(info.class.stem)
        && matches!(callee.as_bytes().get(suffix_start), None | Some(b'.'));
    let own_name;
    let name: &str = if stem_matches {
        callee
    } else {
        let found = match dxil_ops::parse_function_name_lenient(callee) {
            Ok(p) => format!("a function of class {}", p.class().name),
            Err(dxil_ops::NameError::UnknownStem(s)) => format!("no class has the stem `{s}`"),
            Err(_) => "not a well-formed function name".to_owned(),
        };
        out.push(diagnostic(
            line,
            ValidationRule::InstrIllegalDxilOpFunction,
            &[&callee, &info.name],
            format_args!(
                "opcode {opcode} is {} of class {}, whose functions are named dx.op.{}[.overload]; `{}` is {found}",
                info.name, info.class.name, info.class.stem, callee
            ),
        ));
        // Read the overloads of the name as if it were the op's own class, as DXC derives the
        // overload of the function for the opcode.
        let rest = callee
            .get("dx.op.".len()..)
            .and_then(|r| r.find('.').and_then(|i| r.get(i..)))
            .unwrap_or("");
        own_name = format!("dx.op.{}{rest}", info.class.stem);
        &own_name
    };
    // the overloads the call's types show (struct names, address spaces), as LLVM reads them
    let params: Vec<&str> = operands.iter().skip(1).map(|o| o.ty_text()).collect();
    let ret_text = c.result_text();
    let ret = (!ret_text.is_empty() && !ret_text.contains('(')).then_some(ret_text);
    let written = |at| match at {
        At::Result => ret,
        At::Param(i) => params.get(usize::from(i)).copied(),
    };
    // the overloads of a function of the op's class are read once per function type and opcode
    let key = (c.callee, c.call.fn_ty, opcode);
    let parsed = match buffers.overloads.get(&key) {
        Some(&o) => Ok(o),
        None if stem_matches => {
            let p = dxil_ops::name::parse_as_typed(callee, info.class, true, &written);
            if let Ok(p) = &p {
                buffers.overloads.insert(key, p.overloads);
            }
            p.map(|p| p.overloads)
        }
        None => {
            dxil_ops::name::parse_as_typed(name, info.class, true, &written).map(|p| p.overloads)
        }
    };
    let overloads = match parsed {
        Ok(o) => o,
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
    let stage = facts.stage_of(c.function);
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
        if let Some(u) = uses.get_mut(c.function.index()) {
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
        let groupshared = operands
            .iter()
            .any(|o| o.ty_text().ends_with('*') && o.ty_text().contains("addrspace(3)"));
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
                    "; the call is in the {} entry point `{}`",
                    stage.kind,
                    String::from_utf8_lossy(entry)
                );
            }
            reasons.push(why);
        }
        if let Some(u) = uses.get_mut(c.function.index()) {
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

    // The signature: result, operand count and types (the same for every call of a function
    // with the same opcode and function type).
    let found = if buffers.signatures.contains(&key) {
        Ok(None)
    } else {
        mismatch_any_precision(info.signature, overloads, ret, &params, buf)
    };
    match found {
        Ok(None) => {
            buffers.signatures.insert(key);
        }
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
                &[&callee],
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
    buffers.texts.clear();
    buffers.texts.resize_with(operands.len(), OnceCell::new);
    let resource = |v| resource_of(calls, &facts.declared, c.function, v);
    let has_target_type = |t| facts.target_types.contains(&t);
    let view = CallOperands::new(c, operands, &buffers.texts, &resource, &has_target_type);
    constraint::check_uses(info, uses, &ctx, &view, &mut |v| {
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
