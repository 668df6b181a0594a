//! A DXBC container made from a module: the `DXIL` part (program header and the bitcode of
//! [`crate::bitcode::write()`]) and the parts derived from the module's DXIL metadata, laid
//! out and signed by [`crate::container::write_container`] (DXC's retail hash as digest).
//!
//! | part | derived from | not derived (yet) |
//! | --- | --- | --- |
//! | `SFI0` | the raw shader flags of the entry point (property 0), mapped bit by bit as DXC maps them | — |
//! | `ISG1`, `OSG1`, `PSG1` | the entry point's signature metadata: one element per semantic index, system values (tessellation factors by the domain), component types, minimum precision, registers (all ones when not allocated), masks, read/write masks from the usage masks; the string table as the validator version lays it out (before 1.7: not padded, names shared only by the elements of one system value) | —
//! | `DXIL` | `!dx.shaderModel`, `!dx.version` and the bitcode, whose `!dx.viewIdState` is the view-ID state computed from the code ([`viewid::refresh`]) | — |
//! | `PSV0` | at the version the validator version gives (0 to 4): the runtime information (per-stage fields from the entry properties and signatures, wave lane counts, stage, element and vector counts, view-ID use from the shader flags, thread-group size, entry name, groupshared bytes), the resource bindings of `!dx.resources`, the signature elements with the string and semantic-index tables, the view-ID masks and input-to-output dependence tables computed from the code by [`viewid`] | —
//! | `HASH`, `RDAT`, `STAT`, `ILDB`, `ILDN`, `RTS0`, `VERS` | — | not written: HASH is an MD5 of the source, the others debug data, library runtime data and root signatures |
//!
//! Against the corpus (`tests/it/assemble_corpus.rs`, the parts derived from each container's
//! decoded module): `SFI0` 219/219, `DXIL` 219/219, `PSG1` 20/20, `ISG1` 204/204, `OSG1`
//! 204/204, `PSV0` 204/204 byte-identical (and the view-ID state computed equals the
//! `!dx.viewIdState` of the 122 modules that record one).
//!
//! An edited module keeps the `!dx.viewIdState` recorded before the edit, which DXC's
//! validator compares with `PSV0`'s tables: [`container()`] writes the bitcode of the module
//! refreshed (a copy, when its record is not the computed state or is missing where DXC
//! records one), so the two agree; the 204 corpus modules that are no library need no
//! refresh.
//!
//! Parts come in DXC's order (`SFI0`, `ISG1`, `OSG1`, `PSG1`, `PSV0`, `DXIL`); signature parts
//! and `PSV0` are written for every stage but libraries, `PSG1` for hull, domain and mesh shaders.

mod features;
mod meta;
mod psv;
mod signature;
pub mod viewid;

use std::fmt;

use crate::bitcode::{self, WriteError};
use crate::container::{self, DigestMode, FourCC, PROGRAM_HEADER_SIZE};
use crate::model::Module;

/// Why a module cannot be made into a container.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AssembleError {
    /// The bitcode writer refuses the module.
    Bitcode(WriteError),
    /// DXIL metadata the container needs is missing or malformed: what.
    Metadata(&'static str),
    /// DXIL metadata that does not have DXC's layout.
    Layout(crate::dxil::MdError),
    /// A part larger than its size fields can say.
    TooLarge,
    /// The container writer refuses the parts.
    Container(container::WriteError),
}

impl fmt::Display for AssembleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AssembleError::Bitcode(e) => write!(f, "the bitcode cannot be written: {e}"),
            AssembleError::Metadata(what) => write!(f, "the module has no usable {what}"),
            AssembleError::Layout(e) => e.fmt(f),
            AssembleError::TooLarge => f.write_str("a part too large for its size fields"),
            AssembleError::Container(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for AssembleError {}

/// The parts of the container of `m`, whose bitcode is `bitcode`, in order.
///
/// `PSV0` holds the view-ID state computed from the code, and DXC's validator compares it
/// with the one `!dx.viewIdState` records in the bitcode: the container validates when `m`
/// records the computed state ([`viewid::refresh`]), which [`container()`] sees to.
pub fn parts(m: &Module, bitcode: &[u8]) -> Result<Vec<(FourCC, Vec<u8>)>, AssembleError> {
    let d = meta::Dxil::read(m)?;
    let state = view_id_state(&d)?;
    derive(&d, state.as_ref(), bitcode)
}

/// The view-ID state of the entry point of `d` (none for libraries, which have no `PSV0`).
fn view_id_state(d: &meta::Dxil) -> Result<Option<viewid::ViewIdState>, AssembleError> {
    (d.kind != 6).then(|| viewid::compute(d.m)).transpose()
}

/// The parts of `d`, whose bitcode is `bitcode` and view-ID state `state`, in order.
fn derive(
    d: &meta::Dxil,
    state: Option<&viewid::ViewIdState>,
    bitcode: &[u8],
) -> Result<Vec<(FourCC, Vec<u8>)>, AssembleError> {
    let mut parts = vec![(FourCC::SFI0, features::sfi0(d.flags).to_vec())];
    if d.kind != 6 {
        use signature::{Which, elements, part};
        let compat = !d.valver_at_least(1, 7);
        let inputs = elements(d, d.sigs[0], Which::Input)?;
        parts.push((FourCC::ISG1, part(&inputs, compat)?));
        let outputs = elements(d, d.sigs[1], Which::Output)?;
        parts.push((FourCC::OSG1, part(&outputs, compat)?));
        let patch = elements(d, d.sigs[2], Which::PatchConstant)?;
        // hull and domain shaders always; mesh shaders when they have primitive outputs
        if matches!(d.kind, 3 | 4) || (d.kind == 13 && !patch.is_empty()) {
            parts.push((FourCC::PSG1, part(&patch, compat)?));
        }
    }
    if let Some(state) = state {
        parts.push((FourCC::PSV0, psv::part(d, state)?));
    }
    parts.push((FourCC::DXIL, program(d, bitcode)?));
    Ok(parts)
}

/// The `DXIL` part: the program header, then the bitcode (padded to 4 bytes).
fn program(d: &meta::Dxil, bitcode: &[u8]) -> Result<Vec<u8>, AssembleError> {
    let padded = bitcode.len().div_ceil(4) * 4;
    let size = u32::try_from(PROGRAM_HEADER_SIZE + padded).map_err(|_| AssembleError::TooLarge)?;
    let mut out = Vec::with_capacity(size as usize);
    let version = d.kind << 16 | (d.sm.0 & 0xf) << 4 | (d.sm.1 & 0xf);
    let dxil = d.dxil.0 << 8 | (d.dxil.1 & 0xff);
    for w in [version, size / 4] {
        out.extend_from_slice(&w.to_le_bytes());
    }
    out.extend_from_slice(b"DXIL");
    for w in [dxil, 16, padded as u32] {
        out.extend_from_slice(&w.to_le_bytes());
    }
    out.extend_from_slice(bitcode);
    out.resize(size as usize, 0);
    Ok(out)
}

/// The container of `m`: its bitcode written, its parts derived, signed with DXC's retail
/// hash. The bitcode is that of `m` refreshed ([`viewid::refresh`]): its `!dx.viewIdState`
/// records the view-ID state computed from the code, as `PSV0` does (a copy of `m` is
/// refreshed when it records another state, or none where DXC would record one).
pub fn container(m: &Module) -> Result<Vec<u8>, AssembleError> {
    container_and_refresh(m).map(|(container, _)| container)
}

/// The container of `m`, as [`container()`] makes it, and what refreshing its
/// `!dx.viewIdState` changed ([`viewid::Refresh::Current`]: nothing, its bitcode is `m`'s).
pub fn container_and_refresh(m: &Module) -> Result<(Vec<u8>, viewid::Refresh), AssembleError> {
    let d = meta::Dxil::read(m)?;
    let state = view_id_state(&d)?;
    let refresh = match &state {
        Some(state) => viewid::needed(m, state)?,
        None => viewid::Refresh::Current,
    };
    let refreshed;
    let (m, d) = if refresh == viewid::Refresh::Current {
        (m, d)
    } else {
        let mut copy = m.clone();
        viewid::apply(&mut copy, &refresh)?;
        refreshed = copy;
        (&refreshed, meta::Dxil::read(&refreshed)?)
    };
    let bc = bitcode::write(m).map_err(AssembleError::Bitcode)?;
    let parts = derive(&d, state.as_ref(), &bc)?;
    let views: Vec<(FourCC, &[u8])> = parts.iter().map(|(c, d)| (*c, &d[..])).collect();
    let container = container::write_container(&views, DigestMode::Compute)
        .map_err(AssembleError::Container)?;
    Ok((container, refresh))
}
