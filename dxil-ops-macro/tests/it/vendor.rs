//! `include_ops!` on a vendor extension: the generated op enum, rows, builders and name parsing
//! work with the runtime of `dxil-ops` (checks, function names, signatures, the IR writer).

// the API of the extension, in the module of its tests
#[allow(clippy::module_inception)]
mod vendor {
    dxil_ops::include_ops!("tests/vendor/vendor.toml");
}

use dxil_ops::enums::QuadOpKind;
use dxil_ops::{BuildError, DxilVersion, Overload, ScalarType, ShaderKind, Target};

fn ir<const N: usize>(call: &dxil_ops::Call<'_, &str, N>) -> String {
    let mut s = String::new();
    let result = (call.signature.ret().to_string() != "void").then_some("r");
    dxil_ops::ir::write_call(&mut s, result, call).expect("writing to a String cannot fail");
    s
}

#[test]
fn op_enum_and_rows() {
    assert_eq!(vendor::Op::ALL.len(), 3);
    assert_eq!(vendor::Op::VendorScale.opcode(), 0x8001_0000);
    assert_eq!(
        vendor::Op::from_opcode(0x8001_0002),
        Some(vendor::Op::VendorQuadPair)
    );
    assert_eq!(
        vendor::Op::from_name("VendorFloor"),
        Some(vendor::Op::VendorFloor)
    );
    assert_eq!(
        "VendorScale".parse::<vendor::Op>(),
        Ok(vendor::Op::VendorScale)
    );
    let info = vendor::Op::VendorScale.info();
    assert_eq!(info.table.name, "VendorOps");
    assert_eq!(vendor::OpTable::VendorOps.info().id, 0x8001);
    assert!(!vendor::Op::VendorScale.is_available_at(DxilVersion::new(1, 5)));
    assert!(
        vendor::Op::VendorScale
            .stages_at(DxilVersion::new(1, 6))
            .contains(ShaderKind::Compute)
    );
    // a base class is the base row itself
    assert!(core::ptr::eq(
        vendor::Op::VendorFloor.info().class,
        &dxil_ops::classes::CLASS_UNARY
    ));
    assert_eq!(vendor::Op::VendorFloor.class(), vendor::OpClass::Unary);
    assert_eq!(vendor::OpClass::ALL.len(), 3);
}

#[test]
fn builders_check_and_describe_calls() {
    let target = Target::new(DxilVersion::new(1, 6)).with_stage(ShaderKind::Pixel);
    let f32_ = Overload::Scalar(ScalarType::F32);
    let call = vendor::build::vendor_scale(&target, f32_, "%x", 4).expect("allowed");
    assert_eq!(call.function_name().to_string(), "dx.op.vendorScale.f32");
    assert_eq!(
        ir(&call),
        "%r = call float @dx.op.vendorScale.f32(i32 -2147418112, float %x, i32 4)"
    );
    assert_eq!(
        call.declaration().to_string(),
        "declare float @dx.op.vendorScale.f32(i32, float, i32)"
    );

    // the runtime checks apply: the factor's maximum, the version, the stage, the overloads
    assert!(matches!(
        vendor::build::vendor_scale(&target, f32_, "%x", 17),
        Err(BuildError::OutOfRange { max: 16, .. })
    ));
    let old = Target::new(DxilVersion::new(1, 5));
    assert!(matches!(
        vendor::build::vendor_scale(&old, f32_, "%x", 1),
        Err(BuildError::NotYetAvailable { .. })
    ));
    let vertex = Target::new(DxilVersion::new(1, 6)).with_stage(ShaderKind::Vertex);
    assert!(matches!(
        vendor::build::vendor_scale(&vertex, f32_, "%x", 1),
        Err(BuildError::Stage { .. })
    ));
    let v4 = Overload::Vector(ScalarType::F32, 4);
    assert!(matches!(
        vendor::build::vendor_scale(&target, v4, "%x", 1),
        Err(BuildError::Overload { .. })
    ));
    let t18 = Target::new(DxilVersion::new(1, 8));
    let call = vendor::build::vendor_scale(&t18, v4, "%x", 1).expect("vectors from 1.8");
    assert_eq!(call.function_name().to_string(), "dx.op.vendorScale.v4f32");

    // a base class and a base enumeration
    let call = vendor::build::vendor_floor(&target, f32_, "%x").expect("allowed");
    assert_eq!(
        ir(&call),
        "%r = call float @dx.op.unary.f32(i32 -2147418111, float %x)"
    );
    let call = vendor::build::vendor_quad_pair(&target, f32_, "%x", QuadOpKind::ReadAcrossY)
        .expect("allowed");
    assert_eq!(
        ir(&call),
        "%r = call %vendor.types.Pair @dx.op.vendorQuadPair.f32(i32 -2147418110, float %x, i8 1)"
    );
    let defs: Vec<String> = call.signature.structs().map(|s| s.to_string()).collect();
    assert_eq!(defs, ["%vendor.types.Pair = type { float, i32 }"]);
    assert_eq!(vendor::types::TY_VENDOR_PAIR.name, "vendor_pair");
}

#[test]
fn function_names_of_the_extension_and_of_the_base() {
    let n = vendor::parse_function_name("dx.op.vendorScale.v2f16").expect("a vendor function");
    assert_eq!(n.class().name, "VendorScale");
    assert_eq!(
        n.overloads.get(0),
        Some(Overload::Vector(ScalarType::F16, 2))
    );
    let n = vendor::parse_function_name("dx.op.unary.f32").expect("a base class");
    assert_eq!(n.class().name, "Unary");
    let n = vendor::parse_function_name("dx.op.sample.f32").expect("a base function");
    assert_eq!(n.class().name, "Sample");
    assert!(vendor::parse_function_name("dx.op.vendorScale.i32").is_err());
    assert!(vendor::parse_function_name("dx.op.nothing").is_err());
}
