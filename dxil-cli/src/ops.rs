//! `dxil dis --ops`: every `dx.op` call of a module with its operands named, read by
//! `dxil_ops::read` (`@function: Op { operand: value, ... }`).

use std::fmt::Write;

use dxil_module::dxop::DxOpCalls;
use dxil_module::model::Module;

/// The calls of `m`, one a line: the function it is in and the op with its named operands; a
/// call that does not read as one of its op says why. Ends with the number of calls read.
pub fn listing(m: &Module) -> String {
    let calls = DxOpCalls::new(m);
    let (mut out, mut read, mut total) = (String::new(), 0usize, 0usize);
    let mut buf = Vec::new();
    for c in calls.iter() {
        total += 1;
        let function = m.function_name(c.function).unwrap_or("?");
        let _ = write!(out, "@{function}: ");
        match c.read(&mut buf) {
            Ok(op) => {
                read += 1;
                let _ = writeln!(out, "{op}");
            }
            Err(e) => {
                let _ = writeln!(out, "`{}`: not read: {e}", c.name);
            }
        }
    }
    let _ = writeln!(out, "; {read}/{total} dx.op calls read");
    out
}
