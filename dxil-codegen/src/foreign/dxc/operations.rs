//! The regions of `DxilOperations.cpp`: the op property tables, the case lists of
//! `OP::GetOpFunc` and `OP::GetOverloadType`, the opcode tests of the op queries
//! (`IsDxilOpWave`, ...) and `GetMinShaderModelAndMask`.

use std::fmt::Write as _;

use dxil_db::{OverloadKind, Stage, Table, TypeKind};

use super::Error;
use super::text::{comment, pad, range_test};
use super::view::{OpView, View};

/// The op tables in id order, each with its ops.
pub(super) fn tables<'v, 'a>(view: &'v View<'a>) -> Vec<(&'a Table, Vec<&'v OpView<'a>>)> {
    let mut tables: Vec<(usize, &'a Table)> = view.db.tables.iter().enumerate().collect();
    tables.sort_by_key(|(_, t)| t.id);
    tables
        .into_iter()
        .map(|(i, t)| {
            let ops = view
                .ops
                .iter()
                .filter(|o| o.op.table.index() == i)
                .collect();
            (t, ops)
        })
        .collect()
}

/// `OP::m_OpCodeProps` of each table and the table of tables.
pub(super) fn props(view: &View<'_>) -> Result<String, Error> {
    let d = view.dxc;
    let (tenum, openum) = (&d.table_enum.name, &d.opcode_enum);
    let mut s = String::new();
    for (table, ops) in tables(view) {
        let t = &table.name;
        let _ = writeln!(s, "static const OP::OpCodeProperty {t}_OpCodeProps[] = {{");
        let mut last: Option<&str> = None;
        for o in ops {
            let category = o.op.category.as_str();
            if last != Some(category) {
                if last.is_some() {
                    s.push('\n');
                }
                if !o.op.reserved {
                    let _ = writeln!(s, "  // {category}");
                }
                last = Some(category);
            }
            s.push_str(&prop_row(view, o)?);
        }
        let _ = writeln!(s, "}};");
        let _ = writeln!(
            s,
            "static_assert(_countof({t}_OpCodeProps) == (size_t)DXIL::{t}::{}::{}, \"mismatch in opcode count for {t} OpCodeProps\");",
            openum.name, openum.count
        );
    }
    let _ = writeln!(s, "\n// Table of DXIL OpCode Property tables");
    let _ = writeln!(
        s,
        "OP::OpCodeTable OP::g_OpCodeTables[DXIL::NumOpCodeTables] = {{"
    );
    for (table, _) in tables(view) {
        let t = &table.name;
        let _ = writeln!(
            s,
            "  {{ OP::{tenum}::{t}, {t}_OpCodeProps, (unsigned)DXIL::{t}::{}::{} }},",
            openum.name, openum.count
        );
    }
    s.push_str("};\n");
    Ok(s)
}

/// One row of a property table: names, class, stem, memory attribute, overload masks.
fn prop_row(view: &View<'_>, o: &OpView<'_>) -> Result<String, Error> {
    let attr = match view.memory(o) {
        Some(a) => view
            .dxc
            .attributes
            .iter()
            .find(|(id, _)| view.db.attributes[id.index()].name == a.name)
            .map(|(_, e)| e.as_str())
            .ok_or_else(|| Error::new(format!("attribute `{}` has no enumerator", a.name)))?,
        None => view.dxc.no_attribute.as_str(),
    };
    let (mut scalars, mut vectors) = (Vec::new(), Vec::new());
    if o.dims > 0 {
        for dim in o.overloads.split(',') {
            let (s, v) = match dim.split_once('<') {
                Some((s, v)) => (mask(view, o, &format!("{s}<"))?, mask(view, o, v)?),
                None => (mask(view, o, dim)?, 0),
            };
            scalars.push(s);
            vectors.push(v);
        }
    }
    let masks = |m: &[u32]| {
        let inner: Vec<String> = m.iter().map(|m| format!("{{0x{m:x}}}")).collect();
        format!("{{{}}}", inner.join(","))
    };
    Ok(format!(
        "  {{  OC::{} {} OCC::{} {} {}, {}, {}, {} }}, // Overloads: {}\n",
        pad(&format!("{},", o.op.name), 24),
        pad(&format!("\"{}\",", o.op.name), 27),
        pad(&format!("{},", o.class.name), 25),
        pad(&format!("\"{}\",", o.class.stem), 28),
        pad(&format!("Attribute::{attr}"), 20),
        o.dims,
        pad(&masks(&scalars), 16),
        pad(&masks(&vectors), 16),
        o.overloads
    ))
}

/// The mask of overload letters (and `<`) by DXC's type slots.
fn mask(view: &View<'_>, o: &OpView<'_>, letters: &str) -> Result<u32, Error> {
    let mut m = 0u32;
    for c in letters.chars() {
        let slot = if c == '<' {
            Some(view.dxc.vector_slot())
        } else {
            view.db
                .overload_types
                .iter()
                .position(|t| t.letter == c)
                .and_then(|i| view.dxc.slot(dxil_db::OverloadTypeId(i as u32)))
        };
        let slot = slot.filter(|s| *s < 32).ok_or_else(|| {
            Error::new(format!(
                "overload `{c}` of op `{}` has no bit in `overload_slots`",
                o.op.name
            ))
        })?;
        m |= 1 << slot;
    }
    Ok(m)
}

/// The cases of `OP::GetOpFunc`: each op's result, opcode and parameter types.
pub(super) fn functions(view: &View<'_>) -> Result<String, Error> {
    let mut s = String::new();
    let mut last: Option<&str> = None;
    for o in &view.ops {
        let category = o.op.category.as_str();
        if last != Some(category) {
            if last.is_some() {
                s.push('\n');
            }
            let _ = writeln!(s, "    // {category}");
            last = Some(category);
        }
        let _ = write!(s, "  case OpCode::{}", pad(&format!("{}:", o.op.name), 24));
        for (i, operand) in o.operands.iter().enumerate() {
            let text = &view.ty(operand.ty, o.op)?.op_func;
            s.push_str(&pad(text, if i == 0 { 13 } else { 9 }));
        }
        s.push_str("break;\n");
    }
    Ok(s)
}

/// Where `OP::GetOverloadType` finds an op's overload.
enum Found {
    /// The parameter at this position of the function type (the opcode is 0).
    Param(usize),
    /// The pointee of the pointer parameter at this position.
    Pointee(usize),
    /// A type that does not vary: the only overload.
    Single(String),
    /// Element 0 of the struct the op returns.
    StructElement,
    /// The element type of the vector the op returns.
    VectorElement,
    /// For ops of several dimensions: the result (0) and parameters (their operand position)
    /// holding each dimension, and whether each is a pointer to it.
    Dims(Vec<(usize, bool)>),
}

/// The cases of `OP::GetOverloadType`, for the ops whose result is not the overload itself.
pub(super) fn overload_types(view: &View<'_>) -> Result<String, Error> {
    /// Op names by key, keys in order of first appearance.
    type Groups<'n, K> = Vec<(K, Vec<&'n str>)>;
    // kept apart by kind, as DXC writes them
    let mut params: Groups<'_, usize> = Vec::new();
    let mut pointees: Groups<'_, usize> = Vec::new();
    let mut singles: Groups<'_, String> = Vec::new();
    let mut structs: Vec<&str> = Vec::new();
    let mut vectors: Vec<&str> = Vec::new();
    let mut dims: Groups<'_, Vec<(usize, bool)>> = Vec::new();
    fn add<'n, K: PartialEq>(groups: &mut Groups<'n, K>, key: K, name: &'n str) {
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, names)) => names.push(name),
            None => groups.push((key, vec![name])),
        }
    }
    for o in &view.ops {
        let name = o.op.name.as_str();
        match find(view, o)? {
            None => {}
            Some(Found::Param(i)) => add(&mut params, i, name),
            Some(Found::Pointee(i)) => add(&mut pointees, i, name),
            Some(Found::Single(t)) => add(&mut singles, t, name),
            Some(Found::StructElement) => structs.push(name),
            Some(Found::VectorElement) => vectors.push(name),
            Some(Found::Dims(d)) => add(&mut dims, d, name),
        }
    }
    let cases = |names: &[&str]| -> String {
        names
            .iter()
            .map(|n| format!("case OpCode::{n}:\n"))
            .collect()
    };
    let mut s = String::new();
    for (i, names) in &params {
        let _ = writeln!(
            s,
            "{}  if (FT->getNumParams() <= {i}) return nullptr;\n  return FT->getParamType({i});",
            cases(names)
        );
    }
    for (i, names) in &pointees {
        let _ = writeln!(
            s,
            "{}  if (FT->getNumParams() <= {i}) return nullptr;\n  return FT->getParamType({i})->getPointerElementType();",
            cases(names)
        );
    }
    for (ty, names) in &singles {
        let _ = writeln!(s, "{}  return {ty};", cases(names));
    }
    let _ = writeln!(
        s,
        "{}{{\n  StructType *ST = cast<StructType>(Ty);\n  return ST->getElementType(0);\n}}",
        cases(&structs)
    );
    if !vectors.is_empty() {
        let _ = writeln!(
            s,
            "{}  // These return native vectors directly\n  return cast<VectorType>(Ty)->getElementType();",
            cases(&vectors)
        );
    }
    for (positions, names) in &dims {
        s.push_str(&cases(names));
        if let Some(&(last, _)) = positions.last()
            && last > 0
        {
            let _ = writeln!(s, "  if (FT->getNumParams() < {last})\n    return nullptr;");
        }
        let types: Vec<String> = positions
            .iter()
            .map(|&(i, pointer)| {
                let t = if i == 0 {
                    "FT->getReturnType()".to_owned()
                } else {
                    format!("FT->getParamType({})", i - 1)
                };
                if pointer {
                    t + "->getPointerElementType()"
                } else {
                    t
                }
            })
            .collect();
        let _ = writeln!(
            s,
            "  return llvm::StructType::get(Ctx, {{{}}});\n",
            types.join(", ")
        );
    }
    Ok(s)
}

/// Where `OP::GetOverloadType` finds the overload of `o`; `None` when the result is the
/// overload (the default case).
fn find(view: &View<'_>, o: &OpView<'_>) -> Result<Option<Found>, Error> {
    let kind = |i: usize| &view.db.types[o.operands[i].ty.index()].kind;
    if o.dims > 1 {
        let mut positions = Vec::new();
        for (i, _) in o.operands.iter().enumerate().filter(|(i, _)| *i != 1) {
            let (dim, pointer) = match kind(i) {
                TypeKind::Overload { dim, .. } => (*dim, false),
                TypeKind::Pointer { dim, .. } => (*dim, true),
                _ => continue,
            };
            if usize::from(dim) != positions.len() {
                return Err(Error::new(format!(
                    "op `{}` uses overload dimension {dim} out of order: DXC's GetOverloadType needs dimensions 0, 1, ... each once, in operand order",
                    o.op.name
                )));
            }
            positions.push((i, pointer));
        }
        if positions.len() != o.dims {
            return Err(Error::new(format!(
                "op `{}` has {} overload dimensions but its operands are of {}",
                o.op.name,
                o.dims,
                positions.len()
            )));
        }
        return Ok(Some(Found::Dims(positions)));
    }
    match kind(0) {
        TypeKind::Overload { dim: 0, .. } => return Ok(None),
        TypeKind::ByOverload { .. } => return Ok(Some(Found::StructElement)),
        TypeKind::Vector(_) => return Ok(Some(Found::VectorElement)),
        _ => {}
    }
    // the parameter holding the overload; a function type's parameter 0 is the opcode
    for i in 2..o.operands.len() {
        match kind(i) {
            TypeKind::Overload { dim: 0, .. } => return Ok(Some(Found::Param(i - 1))),
            TypeKind::Pointer { dim: 0, .. } => return Ok(Some(Found::Pointee(i - 1))),
            _ => {}
        }
    }
    let letters: Vec<char> = o.overloads.chars().collect();
    let [letter] = letters[..] else {
        return Err(Error::new(format!(
            "op `{}` has the overloads `{}` but no operand of the overload type: DXC's GetOverloadType cannot tell them apart",
            o.op.name, o.overloads
        )));
    };
    let t = view
        .db
        .overload_types
        .iter()
        .find(|t| t.letter == letter)
        .ok_or_else(|| Error::new(format!("unknown overload `{letter}`")))?;
    let llvm = match (t.kind, t.llvm.as_deref()) {
        (OverloadKind::Void, _) => "void",
        (_, Some(l)) => l,
        _ => {
            return Err(Error::new(format!(
                "op `{}`: overload `{letter}` has no LLVM type",
                o.op.name
            )));
        }
    };
    Ok(Some(Found::Single(cpp_type(llvm).ok_or_else(|| {
        Error::new(format!("no C++ expression for the LLVM type `{llvm}`"))
    })?)))
}

/// LLVM's C++ expression of a scalar type, in a function whose context is `Ctx`.
fn cpp_type(llvm: &str) -> Option<String> {
    Some(match llvm {
        "void" => "Type::getVoidTy(Ctx)".to_owned(),
        "half" => "Type::getHalfTy(Ctx)".to_owned(),
        "float" => "Type::getFloatTy(Ctx)".to_owned(),
        "double" => "Type::getDoubleTy(Ctx)".to_owned(),
        _ => {
            let bits: u32 = llvm.strip_prefix('i')?.parse().ok()?;
            format!("IntegerType::get(Ctx, {bits})")
        }
    })
}

/// The opcode test of an op query: the ops with the flag DXC calls `flag` (`is_wave`).
pub(super) fn predicate(view: &View<'_>, var: &str, flag: &str) -> Result<String, Error> {
    if !view.has_flag(flag) {
        return Err(Error::new(format!(
            "no attribute is called `{flag}` by DXC (an attribute's `dxc` key in db/vocab.toml)"
        )));
    }
    let ops: Vec<(&str, u32)> = view
        .ops
        .iter()
        .filter(|o| view.flag(o, flag))
        .map(|o| (o.op.name.as_str(), o.op.opcode))
        .collect();
    Ok(opcode_test(var, &ops))
}

/// A comment listing `items` (`name=opcode`) and `return` with the test of their opcodes.
pub(super) fn opcode_test(var: &str, items: &[(&str, u32)]) -> String {
    let codes: Vec<u32> = items.iter().map(|(_, c)| *c).collect();
    format!(
        "{}return {};\n",
        instructions_comment(items),
        range_test(var, &codes)
    )
}

/// `// Instructions: A=1, B=2, ...`, wrapped.
pub(super) fn instructions_comment(items: &[(&str, u32)]) -> String {
    let list: Vec<String> = items.iter().map(|(n, c)| format!("{n}={c}")).collect();
    comment("// ", &format!("Instructions: {}", list.join(", ")))
}

/// The comment listing the ops of a group, and the test of their opcodes.
pub(super) fn group_test(ops: &[&OpView<'_>]) -> (String, String) {
    let items: Vec<(&str, u32)> = ops
        .iter()
        .map(|o| (o.op.name.as_str(), o.op.opcode))
        .collect();
    let codes: Vec<u32> = items.iter().map(|(_, c)| *c).collect();
    (instructions_comment(&items), range_test("op", &codes))
}

/// The ops grouped by a key in the order of `key`, then opcode: each run of ops with the same
/// key, with the key.
pub(super) fn groups<'v, 'a, K: Ord + Clone>(
    view: &'v View<'a>,
    key: impl Fn(&OpView<'a>) -> K,
) -> Vec<(K, Vec<&'v OpView<'a>>)> {
    let mut ops: Vec<&OpView<'a>> = view.ops.iter().collect();
    ops.sort_by_cached_key(|o| (key(o), o.op.opcode));
    let mut out: Vec<(K, Vec<&OpView<'a>>)> = Vec::new();
    for o in ops {
        let k = key(o);
        match out.last_mut() {
            Some((last, group)) if *last == k => group.push(o),
            _ => out.push((k, vec![o])),
        }
    }
    out
}

/// The stage names of an op, in its order: DXC sorts and groups ops by them.
pub(super) fn stage_names<'a>(o: &OpView<'a>) -> Vec<&'a str> {
    o.stages.iter().map(|s| s.name.as_str()).collect()
}

/// The body of `GetMinShaderModelAndMask`: for each group of ops with the same shader model
/// (and translated one) and stages, those that differ from shader model 6.0 in all stages.
pub(super) fn shader_model_and_mask(view: &View<'_>) -> String {
    let first = view.db.versions.first().map(|v| v.shader_model);
    let groups = groups(view, |o| {
        (
            o.op.shader_model,
            o.op.shader_model_translated,
            stage_names(o),
        )
    });
    let mut s = String::new();
    for ((model, translated, _), ops) in groups {
        let stages: &[&Stage] = &ops[0].stages;
        if Some(model) == first && stages.is_empty() {
            continue;
        }
        let (listed, test) = group_test(&ops);
        s.push_str(&listed);
        let _ = writeln!(s, "if ({test}) {{");
        if Some(model) != first {
            if let Some(t) = translated {
                let _ = write!(
                    s,
                    "  if (bWithTranslation) {{\n    major = {};  minor = {};\n  }} else {{\n  ",
                    t.major, t.minor
                );
            }
            let _ = writeln!(s, "  major = {};  minor = {};", model.major, model.minor);
            if translated.is_some() {
                s.push_str("  }\n");
            }
        }
        if !stages.is_empty() {
            let flags: Vec<String> = stages
                .iter()
                .map(|st| format!("SFLAG({})", View::shader_kind(st)))
                .collect();
            let _ = writeln!(s, "  mask = {};", flags.join(" | "));
        }
        s.push_str("  return;\n}\n");
    }
    s
}
