//! The part `RDAT`: the runtime data DXC writes for libraries (and, from validator 1.8, for
//! every shader): the functions the runtime can call, the resources each uses, and the
//! subobjects of a raytracing pipeline.
//!
//! The part is a header (version `0x10`, a part count and a table of offsets from the part's
//! start), then the sub-parts, each a type and a size followed by its data: a buffer of
//! NUL-terminated strings (type 1), a pool of index arrays (type 2: `u32`s, an array being a
//! count followed by that many indexes), a pool of raw bytes (type 5), and record tables (a
//! record count and a record stride, then the records), among them the resources (type 3,
//! [`RdatResource`]), the functions (type 4, [`RdatFunction`]), the subobjects (type 6,
//! [`RdatSubobject`]) and the node tables of work graphs (types 7 to 11: a node shader
//! ([`RdatNodeShader`]), its attributes ([`NodeFunctionAttribute`]), its inputs and outputs
//! ([`RdatIoNode`]) with theirs ([`IoNodeAttribute`]), node ids ([`RdatNodeId`])). Records refer to
//! strings by offset, to index arrays by index, and to other records by index; `u32::MAX` is
//! no reference. A table's stride may be longer than the fields a reader knows (later
//! versions append fields) or shorter (earlier versions): fields past the stride read as 0.
//!
//! [`Rdat::parse`] checks the header, every sub-part's place and size, and every table's
//! records against its sub-part; the records' references are checked when they are followed,
//! and a bad one is an [`Error`] with the byte offset of the field that holds it.

use super::bytes::{Reader, c_string, table_bytes};
use super::error::Error;
use super::psv::Words;
use super::root_signature::RootSignature;

/// The version of the format DXC writes (1.0).
pub const RDAT_VERSION: u32 = 0x10;

/// No reference.
const NULL_REF: u32 = u32::MAX;

/// DXIL's `ShaderKind` number of node shaders.
const NODE_SHADER_KIND: u32 = 15;

/// Sub-part types.
pub mod part_type {
    /// NUL-terminated strings.
    pub const STRING_BUFFER: u32 = 1;
    /// Index arrays.
    pub const INDEX_ARRAYS: u32 = 2;
    /// Resource records.
    pub const RESOURCE_TABLE: u32 = 3;
    /// Function records.
    pub const FUNCTION_TABLE: u32 = 4;
    /// Raw bytes.
    pub const RAW_BYTES: u32 = 5;
    /// Subobject records.
    pub const SUBOBJECT_TABLE: u32 = 6;
    /// Node ids (work graphs).
    pub const NODE_ID_TABLE: u32 = 7;
    /// Node input and output attributes.
    pub const NODE_SHADER_IO_ATTRIB_TABLE: u32 = 8;
    /// Node shader function attributes.
    pub const NODE_SHADER_FUNC_ATTRIB_TABLE: u32 = 9;
    /// Node inputs and outputs.
    pub const IO_NODE_TABLE: u32 = 10;
    /// Node shaders.
    pub const NODE_SHADER_INFO_TABLE: u32 = 11;

    /// The name of a sub-part type.
    pub fn name(t: u32) -> Option<&'static str> {
        Some(match t {
            STRING_BUFFER => "strings",
            INDEX_ARRAYS => "index arrays",
            RESOURCE_TABLE => "resources",
            FUNCTION_TABLE => "functions",
            RAW_BYTES => "raw bytes",
            SUBOBJECT_TABLE => "subobjects",
            NODE_ID_TABLE => "node ids",
            NODE_SHADER_IO_ATTRIB_TABLE => "node input and output attributes",
            NODE_SHADER_FUNC_ATTRIB_TABLE => "node function attributes",
            IO_NODE_TABLE => "node inputs and outputs",
            NODE_SHADER_INFO_TABLE => "node shaders",
            _ => return None,
        })
    }

    /// Whether sub-parts of type `t` are record tables (every known type but the string
    /// buffer, the index arrays and the raw bytes; DXC's experimental types 12 to 21 and its
    /// PDB information tables too).
    pub fn is_table(t: u32) -> bool {
        !matches!(t, 0 | STRING_BUFFER | INDEX_ARRAYS | RAW_BYTES)
    }
}

/// The runtime data (`RDAT`).
#[derive(Clone, Copy, Debug)]
pub struct Rdat<'a> {
    data: &'a [u8],
    base: usize,
    /// The format's version ([`RDAT_VERSION`]).
    pub version: u32,
    count: u32,
    /// The position of the first sub-part of each known type (`NO_PART` for none), so that
    /// following a reference takes no search, whatever the number of sub-parts.
    first: [u32; KNOWN_TYPES],
}

/// The known sub-part types are below this.
const KNOWN_TYPES: usize = 12;

/// No sub-part of that type.
const NO_PART: u32 = u32::MAX;

/// A sub-part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RdatPart<'a> {
    /// Byte offset of its header (type and size) in the input.
    pub offset: usize,
    /// Its type (see [`part_type`]).
    pub part_type: u32,
    /// Its data.
    pub data: &'a [u8],
}

impl<'a> RdatPart<'a> {
    /// Its records, when its type is a table's ([`part_type::is_table`]).
    pub fn table(&self) -> Option<RecordTable<'a>> {
        if !part_type::is_table(self.part_type) {
            return None;
        }
        self.table_or_error().ok()
    }

    /// Its records: the count and stride, then as many records.
    fn table_or_error(&self) -> Result<RecordTable<'a>, Error> {
        let mut r = Reader::new(self.data, self.offset + 8);
        let count = r.u32("a record count")?;
        let stride_at = r.offset();
        let stride = r.u32("a record stride")?;
        // records of 4-byte fields: a table of records without bytes would let a count of
        // 2^32 cost nothing to store
        if count > 0 && (stride == 0 || stride % 4 != 0) {
            return Err(Error::invalid(
                stride_at,
                "a record stride",
                stride.into(),
                "a multiple of 4 bytes, not 0",
            ));
        }
        let base = r.offset();
        let records = r.take(table_bytes(count, stride), "records")?;
        Ok(RecordTable {
            part_type: self.part_type,
            count,
            stride,
            records,
            base,
        })
    }
}

/// A record table: `count` records of `stride` bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordTable<'a> {
    /// Its sub-part's type.
    pub part_type: u32,
    /// Number of records.
    pub count: u32,
    /// Bytes per record.
    pub stride: u32,
    records: &'a [u8],
    base: usize,
}

impl<'a> RecordTable<'a> {
    /// The records' bytes, one after the other.
    pub fn bytes(&self) -> &'a [u8] {
        self.records
    }

    /// Record `index`'s bytes.
    pub fn record(&self, index: u32) -> Option<&'a [u8]> {
        let start = usize::try_from(u64::from(index) * u64::from(self.stride)).ok()?;
        self.records
            .get(start..start.checked_add(self.stride as usize)?)
    }

    /// Byte offset in the input of the first record.
    pub fn offset(&self) -> usize {
        self.base
    }
}

/// A record of a table: its fields read as `u32`s, those past the stride as 0.
#[derive(Clone, Copy, Debug)]
struct Fields<'a> {
    bytes: &'a [u8],
    base: usize,
}

impl Fields<'_> {
    fn u32(&self, index: usize) -> u32 {
        super::bytes::u32_at(self.bytes, index).unwrap_or(0)
    }

    fn u8(&self, at: usize) -> u8 {
        self.bytes.get(at).copied().unwrap_or(0)
    }

    /// Byte offset in the input of word `index`.
    fn at(&self, index: usize) -> usize {
        self.base + 4 * index
    }
}

/// A resource the functions use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RdatResource<'a> {
    /// Byte offset of its record in the input.
    pub offset: usize,
    /// DXIL's `ResourceClass` number.
    pub class: u32,
    /// DXIL's `ResourceKind` number.
    pub kind: u32,
    /// Its id in its class.
    pub id: u32,
    /// The register space.
    pub space: u32,
    /// The first register.
    pub lower_bound: u32,
    /// The last register (`u32::MAX`: unbounded).
    pub upper_bound: u32,
    /// Its name.
    pub name: &'a str,
    /// Bit 0 `globallycoherent`, 1 a counter, 2 rasterizer ordered, 3 dynamically indexed,
    /// 4 64-bit atomics.
    pub flags: u32,
}

/// A function the runtime can call (an entry point or an exported library function).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RdatFunction<'a> {
    /// Byte offset of its record in the input.
    pub offset: usize,
    /// Its (mangled) name.
    pub name: &'a str,
    /// Its name as written in the source.
    pub unmangled_name: &'a str,
    /// The resources it uses: indexes into the resource table.
    pub resources: Words<'a>,
    /// The functions it calls that the library does not define: offsets of their names.
    pub dependencies: Words<'a>,
    /// DXIL's `ShaderKind` number (`Library` for a function that is not an entry point).
    pub shader_kind: u32,
    /// The payload size of a hit or miss shader, the parameter size of a callable shader.
    pub payload_size: u32,
    /// The attribute size of a hit shader.
    pub attribute_size: u32,
    /// The shader feature flags (`SFI0`'s bits; the high word holds the optional features).
    pub features: u64,
    /// The stages it may run in: bit `k` for shader kind `k`.
    pub shader_stages: u32,
    /// The lowest shader model it needs: kind in bits 16 and up, major version in bits 4 to 7,
    /// minor version in bits 0 to 3.
    pub min_shader_target: u32,
    /// The fields validator 1.8 adds, when the stride has them.
    pub v2: Option<RdatFunction2>,
}

/// The fields of a function record validator 1.8 adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RdatFunction2 {
    /// The smallest wave size it expects (0: none given).
    pub min_wave_lanes: u8,
    /// The largest wave size it expects (0: none given).
    pub max_wave_lanes: u8,
    /// Bit 0: the entry of a work graph.
    pub shader_flags: u16,
    /// The per-stage record it refers to (a node shader's in the node shader table).
    pub shader_ref: u32,
}

/// A subobject of a raytracing pipeline, declared in a library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RdatSubobject<'a> {
    /// Byte offset of its record in the input.
    pub offset: usize,
    /// Its kind's number (`D3D12_STATE_SUBOBJECT_TYPE`).
    pub kind: u32,
    /// Its name.
    pub name: &'a str,
    /// What the kind holds.
    pub detail: SubobjectDetail<'a>,
}

/// What a subobject holds, by kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SubobjectDetail<'a> {
    /// State object flags (kind 0).
    StateObjectConfig {
        /// `D3D12_STATE_OBJECT_FLAGS`.
        flags: u32,
    },
    /// A global (kind 1) or local (kind 2) root signature: its serialized bytes (an `RTS0`
    /// part's data, read with [`RootSignature::parse`] at `data_offset`).
    RootSignature {
        /// Whether it is a local root signature.
        local: bool,
        /// The bytes.
        data: &'a [u8],
        /// Byte offset of the bytes in the input.
        data_offset: usize,
    },
    /// An association of a subobject with exports (kind 8).
    ExportsAssociation {
        /// The subobject's name.
        subobject: &'a str,
        /// The exports: offsets of their names.
        exports: Words<'a>,
    },
    /// Raytracing shader limits (kind 9).
    ShaderConfig {
        /// The largest payload in bytes.
        max_payload_size: u32,
        /// The largest attributes in bytes.
        max_attribute_size: u32,
    },
    /// Raytracing pipeline limits (kind 10, and 12 with flags).
    PipelineConfig {
        /// The deepest recursion of `TraceRay`.
        max_trace_recursion_depth: u32,
        /// `D3D12_RAYTRACING_PIPELINE_FLAGS` (kind 12).
        flags: Option<u32>,
    },
    /// A hit group (kind 11).
    HitGroup {
        /// 0 triangles, 1 procedural primitives.
        hit_group_type: u32,
        /// The any-hit shader's name.
        any_hit: &'a str,
        /// The closest-hit shader's name.
        closest_hit: &'a str,
        /// The intersection shader's name.
        intersection: &'a str,
    },
    /// A kind this reader does not know: its record's fields after the kind and the name.
    Other,
}

/// A node of a work graph, as the node tables name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RdatNodeId<'a> {
    /// Its name.
    pub name: &'a str,
    /// Its index in the array of nodes of that name.
    pub index: u32,
}

/// A node shader: what the function record of a node shader refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RdatNodeShader<'a> {
    /// Byte offset of its record in the input.
    pub offset: usize,
    /// DXIL's `NodeLaunchType` number.
    pub launch_type: u32,
    /// Bytes of groupshared memory it uses.
    pub group_shared_bytes: u32,
    /// Its attributes: indexes into the node function attribute table
    /// ([`Rdat::node_function_attribute`]).
    pub attributes: Words<'a>,
    /// Its outputs: indexes into the node input and output table ([`Rdat::io_node`]).
    pub outputs: Words<'a>,
    /// Its inputs: the same.
    pub inputs: Words<'a>,
}

/// An attribute of a node shader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeFunctionAttribute<'a> {
    /// The node it is (kind 1).
    Id(RdatNodeId<'a>),
    /// Its thread-group size (kind 2): x, y, z (missing ones are 1).
    NumThreads(Words<'a>),
    /// The node whose input it shares (kind 3).
    ShareInputOf(RdatNodeId<'a>),
    /// Its fixed dispatch grid (kind 4).
    DispatchGrid(Words<'a>),
    /// Its deepest recursion (kind 5).
    MaxRecursionDepth(u32),
    /// The index of its local root arguments table (kind 6).
    LocalRootArgumentsTableIndex(u32),
    /// Its largest dispatch grid (kind 7).
    MaxDispatchGrid(Words<'a>),
    /// Another kind: its number and its value as stored.
    Other {
        /// The kind.
        kind: u32,
        /// The value.
        value: u32,
    },
}

/// An input or output of a node shader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RdatIoNode<'a> {
    /// Byte offset of its record in the input.
    pub offset: usize,
    /// DXIL's `NodeIOFlags` with the `NodeIOKind` in them, as stored.
    pub flags_and_kind: u32,
    /// Its attributes: indexes into the node input and output attribute table
    /// ([`Rdat::io_node_attribute`]).
    pub attributes: Words<'a>,
}

/// An attribute of a node's input or output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IoNodeAttribute<'a> {
    /// The node an output goes to (kind 1).
    OutputId(RdatNodeId<'a>),
    /// The most records it holds (kind 2).
    MaxRecords(u32),
    /// The output whose record limit it shares (kind 3).
    MaxRecordsSharedWith(u32),
    /// The size of its records (kind 4).
    RecordSizeInBytes(u32),
    /// Where a record holds its dispatch grid (kind 5).
    RecordDispatchGrid {
        /// The byte offset in the record.
        byte_offset: u16,
        /// Components (0 to 3) in bits 0 and 1, DXIL's `ComponentType` from bit 2.
        components_and_type: u16,
    },
    /// The size of an output array (kind 6).
    OutputArraySize(u32),
    /// Whether the nodes of an output array may be missing (kind 7).
    AllowSparseNodes(bool),
    /// The alignment of its records (kind 8).
    RecordAlignmentInBytes(u32),
    /// The most records per node of an output array (kind 9).
    MaxRecordsPerNode(u32),
    /// Another kind: its number and its value as stored.
    Other {
        /// The kind.
        kind: u32,
        /// The value.
        value: u32,
    },
}

/// The name of a subobject kind.
pub fn subobject_kind_name(kind: u32) -> Option<&'static str> {
    Some(match kind {
        0 => "state object config",
        1 => "global root signature",
        2 => "local root signature",
        8 => "exports association",
        9 => "raytracing shader config",
        10 => "raytracing pipeline config",
        11 => "hit group",
        12 => "raytracing pipeline config1",
        _ => return None,
    })
}

impl<'a> Rdat<'a> {
    /// Reads the `RDAT` part `data`, which starts at byte `base` of the input: the header,
    /// each sub-part's place and size, each table's records.
    pub fn parse(data: &'a [u8], base: usize) -> Result<Rdat<'a>, Error> {
        let mut r = Reader::new(data, base);
        let version_at = r.offset();
        let version = r.u32("the runtime data version")?;
        if version != RDAT_VERSION {
            return Err(Error::invalid(
                version_at,
                "the runtime data version",
                version.into(),
                format!("{RDAT_VERSION:#x} (1.0)"),
            ));
        }
        let count = r.u32("a runtime data part count")?;
        r.take(table_bytes(count, 4), "the runtime data part offsets")?;
        let mut rdat = Rdat {
            data,
            base,
            version,
            count,
            first: [NO_PART; KNOWN_TYPES],
        };
        for i in 0..count {
            let part = rdat.part_at(i)?;
            if part_type::is_table(part.part_type) {
                part.table_or_error()?;
            }
            if let Some(first) = rdat.first.get_mut(part.part_type as usize)
                && *first == NO_PART
            {
                *first = i;
            }
        }
        Ok(rdat)
    }

    /// Number of sub-parts.
    pub fn part_count(&self) -> u32 {
        self.count
    }

    /// The sub-parts, in order.
    pub fn parts(&self) -> impl Iterator<Item = RdatPart<'a>> + '_ {
        (0..self.count).filter_map(|i| self.part_at(i).ok())
    }

    /// The first sub-part of type `t`.
    pub fn part(&self, t: u32) -> Option<RdatPart<'a>> {
        match self.first.get(t as usize) {
            Some(&NO_PART) => None,
            Some(&i) => self.part_at(i).ok(),
            None => self.parts().find(|p| p.part_type == t),
        }
    }

    fn part_at(&self, index: u32) -> Result<RdatPart<'a>, Error> {
        let mut r = Reader::new(self.data, self.base);
        r.take(8 + u64::from(index) * 4, "a runtime data part offset")?;
        let field = r.offset();
        let at = r.u32("a runtime data part offset")?;
        let mut p = Reader::new(self.data, self.base);
        p.take(at.into(), "a runtime data part").map_err(|_| {
            Error::invalid(
                field,
                "a runtime data part offset",
                at.into(),
                format!("inside the part's {} bytes", self.data.len()),
            )
        })?;
        let offset = p.offset();
        let part_type = p.u32("a runtime data part type")?;
        let size = p.u32("a runtime data part size")?;
        let data = p.take(size.into(), "a runtime data part's data")?;
        Ok(RdatPart {
            offset,
            part_type,
            data,
        })
    }

    /// The record table of type `t`, if there is one.
    pub fn table(&self, t: u32) -> Option<RecordTable<'a>> {
        self.part(t)?.table()
    }

    /// The record tables, in order.
    pub fn tables(&self) -> impl Iterator<Item = RecordTable<'a>> + '_ {
        self.parts().filter_map(|p| p.table())
    }

    /// The string at offset `at` of the string buffer (empty for no reference); `field` is the
    /// byte offset of the field that holds the offset, for the error.
    fn string(&self, at: u32, field: usize) -> Result<&'a str, Error> {
        if at == NULL_REF {
            return Ok("");
        }
        let strings = self
            .part(part_type::STRING_BUFFER)
            .map_or(&[][..], |p| p.data);
        c_string(strings, at).ok_or_else(|| {
            Error::invalid(
                field,
                "a string offset",
                at.into(),
                format!(
                    "the offset of a NUL-terminated UTF-8 string in the string buffer of {} bytes",
                    strings.len()
                ),
            )
        })
    }

    /// The string at offset `at` of the string buffer, if it is one (empty for no reference).
    pub fn string_at(&self, at: u32) -> Option<&'a str> {
        self.string(at, 0).ok()
    }

    /// The index array at index `at` of the index arrays (empty for no reference); `field`
    /// is the byte offset of the field that holds the index, for the error.
    fn index_array(&self, at: u32, field: usize) -> Result<Words<'a>, Error> {
        if at == NULL_REF {
            return Ok(Words::default());
        }
        let pool = self
            .part(part_type::INDEX_ARRAYS)
            .map_or(&[][..], |p| p.data);
        let start = u64::from(at) * 4;
        let array = super::bytes::u32_at(pool, at as usize).and_then(|count| {
            let end = start + 4 + u64::from(count) * 4;
            pool.get(usize::try_from(start + 4).ok()?..usize::try_from(end).ok()?)
        });
        array.map(Words::new).ok_or_else(|| {
            Error::invalid(
                field,
                "an index array reference",
                at.into(),
                format!(
                    "the index of a count and that many indexes in the pool of {} words",
                    pool.len() / 4
                ),
            )
        })
    }

    fn record(&self, table: &RecordTable<'a>, index: u32) -> Option<Fields<'a>> {
        let bytes = table.record(index)?;
        Some(Fields {
            bytes,
            base: table.base + index as usize * table.stride as usize,
        })
    }

    /// The records of table `t`, each read by `read`.
    fn records<T>(
        &self,
        t: u32,
        read: impl Fn(&Self, Fields<'a>) -> Result<T, Error> + 'a,
    ) -> impl Iterator<Item = Result<T, Error>> + '_
    where
        T: 'a,
    {
        let table = self.table(t);
        let count = table.map_or(0, |t| t.count);
        (0..count).filter_map(move |i| {
            let f = self.record(table.as_ref()?, i)?;
            Some(read(self, f))
        })
    }

    /// The resources, each or the error of a reference it holds.
    pub fn resources(&self) -> impl Iterator<Item = Result<RdatResource<'a>, Error>> + '_ {
        self.records(part_type::RESOURCE_TABLE, |rdat, f| {
            Ok(RdatResource {
                offset: f.base,
                class: f.u32(0),
                kind: f.u32(1),
                id: f.u32(2),
                space: f.u32(3),
                lower_bound: f.u32(4),
                upper_bound: f.u32(5),
                name: rdat.string(f.u32(6), f.at(6))?,
                flags: f.u32(7),
            })
        })
    }

    /// The functions, each or the error of a reference it holds.
    pub fn functions(&self) -> impl Iterator<Item = Result<RdatFunction<'a>, Error>> + '_ {
        self.records(part_type::FUNCTION_TABLE, |rdat, f| {
            let v2 = (f.bytes.len() >= 52).then(|| RdatFunction2 {
                min_wave_lanes: f.u8(44),
                max_wave_lanes: f.u8(45),
                shader_flags: u16::from_le_bytes([f.u8(46), f.u8(47)]),
                shader_ref: f.u32(12),
            });
            Ok(RdatFunction {
                offset: f.base,
                name: rdat.string(f.u32(0), f.at(0))?,
                unmangled_name: rdat.string(f.u32(1), f.at(1))?,
                resources: rdat.index_array(f.u32(2), f.at(2))?,
                dependencies: rdat.index_array(f.u32(3), f.at(3))?,
                shader_kind: f.u32(4),
                payload_size: f.u32(5),
                attribute_size: f.u32(6),
                features: u64::from(f.u32(7)) | u64::from(f.u32(8)) << 32,
                shader_stages: f.u32(9),
                min_shader_target: f.u32(10),
                v2,
            })
        })
    }

    /// The names a function's [`dependencies`](RdatFunction::dependencies) give, each or the
    /// error of its offset.
    pub fn dependency_names(
        &self,
        function: &RdatFunction<'a>,
    ) -> impl Iterator<Item = Result<&'a str, Error>> + '_ {
        let field = function.offset + 12;
        function
            .dependencies
            .iter()
            .map(move |at| self.string(at, field))
    }

    /// The subobjects, each or the error of a reference it holds.
    pub fn subobjects(&self) -> impl Iterator<Item = Result<RdatSubobject<'a>, Error>> + '_ {
        self.records(part_type::SUBOBJECT_TABLE, |rdat, f| {
            let kind = f.u32(0);
            let string = |i: usize| rdat.string(f.u32(i), f.at(i));
            let detail = match kind {
                0 => SubobjectDetail::StateObjectConfig { flags: f.u32(2) },
                1 | 2 => {
                    let (at, len) = (f.u32(2), f.u32(3));
                    let raw = rdat.part(part_type::RAW_BYTES);
                    let bytes = raw.and_then(|p| {
                        let start = usize::try_from(at).ok()?;
                        let bytes = p.data.get(start..start.checked_add(len as usize)?)?;
                        Some((bytes, p.offset + 8 + start))
                    });
                    let Some((data, data_offset)) = bytes else {
                        return Err(Error::invalid(
                            f.at(2),
                            "a root signature's bytes",
                            at.into(),
                            format!("an offset with {len} bytes after it in the raw bytes"),
                        ));
                    };
                    SubobjectDetail::RootSignature {
                        local: kind == 2,
                        data,
                        data_offset,
                    }
                }
                8 => SubobjectDetail::ExportsAssociation {
                    subobject: string(2)?,
                    exports: rdat.index_array(f.u32(3), f.at(3))?,
                },
                9 => SubobjectDetail::ShaderConfig {
                    max_payload_size: f.u32(2),
                    max_attribute_size: f.u32(3),
                },
                10 | 12 => SubobjectDetail::PipelineConfig {
                    max_trace_recursion_depth: f.u32(2),
                    flags: (kind == 12).then(|| f.u32(3)),
                },
                11 => SubobjectDetail::HitGroup {
                    hit_group_type: f.u32(2),
                    any_hit: string(3)?,
                    closest_hit: string(4)?,
                    intersection: string(5)?,
                },
                _ => SubobjectDetail::Other,
            };
            Ok(RdatSubobject {
                offset: f.base,
                kind,
                name: string(1)?,
                detail,
            })
        })
    }

    /// Record `index` of table `t`, which the field at byte `field` refers to.
    fn record_ref(&self, t: u32, index: u32, field: usize) -> Result<Fields<'a>, Error> {
        let table = self.table(t);
        table
            .as_ref()
            .and_then(|table| self.record(table, index))
            .ok_or_else(|| {
                Error::invalid(
                    field,
                    "a record reference",
                    index.into(),
                    format!(
                        "the index of one of the {} records of the {} table",
                        table.map_or(0, |t| t.count),
                        part_type::name(t).unwrap_or("record")
                    ),
                )
            })
    }

    /// The node id record `index`, which the field at byte `field` refers to.
    fn node_id(&self, index: u32, field: usize) -> Result<RdatNodeId<'a>, Error> {
        let f = self.record_ref(part_type::NODE_ID_TABLE, index, field)?;
        Ok(RdatNodeId {
            name: self.string(f.u32(0), f.at(0))?,
            index: f.u32(1),
        })
    }

    /// The node shader a function record of a node shader refers to
    /// ([`RdatFunction2::shader_ref`]).
    pub fn node_shader(
        &self,
        function: &RdatFunction<'a>,
    ) -> Option<Result<RdatNodeShader<'a>, Error>> {
        let v2 = function
            .v2
            .filter(|_| function.shader_kind == NODE_SHADER_KIND)?;
        let f = match self.record_ref(
            part_type::NODE_SHADER_INFO_TABLE,
            v2.shader_ref,
            function.offset + 48,
        ) {
            Ok(f) => f,
            Err(e) => return Some(Err(e)),
        };
        let read = || {
            Ok(RdatNodeShader {
                offset: f.base,
                launch_type: f.u32(0),
                group_shared_bytes: f.u32(1),
                attributes: self.index_array(f.u32(2), f.at(2))?,
                outputs: self.index_array(f.u32(3), f.at(3))?,
                inputs: self.index_array(f.u32(4), f.at(4))?,
            })
        };
        Some(read())
    }

    /// Attribute `index` of the node function attribute table, which the field at byte
    /// `field` refers to (a node shader's [`attributes`](RdatNodeShader::attributes) are at
    /// its offset + 8).
    pub fn node_function_attribute(
        &self,
        index: u32,
        field: usize,
    ) -> Result<NodeFunctionAttribute<'a>, Error> {
        let f = self.record_ref(part_type::NODE_SHADER_FUNC_ATTRIB_TABLE, index, field)?;
        let (kind, value, at) = (f.u32(0), f.u32(1), f.at(1));
        Ok(match kind {
            1 => NodeFunctionAttribute::Id(self.node_id(value, at)?),
            2 => NodeFunctionAttribute::NumThreads(self.index_array(value, at)?),
            3 => NodeFunctionAttribute::ShareInputOf(self.node_id(value, at)?),
            4 => NodeFunctionAttribute::DispatchGrid(self.index_array(value, at)?),
            5 => NodeFunctionAttribute::MaxRecursionDepth(value),
            6 => NodeFunctionAttribute::LocalRootArgumentsTableIndex(value),
            7 => NodeFunctionAttribute::MaxDispatchGrid(self.index_array(value, at)?),
            _ => NodeFunctionAttribute::Other { kind, value },
        })
    }

    /// Record `index` of the node input and output table, which the field at byte `field`
    /// refers to (a node shader's [`outputs`](RdatNodeShader::outputs) are at its offset +
    /// 12, its inputs at + 16).
    pub fn io_node(&self, index: u32, field: usize) -> Result<RdatIoNode<'a>, Error> {
        let f = self.record_ref(part_type::IO_NODE_TABLE, index, field)?;
        Ok(RdatIoNode {
            offset: f.base,
            flags_and_kind: f.u32(0),
            attributes: self.index_array(f.u32(1), f.at(1))?,
        })
    }

    /// Attribute `index` of the node input and output attribute table, which the field at byte
    /// `field` refers to (an input's or output's [`attributes`](RdatIoNode::attributes) are
    /// at its offset + 4).
    pub fn io_node_attribute(
        &self,
        index: u32,
        field: usize,
    ) -> Result<IoNodeAttribute<'a>, Error> {
        let f = self.record_ref(part_type::NODE_SHADER_IO_ATTRIB_TABLE, index, field)?;
        let (kind, value, at) = (f.u32(0), f.u32(1), f.at(1));
        Ok(match kind {
            1 => IoNodeAttribute::OutputId(self.node_id(value, at)?),
            2 => IoNodeAttribute::MaxRecords(value),
            3 => IoNodeAttribute::MaxRecordsSharedWith(value),
            4 => IoNodeAttribute::RecordSizeInBytes(value),
            5 => IoNodeAttribute::RecordDispatchGrid {
                byte_offset: value as u16,
                components_and_type: (value >> 16) as u16,
            },
            6 => IoNodeAttribute::OutputArraySize(value),
            7 => IoNodeAttribute::AllowSparseNodes(value != 0),
            8 => IoNodeAttribute::RecordAlignmentInBytes(value),
            9 => IoNodeAttribute::MaxRecordsPerNode(value),
            _ => IoNodeAttribute::Other { kind, value },
        })
    }

    /// The names an exports association's exports give, each or the error of its offset
    /// (none for another kind of subobject).
    pub fn export_names(
        &self,
        subobject: &RdatSubobject<'a>,
    ) -> impl Iterator<Item = Result<&'a str, Error>> + '_ {
        let exports = match subobject.detail {
            SubobjectDetail::ExportsAssociation { exports, .. } => exports,
            _ => Words::default(),
        };
        let field = subobject.offset + 12;
        exports.iter().map(move |at| self.string(at, field))
    }
}

impl SubobjectDetail<'_> {
    /// The root signature of a root signature subobject.
    pub fn root_signature(&self) -> Option<Result<RootSignature<'_>, Error>> {
        match *self {
            SubobjectDetail::RootSignature {
                data, data_offset, ..
            } => Some(RootSignature::parse(data, data_offset)),
            _ => None,
        }
    }
}
