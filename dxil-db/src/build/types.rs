//! Parameter types.

use serde_spanned::Spanned;

use super::{Builder, Ctx, Declared, RawDb};
use crate::db::Database;
use crate::model::*;
use crate::overload::parse_overloads;
use crate::raw::{RawType, S};

const KIND_KEYS: &[&str] = &[
    "llvm",
    "struct",
    "overload",
    "component",
    "element",
    "vector",
    "pointer",
    "by_overload",
];

impl Builder<'_> {
    pub(crate) fn types(&mut self, raw: &RawDb, db: &mut Database) {
        // Pass 1: names, so that types can refer to each other in any order.
        let mut declared = Declared::default();
        let mut records = Vec::new();
        for rec in &raw.types {
            let name = &rec.item.name;
            let sources = self.sources;
            let mut ctx = self.ctx(
                rec.file,
                &rec.item.record,
                format!("type `{}`", name.get_ref()),
            );
            if declared.add(&mut ctx, name, "", "type", sources) {
                self.names
                    .types
                    .insert(name.get_ref().clone(), TypeId(records.len() as u32));
                records.push(rec);
            }
        }
        // Placeholders so that ids stay dense even when a type is broken. `Vector(0)` is never a
        // built kind (a vector needs an element) and no check accepts it, so a type that is not
        // built yet is not taken for a fixed type.
        db.types = records
            .iter()
            .map(|rec| Type {
                name: rec.item.name.get_ref().clone(),
                dxc: None,
                dxil_td: None,
                dxil_td_overloads: None,
                doc: String::new(),
                kind: TypeKind::Vector(0),
            })
            .collect();
        // Pass 2a: fixed types (fields of structs refer to them).
        let raw_of = |i: usize| records[i].item.record.value.get_ref();
        for (i, rec) in records.iter().enumerate() {
            let r = raw_of(i);
            if let Some(l) = &r.llvm {
                db.types[i].kind = TypeKind::Llvm(l.get_ref().clone());
            }
            let _ = rec;
        }
        // Pass 2b: everything, in an order where each kind only looks at kinds built before it:
        // struct fields are llvm types; cases and fields of `by_overload` types are llvm, struct
        // or overload types. A type is judged by its built kind, never by a placeholder.
        let rank = |r: &RawType| {
            if r.struct_name.is_some() {
                0
            } else if r.by_overload.is_some() {
                2
            } else {
                1
            }
        };
        let mut order: Vec<usize> = (0..records.len()).collect();
        order.sort_by_key(|&i| rank(raw_of(i)));
        for i in order {
            let rec = records[i];
            let r = raw_of(i);
            let label = format!("type `{}`", rec.item.name.get_ref());
            let names = self.names.types.take();
            let mut ctx = self.ctx(rec.file, &rec.item.record, label);
            let kind = type_kind(&mut ctx, r, &names, db);
            db.types[i].dxil_td = ctx.tablegen_name(&r.dxil_td, "dxil_td");
            if let Some(TypeKind::ByOverload { .. }) = kind {
                db.types[i].dxil_td_overloads =
                    ctx.tablegen_name(&r.dxil_td_overloads, "dxil_td_overloads");
            }
            self.names.types = names;
            if let Some(kind) = kind {
                db.types[i].kind = kind;
            }
            db.types[i].dxc = r.dxc.as_ref().map(|d| d.get_ref().clone());
            db.types[i].doc = Ctx::opt_string(&r.doc);
        }
        // A broken type (already reported) becomes an empty fixed type, so that classes and ops
        // using it do not report more.
        for t in &mut db.types {
            if t.kind == TypeKind::Vector(0) {
                t.kind = TypeKind::Llvm(String::new());
            }
        }
        self.abbreviations(raw, db);
    }

    /// The abbreviations of object overload types, whose fields are types.
    fn abbreviations(&mut self, raw: &RawDb, db: &mut Database) {
        for rec in &raw.overload_types {
            let Some(pos) = db
                .overload_types
                .iter()
                .position(|t| &t.name == rec.item.name.get_ref())
            else {
                continue;
            };
            if db.overload_types[pos].kind != OverloadKind::Object {
                continue;
            }
            let r = rec.item.record.value.get_ref();
            let names = self.names.types.take();
            let label = format!("overload type `{}`", rec.item.name.get_ref());
            let mut out = Vec::new();
            for a in r.abbreviations.iter().flatten() {
                let mut ctx = self.inline_ctx(
                    rec.file,
                    a.span(),
                    label.clone(),
                    &rec.item.record.removed,
                    "abbreviations",
                );
                let v = a.get_ref();
                let (Some(sp), Some(np)) = (
                    ctx.require(&v.struct_prefix, "abbreviations.struct_prefix"),
                    ctx.require(&v.name_prefix, "abbreviations.name_prefix"),
                ) else {
                    continue;
                };
                let fields = match &v.fields {
                    Some(f) => fixed_fields(&mut ctx, f, "abbreviations.fields", &names, db),
                    None => Some(Vec::new()),
                };
                if let Some(fields) = fields {
                    out.push(Abbreviation {
                        struct_prefix: sp.get_ref().clone(),
                        name_prefix: np.get_ref().clone(),
                        fields,
                    });
                }
            }
            self.names.types = names;
            db.overload_types[pos].abbreviations = out;
        }
    }
}

fn is_fixed(kind: &TypeKind) -> bool {
    matches!(kind, TypeKind::Llvm(_) | TypeKind::Struct { .. })
}

/// Fields that must be fixed LLVM types.
fn fixed_fields(
    ctx: &mut Ctx<'_>,
    fields: &Spanned<Vec<S>>,
    key: &str,
    names: &super::Known<TypeId>,
    db: &Database,
) -> Option<Vec<TypeId>> {
    let mut out = Vec::new();
    let mut ok = true;
    for f in fields.get_ref() {
        match ctx.lookup(f, key, "type", names, "a [type.NAME] table") {
            Some(id) if matches!(db.types[id.index()].kind, TypeKind::Llvm(_)) => out.push(id),
            Some(_) => {
                ctx.error(
                    f.span(),
                    key,
                    format!("field type `{}` is not a fixed LLVM type", f.get_ref()),
                    "struct fields must be types declared with `llvm = \"...\"`",
                );
                ok = false;
            }
            None => ok = false,
        }
    }
    ok.then_some(out)
}

fn dim(ctx: &mut Ctx<'_>, v: &Spanned<u8>, key: &str) -> Option<u8> {
    if *v.get_ref() > 3 {
        ctx.error(
            v.span(),
            key,
            format!("overload dimension {} is out of range", v.get_ref()),
            "ops have at most four overload dimensions, numbered 0 to 3",
        );
        return None;
    }
    Some(*v.get_ref())
}

/// A key that modifies one kind of type: its name, where it is written, the kinds it applies to.
type Modifier<'a> = (&'a str, Option<std::ops::Range<usize>>, &'a [&'a str]);

fn type_kind(
    ctx: &mut Ctx<'_>,
    r: &RawType,
    names: &super::Known<TypeId>,
    db: &Database,
) -> Option<TypeKind> {
    let present: Vec<(&str, std::ops::Range<usize>)> = [
        ("llvm", r.llvm.as_ref().map(|v| v.span())),
        ("struct", r.struct_name.as_ref().map(|v| v.span())),
        ("overload", r.overload.as_ref().map(|v| v.span())),
        ("component", r.component.as_ref().map(|v| v.span())),
        ("element", r.element.as_ref().map(|v| v.span())),
        ("vector", r.vector.as_ref().map(|v| v.span())),
        ("pointer", r.pointer.as_ref().map(|v| v.span())),
        ("by_overload", r.by_overload.as_ref().map(|v| v.span())),
    ]
    .into_iter()
    .filter_map(|(k, s)| s.map(|s| (k, s)))
    .collect();
    match present.len() {
        0 => {
            let span = ctx.span.clone();
            if !KIND_KEYS.iter().any(|k| ctx.removed.contains(*k)) {
                ctx.error(
                    span,
                    "",
                    "the type does not say what it is",
                    format!("give it exactly one of {}", KIND_KEYS.join(", ")),
                );
            }
            return None;
        }
        1 => {}
        _ => {
            let keys: Vec<&str> = present.iter().map(|(k, _)| *k).collect();
            ctx.error(
                present[1].1.clone(),
                present[1].0,
                format!("the type has several kind keys: {}", keys.join(", ")),
                "a type is exactly one of: a fixed LLVM type, a struct, an overload-derived type",
            );
            return None;
        }
    }
    let kind = present[0].0;
    // modifiers that belong to one kind only
    let modifiers: [Modifier<'_>; 5] = [
        ("fields", r.fields.as_ref().map(|v| v.span()), &["struct"]),
        (
            "udt_address_space",
            r.udt_address_space.as_ref().map(|v| v.span()),
            &["overload"],
        ),
        (
            "address_space",
            r.address_space.as_ref().map(|v| v.span()),
            &["pointer"],
        ),
        (
            "dim",
            r.dim.as_ref().map(|v| v.span()),
            &["component", "vector", "by_overload"],
        ),
        (
            "dxil_td_overloads",
            r.dxil_td_overloads.as_ref().map(|v| v.span()),
            &["by_overload"],
        ),
    ];
    for (key, span, kinds) in modifiers {
        if let Some(span) = span
            && !kinds.contains(&kind)
        {
            ctx.error(
                span,
                key,
                format!("`{key}` does not apply to a `{kind}` type"),
                format!("`{key}` goes with {}", kinds.join(" or ")),
            );
        }
    }
    let base_dim = match &r.dim {
        Some(d) => dim(ctx, d, "dim")?,
        None => 0,
    };
    Some(match kind {
        "llvm" => {
            let l = r.llvm.as_ref()?;
            if l.get_ref().trim().is_empty() {
                ctx.error(
                    l.span(),
                    "llvm",
                    "empty LLVM type",
                    "write the type as LLVM IR spells it, e.g. `i32`",
                );
                return None;
            }
            TypeKind::Llvm(l.get_ref().clone())
        }
        "struct" => {
            let n = r.struct_name.as_ref()?;
            if n.get_ref().is_empty() {
                ctx.error(
                    n.span(),
                    "struct",
                    "empty struct name",
                    "write the name without `%`, e.g. `dx.types.Handle`",
                );
                return None;
            }
            let fields = ctx.require(&r.fields, "fields")?;
            TypeKind::Struct {
                name: n.get_ref().clone(),
                fields: fixed_fields(ctx, fields, "fields", names, db)?,
            }
        }
        "overload" => TypeKind::Overload {
            dim: dim(ctx, r.overload.as_ref()?, "overload")?,
            udt_address_space: r.udt_address_space.as_ref().map(|a| *a.get_ref()),
        },
        "component" => {
            let c = r.component.as_ref()?;
            let id = ctx.lookup(c, "component", "type", names, "a [type.NAME] table")?;
            if !matches!(db.types[id.index()].kind, TypeKind::Llvm(_)) {
                ctx.error(
                    c.span(),
                    "component",
                    format!("component type `{}` is not a fixed LLVM type", c.get_ref()),
                    "the component must be a scalar type declared with `llvm = \"...\"`",
                );
                return None;
            }
            if base_dim != 0 {
                ctx.error(
                    r.dim.as_ref()?.span(),
                    "dim",
                    "component types follow overload dimension 0",
                    "remove `dim`",
                );
            }
            TypeKind::Component(id)
        }
        "element" => TypeKind::Element(dim(ctx, r.element.as_ref()?, "element")?),
        "vector" => {
            let w = r.vector.as_ref()?;
            if *w.get_ref() == 0 {
                ctx.error(
                    w.span(),
                    "vector",
                    "a vector needs at least one element",
                    "write the width, e.g. `vector = 9`",
                );
                return None;
            }
            TypeKind::Vector(*w.get_ref())
        }
        "pointer" => TypeKind::Pointer {
            dim: dim(ctx, r.pointer.as_ref()?, "pointer")?,
            address_space: r.address_space.as_ref().map_or(0, |a| *a.get_ref()),
        },
        "by_overload" => {
            let cases = r.by_overload.as_ref()?;
            if cases.get_ref().is_empty() {
                ctx.error(
                    cases.span(),
                    "by_overload",
                    "no case",
                    "add `{ overloads = \"...\", ... }` cases",
                );
                return None;
            }
            let mut out = Vec::new();
            for case in cases.get_ref() {
                if let Some(c) = type_case(ctx, case, names, db, base_dim) {
                    out.push(c);
                }
            }
            if out.len() != cases.get_ref().len() {
                return None;
            }
            TypeKind::ByOverload {
                dim: base_dim,
                cases: out,
            }
        }
        _ => return None,
    })
}

fn type_case(
    ctx: &mut Ctx<'_>,
    case: &Spanned<crate::raw::RawTypeCase>,
    names: &super::Known<TypeId>,
    db: &Database,
    base_dim: u8,
) -> Option<TypeCase> {
    let c = case.get_ref();
    let outer = ctx.span.clone();
    ctx.span = case.span();
    let result = (|| {
        let ol = ctx.require(&c.overloads, "by_overload.overloads")?;
        let spec = match parse_overloads(ol.get_ref(), &db.overload_types) {
            Ok(s) => s,
            Err(e) => {
                ctx.overload_error(ol.span().start + 1 + e.offset, "by_overload.overloads", e);
                return None;
            }
        };
        if spec.void || spec.dims.len() != 1 {
            ctx.error(
                ol.span(),
                "by_overload.overloads",
                format!("`{}` is not a single overload dimension", ol.get_ref()),
                "a case lists the letters of one dimension, without `,` and without `v`",
            );
            return None;
        }
        let precision = match &c.precision {
            None => None,
            Some(p) => match p.get_ref().as_str() {
                "native" => Some(Precision::Native),
                "min" => Some(Precision::Min),
                other => {
                    ctx.error(
                        p.span(),
                        "by_overload.precision",
                        format!("unknown precision `{other}`"),
                        "write `native` (16-bit types are native) or `min` (minimum precision)",
                    );
                    return None;
                }
            },
        };
        let result = match (&c.ty, &c.struct_name) {
            (Some(t), None) => {
                if c.fields.is_some() {
                    ctx.error(
                        t.span(),
                        "by_overload.fields",
                        "`fields` goes with `struct`, not with `type`",
                        "remove `fields`",
                    );
                }
                let id = ctx.lookup(t, "by_overload.type", "type", names, "a [type.NAME] table")?;
                if !is_fixed(&db.types[id.index()].kind) {
                    ctx.error(
                        t.span(),
                        "by_overload.type",
                        format!("`{}` is not a fixed type", t.get_ref()),
                        "a case selects a fixed type (llvm or struct) or spells a struct itself",
                    );
                    return None;
                }
                CaseResult::Type(id)
            }
            (None, Some(s)) => {
                let fields = ctx.require(&c.fields, "by_overload.fields")?;
                let mut out = Vec::new();
                for f in fields.get_ref() {
                    let id = ctx.lookup(
                        f,
                        "by_overload.fields",
                        "type",
                        names,
                        "a [type.NAME] table",
                    )?;
                    match &db.types[id.index()].kind {
                        TypeKind::Llvm(_) => {}
                        TypeKind::Overload { dim, .. } if *dim == base_dim => {}
                        _ => {
                            ctx.error(
                                f.span(),
                                "by_overload.fields",
                                format!("field type `{}` is neither a fixed LLVM type nor the overload", f.get_ref()),
                                format!("fields are `llvm` types or the overload of dimension {base_dim}"),
                            );
                            return None;
                        }
                    }
                    out.push(id);
                }
                let unknown = s.get_ref().replace("{o}", "");
                if unknown.contains('{') || unknown.contains('}') {
                    ctx.error(
                        s.span(),
                        "by_overload.struct",
                        format!("unknown placeholder in `{}`", s.get_ref()),
                        "the only placeholder is `{o}`, the overload's name",
                    );
                    return None;
                }
                CaseResult::Struct {
                    name: s.get_ref().clone(),
                    fields: out,
                }
            }
            _ => {
                ctx.error(
                    case.span(),
                    "by_overload",
                    "a case needs exactly one of `type` and `struct`",
                    "select a declared type with `type`, or spell a struct with `struct` and `fields`",
                );
                return None;
            }
        };
        Some(TypeCase {
            overloads: spec.dims[0],
            precision,
            result,
        })
    })();
    ctx.span = outer;
    result
}
