//! The intrinsics of DXIL.td: the `IntrinSelect` entries of an op (the intrinsics of its
//! `llvm_intrinsics` that an argument selection can say), and the companion file that declares
//! the intrinsics of the map the baseline LLVM release lacks.

use dxil_db::names::is_tablegen_name;
use dxil_db::{
    ConstType, Database, EnumValue, Intrinsic, Op, OverloadSource, Param, ResultShape, Source,
};

use super::names;
use super::{COMMAND, comment, header};

/// What DXIL.td says about the intrinsics of an op.
#[derive(Default)]
pub(super) struct OpIntrinsics {
    /// Its `IntrinSelect` entries.
    pub(super) selects: Vec<String>,
    /// The intrinsics lowered to it that an `IntrinSelect` cannot say, each with why.
    pub(super) beyond: Vec<String>,
    /// The named values of enumerations its selections use: name and number.
    pub(super) values: Vec<(String, i64)>,
}

/// The intrinsics of an op: those of its `llvm_intrinsics` that an argument selection can say,
/// and the others (from its record or from `[[intrinsic]]` records).
pub(super) fn of(db: &Database, op: &Op) -> OpIntrinsics {
    let mut out = OpIntrinsics::default();
    let own = db
        .intrinsics
        .iter()
        .filter(|i| i.op_record.as_deref() == Some(op.name.as_str()));
    for i in own {
        match select(db, op, i, &mut out.values) {
            Ok(s) => out.selects.push(s),
            Err(why) => out.beyond.push(format!("{} ({why})", i.name)),
        }
    }
    for i in db.intrinsics_of(op).filter(|i| i.op_record.is_none()) {
        out.beyond
            .push(format!("{} (db/llvm-intrinsics.toml)", i.name));
    }
    out
}

/// The named values every op's selections use, each once, by name.
pub(super) fn named_values(db: &Database) -> Vec<(String, i64)> {
    let mut out: Vec<(String, i64)> = db
        .ops
        .iter()
        .filter(|o| !o.reserved)
        .flat_map(|op| of(db, op).values)
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The `IntrinSelect` of an intrinsic lowered to one call of `op`, or why the schema cannot say
/// its lowering; adds the named values it uses to `values`.
fn select(
    db: &Database,
    op: &Op,
    i: &Intrinsic,
    values: &mut Vec<(String, i64)>,
) -> Result<String, String> {
    let [lowering] = i.lowerings.as_slice() else {
        return Err("lowered by DXIL version".to_owned());
    };
    if lowering.since != op.introduced {
        return Err(format!("from DXIL {}", lowering.since));
    }
    let [step] = lowering.steps.as_slice() else {
        return Err("several calls".to_owned());
    };
    if !matches!(lowering.result, ResultShape::None | ResultShape::Value) {
        return Err(format!("result {}", db.result_text(&lowering.result)));
    }
    if !matches!(
        step.overload,
        OverloadSource::None | OverloadSource::Intrinsic
    ) {
        return Err(format!("overload {}", step.overload.name()));
    }
    let params = &db.signature_of(op).params;
    let mut args = Vec::new();
    for (s, p) in step.operands.iter().zip(params) {
        args.push(match s {
            Source::Arg(n) => format!("IntrinArgIndex<{n}>"),
            Source::Const {
                ty: ConstType::I8,
                value,
            } => format!("IntrinArgI8<{}>", constant(db, p, *value, values)),
            Source::Const {
                ty: ConstType::I32,
                value,
            } => format!("IntrinArgI32<{}>", constant(db, p, *value, values)),
            other => return Err(format!("operand {}", db.source_text(i, other))),
        });
    }
    let in_order = i.params.len() == step.operands.len()
        && (0..).zip(&step.operands).all(|(k, s)| *s == Source::Arg(k));
    let record = names::intrinsic(&i.name);
    Ok(if in_order {
        format!("IntrinSelect<{record}>")
    } else {
        format!("IntrinSelect<{record}, [{}]>", args.join(", "))
    })
}

/// A constant operand as DXIL.td writes it: a named value of the parameter's enumeration
/// (`WaveOpKind_Sum`), for flags the `!or` of the flags that make it, or else the number. The
/// names used are added to `values`.
fn constant(db: &Database, p: &Param, value: i64, values: &mut Vec<(String, i64)>) -> String {
    let Some(e) = p.enumeration.map(|e| &db.enums[e.index()]) else {
        return value.to_string();
    };
    let name = |v: &EnumValue| format!("{}_{}", e.name, v.name);
    let plain = e.values.iter().filter(|v| !v.alias && !v.mask);
    let parts: Vec<&EnumValue> = match plain.clone().find(|v| v.value == value) {
        Some(v) => vec![v],
        None if e.flags && value > 0 => {
            let flags: Vec<&EnumValue> = plain
                .filter(|v| v.value > 0 && v.value & (v.value - 1) == 0 && value & v.value != 0)
                .collect();
            if flags.iter().fold(0, |m, v| m | v.value) != value {
                return value.to_string();
            }
            flags
        }
        None => return value.to_string(),
    };
    if parts.iter().any(|v| !is_tablegen_name(&name(v))) {
        return value.to_string();
    }
    for v in &parts {
        let named = (name(v), v.value);
        if !values.contains(&named) {
            values.push(named);
        }
    }
    match parts.as_slice() {
        [one] => name(one),
        all => format!(
            "!or({})",
            all.iter().map(|v| name(v)).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// The companion file: a declaration of each intrinsic of the map that the baseline release
/// does not define (every one without a baseline).
pub(super) fn declarations(db: &Database) -> String {
    let release = super::baseline(db);
    let mut out = header(
        &format!("The LLVM intrinsics of the database's map that {release} lacks"),
        db,
    );
    comment(
        &mut out,
        &format!(
            "DXIL.td includes this file after llvm/IR/Intrinsics.td, so that the include files of\n\
             {release} read it ([llvm_baseline] in db/llvm-intrinsics.toml lists what that release\n\
             defines). The database knows an intrinsic's name and number of arguments, not its LLVM\n\
             types: each type is llvm_any_ty, the result only where the intrinsic returns one.\n\
             LLVM's tree declares these itself: `{COMMAND} --without-declarations` leaves this file out."
        ),
    );
    let defined = |name: &str| {
        db.llvm_baseline
            .as_ref()
            .is_some_and(|b| b.intrinsics.iter().any(|n| n == name))
    };
    for i in db.intrinsics.iter().filter(|i| !defined(&i.name)) {
        let returns = !i.lowerings.iter().any(|l| l.result == ResultShape::None);
        let params = vec!["llvm_any_ty"; i.params.len()];
        put!(
            out,
            "def {} : Intrinsic<[{}], [{}], [], \"{}\">;",
            names::intrinsic(&i.name),
            if returns { "llvm_any_ty" } else { "" },
            params.join(", "),
            i.name
        );
    }
    out
}
