//! The bitcode writer: a [`Module`] as LLVM 3.7 bitcode.

pub(super) mod codes;
mod constants;
mod dominance;
mod error;
mod function;
mod insts;
mod metadata;
mod module;
mod rules;
mod stream;
mod types;
mod values;

pub use error::{Place, WriteError, WriteErrorKind};

use crate::bitstream::BITCODE_MAGIC;
use crate::model::{FuncId, InstKind, MdItem, Module, Type, TypeId, Value};
use module::{FnAbbrevs, ModuleIds};
use stream::Out;
use values::ConstTable;

/// Writes a module as LLVM 3.7 bitcode (`BC C0 DE`, then the module block).
pub fn write(m: &Module) -> Result<Vec<u8>, WriteError> {
    let tt = types::enumerate(m).map_err(|e| at_first_use(m, e))?;
    let mdn = metadata::number(m)?;
    let consts = module_constants(m, &tt)?;
    let globals = m.globals.len() as u32;
    let ids = ModuleIds {
        m,
        globals,
        first_const: globals + m.functions.len() as u32,
        consts: &consts,
    };
    let metadata_ty = m
        .types
        .iter()
        .find(|(_, t)| matches!(t, Type::Metadata))
        .map(|(id, _)| id);
    let insts: usize = m
        .functions
        .iter()
        .filter_map(|f| f.body.as_ref())
        .map(|b| b.insts.len())
        .sum();
    let mut out = Out::new(BITCODE_MAGIC, 2048 + 16 * (insts + m.metadata.items.len()));
    out.enter(codes::MODULE_BLOCK, 3);
    out.record(codes::module::VERSION, &[1]);
    let fa = FnAbbrevs::new(&tt);
    module::blockinfo(&mut out, &tt, &fa);
    module::attributes(&mut out, m)?;
    types::write(&mut out, m, &tt);
    module::info(&mut out, m, &tt, &ids)?;
    constants::write(&mut out, m, &tt, &ids, &consts.list, true, ids.count())?;
    metadata::write_module(&mut out, m, &tt, &ids, &mdn)?;
    metadata::write_kinds(&mut out, m)?;
    module::module_symtab(&mut out, m, &ids)?;
    let mut scratch = function::Scratch::new(m);
    for (i, f) in m.functions.iter().enumerate() {
        if let Some(body) = &f.body {
            function::write(
                &mut out,
                m,
                &tt,
                &ids,
                &mdn,
                &fa,
                FuncId(i as u32),
                f,
                body,
                &mut scratch,
                metadata_ty,
            )?;
        }
    }
    out.exit();
    Ok(out.finish())
}

/// The module's constants: those of the global initializers, of the functions' prefix data,
/// prologue data and personalities, and those metadata holds, in that order (with the
/// constants each contains before it), then ordered as LLVM orders them.
fn module_constants(m: &Module, tt: &types::TypeTable) -> Result<ConstTable, WriteError> {
    let mut consts = ConstTable::new(m);
    let place = || Place::Module;
    let roots = m
        .globals
        .iter()
        .map(|g| g.init)
        .chain(m.functions.iter().map(|f| f.prefix))
        .chain(m.functions.iter().map(|f| f.prologue))
        .chain(m.functions.iter().map(|f| f.personality))
        .flatten()
        .chain(m.metadata.items.iter().filter_map(|i| match i {
            MdItem::Value { value, .. } => Some(*value),
            _ => None,
        }));
    for v in roots {
        if let Value::Const(c) = v {
            consts.add(m, c, None, &place)?;
        }
    }
    consts.order(m, tt);
    Ok(consts)
}

/// A type error moved to the first instruction (in block order) whose result has the type or
/// that calls through it, when there is one, so that the error names the function and the
/// instruction; else unchanged.
#[cold]
fn at_first_use(m: &Module, e: WriteError) -> WriteError {
    let Place::Type(t) = *e.place() else {
        return e;
    };
    let t = TypeId(t);
    for (fi, f) in m.functions.iter().enumerate() {
        let Some(body) = &f.body else { continue };
        for (position, (id, inst)) in body.iter().enumerate() {
            let calls_through = matches!(&inst.kind, InstKind::Call(c) if c.fn_ty == t);
            if inst.ty == t || calls_through {
                let place = Place::Instruction {
                    function: fi as u32,
                    name: f.name.map(|s| m.symbols.lossy(s).into_owned()),
                    position: position as u32,
                    inst: id.0,
                    opcode: inst.kind.opcode_name(),
                    line: inst.line,
                };
                return WriteError::new(place, e.kind().clone());
            }
        }
    }
    e
}
