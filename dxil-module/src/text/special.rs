//! Specialized metadata nodes (debug information) as LLVM 3.7 writes them: for each kind, its
//! name in text (`DILocation`), its bitcode record code and its fields in record order. The
//! reader fills a [`MdItem::Special`](crate::model::MdItem::Special) record from the fields
//! written in the text, the printer writes the fields back from the record.

/// How a field is stored in the record and written in text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Field {
    /// A reference to another item: its index plus one, 0 for `null`.
    Md,
    /// A reference that must be there, stored as its index (a location's scope).
    MdRequired,
    /// A string: a reference to a string item (index plus one).
    Str,
    /// An unsigned integer.
    Int,
    /// A signed integer, stored with its sign in bit 0 (`rotateSign`).
    SInt,
    /// `true` / `false`.
    Bool,
    /// A DWARF tag (`DW_TAG_...`).
    Tag,
    /// A DWARF base type encoding (`DW_ATE_...`).
    Encoding,
    /// A DWARF source language (`DW_LANG_...`).
    Lang,
    /// A DWARF virtuality (`DW_VIRTUALITY_...`).
    Virtuality,
    /// Debug-info flags (`DIFlagPrototyped | ...`).
    Flags,
}

/// A kind of specialized node.
pub(crate) struct SpecialKind {
    /// Its name in text, without `!`.
    pub name: &'static str,
    /// Its record code.
    pub code: u32,
    /// Its fields, in record order.
    pub fields: &'static [(&'static str, Field)],
    /// The fields printed even when zero or null.
    pub always: &'static [&'static str],
    /// The order the printer writes the fields in (positions in `fields`), when not theirs.
    pub print_order: Option<&'static [usize]>,
}

use Field::*;

/// The kinds LLVM 3.7 has (`DIExpression` is handled apart: its operands are positional).
pub(crate) static KINDS: &[SpecialKind] = &[
    SpecialKind {
        name: "DILocation",
        code: 7,
        fields: &[
            ("line", Int),
            ("column", Int),
            ("scope", MdRequired),
            ("inlinedAt", Md),
        ],
        always: &["line", "scope"],
        print_order: None,
    },
    SpecialKind {
        name: "DISubrange",
        code: 13,
        fields: &[("count", Int), ("lowerBound", SInt)],
        always: &["count"],
        print_order: None,
    },
    SpecialKind {
        name: "DIEnumerator",
        code: 14,
        fields: &[("value", SInt), ("name", Str)],
        always: &["name", "value"],
        print_order: Some(&[1, 0]),
    },
    SpecialKind {
        name: "DIBasicType",
        code: 15,
        fields: &[
            ("tag", Tag),
            ("name", Str),
            ("size", Int),
            ("align", Int),
            ("encoding", Encoding),
        ],
        always: &[],
        print_order: None,
    },
    SpecialKind {
        name: "DIFile",
        code: 16,
        fields: &[("filename", Str), ("directory", Str)],
        always: &["filename", "directory"],
        print_order: None,
    },
    SpecialKind {
        name: "DIDerivedType",
        code: 17,
        fields: &[
            ("tag", Tag),
            ("name", Str),
            ("file", Md),
            ("line", Int),
            ("scope", Md),
            ("baseType", Md),
            ("size", Int),
            ("align", Int),
            ("offset", Int),
            ("flags", Flags),
            ("extraData", Md),
        ],
        always: &["tag", "baseType"],
        print_order: Some(&[0, 1, 4, 2, 3, 5, 6, 7, 8, 9, 10]),
    },
    SpecialKind {
        name: "DICompositeType",
        code: 18,
        fields: &[
            ("tag", Tag),
            ("name", Str),
            ("file", Md),
            ("line", Int),
            ("scope", Md),
            ("baseType", Md),
            ("size", Int),
            ("align", Int),
            ("offset", Int),
            ("flags", Flags),
            ("elements", Md),
            ("runtimeLang", Lang),
            ("vtableHolder", Md),
            ("templateParams", Md),
            ("identifier", Str),
        ],
        always: &["tag"],
        print_order: Some(&[0, 1, 4, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]),
    },
    SpecialKind {
        name: "DISubroutineType",
        code: 19,
        fields: &[("flags", Flags), ("types", Md)],
        always: &["types"],
        print_order: None,
    },
    SpecialKind {
        name: "DICompileUnit",
        code: 20,
        fields: &[
            ("language", Lang),
            ("file", Md),
            ("producer", Str),
            ("isOptimized", Bool),
            ("flags", Str),
            ("runtimeVersion", Int),
            ("splitDebugFilename", Str),
            ("emissionKind", Int),
            ("enums", Md),
            ("retainedTypes", Md),
            ("subprograms", Md),
            ("globals", Md),
            ("imports", Md),
            ("dwoId", Int),
        ],
        always: &[
            "language",
            "file",
            "isOptimized",
            "runtimeVersion",
            "emissionKind",
        ],
        print_order: None,
    },
    SpecialKind {
        name: "DISubprogram",
        code: 21,
        fields: &[
            ("scope", Md),
            ("name", Str),
            ("linkageName", Str),
            ("file", Md),
            ("line", Int),
            ("type", Md),
            ("isLocal", Bool),
            ("isDefinition", Bool),
            ("scopeLine", Int),
            ("containingType", Md),
            ("virtuality", Virtuality),
            ("virtualIndex", Int),
            ("flags", Flags),
            ("isOptimized", Bool),
            ("function", Md),
            ("templateParams", Md),
            ("declaration", Md),
            ("variables", Md),
        ],
        always: &["isLocal", "isDefinition", "isOptimized"],
        print_order: Some(&[1, 2, 0, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]),
    },
    SpecialKind {
        name: "DILexicalBlock",
        code: 22,
        fields: &[("scope", Md), ("file", Md), ("line", Int), ("column", Int)],
        always: &["scope"],
        print_order: None,
    },
    SpecialKind {
        name: "DILexicalBlockFile",
        code: 23,
        fields: &[("scope", Md), ("file", Md), ("discriminator", Int)],
        always: &["scope", "discriminator"],
        print_order: None,
    },
    SpecialKind {
        name: "DINamespace",
        code: 24,
        fields: &[("scope", Md), ("file", Md), ("name", Str), ("line", Int)],
        always: &["scope"],
        print_order: Some(&[2, 0, 1, 3]),
    },
    SpecialKind {
        name: "DITemplateTypeParameter",
        code: 25,
        fields: &[("name", Str), ("type", Md)],
        always: &["type"],
        print_order: None,
    },
    SpecialKind {
        name: "DITemplateValueParameter",
        code: 26,
        fields: &[("tag", Tag), ("name", Str), ("type", Md), ("value", Md)],
        always: &["value"],
        print_order: None,
    },
    SpecialKind {
        name: "DIGlobalVariable",
        code: 27,
        fields: &[
            ("scope", Md),
            ("name", Str),
            ("linkageName", Str),
            ("file", Md),
            ("line", Int),
            ("type", Md),
            ("isLocal", Bool),
            ("isDefinition", Bool),
            ("variable", Md),
            ("declaration", Md),
        ],
        always: &["isLocal", "isDefinition"],
        print_order: Some(&[1, 2, 0, 3, 4, 5, 6, 7, 8, 9]),
    },
    SpecialKind {
        name: "DILocalVariable",
        code: 28,
        fields: &[
            ("tag", Tag),
            ("scope", Md),
            ("name", Str),
            ("file", Md),
            ("line", Int),
            ("type", Md),
            ("arg", Int),
            ("flags", Flags),
        ],
        always: &["tag", "scope"],
        print_order: Some(&[0, 2, 6, 1, 3, 4, 5, 7]),
    },
    SpecialKind {
        name: "DIImportedEntity",
        code: 31,
        fields: &[
            ("tag", Tag),
            ("scope", Md),
            ("entity", Md),
            ("line", Int),
            ("name", Str),
        ],
        always: &["tag", "scope"],
        print_order: Some(&[0, 4, 1, 2, 3]),
    },
];

/// The record code of `DIExpression`.
pub(crate) const EXPRESSION: u32 = 29;

/// The kind called `name`.
pub(crate) fn kind_named(name: &[u8]) -> Option<&'static SpecialKind> {
    KINDS.iter().find(|k| k.name.as_bytes() == name)
}

/// The kind of a record code.
pub(crate) fn kind_of_code(code: u32) -> Option<&'static SpecialKind> {
    KINDS.iter().find(|k| k.code == code)
}

/// DWARF tags by name.
pub(crate) static TAGS: &[(&str, u64)] = &[
    ("DW_TAG_array_type", 0x01),
    ("DW_TAG_class_type", 0x02),
    ("DW_TAG_enumeration_type", 0x04),
    ("DW_TAG_formal_parameter", 0x05),
    ("DW_TAG_imported_declaration", 0x08),
    ("DW_TAG_lexical_block", 0x0b),
    ("DW_TAG_member", 0x0d),
    ("DW_TAG_pointer_type", 0x0f),
    ("DW_TAG_reference_type", 0x10),
    ("DW_TAG_compile_unit", 0x11),
    ("DW_TAG_structure_type", 0x13),
    ("DW_TAG_subroutine_type", 0x15),
    ("DW_TAG_typedef", 0x16),
    ("DW_TAG_union_type", 0x17),
    ("DW_TAG_inheritance", 0x1c),
    ("DW_TAG_ptr_to_member_type", 0x1f),
    ("DW_TAG_subrange_type", 0x21),
    ("DW_TAG_base_type", 0x24),
    ("DW_TAG_const_type", 0x26),
    ("DW_TAG_enumerator", 0x28),
    ("DW_TAG_subprogram", 0x2e),
    ("DW_TAG_template_type_parameter", 0x2f),
    ("DW_TAG_template_value_parameter", 0x30),
    ("DW_TAG_variable", 0x34),
    ("DW_TAG_volatile_type", 0x35),
    ("DW_TAG_restrict_type", 0x37),
    ("DW_TAG_namespace", 0x39),
    ("DW_TAG_imported_module", 0x3a),
    ("DW_TAG_unspecified_type", 0x3b),
    ("DW_TAG_rvalue_reference_type", 0x42),
    ("DW_TAG_auto_variable", 0x100),
    ("DW_TAG_arg_variable", 0x101),
];

/// DWARF base type encodings by name.
pub(crate) static ENCODINGS: &[(&str, u64)] = &[
    ("DW_ATE_address", 1),
    ("DW_ATE_boolean", 2),
    ("DW_ATE_complex_float", 3),
    ("DW_ATE_float", 4),
    ("DW_ATE_signed", 5),
    ("DW_ATE_signed_char", 6),
    ("DW_ATE_unsigned", 7),
    ("DW_ATE_unsigned_char", 8),
    ("DW_ATE_UTF", 0x10),
];

/// DWARF source languages by name.
pub(crate) static LANGS: &[(&str, u64)] = &[
    ("DW_LANG_C89", 0x01),
    ("DW_LANG_C", 0x02),
    ("DW_LANG_C_plus_plus", 0x04),
    ("DW_LANG_C99", 0x0c),
    ("DW_LANG_C_plus_plus_11", 0x1a),
    ("DW_LANG_C11", 0x1d),
    ("DW_LANG_C_plus_plus_14", 0x21),
];

/// DWARF virtualities by name.
pub(crate) static VIRTUALITIES: &[(&str, u64)] = &[
    ("DW_VIRTUALITY_none", 0),
    ("DW_VIRTUALITY_virtual", 1),
    ("DW_VIRTUALITY_pure_virtual", 2),
];

/// Debug-info flags of LLVM 3.7 by name.
pub(crate) static FLAGS: &[(&str, u64)] = &[
    ("DIFlagPrivate", 1),
    ("DIFlagProtected", 2),
    ("DIFlagPublic", 3),
    ("DIFlagFwdDecl", 1 << 2),
    ("DIFlagAppleBlock", 1 << 3),
    ("DIFlagBlockByrefStruct", 1 << 4),
    ("DIFlagVirtual", 1 << 5),
    ("DIFlagArtificial", 1 << 6),
    ("DIFlagExplicit", 1 << 7),
    ("DIFlagPrototyped", 1 << 8),
    ("DIFlagObjcClassComplete", 1 << 9),
    ("DIFlagObjectPointer", 1 << 10),
    ("DIFlagVector", 1 << 11),
    ("DIFlagStaticMember", 1 << 12),
    ("DIFlagLValueReference", 1 << 13),
    ("DIFlagRValueReference", 1 << 14),
];

/// DWARF expression operations by name.
pub(crate) static OPS: &[(&str, u64)] = &[
    ("DW_OP_deref", 0x06),
    ("DW_OP_plus", 0x22),
    ("DW_OP_minus", 0x1c),
    ("DW_OP_plus_uconst", 0x23),
    ("DW_OP_bit_piece", 0x9d),
    ("DW_OP_stack_value", 0x9f),
];

/// The number of arguments that follow DWARF expression operation `op` in a `DIExpression`;
/// `None` for an operation not in [`OPS`].
pub(crate) fn op_args(op: u64) -> Option<usize> {
    match op {
        0x06 | 0x9f => Some(0),
        0x22 | 0x1c | 0x23 => Some(1),
        0x9d => Some(2),
        _ => None,
    }
}

/// The table of names of a field kind.
pub(crate) fn names(field: Field) -> &'static [(&'static str, u64)] {
    match field {
        Tag => TAGS,
        Encoding => ENCODINGS,
        Lang => LANGS,
        Virtuality => VIRTUALITIES,
        Flags => FLAGS,
        _ => &[],
    }
}

/// The value of a name in a table.
pub(crate) fn value_of(table: &[(&str, u64)], name: &[u8]) -> Option<u64> {
    table
        .iter()
        .find(|(n, _)| n.as_bytes() == name)
        .map(|(_, v)| *v)
}

/// The name of a value in a table.
pub(crate) fn name_of(table: &'static [(&'static str, u64)], value: u64) -> Option<&'static str> {
    table.iter().find(|(_, v)| *v == value).map(|(n, _)| *n)
}

/// `rotateSign`: a signed integer with its sign in bit 0.
pub(crate) fn rotate_sign(v: i64) -> u64 {
    let u = v as u64;
    if v < 0 { !(u << 1) } else { u << 1 }
}

/// The inverse of [`rotate_sign`].
pub(crate) fn unrotate_sign(u: u64) -> i64 {
    if u & 1 == 0 {
        (u >> 1) as i64
    } else {
        !(u >> 1) as i64
    }
}

/// Calling conventions by number, with their names in text (others are written `cc N`).
pub(crate) static CALLING_CONVS: &[(&str, u64)] = &[
    ("ccc", 0),
    ("fastcc", 8),
    ("coldcc", 9),
    ("webkit_jscc", 12),
    ("anyregcc", 13),
    ("preserve_mostcc", 14),
    ("preserve_allcc", 15),
    ("x86_stdcallcc", 64),
    ("x86_fastcallcc", 65),
    ("arm_apcscc", 66),
    ("arm_aapcscc", 67),
    ("arm_aapcs_vfpcc", 68),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sign_rotation() {
        for v in [0i64, 1, -1, 5, -5, i64::MAX, i64::MIN] {
            assert_eq!(unrotate_sign(rotate_sign(v)), v);
        }
    }
}
