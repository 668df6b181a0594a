//! Op classes and their signatures, the class enum, and the stem → class map for reading
//! function names.

use std::collections::BTreeSet;

use dxil_db::{Class, ClassId, OverloadDim, Param, SignatureId};
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

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

    /// Union of the overloads of `ops` at every version, and its overload-string text.
    pub(super) fn overloads_of<'o>(
        &self,
        ops: impl Iterator<Item = &'o dxil_db::Op>,
    ) -> (Vec<OverloadDim>, String) {
        let mut dims: Vec<OverloadDim> = Vec::new();
        for op in ops {
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

    /// The memory attribute of the declarations of a signature's functions: that of its ops at
    /// their latest version.
    fn signature_memory(&self, sig: SignatureId) -> TokenStream {
        let memory = self.db.ops_of_signature(sig).find_map(|op| {
            let m = op.attributes.latest().copied().unwrap_or_default();
            self.db.memory_attribute(m).and_then(|a| a.llvm.clone())
        });
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
        let statics = own.map(|(id, c)| {
            let ident = &self.class_statics[&c.name];
            let sigs = self.signature_array(c);
            let (name, stem, d) = (&c.name, &c.stem, &c.doc);
            let (dims, text) = self.overloads_of(self.db.ops_of_class(*id));
            let spec = self.overload_spec(&dims, &text);
            let n = c.signatures.len();
            let signatures = c.signatures.iter().map(|&s| {
                let sig = self.db.signature(s);
                let result = self.param(&sig.result);
                let params = sig.params.iter().map(|p| self.param(p));
                let (dims, text) = self.overloads_of(self.db.ops_of_signature(s));
                let spec = self.overload_spec(&dims, &text);
                let memory = self.signature_memory(s);
                quote! {
                    #rt::info::SignatureInfo {
                        class: &#ident,
                        result: #result,
                        params: &[#(#params),*],
                        overloads: #spec,
                        memory: #memory,
                    }
                }
            });
            let docs = doc(&format!(
                "Class `{}`: functions `dx.op.{}`.",
                c.name, c.stem
            ));
            let sig_docs = doc(&format!(
                "The signatures of the functions of class `{}`.",
                c.name
            ));
            quote! {
                #docs
                pub static #ident: #rt::info::ClassInfo = #rt::info::ClassInfo {
                    name: #name,
                    stem: #stem,
                    doc: #d,
                    signatures: &#sigs,
                    overloads: #spec,
                };
                #sig_docs
                pub static #sigs: [#rt::info::SignatureInfo; #n] = [#(#signatures),*];
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
        let map = self.name_map(
            quote!(&'static #rt::info::ClassInfo),
            classes
                .iter()
                .map(|(id, c)| (c.stem.clone(), self.class_ref(*id)))
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

            /// Op classes (DXC's `OpCodeClass`): the ops of a class share a function-name stem.
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

            /// The class of each function-name stem.
            pub static STEMS: #rt::NameMap<&'static #rt::info::ClassInfo> = #map;
        }
    }
}

impl Emitter<'_> {
    /// The static array of a class's signatures: `SIG_UNARY`.
    pub(super) fn signature_array(&self, c: &Class) -> Ident {
        let class = self.class_statics[&c.name].to_string();
        let rest = class.strip_prefix("CLASS_").unwrap_or(&class);
        format_ident!("SIG_{}", rest)
    }

    /// A reference to the row of a signature: `&SIG_UNARY[0]`, or
    /// `&::dxil_ops::classes::SIG_UNARY[0]` for a base class in an extension.
    pub(super) fn signature_ref(&self, sig: SignatureId) -> TokenStream {
        let s = self.db.signature(sig);
        let class = &self.db.classes[s.class.index()];
        let ident = self.signature_array(class);
        let k = class.signatures.iter().position(|&x| x == sig).unwrap_or(0);
        if self.owns_class(s.class) {
            return quote!(&#ident[#k]);
        }
        let rt = &self.rt;
        quote!(&#rt::classes::#ident[#k])
    }
}
