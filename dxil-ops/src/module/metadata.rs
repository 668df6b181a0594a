//! The metadata of a module's shader as LLVM IR text: `!dx.version`, `!dx.shaderModel`,
//! `!dx.resources` and `!dx.entryPoints`, with the records DXIL lays out for signature
//! elements, resources and entry-point properties.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write as _};

use super::Module;
use super::shader::{Element, EntryPoint, ModuleError, ResourceRecord};
use crate::ShaderKind;
use crate::call::Target;
use crate::fmt_util::{LlvmName, MdString};
use crate::resource::Layout;

/// Tags of an entry point's properties (DXC's `kDxil*Tag`; DXIL.rst, "Shader Properties").
const SHADER_FLAGS_TAG: u32 = 0;
const NUM_THREADS_TAG: u32 = 4;
const SHADER_KIND_TAG: u32 = 8;
/// Tags of a resource's extra properties.
const ELEMENT_TYPE_TAG: u32 = 0;
const STRIDE_TAG: u32 = 1;
/// Tag of a signature element's usage mask.
const USAGE_MASK_TAG: u32 = 3;

/// The metadata of a module, ready to print: the named metadata, then the numbered nodes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Metadata {
    named: Vec<(&'static str, u32)>,
    first: u32,
    nodes: Vec<String>,
}

/// Numbered nodes, each distinct text once (LLVM uniques equal nodes anyway).
struct Nodes {
    first: u32,
    texts: Vec<String>,
    index: BTreeMap<String, u32>,
}

impl Nodes {
    fn add(&mut self, text: String) -> u32 {
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
    /// The module's metadata for `target`, its nodes numbered from `!first`: `!dx.version`
    /// and `!dx.shaderModel` (as [`super::metadata`] writes them), `!dx.resources` when it
    /// declares resources, `!dx.entryPoints` when it has an entry point (its signatures,
    /// resources, shader flags, thread-group size, and its kind in a library).
    ///
    /// The entry point's stage must be the target's, and a compute, mesh, amplification or
    /// node entry point needs its thread-group size (which the others do not take).
    pub fn metadata(&self, target: &Target, first: u32) -> Result<Metadata, ModuleError> {
        let shader = &self.shader;
        let entry = shader.entry.as_ref();
        if entry.is_none() && shader.signatures.iter().any(|s| !s.is_empty()) {
            return Err(ModuleError::NoEntryPoint);
        }
        let target = match (entry, target.stage) {
            (Some(e), Some(t)) if !target.library && e.stage != t => {
                return Err(ModuleError::Stage {
                    entry: e.stage,
                    target: t,
                });
            }
            (Some(e), None) if !target.library => target.with_stage(e.stage),
            _ => *target,
        };
        if let Some(e) = entry {
            check_numthreads(e)?;
        }
        let mut nodes = Nodes {
            first,
            texts: Vec::new(),
            index: BTreeMap::new(),
        };
        // the version nodes first, numbered as `super::metadata` numbers them
        let (v, kind, sm) = super::version_fields(&target);
        let version = nodes.add(format!("i32 {}, i32 {}", v.major, v.minor));
        let model = nodes.add(format!(
            "{}, i32 {}, i32 {}",
            MdString(kind),
            sm.major,
            sm.minor
        ));
        let mut named = alloc::vec![("dx.version", version), ("dx.shaderModel", model)];
        let resources = self.resources_node(&mut nodes);
        if let Some(r) = resources {
            named.push(("dx.resources", r));
        }
        if let Some(e) = entry {
            let n = self.entry_node(&mut nodes, e, &target, resources);
            named.push(("dx.entryPoints", n));
        }
        Ok(Metadata {
            named,
            first,
            nodes: nodes.texts,
        })
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
        let mut props = Vec::new();
        if !e.flags.is_empty() {
            props.push(format!("i32 {SHADER_FLAGS_TAG}, i64 {}", e.flags.bits()));
        }
        if target.library {
            props.push(format!("i32 {SHADER_KIND_TAG}, i32 {}", e.stage as u32));
        }
        if let Some([x, y, z]) = e.numthreads {
            let n = nodes.add(format!("i32 {x}, i32 {y}, i32 {z}"));
            props.push(format!("i32 {NUM_THREADS_TAG}, !{n}"));
        }
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

/// Checks that the entry point has a thread-group size exactly where its stage needs one.
fn check_numthreads(e: &EntryPoint) -> Result<(), ModuleError> {
    let needs = matches!(
        e.stage,
        ShaderKind::Compute | ShaderKind::Mesh | ShaderKind::Amplification
    );
    let takes = needs || e.stage == ShaderKind::Node;
    match e.numthreads {
        Some(dims) if takes && dims.iter().all(|&d| d >= 1) => Ok(()),
        None if !needs => Ok(()),
        _ => Err(ModuleError::NumThreads(e.stage)),
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
    let mask = el.usage_mask();
    let extra = (mask != 0).then(|| nodes.add(format!("i32 {USAGE_MASK_TAG}, i32 {mask}")));
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
