//! The emitters: one per generated module. Each returns tokens; [`crate::rust::format`] turns
//! them into text.

mod builders;
mod classes;
mod enums;
mod ops;
mod rules;
mod tables;
mod types;
mod vocab;

use std::collections::HashMap;

use dxil_db::Database;
use proc_macro2::{Ident, TokenStream};
use quote::quote;

use crate::Error;
use crate::names;

/// Generates the modules of one database.
pub struct Emitter<'d> {
    db: &'d Database,
    /// Path of the runtime crate: `crate` inside `dxil-ops`, `::dxil_ops` elsewhere.
    rt: TokenStream,
    /// Path of the `phf` crate.
    phf_path: String,
    /// Generating a downstream extension: the vocabularies come from `dxil-ops`.
    extension: bool,
    type_statics: HashMap<String, Ident>,
    class_statics: HashMap<String, Ident>,
    class_variants: HashMap<String, Ident>,
    op_variants: HashMap<String, Ident>,
    op_fns: HashMap<String, Ident>,
    table_statics: HashMap<String, Ident>,
    table_variants: HashMap<String, Ident>,
    enum_types: HashMap<String, Ident>,
}

impl<'d> Emitter<'d> {
    fn new(db: &'d Database, rt: TokenStream, phf_path: &str, extension: bool) -> Result<Self, Error> {
        let types = db.types.iter().map(|t| t.name.as_str());
        let classes = || db.classes.iter().map(|c| c.name.as_str());
        let ops = || db.ops.iter().map(|o| o.name.as_str());
        let tables = || db.tables.iter().map(|t| t.name.as_str());
        Ok(Emitter {
            db,
            rt,
            phf_path: phf_path.to_owned(),
            extension,
            type_statics: names::unique("type", types, |n| names::shouty("TY_", n))?,
            class_statics: names::unique("class", classes(), |n| names::shouty("CLASS_", n))?,
            class_variants: names::unique("class", classes(), names::camel)?,
            op_variants: names::unique("op", ops(), names::camel)?,
            op_fns: names::unique("op", ops(), names::snake)?,
            table_statics: names::unique("table", tables(), |n| names::shouty("TABLE_", n))?,
            table_variants: names::unique("table", tables(), names::camel)?,
            enum_types: names::unique("enumeration", db.enums.iter().map(|e| e.name.as_str()), names::camel)?,
        })
    }

    /// The emitter for the `dxil-ops` crate itself.
    pub fn for_dxil_ops(db: &'d Database) -> Result<Self, Error> {
        Self::new(db, quote!(crate), "crate::__private::phf", false)
    }

    /// The emitter for a downstream crate's database.
    pub fn for_extension(db: &'d Database) -> Result<Self, Error> {
        Self::new(db, quote!(::dxil_ops), "::dxil_ops::__private::phf", true)
    }

    /// Every module of `dxil-ops/src/generated`, by name.
    pub fn modules(&self) -> Result<Vec<(&'static str, TokenStream)>, Error> {
        Ok(vec![
            ("vocab", self.vocab()),
            ("types", self.types()),
            ("classes", self.classes()),
            ("ops", self.ops()),
            ("builders", self.builders()),
            ("enums", self.enums()),
            ("rules", self.rules()),
            ("tables", self.tables()?),
        ])
    }

    /// The items of a downstream extension, in one token stream.
    pub fn extension(&self) -> Result<TokenStream, Error> {
        let parts = [self.types(), self.classes(), self.ops(), self.builders(), self.enums()];
        Ok(quote! { #(#parts)* })
    }

    /// `use super::MODULE::*;` for each module, inside `dxil-ops` (an extension is one module).
    fn imports(&self, modules: &[&str]) -> TokenStream {
        if self.extension {
            return quote!();
        }
        let m = modules.iter().map(|m| proc_macro2::Ident::new(m, proc_macro2::Span::call_site()));
        quote!(#(#[allow(unused_imports)] use super::#m::*;)*)
    }

    /// The path of a generated enumeration type.
    fn enum_path(&self, ident: &Ident) -> TokenStream {
        if self.extension {
            quote!(#ident)
        } else {
            let rt = &self.rt;
            quote!(#rt::enums::#ident)
        }
    }

    fn ty_ref(&self, id: dxil_db::TypeId) -> TokenStream {
        let t = &self.db.types[id.index()];
        let s = &self.type_statics[&t.name];
        quote!(&#s)
    }
}

/// `#[doc = "..."]` lines from a text (each line a doc line).
fn doc(text: &str) -> TokenStream {
    let lines: Vec<String> = if text.trim().is_empty() {
        Vec::new()
    } else {
        text.lines().map(|l| format!(" {}", escape_doc(l))).collect()
    };
    quote! { #(#[doc = #lines])* }
}

/// Keeps rustdoc from reading square brackets and angle brackets of plain text as links or
/// HTML.
fn escape_doc(line: &str) -> String {
    let mut s = String::with_capacity(line.len());
    for c in line.chars() {
        match c {
            '[' => s.push_str("\\["),
            ']' => s.push_str("\\]"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '*' => s.push_str("\\*"),
            '_' => s.push_str("\\_"),
            '`' => s.push_str("\\`"),
            _ => s.push(c),
        }
    }
    s
}

fn version(rt: &TokenStream, v: dxil_db::DxilVersion) -> TokenStream {
    let (a, b) = (v.major, v.minor);
    quote!(#rt::DxilVersion::new(#a, #b))
}

fn shader_model(rt: &TokenStream, v: dxil_db::ShaderModel) -> TokenStream {
    let (a, b) = (v.major, v.minor);
    quote!(#rt::ShaderModel::new(#a, #b))
}
