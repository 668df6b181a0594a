//! What the generated rows are made with: `const` constructors of the row shapes that live in
//! other modules, the table helpers of the generated enumerations, and the macros that give each
//! generated enumeration its methods. The generated files hold the data; the code is here.

use crate::call::{BuildError, Call, Operand, Target};
use crate::info::OpInfo;
use crate::overload::{OverloadSet, OverloadSpec, Overloads};
use crate::sig::Signature;

impl OverloadSet {
    /// The set of scalar types `scalars` and vector element types `vectors` (one bit per
    /// overload type).
    pub const fn new(scalars: u32, vectors: u32) -> Self {
        OverloadSet { scalars, vectors }
    }
}

impl OverloadSpec {
    /// No overload (`v`).
    pub const VOID: OverloadSpec = OverloadSpec {
        sets: [OverloadSet::new(0, 0); 4],
        dims: 0,
        text: "v",
    };

    /// The overloads `sets`, one per dimension (at most four), written `text` in DXC's
    /// notation.
    pub const fn new(text: &'static str, sets: &[OverloadSet]) -> Self {
        let mut out = [OverloadSet::new(0, 0); 4];
        let mut i = 0;
        while i < sets.len() {
            out[i] = sets[i];
            i += 1;
        }
        OverloadSpec {
            sets: out,
            dims: sets.len() as u8,
            text,
        }
    }
}

impl<V> Operand<V> {
    /// The opcode operand of a call: `i32 <opcode>` (negative for the upper tables).
    pub const fn opcode(opcode: u32) -> Self {
        Operand::Int {
            ty: "i32",
            value: opcode as i32 as i64,
        }
    }
}

impl<'a, V, const N: usize> Call<'a, V, N> {
    /// A call of this crate's `op` with `operands` (the opcode first), after the checks every
    /// builder makes ([`crate::call::check`]) and the op's constraints that the constant
    /// operands and overloads decide ([`crate::constraint::check_build`]): what a generated
    /// builder calls when it can violate one of them.
    #[inline]
    pub fn build_op(
        op: crate::Op,
        target: &Target,
        overloads: Overloads<'a>,
        operands: [Operand<V>; N],
    ) -> Result<Self, BuildError<'a>> {
        let call = Self::build_unconstrained(op.info(), target, overloads, operands)?;
        crate::constraint::check_build(op, target, overloads, &call.operands)?;
        Ok(call)
    }

    /// A call of `op` with `operands` (the opcode first), after the checks every builder makes
    /// ([`crate::call::check`]) but none of the op's constraints: what a generated builder
    /// calls when the generator found that none of them can be violated by its operands (its
    /// values are the caller's, which it cannot see, and its constants are typed: an
    /// `immediate`, `defined` or resource constraint never fires there), and the builders of an
    /// extension's ops, which have no constraint rows.
    #[inline]
    pub fn build_unconstrained(
        op: &'static OpInfo,
        target: &Target,
        overloads: Overloads<'a>,
        operands: [Operand<V>; N],
    ) -> Result<Self, BuildError<'a>> {
        let signature = crate::call::check(op, target, overloads)?;
        Ok(Call {
            op,
            signature,
            operands,
        })
    }

    /// A call of `op` with `operands` (the opcode first), after the checks every builder makes
    /// ([`crate::call::check`]), and, for an op of this crate, the constraints the constants
    /// decide: for a call put together by hand (the generated builders call
    /// [`build_op`](Self::build_op) or [`build_unconstrained`](Self::build_unconstrained)).
    pub fn build(
        op: &'static OpInfo,
        target: &Target,
        overloads: Overloads<'a>,
        operands: [Operand<V>; N],
    ) -> Result<Self, BuildError<'a>> {
        let signature = crate::call::check(op, target, overloads)?;
        Self::checked(op, target, overloads, signature, operands)
    }

    /// A call of `op` whose [`crate::call::check`] gave `signature`: checks the op constraints
    /// its constant operands and overloads decide ([`crate::constraint::check_build`]; the ops
    /// of an extension have none).
    pub fn checked(
        op: &'static OpInfo,
        target: &Target,
        overloads: Overloads<'a>,
        signature: Signature<'a>,
        operands: [Operand<V>; N],
    ) -> Result<Self, BuildError<'a>> {
        if let Some(own) = crate::Op::from_opcode(op.opcode).filter(|o| core::ptr::eq(o.info(), op))
        {
            crate::constraint::check_build(own, target, overloads, &operands)?;
        }
        Ok(Call {
            op,
            signature,
            operands,
        })
    }
}

/// The values of a generated enumeration's `VALUES` table (value, name, description).
#[doc(hidden)]
pub const fn values<T: Copy, const N: usize>(
    rows: &[(T, &'static str, &'static str); N],
) -> [T; N] {
    let mut out = [rows[0].0; N];
    let mut i = 0;
    while i < N {
        out[i] = rows[i].0;
        i += 1;
    }
    out
}

/// Every name of a generated enumeration: the names of `rows`, then the aliases. `M` is the
/// number of both.
#[doc(hidden)]
pub const fn names<T: Copy, const N: usize, const M: usize>(
    rows: &[(T, &'static str, &'static str); N],
    aliases: &[(&'static str, T)],
) -> [(&'static str, T); M] {
    let mut out = [(rows[0].1, rows[0].0); M];
    let mut i = 0;
    while i < N {
        out[i] = (rows[i].1, rows[i].0);
        i += 1;
    }
    let mut j = 0;
    while j < aliases.len() {
        out[N + j] = aliases[j];
        j += 1;
    }
    out
}

/// The position of `name` among `names`: a `const` scan, for enumerations of a few dozen names.
#[doc(hidden)]
pub const fn find_name<T: Copy>(names: &[(&'static str, T)], name: &str) -> Option<T> {
    let mut i = 0;
    while i < names.len() {
        if crate::name_map::str_eq(names[i].0, name) {
            return Some(names[i].1);
        }
        i += 1;
    }
    None
}

/// The methods every generated plain enumeration `$ty` (named `$name` in the database) has,
/// from its `VALUES` table (of `$n` rows) and its `index`: `ALL`, `name`, `doc`, `value`,
/// `from_name`, `TryFrom<u32>` and `Display`.
macro_rules! plain_enum {
    ($ty:ident, $n:literal, $name:literal) => {
        impl $ty {
            /// Every value (without aliases), in declaration order.
            pub const ALL: [$ty; $n] = $crate::rows::values(&$ty::VALUES);

            /// The value's name.
            pub const fn name(self) -> &'static str {
                $ty::VALUES[self.index()].1
            }

            /// The value's description.
            pub const fn doc(self) -> &'static str {
                $ty::VALUES[self.index()].2
            }

            /// The value's number.
            pub const fn value(self) -> i64 {
                self as i64
            }

            /// The value with this name (a value or an alias).
            pub const fn from_name(name: &str) -> Option<$ty> {
                $crate::rows::find_name(&$ty::NAMES, name)
            }

            /// Whether `value` is a value of the enumeration at DXIL `version`.
            pub const fn accepts(value: i64, version: $crate::DxilVersion) -> bool {
                match $ty::from_value(value) {
                    Some(v) => v.is_valid_at(version),
                    None => false,
                }
            }
        }

        impl TryFrom<u32> for $ty {
            type Error = $crate::UnknownValue;

            fn try_from(v: u32) -> Result<$ty, $crate::UnknownValue> {
                $ty::from_value(i64::from(v)).ok_or($crate::UnknownValue {
                    enumeration: $name,
                    value: v as i64,
                })
            }
        }

        impl core::fmt::Display for $ty {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

/// The methods every generated flag enumeration `$ty` (a newtype over `$bits`, named `$name`
/// in the database) has, from its constants, `KNOWN`, `FLAGS` and `NAMES`.
macro_rules! flag_enum {
    ($ty:ident, $bits:ty, $name:literal) => {
        impl $ty {
            /// No flag.
            pub const EMPTY: $ty = $ty(0);

            /// The bits.
            pub const fn bits(self) -> $bits {
                self.0
            }

            /// Flags from bits; `None` when a bit is not a known flag.
            pub const fn from_bits(bits: $bits) -> Option<$ty> {
                if bits & !$ty::KNOWN == 0 {
                    Some($ty(bits))
                } else {
                    None
                }
            }

            /// The value with this name (a flag, a mask or an alias).
            pub const fn from_name(name: &str) -> Option<$ty> {
                $crate::rows::find_name(&$ty::NAMES, name)
            }

            /// Whether `value` is a combination of flags of the enumeration that exist at DXIL
            /// `version`.
            pub fn accepts(value: i64, version: $crate::DxilVersion) -> bool {
                match <$bits>::try_from(value).ok().and_then($ty::from_bits) {
                    Some(v) => v.is_valid_at(version),
                    None => false,
                }
            }

            /// Whether no flag is set.
            pub const fn is_empty(self) -> bool {
                self.0 == 0
            }

            /// Whether every flag of `other` is set.
            pub const fn contains(self, other: $ty) -> bool {
                self.0 & other.0 == other.0
            }

            /// Whether some flag of `other` is set.
            pub const fn intersects(self, other: $ty) -> bool {
                self.0 & other.0 != 0
            }

            /// Both sets of flags.
            pub const fn union(self, other: $ty) -> $ty {
                $ty(self.0 | other.0)
            }
        }

        impl core::ops::BitOr for $ty {
            type Output = $ty;

            fn bitor(self, other: $ty) -> $ty {
                self.union(other)
            }
        }

        impl core::ops::BitOrAssign for $ty {
            fn bitor_assign(&mut self, other: $ty) {
                *self = self.union(other);
            }
        }

        impl TryFrom<u32> for $ty {
            type Error = $crate::UnknownValue;

            fn try_from(v: u32) -> Result<$ty, $crate::UnknownValue> {
                $ty::from_bits(<$bits>::from(v)).ok_or($crate::UnknownValue {
                    enumeration: $name,
                    value: v as i64,
                })
            }
        }

        impl core::fmt::Display for $ty {
            /// Flag names joined with `|`, then any bits no name covers as a number; `0x0`
            /// when no flag is set.
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                let mut first = true;
                let mut rest = self.0;
                for (name, bits) in $ty::FLAGS {
                    if rest & bits == *bits {
                        if !first {
                            f.write_str("|")?;
                        }
                        f.write_str(name)?;
                        first = false;
                        rest &= !bits;
                    }
                }
                if first || rest != 0 {
                    if !first {
                        f.write_str("|")?;
                    }
                    write!(f, "{:#x}", rest)?;
                }
                Ok(())
            }
        }
    };
}

pub(crate) use {flag_enum, plain_enum};
