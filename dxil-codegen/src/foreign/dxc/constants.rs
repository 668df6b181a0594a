//! The regions of `DxilConstants.h`: the enumerations (those of the database, and those DXC
//! derives from the op tables and classes), the DXIL version and the overload dimensions.

use std::fmt::Write as _;

use dxil_db::Table;

use super::Error;
use super::operations::tables;
use super::text::category_key;
use super::view::{OpView, View};

/// A value of an enumeration as DXC prints it.
struct Value {
    name: String,
    number: i64,
    doc: String,
    /// The heading it is listed under, if the enumeration has headings.
    category: Option<String>,
}

/// An enumeration as DXC prints it.
struct Enumeration {
    name: String,
    doc: String,
    values: Vec<Value>,
    /// Written without numbers (never serialized).
    internal: bool,
    /// The last value, the number of the others, and its counts at each DXIL version.
    count: Option<(String, Vec<String>)>,
    /// Lines after the values.
    postfix: Vec<String>,
}

/// `kDxilMinor` (the latest DXIL version) and `kDxilReleasedMinor` (the latest released one).
pub(super) fn version_minor(view: &View<'_>) -> Result<String, Error> {
    let versions = &view.db.versions;
    let latest = versions.last();
    let released = versions.iter().rev().find(|v| !v.prerelease);
    let (Some(latest), Some(released)) = (latest, released) else {
        return Err(Error::new("the database declares no released DXIL version"));
    };
    Ok(format!(
        "const unsigned kDxilMinor = {};\nconst unsigned kDxilReleasedMinor = {};",
        latest.dxil.minor, released.dxil.minor
    ))
}

/// `kDxilMaxOloadDims`.
pub(super) fn max_overload_dims(view: &View<'_>) -> String {
    format!(
        "const unsigned kDxilMaxOloadDims = {};",
        view.dxc.max_overload_dims
    )
}

/// The declaration of the enumeration `name`: one of the database's, or the table, opcode or
/// class enumeration DXC derives. `hide_values` leaves the numbers out; `sort` lists the
/// values by category and name instead of in their order.
pub(super) fn enumeration(
    view: &View<'_>,
    name: &str,
    hide_values: bool,
    sort: bool,
) -> Result<String, Error> {
    let d = view.dxc;
    let e = if name == d.table_enum.name {
        table_enum(view)
    } else if name == d.class_enum.name {
        class_enum(view)
    } else if name == d.opcode_enum.name {
        let (table, ops) = tables(view)
            .into_iter()
            .next()
            .ok_or_else(|| Error::new("the database has no op table"))?;
        opcode_enum(view, table, &ops, true)
    } else {
        let e = view.db.enum_by_name(name).ok_or_else(|| {
            Error::new(format!(
                "no enumeration `{name}` in the database (db/enums.toml) or `[dxc]`"
            ))
        })?;
        Enumeration {
            name: e.name.clone(),
            doc: e.doc.clone(),
            values: e
                .values
                .iter()
                .map(|v| Value {
                    name: v.name.clone(),
                    number: v.value,
                    doc: v.doc.clone(),
                    category: None,
                })
                .collect(),
            internal: false,
            count: None,
            postfix: Vec::new(),
        }
    };
    Ok(print(e, hide_values, sort))
}

/// The opcode enumerations of the tables after the first, each in the namespace of its table,
/// and the number of tables.
pub(super) fn extended_tables(view: &View<'_>) -> String {
    let tenum = &view.dxc.table_enum.name;
    let all = tables(view);
    let mut s = String::new();
    for (table, ops) in all.iter().skip(1) {
        let t = &table.name;
        let _ = writeln!(s, "namespace {t} {{");
        let _ = writeln!(s, "static const {tenum} TableID = {tenum}::{t};");
        s.push_str(&print(opcode_enum(view, table, ops, false), false, true));
        let _ = writeln!(s, "}} // namespace {t}");
    }
    let _ = writeln!(s, "static const unsigned NumOpCodeTables = {};", all.len());
    s
}

/// The enumeration of the op tables.
fn table_enum(view: &View<'_>) -> Enumeration {
    let e = &view.dxc.table_enum;
    Enumeration {
        name: e.name.clone(),
        doc: e.doc.clone(),
        values: view
            .db
            .tables
            .iter()
            .map(|t| Value {
                name: t.name.clone(),
                number: i64::from(t.id),
                doc: t.doc.clone(),
                category: None,
            })
            .collect(),
        internal: false,
        count: None,
        postfix: Vec::new(),
    }
}

/// The enumeration of the op classes, with the class of LLVM instructions: each class under
/// the category of its last op.
fn class_enum(view: &View<'_>) -> Enumeration {
    let e = &view.dxc.class_enum;
    let (llvm, llvm_category) = &view.dxc.llvm_class;
    let mut classes: Vec<(String, String)> = vec![(llvm.clone(), llvm_category.clone())];
    for o in &view.ops {
        match classes.iter_mut().find(|(c, _)| *c == o.class.name) {
            Some((_, category)) => category.clone_from(&o.op.category),
            None => classes.push((o.class.name.clone(), o.op.category.clone())),
        }
    }
    Enumeration {
        name: e.name.clone(),
        doc: e.doc.clone(),
        values: classes
            .into_iter()
            .map(|(name, category)| Value {
                name,
                number: 0,
                doc: String::new(),
                category: Some(category),
            })
            .collect(),
        internal: true,
        count: Some((e.count.clone(), Vec::new())),
        postfix: Vec::new(),
    }
}

/// The opcode enumeration of a table: its ops under their categories, the op count at each
/// released DXIL version from the table's first, and for the first table (`first`) the
/// invalid opcode and the opcodes of the other tables.
fn opcode_enum(view: &View<'_>, table: &Table, ops: &[&OpView<'_>], first: bool) -> Enumeration {
    let d = view.dxc;
    let e = &d.opcode_enum;
    let since = ops.iter().map(|o| o.op.introduced).min();
    let counts = view
        .db
        .versions
        .iter()
        .filter(|v| !v.prerelease && since.is_some_and(|s| s <= v.dxil))
        .map(|v| {
            let n = ops.iter().filter(|o| o.op.introduced <= v.dxil).count();
            format!("{}_Dxil_{}_{} = {n},", e.count, v.dxil.major, v.dxil.minor)
        })
        .collect();
    let mut postfix = Vec::new();
    if first {
        postfix.push(format!(
            "Invalid = {:#X}, // {}\n",
            d.invalid_opcode, d.invalid_opcode_doc
        ));
        postfix.push("// OpCodes for extended tables follow.".to_owned());
        for (t, ops) in tables(view).iter().skip(1) {
            postfix.push(String::new());
            postfix.push(format!("// {} = {}", d.table_enum.name, t.id));
            postfix.push(format!("// {}", t.name));
            for o in ops {
                let op = o.op;
                postfix.push(format!(
                    "// {} = 0x{:04X}{:04X}, {}U, {}",
                    op.name, t.id, op.index, op.opcode, op.opcode as i32
                ));
                postfix.push(format!(
                    "EXP_OPCODE({}, {}), // {}",
                    t.name, op.name, op.doc
                ));
            }
        }
    }
    Enumeration {
        name: e.name.clone(),
        doc: e.doc.replace("{table}", &table.name),
        values: ops
            .iter()
            .map(|o| Value {
                name: o.op.name.clone(),
                number: i64::from(o.op.index),
                doc: o.op.doc.clone(),
                category: Some(o.op.category.clone()),
            })
            .collect(),
        internal: false,
        count: Some((e.count.clone(), counts)),
        postfix,
    }
}

/// DXC's layout of an enumeration declaration.
fn print(mut e: Enumeration, hide_values: bool, sort: bool) -> String {
    if sort {
        e.values
            .sort_by_cached_key(|v| category_key(v.category.as_deref().unwrap_or(""), &v.name));
    }
    let mut s = String::new();
    let _ = writeln!(s, "// {}", e.doc);
    let _ = writeln!(s, "enum class {} : unsigned {{", e.name);
    let mut last: Option<&str> = None;
    for v in &e.values {
        if let Some(category) = v.category.as_deref()
            && last != Some(category)
        {
            if last.is_some() {
                s.push('\n');
            }
            let _ = writeln!(s, "  // {category}");
            last = Some(category);
        }
        s.push_str("  ");
        s.push_str(&v.name);
        if !e.internal && !hide_values {
            let _ = write!(s, " = {}", v.number);
        }
        s.push(',');
        if !v.doc.is_empty() {
            let _ = write!(s, " // {}", v.doc);
        }
        s.push('\n');
    }
    if let Some((last_name, counts)) = &e.count {
        if !counts.is_empty() {
            s.push('\n');
            for c in counts {
                let _ = writeln!(s, "  {c}");
            }
        }
        let _ = writeln!(
            s,
            "\n  {last_name} = {}, // exclusive last value of enumeration",
            e.values.len()
        );
    }
    for line in &e.postfix {
        let _ = writeln!(s, "  {line}");
    }
    s.push_str("};\n");
    s
}
