//! Ops checked against the database when the program is compiled: what `op!`
//! makes.

use crate::call::{BuildError, Target, check};
use crate::info::{AllowedModules, OpInfo, Precision};
use crate::name::FunctionName;
use crate::overload::{Overload, Overloads};
use crate::sig::{Declaration, Signature};
use crate::{Op, ShaderKind};
use dxil_base::DxilVersion;

/// An op with its overloads at a DXIL version, and optionally a shader stage, that the database
/// allows: the op exists at the version, its table may be used then, the overloads are allowed
/// then, and so is the stage.
///
/// `op!` (feature `macros`) checks this while the program is compiled and makes the value in a
/// `const` context; [`CheckedOp::new`] checks the same at run time. The value then gives the
/// function name, the signature, and a [`Target`] and overloads that the call builders
/// ([`build`](crate::build)) accept: their checks of the version, the overloads and the stage
/// cannot fail for them (the checks of operand values still apply).
///
/// ```
/// use dxil_ops::{CheckedOp, DxilVersion, Op, Overload, ScalarType, ShaderKind};
///
/// let v13 = DxilVersion::new(1, 3);
/// let load = CheckedOp::new(Op::RawBufferLoad, Overload::Scalar(ScalarType::F64), v13, None)?;
/// assert_eq!(load.function_name().to_string(), "dx.op.rawBufferLoad.f64");
///
/// // f64 loads need DXIL 1.3
/// let v12 = DxilVersion::new(1, 2);
/// let err = CheckedOp::new(Op::RawBufferLoad, Overload::Scalar(ScalarType::F64), v12, None);
/// assert!(err.is_err());
///
/// // a call built for the checked target
/// let sample = CheckedOp::new(
///     Op::Sample,
///     Overload::Scalar(ScalarType::F32),
///     DxilVersion::new(1, 6),
///     Some(ShaderKind::Pixel),
/// )?;
/// let call = dxil_ops::build::sample(
///     &sample.target(), sample.overload(), "%h", "%s", "%u", "%v", "%u", "%u", "%o", "%o",
///     "%o", "%c",
/// )?;
/// assert_eq!(call.function_name().to_string(), "dx.op.sample.f32");
/// # Ok::<(), dxil_ops::BuildError<'static>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CheckedOp {
    op: Op,
    overloads: Overloads<'static>,
    version: DxilVersion,
    stage: Option<ShaderKind>,
}

impl CheckedOp {
    /// Checks at run time what `op!` checks when the program is compiled, with the
    /// builders' checks ([`call::check`](crate::call::check)): the error says what the database
    /// forbids. The module is taken to be a library when the stage is `library` or the op is
    /// only for libraries (see [`CheckedOp::target`]).
    #[allow(
        clippy::result_large_err,
        reason = "the error type of the builders' checks"
    )]
    pub fn new(
        op: Op,
        overloads: impl Into<Overloads<'static>>,
        version: DxilVersion,
        stage: Option<ShaderKind>,
    ) -> Result<CheckedOp, BuildError<'static>> {
        let c = CheckedOp {
            op,
            overloads: overloads.into(),
            version,
            stage,
        };
        check(op.info(), &c.target(), c.overloads)?;
        Ok(c)
    }

    /// The value `op!` expands to, after checking its input against the database.
    /// Not for other uses: it checks nothing.
    #[doc(hidden)]
    pub const fn __checked_by_macro(
        op: Op,
        overloads: Overloads<'static>,
        version: DxilVersion,
        stage: Option<ShaderKind>,
    ) -> CheckedOp {
        CheckedOp {
            op,
            overloads,
            version,
            stage,
        }
    }

    /// The op.
    pub const fn op(&self) -> Op {
        self.op
    }

    /// Every property of the op.
    pub const fn info(&self) -> &'static OpInfo {
        self.op.info()
    }

    /// The overloads, one per dimension (none for an op without overloads).
    pub const fn overloads(&self) -> Overloads<'static> {
        self.overloads
    }

    /// The overload of the first dimension ([`Overload::Void`] for an op without overloads):
    /// the `overload` argument of the builder of a one-dimension op.
    pub const fn overload(&self) -> Overload<'static> {
        match self.overloads.get(0) {
            Some(o) => o,
            None => Overload::Void,
        }
    }

    /// The overloads as an array of `N` (missing dimensions are [`Overload::Void`]): the
    /// `overloads` argument of the builder of an op with `N` dimensions.
    pub const fn overload_array<const N: usize>(&self) -> [Overload<'static>; N] {
        let mut out = [Overload::Void; N];
        let mut i = 0;
        while i < N {
            if let Some(o) = self.overloads.get(i) {
                out[i] = o;
            }
            i += 1;
        }
        out
    }

    /// The DXIL version it was checked for.
    pub const fn version(&self) -> DxilVersion {
        self.version
    }

    /// The shader stage it was checked for, if any.
    pub const fn stage(&self) -> Option<ShaderKind> {
        self.stage
    }

    /// The target to build its calls for: the version, the stage, a library when the stage is
    /// `library` or the op is only for libraries, and native 16-bit types (chain
    /// [`Target::min_precision`] for the other mode).
    pub const fn target(&self) -> Target {
        let mut t = Target::new(self.version);
        t.stage = self.stage;
        t.library = matches!(self.stage, Some(ShaderKind::Library))
            || matches!(self.info().modules, AllowedModules::Library);
        t
    }

    /// The function name, e.g. `dx.op.rawBufferLoad.f64`.
    pub fn function_name(&self) -> FunctionName<'static> {
        self.op.function_name(self.overloads)
    }

    /// The signature, with native 16-bit types.
    pub fn signature(&self) -> Signature<'static> {
        self.signature_with(Precision::Native)
    }

    /// The signature in the given 16-bit mode.
    pub fn signature_with(&self, precision: Precision) -> Signature<'static> {
        Signature {
            info: self.info().signature,
            overloads: self.overloads,
            precision,
        }
    }

    /// The function's declaration, with native 16-bit types.
    pub fn declaration(&self) -> Declaration<'static> {
        self.signature().declaration()
    }
}

impl core::fmt::Display for CheckedOp {
    /// `RawBufferLoad<f64> @ 1.3`, with ` in STAGE` when there is a stage: the syntax of
    /// `op!`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.op.name())?;
        if !self.overloads.is_empty() {
            f.write_str("<")?;
            for (i, o) in self.overloads.as_slice().iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                match o {
                    Overload::Udt(..) | Overload::Object(_) => write!(f, "\"{o}\"")?,
                    _ => write!(f, "{o}")?,
                }
            }
            f.write_str(">")?;
        }
        write!(f, " @ {}", self.version)?;
        if let Some(s) = self.stage {
            write!(f, " in {s}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ScalarType;

    #[test]
    fn run_time_check_agrees_with_the_builders() {
        let v12 = DxilVersion::new(1, 2);
        let f64_ = Overload::Scalar(ScalarType::F64);
        // a 64-bit raw-buffer load before SM 6.3: the constraint that gates the overload
        let e = CheckedOp::new(Op::RawBufferLoad, f64_, v12, None);
        assert!(matches!(e, Err(BuildError::Constraint(c)) if c.name() == "rawbuffer.64bit-sm63"));
        let e = CheckedOp::new(Op::Sin, f64_, v12, None);
        assert!(matches!(e, Err(BuildError::Overload { .. })));
        let e = CheckedOp::new(
            Op::CreateHandle,
            Overloads::NONE,
            DxilVersion::new(1, 6),
            None,
        );
        assert!(matches!(e, Err(BuildError::Removed { .. })));
        let e = CheckedOp::new(
            Op::DerivCoarseX,
            Overload::Scalar(ScalarType::F32),
            DxilVersion::new(1, 5),
            Some(ShaderKind::Compute),
        );
        assert!(matches!(e, Err(BuildError::Stage { .. })));
    }

    #[test]
    fn library_only_ops_target_libraries() {
        let v = DxilVersion::new(1, 6);
        let c = CheckedOp::__checked_by_macro(Op::CreateHandleForLib, Overloads::NONE, v, None);
        assert!(c.target().library);
        let c = CheckedOp::__checked_by_macro(Op::Sin, Overloads::NONE, v, None);
        assert!(!c.target().library);
        let c =
            CheckedOp::__checked_by_macro(Op::Sin, Overloads::NONE, v, Some(ShaderKind::Library));
        assert!(c.target().library);
    }

    #[test]
    fn displays_in_macro_syntax() {
        let c = CheckedOp::__checked_by_macro(
            Op::Sample,
            Overloads::one(Overload::Scalar(ScalarType::F32)),
            DxilVersion::new(1, 6),
            Some(ShaderKind::Pixel),
        );
        extern crate alloc;
        assert_eq!(alloc::format!("{c}"), "Sample<f32> @ 1.6 in pixel");
        assert_eq!(c.overload_array::<2>()[1], Overload::Void);
    }
}
