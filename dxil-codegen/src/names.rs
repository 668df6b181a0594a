//! Every identifier the generator makes, in one place: the casing of `dxil_db::names` (which the
//! loader checks names with), turned into `Ident`s, and the checks that two names of the
//! database do not turn into the same identifier. Nothing here panics: a name that makes no
//! identifier is an error (the loader refuses such names first).

use std::collections::HashMap;

use proc_macro2::{Ident, Span};

pub use dxil_db::names::{builder_param, camel, shouty, snake};

use crate::Error;

/// The identifier `s`, or an error naming `what` it is made for.
pub fn ident(what: &str, name: &str, s: &str) -> Result<Ident, Error> {
    if dxil_db::names::is_ident(s) {
        Ok(Ident::new(s, Span::call_site()))
    } else {
        Err(Error::BadName {
            what: what.to_owned(),
            name: name.to_owned(),
            ident: s.to_owned(),
        })
    }
}

/// Maps names to identifiers with `f`, failing when a name makes no identifier or two names
/// make the same one.
pub fn unique<'a>(
    what: &str,
    names: impl IntoIterator<Item = &'a str>,
    f: impl Fn(&str) -> String,
) -> Result<HashMap<String, Ident>, Error> {
    let mut by_ident: HashMap<String, String> = HashMap::new();
    let mut out = HashMap::new();
    for n in names {
        let text = f(n);
        let id = ident(what, n, &text)?;
        if let Some(other) = by_ident.insert(text.clone(), n.to_owned())
            && other != n
        {
            return Err(Error::NameClash {
                what: what.to_owned(),
                first: other,
                second: n.to_owned(),
                ident: text,
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
    fn clashes_and_bad_names_are_errors() {
        assert!(unique("x", ["foo_bar", "FooBar"], camel).is_err());
        assert!(unique("x", ["😀"], camel).is_err());
        assert!(unique("x", [""], camel).is_err());
        let ok = unique("x", ["type", "Ωmega"], snake).expect("identifiers");
        assert_eq!(ok["type"].to_string(), "type_");
    }
}
