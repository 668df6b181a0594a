//! The ops whose overloads have more than one struct dimension, with struct names that hold
//! dots as LLVM makes them: for the tests of reading such names from their types (dxil-ops'
//! `typed_names`, dxil-lint's `typed_overloads`).

use dxil_ops::{OPS, OpInfo, Overload, Overloads, ScalarType, StructName};

/// The ops whose overloads have more than one struct dimension.
pub fn struct_overload_ops() -> Vec<&'static OpInfo> {
    let any = StructName::new("x");
    OPS.iter()
        .filter(|o| {
            o.class
                .overloads
                .sets()
                .iter()
                .filter(|s| {
                    s.contains(&Overload::Object(any)) || s.contains(&Overload::Udt(any, 0))
                })
                .count()
                > 1
        })
        .collect()
}

/// Struct names with dots, as LLVM makes them (a tag, a record name, a uniquing number).
pub const DOTTED: [&str; 4] = [
    "struct.Object",
    "class.matrix.float.4.4",
    "dx.types.Foo",
    "struct.S.0",
];

/// The overloads of `op` with a dotted struct name in each struct dimension (each its own, or
/// all `struct.Object` when `same`) and `float` in the others.
pub fn dotted_overloads(op: &OpInfo, same: bool) -> Overloads<'static> {
    let dims: Vec<Overload<'static>> = op
        .class
        .overloads
        .sets()
        .iter()
        .enumerate()
        .map(|(d, s)| {
            let name = StructName::new(if same { DOTTED[0] } else { DOTTED[d] });
            if s.contains(&Overload::Object(name)) {
                Overload::Object(name)
            } else {
                Overload::Scalar(ScalarType::F32)
            }
        })
        .collect();
    Overloads::new(&dims)
}
