// Ops that do not exist at the version: removed, or not yet introduced.

use dxil_ops::op;

fn main() {
    let _ = op!(CreateHandle @ 1.6);
    let _ = op!(CreateHandleFromBinding @ 1.5);
    let _ = op!(LinAlgFillMatrix<"mC8M16N16U0S1", f32> @ 1.9);
}
