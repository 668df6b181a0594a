//! Op classes and signatures: `[class.NAME]` records (a signature several ops share), and the
//! checks of a signature, also used for the signatures ops carry in their own records.

use std::collections::HashMap;

use serde_spanned::Spanned;

use super::{Builder, Ctx, Declared, Known, RawDb};
use crate::db::Database;
use crate::model::*;
use crate::raw::RawParam;

impl Builder<'_> {
    /// `[class.NAME]` records: the classes whose signature several ops share.
    pub(crate) fn classes(&mut self, raw: &RawDb, db: &mut Database) {
        let mut declared = Declared::default();
        for rec in &raw.classes {
            let name = &rec.item.name;
            let sources = self.sources;
            let label = format!("class `{}`", name.get_ref());
            let types = self.names.types.take();
            let enums = self.names.enums.take();
            let mut ctx = self.ctx(rec.file, &rec.item.record, label);
            let ok = declared.add(&mut ctx, name, "", "class", sources);
            let class = if ok {
                let r = rec.item.record.value.get_ref();
                let stem = stem_of(&mut ctx, &r.stem, name);
                let result = ctx.require(&r.result, "result");
                let params = ctx.require(&r.params, "params");
                let sig = match (result, params) {
                    (Some(result), Some(params)) => {
                        signature(&mut ctx, result, params, &types, &enums, db)
                    }
                    _ => None,
                };
                stem.zip(sig)
                    .map(|(stem, sig)| (stem, sig, Ctx::opt_string(&r.doc)))
            } else {
                None
            };
            self.names.types = types;
            self.names.enums = enums;
            match class {
                Some((stem, (result, params), doc)) => {
                    let id = ClassId(db.classes.len() as u32);
                    let sig = SignatureId(db.signatures.len() as u32);
                    db.signatures.push(Signature {
                        class: id,
                        result,
                        params,
                    });
                    db.classes.push(Class {
                        name: name.get_ref().clone(),
                        stem,
                        doc,
                        shared: true,
                        signatures: vec![sig],
                    });
                    self.names.classes.insert(name.get_ref().clone(), id);
                }
                None if ok => self.names.classes.insert_broken(name.get_ref().clone()),
                None => {}
            }
        }
    }
}

fn default_stem(name: &str) -> String {
    let mut c = name.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

fn valid_stem(s: &str) -> bool {
    !s.is_empty()
        && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        && !s.as_bytes()[0].is_ascii_digit()
}

/// The function-name stem of class `name`: the explicit `stem`, or the class name with a
/// lower-case first letter.
pub(super) fn stem_of(
    ctx: &mut Ctx<'_>,
    explicit: &Option<Spanned<String>>,
    name: &Spanned<String>,
) -> Option<String> {
    match explicit {
        Some(s) => {
            if !valid_stem(s.get_ref()) {
                ctx.error(
                    s.span(),
                    "stem",
                    format!("`{}` is not a valid function-name stem", s.get_ref()),
                    "a stem is letters, digits and `_`, e.g. `cbufferLoadLegacy`",
                );
                return None;
            }
            Some(s.get_ref().clone())
        }
        None => {
            let s = default_stem(name.get_ref());
            if !valid_stem(&s) {
                ctx.error(
                    name.span(),
                    "stem",
                    format!(
                        "class name `{}` does not make a valid function-name stem",
                        name.get_ref()
                    ),
                    "give the class an explicit `stem`",
                );
                return None;
            }
            Some(s)
        }
    }
}

/// A signature: `result` and `params` of a class record or of an op's own record. Every
/// mistake of every parameter is reported.
pub(super) fn signature(
    ctx: &mut Ctx<'_>,
    result: &Spanned<RawParam>,
    params: &Spanned<Vec<Spanned<RawParam>>>,
    types: &Known<TypeId>,
    enums: &Known<EnumId>,
    db: &Database,
) -> Option<(Param, Vec<Param>)> {
    let mut ok = true;
    let result = param(ctx, result, "result", true, types, enums, db);
    let mut out = Vec::new();
    let mut seen: HashMap<String, ()> = HashMap::new();
    for p in params.get_ref() {
        match param(ctx, p, "params", false, types, enums, db) {
            Some(param) => {
                if seen.insert(param.name.clone(), ()).is_some() {
                    ctx.error(
                        p.get_ref().name.as_ref().map_or(p.span(), |n| n.span()),
                        "params.name",
                        format!("duplicate parameter name `{}`", param.name),
                        "give each parameter a distinct name",
                    );
                    ok = false;
                }
                out.push(param);
            }
            None => ok = false,
        }
    }
    let result = result?;
    ok.then_some((result, out))
}

fn param(
    ctx: &mut Ctx<'_>,
    p: &Spanned<RawParam>,
    key: &str,
    is_result: bool,
    types: &Known<TypeId>,
    enums: &Known<EnumId>,
    db: &Database,
) -> Option<Param> {
    let v = p.get_ref();
    let outer = ctx.span.clone();
    ctx.span = p.span();
    let out = (|| {
        let name = if is_result {
            if let Some(n) = &v.name {
                ctx.error(
                    n.span(),
                    "result.name",
                    "the result has no name",
                    "remove `name` from `result`",
                );
            }
            String::new()
        } else {
            let n = ctx.require(&v.name, &format!("{key}.name"))?;
            let s = n.get_ref();
            if s.is_empty()
                || !s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
                || s.as_bytes()[0].is_ascii_digit()
            {
                ctx.error(
                    n.span(),
                    &format!("{key}.name"),
                    format!("`{s}` is not a valid parameter name"),
                    "parameter names are identifiers: letters, digits and `_`",
                );
                return None;
            }
            s.clone()
        };
        let tkey = format!("{key}.type");
        let t = ctx.require(&v.ty, &tkey)?;
        let ty = ctx.lookup(t, &tkey, "type", types, "a [type.NAME] table")?;
        let immediate = v.immediate.as_ref().is_some_and(|i| *i.get_ref());
        if immediate {
            if is_result {
                ctx.error(
                    v.immediate.as_ref().map_or(p.span(), |i| i.span()),
                    "result.immediate",
                    "the result cannot be an immediate constant",
                    "remove `immediate`",
                );
                return None;
            }
            if !integer_type(db, ty) {
                ctx.error(
                    t.span(),
                    &format!("{key}.immediate"),
                    format!(
                        "immediate-constant parameter `{}` has type `{}`, which is not an integer type",
                        v.name.as_ref().map_or("", |n| n.get_ref()),
                        t.get_ref()
                    ),
                    "immediate constants are integers (or structs of integers); remove `immediate` or use an integer type",
                );
                return None;
            }
        }
        let enumeration = match &v.enum_name {
            Some(e) => {
                let id = ctx.lookup(
                    e,
                    &format!("{key}.enum"),
                    "enumeration",
                    enums,
                    "an [enum.NAME] table",
                )?;
                if !integer_type(db, ty) {
                    ctx.error(
                        e.span(),
                        &format!("{key}.enum"),
                        format!(
                            "parameter of type `{}` cannot take enumeration values",
                            t.get_ref()
                        ),
                        "enumeration parameters have integer types",
                    );
                    return None;
                }
                Some(id)
            }
            None => None,
        };
        if let Some(m) = &v.max
            && !integer_type(db, ty)
        {
            ctx.error(
                m.span(),
                &format!("{key}.max"),
                format!(
                    "parameter of type `{}` cannot have a maximum value",
                    t.get_ref()
                ),
                "`max` applies to integer parameters",
            );
            return None;
        }
        Some(Param {
            name,
            ty,
            doc: Ctx::opt_string(&v.doc),
            immediate,
            enumeration,
            max: v.max.as_ref().map(|m| *m.get_ref()),
        })
    })();
    ctx.span = outer;
    out
}

/// Whether a type is an LLVM integer, or a struct of integers.
fn integer_type(db: &Database, ty: TypeId) -> bool {
    fn int(s: &str) -> bool {
        s.strip_prefix('i')
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    }
    match &db.types[ty.index()].kind {
        TypeKind::Llvm(l) => int(l),
        TypeKind::Struct { fields, .. } => fields.iter().all(|f| match &db.types[f.index()].kind {
            TypeKind::Llvm(l) => int(l),
            _ => false,
        }),
        _ => false,
    }
}
