//! The LLVM intrinsic map: the derived values, one row per intrinsic with its lowerings, the
//! name map (names and older names), and the enumeration check of calls built at run time.

use dxil_db::{Intrinsic, Lowering, OverloadSource, ResultShape, Source, Step};
use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::{Emitter, code, doc, int, md};
use crate::Error;

impl Emitter<'_> {
    /// `op(ROW)`: the row of the op with this opcode.
    fn op_row_ref(&self, opcode: u32) -> TokenStream {
        let row = self
            .db
            .ops
            .iter()
            .position(|o| o.opcode == opcode)
            .unwrap_or(0);
        let row = Literal::usize_unsuffixed(row);
        quote!(op(#row))
    }

    fn operand_source(&self, s: &Source) -> TokenStream {
        let n = |v: u8| Literal::u8_unsuffixed(v);
        match s {
            Source::Arg(i) => {
                let i = n(*i);
                quote!(Arg(#i))
            }
            Source::ArgPlusArg(a, b) => {
                let (a, b) = (n(*a), n(*b));
                quote!(ArgPlusArg(#a, #b))
            }
            Source::Element {
                arg,
                index,
                missing,
            } => {
                let m = match missing {
                    dxil_db::Missing::Undef => quote!(Undef),
                    dxil_db::Missing::First => quote!(First),
                };
                let (arg, index) = (n(*arg), n(*index));
                quote!(Element { arg: #arg, index: #index, missing: M::#m })
            }
            Source::Const { ty, value } => {
                let ty = ty.llvm();
                let value = Literal::i64_unsuffixed(*value);
                quote!(Const { ty: #ty, value: #value })
            }
            Source::Undef => quote!(Undef),
            Source::Step(k) => {
                let k = n(*k);
                quote!(Step(#k))
            }
            Source::Derived(d) => {
                let v = &self.derived_variants[&self.db.derived_value(*d).name];
                quote!(Source::Derived(Derived::#v))
            }
            Source::Struct(fields) => {
                let f = fields.iter().map(|f| self.operand_source(f));
                quote!(Struct(&[#(#f),*]))
            }
        }
    }

    fn lowering_step(&self, s: &Step) -> TokenStream {
        let op = self.op_row_ref(s.op);
        let overload = match s.overload {
            OverloadSource::None => quote!(None),
            OverloadSource::Intrinsic => quote!(Intrinsic),
            OverloadSource::Element => quote!(Element),
            OverloadSource::Element32 => quote!(Element32),
        };
        let operands = s.operands.iter().map(|o| self.operand_source(o));
        let split64 = self.opt_op_ref(s.split64);
        quote!(S::new(#op, O::#overload, &[#(#operands),*], #split64))
    }

    fn opt_op_ref(&self, opcode: Option<u32>) -> TokenStream {
        match opcode {
            Some(c) => {
                let r = self.op_row_ref(c);
                quote!(Some(#r))
            }
            None => quote!(None),
        }
    }

    fn lowering_row(&self, l: &Lowering) -> TokenStream {
        let (a, b) = (
            Literal::u8_unsuffixed(l.since.major),
            Literal::u8_unsuffixed(l.since.minor),
        );
        let steps = l.steps.iter().map(|s| self.lowering_step(s));
        let result = match l.result {
            ResultShape::None => quote!(R::None),
            ResultShape::Value => quote!(R::Value),
            ResultShape::Field(i) => {
                let i = Literal::u8_unsuffixed(i);
                quote!(R::Field(#i))
            }
            ResultShape::ResRet { check, join64 } => {
                let (c, j) = (self.opt_op_ref(check), self.opt_op_ref(join64));
                quote!(R::ResRet { check: #c, join64: #j })
            }
        };
        quote!(L::new(v(#a, #b), &[#(#steps),*], #result))
    }

    fn intrinsic_row(&self, i: &Intrinsic) -> TokenStream {
        let name = &i.name;
        let params = &i.params;
        let lowerings = i.lowerings.iter().map(|l| self.lowering_row(l));
        let mut row = quote!(I::new(#name, &[#(#params),*], &[#(#lowerings),*]));
        if !i.aliases.is_empty() {
            let a = &i.aliases;
            row = quote!(#row.aliases(&[#(#a),*]));
        }
        if !i.doc.is_empty() {
            let d = &i.doc;
            row = quote!(#row.doc(#d));
        }
        if !i.remarks.is_empty() {
            let r = &i.remarks;
            row = quote!(#row.remarks(#r));
        }
        row
    }

    /// The intrinsics whose lowering calls the op with this opcode, as `OpInfo::intrinsics`.
    pub(super) fn op_intrinsics(&self, opcode: u32) -> Option<TokenStream> {
        if self.extension.is_some() {
            return None;
        }
        let refs = self
            .db
            .intrinsics
            .iter()
            .enumerate()
            .filter(|(_, i)| i.lowerings.iter().any(|l| l.opcodes().any(|c| c == opcode)))
            .map(|(k, _)| {
                let k = Literal::usize_unsuffixed(k);
                quote!(&super::intrinsics::INTRINSICS[#k])
            })
            .collect::<Vec<_>>();
        (!refs.is_empty()).then(|| quote!(&[#(#refs),*]))
    }

    /// `enum_value_valid`: whether a number is a value of a named enumeration at a version.
    fn enum_value_valid(&self) -> TokenStream {
        let rt = &self.rt;
        let arms = self.db.enums.iter().map(|e| {
            let name = &e.name;
            let ty = &self.enum_types[&e.name];
            quote!(#name => Some(enums::#ty::accepts(value, version)))
        });
        quote! {
            /// Whether `value` is a value (or, for flags, a combination of flags) of the
            /// enumeration `name` at `version`; `None` for a name that is no enumeration.
            pub(crate) fn enum_value_valid(name: &str, value: i64, version: #rt::DxilVersion) -> Option<bool> {
                use #rt::enums;
                match name {
                    #(#arms,)*
                    _ => None,
                }
            }
        }
    }

    pub(super) fn intrinsics(&self) -> Result<TokenStream, Error> {
        let rt = &self.rt;
        let db = self.db;
        let derived: Vec<_> = db
            .derived
            .iter()
            .map(|d| &self.derived_variants[&d.name])
            .collect();
        let derived_docs = db.derived.iter().map(|d| {
            doc(&format!(
                "{} ({}): {}",
                code(&d.name),
                code(&db.ty(d.ty).name),
                md(&d.doc)
            ))
        });
        let derived_names: Vec<&str> = db.derived.iter().map(|d| d.name.as_str()).collect();
        let derived_text: Vec<&str> = db.derived.iter().map(|d| d.doc.as_str()).collect();
        let derived_types: Vec<_> = db.derived.iter().map(|d| self.ty_ref(d.ty)).collect();
        let nd = int(derived.len() as u64);
        let rows = db.intrinsics.iter().map(|i| self.intrinsic_row(i));
        let n = int(db.intrinsics.len() as u64);
        let mut keys: Vec<&str> = Vec::new();
        let mut entries = Vec::new();
        for (k, i) in db.intrinsics.iter().enumerate() {
            let k = int(k as u64);
            for name in std::iter::once(&i.name).chain(&i.aliases) {
                keys.push(name);
                entries.push(quote!((#name, #k)));
            }
        }
        let n_names = int(keys.len() as u64);
        let names = self.name_map("intrinsic names", &keys, quote!(NAMES))?;
        let max_operands = db
            .signatures
            .iter()
            .map(|s| s.params.len())
            .max()
            .unwrap_or(0);
        let enum_check = self.enum_value_valid();
        let imports = self.imports(&["types"]);
        let rt_i = quote!(#rt::intrinsic);
        Ok(quote! {
            //! The LLVM intrinsic map of ops.toml: the values lowerings derive, and one row per
            //! intrinsic with its lowerings by DXIL version (see `dxil_ops::intrinsic`).
            #imports
            use #rt_i::{IntrinsicInfo as I, Lowering as L, Missing as M, OverloadSource as O, ResultShape as R, Source, Source::*, Step as S};

            /// The row of an op.
            const fn op(row: usize) -> &'static #rt::info::OpInfo {
                &super::ops::OPS[row]
            }

            /// A DXIL version.
            const fn v(major: u8, minor: u8) -> #rt::DxilVersion {
                #rt::DxilVersion::new(major, minor)
            }

            /// The values lowerings derive from the resource or the overload of a call (the
            /// `[derived.NAME]` records).
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
            pub enum Derived {
                #( #derived_docs #derived, )*
            }

            impl Derived {
                /// Every derived value.
                pub const ALL: [Derived; #nd] = [#(Derived::#derived),*];

                /// The name in ops.toml (`resource_class`).
                pub const fn name(self) -> &'static str {
                    match self {
                        #(Derived::#derived => #derived_names,)*
                    }
                }

                /// How it is computed.
                pub const fn doc(self) -> &'static str {
                    match self {
                        #(Derived::#derived => #derived_text,)*
                    }
                }

                /// Its type.
                pub fn ty(self) -> &'static #rt::info::TypeInfo {
                    match self {
                        #(Derived::#derived => #derived_types,)*
                    }
                }

                /// The derived value with this name.
                pub fn from_name(name: &str) -> Option<Derived> {
                    Derived::ALL.into_iter().find(|d| d.name() == name)
                }
            }

            /// Every intrinsic of the map, by name.
            pub static INTRINSICS: [#rt::intrinsic::IntrinsicInfo; #n] = [#(#rows),*];

            /// Names and older names of intrinsics, with the position of the intrinsic in
            /// [`INTRINSICS`].
            static NAMES: [(&str, u16); #n_names] = [#(#entries),*];

            /// [`NAMES`] by name.
            pub(crate) static BY_NAME: #rt::NameMap<(&'static str, u16)> = #names;

            /// The largest number of operands after the opcode of any op.
            pub(crate) const MAX_OPERANDS: usize = #max_operands;

            #enum_check
        })
    }
}
