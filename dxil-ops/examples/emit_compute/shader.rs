//! The compute shader of the example `emit_compute`: written with the typed builders and the
//! module writer of `dxil-ops` alone (the xtask test includes this file).

use std::fmt::Write as _;

use dxil_ops::build;
use dxil_ops::enums::{ComponentType, ResourceClass, ResourceKind, SignedOpKind, WaveOpKind};
use dxil_ops::module::{Module, metadata};
use dxil_ops::resource::{ResourceBinding, ResourceProperties, UavFlags};
use dxil_ops::{DxilVersion, Overload, ScalarType, ShaderKind, Target};

/// The module's text.
pub fn compute_shader() -> Result<String, Box<dyn std::error::Error>> {
    let target = Target::new(DxilVersion::new(1, 6)).with_stage(ShaderKind::Compute);
    let f32_ = Overload::Scalar(ScalarType::F32);
    let i32_ = Overload::Scalar(ScalarType::I32);
    let mut m = Module::new();
    let mut body = String::new();
    // Each call goes on its own line of the body; the module declares its function.
    macro_rules! emit {
        ($result:expr, $call:expr) => {{
            body.push_str("  ");
            m.write_call(&mut body, $result, &$call?)?;
            body.push('\n');
        }};
    }

    // RWBuffer<float> at u0, space 0.
    let bind = ResourceBinding::new(ResourceClass::UAV, 0, 0, 0).encode()?;
    let props = ResourceProperties::typed(ResourceKind::TypedBuffer, ComponentType::F32, 1)
        .uav(UavFlags::default())
        .encode()?;
    emit!(
        Some("bind"),
        build::create_handle_from_binding(&target, bind, "0", false)
    );
    emit!(Some("buf"), build::annotate_handle(&target, "%bind", props));

    // x = buf[thread id]
    emit!(Some("tid"), build::thread_id(&target, i32_, "0"));
    emit!(
        Some("ld"),
        build::buffer_load(&target, f32_, "%buf", "%tid", "undef")
    );
    body.push_str("  %x = extractvalue %dx.types.ResRet.f32 %ld, 0\n");

    // y = sin(x) * cos(x) + x, summed over the wave
    emit!(Some("s"), build::sin(&target, f32_, "%x"));
    emit!(Some("c"), build::cos(&target, f32_, "%x"));
    emit!(Some("y"), build::f_mad(&target, f32_, "%s", "%c", "%x"));
    emit!(
        Some("sum"),
        build::wave_active_op(&target, f32_, "%y", WaveOpKind::Sum, SignedOpKind::Signed)
    );

    // buf[thread id] = sum (a void call: no result name)
    emit!(
        None,
        build::buffer_store(
            &target, f32_, "%buf", "%tid", "undef", "%sum", "%sum", "%sum", "%sum", "15"
        )
    );

    let mut text = String::new();
    writeln!(text, "{}", m.types())?;
    writeln!(text, "define void @main() {{\n{body}  ret void\n}}\n")?;
    writeln!(text, "{}", m.declarations())?;
    write!(text, "{}", metadata(&target, 0)?)?;
    // the entry point: main, with [numthreads(64, 1, 1)]
    writeln!(text, "!dx.entryPoints = !{{!2}}")?;
    writeln!(text, "!2 = !{{void ()* @main, !\"main\", null, null, !3}}")?;
    writeln!(text, "!3 = !{{i32 4, !4}}")?;
    writeln!(text, "!4 = !{{i32 64, i32 1, i32 1}}")?;
    Ok(text)
}
