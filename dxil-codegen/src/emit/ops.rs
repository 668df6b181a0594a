//! Op tables and ops: the op enum, one property row per op, and the lookups.

use std::collections::BTreeMap;

use dxil_db::{Op, StageSpec};
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

use super::{Emitter, doc, shader_model, version};

impl Emitter<'_> {
    fn table_items(&self) -> TokenStream {
        let rt = &self.rt;
        let tables: Vec<&dxil_db::Table> = self.own_tables().collect();
        let statics = tables.iter().map(|t| {
            let ident = &self.table_statics[&t.name];
            let (name, id, exp, d) = (&t.name, t.id, t.experimental, &t.doc);
            let docs = doc(&format!("Op table `{}` (id {:#06x}): {}", t.name, t.id, t.doc));
            quote! {
                #docs
                pub static #ident: #rt::info::TableInfo = #rt::info::TableInfo { name: #name, id: #id, experimental: #exp, doc: #d };
            }
        });
        let variants: Vec<_> = tables
            .iter()
            .map(|t| &self.table_variants[&t.name])
            .collect();
        let ids: Vec<u32> = tables.iter().map(|t| u32::from(t.id)).collect();
        let statics_ref: Vec<_> = tables
            .iter()
            .map(|t| &self.table_statics[&t.name])
            .collect();
        let docs = tables.iter().map(|t| doc(&t.doc));
        let n = tables.len();
        quote! {
            #(#statics)*

            /// Op tables. The value is the table id: the upper 16 bits of its opcodes.
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
            #[repr(u32)]
            pub enum OpTable {
                #( #docs #variants = #ids, )*
            }

            impl OpTable {
                /// Every table.
                pub const ALL: [OpTable; #n] = [#(OpTable::#variants),*];

                /// The table's properties.
                #[inline]
                pub const fn info(self) -> &'static #rt::info::TableInfo {
                    match self {
                        #(OpTable::#variants => &#statics_ref,)*
                    }
                }
            }
        }
    }

    /// Overload specs shared by op rows, each distinct one once.
    fn overload_statics(&self) -> (TokenStream, BTreeMap<String, Ident>) {
        let mut seen: BTreeMap<String, Ident> = BTreeMap::new();
        let mut items = Vec::new();
        let mut add = |dims: &[dxil_db::OverloadDim], text: &str, void: bool| {
            let key = format!("{text}|{:?}|{void}", dims);
            if !seen.contains_key(&key) {
                let ident = format_ident!("OVERLOADS_{}", seen.len());
                let spec = self.overload_spec(dims, text);
                let rt = &self.rt;
                items.push(quote!(static #ident: #rt::OverloadSpec = #spec;));
                seen.insert(key, ident);
            }
        };
        add(&[], "v", true);
        for op in self.own_ops() {
            for (_, spec) in &op.overloads.entries {
                add(&spec.dims, &spec.text, spec.void);
            }
        }
        (quote!(#(#items)*), seen)
    }

    fn spec_ident<'a>(
        map: &'a BTreeMap<String, Ident>,
        spec: Option<&dxil_db::OverloadSpec>,
    ) -> &'a Ident {
        let key = match spec {
            Some(s) => format!("{}|{:?}|{}", s.text, s.dims, s.void),
            None => format!("v|{:?}|true", Vec::<dxil_db::OverloadDim>::new()),
        };
        &map[&key]
    }

    fn op_row(&self, op: &Op, specs: &BTreeMap<String, Ident>) -> TokenStream {
        let rt = &self.rt;
        let db = self.db;
        let class = self.class_ref(op.class);
        let signature = self.signature_ref(op.signature);
        let table = &self.table_statics[&db.table_of(op).name];
        let (opcode, index, name) = (op.opcode, op.index, &op.name);
        let (category, d, remarks, reserved) = (&op.category, &op.doc, &op.remarks, op.reserved);
        let target = match op.target {
            dxil_db::Target::Any => quote!(Any),
            dxil_db::Target::Library => quote!(Library),
            dxil_db::Target::NonLibrary => quote!(NonLibrary),
        };
        let introduced = version(rt, op.introduced);
        let sm = shader_model(rt, op.shader_model);
        let smt = match op.shader_model_translated {
            Some(s) => {
                let s = shader_model(rt, s);
                quote!(Some(#s))
            }
            None => quote!(None),
        };
        let by_version = db.versions.iter().map(|v| {
            let v = v.dxil;
            let availability = if v < op.introduced {
                quote!(NotYet)
            } else if matches!(op.stages.at(v), Some(StageSpec::Removed)) {
                quote!(Removed)
            } else {
                quote!(Available)
            };
            let spec = Self::spec_ident(specs, op.overloads_at(v));
            let stages = db.op_stages_at(op, v).0;
            let attrs = op.attributes_at(v).unwrap_or_default().0;
            quote! {
                #rt::info::VersionProps {
                    availability: #rt::info::Availability::#availability,
                    overloads: &#spec,
                    stages: #rt::StageSet(#stages),
                    attributes: #rt::AttributeSet(#attrs),
                }
            }
        });
        let overload_entries = op.overloads.entries.iter().map(|(v, s)| {
            let v = version(rt, *v);
            let s = Self::spec_ident(specs, Some(s));
            quote!((#v, &#s))
        });
        let stage_entries = op.stages.entries.iter().map(|(v, s)| {
            let v = version(rt, *v);
            let e = match s {
                StageSpec::All => quote!(All),
                StageSpec::Removed => quote!(Removed),
                StageSpec::Stages(m) => {
                    let m = m.0;
                    quote!(Stages(#rt::StageSet(#m)))
                }
            };
            quote!((#v, #rt::info::StageEntry::#e))
        });
        let attribute_entries = op.attributes.entries.iter().map(|(v, m)| {
            let v = version(rt, *v);
            let m = m.0;
            quote!((#v, #rt::AttributeSet(#m)))
        });
        let intrinsics = self.op_intrinsics(op.opcode);
        let result_doc = match &op.result_doc {
            Some(r) => quote!(Some(#r)),
            None => quote!(None),
        };
        let param_docs = op.param_docs.iter().map(|(k, v)| quote!((#k, #v)));
        quote! {
            #rt::info::OpInfo {
                opcode: #opcode,
                name: #name,
                table: &#table,
                index: #index,
                class: #class,
                signature: #signature,
                category: #category,
                doc: #d,
                remarks: #remarks,
                reserved: #reserved,
                target: #rt::info::Target::#target,
                introduced: #introduced,
                shader_model: #sm,
                shader_model_translated: #smt,
                by_version: [#(#by_version),*],
                overload_entries: &[#(#overload_entries),*],
                stage_entries: &[#(#stage_entries),*],
                attribute_entries: &[#(#attribute_entries),*],
                intrinsics: #intrinsics,
                result_doc: #result_doc,
                param_docs: &[#(#param_docs),*],
            }
        }
    }

    fn op_doc(&self, op: &Op) -> TokenStream {
        let table = &self.db.table_of(op).name;
        let class = self.db.class_of(op);
        let mut text = format!(
            "{}\n\n`{}` — {} {} (opcode {:#x}), class `{}` (`dx.op.{}`), since DXIL {}.",
            if op.doc.is_empty() { &op.name } else { &op.doc },
            op.name,
            table,
            op.index,
            op.opcode,
            class.name,
            class.stem,
            op.introduced
        );
        if op.reserved {
            text.push_str(" Reserved slot.");
        }
        doc(&text)
    }

    /// `parse_function_name`: with this database's stems; an extension's falls back to
    /// `dxil-ops`'s for names of the base database's functions.
    fn parse_function_name(&self) -> TokenStream {
        let rt = &self.rt;
        if self.extension.is_none() {
            return quote! {
                /// Reads a function name of this database's ops: `dx.op.unary.f32` → class and
                /// overloads.
                pub fn parse_function_name(name: &str) -> Result<#rt::FunctionName<'_>, #rt::NameError<'_>> {
                    #rt::name::parse_with(name, &STEMS)
                }
            };
        }
        quote! {
            /// Reads a function name: of the extension's classes (and the base classes its ops
            /// use), else of `dxil_ops`'s. On failure, the error is about the extension's reading
            /// unless only `dxil_ops` knows the stem.
            pub fn parse_function_name(name: &str) -> Result<#rt::FunctionName<'_>, #rt::NameError<'_>> {
                match #rt::name::parse_with(name, &STEMS) {
                    Ok(n) => Ok(n),
                    Err(e) => match #rt::parse_function_name(name) {
                        Ok(n) => Ok(n),
                        Err(base) if matches!(e, #rt::NameError::UnknownStem(_)) => Err(base),
                        Err(_) => Err(e),
                    },
                }
            }
        }
    }

    pub(super) fn ops(&self) -> TokenStream {
        let rt = &self.rt;
        let db = self.db;
        let tables = self.table_items();
        let (spec_statics, specs) = self.overload_statics();
        let ops: Vec<&Op> = self.own_ops().collect();
        let rows = ops.iter().map(|o| self.op_row(o, &specs));
        let n = ops.len();
        let variants: Vec<_> = ops.iter().map(|o| &self.op_variants[&o.name]).collect();
        let opcodes: Vec<u32> = ops.iter().map(|o| o.opcode).collect();
        let docs = ops.iter().map(|o| self.op_doc(o));
        let aliases = ops.iter().map(|o| {
            let n = &o.name;
            if self.op_variants[n] != n {
                quote!(#[doc(alias = #n)])
            } else {
                quote!()
            }
        });
        let classes: Vec<_> = ops
            .iter()
            .map(|o| &self.class_variants[&db.class_of(o).name])
            .collect();
        // first row of each table: ops are sorted by opcode and dense in each table
        let mut base = 0usize;
        let mut row_arms = Vec::new();
        let mut from_arms = Vec::new();
        let mut info_arms = Vec::new();
        for t in self.own_tables() {
            let count = ops.iter().filter(|o| db.table_of(o).name == t.name).count();
            let id = u32::from(t.id);
            let count_u = count as u32;
            if base == 0 {
                info_arms.push(quote!(#id if index < #count_u => Some(&OPS[index as usize])));
            } else {
                info_arms
                    .push(quote!(#id if index < #count_u => Some(&OPS[#base + index as usize])));
            }
            if base == 0 {
                row_arms.push(quote!(#id => (v & 0xFFFF) as usize));
                from_arms.push(quote!(#id if index < #count_u => Some(Op::ALL[index as usize])));
            } else {
                row_arms.push(quote!(#id => #base + (v & 0xFFFF) as usize));
                from_arms
                    .push(quote!(#id if index < #count_u => Some(Op::ALL[#base + index as usize])));
            }
            base += count;
        }
        let names = self.name_map(
            quote!(Op),
            ops.iter()
                .map(|o| {
                    let v = &self.op_variants[&o.name];
                    (o.name.clone(), quote!(Op::#v))
                })
                .collect(),
        );
        let imports = self.imports(&["classes"]);
        let parse_function_name = self.parse_function_name();
        let module_doc = format!(
            " Op tables and ops of {}: the op enum and one property row per op.",
            self.source()
        );
        quote! {
            #![doc = #module_doc]
            #imports

            #tables

            #spec_statics

            /// Every op, by opcode.
            pub static OPS: [#rt::info::OpInfo; #n] = [#(#rows),*];

            /// Every property of the op with this opcode, if any: [`Op::from_opcode`] and
            /// [`Op::info`] in one step.
            #[inline]
            pub const fn op_info(opcode: u32) -> Option<&'static #rt::info::OpInfo> {
                let index = opcode & 0xFFFF;
                match opcode >> 16 {
                    #(#info_arms,)*
                    _ => None,
                }
            }

            /// DXIL operations. The value is the 32-bit opcode (`table id << 16 | index`).
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
            #[repr(u32)]
            pub enum Op {
                #( #docs #aliases #variants = #opcodes, )*
            }

            static OP_BY_NAME: #rt::NameMap<Op> = #names;

            impl Op {
                /// Every op, by opcode.
                pub const ALL: [Op; #n] = [#(Op::#variants),*];

                /// Position of the op's row in [`OPS`].
                #[inline]
                pub const fn row(self) -> usize {
                    let v = self as u32;
                    match v >> 16 {
                        #(#row_arms,)*
                        _ => 0,
                    }
                }

                /// Every property of the op.
                #[inline]
                pub const fn info(self) -> &'static #rt::info::OpInfo {
                    &OPS[self.row()]
                }

                /// The 32-bit opcode.
                #[inline]
                pub const fn opcode(self) -> u32 {
                    self as u32
                }

                /// The op with this opcode, if any (reserved slots are ops too).
                #[inline]
                pub const fn from_opcode(opcode: u32) -> Option<Op> {
                    let index = opcode & 0xFFFF;
                    match opcode >> 16 {
                        #(#from_arms,)*
                        _ => None,
                    }
                }

                /// The op with this name (`Sample`), as spelled in ops.toml.
                pub fn from_name(name: &str) -> Option<Op> {
                    OP_BY_NAME.get(name).copied()
                }

                /// The op's name (`Sample`).
                #[inline]
                pub const fn name(self) -> &'static str {
                    self.info().name
                }

                /// The op's class.
                pub const fn class(self) -> OpClass {
                    match self {
                        #(Op::#variants => OpClass::#classes,)*
                    }
                }

                /// Whether the op exists at `version`.
                #[inline]
                pub const fn is_available_at(self, version: #rt::DxilVersion) -> bool {
                    self.info().is_available_at(version)
                }

                /// The overloads allowed at `version`; `None` when the op does not exist then.
                #[inline]
                pub const fn overloads_at(self, version: #rt::DxilVersion) -> Option<&'static #rt::OverloadSpec> {
                    self.info().overloads_at(version)
                }

                /// The stages allowed at `version`.
                #[inline]
                pub const fn stages_at(self, version: #rt::DxilVersion) -> #rt::StageSet {
                    self.info().stages_at(version)
                }

                /// The attributes at `version`.
                #[inline]
                pub const fn attributes_at(self, version: #rt::DxilVersion) -> #rt::AttributeSet {
                    self.info().attributes_at(version)
                }

                /// The function name for `overloads`, e.g. `dx.op.unary.f32`.
                pub fn function_name<'a>(self, overloads: impl Into<#rt::Overloads<'a>>) -> #rt::FunctionName<'a> {
                    #rt::FunctionName { signature: self.info().signature, overloads: overloads.into() }
                }
            }

            impl core::fmt::Display for Op {
                fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                    f.write_str(self.name())
                }
            }

            impl core::str::FromStr for Op {
                type Err = #rt::UnknownOp;

                fn from_str(s: &str) -> Result<Op, #rt::UnknownOp> {
                    Op::from_name(s).ok_or(#rt::UnknownOp::Name)
                }
            }

            impl TryFrom<u32> for Op {
                type Error = #rt::UnknownOp;

                fn try_from(v: u32) -> Result<Op, #rt::UnknownOp> {
                    Op::from_opcode(v).ok_or(#rt::UnknownOp::Opcode(v))
                }
            }

            impl From<Op> for u32 {
                fn from(op: Op) -> u32 {
                    op as u32
                }
            }

            #parse_function_name
        }
    }
}
