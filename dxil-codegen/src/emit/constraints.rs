//! Constraints: one static per constraint (`db/constraints.toml` and the implicit constraints of
//! parameters) and, per op row, the constraints that apply with their operands. The shapes and
//! the checks are `dxil-ops`'s (`constraint/`).

use std::collections::BTreeSet;

use dxil_db::constraint::{ArgPiece, ConstraintKind, EnumRef, Gate, OperandRef, Placeholder};
use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};

use super::enums::value_idents;
use super::{Emitter, dxil_version, shader_model};
use crate::names;

/// An integer without a type suffix (`7`, not `7i64`).
fn int(v: i64) -> proc_macro2::Literal {
    proc_macro2::Literal::i64_unsuffixed(v)
}

/// Integers without type suffixes.
fn ints(v: &[i64]) -> Vec<proc_macro2::Literal> {
    v.iter().map(|x| int(*x)).collect()
}

impl Emitter<'_> {
    /// `&[crate::enums::E::V, ...]` for values of enumeration `e`.
    fn enum_refs(&self, e: &str, values: &[EnumRef]) -> TokenStream {
        let Some(en) = self.db.enums.iter().find(|x| x.name == e) else {
            return quote!(&[]);
        };
        let ty = &self.enum_types[&en.name];
        let idents = value_idents(en);
        let items: Vec<TokenStream> = values
            .iter()
            .filter_map(|v| {
                let i = en.values.iter().position(|x| x.name == v.name)?;
                let id = &idents[i];
                Some(quote!(enums::#ty::#id))
            })
            .collect();
        quote!(&[#(#items),*])
    }

    fn operand_ref(&self, r: OperandRef) -> TokenStream {
        match r {
            OperandRef::Param(i) => {
                let i = proc_macro2::Literal::u8_unsuffixed(i);
                quote!(At::Param(#i))
            }
            OperandRef::Result => quote!(At::Result),
        }
    }

    fn piece(&self, p: &ArgPiece) -> TokenStream {
        match p {
            ArgPiece::Text(t) => quote!(Piece::Text(#t)),
            ArgPiece::Placeholder(ph) => {
                let ph = placeholder(*ph);
                quote!(Piece::Hole(Placeholder::#ph))
            }
        }
    }

    /// The gate's fields that are not those of `Gate::ALWAYS`; `None` when it always applies.
    fn gate(&self, g: &Gate) -> Option<TokenStream> {
        let mut fields = Vec::new();
        if let Some(v) = g.since {
            let t = dxil_version(v);
            fields.push(quote!(since: Some(#t)));
        }
        if let Some(v) = g.until {
            let t = dxil_version(v);
            fields.push(quote!(until: Some(#t)));
        }
        if let Some(v) = g.min_shader_model {
            let t = shader_model(v);
            fields.push(quote!(min_shader_model: Some(#t)));
        }
        if let Some(v) = g.below_shader_model {
            let t = shader_model(v);
            fields.push(quote!(below_shader_model: Some(#t)));
        }
        if let Some(m) = g.stages {
            let bits = m.0;
            fields.push(quote!(stages: Some(StageSet(#bits))));
        }
        if let Some(m) = g.not_stages {
            let bits = m.0;
            fields.push(quote!(not_stages: Some(StageSet(#bits))));
        }
        if !g.when_kinds.is_empty() {
            let k = self.enum_refs("ResourceKind", &g.when_kinds);
            fields.push(quote!(when_kinds: #k));
        }
        if !g.when_not_kinds.is_empty() {
            let k = self.enum_refs("ResourceKind", &g.when_not_kinds);
            fields.push(quote!(when_not_kinds: #k));
        }
        if !g.when_classes.is_empty() {
            let k = self.enum_refs("ResourceClass", &g.when_classes);
            fields.push(quote!(when_classes: #k));
        }
        if !g.when_values.is_empty() {
            let v = ints(&g.when_values);
            fields.push(quote!(when_values: &[#(#v),*]));
        }
        if !g.when_not_values.is_empty() {
            let v = ints(&g.when_not_values);
            fields.push(quote!(when_not_values: &[#(#v),*]));
        }
        (!fields.is_empty()).then(|| quote!(Gate { #(#fields,)* ..Gate::ALWAYS }))
    }

    /// The name of the function that says whether a number is a value of enumeration `e`.
    fn accepts_fn(e: &str) -> Ident {
        format_ident!("accepts_{}", names::snake(e))
    }

    fn kind(&self, k: &ConstraintKind) -> TokenStream {
        let p = quote!(Kind);
        let opt = |v: Option<i64>| match v {
            Some(v) => {
                let v = int(v);
                quote!(Some(#v))
            }
            None => quote!(None),
        };
        let field = |f: Option<u8>| match f {
            Some(f) => quote!(Some(#f)),
            None => quote!(None),
        };
        match k {
            ConstraintKind::Immediate { any_constant, once } => {
                quote!(#p::Immediate { any_constant: #any_constant, once: #once })
            }
            ConstraintKind::Range {
                min,
                max,
                signed,
                require_constant,
                field: f,
            } => {
                let (min, max, f) = (opt(*min), opt(*max), field(*f));
                quote!(#p::Range { min: #min, max: #max, signed: #signed, require_constant: #require_constant, field: #f })
            }
            ConstraintKind::OneOf { values, field: f } => {
                let (f, values) = (field(*f), ints(values));
                quote!(#p::OneOf { values: &[#(#values),*], field: #f })
            }
            ConstraintKind::MultipleOf { factor } => {
                let factor = int(*factor);
                quote!(#p::MultipleOf { factor: #factor })
            }
            ConstraintKind::Finite => quote!(#p::Finite),
            ConstraintKind::FloatRange { min, max } => {
                quote!(#p::FloatRange { min: #min, max: #max })
            }
            ConstraintKind::Undef { once } => quote!(#p::Undef { once: #once }),
            ConstraintKind::Defined { once, zero } => {
                quote!(#p::Defined { once: #once, zero: #zero })
            }
            ConstraintKind::Enum { enumeration } => {
                let f = Self::accepts_fn(enumeration);
                quote!(#p::Enum { name: #enumeration, accepts: #f })
            }
            ConstraintKind::Bits {
                any_of,
                none_of,
                not_all_of,
                except,
                field: f,
            } => {
                let (a, n, na, f) = (opt(*any_of), opt(*none_of), opt(*not_all_of), field(*f));
                let except = ints(except);
                quote!(#p::Bits { any_of: #a, none_of: #n, not_all_of: #na, except: &[#(#except),*], field: #f })
            }
            ConstraintKind::Implies { bits, then_bits } => {
                let (bits, then_bits) = (int(*bits), int(*then_bits));
                quote!(#p::Implies { bits: #bits, then_bits: #then_bits })
            }
            ConstraintKind::MaskedDefined => quote!(#p::MaskedDefined),
            ConstraintKind::MaskMatches => quote!(#p::MaskMatches),
            ConstraintKind::Overload {
                text,
                scalars,
                vectors,
            } => {
                quote!(#p::Overload { text: #text, set: OverloadSet { scalars: #scalars, vectors: #vectors } })
            }
            ConstraintKind::BindIndex => quote!(#p::BindIndex),
            ConstraintKind::ResourceProperties => quote!(#p::ResourceProperties),
            ConstraintKind::ResourceClass { classes } => {
                let c = self.enum_refs("ResourceClass", classes);
                quote!(#p::ResourceClass { classes: #c })
            }
            ConstraintKind::ResourceKind {
                kinds,
                classes,
                scopes,
                undefined,
            } => {
                let k = self.enum_refs("ResourceKind", kinds);
                let c = self.enum_refs("ResourceClass", classes);
                let s = self.enum_refs("MatrixScope", scopes);
                quote!(#p::ResourceKind { kinds: #k, classes: #c, scopes: #s, undefined: #undefined })
            }
            ConstraintKind::SamplerMode { comparison } => {
                quote!(#p::SamplerMode { comparison: #comparison })
            }
            ConstraintKind::ComponentType { types } => {
                let t = self.enum_refs("ComponentType", types);
                quote!(#p::ComponentType { types: #t })
            }
            ConstraintKind::MatrixMetadata => quote!(#p::MatrixMetadata),
            ConstraintKind::MatrixScope { scopes } => {
                let s = self.enum_refs("MatrixScope", scopes);
                quote!(#p::MatrixScope { scopes: #s })
            }
            ConstraintKind::MatrixUse { uses } => {
                let u = self.enum_refs("MatrixUse", uses);
                quote!(#p::MatrixUse { uses: #u })
            }
            ConstraintKind::MatrixComponent { types } => {
                let t = self.enum_refs("ComponentType", types);
                quote!(#p::MatrixComponent { types: #t })
            }
            ConstraintKind::MatrixK { min, max, scopes } => {
                let s = self.enum_refs("MatrixScope", scopes);
                let (min, max) = (int(*min), int(*max));
                quote!(#p::MatrixK { min: #min, max: #max, scopes: #s })
            }
            ConstraintKind::SameScope => quote!(#p::SameScope),
            ConstraintKind::SameDims => quote!(#p::SameDims),
            ConstraintKind::SameType => quote!(#p::SameType),
            ConstraintKind::KMatch => quote!(#p::KMatch),
            ConstraintKind::ProductDims => quote!(#p::ProductDims),
            ConstraintKind::VectorDim { rows } => quote!(#p::VectorDim { rows: #rows }),
            ConstraintKind::ScopeLayout { scopes, layouts } => {
                let s = self.enum_refs("MatrixScope", scopes);
                let l = self.enum_refs("MatrixLayout", layouts);
                quote!(#p::ScopeLayout { scopes: #s, layouts: #l })
            }
            ConstraintKind::LayoutStride { layouts } => {
                let l = self.enum_refs("MatrixLayout", layouts);
                quote!(#p::LayoutStride { layouts: #l })
            }
            ConstraintKind::SameElement => quote!(#p::SameElement),
            ConstraintKind::SignedFloat => quote!(#p::SignedFloat),
        }
    }

    /// `fn accepts_x(value, version) -> bool` for an enumeration: a value (not `Invalid`), or
    /// for flag enumerations a combination of flags, that exists at the version.
    fn accepts(&self, name: &str) -> TokenStream {
        let f = Self::accepts_fn(name);
        let Some(e) = self.db.enums.iter().find(|x| x.name == name) else {
            return quote!();
        };
        let ty = &self.enum_types[&e.name];
        let body = if e.flags {
            quote! {
                match TryFrom::try_from(value).ok().and_then(enums::#ty::from_bits) {
                    Some(e) => e.is_valid_at(version),
                    None => false,
                }
            }
        } else {
            let invalid = match e
                .values
                .iter()
                .position(|v| v.name == "Invalid" && !v.alias)
            {
                Some(i) => {
                    let id = &value_idents(e)[i];
                    quote!(!matches!(e, enums::#ty::#id) &&)
                }
                None => quote!(),
            };
            quote! {
                match enums::#ty::from_value(value) {
                    Some(e) => #invalid e.is_valid_at(version),
                    None => false,
                }
            }
        };
        let d = format!(" Whether `value` is a valid {name} at `version`.");
        quote! {
            #[doc = #d]
            fn #f(value: i64, version: DxilVersion) -> bool {
                #body
            }
        }
    }

    pub(super) fn constraints(&self) -> TokenStream {
        let rt = &self.rt;
        let cs = self.db.constraints();
        let statics: Vec<Ident> = (0..cs.len())
            .map(|i| Ident::new(&format!("C{i}"), Span::call_site()))
            .collect();
        let mut enums = BTreeSet::new();
        let defs: Vec<TokenStream> = cs
            .iter()
            .zip(&statics)
            .map(|(c, s)| {
                if let ConstraintKind::Enum { enumeration } = &c.kind {
                    enums.insert(enumeration.clone());
                }
                let rule = &self.rule_variants[&self.db.rules[c.rule].name];
                let kind = self.kind(&c.kind);
                let gate = self.gate(&c.gate);
                let args: Vec<TokenStream> = c
                    .args
                    .iter()
                    .map(|a| {
                        let ps: Vec<TokenStream> = a.iter().map(|p| self.piece(p)).collect();
                        quote!(&[#(#ps),*])
                    })
                    .collect();
                let (name, cdoc) = (&c.name, &c.doc);
                let mut tail = Vec::new();
                if let Some(g) = gate {
                    tail.push(quote!(.with_gate(#g)));
                }
                if c.stop {
                    tail.push(quote!(.stopping()));
                }
                if c.implicit {
                    tail.push(quote!(.derived()));
                }
                quote! {
                    constraint!(#s: Constraint::new(#name, #kind, ValidationRule::#rule, &[#(#args),*], #cdoc)#(#tail)*);
                }
            })
            .collect();
        let accepts: Vec<TokenStream> = enums.iter().map(|e| self.accepts(e)).collect();
        let mut rows = Vec::new();
        let mut row_statics = Vec::new();
        // each distinct list of operand positions once, named by its positions (`AT_0_1`)
        let mut positions: Vec<(String, TokenStream)> = Vec::new();
        let mut positions_of = |operands: &[OperandRef]| -> proc_macro2::Ident {
            let mut name = String::from("AT");
            for r in operands {
                match r {
                    OperandRef::Param(i) => name.push_str(&format!("_{i}")),
                    OperandRef::Result => name.push_str("_RESULT"),
                }
            }
            if operands.is_empty() {
                name.push_str("_NONE");
            }
            if !positions.iter().any(|(n, _)| *n == name) {
                let items: Vec<TokenStream> =
                    operands.iter().map(|r| self.operand_ref(*r)).collect();
                positions.push((name.clone(), quote!(&[#(#items),*])));
            }
            format_ident!("{}", name)
        };
        for (i, op) in self.db.ops.iter().enumerate() {
            let uses: Vec<TokenStream> = self
                .db
                .constraints_of(dxil_db::OpId(i as u32))
                .map(|(c, u)| {
                    let ci = cs.iter().position(|x| std::ptr::eq(x, c)).unwrap_or(0);
                    let s = &statics[ci];
                    let operands = positions_of(&u.operands);
                    let mut tail = Vec::new();
                    if let Some(e) = u.extra {
                        let e = self.operand_ref(e);
                        tail.push(quote!(.with_extra(#e)));
                    }
                    if let Some(h) = u.handle {
                        let h = self.operand_ref(h);
                        tail.push(quote!(.with_handle(#h)));
                    }
                    if let Some(w) = u.when_param {
                        let w = self.operand_ref(w);
                        tail.push(quote!(.with_when(#w)));
                    }
                    quote!(Use::new(&#s, #operands)#(#tail)*)
                })
                .collect();
            if uses.is_empty() {
                rows.push(quote!(NONE));
                continue;
            }
            let ident = format_ident!("{}", names::shouty("", &op.name));
            row_statics.push(quote! {
                uses!(#ident: #(#uses),*);
            });
            rows.push(quote!(#ident));
        }
        let n = rows.len();
        let positions = positions.iter().map(|(name, items)| {
            let ident = format_ident!("{}", name);
            quote!(const #ident: &[At] = #items;)
        });
        quote! {
            //! Op constraints of ops.toml (db/constraints.toml and the implicit constraints of
            //! parameters): one static per constraint (`C0`, ... in the order of the database),
            //! then per op the constraints that apply to its operands (`At` lists the operand
            //! positions), then [`BY_ROW`]. Each row is one macro call so that it stays a few lines.

            use #rt::constraint::{At, Constraint, Gate, Kind, Piece, Placeholder, Use};
            use #rt::rules::ValidationRule;
            use #rt::{enums, DxilVersion, OverloadSet, ShaderModel, StageSet};

            /// A constraint static.
            macro_rules! constraint {
                ($id:ident: $e:expr) => {
                    static $id: Constraint = $e;
                };
            }
            /// The constraints of one op.
            macro_rules! uses {
                ($id:ident: $($u:expr),*) => {
                    static $id: &[Use] = &[$($u),*];
                };
            }
            /// The rows of [`BY_ROW`].
            macro_rules! by_row {
                ($($r:expr),*) => {
                    [$($r),*]
                };
            }
            /// The constraints of an op that has none.
            const NONE: &[Use] = &[];

            #(#defs)*

            #(#accepts)*

            #(#positions)*

            #(#row_statics)*

            /// The constraints of each op, indexed by [`Op::row`](crate::Op::row).
            pub static BY_ROW: [&[Use]; #n] = by_row!(#(#rows),*);
        }
    }
}

/// A placeholder as the tokens of its variant (`Op`, `Scope(1)`): its derived `Debug` form is
/// that variant's Rust expression, since the variants carry at most one integer. (A form that
/// did not parse would give generated code that does not compile, naming the placeholder.)
fn placeholder(ph: Placeholder) -> TokenStream {
    let text = format!("{ph:?}");
    text.parse().unwrap_or_else(|_| {
        let message = format!("placeholder `{text}` is not a Rust expression");
        quote!(compile_error!(#message))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_their_variants() {
        for (name, ph) in Placeholder::NAMES {
            let tokens = placeholder(*ph).to_string().replace(' ', "");
            assert_eq!(tokens, format!("{ph:?}"), "{name}");
            assert!(!tokens.contains("compile_error"), "{name}");
        }
    }
}
