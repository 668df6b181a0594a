//! Op tables and ops: the op enum, one property row per op, and the lookups.

use std::collections::HashMap;

use dxil_db::{Op, StageSpec};
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

use super::classes::{Specs, spec_key};
use super::{Emitter, code, doc, dxil_version, hex, int, md, shader_model};
use crate::Error;

/// The per-version rows of the ops: each distinct [`VersionProps`] row once (`VERSION_PROPS`),
/// each distinct list of them once (`BY_VERSION_<n>`, positions into `VERSION_PROPS`).
#[derive(Default)]
struct VersionRows {
    rows: Vec<TokenStream>,
    /// By (availability, overload spec, stages, attributes).
    row_index: HashMap<(u8, String, u32, u32), u16>,
    lists: Vec<TokenStream>,
    list_index: HashMap<Vec<u16>, Ident>,
}

impl Emitter<'_> {
    fn table_items(&self) -> TokenStream {
        let tables: Vec<&dxil_db::Table> = self.own_tables().collect();
        let statics = tables.iter().map(|t| {
            let ident = &self.table_statics[&t.name];
            let (name, id, exp, d) = (&t.name, hex(t.id), t.experimental, &t.doc);
            let docs = doc(&format!(
                "Op table {} (id {:#06x}): {}",
                code(&t.name),
                t.id,
                md(&t.doc)
            ));
            quote! {
                #docs
                pub static #ident: TableInfo = TableInfo { name: #name, id: #id, experimental: #exp, doc: #d };
            }
        });
        let variants: Vec<_> = tables
            .iter()
            .map(|t| &self.table_variants[&t.name])
            .collect();
        let ids: Vec<TokenStream> = tables.iter().map(|t| hex(t.id)).collect();
        let statics_ref: Vec<_> = tables
            .iter()
            .map(|t| &self.table_statics[&t.name])
            .collect();
        let docs = tables.iter().map(|t| doc(&md(&t.doc)));
        let n = int(tables.len() as u64);
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
                pub const fn info(self) -> &'static TableInfo {
                    match self {
                        #(OpTable::#variants => &#statics_ref,)*
                    }
                }
            }
        }
    }

    /// The index of the op's properties at each declared version, in `rows`, and the name of
    /// that list.
    fn op_versions(&self, op: &Op, specs: &Specs, rows: &mut VersionRows) -> Ident {
        let db = self.db;
        let picks: Vec<u16> = db
            .versions
            .iter()
            .map(|v| {
                let v = v.dxil;
                let make: u8 = if v < op.introduced {
                    0
                } else if matches!(op.stages.at(v), Some(StageSpec::Removed)) {
                    2
                } else {
                    1
                };
                let spec = match op.overloads_at(v) {
                    Some(s) => &specs[&spec_key(&s.dims, &s.text)],
                    None => &specs[&spec_key(&[], "v")],
                };
                let stages = db.op_stages_at(op, v).0;
                let attrs = op.attributes_at(v).unwrap_or_default().0;
                let key = (make, spec.to_string(), stages, attrs);
                let next = rows.rows.len() as u16;
                *rows.row_index.entry(key).or_insert_with(|| {
                    let make = match make {
                        0 => quote!(not_yet),
                        2 => quote!(removed),
                        _ => quote!(available),
                    };
                    let (stages, attrs) = (hex(stages), hex(attrs));
                    rows.rows.push(quote! {
                        VersionProps::#make(&#spec, StageSet(#stages), AttributeSet(#attrs))
                    });
                    next
                })
            })
            .collect();
        let next = rows.list_index.len();
        rows.list_index
            .entry(picks)
            .or_insert_with_key(|picks| {
                let ident = format_ident!("BY_VERSION_{}", next);
                let picks = picks.iter().map(|p| int(*p));
                rows.lists
                    .push(quote!(const #ident: ByVersion = versions([#(#picks),*]);));
                ident
            })
            .clone()
    }

    /// The row of `op` in `OPS`; with `defaults`, the `DEFAULTS` row: `op`'s required fields
    /// and the defaults of the others.
    fn op_row(&self, op: &Op, by_version: &Ident, defaults: bool) -> TokenStream {
        let db = self.db;
        let class = self.class_ref(op.class);
        let signature = self.signature_ref(op.signature);
        let table = &self.table_statics[&db.table_of(op).name];
        let (opcode, index, name) = (hex(op.opcode), int(op.index), &op.name);
        let (category, d, remarks, reserved) = (&op.category, &op.doc, &op.remarks, op.reserved);
        let modules = match op.modules {
            dxil_db::AllowedModules::Any => quote!(Any),
            dxil_db::AllowedModules::Library => quote!(Library),
            dxil_db::AllowedModules::NonLibrary => quote!(NonLibrary),
        };
        let introduced = dxil_version(op.introduced);
        let sm = shader_model(op.shader_model);
        let smt = match op.shader_model_translated {
            Some(s) => {
                let s = shader_model(s);
                quote!(Some(#s))
            }
            None => quote!(None),
        };
        let intrinsics = self.op_intrinsics(op.opcode);
        let result_doc = match &op.result_doc {
            Some(r) => quote!(Some(#r)),
            None => quote!(None),
        };
        let param_docs = op.param_docs.iter().map(|(k, v)| quote!((#k, #v)));
        // the fields most ops leave at their default come from `DEFAULTS` when they do; the
        // `DEFAULTS` row itself gives those defaults
        let mut optional = Vec::new();
        if defaults {
            optional.extend([
                quote!(remarks: ""),
                quote!(reserved: false),
                quote!(modules: AllowedModules::Any),
                quote!(shader_model_translated: None),
                quote!(intrinsics: &[]),
                quote!(result_doc: None),
                quote!(param_docs: &[]),
            ]);
        } else {
            if !remarks.is_empty() {
                optional.push(quote!(remarks: #remarks));
            }
            if reserved {
                optional.push(quote!(reserved: true));
            }
            if op.modules != dxil_db::AllowedModules::Any {
                optional.push(quote!(modules: AllowedModules::#modules));
            }
            if op.shader_model_translated.is_some() {
                optional.push(quote!(shader_model_translated: #smt));
            }
            if let Some(intrinsics) = &intrinsics {
                optional.push(quote!(intrinsics: #intrinsics));
            }
            if op.result_doc.is_some() {
                optional.push(quote!(result_doc: #result_doc));
            }
            if !op.param_docs.is_empty() {
                optional.push(quote!(param_docs: &[#(#param_docs),*]));
            }
        }
        let rest = if defaults {
            quote!()
        } else {
            quote!(..DEFAULTS)
        };
        quote! {
            OpInfo {
                opcode: #opcode,
                name: #name,
                table: &#table,
                index: #index,
                class: #class,
                signature: #signature,
                category: #category,
                doc: #d,
                introduced: #introduced,
                shader_model: #sm,
                by_version: #by_version,
                #(#optional,)*
                #rest
            }
        }
    }

    fn op_doc(&self, op: &Op) -> TokenStream {
        let table = &self.db.table_of(op).name;
        let class = self.db.class_of(op);
        let summary = md(if op.doc.is_empty() { &op.name } else { &op.doc });
        let stop = if summary.ends_with(['.', '!', '?']) {
            ""
        } else {
            "."
        };
        let mut text = format!(
            "{summary}{stop} {}: {} {} (opcode {:#x}), class {} ({}), since DXIL {}.",
            code(&op.name),
            md(table),
            op.index,
            op.opcode,
            code(&class.name),
            code(&format!("dx.op.{}", class.stem)),
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

    pub(super) fn ops(&self) -> Result<TokenStream, Error> {
        let rt = &self.rt;
        let db = self.db;
        let tables = self.table_items();
        let (specs, _) = self.overload_specs();
        let ops: Vec<&Op> = self.own_ops().collect();
        let mut version_rows = VersionRows::default();
        let rows: Vec<TokenStream> = ops
            .iter()
            .map(|o| {
                let by_version = self.op_versions(o, &specs, &mut version_rows);
                self.op_row(o, &by_version, false)
            })
            .collect();
        // the values of the fields a row leaves out (the required ones of the first op, which
        // no row takes)
        let defaults = match ops.first() {
            Some(o) => {
                let by_version = self.op_versions(o, &specs, &mut version_rows);
                let row = self.op_row(o, &by_version, true);
                quote! {
                    /// The values of the fields a row of [`OPS`] leaves out: no remarks, not
                    /// reserved, any kind of module (`modules`), no translated shader model, no intrinsics,
                    /// no documentation of the result or parameters. (Its other fields, those
                    /// of the first op, are given by every row.)
                    const DEFAULTS: OpInfo = #row;
                }
            }
            None => quote!(),
        };
        let (props, lists) = (&version_rows.rows, &version_rows.lists);
        let n_props = int(props.len() as u64);
        let n = int(ops.len() as u64);
        let variants: Vec<_> = ops.iter().map(|o| &self.op_variants[&o.name]).collect();
        let opcodes: Vec<TokenStream> = ops.iter().map(|o| hex(o.opcode)).collect();
        let docs = ops.iter().map(|o| self.op_doc(o));
        let aliases = ops.iter().map(|o| {
            let n = &o.name;
            if self.op_variants[n] != n {
                quote!(#[doc(alias = #n)])
            } else {
                quote!()
            }
        });
        let class_positions: HashMap<&str, usize> = self
            .enum_classes()
            .iter()
            .enumerate()
            .map(|(i, (_, c))| (c.name.as_str(), i))
            .collect();
        let classes = ops
            .iter()
            .map(|o| int(class_positions[db.class_of(o).name.as_str()] as u64));
        // first row of each table: ops are sorted by opcode and dense in each table
        let mut base = 0usize;
        let mut row_arms = Vec::new();
        let mut from_arms = Vec::new();
        let mut info_arms = Vec::new();
        for t in self.own_tables() {
            let count = ops.iter().filter(|o| db.table_of(o).name == t.name).count();
            let id = hex(t.id);
            let count_u = int(count as u64);
            let first = int(base as u64);
            if base == 0 {
                info_arms.push(quote!(#id if index < #count_u => Some(&OPS[index as usize])));
                row_arms.push(quote!(#id => (v & 0xFFFF) as usize));
                from_arms.push(quote!(#id if index < #count_u => Some(Op::ALL[index as usize])));
            } else {
                info_arms
                    .push(quote!(#id if index < #count_u => Some(&OPS[#first + index as usize])));
                row_arms.push(quote!(#id => #first + (v & 0xFFFF) as usize));
                from_arms.push(
                    quote!(#id if index < #count_u => Some(Op::ALL[#first + index as usize])),
                );
            }
            base += count;
        }
        let names: Vec<&str> = ops.iter().map(|o| o.name.as_str()).collect();
        let names = self.name_map("op names", &names, quote!(OPS))?;
        let imports = self.imports(&["classes"]);
        let runtime = self.runtime_imports(
            quote!(
                AllowedModules,
                IntrinsicInfo,
                OpInfo,
                TableInfo,
                VersionProps
            ),
            quote!(
                AttributeSet,
                DxilVersion,
                NameMap,
                ShaderModel,
                StageSet,
                VERSION_COUNT
            ),
        );
        let parse_function_name = self.parse_function_name();
        let module_doc = format!(
            " Op tables and ops of {}: the op enum and one property row per op.",
            self.source()
        );
        Ok(quote! {
            #![doc = #module_doc]
            #imports
            #runtime

            #tables

            /// The properties of an op at every declared DXIL version.
            type ByVersion = [VersionProps; VERSION_COUNT];

            /// Each distinct row of properties an op has at a version.
            const VERSION_PROPS: [VersionProps; #n_props] = [#(#props),*];

            /// The rows of `VERSION_PROPS` at these positions.
            const fn versions(picks: [u16; VERSION_COUNT]) -> ByVersion {
                VersionProps::pick(&VERSION_PROPS, picks)
            }

            #(#lists)*

            #defaults

            /// Every op, by opcode.
            pub static OPS: [OpInfo; #n] = [#(#rows),*];

            /// Every property of the op with this opcode, if any: [`Op::from_opcode`] and
            /// [`Op::info`] in one step.
            #[inline]
            pub const fn op_info(opcode: u32) -> Option<&'static OpInfo> {
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

            /// The class of each op (its position in [`OpClass::ALL`]), by opcode.
            static OP_CLASSES: [u16; #n] = [#(#classes),*];

            static OP_BY_NAME: NameMap<OpInfo> = #names;

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
                pub const fn info(self) -> &'static OpInfo {
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
                    Some(Op::ALL[OP_BY_NAME.index(name)?])
                }

                /// The op's name (`Sample`).
                #[inline]
                pub const fn name(self) -> &'static str {
                    self.info().name
                }

                /// The op's class.
                pub const fn class(self) -> OpClass {
                    OpClass::ALL[OP_CLASSES[self.row()] as usize]
                }

                /// Whether the op exists at `version`.
                #[inline]
                pub const fn is_available_at(self, version: DxilVersion) -> bool {
                    self.info().is_available_at(version)
                }

                /// The overloads allowed at `version`; `None` when the op does not exist then.
                #[inline]
                pub const fn overloads_at(self, version: DxilVersion) -> Option<&'static #rt::OverloadSpec> {
                    self.info().overloads_at(version)
                }

                /// The stages allowed at `version`.
                #[inline]
                pub const fn stages_at(self, version: DxilVersion) -> StageSet {
                    self.info().stages_at(version)
                }

                /// The attributes at `version`.
                #[inline]
                pub const fn attributes_at(self, version: DxilVersion) -> AttributeSet {
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
        })
    }
}
