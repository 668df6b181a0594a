//! The checks of the shader metadata DXC writes: the signatures of the entry points
//! (`!dx.entryPoints`), the resources (`!dx.resources`), and the calls that access signature
//! elements. They follow DXC's validator and report with its rules; the metadata is read with
//! the typed view of `dxil_module::dxil`, and what is legal where comes from the signature
//! tables of the database (`dxil_ops::tables`).
//!
//! Which entries: outside libraries the entry point of the module's stage (the first record);
//! in a library each record after the first whose properties give its shader kind. Metadata
//! that does not have DXIL's layout is not checked (the view refuses it).

mod access;
mod element;
mod entry;
mod packing;
mod props;
mod records;
mod resources;
mod semantic;
mod signature;
mod stage;

use std::collections::HashSet;
use std::fmt;

use dxil_module::dxil::ShaderModelMd;
use dxil_module::model::{MdId, Module};
use dxil_module::text::Lenient;
use dxil_ops::ShaderKind;
use dxil_ops::enums::ShaderFlags;
use dxil_ops::rules::ValidationRule;

pub(crate) use access::Access;
pub(crate) use entry::{Entry, entries};

use crate::Diagnostic;
use crate::facts::{Facts, kind_name, named_line};

/// Where a finding about metadata is: the line of its node in a text, or else of the named
/// metadata it is under (0 in a decoded module).
pub(crate) struct Lines<'a> {
    m: &'a Module,
    lenient: Option<&'a Lenient>,
}

impl Lines<'_> {
    /// The line of `node`, or of `!dx.entryPoints`.
    pub(crate) fn node(&self, node: Option<MdId>) -> usize {
        self.of(node, "dx.entryPoints")
    }

    /// The line of the resource record `node`, or of `!dx.resources`.
    pub(crate) fn resource(&self, node: MdId) -> usize {
        self.of(Some(node), "dx.resources")
    }

    fn of(&self, node: Option<MdId>, named: &str) -> usize {
        node.and_then(|n| self.lenient?.metadata_line(n))
            .map(|l| l as usize)
            .or_else(|| named_line(self.m, named))
            .unwrap_or(0)
    }
}

/// The findings about one thing (an element, a record) at one line: each diagnostic's detail
/// starts with what the thing is.
pub(crate) struct Findings<'o, T> {
    out: &'o mut Vec<Diagnostic>,
    line: usize,
    what: T,
}

impl<'o, T: fmt::Display> Findings<'o, T> {
    /// Findings about `what` at `line`, pushed to `out`.
    pub(crate) fn new(out: &'o mut Vec<Diagnostic>, line: usize, what: T) -> Self {
        Findings { out, line, what }
    }

    /// A diagnostic of `rule` with the arguments of its message, then `what: detail`.
    pub(crate) fn add(
        &mut self,
        rule: ValidationRule,
        args: &[&dyn fmt::Display],
        detail: fmt::Arguments<'_>,
    ) {
        let what = &self.what;
        self.out.push(crate::diagnostic(
            self.line,
            rule,
            args,
            format_args!("{what}: {detail}"),
        ));
    }
}

/// What the checks of the metadata know of the module.
pub(crate) struct Cx<'a> {
    /// Where findings are.
    pub(crate) lines: Lines<'a>,
    /// The module is a library.
    pub(crate) library: bool,
    /// The module's stage is geometry (outputs have streams).
    pub(crate) module_gs: bool,
    /// The module's kind as DXC names it in messages (`ps`, `lib`).
    pub(crate) module_kind: &'static str,
    /// 16-bit types are minimum precision (32 bits wide in a signature), unless the first
    /// entry record's shader flags say native 16-bit types.
    pub(crate) min_precision: bool,
}

/// Checks the metadata of a module with a shader model: the signatures of its entry points and
/// its resources. Returns the entries, for the checks of the calls.
pub(crate) fn check<'m>(
    m: &'m Module,
    lenient: Option<&Lenient>,
    facts: &Facts<'_>,
    out: &mut Vec<Diagnostic>,
) -> Vec<Entry<'m>> {
    let Some(model) = facts.model else {
        return Vec::new();
    };
    let cx = Cx {
        lines: Lines { m, lenient },
        library: model.is_library(),
        module_gs: model.stage() == Some(ShaderKind::Geometry),
        module_kind: module_kind(&model.md),
        min_precision: !native_low_precision(m),
    };
    let list = entries(m, facts);
    // entries of one stage whose records name one signatures (properties) node are checked
    // once, at the first of them
    let (mut checked, mut props) = (HashSet::new(), HashSet::new());
    for e in &list {
        if checked.insert((e.record.signatures, e.kind)) {
            entry::check(&cx, e, out);
        }
        if props.insert((e.record.properties, e.kind)) {
            props::check(&cx, e, out);
        }
    }
    resources::check(&cx, m, out);
    list
}

/// DXC's name of the module's kind.
fn module_kind(md: &ShaderModelMd<'_>) -> &'static str {
    if md.is_library() {
        return kind_name(ShaderKind::Library);
    }
    md.stage().map_or("invalid", kind_name)
}

/// Whether the shader flags of the first entry record use native 16-bit types.
fn native_low_precision(m: &Module) -> bool {
    let flags = dxil_module::dxil::entry_points(m)
        .next()
        .and_then(|e| e.ok())
        .and_then(|e| e.properties().ok())
        .and_then(|p| p.shader_flags().ok().flatten())
        .unwrap_or(0);
    flags & ShaderFlags::UseNativeLowPrecision.bits() != 0
}
