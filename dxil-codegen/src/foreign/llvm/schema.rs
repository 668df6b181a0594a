//! The schema of DXIL.td (its classes and fields, as LLVM's backend reads them) and the records
//! of the vocabularies: DXIL versions, parameter types, op classes, stages, attributes.

use dxil_db::{AttributeId, Database};

use super::comment;
use super::names::{self, ALL_STAGES, Names, REMOVED};

/// Writes the schema and the vocabulary records.
pub(super) fn write(out: &mut String, db: &Database, names: &Names) {
    out.push('\n');
    comment(out, "DXIL versions.");
    put!(out, "class Version<int major, int minor> {{");
    put!(out, "  int Major = major;");
    put!(out, "  int Minor = minor;");
    put!(out, "}}");
    for v in &db.versions {
        put!(
            out,
            "def {} : Version<{}, {}>;",
            names::version(v.dxil),
            v.dxil.major,
            v.dxil.minor
        );
    }

    out.push('\n');
    comment(
        out,
        "Parameter types: of results and arguments, and the overload types of `Overloads`.\n\
         `isOverload` marks the type of the overload.",
    );
    put!(out, "class DXILOpParamType {{");
    put!(out, "  int isOverload = 0;");
    put!(out, "}}");
    let types = names.param_types(db);
    let (overloaded, plain): (Vec<&String>, Vec<&String>) =
        types.iter().partition(|n| names.is_overload(db, n));
    if !overloaded.is_empty() {
        put!(out, "let isOverload = 1 in {{");
        for n in overloaded {
            put!(out, "  def {n} : DXILOpParamType;");
        }
        put!(out, "}}");
    }
    for n in plain {
        put!(out, "def {n} : DXILOpParamType;");
    }

    let mut stems: Vec<&str> = (0..db.classes.len())
        .filter(|&i| names::class_used(db, i))
        .map(|i| db.classes[i].stem.as_str())
        .collect();
    stems.sort_unstable();
    records(
        out,
        "Op classes: the function-name stems (`dx.op.<class>.<overload>`).",
        "DXILOpClass",
        Some("OpClasses"),
        stems,
    );
    let stages = db.stages.iter().map(|s| s.name.as_str());
    records(
        out,
        "Shader stages, and the pseudo-stages of every stage and of an op that is withdrawn.",
        "DXILShaderStage",
        None,
        stages.chain([ALL_STAGES, REMOVED]),
    );
    let attributes = (0..db.attributes.len()).map(|i| AttributeId(i as u32));
    records(
        out,
        "Function attributes: the memory attributes of the database.",
        "DXILAttribute",
        None,
        attributes.filter_map(|a| names.attribute(a)),
    );

    out.push_str(CLASSES);
}

/// The classes of the versioned properties, the intrinsic selections and the ops: the fields
/// LLVM's backend reads.
const CLASSES: &str = r#"
// Versioned properties: an entry applies from its DXIL version until the next entry's.
class Overloads<Version since, list<DXILOpParamType> items> {
  Version dxil_version = since;
  list<DXILOpParamType> overload_types = items;
}
class Stages<Version since, list<DXILShaderStage> items> {
  Version dxil_version = since;
  list<DXILShaderStage> shader_stages = items;
}
class Attributes<Version since, list<DXILAttribute> items> {
  Version dxil_version = since;
  list<DXILAttribute> fn_attrs = items;
}

// An LLVM intrinsic an op is lowered from: without selections its arguments are the op's
// operands in order; otherwise each operand is an argument (by index) or a constant.
class IntrinArgSelectType;
def IntrinArgSelect_Index : IntrinArgSelectType;
def IntrinArgSelect_I8 : IntrinArgSelectType;
def IntrinArgSelect_I32 : IntrinArgSelectType;
class IntrinArgSelect<IntrinArgSelectType kind, int number> {
  IntrinArgSelectType type = kind;
  int value = number;
}
class IntrinArgIndex<int n> : IntrinArgSelect<IntrinArgSelect_Index, n>;
class IntrinArgI8<int n> : IntrinArgSelect<IntrinArgSelect_I8, n>;
class IntrinArgI32<int n> : IntrinArgSelect<IntrinArgSelect_I32, n>;
class IntrinSelect<Intrinsic from, list<IntrinArgSelect> selects = []> {
  Intrinsic intrinsic = from;
  list<IntrinArgSelect> arg_selects = selects;
}

// A DXIL operation.
class DXILOp<int opcode, DXILOpClass class_> {
  string Doc = "";
  int OpCode = opcode;
  DXILOpClass OpClass = class_;
  list<IntrinSelect> intrinsics = [];
  DXILOpParamType result;
  list<DXILOpParamType> arguments = [];
  list<Overloads> overloads = [];
  list<Stages> stages;
  list<Attributes> attributes = [];
}
"#;

/// After a blank line and a comment, `class CLASS;` and a record of it for each name, inside
/// `defset list<CLASS> SET = { ... }` when `set` is given.
fn records<'a>(
    out: &mut String,
    about: &str,
    class: &str,
    set: Option<&str>,
    names: impl IntoIterator<Item = &'a str>,
) {
    out.push('\n');
    comment(out, about);
    put!(out, "class {class};");
    let indent = match set {
        Some(set) => {
            put!(out, "defset list<{class}> {set} = {{");
            "  "
        }
        None => "",
    };
    for n in names {
        put!(out, "{indent}def {n} : {class};");
    }
    if set.is_some() {
        put!(out, "}}");
    }
}
