//! Reading the DXIL metadata of a module: `!dx.shaderModel`, `!dx.version`, `!dx.valver` and
//! the first `!dx.entryPoints` entry (its signatures and properties), as far as the
//! container parts need them.

use crate::model::{MdId, MdItem, Module};

use super::AssembleError;

/// What the container parts are derived from.
pub(super) struct Dxil<'m> {
    /// The module.
    pub m: &'m Module,
    /// The shader kind word of the program header (0 pixel ... 6 library ... 14 amplification).
    pub kind: u32,
    /// The shader model.
    pub sm: (u32, u32),
    /// The DXIL version.
    pub dxil: (u32, u32),
    /// The validator version (`!dx.valver`, 1.0 when absent).
    pub valver: (u32, u32),
    /// The signatures: inputs, outputs, patch constants or primitives (each a list node).
    pub sigs: [Option<MdId>; 3],
    /// The raw shader flags (entry property 0).
    pub flags: u64,
    /// The entry's properties: (tag, value) pairs.
    pub props: Vec<(u32, Option<MdId>)>,
}

/// The kinds of shader by their `!dx.shaderModel` name, numbered as the program header numbers
/// them.
const KINDS: [(&[u8], u32); 9] = [
    (b"ps", 0),
    (b"vs", 1),
    (b"gs", 2),
    (b"hs", 3),
    (b"ds", 4),
    (b"cs", 5),
    (b"lib", 6),
    (b"ms", 13),
    (b"as", 14),
];

/// The integer of a metadata value (`i32 5`).
pub(super) fn int(m: &Module, id: Option<MdId>) -> Option<i64> {
    match m.metadata.get(id?)? {
        MdItem::Value { value, .. } => m.const_int(value.as_const()?),
        _ => None,
    }
}

/// The operands of a node.
pub(super) fn node(m: &Module, id: Option<MdId>) -> &[Option<MdId>] {
    id.and_then(|id| m.metadata.node_operands(id))
        .unwrap_or(&[])
}

/// The operand `i` of a node.
pub(super) fn op(m: &Module, id: Option<MdId>, i: usize) -> Option<MdId> {
    node(m, id).get(i).copied().flatten()
}

/// The integer operand `i` of a node.
pub(super) fn int_op(m: &Module, id: Option<MdId>, i: usize) -> Option<i64> {
    int(m, op(m, id, i))
}

fn first_named(m: &Module, name: &str) -> Option<MdId> {
    m.metadata.named(&m.symbols, name)?.first().copied()
}

fn version(m: &Module, name: &str) -> Option<(u32, u32)> {
    let n = first_named(m, name);
    Some((int_op(m, n, 0)? as u32, int_op(m, n, 1)? as u32))
}

impl<'m> Dxil<'m> {
    /// Reads the DXIL metadata of `m`.
    pub fn read(m: &'m Module) -> Result<Dxil<'m>, AssembleError> {
        let missing = |what: &'static str| AssembleError::Metadata(what);
        let sm = Some(first_named(m, "dx.shaderModel").ok_or(missing("!dx.shaderModel"))?);
        let name = op(m, sm, 0).and_then(|s| m.metadata.string(s));
        let kind = KINDS
            .iter()
            .find(|(n, _)| Some(*n) == name)
            .map(|&(_, k)| k)
            .ok_or(missing("a shader kind in !dx.shaderModel"))?;
        let sm_version = (
            int_op(m, sm, 1).ok_or(missing("the shader model's major version"))? as u32,
            int_op(m, sm, 2).ok_or(missing("the shader model's minor version"))? as u32,
        );
        let dxil = version(m, "dx.version").ok_or(missing("!dx.version"))?;
        let valver = version(m, "dx.valver").unwrap_or((1, 0));
        let entry = first_named(m, "dx.entryPoints");
        let entry = entry.map(Some).ok_or(missing("!dx.entryPoints"))?;
        let sig = op(m, entry, 2);
        let sigs = [op(m, sig, 0), op(m, sig, 1), op(m, sig, 2)];
        let props: Vec<(u32, Option<MdId>)> = node(m, op(m, entry, 4))
            .chunks(2)
            .filter_map(|p| Some((int(m, p[0])? as u32, p.get(1).copied().flatten())))
            .collect();
        let flags = props
            .iter()
            .find(|(t, _)| *t == 0)
            .and_then(|&(_, v)| int(m, v))
            .unwrap_or(0) as u64;
        Ok(Dxil {
            m,
            kind,
            sm: sm_version,
            dxil,
            valver,
            sigs,
            flags,
            props,
        })
    }

    /// The value of the entry property `tag`.
    pub fn prop(&self, tag: u32) -> Option<MdId> {
        self.props.iter().find(|(t, _)| *t == tag)?.1
    }

    /// Whether the validator version is at least `major.minor`.
    pub fn valver_at_least(&self, major: u32, minor: u32) -> bool {
        self.valver >= (major, minor)
    }
}
