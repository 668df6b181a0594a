//! Resources, typed: the two words of resource properties that `AnnotateHandle` records
//! ([`ResourceProperties`]), and the binding `CreateHandleFromBinding` takes
//! ([`ResourceBinding`]), encoded from and decoded to typed fields, both checked.
//!
//! ```
//! use dxil_ops::enums::{ComponentType, ResourceClass, ResourceKind};
//! use dxil_ops::resource::{Layout, ResourceBinding, ResourceProperties, UavFlags};
//!
//! // RWBuffer<float4>
//! let props = ResourceProperties::typed(ResourceKind::TypedBuffer, ComponentType::F32, 4)
//!     .uav(UavFlags::default());
//! assert_eq!(props.encode(), Ok([4106, 1033]));
//! assert_eq!(ResourceProperties::decode([4106, 1033]), Ok(props));
//! assert_eq!(props.class(), ResourceClass::UAV);
//!
//! // StructuredBuffer<S> with a 16-byte stride
//! let s = ResourceProperties::decode([12, 16]).unwrap();
//! assert_eq!(s.layout, Layout::Structured { stride: 16 });
//!
//! // a counter on a typed buffer is refused
//! let bad = props.uav(UavFlags { counter: true, ..UavFlags::default() });
//! assert!(bad.encode().is_err());
//!
//! // u0 in space 0, one register
//! let bind = ResourceBinding::new(ResourceClass::UAV, 0, 0, 0);
//! assert_eq!(bind.encode(), Ok([0, 0, 0, 1]));
//! ```
//!
//! The layout is DXC's (`DxilResourceProperties`): word 0 holds the resource kind (bits 0-7),
//! the log2 of the base alignment (bits 8-11), the UAV bit (12), rasterizer-ordered (13),
//! globally coherent (14), a counter or a comparison sampler (15) and reorder coherent (16);
//! word 1 the component type, component count and sample count of a typed resource (bytes 0-2),
//! the stride of a structured buffer, the size of a constant buffer, or the sampler feedback
//! type of a feedback texture. The other bits are reserved and must be 0.

use core::fmt;

use crate::call::Operand;
use crate::enums::{ComponentType, ResourceClass, ResourceKind, SamplerFeedbackType};

/// What word 1 of the properties holds, which depends on the resource kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Nothing (0): raw buffers, samplers, acceleration structures.
    None,
    /// A typed buffer or a texture: the component type and count of its elements, and the
    /// sample count of a multisampled texture (0 when unknown).
    Typed {
        /// The component type.
        component: ComponentType,
        /// The number of components the shader knows of (0 to 4).
        count: u8,
        /// The sample count (multisampled textures; 0 otherwise).
        samples: u8,
    },
    /// A structured buffer: the size of its element in bytes.
    Structured {
        /// The stride.
        stride: u32,
    },
    /// A constant buffer: its size in bytes.
    CBuffer {
        /// The size.
        size: u32,
    },
    /// A sampler feedback texture: the kind of feedback.
    Feedback(SamplerFeedbackType),
}

/// The flags of a UAV (a resource the shader writes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct UavFlags {
    /// A rasterizer-ordered view.
    pub rov: bool,
    /// `globallycoherent`.
    pub globally_coherent: bool,
    /// `reordercoherent` (shader execution reordering).
    pub reorder_coherent: bool,
    /// A structured buffer with a hidden counter.
    pub counter: bool,
}

/// The resource properties `AnnotateHandle` records about a handle, typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ResourceProperties {
    /// The kind (shape) of the resource.
    pub kind: ResourceKind,
    /// `Some` for a UAV (with its flags); `None` for a read-only resource, a constant buffer
    /// or a sampler.
    pub uav: Option<UavFlags>,
    /// log2 of the alignment of the resource's base in bytes; 0 when unknown (0 to 15).
    pub base_align_log2: u8,
    /// A comparison sampler (samplers only).
    pub comparison: bool,
    /// What word 1 holds.
    pub layout: Layout,
}

/// Why resource properties or a binding cannot be encoded or decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResourceError {
    /// The kind byte is not a resource kind, or it is `Invalid` or `NumEntries`.
    Kind(u32),
    /// A UAV of a kind that cannot be one (a constant buffer, a sampler, an acceleration
    /// structure), or a feedback texture that is not a UAV.
    Class(ResourceKind),
    /// The layout is not the one of the kind (`Typed` for textures and typed buffers,
    /// `Structured` for structured buffers, ...).
    Layout(ResourceKind),
    /// A flag set where the kind does not allow it: a counter outside structured UAVs,
    /// comparison outside samplers.
    Flag {
        /// The kind.
        kind: ResourceKind,
        /// The flag.
        flag: &'static str,
    },
    /// The base alignment's log2 is above 15.
    Alignment(u8),
    /// A typed resource with more than 4 components.
    ComponentCount(u8),
    /// A value of word 1 that is not one of its enumeration (`ComponentType`,
    /// `SamplerFeedbackType`).
    Value {
        /// The enumeration.
        enumeration: &'static str,
        /// The value.
        value: u32,
    },
    /// Reserved bits are set.
    Reserved {
        /// The word (0 or 1).
        word: u8,
        /// The reserved bits that are set.
        bits: u32,
    },
    /// Resource properties of another number of words than two, or a word that is not a
    /// 32-bit number.
    Words {
        /// The words given.
        count: usize,
    },
    /// A binding whose class is `Invalid` or not a class.
    BindingClass(u32),
    /// A binding whose upper bound is below its lower bound (an unbounded range has upper
    /// bound `u32::MAX`).
    BindingRange {
        /// The lower bound.
        lower: u32,
        /// The upper bound.
        upper: u32,
    },
}

impl fmt::Display for ResourceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResourceError::Kind(k) => write!(
                f,
                "resource kind {k} is not the kind of a resource (ResourceKind 1 to 18)"
            ),
            ResourceError::Class(k) => match k {
                ResourceKind::FeedbackTexture2D | ResourceKind::FeedbackTexture2DArray => {
                    write!(f, "a {k:?} is always a UAV")
                }
                _ => write!(f, "a {k:?} cannot be a UAV"),
            },
            ResourceError::Layout(k) => write!(
                f,
                "word 1 of a {k:?} holds {}",
                match expected_layout(*k) {
                    Expected::None => "nothing (0)",
                    Expected::Typed => "the component type, count and sample count",
                    Expected::Structured => "the structure stride",
                    Expected::CBuffer => "the constant buffer size",
                    Expected::Feedback => "the sampler feedback type",
                }
            ),
            ResourceError::Flag { kind, flag } => {
                write!(f, "a {kind:?} cannot have the flag `{flag}`")
            }
            ResourceError::Alignment(a) => {
                write!(f, "the base alignment's log2 is {a}; at most 15 fits")
            }
            ResourceError::ComponentCount(n) => {
                write!(f, "a typed resource has at most 4 components; {n} given")
            }
            ResourceError::Value { enumeration, value } => {
                write!(f, "{value} is not a value of {enumeration}")
            }
            ResourceError::Reserved { word, bits } => {
                write!(f, "reserved bits {bits:#x} of word {word} are set")
            }
            ResourceError::Words { count } => write!(
                f,
                "resource properties are two 32-bit words; {count} field(s) given, or one of more bits"
            ),
            ResourceError::BindingClass(c) => write!(
                f,
                "resource class {c} is not SRV (0), UAV (1), CBuffer (2) or Sampler (3)"
            ),
            ResourceError::BindingRange { lower, upper } => write!(
                f,
                "the binding's upper bound {upper} is below its lower bound {lower}"
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ResourceError {}

/// The layout a kind has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expected {
    None,
    Typed,
    Structured,
    CBuffer,
    Feedback,
}

/// Whether resources of `kind` have a component type (textures, typed buffers and tbuffers): the
/// kinds whose property word 1 is [`Layout::Typed`].
pub const fn has_component_type(kind: ResourceKind) -> bool {
    matches!(expected_layout(kind), Expected::Typed)
}

const fn expected_layout(kind: ResourceKind) -> Expected {
    use ResourceKind as K;
    match kind {
        K::Texture1D
        | K::Texture2D
        | K::Texture2DMS
        | K::Texture3D
        | K::TextureCube
        | K::Texture1DArray
        | K::Texture2DArray
        | K::Texture2DMSArray
        | K::TextureCubeArray
        | K::TypedBuffer
        | K::TBuffer => Expected::Typed,
        K::StructuredBuffer => Expected::Structured,
        K::CBuffer => Expected::CBuffer,
        K::FeedbackTexture2D | K::FeedbackTexture2DArray => Expected::Feedback,
        _ => Expected::None,
    }
}

const UAV: u32 = 1 << 12;
const ROV: u32 = 1 << 13;
const GLOBALLY_COHERENT: u32 = 1 << 14;
const COUNTER_OR_COMPARISON: u32 = 1 << 15;
const REORDER_COHERENT: u32 = 1 << 16;
const WORD0_USED: u32 = 0x1_FFFF;
const TYPED_USED: u32 = 0xFF_FFFF;

impl ResourceProperties {
    /// The component type of a typed resource (textures and typed buffers).
    pub const fn component(&self) -> Option<ComponentType> {
        match self.layout {
            Layout::Typed { component, .. } => Some(component),
            _ => None,
        }
    }

    /// A read-only resource of `kind` with nothing in word 1 (a raw buffer, an acceleration
    /// structure); chain [`uav`](Self::uav) for a UAV.
    pub const fn new(kind: ResourceKind) -> Self {
        ResourceProperties {
            kind,
            uav: None,
            base_align_log2: 0,
            comparison: false,
            layout: Layout::None,
        }
    }

    /// A read-only typed buffer or texture of `count` components of type `component`.
    pub const fn typed(kind: ResourceKind, component: ComponentType, count: u8) -> Self {
        let mut p = Self::new(kind);
        p.layout = Layout::Typed {
            component,
            count,
            samples: 0,
        };
        p
    }

    /// A read-only structured buffer whose elements are `stride` bytes.
    pub const fn structured(stride: u32) -> Self {
        let mut p = Self::new(ResourceKind::StructuredBuffer);
        p.layout = Layout::Structured { stride };
        p
    }

    /// A constant buffer of `size` bytes.
    pub const fn cbuffer(size: u32) -> Self {
        let mut p = Self::new(ResourceKind::CBuffer);
        p.layout = Layout::CBuffer { size };
        p
    }

    /// A sampler; a comparison sampler when `comparison`.
    pub const fn sampler(comparison: bool) -> Self {
        let mut p = Self::new(ResourceKind::Sampler);
        p.comparison = comparison;
        p
    }

    /// The same resource as a UAV with `flags`.
    pub const fn uav(mut self, flags: UavFlags) -> Self {
        self.uav = Some(flags);
        self
    }

    /// The resource class: `UAV` or `SRV` for views, `CBuffer` and `Sampler` for their kinds.
    pub const fn class(&self) -> ResourceClass {
        match (self.kind, self.uav) {
            (ResourceKind::CBuffer, _) => ResourceClass::CBuffer,
            (ResourceKind::Sampler, _) => ResourceClass::Sampler,
            (ResourceKind::Invalid | ResourceKind::NumEntries, _) => ResourceClass::Invalid,
            (_, Some(_)) => ResourceClass::UAV,
            (_, None) => ResourceClass::SRV,
        }
    }

    /// Checks that the fields fit together: a kind of resource, a UAV only where one can be,
    /// the layout of the kind, flags only where they apply, values that fit their bits.
    pub fn check(&self) -> Result<(), ResourceError> {
        use ResourceKind as K;
        let kind = self.kind;
        if matches!(kind, K::Invalid | K::NumEntries) {
            return Err(ResourceError::Kind(kind as u32));
        }
        let feedback = matches!(kind, K::FeedbackTexture2D | K::FeedbackTexture2DArray);
        match (kind, self.uav) {
            (K::CBuffer | K::Sampler | K::RTAccelerationStructure | K::TBuffer, Some(_)) => {
                return Err(ResourceError::Class(kind));
            }
            (_, None) if feedback => return Err(ResourceError::Class(kind)),
            _ => {}
        }
        if let Some(u) = self.uav
            && u.counter
            && kind != K::StructuredBuffer
        {
            return Err(ResourceError::Flag {
                kind,
                flag: "counter",
            });
        }
        if self.comparison && kind != K::Sampler {
            return Err(ResourceError::Flag {
                kind,
                flag: "comparison",
            });
        }
        if self.base_align_log2 > 15 {
            return Err(ResourceError::Alignment(self.base_align_log2));
        }
        let fits = matches!(
            (expected_layout(kind), self.layout),
            (Expected::None, Layout::None)
                | (Expected::Typed, Layout::Typed { .. })
                | (Expected::Structured, Layout::Structured { .. })
                | (Expected::CBuffer, Layout::CBuffer { .. })
                | (Expected::Feedback, Layout::Feedback(_))
        );
        if !fits {
            return Err(ResourceError::Layout(kind));
        }
        match self.layout {
            Layout::Typed { count, .. } if count > 4 => Err(ResourceError::ComponentCount(count)),
            Layout::Typed { component, .. } if component.value() > 0xFF => {
                Err(ResourceError::Value {
                    enumeration: "ComponentType",
                    value: component.value() as u32,
                })
            }
            _ => Ok(()),
        }
    }

    /// The two words, after [`check`](Self::check).
    pub fn encode(&self) -> Result<[u32; 2], ResourceError> {
        self.check()?;
        let mut w0 = (self.kind.value() as u32 & 0xFF) | u32::from(self.base_align_log2) << 8;
        if let Some(u) = self.uav {
            w0 |= UAV;
            for (set, bit) in [
                (u.rov, ROV),
                (u.globally_coherent, GLOBALLY_COHERENT),
                (u.counter, COUNTER_OR_COMPARISON),
                (u.reorder_coherent, REORDER_COHERENT),
            ] {
                if set {
                    w0 |= bit;
                }
            }
        }
        if self.comparison {
            w0 |= COUNTER_OR_COMPARISON;
        }
        let w1 = match self.layout {
            Layout::None => 0,
            Layout::Typed {
                component,
                count,
                samples,
            } => (component.value() as u32) | u32::from(count) << 8 | u32::from(samples) << 16,
            Layout::Structured { stride } => stride,
            Layout::CBuffer { size } => size,
            Layout::Feedback(t) => t.value() as u32,
        };
        Ok([w0, w1])
    }

    /// The properties two words encode, checked like [`encode`](Self::encode) and with the
    /// reserved bits 0.
    pub fn decode(words: [u32; 2]) -> Result<Self, ResourceError> {
        let [w0, w1] = words;
        if w0 & !WORD0_USED != 0 {
            return Err(ResourceError::Reserved {
                word: 0,
                bits: w0 & !WORD0_USED,
            });
        }
        let kind =
            ResourceKind::from_value(i64::from(w0 & 0xFF)).ok_or(ResourceError::Kind(w0 & 0xFF))?;
        let flag = |bit: u32| w0 & bit != 0;
        let is_sampler = kind == ResourceKind::Sampler;
        let uav = flag(UAV).then_some(UavFlags {
            rov: flag(ROV),
            globally_coherent: flag(GLOBALLY_COHERENT),
            reorder_coherent: flag(REORDER_COHERENT),
            counter: flag(COUNTER_OR_COMPARISON),
        });
        if uav.is_none() {
            // the flags of UAVs on a resource that is not one
            let bits = w0 & (ROV | GLOBALLY_COHERENT | REORDER_COHERENT);
            let bits = bits
                | if is_sampler {
                    0
                } else {
                    w0 & COUNTER_OR_COMPARISON
                };
            if bits != 0 {
                return Err(ResourceError::Reserved { word: 0, bits });
            }
        }
        let layout = match expected_layout(kind) {
            Expected::None if w1 != 0 => {
                return Err(ResourceError::Reserved { word: 1, bits: w1 });
            }
            Expected::None => Layout::None,
            Expected::Typed => {
                if w1 & !TYPED_USED != 0 {
                    return Err(ResourceError::Reserved {
                        word: 1,
                        bits: w1 & !TYPED_USED,
                    });
                }
                let component = ComponentType::from_value(i64::from(w1 & 0xFF)).ok_or(
                    ResourceError::Value {
                        enumeration: "ComponentType",
                        value: w1 & 0xFF,
                    },
                )?;
                Layout::Typed {
                    component,
                    count: (w1 >> 8) as u8,
                    samples: (w1 >> 16) as u8,
                }
            }
            Expected::Structured => Layout::Structured { stride: w1 },
            Expected::CBuffer => Layout::CBuffer { size: w1 },
            Expected::Feedback => Layout::Feedback(
                SamplerFeedbackType::from_value(i64::from(w1)).ok_or(ResourceError::Value {
                    enumeration: "SamplerFeedbackType",
                    value: w1,
                })?,
            ),
        };
        let p = ResourceProperties {
            kind,
            uav,
            base_align_log2: ((w0 >> 8) & 0xF) as u8,
            comparison: is_sampler && flag(COUNTER_OR_COMPARISON),
            layout,
        };
        p.check()?;
        Ok(p)
    }

    /// The properties the fields of a constant `%dx.types.ResourceProperties` hold (each read
    /// at its width, [`crate::constant`]): two words, decoded by [`decode`](Self::decode).
    pub fn decode_fields(fields: &[i64]) -> Result<Self, ResourceError> {
        let count = fields.len();
        let word = |v: i64| u32::try_from(v).map_err(|_| ResourceError::Words { count });
        match fields {
            [a, b] => Self::decode([word(*a)?, word(*b)?]),
            _ => Err(ResourceError::Words { count }),
        }
    }

    /// The constant operand of `AnnotateHandle`'s `props` (`%dx.types.ResourceProperties`),
    /// for calls built at run time ([`crate::call::build_dynamic`]).
    pub fn operand<V>(&self) -> Result<Operand<V>, ResourceError> {
        let [w0, w1] = self.encode()?;
        Ok(Operand::Struct {
            ty: &crate::types::TY_RES_PROPS,
            fields: [i64::from(w0), i64::from(w1), 0, 0],
            len: 2,
        })
    }
}

/// A resource binding (`%dx.types.ResBind`): a range of registers in a space, of one class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ResourceBinding {
    /// The first register of the range.
    pub lower: u32,
    /// The last register of the range (`u32::MAX` for an unbounded range).
    pub upper: u32,
    /// The register space.
    pub space: u32,
    /// The class of the registers (`t`: SRV, `u`: UAV, `b`: CBuffer, `s`: Sampler).
    pub class: ResourceClass,
}

impl ResourceBinding {
    /// The registers `lower` to `upper` of `space`, of `class`.
    pub const fn new(class: ResourceClass, lower: u32, upper: u32, space: u32) -> Self {
        ResourceBinding {
            lower,
            upper,
            space,
            class,
        }
    }

    /// Checks the class (not `Invalid`) and the range (the upper bound not below the lower).
    pub fn check(&self) -> Result<(), ResourceError> {
        if self.class == ResourceClass::Invalid {
            return Err(ResourceError::BindingClass(self.class.value() as u32));
        }
        if self.upper < self.lower {
            return Err(ResourceError::BindingRange {
                lower: self.lower,
                upper: self.upper,
            });
        }
        Ok(())
    }

    /// The four fields (lower bound, upper bound, space, class), after
    /// [`check`](Self::check): the `bind` argument of
    /// [`build::create_handle_from_binding`](crate::build::create_handle_from_binding).
    pub fn encode(&self) -> Result<[u32; 4], ResourceError> {
        self.check()?;
        Ok([
            self.lower,
            self.upper,
            self.space,
            self.class.value() as u32,
        ])
    }

    /// The binding four fields encode, checked.
    pub fn decode(fields: [u32; 4]) -> Result<Self, ResourceError> {
        let [lower, upper, space, class] = fields;
        let class = ResourceClass::from_value(i64::from(class))
            .ok_or(ResourceError::BindingClass(class))?;
        let b = ResourceBinding {
            lower,
            upper,
            space,
            class,
        };
        b.check()?;
        Ok(b)
    }

    /// The constant operand of `CreateHandleFromBinding`'s `bind` (`%dx.types.ResBind`), for
    /// calls built at run time.
    pub fn operand<V>(&self) -> Result<Operand<V>, ResourceError> {
        let [a, b, c, d] = self.encode()?;
        Ok(Operand::Struct {
            ty: &crate::types::TY_RES_BIND,
            fields: [a, b, c, d].map(i64::from),
            len: 4,
        })
    }
}

impl<V> crate::read::ops::AnnotateHandle<'_, V> {
    /// The resource properties the call records, decoded by [`ResourceProperties::decode`].
    pub fn properties(&self) -> Result<ResourceProperties, ResourceError> {
        ResourceProperties::decode(self.props)
    }
}

impl<V> crate::read::ops::CreateHandleFromBinding<'_, V> {
    /// The binding the call names, decoded by [`ResourceBinding::decode`].
    pub fn binding(&self) -> Result<ResourceBinding, ResourceError> {
        ResourceBinding::decode(self.bind)
    }
}
