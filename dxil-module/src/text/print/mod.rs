//! The printer: a module as LLVM IR text, laid out as `llvm-dis-14` lays out a module it read
//! from LLVM 3.7 bitcode: the header, the struct types in the order LLVM's type finder meets
//! them, globals, functions with their values numbered per function, attribute groups and
//! metadata numbered as LLVM's slot tracker numbers them.
//!
//! Nothing here recurses on the depth of the input: types, constants and metadata are walked
//! with explicit stacks or a depth limit, and a model that refers to ids it does not hold
//! prints `<badref>` where the id is used.

mod attrs;
mod function;
mod metadata;
mod names;
mod types;
mod values;

use crate::hash::Map;
use crate::model::{Module, TypeId};

pub(crate) use attrs::sort_attrs;
pub(crate) use names::{escaped, llvm_name};

/// How deep the printer follows nested types and constants before it prints `<...>`.
const PRINT_DEPTH: u32 = 512;

/// Options of the printer.
#[derive(Clone, Debug, Default)]
pub struct PrintOptions {
    /// The module identifier printed in the first line (`; ModuleID = 'x.bc'`), as `llvm-dis`
    /// prints the name of the file it read; no such line when `None`.
    pub module_id: Option<String>,
}

/// The printer's state: the numbering of types, globals, attribute sets and metadata.
pub(crate) struct Printer<'m> {
    pub m: &'m Module,
    pub out: String,
    /// The named struct types to define, in order, and the numbers of unnamed ones.
    pub struct_order: Vec<TypeId>,
    pub struct_numbers: Map<TypeId, u32>,
    /// The numbers of unnamed globals and functions.
    pub global_numbers: Map<crate::model::GlobalId, u32>,
    pub function_numbers: Map<crate::model::FuncId, u32>,
    pub attrs: attrs::AttrSlots,
    pub md: metadata::MdSlots,
}

/// The module as LLVM IR text.
pub fn print(module: &Module, options: &PrintOptions) -> String {
    let mut p = Printer::new(module);
    p.out.reserve(1 << 16);
    p.number_types();
    p.number_globals();
    p.attrs = attrs::AttrSlots::number(module);
    p.md = metadata::MdSlots::number(module);
    p.module(options);
    p.out
}

/// A type as LLVM IR text (for messages).
pub(crate) fn type_string(module: &Module, ty: TypeId) -> String {
    let mut p = Printer::new(module);
    p.ty(ty);
    p.out
}

impl<'m> Printer<'m> {
    fn new(m: &'m Module) -> Printer<'m> {
        Printer {
            m,
            out: String::new(),
            struct_order: Vec::new(),
            struct_numbers: Map::default(),
            global_numbers: Map::default(),
            function_numbers: Map::default(),
            attrs: attrs::AttrSlots::default(),
            md: metadata::MdSlots::default(),
        }
    }

    fn number_globals(&mut self) {
        let mut n = 0;
        for (i, g) in self.m.globals.iter().enumerate() {
            if g.name.is_none() {
                self.global_numbers
                    .insert(crate::model::GlobalId(i as u32), n);
                n += 1;
            }
        }
        for (i, f) in self.m.functions.iter().enumerate() {
            if f.name.is_none() {
                self.function_numbers
                    .insert(crate::model::FuncId(i as u32), n);
                n += 1;
            }
        }
    }

    fn module(&mut self, options: &PrintOptions) {
        if let Some(id) = &options.module_id
            && !id.contains('\n')
        {
            self.out.push_str("; ModuleID = '");
            self.out.push_str(id);
            self.out.push_str("'\n");
        }
        if let Some(s) = &self.m.source_filename {
            self.out.push_str("source_filename = \"");
            escaped(&mut self.out, s.as_bytes());
            self.out.push_str("\"\n");
        }
        if let Some(s) = &self.m.datalayout {
            self.out.push_str("target datalayout = \"");
            self.out.push_str(s);
            self.out.push_str("\"\n");
        }
        if let Some(s) = &self.m.triple {
            self.out.push_str("target triple = \"");
            self.out.push_str(s);
            self.out.push_str("\"\n");
        }
        if let Some(asm) = self.m.asm.as_deref().filter(|a| !a.is_empty()) {
            self.out.push('\n');
            for line in asm.split('\n') {
                self.out.push_str("module asm \"");
                escaped(&mut self.out, line.as_bytes());
                self.out.push_str("\"\n");
            }
        }
        self.type_definitions();
        if !self.m.comdats.is_empty() {
            self.out.push('\n');
        }
        for (i, c) in self.m.comdats.iter().enumerate() {
            llvm_name(&mut self.out, '$', &c.name);
            self.out.push_str(" = comdat ");
            self.out.push_str(match c.selection {
                2 => "exactmatch",
                3 => "largest",
                4 => "noduplicates",
                5 => "samesize",
                _ => "any",
            });
            if i + 1 != self.m.comdats.len() {
                self.out.push('\n');
            }
            self.out.push('\n');
        }
        if !self.m.globals.is_empty() {
            self.out.push('\n');
        }
        for i in 0..self.m.globals.len() {
            self.global(crate::model::GlobalId(i as u32));
            self.out.push('\n');
        }
        for i in 0..self.m.functions.len() {
            self.out.push('\n');
            self.function(crate::model::FuncId(i as u32));
        }
        self.attribute_groups();
        self.named_metadata();
        self.metadata_nodes();
    }
}
