//! `!dx.resources` (and the resources of an entry point): `!{SRVs, UAVs, CBuffers, Samplers}`,
//! each a tuple of records (or `null`). Every record starts with `i32 id, %T* symbol,
//! !"name", i32 space, i32 lower bound, i32 range size`, then the fields of its class, then
//! its extra properties (tag/value pairs, or `null`).

use std::borrow::Cow;

use dxil_ops::enums::{ComponentType, ResourceClass, ResourceKind, SamplerKind};

use super::error::{At, MdError, Step};
use super::md::{opt_tuple, single, tag_pairs, tuple};
use crate::model::{MdId, Module, TypeId, Value};

/// The tags of a resource's extra properties (DXC's `kDxil*Tag`).
pub mod tag {
    /// The element type of a typed buffer or texture (a `ComponentType` value).
    pub const ELEMENT_TYPE: u32 = 0;
    /// The element stride of a structured buffer, in bytes.
    pub const STRIDE: u32 = 1;
    /// The sampler feedback type of a feedback texture.
    pub const SAMPLER_FEEDBACK: u32 = 2;
    /// Whether 64-bit atomics are used on it (`i1`).
    pub const ATOMIC64_USE: u32 = 3;
}

/// The resources, by class.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resources<'m> {
    /// Shader resource views.
    pub srvs: Vec<ResourceRecord<'m>>,
    /// Unordered access views.
    pub uavs: Vec<ResourceRecord<'m>>,
    /// Constant buffers.
    pub cbuffers: Vec<ResourceRecord<'m>>,
    /// Samplers.
    pub samplers: Vec<ResourceRecord<'m>>,
}

impl<'m> Resources<'m> {
    /// Every record, SRVs first, then UAVs, constant buffers and samplers.
    pub fn iter(&self) -> impl Iterator<Item = &ResourceRecord<'m>> {
        self.srvs
            .iter()
            .chain(&self.uavs)
            .chain(&self.cbuffers)
            .chain(&self.samplers)
    }
}

/// A resource record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceRecord<'m> {
    m: &'m Module,
    /// Its record.
    pub node: MdId,
    /// Its class (the list it is in).
    pub class: ResourceClass,
    /// Its id (what `createHandle` names it by, with its class).
    pub id: u32,
    /// The symbol standing for it (a global, or `undef` of its type), with its type; `None`
    /// for `null`.
    pub symbol: Option<(TypeId, Value)>,
    /// Its name (empty when reflection was stripped).
    pub name: &'m [u8],
    /// The register space.
    pub space: u32,
    /// The first register.
    pub lower_bound: u32,
    /// The number of registers (`u32::MAX` for an unbounded range).
    pub range_size: u32,
    /// The fields of its class.
    pub detail: ResourceDetail,
    /// The extra properties node; `None` for `null`. Read with
    /// [`ResourceRecord::extra_properties`].
    pub extra: Option<MdId>,
}

/// The fields of a record that depend on its class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResourceDetail {
    /// An SRV: its shape (a `ResourceKind` value) and sample count.
    Srv {
        /// The shape.
        shape: u32,
        /// The sample count (multisampled textures).
        sample_count: u32,
    },
    /// A UAV: its shape and flags.
    Uav {
        /// The shape.
        shape: u32,
        /// `globallycoherent`.
        globally_coherent: bool,
        /// It has a counter.
        counter: bool,
        /// A rasterizer-ordered view.
        rasterizer_ordered: bool,
    },
    /// A constant buffer: its size in bytes.
    CBuffer {
        /// The size in bytes.
        size: u32,
    },
    /// A sampler: its type (a `SamplerKind` value: 0 default, 1 comparison, 2 mono).
    Sampler {
        /// The sampler type.
        sampler_type: u32,
    },
}

impl<'m> ResourceRecord<'m> {
    /// The name as text (invalid UTF-8 replaced).
    pub fn name_text(&self) -> Cow<'m, str> {
        String::from_utf8_lossy(self.name)
    }

    /// The kind: the shape of an SRV or UAV, `CBuffer` or `Sampler` for the others; `None`
    /// for a shape that is no kind.
    pub fn kind(&self) -> Option<ResourceKind> {
        match self.detail {
            ResourceDetail::Srv { shape, .. } | ResourceDetail::Uav { shape, .. } => {
                ResourceKind::from_value(shape.into())
            }
            ResourceDetail::CBuffer { .. } => Some(ResourceKind::CBuffer),
            ResourceDetail::Sampler { .. } => Some(ResourceKind::Sampler),
        }
    }

    /// The sampler kind of a sampler, typed.
    pub fn sampler_kind(&self) -> Option<SamplerKind> {
        match self.detail {
            ResourceDetail::Sampler { sampler_type } => {
                SamplerKind::from_value(sampler_type.into())
            }
            _ => None,
        }
    }

    /// The extra properties: each tag with its integer value (values that are not integers
    /// are left out). Read on demand, since many records may share one node.
    pub fn extra_properties(&self) -> Result<Vec<(u32, u64)>, MdError> {
        extra_properties(self.m, self.class, self.extra)
    }

    /// The element type of a typed buffer or texture (extra tag 0), typed.
    pub fn element_type(&self) -> Result<Option<ComponentType>, MdError> {
        let props = self.extra_properties()?;
        Ok(props
            .iter()
            .find(|(t, _)| *t == tag::ELEMENT_TYPE)
            .and_then(|(_, v)| ComponentType::from_value(i64::try_from(*v).ok()?)))
    }
}

/// The extra properties of a record of class `class` held by `node`: tags with their integer
/// values.
pub fn extra_properties(
    m: &Module,
    class: ResourceClass,
    node: Option<MdId>,
) -> Result<Vec<(u32, u64)>, MdError> {
    let root = At::named("dx.resources");
    let at = root.then(Step::Field(class_field(class)), None);
    let at = at.field("extra properties", node);
    let Some(t) = opt_tuple(m, &at, node)? else {
        return Ok(Vec::new());
    };
    Ok(tag_pairs(&t)?
        .into_iter()
        .enumerate()
        .filter_map(|(k, (tag, _))| t.u64("value", 2 * k + 1).ok().map(|v| (tag, v)))
        .collect())
}

/// The name of the list of a class.
fn class_field(class: ResourceClass) -> &'static str {
    match class {
        ResourceClass::SRV => "SRVs",
        ResourceClass::UAV => "UAVs",
        ResourceClass::CBuffer => "CBuffers",
        _ => "Samplers",
    }
}

/// The classes in the order of the lists.
const CLASSES: [ResourceClass; 4] = [
    ResourceClass::SRV,
    ResourceClass::UAV,
    ResourceClass::CBuffer,
    ResourceClass::Sampler,
];

/// The resources of `!dx.resources`; `None` without it. One record that does not have its
/// layout makes the whole an error: [`resource_records`] reads each on its own.
pub fn resources(m: &Module) -> Result<Option<Resources<'_>>, MdError> {
    let Some(node) = single(m, "dx.resources")? else {
        return Ok(None);
    };
    let at = At::named("dx.resources");
    resources_of(m, &at, Some(node))
}

/// The records of `!dx.resources` (none without it), SRVs first, then UAVs, constant buffers
/// and samplers, each read on its own: one that does not have its layout is an error and the
/// others are still read. The error is for `!dx.resources` itself or one of its lists.
#[allow(clippy::type_complexity)]
pub fn resource_records(m: &Module) -> Result<Vec<Result<ResourceRecord<'_>, MdError>>, MdError> {
    let Some(node) = single(m, "dx.resources")? else {
        return Ok(Vec::new());
    };
    let at = At::named("dx.resources");
    let mut out = Vec::new();
    lists(m, &at, Some(node), &mut |r| out.push(r))?;
    Ok(out)
}

/// Reads each record of a resources node (nothing for `null`), giving `each` the result.
fn lists<'m>(
    m: &'m Module,
    at: &At<'_>,
    node: Option<MdId>,
    each: &mut dyn FnMut(Result<ResourceRecord<'m>, MdError>),
) -> Result<(), MdError> {
    let Some(t) = opt_tuple(m, at, node)? else {
        return Ok(());
    };
    t.at_least(4)?;
    for (i, class) in CLASSES.into_iter().enumerate() {
        let list_at = t.at_field(class_field(class), i);
        let Some(list) = opt_tuple(m, &list_at, t.get(i)?)? else {
            continue;
        };
        for (k, &node) in list.ops.iter().enumerate() {
            let at = list_at.then(Step::Item("record", k), node);
            each(record(m, &at, class, node));
        }
    }
    Ok(())
}

/// Reads a resources node (`None` for `null`); any record in error makes it an error.
pub(crate) fn resources_of<'m>(
    m: &'m Module,
    at: &At<'_>,
    node: Option<MdId>,
) -> Result<Option<Resources<'m>>, MdError> {
    if node.is_none() {
        return Ok(None);
    }
    let mut out = Resources::default();
    let mut first_error = None;
    lists(m, at, node, &mut |r| match r {
        Ok(r) => match r.class {
            ResourceClass::SRV => out.srvs.push(r),
            ResourceClass::UAV => out.uavs.push(r),
            ResourceClass::CBuffer => out.cbuffers.push(r),
            _ => out.samplers.push(r),
        },
        Err(e) => {
            first_error.get_or_insert(e);
        }
    })?;
    match first_error {
        Some(e) => Err(e),
        None => Ok(Some(out)),
    }
}

/// Reads the record `node` of a class.
fn record<'m>(
    m: &'m Module,
    at: &At<'_>,
    class: ResourceClass,
    node: Option<MdId>,
) -> Result<ResourceRecord<'m>, MdError> {
    let t = tuple(m, at, node)?;
    let (fields, extra_at) = match class {
        ResourceClass::SRV => (9, 8),
        ResourceClass::UAV => (11, 10),
        _ => (8, 7),
    };
    t.at_least(fields)?;
    let detail = match class {
        ResourceClass::SRV => ResourceDetail::Srv {
            shape: t.u32("shape", 6)?,
            sample_count: t.u32("sample count", 7)?,
        },
        ResourceClass::UAV => ResourceDetail::Uav {
            shape: t.u32("shape", 6)?,
            globally_coherent: t.bool("globally coherent", 7)?,
            counter: t.bool("counter", 8)?,
            rasterizer_ordered: t.bool("rasterizer ordered", 9)?,
        },
        ResourceClass::CBuffer => ResourceDetail::CBuffer {
            size: t.u32("size", 6)?,
        },
        _ => ResourceDetail::Sampler {
            sampler_type: t.u32("sampler type", 6)?,
        },
    };
    Ok(ResourceRecord {
        m,
        node: node.unwrap_or(MdId(u32::MAX)),
        class,
        id: t.u32("id", 0)?,
        symbol: t.value("symbol", 1)?,
        name: t.string("name", 2)?,
        space: t.u32("space", 3)?,
        lower_bound: t.u32("lower bound", 4)?,
        range_size: t.u32("range size", 5)?,
        detail,
        extra: t.get(extra_at)?,
    })
}
