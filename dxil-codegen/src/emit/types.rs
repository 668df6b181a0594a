//! Parameter types.

use dxil_db::{CaseResult, Precision, TypeKind};
use proc_macro2::TokenStream;
use quote::quote;

use super::{Emitter, code, doc, hex, int, md};

impl Emitter<'_> {
    /// `OverloadSet::new(scalars, vectors)`.
    pub(super) fn overload_set(&self, d: &dxil_db::OverloadDim) -> TokenStream {
        let (s, v) = (hex(d.scalars), hex(d.vectors));
        quote!(OverloadSet::new(#s, #v))
    }

    /// The imports of the runtime's row shapes a generated module uses.
    pub(super) fn runtime_imports(&self, info: TokenStream, root: TokenStream) -> TokenStream {
        let rt = &self.rt;
        let info =
            (!info.is_empty()).then(|| quote!(#[allow(unused_imports)] use #rt::info::{#info};));
        quote! {
            #info
            #[allow(unused_imports)]
            use #rt::{#root};
        }
    }

    pub(super) fn types(&self) -> TokenStream {
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
                    let dim = int(*dim);
                    let space = match udt_address_space {
                        Some(a) => {
                            let a = int(*a);
                            quote!(Some(#a))
                        }
                        None => quote!(None),
                    };
                    quote!(Overload { dim: #dim, udt_address_space: #space })
                }
                TypeKind::Component(c) => {
                    let c = self.ty_ref(*c);
                    quote!(Component(#c))
                }
                TypeKind::Element(dim) => {
                    let dim = int(*dim);
                    quote!(Element(#dim))
                }
                TypeKind::Vector(w) => {
                    let w = int(*w);
                    quote!(Vector(#w))
                }
                TypeKind::Pointer { dim, address_space } => {
                    let (dim, space) = (int(*dim), int(*address_space));
                    quote!(Pointer { dim: #dim, address_space: #space })
                }
                TypeKind::ByOverload { dim, cases } => {
                    let dim = int(*dim);
                    let cases = cases.iter().map(|c| {
                        let set = self.overload_set(&c.overloads);
                        let precision = match c.precision {
                            None => quote!(None),
                            Some(Precision::Native) => quote!(Some(Precision::Native)),
                            Some(Precision::Min) => quote!(Some(Precision::Min)),
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
                            TypeCase {
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
            let docs = doc(&format!("{}: {}", code(&t.name), md(&t.doc)));
            quote! {
                #docs
                pub static #ident: TypeInfo = TypeInfo {
                    name: #name,
                    dxc: #dxc,
                    doc: #d,
                    kind: TypeKind::#kind,
                };
            }
        });
        let module_doc = format!(" Parameter types of {}.", self.source());
        let imports = self.runtime_imports(
            quote!(TypeCase, TypeInfo, TypeKind),
            quote!(OverloadSet, Precision),
        );
        quote! {
            #![doc = #module_doc]
            #imports
            #(#items)*
        }
    }
}
