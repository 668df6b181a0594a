//! The `dx.op` part of an LLVM IR module: a [`Module`] collects the calls a program writes and
//! prints what they need, each `%dx.types.*` struct defined once, each function declared once
//! (with its attributes as attribute groups); [`metadata`] writes the version metadata. Needs
//! the feature `alloc`.
//!
//! A module also describes its shader with typed fields: the entry point ([`EntryPoint`]: its
//! [`Stage`] with the properties of that stage, [`ShaderFlags`](crate::enums::ShaderFlags)),
//! the elements of its signatures ([`Element`]: semantic, system value, component type,
//! interpolation, rows and columns, packing place, output stream), its resources
//! ([`Module::declare_resource`]: properties and binding, typed by class) and the validator
//! version it is for ([`Module::set_validator_version`]). [`Module::write_handle`] writes the
//! calls that make a handle of a resource and gives a [`Handle`](crate::handle::Handle) of its
//! class, which the builders refuse where another class is needed, and [`Module::metadata`]
//! writes `!dx.version`, `!dx.valver`, `!dx.shaderModel`, `!dx.resources`, `!dx.viewIdState`
//! and `!dx.entryPoints` with DXIL's records, the entry's properties as DXC lays them out (the
//! geometry, hull, domain, mesh and amplification states, thread-group and wave sizes, ray
//! payload sizes, a node's launch), after checking them against the limits of DXC's
//! validator; `!dx.viewIdState` is written as given ([`Module::set_view_id_state`]: it comes
//! from an analysis of the code, which the module does not see).
//! `examples/emit_pixel.rs` writes a whole pixel shader that way, `examples/emit_stages.rs` a
//! shader of each stage with properties.
//!
//! ```
//! use dxil_ops::module::Module;
//! use dxil_ops::{DxilVersion, Overload, ScalarType, ShaderKind, Target};
//!
//! let target = Target::new(DxilVersion::new(1, 6)).with_stage(ShaderKind::Compute);
//! let mut m = Module::new();
//! let f32_ = Overload::Scalar(ScalarType::F32);
//! let mut body = String::new();
//! let sin = dxil_ops::build::sin(&target, f32_, "1.0")?;
//! m.write_call(&mut body, Some("s"), &sin)?;
//! let cos = dxil_ops::build::cos(&target, f32_, "%s")?;
//! m.write_call(&mut body, Some("c"), &cos)?;
//!
//! // one declaration for both calls of dx.op.unary.f32
//! let text = m.to_string();
//! assert_eq!(text.matches("declare float @dx.op.unary.f32(i32, float) #0").count(), 1);
//! assert!(text.contains("attributes #0 = { nounwind readnone }"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::{self, Write};

use crate::call::{Call, DynCall, Target, Value};
use crate::ir::{self, IrError};
use crate::sig::Signature;

mod checks;
mod entry;
pub mod limits;
mod metadata;
mod properties;
mod shader;
pub mod tag;

pub use entry::{
    AsState, CsState, DsState, EntryPoint, GsState, HsState, MsState, NodeLaunch, NodeState, Stage,
    WaveSize,
};
pub use metadata::Metadata;
pub use shader::{Element, ElementId, ModuleError, Resource};

/// A declared function: its name and its declaration without attributes.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Function {
    name: String,
    declaration: String,
    group: usize,
}

/// The `dx.op` functions a module calls, and the struct types they need.
///
/// [`Module::write_call`] writes a call where the caller wants it (the body of a function it
/// is writing) and records the call's function; [`Display`](fmt::Display) prints, in this
/// order, the struct definitions, the declarations (in the order of first use) and their
/// attribute groups: the text that goes around the caller's functions. Named void calls and
/// calls whose operands are not their op's are refused ([`IrError`]).
/// [`metadata`] prints `!dx.version` and `!dx.shaderModel` for a target; the module's own
/// [`Module::metadata`] adds what it knows of its shader.
#[derive(Clone, Debug, Default)]
pub struct Module {
    /// The struct definitions, in the order of first use, each with whether it is opaque.
    types: Vec<(String, bool)>,
    /// The position of each struct definition by the name it defines: a name is defined once.
    type_index: BTreeMap<String, usize>,
    /// The functions, in the order of first use.
    functions: Vec<Function>,
    /// The position of each function by name: a lookup costs a logarithm of their number, not
    /// a scan of them all.
    by_name: BTreeMap<String, usize>,
    groups: Vec<String>,
    shader: shader::Shader,
}

impl Module {
    /// An empty module.
    pub fn new() -> Self {
        Module::default()
    }

    /// Declares the function of `signature` and defines the struct types it needs, unless
    /// they already are. A function name is declared once, with one signature: the same name
    /// with another declaration (a pointer to a user-defined struct in another address space,
    /// which the name does not show) is refused ([`IrError::Redeclared`]). A struct name is
    /// defined once: an opaque definition gives way to one with a body (the same name used as
    /// a pointer to a user-defined struct and as an object with a known body), and two
    /// different bodies are refused ([`IrError::StructBody`]).
    pub fn declare(&mut self, signature: &Signature<'_>) -> Result<(), IrError> {
        if let Some(new) = self.new_function(signature)? {
            self.add(signature, new);
        }
        Ok(())
    }

    /// The function of `signature` when it is not declared yet; an error when its name is,
    /// with another declaration.
    fn new_function(&self, signature: &Signature<'_>) -> Result<Option<Function>, IrError> {
        for s in signature.structs() {
            let Some(&i) = self.type_index.get(&s.name().to_string()) else {
                continue;
            };
            match self.types.get(i) {
                Some((def, opaque)) if !opaque && !s.is_opaque() && *def != s.to_string() => {
                    return Err(IrError::StructBody {
                        op: signature.info.class.name,
                    });
                }
                _ => {}
            }
        }
        let name = signature.name().to_string();
        let declaration = signature.declaration().to_string();
        match self.by_name.get(&name).and_then(|&i| self.functions.get(i)) {
            Some(f) if f.declaration == declaration => Ok(None),
            Some(_) => Err(IrError::Redeclared {
                op: signature.info.class.name,
            }),
            None => Ok(Some(Function {
                name,
                declaration,
                group: 0,
            })),
        }
    }

    /// Adds a function `new_function` found new, and the struct types and attribute group it
    /// needs.
    fn add(&mut self, signature: &Signature<'_>, mut function: Function) {
        for s in signature.structs() {
            let (name, def, opaque) = (s.name().to_string(), s.to_string(), s.is_opaque());
            match self
                .type_index
                .get(&name)
                .and_then(|&i| self.types.get_mut(i))
            {
                // an opaque definition gives way to a body
                Some(old) if old.1 && !opaque => *old = (def, opaque),
                Some(_) => {}
                None => {
                    self.type_index.insert(name, self.types.len());
                    self.types.push((def, opaque));
                }
            }
        }
        let attributes = signature.declaration().attributes().to_string();
        function.group = match self.groups.iter().position(|g| *g == attributes) {
            Some(i) => i,
            None => {
                self.groups.push(attributes);
                self.groups.len() - 1
            }
        };
        self.by_name
            .insert(function.name.clone(), self.functions.len());
        self.functions.push(function);
    }

    /// Writes a call made by a builder of [`crate::build`] to `out` (one instruction, without
    /// indentation or line break; see [`ir::write_call`]) and declares its function.
    pub fn write_call<V: fmt::Display + Value, const N: usize>(
        &mut self,
        out: &mut impl Write,
        result: Option<&str>,
        call: &Call<'_, V, N>,
    ) -> Result<(), IrError> {
        let new = self.new_function(&call.signature)?;
        ir::write_call(out, result, call)?;
        if let Some(f) = new {
            self.add(&call.signature, f);
        }
        Ok(())
    }

    /// Writes a call made at run time ([`crate::call::build_dynamic`]), like
    /// [`Module::write_call`].
    pub fn write_dynamic_call<V: fmt::Display + Value>(
        &mut self,
        out: &mut impl Write,
        result: Option<&str>,
        call: &DynCall<'_, '_, V>,
    ) -> Result<(), IrError> {
        let new = self.new_function(&call.signature)?;
        ir::write_dynamic_call(out, result, call)?;
        if let Some(f) = new {
            self.add(&call.signature, f);
        }
        Ok(())
    }

    /// The names of the declared functions, in the order of first use.
    pub fn functions(&self) -> impl ExactSizeIterator<Item = &str> {
        self.functions.iter().map(|f| f.name.as_str())
    }

    /// Whether the function `name` is declared.
    pub fn declares(&self, name: &str) -> bool {
        self.by_name.contains_key(name)
    }

    /// The struct definitions, one per line (`%dx.types.Handle = type { i8* }`).
    pub fn types(&self) -> impl fmt::Display + '_ {
        Lines(&self.types)
    }

    /// The declarations and their attribute groups, one per line.
    pub fn declarations(&self) -> impl fmt::Display + '_ {
        Declarations(self)
    }
}

/// `!dx.version` and `!dx.shaderModel` for `target`, using the metadata nodes `!first` and
/// `!first + 1`: the shader model is the one that pairs with the target's version, its kind
/// that of the target's stage (`lib` for a library or without a stage). `first` must leave
/// room for the second node (`u32::MAX` does not: [`IrError::MetadataIndex`]).
pub fn metadata(target: &Target, first: u32) -> Result<impl fmt::Display, IrError> {
    if first == u32::MAX {
        return Err(IrError::MetadataIndex(first));
    }
    Ok(VersionMetadata {
        target: *target,
        first,
    })
}

struct Lines<'m>(&'m [(String, bool)]);

impl fmt::Display for Lines<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|(l, _)| writeln!(f, "{l}"))
    }
}

struct Declarations<'m>(&'m Module);

impl fmt::Display for Declarations<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.0;
        for func in &m.functions {
            writeln!(f, "{} #{}", func.declaration, func.group)?;
        }
        if !m.groups.is_empty() {
            f.write_str("\n")?;
        }
        for (i, g) in m.groups.iter().enumerate() {
            writeln!(f, "attributes #{i} = {{ {g} }}")?;
        }
        Ok(())
    }
}

struct VersionMetadata {
    target: Target,
    first: u32,
}

/// The DXIL version of `target`, the kind of its shader model (`lib` for a library or without
/// a stage) and the shader model that pairs with the version.
fn version_fields(
    target: &Target,
) -> (dxil_base::DxilVersion, &'static str, dxil_base::ShaderModel) {
    let v = target.dxil;
    let kind = match (target.library, target.stage) {
        (false, Some(stage)) => stage.profile_prefix(),
        _ => "lib",
    };
    let sm = crate::shader_model_of(v).unwrap_or(dxil_base::ShaderModel::new(6, 0));
    (v, kind, sm)
}

impl fmt::Display for VersionMetadata {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = (self.first, self.first.saturating_add(1));
        let (v, kind, sm) = version_fields(&self.target);
        writeln!(f, "!dx.version = !{{!{a}}}")?;
        writeln!(f, "!dx.shaderModel = !{{!{b}}}")?;
        writeln!(f, "!{a} = !{{i32 {}, i32 {}}}", v.major, v.minor)?;
        writeln!(
            f,
            "!{b} = !{{!\"{kind}\", i32 {}, i32 {}}}",
            sm.major, sm.minor
        )
    }
}

impl fmt::Display for Module {
    /// The struct definitions, a blank line, the declarations and their attribute groups.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.types())?;
        if !self.types.is_empty() {
            f.write_str("\n")?;
        }
        write!(f, "{}", self.declarations())
    }
}
