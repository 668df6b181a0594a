//! Vocabularies: enumerations, versions, stages, attributes, overload types, op tables.

use std::collections::{HashMap, HashSet};

use super::{Builder, Ctx, Declared, RawDb};
use crate::db::Database;
use crate::model::*;
use crate::overload::parse_overloads;

/// Names the stage lists of ops may use besides declared stages.
pub(crate) const ALL_STAGES: &str = "all";
pub(crate) const REMOVED: &str = "removed";

/// Whether `s` is an ASCII identifier: a letter or `_` first (not `_` alone), then letters,
/// digits and `_`.
pub(crate) fn is_identifier(s: &str) -> bool {
    let mut bytes = s.bytes();
    match bytes.next() {
        Some(b) if b.is_ascii_alphabetic() => {}
        Some(b'_') if s.len() > 1 => {}
        _ => return false,
    }
    bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

impl Builder<'_> {
    pub(crate) fn enums(&mut self, raw: &RawDb, db: &mut Database) {
        let mut declared = Declared::default();
        // versions are needed for `since`; they are parsed again, with errors, later
        let versions: Vec<DxilVersion> = raw
            .versions
            .iter()
            .filter_map(|v| v.item.value.get_ref().dxil.as_ref()?.get_ref().parse().ok())
            .collect();
        for rec in &raw.enums {
            let name = &rec.item.name;
            let label = format!("enum `{}`", name.get_ref());
            let sources = self.sources;
            let mut ctx = self.ctx(rec.file, &rec.item.record, label);
            if !declared.add(&mut ctx, name, "", "enumeration", sources) {
                continue;
            }
            if !is_identifier(name.get_ref()) {
                ctx.error(
                    name.span(),
                    "",
                    format!("`{}` is not an identifier", name.get_ref()),
                    "enumeration names start with a letter and use only ASCII letters, digits and `_` (they become Rust type names)",
                );
            }
            let r = rec.item.record.value.get_ref();
            let flags = r.flags.as_ref().is_some_and(|f| *f.get_ref());
            let mut values = Vec::new();
            if let Some(list) = ctx.require(&r.values, "values") {
                if list.get_ref().is_empty() {
                    ctx.error(
                        list.span(),
                        "values",
                        "an enumeration needs at least one value",
                        "add `{ name = \"...\", value = N }` entries",
                    );
                }
                let mut names: HashMap<&str, ()> = HashMap::new();
                let mut numbers: HashMap<i64, &str> = HashMap::new();
                for entry in list.get_ref() {
                    let v = entry.get_ref();
                    let mut ectx = Ctx {
                        sink: &mut *ctx.sink,
                        file: ctx.file,
                        span: entry.span(),
                        label: format!("enum `{}`", name.get_ref()),
                        removed: super::no_keys(),
                        quiet_missing: rec.item.record.removed.contains("values"),
                    };
                    let (Some(vname), Some(value)) = (
                        ectx.require(&v.name, "values.name"),
                        ectx.require(&v.value, "values.value"),
                    ) else {
                        continue;
                    };
                    if names.insert(vname.get_ref(), ()).is_some() {
                        ectx.error(
                            vname.span(),
                            "values.name",
                            format!("duplicate value name `{}`", vname.get_ref()),
                            "give each value a distinct name",
                        );
                        continue;
                    }
                    if !is_identifier(vname.get_ref()) {
                        ectx.error(
                            vname.span(),
                            "values.name",
                            format!("value name `{}` is not an identifier", vname.get_ref()),
                            "value names start with a letter or `_` and use only ASCII letters, digits and `_` (they become Rust names)",
                        );
                    }
                    let alias = v.alias.as_ref().is_some_and(|a| *a.get_ref());
                    let mask = v.mask.as_ref().is_some_and(|a| *a.get_ref());
                    let n = *value.get_ref();
                    if flags && n < 0 {
                        ectx.error(
                            value.span(),
                            "values.value",
                            format!(
                                "flag value `{}` = {n} is negative",
                                vname.get_ref()
                            ),
                            "values of a flag enumeration are bit patterns: write them as non-negative numbers, e.g. 0x8000_0000 for the top bit of 32",
                        );
                    }
                    if alias && mask {
                        ectx.error(
                            vname.span(),
                            "values.alias",
                            format!(
                                "value `{}` is declared both alias and mask",
                                vname.get_ref()
                            ),
                            "a value is an alias of an earlier value, or a mask, not both",
                        );
                    }
                    if mask && !flags {
                        ectx.error(
                            v.mask.as_ref().map_or(entry.span(), |m| m.span()),
                            "values.mask",
                            format!(
                                "`{}` is declared a mask, but `{}` is not a flag enumeration",
                                vname.get_ref(),
                                name.get_ref()
                            ),
                            "add `flags = true` to the enumeration, or remove `mask`",
                        );
                    }
                    if alias {
                        if !numbers.contains_key(&n) {
                            ectx.error(
                                value.span(),
                                "values.value",
                                format!(
                                    "alias `{}` = {n} does not name an earlier value",
                                    vname.get_ref()
                                ),
                                "an alias must have the number of a value declared before it",
                            );
                        }
                    } else if !mask {
                        if let Some(other) = numbers.get(&n) {
                            ectx.error(
                                value.span(),
                                "values.value",
                                format!(
                                    "value `{}` = {n} collides with `{other}` = {n}",
                                    vname.get_ref()
                                ),
                                "give it a distinct number, or declare it `alias = true` (another name of the same value) or, in flag enumerations, `mask = true`",
                            );
                        } else {
                            numbers.insert(n, vname.get_ref());
                        }
                    }
                    let since = match &v.since {
                        Some(s) => ectx.version(s, "values.since", &versions),
                        None => None,
                    };
                    values.push(EnumValue {
                        name: vname.get_ref().clone(),
                        value: n,
                        doc: Ctx::opt_string(&v.doc),
                        alias,
                        mask,
                        since,
                    });
                }
            }
            let id = EnumId(db.enums.len() as u32);
            self.names.enums.insert(name.get_ref().clone(), id);
            db.enums.push(Enum {
                name: name.get_ref().clone(),
                doc: Ctx::opt_string(&r.doc),
                underlying: r.underlying.as_ref().map(|u| u.get_ref().clone()),
                flags,
                values,
            });
        }
    }

    pub(crate) fn versions(&mut self, raw: &RawDb, db: &mut Database) {
        let mut seen_sm = HashSet::new();
        for rec in &raw.versions {
            let r = rec.item.value.get_ref();
            let label = match &r.dxil {
                Some(d) => format!("version `{}`", d.get_ref()),
                None => "`[[version]]` record".to_owned(),
            };
            let mut ctx = self.ctx(rec.file, &rec.item, label);
            let dxil = ctx
                .require(&r.dxil, "dxil")
                .and_then(|d| ctx.parse::<DxilVersion>(d, "dxil").map(|v| (v, d.span())));
            let sm = ctx.require(&r.shader_model, "shader_model").and_then(|d| {
                ctx.parse::<ShaderModel>(d, "shader_model")
                    .map(|v| (v, d.span()))
            });
            let (Some((dxil, dspan)), Some((sm, smspan))) = (dxil, sm) else {
                continue;
            };
            if let Some(last) = db.versions.last()
                && dxil <= last.dxil
            {
                ctx.error(
                    dspan,
                    "dxil",
                    format!(
                        "version {dxil} is not after the version declared before it ({})",
                        last.dxil
                    ),
                    "declare `[[version]]` records oldest first, each once",
                );
                continue;
            }
            if !seen_sm.insert(sm) {
                ctx.error(
                    smspan,
                    "shader_model",
                    format!("shader model {sm} pairs with two DXIL versions"),
                    "each DXIL version pairs with its own shader model",
                );
            }
            db.versions.push(VersionInfo {
                dxil,
                shader_model: sm,
                prerelease: r.prerelease.as_ref().is_some_and(|p| *p.get_ref()),
                doc: Ctx::opt_string(&r.doc),
            });
        }
        if db.versions.is_empty()
            && raw.versions.is_empty()
            && let Some(first) = raw.ops.first()
        {
            self.ctx(first.file, &first.item.1, String::new())
                .unresolved(
                    crate::unparsed::Section::Version,
                    0..0,
                    "version",
                    "no DXIL version is declared",
                    "declare each DXIL version in a `[[version]]` record",
                );
        }
    }

    pub(crate) fn stages(&mut self, raw: &RawDb, db: &mut Database) {
        let mut declared = Declared::default();
        let versions: Vec<DxilVersion> = db.versions.iter().map(|v| v.dxil).collect();
        let shader_kind = db.enums.iter().find(|e| e.name == "ShaderKind").cloned();
        let mut kinds_seen: HashMap<u32, String> = HashMap::new();
        for rec in &raw.stages {
            let name = &rec.item.name;
            let sources = self.sources;
            let mut ctx = self.ctx(
                rec.file,
                &rec.item.record,
                format!("stage `{}`", name.get_ref()),
            );
            if !declared.add(&mut ctx, name, "", "stage", sources) {
                continue;
            }
            if name.get_ref() == ALL_STAGES || name.get_ref() == REMOVED {
                ctx.error(
                    name.span(),
                    "",
                    format!(
                        "`{}` is a pseudo-stage of stage lists and cannot be declared",
                        name.get_ref()
                    ),
                    "choose another name",
                );
                continue;
            }
            let r = rec.item.record.value.get_ref();
            let since = ctx
                .require(&r.since, "since")
                .and_then(|s| ctx.version(s, "since", &versions));
            let kind = ctx.require(&r.shader_kind, "shader_kind").and_then(|k| {
                let Some(e) = &shader_kind else {
                    ctx.unresolved(
                        crate::unparsed::Section::Enum,
                        k.span(),
                        "shader_kind",
                        "no `ShaderKind` enumeration is declared",
                        "declare `[enum.ShaderKind]`; stages name its values",
                    );
                    return None;
                };
                match e.values.iter().find(|v| &v.name == k.get_ref() && !v.alias) {
                    Some(v) if (0..32).contains(&v.value) => Some((v.value as u32, k)),
                    Some(v) => {
                        ctx.error(
                            k.span(),
                            "shader_kind",
                            format!(
                                "ShaderKind `{}` = {} does not fit a 32-bit stage mask",
                                v.name, v.value
                            ),
                            "stage shader kinds must be below 32",
                        );
                        None
                    }
                    None => {
                        let names: Vec<&str> = e
                            .values
                            .iter()
                            .filter(|v| !v.alias)
                            .map(|v| v.name.as_str())
                            .collect();
                        ctx.error(
                            k.span(),
                            "shader_kind",
                            format!("`{}` is not a value of ShaderKind", k.get_ref()),
                            crate::diag::suggest(
                                k.get_ref(),
                                names.iter().copied(),
                                "ShaderKind values",
                            ),
                        );
                        None
                    }
                }
            });
            let (Some(since), Some((kind, kspan))) = (since, kind) else {
                continue;
            };
            if let Some(other) = kinds_seen.get(&kind) {
                ctx.error(
                    kspan.span(),
                    "shader_kind",
                    format!(
                        "stages `{other}` and `{}` have the same shader kind",
                        name.get_ref()
                    ),
                    "each stage has its own ShaderKind value",
                );
                continue;
            }
            kinds_seen.insert(kind, name.get_ref().clone());
            self.names
                .stages
                .insert(name.get_ref().clone(), StageId(db.stages.len() as u32));
            db.stages.push(Stage {
                name: name.get_ref().clone(),
                shader_kind_name: kspan.get_ref().clone(),
                shader_kind: kind,
                since,
                doc: Ctx::opt_string(&r.doc),
            });
        }
    }

    pub(crate) fn attributes(&mut self, raw: &RawDb, db: &mut Database) {
        let mut declared = Declared::default();
        for rec in &raw.attributes {
            let name = &rec.item.name;
            let sources = self.sources;
            let mut ctx = self.ctx(
                rec.file,
                &rec.item.record,
                format!("attribute `{}`", name.get_ref()),
            );
            if !declared.add(&mut ctx, name, "", "attribute", sources) {
                continue;
            }
            if db.attributes.len() == 32 {
                ctx.error(
                    name.span(),
                    "",
                    "more than 32 attributes",
                    "attribute sets are 32-bit masks",
                );
                continue;
            }
            let r = rec.item.record.value.get_ref();
            let kind = ctx.require(&r.kind, "kind").and_then(|k| match k.get_ref().as_str() {
                "memory" => Some(AttributeKind::Memory),
                "flag" => Some(AttributeKind::Flag),
                other => {
                    ctx.error(
                        k.span(),
                        "kind",
                        format!("unknown attribute kind `{other}`"),
                        "write `memory` (a memory attribute of the declaration) or `flag` (a boolean property)",
                    );
                    None
                }
            });
            let dxc = ctx.string(&r.dxc, "dxc");
            if let (Some(AttributeKind::Flag), Some(l)) = (kind, &r.llvm) {
                ctx.error(
                    l.span(),
                    "llvm",
                    "only memory attributes have an LLVM function attribute",
                    "remove `llvm`, or make the attribute `kind = \"memory\"`",
                );
            }
            if let (Some(AttributeKind::Flag), Some(d)) = (kind, &r.dxil_td) {
                ctx.error(
                    d.span(),
                    "dxil_td",
                    "only memory attributes have a DXILAttribute record in LLVM's DXIL.td",
                    "remove `dxil_td`: LLVM's schema has no record for a flag (`cargo xtask emit llvm` names it in a comment)",
                );
            }
            let dxil_td = ctx.tablegen_name(&r.dxil_td, "dxil_td");
            let (Some(kind), Some(dxc)) = (kind, dxc) else {
                continue;
            };
            self.names.attributes.insert(
                name.get_ref().clone(),
                AttributeId(db.attributes.len() as u32),
            );
            db.attributes.push(Attribute {
                name: name.get_ref().clone(),
                kind,
                dxc,
                llvm: r.llvm.as_ref().map(|l| l.get_ref().clone()),
                dxil_td,
                doc: Ctx::opt_string(&r.doc),
            });
        }
    }

    pub(crate) fn overload_types(&mut self, raw: &RawDb, db: &mut Database) {
        let mut declared = Declared::default();
        let mut letters: HashMap<char, String> = HashMap::new();
        for rec in &raw.overload_types {
            let name = &rec.item.name;
            let sources = self.sources;
            let mut ctx = self.ctx(
                rec.file,
                &rec.item.record,
                format!("overload type `{}`", name.get_ref()),
            );
            if !declared.add(&mut ctx, name, "", "overload type", sources) {
                continue;
            }
            if db.overload_types.len() == 32 {
                ctx.error(
                    name.span(),
                    "",
                    "more than 32 overload types",
                    "overload sets are 32-bit masks",
                );
                continue;
            }
            let r = rec.item.record.value.get_ref();
            let letter = ctx.require(&r.letter, "letter").and_then(|l| {
                let mut chars = l.get_ref().chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_ascii_alphanumeric() => Some((c, l.span())),
                    _ => {
                        ctx.error(
                            l.span(),
                            "letter",
                            format!("`{}` is not a single letter or digit", l.get_ref()),
                            "overload types are written with one ASCII letter or digit",
                        );
                        None
                    }
                }
            });
            let kind = ctx
                .require(&r.kind, "kind")
                .and_then(|k| match k.get_ref().as_str() {
                    "void" => Some(OverloadKind::Void),
                    "scalar" => Some(OverloadKind::Scalar),
                    "udt" => Some(OverloadKind::Udt),
                    "object" => Some(OverloadKind::Object),
                    other => {
                        ctx.error(
                            k.span(),
                            "kind",
                            format!("unknown overload kind `{other}`"),
                            "write `void`, `scalar`, `udt` or `object`",
                        );
                        None
                    }
                });
            let (Some((letter, lspan)), Some(kind)) = (letter, kind) else {
                continue;
            };
            if let Some(other) = letters.get(&letter) {
                ctx.error(
                    lspan,
                    "letter",
                    format!("letter `{letter}` is already used by overload type `{other}`"),
                    "give each overload type its own letter",
                );
                continue;
            }
            if letter == 'v' && kind != OverloadKind::Void {
                // allowed, but the void letter must be unique: checked below
            }
            if kind == OverloadKind::Scalar && r.llvm.is_none() {
                ctx.require(&r.llvm, "llvm");
                continue;
            }
            if kind != OverloadKind::Scalar
                && let Some(l) = &r.llvm
            {
                ctx.error(
                    l.span(),
                    "llvm",
                    "only scalar overload types have a fixed LLVM type",
                    "remove `llvm`",
                );
            }
            if kind != OverloadKind::Object
                && let Some(a) = r.abbreviations.as_ref().and_then(|a| a.first())
            {
                ctx.error(
                    a.span(),
                    "abbreviations",
                    "only object overload types have abbreviations",
                    "remove `abbreviations`",
                );
            }
            if let (OverloadKind::Void, Some(d)) = (kind, &r.dxil_td) {
                ctx.error(
                    d.span(),
                    "dxil_td",
                    "the void overload has no record in LLVM's DXIL.td",
                    "remove `dxil_td`: an op without overloads lists none there",
                );
            }
            let dxil_td = ctx.tablegen_name(&r.dxil_td, "dxil_td");
            letters.insert(letter, name.get_ref().clone());
            db.overload_types.push(OverloadType {
                name: name.get_ref().clone(),
                letter,
                kind,
                llvm: r.llvm.as_ref().map(|l| l.get_ref().clone()),
                dxil_td,
                doc: Ctx::opt_string(&r.doc),
                abbreviations: Vec::new(),
            });
        }
        let voids = db
            .overload_types
            .iter()
            .filter(|t| t.kind == OverloadKind::Void)
            .count();
        if voids != 1
            && let Some(rec) = raw.overload_types.first()
        {
            let mut ctx = self.ctx(rec.file, &rec.item.record, "overload types".to_owned());
            let span = rec.item.name.span();
            ctx.error(
                span,
                "kind",
                format!("{voids} overload types of kind `void` are declared"),
                "declare exactly one (`v`, the op has no overload)",
            );
        }
        let _ = parse_overloads;
    }

    pub(crate) fn tables(&mut self, raw: &RawDb, db: &mut Database) {
        let mut declared = Declared::default();
        let mut ids: HashMap<u32, String> = HashMap::new();
        for rec in &raw.tables {
            let name = &rec.item.name;
            let sources = self.sources;
            let mut ctx = self.ctx(
                rec.file,
                &rec.item.record,
                format!("table `{}`", name.get_ref()),
            );
            if !declared.add(&mut ctx, name, "", "op table", sources) {
                continue;
            }
            // a table with mistakes (reported here) is still known to the ops that use it
            self.names.tables.insert_broken(name.get_ref().clone());
            let mut ctx = self.ctx(
                rec.file,
                &rec.item.record,
                format!("table `{}`", name.get_ref()),
            );
            let r = rec.item.record.value.get_ref();
            let Some(id) = ctx.require(&r.id, "id") else {
                continue;
            };
            if *id.get_ref() > 0xFFFF {
                ctx.error(
                    id.span(),
                    "id",
                    format!("table id {:#x} does not fit in 16 bits", id.get_ref()),
                    "the id is the upper half of 32-bit opcodes: use 0..=0xFFFF",
                );
                continue;
            }
            if let Some(other) = ids.get(id.get_ref()) {
                ctx.error(
                    id.span(),
                    "id",
                    format!(
                        "table id {:#x} is also the id of table `{other}`",
                        id.get_ref()
                    ),
                    "give each op table its own id",
                );
                continue;
            }
            ids.insert(*id.get_ref(), name.get_ref().clone());
            self.names
                .tables
                .set_built(name.get_ref().clone(), TableId(db.tables.len() as u32));
            db.tables.push(Table {
                name: name.get_ref().clone(),
                id: *id.get_ref() as u16,
                experimental: r.experimental.as_ref().is_some_and(|e| *e.get_ref()),
                doc: Ctx::opt_string(&r.doc),
            });
        }
    }
}

#[cfg(test)]
mod identifier_tests {
    use super::is_identifier;

    #[test]
    fn identifiers() {
        for ok in ["NA", "Last_1_2", "F8_E4M3FN", "_x", "a1"] {
            assert!(is_identifier(ok), "{ok}");
        }
        for bad in ["", "_", "1st", "Two Words", "a-b", "é"] {
            assert!(!is_identifier(bad), "{bad}");
        }
    }
}
