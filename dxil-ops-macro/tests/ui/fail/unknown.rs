// Names the database does not have: an op, a DXIL version, a stage, an overload (C-style
// type names get the overload's name as a suggestion).

use dxil_ops::op;

fn main() {
    let _ = op!(Sampel<f32> @ 1.6);
    let _ = op!(Sample<f32> @ 1.42);
    let _ = op!(Sample<f32> @ 1.6 in pixle);
    let _ = op!(Sample<f33> @ 1.6);
    // a shader model for the DXIL version; C and HLSL type names
    let _ = op!(Sample<f32> @ 6.6);
    let _ = op!(Sin<float> @ 1.6);
    let _ = op!(Sin<uint> @ 1.6);
    let _ = op!(Sin<half4> @ 1.9);
}
