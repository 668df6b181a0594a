//! Readers: for every op, one line of the runtime's `__readers!` macro naming the operands of
//! its calls and how each is decoded (`value` of the caller's IR, `int(u8)`, `plain(enums::E)`,
//! `flags(enums::F)`, `words(4)` of a constant struct). The macro makes the structs, their
//! `OpReader` impls, `Display` and the enum of them all; the names and kinds are those the
//! builders take. The file is written as text, one line per op, to stay short (prettyplease
//! would spread the macro's tokens over several lines per op).

use std::fmt::Write as _;

use super::Emitter;
use super::builders::ParamKind;
use crate::{Error, names, rust};

impl Emitter<'_> {
    /// One op's line: `Name { field: kind, ... }`.
    fn reader(&self, op: &dxil_db::Op) -> Result<String, Error> {
        let mut fields = Vec::new();
        for p in &self.db.signature_of(op).params {
            let ident = names::ident("parameter", &p.name, &names::builder_param(&p.name))?;
            let kind = match self.param_kind(p) {
                ParamKind::Value => "value".to_owned(),
                ParamKind::Enum(e, false) => format!("plain(enums::{e})"),
                ParamKind::Enum(e, true) => format!("flags(enums::{e})"),
                ParamKind::Int(rust, _) => format!("int({rust})"),
                ParamKind::Struct(n) => format!("words({n})"),
            };
            fields.push(format!("{ident}: {kind}"));
        }
        let variant = &self.op_variants[&op.name];
        Ok(if fields.is_empty() {
            format!("{variant} {{}}")
        } else {
            format!("{variant} {{ {} }}", fields.join(", "))
        })
    }

    /// The text of `readers.rs` (checked to parse).
    pub(super) fn readers_text(&self) -> Result<String, Error> {
        let mut out = rust::header();
        let rt = self.rt.to_string().replace(' ', "");
        let _ = write!(
            out,
            "//! Readers: for every op of {}, a struct of the operands of its calls, named as the\n\
             //! op's parameters and decoded (immediates into their enumerations), with `OpReader`\n\
             //! and `Display`; and `AnyOp`, any of them, read from any call. One line per op of\n\
             //! the `__readers!` macro (`dxil_ops::read`).\n\
             #[allow(unused_imports)]\n\
             use {rt}::enums;\n\
             {rt}::__readers! {{\n    \
             /// The operands of a call of any op, with the reader of its op.\n    \
             AnyOp;\n",
            self.source()
        );
        for op in self.own_ops().filter(|o| !o.reserved) {
            let _ = writeln!(out, "    {}", self.reader(op)?);
        }
        out.push_str("}\n");
        syn::parse_file(&out).map_err(|e| Error::Syntax {
            file: "readers.rs".to_owned(),
            message: e.to_string(),
        })?;
        Ok(out)
    }
}
