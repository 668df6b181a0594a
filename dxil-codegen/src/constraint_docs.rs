//! The constraints of an op in the Markdown op reference (`docs/ops/`): a table with each
//! constraint of the op, the operands it checks, when it applies and the rule it reports.

use std::fmt::Write;

use dxil_db::constraint::{Constraint, ConstraintKind, ConstraintUse, EnumRef, Gate, OperandRef};
use dxil_db::{Database, Op, OpId};

/// The name of an operand of `op`.
fn operand(db: &Database, op: &Op, r: OperandRef) -> String {
    match r {
        OperandRef::Result => "result".to_owned(),
        OperandRef::Param(i) => db
            .signature_of(op)
            .params
            .get(usize::from(i))
            .map_or_else(|| format!("#{i}"), |p| format!("`{}`", p.name)),
    }
}

fn names(v: &[EnumRef]) -> String {
    v.iter()
        .map(|e| e.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// When the constraint applies, in words (empty: always).
fn when(db: &Database, op: &Op, g: &Gate, u: &ConstraintUse) -> String {
    let mut parts = Vec::new();
    if let Some(v) = g.since {
        parts.push(format!("from DXIL {v}"));
    }
    if let Some(v) = g.until {
        parts.push(format!("before DXIL {v}"));
    }
    if let Some(v) = g.min_shader_model {
        parts.push(format!("from SM {v}"));
    }
    if let Some(v) = g.below_shader_model {
        parts.push(format!("below SM {v}"));
    }
    if let Some(m) = g.stages {
        parts.push(format!("in {}", db.stage_names(m).join(", ")));
    }
    if let Some(m) = g.not_stages {
        parts.push(format!("outside {}", db.stage_names(m).join(", ")));
    }
    let handle = u.handle.map(|h| operand(db, op, h)).unwrap_or_default();
    if !g.when_kinds.is_empty() {
        parts.push(format!("{handle} is a {}", names(&g.when_kinds)));
    }
    if !g.when_not_kinds.is_empty() {
        parts.push(format!("{handle} is no {}", names(&g.when_not_kinds)));
    }
    if !g.when_classes.is_empty() {
        parts.push(format!("{handle} is a {}", names(&g.when_classes)));
    }
    let param = u.when_param.map(|h| operand(db, op, h)).unwrap_or_default();
    let list = |v: &[i64]| {
        v.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !g.when_values.is_empty() {
        parts.push(format!("{param} is {}", list(&g.when_values)));
    }
    if !g.when_not_values.is_empty() {
        parts.push(format!("{param} is not {}", list(&g.when_not_values)));
    }
    parts.join("; ")
}

/// The values a constraint's keys give (`1, 3, 7, 15`, `0 to 2`, `kinds: RawBuffer`).
fn data(k: &ConstraintKind) -> String {
    let ints = |v: &[i64]| {
        v.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let bound = |lo: Option<i64>, hi: Option<i64>| match (lo, hi) {
        (Some(a), Some(b)) => format!("{a} to {b}"),
        (Some(a), None) => format!("at least {a}"),
        (None, Some(b)) => format!("at most {b}"),
        (None, None) => String::new(),
    };
    match k {
        ConstraintKind::Range { min, max, .. } => bound(*min, *max),
        ConstraintKind::OneOf { values, .. } => format!("one of {}", ints(values)),
        ConstraintKind::MultipleOf { factor } => format!("multiple of {factor}"),
        ConstraintKind::FloatRange { min, max } => format!("{min} to {max}"),
        ConstraintKind::Enum { enumeration } => format!("a {enumeration}"),
        ConstraintKind::Bits {
            any_of,
            none_of,
            not_all_of,
            ..
        } => {
            let mut v = Vec::new();
            if let Some(b) = any_of {
                v.push(format!("any of {b:#x}"));
            }
            if let Some(b) = none_of {
                v.push(format!("none of {b:#x}"));
            }
            if let Some(b) = not_all_of {
                v.push(format!("not all of {b:#x}"));
            }
            v.join(", ")
        }
        ConstraintKind::Implies { bits, then_bits } => format!("{bits:#x} needs {then_bits:#x}"),
        ConstraintKind::Overload { text, .. } => format!("not `{text}`"),
        ConstraintKind::ResourceClass { classes } => names(classes),
        ConstraintKind::ResourceKind { kinds, classes, .. } if classes.is_empty() => names(kinds),
        ConstraintKind::ResourceKind { kinds, classes, .. } => {
            format!("{} ({})", names(kinds), names(classes))
        }
        ConstraintKind::ComponentType { types } | ConstraintKind::MatrixComponent { types } => {
            names(types)
        }
        ConstraintKind::MatrixScope { scopes } => names(scopes),
        ConstraintKind::MatrixUse { uses } => names(uses),
        ConstraintKind::MatrixK { min, max, .. } => format!("K {min} to {max}"),
        ConstraintKind::ScopeLayout { layouts, .. } | ConstraintKind::LayoutStride { layouts } => {
            names(layouts)
        }
        _ => String::new(),
    }
}

/// The `### Constraints` table of an op (nothing when it has none).
pub(crate) fn section(db: &Database, id: OpId, s: &mut String) {
    let op = &db.ops[id.index()];
    let rows: Vec<(&Constraint, &ConstraintUse)> = db.constraints_of(id).collect();
    if rows.is_empty() {
        return;
    }
    let _ = writeln!(
        s,
        "Constraints (`db/constraints.toml`; *implicit* ones come from the parameters' keys):\n"
    );
    let _ = writeln!(
        s,
        "| Constraint | Kind | Operands | Values | When | Rule | Demands |\n| --- | --- | --- | --- | --- | --- | --- |"
    );
    for (c, u) in rows {
        let mut ops: Vec<String> = u.operands.iter().map(|r| operand(db, op, *r)).collect();
        if let Some(e) = u.extra {
            ops.push(operand(db, op, e));
        }
        let name = if c.implicit {
            format!("*{}*", c.name)
        } else {
            format!("`{}`", c.name)
        };
        let _ = writeln!(
            s,
            "| {name} | {} | {} | {} | {} | `{}` | {} |",
            c.kind_name,
            crate::markdown::cell(&ops.join(", ")),
            crate::markdown::cell(&data(&c.kind)),
            crate::markdown::cell(&when(db, op, &c.gate, u)),
            db.rules[c.rule].code,
            crate::markdown::cell(&crate::markdown::text(&c.doc))
        );
    }
    let _ = writeln!(s);
}
