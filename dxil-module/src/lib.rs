//! Reads and writes DXIL as it is shipped: `DXBC` containers ([`container`]), the LLVM bitstream
//! ([`bitstream`]) of the LLVM 3.7 bitcode inside them ([`bitcode`]), and LLVM IR text
//! ([`text`]), into one in-memory module model ([`model`]).
//!
//! # What is decoded, and what is kept as bytes
//!
//! | input | decoded into | kept as bytes, or skipped |
//! | --- | --- | --- |
//! | container header and part table | [`container::Container`] (version, size, parts in order), the digest checked ([`container::Container::digest_status`]) | bytes after the container's stated size: counted, not read |
//! | `DXIL`, `ILDB`, `STAT` parts | [`container::ProgramHeader`] (shader kind, shader model, DXIL version, where the bitcode is) | - |
//! | `SFI0`, `ISG1`/`OSG1`/`PSG1`, `ISGN`/`OSGN`/`OSG5`/`PCSG`, `PSV0` (versions 0 to 4), `HASH`, `ILDN`, `VERS`, `RTS0` (root signatures 1.0 to 1.2, also written: [`container::root_signature::RootSignatureDesc::serialize`]) | typed views ([`container::PartContent`]) | - |
//! | `RDAT` | [`container::Rdat`]: resources, functions, subobjects, work-graph node shaders with their attributes, inputs and outputs | sub-parts of other types: record counts and strides, their records as bytes |
//! | `PRIV`, `SRCI`, `RDEF`, unknown parts | - | [`container::PartContent::Bytes`] |
//! | the bitcode of a program part (`DXIL`, else `ILDB`, as [`container::find_bitcode`] picks; any part's bitcode when given to the decoder) | [`bitstream::Bitstream`] (blocks, abbreviations, records), then [`bitcode::decode`] into a [`model::Module`] | - |
//! | bitcode blocks `IDENTIFICATION`, `MODULE`, `PARAMATTR`, `PARAMATTR_GROUP`, `TYPE_BLOCK_NEW`, `CONSTANTS`, `METADATA`, `METADATA_KIND`, `METADATA_ATTACHMENT`, `VALUE_SYMTAB`, `FUNCTION_BLOCK` | the model's types, attributes, globals, functions, constants, metadata, names, bodies (the [`bitcode`] module's table lists every record) | debug-information metadata records: [`model::MdItem::Special`], their code and operands as stored, not typed |
//! | `BLOCKINFO` | applied by the bitstream reader to the blocks it describes | - |
//! | `USELIST` blocks, unknown blocks; unknown records of `MODULE`, `METADATA_ATTACHMENT` and `VALUE_SYMTAB` | - | skipped, as LLVM skips them |
//! | unknown records of types, constants, metadata and bodies; instructions DXIL forbids (`invoke`, `landingpad`, ...); forms the model cannot hold (aliases, inline assembly, ...) | - | refused: a [`bitcode::DecodeError`] with the bit offset |
//! | LLVM IR text | [`text::parse`] into the same [`model::Module`]; [`text::print`] writes it as `llvm-dis-14` does | - |

pub mod assemble;
pub mod bitcode;
pub mod bitstream;
pub mod container;
pub mod dxil;
pub mod dxop;
mod hash;
pub mod model;
pub mod text;
