//! The name of every record the emitted DXIL.td defines or refers to, from the database's
//! `dxil_td` keys or by the rules of docs/ops-toml.md ("Names in LLVM's DXIL.td"), checked once:
//! each is a TableGen name, and no two records of different things share one.

use std::collections::HashMap;

use dxil_db::names::{camel, is_tablegen_name};
use dxil_db::{
    AttributeId, AttributeKind, ClassId, Database, DxilVersion, Op, OverloadKind, OverloadTypeId,
    TypeId, TypeKind,
};

use super::fail;
use crate::Error;

/// The pseudo-stage of every stage (ops.toml's `all`).
pub(super) const ALL_STAGES: &str = "all_stages";
/// The pseudo-stage of an op that is withdrawn (ops.toml's `removed`).
pub(super) const REMOVED: &str = "removed";

/// The records of the schema itself (classes, the argument-selection kinds, the class list).
pub(super) const SCHEMA: &[&str] = &[
    "Version",
    "DXILOpParamType",
    "DXILOpClass",
    "OpClasses",
    "DXILShaderStage",
    "DXILAttribute",
    "Overloads",
    "Stages",
    "Attributes",
    "IntrinArgSelectType",
    "IntrinArgSelect_Index",
    "IntrinArgSelect_I8",
    "IntrinArgSelect_I32",
    "IntrinArgSelect",
    "IntrinArgIndex",
    "IntrinArgI8",
    "IntrinArgI32",
    "IntrinSelect",
    "DXILOp",
];

/// The DXIL.td names of the database's records.
pub(super) struct Names {
    /// Per type: its DXILOpParamType.
    types: Vec<String>,
    /// Per overload type: its DXILOpParamType in overload lists (empty for the void overload).
    overloads: Vec<String>,
    /// Per attribute: its DXILAttribute, for memory attributes.
    attributes: Vec<Option<String>>,
}

/// A record's name from the database's `dxil_td`, or the default rule: the name in
/// UpperCamelCase with `suffix`.
fn given_or(dxil_td: &Option<String>, name: &str, suffix: &str) -> String {
    dxil_td
        .clone()
        .unwrap_or_else(|| format!("{}{suffix}", camel(name).trim_end_matches('_')))
}

/// The DXIL version record `DXIL1_N`.
pub(super) fn version(v: DxilVersion) -> String {
    format!("DXIL{}_{}", v.major, v.minor)
}

/// The TableGen record of an intrinsic: `llvm.dx.saturate` → `int_dx_saturate`.
pub(super) fn intrinsic(name: &str) -> String {
    format!(
        "int_{}",
        name.strip_prefix("llvm.").unwrap_or(name).replace('.', "_")
    )
}

/// The DXILOp record of an op.
pub(super) fn op(op: &Op) -> &str {
    op.dxil_td.as_deref().unwrap_or(&op.name)
}

/// Whether a class has an op that is not a reserved slot (a class of reserved slots only is
/// not written).
pub(super) fn class_used(db: &Database, class: usize) -> bool {
    db.ops_of_class(ClassId(class as u32)).any(|o| !o.reserved)
}

impl Names {
    /// Every name, checked: a TableGen name, and one thing per name (types may share one).
    pub(super) fn new(db: &Database) -> Result<Names, Error> {
        let names = Names {
            types: db
                .types
                .iter()
                .map(|t| given_or(&t.dxil_td, &t.name, "Ty"))
                .collect(),
            overloads: db
                .overload_types
                .iter()
                .map(|t| match t.kind {
                    OverloadKind::Void => String::new(),
                    _ => given_or(&t.dxil_td, &t.name, "Ty"),
                })
                .collect(),
            attributes: db
                .attributes
                .iter()
                .map(|a| {
                    (a.kind == AttributeKind::Memory).then(|| given_or(&a.dxil_td, &a.name, ""))
                })
                .collect(),
        };
        names.check(db)?;
        Ok(names)
    }

    /// Every record name the file defines or refers to, with what it names.
    fn check(&self, db: &Database) -> Result<(), Error> {
        let mut seen: HashMap<String, String> = HashMap::new();
        let mut add = |name: &str, what: String, shared: bool| -> Result<(), Error> {
            if !is_tablegen_name(name) {
                return Err(fail(format!(
                    "{what} would be the record `{name}`, which TableGen cannot read; rename it, or give it a `dxil_td` where it takes one (see docs/ops-toml.md)"
                )));
            }
            match seen.get(name) {
                Some(other) if !(shared && *other == what) => Err(fail(format!(
                    "{what} and {other} would both be the record `{name}`; give one a `dxil_td`"
                ))),
                _ => {
                    seen.insert(name.to_owned(), what);
                    Ok(())
                }
            }
        };
        for s in SCHEMA.iter().chain([&ALL_STAGES, &REMOVED]) {
            add(s, format!("the schema's `{s}`"), false)?;
        }
        for v in &db.versions {
            add(&version(v.dxil), format!("DXIL {}", v.dxil), false)?;
        }
        for n in self.param_types(db) {
            add(&n, "a parameter type".to_owned(), true)?;
        }
        for (i, c) in db.classes.iter().enumerate() {
            if class_used(db, i) {
                add(&c.stem, format!("class `{}`", c.name), false)?;
            }
        }
        for s in &db.stages {
            add(&s.name, format!("stage `{}`", s.name), false)?;
        }
        for (a, n) in db.attributes.iter().zip(&self.attributes) {
            if let Some(n) = n {
                add(n, format!("attribute `{}`", a.name), false)?;
            }
        }
        for o in db.ops.iter().filter(|o| !o.reserved) {
            add(op(o), format!("op `{}`", o.name), false)?;
        }
        for i in &db.intrinsics {
            add(
                &intrinsic(&i.name),
                format!("intrinsic `{}`", i.name),
                false,
            )?;
        }
        for (name, _) in super::intrinsics::named_values(db) {
            add(&name, "a value of an enumeration".to_owned(), false)?;
        }
        Ok(())
    }

    /// The DXILOpParamType of a type.
    pub(super) fn ty(&self, t: TypeId) -> &str {
        &self.types[t.index()]
    }

    /// The DXILOpParamType of an overload type in overload lists.
    pub(super) fn overload(&self, t: OverloadTypeId) -> &str {
        &self.overloads[t.index()]
    }

    /// The DXILAttribute of a memory attribute.
    pub(super) fn attribute(&self, a: AttributeId) -> Option<&str> {
        self.attributes[a.index()].as_deref()
    }

    /// Every DXILOpParamType, each once: those of the types, those of the overload types, and
    /// those made with `dxil_td_overloads` prefixes.
    pub(super) fn param_types(&self, db: &Database) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        let all = self
            .types
            .iter()
            .chain(self.overloads.iter().filter(|n| !n.is_empty()))
            .cloned()
            .chain(self.prefixed(db));
        for n in all {
            if !out.contains(&n) {
                out.push(n);
            }
        }
        out
    }

    /// Whether a DXILOpParamType stands for the overload (LLVM's `isOverload`): some type of
    /// that name is the type of an overload dimension.
    pub(super) fn is_overload(&self, db: &Database, name: &str) -> bool {
        db.types
            .iter()
            .zip(&self.types)
            .any(|(t, n)| matches!(t.kind, TypeKind::Overload { .. }) && n == name)
    }

    /// The prefix of an op's overload names: that of the first type of its signature (result
    /// first) with `dxil_td_overloads`.
    pub(super) fn overload_prefix<'d>(&self, db: &'d Database, op: &Op) -> Option<&'d str> {
        let sig = db.signature_of(op);
        std::iter::once(&sig.result)
            .chain(&sig.params)
            .find_map(|p| db.ty(p.ty).dxil_td_overloads.as_deref())
    }

    /// The overload names made with `dxil_td_overloads` prefixes (`ResRetHalfTy`): for each
    /// type with a prefix, the scalar overload types its cases cover, in declaration order.
    fn prefixed(&self, db: &Database) -> Vec<String> {
        let mut out = Vec::new();
        for t in &db.types {
            let (Some(prefix), TypeKind::ByOverload { cases, .. }) =
                (&t.dxil_td_overloads, &t.kind)
            else {
                continue;
            };
            let covered = cases.iter().fold(0u32, |m, c| m | c.overloads.scalars);
            for (i, n) in self.overloads.iter().enumerate() {
                let name = format!("{prefix}{n}");
                if covered & (1 << i) != 0 && !n.is_empty() && !out.contains(&name) {
                    out.push(name);
                }
            }
        }
        out
    }
}
