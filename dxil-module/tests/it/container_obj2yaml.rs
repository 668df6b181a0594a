//! Every container of the binary corpus read by our container reader and by LLVM's
//! (`llvm/lib/Object/DXContainer`, through `obj2yaml-19`, which prints what it reads as YAML):
//! the header, the part table, and each part LLVM 19 decodes (`DXIL`'s program header and
//! bitcode, `SFI0`, `ISG1`/`OSG1`/`PSG1`, `HASH`, `PSV0`) must give the same fields with the
//! same values. Where LLVM prints a name and we keep the number (system values, component
//! types, precisions, semantic kinds, interpolation modes), each of our numbers must go with
//! one name of LLVM's, and each name with one number, over all the files. The containers
//! `DXIL_MORE_CONTAINERS` names are compared too.
//!
//! LLVM 19 refuses a `PSV0` part that does not start at a multiple of 4 bytes ("Reading
//! structure out of file bounds"), as DXC and other writers leave it after a part whose size is
//! not one (an `OSG1` of 50 bytes): such a part is renamed in a copy of the container for LLVM,
//! which then reads the rest, and is counted (each such part is the one `dxil_module::assemble`
//! derives from the module, byte for byte: `assemble_corpus.rs`).

#![allow(clippy::panic)]

use std::collections::BTreeMap;
use std::process::Command;

use dxil_module::container::psv::{Psv, PsvElement, StageInfo, Words};
use dxil_module::container::{Container, FourCC, PartContent, Signature};

use crate::dxil_bin;

/// LLVM's tool that prints an object file, a DXBC container among them, as YAML.
const OBJ2YAML: &str = "obj2yaml-19";

/// The last version of PSV0's runtime information LLVM 19 knows.
const LLVM_PSV_VERSION: u32 = 3;

/// A field of ours whose value LLVM prints as a name: its kind (the bijection is per kind),
/// our number, and where LLVM's name is.
struct Named {
    kind: &'static str,
    number: u64,
    path: String,
}

/// The fields of one container as both readers are compared: paths (`Parts.3.Size`) to
/// values as `flatten` normalizes LLVM's, and the named fields.
#[derive(Default)]
struct Fields {
    values: BTreeMap<String, String>,
    named: Vec<Named>,
}

impl Fields {
    fn put(&mut self, path: &str, value: impl ToString) {
        self.values.insert(path.to_owned(), value.to_string());
    }

    fn name(&mut self, path: String, kind: &'static str, number: impl Into<u64>) {
        self.named.push(Named {
            kind,
            number: number.into(),
            path: path.clone(),
        });
        self.values.insert(path, String::from(NAMED));
    }
}

/// The value of a path whose value is compared through the bijection of names and numbers.
const NAMED: &str = "(named)";

/// The value of a path LLVM prints that the part does not store (LLVM's default): present on
/// both sides, its value not compared.
const NOT_STORED: &str = "(not stored)";

/// A list as `flatten` gives one: the items joined by commas.
fn list<T: ToString>(items: impl IntoIterator<Item = T>) -> String {
    items
        .into_iter()
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

fn words(w: Words<'_>) -> String {
    list(w.iter())
}

/// The fourcc a `PSV0` part LLVM 19 refuses (one not 4-byte aligned) is renamed to, so that
/// LLVM reads the rest.
const HIDDEN_PSV0: FourCC = FourCC(*b"psv0");

/// `container` with its `PSV0` part renamed [`HIDDEN_PSV0`] (a part LLVM does not decode),
/// if it has one: the same bytes otherwise, so every offset stays.
fn hide_psv0(c: &Container<'_>) -> Option<Vec<u8>> {
    let part = c.find(FourCC::PSV0)?;
    let mut bytes = c.bytes().to_vec();
    bytes
        .get_mut(part.offset..part.offset + 4)?
        .copy_from_slice(&HIDDEN_PSV0.0);
    Some(bytes)
}

/// `obj2yaml-19`'s YAML of the container `bytes` (written to `path` for it), or its error.
fn obj2yaml(path: &std::path::Path, bytes: &[u8]) -> Result<String, String> {
    std::fs::write(path, bytes).expect("write container");
    let out = Command::new(OBJ2YAML)
        .arg(path)
        .output()
        .expect("obj2yaml runs");
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).trim().to_owned());
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The fields of `container` that LLVM 19 reads, as we read them; with `psv0_hidden`, its
/// `PSV0` part is a part LLVM does not decode, named [`HIDDEN_PSV0`].
fn ours(c: &Container<'_>, psv0_hidden: bool) -> Fields {
    let mut f = Fields::default();
    let h = c.header();
    f.put("Header.Hash", list(h.digest));
    f.put("Header.Version.Major", h.major);
    f.put("Header.Version.Minor", h.minor);
    f.put("Header.FileSize", h.size);
    f.put("Header.PartCount", h.part_count);
    f.put("Header.PartOffsets", list(c.parts().map(|p| p.offset)));
    for (k, part) in c.parts().enumerate() {
        let at = format!("Parts.{k}");
        if psv0_hidden && part.fourcc == FourCC::PSV0 {
            f.put(&format!("{at}.Name"), HIDDEN_PSV0);
            f.put(&format!("{at}.Size"), part.data.len());
            continue;
        }
        f.put(&format!("{at}.Name"), part.fourcc);
        f.put(&format!("{at}.Size"), part.data.len());
        let content = c
            .decode(&part)
            .unwrap_or_else(|e| panic!("{}: {e}", part.fourcc));
        match (part.fourcc, content) {
            (FourCC::DXIL, PartContent::Program(p)) => {
                let at = format!("{at}.Program");
                let sm = p.shader_model();
                let dxil = p.dxil_version();
                f.put(&format!("{at}.MajorVersion"), sm.major);
                f.put(&format!("{at}.MinorVersion"), sm.minor);
                f.put(&format!("{at}.ShaderKind"), p.shader_kind_value());
                f.put(&format!("{at}.Size"), p.size_in_words);
                f.put(&format!("{at}.DXILMajorVersion"), dxil.major);
                f.put(&format!("{at}.DXILMinorVersion"), dxil.minor);
                f.put(&format!("{at}.DXILSize"), p.bitcode.len());
                f.put(&format!("{at}.DXIL"), list(p.bitcode));
            }
            // LLVM lists the flags of bits 0 to 31 in bit order, and only when one is set
            (FourCC::SFI0, PartContent::Features(sfi0)) if sfi0.bits & 0xFFFF_FFFF != 0 => {
                for bit in 0..32 {
                    let set = sfi0.bits & (1 << bit) != 0;
                    f.put(&format!("{at}.Flags.#{bit}"), set);
                }
            }
            (FourCC::ISG1 | FourCC::OSG1 | FourCC::PSG1, PartContent::Signature(s)) => {
                signature(&mut f, &at, &s)
            }
            (FourCC::HASH, PartContent::ShaderHash(hash)) => {
                f.put(&format!("{at}.Hash.IncludesSource"), hash.includes_source());
                f.put(&format!("{at}.Hash.Digest"), list(hash.digest));
            }
            (FourCC::PSV0, PartContent::Psv(psv)) => {
                self::psv(&mut f, &format!("{at}.PSVInfo"), &psv)
            }
            _ => {}
        }
    }
    f
}

fn signature(f: &mut Fields, at: &str, s: &Signature<'_>) {
    for (i, e) in s.elements().enumerate() {
        let at = format!("{at}.Signature.Parameters.{i}");
        f.put(&format!("{at}.Stream"), e.stream);
        f.put(&format!("{at}.Name"), e.semantic_name);
        f.put(&format!("{at}.Index"), e.semantic_index);
        f.name(format!("{at}.SystemValue"), "system value", e.system_value);
        f.name(format!("{at}.CompType"), "component type", e.component_type);
        f.put(&format!("{at}.Register"), e.register);
        f.put(&format!("{at}.Mask"), e.mask);
        f.put(&format!("{at}.ExclusiveMask"), e.rw_mask);
        f.name(
            format!("{at}.MinPrecision"),
            "min precision",
            e.min_precision,
        );
    }
    if s.is_empty() {
        f.put(&format!("{at}.Signature.Parameters"), "");
    }
}

fn psv(f: &mut Fields, at: &str, psv: &Psv<'_>) {
    let info = &psv.info;
    // LLVM 19 reads the runtime information up to version 3 (a later one's fields after
    // those of 3 are skipped by its size)
    f.put(
        &format!("{at}.Version"),
        psv.version().min(LLVM_PSV_VERSION),
    );
    if let Some(v1) = &info.v1 {
        f.put(&format!("{at}.ShaderStage"), v1.shader_stage);
    }
    match psv.stage_info() {
        StageInfo::Vertex {
            output_position_present,
        } => f.put(
            &format!("{at}.OutputPositionPresent"),
            output_position_present,
        ),
        StageInfo::Hull {
            input_control_points,
            output_control_points,
            tessellator_domain,
            tessellator_output_primitive,
        } => {
            f.put(
                &format!("{at}.InputControlPointCount"),
                input_control_points,
            );
            f.put(
                &format!("{at}.OutputControlPointCount"),
                output_control_points,
            );
            f.put(&format!("{at}.TessellatorDomain"), tessellator_domain);
            f.put(
                &format!("{at}.TessellatorOutputPrimitive"),
                tessellator_output_primitive,
            );
        }
        StageInfo::Domain {
            input_control_points,
            output_position_present,
            tessellator_domain,
        } => {
            f.put(
                &format!("{at}.InputControlPointCount"),
                input_control_points,
            );
            f.put(
                &format!("{at}.OutputPositionPresent"),
                output_position_present,
            );
            f.put(&format!("{at}.TessellatorDomain"), tessellator_domain);
        }
        StageInfo::Geometry {
            input_primitive,
            output_topology,
            output_stream_mask,
            output_position_present,
        } => {
            f.put(&format!("{at}.InputPrimitive"), input_primitive);
            f.put(&format!("{at}.OutputTopology"), output_topology);
            f.put(&format!("{at}.OutputStreamMask"), output_stream_mask);
            f.put(
                &format!("{at}.OutputPositionPresent"),
                output_position_present,
            );
        }
        StageInfo::Pixel {
            depth_output,
            sample_frequency,
        } => {
            f.put(&format!("{at}.DepthOutput"), depth_output);
            f.put(&format!("{at}.SampleFrequency"), sample_frequency);
        }
        StageInfo::Mesh {
            group_shared_bytes_used,
            group_shared_bytes_dependent_on_view_id,
            payload_size,
            max_output_vertices,
            max_output_primitives,
        } => {
            f.put(
                &format!("{at}.GroupSharedBytesUsed"),
                group_shared_bytes_used,
            );
            f.put(
                &format!("{at}.GroupSharedBytesDependentOnViewID"),
                group_shared_bytes_dependent_on_view_id,
            );
            f.put(&format!("{at}.PayloadSizeInBytes"), payload_size);
            f.put(&format!("{at}.MaxOutputVertices"), max_output_vertices);
            f.put(&format!("{at}.MaxOutputPrimitives"), max_output_primitives);
        }
        StageInfo::Amplification { payload_size } => {
            f.put(&format!("{at}.PayloadSizeInBytes"), payload_size);
        }
        StageInfo::None => {}
    }
    f.put(
        &format!("{at}.MinimumWaveLaneCount"),
        info.min_wave_lane_count,
    );
    f.put(
        &format!("{at}.MaximumWaveLaneCount"),
        info.max_wave_lane_count,
    );
    if let Some(v1) = &info.v1 {
        f.put(&format!("{at}.UsesViewID"), v1.uses_view_id);
        match psv.stage_info() {
            StageInfo::Geometry { .. } => {
                f.put(&format!("{at}.MaxVertexCount"), v1.max_vertex_count())
            }
            StageInfo::Hull { .. } | StageInfo::Domain { .. } => f.put(
                &format!("{at}.SigPatchConstOrPrimVectors"),
                v1.sig_patch_const_or_prim_vectors(),
            ),
            StageInfo::Mesh { .. } => {
                f.put(
                    &format!("{at}.SigPrimVectors"),
                    v1.sig_patch_const_or_prim_vectors(),
                );
                f.put(
                    &format!("{at}.MeshOutputTopology"),
                    v1.mesh_output_topology(),
                );
            }
            _ => {}
        }
        f.put(&format!("{at}.SigInputVectors"), v1.sig_input_vectors);
        f.put(
            &format!("{at}.SigOutputVectors"),
            list(v1.sig_output_vectors),
        );
    }
    if let Some([x, y, z]) = info.num_threads {
        f.put(&format!("{at}.NumThreadsX"), x);
        f.put(&format!("{at}.NumThreadsY"), y);
        f.put(&format!("{at}.NumThreadsZ"), z);
    }
    if info.entry_function_name.is_some() {
        f.put(
            &format!("{at}.EntryName"),
            psv.entry_function_name().unwrap_or(""),
        );
    }
    let mut resources = 0;
    for (i, r) in psv.resources().enumerate() {
        let at = format!("{at}.Resources.{i}");
        f.put(&format!("{at}.Type"), r.resource_type);
        f.put(&format!("{at}.Space"), r.space);
        f.put(&format!("{at}.LowerBound"), r.lower_bound);
        f.put(&format!("{at}.UpperBound"), r.upper_bound);
        if let Some(kind) = r.kind {
            f.put(&format!("{at}.Kind"), kind);
        }
        if let Some(flags) = r.flags {
            f.put(&format!("{at}.Flags"), flags);
        }
        resources += 1;
    }
    if resources == 0 {
        f.put(&format!("{at}.Resources"), "");
        // without resources the part stores no stride; LLVM prints its own
        f.values
            .insert(format!("{at}.ResourceStride"), String::from(NOT_STORED));
    } else {
        f.put(&format!("{at}.ResourceStride"), psv.resource_stride());
    }
    if info.v1.is_none() {
        return;
    }
    elements(f, &format!("{at}.SigInputElements"), psv.input_elements());
    elements(f, &format!("{at}.SigOutputElements"), psv.output_elements());
    elements(
        f,
        &format!("{at}.SigPatchOrPrimElements"),
        psv.patch_const_or_prim_elements(),
    );
    if info.v1.is_some_and(|v| v.uses_view_id != 0) {
        for (s, w) in psv.view_id_output_masks.iter().enumerate() {
            f.put(&format!("{at}.OutputVectorMasks.{s}"), words(*w));
        }
        if !psv.view_id_pc_or_prim_mask.is_empty() {
            f.put(
                &format!("{at}.PatchOrPrimMasks"),
                words(psv.view_id_pc_or_prim_mask),
            );
        }
    }
    for (s, t) in psv.input_to_output.iter().enumerate() {
        f.put(&format!("{at}.InputOutputMap.{s}"), words(t.words));
    }
    // the tables of hull and domain shaders (LLVM prints the stage's, empty or not)
    let stage = psv.stage_info();
    if matches!(stage, StageInfo::Hull { .. }) || !psv.input_to_pc_output.is_empty() {
        f.put(
            &format!("{at}.InputPatchMap"),
            words(psv.input_to_pc_output.words),
        );
    }
    if matches!(stage, StageInfo::Domain { .. }) || !psv.pc_input_to_output.is_empty() {
        f.put(
            &format!("{at}.PatchOutputMap"),
            words(psv.pc_input_to_output.words),
        );
    }
}

fn elements<'a>(f: &mut Fields, at: &str, elements: impl Iterator<Item = PsvElement<'a>>) {
    let mut n = 0;
    for (i, e) in elements.enumerate() {
        let at = format!("{at}.{i}");
        f.put(&format!("{at}.Name"), e.semantic_name);
        f.put(&format!("{at}.Indices"), words(e.semantic_indexes));
        f.put(&format!("{at}.StartRow"), e.start_row);
        f.put(&format!("{at}.Cols"), e.cols());
        f.put(&format!("{at}.StartCol"), e.start_col());
        f.put(&format!("{at}.Allocated"), e.is_allocated());
        f.name(format!("{at}.Kind"), "semantic kind", e.semantic_kind);
        f.name(
            format!("{at}.ComponentType"),
            "PSV component type",
            e.component_type,
        );
        f.name(
            format!("{at}.Interpolation"),
            "interpolation mode",
            e.interpolation_mode,
        );
        f.put(&format!("{at}.DynamicMask"), e.dynamic_index_mask());
        f.put(&format!("{at}.Stream"), e.output_stream());
        n += 1;
    }
    if n == 0 {
        f.put(at, "");
    }
}

/// A scalar of LLVM's YAML as we print ours: numbers (decimal or `0x` hex) in decimal, the
/// empty string `''` as nothing, the rest as it is.
fn scalar(s: &str) -> String {
    let s = s.trim();
    if s == "''" {
        return String::new();
    }
    if let Some(hex) = s.strip_prefix("0x")
        && let Ok(v) = u64::from_str_radix(hex, 16)
    {
        return v.to_string();
    }
    s.to_owned()
}

/// A value of LLVM's YAML: a scalar, or an inline list `[ a, b ]` as its items joined by
/// commas.
fn value(s: &str) -> String {
    match s.trim().strip_prefix('[').and_then(|s| s.strip_suffix(']')) {
        Some(items) => list(
            items
                .split(',')
                .map(str::trim)
                .filter(|i| !i.is_empty())
                .map(scalar),
        ),
        None => scalar(s),
    }
}

/// `obj2yaml`'s YAML (block mappings and sequences, inline lists that may span lines) as
/// paths to values: `Parts:` then `  - Name: SFI0` gives `Parts.0.Name`; a mapping or a
/// sequence without entries (`Resources: []`) is a path to nothing. The flags of `SFI0`
/// become `Flags.#BIT`, by their order.
fn flatten(yaml: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    // the open mappings and sequence items: the column of the line that opened each, its path
    let mut open: Vec<(usize, String)> = Vec::new();
    let mut next_item: BTreeMap<String, usize> = BTreeMap::new();
    let mut lines = yaml.lines().peekable();
    while let Some(line) = lines.next() {
        if line.starts_with("---") || line.starts_with("...") || line.trim().is_empty() {
            continue;
        }
        let mut column = line.len() - line.trim_start().len();
        let mut rest = line.trim_start();
        let mut item = None;
        if let Some(r) = rest.strip_prefix("- ") {
            while open.last().is_some_and(|(c, _)| *c >= column) {
                open.pop();
            }
            let parent = open.last().map_or(String::new(), |(_, p)| p.clone());
            let n = next_item.entry(parent.clone()).or_default();
            item = Some(format!("{parent}.{n}"));
            *n += 1;
            open.push((column, item.clone().unwrap_or_default()));
            rest = r;
            column += 2;
        }
        // an inline list may go on over the lines that follow
        let mut text = rest.to_owned();
        if text.contains('[') && !text.contains(']') {
            for more in lines.by_ref() {
                text.push(' ');
                text.push_str(more.trim());
                if more.contains(']') {
                    break;
                }
            }
        }
        let key_value = text
            .split_once(':')
            .filter(|(k, _)| !k.contains('[') && !k.contains(' '));
        let Some((key, val)) = key_value else {
            // a sequence item that is a value
            if let Some(path) = item {
                open.pop();
                out.insert(path.trim_start_matches('.').to_owned(), value(&text));
            }
            continue;
        };
        while open.last().is_some_and(|(c, _)| *c >= column) {
            open.pop();
        }
        let parent = open.last().map_or(String::new(), |(_, p)| p.clone());
        let key = if parent.ends_with(".Flags") {
            let n = next_item.entry(parent.clone()).or_default();
            *n += 1;
            format!("#{}", *n - 1)
        } else {
            key.to_owned()
        };
        let path = format!("{parent}.{key}");
        if val.trim().is_empty() {
            open.push((column, path));
        } else {
            out.insert(path.trim_start_matches('.').to_owned(), value(val));
        }
    }
    out
}

/// What LLVM printed for the paths we have, with the sections LLVM prints but we do not
/// fill (a container part it does not decode is its name and size alone).
fn compare(
    name: &str,
    ours: &Fields,
    llvm: &BTreeMap<String, String>,
    names: &mut BTreeMap<(&'static str, u64), String>,
    numbers: &mut BTreeMap<(&'static str, String), u64>,
    failures: &mut Vec<String>,
) {
    for (path, want) in &ours.values {
        match llvm.get(path) {
            None if want.is_empty() => {}
            None => failures.push(format!("{name}: {path}: ours {want}, LLVM has none")),
            Some(got) if want != NAMED && want != NOT_STORED && got != want => {
                failures.push(format!("{name}: {path}: ours {want}, LLVM's {got}"))
            }
            Some(_) => {}
        }
    }
    for (path, got) in llvm {
        let under_ours = ours.values.contains_key(path)
            || ours
                .values
                .range(format!("{path}.")..)
                .next()
                .is_some_and(|(p, _)| p.starts_with(&format!("{path}.")));
        if !under_ours {
            failures.push(format!("{name}: {path}: LLVM's {got}, ours has none"));
        }
    }
    for n in &ours.named {
        let Some(got) = llvm.get(&n.path) else {
            continue;
        };
        let name_of = names
            .entry((n.kind, n.number))
            .or_insert_with(|| got.clone());
        if name_of != got {
            failures.push(format!(
                "{name}: {}: our {} {} is LLVM's {got} here, {name_of} elsewhere",
                n.path, n.kind, n.number
            ));
        }
        let number_of = numbers.entry((n.kind, got.clone())).or_insert(n.number);
        if *number_of != n.number {
            failures.push(format!(
                "{name}: {}: LLVM's {} {got} is our {} here, {number_of} elsewhere",
                n.path, n.kind, n.number
            ));
        }
    }
}

#[dxil_test_data::needs(shared = "corpus/dxil-bin")]
#[dxil_test_data::needs(tool = "obj2yaml-19")]
#[test]
fn containers_read_as_llvm_reads_them() {
    let Some(mut files) = dxil_bin::containers() else {
        return;
    };
    files.extend(dxil_bin::more_containers());
    let dir = std::env::temp_dir().join(format!("dxil-obj2yaml-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let path = dir.join("c.dxil");
    let (mut same, mut refused) = (0, Vec::new());
    let mut failures = Vec::new();
    let (mut names, mut numbers) = (BTreeMap::new(), BTreeMap::new());
    for (name, bytes) in &files {
        let c = Container::parse(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        // LLVM 19 refuses a PSV0 part at an offset not a multiple of 4: the rest is compared
        let (yaml, psv0_hidden) = match obj2yaml(&path, bytes) {
            Ok(yaml) => (yaml, false),
            Err(e) => {
                let hidden = hide_psv0(&c).unwrap_or_else(|| panic!("{name}: LLVM 19: {e}"));
                let yaml = obj2yaml(&path, &hidden)
                    .unwrap_or_else(|e| panic!("{name} without PSV0: LLVM 19: {e}"));
                refused.push(format!("{name}: {e}"));
                (yaml, true)
            }
        };
        let before = failures.len();
        let ours = ours(&c, psv0_hidden);
        compare(
            name,
            &ours,
            &flatten(&yaml),
            &mut names,
            &mut numbers,
            &mut failures,
        );
        same += usize::from(failures.len() == before);
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!(
        "{same}/{} containers read as LLVM 19 reads them ({} of them without their PSV0, \
         which LLVM 19 refuses)",
        files.len(),
        refused.len()
    );
    for r in &refused {
        eprintln!("PSV0 refused by {OBJ2YAML}: {r}");
    }
    for ((kind, number), name) in &names {
        eprintln!("{kind} {number}: LLVM's {name}");
    }
    failures.truncate(40);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
