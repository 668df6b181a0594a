//! The report of a root signature (`RTS0`): its version and flags, a row per root parameter
//! (a descriptor table's ranges in rows of their own under it) and a row per static sampler.

use std::fmt::Write;

use dxil_module::container::root_signature::{
    DESCRIPTOR_RANGE_FLAGS, ParameterKind, ROOT_DESCRIPTOR_FLAGS, ROOT_SIGNATURE_FLAGS,
    SAMPLER_FLAGS, filter_name, flag_names,
};
use dxil_module::container::{
    ComparisonFunc, DescriptorRangeType, FourCC, RootParameterType, RootSignature,
    ShaderVisibility, StaticBorderColor, TextureAddressMode, name_or_number,
};

use crate::table::Table;

/// Appends the report of the root signature `rs` of part `fourcc` to `out`.
pub fn write(out: &mut String, fourcc: FourCC, rs: &RootSignature<'_>) {
    let _ = writeln!(
        out,
        "{fourcc}: root signature {}, flags: {}",
        rs.version_name(),
        flag_names(rs.flags, ROOT_SIGNATURE_FLAGS)
    );
    let n = rs.parameter_count();
    let _ = writeln!(out, "  parameters: {n}");
    if n > 0 {
        let mut table = Table::new(&[
            "  #",
            "binds",
            "visibility",
            "register",
            "space",
            "count",
            "offset",
            "flags",
        ]);
        for (i, p) in rs.parameters().enumerate() {
            let visibility = name_or_number(p.visibility, ShaderVisibility::from_value);
            let row = match p.kind {
                ParameterKind::Table(t) => {
                    let what = format!("table of {} range{}", t.len(), plural(t.len()));
                    table.row(vec![format!("  {i}"), what, visibility]);
                    for r in t.ranges() {
                        let letter = DescriptorRangeType::from_value(r.range_type)
                            .map_or("?", register_letter);
                        table.row(vec![
                            String::new(),
                            format!(
                                "  {}",
                                name_or_number(r.range_type, DescriptorRangeType::from_value)
                            ),
                            String::new(),
                            format!("{letter}{}", r.base_register),
                            r.space.to_string(),
                            count(r.count),
                            offset(r.offset_in_table),
                            r.flags.map_or_else(String::new, |f| {
                                flag_names(f, DESCRIPTOR_RANGE_FLAGS)
                            }),
                        ]);
                    }
                    continue;
                }
                ParameterKind::Constants {
                    register,
                    space,
                    values,
                } => vec![
                    format!("  {i}"),
                    String::from("constants"),
                    visibility,
                    format!("b{register}"),
                    space.to_string(),
                    values.to_string(),
                ],
                ParameterKind::Descriptor {
                    view,
                    register,
                    space,
                    flags,
                } => {
                    let letter = match view {
                        RootParameterType::Srv => "t",
                        RootParameterType::Uav => "u",
                        _ => "b",
                    };
                    vec![
                        format!("  {i}"),
                        view.to_string(),
                        visibility,
                        format!("{letter}{register}"),
                        space.to_string(),
                        String::new(),
                        String::new(),
                        flags.map_or_else(String::new, |f| flag_names(f, ROOT_DESCRIPTOR_FLAGS)),
                    ]
                }
            };
            table.row(row);
        }
        table.write(out);
    }
    let n = rs.sampler_count();
    let _ = writeln!(out, "  static samplers: {n}");
    if n == 0 {
        return;
    }
    let mut table = Table::new(&[
        "  register",
        "space",
        "visibility",
        "filter",
        "address u, v, w",
        "mip bias",
        "anisotropy",
        "comparison",
        "border",
        "lod",
        "flags",
    ]);
    for s in rs.samplers() {
        table.row(vec![
            format!("  s{}", s.register),
            s.space.to_string(),
            name_or_number(s.visibility, ShaderVisibility::from_value),
            filter_name(s.filter).unwrap_or_else(|| format!("{:#x}", s.filter)),
            s.address
                .iter()
                .map(|&a| name_or_number(a, TextureAddressMode::from_value))
                .collect::<Vec<_>>()
                .join(", "),
            s.mip_lod_bias.to_string(),
            s.max_anisotropy.to_string(),
            name_or_number(s.comparison, ComparisonFunc::from_value),
            name_or_number(s.border_color, StaticBorderColor::from_value),
            format!("{} to {}", s.min_lod, s.max_lod),
            s.flags
                .map_or_else(String::new, |f| flag_names(f, SAMPLER_FLAGS)),
        ]);
    }
    table.write(out);
}

/// The register letter of a range's descriptors.
fn register_letter(t: DescriptorRangeType) -> &'static str {
    match t {
        DescriptorRangeType::Srv => "t",
        DescriptorRangeType::Uav => "u",
        DescriptorRangeType::Cbv => "b",
        _ => "s",
    }
}

/// A descriptor count (`u32::MAX`: unbounded).
fn count(n: u32) -> String {
    if n == u32::MAX {
        String::from("unbounded")
    } else {
        n.to_string()
    }
}

/// A range's offset in its table (`u32::MAX`: right after the previous range).
fn offset(n: u32) -> String {
    if n == u32::MAX {
        String::from("append")
    } else {
        n.to_string()
    }
}

fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}
