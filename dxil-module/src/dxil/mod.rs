//! A typed view of DXIL's metadata, read from the module model: `!dx.version`, `!dx.valver`,
//! `!dx.shaderModel`, `!dx.entryPoints` (functions, names, signatures with their elements,
//! resources, properties by tag), `!dx.resources` and `!dx.targetTypes`, with the layouts
//! DXC writes (its `DxilMDHelper`). Whichever reader made the module (text or bitcode), the
//! same view reads it.
//!
//! Metadata that does not have its layout is an error value ([`MdError`]) that says where (the
//! path of fields from the named metadata) and what was expected, never a panic. Records are
//! read one by one where a list may hold a record in error ([`entry_points`],
//! [`resource_records`], [`target_types`]), and the parts of an entry point that many entries
//! may share (signatures, resources, properties, resource extra properties) are read on
//! demand, so a checker takes what is readable and reads each shared node once. Fields keep
//! the numbers stored; methods give the typed values of `dxil_ops::enums`, so an unknown value
//! is data, not an error.
//!
//! ```
//! use dxil_module::{dxil, text};
//!
//! let src = r#"
//! define void @main() {
//!   ret void
//! }
//! !dx.version = !{!0}
//! !dx.shaderModel = !{!1}
//! !dx.entryPoints = !{!2}
//! !0 = !{i32 1, i32 6}
//! !1 = !{!"cs", i32 6, i32 6}
//! !2 = !{void ()* @main, !"main", null, null, !3}
//! !3 = !{i32 0, i64 16, i32 4, !4}
//! !4 = !{i32 8, i32 4, i32 1}
//! "#;
//! let m = text::parse(src.as_bytes()).expect("valid");
//! assert_eq!(dxil::dxil_version(&m).unwrap().map(|v| v.to_string()), Some("1.6".into()));
//! assert_eq!(dxil::shader_model(&m).unwrap().map(|s| s.to_string()), Some("cs_6_6".into()));
//! let entry = dxil::entry_points(&m).next().unwrap().unwrap();
//! assert_eq!(entry.name, b"main");
//! let props = entry.properties().unwrap();
//! assert_eq!(props.num_threads().unwrap(), Some([8, 4, 1]));
//! assert_eq!(props.shader_flags().unwrap(), Some(16));
//! ```

mod entry;
mod error;
mod md;
pub mod properties;
pub mod resources;
pub mod signature;
mod target_types;
mod version;

pub use entry::{EntryPoint, entry_points};
pub use error::{MdError, MdErrorKind};
pub use properties::{Properties, Property};
pub use resources::{ResourceDetail, ResourceRecord, Resources, resource_records, resources};
pub use signature::{SignatureElement, Signatures};
pub use target_types::{TargetType, target_types};
pub use version::{ShaderModelMd, Version, dxil_version, shader_model, validator_version};
