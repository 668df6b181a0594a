//! Vocabularies: overload types, stages, attributes, DXIL versions.

use dxil_db::{AttributeKind, OverloadKind};
use proc_macro2::TokenStream;
use quote::quote;

use super::{Emitter, code, doc, dxil_version, md, shader_model};

impl Emitter<'_> {
    pub(super) fn vocab(&self) -> TokenStream {
        let db = self.db;

        // overload types
        let scalars: Vec<_> = db
            .overload_types
            .iter()
            .enumerate()
            .filter(|(_, t)| t.kind == OverloadKind::Scalar)
            .collect();
        let scalar_variants: Vec<_> = scalars
            .iter()
            .map(|(_, t)| &self.scalar_variants[&t.name])
            .collect();
        let scalar_values: Vec<_> = scalars.iter().map(|(i, _)| *i as u8).collect();
        let scalar_docs: Vec<_> = scalars.iter().map(|(_, t)| doc(&md(&t.doc))).collect();
        let scalar_names: Vec<&str> = scalars.iter().map(|(_, t)| t.name.as_str()).collect();
        let n_scalars = scalars.len();
        let overload_rows = db.overload_types.iter().map(|t| {
            let (name, letter, llvm) = (&t.name, t.letter, t.llvm.clone().unwrap_or_default());
            let kind = match t.kind {
                OverloadKind::Void => quote!(Void),
                OverloadKind::Scalar => quote!(Scalar),
                OverloadKind::Udt => quote!(Udt),
                OverloadKind::Object => quote!(Object),
            };
            let abbreviations = t.abbreviations.iter().map(|a| {
                let (sp, np) = (&a.struct_prefix, &a.name_prefix);
                let fields = a.fields.iter().map(|f| self.ty_ref(*f));
                quote!(Abbreviation { struct_prefix: #sp, name_prefix: #np, fields: &[#(#fields),*] })
            });
            quote! {
                OverloadTypeInfo {
                    name: #name,
                    letter: #letter,
                    kind: OverloadKind::#kind,
                    llvm: #llvm,
                    abbreviations: &[#(#abbreviations),*],
                }
            }
        });
        let n_overloads = db.overload_types.len();
        let index_of = |k: OverloadKind| match db.overload_types.iter().position(|t| t.kind == k) {
            Some(i) => quote!(Some(#i)),
            None => quote!(None),
        };
        let (udt, object) = (index_of(OverloadKind::Udt), index_of(OverloadKind::Object));

        // stages
        let mut stages: Vec<_> = db.stages.iter().collect();
        stages.sort_by_key(|s| s.shader_kind);
        let stage_variants: Vec<_> = stages
            .iter()
            .map(|s| &self.shader_kind_variants[&s.shader_kind_name])
            .collect();
        let stage_values: Vec<_> = stages.iter().map(|s| s.shader_kind).collect();
        let stage_docs: Vec<_> = stages.iter().map(|s| doc(&md(&s.doc))).collect();
        let stage_rows = db.stages.iter().map(|s| {
            let v = &self.shader_kind_variants[&s.shader_kind_name];
            let (name, d) = (&s.name, &s.doc);
            let since = dxil_version(s.since);
            quote!(StageInfo { kind: ShaderKind::#v, name: #name, since: #since, doc: #d })
        });
        let n_stages = db.stages.len();

        // attributes
        let attr_variants: Vec<_> = db
            .attributes
            .iter()
            .map(|a| &self.attribute_variants[&a.name])
            .collect();
        let attr_values: Vec<_> = (0..db.attributes.len() as u32).collect();
        let attr_docs: Vec<_> = db.attributes.iter().map(|a| doc(&md(&a.doc))).collect();
        let attr_rows = db.attributes.iter().zip(&attr_variants).map(|(a, v)| {
            let (name, dxc, d) = (&a.name, &a.dxc, &a.doc);
            let memory = a.kind == AttributeKind::Memory;
            let llvm = match &a.llvm {
                Some(l) => quote!(Some(#l)),
                None => quote!(None),
            };
            quote!(AttributeInfo { attribute: Attribute::#v, name: #name, memory: #memory, llvm: #llvm, dxc: #dxc, doc: #d })
        });
        let n_attrs = db.attributes.len();

        // versions
        let version_rows = db.versions.iter().map(|v| {
            let dxil = dxil_version(v.dxil);
            let sm = shader_model(v.shader_model);
            let pre = v.prerelease;
            quote!(VersionInfo { dxil: #dxil, shader_model: #sm, prerelease: #pre })
        });
        let n_versions = db.versions.len();
        let slot = self.version_slot_fn();

        let imports = self.imports(&["types"]);
        let runtime = self.runtime_imports(
            quote!(
                Abbreviation,
                AttributeInfo,
                OverloadKind,
                OverloadTypeInfo,
                StageInfo,
                VersionInfo
            ),
            quote!(DxilVersion, ShaderModel),
        );
        let fingerprint = db.fingerprint();
        let files: Vec<String> = db.files().iter().map(|(n, _)| code(n)).collect();
        let fingerprint_doc = format!(
            " The fingerprint (`dxil_db::fingerprint`) of the database files this code was generated from: {}.",
            files.join(", ")
        );
        quote! {
            //! Vocabularies of ops.toml: overload types, shader stages, attributes, DXIL versions.
            #imports
            #runtime

            #[doc = #fingerprint_doc]
            ///
            /// The macros of `dxil-ops-macro` embed the same files and refuse to expand when
            /// their fingerprint differs from this one (crates of different versions).
            pub const DATABASE_FINGERPRINT: u64 = #fingerprint;

            /// Scalar overload types. The value is the overload type's bit in an
            /// [`OverloadSet`](crate::OverloadSet).
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
            #[repr(u8)]
            pub enum ScalarType {
                #( #scalar_docs #scalar_variants = #scalar_values, )*
            }

            impl ScalarType {
                /// Every scalar type.
                pub const ALL: [ScalarType; #n_scalars] = [#(ScalarType::#scalar_variants),*];

                /// The scalar with this function-name spelling (`f32`).
                pub fn from_name(name: &str) -> Option<ScalarType> {
                    match name {
                        #(#scalar_names => Some(ScalarType::#scalar_variants),)*
                        _ => None,
                    }
                }
            }

            /// Every overload type (letter of overload strings), by bit.
            pub static OVERLOAD_TYPES: [OverloadTypeInfo; #n_overloads] = [#(#overload_rows),*];

            /// Bit of the user-defined-struct overload type.
            pub const UDT_INDEX: Option<usize> = #udt;
            /// Bit of the object overload type.
            pub const OBJECT_INDEX: Option<usize> = #object;

            /// Shader kinds that are stages of ops, also the DXIL enumeration `ShaderKind`
            /// ([`enums::ShaderKind`](crate::enums::ShaderKind) is this type). The value is the
            /// ShaderKind number and the stage's bit in a [`StageSet`](crate::StageSet).
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
            #[repr(u32)]
            pub enum ShaderKind {
                #( #stage_docs #stage_variants = #stage_values, )*
            }

            impl ShaderKind {
                /// Every stage, by value.
                pub const ALL: [ShaderKind; #n_stages] = [#(ShaderKind::#stage_variants),*];
            }

            /// Every stage, in declaration order.
            pub static STAGES: [StageInfo; #n_stages] = [#(#stage_rows),*];

            /// Op attributes: memory attributes and boolean properties.
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
            #[repr(u32)]
            pub enum Attribute {
                #( #attr_docs #attr_variants = #attr_values, )*
            }

            /// Every attribute, by value.
            pub static ATTRIBUTES: [AttributeInfo; #n_attrs] = [#(#attr_rows),*];

            /// Number of DXIL versions.
            pub const VERSION_COUNT: usize = #n_versions;

            /// Every DXIL version, oldest first.
            pub static DXIL_VERSIONS: [VersionInfo; #n_versions] = [#(#version_rows),*];

            #slot
        }
    }

    /// `version_slot(v)`: the index of the latest declared version not above `v`.
    fn version_slot_fn(&self) -> TokenStream {
        let rt = &self.rt;
        let versions: Vec<_> = self.db.versions.iter().map(|v| v.dxil).collect();
        let last = versions.len().saturating_sub(1);
        // the usual case: one major version, minor versions 0, 1, 2, ... without gaps
        let contiguous = versions
            .iter()
            .enumerate()
            .all(|(i, v)| v.major == versions[0].major && usize::from(v.minor) == i);
        if contiguous && !versions.is_empty() {
            let major = versions[0].major;
            return quote! {
                /// The index in [`DXIL_VERSIONS`] of the latest declared version not above `v`;
                /// `None` for versions before the first one.
                #[inline]
                pub const fn version_slot(v: #rt::DxilVersion) -> Option<usize> {
                    if v.major == #major {
                        let minor = v.minor as usize;
                        Some(if minor < #last { minor } else { #last })
                    } else if v.major > #major {
                        Some(#last)
                    } else {
                        None
                    }
                }
            };
        }
        let first_major = versions.first().map_or(0, |v| v.major);
        let last_major = versions.last().map_or(0, |v| v.major);
        let arms = (first_major..=last_major).map(|m| {
            let max_minor = versions
                .iter()
                .filter(|v| v.major == m)
                .map(|v| v.minor)
                .max();
            let minor_arms = (0..=max_minor.unwrap_or(0)).map(|minor| {
                match versions
                    .iter()
                    .rposition(|v| (v.major, v.minor) <= (m, minor))
                {
                    Some(i) => quote!(#minor => Some(#i)),
                    None => quote!(#minor => None),
                }
            });
            let above = match versions.iter().rposition(|v| v.major <= m) {
                Some(i) => quote!(Some(#i)),
                None => quote!(None),
            };
            if max_minor.is_some() {
                quote!(#m => match v.minor { #(#minor_arms,)* _ => #above })
            } else {
                quote!(#m => #above)
            }
        });
        quote! {
            /// The index in [`DXIL_VERSIONS`] of the latest declared version not above `v`; `None`
            /// for versions before the first one.
            #[inline]
                pub const fn version_slot(v: #rt::DxilVersion) -> Option<usize> {
                match v.major {
                    #(#arms,)*
                    m if m > #last_major => Some(#last),
                    _ => None,
                }
            }
        }
    }
}
