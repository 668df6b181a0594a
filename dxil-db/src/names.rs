//! How names of the database become Rust identifiers, in one place for the loader (which refuses
//! names that would not make valid, distinct identifiers) and the generator (which makes them).
//!
//! A name is cased ([`camel`], [`snake`], [`shouty`]) after Unicode normalization (NFC, the
//! form rustc compares identifiers in); a Rust keyword gets a `_` appended and a leading digit a
//! `_` prepended ([`rust_ident`]). The result must be an identifier ([`is_ident`]), distinct
//! from the other names of its namespace, and not one of the names the generated code itself
//! uses where the identifier lives ([`RESERVED_TYPES`]).
//!
//! The names of records of LLVM's DXIL.td (the `dxil_td` keys) follow TableGen's rules instead
//! ([`is_tablegen_name`]).

use heck::{ToShoutySnakeCase, ToSnakeCase, ToUpperCamelCase};
use unicode_normalization::UnicodeNormalization;

/// Rust keywords (strict, reserved and weak ones that cannot name items), which get a `_`
/// appended.
pub const KEYWORDS: &[&str] = &[
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for",
    "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return",
    "self", "Self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where",
    "while", "async", "await", "dyn", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "typeof", "unsized", "virtual", "yield", "try", "gen",
];

/// Names an op cannot take once cased: the generated readers (`dxil_ops::read::ops`) make a
/// struct of each op's name next to `AnyOp`, the enum of them all.
pub const RESERVED_OPS: &[&str] = &["AnyOp"];

/// Type names the generated code uses without a path where the database's type names live
/// (the enumerations, `dxil_ops::enums`): the Rust prelude's types, traits and variants, and
/// the items of `dxil_ops` that users import next to the enumerations. An enumeration cannot be
/// named like one of them. (`ShaderKind` is both a DXIL enumeration and the stage type at the
/// root of `dxil_ops`, on purpose: the two are one type, `enums::ShaderKind` re-exports it.)
pub const RESERVED_TYPES: &[&str] = &[
    // the prelude
    "Option",
    "Some",
    "None",
    "Result",
    "Ok",
    "Err",
    "Copy",
    "Clone",
    "Send",
    "Sync",
    "Sized",
    "Unpin",
    "Drop",
    "Fn",
    "FnMut",
    "FnOnce",
    "AsRef",
    "AsMut",
    "Into",
    "From",
    "TryFrom",
    "TryInto",
    "Default",
    "Iterator",
    "IntoIterator",
    "Extend",
    "FromIterator",
    "DoubleEndedIterator",
    "ExactSizeIterator",
    "Eq",
    "PartialEq",
    "Ord",
    "PartialOrd",
    "Debug",
    "Hash",
    "Box",
    "String",
    "Vec",
    "ToString",
    "ToOwned",
    // the generated items and the runtime items next to them
    "Op",
    "OpClass",
    "OpTable",
    "OpInfo",
    "ClassInfo",
    "ValidationRule",
    "ScalarType",
    "Attribute",
    "AttributeSet",
    "StageSet",
    "Overload",
    "Overloads",
    "OverloadSet",
    "OverloadSpec",
    "DxilVersion",
    "ShaderModel",
    "Precision",
    "Target",
    "Call",
    "Operand",
    "BuildError",
    "NameMap",
    "FunctionName",
    "NameError",
    "Signature",
    "CheckedOp",
    "UnknownOp",
    "UnknownValue",
];

/// Parameter names the builders use themselves: a parameter named so gets `_value` appended.
pub const BUILDER_PARAMS: &[&str] = &["target", "overload", "overloads"];

/// Whether `s` is a Rust identifier (not a keyword check): a letter (Unicode `XID_Start`) or
/// `_` followed by `XID_Continue` characters, and not `_` alone.
pub fn is_ident(s: &str) -> bool {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if c == '_' || unicode_ident::is_xid_start(c) => {}
        _ => return false,
    }
    s != "_" && chars.all(unicode_ident::is_xid_continue)
}

/// A cased name made usable as an identifier: a keyword gets `_` appended, a name starting with
/// a digit gets `_` prepended. The result may still not be an identifier (an empty name, or
/// symbols that casing keeps): check it with [`is_ident`].
pub fn rust_ident(s: &str) -> String {
    if KEYWORDS.contains(&s) {
        format!("{s}_")
    } else if s.starts_with(|c: char| c.is_ascii_digit()) {
        format!("_{s}")
    } else {
        s.to_owned()
    }
}

fn nfc(s: &str) -> String {
    s.nfc().collect()
}

/// A type or variant name: `RayQuery_Abort` → `RayQueryAbort`, `type` → `Type`.
pub fn camel(s: &str) -> String {
    rust_ident(&nfc(&nfc(s).to_upper_camel_case()))
}

/// A function or parameter name: `RayQuery_Abort` → `ray_query_abort`, `type` → `type_`.
pub fn snake(s: &str) -> String {
    rust_ident(&nfc(&nfc(s).to_snake_case()))
}

/// A static name with a prefix: `("TY_", "res_ret")` → `TY_RES_RET`.
pub fn shouty(prefix: &str, s: &str) -> String {
    rust_ident(&format!("{prefix}{}", nfc(&nfc(s).to_shouty_snake_case())))
}

/// A builder's parameter name: [`snake`], with `_value` appended to the names the builders use
/// themselves ([`BUILDER_PARAMS`]).
pub fn builder_param(s: &str) -> String {
    let id = snake(s);
    if BUILDER_PARAMS.contains(&id.as_str()) {
        format!("{id}_value")
    } else {
        id
    }
}

/// TableGen's keywords, which cannot name a record of LLVM's DXIL.td.
pub const TABLEGEN_KEYWORDS: &[&str] = &[
    "assert",
    "bit",
    "bits",
    "class",
    "code",
    "dag",
    "def",
    "defm",
    "defset",
    "deftype",
    "defvar",
    "dump",
    "else",
    "false",
    "field",
    "foreach",
    "if",
    "in",
    "include",
    "int",
    "let",
    "list",
    "multiclass",
    "string",
    "then",
    "true",
];

/// Whether `s` can name a record of LLVM's DXIL.td (the `dxil_td` keys, and the names `cargo
/// xtask emit llvm` derives): an ASCII letter or `_` followed by ASCII letters, digits and `_`,
/// and not a TableGen keyword.
pub fn is_tablegen_name(s: &str) -> bool {
    let mut bytes = s.bytes();
    matches!(bytes.next(), Some(b) if b.is_ascii_alphabetic() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_')
        && !TABLEGEN_KEYWORDS.contains(&s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn casing() {
        assert_eq!(camel("RayQuery_Abort"), "RayQueryAbort");
        assert_eq!(camel("FAbs"), "FAbs");
        assert_eq!(camel("createNodeOutputHandle"), "CreateNodeOutputHandle");
        assert_eq!(snake("Round_ne"), "round_ne");
        assert_eq!(snake("newValue"), "new_value");
        assert_eq!(snake("type"), "type_");
        assert_eq!(shouty("TY_", "res_ret"), "TY_RES_RET");
        assert_eq!(camel("self"), "Self_");
        assert_eq!(builder_param("target"), "target_value");
        // composed and decomposed forms make the same identifier
        assert_eq!(camel("e\u{301}t\u{e9}"), camel("\u{e9}t\u{e9}"));
    }

    #[test]
    fn identifiers() {
        for ok in ["a", "_a", "Ωmega", "数", "a1", "union"] {
            assert!(is_ident(ok), "{ok}");
        }
        for bad in ["", "_", "1a", "a-b", "😀", "a b"] {
            assert!(!is_ident(bad), "{bad}");
        }
        assert!(!is_ident(&camel("😀")));
        assert!(!is_ident(&camel("")));
    }

    #[test]
    fn tablegen_names() {
        for ok in ["Abs", "_x", "Int32Ty", "all_stages", "DXIL1_10"] {
            assert!(is_tablegen_name(ok), "{ok}");
        }
        for bad in ["", "1a", "a.b", "Ωmega", "def", "code", "a b"] {
            assert!(!is_tablegen_name(bad), "{bad}");
        }
    }
}
