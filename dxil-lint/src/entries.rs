//! The summaries DXC gives at an entry point for what the calls made in its function use.

use dxil_module::model::Module;
use dxil_ops::ShaderKind;
use dxil_ops::rules::ValidationRule;

use crate::facts::{Facts, kind_name};
use crate::{Diagnostic, diagnostic};

/// What the calls of a function use that its entry's stage may not allow (for the summaries
/// DXC adds at the entry).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FunctionUse {
    /// An op the stage does not allow.
    pub(crate) stage: bool,
    /// An op the shader model does not have.
    pub(crate) shader_model: bool,
    /// An op that needs a thread group (its stages are all compute-like), or groupshared
    /// memory.
    pub(crate) group: bool,
    /// The first call with a groupshared-memory operand.
    pub(crate) groupshared: Option<usize>,
}

impl FunctionUse {
    /// Adds what another call uses.
    pub(crate) fn add(&mut self, other: FunctionUse) {
        self.stage |= other.stage;
        self.shader_model |= other.shader_model;
        self.group |= other.group;
        self.groupshared = self.groupshared.or(other.groupshared);
    }
}

/// The stages with a thread group: compute, mesh, amplification and node shaders.
pub(crate) const GROUP_STAGES: [ShaderKind; 4] = [
    ShaderKind::Compute,
    ShaderKind::Mesh,
    ShaderKind::Amplification,
    ShaderKind::Node,
];

/// The node launch type without a visible group (`NodeLaunchType::Thread`).
const THREAD_LAUNCH: u32 = 3;

/// The summaries DXC gives at an entry whose calls use what its stage or shader model does not
/// allow: SM.INCOMPATIBLEOPERATION with SM.INCOMPATIBLESTAGE, SM.INCOMPATIBLESHADERMODEL or
/// SM.INCOMPATIBLEREQUIRESGROUP, and SM.TGSMUNSUPPORTED at the first use of groupshared memory
/// outside compute-like stages. Only calls made directly in the entry function are seen.
pub(crate) fn entry_summaries(
    facts: &Facts<'_>,
    m: &Module,
    uses: &[FunctionUse],
    out: &mut Vec<Diagnostic>,
) {
    for e in &facts.entries {
        let (kind, launch) = (e.kind, e.launch);
        let Some(u) = uses.get(e.function.index()) else {
            continue;
        };
        let Some(def) = m.function(e.function) else {
            continue;
        };
        let has_group = GROUP_STAGES.contains(&kind)
            && !(kind == ShaderKind::Node && launch == Some(THREAD_LAUNCH));
        let group = u.group && !has_group;
        let stage = kind_name(kind);
        let entry = m.function_name(e.function).unwrap_or_default();
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
        let line = def.line as usize;
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
