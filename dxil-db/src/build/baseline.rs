//! `[llvm_baseline]`: the LLVM release the DXIL.td of `cargo xtask emit llvm` is read with, and
//! which intrinsics of the map it already defines (the emitted file declares the others).

use std::collections::HashSet;

use super::{Builder, Ctx, RawDb};
use crate::db::Database;
use crate::model::LlvmBaseline;
use crate::unparsed::Section;

impl Builder<'_> {
    /// The `[llvm_baseline]` record, at most one; after the intrinsic map, whose names it uses.
    pub(crate) fn llvm_baseline(&mut self, raw: &RawDb, db: &mut Database) {
        let mapped: HashSet<&str> = db.intrinsics.iter().map(|i| i.name.as_str()).collect();
        let mut first: Option<String> = None;
        let mut out = None;
        for rec in &raw.llvm_baselines {
            let at = {
                let f = self.sources.get(rec.file);
                let (line, col) = f.line_col(rec.item.span().start);
                format!("{}:{line}:{col}", f.name())
            };
            let mut ctx = self.ctx(rec.file, &rec.item, "`[llvm_baseline]`".to_owned());
            if let Some(first) = &first {
                let span = ctx.span.clone();
                ctx.error(
                    span,
                    "",
                    "a second `[llvm_baseline]` record",
                    format!("it is first declared at {first}; keep one"),
                );
                continue;
            }
            first = Some(at);
            let r = rec.item.value.get_ref();
            let release = ctx.string(&r.release, "release");
            if let (Some(release), Some(v)) = (&release, &r.release)
                && release.trim().is_empty()
            {
                ctx.error(
                    v.span(),
                    "release",
                    "empty LLVM release",
                    "write the release, e.g. `release = \"14\"`",
                );
            }
            let Some(list) = ctx.require(&r.intrinsics, "intrinsics") else {
                continue;
            };
            let mut seen = HashSet::new();
            let mut intrinsics = Vec::new();
            for n in list.get_ref() {
                let name = n.get_ref().as_str();
                if !mapped.contains(name) {
                    let mut names: Vec<&str> = mapped.iter().copied().collect();
                    names.sort_unstable();
                    ctx.unresolved(
                        Section::Intrinsic,
                        n.span(),
                        "intrinsics",
                        format!("`{name}` is not an intrinsic of the map"),
                        super::sentence(&crate::diag::suggest(
                            name,
                            names.iter().copied(),
                            "intrinsics",
                        )),
                    );
                } else if !seen.insert(name) {
                    ctx.error(
                        n.span(),
                        "intrinsics",
                        format!("`{name}` is listed twice"),
                        "list each intrinsic once",
                    );
                } else {
                    intrinsics.push(name.to_owned());
                }
            }
            intrinsics.sort();
            if let Some(release) = release {
                out = Some(LlvmBaseline {
                    release,
                    intrinsics,
                    doc: Ctx::opt_string(&r.doc),
                });
            }
        }
        db.llvm_baseline = out;
    }
}
