//! Parameter types.

use dxil_db::{CaseResult, Precision, TypeKind};
use proc_macro2::TokenStream;
use quote::quote;

use super::{Emitter, doc};

impl Emitter<'_> {
    pub(super) fn overload_set(&self, d: &dxil_db::OverloadDim) -> TokenStream {
        let rt = &self.rt;
        let (s, v) = (d.scalars, d.vectors);
        quote!(#rt::OverloadSet { scalars: #s, vectors: #v })
    }

    pub(super) fn types(&self) -> TokenStream {
        let rt = &self.rt;
        let own = self
            .db
            .types
            .iter()
            .enumerate()
            .filter(|(i, _)| self.owns_type(dxil_db::TypeId(*i as u32)));
        let items = own.map(|(_, t)| {
            let ident = &self.type_statics[&t.name];
            let (name, d) = (&t.name, &t.doc);
            let dxc = t.dxc.clone().unwrap_or_default();
            let kind = match &t.kind {
                TypeKind::Llvm(l) => quote!(Llvm(#l)),
                TypeKind::Struct { name, fields } => {
                    let f = fields.iter().map(|f| self.ty_ref(*f));
                    quote!(Struct { name: #name, fields: &[#(#f),*] })
                }
                TypeKind::Overload {
                    dim,
                    udt_address_space,
                } => {
                    quote!(Overload { dim: #dim, udt_address_space: #udt_address_space })
                }
                TypeKind::Component(c) => {
                    let c = self.ty_ref(*c);
                    quote!(Component(#c))
                }
                TypeKind::Element(dim) => quote!(Element(#dim)),
                TypeKind::Vector(w) => quote!(Vector(#w)),
                TypeKind::Pointer { dim, address_space } => {
                    quote!(Pointer { dim: #dim, address_space: #address_space })
                }
                TypeKind::ByOverload { dim, cases } => {
                    let cases = cases.iter().map(|c| {
                        let set = self.overload_set(&c.overloads);
                        let precision = match c.precision {
                            None => quote!(None),
                            Some(Precision::Native) => quote!(Some(#rt::Precision::Native)),
                            Some(Precision::Min) => quote!(Some(#rt::Precision::Min)),
                        };
                        let (ty, sname, fields) = match &c.result {
                            CaseResult::Type(t) => {
                                let t = self.ty_ref(*t);
                                (quote!(Some(#t)), String::new(), Vec::new())
                            }
                            CaseResult::Struct { name, fields } => (
                                quote!(None),
                                name.clone(),
                                fields.iter().map(|f| self.ty_ref(*f)).collect(),
                            ),
                        };
                        quote! {
                            #rt::info::TypeCase {
                                overloads: #set,
                                precision: #precision,
                                ty: #ty,
                                struct_name: #sname,
                                fields: &[#(#fields),*],
                            }
                        }
                    });
                    quote!(ByOverload { dim: #dim, cases: &[#(#cases),*] })
                }
            };
            let docs = doc(&format!("`{}`: {}", t.name, t.doc));
            quote! {
                #docs
                pub static #ident: #rt::info::TypeInfo = #rt::info::TypeInfo {
                    name: #name,
                    dxc: #dxc,
                    doc: #d,
                    kind: #rt::info::TypeKind::#kind,
                };
            }
        });
        let module_doc = format!(" Parameter types of {}.", self.source());
        quote! {
            #![doc = #module_doc]
            #(#items)*
        }
    }
}
