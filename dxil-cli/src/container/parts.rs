//! The report of each decoded part but PSV0, RTS0 and RDAT.

use std::fmt::Write;

use dxil_module::container::{
    FourCC, PartContent, ProgramHeader, Signature, hex, mask_letters, name_or_number,
};
use dxil_module::container::{MinPrecision, SigComponentType, SystemValue};

use crate::table::Table;

/// Appends the report of part `fourcc`'s content to `out`.
pub fn write(out: &mut String, fourcc: FourCC, content: &PartContent<'_>) {
    match content {
        PartContent::Program(p) => program(out, fourcc, p),
        PartContent::Features(f) => {
            let flags = if f.flags().is_empty() {
                "none".to_owned()
            } else {
                f.flags().to_string()
            };
            let _ = write!(out, "{fourcc}: features: {flags}");
            if f.unknown_bits() != 0 {
                let _ = write!(out, " and unknown bits {:#x}", f.unknown_bits());
            }
            out.push('\n');
        }
        PartContent::Signature(s) => signature(out, fourcc, s),
        PartContent::Psv(p) => super::psv::write(out, fourcc, p),
        PartContent::RootSignature(rs) => super::rts0::write(out, fourcc, rs),
        PartContent::RuntimeData(rdat) => super::rdat::write(out, fourcc, rdat),
        PartContent::ShaderHash(h) => {
            let covers = if h.includes_source() {
                "the source"
            } else {
                "the program"
            };
            let _ = writeln!(
                out,
                "{fourcc}: shader hash {} (flags {:#x}: of {covers})",
                hex(&h.digest),
                h.flags
            );
        }
        PartContent::DebugName(d) => {
            let _ = writeln!(out, "{fourcc}: debug name {}", d.name);
        }
        PartContent::CompilerVersion(v) => {
            let _ = writeln!(
                out,
                "{fourcc}: compiler {}.{}, commit {} ({} commits), version {:?}, flags {:#x}",
                v.major, v.minor, v.commit, v.commit_count, v.version, v.flags
            );
        }
        PartContent::Bytes(b) => {
            let _ = writeln!(out, "{fourcc}: kept as bytes ({} bytes)", b.len());
        }
        _ => {
            let _ = writeln!(out, "{fourcc}: decoded");
        }
    }
}

fn program(out: &mut String, fourcc: FourCC, p: &ProgramHeader<'_>) {
    let kind = p.shader_kind().map_or_else(
        || format!("shader kind {}", p.shader_kind_value()),
        |k| k.name().to_owned(),
    );
    let _ = writeln!(
        out,
        "{fourcc}: program: {kind}, shader model {}, DXIL {}, bitcode at byte {} ({} bytes)",
        p.shader_model(),
        p.dxil_version(),
        p.bitcode_start,
        p.bitcode.len()
    );
}

fn signature(out: &mut String, fourcc: FourCC, s: &Signature<'_>) {
    let what = fourcc.describe().unwrap_or("signature");
    let n = s.len();
    let _ = writeln!(
        out,
        "{fourcc}: {what}, {n} element{}",
        if n == 1 { "" } else { "s" }
    );
    if s.is_empty() {
        return;
    }
    let mut table = Table::new(&[
        "name",
        "index",
        "register",
        "mask",
        "rw",
        "system value",
        "type",
        "precision",
        "stream",
    ]);
    for e in s.elements() {
        table.row(vec![
            e.semantic_name.to_owned(),
            e.semantic_index.to_string(),
            e.register.to_string(),
            mask_letters(e.mask),
            mask_letters(e.rw_mask),
            name_or_number(e.system_value, SystemValue::from_value),
            name_or_number(e.component_type, SigComponentType::from_value),
            name_or_number(e.min_precision, MinPrecision::from_value),
            e.stream.to_string(),
        ]);
    }
    table.write(out);
}
