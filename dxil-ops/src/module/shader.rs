//! What a [`Module`] knows of its shader besides the calls: the entry point (its types are in
//! `entry`), the validator version, the signature elements and the resources, declared with
//! typed fields, and the handles of its resources.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::{self, Write};
use core::marker::PhantomData;

use super::Module;
use super::entry::EntryPoint;
use crate::call::{BuildError, Target};
use crate::enums::{ComponentType, InterpolationMode, ResourceClass, SemanticKind, SignatureKind};
use crate::handle::{Class, Handle};
use crate::ir::IrError;
use crate::resource::{ResourceBinding, ResourceError, ResourceProperties};
use crate::rules::ValidationRule;
use crate::{DxilVersion, Op, ShaderKind};

/// An element of a signature: a rectangle of `rows` × `cols` components of one type, with
/// its semantic and its place in the packed signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Element {
    /// The semantic name (`TEXCOORD`, `SV_Target`).
    pub semantic: String,
    /// The system value, or `Arbitrary`.
    pub kind: SemanticKind,
    /// The type of the components.
    pub component: ComponentType,
    /// How the rasterizer interpolates it (`Undefined` where nothing is interpolated).
    pub interpolation: InterpolationMode,
    /// The semantic index of the first row; row `r` has index `index + r`.
    pub index: u32,
    /// The number of rows (1 for a scalar or a vector, more for an array).
    pub rows: u32,
    /// The number of columns (1 to 4).
    pub cols: u8,
    /// Where the packing put it (register row, column); `None` for an element that does not
    /// take part in packing (written `-1, -1`).
    pub start: Option<(u32, u8)>,
    /// The components the shader uses, one bit per column of the element; `None`: all of
    /// them when the element is packed, none otherwise (DXC's usage mask; nothing is written
    /// when it is 0).
    pub usage: Option<u8>,
    /// The output stream of a geometry shader's output, 0 to 3 (written when not 0).
    pub stream: u8,
}

impl Element {
    /// A user element `semantic` (not `SV_...`) of `rows` × `cols` components of
    /// `component`, packed at row 0, column 0, without interpolation.
    pub fn new(semantic: &str, component: ComponentType, rows: u32, cols: u8) -> Self {
        Element {
            semantic: semantic.to_string(),
            kind: SemanticKind::Arbitrary,
            component,
            interpolation: InterpolationMode::Undefined,
            index: 0,
            rows,
            cols,
            start: Some((0, 0)),
            usage: None,
            stream: 0,
        }
    }

    /// The system value `kind`, named `SV_` and the kind's name (`SV_Target`), like
    /// [`Element::new`] otherwise.
    pub fn system(kind: SemanticKind, component: ComponentType, rows: u32, cols: u8) -> Self {
        let mut e = Element::new(&format!("SV_{}", kind.name()), component, rows, cols);
        e.kind = kind;
        e
    }

    /// The same element with the semantic index `index` for its first row.
    pub fn index(mut self, index: u32) -> Self {
        self.index = index;
        self
    }

    /// The same element interpolated as `mode`.
    pub fn interpolation(mut self, mode: InterpolationMode) -> Self {
        self.interpolation = mode;
        self
    }

    /// The same element packed at `row`, `col`.
    pub fn at(mut self, row: u32, col: u8) -> Self {
        self.start = Some((row, col));
        self
    }

    /// The same element outside packing (an SGV the driver places, `SV_SampleIndex`).
    pub fn unpacked(mut self) -> Self {
        self.start = None;
        self
    }

    /// The same element with the usage mask `mask` (one bit per column).
    pub fn usage(mut self, mask: u8) -> Self {
        self.usage = Some(mask);
        self
    }

    /// The same element, an output of a geometry shader to `stream`.
    pub fn stream(mut self, stream: u8) -> Self {
        self.stream = stream;
        self
    }

    /// Why the element cannot be written, if it cannot.
    fn problem(&self) -> Option<&'static str> {
        let system = self
            .semantic
            .get(..3)
            .is_some_and(|p| p.eq_ignore_ascii_case("SV_"));
        if self.semantic.is_empty() {
            Some("the semantic name is empty")
        } else if self.kind == SemanticKind::Arbitrary && system {
            Some("a name that starts with SV_ is a system value: give its SemanticKind")
        } else if matches!(self.kind, SemanticKind::Invalid) {
            Some("Invalid is no semantic kind")
        } else if matches!(
            self.component,
            ComponentType::Invalid | ComponentType::LastEntry
        ) {
            Some("the component type is no type")
        } else if self.rows == 0 || self.rows > i32::MAX as u32 {
            Some("an element has 1 row or more")
        } else if !(1..=4).contains(&self.cols) {
            Some("an element has 1 to 4 columns")
        } else if self.index.checked_add(self.rows).is_none() {
            Some("the semantic indices of its rows do not fit 32 bits")
        } else if self
            .start
            .is_some_and(|(r, c)| c as u32 + self.cols as u32 > 4 || r > i32::MAX as u32)
        {
            Some("the element does not fit the 4 columns of a register from its start")
        } else if self.usage.is_some_and(|m| u32::from(m) >> self.cols != 0) {
            Some("the usage mask names columns the element does not have")
        } else if u32::from(self.stream) >= super::limits::GS_STREAMS {
            Some("a geometry shader writes streams 0 to 3")
        } else {
            None
        }
    }

    /// The usage mask written.
    pub(super) fn usage_mask(&self) -> u8 {
        match (self.usage, self.start) {
            (Some(m), _) => m,
            (None, Some(_)) => ((1u32 << self.cols) - 1) as u8,
            (None, None) => 0,
        }
    }
}

/// The id of a signature element: its position in its signature, the number `loadInput`,
/// `storeOutput` and the other signature ops take. Displays as the number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ElementId(pub u32);

impl fmt::Display for ElementId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A resource the module declared, of class `C`: what its handles are made from.
pub struct Resource<C> {
    /// Its range id: its position among the module's resources of its class.
    pub id: u32,
    /// Its binding.
    pub binding: ResourceBinding,
    /// Its properties.
    pub properties: ResourceProperties,
    class: PhantomData<C>,
}

impl<C> Clone for Resource<C> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<C> Copy for Resource<C> {}

impl<C: Class> fmt::Debug for Resource<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Resource")
            .field("class", &C::CLASS)
            .field("id", &self.id)
            .field("binding", &self.binding)
            .field("properties", &self.properties)
            .finish()
    }
}

/// A declared resource, as the metadata writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct ResourceRecord {
    pub(super) name: String,
    pub(super) binding: ResourceBinding,
    pub(super) properties: ResourceProperties,
}

impl ResourceRecord {
    /// The struct type whose pointer stands for the resource's global symbol.
    pub(super) fn symbol_type(&self) -> String {
        format!(
            "%res.{}.{}",
            self.properties.class().name(),
            self.properties.kind.name()
        )
    }
}

/// The shader part of a module.
#[derive(Clone, Debug, Default)]
pub(super) struct Shader {
    pub(super) entry: Option<EntryPoint>,
    /// The validator version (`!dx.valver`).
    pub(super) validator: Option<DxilVersion>,
    /// The view-ID state in DXC's serialized form (`!dx.viewIdState`).
    pub(super) view_id: Vec<u32>,
    /// Input, output and patch-constant (or primitive) elements.
    pub(super) signatures: [Vec<Element>; 3],
    /// SRVs, UAVs, constant buffers, samplers.
    pub(super) resources: [Vec<ResourceRecord>; 4],
}

/// Why the module cannot declare or write something of its shader.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModuleError {
    /// Resource properties or a binding that do not fit together.
    Resource(ResourceError),
    /// A resource declared as one class whose properties or binding are of another.
    ResourceClass {
        /// The class asked for.
        expected: ResourceClass,
        /// The class of the properties or the binding.
        found: ResourceClass,
    },
    /// A signature element that cannot be written.
    Element {
        /// Its semantic name.
        semantic: String,
        /// What is wrong.
        reason: &'static str,
    },
    /// An element added to a signature that is no signature (`Invalid`).
    Signature(SignatureKind),
    /// The name given for a handle is not a local value `%name` that needs no quotes.
    HandleName(String),
    /// A call making a handle was refused.
    Build(BuildError<'static>),
    /// A call could not be written.
    Ir(IrError),
    /// The entry point's stage is not the target's.
    Stage {
        /// The entry point's.
        entry: ShaderKind,
        /// The target's.
        target: ShaderKind,
    },
    /// A ray-tracing or node entry point outside a library.
    LibraryOnly(ShaderKind),
    /// An entry point of a stage that does not exist at the target's DXIL version.
    StageVersion {
        /// The stage.
        stage: ShaderKind,
        /// The target's DXIL version.
        dxil: DxilVersion,
    },
    /// An entry point's property that DXC's validator refuses, with the rule that refuses it
    /// and its message.
    Rule {
        /// The rule.
        rule: ValidationRule,
        /// Its message, with the values of the entry point.
        message: String,
    },
    /// Another problem of the entry point's properties.
    Entry(String),
    /// A validator version that cannot validate the target's DXIL version.
    ValidatorVersion {
        /// The validator version.
        validator: DxilVersion,
        /// The target's DXIL version.
        dxil: DxilVersion,
    },
    /// Signature elements or a view-ID state declared, but no entry point.
    NoEntryPoint,
}

impl fmt::Display for ModuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModuleError::Resource(e) => write!(f, "{e}"),
            ModuleError::ResourceClass { expected, found } => write!(
                f,
                "a resource declared as {} has the properties or binding of {}",
                expected.name(),
                found.name()
            ),
            ModuleError::Element { semantic, reason } => {
                write!(f, "signature element {semantic:?}: {reason}")
            }
            ModuleError::Signature(k) => write!(f, "{} is no signature", k.name()),
            ModuleError::HandleName(n) => write!(
                f,
                "a handle is named by a local value `%name` whose name needs no quotes and does not start with a digit, not {n:?}"
            ),
            ModuleError::Build(e) => write!(f, "{e}"),
            ModuleError::Ir(e) => write!(f, "{e}"),
            ModuleError::Stage { entry, target } => write!(
                f,
                "the entry point is a {} shader but the target is {}",
                entry.profile_prefix(),
                target.profile_prefix()
            ),
            ModuleError::LibraryOnly(stage) => write!(
                f,
                "a {} shader is an entry of a library: the target is not one",
                stage.dxil_name()
            ),
            ModuleError::StageVersion { stage, dxil } => write!(
                f,
                "there are no {} shaders at DXIL {dxil}",
                stage.dxil_name()
            ),
            ModuleError::Rule { rule, message } => write!(f, "{}: {message}", rule.code()),
            ModuleError::Entry(reason) => write!(f, "entry point: {reason}"),
            ModuleError::ValidatorVersion { validator, dxil } => write!(
                f,
                "validator version {validator} cannot validate DXIL {dxil}: it must be a validator version not before {dxil}, or 0.0 for none"
            ),
            ModuleError::NoEntryPoint => {
                f.write_str("signature elements or a view-ID state are declared but no entry point")
            }
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ModuleError {}

impl From<ResourceError> for ModuleError {
    fn from(e: ResourceError) -> Self {
        ModuleError::Resource(e)
    }
}

impl From<IrError> for ModuleError {
    fn from(e: IrError) -> Self {
        ModuleError::Ir(e)
    }
}

impl From<BuildError<'static>> for ModuleError {
    fn from(e: BuildError<'static>) -> Self {
        ModuleError::Build(e)
    }
}

/// The position of a class among the four lists of `!dx.resources`.
pub(super) const fn class_slot(class: ResourceClass) -> Option<usize> {
    match class {
        ResourceClass::SRV => Some(0),
        ResourceClass::UAV => Some(1),
        ResourceClass::CBuffer => Some(2),
        ResourceClass::Sampler => Some(3),
        ResourceClass::Invalid => None,
    }
}

/// Whether `value` is `%name` with a name LLVM reads unquoted and not as a number.
fn plain_local(value: &str) -> bool {
    let Some(name) = value.strip_prefix('%') else {
        return false;
    };
    let mut bytes = name.bytes();
    bytes
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || matches!(b, b'-' | b'$' | b'.' | b'_'))
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'$' | b'.' | b'_'))
}

impl Module {
    /// Declares the entry point (replacing one declared before).
    pub fn set_entry_point(&mut self, entry: EntryPoint) {
        self.shader.entry = Some(entry);
    }

    /// The entry point, if declared.
    pub fn entry_point(&self) -> Option<&EntryPoint> {
        self.shader.entry.as_ref()
    }

    /// Declares the version of the validator the module is for (`!dx.valver`): validator
    /// versions are numbered as the DXIL versions they validate (validator 1.7 validates DXIL
    /// up to 1.7); 0.0 says the module is not meant for validation. Without it, no
    /// `!dx.valver` is written (DXC then assumes 1.0).
    pub fn set_validator_version(&mut self, version: DxilVersion) {
        self.shader.validator = Some(version);
    }

    /// The validator version, if declared.
    pub fn validator_version(&self) -> Option<DxilVersion> {
        self.shader.validator
    }

    /// Declares the entry point's view-ID state (`!dx.viewIdState`) in DXC's serialized form:
    /// the input scalar count, then per output stream the output count, the outputs that
    /// depend on the view ID (when the shader uses it) and the input-to-output dependence
    /// table, then the patch-constant or primitive part of hull, domain and mesh shaders. It
    /// is the result of an analysis of the shader's code, which the module does not see: the
    /// caller computes it (`dxil_module::assemble::viewid::compute(&module)?.to_words()` on
    /// the module read from its text) and the module writes it as given, unless every word is
    /// 0, as DXC does. A container made by `dxil_module::assemble::container` records the
    /// state computed from the code whatever the text says (`viewid::refresh`).
    pub fn set_view_id_state(&mut self, words: &[u32]) {
        self.shader.view_id = words.to_vec();
    }

    /// The view-ID state, as declared (empty when it is not).
    pub fn view_id_state(&self) -> &[u32] {
        &self.shader.view_id
    }

    /// Adds `element` to the signature `kind` (`Input`, `Output`, or `PatchConstOrPrim`: the
    /// patch constants of hull and domain shaders, the primitive outputs of mesh shaders) and
    /// gives its id, after checking its fields.
    pub fn add_element(
        &mut self,
        kind: SignatureKind,
        element: Element,
    ) -> Result<ElementId, ModuleError> {
        let slot = match kind {
            SignatureKind::Input => 0,
            SignatureKind::Output => 1,
            SignatureKind::PatchConstOrPrim => 2,
            SignatureKind::Invalid => return Err(ModuleError::Signature(kind)),
        };
        if let Some(reason) = element.problem() {
            return Err(ModuleError::Element {
                semantic: element.semantic,
                reason,
            });
        }
        let list = &mut self.shader.signatures[slot];
        let id = ElementId(list.len() as u32);
        list.push(element);
        Ok(id)
    }

    /// [`Module::add_element`] to the input signature.
    pub fn add_input(&mut self, element: Element) -> Result<ElementId, ModuleError> {
        self.add_element(SignatureKind::Input, element)
    }

    /// [`Module::add_element`] to the output signature.
    pub fn add_output(&mut self, element: Element) -> Result<ElementId, ModuleError> {
        self.add_element(SignatureKind::Output, element)
    }

    /// The elements of the signature `kind`, in the order of their ids.
    pub fn elements(&self, kind: SignatureKind) -> &[Element] {
        match kind {
            SignatureKind::Input => &self.shader.signatures[0],
            SignatureKind::Output => &self.shader.signatures[1],
            SignatureKind::PatchConstOrPrim => &self.shader.signatures[2],
            SignatureKind::Invalid => &[],
        }
    }

    /// Declares a resource of class `C` named `name` (the name reflection gives it; may be
    /// empty) with its properties and binding, after checking them and that both are of
    /// class `C`.
    ///
    /// ```
    /// use dxil_ops::enums::{ComponentType, ResourceClass, ResourceKind};
    /// use dxil_ops::handle::{Sampler, Srv};
    /// use dxil_ops::module::{Module, Resource};
    /// use dxil_ops::resource::{ResourceBinding, ResourceProperties};
    ///
    /// let mut m = Module::new();
    /// let tex: Resource<Srv> = m.declare_resource(
    ///     "tex",
    ///     ResourceProperties::typed(ResourceKind::Texture2D, ComponentType::F32, 4),
    ///     ResourceBinding::new(ResourceClass::SRV, 0, 0, 0),
    /// )?;
    /// assert_eq!(tex.id, 0);
    /// // a texture is no sampler
    /// let bad = m.declare_resource::<Sampler>(
    ///     "s",
    ///     ResourceProperties::typed(ResourceKind::Texture2D, ComponentType::F32, 4),
    ///     ResourceBinding::new(ResourceClass::Sampler, 0, 0, 0),
    /// );
    /// assert!(bad.is_err());
    /// # Ok::<(), dxil_ops::module::ModuleError>(())
    /// ```
    pub fn declare_resource<C: Class>(
        &mut self,
        name: &str,
        properties: ResourceProperties,
        binding: ResourceBinding,
    ) -> Result<Resource<C>, ModuleError> {
        properties.check()?;
        binding.check()?;
        for found in [properties.class(), binding.class] {
            if found != C::CLASS {
                return Err(ModuleError::ResourceClass {
                    expected: C::CLASS,
                    found,
                });
            }
        }
        let Some(slot) = class_slot(C::CLASS) else {
            return Err(ModuleError::ResourceClass {
                expected: C::CLASS,
                found: C::CLASS,
            });
        };
        let record = ResourceRecord {
            name: name.to_string(),
            binding,
            properties,
        };
        // the index holds struct names without their `%`
        let ty = record.symbol_type();
        let name = ty.trim_start_matches('%');
        if !self.type_index.contains_key(name) {
            self.type_index.insert(name.to_string(), self.types.len());
            self.types.push((format!("{ty} = type opaque"), true));
        }
        let list = &mut self.shader.resources[slot];
        let id = list.len() as u32;
        list.push(record);
        Ok(Resource {
            id,
            binding,
            properties,
            class: PhantomData,
        })
    }

    /// Writes the calls that make a handle of `resource` at `index` (a value, the register
    /// within the binding's range; `None` for the first) to `out`, each on a line of its own
    /// indented by two spaces, as in a function's body: `createHandle` before DXIL 1.6,
    /// `createHandleFromBinding` (named `value` with `.bind` after it) and `annotateHandle`
    /// from 1.6 on. The handle is the local value `value` (`%tex`), typed with the resource's
    /// class, so that a builder refuses it where another class is needed.
    pub fn write_handle<'n, C: Class>(
        &mut self,
        out: &mut impl Write,
        target: &Target,
        value: &'n str,
        resource: &Resource<C>,
        index: Option<&str>,
        non_uniform: bool,
    ) -> Result<Handle<&'n str, C>, ModuleError> {
        if !plain_local(value) {
            return Err(ModuleError::HandleName(value.to_string()));
        }
        let name = value.get(1..).unwrap_or_default();
        let lower = resource.binding.lower.to_string();
        let index = index.unwrap_or(&lower);
        if Op::CreateHandle.is_available_at(target.dxil) {
            let call =
                crate::build::create_handle(target, C::CLASS, resource.id, index, non_uniform)?;
            out.write_str("  ").map_err(IrError::from)?;
            self.write_call(out, Some(name), &call)?;
        } else {
            let bind = resource.binding.encode()?;
            let props = resource.properties.encode()?;
            let binding = format!("{name}.bind");
            let call = crate::build::create_handle_from_binding(target, bind, index, non_uniform)?;
            out.write_str("  ").map_err(IrError::from)?;
            self.write_call(out, Some(&binding), &call)?;
            let unannotated = format!("%{binding}");
            let call = crate::build::annotate_handle(target, unannotated.as_str(), props)?;
            out.write_str("\n  ").map_err(IrError::from)?;
            self.write_call(out, Some(name), &call)?;
        }
        out.write_char('\n').map_err(IrError::from)?;
        Ok(Handle::new(value))
    }
}
