//! The part `PSV0`: what the runtime checks a pipeline against without reading the bitcode.
//!
//! In order, each section starting where the one before ends:
//!
//! - the size of the runtime information (`u32`) and the runtime information
//!   ([`RuntimeInfo`]; its size tells the version: 24, 36, 48, 52 or 56 bytes for versions 0
//!   to 4);
//! - the resource count (`u32`) and, when it is not 0, the record size (`u32`) and the
//!   resource binding records ([`ResourceBinding`]: 16 bytes, 24 from version 2);
//!
//! and from version 1 on:
//!
//! - the size of the string table (`u32`) and the table (NUL-terminated strings);
//! - the number of entries of the index table (`u32`) and the entries (`u32` each);
//! - when there are signature elements, the record size (`u32`) and the element records
//!   ([`PsvElement`], 16 bytes): the inputs, then the outputs, then the patch-constant or
//!   primitive elements;
//! - when the shader uses the view ID: for each output stream with vectors, a mask of the
//!   output components that depend on it, and one for the patch-constant (hull) or primitive
//!   (mesh) outputs when there are such vectors;
//! - for each output stream with vectors, when there are input vectors: for each input
//!   component, the mask of the output components it affects; the same from the inputs to the
//!   patch-constant outputs (hull) and from the patch-constant inputs to the outputs (domain).
//!
//! Masks take one bit per component, rounded up to whole `u32`s ([`mask_words`]).

mod runtime;
mod tables;

pub use runtime::{RUNTIME_INFO_SIZES, RuntimeInfo, RuntimeInfo1, StageInfo};
pub use tables::{DependenceTable, PsvElement, ResourceBinding, Words, mask_words};

use super::bytes::{Reader, c_string, table_bytes};
use super::error::{Error, ErrorKind};
use tables::Records;

/// Size of the smallest resource binding record.
const RESOURCE_RECORD_MIN: u32 = 16;
/// Size of the signature element record.
const ELEMENT_RECORD_MIN: u32 = 16;
/// Where the entry function name is in the runtime information (version 3).
const ENTRY_NAME_FIELD: usize = 48;
/// Shader kinds whose tables differ (DXIL's `ShaderKind` numbers).
const HULL: u32 = 3;
const DOMAIN: u32 = 4;
const MESH: u32 = 13;

/// A `PSV0` part, checked: every section, record, string and index is inside the part.
#[derive(Clone, Copy, Debug)]
pub struct Psv<'a> {
    /// The runtime information.
    pub info: RuntimeInfo,
    /// Bytes of the runtime information after the last version it holds in full (a later
    /// version's fields).
    pub info_extra: &'a [u8],
    /// The stage the part describes (DXIL's `ShaderKind` number): the runtime information's
    /// own from version 1, else the program's, if the caller knew it.
    pub stage: Option<u32>,
    resources: Records<'a>,
    /// The string table (version 1 on).
    pub string_table: &'a [u8],
    /// The index table (version 1 on).
    pub index_table: Words<'a>,
    elements: Records<'a>,
    /// Per output stream, the output components that depend on the view ID.
    pub view_id_output_masks: [Words<'a>; 4],
    /// The patch-constant (hull) or primitive (mesh) output components that depend on the
    /// view ID.
    pub view_id_pc_or_prim_mask: Words<'a>,
    /// Per output stream, the output components each input component affects.
    pub input_to_output: [DependenceTable<'a>; 4],
    /// The patch-constant output components each input component affects (hull).
    pub input_to_pc_output: DependenceTable<'a>,
    /// The output components each patch-constant input component affects (domain).
    pub pc_input_to_output: DependenceTable<'a>,
    /// Bytes after the last section.
    pub trailing: &'a [u8],
}

impl<'a> Psv<'a> {
    /// Reads the `PSV0` part `data`, which starts at byte `base` of the input. `stage` is the
    /// program's shader kind number, which version 0 needs to read its per-stage fields.
    pub fn parse(data: &'a [u8], base: usize, stage: Option<u32>) -> Result<Psv<'a>, Error> {
        let mut r = Reader::new(data, base);
        let size_at = r.offset();
        let info_size = r.u32("a runtime information size")?;
        if info_size < RUNTIME_INFO_SIZES[0] {
            return Err(Error::invalid(
                size_at,
                "the PSV0 runtime information size",
                info_size.into(),
                format!("at least {}", RUNTIME_INFO_SIZES[0]),
            ));
        }
        let info_at = r.offset();
        let info_bytes = r.take(info_size.into(), "runtime information")?;
        // the largest version that fits; what follows it is kept as bytes
        let known = RUNTIME_INFO_SIZES
            .iter()
            .map(|&n| n as usize)
            .filter(|&n| n <= info_bytes.len())
            .max()
            .unwrap_or(0);
        let info = RuntimeInfo::parse(&info_bytes[..known], info_at)?;
        let info_extra = &info_bytes[known..];
        let stage = info.v1.map(|v1| u32::from(v1.shader_stage)).or(stage);

        let resource_count = r.u32("a resource count")?;
        let resources = if resource_count > 0 {
            records(
                &mut r,
                resource_count,
                RESOURCE_RECORD_MIN,
                "resource bindings",
            )?
        } else {
            Records::default()
        };
        let mut psv = Psv {
            info,
            info_extra,
            stage,
            resources,
            string_table: &[],
            index_table: Words::default(),
            elements: Records::default(),
            view_id_output_masks: [Words::default(); 4],
            view_id_pc_or_prim_mask: Words::default(),
            input_to_output: [DependenceTable::default(); 4],
            input_to_pc_output: DependenceTable::default(),
            pc_input_to_output: DependenceTable::default(),
            trailing: &[],
        };
        for i in 0..resource_count {
            ResourceBinding::read(psv.resources.record(i)?)?;
        }
        if let Some(v1) = info.v1 {
            psv.read_v1_sections(&mut r, v1)?;
        }
        if let Some(name) = info.entry_function_name {
            psv.string(name).ok_or(Error::new(
                info_at + ENTRY_NAME_FIELD,
                ErrorKind::BadString {
                    what: "the entry function name",
                },
            ))?;
        }
        psv.trailing = r.rest();
        Ok(psv)
    }

    fn read_v1_sections(&mut self, r: &mut Reader<'a>, v1: RuntimeInfo1) -> Result<(), Error> {
        let size = r.u32("a string table size")?;
        self.string_table = r.take(size.into(), "a string table")?;
        let entries = r.u32("an index table size")?;
        self.index_table = Words::new(r.take(table_bytes(entries, 4), "an index table")?);
        let count = v1.sig_elements();
        if count > 0 {
            self.elements = records(r, count, ELEMENT_RECORD_MIN, "signature elements")?;
            for i in 0..count {
                PsvElement::read(
                    self.elements.record(i)?,
                    self.string_table,
                    self.index_table,
                )?;
            }
        }
        let stage = self.stage.unwrap_or(u32::MAX);
        let pc_vectors = u32::from(v1.sig_patch_const_or_prim_vectors());
        let inputs = u32::from(v1.sig_input_vectors);
        let outputs = v1.sig_output_vectors.map(u32::from);
        let words = |r: &mut Reader<'a>, n: u32, what| -> Result<Words<'a>, Error> {
            Ok(Words::new(r.take(table_bytes(n, 4), what)?))
        };
        if v1.uses_view_id != 0 {
            for (mask, &vectors) in self.view_id_output_masks.iter_mut().zip(&outputs) {
                *mask = words(r, mask_words(vectors), "a view-ID output mask")?;
            }
            if pc_vectors > 0 && (stage == HULL || stage == MESH) {
                self.view_id_pc_or_prim_mask =
                    words(r, mask_words(pc_vectors), "a view-ID patch-constant mask")?;
            }
        }
        let table = |r: &mut Reader<'a>, inputs: u32, outputs: u32, what| {
            let n = mask_words(outputs) * inputs * 4;
            Ok::<_, Error>(DependenceTable {
                inputs,
                outputs,
                words: words(r, n, what)?,
            })
        };
        for (t, &vectors) in self.input_to_output.iter_mut().zip(&outputs) {
            if inputs > 0 && vectors > 0 {
                *t = table(r, inputs, vectors, "an input-to-output table")?;
            }
        }
        if stage == HULL && inputs > 0 && pc_vectors > 0 {
            self.input_to_pc_output =
                table(r, inputs, pc_vectors, "an input-to-patch-constant table")?;
        }
        if stage == DOMAIN && outputs[0] > 0 && pc_vectors > 0 {
            self.pc_input_to_output = table(
                r,
                pc_vectors,
                outputs[0],
                "a patch-constant-to-output table",
            )?;
        }
        Ok(())
    }

    /// The PSV0 version of the runtime information (0 to 4).
    pub fn version(&self) -> u32 {
        self.info.version()
    }

    /// The per-stage fields, read for [`Psv::stage`] ([`StageInfo::None`] when unknown).
    pub fn stage_info(&self) -> StageInfo {
        self.info.stage_info(self.stage.unwrap_or(u32::MAX))
    }

    /// The string at byte `offset` of the string table.
    pub fn string(&self, offset: u32) -> Option<&'a str> {
        c_string(self.string_table, offset)
    }

    /// The entry function's name (version 3 on).
    pub fn entry_function_name(&self) -> Option<&'a str> {
        self.string(self.info.entry_function_name?)
    }

    /// Size of a resource binding record (0 without resources).
    pub fn resource_stride(&self) -> u32 {
        self.resources.stride
    }

    /// The resource bindings.
    pub fn resources(&self) -> impl Iterator<Item = ResourceBinding> + '_ {
        // each record was read once by `parse`, so none is left out
        (0..self.resources.count)
            .filter_map(|i| ResourceBinding::read(self.resources.record(i).ok()?).ok())
    }

    /// Size of a signature element record (0 without elements).
    pub fn element_stride(&self) -> u32 {
        self.elements.stride
    }

    /// The input signature elements.
    pub fn input_elements(&self) -> impl Iterator<Item = PsvElement<'a>> + '_ {
        let n = self.info.v1.map_or(0, |v| u32::from(v.sig_input_elements));
        self.elements_in(0, n)
    }

    /// The output signature elements.
    pub fn output_elements(&self) -> impl Iterator<Item = PsvElement<'a>> + '_ {
        let (first, n) = self.info.v1.map_or((0, 0), |v| {
            (
                u32::from(v.sig_input_elements),
                u32::from(v.sig_output_elements),
            )
        });
        self.elements_in(first, n)
    }

    /// The patch-constant or primitive signature elements.
    pub fn patch_const_or_prim_elements(&self) -> impl Iterator<Item = PsvElement<'a>> + '_ {
        let (first, n) = self.info.v1.map_or((0, 0), |v| {
            (
                u32::from(v.sig_input_elements) + u32::from(v.sig_output_elements),
                u32::from(v.sig_patch_const_or_prim_elements),
            )
        });
        self.elements_in(first, n)
    }

    fn elements_in(&self, first: u32, n: u32) -> impl Iterator<Item = PsvElement<'a>> + '_ {
        // each record was read once by `parse`, so none is left out
        (first..first + n).filter_map(|i| {
            PsvElement::read(
                self.elements.record(i).ok()?,
                self.string_table,
                self.index_table,
            )
            .ok()
        })
    }
}

/// A record table: its record size (`u32`, at least `min`) and `count` records.
fn records<'a>(
    r: &mut Reader<'a>,
    count: u32,
    min: u32,
    what: &'static str,
) -> Result<Records<'a>, Error> {
    let stride_at = r.offset();
    let stride = r.u32("a record size")?;
    if stride < min {
        return Err(Error::invalid(
            stride_at,
            "a PSV0 record size",
            stride.into(),
            format!("at least {min}"),
        ));
    }
    let base = r.offset();
    let data = r.take(table_bytes(count, stride), what)?;
    Ok(Records {
        data,
        base,
        stride,
        count,
    })
}
