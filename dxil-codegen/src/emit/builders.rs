//! Builders: one constructor per op with named operands, checking what the database knows and
//! returning a call description.

use dxil_db::{Op, Param, TypeKind};
use proc_macro2::{Ident, TokenStream};
use quote::quote;

use super::{Emitter, code, doc, hex, int, md};
use crate::{Error, names};

/// What a builder parameter takes (and what a reader's field holds).
pub(super) enum ParamKind {
    /// A value of the caller's IR.
    Value,
    /// A typed enumeration value.
    Enum(Ident, bool),
    /// An integer constant (`bool`, `u8`, ...) of LLVM type `llvm`.
    Int(TokenStream, String),
    /// A constant struct of integer fields.
    Struct(usize),
}

impl Emitter<'_> {
    pub(super) fn param_kind(&self, p: &Param) -> ParamKind {
        let ty = self.db.ty(p.ty);
        if !p.immediate {
            return ParamKind::Value;
        }
        if let Some(e) = p.enumeration {
            let e = &self.db.enums[e.index()];
            return ParamKind::Enum(self.enum_types[&e.name].clone(), e.flags);
        }
        match &ty.kind {
            TypeKind::Llvm(l) => {
                let rust = match l.as_str() {
                    "i1" => quote!(bool),
                    "i8" => quote!(u8),
                    "i16" => quote!(u16),
                    "i64" => quote!(u64),
                    _ => quote!(u32),
                };
                ParamKind::Int(rust, l.clone())
            }
            TypeKind::Struct { fields, .. } => ParamKind::Struct(fields.len()),
            _ => ParamKind::Value,
        }
    }

    fn builder(&self, op: &Op) -> Result<TokenStream, Error> {
        let rt = &self.rt;
        let sig = self.db.signature_of(op);
        let f = &self.op_fns[&op.name];
        let variant = &self.op_variants[&op.name];
        let (dims, _) = self.signature_overloads(op.signature);
        let mut args = Vec::new();
        let opcode = hex(op.opcode);
        let mut operands = vec![quote!(Operand::opcode(#opcode))];
        let mut checks = Vec::new();
        let mut arg_docs = vec![format!(
            "Builds a call of {}: {}",
            code(&op.name),
            if op.doc.is_empty() {
                "no description".to_owned()
            } else {
                md(&op.doc)
            }
        )];
        let overloads = match dims.len() {
            0 => quote!(Overloads::NONE),
            1 => {
                args.push(quote!(overload: Overload<'a>));
                arg_docs.push("- `overload`: the overload".to_owned());
                quote!(Overloads::one(overload))
            }
            n => {
                let n_lit = int(n as u64);
                args.push(quote!(overloads: [Overload<'a>; #n_lit]));
                arg_docs.push(format!("- `overloads`: the {n} overloads"));
                quote!(Overloads::new(&overloads))
            }
        };
        for p in &sig.params {
            let ident = names::ident("parameter", &p.name, &names::builder_param(&p.name))?;
            let pdoc = op.param_docs.get(&p.name).unwrap_or(&p.doc);
            arg_docs.push(format!("- {}: {}", code(&ident.to_string()), md(pdoc)));
            match self.param_kind(p) {
                ParamKind::Value => {
                    args.push(quote!(#ident: V));
                    operands.push(quote!(Operand::Value(#ident)));
                }
                ParamKind::Enum(e, flags) => {
                    let path = self.enum_path(&e);
                    args.push(quote!(#ident: #path));
                    let llvm = match &self.db.ty(p.ty).kind {
                        TypeKind::Llvm(l) => l.clone(),
                        _ => "i32".to_owned(),
                    };
                    let name = &p.name;
                    let value = if flags {
                        quote!(#ident.bits() as i64)
                    } else {
                        quote!(#ident as i64)
                    };
                    // this crate's ops check the value through their implicit `enum`
                    // constraint; an extension's op has none
                    if self.extension.is_some() {
                        checks.push(quote! {
                            if !#ident.is_valid_at(target.dxil) {
                                return Err(BuildError::EnumValue { op: info.name, param: #name, value: #value, version: target.dxil });
                            }
                        });
                    }
                    operands.push(quote!(Operand::Int { ty: #llvm, value: #value }));
                }
                ParamKind::Int(rust, llvm) => {
                    args.push(quote!(#ident: #rust));
                    // likewise the implicit `range` constraint of `max`
                    if let Some(max) = p.max.filter(|_| self.extension.is_some()) {
                        let name = &p.name;
                        let max = int(max);
                        checks
                            .push(quote!(#rt::call::check_max(info, #name, #ident as u64, #max)?;));
                    }
                    operands.push(quote!(Operand::Int { ty: #llvm, value: #ident as i64 }));
                }
                ParamKind::Struct(n) => {
                    args.push(quote!(#ident: [u32; #n]));
                    let ty = self.ty_ref(p.ty);
                    let fields: Vec<TokenStream> = (0..4)
                        .map(|i| {
                            if i < n {
                                quote!(#ident[#i] as i64)
                            } else {
                                quote!(0)
                            }
                        })
                        .collect();
                    let len = int(n as u64);
                    operands.push(
                        quote!(Operand::Struct { ty: #ty, fields: [#(#fields),*], len: #len }),
                    );
                }
            }
        }
        let n = int(operands.len() as u64);
        let docs = doc(&arg_docs.join("\n"));
        let body = if checks.is_empty() && self.builder_may_violate_constraints(op) {
            quote!(Call::build_op(Op::#variant, target, #overloads, [#(#operands),*]))
        } else if checks.is_empty() {
            quote!(Call::build_unconstrained(Op::#variant.info(), target, #overloads, [#(#operands),*]))
        } else {
            quote! {
                let info = Op::#variant.info();
                let overloads = #overloads;
                let signature = #rt::call::check(info, target, overloads)?;
                #(#checks)*
                Call::checked(info, target, overloads, signature, [#(#operands),*])
            }
        };
        Ok(quote! {
            #docs
            pub fn #f<'a, V>(target: &Target, #(#args),*) -> Result<Call<'a, V, #n>, BuildError<'a>> {
                #body
            }
        })
    }

    /// Whether a typed builder's operands can violate one of `op`'s constraints, decided here
    /// once rather than at each call: its values are the caller's, which it cannot see (opaque
    /// to the checks), and its constants are typed, so the kinds that ask whether an operand is
    /// a constant, `undef` or a finite float, or about the resource behind a handle or the
    /// module's metadata, never fire in a builder; the others may (they read constants or the
    /// overloads). An extension's ops have no constraints.
    fn builder_may_violate_constraints(&self, op: &Op) -> bool {
        use dxil_db::constraint::ConstraintKind as K;
        if self.extension.is_some() {
            return false;
        }
        let Some(id) = self.db.ops.iter().position(|o| std::ptr::eq(o, op)) else {
            return true;
        };
        self.db
            .constraints_of(dxil_db::OpId(id as u32))
            .any(|(c, _)| {
                !matches!(
                    c.kind,
                    K::Immediate { .. }
                        | K::Defined { .. }
                        | K::MaskedDefined
                        | K::Finite
                        | K::FloatRange { .. }
                        | K::ResourceClass { .. }
                        | K::ResourceKind { .. }
                        | K::SamplerMode { .. }
                        | K::ComponentType { .. }
                        | K::MatrixMetadata
                )
            })
    }

    pub(super) fn builders(&self) -> Result<TokenStream, Error> {
        let fns = self
            .own_ops()
            .filter(|o| !o.reserved)
            .map(|o| self.builder(o))
            .collect::<Result<Vec<_>, Error>>()?;
        let imports = self.imports(&["ops", "types"]);
        let runtime = self.runtime_imports(
            quote!(),
            quote!(BuildError, Call, Operand, Overload, Overloads, Target),
        );
        let module_doc = [
            format!(
                " Builders: one function per op of {}, named after the op",
                self.source()
            ),
            " (`RayQuery_Abort` → `ray_query_abort`). Each checks that the op exists at the"
                .to_owned(),
            " target's DXIL version, that the overloads and the target's stage are allowed then,"
                .to_owned(),
            " and the ranges of immediate operands, and returns the call's description.".to_owned(),
        ];
        Ok(quote! {
            #(#![doc = #module_doc])*
            #![allow(clippy::too_many_arguments)]
            #imports
            #runtime
            #(#fns)*
        })
    }
}
