// Ops, overloads, versions and stages the database allows.

use dxil_ops::{CheckedOp, Overload, ScalarType, ShaderKind, op};

// `op!` is a constant expression.
const LOAD: CheckedOp = op!(RawBufferLoad<f64> @ 1.3);

fn main() {
    assert_eq!(LOAD.function_name().to_string(), "dx.op.rawBufferLoad.f64");
    assert_eq!(LOAD.overload(), Overload::Scalar(ScalarType::F64));

    // no overload; the stage, in either order
    let handle = op!(CreateHandle @ 1.5 in pixel);
    assert_eq!(handle.function_name().to_string(), "dx.op.createHandle");
    let same = op!(CreateHandle in pixel @ 1.5);
    assert_eq!(handle, same);

    // versions written 1.10 and as strings
    let dot = op!(Dot4AddI8Packed<i32> @ "1.4");
    assert_eq!(dot.version(), dxil_ops::DxilVersion::new(1, 4));

    // a vector overload
    let vload = op!(RawBufferVectorLoad<v4f32> @ 1.9 in compute);
    assert_eq!(
        vload.function_name().to_string(),
        "dx.op.rawBufferVectorLoad.v4f32"
    );
    assert_eq!(vload.stage(), Some(ShaderKind::Compute));

    // several dimensions, with an object in its short spelling
    let fill = op!(LinAlgFillMatrix<"mC8M16N16U0S1", f32> @ 1.10);
    assert_eq!(
        fill.function_name().to_string(),
        "dx.op.linAlgFillMatrix.mC8M16N16U0S1.f32"
    );
    assert_eq!(
        fill.overload_array::<2>()[1],
        Overload::Scalar(ScalarType::F32)
    );

    // a user-defined struct
    let call = op!(CallShader<"struct.Params"> @ 1.3 in raygeneration);
    assert_eq!(
        call.function_name().to_string(),
        "dx.op.callShader.struct.Params"
    );

    // an op only for libraries: its calls are built for a library
    let lib = op!(CreateHandleForLib<"dx.types.Handle"> @ 1.3);
    assert!(lib.target().library);

    // the checked target and overload feed the builders, whose checks then pass
    let sample = op!(Sample<f32> @ 1.6 in pixel);
    let call = dxil_ops::build::sample(
        &sample.target(),
        sample.overload(),
        "%h",
        "%s",
        "%u",
        "%v",
        "%u",
        "%u",
        "%o",
        "%o",
        "%o",
        "%c",
    )
    .expect("op! checked what the builder checks");
    let mut ir = String::new();
    dxil_ops::ir::write_call(&mut ir, Some("r"), &call).expect("writing to a String");
    println!("{ir}");
    assert!(ir.starts_with("%r = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, "));
    println!("{sample}: {}", sample.declaration());
}
