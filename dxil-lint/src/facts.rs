//! What the module's metadata says, resolved for the checks: the DXIL version the calls are
//! checked at, the shader model, the stage of each function and the entry points.

use std::collections::{HashMap, HashSet};
use std::fmt::Display;

use dxil_module::dxil::{self, ShaderModelMd};
use dxil_module::model::{FuncId, Module, TypeId};
use dxil_ops::rules::ValidationRule;
use dxil_ops::{DXIL_VERSIONS, DxilVersion, STAGES, ShaderKind, ShaderModel};

use crate::Diagnostic;
use crate::resources::{Declared, target_types};

/// The shader model of `!dx.shaderModel`: its kind as written and its version when it is one
/// the database declares.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Model<'m> {
    /// The metadata.
    pub(crate) md: ShaderModelMd<'m>,
    /// The version, if both numbers fit and the database declares it.
    pub(crate) version: Option<ShaderModel>,
}

impl Model<'_> {
    /// Whether the kind is a library.
    pub(crate) fn is_library(&self) -> bool {
        self.md.is_library()
    }

    /// The stage of the kind; `None` for libraries and unknown kinds.
    pub(crate) fn stage(&self) -> Option<ShaderKind> {
        self.md.stage()
    }
}

impl Display for Model<'_> {
    /// `ps_6_0`, as DXC names shader models.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.version {
            Some(v) => write!(f, "{}_{}_{}", self.md.kind_text(), v.major, v.minor),
            None => write!(f, "{}_?", self.md.kind_text()),
        }
    }
}

/// DXC's name of a shader kind in shader-model names and messages: `ps`, `cs`, `lib`,
/// `raygeneration`, `node`, ...
pub(crate) fn kind_name(kind: ShaderKind) -> &'static str {
    // the stages only libraries hold are named by their ops.toml name
    match kind.profile_prefix() {
        "lib" if kind != ShaderKind::Library => kind.name(),
        prefix => prefix,
    }
}

/// The stage a call is checked for, and where it comes from.
#[derive(Clone, Copy)]
pub(crate) struct Stage<'m> {
    /// The stage.
    pub(crate) kind: ShaderKind,
    /// The library entry point whose kind it is; `None` for the module's stage.
    pub(crate) entry: Option<&'m [u8]>,
}

/// An entry point whose calls are summed up at its function.
pub(crate) struct Entry {
    /// Its function.
    pub(crate) function: FuncId,
    /// Its stage.
    pub(crate) kind: ShaderKind,
    /// The node launch type of its properties (tag 13), as a number.
    pub(crate) launch: Option<u32>,
}

/// What the module's metadata says, resolved for the checks.
pub(crate) struct Facts<'m> {
    /// The DXIL version the calls are checked at.
    pub(crate) dxil: DxilVersion,
    /// `!dx.shaderModel`, if present.
    pub(crate) model: Option<Model<'m>>,
    /// The stage of each function (by [`FuncId`]): the module's stage outside libraries; in
    /// libraries the kind of an entry function, `None` otherwise.
    function_stages: Vec<Option<Stage<'m>>>,
    /// The module is a library.
    pub(crate) library: bool,
    /// The entry points with a stage.
    pub(crate) entries: Vec<Entry>,
    /// The resources of `!dx.resources`.
    pub(crate) declared: Declared,
    /// The LinAlg matrix types of `!dx.targetTypes`.
    pub(crate) target_types: HashSet<TypeId>,
}

/// Whether the stage exists at `version`.
fn stage_exists(kind: ShaderKind, version: DxilVersion) -> bool {
    STAGES
        .iter()
        .any(|s| s.kind == kind && !version.is_before(s.since))
}

/// The line of named metadata `name`, if the module has it with a line.
pub(crate) fn named_line(m: &Module, name: &str) -> Option<usize> {
    let sym = m.symbols.find(name.as_bytes())?;
    m.metadata
        .named
        .iter()
        .find(|n| n.name == sym)
        .map(|n| n.line as usize)
        .filter(|l| *l > 0)
}

impl<'m> Facts<'m> {
    /// Reads the facts of `m`; what is wrong with its versions goes to `out`. `first_line`
    /// gives the line of the first `dx.op` reference, where a missing version is reported.
    pub(crate) fn of(
        m: &'m Module,
        first_line: &dyn Fn() -> Option<usize>,
        out: &mut Vec<Diagnostic>,
    ) -> Self {
        let line = |name: &str| named_line(m, name).or_else(first_line).unwrap_or(1);
        let mut model = dxil::shader_model(m).ok().flatten().map(|md| Model {
            md,
            version: md.version(),
        });
        // a shader model the database does not declare is reported and not used
        if let Some(mm) = &mut model
            && let Some(sm) = mm.version
            && let Err(e) = dxil_ops::version::check_shader_model(sm)
        {
            out.push(crate::diagnostic(
                line("dx.shaderModel"),
                ValidationRule::SmName,
                &[&*mm],
                e,
            ));
            mm.version = None;
        }
        let from_model = model.and_then(|s| s.version).and_then(dxil_ops::dxil_of);
        let written = dxil::dxil_version(m).ok().flatten().and_then(|v| v.dxil());
        let dxil = match (written, from_model) {
            (Some(v), _) => match dxil_ops::version::check_dxil(v) {
                Ok(v) => v,
                Err(e) => {
                    let used = from_model.unwrap_or_else(|| suggested(&e));
                    let last = latest();
                    out.push(crate::diagnostic(
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
                if let Some(line) = first_line() {
                    out.push(crate::diagnostic(
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
        let mut function_stages: Vec<Option<Stage<'m>>> =
            vec![if library { None } else { module_stage }; m.functions.len()];
        let mut launches: HashMap<FuncId, Option<u32>> = HashMap::new();
        for e in dxil::entry_points(m).flatten() {
            let Some(f) = e.function else { continue };
            let props = e.properties().ok();
            let launch = props
                .as_ref()
                .and_then(|p| p.node_launch_type_value().ok().flatten());
            // the last record of a function says its launch type, as its stage
            match launch {
                Some(_) => {
                    launches.insert(f, launch);
                }
                None => {
                    launches.entry(f).or_insert(None);
                }
            }
            if !library {
                continue;
            }
            let kind = props.and_then(|p| p.shader_kind().ok().flatten());
            if let Some(kind) = kind
                && kind != ShaderKind::Library
                && stage_exists(kind, dxil)
                && let Some(slot) = function_stages.get_mut(f.index())
            {
                *slot = Some(Stage {
                    kind,
                    entry: Some(e.name),
                });
            }
        }
        let mut entries: Vec<Entry> = launches
            .into_iter()
            .filter_map(|(function, launch)| {
                let stage = function_stages.get(function.index()).copied().flatten()?;
                Some(Entry {
                    function,
                    kind: stage.kind,
                    launch,
                })
            })
            .collect();
        entries.sort_by_key(|e| e.function.index());
        Facts {
            dxil,
            model,
            function_stages,
            library,
            entries,
            declared: Declared::of(m),
            target_types: target_types(m),
        }
    }

    /// The stage a call in `function` is checked for, if any.
    pub(crate) fn stage_of(&self, function: FuncId) -> Option<Stage<'m>> {
        self.function_stages
            .get(function.index())
            .copied()
            .flatten()
    }

    /// The shader model's name for messages (`ps_6_0`; in a library, with the stage of the
    /// calling entry as DXC writes it: `lib_6_3(ps)`, `lib_6_10(raygeneration)`), or the one
    /// that pairs with the DXIL version when the module has none.
    pub(crate) fn model_name(&self, stage: Option<Stage<'_>>) -> String {
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
pub(crate) fn latest() -> DxilVersion {
    DXIL_VERSIONS
        .last()
        .map_or(DxilVersion::new(1, 0), |v| v.dxil)
}
