//! The view-ID state of a container as DXC's validator sees it: the one the bitcode of its
//! `DXIL` part records (`!dx.viewIdState`) must be the one computed from that bitcode's code,
//! and `PSV0`'s view-ID masks and dependence tables must be that record's.

#![allow(dead_code)]

use dxil_module::assemble::viewid::{self, ViewIdState};
use dxil_module::bitcode;
use dxil_module::container::{Container, FourCC, Psv, find_bitcode};

/// The words the bitcode of `container` records, after checking that they are the state
/// computed from its code and that its `PSV0` part holds their tables (from `PSV0` version 1
/// on: version 0 has none); an error says what differs.
pub fn consistent(container: &[u8]) -> Result<Vec<u32>, String> {
    let c = Container::parse(container).map_err(|e| format!("the container: {e}"))?;
    let bc = find_bitcode(container).map_err(|e| format!("no bitcode: {e}"))?;
    let m = bitcode::decode(bc.bytes).map_err(|e| format!("the bitcode: {e}"))?;
    let computed = viewid::compute(&m).map_err(|e| format!("no view-ID state: {e}"))?;
    let recorded = viewid::recorded_words(&m).ok_or("no !dx.viewIdState")?;
    if recorded != computed.to_words() {
        return Err(format!(
            "!dx.viewIdState records {recorded:?}, the code gives {:?}",
            computed.to_words()
        ));
    }
    let part = c.find(FourCC::PSV0).ok_or("no PSV0")?;
    let psv = Psv::parse(part.data, 0, None).map_err(|e| format!("PSV0: {e}"))?;
    // version 0 (validator versions before 1.1, and 0.0: no validation) has no tables
    let Some(v1) = psv.info.v1 else {
        return Ok(recorded);
    };
    let state = ViewIdState::from_words(computed.stage, computed.uses_view_id, &recorded)
        .ok_or("the record does not have DXC's layout")?;
    let mut want = Vec::new();
    state.write_psv(&mut want, &v1);
    if psv_tables(&psv) != want {
        return Err("PSV0's view-ID tables are not the record's".into());
    }
    Ok(recorded)
}

/// The view-ID masks and dependence tables of `psv`, in the order of the part.
fn psv_tables(psv: &Psv<'_>) -> Vec<u8> {
    let masks = psv.view_id_output_masks.iter();
    let masks = masks.chain([&psv.view_id_pc_or_prim_mask]);
    let tables = psv.input_to_output.iter();
    let tables = tables.chain([&psv.input_to_pc_output, &psv.pc_input_to_output]);
    masks
        .map(|w| w.as_bytes())
        .chain(tables.map(|t| t.words.as_bytes()))
        .flatten()
        .copied()
        .collect()
}
