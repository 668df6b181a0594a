//! `!dx.entryPoints`: one record per entry point, `!{void ()* @main, !"main", !sigs, !res,
//! !props}`: the function (`null` for the record of a library that holds no function), the
//! name, the signatures, the resources and the properties (each may be `null`).

use std::borrow::Cow;

use super::error::{At, MdError, Step};
use super::md::{named, opt_tuple, tag_pairs, tuple};
use super::properties::Properties;
use super::resources::{Resources, resources_of};
use super::signature::{Signatures, signatures_of};
use crate::model::{FuncId, MdId, Module};

/// The named metadata of the entry points.
const NAME: &str = "dx.entryPoints";

/// An entry point record. The signatures, resources and properties are read on demand, so a
/// node that many entries share is read once per use, and an error in one of them leaves the
/// others readable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EntryPoint<'m> {
    m: &'m Module,
    /// Its position in `!dx.entryPoints`.
    pub index: usize,
    /// Its record.
    pub node: MdId,
    /// The entry function; `None` for `null`.
    pub function: Option<FuncId>,
    /// Its name (unmangled), as bytes.
    pub name: &'m [u8],
    /// The signatures node (`!{inputs, outputs, patch constants or primitives}`); `None` for
    /// `null`.
    pub signatures: Option<MdId>,
    /// The resources node (the layout of `!dx.resources`); `None` for `null`.
    pub resources: Option<MdId>,
    /// The properties node (tag/value pairs); `None` for `null`.
    pub properties: Option<MdId>,
}

impl<'m> EntryPoint<'m> {
    /// The name as text (invalid UTF-8 replaced).
    pub fn name_text(&self) -> Cow<'m, str> {
        String::from_utf8_lossy(self.name)
    }

    /// The signatures; `None` when the record has none.
    pub fn signatures(&self) -> Result<Option<Signatures<'m>>, MdError> {
        let root = At::named(NAME);
        let entry = root.then(Step::Item("entry", self.index), Some(self.node));
        let at = entry.field("signatures", self.signatures);
        signatures_of(self.m, &at, self.signatures)
    }

    /// The resources this entry uses; `None` when the record has none.
    pub fn resources(&self) -> Result<Option<Resources<'m>>, MdError> {
        let root = At::named(NAME);
        let entry = root.then(Step::Item("entry", self.index), Some(self.node));
        let at = entry.field("resources", self.resources);
        resources_of(self.m, &at, self.resources)
    }

    /// The properties (an empty list when the record has none).
    pub fn properties(&self) -> Result<Properties<'m>, MdError> {
        let root = At::named(NAME);
        let entry = root.then(Step::Item("entry", self.index), Some(self.node));
        let at = entry.field("properties", self.properties);
        let pairs = match opt_tuple(self.m, &at, self.properties)? {
            Some(t) => tag_pairs(&t)?,
            None => Vec::new(),
        };
        Ok(Properties::new(
            self.m,
            self.index,
            self.node,
            self.properties,
            pairs,
        ))
    }
}

/// The entry points of `!dx.entryPoints`, in order (none without it); each record read on its
/// own, so that one that does not have the layout leaves the others readable.
pub fn entry_points(m: &Module) -> impl Iterator<Item = Result<EntryPoint<'_>, MdError>> + '_ {
    let list = named(m, NAME).unwrap_or(&[]);
    list.iter()
        .enumerate()
        .map(move |(index, &node)| entry_point(m, index, node))
}

/// Reads the record of entry `index`.
fn entry_point(m: &Module, index: usize, node: MdId) -> Result<EntryPoint<'_>, MdError> {
    let root = At::named(NAME);
    let at = root.then(Step::Item("entry", index), Some(node));
    let t = tuple(m, &at, Some(node))?;
    t.at_least(5)?;
    Ok(EntryPoint {
        m,
        index,
        node,
        function: t.function("function", 0)?,
        name: t.string("name", 1)?,
        signatures: t.get(2)?,
        resources: t.get(3)?,
        properties: t.get(4)?,
    })
}
