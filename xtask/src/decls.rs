//! `cargo xtask decls`: LLVM IR declarations of `dx.op` functions, from the `dxil-ops` API.
//!
//! Without names: a module declaring every function of every op for every scalar overload and
//! for vector overloads of widths 2, 3 and 4 (with `--dxil 1.x`, only what that version allows).
//! With names: the declaration of each given function name, or an error saying why it is not one.

use std::process::ExitCode;

use dxil_ops::{
    DxilVersion, FunctionName, OPS, OVERLOAD_TYPES, Overload, OverloadSet, Overloads, Precision,
    ScalarType, Signature, StructName,
    info::{OverloadKind, OverloadTypeInfo},
};

/// Example struct names for user-defined-struct and object overloads.
const UDT_EXAMPLE: &str = "struct.Payload";
const OBJECT_EXAMPLE: &str = "struct.Object";

/// A module of declarations: struct definitions, declarations, attribute groups.
#[derive(Default)]
pub struct Module(dxil_ops::module::Module);

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
            "; Declarations of dx.op functions, printed by `cargo xtask decls`.\n\n{}",
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

/// The declaration of one function name, and a warning when no op allows its overload.
pub fn one(name: &str, precision: Precision) -> Result<(Signature<'_>, Option<String>), String> {
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
    let sig = Signature::of(f, precision).map_err(|e| format!("`{name}`: {e}"))?;
    Ok((sig, warning))
}

/// `cargo xtask decls [--dxil V] [--min-precision] [NAME...]`.
pub fn run(
    dxil: Option<String>,
    min_precision: bool,
    names: Vec<String>,
) -> anyhow::Result<ExitCode> {
    let precision = if min_precision {
        Precision::Min
    } else {
        Precision::Native
    };
    if names.is_empty() {
        let v = match dxil {
            Some(s) => Some(
                dxil_ops::version::parse_dxil(&s)
                    .map_err(|e| anyhow::anyhow!("--dxil {s}: {e}"))?,
            ),
            None => None,
        };
        print!("{}", all(v).text());
        return Ok(ExitCode::SUCCESS);
    }
    let mut m = Module::default();
    let mut failed = false;
    for n in &names {
        match one(n, precision) {
            Ok((sig, warning)) => {
                if let Some(w) = warning {
                    eprintln!("warning: {w}");
                }
                m.add(&sig)
            }
            Err(e) => {
                eprintln!("error: {e}");
                failed = true;
            }
        }
    }
    print!("{}", m.text());
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llvm_as::assemble;

    #[dxil_test_data::needs(llvm_as)]
    #[test]
    fn every_declaration_assembles() {
        let m = all(None);
        println!("{} declarations", m.0.functions().len());
        assert!(m.0.functions().len() > 1000);
        if let Some(r) = assemble(&m.text()) {
            r.expect("llvm-as accepts every declaration");
        }
        for v in dxil_ops::DXIL_VERSIONS.iter() {
            let m = all(Some(v.dxil));
            if let Some(r) = assemble(&m.text()) {
                r.unwrap_or_else(|e| panic!("DXIL {}: {e}", v.dxil));
            }
        }
    }

    #[test]
    fn versions_restrict_declarations() {
        let v12 = all(Some(DxilVersion::new(1, 2)));
        let v13 = all(Some(DxilVersion::new(1, 3)));
        assert!(!v12.0.declares("dx.op.rawBufferLoad.f64"));
        assert!(v13.0.declares("dx.op.rawBufferLoad.f64"));
        assert!(!v13.0.declares("dx.op.unary.v4f32"));
        assert!(
            all(Some(DxilVersion::new(1, 9)))
                .0
                .declares("dx.op.unary.v4f32")
        );
    }

    #[test]
    fn undeclared_versions_are_refused() {
        for (v, hint) in [
            ("1.11", "1.10?"),
            ("6.6", "6.6 is a shader model; DXIL 1.6?"),
            ("2.0", "1.10?"),
        ] {
            let e = run(Some(v.to_owned()), false, Vec::new()).expect_err(v);
            assert!(e.to_string().starts_with(&format!("--dxil {v}: ")), "{e}");
            assert!(e.to_string().ends_with(hint), "{e}");
        }
    }

    #[test]
    fn names_give_declarations_or_say_why_not() {
        let (sig, warn) =
            one("dx.op.rawBufferVectorLoad.v17f32", Precision::Native).expect("valid");
        assert!(warn.is_none());
        assert_eq!(
            sig.declaration().to_string(),
            "declare %dx.types.ResRet.v17f32 @dx.op.rawBufferVectorLoad.v17f32(i32, %dx.types.Handle, i32, i32, i32)"
        );
        let e = one("dx.op.unary.q32", Precision::Native)
            .map(|_| ())
            .expect_err("bad overload");
        assert!(e.contains("`q32` is not an overload of class Unary"), "{e}");
        let e = one("dx.op.bogus", Precision::Native)
            .map(|_| ())
            .expect_err("bad stem");
        assert!(
            e.contains("no op class has the function-name stem `bogus`"),
            "{e}"
        );
        let e = one("llvm.sin.f32", Precision::Native)
            .map(|_| ())
            .expect_err("not dx.op");
        assert!(e.contains("does not start with `dx.op.`"), "{e}");
        let e = one("dx.op.sample", Precision::Native)
            .map(|_| ())
            .expect_err("missing overload");
        assert!(e.contains("needs an overload suffix"), "{e}");
        let e = one("dx.op.createHandle.f32", Precision::Native)
            .map(|_| ())
            .expect_err("extra");
        assert!(e.contains("has no overloads"), "{e}");
    }
}
