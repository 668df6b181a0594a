//! The `dx.op` calls of a module as `dxil_ops` reads and checks them: each call's callee
//! name, result type and operands with their types as LLVM writes them and their constant
//! values, through [`dxil_ops::call::Value`] (so that [`dxil_ops::read::read_op`] reads any
//! call of a module, read from text or bitcode, into [`dxil_ops::read::AnyOp`]) and through the
//! constraint checks' [`dxil_ops::constraint::Operands`] ([`CallOperands`]).
//!
//! Type names are printed once per type ([`TypeNames`]); a value's text (for messages) is
//! printed only when asked for.
//!
//! ```
//! use dxil_module::{dxop, text};
//! use dxil_ops::read::AnyOp;
//!
//! let src = "define void @main(float %x) {\n\
//!            \x20 %r = call float @dx.op.unary.f32(i32 13, float %x)\n\
//!            \x20 ret void\n\
//!            }\n\
//!            declare float @dx.op.unary.f32(i32, float)\n";
//! let m = text::parse(src.as_bytes()).expect("valid");
//! let calls = dxop::DxOpCalls::new(&m);
//! let call = calls.iter().next().expect("one call");
//! assert_eq!((call.name, call.line, call.result_text()), ("dx.op.unary.f32", 2, "float"));
//! let mut buf = Vec::new();
//! let op = call.read(&mut buf).expect("a call of Sin");
//! assert_eq!(op.to_string(), "Sin { value: %x }");
//! assert!(matches!(op, AnyOp::Sin(_)));
//! ```

mod declare;
mod operand;
mod operands;
mod shapes;
mod types;

use std::cell::RefCell;
use std::collections::HashMap;

use dxil_ops::read::{AnyOp, CallShape, ReadError};
use shapes::Shapes;

pub use declare::{DeclareError, declare};
pub use operand::Operand;
pub use operands::CallOperands;
pub use types::TypeNames;

use crate::model::{Call, FuncId, InstId, Module, Type, TypeId, Value};
use crate::text::Undefined;

/// The prefix of the names of `dx.op` functions.
pub const DX_OP: &str = "dx.op.";

/// The `dx.op` functions and calls of a module, with the names of its types.
pub struct DxOpCalls<'m> {
    m: &'m Module,
    names: TypeNames<'m>,
    /// Per function: its name when it is a `dx.op` function.
    dx_op: Vec<Option<&'m str>>,
    /// The operands that name undefined locals (a lenient reading), with their names.
    undefined: HashMap<(FuncId, InstId, u32), &'m str>,
    /// The shapes of the calls read so far ([`CallShape`], by function, function type and
    /// opcode), at most [`shapes::SHAPES_PER_FUNCTION`] per function; only those that borrow
    /// no name (the others, of functions overloaded by struct, are made per call).
    shapes: RefCell<Shapes>,
}

impl<'m> DxOpCalls<'m> {
    /// The `dx.op` functions and calls of `m`.
    pub fn new(m: &'m Module) -> Self {
        let dx_op = (0..m.functions.len())
            .map(|i| {
                m.function_name(FuncId(i as u32))
                    .filter(|n| n.starts_with(DX_OP))
            })
            .collect();
        DxOpCalls {
            m,
            names: TypeNames::new(m),
            dx_op,
            undefined: HashMap::new(),
            shapes: RefCell::new(Shapes::default()),
        }
    }

    /// The same, knowing which operands name local values never defined
    /// ([`Lenient::undefined`](crate::text::Lenient::undefined)): their value is unknown, not
    /// the `undef` the module holds.
    pub fn with_undefined(mut self, undefined: &'m [Undefined]) -> Self {
        self.undefined = undefined
            .iter()
            .map(|u| ((u.function, u.inst, u.operand), &*u.name))
            .collect();
        self
    }

    /// The module.
    pub fn module(&self) -> &'m Module {
        self.m
    }

    /// The names of the module's types.
    pub fn names(&self) -> &TypeNames<'m> {
        &self.names
    }

    /// The name of function `f` when it is a `dx.op` function.
    pub fn dx_op_name(&self, f: FuncId) -> Option<&'m str> {
        self.dx_op.get(f.index()).copied().flatten()
    }

    /// The declarations of `dx.op` functions (functions without a body), in order.
    pub fn declarations(&self) -> impl Iterator<Item = (FuncId, &'m str)> + '_ {
        self.dx_op.iter().enumerate().filter_map(|(i, n)| {
            let f = FuncId(i as u32);
            let name = (*n)?;
            self.m.function(f)?.body.is_none().then_some((f, name))
        })
    }

    /// The call of a `dx.op` function that instruction `inst` of function `function` is, if
    /// it is one.
    pub fn call_at(&self, function: FuncId, inst: InstId) -> Option<DxOpCall<'_>> {
        let body = self.m.function(function)?.body.as_ref()?;
        let i = body.inst(inst)?;
        let call = i.kind.as_call()?;
        let callee = call.callee.as_function()?;
        Some(DxOpCall {
            calls: self,
            function,
            inst,
            line: i.line,
            callee,
            name: self.dx_op_name(callee)?,
            call,
            args: body.args(call),
        })
    }

    /// The calls of `dx.op` functions, function by function, each in the order of its blocks.
    pub fn iter(&self) -> impl Iterator<Item = DxOpCall<'_>> + '_ {
        self.m
            .functions
            .iter()
            .enumerate()
            .filter_map(|(i, f)| Some((FuncId(i as u32), f.body.as_ref()?)))
            .flat_map(move |(function, body)| {
                self.m
                    .calls(body)
                    .filter_map(move |(inst, i, call, callee)| {
                        Some(DxOpCall {
                            calls: self,
                            function,
                            inst,
                            line: i.line,
                            callee,
                            name: self.dx_op_name(callee)?,
                            call,
                            args: body.args(call),
                        })
                    })
            })
    }
}

/// A call of a `dx.op` function.
#[derive(Clone, Copy)]
pub struct DxOpCall<'c> {
    calls: &'c DxOpCalls<'c>,
    /// The function the call is in.
    pub function: FuncId,
    /// The call instruction.
    pub inst: InstId,
    /// Its line ([`Inst::line`](crate::model::Inst::line)).
    pub line: u32,
    /// The function called.
    pub callee: FuncId,
    /// Its name.
    pub name: &'c str,
    /// The call.
    pub call: &'c Call,
    /// Its arguments (the opcode first).
    pub args: &'c [Value],
}

impl<'c> DxOpCall<'c> {
    /// The parameter types and result type of the call's function type.
    fn fn_ty(&self) -> Option<(TypeId, &'c [TypeId])> {
        match self.calls.m.types.get(self.call.fn_ty)? {
            Type::Function { ret, params, .. } => Some((*ret, params)),
            _ => None,
        }
    }

    /// The result type.
    pub fn result_type(&self) -> Option<TypeId> {
        self.fn_ty().map(|(r, _)| r)
    }

    /// The result type's text.
    pub fn result_text(&self) -> &'c str {
        match self.result_type() {
            Some(t) => self.calls.names.get(t),
            None => "",
        }
    }

    /// The number of operands (the opcode included).
    pub fn len(&self) -> usize {
        self.args.len()
    }

    /// Whether the call has no operand at all (not even the opcode).
    pub fn is_empty(&self) -> bool {
        self.args.is_empty()
    }

    /// Operand `i` (0 is the opcode).
    pub fn operand(&self, i: usize) -> Option<Operand<'c>> {
        (i < self.len()).then(|| self.operand_at(i))
    }

    /// The parameter types of the call's function type (none when it has none).
    fn param_types(&self) -> &'c [TypeId] {
        self.fn_ty().map_or(&[], |(_, p)| p)
    }

    /// Operand `i`, which exists.
    fn operand_at(&self, i: usize) -> Operand<'c> {
        self.operand_of(self.param_types(), i)
    }

    /// Operand `i`, which exists, of a call whose function type has the parameter types
    /// `params`.
    #[inline]
    fn operand_of(&self, params: &[TypeId], i: usize) -> Operand<'c> {
        let value: Value = self.args.get(i).copied().unwrap_or(Value::Arg(u32::MAX));
        // the type the call gives it; one past the call's parameters (a call made by hand)
        // has its value's type, or none (`<badref>`)
        let ty = params
            .get(i)
            .copied()
            .or_else(|| self.calls.m.value_type(Some(self.function), value))
            .unwrap_or(TypeId(u32::MAX));
        let undefined = if self.calls.undefined.is_empty() {
            None
        } else {
            self.calls
                .undefined
                .get(&(self.function, self.inst, i as u32))
                .copied()
        };
        Operand {
            names: &self.calls.names,
            function: self.function,
            value,
            ty,
            undefined,
        }
    }

    /// The operands, the opcode first.
    pub fn operands(&self) -> impl ExactSizeIterator<Item = Operand<'c>> + '_ {
        let params = self.param_types();
        (0..self.len()).map(move |i| self.operand_of(params, i))
    }

    /// Reads the call as [`dxil_ops::read::read_op`] does: its operands go into `buf` (cleared
    /// first), which the result borrows. What the function, its type and the opcode decide is
    /// checked once for all the calls that share them ([`CallShape`]).
    pub fn read<'o>(
        &self,
        buf: &'o mut Vec<Operand<'c>>,
    ) -> Result<AnyOp<'o, Operand<'c>>, ReadError<'c>> {
        let params = self.param_types();
        buf.clear();
        if params.len() == self.args.len() && self.calls.undefined.is_empty() {
            // what `operand_of` makes of each operand of such a call, without its lookups
            let (names, function) = (&self.calls.names, self.function);
            buf.extend(self.args.iter().zip(params).map(|(&value, &ty)| Operand {
                names,
                function,
                value,
                ty,
                undefined: None,
            }));
        } else {
            buf.extend((0..self.len()).map(|i| self.operand_of(params, i)));
        }
        let Some(key) = self.shape_key(params, buf) else {
            return CallShape::new(self.name, buf)?.read_op(buf);
        };
        {
            // read in place (not through a closure), so that the result is not copied again
            let shapes = self.calls.shapes.borrow();
            if let Some(shape) = shapes.find(self.callee, key) {
                return shape.read_op(buf);
            }
        }
        let names = &self.calls.names;
        let shape = shapes::shape_of(
            self.name,
            key.1,
            params.iter().map(|&t| names.get(t)),
            || CallShape::new(self.name, buf),
        )?;
        self.keep_shape(key, &shape);
        shape.read_op(buf)
    }

    /// What the shape of the call is kept by: its function type and opcode (`operands[0]`),
    /// when every operand's type is the function type's (whose parameters are `params`) and
    /// the opcode is a constant.
    fn shape_key(&self, params: &[TypeId], operands: &[Operand<'c>]) -> Option<(TypeId, i64)> {
        let opcode = operands.first().and_then(Operand::int)?;
        (params.len() == self.args.len()).then_some((self.call.fn_ty, opcode))
    }

    /// Keeps `shape` for the call's function and `key`, when it borrows no name and the
    /// function has room for it.
    fn keep_shape(&self, key: (TypeId, i64), shape: &CallShape<'_>) {
        let Some(shape) = shape.to_static() else {
            return;
        };
        self.calls
            .shapes
            .borrow_mut()
            .keep(self.calls.dx_op.len(), self.callee, key, shape);
    }

    /// The names of the module's types.
    pub fn names(&self) -> &'c TypeNames<'c> {
        &self.calls.names
    }
}

impl dxil_ops::call::Value for Operand<'_> {
    fn llvm_type(&self) -> Option<&str> {
        Some(self.ty_text())
    }

    fn int_constant(&self) -> Option<i64> {
        self.int()
    }

    fn struct_constant(&self) -> Option<dxil_ops::constant::StructConstant<'_>> {
        Operand::struct_constant(self)
    }
}
