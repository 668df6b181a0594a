//! Visits every view of a decoded container part, as a reader would: the mutation tests and
//! the fuzz target `container` walk every part they decode with it, so that an iterator that
//! reads a record again is reached too.

use dxil_module::container::root_signature::ParameterKind;
use dxil_module::container::{PartContent, RootSignature};

/// Visits every view of a decoded part.
pub fn walk(content: &PartContent<'_>) {
    match content {
        PartContent::Signature(s) => {
            for e in s.elements() {
                let _ = (e.system_value(), e.component_type(), e.min_precision());
            }
        }
        PartContent::Psv(p) => {
            let _ = (p.stage_info(), p.entry_function_name());
            for r in p.resources() {
                let _ = (r.resource_type(), r.kind());
            }
            let elements = p
                .input_elements()
                .chain(p.output_elements())
                .chain(p.patch_const_or_prim_elements());
            for e in elements {
                let _ = (
                    e.semantic_kind(),
                    e.interpolation_mode(),
                    e.semantic_indexes.iter().count(),
                );
            }
            let tables = p
                .input_to_output
                .iter()
                .chain([&p.input_to_pc_output, &p.pc_input_to_output]);
            for t in tables {
                for input in 0..t.inputs * 4 {
                    let _ = t.dependents(input).count();
                }
            }
        }
        PartContent::RootSignature(rs) => root_signature(rs),
        PartContent::RuntimeData(rdat) => {
            for t in rdat.tables() {
                let _ = (
                    t.bytes().len(),
                    t.record(t.count.saturating_sub(1)),
                    t.offset(),
                );
            }
            let _ = rdat.resources().count();
            for f in rdat.functions().flatten() {
                let _ = rdat.dependency_names(&f).count();
                if let Some(Ok(n)) = rdat.node_shader(&f) {
                    for i in n.attributes.iter() {
                        let _ = rdat.node_function_attribute(i, n.offset + 8);
                    }
                    for (list, field) in [(n.outputs, n.offset + 12), (n.inputs, n.offset + 16)] {
                        for node in list.iter().filter_map(|i| rdat.io_node(i, field).ok()) {
                            for i in node.attributes.iter() {
                                let _ = rdat.io_node_attribute(i, node.offset + 4);
                            }
                        }
                    }
                }
            }
            for s in rdat.subobjects().flatten() {
                let _ = rdat.export_names(&s).count();
                if let Some(Ok(rs)) = s.detail.root_signature() {
                    root_signature(&rs);
                }
            }
        }
        PartContent::Features(f) => {
            let _ = (f.flags(), f.unknown_bits());
        }
        PartContent::Program(p) => {
            let _ = (p.shader_kind(), p.shader_model(), p.dxil_version());
        }
        _ => {}
    }
}

/// Visits every parameter, range and static sampler of a root signature.
fn root_signature(rs: &RootSignature<'_>) {
    for p in rs.parameters() {
        if let ParameterKind::Table(t) = p.kind {
            let _ = t.ranges().count();
        }
    }
    let _ = rs.samplers().count();
}
