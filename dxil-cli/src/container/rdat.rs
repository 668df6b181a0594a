//! The report of the runtime data (`RDAT`): its sub-parts, then a table of the resources, one
//! of the functions and one of the subobjects; a reference that does not resolve is reported
//! in the table's place.

use std::fmt::Write;

use dxil_module::container::psv::Words;
use dxil_module::container::rdat::{
    IoNodeAttribute, NodeFunctionAttribute, RdatIoNode, SubobjectDetail, part_type,
    subobject_kind_name,
};
use dxil_module::container::{FourCC, Rdat, name_or_number as name};
use dxil_ops::enums::{NodeLaunchType, ResourceClass, ResourceKind, ShaderKind};

use crate::table::Table;

/// Appends the report of the runtime data `rdat` of part `fourcc` to `out`.
pub fn write(out: &mut String, fourcc: FourCC, rdat: &Rdat<'_>) {
    let parts: Vec<String> = rdat
        .parts()
        .map(|p| {
            let name = part_type::name(p.part_type)
                .map_or_else(|| format!("type {}", p.part_type), str::to_owned);
            match p.table() {
                Some(t) => format!("{name} ({} of {} bytes)", t.count, t.stride),
                None => format!("{name} ({} bytes)", p.data.len()),
            }
        })
        .collect();
    let _ = writeln!(out, "{fourcc}: runtime data: {}", parts.join(", "));
    resources(out, rdat);
    functions(out, rdat);
    node_shaders(out, rdat);
    subobjects(out, rdat);
}

fn node_shaders(out: &mut String, rdat: &Rdat<'_>) {
    let nodes = rdat.functions().flatten().filter_map(|f| {
        let shader = rdat.node_shader(&f)?;
        Some(shader.map(|n| (f, n)))
    });
    let Some(nodes) = heading(out, "node shaders", nodes) else {
        return;
    };
    let mut table = Table::new(&["    name", "launch", "attributes", "inputs", "outputs"]);
    for (f, n) in &nodes {
        let attributes: Vec<String> = n
            .attributes
            .iter()
            .map(|i| match rdat.node_function_attribute(i, n.offset + 8) {
                Ok(a) => function_attribute(&a),
                Err(e) => e.to_string(),
            })
            .collect();
        let io = |list: Words<'_>, field: usize| -> String {
            let nodes: Vec<String> = list
                .iter()
                .map(|i| match rdat.io_node(i, field) {
                    Ok(node) => io_node(rdat, &node),
                    Err(e) => e.to_string(),
                })
                .collect();
            nodes.join("; ")
        };
        table.row(vec![
            format!("    {}", f.unmangled_name),
            name(n.launch_type, |v| NodeLaunchType::try_from(v).ok()),
            attributes.join(", "),
            io(n.inputs, n.offset + 16),
            io(n.outputs, n.offset + 12),
        ]);
    }
    table.write(out);
}

/// A node shader's attribute, as `dxil container` prints it.
fn function_attribute(a: &NodeFunctionAttribute<'_>) -> String {
    let words = |w: &Words<'_>| {
        w.iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    match a {
        NodeFunctionAttribute::Id(id) => format!("id {}[{}]", id.name, id.index),
        NodeFunctionAttribute::NumThreads(w) => format!("threads {}", words(w)),
        NodeFunctionAttribute::ShareInputOf(id) => {
            format!("shares input of {}[{}]", id.name, id.index)
        }
        NodeFunctionAttribute::DispatchGrid(w) => format!("dispatch grid {}", words(w)),
        NodeFunctionAttribute::MaxRecursionDepth(d) => format!("recursion depth {d}"),
        NodeFunctionAttribute::LocalRootArgumentsTableIndex(i) => {
            format!("local root arguments {i}")
        }
        NodeFunctionAttribute::MaxDispatchGrid(w) => format!("max dispatch grid {}", words(w)),
        NodeFunctionAttribute::Other { kind, value } => format!("kind {kind}: {value:#x}"),
    }
}

/// A node shader's input or output with its attributes, as `dxil container` prints it.
fn io_node(rdat: &Rdat<'_>, node: &RdatIoNode<'_>) -> String {
    let mut parts = vec![format!("flags {:#x}", node.flags_and_kind)];
    for i in node.attributes.iter() {
        parts.push(match rdat.io_node_attribute(i, node.offset + 4) {
            Ok(a) => match a {
                IoNodeAttribute::OutputId(id) => format!("to {}[{}]", id.name, id.index),
                IoNodeAttribute::MaxRecords(n) => format!("max records {n}"),
                IoNodeAttribute::MaxRecordsSharedWith(n) => format!("max records shared with {n}"),
                IoNodeAttribute::RecordSizeInBytes(n) => format!("record {n} bytes"),
                IoNodeAttribute::RecordDispatchGrid {
                    byte_offset,
                    components_and_type,
                } => format!(
                    "dispatch grid at byte {byte_offset} ({} components)",
                    components_and_type & 3
                ),
                IoNodeAttribute::OutputArraySize(n) => format!("array of {n}"),
                IoNodeAttribute::AllowSparseNodes(b) => format!("sparse {b}"),
                IoNodeAttribute::RecordAlignmentInBytes(n) => format!("aligned {n}"),
                IoNodeAttribute::MaxRecordsPerNode(n) => format!("max records per node {n}"),
                IoNodeAttribute::Other { kind, value } => format!("kind {kind}: {value:#x}"),
            },
            Err(e) => e.to_string(),
        });
    }
    parts.join(", ")
}

fn resources(out: &mut String, rdat: &Rdat<'_>) {
    let Some(records) = heading(out, "resources", rdat.resources()) else {
        return;
    };
    let mut table = Table::new(&[
        "    class",
        "kind",
        "id",
        "space",
        "registers",
        "name",
        "flags",
    ]);
    for r in &records {
        let upper = if r.upper_bound == u32::MAX {
            String::from("unbounded")
        } else {
            r.upper_bound.to_string()
        };
        table.row(vec![
            format!("    {}", name(r.class, |v| ResourceClass::try_from(v).ok())),
            name(r.kind, |v| ResourceKind::try_from(v).ok()),
            r.id.to_string(),
            r.space.to_string(),
            format!("{} to {upper}", r.lower_bound),
            r.name.to_owned(),
            format!("{:#x}", r.flags),
        ]);
    }
    table.write(out);
}

fn functions(out: &mut String, rdat: &Rdat<'_>) {
    let Some(records) = heading(out, "functions", rdat.functions()) else {
        return;
    };
    let mut table = Table::new(&[
        "    name",
        "kind",
        "resources",
        "payload",
        "attributes",
        "features",
        "calls",
    ]);
    for f in &records {
        let calls = match rdat.dependency_names(f).collect::<Result<Vec<_>, _>>() {
            Ok(names) => names.join(" "),
            Err(e) => e.to_string(),
        };
        let resources: Vec<String> = f.resources.iter().map(|i| i.to_string()).collect();
        table.row(vec![
            format!("    {}", f.unmangled_name),
            name(f.shader_kind, |v| ShaderKind::try_from(v).ok()),
            resources.join(" "),
            f.payload_size.to_string(),
            f.attribute_size.to_string(),
            format!("{:#x}", f.features),
            calls,
        ]);
    }
    table.write(out);
}

fn subobjects(out: &mut String, rdat: &Rdat<'_>) {
    let Some(records) = heading(out, "subobjects", rdat.subobjects()) else {
        return;
    };
    let mut table = Table::new(&["    name", "kind", "holds"]);
    for s in &records {
        let holds = match s.detail {
            SubobjectDetail::StateObjectConfig { flags } => format!("flags {flags:#x}"),
            SubobjectDetail::RootSignature { data, .. } => match s.detail.root_signature() {
                Some(Ok(rs)) => format!(
                    "root signature {}, {}, {}",
                    rs.version_name(),
                    count(rs.parameter_count(), "parameter"),
                    count(rs.sampler_count(), "static sampler")
                ),
                _ => format!("{} bytes", data.len()),
            },
            SubobjectDetail::ExportsAssociation { subobject, .. } => {
                match rdat.export_names(s).collect::<Result<Vec<_>, _>>() {
                    Ok(exports) => format!("{subobject} to {}", exports.join(" ")),
                    Err(e) => e.to_string(),
                }
            }
            SubobjectDetail::ShaderConfig {
                max_payload_size,
                max_attribute_size,
            } => format!("payload {max_payload_size} bytes, attributes {max_attribute_size} bytes"),
            SubobjectDetail::PipelineConfig {
                max_trace_recursion_depth,
                flags,
            } => match flags {
                Some(f) => format!("recursion depth {max_trace_recursion_depth}, flags {f:#x}"),
                None => format!("recursion depth {max_trace_recursion_depth}"),
            },
            SubobjectDetail::HitGroup {
                hit_group_type,
                any_hit,
                closest_hit,
                intersection,
            } => {
                let ty = if hit_group_type == 1 {
                    "procedural"
                } else {
                    "triangles"
                };
                format!(
                    "{ty}: any hit {any_hit:?}, closest hit {closest_hit:?}, intersection {intersection:?}"
                )
            }
            _ => String::new(),
        };
        table.row(vec![
            format!("    {}", s.name),
            subobject_kind_name(s.kind).map_or_else(|| format!("kind {}", s.kind), str::to_owned),
            holds,
        ]);
    }
    table.write(out);
}

/// `n` and `what`, plural unless `n` is 1.
fn count(n: u32, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// The records of a table, after a line with their count; `None`, after a line with the error
/// of the first that does not read, or when there are none (no line).
fn heading<T>(
    out: &mut String,
    what: &str,
    records: impl Iterator<Item = Result<T, dxil_module::container::Error>>,
) -> Option<Vec<T>> {
    match records.collect::<Result<Vec<T>, _>>() {
        Ok(r) if r.is_empty() => None,
        Ok(r) => {
            let _ = writeln!(out, "  {what}: {}", r.len());
            Some(r)
        }
        Err(e) => {
            let _ = writeln!(out, "  {what}: {e}");
            None
        }
    }
}
