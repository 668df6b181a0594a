//! The shape of the LLVM instruction table: which LLVM instructions DXIL allows and with which
//! operand types. The rows are generated ([`tables`](crate::tables)).

use crate::generated::vocab::{OVERLOAD_TYPES, ScalarType};
use crate::info::OverloadKind;
use crate::overload::OverloadSet;

/// An LLVM instruction (LLVM 3.7, the version DXIL is based on) and whether DXIL allows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LlvmInstructionInfo {
    /// Name of the opcode (`FAdd`).
    pub name: &'static str,
    /// LLVM's opcode number.
    pub opcode: u32,
    /// LLVM's instruction class (`BinaryOperator`).
    pub class: &'static str,
    /// Description.
    pub doc: &'static str,
    /// The operand types DXIL allows, one bit per overload type as in an op's overloads
    /// (`void` included, for `ret void`); empty when the table does not restrict them.
    pub overloads: OverloadSet,
    /// Whether DXIL allows the instruction.
    pub allowed: bool,
}

impl LlvmInstructionInfo {
    /// Whether operands of scalar type `t` are allowed.
    pub const fn allows_scalar(&self, t: ScalarType) -> bool {
        self.overloads.scalars & (1u32 << t as u32) != 0
    }

    /// Whether the operand may be void (`ret void`).
    pub const fn allows_void(&self) -> bool {
        let mut i = 0;
        while i < OVERLOAD_TYPES.len() {
            if matches!(OVERLOAD_TYPES[i].kind, OverloadKind::Void) {
                return self.overloads.scalars & (1u32 << i) != 0;
            }
            i += 1;
        }
        false
    }
}
