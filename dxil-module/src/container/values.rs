//! The small enumerations of the container format that are not DXIL's own: the numbering of
//! signature parts (`D3D_NAME`-like system values, register component types, minimum
//! precisions), of PSV0 resource types, and of root signatures (`RTS0`: parameter types,
//! visibilities, range types, and the address modes, comparisons and border colors of static
//! samplers). Each keeps the number it was read from; numbers no variant has stay numbers in
//! the views that hold them.

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

value_enum! {
    /// What a root parameter binds (`RTS0`).
    pub enum RootParameterType {
        /// A descriptor table.
        DescriptorTable = 0 => "table",
        /// 32-bit root constants.
        Constants32Bit = 1 => "constants",
        /// A constant buffer view.
        Cbv = 2 => "CBV",
        /// A shader resource view.
        Srv = 3 => "SRV",
        /// An unordered access view.
        Uav = 4 => "UAV",
    }
}

value_enum! {
    /// The shader stages that see a root parameter or a static sampler (`RTS0`).
    pub enum ShaderVisibility {
        /// Every stage.
        All = 0 => "all",
        /// Vertex shaders.
        Vertex = 1 => "vertex",
        /// Hull shaders.
        Hull = 2 => "hull",
        /// Domain shaders.
        Domain = 3 => "domain",
        /// Geometry shaders.
        Geometry = 4 => "geometry",
        /// Pixel shaders.
        Pixel = 5 => "pixel",
        /// Amplification shaders.
        Amplification = 6 => "amplification",
        /// Mesh shaders.
        Mesh = 7 => "mesh",
    }
}

value_enum! {
    /// The kind of descriptors of a descriptor table's range (`RTS0`).
    pub enum DescriptorRangeType {
        /// Shader resource views (`t` registers).
        Srv = 0 => "SRV",
        /// Unordered access views (`u` registers).
        Uav = 1 => "UAV",
        /// Constant buffer views (`b` registers).
        Cbv = 2 => "CBV",
        /// Samplers (`s` registers).
        Sampler = 3 => "Sampler",
    }
}

value_enum! {
    /// How a static sampler addresses outside [0, 1] (`RTS0`).
    pub enum TextureAddressMode {
        /// Repeats.
        Wrap = 1 => "wrap",
        /// Mirrors at every integer.
        Mirror = 2 => "mirror",
        /// Clamps to the edge.
        Clamp = 3 => "clamp",
        /// Takes the border color.
        Border = 4 => "border",
        /// Mirrors once, then clamps.
        MirrorOnce = 5 => "mirror-once",
    }
}

value_enum! {
    /// The comparison of a static sampler's comparison filter (`RTS0`).
    pub enum ComparisonFunc {
        /// Never passes.
        Never = 1 => "never",
        /// Less.
        Less = 2 => "less",
        /// Equal.
        Equal = 3 => "equal",
        /// Less or equal.
        LessEqual = 4 => "less-equal",
        /// Greater.
        Greater = 5 => "greater",
        /// Not equal.
        NotEqual = 6 => "not-equal",
        /// Greater or equal.
        GreaterEqual = 7 => "greater-equal",
        /// Always passes.
        Always = 8 => "always",
    }
}

value_enum! {
    /// The border color of a static sampler (`RTS0`).
    pub enum StaticBorderColor {
        /// (0, 0, 0, 0).
        TransparentBlack = 0 => "transparent-black",
        /// (0, 0, 0, 1).
        OpaqueBlack = 1 => "opaque-black",
        /// (1, 1, 1, 1).
        OpaqueWhite = 2 => "opaque-white",
        /// (0, 0, 0, 1) as integers.
        OpaqueBlackUint = 3 => "opaque-black-uint",
        /// (1, 1, 1, 1) as integers.
        OpaqueWhiteUint = 4 => "opaque-white-uint",
    }
}

/// The number as a name of `E` when it has one, else as a number.
pub fn name_or_number<E: fmt::Display>(value: u32, decode: impl Fn(u32) -> Option<E>) -> String {
    match decode(value) {
        Some(e) => e.to_string(),
        None => value.to_string(),
    }
}
