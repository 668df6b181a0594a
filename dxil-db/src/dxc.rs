//! DXC's C++ presentation of the database (`[dxc]`, in `db/dxc.toml`): the names, docs and C++
//! spellings DXC's generated sources use beyond the facts of ops, for `cargo xtask emit dxc`.

use crate::model::{AttributeId, DxilVersion, EnumId, OverloadTypeId, TypeId};

/// A C++ enumeration DXC derives from the database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DxcEnum {
    /// Its C++ name (`OpCode`).
    pub name: String,
    /// Its doc comment; in the opcode enumeration `{table}` stands for the table's name.
    pub doc: String,
    /// The name of its last value, the count of the others (`NumOpCodes`); empty when it has
    /// none.
    pub count: String,
}

/// How DXC's C++ writes a parameter type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DxcType {
    /// The statement of `OP::GetOpFunc` that adds the type to a function type (`A(pI32);`).
    pub op_func: String,
    /// The C++ type of the typed accessors of an immediate operand of the type (`int32_t`),
    /// for integer types that have them.
    pub accessor: Option<String>,
}

/// An enumeration value whose number DXIL.rst gives otherwise than the enumeration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DxcNumber {
    /// The enumeration.
    pub enumeration: EnumId,
    /// The value's name.
    pub value: String,
    /// The number DXIL.rst shows.
    pub number: i64,
}

/// The `[dxc]` record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dxc {
    /// `kDxilMaxOloadDims`: the most overload dimensions an op may have.
    pub max_overload_dims: u32,
    /// `hlsl::OP::TypeSlot`: the overload type of each bit of DXC's overload masks, from bit
    /// 0; the vector bit follows them.
    pub overload_slots: Vec<OverloadTypeId>,
    /// The type of the opcode operand, which every op takes first.
    pub opcode_type: TypeId,
    /// The `OP::Attribute` enumerator of an op without memory attribute (`None`).
    pub no_attribute: String,
    /// The value of `OpCode::Invalid`.
    pub invalid_opcode: u32,
    /// Its doc comment.
    pub invalid_opcode_doc: String,
    /// The enumeration of the op tables (`OpCodeTableID`).
    pub table_enum: DxcEnum,
    /// The enumeration of the ops of a table (`OpCode`).
    pub opcode_enum: DxcEnum,
    /// The enumeration of the op classes (`OpCodeClass`).
    pub class_enum: DxcEnum,
    /// The class DXC gives LLVM instructions (`LlvmInst`) and its category.
    pub llvm_class: (String, String),
    /// The `OP::Attribute` enumerator of each memory attribute.
    pub attributes: Vec<(AttributeId, String)>,
    /// How DXC writes each type that has an entry.
    pub types: Vec<(TypeId, DxcType)>,
    /// What the validator of each version added, for the versions that say.
    pub validator_notes: Vec<(DxilVersion, Vec<String>)>,
    /// Enumeration values DXIL.rst numbers otherwise.
    pub rst_numbers: Vec<DxcNumber>,
    /// Ops whose stage list excludes only what their `target` excludes: DXC's table lists no
    /// stages for them (all) and checks the target in hand-written C++.
    pub stages_from_target: Vec<String>,
}

impl Dxc {
    /// The `OP::Attribute` enumerator of a memory attribute.
    pub fn attribute(&self, id: AttributeId) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(a, _)| *a == id)
            .map(|(_, n)| n.as_str())
    }

    /// How DXC writes a type.
    pub fn ty(&self, id: TypeId) -> Option<&DxcType> {
        self.types.iter().find(|(t, _)| *t == id).map(|(_, d)| d)
    }

    /// The overload-mask bit of an overload type.
    pub fn slot(&self, id: OverloadTypeId) -> Option<u32> {
        self.overload_slots
            .iter()
            .position(|t| *t == id)
            .map(|i| i as u32)
    }

    /// The bit of vector overloads: after the slots of the types.
    pub fn vector_slot(&self) -> u32 {
        self.overload_slots.len() as u32
    }

    /// The number DXIL.rst shows for a value of an enumeration, where it differs.
    pub fn rst_number(&self, enumeration: EnumId, value: &str) -> Option<i64> {
        self.rst_numbers
            .iter()
            .find(|n| n.enumeration == enumeration && n.value == value)
            .map(|n| n.number)
    }
}
