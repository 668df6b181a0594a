//! Signatures and declarations of `dx.op` functions.

use core::fmt;

use crate::info::{ClassInfo, Precision, SignatureInfo};
use crate::name::FunctionName;
use crate::overload::Overloads;
use crate::ty::{LlvmType, StructDef, TypeError, resolve};

/// The LLVM type of every operand of the opcode: the first operand of every `dx.op` call.
pub const OPCODE_TYPE: &str = "i32";

/// The LLVM signature of a `dx.op` function: result and operands (after the opcode).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Signature<'a> {
    /// The signature of the class's functions it is made from.
    pub info: &'static SignatureInfo,
    /// The overloads.
    pub overloads: Overloads<'a>,
    /// How 16-bit types are treated (chooses e.g. `%dx.types.CBufRet.f16.8`).
    pub precision: Precision,
}

/// Why a signature cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignatureError {
    /// Wrong number of overload dimensions.
    Dimensions {
        /// The class.
        class: &'static str,
        /// Dimensions the class has.
        expected: u8,
        /// Dimensions given.
        found: usize,
    },
    /// A parameter type cannot be made for the overloads.
    Type(TypeError),
}

impl fmt::Display for SignatureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SignatureError::Dimensions {
                class,
                expected,
                found,
            } => write!(
                f,
                "class {class} has {expected} overload dimension(s), {found} given"
            ),
            SignatureError::Type(t) => write!(f, "{t}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for SignatureError {}

impl<'a> Signature<'a> {
    /// The signature `info` for `overloads`, checking that every type can be made.
    pub fn new(
        info: &'static SignatureInfo,
        overloads: Overloads<'a>,
        precision: Precision,
    ) -> Result<Self, SignatureError> {
        Self::check(info, &overloads, precision)?;
        Ok(Signature {
            info,
            overloads,
            precision,
        })
    }

    /// The check of [`new`](Self::new), without making the signature (a small result: the
    /// builders make the signature once, in place).
    pub fn check(
        info: &'static SignatureInfo,
        overloads: &Overloads<'_>,
        precision: Precision,
    ) -> Result<(), SignatureError> {
        if overloads.len() != info.overloads.dims as usize {
            return Err(SignatureError::Dimensions {
                class: info.class.name,
                expected: info.overloads.dims,
                found: overloads.len(),
            });
        }
        resolve(info.result.ty, overloads, precision).map_err(SignatureError::Type)?;
        for p in info.params {
            resolve(p.ty, overloads, precision).map_err(SignatureError::Type)?;
        }
        Ok(())
    }

    /// The signature of a function name, checking that every type can be made.
    pub fn of(name: FunctionName<'a>, precision: Precision) -> Result<Self, SignatureError> {
        Signature::new(name.signature, name.overloads, precision)
    }

    /// The class whose function it is.
    pub fn class(&self) -> &'static ClassInfo {
        self.info.class
    }

    /// The result type.
    pub fn ret(&self) -> LlvmType<'a> {
        resolve(self.info.result.ty, &self.overloads, self.precision)
            .unwrap_or(LlvmType::Fixed("void"))
    }

    /// Whether the function returns `void` (its calls have no result to name).
    pub fn returns_void(&self) -> bool {
        matches!(self.ret(), LlvmType::Fixed("void"))
    }

    /// The operand types after the opcode.
    pub fn params(&self) -> impl ExactSizeIterator<Item = LlvmType<'a>> + '_ {
        self.info.params.iter().map(|p| {
            resolve(p.ty, &self.overloads, self.precision).unwrap_or(LlvmType::Fixed("void"))
        })
    }

    /// The function name.
    pub fn name(&self) -> FunctionName<'a> {
        FunctionName {
            signature: self.info,
            overloads: self.overloads,
        }
    }

    /// The named structs the signature uses, each once, in order of first use.
    pub fn structs(&self) -> impl Iterator<Item = StructDef<'a>> + '_ {
        let all = core::iter::once(self.ret()).chain(self.params());
        all.enumerate().filter_map(move |(i, t)| {
            let def = t.struct_def()?;
            let earlier = core::iter::once(self.ret())
                .chain(self.params())
                .take(i)
                .filter_map(|e| e.struct_def())
                .any(|e| e.same_name(&def));
            (!earlier).then_some(def)
        })
    }

    /// The declaration `declare RET @NAME(i32, ...)`.
    pub fn declaration(&self) -> Declaration<'a> {
        Declaration(*self)
    }
}

impl fmt::Display for Signature<'_> {
    /// `RET (i32, P1, P2, ...)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({OPCODE_TYPE}", self.ret())?;
        for p in self.params() {
            write!(f, ", {p}")?;
        }
        f.write_str(")")
    }
}

/// A function declaration: `declare RET @NAME(i32, ...)`, without attributes; see
/// [`Declaration::attributes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Declaration<'a>(pub Signature<'a>);

impl Declaration<'_> {
    /// The function attributes: `nounwind` (every `dx.op` function) and the class's memory
    /// attribute, in the order LLVM prints them (`nounwind readnone`, `noduplicate nounwind`).
    pub fn attributes(&self) -> Attributes {
        Attributes(self.0.info.memory)
    }
}

/// The function attributes of a declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attributes(Option<&'static str>);

impl fmt::Display for Attributes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // LLVM prints attributes in the order of its attribute enumeration, where these two
        // come before `nounwind` and the other memory attributes after it.
        const BEFORE_NOUNWIND: [&str; 2] = ["noduplicate", "noreturn"];
        match self.0 {
            None => f.write_str("nounwind"),
            Some(m) if BEFORE_NOUNWIND.contains(&m) => write!(f, "{m} nounwind"),
            Some(m) => write!(f, "nounwind {m}"),
        }
    }
}

impl fmt::Display for Declaration<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.0;
        write!(f, "declare {} ", s.ret())?;
        write!(f, "{}", crate::fmt_util::LlvmName('@', &s.name()))?;
        write!(f, "({OPCODE_TYPE}")?;
        for p in s.params() {
            write!(f, ", {p}")?;
        }
        f.write_str(")")
    }
}
