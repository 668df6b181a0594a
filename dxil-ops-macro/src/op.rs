//! `op!`: reads `NAME[<OVERLOAD, ...>] @ VERSION [in STAGE]`, checks it against the database and
//! expands to a `dxil_ops::CheckedOp`.

use dxil_codegen::names;
use dxil_db::{
    AllowedModules, Database, DxilVersion, Op, OverloadDim, OverloadKind, OverloadTypeId, StageSpec,
};
use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::ext::IdentExt;
use syn::parse::{Parse, ParseStream};
use syn::{Ident, LitFloat, LitInt, LitStr, Token};

/// The largest vector width (`dxil_ops::MAX_VECTOR_WIDTH`).
const MAX_VECTOR_WIDTH: u32 = 1024;

const SYNTAX: &str = "write `op!(NAME<OVERLOAD, ...> @ VERSION in STAGE)`, e.g. \
                      `op!(Sample<f32> @ 1.6 in pixel)`; the overloads and the stage are optional";

/// An overload as written: an identifier (`f32`, `v4f32`) or a string (`"struct.Payload"`).
struct OverloadToken {
    text: String,
    span: Span,
    quoted: bool,
}

impl OverloadToken {
    /// As written, for messages.
    fn shown(&self) -> String {
        if self.quoted {
            format!("\"{}\"", self.text)
        } else {
            self.text.clone()
        }
    }
}

/// `<A, B>`.
struct OverloadList {
    open: Span,
    close: Span,
    items: Vec<OverloadToken>,
}

/// The macro input.
pub struct Input {
    name: Ident,
    overloads: Option<OverloadList>,
    version: (String, Span),
    stage: Option<Ident>,
}

impl Parse for Input {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        if input.is_empty() {
            return Err(input.error(format!("no op given: {SYNTAX}")));
        }
        let name: Ident = input
            .call(Ident::parse_any)
            .map_err(|e| syn::Error::new(e.span(), format!("expected an op name: {SYNTAX}")))?;
        let overloads = if input.peek(Token![<]) {
            Some(overload_list(input)?)
        } else {
            None
        };
        let mut version = None;
        let mut stage: Option<Ident> = None;
        while !input.is_empty() {
            if input.peek(Token![@]) {
                let at: Token![@] = input.parse()?;
                if version.is_some() {
                    return Err(syn::Error::new(at.span, "the DXIL version is given twice"));
                }
                version = Some(version_literal(input, at.span)?);
            } else if input.peek(Token![in]) {
                let kw: Token![in] = input.parse()?;
                if stage.is_some() {
                    return Err(syn::Error::new(kw.span, "the stage is given twice"));
                }
                let s = input.call(Ident::parse_any).map_err(|e| {
                    syn::Error::new(
                        e.span(),
                        "expected a shader stage after `in`, e.g. `in pixel`",
                    )
                })?;
                stage = Some(s);
            } else if input.peek(Token![.]) {
                return Err(input.error(
                    "write overloads in angle brackets: `RawBufferLoad<f64>`, not `RawBufferLoad.f64`",
                ));
            } else {
                return Err(input.error(format!(
                    "expected `@ VERSION` (e.g. `@ 1.6`) or `in STAGE` (e.g. `in pixel`): {SYNTAX}"
                )));
            }
        }
        let Some(version) = version else {
            return Err(syn::Error::new(
                Span::call_site(),
                format!("the DXIL version is missing: {SYNTAX}"),
            ));
        };
        Ok(Input {
            name,
            overloads,
            version,
            stage,
        })
    }
}

fn overload_list(input: ParseStream) -> syn::Result<OverloadList> {
    let open: Token![<] = input.parse()?;
    let mut items = Vec::new();
    loop {
        if input.peek(Token![>]) {
            let close: Token![>] = input.parse()?;
            if items.is_empty() {
                return Err(syn::Error::new(
                    open.span,
                    "empty overload list: leave out `<>` for an op without overloads",
                ));
            }
            return Ok(OverloadList {
                open: open.span,
                close: close.span,
                items,
            });
        }
        if input.peek(LitStr) {
            let s: LitStr = input.parse()?;
            items.push(OverloadToken {
                text: s.value(),
                span: s.span(),
                quoted: true,
            });
        } else if input.peek(Ident::peek_any) {
            let i = input.call(Ident::parse_any)?;
            items.push(OverloadToken {
                text: i.to_string(),
                span: i.span(),
                quoted: false,
            });
        } else {
            return Err(input.error(
                "expected an overload: a type such as `f32` or `v4f32`, or a struct name in quotes \
                 such as `\"struct.Payload\"`",
            ));
        }
        if input.peek(Token![,]) {
            input.parse::<Token![,]>()?;
        } else if !input.peek(Token![>]) {
            return Err(input.error("expected `,` or `>` after an overload"));
        }
    }
}

fn version_literal(input: ParseStream, at: Span) -> syn::Result<(String, Span)> {
    if input.peek(LitFloat) {
        let f: LitFloat = input.parse()?;
        if !f.suffix().is_empty() {
            return Err(syn::Error::new(
                f.span(),
                "write the DXIL version without a suffix, e.g. `@ 1.6`",
            ));
        }
        return Ok((f.base10_digits().to_owned(), f.span()));
    }
    if input.peek(LitStr) {
        let s: LitStr = input.parse()?;
        return Ok((s.value(), s.span()));
    }
    if input.peek(LitInt) {
        let i: LitInt = input.parse()?;
        return Err(syn::Error::new(
            i.span(),
            format!("write the DXIL version as major.minor, e.g. `@ {i}.0`"),
        ));
    }
    Err(syn::Error::new(
        at,
        "expected a DXIL version after `@`, e.g. `@ 1.6`",
    ))
}

/// An overload read from its spelling.
#[derive(Clone, Debug)]
enum Parsed {
    Scalar(OverloadTypeId),
    Vector(OverloadTypeId, u16),
    /// A struct name: an object or a user-defined struct, depending on what the op allows.
    Struct(String),
}

/// An overload the op allows, ready to expand.
enum Resolved {
    Scalar(OverloadTypeId),
    Vector(OverloadTypeId, u16),
    Object(String),
    Udt(String),
}

/// The closest of `candidates` to `got`, if any is close.
fn closest<'a>(got: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let got = got.to_ascii_lowercase();
    let mut best: Option<(f64, &str)> = None;
    for c in candidates {
        let score = strsim::jaro_winkler(&got, &c.to_ascii_lowercase());
        if score > 0.8 && best.is_none_or(|(s, _)| score > s) {
            best = Some((score, c));
        }
    }
    best.map(|(_, c)| c)
}

fn scalar_names(db: &Database) -> impl Iterator<Item = (OverloadTypeId, &str)> {
    db.overload_types
        .iter()
        .enumerate()
        .filter(|(_, t)| t.kind == OverloadKind::Scalar)
        .map(|(i, t)| (OverloadTypeId(i as u32), t.name.as_str()))
}

fn scalar(db: &Database, name: &str) -> Option<OverloadTypeId> {
    scalar_names(db).find(|(_, n)| *n == name).map(|(id, _)| id)
}

/// The overload a C, HLSL, Rust or LLVM type name stands for (`float` → `f32`, `uint` →
/// `i32`, `float4` → `v4f32`, `u16` → `i16`): the LLVM names come from the database's
/// overload types, the others from this table of the usual spellings of each size.
fn c_style(db: &Database, s: &str) -> Option<String> {
    const ALIASES: [(&str, &str); 27] = [
        ("bool", "i1"),
        ("char", "i8"),
        ("uchar", "i8"),
        ("int8_t", "i8"),
        ("uint8_t", "i8"),
        ("u8", "i8"),
        ("short", "i16"),
        ("ushort", "i16"),
        ("int16_t", "i16"),
        ("uint16_t", "i16"),
        ("min16int", "i16"),
        ("min16uint", "i16"),
        ("u16", "i16"),
        ("int", "i32"),
        ("uint", "i32"),
        ("dword", "i32"),
        ("int32_t", "i32"),
        ("uint32_t", "i32"),
        ("u32", "i32"),
        ("long", "i64"),
        ("int64_t", "i64"),
        ("uint64_t", "i64"),
        ("u64", "i64"),
        ("float16_t", "f16"),
        ("min16float", "f16"),
        ("float32_t", "f32"),
        ("float64_t", "f64"),
    ];
    let named = |base: &str| -> Option<String> {
        let by_llvm = db
            .overload_types
            .iter()
            .find(|t| t.kind == OverloadKind::Scalar && t.llvm.as_deref() == Some(base))
            .map(|t| t.name.clone());
        by_llvm.or_else(|| {
            ALIASES
                .iter()
                .find(|(a, _)| *a == base)
                .map(|(_, n)| (*n).to_owned())
                .filter(|n| scalar(db, n).is_some())
        })
    };
    if let Some(n) = named(s) {
        return Some(n);
    }
    // an HLSL vector: the element type followed by the width (`float4`, `uint2`)
    let width = s.bytes().rev().take_while(u8::is_ascii_digit).count();
    let (base, w) = s.split_at(s.len() - width);
    let w: u32 = w.parse().ok().filter(|w| (1..=4).contains(w))?;
    named(base).map(|n| format!("v{w}{n}"))
}

/// Reads an overload's spelling: a scalar type, `v<N><scalar>`, or (quoted) a struct name.
fn classify(db: &Database, tok: &OverloadToken) -> Result<Parsed, String> {
    let s = tok.text.as_str();
    if let Some(t) = scalar(db, s) {
        return Ok(Parsed::Scalar(t));
    }
    if let Some(rest) = s.strip_prefix('v') {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0
            && let Some(t) = scalar(db, &rest[digits..])
        {
            let width: u32 = rest[..digits].parse().unwrap_or(u32::MAX);
            if width == 0 || width > MAX_VECTOR_WIDTH || rest.starts_with('0') {
                return Err(format!(
                    "vector width {} is out of range: vectors have 1 to {MAX_VECTOR_WIDTH} elements",
                    &rest[..digits]
                ));
            }
            return Ok(Parsed::Vector(t, width as u16));
        }
    }
    if tok.quoted {
        if s.is_empty() {
            return Err("empty struct name".to_owned());
        }
        return Ok(Parsed::Struct(s.to_owned()));
    }
    let names: Vec<&str> = scalar_names(db).map(|(_, n)| n).collect();
    let suggestion =
        match c_style(db, s).or_else(|| closest(s, names.iter().copied()).map(str::to_owned)) {
            Some(c) => format!(" (did you mean `{c}`?)"),
            None => String::new(),
        };
    Err(format!(
        "unknown overload `{s}`{suggestion}; overloads are scalar types ({}), vectors such as \
         `v4f32`, and struct names in quotes such as `\"struct.Payload\"`",
        names.join(", ")
    ))
}

fn kind_index(db: &Database, kind: OverloadKind) -> Option<OverloadTypeId> {
    db.overload_types
        .iter()
        .position(|t| t.kind == kind)
        .map(|i| OverloadTypeId(i as u32))
}

/// The overload if `dim` allows it.
fn allowed(db: &Database, dim: OverloadDim, p: &Parsed) -> Option<Resolved> {
    match p {
        Parsed::Scalar(t) => dim.has_scalar(*t).then_some(Resolved::Scalar(*t)),
        Parsed::Vector(t, n) => dim.has_vector(*t).then_some(Resolved::Vector(*t, *n)),
        Parsed::Struct(s) => {
            let has = |k| kind_index(db, k).is_some_and(|i| dim.has_scalar(i));
            if has(OverloadKind::Object) {
                Some(Resolved::Object(s.clone()))
            } else if has(OverloadKind::Udt) {
                Some(Resolved::Udt(s.clone()))
            } else {
                None
            }
        }
    }
}

/// What a dimension allows, in words: `f16, f32, vectors of f16, f32 (v4f16)`.
fn describe_dim(db: &Database, dim: OverloadDim) -> String {
    let mut parts: Vec<String> = Vec::new();
    for (i, t) in db.overload_types.iter().enumerate() {
        if !dim.has_scalar(OverloadTypeId(i as u32)) {
            continue;
        }
        parts.push(match t.kind {
            OverloadKind::Udt => "a user-defined struct (\"struct.NAME\")".to_owned(),
            OverloadKind::Object => "an object (\"dx.types.NAME\")".to_owned(),
            _ => t.name.clone(),
        });
    }
    let vectors: Vec<&str> = db
        .overload_types
        .iter()
        .enumerate()
        .filter(|(i, _)| dim.has_vector(OverloadTypeId(*i as u32)))
        .map(|(_, t)| t.name.as_str())
        .collect();
    if let Some(first) = vectors.first() {
        parts.push(format!(
            "vectors of {} (such as v4{first})",
            vectors.join(", ")
        ));
    }
    if parts.is_empty() {
        "nothing".to_owned()
    } else {
        parts.join(", ")
    }
}

/// Whether the op may be used at `v`: introduced, not removed, and its table allowed then.
fn usable_at(db: &Database, op: &Op, v: DxilVersion) -> bool {
    let prerelease = db.versions.iter().any(|i| i.dxil == v && i.prerelease);
    op.available_at(v) && (!db.table_of(op).experimental || prerelease)
}

/// The version before `v` among the declared ones.
fn previous(db: &Database, v: DxilVersion) -> Option<DxilVersion> {
    db.versions.iter().rev().map(|i| i.dxil).find(|d| *d < v)
}

/// Checks that the op may be used at the version; the error points at the version.
fn check_availability(db: &Database, op: &Op, v: DxilVersion, span: Span) -> syn::Result<()> {
    let name = &op.name;
    if v < op.introduced {
        return Err(syn::Error::new(
            span,
            format!(
                "`{name}` does not exist in DXIL {v}: it was introduced in DXIL {}",
                op.introduced
            ),
        ));
    }
    if !op.available_at(v) {
        let removed = op
            .stages
            .entries
            .iter()
            .rev()
            .find(|(since, s)| *since <= v && *s == StageSpec::Removed)
            .map(|(since, _)| *since);
        let msg = match removed {
            Some(r) => match previous(db, r) {
                Some(last) if last >= op.introduced => format!(
                    "`{name}` was removed in DXIL {r}: it exists in DXIL {} to {last}",
                    op.introduced
                ),
                _ => format!("`{name}` was removed in DXIL {r}"),
            },
            None => format!("`{name}` does not exist in DXIL {v}"),
        };
        return Err(syn::Error::new(span, msg));
    }
    let table = db.table_of(op);
    if table.experimental && !usable_at(db, op, v) {
        let pre: Vec<String> = db
            .versions
            .iter()
            .filter(|i| i.prerelease)
            .map(|i| i.dxil.to_string())
            .collect();
        return Err(syn::Error::new(
            span,
            format!(
                "`{name}` is an op of the experimental table `{}`, which needs a pre-release DXIL \
                 version ({}); DXIL {v} is released",
                table.name,
                pre.join(", ")
            ),
        ));
    }
    Ok(())
}

/// Checks the overloads; returns them ready to expand.
fn check_overloads(
    db: &Database,
    op: &Op,
    v: DxilVersion,
    input: &Input,
) -> Result<Vec<Resolved>, syn::Error> {
    let name = &op.name;
    let Some(spec) = op.overloads_at(v) else {
        return Err(syn::Error::new(
            input.name.span(),
            format!("`{name}` has no overloads at DXIL {v}"),
        ));
    };
    let given: &[OverloadToken] = input.overloads.as_ref().map_or(&[], |l| &l.items);
    if spec.void {
        return match &input.overloads {
            Some(l) => Err(syn::Error::new(
                l.open,
                format!("`{name}` has no overloads: write `{name} @ {v}`"),
            )),
            None => Ok(Vec::new()),
        };
    }
    let dims = spec.dims.len();
    let allows: Vec<String> = spec.dims.iter().map(|d| describe_dim(db, *d)).collect();
    if given.is_empty() {
        let example = if dims == 1 {
            format!("`{name}<TYPE>`; DXIL {v} allows {}", allows.join(""))
        } else {
            format!(
                "{dims} of them: `{name}<{}>` (`{}` in DXC's notation)",
                vec!["..."; dims].join(", "),
                spec.text
            )
        };
        return Err(syn::Error::new(
            input.name.span(),
            format!("`{name}` is overloaded: write {example}"),
        ));
    }
    if given.len() != dims {
        let (span, what) = match (given.get(dims), &input.overloads) {
            (Some(extra), _) => (extra.span, "too many overloads"),
            (None, Some(l)) => (l.close, "too few overloads"),
            (None, None) => (input.name.span(), "too few overloads"),
        };
        return Err(syn::Error::new(
            span,
            format!(
                "{what}: `{name}` has {dims} overload dimension{} at DXIL {v} (`{}` in DXC's notation), {} given",
                if dims == 1 { "" } else { "s" },
                spec.text,
                given.len()
            ),
        ));
    }
    let mut errors: Option<syn::Error> = None;
    let mut out = Vec::new();
    for (d, (tok, dim)) in given.iter().zip(&spec.dims).enumerate() {
        let parsed = match classify(db, tok) {
            Ok(p) => p,
            Err(msg) => {
                push(&mut errors, syn::Error::new(tok.span, msg));
                continue;
            }
        };
        if let Some(r) = allowed(db, *dim, &parsed) {
            out.push(r);
            continue;
        }
        let which = if dims == 1 {
            String::new()
        } else {
            format!(" (dimension {} of {dims})", d + 1)
        };
        let lead = format!("`{name}` overload `{}`{which}", tok.shown());
        let ok_at = |w: DxilVersion| {
            usable_at(db, op, w)
                && op.overloads_at(w).is_some_and(|s| {
                    s.dims.len() == dims
                        && s.dims
                            .get(d)
                            .is_some_and(|x| allowed(db, *x, &parsed).is_some())
                })
        };
        let later = db
            .versions
            .iter()
            .map(|i| i.dxil)
            .find(|w| *w > v && ok_at(*w));
        let earlier = db
            .versions
            .iter()
            .rev()
            .map(|i| i.dxil)
            .find(|w| *w < v && ok_at(*w));
        let here = format!(
            "DXIL {v} allows {}",
            allows.get(d).map_or("", String::as_str)
        );
        let mut msg = match (later, earlier) {
            (Some(w), _) => format!("{lead} needs DXIL {w}; {here}"),
            (None, Some(w)) => format!("{lead} is not allowed after DXIL {w}; {here}"),
            (None, None) => format!("{lead} is not allowed at any DXIL version; {here}"),
        };
        if d == 0
            && let Some(gate) = overload_constraint(db, op, &parsed)
        {
            msg.push_str(&gate);
        }
        push(&mut errors, syn::Error::new(tok.span, msg));
    }
    match errors {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

/// The constraint of kind `overload` that names the overload for `op` (a shader-model gate,
/// such as the 16-bit IsSpecialFloat overloads before SM 6.9), as a sentence for the error.
fn overload_constraint(db: &Database, op: &Op, p: &Parsed) -> Option<String> {
    let id = dxil_db::OpId(db.ops.iter().position(|o| std::ptr::eq(o, op))? as u32);
    db.constraints_of(id).find_map(|(c, _)| match &c.kind {
        dxil_db::constraint::ConstraintKind::Overload {
            scalars, vectors, ..
        } => {
            let hit = match p {
                Parsed::Scalar(t) => scalars & (1 << t.0) != 0,
                Parsed::Vector(t, _) => vectors & (1 << t.0) != 0,
                Parsed::Struct(_) => false,
            };
            hit.then(|| {
                format!(
                    " (constraint `{}`: {} DXC's validator reports {})",
                    c.name, c.doc, db.rules[c.rule].code
                )
            })
        }
        _ => None,
    })
}

/// Checks the stage; returns it.
fn check_stage<'d>(
    db: &'d Database,
    op: &Op,
    v: DxilVersion,
    stage: &Ident,
) -> syn::Result<&'d dxil_db::Stage> {
    let name = &op.name;
    let s = stage.to_string();
    let Some(st) = db.stage_by_name(&s) else {
        let all: Vec<&str> = db.stages.iter().map(|x| x.name.as_str()).collect();
        let hint = match closest(&s, all.iter().copied()) {
            Some(c) => format!("did you mean `{c}`?"),
            None => format!("the stages are {}", all.join(", ")),
        };
        return Err(syn::Error::new(
            stage.span(),
            format!("unknown shader stage `{s}`; {hint}"),
        ));
    };
    if st.since > v {
        return Err(syn::Error::new(
            stage.span(),
            format!(
                "the {s} stage does not exist in DXIL {v}: it was introduced in DXIL {}",
                st.since
            ),
        ));
    }
    let allowed = db.op_stages_at(op, v);
    if !allowed.contains(st.shader_kind) {
        let ok_at = |w: &DxilVersion| {
            usable_at(db, op, *w) && db.op_stages_at(op, *w).contains(st.shader_kind)
        };
        let later = db
            .versions
            .iter()
            .map(|i| i.dxil)
            .find(|w| *w > v && ok_at(w));
        let earlier = db
            .versions
            .iter()
            .rev()
            .map(|i| i.dxil)
            .find(|w| *w < v && ok_at(w));
        let here = format!(
            "in DXIL {v} it is allowed in {}",
            db.stage_names(allowed).join(", ")
        );
        let msg = match (later, earlier) {
            (Some(w), _) => format!("`{name}` in {s} shaders needs DXIL {w}; {here}"),
            (None, Some(w)) => {
                format!("`{name}` is not allowed in {s} shaders after DXIL {w}; {here}")
            }
            (None, None) => format!("`{name}` is not allowed in {s} shaders; {here}"),
        };
        return Err(syn::Error::new(stage.span(), msg));
    }
    let library = s == "library";
    match op.modules {
        AllowedModules::NonLibrary if library => Err(syn::Error::new(
            stage.span(),
            format!("`{name}` cannot be used in libraries"),
        )),
        _ => Ok(st),
    }
}

fn push(errors: &mut Option<syn::Error>, e: syn::Error) {
    match errors {
        Some(all) => all.combine(e),
        None => *errors = Some(e),
    }
}

/// Checks the input and expands it.
pub fn expand(db: &Database, input: &Input) -> syn::Result<TokenStream> {
    let name = input.name.to_string();
    let Some(op) = db.op_by_name(&name) else {
        let hint = match closest(
            &name,
            db.ops
                .iter()
                .filter(|o| !o.reserved)
                .map(|o| o.name.as_str()),
        ) {
            Some(c) => format!("did you mean `{c}`?"),
            None => {
                "op names are spelled as in ops.toml, e.g. `Sample`, `RawBufferLoad`".to_owned()
            }
        };
        return Err(syn::Error::new(
            input.name.span(),
            format!("no DXIL op is named `{name}`; {hint}"),
        ));
    };
    if op.reserved {
        return Err(syn::Error::new(
            input.name.span(),
            format!(
                "`{name}` is a reserved slot of table {}, not an op",
                db.table_of(op).name
            ),
        ));
    }
    let (vtext, vspan) = &input.version;
    let declared: Vec<_> = db
        .versions
        .iter()
        .map(|i| (i.dxil, i.shader_model))
        .collect();
    let v: DxilVersion = dxil_base::parse_dxil(vtext, &declared)
        .map_err(|e| syn::Error::new(*vspan, e.to_string()))?;
    check_availability(db, op, v, *vspan)?;
    let overloads = check_overloads(db, op, v, input);
    let stage = input
        .stage
        .as_ref()
        .map(|s| check_stage(db, op, v, s))
        .transpose();
    let (overloads, stage) = match (overloads, stage) {
        (Ok(o), Ok(s)) => (o, s),
        (Err(mut a), Err(b)) => {
            a.combine(b);
            return Err(a);
        }
        (Err(e), _) | (_, Err(e)) => return Err(e),
    };

    let rt = quote!(::dxil_ops);
    // the loader made sure that these names make identifiers
    let variant = Ident::new(&names::camel(&op.name), input.name.span());
    let overloads = overloads.iter().map(|o| {
        let scalar = |t: &OverloadTypeId| {
            let t = Ident::new(
                &names::camel(&db.overload_types[t.index()].name),
                Span::call_site(),
            );
            quote!(#rt::ScalarType::#t)
        };
        match o {
            Resolved::Scalar(t) => {
                let t = scalar(t);
                quote!(#rt::Overload::Scalar(#t))
            }
            Resolved::Vector(t, n) => {
                let t = scalar(t);
                quote!(#rt::Overload::Vector(#t, #n))
            }
            Resolved::Object(s) => quote!(#rt::Overload::Object(#rt::StructName::new(#s))),
            Resolved::Udt(s) => quote!(#rt::Overload::Udt(#rt::StructName::new(#s), 0)),
        }
    });
    let (major, minor) = (v.major, v.minor);
    let stage = match stage {
        Some(st) => {
            let kind = Ident::new(
                &names::camel(&st.shader_kind_name),
                input.stage.as_ref().map_or(Span::call_site(), Ident::span),
            );
            quote!(::core::option::Option::Some(#rt::ShaderKind::#kind))
        }
        None => quote!(::core::option::Option::None),
    };
    let same_database = crate::database::same_database_check();
    Ok(quote! {
        {
            #same_database
            #rt::CheckedOp::__checked_by_macro(
                #rt::Op::#variant,
                #rt::Overloads::new(&[#(#overloads),*]),
                #rt::DxilVersion::new(#major, #minor),
                #stage,
            )
        }
    })
}
