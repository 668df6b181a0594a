//! Extension files: a downstream database that adds op tables, ops, classes and types to a base
//! database (normally the workspace's `ops.toml`), using the base's vocabularies, types, classes
//! and enumerations. See [`crate::load_extension`].

use std::collections::{BTreeSet, HashSet};
use std::ops::Range;

use crate::db::Database;
use crate::decode::{Named, RawFile};
use crate::diag::{Location, Sink};
use crate::model::{ClassId, Op, OpId, TableId, TypeId};
use crate::source::FileId;

/// A base database loaded together with an extension file, and which records the extension file
/// declares.
///
/// The extension's records are checked together with the base's: names must not clash, table ids
/// must differ, and the extension's ops, classes and types may refer to the base's classes, types,
/// stages and enumerations.
#[derive(Clone, Debug)]
pub struct Extension {
    /// Every record: the base database's and the extension file's.
    pub db: Database,
    tables: BTreeSet<TableId>,
    types: BTreeSet<TypeId>,
    classes: BTreeSet<ClassId>,
    ops: BTreeSet<OpId>,
}

impl Extension {
    /// Whether the extension file declares the op table `id`.
    pub fn declares_table(&self, id: TableId) -> bool {
        self.tables.contains(&id)
    }

    /// Whether the extension file declares the type `id`.
    pub fn declares_type(&self, id: TypeId) -> bool {
        self.types.contains(&id)
    }

    /// Whether the extension file declares the class `id`.
    pub fn declares_class(&self, id: ClassId) -> bool {
        self.classes.contains(&id)
    }

    /// Whether the extension file declares the op `id`.
    pub fn declares_op(&self, id: OpId) -> bool {
        self.ops.contains(&id)
    }

    /// The extension's ops, by opcode.
    pub fn ops(&self) -> impl Iterator<Item = &Op> {
        self.ops.iter().map(|id| &self.db.ops[id.index()])
    }
}

/// The names of the records an extension file declares, read before the database is built.
#[derive(Debug, Default)]
pub(crate) struct Declared {
    tables: Vec<String>,
    types: Vec<String>,
    classes: Vec<String>,
    ops: Vec<String>,
}

impl Declared {
    /// The names declared by `file`.
    pub(crate) fn of(file: &RawFile) -> Self {
        fn names<T>(v: &[Named<T>]) -> Vec<String> {
            v.iter().map(|n| n.name.get_ref().clone()).collect()
        }
        let own_classes = file
            .ops
            .iter()
            .flat_map(|(_, ops)| ops)
            .map(|op| op.value.get_ref())
            .filter(|op| op.result.is_some() || op.params.is_some())
            .filter_map(|op| op.class.as_ref())
            .map(|c| c.get_ref().clone());
        let mut classes = names(&file.classes);
        classes.extend(own_classes);
        Declared {
            tables: names(&file.tables),
            types: names(&file.types),
            classes,
            ops: file
                .ops
                .iter()
                .flat_map(|(_, ops)| ops)
                .filter_map(|op| op.value.get_ref().name.as_ref())
                .map(|n| n.get_ref().clone())
                .collect(),
        }
    }

    /// The extension of `db` (built from the base and the extension) made of these records.
    pub(crate) fn resolve(self, db: Database) -> Extension {
        fn ids<T, I: Ord>(
            list: &[T],
            name: impl Fn(&T) -> &str,
            wanted: &[String],
            id: impl Fn(u32) -> I,
        ) -> BTreeSet<I> {
            let wanted: HashSet<&str> = wanted.iter().map(String::as_str).collect();
            list.iter()
                .enumerate()
                .filter(|(_, t)| wanted.contains(name(t)))
                .map(|(i, _)| id(i as u32))
                .collect()
        }
        Extension {
            tables: ids(&db.tables, |t| &t.name, &self.tables, TableId),
            types: ids(&db.types, |t| &t.name, &self.types, TypeId),
            classes: ids(&db.classes, |c| &c.name, &self.classes, ClassId),
            ops: ids(&db.ops, |o| &o.name, &self.ops, OpId),
            db,
        }
    }
}

/// Reports what an extension file may not declare: anything but op tables, ops, classes and
/// types, ops of tables it does not declare (`base_tables`: the tables of the base files), and
/// ops with a signature of their own in a class whose base ops carry theirs (`base_own_classes`).
/// The records of other kinds, and ops of base tables, are dropped, so that they are reported
/// once, here.
pub(crate) fn restrict(
    file: FileId,
    raw: &mut RawFile,
    base_tables: &[String],
    base_own_classes: &HashSet<String>,
    sink: &mut Sink,
) {
    let mut report = |span: Range<usize>, key: &str, message: String, hint: &str| {
        sink.error(Location { file, span }, "", key, message, hint);
    };
    fn first_named<T>(v: &[Named<T>]) -> Option<Range<usize>> {
        v.first().map(|n| n.name.span())
    }
    let sections = [
        ("include", raw.include.first().map(|s| s.span())),
        ("version", raw.versions.first().map(|r| r.span())),
        ("stage", first_named(&raw.stages)),
        ("attribute", first_named(&raw.attributes)),
        ("overload_type", first_named(&raw.overload_types)),
        ("enum", first_named(&raw.enums)),
        ("rule", raw.rules.first().map(|r| r.span())),
        ("sig_point", raw.sig_points.first().map(|r| r.span())),
        (
            "semantic_interpretation",
            first_named(&raw.semantic_interpretations),
        ),
        (
            "llvm_instruction",
            raw.llvm_instructions.first().map(|r| r.span()),
        ),
        ("intrinsic", raw.intrinsics.first().map(|r| r.span())),
        ("derived", first_named(&raw.derived)),
        ("constraint_key", first_named(&raw.constraint_keys)),
        ("constraint_kind", first_named(&raw.constraint_kinds)),
        ("constraint", raw.constraints.first().map(|r| r.span())),
        ("dxc", raw.dxc.first().map(|r| r.span())),
    ];
    for (key, span) in sections {
        if let Some(span) = span {
            report(
                span,
                key,
                format!("an extension file cannot declare `{key}` records"),
                "an extension declares op tables, ops, classes and types ([table.NAME], \
                 [[ops.TABLE]], [class.NAME], [type.NAME]) and uses everything else from the \
                 base database",
            );
        }
    }
    let kept = RawFile {
        tables: std::mem::take(&mut raw.tables),
        types: std::mem::take(&mut raw.types),
        classes: std::mem::take(&mut raw.classes),
        ops: std::mem::take(&mut raw.ops),
        ..RawFile::default()
    };
    *raw = kept;
    let own: HashSet<String> = raw
        .tables
        .iter()
        .map(|t| t.name.get_ref().clone())
        .collect();
    let (ops, base_ops): (Vec<_>, Vec<_>) =
        std::mem::take(&mut raw.ops)
            .into_iter()
            .partition(|(table, _)| {
                own.contains(table.get_ref()) || !base_tables.contains(table.get_ref())
            });
    raw.ops = ops;
    for op in raw.ops.iter_mut().flat_map(|(_, ops)| ops) {
        if let Some(first) = op
            .value
            .get_mut()
            .llvm_intrinsics
            .take()
            .and_then(|l| l.into_iter().next())
        {
            report(
                first.span(),
                "llvm_intrinsics",
                "an extension's op cannot declare `llvm_intrinsics`".to_owned(),
                "the LLVM intrinsic map is the base database's; an extension declares op tables, ops, classes and types",
            );
        }
        let r = op.value.get_ref();
        if let Some(c) = &r.class
            && (r.result.is_some() || r.params.is_some())
            && base_own_classes.contains(c.get_ref())
        {
            report(
                c.span(),
                "class",
                format!("class `{}` belongs to the base database", c.get_ref()),
                "an op with a signature of its own names a class of its own; use a base class only through its [class.NAME] record, without `result` and `params`",
            );
        }
    }
    for (table, _) in &base_ops {
        report(
            table.span(),
            "ops",
            format!(
                "op table `{}` belongs to the base database",
                table.get_ref()
            ),
            "an extension adds ops to op tables of its own: declare one with [table.NAME] and a \
             table id no base table has",
        );
    }
}
