// Stages the op does not allow at the version, or that do not exist yet.

use dxil_ops::op;

fn main() {
    let _ = op!(DerivCoarseX<f32> @ 1.5 in compute);
    let _ = op!(Sin<f32> @ 1.4 in mesh);
    let _ = op!(CreateHandle @ 1.5 in library);
}
