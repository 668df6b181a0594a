//! The small enumerations of the container format that are not DXIL's own: the numbering of
//! signature parts (`D3D_NAME`-like system values, register component types, minimum
//! precisions) and of PSV0 resource types. Each keeps the number it was read from; numbers
//! no variant has stay numbers in the views that hold them.

use std::fmt;

macro_rules! value_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $($(#[$vmeta:meta])* $variant:ident = $value:literal => $text:literal,)*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum $name {
            $($(#[$vmeta])* $variant = $value,)*
        }

        impl $name {
            /// Every value, in numeric order.
            pub const ALL: &'static [$name] = &[$($name::$variant),*];

            /// The value with this number.
            pub fn from_value(value: u32) -> Option<$name> {
                match value {
                    $($value => Some($name::$variant),)*
                    _ => None,
                }
            }

            /// The number.
            pub fn value(self) -> u32 {
                self as u32
            }

            /// The name printed for it.
            pub fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)*
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

value_enum! {
    /// The system value of a signature element (`D3D_NAME` numbering: not DXIL's
    /// `SemanticKind`, which PSV0 uses).
    pub enum SystemValue {
        /// An arbitrary semantic.
        Undefined = 0 => "none",
        /// `SV_Position`.
        Position = 1 => "Position",
        /// `SV_ClipDistance`.
        ClipDistance = 2 => "ClipDistance",
        /// `SV_CullDistance`.
        CullDistance = 3 => "CullDistance",
        /// `SV_RenderTargetArrayIndex`.
        RenderTargetArrayIndex = 4 => "RenderTargetArrayIndex",
        /// `SV_ViewportArrayIndex`.
        ViewportArrayIndex = 5 => "ViewportArrayIndex",
        /// `SV_VertexID`.
        VertexId = 6 => "VertexID",
        /// `SV_PrimitiveID`.
        PrimitiveId = 7 => "PrimitiveID",
        /// `SV_InstanceID`.
        InstanceId = 8 => "InstanceID",
        /// `SV_IsFrontFace`.
        IsFrontFace = 9 => "IsFrontFace",
        /// `SV_SampleIndex`.
        SampleIndex = 10 => "SampleIndex",
        /// Edge tessellation factor of a quad patch.
        FinalQuadEdgeTessFactor = 11 => "FinalQuadEdgeTessFactor",
        /// Inside tessellation factor of a quad patch.
        FinalQuadInsideTessFactor = 12 => "FinalQuadInsideTessFactor",
        /// Edge tessellation factor of a triangle patch.
        FinalTriEdgeTessFactor = 13 => "FinalTriEdgeTessFactor",
        /// Inside tessellation factor of a triangle patch.
        FinalTriInsideTessFactor = 14 => "FinalTriInsideTessFactor",
        /// Detail tessellation factor of an isoline patch.
        FinalLineDetailTessFactor = 15 => "FinalLineDetailTessFactor",
        /// Density tessellation factor of an isoline patch.
        FinalLineDensityTessFactor = 16 => "FinalLineDensityTessFactor",
        /// `SV_Barycentrics`.
        Barycentrics = 23 => "Barycentrics",
        /// `SV_ShadingRate`.
        ShadingRate = 24 => "ShadingRate",
        /// `SV_CullPrimitive`.
        CullPrimitive = 25 => "CullPrimitive",
        /// `SV_Target`.
        Target = 64 => "Target",
        /// `SV_Depth`.
        Depth = 65 => "Depth",
        /// `SV_Coverage`.
        Coverage = 66 => "Coverage",
        /// `SV_DepthGreaterEqual`.
        DepthGreaterEqual = 67 => "DepthGreaterEqual",
        /// `SV_DepthLessEqual`.
        DepthLessEqual = 68 => "DepthLessEqual",
        /// `SV_StencilRef`.
        StencilRef = 69 => "StencilRef",
        /// `SV_InnerCoverage`.
        InnerCoverage = 70 => "InnerCoverage",
    }
}

value_enum! {
    /// The type of a signature element's components, in signature parts and PSV0 (not
    /// DXIL's `ComponentType`, which numbers differently).
    pub enum SigComponentType {
        /// Unknown.
        Unknown = 0 => "unknown",
        /// 32-bit unsigned integer.
        UInt32 = 1 => "uint",
        /// 32-bit signed integer.
        SInt32 = 2 => "int",
        /// 32-bit float.
        Float32 = 3 => "float",
        /// 16-bit unsigned integer.
        UInt16 = 4 => "uint16",
        /// 16-bit signed integer.
        SInt16 = 5 => "int16",
        /// 16-bit float.
        Float16 = 6 => "half",
        /// 64-bit unsigned integer.
        UInt64 = 7 => "uint64",
        /// 64-bit signed integer.
        SInt64 = 8 => "int64",
        /// 64-bit float.
        Float64 = 9 => "double",
    }
}

value_enum! {
    /// The minimum precision of a signature element (DXIL signature parts only).
    pub enum MinPrecision {
        /// Full precision.
        Default = 0 => "default",
        /// At least 16-bit float.
        Float16 = 1 => "min16float",
        /// At least 10-bit float (2.8 fixed point).
        Float2_8 = 2 => "min10float",
        /// Reserved.
        Reserved = 3 => "reserved",
        /// At least 16-bit signed integer.
        SInt16 = 4 => "min16int",
        /// At least 16-bit unsigned integer.
        UInt16 = 5 => "min16uint",
        /// Any 16-bit type.
        Any16 = 0xf0 => "any16",
        /// Any 10-bit type.
        Any10 = 0xf1 => "any10",
    }
}

value_enum! {
    /// How a shader binds a resource, in PSV0's resource table.
    pub enum PsvResourceType {
        /// No resource.
        Invalid = 0 => "invalid",
        /// A sampler.
        Sampler = 1 => "sampler",
        /// A constant buffer.
        Cbv = 2 => "cbv",
        /// A typed shader resource view.
        SrvTyped = 3 => "srv-typed",
        /// A raw shader resource view.
        SrvRaw = 4 => "srv-raw",
        /// A structured shader resource view.
        SrvStructured = 5 => "srv-structured",
        /// A typed unordered access view.
        UavTyped = 6 => "uav-typed",
        /// A raw unordered access view.
        UavRaw = 7 => "uav-raw",
        /// A structured unordered access view.
        UavStructured = 8 => "uav-structured",
        /// A structured unordered access view with a counter.
        UavStructuredWithCounter = 9 => "uav-structured-counter",
    }
}

/// The number as a name of `E` when it has one, else as a number.
pub fn name_or_number<E: fmt::Display>(value: u32, decode: impl Fn(u32) -> Option<E>) -> String {
    match decode(value) {
        Some(e) => e.to_string(),
        None => value.to_string(),
    }
}
