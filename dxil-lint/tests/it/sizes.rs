//! Modules with very many entry points, resources, handles, functions and metadata references.
//! Every lookup the checks make (an entry's function, a `createHandle`'s record of
//! `!dx.resources`, the resource behind a handle, a metadata node named many times) is keyed or
//! read once, so checking is linear in the size of the module.
//!
//! The sizes are chosen so that a lookup by scan takes a minute or more in a debug build (10⁹
//! comparisons and more: 100,000 entry points, 30,000 `createHandle`s among 60,000 records,
//! 20,000 references to nodes of 20,000 elements), while the checks, linear, take a few seconds.
//! These are not timings: the tests check what the lint finds, and a quadratic lint makes them
//! run for minutes. `cargo bench -p dxil-lint --bench sizes` measures the lint on 100,000 of
//! each in a release build.

use crate::sizes_inputs;

use dxil_lint::Report;
use sizes_inputs::{
    N, create_handles, entry_points, handles_then_functions, shared_nodes, shared_signatures,
};

/// The fewer elements of the shapes whose every element is a call (the checks of a call take
/// tens of microseconds in a debug build).
const FEW: usize = 20_000;

/// The rule codes of the diagnostics with their lines.
fn found(r: &Report) -> Vec<String> {
    r.diagnostics
        .iter()
        .map(|d| format!("{}: {}", d.line, d.rule.code()))
        .collect()
}

/// 100,000 functions listed as vertex entries of a library: only the last calls Sample, which
/// a vertex shader may not, so its entry (matched by name) is the one reported.
#[test]
fn entry_points_are_matched_by_name() {
    let (text, sample_line, last_define) = entry_points(N);
    let r = dxil_lint::lint(&text);
    assert_eq!(r.calls, 1);
    assert_eq!(
        found(&r),
        [
            format!("{last_define}: SM.INCOMPATIBLEOPERATION"),
            format!("{last_define}: SM.INCOMPATIBLESTAGE"),
            format!("{sample_line}: SM.OPCODE"),
        ],
        "{:#?}",
        r.diagnostics
    );
}

/// 60,000 SRV records of `!dx.resources` and a `createHandle` of each of the last 30,000: the
/// store through the last handle finds its record (an SRV, so the store is refused), and so
/// does the store through a UAV declared after them all.
#[test]
fn create_handle_finds_its_record_by_key() {
    let calls = 30_000;
    let (text, srv_store, uav_store) = create_handles(60_000, calls);
    let r = dxil_lint::lint(&text);
    assert_eq!(r.calls, calls + 3);
    assert_eq!(
        found(&r),
        [format!("{srv_store}: INSTR.RESOURCECLASSFORUAVSTORE")],
        "{:#?}",
        r.diagnostics
    );
    assert!(uav_store > srv_store);
}

/// One function makes 20,000 handles, 20,000 functions follow with a call each: the handles
/// of the first are forgotten (their table dropped once, not cleared at the cost of its
/// capacity for each function), and each later function's handle is its own.
#[test]
fn handles_of_a_large_function_are_forgotten_once() {
    let (text, wrong_store) = handles_then_functions(FEW);
    let r = dxil_lint::lint(&text);
    assert_eq!(r.calls, 2 * FEW + 2);
    assert_eq!(
        found(&r),
        [format!("{wrong_store}: INSTR.RESOURCECLASSFORUAVSTORE")],
        "{:#?}",
        r.diagnostics
    );
}

/// Metadata nodes of 20,000 elements named 20,000 times each (the properties of every entry,
/// the extra properties of every resource, one target type, one entry node): each is read once.
#[test]
fn a_node_named_many_times_is_read_once() {
    let (text, stores) = shared_nodes(FEW, FEW);
    let r = dxil_lint::lint(&text);
    // the typed UAV store writes one component: each store through the shared records is
    // reported, with the component type of the shared extra properties
    assert_eq!(r.diagnostics.len(), stores.len(), "{:#?}", r.diagnostics);
    for (d, line) in r.diagnostics.iter().zip(&stores) {
        assert_eq!(
            (d.line, d.rule.code()),
            (*line, "INSTR.WRITEMASKFORTYPEDUAVSTORE")
        );
    }
}

/// 100,000 entries of a library name one signatures node of 20,000 elements: it is read once
/// and checked once (at the first entry), each element reported once.
#[test]
fn a_signatures_node_named_many_times_is_checked_once() {
    let (text, lines) = shared_signatures(N, FEW);
    let r = dxil_lint::lint(&text);
    assert_eq!(r.diagnostics.len(), lines.len());
    for (d, line) in r.diagnostics.iter().zip(&lines) {
        assert_eq!(
            (d.line, d.rule.code()),
            (*line, "META.SEMANTICSHOULDBEALLOCATED")
        );
    }
}
