//! DXIL versions and shader models: `major.minor` pairs.

use std::fmt;
use std::str::FromStr;

macro_rules! version_type {
    ($(#[$doc:meta])* $name:ident, $what:literal, $example:literal) => {
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
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}.{}", self.major, self.minor)
            }
        }

        impl FromStr for $name {
            type Err = String;

            fn from_str(s: &str) -> Result<Self, String> {
                parse_pair(s)
                    .map(|(major, minor)| $name { major, minor })
                    .ok_or_else(|| format!(concat!("`{}` is not a ", $what, " (write it as `", $example, "`)"), s))
            }
        }
    };
}

version_type!(
    /// A DXIL version, e.g. 1.6.
    DxilVersion,
    "DXIL version",
    "1.6"
);
version_type!(
    /// A shader model, e.g. 6.6.
    ShaderModel,
    "shader model",
    "6.6"
);

fn parse_pair(s: &str) -> Option<(u8, u8)> {
    let (a, b) = s.split_once('.')?;
    let digits = |t: &str| !t.is_empty() && t.len() <= 3 && t.bytes().all(|c| c.is_ascii_digit());
    if !digits(a) || !digits(b) || (b.len() > 1 && b.starts_with('0')) {
        return None;
    }
    Some((a.parse().ok()?, b.parse().ok()?))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn versions_parse_and_order_numerically() {
        let a: DxilVersion = "1.9".parse().unwrap();
        let b: DxilVersion = "1.10".parse().unwrap();
        assert!(a < b);
        assert_eq!(b.to_string(), "1.10");
        assert!("1.01".parse::<DxilVersion>().is_err());
        assert!("1".parse::<DxilVersion>().is_err());
        assert!("1.x".parse::<DxilVersion>().is_err());
        assert!("1.999".parse::<ShaderModel>().is_err());
        assert!("".parse::<ShaderModel>().is_err());
    }
}
