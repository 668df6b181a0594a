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
    /// The lines of what is printed, when they are asked for.
    pub lines: Option<Lines>,
}

/// The lines the printer puts things on (1-based): each function's `declare` or `define`, each
/// instruction, each named metadata.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lines {
    /// Per function (by [`FuncId`](crate::model::FuncId)), the line of its `declare` or
    /// `define`.
    pub functions: Vec<u32>,
    /// Per function, per instruction of its body (by [`InstId`](crate::model::InstId)), the
    /// line of the instruction; 0 for an instruction no block lists (not printed).
    pub insts: Vec<Vec<u32>>,
    /// Per named metadata, in order, its line.
    pub named: Vec<u32>,
    /// The newlines counted so far, and up to which byte of the output.
    counted: (u32, usize),
}

impl Lines {
    /// Sets [`Function::line`](crate::model::Function::line),
    /// [`Inst::line`](crate::model::Inst::line) and
    /// [`NamedMd::line`](crate::model::NamedMd::line) of `module` (the module these lines were
    /// printed from) to these lines.
    pub fn apply(&self, module: &mut Module) {
        for (i, f) in module.functions.iter_mut().enumerate() {
            f.line = self.functions.get(i).copied().unwrap_or(0);
            if let Some(body) = f.body.as_mut() {
                let lines = self.insts.get(i).map_or(&[][..], Vec::as_slice);
                for (k, inst) in body.insts.iter_mut().enumerate() {
                    inst.line = lines.get(k).copied().unwrap_or(0);
                }
            }
        }
        for (i, n) in module.metadata.named.iter_mut().enumerate() {
            n.line = self.named.get(i).copied().unwrap_or(0);
        }
    }
}

/// The module as LLVM IR text.
pub fn print(module: &Module, options: &PrintOptions) -> String {
    print_module(module, options, false).0
}

/// The module as LLVM IR text, with the line of each function, instruction and named metadata
/// in it.
///
/// ```
/// use dxil_module::text;
///
/// let src = "define void @main() {\n  ret void\n}\n";
/// let module = text::parse(src.as_bytes()).expect("valid");
/// let (printed, lines) = text::print_with_lines(&module, &text::PrintOptions::default());
/// assert_eq!(printed.lines().nth(1), Some("define void @main() {"));
/// assert_eq!((lines.functions[0], lines.insts[0][0]), (2, 3));
/// ```
pub fn print_with_lines(module: &Module, options: &PrintOptions) -> (String, Lines) {
    let (text, lines) = print_module(module, options, true);
    (text, lines.unwrap_or_default())
}

/// Gives every function, instruction and named metadata of `module` the line it has in the
/// text [`print()`] makes of it (with default options): what a reader of that text sees, for a
/// module that was not read from text (decoded from bitcode), so that messages about it can
/// name lines.
pub fn number_lines(module: &mut Module) {
    number_lines_with(module, &PrintOptions::default());
}

/// Names `module` as `llvm-dis` names a file `name` it read: its source file name becomes
/// `name` when it has none (LLVM 3.7 bitcode has none), and the options returned print
/// `; ModuleID = 'name'` first. `dxil dis` prints so.
pub fn named(module: &mut Module, name: &str) -> PrintOptions {
    if module.source_filename.is_none() {
        module.source_filename = Some(name.to_owned());
    }
    PrintOptions {
        module_id: Some(name.to_owned()),
    }
}

/// The same for the text [`print()`] makes with `options` (a `; ModuleID` line first when they
/// name one).
pub fn number_lines_with(module: &mut Module, options: &PrintOptions) {
    let (_, lines) = print_with_lines(module, options);
    lines.apply(module);
}

fn print_module(module: &Module, options: &PrintOptions, lines: bool) -> (String, Option<Lines>) {
    let mut p = Printer::new(module);
    p.out.reserve(1 << 16);
    if lines {
        p.lines = Some(Lines {
            functions: vec![0; module.functions.len()],
            insts: module
                .functions
                .iter()
                .map(|f| vec![0; f.body.as_ref().map_or(0, |b| b.insts.len())])
                .collect(),
            named: vec![0; module.metadata.named.len()],
            counted: (0, 0),
        });
    }
    p.number_types();
    p.number_globals();
    p.attrs = attrs::AttrSlots::number(module);
    p.md = metadata::MdSlots::number(module);
    p.module(options);
    (p.out, p.lines)
}

/// A type as LLVM IR text (`float`, `%dx.types.Handle`, `<4 x i32>`), as the printer writes
/// it.
pub fn type_string(module: &Module, ty: TypeId) -> String {
    let mut p = Printer::new(module);
    p.ty(ty);
    p.out
}

/// A value as LLVM IR text, without its type (`%x`, `%3`, `13`, `undef`,
/// `{ i32 0, i8 1 }`), as the printer writes it in the body of `function` (which numbers the
/// unnamed values; it is numbered for this call, so use it for messages, not in a loop).
pub fn value_string(
    module: &Module,
    function: Option<crate::model::FuncId>,
    value: crate::model::Value,
) -> String {
    let mut p = Printer::new(module);
    p.number_globals();
    let locals = function
        .and_then(|f| {
            let func = module.function(f)?;
            let body = func.body.as_ref()?;
            let params = match module.types.get(func.ty)? {
                crate::model::Type::Function { params, .. } => params.len(),
                _ => 0,
            };
            Some(p.locals(f, body, params))
        })
        .unwrap_or_default();
    p.value(value, &locals, 0);
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
            lines: None,
        }
    }

    /// The line the output goes on next, when lines are recorded.
    fn line(&mut self) -> Option<u32> {
        let lines = self.lines.as_mut()?;
        let (n, upto) = lines.counted;
        let new = self.out.as_bytes().get(upto..).unwrap_or(&[]);
        let n = n.saturating_add(memchr::memchr_iter(b'\n', new).count() as u32);
        lines.counted = (n, self.out.len());
        Some(n + 1)
    }

    /// Records that function `f` starts on the next line.
    pub(crate) fn record_function(&mut self, f: crate::model::FuncId) {
        if let Some(line) = self.line()
            && let Some(slot) = self
                .lines
                .as_mut()
                .and_then(|l| l.functions.get_mut(f.index()))
        {
            *slot = line;
        }
    }

    /// Records that instruction `i` of function `f` is printed on the current line.
    pub(crate) fn record_inst(&mut self, f: Option<crate::model::FuncId>, i: crate::model::InstId) {
        if let (Some(line), Some(f)) = (self.line(), f)
            && let Some(slot) = self
                .lines
                .as_mut()
                .and_then(|l| l.insts.get_mut(f.index()))
                .and_then(|v| v.get_mut(i.index()))
        {
            *slot = line;
        }
    }

    /// Records that named metadata `n` (by position) is printed on the current line.
    pub(crate) fn record_named(&mut self, n: usize) {
        if let Some(line) = self.line()
            && let Some(slot) = self.lines.as_mut().and_then(|l| l.named.get_mut(n))
        {
            *slot = line;
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
        // escaped, as `source_filename` is: LLVM writes these two as they are, which is the
        // same text for the layouts and triples compilers write, but text that does not read
        // back for a `"` or `\` in one (a damaged input)
        if let Some(s) = &self.m.datalayout {
            self.out.push_str("target datalayout = \"");
            escaped(&mut self.out, s.as_bytes());
            self.out.push_str("\"\n");
        }
        if let Some(s) = &self.m.triple {
            self.out.push_str("target triple = \"");
            escaped(&mut self.out, s.as_bytes());
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
