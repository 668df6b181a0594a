//! The generated enumerations: numbers both ways, names and aliases, flag types, and values
//! that exist only from some DXIL version.

#![allow(clippy::panic)] // a test fails by panicking

use dxil_ops::DxilVersion;
use dxil_ops::enums::*;

/// Checks what every plain enumeration promises, for each listed type.
macro_rules! plain {
    ($($ty:ident),* $(,)?) => {{
        let mut count = 0;
        $(
            count += 1;
            let all = $ty::ALL;
            assert!(!all.is_empty(), stringify!($ty));
            for (i, v) in all.iter().copied().enumerate() {
                assert_eq!(v.index(), i, "{}::{v} index", stringify!($ty));
                assert_eq!($ty::from_value(v.value()), Some(v), "{}::{v} by number", stringify!($ty));
                assert_eq!($ty::from_name(v.name()), Some(v), "{}::{v} by name", stringify!($ty));
                assert_eq!(v.to_string(), v.name());
                if let Ok(n) = u32::try_from(v.value()) {
                    assert_eq!($ty::try_from(n), Ok(v), "{}::{v} from u32", stringify!($ty));
                }
            }
            // Every name of NAMES (aliases included) finds a value with that name's number.
            for (name, v) in $ty::NAMES {
                assert_eq!($ty::from_name(name), Some(v), "{}::{name}", stringify!($ty));
            }
            let unused = (0..=u32::MAX).find(|n| $ty::from_value(i64::from(*n)).is_none());
            if let Some(n) = unused {
                let e = $ty::try_from(n).expect_err("not a value");
                assert_eq!(e.value, i64::from(n));
                assert_eq!(e.to_string(), format!("{n} is not a value of {}", e.enumeration));
            }
            assert_eq!($ty::from_name("NoSuchValue"), None);
        )*
        count
    }};
}

/// Checks what every flag enumeration promises, for each listed type.
macro_rules! flags {
    ($($ty:ident),* $(,)?) => {{
        let mut count = 0;
        $(
            count += 1;
            for (name, v) in $ty::NAMES {
                assert_eq!($ty::from_bits(v.bits()), Some(v), "{}::{name}", stringify!($ty));
                assert_eq!(v.bits() & !$ty::KNOWN, 0);
                assert!(($ty::EMPTY | v).contains(v));
                assert!($ty::try_from(v.bits()).is_ok());
            }
            // Display names every known combination without a leftover number, and prints a
            // number for bits that are not flags.
            for (_, v) in $ty::NAMES {
                let shown = v.to_string();
                if !v.is_empty() {
                    assert!(!shown.contains("0x"), "{}: {shown}", stringify!($ty));
                }
            }
            let stray = (0..32).map(|b| 1u32 << b).find(|b| b & $ty::KNOWN == 0);
            if let Some(b) = stray {
                assert_eq!($ty::from_bits(b), None);
                assert!($ty::try_from(b).is_err());
            }
        )*
        count
    }};
}

#[test]
fn every_enumeration_keeps_its_promises() {
    let plain = plain!(
        AtomicBinOpCode,
        CandidateType,
        CommittedStatus,
        ComponentType,
        ControlFlowHint,
        DefaultLinkage,
        Float32DenormMode,
        HitGroupType,
        HitKind,
        InputPrimitive,
        InterpolationMode,
        LowPrecisionMode,
        MatrixLayout,
        MatrixScope,
        MatrixUse,
        MeshOutputTopology,
        NodeIoKind,
        NodeIoMetadataTag,
        NodeLaunchType,
        NodeMetadataTag,
        NodeRecordMetadataTag,
        PackMode,
        PackingKind,
        PackingStrategy,
        PayloadAccessQualifier,
        PayloadAccessShaderStage,
        PrimitiveTopology,
        QuadOpKind,
        QuadVoteOpKind,
        ResourceClass,
        ResourceKind,
        SamplerFeedbackType,
        SamplerKind,
        SemanticInterpretationKind,
        SemanticKind,
        ShaderKind,
        SigPointKind,
        SignatureDataWidth,
        SignatureKind,
        SignedOpKind,
        SubobjectKind,
        TessellatorDomain,
        TessellatorOutputPrimitive,
        TessellatorPartitioning,
        UnpackMode,
        WaveBitOpKind,
        WaveMultiPrefixOpKind,
        WaveOpKind,
    );
    let flags = flags!(
        BarrierMode,
        BarrierSemanticFlag,
        MemoryTypeFlag,
        NodeIoFlags,
        RayFlag,
        RayQueryFlag,
        RaytracingPipelineFlags,
        StateObjectFlags,
    );
    println!("{plain} plain enumerations and {flags} flag enumerations checked");
    assert_eq!(
        plain + flags,
        56,
        "53 enumerations of DXC plus the 3 node metadata tag lists"
    );
}

#[test]
fn numbers_and_names() {
    assert_eq!(AtomicBinOpCode::try_from(8), Ok(AtomicBinOpCode::Exchange));
    assert_eq!(AtomicBinOpCode::Exchange as u32, 8);
    assert_eq!(AtomicBinOpCode::UMax.name(), "UMax");
    let e = AtomicBinOpCode::try_from(10).expect_err("10 is not an AtomicBinOpCode");
    assert_eq!(e.enumeration, "AtomicBinOpCode");
    assert_eq!(SemanticInterpretationKind::NA.doc(), "Not Available");
    // Names are kept as DXC spells them.
    assert_eq!(ComponentType::F8_E4M3FN.value(), 21);
    assert_eq!(
        NodeLaunchType::from_name("Reserved_Mesh"),
        Some(NodeLaunchType::Reserved_Mesh)
    );
    // DXC's C++ numbering, where it differs from the reference's.
    assert_eq!(SemanticInterpretationKind::ClipCull as u32, 9);
    assert_eq!(SigPointKind::Invalid as u32, 20);
    assert_eq!(SigPointKind::ALL.len(), 21);
}

#[test]
fn aliases_are_constants_of_the_value_they_name() {
    assert_eq!(ShaderKind::Last_1_2, ShaderKind::Compute);
    assert_eq!(ShaderKind::LastValid, ShaderKind::Node);
    assert_eq!(
        ShaderKind::from_name("Last_1_7"),
        Some(ShaderKind::Amplification)
    );
    // Aliases are not values of their own.
    assert!(!ShaderKind::ALL.iter().any(|k| k.name() == "LastValid"));
    assert_eq!(ShaderKind::Node.dxil_name(), "Node");
}

#[test]
fn one_shader_kind() {
    // The DXIL enumeration is the stage type.
    let stage: dxil_ops::ShaderKind = ShaderKind::Pixel;
    assert_eq!(stage.name(), "pixel");
    assert_eq!(stage.dxil_name(), "Pixel");
    for k in dxil_ops::ShaderKind::ALL {
        assert_eq!(ShaderKind::from_value(k.value()), Some(k));
        assert_eq!(ShaderKind::from_name(k.dxil_name()), Some(k));
    }
    // Invalid (16), DXC's end marker, is no stage.
    assert_eq!(ShaderKind::from_value(16), None);
    assert_eq!(ShaderKind::from_name("Invalid"), None);
    assert!(ShaderKind::accepts(13, DxilVersion::new(1, 5)));
    assert!(
        !ShaderKind::accepts(13, DxilVersion::new(1, 4)),
        "mesh since 1.5"
    );
}

#[test]
fn flag_types_combine() {
    let m = BarrierMode::SyncThreadGroup | BarrierMode::UAVFenceGlobal;
    assert_eq!(m.bits(), 3);
    assert!(m.contains(BarrierMode::SyncThreadGroup));
    assert!(!m.contains(BarrierMode::TGSMFence));
    assert!(m.intersects(BarrierMode::UAVFenceGlobal | BarrierMode::TGSMFence));
    assert_eq!(m.to_string(), "SyncThreadGroup|UAVFenceGlobal");
    let mut n = BarrierMode::EMPTY;
    assert!(n.is_empty());
    n |= BarrierMode::TGSMFence;
    assert_eq!(n, BarrierMode::TGSMFence);
    assert_eq!(
        BarrierMode::try_from(0x10).map_err(|e| e.enumeration),
        Err("BarrierMode")
    );

    // Masks are constants too, and cover the flags they name.
    assert!(
        MemoryTypeFlag::AllMemory
            .contains(MemoryTypeFlag::UavMemory | MemoryTypeFlag::NodeOutputMemory)
    );
    assert_eq!(
        MemoryTypeFlag::from_name("ValidMask"),
        Some(MemoryTypeFlag::AllMemory)
    );
    assert_eq!(
        MemoryTypeFlag::AllMemory.to_string(),
        "UavMemory|GroupSharedMemory|NodeInputMemory|NodeOutputMemory"
    );

    // A multi-bit value is named as such, before the bits it is made of.
    assert_eq!(NodeIoFlags::DispatchRecord.to_string(), "DispatchRecord");
    assert_eq!(
        (NodeIoFlags::Input | NodeIoFlags::DispatchRecord).to_string(),
        "Input|DispatchRecord"
    );
    assert_eq!(NodeIoFlags::ThreadRecord.to_string(), "ThreadRecord");
    assert_eq!(NodeIoFlags::EMPTY.to_string(), "0x0");
    assert_eq!(RayFlag::None.bits(), 0);
}

#[test]
fn values_exist_from_their_version() {
    let (v17, v18, v19) = (
        DxilVersion::new(1, 7),
        DxilVersion::new(1, 8),
        DxilVersion::new(1, 9),
    );
    // A flag of DXIL 1.9.
    let reorder = BarrierSemanticFlag::GroupSync | BarrierSemanticFlag::ReorderScope;
    assert!(!reorder.is_valid_at(v18));
    assert!(reorder.is_valid_at(v19));
    assert!(BarrierSemanticFlag::GroupSync.is_valid_at(v18));
    // Values of plain enumerations.
    assert!(!NodeMetadataTag::NodeLaunchType.is_valid_at(v17));
    assert!(NodeMetadataTag::NodeLaunchType.is_valid_at(v18));
    assert!(NodeMetadataTag::NumThreads.is_valid_at(DxilVersion::new(1, 0)));
    assert!(AtomicBinOpCode::Add.is_valid_at(DxilVersion::new(1, 0)));
}

#[test]
fn node_metadata_tags_have_dxc_numbers() {
    let tags = [
        (NodeMetadataTag::NumThreads, 4),
        (NodeMetadataTag::NodeLaunchType, 13),
        (NodeMetadataTag::NodeIsProgramEntry, 14),
        (NodeMetadataTag::NodeId, 15),
        (NodeMetadataTag::NodeLocalRootArgumentsTableIndex, 16),
        (NodeMetadataTag::ShareInputOf, 17),
        (NodeMetadataTag::NodeDispatchGrid, 18),
        (NodeMetadataTag::NodeMaxRecursionDepth, 19),
        (NodeMetadataTag::NodeInputs, 20),
        (NodeMetadataTag::NodeOutputs, 21),
        (NodeMetadataTag::NodeMaxDispatchGrid, 22),
        (NodeMetadataTag::RangedWaveSize, 23),
    ];
    for (tag, n) in tags {
        assert_eq!(NodeMetadataTag::try_from(n), Ok(tag));
    }
    assert_eq!(NodeIoMetadataTag::NodeAllowSparseNodes as u32, 6);
    assert_eq!(NodeRecordMetadataTag::NodeSVDispatchGrid as u32, 1);
}
