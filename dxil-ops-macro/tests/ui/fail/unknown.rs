// Names the database does not have: an op, a DXIL version, a stage, an overload.

use dxil_ops::op;

fn main() {
    let _ = op!(Sampel<f32> @ 1.6);
    let _ = op!(Sample<f32> @ 1.42);
    let _ = op!(Sample<f32> @ 1.6 in pixle);
    let _ = op!(Sample<f33> @ 1.6);
}
