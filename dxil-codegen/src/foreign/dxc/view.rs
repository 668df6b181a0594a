//! The database as DXC's tables show it: each op with its current properties (the latest
//! entry of each versioned list; DXC keeps the earlier ones in hand-written C++) and its
//! operands as DXC counts them, the result first and the opcode second.

use dxil_db::dxc::Dxc;
use dxil_db::{
    Attribute, AttributeKind, AttributeMask, Class, Database, Op, Stage, StageSpec, TypeId,
};

use super::Error;

/// An operand of an op: the result (position 0), the opcode (1), the parameters.
pub(super) struct Operand<'a> {
    /// Name; empty for the result.
    pub name: &'a str,
    /// Type.
    pub ty: TypeId,
    /// Must be an immediate constant.
    pub immediate: bool,
}

/// An op as DXC's tables show it.
pub(super) struct OpView<'a> {
    /// The op.
    pub op: &'a Op,
    /// Its class.
    pub class: &'a Class,
    /// Its overloads in DXC's notation: the latest entry, with the element types of a `<`
    /// that lists none (`hf<` is `hf<hf`).
    pub overloads: String,
    /// The number of overload dimensions; 0 without overloads.
    pub dims: usize,
    /// The stages as listed by the latest entry that does not remove the op; empty for all,
    /// and for the ops of `stages_from_target`.
    pub stages: Vec<&'a Stage>,
    /// The latest attributes.
    pub attributes: AttributeMask,
    /// Result, opcode and parameters.
    pub operands: Vec<Operand<'a>>,
}

/// The database with DXC's presentation and the ops as DXC shows them.
pub(super) struct View<'a> {
    /// The database.
    pub db: &'a Database,
    /// DXC's presentation.
    pub dxc: &'a Dxc,
    /// Every op, by table and index.
    pub ops: Vec<OpView<'a>>,
}

impl<'a> View<'a> {
    /// The view of `db`; an error when it has no `[dxc]` record.
    pub fn new(db: &'a Database) -> Result<Self, Error> {
        let dxc = db.dxc.as_ref().ok_or_else(|| {
            Error::new("the database has no `[dxc]` record (db/dxc.toml): DXC's names and spellings are missing")
        })?;
        let ops = db.ops.iter().map(|op| op_view(db, dxc, op)).collect();
        Ok(View { db, dxc, ops })
    }

    /// The memory attribute of `op`, if any.
    pub fn memory(&self, op: &OpView<'_>) -> Option<&'a Attribute> {
        self.db.memory_attribute(op.attributes)
    }

    /// Whether `op` has the flag attribute DXC calls `dxc_name` (`is_wave`).
    pub fn flag(&self, op: &OpView<'_>, dxc_name: &str) -> bool {
        self.db.attributes.iter().enumerate().any(|(i, a)| {
            a.kind == AttributeKind::Flag
                && a.dxc == dxc_name
                && op.attributes.contains(dxil_db::AttributeId(i as u32))
        })
    }

    /// Whether some flag attribute is called `dxc_name` by DXC.
    pub fn has_flag(&self, dxc_name: &str) -> bool {
        self.db
            .attributes
            .iter()
            .any(|a| a.kind == AttributeKind::Flag && a.dxc == dxc_name)
    }

    /// How DXC writes a type; an error for a type without a `[dxc.types]` entry.
    pub fn ty(&self, ty: TypeId, op: &Op) -> Result<&'a dxil_db::dxc::DxcType, Error> {
        self.dxc.ty(ty).ok_or_else(|| {
            Error::new(format!(
                "type `{}` of op `{}` has no `[dxc.types]` entry (db/dxc.toml)",
                self.db.types[ty.index()].name,
                op.name
            ))
        })
    }

    /// The DXC name of a stage's shader kind (`Pixel`).
    pub fn shader_kind(stage: &Stage) -> &str {
        &stage.shader_kind_name
    }
}

fn op_view<'a>(db: &'a Database, dxc: &'a Dxc, op: &'a Op) -> OpView<'a> {
    let latest = op.overloads.latest();
    let overloads = latest.map_or_else(|| "v".to_owned(), |s| dxc_overloads(&s.text));
    let dims = latest.map_or(0, |s| if s.void { 0 } else { s.dims.len() });
    let from_target = dxc.stages_from_target.contains(&op.name);
    let stages = op
        .stages
        .entries
        .iter()
        .rev()
        .find_map(|(_, s)| match s {
            StageSpec::All => Some(Vec::new()),
            StageSpec::Stages(_, listed) => {
                Some(listed.iter().map(|id| &db.stages[id.index()]).collect())
            }
            StageSpec::Removed => None,
        })
        .filter(|_| !from_target)
        .unwrap_or_default();
    let sig = db.signature_of(op);
    let mut operands = vec![
        Operand {
            name: "",
            ty: sig.result.ty,
            immediate: false,
        },
        Operand {
            name: "opcode",
            ty: dxc.opcode_type,
            immediate: false,
        },
    ];
    operands.extend(sig.params.iter().map(|p| Operand {
        name: &p.name,
        ty: p.ty,
        immediate: p.immediate,
    }));
    OpView {
        op,
        class: db.class_of(op),
        overloads,
        dims,
        stages,
        attributes: op.attributes.latest().copied().unwrap_or_default(),
        operands,
    }
}

/// An overload string in DXC's form: a `<` that lists no element types takes the scalar types
/// before it.
pub(super) fn dxc_overloads(text: &str) -> String {
    text.split(',')
        .map(|dim| match dim.split_once('<') {
            Some((scalars, "")) => format!("{scalars}<{scalars}"),
            _ => dim.to_owned(),
        })
        .collect::<Vec<_>>()
        .join(",")
}

#[cfg(test)]
mod tests {
    use super::dxc_overloads;

    #[test]
    fn a_bare_vector_marker_takes_the_scalar_types() {
        assert_eq!(dxc_overloads("hf<"), "hf<hf");
        assert_eq!(dxc_overloads("hf<,<fd,i<1,v"), "hf<hf,<fd,i<1,v");
        assert_eq!(dxc_overloads("v"), "v");
    }
}
