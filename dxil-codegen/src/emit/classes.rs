//! Op classes and their signatures, the class enum, and the stem → class map for reading
//! function names.

use std::collections::{BTreeMap, BTreeSet};

use dxil_db::{Class, ClassId, OverloadDim, Param, SignatureId};
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

use super::{Emitter, code, doc, int, md};
use crate::Error;

/// Adds the overloads `op` allows at any version to `dims`.
pub(super) fn union_into(dims: &mut Vec<OverloadDim>, op: &dxil_db::Op) {
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

/// The overload specs of the rows, each distinct one once: `OVERLOADS_<n>` by spec.
pub(super) type Specs = BTreeMap<(String, Vec<(u32, u32)>), Ident>;

/// The key of a spec in [`Specs`].
pub(super) fn spec_key(dims: &[OverloadDim], text: &str) -> (String, Vec<(u32, u32)>) {
    (
        text.to_owned(),
        dims.iter().map(|d| (d.scalars, d.vectors)).collect(),
    )
}

impl<'d> Emitter<'d> {
    fn param(&self, p: &Param) -> TokenStream {
        let (name, d) = (&p.name, &p.doc);
        let ty = self.ty_ref(p.ty);
        let mut row = quote!(ParamInfo::new(#name, #ty, #d));
        if p.immediate {
            row = quote!(#row.immediate());
        }
        if let Some(e) = p.enumeration {
            let n = &self.db.enums[e.index()].name;
            row = quote!(#row.enumeration(#n));
        }
        if let Some(m) = p.max {
            let m = int(m);
            row = quote!(#row.max(#m));
        }
        row
    }

    /// Union of the overloads of `ops` at every version, and its overload-string text.
    pub(super) fn overloads_of<'o>(
        &self,
        ops: impl Iterator<Item = &'o dxil_db::Op>,
    ) -> (Vec<OverloadDim>, String) {
        let mut dims: Vec<OverloadDim> = Vec::new();
        for op in ops {
            union_into(&mut dims, op);
        }
        self.with_text(dims)
    }

    /// Union of the overloads of the ops with signature `s`, and its overload-string text.
    pub(super) fn signature_overloads(&self, s: SignatureId) -> (Vec<OverloadDim>, String) {
        let dims = self
            .sig_overloads
            .get(s.index())
            .cloned()
            .unwrap_or_default();
        self.with_text(dims)
    }

    /// Overloads with their overload-string text.
    fn with_text(&self, dims: Vec<OverloadDim>) -> (Vec<OverloadDim>, String) {
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

    /// Every distinct overload spec of the classes, signatures and ops generated here, numbered
    /// in a fixed order (so `classes` and `ops` agree), with its row.
    pub(super) fn overload_specs(&self) -> (Specs, Vec<TokenStream>) {
        let mut specs = Specs::new();
        let mut rows = Vec::new();
        let mut add = |dims: Vec<OverloadDim>, text: String| {
            let key = spec_key(&dims, &text);
            if specs.contains_key(&key) {
                return;
            }
            let ident = format_ident!("OVERLOADS_{}", specs.len());
            let row = if dims.is_empty() {
                quote!(OverloadSpec::VOID)
            } else {
                let sets = dims.iter().map(|d| self.overload_set(d));
                quote!(OverloadSpec::new(#text, &[#(#sets),*]))
            };
            rows.push(quote!(pub(super) static #ident: OverloadSpec = #row;));
            specs.insert(key, ident);
        };
        add(Vec::new(), "v".to_owned());
        for (id, c) in self.enum_classes() {
            if !self.owns_class(id) {
                continue;
            }
            let (dims, text) = self.overloads_of(self.db.ops_of_class(id));
            add(dims, text);
            for &s in &c.signatures {
                let (dims, text) = self.signature_overloads(s);
                add(dims, text);
            }
        }
        for op in self.own_ops() {
            for (_, spec) in &op.overloads.entries {
                add(spec.dims.clone(), spec.text.clone());
            }
        }
        (specs, rows)
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
    pub(super) fn enum_classes(&self) -> Vec<(ClassId, &'d Class)> {
        let used: BTreeSet<ClassId> = self.own_ops().map(|o| o.class).collect();
        let db = self.db;
        db.classes
            .iter()
            .enumerate()
            .map(|(i, c)| (ClassId(i as u32), c))
            .filter(|(id, _)| self.owns_class(*id) || used.contains(id))
            .collect()
    }

    pub(super) fn classes(&self) -> Result<TokenStream, Error> {
        let rt = &self.rt;
        let classes = self.enum_classes();
        let (specs, spec_rows) = self.overload_specs();
        let spec = |dims: Vec<OverloadDim>, text: String| specs[&spec_key(&dims, &text)].clone();
        let own = classes.iter().filter(|(id, _)| self.owns_class(*id));
        let statics = own.map(|(id, c)| {
            let ident = &self.class_statics[&c.name];
            let sigs = self.signature_array(c);
            let (name, stem, d) = (&c.name, &c.stem, &c.doc);
            let (dims, text) = self.overloads_of(self.db.ops_of_class(*id));
            let class_spec = spec(dims, text);
            let n = int(c.signatures.len() as u64);
            let signatures = c.signatures.iter().map(|&s| {
                let sig = self.db.signature(s);
                let result = self.param(&sig.result);
                let params = sig.params.iter().map(|p| self.param(p));
                let (dims, text) = self.signature_overloads(s);
                let sig_spec = spec(dims, text);
                let memory = self.signature_memory(s);
                quote! {
                    SignatureInfo {
                        class: &#ident,
                        result: #result,
                        params: &[#(#params),*],
                        overloads: #sig_spec,
                        memory: #memory,
                    }
                }
            });
            let docs = doc(&format!(
                "Class {}: functions {}.",
                code(&c.name),
                code(&format!("dx.op.{}", c.stem))
            ));
            let sig_docs = doc(&format!(
                "The signatures of the functions of class {}.",
                code(&c.name)
            ));
            quote! {
                #docs
                pub static #ident: ClassInfo = ClassInfo {
                    name: #name,
                    stem: #stem,
                    doc: #d,
                    signatures: &#sigs,
                    overloads: #class_spec,
                };
                #sig_docs
                pub static #sigs: [SignatureInfo; #n] = [#(#signatures),*];
            }
        });
        let variants: Vec<_> = classes
            .iter()
            .map(|(_, c)| &self.class_variants[&c.name])
            .collect();
        let refs: Vec<_> = classes.iter().map(|(id, _)| self.class_ref(*id)).collect();
        let variant_docs = classes.iter().map(|(_, c)| {
            let mut text = code(&format!("dx.op.{}", c.stem));
            if !c.doc.is_empty() {
                text.push_str(": ");
                text.push_str(&md(&c.doc));
            }
            doc(&text)
        });
        let n = int(classes.len() as u64);
        let stems: Vec<&str> = classes.iter().map(|(_, c)| c.stem.as_str()).collect();
        let map = self.name_map("function-name stems", &stems, quote!(CLASSES))?;
        let imports = self.imports(&["types"]);
        let runtime = self.runtime_imports(
            quote!(ClassInfo, ParamInfo, SignatureInfo),
            quote!(NameMap, OverloadSet, OverloadSpec),
        );
        let module_doc = format!(
            " Op classes of {}: function-name stems and signatures.",
            self.source()
        );
        let _ = rt;
        Ok(quote! {
            #![doc = #module_doc]
            #imports
            #runtime
            #(#spec_rows)*
            #(#statics)*

            /// Op classes (DXC's `OpCodeClass`): the ops of a class share a function-name stem.
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
            pub enum OpClass {
                #( #variant_docs #variants, )*
            }

            /// The row of each class, in the order of [`OpClass::ALL`].
            pub static CLASSES: [&ClassInfo; #n] = [#(#refs),*];

            impl OpClass {
                /// Every class.
                pub const ALL: [OpClass; #n] = [#(OpClass::#variants),*];

                /// The class's properties.
                pub const fn info(self) -> &'static ClassInfo {
                    CLASSES[self as usize]
                }

                /// The class of a class row.
                pub fn from_info(info: &ClassInfo) -> Option<OpClass> {
                    Self::ALL.iter().copied().find(|c| core::ptr::eq(c.info(), info))
                }
            }

            /// The class of each function-name stem.
            pub static STEMS: NameMap<&'static ClassInfo> = #map;
        })
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
        let k = int(class.signatures.iter().position(|&x| x == sig).unwrap_or(0) as u64);
        if self.owns_class(s.class) {
            return quote!(&#ident[#k]);
        }
        let rt = &self.rt;
        quote!(&#rt::classes::#ident[#k])
    }
}
