// A crate with a vendor extension: include_ops! on tests/vendor/vendor.toml.

mod vendor {
    dxil_ops::include_ops!("tests/vendor/vendor.toml");
}

use dxil_ops::{DxilVersion, Overload, ScalarType, ShaderKind, Target};

fn main() {
    let target = Target::new(DxilVersion::new(1, 6)).with_stage(ShaderKind::Compute);
    let call = vendor::build::vendor_scale(&target, Overload::Scalar(ScalarType::F16), "%x", 2)
        .expect("the database allows it");
    let name = call.function_name().to_string();
    println!("{name}");
    assert_eq!(name, "dx.op.vendorScale.f16");
    let parsed = vendor::parse_function_name(&name).expect("its own name");
    assert_eq!(
        vendor::OpClass::from_info(parsed.class()),
        Some(vendor::OpClass::VendorScale)
    );
    let mut ir = String::new();
    dxil_ops::ir::write_call(&mut ir, Some("y"), &call).expect("writing to a String");
    println!("{ir}");
}
