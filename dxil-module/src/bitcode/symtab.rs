//! `VALUE_SYMTAB_BLOCK`: the names of globals and functions (module level), of arguments,
//! results and blocks (in a function body).

use super::codes;
use super::module::Decoder;
use super::names::Names;
use super::ops::Ops;
use super::{DecodeError, ErrorKind};
use crate::bitstream::Block;
use crate::model::{Body, Sym, Symbols, Value};

impl Decoder {
    /// Reads the module's symbol table: `ENTRY: [valueid, namechar...]` and `FNENTRY:
    /// [valueid, offset, namechar...]` name globals and functions.
    pub(crate) fn module_symtab(&mut self, block: Block<'_>) -> Result<(), DecodeError> {
        for rec in block.records() {
            let mut ops = Ops::new(codes::VALUE_SYMTAB, &rec);
            let id = match ops.code() {
                1 => ops.next()?,
                3 => {
                    let id = ops.next()?;
                    ops.next()?;
                    id
                }
                2 => {
                    return Err(ops.err(ErrorKind::WrongType {
                        field: "a VST_BBENTRY",
                        needed: "in a function's symbol table",
                    }));
                }
                _ => continue,
            };
            let chars = ops.rest();
            let name = self.name(&ops, chars)?;
            let name = unique(&mut self.global_names, &mut self.m.symbols, &ops, name)?;
            self.m.symtab_order.extend(name);
            match self.defined(ops.at(), id)?.0 {
                Value::Global(g) => {
                    if let Some(global) = self.m.globals.get_mut(g.index()) {
                        global.name = name;
                    }
                }
                Value::Function(f) => {
                    if let Some(func) = self.m.functions.get_mut(f.index()) {
                        func.name = name;
                    }
                }
                _ => {
                    return Err(ops.err(ErrorKind::WrongType {
                        field: "a value named in the module's symbol table",
                        needed: "a global or a function",
                    }));
                }
            }
        }
        Ok(())
    }

    /// Reads a function's symbol table into its body: `ENTRY` names an argument or a
    /// result, `BBENTRY: [bbid, namechar...]` a block.
    pub(crate) fn function_symtab(
        &mut self,
        block: Block<'_>,
        body: &mut Body,
    ) -> Result<(), DecodeError> {
        for rec in block.records() {
            let mut ops = Ops::new(codes::VALUE_SYMTAB, &rec);
            let code = ops.code();
            if code != 1 && code != 2 {
                continue;
            }
            let id = ops.next()?;
            let chars = ops.rest();
            let name = self.name(&ops, chars)?;
            let name = unique(&mut self.local_names, &mut self.m.symbols, &ops, name)?;
            body.symtab_order.extend(name);
            if code == 2 {
                match usize::try_from(id)
                    .ok()
                    .and_then(|i| body.blocks.get_mut(i))
                {
                    Some(b) => b.name = name,
                    None => {
                        return Err(ops.out_of_range("block", id, body.blocks.len() as u64));
                    }
                }
                continue;
            }
            match self.defined(ops.at(), id)?.0 {
                Value::Arg(n) => {
                    if let Some(slot) = body.arg_names.get_mut(n as usize) {
                        *slot = name;
                    }
                }
                Value::Inst(i) => {
                    if let Some(inst) = body.insts.get_mut(i.index()) {
                        inst.name = name;
                    }
                }
                _ => {
                    return Err(ops.err(ErrorKind::WrongType {
                        field: "a value named in a function's symbol table",
                        needed: "an argument or an instruction's result",
                    }));
                }
            }
        }
        Ok(())
    }

    /// A name from record values, the empty name included.
    pub(crate) fn name_or_empty(
        &mut self,
        ops: &Ops<'_>,
        chars: &[u64],
    ) -> Result<Sym, DecodeError> {
        match self.name(ops, chars)? {
            Some(name) => Ok(name),
            None => self
                .m
                .symbols
                .intern(b"")
                .map_err(|_| ops.err(ErrorKind::Full("names"))),
        }
    }

    /// A name from record values: `None` when empty.
    pub(crate) fn name(
        &mut self,
        ops: &Ops<'_>,
        chars: &[u64],
    ) -> Result<Option<Sym>, DecodeError> {
        if chars.is_empty() {
            return Ok(None);
        }
        // One pass over the values: each narrowed to a byte, all of them or-ed to check.
        self.scratch.clear();
        let mut all = 0;
        self.scratch.extend(chars.iter().map(|&c| {
            all |= c;
            c as u8
        }));
        if all > 0xFF {
            return Err(ops.err(ErrorKind::BadString));
        }
        self.m
            .symbols
            .intern(&self.scratch)
            .map(Some)
            .map_err(|_| ops.err(ErrorKind::Full("names")))
    }
}

/// `name` made unique in `names` ([`Names::unique`]).
pub(crate) fn unique(
    names: &mut Names,
    symbols: &mut Symbols,
    ops: &Ops<'_>,
    name: Option<Sym>,
) -> Result<Option<Sym>, DecodeError> {
    match name {
        Some(n) => names
            .unique(symbols, n)
            .map(Some)
            .map_err(|_| ops.err(ErrorKind::Full("names"))),
        None => Ok(None),
    }
}
