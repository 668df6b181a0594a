//! Prints a complete pixel shader as LLVM IR text, written entirely through the module API:
//! a `Texture2D<float4>` at `t0` and a `SamplerState` at `s0` (space 2), one input
//! (`TEXCOORD`, a linearly interpolated `float2`) and one output (`SV_Target`, a `float4`);
//! it samples the texture at the coordinate and writes the color. The module declares the
//! entry point, the signatures and the resources and writes their metadata; the handles it
//! makes are typed, so the texture and the sampler cannot be swapped in `sample`.
//!
//! ```sh
//! cargo run -p dxil-ops --example emit_pixel > ps.ll        # DXIL 1.0, ps_6_0 (createHandle)
//! cargo run -p dxil-ops --example emit_pixel -- 1.6 > ps.ll # createHandleFromBinding
//! llvm-as-14 ps.ll -o /dev/null && cargo xtask lint ps.ll
//! ```

use dxil_ops::build;
use dxil_ops::enums::{
    ComponentType, InterpolationMode, ResourceClass, ResourceKind, SemanticKind,
};
use dxil_ops::handle::{Sampler, Srv};
use dxil_ops::module::{Element, EntryPoint, Module, Resource, Stage};
use dxil_ops::resource::{ResourceBinding, ResourceProperties};
use dxil_ops::{DxilVersion, Overload, ScalarType, ShaderKind, Target};

/// The module's text at DXIL version `dxil`.
pub fn pixel_shader(dxil: DxilVersion) -> Result<String, Box<dyn std::error::Error>> {
    let target = Target::new(dxil).with_stage(ShaderKind::Pixel);
    let f32_ = Overload::Scalar(ScalarType::F32);
    let mut m = Module::new();

    // what the shader is: its entry point, signatures and resources
    m.set_entry_point(EntryPoint::new("main", Stage::Pixel));
    // for the validator of DXC 1.9 (`!dx.valver`), as the corpus container `dxc_metadata`
    // compares with
    m.set_validator_version(DxilVersion::new(1, 9));
    let uv = m.add_input(
        Element::new("TEXCOORD", ComponentType::F32, 1, 2).interpolation(InterpolationMode::Linear),
    )?;
    let color = m.add_output(Element::system(
        SemanticKind::Target,
        ComponentType::F32,
        1,
        4,
    ))?;
    let tex: Resource<Srv> = m.declare_resource(
        "tex",
        ResourceProperties::typed(ResourceKind::Texture2D, ComponentType::F32, 4),
        ResourceBinding::new(ResourceClass::SRV, 0, 0, 2),
    )?;
    let smp: Resource<Sampler> = m.declare_resource(
        "smp",
        ResourceProperties::sampler(false),
        ResourceBinding::new(ResourceClass::Sampler, 0, 0, 2),
    )?;
    let (uv, color) = (uv.to_string(), color.to_string());

    let mut body = String::new();
    // Each call goes on its own line of the body; the module declares its function.
    macro_rules! emit {
        ($result:expr, $call:expr) => {{
            body.push_str("  ");
            m.write_call(&mut body, $result, &$call?)?;
            body.push('\n');
        }};
    }
    // the handles, typed by class: `sample` takes `tex` only as its texture
    let tex = m.write_handle(&mut body, &target, "%tex", &tex, None, false)?;
    let smp = m.write_handle(&mut body, &target, "%smp", &smp, None, false)?;

    // color = tex.Sample(smp, uv)
    emit!(
        Some("u"),
        build::load_input(&target, f32_, uv.as_str(), "0", "0", "undef")
    );
    emit!(
        Some("v"),
        build::load_input(&target, f32_, uv.as_str(), "0", "1", "undef")
    );
    emit!(
        Some("s"),
        build::sample(
            &target, f32_, tex, smp, "%u", "%v", "undef", "undef", "0", "0", "undef", "undef"
        )
    );
    for c in 0..4 {
        body.push_str(&format!(
            "  %c{c} = extractvalue %dx.types.ResRet.f32 %s, {c}\n"
        ));
    }
    for (c, col) in ["0", "1", "2", "3"].iter().enumerate() {
        let value = format!("%c{c}");
        emit!(
            None,
            build::store_output(&target, f32_, color.as_str(), "0", col, value.as_str())
        );
    }

    let mut text = String::new();
    text.push_str(&format!("{}\n", m.types()));
    text.push_str(&format!("define void @main() {{\n{body}  ret void\n}}\n\n"));
    text.push_str(&format!("{}\n", m.declarations()));
    text.push_str(&m.metadata(&target, 0)?.to_string());
    Ok(text)
}

#[allow(dead_code)] // the tests include this file for `pixel_shader`
fn main() -> std::process::ExitCode {
    let version = std::env::args().nth(1).unwrap_or_else(|| "1.0".to_owned());
    let result = DxilVersion::parse(&version)
        .map_err(|e| e.to_string().into())
        .and_then(pixel_shader);
    match result {
        Ok(text) => {
            print!("{text}");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
