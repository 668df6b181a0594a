//! DXIL enumerations: a Rust enum per enumeration, a flag type per flag enumeration.

use dxil_db::Enum;
use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

use super::{Emitter, doc, version};

/// Value names are kept as spelled in the database (`NA`, `Last_1_2`, `F8_E4M3FN`).
fn raw(name: &str) -> Ident {
    let escaped = crate::names::snake(name);
    if escaped.to_string().ends_with('_') && escaped.to_string() == format!("{name}_") {
        return escaped;
    }
    Ident::new(name, Span::call_site())
}

/// The description of a value: its name and number, then its doc.
fn value_doc(v: &dxil_db::EnumValue) -> String {
    let mut s = format!("`{}` = {}.", v.name, v.value);
    if !v.doc.is_empty() {
        s.push(' ');
        s.push_str(&v.doc);
    }
    if let Some(since) = v.since {
        s.push_str(&format!(" Since DXIL {since}."));
    }
    s
}

impl Emitter<'_> {
    fn since_check(&self, e: &Enum, value: &TokenStream) -> TokenStream {
        let rt = &self.rt;
        let gated: Vec<_> = e.values.iter().filter(|v| v.since.is_some()).collect();
        if gated.is_empty() {
            return quote!(true);
        }
        let checks = gated.iter().map(|v| {
            let n = v.value;
            let since = version(rt, v.since.unwrap_or(dxil_db::DxilVersion::new(1, 0)));
            if e.flags {
                quote!((#value & #n) == 0 || !version.is_before(#since))
            } else {
                quote!(#value != #n || !version.is_before(#since))
            }
        });
        let checks: Vec<_> = checks.collect();
        if checks.len() == 1 {
            let c = &checks[0];
            return quote!(#c);
        }
        quote!(#((#checks))&&*)
    }

    fn plain_enum(&self, e: &Enum) -> TokenStream {
        let rt = &self.rt;
        let ident = &self.enum_types[&e.name];
        let primary: Vec<_> = e.values.iter().filter(|v| !v.alias && !v.mask).collect();
        let wide = e.values.iter().any(|v| v.value < 0 || v.value > i64::from(u32::MAX));
        let repr = if wide { quote!(i64) } else { quote!(u32) };
        let variants: Vec<_> = primary.iter().map(|v| raw(&v.name)).collect();
        let values: Vec<TokenStream> = primary
            .iter()
            .map(|v| {
                if wide {
                    let n = v.value;
                    quote!(#n)
                } else {
                    let n = v.value as u32;
                    quote!(#n)
                }
            })
            .collect();
        let names: Vec<_> = primary.iter().map(|v| v.name.as_str()).collect();
        let docs: Vec<_> = primary.iter().map(|v| doc(&value_doc(v))).collect();
        let value_docs: Vec<&str> = primary.iter().map(|v| v.doc.as_str()).collect();
        let aliases = e.values.iter().filter(|v| v.alias).map(|v| {
            let a = raw(&v.name);
            let target = primary.iter().find(|p| p.value == v.value).map(|p| raw(&p.name));
            let d = doc(&format!("Another name of `{}` = {}. {}", target.as_ref().map(|t| t.to_string()).unwrap_or_default(), v.value, v.doc));
            quote!(#d #[allow(non_upper_case_globals)] pub const #a: #ident = #ident::#target;)
        });
        let n = primary.len();
        let enum_doc = doc(&format!("{}\n\nThe DXIL enumeration `{}`.", e.doc, e.name));
        let name = &e.name;
        let since = self.since_check(e, &quote!((self as i64)));
        let from_arms = primary.iter().zip(&variants).map(|(v, var)| {
            let n = v.value;
            quote!(#n => Some(#ident::#var))
        });
        quote! {
            #enum_doc
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
            #[allow(non_camel_case_types)]
            #[repr(#repr)]
            pub enum #ident {
                #( #docs #variants = #values, )*
            }

            impl #ident {
                /// Every value (without aliases).
                pub const ALL: [#ident; #n] = [#(#ident::#variants),*];
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

                /// The value with this number.
                pub const fn from_value(value: i64) -> Option<#ident> {
                    match value {
                        #(#from_arms,)*
                        _ => None,
                    }
                }

                /// The value with this name.
                pub fn from_name(name: &str) -> Option<#ident> {
                    Self::ALL.iter().copied().find(|v| v.name() == name)
                }

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
        let wide = e.values.iter().any(|v| v.value > i64::from(u32::MAX));
        let bits_ty = if wide { quote!(u64) } else { quote!(u32) };
        let consts = e.values.iter().map(|v| {
            let c = raw(&v.name);
            let n = v.value;
            let lit: TokenStream = if wide { quote!(#n as u64) } else { let n = n as u32; quote!(#n) };
            let mut text = v.doc.clone();
            if v.mask {
                text = format!("A mask or named combination of flags. {text}");
            }
            if v.alias {
                text = format!("Another name of an earlier value. {text}");
            }
            if let Some(s) = v.since {
                text = format!("{text} Since DXIL {s}.");
            }
            let d = doc(&format!("`{}` = {:#x}. {}", v.name, v.value, text.trim()));
            quote!(#d #[allow(non_upper_case_globals)] pub const #c: #ident = #ident(#lit);)
        });
        let all_bits = e.values.iter().fold(0i64, |a, v| a | v.value);
        let all: TokenStream = if wide { quote!(#all_bits as u64) } else { let a = all_bits as u32; quote!(#a) };
        let named = e.values.iter().filter(|v| !v.mask && !v.alias && v.value != 0);
        let (flag_names, flag_values): (Vec<&str>, Vec<TokenStream>) = named
            .map(|v| {
                let n = v.value;
                let lit: TokenStream = if wide { quote!(#n as u64) } else { let n = n as u32; quote!(#n) };
                (v.name.as_str(), lit)
            })
            .unzip();
        let enum_doc = doc(&format!("{}\n\nThe DXIL flag enumeration `{}`: values combine with `|`.", e.doc, e.name));
        let name = &e.name;
        let since = self.since_check(e, &quote!((self.0 as i64)));
        quote! {
            #enum_doc
            #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
            pub struct #ident(#bits_ty);

            impl #ident {
                #(#consts)*

                /// Every flag bit this enumeration names.
                pub const KNOWN: #bits_ty = #all;

                /// The flags with their names, for display.
                pub const FLAGS: &'static [(&'static str, #bits_ty)] = &[#((#flag_names, #flag_values)),*];

                /// The bits.
                pub const fn bits(self) -> #bits_ty {
                    self.0
                }

                /// Flags from bits; `None` when a bit is not a known flag.
                pub const fn from_bits(bits: #bits_ty) -> Option<#ident> {
                    if bits & !Self::KNOWN == 0 { Some(#ident(bits)) } else { None }
                }

                /// Whether every flag of `other` is set.
                pub const fn contains(self, other: #ident) -> bool {
                    self.0 & other.0 == other.0
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

            impl TryFrom<u32> for #ident {
                type Error = #rt::UnknownValue;

                fn try_from(v: u32) -> Result<#ident, #rt::UnknownValue> {
                    #ident::from_bits(v as #bits_ty).ok_or(#rt::UnknownValue { enumeration: #name, value: v as i64 })
                }
            }

            impl core::fmt::Display for #ident {
                /// Flag names joined with `|`, or the number when no name fits.
                fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                    let mut first = true;
                    let mut rest = self.0;
                    for (name, bits) in Self::FLAGS {
                        if *bits != 0 && rest & bits == *bits {
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
        let items = self.db.enums.iter().map(|e| if e.flags { self.flag_enum(e) } else { self.plain_enum(e) });
        quote! {
            //! DXIL enumerations of ops.toml (db/enums.toml).
            #(#items)*
        }
    }
}
