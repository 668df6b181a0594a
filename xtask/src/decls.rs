//! `cargo xtask decls`: the declarations of `dx.op` functions, printed by the code of
//! `dxil decls` (`dxil_cli::decls`).

use dxil_cli::decls::*;
use dxil_ops::{DxilVersion, Precision};

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
            let e = version(v).expect_err(v);
            assert!(e.to_string().starts_with(&format!("--dxil {v}: ")), "{e}");
            assert!(e.to_string().ends_with(hint), "{e}");
        }
    }

    #[test]
    fn names_give_declarations_or_say_why_not() {
        let (sig, warn) =
            one("dx.op.rawBufferVectorLoad.v17f32", Precision::Native, None).expect("valid");
        assert!(warn.is_none());
        assert_eq!(
            sig.declaration().to_string(),
            "declare %dx.types.ResRet.v17f32 @dx.op.rawBufferVectorLoad.v17f32(i32, %dx.types.Handle, i32, i32, i32)"
        );
        let e = one("dx.op.unary.q32", Precision::Native, None)
            .map(|_| ())
            .expect_err("bad overload");
        assert!(e.contains("`q32` is not an overload of class Unary"), "{e}");
        let e = one("dx.op.bogus", Precision::Native, None)
            .map(|_| ())
            .expect_err("bad stem");
        assert!(
            e.contains("no op class has the function-name stem `bogus`"),
            "{e}"
        );
        let e = one("llvm.sin.f32", Precision::Native, None)
            .map(|_| ())
            .expect_err("not dx.op");
        assert!(e.contains("does not start with `dx.op.`"), "{e}");
        let e = one("dx.op.sample", Precision::Native, None)
            .map(|_| ())
            .expect_err("missing overload");
        assert!(e.contains("needs an overload suffix"), "{e}");
        let e = one("dx.op.createHandle.f32", Precision::Native, None)
            .map(|_| ())
            .expect_err("extra");
        assert!(e.contains("has no overloads"), "{e}");
    }

    #[test]
    fn names_at_a_version_are_those_it_has() {
        let v = |minor| Some(DxilVersion::new(1, minor));
        let e = one("dx.op.rawBufferVectorLoad.v4f32", Precision::Native, v(8))
            .map(|_| ())
            .expect_err("introduced in DXIL 1.9");
        assert!(e.starts_with("`dx.op.rawBufferVectorLoad.v4f32`: "), "{e}");
        assert!(e.contains("introduced in DXIL 1.9"), "{e}");
        one("dx.op.rawBufferVectorLoad.v4f32", Precision::Native, v(9)).expect("DXIL 1.9");
        // a class of many ops: one of them at the version is enough
        one("dx.op.unary.f32", Precision::Native, v(0)).expect("Sin is DXIL 1.0");
        // an overload a later version allows
        let e = one("dx.op.unary.v4f32", Precision::Native, v(8))
            .map(|_| ())
            .expect_err("vector overloads are DXIL 1.9");
        assert!(e.contains("v4f32"), "{e}");
        one("dx.op.unary.v4f32", Precision::Native, v(9)).expect("DXIL 1.9");
        // what the module of a version declares, a name at that version gives, and no more
        // (library ops among them, and the overloads `all` takes as examples)
        let names = [
            "dx.op.rawBufferLoad.f64",
            "dx.op.annotateHandle",
            "dx.op.callShader.struct.Payload",
            "dx.op.createHandleForLib.struct.Object",
            "dx.op.unary.v3f32",
        ];
        for minor in [0, 2, 3, 5, 6, 8, 9] {
            let m = all(v(minor));
            for name in names {
                assert_eq!(
                    one(name, Precision::Native, v(minor)).is_ok(),
                    m.0.declares(name),
                    "{name} at DXIL 1.{minor}"
                );
            }
        }
        // and every function the module of a version declares is one of that version's
        for version in dxil_ops::DXIL_VERSIONS.iter().map(|d| d.dxil) {
            let m = all(Some(version));
            for name in m.0.functions() {
                if let Err(e) = one(name, Precision::Native, Some(version)) {
                    panic!("DXIL {version}: {e}");
                }
            }
        }
    }
}
