//! DXIL versions and shader models.

use core::fmt;
use core::str::FromStr;

macro_rules! version_type {
    ($(#[$doc:meta])* $name:ident, $err:ident, $what:literal, $example:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name {
            /// Major number.
            pub major: u8,
            /// Minor number.
            pub minor: u8,
        }

        impl $name {
            /// The version `major.minor`.
            pub const fn new(major: u8, minor: u8) -> Self {
                $name { major, minor }
            }

            /// Whether this version comes before `other`, in a `const` context too.
            pub const fn is_before(self, other: Self) -> bool {
                self.major < other.major || (self.major == other.major && self.minor < other.minor)
            }

            /// Parses `major.minor` (e.g. `1.6`), in a `const` context too.
            pub const fn parse(s: &str) -> Result<Self, $err> {
                match parse_pair(s.as_bytes()) {
                    Some((major, minor)) => Ok($name { major, minor }),
                    None => Err($err),
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}.{}", self.major, self.minor)
            }
        }

        impl FromStr for $name {
            type Err = $err;

            fn from_str(s: &str) -> Result<Self, $err> {
                Self::parse(s)
            }
        }

        #[doc = concat!("A string that is not a ", $what, " (`major.minor`).")]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $err;

        impl fmt::Display for $err {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(concat!("not a ", $what, " (write it as `", $example, "`)"))
            }
        }

        #[cfg(feature = "std")]
        impl std::error::Error for $err {}
    };
}

version_type!(
    /// A DXIL version, e.g. 1.6.
    DxilVersion,
    BadDxilVersion,
    "DXIL version",
    "1.6"
);
version_type!(
    /// A shader model version, e.g. 6.6.
    ShaderModel,
    BadShaderModel,
    "shader model",
    "6.6"
);

const fn parse_number(b: &[u8], start: usize, end: usize) -> Option<u8> {
    if start >= end || end - start > 3 || (end - start > 1 && b[start] == b'0') {
        return None;
    }
    let mut v: u32 = 0;
    let mut i = start;
    while i < end {
        let d = b[i];
        if !d.is_ascii_digit() {
            return None;
        }
        v = v * 10 + (d - b'0') as u32;
        i += 1;
    }
    if v > 255 { None } else { Some(v as u8) }
}

const fn parse_pair(b: &[u8]) -> Option<(u8, u8)> {
    let mut dot = 0;
    while dot < b.len() && b[dot] != b'.' {
        dot += 1;
    }
    if dot == b.len() {
        return None;
    }
    let (Some(a), Some(c)) = (parse_number(b, 0, dot), parse_number(b, dot + 1, b.len())) else {
        return None;
    };
    Some((a, c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_orders() {
        assert_eq!(DxilVersion::parse("1.10"), Ok(DxilVersion::new(1, 10)));
        assert!(DxilVersion::new(1, 9) < DxilVersion::new(1, 10));
        assert!(DxilVersion::parse("1.").is_err());
        assert!(DxilVersion::parse("1.01").is_err());
        assert!(ShaderModel::parse("6.x").is_err());
        assert!(ShaderModel::parse("999.0").is_err());
    }
}
