//! The emitters: one per generated module. Each returns tokens; [`crate::rust::format`] turns
//! them into text.

mod builders;
mod classes;
mod constraints;
mod enums;
mod intrinsics;
mod ops;
mod readers;
mod rules;
mod tables;
mod types;
mod vocab;

use std::collections::HashMap;

use dxil_db::{ClassId, Database, Extension, OpId, TableId, TypeId};
use proc_macro2::{Ident, Literal, TokenStream};
use quote::quote;

use crate::names;
use crate::{Error, markdown};

/// Generates the modules of one database.
pub struct Emitter<'d> {
    db: &'d Database,
    /// Path of the runtime crate: `crate` inside `dxil-ops`, `::dxil_ops` elsewhere.
    rt: TokenStream,
    /// Generating a downstream extension: the records it declares. Everything else (the
    /// vocabularies, and the types, classes and enumerations it uses from the base database) is
    /// `dxil-ops`'s, referred to by path.
    extension: Option<&'d Extension>,
    type_statics: HashMap<String, Ident>,
    class_statics: HashMap<String, Ident>,
    class_variants: HashMap<String, Ident>,
    op_variants: HashMap<String, Ident>,
    op_fns: HashMap<String, Ident>,
    table_statics: HashMap<String, Ident>,
    table_variants: HashMap<String, Ident>,
    enum_types: HashMap<String, Ident>,
    rule_variants: HashMap<String, Ident>,
    attribute_variants: HashMap<String, Ident>,
    scalar_variants: HashMap<String, Ident>,
    shader_kind_variants: HashMap<String, Ident>,
    derived_variants: HashMap<String, Ident>,
    /// The union of the overloads of the ops of each signature, by signature index.
    sig_overloads: Vec<Vec<dxil_db::OverloadDim>>,
}

impl<'d> Emitter<'d> {
    fn new(
        db: &'d Database,
        rt: TokenStream,
        extension: Option<&'d Extension>,
    ) -> Result<Self, Error> {
        let types = db.types.iter().map(|t| t.name.as_str());
        let classes = || db.classes.iter().map(|c| c.name.as_str());
        let ops = || db.ops.iter().map(|o| o.name.as_str());
        let tables = || db.tables.iter().map(|t| t.name.as_str());
        let mut sig_overloads = vec![Vec::new(); db.signatures.len()];
        for op in &db.ops {
            if let Some(dims) = sig_overloads.get_mut(op.signature.index()) {
                classes::union_into(dims, op);
            }
        }
        let scalars = db
            .overload_types
            .iter()
            .filter(|t| t.kind == dxil_db::OverloadKind::Scalar)
            .map(|t| t.name.as_str());
        Ok(Emitter {
            db,
            rt,
            extension,
            type_statics: names::unique("type", types, |n| names::shouty("TY_", n))?,
            class_statics: names::unique("class", classes(), |n| names::shouty("CLASS_", n))?,
            class_variants: names::unique("class", classes(), names::camel)?,
            op_variants: names::unique("op", ops(), names::camel)?,
            op_fns: names::unique("op", ops(), names::snake)?,
            table_statics: names::unique("table", tables(), |n| names::shouty("TABLE_", n))?,
            table_variants: names::unique("table", tables(), names::camel)?,
            enum_types: names::unique(
                "enumeration",
                db.enums.iter().map(|e| e.name.as_str()),
                names::camel,
            )?,
            rule_variants: names::unique(
                "rule",
                db.rules.iter().map(|r| r.name.as_str()),
                names::camel,
            )?,
            attribute_variants: names::unique(
                "attribute",
                db.attributes.iter().map(|a| a.name.as_str()),
                names::camel,
            )?,
            scalar_variants: names::unique("overload type", scalars, names::camel)?,
            shader_kind_variants: names::unique(
                "shader kind",
                db.stages.iter().map(|s| s.shader_kind_name.as_str()),
                names::camel,
            )?,
            derived_variants: names::unique(
                "derived value",
                db.derived.iter().map(|d| d.name.as_str()),
                names::camel,
            )?,
            sig_overloads,
        })
    }

    /// The emitter for the `dxil-ops` crate itself.
    pub fn for_dxil_ops(db: &'d Database) -> Result<Self, Error> {
        Self::new(db, quote!(crate), None)
    }

    /// The emitter for a downstream crate's extension of the `dxil-ops` database: only the
    /// extension's records are generated, and they refer to `::dxil_ops` for the rest.
    pub fn for_extension(ext: &'d Extension) -> Result<Self, Error> {
        let e = Self::new(&ext.db, quote!(::dxil_ops), Some(ext))?;
        e.check_builtin_classes()?;
        Ok(e)
    }

    /// The modules of `dxil-ops/src/generated`, in order.
    pub const MODULES: [&'static str; 11] = [
        "vocab",
        "types",
        "classes",
        "ops",
        "intrinsics",
        "builders",
        "readers",
        "enums",
        "rules",
        "tables",
        "constraints",
    ];

    /// The module of `dxil-ops/src/generated` named `name` (one of [`Self::MODULES`]).
    pub fn module(&self, name: &str) -> Result<TokenStream, Error> {
        match name {
            "vocab" => Ok(self.vocab()),
            "types" => Ok(self.types()),
            "classes" => self.classes(),
            "ops" => self.ops(),
            "intrinsics" => self.intrinsics(),
            "builders" => self.builders(),
            "readers" => self
                .readers_text()?
                .parse()
                .map_err(|e: proc_macro2::LexError| Error::Syntax {
                    file: name.to_owned(),
                    message: e.to_string(),
                }),
            "enums" => Ok(self.enums()),
            "rules" => self.rules(),
            "tables" => self.tables(),
            "constraints" => Ok(self.constraints()),
            _ => Err(Error::Syntax {
                file: name.to_owned(),
                message: "no such module".to_owned(),
            }),
        }
    }

    /// The text of the module of `dxil-ops/src/generated` named `name`: formatted with
    /// prettyplease, but for `readers`, written as text (one line per op).
    pub fn module_text(&self, name: &str) -> Result<String, Error> {
        match name {
            "readers" => self.readers_text(),
            _ => crate::rust::format(&format!("{name}.rs"), self.module(name)?),
        }
    }

    /// Every module of `dxil-ops/src/generated`, by name.
    pub fn modules(&self) -> Result<Vec<(&'static str, TokenStream)>, Error> {
        Self::MODULES
            .iter()
            .map(|name| Ok((*name, self.module(name)?)))
            .collect()
    }

    /// The items of a downstream extension, in one token stream: modules `types`, `classes`,
    /// `ops` and `build` laid out like `dxil-ops/src/generated` (so the same imports work), and
    /// the re-exports `dxil-ops` has at its root.
    pub fn extension(&self) -> Result<TokenStream, Error> {
        let (types, classes, ops, builders) =
            (self.types(), self.classes()?, self.ops()?, self.builders()?);
        Ok(quote! {
            pub mod types { #types }
            pub mod classes { #classes }
            pub mod ops { #ops }
            pub mod build { #builders }
            pub use self::classes::{OpClass, STEMS};
            pub use self::ops::{OPS, Op, OpTable, parse_function_name};
        })
    }

    /// `use super::MODULE::*;` for each module: the generated modules are siblings, in
    /// `dxil-ops` and in an extension alike.
    fn imports(&self, modules: &[&str]) -> TokenStream {
        let m = modules
            .iter()
            .map(|m| proc_macro2::Ident::new(m, proc_macro2::Span::call_site()));
        quote!(#(#[allow(unused_imports)] use super::#m::*;)*)
    }

    /// How generated docs name the database.
    fn source(&self) -> &'static str {
        if self.extension.is_some() {
            "the extension"
        } else {
            "ops.toml"
        }
    }

    /// The path of a generated enumeration type (always `dxil-ops`'s: an extension declares no
    /// enumeration).
    fn enum_path(&self, ident: &Ident) -> TokenStream {
        let rt = &self.rt;
        quote!(#rt::enums::#ident)
    }

    /// Whether the type is generated here (not the base database's, in an extension).
    fn owns_type(&self, id: TypeId) -> bool {
        self.extension.is_none_or(|e| e.declares_type(id))
    }

    /// Whether the class is generated here.
    fn owns_class(&self, id: ClassId) -> bool {
        self.extension.is_none_or(|e| e.declares_class(id))
    }

    /// Whether the op table is generated here.
    fn owns_table(&self, id: TableId) -> bool {
        self.extension.is_none_or(|e| e.declares_table(id))
    }

    /// The ops generated here, by opcode.
    fn own_ops(&self) -> impl Iterator<Item = &'d dxil_db::Op> + '_ {
        self.own_ops_with_ids().map(|(_, o)| o)
    }

    /// [`Emitter::own_ops`] with their ids.
    fn own_ops_with_ids(&self) -> impl Iterator<Item = (OpId, &'d dxil_db::Op)> + '_ {
        let ext = self.extension;
        self.db
            .ops
            .iter()
            .enumerate()
            .map(|(i, o)| (OpId(i as u32), o))
            .filter(move |(id, _)| ext.is_none_or(|e| e.declares_op(*id)))
    }

    /// The op tables generated here.
    fn own_tables(&self) -> impl Iterator<Item = &'d dxil_db::Table> + '_ {
        let db = self.db;
        db.tables
            .iter()
            .enumerate()
            .filter(|(i, _)| self.owns_table(TableId(*i as u32)))
            .map(|(_, t)| t)
    }

    /// A `NameMap` of the rows `values` (an expression of a static array) by `keys`, the names
    /// the rows hold, in the rows' order; `map` names it in errors.
    fn name_map(
        &self,
        map: &str,
        keys: &[&str],
        values: TokenStream,
    ) -> Result<TokenStream, Error> {
        let rt = &self.rt;
        let bytes: Vec<&[u8]> = keys.iter().map(|k| k.as_bytes()).collect();
        let table = dxil_base::phf::build(&bytes).map_err(|e| Error::NameMap {
            map: map.to_owned(),
            message: match e {
                dxil_base::phf::BuildError::Duplicate(a, b) => {
                    format!("`{}` is a key twice (rows {a} and {b})", keys[a])
                }
                other => other.to_string(),
            },
        })?;
        let seed = Literal::u64_unsuffixed(table.seed);
        let pilots = table.pilots.iter().map(|p| Literal::u16_unsuffixed(*p));
        let slots = table.slots.iter().map(|p| Literal::u16_unsuffixed(*p));
        Ok(quote! {
            #rt::NameMap::new(#seed, &[#(#pilots),*], &[#(#slots),*], &#values)
        })
    }

    /// A reference to a type's static: `&TY_X`, or `&::dxil_ops::types::TY_X` for a base type
    /// in an extension.
    fn ty_ref(&self, id: TypeId) -> TokenStream {
        let s = &self.type_statics[&self.db.types[id.index()].name];
        self.static_ref(self.owns_type(id), "types", s)
    }

    /// A reference to a class's static: `&CLASS_X`, or `&::dxil_ops::classes::CLASS_X` for a
    /// base class in an extension.
    fn class_ref(&self, id: ClassId) -> TokenStream {
        let s = &self.class_statics[&self.db.classes[id.index()].name];
        self.static_ref(self.owns_class(id), "classes", s)
    }

    /// `&STATIC` when generated here, else `&RUNTIME::MODULE::STATIC`.
    fn static_ref(&self, own: bool, module: &str, ident: &Ident) -> TokenStream {
        if own {
            return quote!(&#ident);
        }
        let rt = &self.rt;
        let module = Ident::new(module, proc_macro2::Span::call_site());
        quote!(&#rt::#module::#ident)
    }

    /// An extension's op may use a base class only with overloads some base op of the class
    /// allows: the class row in `dxil-ops`, which reads function names, knows only those.
    fn check_builtin_classes(&self) -> Result<(), Error> {
        let Some(ext) = self.extension else {
            return Ok(());
        };
        for op in ext.ops() {
            if self.owns_class(op.class) {
                continue;
            }
            let class = self.db.class_of(op);
            let mut base = [dxil_db::OverloadDim::default(); 4];
            for (i, other) in self.db.ops.iter().enumerate() {
                if other.class != op.class || ext.declares_op(OpId(i as u32)) {
                    continue;
                }
                for (_, spec) in &other.overloads.entries {
                    for (d, dim) in spec.dims.iter().enumerate().take(4) {
                        base[d].scalars |= dim.scalars;
                        base[d].vectors |= dim.vectors;
                    }
                }
            }
            for (since, spec) in &op.overloads.entries {
                for (d, dim) in spec.dims.iter().enumerate().take(4) {
                    if !base[d].covers(*dim) {
                        return Err(Error::BaseClassOverloads {
                            op: op.name.clone(),
                            class: class.name.clone(),
                            overloads: spec.text.clone(),
                            since: since.to_string(),
                            base: self.db.overload_dim_text(base[d]),
                        });
                    }
                }
            }
        }
        Ok(())
    }
}

/// `#[doc = "..."]` lines from Markdown the generator wrote (templates, with the database's
/// text put in by [`md`] and [`code`]).
fn doc(markdown: &str) -> TokenStream {
    let lines: Vec<String> = if markdown.trim().is_empty() {
        Vec::new()
    } else {
        markdown.lines().map(|l| format!(" {l}")).collect()
    };
    quote! { #(#[doc = #lines])* }
}

/// Text of the database in generated Markdown: shown as written.
fn md(text: &str) -> String {
    markdown::text(text)
}

/// A name of the database as a code span.
fn code(name: &str) -> String {
    markdown::code(name)
}

/// An integer literal without a suffix.
fn int(n: impl Into<u64>) -> Literal {
    Literal::u64_unsuffixed(n.into())
}

/// An integer literal in hexadecimal, for bit sets.
fn hex(n: impl Into<u64>) -> TokenStream {
    let n = n.into();
    match format!("{n:#x}").parse::<TokenStream>() {
        Ok(t) => t,
        Err(_) => quote!(#n),
    }
}

fn version(rt: &TokenStream, v: dxil_db::DxilVersion) -> TokenStream {
    let (a, b) = (int(v.major), int(v.minor));
    quote!(#rt::DxilVersion::new(#a, #b))
}

/// A shader model, in a module that imports `ShaderModel`.
fn shader_model(v: dxil_db::ShaderModel) -> TokenStream {
    let (a, b) = (int(v.major), int(v.minor));
    quote!(ShaderModel::new(#a, #b))
}

/// A DXIL version, in a module that imports `DxilVersion`.
fn dxil_version(v: dxil_db::DxilVersion) -> TokenStream {
    let (a, b) = (int(v.major), int(v.minor));
    quote!(DxilVersion::new(#a, #b))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A map of thousands of names is built quickly, and every key finds its own slot; a map
    /// that cannot be built is an error.
    #[test]
    fn name_maps_of_thousands_of_names() {
        let db = dxil_db::Database::default();
        let e = Emitter::for_dxil_ops(&db).expect("an empty database has identifiers");
        let keys: Vec<String> = (0..10_000).map(|i| format!("Op{i}")).collect();
        let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
        let start = std::time::Instant::now();
        let map = e.name_map("ops", &keys, quote!(OPS));
        assert!(start.elapsed().as_secs() < 5, "{:?}", start.elapsed());
        assert!(map.is_ok());
        let bytes: Vec<&[u8]> = keys.iter().map(|k| k.as_bytes()).collect();
        let t = dxil_base::phf::build(&bytes).expect("distinct keys");
        for (i, k) in keys.iter().enumerate() {
            let s = dxil_base::phf::place(
                dxil_base::phf::hash(k.as_bytes(), t.seed),
                &t.pilots,
                t.slots.len(),
            );
            assert_eq!(usize::from(t.slots[s]), i, "{k}");
        }
        let twice = e.name_map("ops", &["A", "B", "A"], quote!(OPS));
        assert!(matches!(twice, Err(Error::NameMap { .. })));
    }
}
