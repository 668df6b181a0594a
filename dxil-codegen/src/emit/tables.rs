//! The signature tables and the LLVM instruction table: plain rows typed with the generated
//! enumerations, and lookups that index them.
//!
//! Rows of the signature-point table are laid out in `SigPointKind` order and the
//! interpretation table is a dense matrix `[SemanticKind][SigPointKind]`, so both lookups are an
//! array index by the enumerations' `index()`. Cells the database does not list are `NA`.

use std::collections::HashMap;

use dxil_db::{Enum, ShaderModel};
use proc_macro2::TokenStream;
use quote::quote;

use super::{Emitter, hex, int};
use crate::Error;

const SIG_POINTS: &str = "signature-point";
const INTERPRETATIONS: &str = "semantic-interpretation";

/// The values of a plain enumeration that become variants (neither aliases nor masks), in
/// declaration order: the order of the generated `ALL`.
fn variants(e: &Enum) -> impl Iterator<Item = &dxil_db::EnumValue> {
    e.values.iter().filter(|v| !v.alias && !v.mask)
}

impl Emitter<'_> {
    /// The declared enumeration `name`, which the `table` table is typed with.
    fn table_enum(&self, table: &str, name: &str) -> Result<&Enum, Error> {
        self.db
            .enum_by_name(name)
            .filter(|e| !e.flags)
            .ok_or_else(|| Error::Table {
                table: table.to_owned(),
                message: format!("no plain enumeration `{name}` is declared"),
            })
    }

    /// The path of value `value` of `e`.
    fn table_value(&self, table: &str, e: &Enum, value: &str) -> Result<TokenStream, Error> {
        self.enum_value_path(e, value)
            .ok_or_else(|| self.not_a_value(table, e, value))
    }

    /// The error of a table cell that names no value of `e`.
    fn not_a_value(&self, table: &str, e: &Enum, value: &str) -> Error {
        Error::Table {
            table: table.to_owned(),
            message: format!("`{value}` is not a value of `{}`", e.name),
        }
    }

    fn shader_model_opt(&self, sm: Option<ShaderModel>) -> TokenStream {
        match sm {
            Some(sm) => {
                let v = super::shader_model(sm);
                quote!(Some(#v))
            }
            None => quote!(None),
        }
    }

    /// `SIG_POINTS` (one row per SigPointKind value) and `sig_point`.
    fn sig_point_rows(&self) -> Result<TokenStream, Error> {
        let kinds = self.table_enum(SIG_POINTS, "SigPointKind")?;
        let shader_kinds = self.table_enum(SIG_POINTS, "ShaderKind")?;
        let packings = self.table_enum(SIG_POINTS, "PackingKind")?;
        let signatures = self.table_enum(SIG_POINTS, "SignatureKind")?;
        let mut rows = Vec::new();
        for v in variants(kinds) {
            let row = self
                .db
                .sig_points
                .iter()
                .find(|s| s.name == v.name)
                .ok_or_else(|| Error::Table {
                    table: SIG_POINTS.to_owned(),
                    message: format!("signature point `{}` has no row", v.name),
                })?;
            let kind = self.table_value(SIG_POINTS, kinds, &row.name)?;
            let related = match &row.related {
                Some(r) => {
                    let r = self.table_value(SIG_POINTS, kinds, r)?;
                    quote!(Some(#r))
                }
                None => quote!(None),
            };
            // a shader kind no stage has (`Invalid`) is `None`
            let shader_kind = match self.enum_value_path(shader_kinds, &row.shader_kind) {
                Some(k) => quote!(Some(#k)),
                None if shader_kinds
                    .values
                    .iter()
                    .any(|v| v.name == row.shader_kind) =>
                {
                    quote!(None)
                }
                None => return Err(self.not_a_value(SIG_POINTS, shader_kinds, &row.shader_kind)),
            };
            let packing = self.table_value(SIG_POINTS, packings, &row.packing)?;
            let signature = self.table_value(SIG_POINTS, signatures, &row.signature)?;
            let text = &row.doc;
            rows.push(quote! {
                SigPointInfo {
                    kind: #kind,
                    related: #related,
                    shader_kind: #shader_kind,
                    packing: #packing,
                    signature: #signature,
                    doc: #text,
                }
            });
        }
        let n = int(rows.len() as u64);
        let kind_ty = self.enum_path(&self.enum_types[&kinds.name]);
        Ok(quote! {
            /// The signature-point table: one row per signature point, in the order of
            /// `SigPointKind::ALL` (the row of a point is at its `index()`).
            pub static SIG_POINTS: [SigPointInfo; #n] = [#(#rows),*];

            /// The row of signature point `kind`.
            pub const fn sig_point(kind: #kind_ty) -> &'static SigPointInfo {
                &SIG_POINTS[kind.index()]
            }
        })
    }

    /// `INTERPRETATIONS` (semantic × signature point) and its lookups.
    fn interpretation_rows(&self) -> Result<TokenStream, Error> {
        let rt = &self.rt;
        let semantics = self.table_enum(INTERPRETATIONS, "SemanticKind")?;
        let kinds = self.table_enum(INTERPRETATIONS, "SigPointKind")?;
        let interpretations = self.table_enum(INTERPRETATIONS, "SemanticInterpretationKind")?;
        let na = self.table_value(INTERPRETATIONS, interpretations, "NA")?;
        // each distinct cell once, `NA` first; the table as positions into them
        let mut cells: Vec<TokenStream> = vec![quote!(Interpretation::new(#na, None))];
        let mut cell_index: HashMap<String, u8> = HashMap::new();
        cell_index.insert(cells[0].to_string(), 0);
        let mut rows = Vec::new();
        for s in variants(semantics) {
            let listed = self
                .db
                .semantic_interpretations
                .iter()
                .find(|r| r.semantic == s.name);
            let mut picks = Vec::new();
            for p in variants(kinds) {
                let cell = listed.and_then(|r| r.cells.iter().find(|c| c.sig_point == p.name));
                let pick = match cell {
                    Some(c) => {
                        let kind = self.table_value(INTERPRETATIONS, interpretations, &c.kind)?;
                        let sm = self.shader_model_opt(c.shader_model);
                        let cell = quote!(Interpretation::new(#kind, #sm));
                        let next = cells.len();
                        match cell_index.get(&cell.to_string()) {
                            Some(i) => *i,
                            None => {
                                let i = u8::try_from(next).map_err(|_| Error::Table {
                                    table: INTERPRETATIONS.to_owned(),
                                    message: "more than 256 distinct cells".to_owned(),
                                })?;
                                cell_index.insert(cell.to_string(), i);
                                cells.push(cell);
                                i
                            }
                        }
                    }
                    None => 0,
                };
                picks.push(int(pick));
            }
            rows.push(quote!([#(#picks),*]));
        }
        let n_semantics = int(rows.len() as u64);
        let n_points = int(variants(kinds).count() as u64);
        let n_cells = int(cells.len() as u64);
        let semantic_ty = self.enum_path(&self.enum_types[&semantics.name]);
        let kind_ty = self.enum_path(&self.enum_types[&kinds.name]);
        let interpretation_ty = self.enum_path(&self.enum_types[&interpretations.name]);
        Ok(quote! {
            /// The semantic-interpretation table: `INTERPRETATIONS[semantic.index()][sig_point.index()]`
            /// is how the semantic is treated at the signature point. Cells the specification
            /// leaves empty are not available (`NA`).
            pub static INTERPRETATIONS: [[Interpretation; #n_points]; #n_semantics] =
                Interpretation::table(&CELLS, [#(#rows),*]);

            /// Each distinct cell of [`INTERPRETATIONS`].
            const CELLS: [Interpretation; #n_cells] = [#(#cells),*];

            /// How `semantic` is treated at `sig_point`, with the first shader model of that
            /// treatment.
            pub const fn interpretation(semantic: #semantic_ty, sig_point: #kind_ty) -> Interpretation {
                INTERPRETATIONS[semantic.index()][sig_point.index()]
            }

            /// How `semantic` is treated at `sig_point` in shader model `sm`: not available
            /// (`NA`) below the first shader model of the treatment.
            pub const fn interpretation_at(semantic: #semantic_ty, sig_point: #kind_ty, sm: #rt::ShaderModel) -> #interpretation_ty {
                let cell = interpretation(semantic, sig_point);
                if cell.applies_at(sm) { cell.kind } else { #na }
            }
        })
    }

    /// `LLVM_INSTRUCTIONS` and the lookups by opcode and by name.
    fn llvm_rows(&self) -> Result<TokenStream, Error> {
        let mut list: Vec<&dxil_db::LlvmInstruction> = self.db.llvm_instructions.iter().collect();
        list.sort_by_key(|i| i.opcode);
        let rows = list.iter().map(|i| {
            let mut scalars = 0u32;
            for c in i.overloads.chars() {
                if let Some(bit) = self.db.overload_types.iter().position(|t| t.letter == c) {
                    scalars |= 1u32.checked_shl(bit as u32).unwrap_or(0);
                }
            }
            let (name, opcode, class, text, allowed) =
                (&i.name, i.opcode, &i.class, &i.doc, i.allowed);
            let (opcode, scalars) = (int(opcode), hex(scalars));
            quote! {
                LlvmInstructionInfo {
                    name: #name,
                    opcode: #opcode,
                    class: #class,
                    doc: #text,
                    overloads: OverloadSet::new(#scalars, 0x0),
                    allowed: #allowed,
                }
            }
        });
        let n = int(list.len() as u64);
        let max = list.last().map_or(0, |i| i.opcode);
        // A dense index by opcode when the opcodes are small (LLVM's are below 70); a binary
        // search of the rows (sorted by opcode) otherwise.
        let by_opcode = if max < 1024 && list.len() < usize::from(u16::MAX) {
            let mut slots = vec![u16::MAX; max as usize + 1];
            for (row, i) in list.iter().enumerate() {
                slots[i.opcode as usize] = row as u16;
            }
            let len = int(slots.len() as u64);
            let slots = slots.iter().map(|s| int(*s));
            quote! {
                /// Row of each LLVM opcode in [`LLVM_INSTRUCTIONS`]; `u16::MAX` for none.
                static LLVM_ROW_BY_OPCODE: [u16; #len] = [#(#slots),*];

                /// The LLVM instruction with this opcode.
                pub const fn llvm_instruction(opcode: u32) -> Option<&'static LlvmInstructionInfo> {
                    if opcode as usize >= LLVM_ROW_BY_OPCODE.len() {
                        return None;
                    }
                    let row = LLVM_ROW_BY_OPCODE[opcode as usize];
                    if row as usize >= LLVM_INSTRUCTIONS.len() {
                        return None;
                    }
                    Some(&LLVM_INSTRUCTIONS[row as usize])
                }
            }
        } else {
            quote! {
                /// The LLVM instruction with this opcode.
                pub const fn llvm_instruction(opcode: u32) -> Option<&'static LlvmInstructionInfo> {
                    let (mut lo, mut hi) = (0, LLVM_INSTRUCTIONS.len());
                    while lo < hi {
                        let mid = lo + (hi - lo) / 2;
                        let row = &LLVM_INSTRUCTIONS[mid];
                        if row.opcode == opcode {
                            return Some(row);
                        }
                        if row.opcode < opcode { lo = mid + 1 } else { hi = mid }
                    }
                    None
                }
            }
        };
        let names: Vec<&str> = list.iter().map(|i| i.name.as_str()).collect();
        let map = self.name_map("LLVM instruction names", &names, quote!(LLVM_INSTRUCTIONS))?;
        Ok(quote! {
            /// The LLVM instructions, sorted by opcode.
            pub static LLVM_INSTRUCTIONS: [LlvmInstructionInfo; #n] = [#(#rows),*];

            static LLVM_BY_NAME: NameMap<LlvmInstructionInfo> = #map;

            #by_opcode

            /// The LLVM instruction with this name (`FAdd`).
            pub fn llvm_instruction_by_name(name: &str) -> Option<&'static LlvmInstructionInfo> {
                LLVM_BY_NAME.get(name)
            }
        })
    }

    pub(super) fn tables(&self) -> Result<TokenStream, Error> {
        let sig_points = self.sig_point_rows()?;
        let interpretations = self.interpretation_rows()?;
        let llvm = self.llvm_rows()?;
        let runtime = self.runtime_imports(
            quote!(),
            quote!(
                Interpretation,
                LlvmInstructionInfo,
                NameMap,
                OverloadSet,
                ShaderModel,
                SigPointInfo
            ),
        );
        Ok(quote! {
            //! Signature tables and LLVM instructions of ops.toml (db/signature-tables.toml,
            //! db/llvm-instructions.toml).
            #runtime
            #sig_points
            #interpretations
            #llvm
        })
    }
}
