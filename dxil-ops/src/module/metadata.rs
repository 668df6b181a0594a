//! The metadata of a module's shader as LLVM IR text: `!dx.version`, `!dx.valver`,
//! `!dx.shaderModel`, `!dx.resources`, `!dx.viewIdState` and `!dx.entryPoints`, with the
//! records DXIL lays out for signature elements, resources and entry-point properties.
//!
//! The view-ID state is not computed here: DXC computes it from an analysis of the shader's
//! code (which input components each output component depends on, which outputs depend on the
//! view ID), and the module does not see the code of the functions its caller writes. A table
//! made from the declarations alone would claim dependences nobody checked, so the module
//! writes the state it is given ([`Module::set_view_id_state`]): the caller computes it from
//! its code, e.g. with `dxil_module::assemble::viewid::compute` on the module's text written
//! without it (`examples/emit_stages.rs` does so).

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write as _};

use super::Module;
use super::entry::{EntryPoint, Stage};
use super::shader::{Element, ModuleError, ResourceRecord};
use crate::call::Target;
use crate::fmt_util::{LlvmName, MdString};
use crate::resource::Layout;
use crate::rules::ValidationRule;
use crate::{DxilVersion, ShaderKind, ShaderModel};

/// Tags of a resource's extra properties.
const ELEMENT_TYPE_TAG: u32 = 0;
const STRIDE_TAG: u32 = 1;
/// Tags of a signature element's extra properties.
const OUTPUT_STREAM_TAG: u32 = 0;
const USAGE_MASK_TAG: u32 = 3;

/// The metadata of a module, ready to print: the named metadata, then the numbered nodes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Metadata {
    named: Vec<(&'static str, u32)>,
    first: u32,
    nodes: Vec<String>,
}

/// Numbered nodes, each distinct text once (LLVM uniques equal nodes anyway).
pub(super) struct Nodes {
    first: u32,
    texts: Vec<String>,
    index: BTreeMap<String, u32>,
}

impl Nodes {
    /// The number of the node `text`, added unless it is there.
    pub(super) fn add(&mut self, text: String) -> u32 {
        if let Some(&n) = self.index.get(&text) {
            return n;
        }
        let n = self.first.saturating_add(self.texts.len() as u32);
        self.index.insert(text.clone(), n);
        self.texts.push(text);
        n
    }

    /// `!N` for a node, `null` for none.
    fn reference(n: Option<u32>) -> String {
        n.map_or_else(|| "null".into(), |n| format!("!{n}"))
    }
}

impl fmt::Display for Metadata {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, node) in &self.named {
            writeln!(f, "!{name} = !{{!{node}}}")?;
        }
        if !self.named.is_empty() {
            f.write_char('\n')?;
        }
        for (i, text) in self.nodes.iter().enumerate() {
            writeln!(f, "!{} = !{{{text}}}", self.first.saturating_add(i as u32))?;
        }
        Ok(())
    }
}

impl Module {
    /// The module's metadata for `target`, its nodes numbered from `!first`: `!dx.version`,
    /// `!dx.valver` when the module declares a validator version, `!dx.shaderModel` (as
    /// [`super::metadata`] writes them, the validator version between them), `!dx.resources`
    /// when it declares resources, `!dx.viewIdState` when it was given a view-ID state that
    /// is not all zeros (as DXC leaves it out then), `!dx.entryPoints` when it has an entry
    /// point (its
    /// signatures, resources and properties: shader flags, its kind in a library, the
    /// properties of its stage).
    ///
    /// The entry point's stage must be the target's; ray-tracing and node shaders are entries
    /// of libraries. Its properties are checked against the limits of DXC's validator at the
    /// target's shader model ([`ModuleError::Rule`] names the rule), and so are the
    /// signature elements that depend on them: only a geometry shader's outputs go to other
    /// streams than 0, to streams it writes, and a hull shader without input control points
    /// has no input signature. The validator version must be able to validate the target's
    /// DXIL version (or be 0.0, no validation).
    pub fn metadata(&self, target: &Target, first: u32) -> Result<Metadata, ModuleError> {
        let shader = &self.shader;
        let entry = shader.entry.as_ref();
        let described = shader.signatures.iter().any(|s| !s.is_empty())
            || shader.view_id.iter().any(|&w| w != 0);
        if entry.is_none() && described {
            return Err(ModuleError::NoEntryPoint);
        }
        let target = match entry {
            Some(e) => self.check_entry(e, target)?,
            None => *target,
        };
        let mut nodes = Nodes {
            first,
            texts: Vec::new(),
            index: BTreeMap::new(),
        };
        // the version nodes first, numbered as `super::metadata` numbers them
        let (v, kind, sm) = super::version_fields(&target);
        let version = nodes.add(format!("i32 {}, i32 {}", v.major, v.minor));
        let mut named = alloc::vec![("dx.version", version)];
        if let Some(val) = shader.validator {
            check_validator(val, v)?;
            let n = nodes.add(format!("i32 {}, i32 {}", val.major, val.minor));
            named.push(("dx.valver", n));
        }
        let model = nodes.add(format!(
            "{}, i32 {}, i32 {}",
            MdString(kind),
            sm.major,
            sm.minor
        ));
        named.push(("dx.shaderModel", model));
        let resources = self.resources_node(&mut nodes);
        if let Some(r) = resources {
            named.push(("dx.resources", r));
        }
        let view_id = &shader.view_id;
        if view_id.iter().any(|&w| w != 0) {
            let words: Vec<String> = view_id.iter().map(|w| format!("i32 {w}")).collect();
            let text = format!("[{} x i32] [{}]", words.len(), words.join(", "));
            named.push(("dx.viewIdState", nodes.add(text)));
        }
        if let Some(e) = entry {
            let n = self.entry_node(&mut nodes, e, &target, sm, resources);
            named.push(("dx.entryPoints", n));
        }
        Ok(Metadata {
            named,
            first,
            nodes: nodes.texts,
        })
    }

    /// Checks the entry point against `target` and its signatures against the entry point;
    /// gives the target with the entry's stage.
    fn check_entry(&self, e: &EntryPoint, target: &Target) -> Result<Target, ModuleError> {
        let kind = e.kind();
        let target = match target.stage {
            Some(t) if !target.library && kind != t => {
                return Err(ModuleError::Stage {
                    entry: kind,
                    target: t,
                });
            }
            None if !target.library => target.with_stage(kind),
            _ => *target,
        };
        if kind.profile_prefix() == "lib" && !target.library {
            return Err(ModuleError::LibraryOnly(kind));
        }
        if !kind.is_valid_at(target.dxil) {
            return Err(ModuleError::StageVersion {
                stage: kind,
                dxil: target.dxil,
            });
        }
        let (_, _, sm) = super::version_fields(&target);
        e.check(target.dxil, sm, target.library)?;
        let [inputs, outputs, _] = &self.shader.signatures;
        if let Stage::Hull(hs) = &e.stage
            && hs.input_control_points == 0
            && !inputs.is_empty()
        {
            return Err(super::checks::rule(
                ValidationRule::SmZeroHsInputControlPointWithInput,
                &[],
            ));
        }
        let streams = match &e.stage {
            Stage::Geometry(gs) => gs.streams,
            _ => 1,
        };
        let elements = inputs
            .iter()
            .chain(outputs)
            .chain(&self.shader.signatures[2]);
        for (i, el) in elements.enumerate() {
            let output = (inputs.len()..inputs.len() + outputs.len()).contains(&i);
            if el.stream != 0 && (!output || kind != ShaderKind::Geometry) {
                return Err(ModuleError::Element {
                    semantic: el.semantic.clone(),
                    reason: "only the outputs of a geometry shader go to another stream than 0",
                });
            }
            if streams >> el.stream & 1 == 0 {
                return Err(ModuleError::Element {
                    semantic: el.semantic.clone(),
                    reason: "the element goes to a stream the geometry shader does not write",
                });
            }
        }
        Ok(target)
    }

    /// The node of the four resource lists, if the module declares resources.
    fn resources_node(&self, nodes: &mut Nodes) -> Option<u32> {
        let lists = &self.shader.resources;
        if lists.iter().all(Vec::is_empty) {
            return None;
        }
        let mut refs = Vec::new();
        for (slot, list) in lists.iter().enumerate() {
            let records: Vec<String> = list
                .iter()
                .enumerate()
                .map(|(id, r)| format!("!{}", resource_record(nodes, slot, id as u32, r)))
                .collect();
            refs.push(if records.is_empty() {
                "null".into()
            } else {
                format!("!{}", nodes.add(records.join(", ")))
            });
        }
        Some(nodes.add(refs.join(", ")))
    }

    fn entry_node(
        &self,
        nodes: &mut Nodes,
        e: &EntryPoint,
        target: &Target,
        sm: ShaderModel,
        resources: Option<u32>,
    ) -> u32 {
        let sigs = &self.shader.signatures;
        let signatures = if sigs.iter().all(Vec::is_empty) {
            None
        } else {
            let lists: Vec<String> = sigs
                .iter()
                .map(|list| {
                    let elements: Vec<String> = list
                        .iter()
                        .enumerate()
                        .map(|(id, el)| format!("!{}", element_record(nodes, id as u32, el)))
                        .collect();
                    if elements.is_empty() {
                        "null".into()
                    } else {
                        format!("!{}", nodes.add(elements.join(", ")))
                    }
                })
                .collect();
            Some(nodes.add(lists.join(", ")))
        };
        let props = super::properties::properties(nodes, e, sm, target.library);
        let props = (!props.is_empty()).then(|| nodes.add(props.join(", ")));
        let text = format!(
            "void ()* {}, {}, {}, {}, {}",
            LlvmName('@', &e.function),
            MdString(&e.name),
            Nodes::reference(signatures),
            Nodes::reference(resources),
            Nodes::reference(props)
        );
        nodes.add(text)
    }
}

/// Checks that the validator version `val` can validate DXIL `dxil`: a DXIL version the
/// database knows, not before `dxil`, or 0.0 (no validation).
fn check_validator(val: DxilVersion, dxil: DxilVersion) -> Result<(), ModuleError> {
    let known = crate::DXIL_VERSIONS
        .iter()
        .any(|d| d.dxil.major == val.major && d.dxil.minor == val.minor);
    if val == DxilVersion::new(0, 0) || (known && !val.is_before(dxil)) {
        Ok(())
    } else {
        Err(ModuleError::ValidatorVersion {
            validator: val,
            dxil,
        })
    }
}

/// A signature element record: id, name, component type, semantic kind, semantic indices,
/// interpolation, rows, columns, start row and column, extra properties.
fn element_record(nodes: &mut Nodes, id: u32, el: &Element) -> u32 {
    let indices: Vec<String> = (0..el.rows)
        .map(|r| format!("i32 {}", el.index.saturating_add(r)))
        .collect();
    let indices = nodes.add(indices.join(", "));
    let (row, col) = el.start.map_or((-1, -1), |(r, c)| (r as i64, c as i64));
    // the output stream when not 0, then the usage mask when not 0, as DXC writes them
    let mut extra = Vec::new();
    if el.stream != 0 {
        extra.push(format!("i32 {OUTPUT_STREAM_TAG}, i32 {}", el.stream));
    }
    let mask = el.usage_mask();
    if mask != 0 {
        extra.push(format!("i32 {USAGE_MASK_TAG}, i32 {mask}"));
    }
    let extra = (!extra.is_empty()).then(|| nodes.add(extra.join(", ")));
    nodes.add(format!(
        "i32 {id}, {}, i8 {}, i8 {}, !{indices}, i8 {}, i32 {}, i8 {}, i32 {row}, i8 {col}, {}",
        MdString(&el.semantic),
        el.component as u32,
        el.kind as u32,
        el.interpolation as u32,
        el.rows,
        el.cols,
        Nodes::reference(extra)
    ))
}

/// A resource record: the common fields, then those of its class.
fn resource_record(nodes: &mut Nodes, slot: usize, id: u32, r: &ResourceRecord) -> u32 {
    let b = &r.binding;
    // an unbounded range (to the last register) has size -1
    let size = if b.upper == u32::MAX {
        -1
    } else {
        b.upper.wrapping_sub(b.lower).wrapping_add(1) as i32
    };
    let p = &r.properties;
    let common = format!(
        "i32 {id}, {}* undef, {}, i32 {}, i32 {}, i32 {size}, i32 {}",
        r.symbol_type(),
        MdString(&r.name),
        b.space,
        b.lower,
        p.kind as u32
    );
    let extra = match p.layout {
        Layout::Typed { component, .. } => {
            Some(nodes.add(format!("i32 {ELEMENT_TYPE_TAG}, i32 {}", component as u32)))
        }
        Layout::Structured { stride } => Some(nodes.add(format!("i32 {STRIDE_TAG}, i32 {stride}"))),
        _ => None,
    };
    let extra = Nodes::reference(extra);
    let text = match slot {
        0 => {
            let samples = match p.layout {
                Layout::Typed { samples, .. } => samples,
                _ => 0,
            };
            format!("{common}, i32 {samples}, {extra}")
        }
        1 => {
            let f = p.uav.unwrap_or_default();
            format!(
                "{common}, i1 {}, i1 {}, i1 {}, {extra}",
                f.globally_coherent, f.counter, f.rov
            )
        }
        // a constant buffer's size, a sampler's kind (default or comparison), in place of the kind
        2 => {
            let size = match p.layout {
                Layout::CBuffer { size } => size,
                _ => 0,
            };
            common_without_kind(&common, &format!("i32 {size}, null"))
        }
        _ => common_without_kind(&common, &format!("i32 {}, null", u32::from(p.comparison))),
    };
    nodes.add(text)
}

/// The common fields (which end with the kind) with `rest` in place of the kind.
fn common_without_kind(common: &str, rest: &str) -> String {
    let head = common.rsplit_once(", i32 ").map_or(common, |(h, _)| h);
    format!("{head}, {rest}")
}
