//! The checks of `!dx.resources` (DXC's `ValidateResources`): each record on its own
//! (`records.rs`), then across records: the register ranges of the resources of one class
//! must not overlap within a space, and the ids of each class must count from 0 in the order
//! of the list.

use std::collections::{BTreeMap, HashMap};

use dxil_module::dxil::{self, ResourceRecord};
use dxil_module::model::Module;
use dxil_ops::enums::ResourceClass;
use dxil_ops::rules::ValidationRule;

use super::Cx;
use crate::Diagnostic;

/// The registers a record takes, as DXC counts them: `[lower, upper]`, where an unbounded
/// range (or one past the last register) ends at the last register; `None` for an empty range.
fn span(r: &ResourceRecord<'_>) -> Option<(u32, u32)> {
    let (base, size) = (r.lower_bound, r.range_size);
    let end = base.wrapping_add(size).wrapping_sub(1);
    let end = if end < base { size } else { end };
    (end >= base && size > 0).then_some((base, end))
}

/// The name of a resource for messages: its name, or its class and id.
fn name(r: &ResourceRecord<'_>) -> String {
    if r.name.is_empty() {
        format!("{} {}", class_name(r.class), r.id)
    } else {
        r.name_text().into_owned()
    }
}

/// The name of a class.
fn class_name(class: ResourceClass) -> &'static str {
    class.name()
}

/// Checks the records of `!dx.resources` (those that have their layout).
pub(crate) fn check(cx: &Cx<'_>, m: &Module, out: &mut Vec<Diagnostic>) {
    let records: Vec<ResourceRecord<'_>> = dxil::resource_records(m)
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .collect();
    // the ranges taken, by class and space: start -> (end, record)
    let mut taken: HashMap<(ResourceClass, u32), BTreeMap<u32, (u32, usize)>> = HashMap::new();
    for (k, r) in records.iter().enumerate() {
        super::records::check(cx, r, &name(r), out);
        // in a library an unbound resource has no registers yet
        if cx.library && r.lower_bound == u32::MAX {
            continue;
        }
        let Some((start, end)) = span(r) else {
            continue;
        };
        let spans = taken.entry((r.class, r.space)).or_default();
        // the range that starts last at or before this one's end, if it reaches this one
        let clash = spans
            .range(..=end)
            .next_back()
            .filter(|(_, (e, _))| *e >= start)
            .map(|(s, (_, other))| (*s, *other));
        match clash {
            Some((_, other)) => {
                let o = &records[other];
                out.push(crate::diagnostic(
                    cx.lines.resource(r.node),
                    ValidationRule::SmResourceRangeOverlap,
                    &[&name(r), &r.lower_bound, &r.range_size, &o.lower_bound, &o.range_size, &r.space],
                    format_args!(
                        "the {} `{}` takes registers {start} to {end} of space {}, and `{}` takes {} to {}; bind them to disjoint ranges",
                        class_name(r.class),
                        name(r),
                        r.space,
                        name(o),
                        o.lower_bound,
                        span(o).map_or(o.lower_bound, |s| s.1),
                    ),
                ));
            }
            None => {
                spans.insert(start, (end, k));
            }
        }
    }
    // dense ids: the first record, by class and id, whose id is not its place in its list
    let mut places: HashMap<ResourceClass, u32> = HashMap::new();
    let first = records
        .iter()
        .filter_map(|r| {
            let place = places.entry(r.class).or_default();
            let at = *place;
            *place += 1;
            (r.id != at).then_some((r.class as u32, r.id, r, at))
        })
        .min_by_key(|(c, id, _, _)| (*c, *id));
    if let Some((_, _, r, at)) = first {
        out.push(crate::diagnostic(
            cx.lines.resource(r.node),
            ValidationRule::MetaDenseResIDs,
            &[],
            format_args!(
                "the {} `{}` is record {at} of its class but has id {}; number the records of each class 0, 1, 2, ... in order",
                class_name(r.class),
                name(r),
                r.id
            ),
        ));
    }
}
