//! Every identifier the generator makes, in one place: casing, Rust keywords, and checks that
//! two names of the database do not turn into the same identifier.

use std::collections::HashMap;

use heck::{ToShoutySnakeCase, ToSnakeCase, ToUpperCamelCase};
use proc_macro2::{Ident, Span};

use crate::Error;

const KEYWORDS: &[&str] = &[
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for",
    "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return",
    "self", "Self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where",
    "while", "async", "await", "dyn", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "typeof", "unsized", "virtual", "yield", "try", "gen",
];

fn ident(s: &str) -> Ident {
    if KEYWORDS.contains(&s) {
        Ident::new(&format!("{s}_"), Span::call_site())
    } else if s.starts_with(|c: char| c.is_ascii_digit()) {
        Ident::new(&format!("_{s}"), Span::call_site())
    } else {
        Ident::new(s, Span::call_site())
    }
}

/// A type or variant name: `RayQuery_Abort` → `RayQueryAbort`.
pub fn camel(s: &str) -> Ident {
    ident(&s.to_upper_camel_case())
}

/// A function or parameter name: `RayQuery_Abort` → `ray_query_abort`, `newValue` → `new_value`.
pub fn snake(s: &str) -> Ident {
    ident(&s.to_snake_case())
}

/// A static name: `res_ret` → `TY_RES_RET`.
pub fn shouty(prefix: &str, s: &str) -> Ident {
    ident(&format!("{prefix}{}", s.to_shouty_snake_case()))
}

/// Maps names to identifiers with `f`, failing when two names make the same identifier.
pub fn unique<'a>(
    what: &str,
    names: impl IntoIterator<Item = &'a str>,
    f: impl Fn(&str) -> Ident,
) -> Result<HashMap<String, Ident>, Error> {
    let mut by_ident: HashMap<String, String> = HashMap::new();
    let mut out = HashMap::new();
    for n in names {
        let id = f(n);
        if let Some(other) = by_ident.insert(id.to_string(), n.to_owned())
            && other != n
        {
            return Err(Error::NameClash {
                what: what.to_owned(),
                first: other,
                second: n.to_owned(),
                ident: id.to_string(),
            });
        }
        out.insert(n.to_owned(), id);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn casing() {
        assert_eq!(camel("RayQuery_Abort").to_string(), "RayQueryAbort");
        assert_eq!(camel("FAbs").to_string(), "FAbs");
        assert_eq!(
            camel("createNodeOutputHandle").to_string(),
            "CreateNodeOutputHandle"
        );
        assert_eq!(snake("Round_ne").to_string(), "round_ne");
        assert_eq!(snake("newValue").to_string(), "new_value");
        assert_eq!(snake("type").to_string(), "type_");
        assert_eq!(shouty("TY_", "res_ret").to_string(), "TY_RES_RET");
        assert!(unique("x", ["foo_bar", "FooBar"], camel).is_err());
    }
}
