//! Versions the database does not declare are refused at every entry point of the runtime,
//! with the likely meaning: parsing, the builders (typed and dynamic), checked ops.

#![allow(clippy::panic, clippy::unwrap_used)] // a test fails by panicking

use dxil_ops::call::{Operand, build_dynamic};
use dxil_ops::{
    BuildError, CheckedOp, DxilVersion, Op, Overload, Overloads, ScalarType, Target, version,
};

#[test]
fn undeclared_versions_are_refused_everywhere() {
    let f32_ = Overload::Scalar(ScalarType::F32);
    for (v, hint) in [
        (DxilVersion::new(6, 6), "6.6 is a shader model; DXIL 1.6?"),
        (DxilVersion::new(1, 11), "(1.0 to 1.10); 1.10?"),
        (DxilVersion::new(1, 99), "(1.0 to 1.10); 1.10?"),
        (DxilVersion::new(2, 0), "(1.0 to 1.10); 1.10?"),
    ] {
        let t = Target::new(v);
        // typed builder
        let e = dxil_ops::build::raw_buffer_vector_load(
            &t,
            Overload::Vector(ScalarType::F32, 4),
            "%h",
            "0",
            "0",
            4,
        )
        .unwrap_err();
        assert!(matches!(e, BuildError::Version(_)), "{v}: {e}");
        assert!(e.to_string().ends_with(hint), "{v}: {e}");
        // dynamic builder
        let x = [Operand::Value("%x")];
        let e = build_dynamic(Op::Sin, &t, Overloads::one(f32_), &x).unwrap_err();
        assert!(e.to_string().ends_with(hint), "{v}: {e}");
        // checked op
        let e = CheckedOp::new(Op::Sin, f32_, v, None).unwrap_err();
        assert!(e.to_string().ends_with(hint), "{v}: {e}");
        // parsing
        let e = version::parse_dxil(&v.to_string()).unwrap_err();
        assert!(e.to_string().ends_with(hint), "{v}: {e}");
        assert!(!version::is_declared(v));
    }
    // declared versions pass
    for info in dxil_ops::DXIL_VERSIONS.iter() {
        assert_eq!(version::check_dxil(info.dxil), Ok(info.dxil));
        assert_eq!(
            version::check_shader_model(info.shader_model),
            Ok(info.shader_model)
        );
    }
    let e = version::parse_shader_model("1.6").unwrap_err();
    assert!(
        e.to_string()
            .ends_with("1.6 is a DXIL version; shader model 6.6?"),
        "{e}"
    );
}
