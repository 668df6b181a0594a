//! `!dx.viewIdState`: the view-ID state a module records (DXC's serialized form, the words of
//! an array of `i32`, the one operand of the node the named metadata lists), read, and made
//! the one computed from the module's code.
//!
//! DXC records the state of every shader but libraries and compute shaders when the validator
//! version is 0.0 (no validation) or at least 1.1 (the first that knows the view ID), unless
//! every word of it is 0; the named metadata comes right before `!dx.entryPoints` (after
//! `!dx.typeAnnotations`, when there is one). Its validator compares the record with the
//! view-ID masks and dependence tables of `PSV0` (an absent record counts as tables of zeros),
//! and `PSV0` is written from the state computed from the code: a record made before the code
//! was edited (a store added or removed) makes the container fail validation. [`refresh`]
//! makes the record the computed state.

use dxil_ops::ShaderKind;

use super::{ViewIdState, compute};
use crate::assemble::AssembleError;
use crate::assemble::meta::node;
use crate::dxil::{self, Version};
use crate::model::{ConstKind, MdId, MdItem, Module, NamedMd, Run, Type, Value};

/// The name of the named metadata.
const NAME: &str = "dx.viewIdState";
/// The named metadata DXC writes right after the view-ID state.
const NEXT: &str = "dx.entryPoints";

/// What [`refresh`] does to a module's `!dx.viewIdState`, or what it would do
/// ([`needed`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refresh {
    /// Nothing: the module records the state computed from its code, or it records none and
    /// DXC would record none (a library, a compute shader, a validator version of 1.0, a
    /// state of zeros).
    Current,
    /// The module records another state, `recorded` (`None` when the record is no array of
    /// `i32`): the computed words replace it, also where DXC would have recorded none (they
    /// are then all zeros, or the validator version is before 1.1).
    Replace {
        /// The words the module records.
        recorded: Option<Vec<u32>>,
        /// The words computed from the code.
        computed: Vec<u32>,
    },
    /// The module records no state where DXC would record the computed words: they are
    /// added, named right before `!dx.entryPoints`.
    Add {
        /// The words computed from the code.
        computed: Vec<u32>,
    },
}

/// The view-ID state `m` records in `!dx.viewIdState` (DXC's serialized form, as
/// [`ViewIdState::to_words`] makes it), if it has one: the words of its array of `i32`.
pub fn recorded_words(m: &Module) -> Option<Vec<u32>> {
    let item = value_item(m)?;
    let (ty, value) = m.metadata.value(item)?;
    let c = m.constant(value.as_const()?)?;
    match (&c.kind, m.types.get(ty)?) {
        (ConstKind::Data(words), _) => Some(words.iter().map(|&w| w as u32).collect()),
        (ConstKind::Null, Type::Array { len, .. }) => {
            Some(vec![0; usize::try_from(*len).ok()?.min(1 << 16)])
        }
        _ => None,
    }
}

/// The item holding the recorded array: the first operand of the node `!dx.viewIdState`
/// lists first.
fn value_item(m: &Module) -> Option<MdId> {
    let listed = *m.metadata.named(&m.symbols, NAME)?.first()?;
    node(m, Some(listed)).first().copied().flatten()
}

/// Whether DXC records the view-ID state `words` of a shader of `stage` validated by
/// `validator` (`None`: no `!dx.valver`, which DXC reads as 1.0).
fn dxc_records(stage: ShaderKind, validator: Option<Version>, words: &[u32]) -> bool {
    let v = validator.map_or((1, 0), |v| (v.major, v.minor));
    stage != ShaderKind::Compute && (v == (0, 0) || v >= (1, 1)) && words.iter().any(|&w| w != 0)
}

/// What [`refresh`] would do to `m`, whose view-ID state computed from its code is `state`
/// ([`compute`]).
pub fn needed(m: &Module, state: &ViewIdState) -> Result<Refresh, AssembleError> {
    let computed = state.to_words();
    let listed = m.metadata.named(&m.symbols, NAME).is_some();
    let recorded = recorded_words(m);
    Ok(match recorded {
        Some(words) if words == computed => Refresh::Current,
        recorded if listed => Refresh::Replace { recorded, computed },
        _ => {
            let validator = dxil::validator_version(m).map_err(AssembleError::Layout)?;
            if dxc_records(state.stage, validator, &computed) {
                Refresh::Add { computed }
            } else {
                Refresh::Current
            }
        }
    })
}

/// Makes the `!dx.viewIdState` of `m` record the view-ID state computed from its code (as
/// [`compute`] does, for the first entry point): replaced when it records another one (the
/// code was edited after it was recorded), added when it records none and DXC would record
/// one; libraries are left as they are (DXC records no state for them). Says what it did.
///
/// A recorded array that no other metadata or code refers to is changed where it is, so the
/// old words are not written; else a new node is made for the named metadata. Errors: those
/// of [`compute`], and a module whose symbol table has no room for the name.
///
/// [`crate::assemble::container()`] writes a container as if the module had been refreshed
/// (without changing the module).
pub fn refresh(m: &mut Module) -> Result<Refresh, AssembleError> {
    let library = dxil::shader_model(m)
        .map_err(AssembleError::Layout)?
        .is_some_and(|sm| sm.is_library());
    if library {
        return Ok(Refresh::Current);
    }
    let state = compute(m)?;
    let refresh = needed(m, &state)?;
    apply(m, &refresh)?;
    Ok(refresh)
}

/// Makes `m` record the computed words of `refresh` (nothing for [`Refresh::Current`]).
pub(in crate::assemble) fn apply(m: &mut Module, refresh: &Refresh) -> Result<(), AssembleError> {
    let computed = match refresh {
        Refresh::Current => return Ok(()),
        Refresh::Replace { computed, .. } | Refresh::Add { computed } => computed,
    };
    let i32_ty = m.types.int(32);
    let len = computed.len() as u64;
    let ty = m.types.intern(Type::Array { len, elem: i32_ty });
    let elements = computed
        .iter()
        .map(|&w| Value::Const(m.int_const(i32_ty, i64::from(w))))
        .collect();
    let value = Value::Const(m.aggregate_const(ty, elements));
    if let Some(item) = value_item(m).filter(|&i| only_use(m, i))
        && let Some(slot @ MdItem::Value { .. }) = m.metadata.items.get_mut(item.index())
    {
        *slot = MdItem::Value { ty, value };
        return Ok(());
    }
    let item = m.metadata.push(MdItem::Value { ty, value });
    let room = AssembleError::Metadata("room in the metadata pools for dx.viewIdState");
    let listed = m
        .metadata
        .push_node(false, &[Some(item)])
        .ok_or(room.clone())?;
    let name = m
        .symbols
        .intern(NAME.as_bytes())
        .map_err(|_| AssembleError::Metadata("room in the symbol table for dx.viewIdState"))?;
    let operands = Run::append(&mut m.metadata.named_pool, &[listed]).ok_or(room)?;
    let named = &mut m.metadata.named;
    let record = NamedMd {
        name,
        operands,
        line: 0,
    };
    match named.iter().position(|n| n.name == name) {
        Some(at) => {
            named[at] = NamedMd {
                line: named[at].line,
                ..record
            }
        }
        None => {
            let next = m.symbols.find(NEXT.as_bytes());
            let at = named.iter().position(|n| Some(n.name) == next);
            named.insert(at.unwrap_or(named.len()), record);
        }
    }
    Ok(())
}

/// Whether the metadata item `item` is an operand of one node only, and of no instruction.
fn only_use(m: &Module, item: MdId) -> bool {
    let in_nodes: usize = (0..m.metadata.items.len() as u32)
        .map(|i| {
            node(m, Some(MdId(i)))
                .iter()
                .filter(|&&o| o == Some(item))
                .count()
        })
        .sum();
    let in_code = m
        .functions
        .iter()
        .filter_map(|f| f.body.as_ref())
        .any(|b| b.operands.contains(&Value::Metadata(item)));
    in_nodes == 1 && !in_code
}
