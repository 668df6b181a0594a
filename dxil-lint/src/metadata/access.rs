//! The checks of the calls that read or write a signature element (DXC's
//! `ValidateSignatureAccess`): the element id names an element of the signature the op
//! accesses, in the entry point the call is made for, and a constant row and column lie within
//! the element.

use std::collections::HashMap;

use dxil_module::dxil::SignatureElement;
use dxil_module::dxop::DxOpCall;
use dxil_module::model::{FuncId, Module};
use dxil_ops::Op;
use dxil_ops::enums::SignatureKind;
use dxil_ops::rules::ValidationRule;

use super::entry::Entry;
use super::signature::Sig;
use crate::Diagnostic;

/// The ops that access a signature element, with the signature: the element id, the row and
/// the column are their first three operands after the opcode.
const OPS: [(Op, SignatureKind); 10] = [
    (Op::LoadInput, SignatureKind::Input),
    (Op::StoreOutput, SignatureKind::Output),
    (Op::StoreVertexOutput, SignatureKind::Output),
    (Op::StorePrimitiveOutput, SignatureKind::PatchConstOrPrim),
    (Op::LoadOutputControlPoint, SignatureKind::Output),
    (Op::StorePatchConstant, SignatureKind::PatchConstOrPrim),
    (Op::EvalCentroid, SignatureKind::Input),
    (Op::EvalSampleIndex, SignatureKind::Input),
    (Op::EvalSnapped, SignatureKind::Input),
    (Op::AttributeAtVertex, SignatureKind::Input),
];

/// The entries a function's calls access the signatures of: the entry whose function it is,
/// or the hull shaders whose patch-constant function it is.
#[derive(Default)]
pub(crate) struct Access<'e, 'm> {
    /// By function: whether it is a patch-constant function, and the entries.
    entries: HashMap<FuncId, (bool, Vec<&'e Entry<'m>>)>,
}

impl<'e, 'm> Access<'e, 'm> {
    /// The functions of `entries` (with readable signatures) and of their patch-constant
    /// functions.
    pub(crate) fn new(entries: &'e [Entry<'m>]) -> Self {
        let mut map: HashMap<FuncId, (bool, Vec<&'e Entry<'m>>)> = HashMap::new();
        for e in entries.iter().filter(|e| e.signatures.is_some()) {
            if let Some(f) = e.record.function {
                map.entry(f).or_insert((false, Vec::new())).1.push(e);
            }
        }
        for e in entries.iter().filter(|e| e.signatures.is_some()) {
            if let Some(f) = e.states.patch_constant() {
                let (patch, list) = map.entry(f).or_insert((true, Vec::new()));
                if *patch {
                    list.push(e);
                }
            }
        }
        Access { entries: map }
    }

    /// Checks call `c` of `op`, if it accesses a signature.
    pub(crate) fn check(&self, m: &Module, op: Op, c: &DxOpCall<'_>, out: &mut Vec<Diagnostic>) {
        let Some(&(_, kind)) = OPS.iter().find(|(o, _)| *o == op) else {
            return;
        };
        let Some((patch, entries)) = self.entries.get(&c.function) else {
            return;
        };
        // as DXC: a patch constant is stored from the patch-constant function only, for each
        // hull shader that has it; other accesses there are the first hull shader's
        let store_patch = op == Op::StorePatchConstant;
        if store_patch && !*patch {
            return;
        }
        let entries = if *patch && !store_patch {
            entries.get(..1).unwrap_or(&[])
        } else {
            entries
        };
        let unsigned = |i: usize| -> Option<u64> {
            let o = c.operand(i)?;
            let v = o.int()?;
            let width = m.types.int_width(o.ty)?;
            Some(if width >= 64 {
                v as u64
            } else {
                (v as u64) & ((1u64 << width) - 1)
            })
        };
        let Some(id) = unsigned(1) else { return };
        let line = c.line as usize;
        let name = op.info().name;
        for e in entries.iter() {
            let Some(sigs) = &e.signatures else { continue };
            let list: &[SignatureElement<'_>] = match kind {
                SignatureKind::Input => &sigs.input,
                SignatureKind::Output => &sigs.output,
                _ => &sigs.patch_constant,
            };
            let sig = Sig::new(kind, e.kind, &e.name);
            let Some(el) = usize::try_from(id)
                .ok()
                .and_then(|i| list.get(i).map(|el| (i, el)))
            else {
                out.push(crate::diagnostic(
                    line,
                    ValidationRule::InstrOpConstRange,
                    &[],
                    format_args!(
                        "{name} accesses {} element {id}, but the {} signature of entry point `{}` has {} element(s); name one of them",
                        sig.label,
                        sig.label,
                        e.name,
                        list.len()
                    ),
                ));
                continue;
            };
            let (i, el) = el;
            // as DXC, a column is out of range past the element's column count (not at it)
            let limits = [
                ("Row", "row", 2, el.rows, 1),
                ("Col", "column", 3, el.cols.into(), 0),
            ];
            for (arg, what, operand, count, slack) in limits {
                if let Some(v) = unsigned(operand)
                    && v.saturating_add(slack) > u64::from(count)
                {
                    out.push(crate::diagnostic(
                        line,
                        ValidationRule::InstrOperandRange,
                        &[&arg, &format_args!("0~{count}"), &v],
                        format_args!(
                            "{name} accesses {what} {v} of {}, which has {count} {what}(s); use one of them",
                            sig.at(i, el)
                        ),
                    ));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ops_take_the_element_row_and_column_first() {
        for (op, _) in OPS {
            let names: Vec<&str> = op
                .info()
                .signature
                .params
                .iter()
                .take(3)
                .map(|p| p.name)
                .collect();
            let lower: Vec<String> = names.iter().map(|n| n.to_ascii_lowercase()).collect();
            assert!(lower[0].contains("sigid"), "{op:?}: {names:?}");
            assert!(lower[1].contains("row"), "{op:?}: {names:?}");
            assert!(lower[2].contains("col"), "{op:?}: {names:?}");
        }
    }
}
