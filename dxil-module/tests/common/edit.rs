//! Edits of a model as a user of the crate makes them: a `storeOutput` call built by
//! `dxil_ops::build`, declared by `dxop::declare` where the module has no such function, put
//! before a function's `ret` with `Body::insert_before`.

#![allow(dead_code)]

use dxil_module::dxop;
use dxil_module::model::{Call, FuncId, Inst, InstKind, Module, Tail, Value};
use dxil_ops::{DxilVersion, Overload, Target, build};

/// A model value with the module it belongs to, for `dxil_ops`'s builders (which ask whether
/// an operand is an integer constant).
#[derive(Clone, Copy)]
struct Operand<'m>(&'m Module, Value);

impl dxil_ops::Value for Operand<'_> {
    fn int_constant(&self) -> Option<i64> {
        self.0.const_int(self.1.as_const()?)
    }
}

/// Adds, right before the first `ret` of `f`, a `storeOutput` call (overload `overload`) that
/// stores `value` to column `col` of row 0 of output element `id`: `None` when `f` has no
/// `ret`, else whether the call's function was declared (the module had none).
pub fn store_output_before_ret(
    m: &mut Module,
    f: FuncId,
    id: i64,
    col: i64,
    overload: Overload,
    value: Value,
) -> Option<bool> {
    let (i8_ty, i32_ty) = (m.types.int(8), m.types.int(32));
    let id = Value::Const(m.int_const(i32_ty, id));
    let row = Value::Const(m.int_const(i32_ty, 0));
    let col = Value::Const(m.int_const(i8_ty, col));
    let target = Target::new(DxilVersion::new(1, 0));
    let built = build::store_output(
        &target,
        overload,
        Operand(m, id),
        Operand(m, row),
        Operand(m, col),
        Operand(m, value),
    )
    .expect("storeOutput builds");
    // the built call's operands: model values, or integer constants to make (width, value)
    let planned: Vec<Result<Value, (u32, i64)>> = built
        .operands
        .iter()
        .map(|op| match op {
            dxil_ops::Operand::Value(v) => Ok(v.1),
            dxil_ops::Operand::Int { ty, value } => {
                Err((ty[1..].parse().expect("an integer type"), *value))
            }
            dxil_ops::Operand::Struct { .. } => unreachable!("storeOutput takes no struct"),
        })
        .collect();
    let signature = built.signature;
    let values: Vec<Value> = planned
        .into_iter()
        .map(|p| {
            p.unwrap_or_else(|(width, value)| {
                let ty = m.types.int(width);
                Value::Const(m.int_const(ty, value))
            })
        })
        .collect();
    let functions = m.functions.len();
    let callee = dxop::declare(m, &signature).expect("declared");
    let declared = m.functions.len() > functions;
    let fn_ty = m.function(callee).expect("the callee").ty;
    let void = m.types.void();
    let body = m.functions[f.index()].body.as_mut()?;
    let ret = body
        .iter()
        .find(|(_, i)| matches!(i.kind, InstKind::Ret(_)))
        .map(|(id, _)| id)?;
    let args = body.add_operands(&values).expect("room for operands");
    let call = Call {
        callee: Value::Function(callee),
        fn_ty,
        args,
        attrs: None,
        cc: 0,
        tail: Tail::None,
        flags: 0,
    };
    let inst = Inst {
        kind: InstKind::Call(call),
        ty: void,
        name: None,
        line: 0,
    };
    body.insert_before(ret, inst).expect("inserted");
    Some(declared)
}
