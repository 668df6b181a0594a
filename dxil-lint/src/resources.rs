//! What the checks of constraints need to know besides a call: the resource behind each handle
//! (traced to the call that made it) and the LinAlg matrix types of `!dx.targetTypes`.
//!
//! A handle's resource comes from the call that made it, in the same function: `annotateHandle`
//! (its `%dx.types.ResourceProperties` constant, SM 6.6 and later) or `createHandle` (the record
//! of `!dx.resources` of its class with its range id). Any other handle (a
//! `createHandleForLib` or `createHandleFromBinding` not annotated, a phi, an argument) has an
//! unknown resource, and the constraints about resources are not checked for it.

use std::collections::{HashMap, HashSet};

use dxil_module::dxil;
use dxil_module::dxop::DxOpCalls;
use dxil_module::model::{FuncId, MdId, Module, TypeId, Value};
use dxil_ops::Op;
use dxil_ops::constraint::Resource;
use dxil_ops::enums::{ComponentType, ResourceClass, ResourceKind};
use dxil_ops::resource::has_component_type;

/// The resource a record of `!dx.resources` declares: its class (the list it is in), its kind,
/// the component type of a typed resource, a sampler's comparison mode. `None` for a kind that
/// is not one.
fn declared(
    class: ResourceClass,
    kind: Option<ResourceKind>,
    component: Option<u64>,
    comparison: bool,
) -> Option<Resource> {
    let kind = kind.filter(|k| !matches!(k, ResourceKind::Invalid | ResourceKind::NumEntries))?;
    Some(Resource {
        class,
        kind,
        component: if has_component_type(kind) {
            component
                .and_then(|c| i64::try_from(c).ok())
                .and_then(ComponentType::from_value)
        } else {
            None
        },
        comparison,
    })
}

/// The records of `!dx.resources`, by class (SRV, UAV, CBuffer, Sampler) and range id: the
/// first record of each id, keyed, since a module may declare as many resources as it makes
/// handles. A record that does not have its layout is left out.
#[derive(Debug, Default)]
pub(crate) struct Declared {
    by_class: [HashMap<u32, Resource>; 4],
}

impl Declared {
    /// Reads `!dx.resources`. The extra properties of records are read once per node, however
    /// many records share it.
    pub(crate) fn of(m: &Module) -> Declared {
        let mut d = Declared::default();
        let records = dxil::resource_records(m).unwrap_or_default();
        // the component type of a typed resource: tag 0 of its extra properties
        let mut components: HashMap<MdId, Option<u64>> = HashMap::new();
        for r in records.into_iter().flatten() {
            let component = match r.extra {
                Some(node) => *components.entry(node).or_insert_with(|| {
                    r.extra_properties()
                        .ok()
                        .and_then(|p| p.into_iter().find(|(t, _)| *t == 0).map(|(_, v)| v))
                }),
                None => None,
            };
            let comparison = matches!(r.detail, dxil::ResourceDetail::Sampler { sampler_type: 1 });
            let Some(resource) = declared(r.class, r.kind(), component, comparison) else {
                continue;
            };
            if let Some(by_id) = d.by_class.get_mut(r.class as usize) {
                by_id.entry(r.id).or_insert(resource);
            }
        }
        d
    }

    fn get(&self, class: i64, id: i64) -> Option<Resource> {
        let by_id = self.by_class.get(usize::try_from(class).ok()?)?;
        by_id.get(&u32::try_from(id).ok()?).copied()
    }
}

/// The LinAlg matrix types that have an entry in `!dx.targetTypes`. Each node is read once,
/// however many entries name it.
pub(crate) fn target_types(m: &Module) -> HashSet<TypeId> {
    dxil::target_types(m).flatten().map(|t| t.ty).collect()
}

/// The resource behind handle `value`, an operand of a call in `function`: traced to the
/// `annotateHandle` or `createHandle` call that made it.
pub(crate) fn resource_of(
    calls: &DxOpCalls<'_>,
    declared: &Declared,
    function: FuncId,
    value: Value,
) -> Option<Resource> {
    let call = calls.call_at(function, value.as_inst()?)?;
    let int = |i: usize| call.operand(i)?.int();
    let opcode = u32::try_from(int(0)?).ok()?;
    match Op::from_opcode(opcode)? {
        Op::AnnotateHandle => Resource::of_properties(call.operand(2)?.constraint_value())?.ok(),
        Op::CreateHandle => declared.get(int(1)?, int(2)?),
        _ => None,
    }
}
