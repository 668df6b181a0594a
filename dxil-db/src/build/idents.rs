//! Names that become Rust identifiers in the generated code: each must make an identifier
//! (with the casing of [`crate::names`], which the generator uses), distinct from the others of
//! its namespace and from the names the generated code uses itself. Names that other checks
//! refuse already (an op name that is not an ASCII identifier, a duplicate) are left to them.

use std::collections::HashMap;
use std::ops::Range;

use serde_spanned::Spanned;

use super::{Builder, RawDb};
use crate::diag::Location;
use crate::names;
use crate::source::FileId;

/// One namespace of generated identifiers: the names seen so far by identifier.
struct Space {
    /// How the identifier is made, for hints: `UpperCamelCase`.
    casing: &'static str,
    make: fn(&str) -> String,
    /// Identifiers the generated code uses itself in this namespace.
    reserved: &'static [&'static str],
    seen: HashMap<String, (String, FileId, Range<usize>)>,
}

impl Space {
    fn new(casing: &'static str, make: fn(&str) -> String) -> Self {
        Space {
            casing,
            make,
            reserved: &[],
            seen: HashMap::new(),
        }
    }

    fn reserving(mut self, reserved: &'static [&'static str]) -> Self {
        self.reserved = reserved;
        self
    }
}

fn camel(s: &str) -> String {
    names::camel(s)
}
fn snake(s: &str) -> String {
    names::snake(s)
}
fn table_static(s: &str) -> String {
    names::shouty("TABLE_", s)
}
fn type_static(s: &str) -> String {
    names::shouty("TY_", s)
}
fn class_static(s: &str) -> String {
    names::shouty("CLASS_", s)
}

/// Whether `s` is an ASCII identifier starting with a letter: the op and parameter names the
/// other checks accept.
fn ascii_ident(s: &str) -> bool {
    s.bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

impl Builder<'_> {
    /// Checks every name that becomes a Rust identifier.
    pub(crate) fn identifiers(&mut self, raw: &RawDb) {
        let mut tables = [
            Space::new("UpperCamelCase", camel),
            Space::new("SHOUTY_SNAKE_CASE after `TABLE_`", table_static),
        ];
        for r in &raw.tables {
            self.ident(r.file, &r.item.name, "", "op table", &mut tables);
        }
        let mut types = [Space::new("SHOUTY_SNAKE_CASE after `TY_`", type_static)];
        for r in &raw.types {
            self.ident(r.file, &r.item.name, "", "type", &mut types);
        }
        let mut attributes = [Space::new("UpperCamelCase", camel)];
        for r in &raw.attributes {
            self.ident(r.file, &r.item.name, "", "attribute", &mut attributes);
        }
        let mut overload_types = [Space::new("UpperCamelCase", camel)];
        for r in &raw.overload_types {
            self.ident(
                r.file,
                &r.item.name,
                "",
                "overload type",
                &mut overload_types,
            );
        }
        let mut shader_kinds = [Space::new("UpperCamelCase", camel)];
        for r in &raw.stages {
            if let Some(k) = &r.item.record.value.get_ref().shader_kind
                && ascii_ident(k.get_ref())
            {
                self.ident(r.file, k, "shader_kind", "shader kind", &mut shader_kinds);
            }
        }
        let mut derived = [Space::new("UpperCamelCase", camel)];
        for r in &raw.derived {
            self.ident(r.file, &r.item.name, "", "derived value", &mut derived);
        }
        let mut enums = [Space::new("UpperCamelCase", camel).reserving(names::RESERVED_TYPES)];
        for r in &raw.enums {
            if ascii_ident(r.item.name.get_ref()) {
                self.ident(r.file, &r.item.name, "", "enumeration", &mut enums);
            }
        }
        let mut rules = [Space::new("UpperCamelCase", camel)];
        for r in &raw.rules {
            if let Some(n) = &r.item.value.get_ref().name
                && n.get_ref().bytes().all(|b| b.is_ascii_alphanumeric())
            {
                self.ident(r.file, n, "name", "rule", &mut rules);
            }
        }
        let mut classes = [
            Space::new("UpperCamelCase", camel),
            Space::new("SHOUTY_SNAKE_CASE after `CLASS_`", class_static),
        ];
        for r in &raw.classes {
            self.ident(r.file, &r.item.name, "", "class", &mut classes);
            if let Some(params) = &r.item.record.value.get_ref().params {
                self.params(r.file, params.get_ref());
            }
        }
        let mut ops = [
            Space::new("UpperCamelCase", camel).reserving(names::RESERVED_OPS),
            Space::new("snake_case", snake),
        ];
        for r in &raw.ops {
            let op = r.item.1.value.get_ref();
            if let Some(n) = &op.name
                && ascii_ident(n.get_ref())
            {
                self.ident(r.file, n, "name", "op", &mut ops);
            }
            // the class of an op that carries its own signature is declared by the op
            if op.params.is_some() || op.result.is_some() {
                if let Some(c) = &op.class {
                    self.ident(r.file, c, "class", "class", &mut classes);
                }
                if let Some(params) = &op.params {
                    self.params(r.file, params.get_ref());
                }
            }
        }
    }

    /// The parameters of one signature become the builder's parameter names.
    fn params(&mut self, file: FileId, params: &[Spanned<crate::raw::RawParam>]) {
        let mut space = [Space::new("snake_case", names::builder_param)];
        for p in params {
            if let Some(n) = &p.get_ref().name
                && ascii_ident(n.get_ref())
            {
                self.ident(file, n, "params.name", "parameter", &mut space);
            }
        }
    }

    /// Checks one name in each of its namespaces, reporting the first problem.
    fn ident(
        &mut self,
        file: FileId,
        name: &Spanned<String>,
        key: &str,
        what: &str,
        spaces: &mut [Space],
    ) {
        let n = name.get_ref();
        for space in spaces.iter_mut() {
            let ident = (space.make)(n);
            let problem = if !names::is_ident(&ident) {
                let made = if ident.is_empty() {
                    "nothing".to_owned()
                } else {
                    format!("`{ident}`")
                };
                Some((
                    format!("the name does not make a Rust identifier: it becomes {made}"),
                    format!(
                        "{what} names become Rust identifiers ({}): use letters (Unicode letters too), digits and `_`, starting with a letter",
                        space.casing
                    ),
                ))
            } else if space.reserved.contains(&ident.as_str()) {
                Some((
                    format!(
                        "the name becomes `{ident}`, which the generated code uses for something else"
                    ),
                    format!("rename the {what}"),
                ))
            } else {
                match space.seen.get(&ident) {
                    // the same name twice is a duplicate, reported where names are declared
                    Some((other, _, _)) if other == n => None,
                    Some((other, f, span)) => {
                        let file = self.sources.get(*f);
                        let (line, col) = file.line_col(span.start);
                        Some((
                            format!(
                                "the name becomes the Rust identifier `{ident}`, as {what} `{other}` does"
                            ),
                            format!(
                                "rename one of them; `{other}` is declared at {}:{line}:{col}",
                                file.name()
                            ),
                        ))
                    }
                    None => {
                        space.seen.insert(ident, (n.clone(), file, name.span()));
                        None
                    }
                }
            };
            if let Some((message, hint)) = problem {
                self.sink.error(
                    Location {
                        file,
                        span: name.span(),
                    },
                    format!("{what} `{n}`"),
                    key,
                    message,
                    hint,
                );
                return;
            }
        }
    }
}
