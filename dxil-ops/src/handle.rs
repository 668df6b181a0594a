//! Handles typed by resource class, so that a builder refuses, when the program is compiled, a
//! sampler handle where a texture is needed.
//!
//! A handle parameter of a builder of [`crate::build`] takes a [`HandleOperand`]: either a
//! plain value of the caller's IR (any [`Value`], unchecked, as before) or a [`Handle`], a
//! value known to be a handle of one class ([`Srv`], [`Uav`], [`CBuffer`], [`Sampler`]). The
//! parameter's own marker says which classes it takes; the generator derives it from the
//! database's constraints on that parameter (`resource_class`, the classes of
//! `resource_kind`, `sampler_mode`):
//!
//! | parameter marker | takes handles of |
//! | --- | --- |
//! | [`Srv`], [`Uav`], [`CBuffer`], [`Sampler`] | that class |
//! | [`SrvOrUav`] | [`Srv`] or [`Uav`] (loads) |
//! | [`AnyClass`] | any class (`annotateHandle`, `getDimensions`, ...) |
//!
//! [`crate::module::Module`] gives typed handles for the resources it declares. The check is
//! free at run time: a `Handle` is its value, and the conversion is a move.
//!
//! ```
//! use dxil_ops::handle::{Handle, Sampler, Srv};
//! use dxil_ops::{DxilVersion, Overload, ScalarType, ShaderKind, Target};
//!
//! let t = Target::new(DxilVersion::new(1, 6)).with_stage(ShaderKind::Pixel);
//! let f32_ = Overload::Scalar(ScalarType::F32);
//! let (tex, smp) = (Handle::<_, Srv>::new("%tex"), Handle::<_, Sampler>::new("%smp"));
//! let u = ["%u", "%v", "undef", "undef", "0", "0", "undef", "undef"];
//! let call = dxil_ops::build::sample(&t, f32_, tex, smp, u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7])?;
//! assert_eq!(call.operands.len(), 11);
//! // plain values are taken unchecked, as before
//! dxil_ops::build::sample(&t, f32_, "%tex", "%smp", u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7])?;
//! # Ok::<(), dxil_ops::BuildError<'static>>(())
//! ```
//!
//! Swapping the texture and the sampler does not compile:
//!
//! ```compile_fail
//! # use dxil_ops::handle::{Handle, Sampler, Srv};
//! # use dxil_ops::{DxilVersion, Overload, ScalarType, ShaderKind, Target};
//! # let t = Target::new(DxilVersion::new(1, 6)).with_stage(ShaderKind::Pixel);
//! # let f32_ = Overload::Scalar(ScalarType::F32);
//! let (tex, smp) = (Handle::<_, Srv>::new("%tex"), Handle::<_, Sampler>::new("%smp"));
//! # let u = ["%u", "%v", "undef", "undef", "0", "0", "undef", "undef"];
//! let call = dxil_ops::build::sample(&t, f32_, smp, tex, u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7]);
//! ```

use core::fmt;
use core::marker::PhantomData;

use crate::call::Value;
use crate::enums::ResourceClass;

mod sealed {
    pub trait Sealed {}
}

/// A resource class as a type: the class of a [`Handle`].
pub trait Class: sealed::Sealed {
    /// The class.
    const CLASS: ResourceClass;
}

/// What a handle parameter takes: implemented by a parameter marker for each class it
/// accepts.
pub trait Accepts<C: Class>: sealed::Sealed {}

macro_rules! classes {
    ($($(#[$doc:meta])* $name:ident = $class:ident;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;
        impl sealed::Sealed for $name {}
        impl Class for $name {
            const CLASS: ResourceClass = ResourceClass::$class;
        }
        impl Accepts<$name> for $name {}
        impl Accepts<$name> for AnyClass {}
    )*};
}

classes! {
    /// Shader resource views (textures, buffers, acceleration structures): `t` registers.
    Srv = SRV;
    /// Unordered access views: `u` registers.
    Uav = UAV;
    /// Constant buffers: `b` registers.
    CBuffer = CBuffer;
    /// Samplers: `s` registers.
    Sampler = Sampler;
}

/// The marker of a handle parameter that takes a shader resource view or an unordered
/// access view (the loads).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SrvOrUav;
impl sealed::Sealed for SrvOrUav {}
impl Accepts<Srv> for SrvOrUav {}
impl Accepts<Uav> for SrvOrUav {}

/// The marker of a handle parameter that takes a handle of any class.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AnyClass;
impl sealed::Sealed for AnyClass {}

/// A value of the caller's IR that is a handle of class `C`.
///
/// It does not display: write [`Handle::value`] where the text needs the value, so that a
/// handle of the wrong class cannot become the value type of a call either.
pub struct Handle<V, C> {
    value: V,
    class: PhantomData<C>,
}

impl<V, C: Class> Handle<V, C> {
    /// `value`, a handle of class `C`.
    pub const fn new(value: V) -> Self {
        Handle {
            value,
            class: PhantomData,
        }
    }

    /// The value.
    pub const fn value(&self) -> &V {
        &self.value
    }

    /// The value, given back.
    pub fn into_value(self) -> V {
        self.value
    }

    /// The class.
    pub const fn class(&self) -> ResourceClass {
        C::CLASS
    }
}

impl<V: Clone, C> Clone for Handle<V, C> {
    fn clone(&self) -> Self {
        Handle {
            value: self.value.clone(),
            class: PhantomData,
        }
    }
}

impl<V: Copy, C> Copy for Handle<V, C> {}

impl<V: PartialEq, C> PartialEq for Handle<V, C> {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}

impl<V: Eq, C> Eq for Handle<V, C> {}

impl<V: fmt::Debug, C: Class> fmt::Debug for Handle<V, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Handle<{}>({:?})", C::CLASS.name(), self.value)
    }
}

/// What a handle parameter with marker `P` takes: a plain [`Value`] (unchecked) or a
/// [`Handle`] of a class `P` accepts.
pub trait HandleOperand<V, P> {
    /// The value of the caller's IR.
    fn into_operand(self) -> V;
}

impl<V: Value, P> HandleOperand<V, P> for V {
    #[inline(always)]
    fn into_operand(self) -> V {
        self
    }
}

impl<V, C: Class, P: Accepts<C>> HandleOperand<V, P> for Handle<V, C> {
    #[inline(always)]
    fn into_operand(self) -> V {
        self.value
    }
}
