//! The intrinsics of DXIL.td: the `IntrinSelect` entries of an op (the intrinsics of its
//! `llvm_intrinsics` that an argument selection can say), and the companion file that declares
//! the intrinsics of the map the baseline LLVM release lacks.

use dxil_db::{ConstType, Database, Intrinsic, Op, OverloadSource, ResultShape, Source};

use super::names;
use super::{COMMAND, comment, header};

/// The `IntrinSelect` entries of an op, and what the schema cannot say about its other
/// intrinsics (one text per intrinsic).
pub(super) fn selects(db: &Database, op: &Op) -> (Vec<String>, Vec<String>) {
    let (mut selects, mut beyond) = (Vec::new(), Vec::new());
    let own = db
        .intrinsics
        .iter()
        .filter(|i| i.op_record.as_deref() == Some(op.name.as_str()));
    for i in own {
        match select(db, op, i) {
            Ok(s) => selects.push(s),
            Err(why) => beyond.push(format!("{} ({why})", i.name)),
        }
    }
    for i in db.intrinsics_of(op).filter(|i| i.op_record.is_none()) {
        beyond.push(format!("{} (db/llvm-intrinsics.toml)", i.name));
    }
    (selects, beyond)
}

/// The `IntrinSelect` of an intrinsic lowered to one call of `op`, or why the schema cannot say
/// its lowering.
fn select(db: &Database, op: &Op, i: &Intrinsic) -> Result<String, String> {
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
    let mut args = Vec::new();
    for s in &step.operands {
        args.push(match s {
            Source::Arg(n) => format!("IntrinArgIndex<{n}>"),
            Source::Const {
                ty: ConstType::I8,
                value,
            } => format!("IntrinArgI8<{value}>"),
            Source::Const {
                ty: ConstType::I32,
                value,
            } => format!("IntrinArgI32<{value}>"),
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

/// The companion file: a declaration of each intrinsic of the map that the baseline release
/// does not define (every one without a baseline).
pub(super) fn declarations(db: &Database) -> String {
    let release = db.llvm_baseline.as_ref().map_or("", |b| b.release.as_str());
    let mut out = header(
        &format!("The LLVM intrinsics of the database's map that LLVM {release} lacks"),
        db,
    );
    comment(
        &mut out,
        &format!(
            "DXIL.td includes this file after llvm/IR/Intrinsics.td, so that LLVM {release}'s include\n\
             files read it ([llvm_baseline] in db/llvm-intrinsics.toml lists what that release\n\
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
