// Overloads the database does not allow, or not at this version, or not this many.

use dxil_ops::op;

fn main() {
    // allowed only from a later version
    let _ = op!(RawBufferLoad<f64> @ 1.2);
    // a 16-bit IsSpecialFloat overload before SM 6.9: a constraint of kind `overload`
    let _ = op!(IsNaN<f16> @ 1.8);
    // never allowed
    let _ = op!(Sample<f64> @ 1.6);
    // vectors only from DXIL 1.9
    let _ = op!(DerivCoarseX<v2f32> @ 1.8);
    // a vector wider than any
    let _ = op!(RawBufferVectorLoad<v2000f32> @ 1.9);
    // an op without overloads
    let _ = op!(CreateHandle<f32> @ 1.5);
    // an overloaded op without overload
    let _ = op!(Sample @ 1.6);
    // too many, too few
    let _ = op!(Sample<f32, f32> @ 1.6);
    let _ = op!(LinAlgFillMatrix<"mC8M16N16U0S1"> @ 1.10);
    // a struct where the op takes scalars
    let _ = op!(Sample<"struct.S"> @ 1.6);
}
