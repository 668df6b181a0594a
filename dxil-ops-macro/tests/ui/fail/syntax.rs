// Input that is not `NAME<OVERLOAD, ...> @ VERSION in STAGE`.

use dxil_ops::op;

fn main() {
    let _ = op!(Sample<f32>);
    let _ = op!(RawBufferLoad.f64 @ 1.3);
    let _ = op!(Sample<f32> @ 6);
    let _ = op!(Sample<f32> @ 1.6 @ 1.7);
}
