//! `[dxc]`: DXC's C++ presentation of the database, checked against the records it names.

use std::collections::HashSet;

use serde_spanned::Spanned;

use super::{Builder, Ctx, RawDb};
use crate::db::Database;
use crate::dxc::{Dxc, DxcEnum, DxcNumber, DxcType};
use crate::model::*;
use crate::raw::{RawDxc, RawDxcEnum};
use crate::unparsed::Section;

impl Builder<'_> {
    pub(crate) fn dxc(&mut self, raw: &RawDb, db: &mut Database) {
        let Some(first) = raw.dxc.first() else {
            return;
        };
        for rec in &raw.dxc[1..] {
            let (line, col) = self
                .sources
                .get(first.file)
                .line_col(first.item.span().start);
            let name = self.sources.get(first.file).name().to_owned();
            self.ctx(rec.file, &rec.item, "`[dxc]`".to_owned()).error(
                rec.item.span(),
                "",
                "a second `[dxc]` record",
                format!("the database has one, first declared at {name}:{line}:{col}"),
            );
        }
        let r = first.item.value.get_ref();
        let names = &self.names;
        let (types, attributes, enums) = (&names.types, &names.attributes, &names.enums);
        let mut ctx = Ctx {
            sink: &mut *self.sink,
            file: first.file,
            span: first.item.span(),
            label: "`[dxc]`".to_owned(),
            removed: &first.item.removed,
            quiet_missing: false,
        };
        let max_dims = ctx
            .require(&r.max_overload_dims, "max_overload_dims")
            .and_then(|m| check_dims(&mut ctx, m, db));
        let slots = ctx
            .require(&r.overload_slots, "overload_slots")
            .and_then(|s| overload_slots(&mut ctx, s, db));
        let dxc_types = dxc_types(&mut ctx, r, db, types);
        let opcode_type = ctx.require(&r.opcode_type, "opcode_type").and_then(|t| {
            let id = ctx.lookup(t, "opcode_type", "type", types, "a [type.NAME] table")?;
            if dxc_types.iter().all(|(d, _)| *d != id) {
                ctx.error(
                    t.span(),
                    "opcode_type",
                    format!("type `{}` has no `[dxc.types]` entry", t.get_ref()),
                    "add `[dxc.types]` entry for it: DXC writes the opcode operand with it",
                );
            }
            Some(id)
        });
        let memory = dxc_attributes(&mut ctx, r, db, attributes);
        let notes = validator_notes(&mut ctx, r, db);
        let numbers = rst_numbers(&mut ctx, r, db, enums);
        let from_target = stages_from_target(&mut ctx, r, db);
        let no_attribute = ctx.string(&r.no_attribute, "no_attribute");
        let invalid = ctx.require(&r.invalid_opcode, "invalid_opcode");
        let invalid_doc = ctx.string(&r.invalid_opcode_doc, "invalid_opcode_doc");
        let table_enum = dxc_enum(&mut ctx, &r.table_enum, "table_enum", false);
        let opcode_enum = dxc_enum(&mut ctx, &r.opcode_enum, "opcode_enum", true);
        let class_enum = dxc_enum(&mut ctx, &r.class_enum, "class_enum", true);
        let llvm_class = ctx.require(&r.llvm_class, "llvm_class").and_then(|c| {
            let c = c.get_ref();
            let name = ctx.string(&c.name, "llvm_class.name")?;
            Some((name, ctx.string(&c.category, "llvm_class.category")?))
        });
        let (
            Some(max_overload_dims),
            Some(overload_slots),
            Some(opcode_type),
            Some(attributes),
            Some(no_attribute),
            Some(invalid),
            Some(invalid_opcode_doc),
            Some(table_enum),
            Some(opcode_enum),
            Some(class_enum),
            Some(llvm_class),
            Some(validator_notes),
            Some(rst_numbers),
            Some(stages_from_target),
        ) = (
            max_dims,
            slots,
            opcode_type,
            memory,
            no_attribute,
            invalid,
            invalid_doc,
            table_enum,
            opcode_enum,
            class_enum,
            llvm_class,
            notes,
            numbers,
            from_target,
        )
        else {
            return;
        };
        db.dxc = Some(Dxc {
            max_overload_dims,
            overload_slots,
            opcode_type,
            no_attribute,
            invalid_opcode: *invalid.get_ref(),
            invalid_opcode_doc,
            table_enum,
            opcode_enum,
            class_enum,
            llvm_class,
            attributes,
            types: dxc_types,
            validator_notes,
            rst_numbers,
            stages_from_target,
        });
    }
}

/// `max_overload_dims`: at least 1, and no op has more dimensions.
fn check_dims(ctx: &mut Ctx<'_>, m: &Spanned<u32>, db: &Database) -> Option<u32> {
    let max = *m.get_ref();
    if max == 0 {
        ctx.error(
            m.span(),
            "max_overload_dims",
            "`max_overload_dims` is 0",
            "ops have at least one overload dimension: write DXC's kDxilMaxOloadDims (4)",
        );
        return None;
    }
    let widest = db.ops.iter().find_map(|op| {
        let dims = op
            .overloads
            .entries
            .iter()
            .map(|(_, s)| s.dims.len())
            .max()?;
        (dims > max as usize).then_some((op, dims))
    });
    if let Some((op, dims)) = widest {
        ctx.error(
            m.span(),
            "max_overload_dims",
            format!(
                "op `{}` has {dims} overload dimensions, more than `max_overload_dims` ({max})",
                op.name
            ),
            "DXC's tables hold at most kDxilMaxOloadDims dimensions: raise it, or give the op fewer",
        );
        return None;
    }
    Some(max)
}

/// `overload_slots`: every overload type that is not `void`, each once.
fn overload_slots(
    ctx: &mut Ctx<'_>,
    list: &Spanned<Vec<Spanned<String>>>,
    db: &Database,
) -> Option<Vec<OverloadTypeId>> {
    let mut out = Vec::new();
    let mut ok = true;
    for name in list.get_ref() {
        let found = db
            .overload_types
            .iter()
            .position(|t| &t.name == name.get_ref() && t.kind != OverloadKind::Void);
        match found {
            Some(i) if out.contains(&OverloadTypeId(i as u32)) => {
                ctx.error(
                    name.span(),
                    "overload_slots",
                    format!("overload type `{}` is listed twice", name.get_ref()),
                    "each overload type has one bit",
                );
                ok = false;
            }
            Some(i) => out.push(OverloadTypeId(i as u32)),
            None => {
                let names: Vec<&str> = db
                    .overload_types
                    .iter()
                    .filter(|t| t.kind != OverloadKind::Void)
                    .map(|t| t.name.as_str())
                    .collect();
                let hint = format!("the overload types with a slot are {}", names.join(", "));
                if db.overload_types.iter().any(|t| &t.name == name.get_ref()) {
                    let message = format!(
                        "`{}` is the void overload, which has no slot",
                        name.get_ref()
                    );
                    ctx.error(name.span(), "overload_slots", message, hint);
                } else {
                    ctx.unresolved(
                        Section::OverloadType,
                        name.span(),
                        "overload_slots",
                        format!("unknown overload type `{}`", name.get_ref()),
                        hint,
                    );
                }
                ok = false;
            }
        }
    }
    let missing: Vec<&str> = db
        .overload_types
        .iter()
        .enumerate()
        .filter(|(i, t)| t.kind != OverloadKind::Void && !out.contains(&OverloadTypeId(*i as u32)))
        .map(|(_, t)| t.name.as_str())
        .collect();
    let ok = ok
        && covered(
            ctx,
            list.span(),
            "overload_slots",
            &missing,
            "overload types without a slot",
            "list every overload type but void, in the order of DXC's hlsl::OP::TypeSlot",
        );
    ok.then_some(out)
}

/// `[dxc.types]`: declared types, each with its `op_func`; `accessor` only for integer types.
fn dxc_types(
    ctx: &mut Ctx<'_>,
    r: &RawDxc,
    db: &Database,
    known: &super::Known<TypeId>,
) -> Vec<(TypeId, DxcType)> {
    let mut out = Vec::new();
    let Some(map) = ctx.require(&r.types, "types") else {
        return out;
    };
    for (name, entry) in map.get_ref() {
        let Some(id) = ctx.lookup(name, "types", "type", known, "a [type.NAME] table") else {
            continue;
        };
        let e = entry.get_ref();
        let key = format!("types.{}", name.get_ref());
        let Some(op_func) = e.op_func.as_ref() else {
            ctx.error(
                entry.span(),
                &key,
                format!("missing key `{key}.op_func`"),
                "write the statement of DXC's OP::GetOpFunc that adds the type, e.g. `A(pI32);`",
            );
            continue;
        };
        if let Some(a) = &e.accessor {
            let integer = matches!(&db.types[id.index()].kind, TypeKind::Llvm(l)
                if l.strip_prefix('i').and_then(|n| n.parse::<u32>().ok()).is_some_and(|n| (1..=64).contains(&n)));
            if !integer {
                ctx.error(
                    a.span(),
                    &format!("{key}.accessor"),
                    format!("type `{}` is no LLVM integer type", name.get_ref()),
                    "only immediate integer operands (`iN` types) have typed accessors",
                );
                continue;
            }
        }
        out.push((
            id,
            DxcType {
                op_func: op_func.get_ref().clone(),
                accessor: e.accessor.as_ref().map(|a| a.get_ref().clone()),
            },
        ));
    }
    out
}

/// `[dxc.attributes]`: an enumerator for every memory attribute, and for nothing else.
fn dxc_attributes(
    ctx: &mut Ctx<'_>,
    r: &RawDxc,
    db: &Database,
    known: &super::Known<AttributeId>,
) -> Option<Vec<(AttributeId, String)>> {
    let map = ctx.require(&r.attributes, "attributes")?;
    let mut out = Vec::new();
    let mut ok = true;
    for (name, enumerator) in map.get_ref() {
        let Some(id) = ctx.lookup(
            name,
            "attributes",
            "attribute",
            known,
            "an [attribute.NAME] table",
        ) else {
            ok = false;
            continue;
        };
        if db.attributes[id.index()].kind != AttributeKind::Memory {
            ctx.error(
                name.span(),
                "attributes",
                format!("`{}` is a flag, not a memory attribute", name.get_ref()),
                "DXC's OP::Attribute names the memory attributes only",
            );
            ok = false;
            continue;
        }
        out.push((id, enumerator.get_ref().clone()));
    }
    let missing: Vec<&str> = db
        .attributes
        .iter()
        .enumerate()
        .filter(|(i, a)| {
            a.kind == AttributeKind::Memory && out.iter().all(|(o, _)| o.index() != *i)
        })
        .map(|(_, a)| a.name.as_str())
        .collect();
    let ok = ok
        && covered(
            ctx,
            map.span(),
            "attributes",
            &missing,
            "memory attributes without an enumerator",
            "give every memory attribute its enumerator of DXC's OP::Attribute",
        );
    ok.then_some(out)
}

/// `[dxc.validator_notes]`: declared versions, each once.
fn validator_notes(
    ctx: &mut Ctx<'_>,
    r: &RawDxc,
    db: &Database,
) -> Option<Vec<(DxilVersion, Vec<String>)>> {
    let Some(map) = &r.validator_notes else {
        return Some(Vec::new());
    };
    let known: Vec<DxilVersion> = db.versions.iter().map(|v| v.dxil).collect();
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let mut ok = true;
    for (version, notes) in map.get_ref() {
        let Some(v) = ctx.version(version, "validator_notes", &known) else {
            ok = false;
            continue;
        };
        if !seen.insert(v) {
            ctx.error(
                version.span(),
                "validator_notes",
                format!("DXIL {v} is written twice (`{}`)", version.get_ref()),
                "write each version once",
            );
            ok = false;
            continue;
        }
        let notes = notes
            .get_ref()
            .iter()
            .map(|n| n.get_ref().clone())
            .collect();
        out.push((v, notes));
    }
    out.sort_by_key(|(v, _)| *v);
    ok.then_some(out)
}

/// `[[dxc.rst_numbers]]`: values of declared enumerations.
fn rst_numbers(
    ctx: &mut Ctx<'_>,
    r: &RawDxc,
    db: &Database,
    known: &super::Known<EnumId>,
) -> Option<Vec<DxcNumber>> {
    let Some(list) = &r.rst_numbers else {
        return Some(Vec::new());
    };
    let mut out = Vec::new();
    let mut ok = true;
    for entry in list.get_ref() {
        let e = entry.get_ref();
        let span = entry.span();
        let missing = |ctx: &mut Ctx<'_>, key: &str| {
            ctx.error(
                span.clone(),
                &format!("rst_numbers.{key}"),
                format!("missing key `rst_numbers.{key}`"),
                "write `{ enum = \"...\", value = \"...\", number = N }`",
            );
        };
        let (Some(name), Some(value), Some(number)) = (&e.enum_name, &e.value, &e.number) else {
            for (key, absent) in [
                ("enum", e.enum_name.is_none()),
                ("value", e.value.is_none()),
                ("number", e.number.is_none()),
            ] {
                if absent {
                    missing(ctx, key);
                }
            }
            ok = false;
            continue;
        };
        let Some(id) = ctx.lookup(
            name,
            "rst_numbers.enum",
            "enumeration",
            known,
            "an [enum.NAME] table",
        ) else {
            ok = false;
            continue;
        };
        if db.enums[id.index()].value(value.get_ref()).is_none() {
            ctx.error(
                value.span(),
                "rst_numbers.value",
                format!(
                    "enumeration `{}` has no value `{}`",
                    name.get_ref(),
                    value.get_ref()
                ),
                "name a value of the enumeration",
            );
            ok = false;
            continue;
        }
        out.push(DxcNumber {
            enumeration: id,
            value: value.get_ref().clone(),
            number: *number.get_ref(),
        });
    }
    ok.then_some(out)
}

/// `stages_from_target`: ops that have a `target`.
fn stages_from_target(ctx: &mut Ctx<'_>, r: &RawDxc, db: &Database) -> Option<Vec<String>> {
    let Some(list) = &r.stages_from_target else {
        return Some(Vec::new());
    };
    let mut out = Vec::new();
    let mut ok = true;
    for name in list.get_ref() {
        match db.ops.iter().find(|o| &o.name == name.get_ref()) {
            Some(op) if op.modules != AllowedModules::Any => out.push(op.name.clone()),
            Some(_) => {
                ctx.error(
                    name.span(),
                    "stages_from_target",
                    format!("op `{}` has no `target`", name.get_ref()),
                    "list ops whose `target` (library or non_library) DXC checks in C++",
                );
                ok = false;
            }
            None => {
                ctx.unresolved(
                    Section::Op,
                    name.span(),
                    "stages_from_target",
                    format!("unknown op `{}`", name.get_ref()),
                    "name an op of db/ops/",
                );
                ok = false;
            }
        }
    }
    ok.then_some(out)
}

/// A derived C++ enumeration: `name` and `doc` required, `count` with `counted`.
fn dxc_enum(
    ctx: &mut Ctx<'_>,
    e: &Option<Spanned<RawDxcEnum>>,
    key: &str,
    counted: bool,
) -> Option<DxcEnum> {
    let e = ctx.require(e, key)?;
    let span = e.span();
    let e = e.get_ref();
    let field = |ctx: &mut Ctx<'_>, v: &Option<Spanned<String>>, field: &str| {
        if v.is_none() {
            ctx.error(
                span.clone(),
                &format!("{key}.{field}"),
                format!("missing key `{field}`"),
                format!("add `{field} = \"...\"` to `{key}` (see docs/ops-toml.md)"),
            );
        }
        v.as_ref().map(|s| s.get_ref().clone())
    };
    let name = field(ctx, &e.name, "name");
    let doc = field(ctx, &e.doc, "doc");
    let count = if counted {
        field(ctx, &e.count, "count")
    } else {
        Some(Ctx::opt_string(&e.count))
    };
    Some(DxcEnum {
        name: name?,
        doc: doc?,
        count: count?,
    })
}

/// Reports the names `missing` from a list that must cover them; true when none is.
fn covered(
    ctx: &mut Ctx<'_>,
    span: std::ops::Range<usize>,
    key: &str,
    missing: &[&str],
    what: &str,
    hint: &str,
) -> bool {
    if missing.is_empty() {
        return true;
    }
    ctx.error(span, key, format!("{what}: {}", missing.join(", ")), hint);
    false
}
