//! What a caller knows of a call's operands ([`Operands`]), and the context it is checked in.

use crate::enums::{ComponentType, ResourceClass, ResourceKind};
use crate::{Overload, ShaderKind, ShaderModel};
use dxil_base::DxilVersion;

use super::At;

/// The value of an operand, as far as the caller knows it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// An integer constant (as written; see [`Operands::width`]).
    Int(i128),
    /// A floating-point constant.
    Float(f64),
    /// `undef` (or `poison`).
    Undef,
    /// `zeroinitializer` or `null`.
    Zero,
    /// A constant struct of integer fields: the first `len` of `fields`, each read at its
    /// field's width as an unsigned number (`i8 -1` is 255: see [`crate::constant`]).
    Fields {
        /// Field values.
        fields: [i64; 4],
        /// Number of fields.
        len: u8,
    },
    /// Another constant (an aggregate, a constant expression).
    Constant,
    /// A value computed at run time (not a constant).
    Unknown,
    /// A value the caller cannot see: it may be a constant or not, `undef` or not (a
    /// builder's operand of the caller's value type). Only what is certain is checked.
    Opaque,
}

impl From<crate::constant::Fields> for Value {
    /// The fields of a checked constant struct, each at its width.
    fn from(f: crate::constant::Fields) -> Value {
        Value::Fields {
            fields: f.array(),
            len: f.len(),
        }
    }
}

/// The properties of the resource behind a handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resource {
    /// Its class.
    pub class: ResourceClass,
    /// Its kind.
    pub kind: ResourceKind,
    /// The component type of a typed resource.
    pub component: Option<ComponentType>,
    /// A sampler in comparison mode.
    pub comparison: bool,
}

impl Resource {
    /// The resource `AnnotateHandle`'s property words describe: the words decoded by
    /// [`ResourceProperties::decode`](crate::resource::ResourceProperties::decode), the one
    /// decoder of them. `None` when they do not decode.
    pub fn from_properties(words: [u32; 2]) -> Option<Resource> {
        crate::resource::ResourceProperties::decode(words)
            .ok()
            .map(Resource::from)
    }

    /// The resource a constant `%dx.types.ResourceProperties` operand describes (its fields
    /// read at their width, `zeroinitializer` two 0 words), decoded by
    /// [`ResourceProperties::decode_fields`](crate::resource::ResourceProperties::decode_fields):
    /// what the builders, the constraint `annotatehandle.properties` and `dxil-lint`'s handles
    /// read. `None` when the operand is not a constant.
    pub fn of_properties(v: Value) -> Option<Result<Resource, crate::resource::ResourceError>> {
        use crate::resource::ResourceProperties as P;
        let p = match v {
            Value::Fields { fields, len } => {
                P::decode_fields(fields.get(..usize::from(len)).unwrap_or(&fields))
            }
            Value::Zero => P::decode([0, 0]),
            _ => return None,
        };
        Some(p.map(Resource::from))
    }
}

impl From<crate::resource::ResourceProperties> for Resource {
    fn from(p: crate::resource::ResourceProperties) -> Resource {
        Resource {
            class: p.class(),
            kind: p.kind,
            component: p.component(),
            comparison: p.comparison,
        }
    }
}

/// A LinAlg matrix type (`%dx.types.LinAlgMatrixC<ct>M<m>N<n>U<use>S<scope>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Matrix<'a> {
    /// The type's name without `%`.
    pub name: &'a str,
    /// Component type (a `ComponentType` number).
    pub component: u32,
    /// Rows.
    pub m: u32,
    /// Columns.
    pub n: u32,
    /// Use (a `MatrixUse` number).
    pub usage: u32,
    /// Scope (a `MatrixScope` number).
    pub scope: u32,
    /// Whether `!dx.targetTypes` has an entry for the type.
    pub has_metadata: bool,
}

impl<'a> Matrix<'a> {
    /// Reads the properties from a type name (`dx.types.LinAlgMatrixC9M4N8U0S0`, with or
    /// without `%`, or its short spelling in function names, `mC9M4N8U0S0`); `has_metadata` is
    /// false.
    pub fn from_name(name: &'a str) -> Option<Matrix<'a>> {
        let name = name.strip_prefix('%').unwrap_or(name);
        let mut rest = match name.strip_prefix("dx.types.LinAlgMatrix") {
            Some(r) => r,
            None => name.strip_prefix('m').filter(|r| r.starts_with('C'))?,
        };
        let mut nums = [0u32; 5];
        for (i, tag) in [b'C', b'M', b'N', b'U', b'S'].iter().enumerate() {
            let r = rest.as_bytes();
            if r.first() != Some(tag) {
                return None;
            }
            let digits = r[1..].iter().take_while(|b| b.is_ascii_digit()).count();
            if digits == 0 || digits > 9 {
                return None;
            }
            let mut v = 0u32;
            for b in &r[1..=digits] {
                v = v * 10 + u32::from(b - b'0');
            }
            nums[i] = v;
            rest = &rest[1 + digits..];
        }
        if !rest.is_empty() {
            return None;
        }
        Some(Matrix {
            name,
            component: nums[0],
            m: nums[1],
            n: nums[2],
            usage: nums[3],
            scope: nums[4],
            has_metadata: false,
        })
    }
}

/// A vector type: length and element type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vector<'a> {
    /// Number of elements.
    pub len: u32,
    /// The element type as LLVM writes it (`float`, `i32`).
    pub element: &'a str,
}

impl Vector<'_> {
    /// Whether the element type is a floating-point type.
    pub fn is_float(&self) -> bool {
        matches!(self.element, "half" | "float" | "double" | "bfloat")
    }
}

/// What the caller knows of a call's operands.
pub trait Operands<'a> {
    /// The value of an operand.
    fn value(&self, at: At) -> Value;

    /// The width in bits of an integer operand's type (default 32).
    fn width(&self, at: At) -> u32 {
        let _ = at;
        32
    }

    /// The operand as written, for messages.
    fn text(&self, at: At) -> Option<&'a str> {
        let _ = at;
        None
    }

    /// The resource behind a handle operand, when known.
    fn resource(&self, at: At) -> Option<Resource> {
        let _ = at;
        None
    }

    /// The LinAlg matrix type of an operand (or of the result), when it has one.
    fn matrix(&self, at: At) -> Option<Matrix<'a>> {
        let _ = at;
        None
    }

    /// The vector type of an operand (or of the result), when it is a vector.
    fn vector(&self, at: At) -> Option<Vector<'a>> {
        let _ = at;
        None
    }
}

/// What a call is checked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Context<'a> {
    /// The module's DXIL version.
    pub dxil: DxilVersion,
    /// The module's shader model (default: the one that pairs with `dxil`).
    pub shader_model: Option<ShaderModel>,
    /// The stage of the calling entry; [`ShaderKind::Library`] for a library function that is
    /// no entry; `None` when unknown.
    pub stage: Option<ShaderKind>,
    /// The call's overload of dimension 0.
    pub overload: Option<Overload<'a>>,
}

impl<'a> Context<'a> {
    /// A context at DXIL `dxil` (and its shader model), stage and overload unknown.
    pub const fn new(dxil: DxilVersion) -> Self {
        Context {
            dxil,
            shader_model: crate::shader_model_of(dxil),
            stage: None,
            overload: None,
        }
    }

    pub(super) fn model(&self) -> Option<ShaderModel> {
        match self.shader_model {
            Some(m) => Some(m),
            None => crate::shader_model_of(self.dxil),
        }
    }
}
