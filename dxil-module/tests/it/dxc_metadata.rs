//! The metadata `dxil_ops::module::Module` writes against DXC's for a similar shader: the
//! pixel shader of `dxil-ops/examples/emit_pixel.rs` (a `Texture2D<float4>` and a
//! `SamplerState` in space 2, a `TEXCOORD` float2 input, an `SV_Target` float4 output,
//! `ps_6_0`) and the corpus container `sdl/80e2da92d1a683ad.dxil` that DXC compiled from
//! such a shader, read with `llvm-dis-14`; and each shader of
//! `dxil-ops/examples/emit_stages.rs` (geometry, hull, domain, mesh, amplification, compute
//! with a wave size and a wave-size range, a node) and the corpus container whose interface
//! it declares. Their `!dx.version`, `!dx.valver`, `!dx.shaderModel`, `!dx.resources` and
//! `!dx.entryPoints` trees are equal once references are followed, except in what DXC's
//! shader has and ours does not say: the resources' names (stripped by DXC) and the types of
//! their global symbols (the HLSL classes). Of a library, the entry of the node is compared.
//! `!dx.viewIdState`, which the examples compute from their own code with
//! `dxil_module::assemble::viewid`, has the shape of DXC's (the same counts of inputs, outputs
//! and patch constants; the dependences are those of the examples' code). The named metadata
//! DXC writes that the module does not are only `!dx.typeAnnotations`. The container `dxil_module::assemble` makes
//! of each (but the library) has DXC's `SFI0`, `ISG1`, `OSG1` and `PSG1` parts, byte for
//! byte.
//!
//! Skipped without `../shared` (unless `DXIL_REQUIRE_SHARED` is set) or without `llvm-dis-14`
//! (unless `DXIL_REQUIRE_LLVM_AS` is set).

#![allow(clippy::panic, clippy::unwrap_used)]

use crate::common;
use crate::emit_pixel;
use crate::emit_stages;
use crate::shared;

use std::collections::HashMap;

use dxil_ops::DxilVersion;

/// The named metadata compared.
const NAMED: [&str; 5] = [
    "dx.version",
    "dx.valver",
    "dx.shaderModel",
    "dx.resources",
    "dx.entryPoints",
];

/// The named metadata of DXC that the module does not write: the type annotations (of the
/// HLSL types).
const NOT_WRITTEN: [&str; 1] = ["dx.typeAnnotations"];

/// The metadata of LLVM IR text: named metadata and numbered nodes, by name and number.
struct Md<'t> {
    named: HashMap<&'t str, &'t str>,
    nodes: HashMap<&'t str, &'t str>,
}

fn metadata(text: &str) -> Md<'_> {
    let mut md = Md {
        named: HashMap::new(),
        nodes: HashMap::new(),
    };
    for line in text.lines() {
        let Some((name, body)) = line.strip_prefix('!').and_then(|l| l.split_once(" = ")) else {
            continue;
        };
        let Some(body) = body.strip_prefix("!{").and_then(|b| b.strip_suffix('}')) else {
            continue;
        };
        if name.bytes().all(|b| b.is_ascii_digit()) {
            md.nodes.insert(name, body);
        } else {
            md.named.insert(name, body);
        }
    }
    md
}

impl Md<'_> {
    /// `body` with every node reference `!N` replaced by the node's expansion, `{...}`.
    fn expand(&self, body: &str, depth: usize) -> String {
        assert!(depth < 32, "metadata nested too deeply: {body}");
        let mut out = String::new();
        let mut rest = body;
        while let Some(i) = rest.find('!') {
            out.push_str(&rest[..i]);
            let after = &rest[i + 1..];
            let digits = after.bytes().take_while(u8::is_ascii_digit).count();
            if digits == 0 {
                out.push('!');
                rest = after;
                continue;
            }
            let node = self
                .nodes
                .get(&after[..digits])
                .unwrap_or_else(|| panic!("no node !{}", &after[..digits]));
            out.push('{');
            out.push_str(&self.expand(node, depth + 1));
            out.push('}');
            rest = &after[digits..];
        }
        out.push_str(rest);
        out
    }

    /// The trees of the named metadata `names` (`absent` for one the text does not have),
    /// one line each, with the resources' names and symbol types left out.
    fn trees(&self, names: &[&str]) -> String {
        let mut out = String::new();
        for name in names {
            let tree = match self.named.get(name) {
                Some(body) => self.expand(body, 0),
                None => "absent".to_owned(),
            };
            out.push_str(&format!("!{name} = {tree}\n"));
        }
        // a resource record: ID, `%TYPE* undef` (a type DXC quotes, with commas), NAME, ...
        while let Some(at) = out.find("* undef") {
            let start = out[..at].rfind('%').unwrap_or(at);
            out.replace_range(start..at + "* undef".len(), "SYMBOL");
        }
        let mut fields: Vec<String> = out.split(", ").map(str::to_owned).collect();
        for i in 1..fields.len() {
            if fields[i - 1] == "SYMBOL" {
                fields[i] = "NAME".to_owned();
            }
        }
        fields.join(", ")
    }
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin/sdl/80e2da92d1a683ad.dxil")]
#[dxil_test_data::needs(tool = "llvm-dis-14")]
#[test]
fn pixel_shader_metadata_is_dxcs() {
    let Some(file) = shared::shared_path("corpus/dxil-bin/sdl/80e2da92d1a683ad.dxil") else {
        return;
    };
    let data = std::fs::read(&file).expect("readable");
    let bitcode = common::dxil_bitcode(&data).expect("a DXIL part");
    let Some(dis) = common::llvm_dis(bitcode) else {
        return;
    };
    let dis = String::from_utf8(dis.unwrap()).expect("UTF-8");
    let ours = emit_pixel::pixel_shader(DxilVersion::new(1, 0)).unwrap();
    let (theirs, ours_trees) = (metadata(&dis).trees(&NAMED), metadata(&ours).trees(&NAMED));
    assert_eq!(
        ours_trees, theirs,
        "the metadata differs from DXC's\nours:\n{ours}\nDXC's (llvm-dis-14):\n{dis}"
    );
    same_parts_as_dxcs("ps", &ours, "sdl/80e2da92d1a683ad.dxil");
    // the comparison sees the records: 4 nodes of 11 fields with the signature elements
    assert!(theirs.contains("!\"TEXCOORD\", i8 9, i8 0"), "{theirs}");
}

impl Md<'_> {
    /// The tree of the entry of `!dx.entryPoints` whose function is `@function`.
    fn entry(&self, function: &str) -> String {
        let list = self.named.get("dx.entryPoints").expect("!dx.entryPoints");
        let prefix = format!("{{void ()* @{function}, ");
        let entries = self.expand(list, 0);
        let start = entries
            .find(&prefix)
            .unwrap_or_else(|| panic!("no entry @{function} in {entries}"));
        // the entry's braces, balanced
        let mut depth = 0;
        for (i, c) in entries[start..].char_indices() {
            depth += match c {
                '{' => 1,
                '}' => -1,
                _ => 0,
            };
            if depth == 0 {
                return entries[start..=start + i].to_owned();
            }
        }
        panic!("unbalanced braces in {entries}")
    }

    /// The names of the named metadata `dx.*`.
    fn dx_names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self
            .named
            .keys()
            .copied()
            .filter(|n| n.starts_with("dx."))
            .collect();
        names.sort_unstable();
        names
    }
}

/// The text of the corpus container `file` disassembled by `llvm-dis-14`; `None` when the
/// shared data or the tool is missing.
fn dxc_text(file: &str) -> Option<String> {
    let file = shared::shared_path(&format!("corpus/dxil-bin/{file}"))?;
    let data = std::fs::read(&file).expect("readable");
    let bitcode = common::dxil_bitcode(&data).expect("a DXIL part");
    let dis = common::llvm_dis(bitcode)?;
    Some(String::from_utf8(dis.unwrap()).expect("UTF-8"))
}

/// Compares the metadata of the stage `stage` of `emit_stages` with DXC's of `file`, the
/// container the example names.
fn compare_stage(stage: &str, file: &str) {
    let (_, named_file, make) = emit_stages::STAGES
        .iter()
        .find(|s| s.0 == stage)
        .unwrap_or_else(|| panic!("no stage {stage}"));
    assert_eq!(*named_file, file, "the example names another container");
    let Some(dis) = dxc_text(file) else {
        return;
    };
    let shader = make().unwrap_or_else(|e| panic!("{stage}: {e}"));
    let ours = shader.text().unwrap_or_else(|e| panic!("{stage}: {e}"));
    let (theirs_md, ours_md) = (metadata(&dis), metadata(&ours));
    let (theirs, ours_trees) = if shader.target.library {
        let names = ["dx.version", "dx.valver", "dx.shaderModel"];
        let entry = &shader.module.entry_point().expect("an entry").function;
        let with_entry = |md: &Md<'_>| format!("{}{}\n", md.trees(&names), md.entry(entry));
        (with_entry(&theirs_md), with_entry(&ours_md))
    } else {
        (theirs_md.trees(&NAMED), ours_md.trees(&NAMED))
    };
    assert_eq!(
        ours_trees, theirs,
        "{stage}: the metadata differs from DXC's\nours:\n{ours}\nDXC's (llvm-dis-14):\n{dis}"
    );
    // of a library, only one entry is compared: the others' resources are not declared
    let ours_names = ours_md.dx_names();
    for name in theirs_md.dx_names() {
        if shader.target.library && name == "dx.resources" {
            continue;
        }
        assert!(
            ours_names.contains(&name) || NOT_WRITTEN.contains(&name),
            "{stage}: DXC writes !{name}, the module does not"
        );
    }
    if !shader.target.library {
        same_parts_as_dxcs(stage, &ours, file);
        same_view_id_shape_as_dxcs(stage, &ours, &dis);
    }
    // the comparison sees the stage's properties
    let kind = shader.module.entry_point().expect("an entry").kind() as u32;
    assert!(
        theirs.contains(&format!("i32 {}, {{", stage_tag(kind))),
        "{stage}: no stage properties in {theirs}"
    );
}

/// Checks that the container `dxil_module::assemble` makes of `ours` has the feature flags and
/// signature parts of DXC's container `file`, byte for byte: they are derived from the
/// metadata alone. (`PSV0` is derived too, but its view-ID tables come from the code, and the
/// examples' code is not DXC's.)
fn same_parts_as_dxcs(stage: &str, ours: &str, file: &str) {
    use dxil_module::container::{Container, FourCC};
    let module = dxil_module::text::parse(ours.as_bytes()).expect("our text reads");
    let bytes = dxil_module::assemble::container(&module).expect("the module assembles");
    let path = shared::shared_path(&format!("corpus/dxil-bin/{file}")).expect("checked");
    let data = std::fs::read(path).expect("readable");
    let (theirs, ours) = (
        Container::parse(&data).expect("DXC's container"),
        Container::parse(&bytes).expect("our container"),
    );
    for part in [*b"SFI0", *b"ISG1", *b"OSG1", *b"PSG1"] {
        let data = |c: &Container<'_>| c.find(FourCC(part)).map(|p| p.data.to_vec());
        assert_eq!(
            data(&ours),
            data(&theirs),
            "{stage}: part {} differs from DXC's",
            String::from_utf8_lossy(&part)
        );
    }
}

/// Checks that the view-ID state the example writes (computed from its own code) has the shape
/// of DXC's: both or neither written, the same input, output and patch-constant counts (they
/// follow from the signatures); the dependences follow from the code, which is not DXC's.
fn same_view_id_shape_as_dxcs(stage: &str, ours: &str, dis: &str) {
    use dxil_module::assemble::viewid::{ViewIdState, recorded_words};
    let read = |text: &str| {
        let m = dxil_module::text::parse(text.as_bytes()).expect("the text reads");
        let model = dxil_module::dxil::shader_model(&m).unwrap().unwrap();
        let kind = model.stage().expect("a stage");
        let entry = dxil_module::dxil::entry_points(&m).next().unwrap().unwrap();
        let flags = entry.properties().unwrap().shader_flags().unwrap();
        let view_id = flags.is_some_and(|f| f & (1 << 21) != 0);
        recorded_words(&m).map(|w| {
            let s = ViewIdState::from_words(kind, view_id, &w).expect("DXC's layout");
            (s.input_scalars, s.output_scalars, s.pc_scalars)
        })
    };
    assert_eq!(
        read(ours),
        read(dis),
        "{stage}: the view-ID state has another shape than DXC's"
    );
}

/// The tag of a stage's properties, for the check that the comparison covers them: the
/// state of a geometry (1), domain (2), hull (3), mesh (9) or amplification (10) shader, the
/// thread-group size (4) of compute and node shaders.
fn stage_tag(kind: u32) -> u32 {
    match kind {
        2 => 1,
        3 => 3,
        4 => 2,
        13 => 9,
        14 => 10,
        _ => 4,
    }
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin/vkd3d-proton/854a48a18096bfcf.dxil")]
#[dxil_test_data::needs(tool = "llvm-dis-14")]
#[test]
fn geometry_shader_metadata_is_dxcs() {
    compare_stage("gs", "vkd3d-proton/854a48a18096bfcf.dxil");
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin/vkd3d-proton/4bbef6691f35ff33.dxil")]
#[dxil_test_data::needs(tool = "llvm-dis-14")]
#[test]
fn hull_shader_metadata_is_dxcs() {
    compare_stage("hs", "vkd3d-proton/4bbef6691f35ff33.dxil");
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin/vkd3d-proton/05f4a54f9f34d03d.dxil")]
#[dxil_test_data::needs(tool = "llvm-dis-14")]
#[test]
fn domain_shader_metadata_is_dxcs() {
    compare_stage("ds", "vkd3d-proton/05f4a54f9f34d03d.dxil");
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin/vkd3d-proton/2bdc1b37703296c8.dxil")]
#[dxil_test_data::needs(tool = "llvm-dis-14")]
#[test]
fn mesh_shader_metadata_is_dxcs() {
    compare_stage("ms", "vkd3d-proton/2bdc1b37703296c8.dxil");
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin/vkd3d-proton/2a326b0a61f9beb9.dxil")]
#[dxil_test_data::needs(tool = "llvm-dis-14")]
#[test]
fn amplification_shader_metadata_is_dxcs() {
    compare_stage("as", "vkd3d-proton/2a326b0a61f9beb9.dxil");
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin/vkd3d-proton/ab3c658ea6b539f1.dxil")]
#[dxil_test_data::needs(tool = "llvm-dis-14")]
#[test]
fn compute_wave_size_metadata_is_dxcs() {
    compare_stage("cs66", "vkd3d-proton/ab3c658ea6b539f1.dxil");
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin/vkd3d-proton/0db8732b77732185.dxil")]
#[dxil_test_data::needs(tool = "llvm-dis-14")]
#[test]
fn compute_wave_size_range_metadata_is_dxcs() {
    compare_stage("cs68", "vkd3d-proton/0db8732b77732185.dxil");
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin/vkd3d-proton/0a8c81da1a531af4.dxil")]
#[dxil_test_data::needs(tool = "llvm-dis-14")]
#[test]
fn node_metadata_is_dxcs() {
    compare_stage("node", "vkd3d-proton/0a8c81da1a531af4.dxil");
}
