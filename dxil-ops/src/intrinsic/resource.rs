//! The derived values of resource lowerings, computed from the resource's LLVM type
//! (`target("dx.TypedBuffer", <4 x float>, 1, 0, 0)`), its binding and the intrinsic call's
//! overload.
//!
//! ```
//! use dxil_ops::call::Operand;
//! use dxil_ops::intrinsic::resource::{Facts, ResourceType};
//! use dxil_ops::intrinsic::{self, Derived};
//! use dxil_ops::DxilVersion;
//!
//! // RWBuffer<float4> at u5, space 3.
//! let ty = ResourceType::parse(r#"target("dx.TypedBuffer", <4 x float>, 1, 0, 0)"#).unwrap();
//! assert_eq!(ty.properties().encode(), Ok([4106, 1033]));
//! let facts = Facts { resource: Some(ty), lower_bound: 5, range_size: 1, ..Facts::default() };
//! let step = &intrinsic::lowering("llvm.dx.resource.handlefrombinding", DxilVersion::new(1, 6))
//!     .unwrap()
//!     .steps[0];
//! let class: Option<Operand<&str>> = facts.derived(Derived::ResourceClass, step);
//! assert_eq!(class, Some(Operand::Int { ty: "i8", value: 1 })); // UAV
//! ```
//!
//! The properties follow LLVM's `getAnnotateProps` and are encoded by
//! [`crate::resource::ResourceProperties`], the one place that knows the bits: for structured
//! buffers the base alignment is the element struct's; globally-coherent and counter flags,
//! which come from the module and not the type, are not set. Alignments follow LLVM's default
//! data layout (vectors aligned to their size rounded up to a power of two), which DXC,
//! aligning vectors to their elements, does not share.

use core::fmt;

use crate::ScalarType;
use crate::call::Operand;
use crate::enums::{ComponentType, ResourceClass, ResourceKind};
use crate::intrinsic::{Derived, Step, is_64_bit};
use crate::overload::Overload;
use crate::resource::{Layout, ResourceProperties, UavFlags};

/// A scalar of a resource's element type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scalar {
    /// A float of this many bits.
    Float(u32),
    /// An integer of this many bits.
    Int(u32),
}

impl Scalar {
    /// The size in bytes (`i1` takes one).
    pub fn size(self) -> u32 {
        match self {
            Scalar::Float(b) | Scalar::Int(b) => b.div_ceil(8),
        }
    }
}

/// The element type of a resource: its first scalar, the number of scalars of a scalar or
/// vector, and the size and alignment LLVM lays it out with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Element {
    /// The scalar (of a scalar or vector; the first field's of a struct).
    pub scalar: Scalar,
    /// 1 for a scalar, the width of a vector, 0 for a struct.
    pub count: u32,
    /// Size in bytes, padded to the alignment.
    pub size: u32,
    /// Alignment in bytes.
    pub align: u32,
    /// A struct.
    pub is_struct: bool,
}

/// The kind of a resource type: the name of its LLVM target extension type `target("dx.*")`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResourceTypeKind {
    /// `dx.TypedBuffer`.
    TypedBuffer,
    /// `dx.RawBuffer`: byte-address (element `i8`) or structured.
    RawBuffer,
    /// `dx.CBuffer`.
    CBuffer,
    /// `dx.Sampler`.
    Sampler,
    /// `dx.Texture` (its dimension is a `ResourceKind` value).
    Texture,
}

/// A resource type as LLVM's DirectX backend writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResourceType<'t> {
    /// The kind.
    pub kind: ResourceTypeKind,
    /// The element type (none for samplers).
    pub element: Option<Element>,
    /// The text of the element type.
    pub element_text: &'t str,
    /// The integer parameters after the element type, in order (for a constant buffer: those
    /// of its `dx.Layout`, the size first).
    pub params: [u32; 4],
    /// Number of integer parameters.
    pub param_count: u8,
}

/// Why a type is not a resource type this module reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResourceTypeError<'t> {
    /// The text.
    pub text: &'t str,
    /// What is wrong.
    pub reason: &'static str,
}

impl fmt::Display for ResourceTypeError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a resource type: {}", self.text, self.reason)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ResourceTypeError<'_> {}

/// `n` rounded up to a multiple of `align` (a power of two), if it fits.
fn round_up(n: u32, align: u32) -> Option<u32> {
    n.checked_next_multiple_of(align.max(1))
}

/// Reads LLVM type text without allocating.
struct Reader<'t> {
    text: &'t str,
    pos: usize,
}

impl<'t> Reader<'t> {
    fn rest(&self) -> &'t str {
        self.text.get(self.pos..).unwrap_or("")
    }

    fn skip_space(&mut self) {
        let trimmed = self.rest().trim_start();
        self.pos = self.text.len() - trimmed.len();
    }

    fn eat(&mut self, s: &str) -> bool {
        self.skip_space();
        if self.rest().starts_with(s) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }

    fn number(&mut self) -> Option<u32> {
        self.skip_space();
        let digits = self.rest().bytes().take_while(u8::is_ascii_digit).count();
        let n = self.rest().get(..digits)?.parse().ok()?;
        self.pos += digits;
        Some(n)
    }

    fn word(&mut self) -> &'t str {
        self.skip_space();
        let rest = self.rest();
        let n = rest
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'.')
            .count();
        self.pos += n;
        rest.get(..n).unwrap_or("")
    }

    /// A quoted string.
    fn string(&mut self) -> Option<&'t str> {
        if !self.eat("\"") {
            return None;
        }
        let rest = self.rest();
        let end = rest.find('"')?;
        self.pos += end + 1;
        rest.get(..end)
    }

    /// A type: scalar, vector or literal struct, laid out; `None` for what is none of these,
    /// nests deeper than 16, or is larger than 4 GiB.
    fn ty(&mut self, depth: u32) -> Option<Element> {
        if depth > 16 {
            return None;
        }
        if self.eat("<") {
            let n = self.number()?;
            if !self.eat("x") {
                return None;
            }
            let e = self.ty(depth + 1)?;
            if !self.eat(">") || e.is_struct || e.count != 1 || n == 0 {
                return None;
            }
            let size = e.size.checked_mul(n)?;
            let align = size.checked_next_power_of_two()?;
            return Some(Element {
                scalar: e.scalar,
                count: n,
                size: round_up(size, align)?,
                align,
                is_struct: false,
            });
        }
        if self.eat("{") {
            let mut first = None;
            let mut size = 0u32;
            let mut align = 1u32;
            if !self.eat("}") {
                loop {
                    let f = self.ty(depth + 1)?;
                    first.get_or_insert(f.scalar);
                    size = round_up(size, f.align)?.checked_add(f.size)?;
                    align = align.max(f.align);
                    if self.eat("}") {
                        break;
                    }
                    if !self.eat(",") {
                        return None;
                    }
                }
            }
            return Some(Element {
                scalar: first?,
                count: 0,
                size: round_up(size, align)?,
                align,
                is_struct: true,
            });
        }
        let w = self.word();
        let scalar = match w {
            "half" | "f16" => Scalar::Float(16),
            "float" | "f32" => Scalar::Float(32),
            "double" | "f64" => Scalar::Float(64),
            _ => Scalar::Int(
                w.strip_prefix('i')?
                    .parse()
                    .ok()
                    .filter(|b| (1..=64).contains(b))?,
            ),
        };
        let size = scalar.size();
        Some(Element {
            scalar,
            count: 1,
            size,
            align: size.max(1),
            is_struct: false,
        })
    }
}

impl<'t> ResourceType<'t> {
    /// Reads `target("dx.KIND", ...)`.
    pub fn parse(text: &'t str) -> Result<Self, ResourceTypeError<'t>> {
        let err = |reason| ResourceTypeError { text, reason };
        let mut r = Reader { text, pos: 0 };
        if !r.eat("target") || !r.eat("(") {
            return Err(err("it does not start with `target(`"));
        }
        let name = r
            .string()
            .ok_or(err("the target type has no quoted name"))?;
        let kind = match name {
            "dx.TypedBuffer" => ResourceTypeKind::TypedBuffer,
            "dx.RawBuffer" => ResourceTypeKind::RawBuffer,
            "dx.CBuffer" => ResourceTypeKind::CBuffer,
            "dx.Sampler" => ResourceTypeKind::Sampler,
            "dx.Texture" => ResourceTypeKind::Texture,
            _ => {
                return Err(err(
                    "the kind is not one of dx.TypedBuffer, dx.RawBuffer, dx.CBuffer, dx.Sampler, dx.Texture",
                ));
            }
        };
        let mut out = ResourceType {
            kind,
            element: None,
            element_text: "",
            params: [0; 4],
            param_count: 0,
        };
        if kind == ResourceTypeKind::CBuffer {
            // target("dx.CBuffer", target("dx.Layout", {..}, SIZE, OFFSETS...))
            if !r.eat(",") || !r.eat("target") || !r.eat("(") || r.string() != Some("dx.Layout") {
                return Err(err(
                    "a constant buffer's type is target(\"dx.CBuffer\", target(\"dx.Layout\", ...))",
                ));
            }
            if !r.eat(",") {
                return Err(err("the layout has no type"));
            }
            let start = r.pos;
            out.element = Some(r.ty(0).ok_or(err("the layout's type cannot be read"))?);
            out.element_text = text.get(start..r.pos).unwrap_or("").trim();
            out.read_params(&mut r)
                .ok_or(err("a layout parameter is not a number"))?;
            if !r.eat(")") {
                return Err(err("the layout is not closed"));
            }
        } else if kind != ResourceTypeKind::Sampler {
            if !r.eat(",") {
                return Err(err("the resource has no element type"));
            }
            let start = r.pos;
            out.element = Some(r.ty(0).ok_or(err("the element type cannot be read"))?);
            out.element_text = text.get(start..r.pos).unwrap_or("").trim();
            out.read_params(&mut r)
                .ok_or(err("a parameter is not a number"))?;
        } else {
            out.read_params(&mut r)
                .ok_or(err("a parameter is not a number"))?;
        }
        if !r.eat(")") {
            return Err(err("the type is not closed"));
        }
        Ok(out)
    }

    fn read_params(&mut self, r: &mut Reader<'_>) -> Option<()> {
        while r.eat(",") {
            let n = r.number()?;
            if let Some(slot) = self.params.get_mut(usize::from(self.param_count)) {
                *slot = n;
                self.param_count += 1;
            }
        }
        Some(())
    }

    fn param(&self, i: usize) -> u32 {
        if i < usize::from(self.param_count) {
            self.params[i]
        } else {
            0
        }
    }

    /// Whether the resource is writable (a UAV): the first parameter of buffers and textures.
    pub fn is_uav(&self) -> bool {
        matches!(
            self.kind,
            ResourceTypeKind::TypedBuffer | ResourceTypeKind::RawBuffer | ResourceTypeKind::Texture
        ) && self.param(0) != 0
    }

    /// Whether the resource is a rasterizer-ordered view.
    pub fn is_rov(&self) -> bool {
        self.is_uav() && self.param(1) != 0
    }

    /// The resource class.
    pub fn class(&self) -> ResourceClass {
        self.properties().class()
    }

    /// The resource kind.
    pub fn resource_kind(&self) -> ResourceKind {
        match self.kind {
            ResourceTypeKind::TypedBuffer => ResourceKind::TypedBuffer,
            ResourceTypeKind::CBuffer => ResourceKind::CBuffer,
            ResourceTypeKind::Sampler => ResourceKind::Sampler,
            ResourceTypeKind::RawBuffer => match self.element {
                Some(Element {
                    scalar: Scalar::Int(8),
                    count: 1,
                    ..
                }) => ResourceKind::RawBuffer,
                _ => ResourceKind::StructuredBuffer,
            },
            ResourceTypeKind::Texture => {
                ResourceKind::from_value(i64::from(self.param(3))).unwrap_or(ResourceKind::Invalid)
            }
        }
    }

    /// The component type of a typed resource (signedness: the third parameter).
    pub fn component_type(&self) -> ComponentType {
        let signed = self.param(2) != 0;
        match self.element.map(|e| e.scalar) {
            Some(Scalar::Float(16)) => ComponentType::F16,
            Some(Scalar::Float(32)) => ComponentType::F32,
            Some(Scalar::Float(64)) => ComponentType::F64,
            Some(Scalar::Int(1)) => ComponentType::I1,
            Some(Scalar::Int(16)) if signed => ComponentType::I16,
            Some(Scalar::Int(16)) => ComponentType::U16,
            Some(Scalar::Int(32)) if signed => ComponentType::I32,
            Some(Scalar::Int(32)) => ComponentType::U32,
            Some(Scalar::Int(64)) if signed => ComponentType::I64,
            Some(Scalar::Int(64)) => ComponentType::U64,
            _ => ComponentType::Invalid,
        }
    }

    /// The resource properties `annotateHandle` records, as far as the type tells them:
    /// globally-coherent and counter flags, which come from the module, are not set.
    pub fn properties(&self) -> ResourceProperties {
        let kind = self.resource_kind();
        let mut p = ResourceProperties::new(kind);
        if self.is_uav() {
            p.uav = Some(UavFlags {
                rov: self.is_rov(),
                ..UavFlags::default()
            });
        }
        p.layout = match kind {
            ResourceKind::StructuredBuffer => {
                let e = self.element;
                if let Some(e) = e.filter(|e| e.is_struct) {
                    p.base_align_log2 = (e.align.trailing_zeros() & 0xF) as u8;
                }
                Layout::Structured {
                    stride: e.map_or(0, |e| e.size),
                }
            }
            ResourceKind::CBuffer => Layout::CBuffer {
                size: self.param(0),
            },
            ResourceKind::RawBuffer | ResourceKind::Sampler => Layout::None,
            _ => Layout::Typed {
                component: self.component_type(),
                count: self
                    .element
                    .map_or(0, |e| u8::try_from(e.count.max(1)).unwrap_or(u8::MAX)),
                samples: 0,
            },
        };
        p
    }
}

/// What the derived values of a call are computed from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Facts<'t> {
    /// The type of the resource the call uses.
    pub resource: Option<ResourceType<'t>>,
    /// The binding's lower bound.
    pub lower_bound: u32,
    /// The binding's range size (0: unbounded).
    pub range_size: u32,
    /// The ID of the binding's range in its class.
    pub range_id: u32,
    /// The intrinsic call's overload type (the value loaded or stored).
    pub value: Option<Overload<'t>>,
}

/// The size in bytes of a scalar type.
fn scalar_size(t: ScalarType) -> i64 {
    match t.llvm() {
        "half" | "i16" => 2,
        "double" | "i64" => 8,
        "i8" | "i1" => 1,
        _ => 4,
    }
}

impl Facts<'_> {
    /// The derived value `d` for a call of `step`, as a constant; `None` when the facts do not
    /// give it.
    pub fn derived<V>(&self, d: Derived, step: &Step) -> Option<Operand<V>> {
        let int = |ty: &'static str, value: i64| Some(Operand::Int { ty, value });
        match d.name() {
            "resource_class" => int("i8", self.resource?.class().value()),
            "range_id" => int("i32", i64::from(self.range_id)),
            "range_upper" => int(
                "i32",
                if self.range_size == 0 {
                    i64::from(u32::MAX)
                } else {
                    i64::from(self.lower_bound) + i64::from(self.range_size) - 1
                },
            ),
            "sampler_heap" => int(
                "i1",
                i64::from(self.resource?.kind == ResourceTypeKind::Sampler),
            ),
            "resource_properties" => self.resource?.properties().operand().ok(),
            "component_mask" => {
                let v = self.value?;
                let mut n = match v {
                    Overload::Vector(_, n) => u32::from(n),
                    _ => 1,
                };
                if step.splits_64_bit(v) {
                    n *= 2;
                }
                (n <= 4).then(|| Operand::Int {
                    ty: "i8",
                    value: (1i64 << n) - 1,
                })
            }
            "alignment" => {
                let v = self.value?;
                let t = v.scalar()?;
                let size = if step.splits_64_bit(v) || !is_64_bit(t) {
                    scalar_size(t).min(4)
                } else {
                    scalar_size(t)
                };
                int("i32", size)
            }
            _ => None,
        }
    }
}
