//! PSV0's runtime information: a structure that grows by version (24 bytes in version 0, 36 in
//! 1, 48 in 2, 52 in 3, 56 in 4), whose first 16 bytes are a union of per-stage fields.

use super::super::bytes::Reader;
use super::super::error::Error;

/// Size of the runtime information of each version, from 0 to 4.
pub const RUNTIME_INFO_SIZES: [u32; 5] = [24, 36, 48, 52, 56];

/// The runtime information.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuntimeInfo {
    /// The 16 bytes of the per-stage union, as stored ([`RuntimeInfo::stage_info`] reads them).
    pub stage_bytes: [u8; 16],
    /// Smallest wave size the shader needs (0: any).
    pub min_wave_lane_count: u32,
    /// Largest wave size the shader accepts (`u32::MAX`: any).
    pub max_wave_lane_count: u32,
    /// The fields of version 1.
    pub v1: Option<RuntimeInfo1>,
    /// Version 2: the thread-group size (compute, mesh and amplification shaders).
    pub num_threads: Option<[u32; 3]>,
    /// Version 3: the entry function's name, an offset into the string table.
    pub entry_function_name: Option<u32>,
    /// Version 4 (validator 1.10 on): the bytes of groupshared memory the entry point uses.
    pub num_bytes_group_shared_memory: Option<u32>,
}

/// The fields version 1 adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuntimeInfo1 {
    /// The shader kind's number (DXIL's `ShaderKind`).
    pub shader_stage: u8,
    /// Non-zero when the shader reads the view ID.
    pub uses_view_id: u8,
    /// Per stage: the maximum vertex count (geometry), the patch-constant vector count in its
    /// low byte (hull, domain), the primitive vector count and the output topology (mesh).
    pub stage_word: u16,
    /// Input signature elements.
    pub sig_input_elements: u8,
    /// Output signature elements.
    pub sig_output_elements: u8,
    /// Patch-constant or primitive signature elements.
    pub sig_patch_const_or_prim_elements: u8,
    /// Packed input vectors.
    pub sig_input_vectors: u8,
    /// Packed output vectors per stream.
    pub sig_output_vectors: [u8; 4],
}

impl RuntimeInfo1 {
    /// The patch-constant (hull, domain) or primitive (mesh) vector count.
    pub fn sig_patch_const_or_prim_vectors(&self) -> u8 {
        self.stage_word.to_le_bytes()[0]
    }

    /// The mesh output topology's number (DXIL's `MeshOutputTopology`; mesh shaders).
    pub fn mesh_output_topology(&self) -> u8 {
        self.stage_word.to_le_bytes()[1]
    }

    /// The maximum vertex count (geometry shaders).
    pub fn max_vertex_count(&self) -> u16 {
        self.stage_word
    }

    /// The number of signature elements in all.
    pub fn sig_elements(&self) -> u32 {
        u32::from(self.sig_input_elements)
            + u32::from(self.sig_output_elements)
            + u32::from(self.sig_patch_const_or_prim_elements)
    }
}

/// The per-stage fields of the runtime information.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StageInfo {
    /// A vertex shader.
    Vertex {
        /// Non-zero when the shader writes `SV_Position`.
        output_position_present: u8,
    },
    /// A hull shader.
    Hull {
        /// Input control points.
        input_control_points: u32,
        /// Output control points.
        output_control_points: u32,
        /// DXIL's `TessellatorDomain` number.
        tessellator_domain: u32,
        /// DXIL's `TessellatorOutputPrimitive` number.
        tessellator_output_primitive: u32,
    },
    /// A domain shader.
    Domain {
        /// Input control points.
        input_control_points: u32,
        /// Non-zero when the shader writes `SV_Position`.
        output_position_present: u8,
        /// DXIL's `TessellatorDomain` number.
        tessellator_domain: u32,
    },
    /// A geometry shader.
    Geometry {
        /// DXIL's `InputPrimitive` number.
        input_primitive: u32,
        /// DXIL's `PrimitiveTopology` number.
        output_topology: u32,
        /// The streams written (bit per stream).
        output_stream_mask: u32,
        /// Non-zero when the shader writes `SV_Position`.
        output_position_present: u8,
    },
    /// A pixel shader.
    Pixel {
        /// Non-zero when the shader writes depth.
        depth_output: u8,
        /// Non-zero when the shader runs per sample.
        sample_frequency: u8,
    },
    /// A mesh shader.
    Mesh {
        /// Group-shared memory used, in bytes.
        group_shared_bytes_used: u32,
        /// Group-shared memory that depends on the view ID, in bytes.
        group_shared_bytes_dependent_on_view_id: u32,
        /// Payload size in bytes.
        payload_size: u32,
        /// Maximum output vertices.
        max_output_vertices: u16,
        /// Maximum output primitives.
        max_output_primitives: u16,
    },
    /// An amplification shader.
    Amplification {
        /// Payload size in bytes.
        payload_size: u32,
    },
    /// A stage without fields of its own (compute, library, ...), or an unknown stage.
    None,
}

impl RuntimeInfo {
    /// Reads the runtime information `data` (its size is the size field), which starts at byte
    /// `base` of the input. What lies beyond version 4 is left to the caller.
    pub(crate) fn parse(data: &[u8], base: usize) -> Result<RuntimeInfo, Error> {
        let mut r = Reader::new(data, base);
        let stage_bytes = r.array("the per-stage fields")?;
        let min_wave_lane_count = r.u32("minimum wave lane count")?;
        let max_wave_lane_count = r.u32("maximum wave lane count")?;
        let size = data.len() as u32;
        let v1 = if size >= RUNTIME_INFO_SIZES[1] {
            Some(RuntimeInfo1 {
                shader_stage: r.u8("shader stage")?,
                uses_view_id: r.u8("uses view ID")?,
                stage_word: r.u16("per-stage word")?,
                sig_input_elements: r.u8("input elements")?,
                sig_output_elements: r.u8("output elements")?,
                sig_patch_const_or_prim_elements: r.u8("patch-constant elements")?,
                sig_input_vectors: r.u8("input vectors")?,
                sig_output_vectors: r.array("output vectors")?,
            })
        } else {
            None
        };
        let num_threads = if size >= RUNTIME_INFO_SIZES[2] {
            Some([
                r.u32("threads x")?,
                r.u32("threads y")?,
                r.u32("threads z")?,
            ])
        } else {
            None
        };
        let entry_function_name = if size >= RUNTIME_INFO_SIZES[3] {
            Some(r.u32("entry function name")?)
        } else {
            None
        };
        let num_bytes_group_shared_memory = if size >= RUNTIME_INFO_SIZES[4] {
            Some(r.u32("groupshared bytes")?)
        } else {
            None
        };
        Ok(RuntimeInfo {
            stage_bytes,
            min_wave_lane_count,
            max_wave_lane_count,
            v1,
            num_threads,
            entry_function_name,
            num_bytes_group_shared_memory,
        })
    }

    /// The highest version whose fields are present (0 to 4).
    pub fn version(&self) -> u32 {
        if self.num_bytes_group_shared_memory.is_some() {
            return 4;
        }
        match (self.v1, self.num_threads, self.entry_function_name) {
            (_, _, Some(_)) => 3,
            (_, Some(_), None) => 2,
            (Some(_), None, None) => 1,
            _ => 0,
        }
    }

    /// The per-stage union read for the stage numbered `stage` (DXIL's `ShaderKind`).
    pub fn stage_info(&self, stage: u32) -> StageInfo {
        let b = &self.stage_bytes;
        let u32_at = |i: usize| u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
        let u16_at = |i: usize| u16::from_le_bytes([b[i], b[i + 1]]);
        match stage {
            0 => StageInfo::Pixel {
                depth_output: b[0],
                sample_frequency: b[1],
            },
            1 => StageInfo::Vertex {
                output_position_present: b[0],
            },
            2 => StageInfo::Geometry {
                input_primitive: u32_at(0),
                output_topology: u32_at(4),
                output_stream_mask: u32_at(8),
                output_position_present: b[12],
            },
            3 => StageInfo::Hull {
                input_control_points: u32_at(0),
                output_control_points: u32_at(4),
                tessellator_domain: u32_at(8),
                tessellator_output_primitive: u32_at(12),
            },
            4 => StageInfo::Domain {
                input_control_points: u32_at(0),
                output_position_present: b[4],
                tessellator_domain: u32_at(8),
            },
            13 => StageInfo::Mesh {
                group_shared_bytes_used: u32_at(0),
                group_shared_bytes_dependent_on_view_id: u32_at(4),
                payload_size: u32_at(8),
                max_output_vertices: u16_at(12),
                max_output_primitives: u16_at(14),
            },
            14 => StageInfo::Amplification {
                payload_size: u32_at(0),
            },
            _ => StageInfo::None,
        }
    }
}

impl RuntimeInfo {
    /// Appends the runtime information as the part stores it: its size (`u32`), then the
    /// fields of the versions it holds.
    pub fn write(&self, out: &mut Vec<u8>) {
        let size = RUNTIME_INFO_SIZES[self.version() as usize];
        out.extend_from_slice(&size.to_le_bytes());
        out.extend_from_slice(&self.stage_bytes);
        for w in [self.min_wave_lane_count, self.max_wave_lane_count] {
            out.extend_from_slice(&w.to_le_bytes());
        }
        if let Some(v1) = self.v1 {
            out.extend_from_slice(&[v1.shader_stage, v1.uses_view_id]);
            out.extend_from_slice(&v1.stage_word.to_le_bytes());
            out.extend_from_slice(&[
                v1.sig_input_elements,
                v1.sig_output_elements,
                v1.sig_patch_const_or_prim_elements,
                v1.sig_input_vectors,
            ]);
            out.extend_from_slice(&v1.sig_output_vectors);
        }
        for w in self.num_threads.iter().flatten() {
            out.extend_from_slice(&w.to_le_bytes());
        }
        if let Some(name) = self.entry_function_name {
            out.extend_from_slice(&name.to_le_bytes());
        }
        if let Some(bytes) = self.num_bytes_group_shared_memory {
            out.extend_from_slice(&bytes.to_le_bytes());
        }
    }
}
