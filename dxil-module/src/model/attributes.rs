//! Attributes of functions, parameters, results and call sites, grouped as the bitcode groups
//! them.

/// A list of attribute sets: an index into [`Module::attr_lists`](super::Module::attr_lists).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AttrListId(pub u32);

impl AttrListId {
    /// The position in its list.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// An attribute group: the attributes of one place (the function, its result or a
/// parameter) that a list refers to by [`AttrGroup::id`] (`attributes #0 = { nounwind }`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AttrGroup {
    /// The group's number.
    pub id: u32,
    /// Where its attributes apply: [`AttrGroup::FUNCTION`], 0 for the result, `n + 1` for
    /// parameter `n`.
    pub index: u32,
    /// The attributes.
    pub attrs: Vec<Attr>,
}

impl AttrGroup {
    /// The [`AttrGroup::index`] of function attributes.
    pub const FUNCTION: u32 = u32::MAX;
}

/// An attribute.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Attr {
    /// A flag (`nounwind`, `readnone`), by its bitcode kind number ([`Attr::kind_name`]).
    Enum(u32),
    /// An attribute with an integer (`align 4`, `dereferenceable 8`), by its kind number.
    Int(u32, u64),
    /// A string attribute, with a value (`"fp32-denorm-mode"="any"`) or without.
    Str {
        /// The key.
        key: Box<[u8]>,
        /// The value, if any.
        value: Option<Box<[u8]>>,
    },
}

/// The attribute sets of a function or call site: the groups of
/// [`Module::attr_groups`](super::Module::attr_groups), by their [`AttrGroup::id`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct AttrList {
    /// The group ids.
    pub groups: Vec<u32>,
}

/// The names of the attribute kinds of the bitcode, by number: 1 to 45 are LLVM 3.7's; 46 to
/// 78 are those later LLVM versions added (up to LLVM 14), which `llvm-dis-14` prints on the
/// declarations it upgrades (`immarg`, `nofree`, `willreturn`, ...) and so a reader of its text
/// meets. An LLVM 3.7 bitcode writer has no code for them.
const KIND_NAMES: &[(u32, &str)] = &[
    (1, "align"),
    (2, "alwaysinline"),
    (3, "byval"),
    (4, "inlinehint"),
    (5, "inreg"),
    (6, "minsize"),
    (7, "naked"),
    (8, "nest"),
    (9, "noalias"),
    (10, "nobuiltin"),
    (11, "nocapture"),
    (12, "noduplicate"),
    (13, "noimplicitfloat"),
    (14, "noinline"),
    (15, "nonlazybind"),
    (16, "noredzone"),
    (17, "noreturn"),
    (18, "nounwind"),
    (19, "optsize"),
    (20, "readnone"),
    (21, "readonly"),
    (22, "returned"),
    (23, "returns_twice"),
    (24, "signext"),
    (25, "alignstack"),
    (26, "ssp"),
    (27, "sspreq"),
    (28, "sspstrong"),
    (29, "sret"),
    (30, "sanitize_address"),
    (31, "sanitize_thread"),
    (32, "sanitize_memory"),
    (33, "uwtable"),
    (34, "zeroext"),
    (35, "builtin"),
    (36, "cold"),
    (37, "optnone"),
    (38, "inalloca"),
    (39, "nonnull"),
    (40, "jumptable"),
    (41, "dereferenceable"),
    (42, "dereferenceable_or_null"),
    (43, "convergent"),
    (44, "safestack"),
    (45, "argmemonly"),
    (46, "swiftself"),
    (47, "swifterror"),
    (48, "norecurse"),
    (49, "inaccessiblememonly"),
    (50, "inaccessiblemem_or_argmemonly"),
    (51, "allocsize"),
    (52, "writeonly"),
    (53, "speculatable"),
    (54, "strictfp"),
    (55, "sanitize_hwaddress"),
    (56, "nocf_check"),
    (57, "optforfuzzing"),
    (58, "shadowcallstack"),
    (59, "speculative_load_hardening"),
    (60, "immarg"),
    (61, "willreturn"),
    (62, "nofree"),
    (63, "nosync"),
    (64, "sanitize_memtag"),
    (65, "preallocated"),
    (66, "nomerge"),
    (67, "null_pointer_is_valid"),
    (68, "noundef"),
    (69, "byref"),
    (70, "mustprogress"),
    (71, "nocallback"),
    (72, "hot"),
    (73, "noprofile"),
    (74, "vscale_range"),
    (75, "swiftasync"),
    (76, "nosanitize_coverage"),
    (77, "elementtype"),
    (78, "disable_sanitizer_instrumentation"),
];

/// The kind numbers of the attributes that carry an integer ([`Attr::takes_value`]); `align`
/// is also the one a parameter may write without parentheses (the text reader).
pub(crate) const ALIGN: u32 = 1;
const ALIGNSTACK: u32 = 25;
const DEREFERENCEABLE: u32 = 41;
const DEREFERENCEABLE_OR_NULL: u32 = 42;

/// The last attribute kind number LLVM 3.7 has.
pub const LAST_LLVM37_KIND: u32 = 45;

impl Attr {
    /// The name of an attribute kind number (`18` is `nounwind`), if known (see
    /// [`LAST_LLVM37_KIND`] for those LLVM 3.7 has).
    pub fn kind_name(kind: u32) -> Option<&'static str> {
        KIND_NAMES
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, name)| *name)
    }

    /// Whether attribute kind `kind` carries an integer ([`Attr::Int`]: `align 4`,
    /// `alignstack=8`, `dereferenceable(16)`, `dereferenceable_or_null(16)`); LLVM 3.7's other
    /// kinds are flags ([`Attr::Enum`]).
    pub fn takes_value(kind: u32) -> bool {
        matches!(
            kind,
            ALIGN | ALIGNSTACK | DEREFERENCEABLE | DEREFERENCEABLE_OR_NULL
        )
    }

    /// The kind number of an attribute name, if known.
    pub fn kind_of(name: &str) -> Option<u32> {
        KIND_NAMES.iter().find(|(_, n)| *n == name).map(|(k, _)| *k)
    }
}
