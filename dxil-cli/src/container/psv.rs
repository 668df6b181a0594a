//! The report of a PSV0 part: a summary of its runtime information and tables.

use std::fmt::Write;

use dxil_module::container::psv::{DependenceTable, PsvElement, StageInfo};
use dxil_module::container::{FourCC, Psv, PsvResourceType, SigComponentType, name_or_number};
use dxil_ops::ShaderKind;
use dxil_ops::enums::{
    InputPrimitive, InterpolationMode, MeshOutputTopology, PrimitiveTopology, ResourceKind,
    SemanticKind, TessellatorDomain, TessellatorOutputPrimitive,
};

use crate::table::Table;

/// Appends the report of the PSV0 part `p` to `out`.
pub fn write(out: &mut String, fourcc: FourCC, p: &Psv<'_>) {
    let stage = match p.stage {
        Some(s) => name_or_number(s, |v| {
            ShaderKind::from_value(v.into()).map(ShaderKind::name)
        }),
        None => "unknown stage".to_owned(),
    };
    let _ = write!(out, "{fourcc}: version {}, {stage}", p.version());
    if let Some(name) = p.entry_function_name() {
        let _ = write!(out, ", entry {name}");
    }
    out.push('\n');
    let info = &p.info;
    let lanes = match (info.min_wave_lane_count, info.max_wave_lane_count) {
        (0, u32::MAX) => "any".to_owned(),
        (min, max) => format!("{min} to {max}"),
    };
    let _ = writeln!(out, "  wave lanes: {lanes}");
    if let Some(stage) = stage_fields(p) {
        let _ = writeln!(out, "  {stage}");
    }
    if let Some(t) = info.num_threads.filter(|t| *t != [0; 3]) {
        let _ = writeln!(out, "  threads: {} x {} x {}", t[0], t[1], t[2]);
    }
    if let Some(bytes) = info.num_bytes_group_shared_memory {
        let _ = writeln!(out, "  groupshared memory: {bytes} bytes");
    }
    resources(out, p);
    if let Some(v1) = info.v1 {
        let _ = writeln!(
            out,
            "  vectors: {} in, {:?} out per stream, {} patch-constant or primitive; view ID {}",
            v1.sig_input_vectors,
            v1.sig_output_vectors,
            v1.sig_patch_const_or_prim_vectors(),
            if v1.uses_view_id != 0 {
                "used"
            } else {
                "not used"
            }
        );
        elements(out, "input", &mut p.input_elements());
        elements(out, "output", &mut p.output_elements());
        elements(
            out,
            "patch-constant or primitive",
            &mut p.patch_const_or_prim_elements(),
        );
        dependences(out, p);
    }
    if !p.info_extra.is_empty() || !p.trailing.is_empty() {
        let _ = writeln!(
            out,
            "  kept as bytes: {} of later runtime information, {} after the tables",
            p.info_extra.len(),
            p.trailing.len()
        );
    }
}

/// The per-stage fields, named.
fn stage_fields(p: &Psv<'_>) -> Option<String> {
    let yes = |b: u8| if b != 0 { "yes" } else { "no" };
    let name = |v: u32, f: fn(u32) -> Option<String>| f(v).unwrap_or_else(|| v.to_string());
    Some(match p.stage_info() {
        StageInfo::Vertex {
            output_position_present,
        } => format!("position output: {}", yes(output_position_present)),
        StageInfo::Pixel {
            depth_output,
            sample_frequency,
        } => format!(
            "depth output: {}, per sample: {}",
            yes(depth_output),
            yes(sample_frequency)
        ),
        StageInfo::Hull {
            input_control_points,
            output_control_points,
            tessellator_domain,
            tessellator_output_primitive,
        } => format!(
            "control points: {input_control_points} in, {output_control_points} out; domain {}, output {}",
            name(tessellator_domain, |v| TessellatorDomain::try_from(v)
                .ok()
                .map(|e| e.to_string())),
            name(tessellator_output_primitive, |v| {
                TessellatorOutputPrimitive::try_from(v)
                    .ok()
                    .map(|e| e.to_string())
            }),
        ),
        StageInfo::Domain {
            input_control_points,
            output_position_present,
            tessellator_domain,
        } => format!(
            "control points: {input_control_points} in; domain {}; position output: {}",
            name(tessellator_domain, |v| TessellatorDomain::try_from(v)
                .ok()
                .map(|e| e.to_string())),
            yes(output_position_present)
        ),
        StageInfo::Geometry {
            input_primitive,
            output_topology,
            output_stream_mask,
            output_position_present,
        } => format!(
            "input {}, output {}, streams {output_stream_mask:#x}, position output: {}, max vertices {}",
            name(input_primitive, |v| InputPrimitive::try_from(v)
                .ok()
                .map(|e| e.to_string())),
            name(output_topology, |v| PrimitiveTopology::try_from(v)
                .ok()
                .map(|e| e.to_string())),
            yes(output_position_present),
            p.info.v1.map_or(0, |v| v.max_vertex_count()),
        ),
        StageInfo::Mesh {
            group_shared_bytes_used,
            group_shared_bytes_dependent_on_view_id,
            payload_size,
            max_output_vertices,
            max_output_primitives,
        } => format!(
            "group shared: {group_shared_bytes_used} bytes ({group_shared_bytes_dependent_on_view_id} \
             depend on the view ID), payload {payload_size} bytes, at most {max_output_vertices} \
             vertices and {max_output_primitives} primitives, topology {}",
            name(
                p.info.v1.map_or(0, |v| v.mesh_output_topology()).into(),
                |v| MeshOutputTopology::try_from(v).ok().map(|e| e.to_string())
            ),
        ),
        StageInfo::Amplification { payload_size } => format!("payload {payload_size} bytes"),
        _ => return None,
    })
}

fn resources(out: &mut String, p: &Psv<'_>) {
    let n = p.resources().count();
    let _ = writeln!(out, "  resources: {n}");
    if n == 0 {
        return;
    }
    let mut table = Table::new(&["type", "space", "registers", "kind", "flags"]);
    for r in p.resources() {
        let upper = match r.upper_bound {
            u32::MAX => "unbounded".to_owned(),
            u => u.to_string(),
        };
        table.row(vec![
            name_or_number(r.resource_type, PsvResourceType::from_value),
            r.space.to_string(),
            format!("{} to {upper}", r.lower_bound),
            r.kind.map_or_else(
                || "-".to_owned(),
                |k| name_or_number(k, |v| ResourceKind::try_from(v).ok()),
            ),
            r.flags
                .map_or_else(|| "-".to_owned(), |f| format!("{f:#x}")),
        ]);
    }
    let mut text = String::new();
    table.write(&mut text);
    indent(out, &text);
}

fn elements(out: &mut String, what: &str, elements: &mut dyn Iterator<Item = PsvElement<'_>>) {
    let mut table = Table::new(&[
        "name",
        "indexes",
        "rows",
        "start",
        "cols",
        "kind",
        "type",
        "interpolation",
        "stream",
        "dynamic",
    ]);
    let mut n = 0;
    for e in elements {
        n += 1;
        let name = if e.semantic_name.is_empty() {
            "-"
        } else {
            e.semantic_name
        };
        let indexes: Vec<String> = e.semantic_indexes.iter().map(|i| i.to_string()).collect();
        let start = if e.is_allocated() {
            format!("{}.{}", e.start_row, e.start_col())
        } else {
            "-".to_owned()
        };
        table.row(vec![
            name.to_owned(),
            indexes.join(","),
            e.rows.to_string(),
            start,
            e.cols().to_string(),
            name_or_number(e.semantic_kind.into(), |v| SemanticKind::try_from(v).ok()),
            name_or_number(e.component_type.into(), SigComponentType::from_value),
            name_or_number(e.interpolation_mode.into(), |v| {
                InterpolationMode::try_from(v).ok()
            }),
            e.output_stream().to_string(),
            format!("{:#x}", e.dynamic_index_mask()),
        ]);
    }
    if n == 0 {
        return;
    }
    let _ = writeln!(out, "  {what} elements: {n}");
    let mut text = String::new();
    table.write(&mut text);
    indent(out, &text);
}

fn dependences(out: &mut String, p: &Psv<'_>) {
    let count = |words: &dxil_module::container::psv::Words<'_>| {
        words.iter().map(u32::count_ones).sum::<u32>()
    };
    for (stream, mask) in p.view_id_output_masks.iter().enumerate() {
        if !mask.is_empty() {
            let _ = writeln!(
                out,
                "  view ID affects {} output components of stream {stream}",
                count(mask)
            );
        }
    }
    if !p.view_id_pc_or_prim_mask.is_empty() {
        let _ = writeln!(
            out,
            "  view ID affects {} patch-constant or primitive components",
            count(&p.view_id_pc_or_prim_mask)
        );
    }
    let mut table = |what: String, t: &DependenceTable<'_>| {
        if !t.is_empty() {
            let _ = writeln!(
                out,
                "  {what}: {} dependences of {} outputs on {} inputs",
                count(&t.words),
                t.outputs * 4,
                t.inputs * 4
            );
        }
    };
    for (stream, t) in p.input_to_output.iter().enumerate() {
        table(format!("inputs to outputs of stream {stream}"), t);
    }
    table(
        "inputs to patch-constant outputs".to_owned(),
        &p.input_to_pc_output,
    );
    table(
        "patch-constant inputs to outputs".to_owned(),
        &p.pc_input_to_output,
    );
}

/// Appends `text` with every line indented by two more spaces.
fn indent(out: &mut String, text: &str) {
    for line in text.lines() {
        let _ = writeln!(out, "  {line}");
    }
}
