//! `dxil decls` (and `cargo xtask decls`, which calls it): LLVM IR declarations of `dx.op`
//! functions, from the `dxil-ops` API.
//!
//! Without names: a module declaring every function of every op for every scalar overload and
//! for vector overloads of widths 2, 3 and 4 (with `--dxil 1.x`, only what that version allows).
//! With names: the declaration of each given function name, or an error saying why it is not one
//! (with `--dxil 1.x`, also a name that version does not have).

use std::process::ExitCode;

use dxil_ops::{
    DxilVersion, FunctionName, OPS, OVERLOAD_TYPES, Overload, OverloadSet, Overloads, Precision,
    ScalarType, Signature, StructName, Target,
    info::{AllowedModules, OverloadKind, OverloadTypeInfo},
};

use crate::output;

/// Example struct names for user-defined-struct and object overloads.
const UDT_EXAMPLE: &str = "struct.Payload";
const OBJECT_EXAMPLE: &str = "struct.Object";

/// A module of declarations: struct definitions, declarations, attribute groups.
#[derive(Default)]
pub struct Module(
    /// The declarations, as `dxil-ops` writes modules.
    pub dxil_ops::module::Module,
);

impl Module {
    /// Adds the declaration of a function (once: the first declaration of a name stays, so
    /// the native-precision one before another of min precision).
    pub fn add(&mut self, sig: &Signature<'_>) {
        // a later declaration of the name with other types is refused; the first one stays
        let _ = self.0.declare(sig);
    }

    /// The module's text.
    pub fn text(&self) -> String {
        format!(
            "; Declarations of dx.op functions, printed by `dxil decls`.\n\n{}",
            self.0
        )
    }
}

/// The example overloads of one dimension.
fn dim_examples(set: &OverloadSet) -> Vec<Overload<'static>> {
    let mut out = Vec::new();
    for (i, t) in OVERLOAD_TYPES.iter().enumerate() {
        let bit = 1u32 << i;
        if set.scalars & bit != 0 {
            match t.kind {
                OverloadKind::Scalar => out.extend(scalar(t).map(Overload::Scalar)),
                OverloadKind::Udt => out.push(Overload::Udt(StructName::new(UDT_EXAMPLE), 0)),
                OverloadKind::Object => out.push(Overload::Object(StructName::new(OBJECT_EXAMPLE))),
                OverloadKind::Void => {}
            }
        }
        if set.vectors & bit != 0
            && let Some(s) = scalar(t)
        {
            out.extend([2, 3, 4].map(|w| Overload::Vector(s, w)));
        }
    }
    out
}

fn scalar(t: &OverloadTypeInfo) -> Option<ScalarType> {
    ScalarType::from_name(t.name)
}

/// Every combination of one example per dimension.
fn combinations(sets: &[OverloadSet]) -> Vec<Vec<Overload<'static>>> {
    let mut out: Vec<Vec<Overload<'static>>> = vec![Vec::new()];
    for set in sets {
        let ex = dim_examples(set);
        out = out
            .into_iter()
            .flat_map(|prefix| {
                ex.iter().map(move |o| {
                    let mut v = prefix.clone();
                    v.push(*o);
                    v
                })
            })
            .collect();
    }
    out
}

/// The module of every op × overload (at `dxil`, or all versions when `None`).
pub fn all(dxil: Option<DxilVersion>) -> Module {
    let mut m = Module::default();
    for op in OPS.iter().filter(|o| !o.reserved) {
        let specs: Vec<&dxil_ops::OverloadSpec> = match dxil {
            Some(v) => op.overloads_at(v).into_iter().collect(),
            None => op.overload_entries().map(|(_, s)| s).collect(),
        };
        for spec in specs {
            for combo in combinations(spec.sets()) {
                let o = Overloads::new(&combo);
                for p in [Precision::Native, Precision::Min] {
                    if let Ok(sig) = Signature::new(op.signature, o, p) {
                        m.add(&sig);
                    }
                }
            }
        }
    }
    m
}

/// The declaration of one function name, and a warning when no op allows its overload; with
/// `dxil`, an error when that version does not have the function ([`available_at`]).
pub fn one(
    name: &str,
    precision: Precision,
    dxil: Option<DxilVersion>,
) -> Result<(Signature<'_>, Option<String>), String> {
    let warning = match dxil_ops::parse_function_name(name) {
        Ok(_) => None,
        Err(strict) => {
            dxil_ops::parse_function_name_lenient(name).map_err(|e| format!("`{name}`: {e}"))?;
            Some(format!(
                "`{name}`: {strict}; declared anyway, since the function is well-formed"
            ))
        }
    };
    let f: FunctionName<'_> =
        dxil_ops::parse_function_name_lenient(name).map_err(|e| format!("`{name}`: {e}"))?;
    if let Some(v) = dxil {
        available_at(&f, v, precision).map_err(|e| format!("`{name}`: {e}"))?;
    }
    let sig = Signature::of(f, precision).map_err(|e| format!("`{name}`: {e}"))?;
    Ok((sig, warning))
}

/// Whether DXIL `dxil` has the function `f`: some op of its signature passes the builders'
/// check ([`dxil_ops::call::check`]) with its overloads, in a module of the kind the op is for;
/// else why not, as the first of those ops says.
pub fn available_at(
    f: &FunctionName<'_>,
    dxil: DxilVersion,
    precision: Precision,
) -> Result<(), String> {
    let mut why = None;
    let ops = OPS
        .iter()
        .filter(|op| !op.reserved && core::ptr::eq(op.signature, f.signature));
    for op in ops {
        let target = Target {
            library: matches!(op.modules, AllowedModules::Library),
            precision,
            ..Target::new(dxil)
        };
        match dxil_ops::call::check(op, &target, f.overloads) {
            Ok(_) => return Ok(()),
            Err(e) => {
                why.get_or_insert_with(|| e.to_string());
            }
        }
    }
    Err(why.unwrap_or_else(|| format!("no op of DXIL {dxil} has this function")))
}

/// The DXIL version of `--dxil`, or why it is not one the database has.
pub fn version(arg: &str) -> Result<DxilVersion, String> {
    dxil_ops::version::parse_dxil(arg).map_err(|e| format!("--dxil {arg}: {e}"))
}

/// The arguments of `dxil decls`.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct Args {
    /// Only what this DXIL version allows (e.g. 1.6).
    #[arg(long)]
    pub dxil: Option<String>,
    /// 16-bit types are min-precision stand-ins (4-element `CBufRet.f16`).
    #[arg(long)]
    pub min_precision: bool,
    /// Function names, e.g. `dx.op.rawBufferVectorLoad.v17f32`.
    pub names: Vec<String>,
}

/// Exit codes of `dxil decls`, for its help text.
pub const EXIT_CODES: &str = "\
Exit codes:
  0  the declarations printed
  1  a name that is not a dx.op function, or not one of the --dxil version (the others printed)
  2  a bad command line (a --dxil version the database does not have), or an output that
     cannot be written";

/// `dxil decls [--dxil V] [--min-precision] [NAME...]`: prints the declarations; errors go to
/// stderr.
pub fn run(args: &Args) -> ExitCode {
    let precision = if args.min_precision {
        Precision::Min
    } else {
        Precision::Native
    };
    let dxil = match args.dxil.as_deref().map(version).transpose() {
        Ok(v) => v,
        Err(e) => {
            crate::error_line!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let (text, failed) = if args.names.is_empty() {
        (all(dxil).text(), false)
    } else {
        let mut m = Module::default();
        let mut failed = false;
        for n in &args.names {
            match one(n, precision, dxil) {
                Ok((sig, warning)) => {
                    if let Some(w) = warning {
                        crate::error_line!("warning: {w}");
                    }
                    m.add(&sig)
                }
                Err(e) => {
                    crate::error_line!("error: {e}");
                    failed = true;
                }
            }
        }
        (m.text(), failed)
    };
    if let Err(e) = output::write(None, text.as_bytes()) {
        crate::error_line!("error: standard output: {e}");
        return ExitCode::from(2);
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
