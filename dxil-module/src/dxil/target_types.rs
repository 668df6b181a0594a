//! `!dx.targetTypes`: the target extension types a module uses (the LinAlg matrix types
//! `%dx.types.LinAlgMatrixC9M8N8U0S2`), each `!{%T undef, i32 ...}`: a value of the type,
//! then the type's parameters.

use super::error::{At, MdError, Step};
use super::md::{named, tuple};
use crate::model::{MdId, Module, TypeId};

/// A target type of `!dx.targetTypes`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TargetType<'m> {
    m: &'m Module,
    /// Its position in `!dx.targetTypes`.
    pub index: usize,
    /// Its node.
    pub node: MdId,
    /// The type.
    pub ty: TypeId,
}

impl TargetType<'_> {
    /// The type's parameters: the integers after the value (read on demand, since many
    /// entries may share one node).
    pub fn parameters(&self) -> Result<Vec<u32>, MdError> {
        let root = At::named("dx.targetTypes");
        let at = root.then(Step::Item("type", self.index), Some(self.node));
        let t = tuple(self.m, &at, Some(self.node))?;
        (1..t.len()).map(|k| t.u32("parameter", k)).collect()
    }
}

/// The target types of `!dx.targetTypes` (none without it), each read on its own.
pub fn target_types(m: &Module) -> impl Iterator<Item = Result<TargetType<'_>, MdError>> + '_ {
    named(m, "dx.targetTypes")
        .unwrap_or(&[])
        .iter()
        .enumerate()
        .map(move |(index, &node)| {
            let root = At::named("dx.targetTypes");
            let at = root.then(Step::Item("type", index), Some(node));
            let t = tuple(m, &at, Some(node))?;
            t.at_least(1)?;
            match t.value("value", 0)? {
                Some((ty, _)) => Ok(TargetType { m, index, node, ty }),
                None => Err(super::md::expected(
                    m,
                    &t.at_field("value", 0),
                    "a value",
                    None,
                )),
            }
        })
}
