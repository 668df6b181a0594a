//! The generated signature tables and LLVM instruction table. The signature-point table and
//! every cell of the semantic-interpretation table are checked against the tables of the DXIL
//! specification (`../shared/seeds/000_*.txt`, "Shader Parameters and Signatures"), read here
//! from its text.

#![allow(clippy::panic)] // a test fails by panicking

use crate::shared;

use dxil_ops::enums::{
    PackingKind, SemanticInterpretationKind, SemanticKind, ShaderKind, SigPointKind, SignatureKind,
};
use dxil_ops::tables::{self, LLVM_INSTRUCTIONS, SIG_POINTS};
use dxil_ops::{ScalarType, ShaderModel};

/// The text of the specification, or `None` (the test skips) when the shared data is missing.
fn spec() -> Option<String> {
    let path = shared::shared_path("seeds/000_77818e1510d81a90.txt")?;
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read the specification {}: {e}", path.display()));
    Some(text)
}

/// The rows of the reStructuredText table between `.. NAME:BEGIN` and `.. NAME:END`, each cut
/// into its cells by the columns of the `===` border.
fn rst_table(text: &str, name: &str) -> Vec<Vec<String>> {
    let begin = format!(".. {name}:BEGIN");
    let end = format!(".. {name}:END");
    let body: Vec<&str> = text
        .lines()
        .skip_while(|l| l.trim() != begin)
        .skip(1)
        .take_while(|l| l.trim() != end)
        .filter(|l| !l.trim().is_empty())
        .collect();
    let border = body
        .iter()
        .find(|l| l.starts_with('='))
        .unwrap_or_else(|| panic!("{name}: no table"));
    let mut starts = Vec::new();
    let mut prev = b' ';
    for (i, b) in border.bytes().enumerate() {
        if b == b'=' && prev == b' ' {
            starts.push(i);
        }
        prev = b;
    }
    body.iter()
        .filter(|l| !l.starts_with('='))
        .map(|l| {
            (0..starts.len())
                .map(|c| {
                    let from = starts[c].min(l.len());
                    let to = starts.get(c + 1).map_or(l.len(), |n| (*n).min(l.len()));
                    l[from..to].trim().to_owned()
                })
                .collect()
        })
        .collect()
}

/// `Shadow _41` → (`Shadow`, 4.1).
fn cell(text: &str) -> (&str, Option<ShaderModel>) {
    match text.split_once(" _") {
        None => (text, None),
        Some((kind, sm)) => {
            let b = sm.as_bytes();
            assert_eq!(b.len(), 2, "shader model `{sm}`");
            (kind, Some(ShaderModel::new(b[0] - b'0', b[1] - b'0')))
        }
    }
}

#[test]
fn every_signature_point_has_its_row() {
    assert_eq!(SIG_POINTS.len(), SigPointKind::ALL.len());
    for kind in SigPointKind::ALL {
        assert_eq!(tables::sig_point(kind).kind, kind);
    }
    let pc = tables::sig_point(SigPointKind::PCIn);
    assert_eq!(pc.related, Some(SigPointKind::HSCPIn));
    assert_eq!(pc.shader_kind, Some(ShaderKind::Hull));
    assert_eq!(pc.packing, PackingKind::None);
    assert_eq!(pc.signature, SignatureKind::Invalid);
    assert_eq!(
        tables::sig_point(SigPointKind::GSIn).related,
        Some(SigPointKind::GSVIn)
    );
    assert_eq!(
        tables::sig_point(SigPointKind::PSOut).packing,
        PackingKind::Target
    );
    assert!(!tables::sig_point(SigPointKind::MSPOut).doc.is_empty());
}

#[dxil_test_data::needs(shared = "seeds/000_77818e1510d81a90.txt")]
#[test]
fn signature_point_table_agrees_with_the_specification() {
    let Some(spec) = spec() else {
        return;
    };
    let rows = rst_table(&spec, "SIGPOINT-RST");
    let (mut agree, mut total) = (0, 0);
    for row in rows.iter().skip(1) {
        let [id, name, related, shader_kind, packing, signature, _doc] = row.as_slice() else {
            panic!("row {row:?}");
        };
        let kind = SigPointKind::from_name(name).unwrap_or_else(|| panic!("{name}"));
        let r = tables::sig_point(kind);
        let cells = [
            (kind.value().to_string(), id.clone()),
            (
                r.related.map_or("Invalid", SigPointKind::name).to_owned(),
                related.clone(),
            ),
            (
                r.shader_kind
                    .map_or("Invalid", ShaderKind::dxil_name)
                    .to_owned(),
                shader_kind.clone(),
            ),
            (r.packing.name().to_owned(), packing.clone()),
            (r.signature.name().to_owned(), signature.clone()),
        ];
        for (ours, spec) in cells {
            total += 1;
            assert_eq!(ours, spec, "{name}");
            agree += 1;
        }
    }
    println!("{agree}/{total} signature-point cells agree with the specification");
    assert_eq!(
        rows.len() - 1,
        SigPointKind::ALL.len() - 1,
        "every point but Invalid"
    );
}

#[dxil_test_data::needs(shared = "seeds/000_77818e1510d81a90.txt")]
#[test]
fn every_interpretation_cell_agrees_with_the_specification() {
    let Some(spec) = spec() else {
        return;
    };
    let rows = rst_table(&spec, "SEMINT-TABLE-RST");
    let header = &rows[0];
    let points: Vec<SigPointKind> = header[1..]
        .iter()
        .map(|p| SigPointKind::from_name(p).unwrap_or_else(|| panic!("{p}")))
        .collect();
    let mut cells = 0;
    for row in &rows[1..] {
        let semantic = SemanticKind::from_name(&row[0]).unwrap_or_else(|| panic!("{}", row[0]));
        for (point, text) in points.iter().zip(&row[1..]) {
            let (kind, sm) = cell(text);
            let ours = tables::interpretation(semantic, *point);
            assert_eq!(ours.kind.name(), kind, "{semantic} at {point}");
            assert_eq!(ours.min_shader_model, sm, "{semantic} at {point}");
            cells += 1;
        }
    }
    println!("{cells}/{cells} semantic-interpretation cells agree with the specification");
    assert_eq!(cells, 33 * 20);
    // What the specification leaves out is not available: the Invalid semantic and point.
    for kind in SigPointKind::ALL {
        let i = tables::interpretation(SemanticKind::Invalid, kind);
        assert_eq!(i.kind, SemanticInterpretationKind::NA);
    }
    for s in SemanticKind::ALL {
        assert_eq!(
            tables::interpretation(s, SigPointKind::Invalid).kind,
            SemanticInterpretationKind::NA
        );
    }
}

#[test]
fn interpretations_need_their_shader_model() {
    use SemanticInterpretationKind::{NA, NotInSig, NotPacked, SV, Shadow};
    let at = |s, p, major, minor| tables::interpretation_at(s, p, ShaderModel::new(major, minor));
    assert_eq!(at(SemanticKind::ViewID, SigPointKind::VSIn, 6, 0), NA);
    assert_eq!(at(SemanticKind::ViewID, SigPointKind::VSIn, 6, 1), NotInSig);
    assert_eq!(at(SemanticKind::SampleIndex, SigPointKind::PSIn, 4, 0), NA);
    assert_eq!(
        at(SemanticKind::SampleIndex, SigPointKind::PSIn, 4, 1),
        Shadow
    );
    assert_eq!(
        at(SemanticKind::Depth, SigPointKind::PSOut, 4, 0),
        NotPacked
    );
    assert_eq!(at(SemanticKind::Position, SigPointKind::VSOut, 6, 0), SV);
    assert_eq!(
        at(SemanticKind::StartVertexLocation, SigPointKind::VSIn, 6, 7),
        NA
    );
    assert_eq!(
        at(SemanticKind::StartVertexLocation, SigPointKind::VSIn, 6, 8),
        NotInSig
    );
}

#[test]
fn llvm_instructions_by_opcode_and_by_name() {
    assert_eq!(LLVM_INSTRUCTIONS.len(), 58);
    for i in &LLVM_INSTRUCTIONS {
        assert_eq!(tables::llvm_instruction(i.opcode), Some(i));
        assert_eq!(tables::llvm_instruction_by_name(i.name), Some(i));
    }
    assert!(
        LLVM_INSTRUCTIONS
            .windows(2)
            .all(|w| w[0].opcode < w[1].opcode)
    );
    assert_eq!(tables::llvm_instruction(0), None);
    assert_eq!(tables::llvm_instruction(58), None); // InsertValue is not in the table
    assert_eq!(tables::llvm_instruction(u32::MAX), None);
    assert_eq!(tables::llvm_instruction_by_name("NoSuchInst"), None);

    let fadd = tables::llvm_instruction_by_name("FAdd").expect("FAdd");
    assert!(
        fadd.allowed && fadd.allows_scalar(ScalarType::F32) && !fadd.allows_scalar(ScalarType::I32)
    );
    assert_eq!(fadd.overloads.letters().to_string(), "hfd");
    let ret = tables::llvm_instruction(1).expect("ret");
    assert!(ret.allows_void() && ret.allows_scalar(ScalarType::I1));
    assert!(!fadd.allows_void());
    let not_allowed: Vec<&str> = LLVM_INSTRUCTIONS
        .iter()
        .filter(|i| !i.allowed)
        .map(|i| i.name)
        .collect();
    assert!(not_allowed.contains(&"IndirectBr") && not_allowed.contains(&"Fence"));
}

#[test]
fn convergent_ops_are_the_derivatives() {
    // DXC's OP::IsDxilOpConvergent: the explicit derivatives (opcodes 83 to 86)
    let v = dxil_ops::DxilVersion::new(1, 6);
    let convergent: Vec<&str> = dxil_ops::Op::ALL
        .iter()
        .filter(|o| o.attributes_at(v).contains(dxil_ops::Attribute::Convergent))
        .map(|o| o.name())
        .collect();
    assert_eq!(
        convergent,
        ["DerivCoarseX", "DerivCoarseY", "DerivFineX", "DerivFineY"]
    );
}
