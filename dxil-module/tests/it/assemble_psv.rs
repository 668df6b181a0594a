//! The runtime information of the `PSV0` part `dxil_module::assemble` writes, by validator
//! version: version 3 (52 bytes) before validator 1.10, version 4 (56 bytes) from it, which
//! adds the bytes of groupshared memory the entry point uses, as DXC writes it (the corpus has
//! no such container; vkd3d-proton's shaders built for validator 1.10 have it).

use dxil_module::assemble;
use dxil_module::container::{FourCC, Psv};
use dxil_module::text;

/// A compute shader of 8 x 1 x 1 threads with 128 + 12 bytes of groupshared memory, at
/// validator version 1.`minor`.
fn module(minor: u32) -> String {
    format!(
        r#"@tile = internal addrspace(3) global [8 x [4 x float]] undef, align 4
@count = internal addrspace(3) global [3 x i32] undef, align 4

define void @main() {{
  ret void
}}
!dx.version = !{{!0}}
!dx.valver = !{{!1}}
!dx.shaderModel = !{{!2}}
!dx.entryPoints = !{{!3}}
!0 = !{{i32 1, i32 0}}
!1 = !{{i32 1, i32 {minor}}}
!2 = !{{!"cs", i32 6, i32 0}}
!3 = !{{void ()* @main, !"main", null, null, !4}}
!4 = !{{i32 4, !5}}
!5 = !{{i32 8, i32 1, i32 1}}
"#
    )
}

/// The `PSV0` part assembled at validator version 1.`minor`.
fn psv_part(minor: u32) -> Vec<u8> {
    let m = text::parse(module(minor).as_bytes()).expect("valid");
    let parts = assemble::parts(&m, &[]).expect("parts");
    parts
        .into_iter()
        .find(|(c, _)| *c == FourCC::PSV0)
        .map(|(_, data)| data)
        .expect("a PSV0 part")
}

#[test]
fn groupshared_bytes_from_validator_1_10() {
    for (minor, version, size, shared) in [(9, 3, 52, None), (10, 4, 56, Some(140))] {
        let data = psv_part(minor);
        let size_field = u32::from_le_bytes(data[..4].try_into().expect("4 bytes"));
        let p = Psv::parse(&data, 0, None).expect("readable");
        assert_eq!(
            (
                p.version(),
                size_field,
                p.info.num_bytes_group_shared_memory
            ),
            (version, size, shared),
            "validator 1.{minor}"
        );
        assert_eq!(p.info.num_threads, Some([8, 1, 1]));
        assert_eq!(p.entry_function_name(), Some("main"));
        assert!(p.info_extra.is_empty() && p.trailing.is_empty());
        // what is read writes back the same
        let mut again = Vec::new();
        p.info.write(&mut again);
        assert_eq!(again[..], data[..again.len()]);
    }
}
