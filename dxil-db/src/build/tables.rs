//! Validation rules, the signature tables and the LLVM instruction table.

use std::collections::HashMap;

use super::{Builder, Ctx, Declared, RawDb};
use crate::db::Database;
use crate::model::*;

/// The value names of the enumeration `name`, if declared.
fn enum_values<'d>(db: &'d Database, name: &str) -> Option<Vec<&'d str>> {
    db.enums
        .iter()
        .find(|e| e.name == name)
        .map(|e| e.values.iter().map(|v| v.name.as_str()).collect())
}

/// Checks that `v` names a value of enumeration `enum_name`.
fn enum_value(
    ctx: &mut Ctx<'_>,
    db: &Database,
    v: &crate::raw::S,
    key: &str,
    enum_name: &str,
) -> bool {
    let Some(values) = enum_values(db, enum_name) else {
        ctx.unresolved(
            crate::unparsed::Section::Enum,
            v.span(),
            key,
            format!("no `{enum_name}` enumeration is declared"),
            format!("declare `[enum.{enum_name}]`; this key names one of its values"),
        );
        return false;
    };
    if values.contains(&v.get_ref().as_str()) {
        return true;
    }
    ctx.error(
        v.span(),
        key,
        format!("`{}` is not a value of {enum_name}", v.get_ref()),
        crate::diag::suggest(
            v.get_ref(),
            values.iter().copied(),
            &format!("{enum_name} values"),
        ),
    );
    false
}

/// Number of `%N` placeholders of a message, or the first missing index.
pub(crate) fn placeholders(message: &str) -> Result<usize, usize> {
    let mut seen = Vec::new();
    let b = message.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 1 < b.len() && b[i + 1].is_ascii_digit() {
            let start = i + 1;
            let mut end = start;
            while end < b.len() && b[end].is_ascii_digit() {
                end += 1;
            }
            let n: usize = message[start..end].parse().unwrap_or(usize::MAX);
            if n < 64 {
                if seen.len() <= n {
                    seen.resize(n + 1, false);
                }
                seen[n] = true;
            }
            i = end;
        } else {
            i += 1;
        }
    }
    match seen.iter().position(|s| !s) {
        Some(gap) => Err(gap),
        None => Ok(seen.len()),
    }
}

impl Builder<'_> {
    pub(crate) fn rules(&mut self, raw: &RawDb, db: &mut Database) {
        let mut codes = Declared::default();
        let mut rust_names = Declared::default();
        let mut ids: HashMap<u32, String> = HashMap::new();
        let shader_models: Vec<ShaderModel> = db.versions.iter().map(|v| v.shader_model).collect();
        for rec in &raw.rules {
            let r = rec.item.value.get_ref();
            let label = match &r.code {
                Some(c) => format!("rule `{}`", c.get_ref()),
                None => "`[[rule]]` record".to_owned(),
            };
            let sources = self.sources;
            let stage_names = self.names.stages.take();
            let mut ctx = self.ctx(rec.file, &rec.item, label);
            let code = ctx.require(&r.code, "code").filter(|c| {
                let ok = !c.get_ref().is_empty()
                    && c.get_ref().bytes().all(|b| {
                        b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'.' || b == b'_'
                    });
                if !ok {
                    ctx.error(
                        c.span(),
                        "code",
                        format!("`{}` is not a rule code", c.get_ref()),
                        "rule codes are upper-case words separated by `.`, e.g. `INSTR.OLOAD`",
                    );
                }
                ok
            });
            let code = code.filter(|c| codes.add(&mut ctx, c, "code", "rule code", sources));
            let name = ctx.require(&r.name, "name").filter(|n| {
                let s = n.get_ref();
                let ok = s.bytes().next().is_some_and(|b| b.is_ascii_uppercase())
                    && s.bytes().all(|b| b.is_ascii_alphanumeric());
                if !ok {
                    ctx.error(
                        n.span(),
                        "name",
                        format!("`{s}` is not a CamelCase name"),
                        "write the rule's name in CamelCase, e.g. `InstrOload`",
                    );
                }
                ok
            });
            let name = name.filter(|n| rust_names.add(&mut ctx, n, "name", "rule name", sources));
            let id = ctx.require(&r.id, "id").filter(|i| {
                if let Some(other) = ids.get(i.get_ref()) {
                    ctx.error(
                        i.span(),
                        "id",
                        format!("rule id {} is also the id of `{other}`", i.get_ref()),
                        "give each rule its own id",
                    );
                    return false;
                }
                true
            });
            let category = ctx.string(&r.category, "category");
            let doc = ctx.string(&r.doc, "doc");
            let message = ctx.require(&r.message, "message");
            let arguments = message.and_then(|m| match placeholders(m.get_ref()) {
                Ok(n) => Some(n),
                Err(gap) => {
                    ctx.error(
                        m.span(),
                        "message",
                        format!("placeholder %{gap} is missing while a higher one is used"),
                        "number the placeholders %0, %1, ... without gaps",
                    );
                    None
                }
            });
            let sm = ctx
                .require(&r.shader_model, "shader_model")
                .and_then(|s| ctx.shader_model(s, "shader_model", &shader_models));
            let mut stages = Vec::new();
            for s in r.stages.iter().flatten() {
                if let Some(id) =
                    ctx.lookup(s, "stages", "stage", &stage_names, "a [stage.NAME] table")
                {
                    stages.push(id);
                }
            }
            self.names.stages = stage_names;
            let (
                Some(code),
                Some(name),
                Some(id),
                Some(category),
                Some(doc),
                Some(message),
                Some(arguments),
                Some(sm),
            ) = (code, name, id, category, doc, message, arguments, sm)
            else {
                continue;
            };
            ids.insert(*id.get_ref(), code.get_ref().clone());
            db.rules.push(Rule {
                code: code.get_ref().clone(),
                name: name.get_ref().clone(),
                id: *id.get_ref(),
                category,
                doc,
                message: message.get_ref().clone(),
                arguments,
                shader_model: sm,
                stages,
                disabled: r.disabled.as_ref().is_some_and(|d| *d.get_ref()),
            });
        }
    }

    pub(crate) fn sig_points(&mut self, raw: &RawDb, db: &mut Database) {
        let mut names = Declared::default();
        // Points that have a row, even a row with mistakes (reported with the row).
        let mut rows: Vec<String> = Vec::new();
        for rec in &raw.sig_points {
            let r = rec.item.value.get_ref();
            let label = match &r.name {
                Some(c) => format!("signature point `{}`", c.get_ref()),
                None => "`[[sig_point]]` record".to_owned(),
            };
            let sources = self.sources;
            let mut ctx = self.ctx(rec.file, &rec.item, label);
            let name = ctx
                .require(&r.name, "name")
                .filter(|n| enum_value(&mut ctx, db, n, "name", "SigPointKind"))
                .filter(|n| names.add(&mut ctx, n, "name", "signature point", sources))
                .inspect(|n| rows.push(n.get_ref().clone()));
            let related = ctx
                .require(&r.related, "related")
                .filter(|n| enum_value(&mut ctx, db, n, "related", "SigPointKind"));
            let kind = ctx
                .require(&r.shader_kind, "shader_kind")
                .filter(|n| enum_value(&mut ctx, db, n, "shader_kind", "ShaderKind"));
            let packing = ctx
                .require(&r.packing, "packing")
                .filter(|n| enum_value(&mut ctx, db, n, "packing", "PackingKind"));
            let signature = ctx
                .require(&r.signature, "signature")
                .filter(|n| enum_value(&mut ctx, db, n, "signature", "SignatureKind"));
            let (Some(name), Some(related), Some(kind), Some(packing), Some(signature)) =
                (name, related, kind, packing, signature)
            else {
                continue;
            };
            db.sig_points.push(SigPoint {
                name: name.get_ref().clone(),
                related: (related.get_ref() != "Invalid").then(|| related.get_ref().clone()),
                shader_kind: kind.get_ref().clone(),
                packing: packing.get_ref().clone(),
                signature: signature.get_ref().clone(),
                doc: Ctx::opt_string(&r.doc),
            });
        }
        self.sig_points_complete(raw, &rows);
    }

    /// Every value of a declared SigPointKind has a row of the signature-point table, so that
    /// lookups by signature point are total. Reported at the value without a row.
    fn sig_points_complete(&mut self, raw: &RawDb, rows: &[String]) {
        let Some(rec) = raw
            .enums
            .iter()
            .find(|e| e.item.name.get_ref() == "SigPointKind")
        else {
            return;
        };
        let Some(values) = &rec.item.record.value.get_ref().values else {
            return;
        };
        let mut ctx = self.ctx(rec.file, &rec.item.record, "enum `SigPointKind`".to_owned());
        for entry in values.get_ref() {
            let v = entry.get_ref();
            let (Some(name), false) = (&v.name, v.alias.as_ref().is_some_and(|a| *a.get_ref()))
            else {
                continue;
            };
            if !rows.contains(name.get_ref()) {
                ctx.error(
                    name.span(),
                    "values.name",
                    format!(
                        "signature point `{}` has no `[[sig_point]]` row",
                        name.get_ref()
                    ),
                    "add a `[[sig_point]]` record for it (db/signature-tables.toml): lookups by signature point cover every value",
                );
            }
        }
    }

    pub(crate) fn semantic_interpretations(&mut self, raw: &RawDb, db: &mut Database) {
        let mut names = Declared::default();
        let order: Vec<String> = db.sig_points.iter().map(|s| s.name.clone()).collect();
        for rec in &raw.semantic_interpretations {
            let semantic = &rec.item.name;
            let sources = self.sources;
            let mut ctx = self.ctx(
                rec.file,
                &rec.item.record,
                format!("semantic interpretations of `{}`", semantic.get_ref()),
            );
            if !enum_value(&mut ctx, db, semantic, "", "SemanticKind")
                || !names.add(&mut ctx, semantic, "", "semantic", sources)
            {
                continue;
            }
            let mut cells = Vec::new();
            let mut ok = true;
            for (sp, cell) in rec.item.record.value.get_ref() {
                if !order.contains(sp.get_ref()) {
                    let known: Vec<&str> = order.iter().map(String::as_str).collect();
                    ctx.error(
                        sp.span(),
                        sp.get_ref(),
                        format!("`{}` is not a declared signature point", sp.get_ref()),
                        crate::diag::suggest(
                            sp.get_ref(),
                            known.iter().copied(),
                            "signature points",
                        ),
                    );
                    ok = false;
                    continue;
                }
                let text = cell.get_ref();
                let mut parts = text.split(' ');
                let kind = parts.next().unwrap_or_default().to_owned();
                let sm = parts.next();
                if parts.next().is_some() {
                    ctx.error(cell.span(), sp.get_ref(), format!("`{text}` is not `KIND` or `KIND X.Y`"), "write an interpretation, optionally followed by the minimum shader model, e.g. \"NotInSig 6.1\"");
                    ok = false;
                    continue;
                }
                let values = enum_values(db, "SemanticInterpretationKind").unwrap_or_default();
                if !values.contains(&kind.as_str()) {
                    ctx.error(
                        cell.span(),
                        sp.get_ref(),
                        format!("`{kind}` is not a value of SemanticInterpretationKind"),
                        crate::diag::suggest(&kind, values.iter().copied(), "interpretations"),
                    );
                    ok = false;
                    continue;
                }
                let shader_model = match sm {
                    None => None,
                    Some(s) => match s.parse::<ShaderModel>() {
                        Ok(v) => Some(v),
                        Err(e) => {
                            ctx.error(
                                cell.span(),
                                sp.get_ref(),
                                format!("`{s}` is {e}"),
                                "write the minimum shader model as `major.minor`",
                            );
                            ok = false;
                            continue;
                        }
                    },
                };
                cells.push(Interpretation {
                    sig_point: sp.get_ref().clone(),
                    kind,
                    shader_model,
                });
            }
            if !ok {
                continue;
            }
            cells.sort_by_key(|c| order.iter().position(|o| *o == c.sig_point));
            db.semantic_interpretations.push(SemanticRow {
                semantic: semantic.get_ref().clone(),
                cells,
            });
        }
    }

    pub(crate) fn llvm_instructions(&mut self, raw: &RawDb, db: &mut Database) {
        let mut names = Declared::default();
        let mut opcodes: HashMap<u32, String> = HashMap::new();
        let letters: Vec<char> = db.overload_types.iter().map(|t| t.letter).collect();
        for rec in &raw.llvm_instructions {
            let r = rec.item.value.get_ref();
            let label = match &r.name {
                Some(c) => format!("LLVM instruction `{}`", c.get_ref()),
                None => "`[[llvm_instruction]]` record".to_owned(),
            };
            let sources = self.sources;
            let mut ctx = self.ctx(rec.file, &rec.item, label);
            let name = ctx
                .require(&r.name, "name")
                .filter(|n| names.add(&mut ctx, n, "name", "LLVM instruction", sources));
            let opcode = ctx.require(&r.opcode, "opcode").filter(|o| {
                let Some(other) = opcodes.get(o.get_ref()) else {
                    return true;
                };
                ctx.error(
                    o.span(),
                    "opcode",
                    format!(
                        "LLVM opcode {} is also the opcode of `{other}`",
                        o.get_ref()
                    ),
                    "each LLVM instruction has its own opcode",
                );
                false
            });
            let class = ctx.string(&r.class, "class");
            let doc = ctx.string(&r.doc, "doc");
            let allowed = ctx.require(&r.allowed, "allowed");
            let mut ok = true;
            if let Some(o) = &r.overloads {
                for (i, c) in o.get_ref().char_indices() {
                    if !letters.contains(&c) {
                        let at = o.span().start + 1 + i;
                        ctx.unresolved(
                            crate::unparsed::Section::OverloadType,
                            at..at + 1,
                            "overloads",
                            format!("unknown overload letter `{c}`"),
                            "use the letters of `[overload_type.*]`",
                        );
                        ok = false;
                    }
                }
            }
            let (Some(name), Some(opcode), Some(class), Some(doc), Some(allowed), true) =
                (name, opcode, class, doc, allowed, ok)
            else {
                continue;
            };
            opcodes.insert(*opcode.get_ref(), name.get_ref().clone());
            db.llvm_instructions.push(LlvmInstruction {
                name: name.get_ref().clone(),
                opcode: *opcode.get_ref(),
                class,
                doc,
                remarks: Ctx::opt_string(&r.remarks),
                overloads: Ctx::opt_string(&r.overloads),
                allowed: *allowed.get_ref(),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::placeholders;

    #[test]
    fn counts_placeholders() {
        assert_eq!(placeholders("no args"), Ok(0));
        assert_eq!(placeholders("%0 of %1"), Ok(2));
        assert_eq!(placeholders("%1 and %1 then %0"), Ok(2));
        assert_eq!(placeholders("%0 and %2"), Err(1));
        assert_eq!(placeholders("100% sure"), Ok(0));
    }
}
