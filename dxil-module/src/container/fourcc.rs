//! Four-character codes: the container's magic number and the kinds of its parts.

use std::fmt;

use super::error::Escaped;

/// A four-character code, as stored (the first character first).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FourCC(pub [u8; 4]);

impl FourCC {
    /// The container's magic number.
    pub const DXBC: FourCC = FourCC(*b"DXBC");
    /// The program: a DXIL program header and the module's bitcode.
    pub const DXIL: FourCC = FourCC(*b"DXIL");
    /// The program with debug information (same layout as `DXIL`).
    pub const ILDB: FourCC = FourCC(*b"ILDB");
    /// The name of the file that holds the debug information (PDB).
    pub const ILDN: FourCC = FourCC(*b"ILDN");
    /// Statistics and reflection: a program (same layout as `DXIL`) without function bodies.
    pub const STAT: FourCC = FourCC(*b"STAT");
    /// Shader feature flags.
    pub const SFI0: FourCC = FourCC(*b"SFI0");
    /// Input signature (DXIL layout).
    pub const ISG1: FourCC = FourCC(*b"ISG1");
    /// Output signature (DXIL layout).
    pub const OSG1: FourCC = FourCC(*b"OSG1");
    /// Patch-constant or primitive signature (DXIL layout).
    pub const PSG1: FourCC = FourCC(*b"PSG1");
    /// Input signature (DXBC layout).
    pub const ISGN: FourCC = FourCC(*b"ISGN");
    /// Output signature (DXBC layout).
    pub const OSGN: FourCC = FourCC(*b"OSGN");
    /// Output signature with streams (DXBC layout of shader model 5).
    pub const OSG5: FourCC = FourCC(*b"OSG5");
    /// Patch-constant signature (DXBC layout).
    pub const PCSG: FourCC = FourCC(*b"PCSG");
    /// Pipeline state validation data for the runtime.
    pub const PSV0: FourCC = FourCC(*b"PSV0");
    /// Runtime data of libraries.
    pub const RDAT: FourCC = FourCC(*b"RDAT");
    /// The shader's own hash (not the container digest).
    pub const HASH: FourCC = FourCC(*b"HASH");
    /// Root signature.
    pub const RTS0: FourCC = FourCC(*b"RTS0");
    /// Compiler version.
    pub const VERS: FourCC = FourCC(*b"VERS");
    /// Private data of the producer.
    pub const PRIV: FourCC = FourCC(*b"PRIV");
    /// Shader source information.
    pub const SRCI: FourCC = FourCC(*b"SRCI");
    /// Resource definitions (DXBC reflection).
    pub const RDEF: FourCC = FourCC(*b"RDEF");

    /// The code written as four ASCII characters (`"ILDB"`); `None` for any other text.
    ///
    /// ```
    /// use dxil_module::container::FourCC;
    ///
    /// assert_eq!(FourCC::from_text("ILDB"), Some(FourCC::ILDB));
    /// assert_eq!(FourCC::from_text("ILD"), None);
    /// ```
    pub fn from_text(text: &str) -> Option<FourCC> {
        let bytes: [u8; 4] = text.as_bytes().try_into().ok()?;
        bytes.is_ascii().then_some(FourCC(bytes))
    }

    /// What the part of this kind holds, for the known kinds.
    pub fn describe(self) -> Option<&'static str> {
        Some(match &self.0 {
            b"DXIL" => "program",
            b"ILDB" => "program with debug information",
            b"ILDN" => "debug name",
            b"STAT" => "statistics",
            b"SHEX" => "shader model 5 bytecode (DXBC, as FXC writes it; not DXIL)",
            b"SHDR" => "shader model 4 bytecode (DXBC, as FXC writes it; not DXIL)",
            b"SFI0" => "feature flags",
            b"ISG1" | b"ISGN" => "input signature",
            b"OSG1" | b"OSGN" | b"OSG5" => "output signature",
            b"PSG1" => "patch-constant or primitive signature",
            b"PCSG" => "patch-constant signature",
            b"PSV0" => "pipeline state validation",
            b"RDAT" => "runtime data",
            b"HASH" => "shader hash",
            b"RTS0" => "root signature",
            b"VERS" => "compiler version",
            b"PRIV" => "private data",
            b"SRCI" => "source information",
            b"RDEF" => "resource definitions",
            _ => return None,
        })
    }
}

impl fmt::Display for FourCC {
    /// The characters; a byte that is not printable ASCII as `\xNN`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Escaped(&self.0).fmt(f)
    }
}

impl fmt::Debug for FourCC {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FourCC({self})")
    }
}
