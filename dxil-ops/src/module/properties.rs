//! An entry point's properties list as DXC writes it (`EmitDxilEntryProperties`): tag/value
//! pairs in DXC's order: the shader flags, the shader kind (library entries), a node's
//! state, the stage's properties, the automatic binding space.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::entry::{EntryPoint, NodeState, Stage, WaveSize};
use super::metadata::Nodes;
use super::tag;
use crate::ShaderModel;
use crate::fmt_util::{LlvmName, MdString};

/// The pairs of the properties list of `e`, each `i32 TAG, VALUE`, its tuples added to
/// `nodes`; `sm` is the shader model, `library` whether the module is a library.
pub(super) fn properties(
    nodes: &mut Nodes,
    e: &EntryPoint,
    sm: ShaderModel,
    library: bool,
) -> Vec<String> {
    let mut props = Vec::new();
    let mut pair = |tag: u32, value: String| props.push(format!("i32 {tag}, {value}"));
    if !e.flags.is_empty() {
        pair(tag::SHADER_FLAGS, format!("i64 {}", e.flags.bits()));
    }
    if library {
        pair(tag::SHADER_KIND, format!("i32 {}", e.kind() as u32));
    }
    match &e.stage {
        Stage::Pixel | Stage::Vertex | Stage::RayGeneration | Stage::Intersection => {}
        Stage::Geometry(s) => {
            let text = format!(
                "i32 {}, i32 {}, i32 {}, i32 {}, i32 {}",
                s.input_primitive as u32,
                s.max_vertex_count,
                s.streams,
                s.output_topology as u32,
                s.instance_count
            );
            pair(tag::GS_STATE, tuple(nodes, text));
        }
        Stage::Domain(s) => {
            let text = format!("i32 {}, i32 {}", s.domain as u32, s.input_control_points);
            pair(tag::DS_STATE, tuple(nodes, text));
        }
        Stage::Hull(s) => {
            let text = format!(
                "void ()* {}, i32 {}, i32 {}, i32 {}, i32 {}, i32 {}, float {}",
                LlvmName('@', &s.patch_constant_function),
                s.input_control_points,
                s.output_control_points,
                s.domain as u32,
                s.partitioning as u32,
                s.output_primitive as u32,
                llvm_float(s.max_tess_factor)
            );
            pair(tag::HS_STATE, tuple(nodes, text));
        }
        Stage::Compute(s) => {
            pair(tag::NUM_THREADS, tuple(nodes, threads(s.numthreads)));
            if let Some(w) = s.wave_size {
                let (t, text) = wave_size(w, sm);
                pair(t, tuple(nodes, text));
            }
        }
        Stage::AnyHit {
            payload_size,
            attribute_size,
        }
        | Stage::ClosestHit {
            payload_size,
            attribute_size,
        } => {
            pair(tag::RAY_PAYLOAD_SIZE, format!("i32 {payload_size}"));
            pair(tag::RAY_ATTRIB_SIZE, format!("i32 {attribute_size}"));
        }
        Stage::Miss { payload_size }
        | Stage::Callable {
            parameter_size: payload_size,
        } => pair(tag::RAY_PAYLOAD_SIZE, format!("i32 {payload_size}")),
        Stage::Mesh(s) => {
            let n = nodes.add(threads(s.numthreads));
            let text = format!(
                "!{n}, i32 {}, i32 {}, i32 {}, i32 {}",
                s.max_vertex_count, s.max_primitive_count, s.output_topology as u32, s.payload_size
            );
            pair(tag::MS_STATE, tuple(nodes, text));
        }
        Stage::Amplification(s) => {
            let n = nodes.add(threads(s.numthreads));
            let text = format!("!{n}, i32 {}", s.payload_size);
            pair(tag::AS_STATE, tuple(nodes, text));
        }
        Stage::Node(s) => {
            for (t, value) in node_state(nodes, s, &e.name, sm) {
                pair(t, value);
            }
            let n = threads(s.launch.numthreads());
            pair(tag::NUM_THREADS, tuple(nodes, n));
        }
    }
    if let Some(space) = e.auto_binding_space {
        pair(
            tag::AUTO_BINDING_SPACE,
            tuple(nodes, format!("i32 {space}")),
        );
    }
    props
}

/// The node-specific pairs (DXC's `EmitDxilNodeState`): launch type, wave size, program
/// entry, id, local root arguments table index, dispatch grid, recursion depth.
fn node_state(
    nodes: &mut Nodes,
    s: &NodeState,
    entry_name: &str,
    sm: ShaderModel,
) -> Vec<(u32, String)> {
    let mut pairs = alloc::vec![(tag::NODE_LAUNCH_TYPE, format!("i32 {}", s.launch.value()))];
    if let Some(w) = s.wave_size {
        let (t, text) = wave_size(w, sm);
        pairs.push((t, format!("!{}", nodes.add(text))));
    }
    if s.program_entry {
        pairs.push((tag::NODE_IS_PROGRAM_ENTRY, "i1 true".into()));
    }
    let (name, index) = match &s.id {
        Some((name, index)) => (name.as_str(), *index),
        None => (entry_name, 0),
    };
    let id = nodes.add(format!("{}, i32 {index}", MdString(name)));
    pairs.push((tag::NODE_ID, format!("!{id}")));
    // no index is `UINT_MAX`, which LLVM prints as -1
    let table = s.local_root_arguments_table_index.unwrap_or(u32::MAX) as i32;
    pairs.push((
        tag::NODE_LOCAL_ROOT_ARGUMENTS_TABLE_INDEX,
        format!("i32 {table}"),
    ));
    if let super::entry::NodeLaunch::Broadcasting { dispatch_grid, .. } = s.launch {
        let grid = nodes.add(threads(dispatch_grid));
        pairs.push((tag::NODE_DISPATCH_GRID, format!("!{grid}")));
    }
    if s.max_recursion_depth != 0 {
        pairs.push((
            tag::NODE_MAX_RECURSION_DEPTH,
            format!("i32 {}", s.max_recursion_depth),
        ));
    }
    pairs
}

/// A reference to the tuple `text`, added to `nodes`.
fn tuple(nodes: &mut Nodes, text: String) -> String {
    format!("!{}", nodes.add(text))
}

/// The text of a tuple of three `i32`.
fn threads([x, y, z]: [u32; 3]) -> String {
    format!("i32 {x}, i32 {y}, i32 {z}")
}

/// The tag and tuple of a wave size: tag 11 with the one size before shader model 6.8, tag
/// 23 with minimum, maximum and preferred from 6.8.
fn wave_size(w: WaveSize, sm: ShaderModel) -> (u32, String) {
    let [min, max, preferred] = w.ranged();
    if sm >= ShaderModel::new(6, 8) {
        (
            tag::RANGED_WAVE_SIZE,
            format!("i32 {min}, i32 {max}, i32 {preferred}"),
        )
    } else {
        (tag::WAVE_SIZE, format!("i32 {min}"))
    }
}

/// A `float` constant as LLVM prints it: six digits after the point and a signed exponent of
/// two digits or more (`6.400000e+01`) when that reads back as the same value, otherwise the
/// 16 hexadecimal digits of its `double` (`0x3FF19999A0000000`).
pub(super) fn llvm_float(value: f32) -> String {
    let v = f64::from(value);
    let text = format!("{v:.6e}");
    if let Some((mantissa, exponent)) = text.split_once('e') {
        let (sign, digits) = match exponent.strip_prefix('-') {
            Some(d) => ('-', d),
            None => ('+', exponent),
        };
        let decimal = format!("{mantissa}e{sign}{digits:0>2}");
        if decimal.parse::<f64>().is_ok_and(|back| back == v) {
            return decimal;
        }
    }
    format!("0x{:016X}", v.to_bits())
}
