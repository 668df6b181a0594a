//! DXIL enumerations: a Rust enum per enumeration, a flag type per flag enumeration.
//!
//! Plain enumerations become `#[repr]` enums whose variants are the values that are neither
//! aliases nor masks; aliases become associated constants of the variant they name. Flag
//! enumerations become a newtype over the bits with one associated constant per value (masks
//! included), `|`, `contains` and a display that names the flags.

use dxil_db::{Enum, EnumValue};
use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

use super::{Emitter, code, doc, hex, int, md, version};

/// Names the generated items use inside an enumeration's `impl`: a value with one of these
/// names gets a `_` appended so that it cannot clash with them.
const MEMBERS: &[&str] = &[
    "ALL",
    "VALUES",
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
    "accepts",
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
pub(super) fn value_idents(e: &Enum) -> Vec<Ident> {
    let mut taken = Vec::new();
    e.values
        .iter()
        .map(|v| value_ident(&v.name, &mut taken))
        .collect()
}

/// `#[doc]` attributes: `markdown` as written (generated), then `text` from the database, shown
/// as written, on the same line when it is one line.
fn doc_with(markdown: &str, text: &str) -> TokenStream {
    let text = md(text);
    if text.trim().is_empty() {
        return doc(markdown);
    }
    if !text.contains('\n') {
        return doc(&format!("{markdown} {text}"));
    }
    doc(&format!("{markdown}\n\n{text}"))
}

/// What the generated documentation says about a value besides its own doc.
fn value_facts(v: &EnumValue, flags: bool) -> String {
    let number = if flags && v.value >= 0 {
        format!("{:#x}", v.value)
    } else {
        v.value.to_string()
    };
    let mut s = format!("{} = {number}.", code(&v.name));
    if v.mask {
        s.push_str(" A mask or named combination of flags.");
    }
    if let Some(since) = v.since {
        s.push_str(&format!(" Since DXIL {since}."));
    }
    s
}

/// The associated constant of alias `v` (named `alias`) of type `ty`, the value `target`.
fn alias_const(v: &EnumValue, alias: &Ident, ty: &Ident, target: &Ident) -> TokenStream {
    let d = doc_with(
        &format!(
            "{} = {}: another name of [`{ty}::{target}`].",
            code(&v.name),
            v.value
        ),
        &v.doc,
    );
    quote!(#d #[allow(non_upper_case_globals)] pub const #alias: #ty = #ty::#target;)
}

/// An integer literal of the enumeration's representation.
fn literal(n: i64, wide: bool) -> TokenStream {
    if wide {
        quote!(#n)
    } else {
        let n = int(n as u32);
        quote!(#n)
    }
}

impl Emitter<'_> {
    /// The path of the value named `value` (or an alias of it) of enumeration `e`, as the
    /// generated code names it: a variant of a plain enumeration, an associated constant of a
    /// flag enumeration, a stage of `ShaderKind`. `None` when `e` has no such value (or, for
    /// `ShaderKind`, no stage has it).
    pub(super) fn enum_value_path(&self, e: &Enum, value: &str) -> Option<TokenStream> {
        let ty = self.enum_path(self.enum_types.get(&e.name)?);
        let idents = value_idents(e);
        let (v, ident) = e
            .values
            .iter()
            .zip(&idents)
            .find(|(v, _)| v.name == value)?;
        if e.name == "ShaderKind" {
            // the stage type: a value no stage has is no Rust value
            let stage = self
                .db
                .stages
                .iter()
                .find(|s| v.value >= 0 && s.shader_kind == v.value as u32)?;
            let variant = &self.shader_kind_variants[&stage.shader_kind_name];
            return Some(quote!(#ty::#variant));
        }
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
        let rows = primary.iter().map(|(v, var)| {
            let (name, d) = (v.name.as_str(), v.doc.as_str());
            quote!((#ident::#var, #name, #d))
        });
        let target_of = |n: i64| primary.iter().find(|(p, _)| p.value == n).map(|(_, i)| *i);
        let alias_values: Vec<(&EnumValue, &Ident, &Ident)> = e
            .values
            .iter()
            .zip(&idents)
            .filter(|(v, _)| v.alias)
            .filter_map(|(v, a)| Some((v, a, target_of(v.value)?)))
            .collect();
        let aliases = alias_values
            .iter()
            .map(|(v, a, target)| alias_const(v, a, ident, target));
        let alias_names = alias_values.iter().map(|(v, _, target)| {
            let name = v.name.as_str();
            quote!((#name, #ident::#target))
        });
        let n = int(primary.len() as u64);
        let n_names = int((primary.len() + alias_values.len()) as u64);
        let enum_doc = doc_with(&format!("The DXIL enumeration {}.", code(&e.name)), &e.doc);
        let name = &e.name;
        let since = self.since_check(e, &quote!((self as i64)));
        let dense = primary
            .iter()
            .enumerate()
            .all(|(i, (v, _))| v.value == i as i64);
        let (index, from_value) = if dense {
            (
                quote!(self as usize),
                quote! {
                    if value >= 0 && value < #n { Some(#ident::ALL[value as usize]) } else { None }
                },
            )
        } else {
            let positions = (0..primary.len()).map(|i| int(i as u64));
            let values = primary.iter().map(|(v, _)| v.value);
            (
                quote!(match self { #(#ident::#variants => #positions,)* }),
                quote!(match value { #(#values => Some(#ident::#variants),)* _ => None }),
            )
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
                /// Every value (without aliases) with its name and description, in declaration
                /// order.
                pub const VALUES: [(#ident, &'static str, &'static str); #n] = [#(#rows),*];

                /// Every name with its value, aliases included.
                pub const NAMES: [(&'static str, #ident); #n_names] =
                    crate::rows::names(&#ident::VALUES, &[#(#alias_names),*]);
                #(#aliases)*

                /// The value's position in [`ALL`](Self::ALL): a dense index for tables.
                pub const fn index(self) -> usize {
                    #index
                }

                /// The value with this number.
                pub const fn from_value(value: i64) -> Option<#ident> {
                    #from_value
                }

                /// Whether the value exists at DXIL `version`.
                #[allow(unused_variables)]
                pub const fn is_valid_at(self, version: #rt::DxilVersion) -> bool {
                    #since
                }
            }

            crate::rows::plain_enum!(#ident, #n, #name);
        }
    }

    fn flag_enum(&self, e: &Enum) -> TokenStream {
        let rt = &self.rt;
        let ident = &self.enum_types[&e.name];
        let idents = value_idents(e);
        let wide = e.values.iter().any(|v| v.value > i64::from(u32::MAX));
        let bits_ty = if wide { quote!(u64) } else { quote!(u32) };
        let mask = if wide { u64::MAX } else { u64::from(u32::MAX) };
        let bits = |n: i64| hex(n as u64 & mask);
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
        let n_names = int(lookup.len() as u64);
        let enum_doc = doc_with(
            &format!(
                "The DXIL flag enumeration {}: values combine with `|`.",
                code(&e.name)
            ),
            &e.doc,
        );
        let name = &e.name;
        let since = self.since_check(e, &quote!((self.0 as i64)));
        quote! {
            #enum_doc
            #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
            pub struct #ident(#bits_ty);

            impl #ident {
                #(#consts)*

                /// Every bit some value of this enumeration names (masks included).
                pub const KNOWN: #bits_ty = #known;

                /// The flags and multi-bit values with their names, in the order the display
                /// tries them: lowest bit first, wider values before narrower ones.
                pub const FLAGS: &'static [(&'static str, #bits_ty)] = &[#((#flag_names, #flag_values)),*];

                /// Every name with its value, masks and aliases included, in declaration order.
                pub const NAMES: [(&'static str, #ident); #n_names] = [#(#lookup),*];

                /// Whether every flag set exists at DXIL `version`.
                #[allow(unused_variables)]
                pub const fn is_valid_at(self, version: #rt::DxilVersion) -> bool {
                    #since
                }
            }

            crate::rows::flag_enum!(#ident, #bits_ty, #name);
        }
    }

    /// The enumeration the stages name (`ShaderKind`): not a type of its own but the stage type
    /// `dxil_ops::ShaderKind` (vocab.rs), re-exported, with the enumeration's names (aliases
    /// included) and its aliases as constants. A value no stage has (`Invalid`, the end marker)
    /// has no Rust value: `ShaderKind::from_value` gives `None` for it.
    fn stage_enum(&self, e: &Enum) -> TokenStream {
        let stage_of = |v: &EnumValue| {
            self.db
                .stages
                .iter()
                .find(|s| s.shader_kind == v.value as u32 && v.value >= 0)
                .map(|s| &self.shader_kind_variants[&s.shader_kind_name])
        };
        let idents = value_idents(e);
        let mut names = Vec::new();
        let mut aliases = Vec::new();
        let mut outside = Vec::new();
        for (v, ident) in e.values.iter().zip(&idents) {
            let Some(stage) = stage_of(v) else {
                outside.push(format!("{} ({})", code(&v.name), v.value));
                continue;
            };
            let name = v.name.as_str();
            names.push(quote!((#name, ShaderKind::#stage)));
            if v.alias {
                let ty = Ident::new("ShaderKind", Span::call_site());
                aliases.push(alias_const(v, ident, &ty, stage));
            }
        }
        let n = int(names.len() as u64);
        let mut text = format!(
            "The DXIL enumeration {} is the stage type [`ShaderKind`](crate::ShaderKind): its \
             values are the stages.",
            code(&e.name)
        );
        if !outside.is_empty() {
            let verb = if outside.len() == 1 { "is" } else { "are" };
            text.push_str(&format!(
                " {} {verb} no stage: `ShaderKind::from_value` gives `None` for it.",
                outside.join(", ")
            ));
        }
        let enum_doc = doc_with(&text, &e.doc);
        let rt = &self.rt;
        quote! {
            #enum_doc
            pub use #rt::ShaderKind;

            impl ShaderKind {
                /// Every name of the DXIL enumeration with its stage, aliases included, in
                /// declaration order (see also [`ShaderKind::dxil_name`]).
                pub const NAMES: [(&'static str, ShaderKind); #n] = [#(#names),*];
                #(#aliases)*
            }
        }
    }

    pub(super) fn enums(&self) -> TokenStream {
        let items = self.db.enums.iter().map(|e| {
            if e.name == "ShaderKind" {
                self.stage_enum(e)
            } else if e.flags {
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
