//! Op classes: signatures, the class enum, and the stem → classes map for reading function names.

use std::collections::{BTreeMap, BTreeSet};

use dxil_db::{Class, ClassId, OverloadDim, Param};
use proc_macro2::TokenStream;
use quote::quote;

use super::{Emitter, doc};

impl<'d> Emitter<'d> {
    fn param(&self, p: &Param) -> TokenStream {
        let rt = &self.rt;
        let (name, d, imm) = (&p.name, &p.doc, p.immediate);
        let ty = self.ty_ref(p.ty);
        let enumeration = match p.enumeration {
            Some(e) => {
                let n = &self.db.enums[e.index()].name;
                quote!(Some(#n))
            }
            None => quote!(None),
        };
        let max = match p.max {
            Some(m) => quote!(Some(#m)),
            None => quote!(None),
        };
        quote! {
            #rt::info::ParamInfo { name: #name, ty: #ty, doc: #d, immediate: #imm, enumeration: #enumeration, max: #max }
        }
    }

    /// Union of the overloads of every op of the class at every version.
    pub(super) fn class_overloads(&self, c: &Class) -> (Vec<OverloadDim>, String) {
        let Some(id) = self.db.class_id(&c.name) else {
            return (Vec::new(), String::new());
        };
        let mut dims: Vec<OverloadDim> = Vec::new();
        for op in self.db.ops_of_class(id) {
            for (_, spec) in &op.overloads.entries {
                for (i, d) in spec.dims.iter().enumerate() {
                    if dims.len() <= i {
                        dims.push(OverloadDim::default());
                    }
                    dims[i].scalars |= d.scalars;
                    dims[i].vectors |= d.vectors;
                }
            }
        }
        let text = if dims.is_empty() {
            "v".to_owned()
        } else {
            dims.iter()
                .map(|d| self.db.overload_dim_text(*d))
                .collect::<Vec<_>>()
                .join(",")
        };
        (dims, text)
    }

    pub(super) fn overload_spec(&self, dims: &[OverloadDim], text: &str) -> TokenStream {
        let rt = &self.rt;
        let mut sets: Vec<TokenStream> = dims.iter().map(|d| self.overload_set(d)).collect();
        while sets.len() < 4 {
            sets.push(quote!(#rt::OverloadSet { scalars: 0, vectors: 0 }));
        }
        let n = dims.len() as u8;
        quote!(#rt::OverloadSpec { sets: [#(#sets),*], dims: #n, text: #text })
    }

    fn class_memory(&self, c: &Class) -> TokenStream {
        let latest = self.db.latest_version();
        let memory = self.db.class_id(&c.name).and_then(|id| {
            self.db.ops_of_class(id).find_map(|op| {
                let m = op.attributes.latest().copied().unwrap_or_default();
                self.db.memory_attribute(m).and_then(|a| a.llvm.clone())
            })
        });
        let _ = latest;
        match memory {
            Some(m) => quote!(Some(#m)),
            None => quote!(None),
        }
    }

    /// The classes of the `OpClass` enum: every class, or in an extension its own classes and
    /// the base classes its ops use.
    fn enum_classes(&self) -> Vec<(ClassId, &'d Class)> {
        let used: BTreeSet<ClassId> = self.own_ops().map(|o| o.class).collect();
        let db = self.db;
        db.classes
            .iter()
            .enumerate()
            .map(|(i, c)| (ClassId(i as u32), c))
            .filter(|(id, _)| self.owns_class(*id) || used.contains(id))
            .collect()
    }

    pub(super) fn classes(&self) -> TokenStream {
        let rt = &self.rt;
        let classes = self.enum_classes();
        let own = classes.iter().filter(|(id, _)| self.owns_class(*id));
        let statics = own.map(|(_, c)| {
            let ident = &self.class_statics[&c.name];
            let (name, stem, d) = (&c.name, &c.stem, &c.doc);
            let result = self.param(&c.result);
            let params = c.params.iter().map(|p| self.param(p));
            let (dims, text) = self.class_overloads(c);
            let spec = self.overload_spec(&dims, &text);
            let memory = self.class_memory(c);
            let docs = doc(&format!(
                "Class `{}`: functions `dx.op.{}`.",
                c.name, c.stem
            ));
            quote! {
                #docs
                pub static #ident: #rt::info::ClassInfo = #rt::info::ClassInfo {
                    name: #name,
                    stem: #stem,
                    doc: #d,
                    result: #result,
                    params: &[#(#params),*],
                    overloads: #spec,
                    memory: #memory,
                };
            }
        });
        let variants: Vec<_> = classes
            .iter()
            .map(|(_, c)| &self.class_variants[&c.name])
            .collect();
        let refs: Vec<_> = classes.iter().map(|(id, _)| self.class_ref(*id)).collect();
        let variant_docs = classes.iter().map(|(_, c)| {
            let mut text = format!("`dx.op.{}`", c.stem);
            if !c.doc.is_empty() {
                text.push_str(": ");
                text.push_str(&c.doc);
            }
            doc(&text)
        });
        let n = classes.len();
        let mut stems: BTreeMap<&str, Vec<TokenStream>> = BTreeMap::new();
        for (id, c) in &classes {
            stems.entry(&c.stem).or_default().push(self.class_ref(*id));
        }
        let map = self.name_map(
            quote!(&'static [&'static #rt::info::ClassInfo]),
            stems
                .iter()
                .map(|(stem, refs)| ((*stem).to_owned(), quote!(&[#(#refs),*])))
                .collect(),
        );
        let imports = self.imports(&["types"]);
        let module_doc = format!(
            " Op classes of {}: function-name stems and signatures.",
            self.source()
        );
        quote! {
            #![doc = #module_doc]
            #imports
            #(#statics)*

            /// Op classes: ops of a class share a function-name stem and a signature.
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
            pub enum OpClass {
                #( #variant_docs #variants, )*
            }

            impl OpClass {
                /// Every class.
                pub const ALL: [OpClass; #n] = [#(OpClass::#variants),*];

                /// The class's properties.
                pub const fn info(self) -> &'static #rt::info::ClassInfo {
                    match self {
                        #(OpClass::#variants => #refs,)*
                    }
                }

                /// The class of a class row.
                pub fn from_info(info: &#rt::info::ClassInfo) -> Option<OpClass> {
                    Self::ALL.iter().copied().find(|c| core::ptr::eq(c.info(), info))
                }
            }

            /// The classes of each function-name stem.
            pub static STEMS: #rt::NameMap<&'static [&'static #rt::info::ClassInfo]> = #map;
        }
    }
}
