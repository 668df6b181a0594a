//! DXIL enumerations: a Rust enum per enumeration, a flag type per flag enumeration.
//!
//! Plain enumerations become `#[repr]` enums whose variants are the values that are neither
//! aliases nor masks; aliases become associated constants of the variant they name. Flag
//! enumerations become a newtype over the bits with one associated constant per value (masks
//! included), `|`, `contains` and a display that names the flags.

use dxil_db::{Enum, EnumValue};
use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

use super::{Emitter, escape_doc, version};

/// Names the generated items use inside an enumeration's `impl`: a value with one of these
/// names gets a `_` appended so that it cannot clash with them.
const MEMBERS: &[&str] = &[
    "ALL",
    "NAMES",
    "KNOWN",
    "FLAGS",
    "EMPTY",
    "name",
    "doc",
    "value",
    "index",
    "from_value",
    "from_name",
    "is_valid_at",
    "bits",
    "from_bits",
    "contains",
    "intersects",
    "is_empty",
    "union",
    "fmt",
    "try_from",
];

/// Words Rust does not accept as identifiers (or as raw identifiers).
const KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "false", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut",
    "pub", "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true", "try",
    "type", "unsafe", "use", "where", "while", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "typeof", "unsized", "virtual", "yield", "_",
];

/// The identifier of a value: its name as spelled in the database (`NA`, `Last_1_2`,
/// `F8_E4M3FN`), made a valid identifier that no generated member and no earlier value uses.
/// The loader only accepts identifiers as value names; the repairs here keep the generator total.
fn value_ident(name: &str, taken: &mut Vec<String>) -> Ident {
    let mut s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, '_');
    }
    if KEYWORDS.contains(&s.as_str()) || MEMBERS.contains(&s.as_str()) {
        s.push('_');
    }
    while taken.contains(&s) {
        s.push('_');
    }
    taken.push(s.clone());
    Ident::new(&s, Span::call_site())
}

/// The identifiers of every value of `e`, in declaration order.
fn value_idents(e: &Enum) -> Vec<Ident> {
    let mut taken = Vec::new();
    e.values
        .iter()
        .map(|v| value_ident(&v.name, &mut taken))
        .collect()
}

/// `#[doc]` attributes: `markdown` as written (generated, trusted), then `text` from the
/// database with its Markdown characters escaped.
fn doc_with(markdown: &str, text: &str) -> TokenStream {
    let mut lines: Vec<String> = Vec::new();
    if !markdown.is_empty() {
        lines.extend(markdown.lines().map(|l| format!(" {l}")));
    }
    if !text.trim().is_empty() {
        if !lines.is_empty() {
            lines.push(String::new());
        }
        lines.extend(text.lines().map(|l| format!(" {}", escape_doc(l))));
    }
    quote! { #(#[doc = #lines])* }
}

/// `from_name`: a scan of the enumeration's `NAMES` table, usable in `const` contexts.
fn from_name_fn(ident: &Ident, what: &str) -> TokenStream {
    let d = format!(" The value with this name ({what}).");
    quote! {
        #[doc = #d]
        pub const fn from_name(name: &str) -> Option<#ident> {
            let mut i = 0;
            while i < Self::NAMES.len() {
                if crate::name_map::str_eq(Self::NAMES[i].0, name) {
                    return Some(Self::NAMES[i].1);
                }
                i += 1;
            }
            None
        }
    }
}

/// What the generated documentation says about a value besides its own doc.
fn value_facts(v: &EnumValue, flags: bool) -> String {
    let number = if flags && v.value >= 0 {
        format!("{:#x}", v.value)
    } else {
        v.value.to_string()
    };
    let mut s = format!("`{}` = {number}.", v.name);
    if v.mask {
        s.push_str(" A mask or named combination of flags.");
    }
    if let Some(since) = v.since {
        s.push_str(&format!(" Since DXIL {since}."));
    }
    s
}

/// An integer literal of the enumeration's representation.
fn literal(n: i64, wide: bool) -> TokenStream {
    if wide {
        quote!(#n)
    } else {
        let n = n as u32;
        quote!(#n)
    }
}

impl Emitter<'_> {
    /// The path of the value named `value` (or an alias of it) of enumeration `e`, as the
    /// generated code names it: a variant of a plain enumeration, an associated constant of a
    /// flag enumeration. `None` when `e` has no such value.
    pub(super) fn enum_value_path(&self, e: &Enum, value: &str) -> Option<TokenStream> {
        let ty = self.enum_path(self.enum_types.get(&e.name)?);
        let idents = value_idents(e);
        let (v, ident) = e
            .values
            .iter()
            .zip(&idents)
            .find(|(v, _)| v.name == value)?;
        if e.flags || !(v.alias || v.mask) {
            return Some(quote!(#ty::#ident));
        }
        let (_, target) = e
            .values
            .iter()
            .zip(&idents)
            .find(|(p, _)| !p.alias && !p.mask && p.value == v.value)?;
        Some(quote!(#ty::#target))
    }

    /// The condition of `is_valid_at`: every value with a `since` is absent, or the version has
    /// it.
    fn since_check(&self, e: &Enum, value: &TokenStream) -> TokenStream {
        let rt = &self.rt;
        let checks: Vec<TokenStream> = e
            .values
            .iter()
            .filter_map(|v| v.since.map(|s| (v.value, s)))
            .map(|(n, since)| {
                let since = version(rt, since);
                if e.flags {
                    quote!((#value & #n) == 0 || !version.is_before(#since))
                } else {
                    quote!(#value != #n || !version.is_before(#since))
                }
            })
            .collect();
        match checks.as_slice() {
            [] => quote!(true),
            [one] => one.clone(),
            many => quote!(#((#many))&&*),
        }
    }

    fn plain_enum(&self, e: &Enum) -> TokenStream {
        let rt = &self.rt;
        let ident = &self.enum_types[&e.name];
        let idents = value_idents(e);
        let wide = e
            .values
            .iter()
            .any(|v| v.value < 0 || v.value > i64::from(u32::MAX));
        let repr = if wide { quote!(i64) } else { quote!(u32) };
        let primary: Vec<(&EnumValue, &Ident)> = e
            .values
            .iter()
            .zip(&idents)
            .filter(|(v, _)| !v.alias && !v.mask)
            .collect();
        let variants: Vec<&Ident> = primary.iter().map(|(_, i)| *i).collect();
        let numbers: Vec<TokenStream> = primary
            .iter()
            .map(|(v, _)| literal(v.value, wide))
            .collect();
        let variant_docs = primary
            .iter()
            .map(|(v, _)| doc_with(&value_facts(v, false), &v.doc));
        let names: Vec<&str> = primary.iter().map(|(v, _)| v.name.as_str()).collect();
        let value_docs: Vec<&str> = primary.iter().map(|(v, _)| v.doc.as_str()).collect();
        let target_of = |n: i64| primary.iter().find(|(p, _)| p.value == n).map(|(_, i)| *i);
        let aliases: Vec<TokenStream> = e
            .values
            .iter()
            .zip(&idents)
            .filter(|(v, _)| v.alias)
            .filter_map(|(v, a)| {
                let target = target_of(v.value)?;
                let d = doc_with(
                    &format!("`{}` = {}: another name of [`{ident}::{target}`].", v.name, v.value),
                    &v.doc,
                );
                Some(quote!(#d #[allow(non_upper_case_globals)] pub const #a: #ident = #ident::#target;))
            })
            .collect();
        // Every name, aliases included, with its value, for `from_name`.
        let lookup: Vec<TokenStream> = e
            .values
            .iter()
            .filter_map(|v| {
                let target = target_of(v.value)?;
                let name = v.name.as_str();
                Some(quote!((#name, #ident::#target)))
            })
            .collect();
        let n = primary.len();
        let n_names = lookup.len();
        let enum_doc = doc_with(&format!("The DXIL enumeration `{}`.", e.name), &e.doc);
        let name = &e.name;
        let since = self.since_check(e, &quote!((self as i64)));
        let from_arms = primary.iter().map(|(v, var)| {
            let n = v.value;
            quote!(#n => Some(#ident::#var))
        });
        let from_name = from_name_fn(ident, "a value or an alias");
        let dense = primary
            .iter()
            .enumerate()
            .all(|(i, (v, _))| v.value == i as i64);
        let index = if dense {
            quote!(self as usize)
        } else {
            let positions = 0..n;
            quote!(match self { #(#ident::#variants => #positions,)* })
        };
        quote! {
            #enum_doc
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
            #[allow(non_camel_case_types)]
            #[repr(#repr)]
            pub enum #ident {
                #( #variant_docs #variants = #numbers, )*
            }

            impl #ident {
                /// Every value (without aliases), in declaration order.
                pub const ALL: [#ident; #n] = [#(#ident::#variants),*];

                /// Every name with its value, aliases included.
                pub const NAMES: [(&'static str, #ident); #n_names] = [#(#lookup),*];
                #(#aliases)*

                /// The value's name.
                pub const fn name(self) -> &'static str {
                    match self {
                        #(#ident::#variants => #names,)*
                    }
                }

                /// The value's description.
                pub const fn doc(self) -> &'static str {
                    match self {
                        #(#ident::#variants => #value_docs,)*
                    }
                }

                /// The value's number.
                pub const fn value(self) -> i64 {
                    self as i64
                }

                /// The value's position in [`ALL`](Self::ALL): a dense index for tables.
                pub const fn index(self) -> usize {
                    #index
                }

                /// The value with this number.
                pub const fn from_value(value: i64) -> Option<#ident> {
                    match value {
                        #(#from_arms,)*
                        _ => None,
                    }
                }

                #from_name

                /// Whether the value exists at DXIL `version`.
                #[allow(unused_variables)]
                pub const fn is_valid_at(self, version: #rt::DxilVersion) -> bool {
                    #since
                }
            }

            impl TryFrom<u32> for #ident {
                type Error = #rt::UnknownValue;

                fn try_from(v: u32) -> Result<#ident, #rt::UnknownValue> {
                    #ident::from_value(i64::from(v)).ok_or(#rt::UnknownValue { enumeration: #name, value: v as i64 })
                }
            }

            impl core::fmt::Display for #ident {
                fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                    f.write_str(self.name())
                }
            }
        }
    }

    fn flag_enum(&self, e: &Enum) -> TokenStream {
        let rt = &self.rt;
        let ident = &self.enum_types[&e.name];
        let idents = value_idents(e);
        let wide = e.values.iter().any(|v| v.value > i64::from(u32::MAX));
        let bits_ty = if wide { quote!(u64) } else { quote!(u32) };
        let bits = |n: i64| -> TokenStream {
            if wide {
                let n = n as u64;
                quote!(#n)
            } else {
                let n = n as u32;
                quote!(#n)
            }
        };
        let consts = e.values.iter().zip(&idents).map(|(v, c)| {
            let lit = bits(v.value);
            let mut facts = value_facts(v, true);
            if v.alias {
                facts.push_str(" Another name of an earlier value.");
            }
            let d = doc_with(&facts, &v.doc);
            quote!(#d #[allow(non_upper_case_globals)] pub const #c: #ident = #ident(#lit);)
        });
        let known = bits(
            e.values
                .iter()
                .filter(|v| v.value >= 0)
                .fold(0i64, |a, v| a | v.value),
        );
        // Named flags for display, lowest bit first; among values that start at the same bit
        // the widest first, so that a value such as `DispatchRecord` (two bits) is named
        // rather than the single bits it is made of.
        let mut named: Vec<&EnumValue> = e
            .values
            .iter()
            .filter(|v| !v.mask && !v.alias && v.value > 0)
            .collect();
        named.sort_by_key(|v| {
            (
                v.value.trailing_zeros(),
                std::cmp::Reverse(v.value.count_ones()),
            )
        });
        let flag_names: Vec<&str> = named.iter().map(|v| v.name.as_str()).collect();
        let flag_values: Vec<TokenStream> = named.iter().map(|v| bits(v.value)).collect();
        let lookup: Vec<TokenStream> = e
            .values
            .iter()
            .zip(&idents)
            .map(|(v, c)| {
                let name = v.name.as_str();
                quote!((#name, #ident::#c))
            })
            .collect();
        let n_names = lookup.len();
        let enum_doc = doc_with(
            &format!(
                "The DXIL flag enumeration `{}`: values combine with `|`.",
                e.name
            ),
            &e.doc,
        );
        let name = &e.name;
        let since = self.since_check(e, &quote!((self.0 as i64)));
        let from_name = from_name_fn(ident, "a flag, a mask or an alias");
        let widen = if wide {
            quote!(u64::from(v))
        } else {
            quote!(v)
        };
        quote! {
            #enum_doc
            #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
            pub struct #ident(#bits_ty);

            impl #ident {
                #(#consts)*

                /// No flag.
                pub const EMPTY: #ident = #ident(0);

                /// Every bit some value of this enumeration names (masks included).
                pub const KNOWN: #bits_ty = #known;

                /// The flags and multi-bit values with their names, in the order the display
                /// tries them: lowest bit first, wider values before narrower ones.
                pub const FLAGS: &'static [(&'static str, #bits_ty)] = &[#((#flag_names, #flag_values)),*];

                /// Every name with its value, masks and aliases included, in declaration order.
                pub const NAMES: [(&'static str, #ident); #n_names] = [#(#lookup),*];

                /// The bits.
                pub const fn bits(self) -> #bits_ty {
                    self.0
                }

                /// Flags from bits; `None` when a bit is not a known flag.
                pub const fn from_bits(bits: #bits_ty) -> Option<#ident> {
                    if bits & !Self::KNOWN == 0 { Some(#ident(bits)) } else { None }
                }

                #from_name

                /// Whether no flag is set.
                pub const fn is_empty(self) -> bool {
                    self.0 == 0
                }

                /// Whether every flag of `other` is set.
                pub const fn contains(self, other: #ident) -> bool {
                    self.0 & other.0 == other.0
                }

                /// Whether some flag of `other` is set.
                pub const fn intersects(self, other: #ident) -> bool {
                    self.0 & other.0 != 0
                }

                /// Both sets of flags.
                pub const fn union(self, other: #ident) -> #ident {
                    #ident(self.0 | other.0)
                }

                /// Whether every flag set exists at DXIL `version`.
                #[allow(unused_variables)]
                pub const fn is_valid_at(self, version: #rt::DxilVersion) -> bool {
                    #since
                }
            }

            impl core::ops::BitOr for #ident {
                type Output = #ident;

                fn bitor(self, other: #ident) -> #ident {
                    self.union(other)
                }
            }

            impl core::ops::BitOrAssign for #ident {
                fn bitor_assign(&mut self, other: #ident) {
                    *self = self.union(other);
                }
            }

            impl TryFrom<u32> for #ident {
                type Error = #rt::UnknownValue;

                fn try_from(v: u32) -> Result<#ident, #rt::UnknownValue> {
                    #ident::from_bits(#widen).ok_or(#rt::UnknownValue { enumeration: #name, value: v as i64 })
                }
            }

            impl core::fmt::Display for #ident {
                /// Flag names joined with `|`, then any bits no name covers as a number; `0x0`
                /// when no flag is set.
                fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                    let mut first = true;
                    let mut rest = self.0;
                    for (name, bits) in Self::FLAGS {
                        if rest & bits == *bits {
                            if !first { f.write_str("|")?; }
                            f.write_str(name)?;
                            first = false;
                            rest &= !bits;
                        }
                    }
                    if first || rest != 0 {
                        if !first { f.write_str("|")?; }
                        write!(f, "{:#x}", rest)?;
                    }
                    Ok(())
                }
            }
        }
    }

    pub(super) fn enums(&self) -> TokenStream {
        let items = self.db.enums.iter().map(|e| {
            if e.flags {
                self.flag_enum(e)
            } else {
                self.plain_enum(e)
            }
        });
        quote! {
            //! DXIL enumerations of ops.toml (db/enums.toml).

            #(#items)*
        }
    }
}
