//! The metadata `dxil_ops::module::Module` writes against DXC's for a similar shader: the
//! pixel shader of `dxil-ops/examples/emit_pixel.rs` (a `Texture2D<float4>` and a
//! `SamplerState` in space 2, a `TEXCOORD` float2 input, an `SV_Target` float4 output,
//! `ps_6_0`) and the corpus container `sdl/80e2da92d1a683ad.dxil` that DXC compiled from
//! such a shader, read with `llvm-dis-14`. Their `!dx.version`, `!dx.shaderModel`,
//! `!dx.resources` and `!dx.entryPoints` trees are equal once references are followed, except
//! in what DXC's shader has and ours does not say: the resources' names (stripped by DXC) and
//! the types of their global symbols (the HLSL classes).
//!
//! Skipped without `../shared` (unless `DXIL_REQUIRE_SHARED` is set) or without `llvm-dis-14`
//! (unless `DXIL_REQUIRE_LLVM_AS` is set).

#![allow(clippy::panic, clippy::unwrap_used)]

mod common;
#[path = "../../dxil-ops/examples/emit_pixel.rs"]
mod emit_pixel;
#[path = "../../dxil-db/tests/common/shared.rs"]
mod shared;

use std::collections::HashMap;

use dxil_ops::DxilVersion;

/// The named metadata compared.
const NAMED: [&str; 4] = [
    "dx.version",
    "dx.shaderModel",
    "dx.resources",
    "dx.entryPoints",
];

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

    /// The trees of the compared named metadata, one line each, with the resources' names
    /// and symbol types left out.
    fn trees(&self) -> String {
        let mut out = String::new();
        for name in NAMED {
            let body = self.named.get(name).unwrap_or_else(|| panic!("no !{name}"));
            out.push_str(&format!("!{name} = {}\n", self.expand(body, 0)));
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
    let (theirs, ours_trees) = (metadata(&dis).trees(), metadata(&ours).trees());
    assert_eq!(
        ours_trees, theirs,
        "the metadata differs from DXC's\nours:\n{ours}\nDXC's (llvm-dis-14):\n{dis}"
    );
    // the comparison sees the records: 4 nodes of 11 fields with the signature elements
    assert!(theirs.contains("!\"TEXCOORD\", i8 9, i8 0"), "{theirs}");
}
