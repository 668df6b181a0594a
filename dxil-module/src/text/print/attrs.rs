//! Attributes: their order and spelling, and the numbering of the function attribute sets
//! (`#N`): functions' sets first, in function order, then those of call sites.

use super::Printer;
use super::names::escaped;
use crate::hash::Map;
use crate::model::{Attr, AttrGroup, AttrListId, InstKind, Module};

/// Attributes with an integer (`align`, `alignstack`, `dereferenceable`, ...), which LLVM
/// sorts after the flags; then those with a type, then string attributes.
fn rank(a: &Attr) -> (u8, std::borrow::Cow<'_, [u8]>, &[u8]) {
    match a {
        Attr::Enum(k) | Attr::Int(k, _) => {
            let class = match k {
                1 | 25 | 41 | 42 | 51 | 74 => 1,
                3 | 29 | 38 | 65 | 69 | 77 => 2,
                _ => 0,
            };
            let name = Attr::kind_name(*k).unwrap_or("");
            (class, std::borrow::Cow::Borrowed(name.as_bytes()), &[][..])
        }
        Attr::Str { key, value } => (
            3,
            std::borrow::Cow::Borrowed(&key[..]),
            value.as_deref().unwrap_or(&[]),
        ),
    }
}

/// Sorts attributes as LLVM orders the attributes of a set.
pub(crate) fn sort_attrs(attrs: &mut [Attr]) {
    attrs.sort_by(|a, b| rank(a).cmp(&rank(b)));
}

/// The numbering of function attribute sets.
#[derive(Default)]
pub(crate) struct AttrSlots {
    slots: Map<Vec<Attr>, u32>,
    pub order: Vec<Vec<Attr>>,
}

/// The attributes of the place `index` in a list (function: [`AttrGroup::FUNCTION`]), sorted.
pub(crate) fn place_attrs(m: &Module, list: Option<AttrListId>, index: u32) -> Vec<Attr> {
    let mut out = Vec::new();
    let Some(list) = list.and_then(|l| m.attr_lists.get(l.index())) else {
        return out;
    };
    for gid in &list.groups {
        for g in m
            .attr_groups
            .iter()
            .filter(|g| g.id == *gid && g.index == index)
        {
            out.extend(g.attrs.iter().cloned());
        }
    }
    sort_attrs(&mut out);
    out.dedup();
    out
}

impl AttrSlots {
    fn add(&mut self, attrs: Vec<Attr>) {
        if attrs.is_empty() || self.slots.contains_key(&attrs) {
            return;
        }
        self.slots.insert(attrs.clone(), self.order.len() as u32);
        self.order.push(attrs);
    }

    /// Numbers the sets of a module.
    pub(crate) fn number(m: &Module) -> AttrSlots {
        let mut s = AttrSlots::default();
        for f in &m.functions {
            s.add(place_attrs(m, f.attrs, AttrGroup::FUNCTION));
        }
        for f in &m.functions {
            if let Some(body) = &f.body {
                for (_, inst) in body.iter() {
                    if let InstKind::Call(c) = &inst.kind {
                        s.add(place_attrs(m, c.attrs, AttrGroup::FUNCTION));
                    }
                }
            }
        }
        s
    }

    /// The number of a set.
    pub(crate) fn slot(&self, attrs: &[Attr]) -> Option<u32> {
        self.slots.get(attrs).copied()
    }
}

impl Printer<'_> {
    /// One attribute (`in_group`: as inside `attributes #N = { }`).
    pub(crate) fn attr(&mut self, a: &Attr, in_group: bool) {
        match a {
            Attr::Enum(k) => match Attr::kind_name(*k) {
                Some(n) => self.out.push_str(n),
                None => self.out.push_str(&format!("<attribute {k}>")),
            },
            Attr::Int(k, v) => {
                let name = Attr::kind_name(*k).unwrap_or("<attribute>");
                self.out.push_str(name);
                match (*k, in_group) {
                    (1 | 25, true) => self.out.push_str(&format!("={v}")),
                    (1, false) => self.out.push_str(&format!(" {v}")),
                    _ => self.out.push_str(&format!("({v})")),
                }
            }
            Attr::Str { key, value } => {
                self.out.push('"');
                escaped(&mut self.out, key);
                self.out.push('"');
                if let Some(v) = value.as_deref().filter(|v| !v.is_empty()) {
                    self.out.push_str("=\"");
                    escaped(&mut self.out, v);
                    self.out.push('"');
                }
            }
        }
    }

    /// Attributes separated by spaces.
    pub(crate) fn attr_list(&mut self, attrs: &[Attr], in_group: bool) {
        for (i, a) in attrs.iter().enumerate() {
            if i > 0 {
                self.out.push(' ');
            }
            self.attr(a, in_group);
        }
    }

    /// `attributes #N = { ... }` lines.
    pub(crate) fn attribute_groups(&mut self) {
        if self.attrs.order.is_empty() {
            return;
        }
        self.out.push('\n');
        let order = std::mem::take(&mut self.attrs.order);
        for (i, attrs) in order.iter().enumerate() {
            self.out.push_str(&format!("attributes #{i} = {{ "));
            self.attr_list(attrs, true);
            self.out.push_str(" }\n");
        }
        self.attrs.order = order;
    }
}
