//! The checker over every file of the DXC test corpus (`../shared/corpus/dxc`).
//!
//! The files are split by what they expect, read from their own `RUN`/`CHECK` lines: a file
//! whose `RUN` line runs the validator (`%dxv`) and does not expect `Validation succeeded` is a
//! validator test that expects errors; every other file is meant to be accepted (or is input to
//! a pass, see below).
//!
//! - Validator tests: each of our diagnostics must be listed in [`EXPECTED_ERRORS`] beside the
//!   `CHECK`ed DXC error it corresponds to (the text must occur in a `CHECK` line of the file).
//! - Other files: every call must be accepted, except in the files listed by name in
//!   [`NOT_FINAL`], with the reason they are not final DXIL and the exact diagnostics expected.
//!
//! A listed diagnostic that is not produced fails the test too, so the tables stay exact.

#![allow(clippy::panic)] // a test fails by panicking

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use crate::shared;

/// One diagnostic we expect: line, rule code, and a fragment of our message.
type Ours = (usize, &'static str, &'static str);

/// Validator tests: (file, our diagnostic, the DXC error it corresponds to — a fragment of a
/// `CHECK` line of the file).
const EXPECTED_ERRORS: &[(&str, Ours, &str)] = &[
    (
        "CodeGenHLSL/container/abs2_m.ll",
        (
            54,
            "INSTR.ILLEGALDXILOPFUNCTION",
            "'dx.op.loadInput.i32' is not a DXILOpFuncition for DXILOpcode 'MinPrecXRegStore'",
        ),
        "DXIL intrinsic overload must be valid",
    ),
    (
        "CodeGenHLSL/container/abs2_m.ll",
        (54, "INSTR.OLOAD", "found overload i32 of MinPrecXRegStore"),
        "DXIL intrinsic overload must be valid",
    ),
    (
        "HLSLFileCheck/validation/abs2_m.ll",
        (
            54,
            "INSTR.ILLEGALDXILOPFUNCTION",
            "'dx.op.loadInput.i32' is not a DXILOpFuncition for DXILOpcode 'MinPrecXRegStore'",
        ),
        "DXIL intrinsic overload must be valid",
    ),
    (
        "HLSLFileCheck/validation/abs2_m.ll",
        (54, "INSTR.OLOAD", "found overload i32 of MinPrecXRegStore"),
        "DXIL intrinsic overload must be valid",
    ),
    (
        "HLSLFileCheck/hlsl/workgraph/invalid_barrier_1.ll",
        (
            21,
            "INSTR.BARRIERFLAGINVALID",
            "Invalid memory type flags on DXIL operation 'BarrierByMemoryType'",
        ),
        "Invalid memory type flag",
    ),
    (
        "HLSLFileCheck/hlsl/workgraph/invalid_barrier_12.ll",
        (
            22,
            "INSTR.BARRIERFLAGINVALID",
            "Invalid memory type flags on DXIL operation 'BarrierByMemoryType'",
        ),
        "Invalid memory type flags",
    ),
    (
        "HLSLFileCheck/hlsl/workgraph/invalid_barrier_12.ll",
        (
            22,
            "INSTR.BARRIERFLAGINVALID",
            "Invalid semantic flags on DXIL operation 'BarrierByMemoryType'",
        ),
        "Invalid semantic flags",
    ),
    (
        "HLSLFileCheck/hlsl/workgraph/invalid_barrier_2.ll",
        (
            21,
            "INSTR.BARRIERFLAGINVALID",
            "Invalid semantic flags on DXIL operation 'BarrierByMemoryType'",
        ),
        "Invalid semantic flag",
    ),
    (
        "HLSLFileCheck/hlsl/workgraph/invalid_barrier_nodehandle.ll",
        (
            35,
            "INSTR.BARRIERFLAGINVALID",
            "Invalid semantic flags on DXIL operation 'barrierByMemoryHandle'",
        ),
        "error: Invalid semantic flags on DXIL operation 'barrierByMemoryHandle'",
    ),
    (
        "HLSLFileCheck/hlsl/workgraph/invalid_barrier_nodehandle.ll",
        (
            43,
            "INSTR.BARRIERFLAGINVALID",
            "Invalid semantic flags on DXIL operation 'barrierByNodeRecordHandle'",
        ),
        "error: Invalid semantic flags on DXIL operation 'barrierByNodeRecordHandle'",
    ),
    (
        "HLSLFileCheck/validation/barrier/barrier-node-in-compute2.ll",
        (
            12,
            "SM.OPCODE",
            "Opcode BarrierByNodeRecordHandle not valid in shader model cs_6_8: BarrierByNodeRecordHandle is not allowed in compute shaders",
        ),
        "Opcode BarrierByNodeRecordHandle not valid in shader model cs_6_8.",
    ),
    (
        "HLSLFileCheck/validation/callgraph/deriv-in-nested-fn-cs60.ll",
        (
            52,
            "SM.OPCODE",
            "Opcode Sample not valid in shader model cs_6_0: Sample is not allowed in compute shaders at DXIL 1.0",
        ),
        "opcode 'Derivatives in CS/MS/AS' should only be used in 'Shader Model 6.6+'.",
    ),
    (
        "HLSLFileCheck/validation/val-SampleCmpBiasGrad-shader-model-ps67.ll",
        (
            65,
            "SM.OPCODE",
            "Opcode SampleCmpBias not valid in shader model ps_6_7: SampleCmpBias was introduced in DXIL 1.8",
        ),
        "Opcode SampleCmpBias not valid in shader model ps_6_7",
    ),
    (
        "HLSLFileCheck/validation/val-SampleCmpBiasGrad-shader-model-ps67.ll",
        (
            75,
            "SM.OPCODE",
            "Opcode SampleCmpGrad not valid in shader model ps_6_7: SampleCmpGrad was introduced in DXIL 1.8",
        ),
        "Opcode SampleCmpGrad not valid in shader model ps_6_7",
    ),
    (
        "HLSLFileCheck/validation/val-SampleCmpBiasGrad-shader-model-vs67.ll",
        (
            65,
            "SM.OPCODE",
            "Opcode SampleCmpBias not valid in shader model vs_6_7: SampleCmpBias was introduced in DXIL 1.8; the module is DXIL 1.7; SampleCmpBias needs shader model 6.8; SampleCmpBias is not allowed in vertex shaders",
        ),
        "Opcode SampleCmpBias not valid in shader model vs_6_7",
    ),
    (
        "HLSLFileCheck/validation/val-SampleCmpBiasGrad-shader-model-vs67.ll",
        (
            75,
            "SM.OPCODE",
            "Opcode SampleCmpGrad not valid in shader model vs_6_7: SampleCmpGrad was introduced in DXIL 1.8",
        ),
        "Opcode SampleCmpGrad not valid in shader model vs_6_7",
    ),
    (
        "HLSLFileCheck/validation/val-SampleCmpBiasGrad-shader-model-vs67.ll",
        (
            83,
            "SM.OPCODE",
            "Opcode CalculateLOD not valid in shader model vs_6_7: CalculateLOD is not allowed in vertex shaders",
        ),
        "Opcode CalculateLOD not valid in shader model vs_6_7",
    ),
    (
        "HLSLFileCheck/validation/val-SampleCmpBiasGrad-shader-model-vs68.ll",
        (
            65,
            "SM.OPCODE",
            "Opcode SampleCmpBias not valid in shader model vs_6_8: SampleCmpBias is not allowed in vertex shaders",
        ),
        "Opcode SampleCmpBias not valid in shader model vs_6_8",
    ),
    (
        "HLSLFileCheck/validation/val-SampleCmpBiasGrad-shader-model-vs68.ll",
        (
            80,
            "SM.OPCODE",
            "Opcode CalculateLOD not valid in shader model vs_6_8: CalculateLOD is not allowed in vertex shaders",
        ),
        "Opcode CalculateLOD not valid in shader model vs_6_8",
    ),
    (
        "HLSLFileCheck/validation/barrier/barrier-group-in-ps1.ll",
        (
            12,
            "INSTR.BARRIERMODEFORNONCS",
            "operand `SemanticFlags` of BarrierByMemoryType is 0x3",
        ),
        "sync in a non-Compute/Amplification/Mesh/Node Shader must only sync UAV (sync_uglobal).",
    ),
    (
        "HLSLFileCheck/validation/barrier/barrier-group-in-ps2.ll",
        (
            18,
            "INSTR.BARRIERMODEFORNONCS",
            "operand `SemanticFlags` of BarrierByMemoryHandle is 0x3",
        ),
        "sync in a non-Compute/Amplification/Mesh/Node Shader must only sync UAV (sync_uglobal).",
    ),
    (
        "HLSLFileCheck/validation/barrier/barrier-node-in-compute1.ll",
        (
            15,
            "INSTR.BARRIERREQUIRESNODE",
            "operand `MemoryTypeFlags` of BarrierByMemoryType is 0x4",
        ),
        "sync in a non-Node Shader must not sync node record memory.",
    ),
    (
        "HLSLFileCheck/validation/barrier/barrier-node-in-compute1.ll",
        (
            19,
            "INSTR.BARRIERREQUIRESNODE",
            "operand `MemoryTypeFlags` of BarrierByMemoryType is 0x8",
        ),
        "sync in a non-Node Shader must not sync node record memory.",
    ),
    (
        "HLSLFileCheck/validation/val-SampleCmpBiasGrad-shader-model-ps67.ll",
        (
            83,
            "INSTR.SAMPLERMODEFORLOD",
            "operand `sampler` of CalculateLOD is a sampler in comparison mode",
        ),
        "lod instruction requires sampler declared in default mode",
    ),
    (
        "HLSLFileCheck/validation/val-SampleCmpBiasGrad.ll",
        (
            79,
            "INSTR.IMMBIASFORSAMPLEB",
            "bias amount for sample_b must be in the range [-16.000000,15.990000], but 150.000000 was specified as an immediate",
        ),
        "bias amount for sample_b must be in the range [-16.000000,15.990000], but 150.000000 was specified as an immediate",
    ),
    (
        "HLSLFileCheck/validation/val-SampleCmpBiasGrad.ll",
        (
            79,
            "INSTR.SAMPLERMODEFORSAMPLEC",
            "operand `sampler` of SampleCmpBias is a sampler in default mode",
        ),
        "sample_c_*/gather_c instructions require sampler declared in comparison mode",
    ),
    (
        "HLSLFileCheck/validation/val-SampleCmpBiasGrad.ll",
        (
            79,
            "INSTR.RESOURCECLASSFORSAMPLERGATHER",
            "operand `srv` of SampleCmpBias is a UAV Texture2D",
        ),
        "sample, lod and gather should be on srv resource",
    ),
    (
        "HLSLFileCheck/validation/val-SampleCmpBiasGrad.ll",
        (
            91,
            "INSTR.SAMPLERMODEFORSAMPLEC",
            "operand `sampler` of SampleCmpGrad is a sampler in default mode",
        ),
        "sample_c_*/gather_c instructions require sampler declared in comparison mode",
    ),
    (
        "HLSLFileCheck/validation/val-SampleCmpBiasGrad.ll",
        (
            91,
            "INSTR.SAMPLECOMPTYPE",
            "operand `srv` of SampleCmpGrad is a SRV Texture2DMS of I32",
        ),
        "sample_* instructions require resource to be declared to return UNORM, SNORM or FLOAT",
    ),
    (
        "HLSLFileCheck/validation/val-SampleCmpBiasGrad.ll",
        (
            91,
            "INSTR.RESOURCEKINDFORSAMPLEC",
            "operand `srv` of SampleCmpGrad is a SRV Texture2DMS",
        ),
        "samplec requires resource declared as texture1D/2D/Cube/1DArray/2DArray/CubeArray",
    ),
    (
        "HLSLFileCheck/validation/val-SampleCmpBiasGrad.ll",
        (
            99,
            "INSTR.RESOURCEKINDFORCALCLOD",
            "operand `handle` of CalculateLOD is a SRV Texture2DMS",
        ),
        "lod requires resource declared as texture1D/2D/3D/Cube/CubeArray/1DArray/2DArray",
    ),
];

/// The summaries DXC gives at an entry function whose calls use ops its stage or shader model
/// does not allow. The corpus tests `CHECK` the per-call SM.OPCODE errors, not these; a summary is
/// accepted in a file where the checker also reports an SM.OPCODE error.
const SUMMARY_RULES: &[&str] = &[
    "SM.INCOMPATIBLEOPERATION",
    "SM.INCOMPATIBLESTAGE",
    "SM.INCOMPATIBLESHADERMODEL",
    "SM.INCOMPATIBLEREQUIRESGROUP",
];

/// Whether `d` is a summary of SM.OPCODE errors that the report has.
fn summary_of_reported(d: &dxil_lint::Diagnostic, report: &dxil_lint::Report) -> bool {
    SUMMARY_RULES.contains(&d.rule.code())
        && report
            .diagnostics
            .iter()
            .any(|o| o.rule.code() == "SM.OPCODE")
}

/// Diagnostics of validator tests for errors DXC's per-call checks make but the test does not
/// `CHECK` (it checks other errors of the file): (file, our diagnostic, why).
const UNCHECKED: &[(&str, Ours, &str)] = &[
    (
        "HLSLFileCheck/validation/val-SampleCmpBiasGrad-shader-model-vs68.ll",
        (
            72,
            "INSTR.SAMPLECOMPTYPE",
            "operand `srv` of SampleCmpGrad is a SRV Texture2DArray of I32",
        ),
        "the test checks the shader-model errors of the other calls; DXC checks the component type of a comparison sample (val-SampleCmpBiasGrad.ll CHECKs the same error), and SampleCmpGrad is allowed in vs_6_8",
    ),
    (
        "HLSLFileCheck/validation/completed-handle-used-complete.ll",
        (
            28,
            "INSTR.NOREADINGUNINITIALIZED",
            "operand `recordhandle` of GetNodeRecordPtr is `zeroinitializer`",
        ),
        "the test checks the use of a completed record handle; its GetNodeRecordPtr takes a zeroinitializer record handle, which DXC's check of handle operands refuses (only OutputComplete may take one)",
    ),
    (
        "HLSLFileCheck/validation/completed-handle-used-getptr.ll",
        (
            28,
            "INSTR.NOREADINGUNINITIALIZED",
            "operand `recordhandle` of GetNodeRecordPtr is `zeroinitializer`",
        ),
        "the test checks the use of a completed record handle; its GetNodeRecordPtr takes a zeroinitializer record handle, which DXC's check of handle operands refuses (only OutputComplete may take one)",
    ),
    (
        "HLSLFileCheck/validation/val-SampleCmpBiasGrad-shader-model-vs67.ll",
        (
            144,
            "SM.NOINTERPMODE",
            "Interpolation mode for 'A' is set but should be undefined",
        ),
        VS_WITH_PS_SIGNATURES,
    ),
    (
        "HLSLFileCheck/validation/val-SampleCmpBiasGrad-shader-model-vs67.ll",
        (
            148,
            "SM.SEMANTIC",
            "Semantic 'SV_Target' is invalid as vs Output",
        ),
        VS_WITH_PS_SIGNATURES,
    ),
    (
        "HLSLFileCheck/validation/val-SampleCmpBiasGrad-shader-model-vs68.ll",
        (
            141,
            "SM.NOINTERPMODE",
            "Interpolation mode for 'A' is set but should be undefined",
        ),
        VS_WITH_PS_SIGNATURES,
    ),
    (
        "HLSLFileCheck/validation/val-SampleCmpBiasGrad-shader-model-vs68.ll",
        (
            145,
            "SM.SEMANTIC",
            "Semantic 'SV_Target' is invalid as vs Output",
        ),
        VS_WITH_PS_SIGNATURES,
    ),
];

/// Why the vertex-shader variants of val-SampleCmpBiasGrad.ll have signature errors.
const VS_WITH_PS_SIGNATURES: &str = "the test made a pixel shader a vertex shader by its shader model only; its signatures are still a pixel shader's (an interpolated input, an SV_Target output), which DXC's signature checks refuse in a vertex shader; the test CHECKs the op errors";

/// `CHECK`ed DXC errors about a `dx.op` call that an op-database check could report but this
/// checker does not: (file, fragment of the `CHECK` line, why).
const NOT_REPRODUCED: &[(&str, &str, &str)] = &[];

/// Why pass-input snapshots taken in the middle of DXC's pipeline are not final DXIL.
const MID_PIPELINE: &str = "intermediate DXIL (`!pauseresume` hlsl-dxilemit/hlsl-dxilload, RUN resumes the pipeline): resource handles are still createHandleForLib + annotateHandle, which DXIL finalization lowers for the module's shader model";

/// Why the scalarization pass inputs are not valid at their version.
const ALTERED_VERSION: &str = "pass input compiled for lib_6_9 whose metadata was lowered to DXIL 1.8 / lib_6_8 (the file says so): it uses 6.9 ops and vector overloads for the pass to scalarize";

/// Why the Ibfe/Ubfe constant-folding inputs are not valid.
const I64_BFE: &str = "hand-written input of a constant-folding (sccp) test: calls Ibfe/Ubfe (tertiary) with the i64 overload, which DXC's op table does not allow (overloads `i`); DXC's validator reports INSTR.OLOAD";

/// Why partial modules get a note.
const NO_METADATA: &str = "a pass input without any dx metadata (no !dx.version, no !dx.shaderModel): not a complete DXIL module";

/// Why the VectorReduce constant-folding input is not valid.
const STORE_WITHOUT_OUTPUT: &str = "hand-written input of a constant-folding test: a compute shader (no signatures) calls StoreOutput on output element 0, which DXC's check of signature accesses refuses (INSTR.OPCONSTRANGE)";

/// Files that are not final DXIL: (file, why, the diagnostics expected).
const NOT_FINAL: &[(&str, &str, &[Ours])] = &[
    (
        "DXC/Passes/DxilSimplify/vectorreduce-const-fold.ll",
        STORE_WITHOUT_OUTPUT,
        &[(
            27,
            "INSTR.OPCONSTRANGE",
            "StoreOutput accesses output element 0, but the output signature of entry point `main_reduce_or_zero` has 0 element(s)",
        )],
    ),
    (
        "CodeGenDXIL/passes/longvec-dxops-scalarizevecintrinsics.ll",
        ALTERED_VERSION,
        &[
            (
                47,
                "SM.OPCODE",
                "Opcode RawBufferVectorLoad not valid in shader model lib_6_8",
            ),
            (
                50,
                "SM.OPCODE",
                "Opcode RawBufferVectorLoad not valid in shader model lib_6_8",
            ),
            (
                55,
                "SM.OPCODE",
                "Opcode RawBufferVectorLoad not valid in shader model lib_6_8",
            ),
            (
                58,
                "SM.OPCODE",
                "Opcode RawBufferVectorLoad not valid in shader model lib_6_8",
            ),
            (
                63,
                "SM.OPCODE",
                "Opcode RawBufferVectorLoad not valid in shader model lib_6_8",
            ),
            (
                71,
                "INSTR.OLOAD",
                "found overload v4f32 of Sin; DXIL 1.8 allows hf",
            ),
            (
                78,
                "INSTR.OLOAD",
                "found overload v4f32 of FMax; DXIL 1.8 allows hfd",
            ),
            (
                86,
                "INSTR.OLOAD",
                "found overload v4i32 of Countbits; DXIL 1.8 allows wil",
            ),
            (96, "INSTR.OLOAD", "found overload v4f32 of QuadReadLaneAt"),
            (104, "INSTR.OLOAD", "found overload v4f32 of WaveActiveOp"),
            (
                112,
                "INSTR.OLOAD",
                "found overload v4f32 of IsInf; DXIL 1.8 allows f",
            ),
        ],
    ),
    (
        "CodeGenDXIL/passes/longvec-load-stores-scalarizevecintrinsics.ll",
        ALTERED_VERSION,
        &[
            (
                82,
                "SM.OPCODE",
                "Opcode RawBufferVectorLoad not valid in shader model lib_6_8",
            ),
            (
                130,
                "SM.OPCODE",
                "Opcode RawBufferVectorLoad not valid in shader model lib_6_8",
            ),
            (
                160,
                "SM.OPCODE",
                "Opcode RawBufferVectorStore not valid in shader model lib_6_8",
            ),
            (
                203,
                "SM.OPCODE",
                "Opcode RawBufferVectorLoad not valid in shader model lib_6_8",
            ),
            (
                246,
                "SM.OPCODE",
                "Opcode RawBufferVectorLoad not valid in shader model lib_6_8",
            ),
            (
                290,
                "SM.OPCODE",
                "Opcode RawBufferVectorLoad not valid in shader model lib_6_8",
            ),
            (
                332,
                "SM.OPCODE",
                "Opcode RawBufferVectorLoad not valid in shader model lib_6_8",
            ),
            (
                360,
                "SM.OPCODE",
                "Opcode RawBufferVectorStore not valid in shader model lib_6_8",
            ),
            (
                404,
                "SM.OPCODE",
                "Opcode RawBufferVectorLoad not valid in shader model lib_6_8",
            ),
            (
                432,
                "SM.OPCODE",
                "Opcode RawBufferVectorStore not valid in shader model lib_6_8",
            ),
        ],
    ),
    (
        "DXC/Passes/DxilLoopDeletion/dxil-loop-deletion-phi-with-duplicate-preds.ll",
        MID_PIPELINE,
        &[
            (
                120,
                "SM.OPCODEININVALIDFUNCTION",
                "opcode 'CreateHandleForLib' should only be used in 'Library'",
            ),
            (
                121,
                "SM.OPCODE",
                "Opcode AnnotateHandle not valid in shader model ps_6_5",
            ),
        ],
    ),
    (
        "DXC/Passes/DxilRemoveDeadBlocks/switch-with-multiple-same-successor.ll",
        MID_PIPELINE,
        &[(
            68,
            "SM.OPCODEININVALIDFUNCTION",
            "opcode 'CreateHandleForLib' should only be used in 'Library'",
        )],
    ),
    (
        "DXC/Passes/InstructionCombining/instcombine-opt-overflow-check-inserts-at-add.ll",
        MID_PIPELINE,
        &[
            (
                85,
                "SM.OPCODE",
                "Opcode CreateHandleForLib not valid in shader model cs_6_0",
            ),
            (
                85,
                "SM.OPCODEININVALIDFUNCTION",
                "opcode 'CreateHandleForLib' should only be used in 'Library'",
            ),
            (
                86,
                "SM.OPCODE",
                "Opcode AnnotateHandle not valid in shader model cs_6_0",
            ),
        ],
    ),
    (
        "DXC/Passes/SimplifyCFG/simplifycfg-uaf-phi-condition.ll",
        MID_PIPELINE,
        &[
            (
                132,
                "SM.OPCODE",
                "Opcode CreateHandleForLib not valid in shader model cs_6_2",
            ),
            (
                132,
                "SM.OPCODEININVALIDFUNCTION",
                "opcode 'CreateHandleForLib' should only be used in 'Library'",
            ),
            (
                133,
                "SM.OPCODE",
                "Opcode AnnotateHandle not valid in shader model cs_6_2",
            ),
            (
                134,
                "SM.OPCODE",
                "Opcode CreateHandleForLib not valid in shader model cs_6_2",
            ),
            (
                134,
                "SM.OPCODEININVALIDFUNCTION",
                "opcode 'CreateHandleForLib' should only be used in 'Library'",
            ),
            (
                135,
                "SM.OPCODE",
                "Opcode AnnotateHandle not valid in shader model cs_6_2",
            ),
        ],
    ),
    (
        "HLSLFileCheck/passes/dxil/dxil_remove_dead_pass/delete_constant_dce.ll",
        MID_PIPELINE,
        &[
            (
                34,
                "SM.OPCODE",
                "Opcode CreateHandleForLib not valid in shader model ps_6_0",
            ),
            (
                34,
                "SM.OPCODEININVALIDFUNCTION",
                "opcode 'CreateHandleForLib' should only be used in 'Library'",
            ),
            (
                35,
                "SM.OPCODE",
                "Opcode AnnotateHandle not valid in shader model ps_6_0",
            ),
        ],
    ),
    (
        "HLSLFileCheck/passes/EraseDeadRegion/inf.ll",
        NO_METADATA,
        &[(
            24,
            "META.REQUIRED",
            "checked at DXIL 1.10, the latest version",
        )],
    ),
    (
        "HLSLFileCheck/passes/dxil/dxil_remove_dead_pass/delete_dead_region_simple_loop_exit_block_with_phi.ll",
        NO_METADATA,
        &[(
            62,
            "META.REQUIRED",
            "checked at DXIL 1.10, the latest version",
        )],
    ),
    (
        "HLSLFileCheck/validation/verify_output_complete_dce.ll",
        NO_METADATA,
        &[(
            16,
            "META.REQUIRED",
            "checked at DXIL 1.10, the latest version",
        )],
    ),
    (
        "HLSLFileCheck/passes/hl/sccp/ibfe.ll",
        I64_BFE,
        &[
            (
                30,
                "INSTR.OLOAD",
                "found overload i64 of Ibfe; DXIL 1.0 allows i",
            ),
            (
                36,
                "INSTR.OLOAD",
                "found overload i64 of Ibfe; DXIL 1.0 allows i",
            ),
            (
                42,
                "INSTR.OLOAD",
                "found overload i64 of Ibfe; DXIL 1.0 allows i",
            ),
            (
                48,
                "INSTR.OLOAD",
                "found overload i64 of Ibfe; DXIL 1.0 allows i",
            ),
        ],
    ),
    (
        "HLSLFileCheck/passes/hl/sccp/ubfe.ll",
        I64_BFE,
        &[
            (
                30,
                "INSTR.OLOAD",
                "found overload i64 of Ubfe; DXIL 1.0 allows i",
            ),
            (
                36,
                "INSTR.OLOAD",
                "found overload i64 of Ubfe; DXIL 1.0 allows i",
            ),
            (
                42,
                "INSTR.OLOAD",
                "found overload i64 of Ubfe; DXIL 1.0 allows i",
            ),
            (
                48,
                "INSTR.OLOAD",
                "found overload i64 of Ubfe; DXIL 1.0 allows i",
            ),
        ],
    ),
];

/// The DXC test corpus, or `None` (the test skips) when the shared data is missing.
fn corpus() -> Option<PathBuf> {
    shared::shared_path("corpus/dxc")
}

/// The text after `CHECK...:` of the file's `CHECK` lines.
fn check_lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|l| {
            let l = l.trim_start().strip_prefix(';')?;
            let i = l.find("CHECK")?;
            let rest = &l[i..];
            let colon = rest.find(':')?;
            rest[..colon]
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b == b'-')
                .then(|| rest[colon + 1..].trim())
        })
        .collect()
}

/// Whether the file is a validator test expecting errors: a `RUN` line runs `%dxv` and the
/// file does not expect `Validation succeeded`.
fn expects_validator_error(text: &str) -> bool {
    let runs_validator = text
        .lines()
        .any(|l| l.trim_start().starts_with(';') && l.contains("RUN:") && l.contains("%dxv"));
    runs_validator && !text.contains("Validation succeeded")
}

/// The `CHECK`ed error messages of a validator test: not notes, not quoted IR.
fn checked_errors(text: &str) -> Vec<&str> {
    check_lines(text)
        .into_iter()
        .filter(|c| !c.is_empty() && !c.starts_with("note:") && !c.contains("@dx.op."))
        .collect()
}

fn ours_match(d: &dxil_lint::Diagnostic, (line, rule, fragment): &Ours) -> bool {
    d.line == *line && d.rule.code() == *rule && d.message.contains(fragment)
}

#[dxil_test_data::needs(shared = "corpus/dxc")]
#[test]
fn corpus_calls_are_accepted_or_match_the_expected_errors() {
    let Some(root) = corpus() else {
        return;
    };
    let base = root.join("tools/clang/test");
    let files = dxil_lint::ll_files(&root).unwrap_or_default();
    assert!(files.len() >= 85, "the corpus is not at {}", root.display());

    let mut failures = Vec::new();
    let (mut calls, mut diagnostics) = (0usize, 0usize);
    let mut per_rule: BTreeMap<&str, usize> = BTreeMap::new();
    let mut error_files = Vec::new();
    let mut other_files = Vec::new();
    let (mut accepted_files, mut accepted_with_calls, mut accepted_calls) =
        (0usize, 0usize, 0usize);
    let mut checked_total = 0usize;
    let mut reproduced: BTreeSet<(String, &str)> = BTreeSet::new();
    let mut used_expected = vec![false; EXPECTED_ERRORS.len()];
    let mut seen_not_final = BTreeSet::new();

    for path in &files {
        let name = path
            .strip_prefix(&base)
            .unwrap_or(path)
            .display()
            .to_string();
        let text = std::fs::read_to_string(path).expect("corpus files are UTF-8");
        let report = dxil_lint::lint(&text);
        calls += report.calls;
        diagnostics += report.diagnostics.len();
        for d in &report.diagnostics {
            *per_rule.entry(d.rule.code()).or_default() += 1;
        }
        if expects_validator_error(&text) {
            error_files.push(name.clone());
            let checks = check_lines(&text);
            checked_total += checked_errors(&text).len();
            for d in &report.diagnostics {
                if summary_of_reported(d, &report)
                    || UNCHECKED
                        .iter()
                        .any(|(f, ours, _)| *f == name && ours_match(d, ours))
                {
                    continue;
                }
                let row = EXPECTED_ERRORS
                    .iter()
                    .position(|(f, ours, _)| *f == name && ours_match(d, ours));
                match row {
                    Some(i) => {
                        used_expected[i] = true;
                        let dxc = EXPECTED_ERRORS[i].2;
                        if checks.iter().any(|c| c.contains(dxc)) {
                            reproduced.insert((name.clone(), dxc));
                        } else {
                            failures.push(format!("{name}: `{dxc}` is not a CHECK line of the file"));
                        }
                    }
                    None => failures.push(format!(
                        "{name}: a diagnostic of a validator test that corresponds to no CHECKed DXC error: {d}"
                    )),
                }
            }
        } else {
            other_files.push(name.clone());
            match NOT_FINAL.iter().find(|(f, _, _)| *f == name) {
                Some((_, _, expected)) => {
                    seen_not_final.insert(name.clone());
                    for d in &report.diagnostics {
                        if !expected.iter().any(|e| ours_match(d, e))
                            && !summary_of_reported(d, &report)
                        {
                            failures.push(format!("{name}: unexpected diagnostic {d}"));
                        }
                    }
                    for e in expected.iter() {
                        if !report.diagnostics.iter().any(|d| ours_match(d, e)) {
                            failures
                                .push(format!("{name}: expected diagnostic not produced: {e:?}"));
                        }
                    }
                }
                None => {
                    if report.diagnostics.is_empty() {
                        accepted_files += 1;
                        accepted_with_calls += usize::from(report.calls > 0);
                        accepted_calls += report.calls;
                    }
                    for d in &report.diagnostics {
                        failures.push(format!(
                            "{name}: a call of a file meant to be accepted is rejected: {d}"
                        ));
                    }
                }
            }
        }
    }
    for (i, used) in used_expected.iter().enumerate() {
        if !used {
            let (f, ours, _) = &EXPECTED_ERRORS[i];
            failures.push(format!("{f}: expected diagnostic not produced: {ours:?}"));
        }
    }
    for (f, _, _) in NOT_FINAL {
        if !seen_not_final.contains(*f) {
            failures.push(format!(
                "{f}: listed in NOT_FINAL but not a corpus file meant to be accepted"
            ));
        }
    }
    for (f, fragment, _) in NOT_REPRODUCED {
        let text = std::fs::read_to_string(base.join(f)).unwrap_or_default();
        if !check_lines(&text).iter().any(|c| c.contains(fragment)) {
            failures.push(format!("{f}: `{fragment}` is not a CHECK line of the file"));
        }
    }

    println!(
        "corpus: {} files: {} validator tests expecting errors (RUN runs %dxv, no `Validation succeeded`), {} others",
        files.len(),
        error_files.len(),
        other_files.len()
    );
    println!(
        "  others: {} accepted without diagnostics ({} of them with {} dx.op calls, the rest HL IR without any), {} listed as not final DXIL ({} diagnostics expected)",
        accepted_files,
        accepted_with_calls,
        accepted_calls,
        NOT_FINAL.len(),
        NOT_FINAL.iter().map(|(_, _, e)| e.len()).sum::<usize>()
    );
    println!("{calls} calls checked, {diagnostics} diagnostics");
    for (rule, n) in &per_rule {
        println!("  {rule}: {n}");
    }
    let in_scope = reproduced.len() + NOT_REPRODUCED.len();
    println!(
        "validator tests: {checked_total} CHECKed DXC errors; {in_scope} about dx.op calls that an op-database check can decide; {} reproduced by {} diagnostics; not reproduced: {}",
        reproduced.len(),
        EXPECTED_ERRORS.len(),
        NOT_REPRODUCED
            .iter()
            .map(|(f, c, why)| format!("{f} `{c}` ({why})"))
            .collect::<Vec<_>>()
            .join("; ")
    );
    for (f, why, e) in NOT_FINAL {
        println!("  not final: {f} ({} diagnostics): {why}", e.len());
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
