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
    /// The fields printed even when zero, null or empty.
    pub always: &'static [&'static str],
    /// The value LLVM 3.7 gives a field the text leaves out, when not zero: the reader fills it
    /// in, the printer leaves the field out when it holds it (a `DIBasicType`'s tag is
    /// `DW_TAG_base_type` unless the text says otherwise).
    pub defaults: &'static [(&'static str, u64)],
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
        defaults: &[],
        print_order: None,
    },
    SpecialKind {
        name: "DISubrange",
        code: 13,
        fields: &[("count", Int), ("lowerBound", SInt)],
        always: &["count"],
        defaults: &[],
        print_order: None,
    },
    SpecialKind {
        name: "DIEnumerator",
        code: 14,
        fields: &[("value", SInt), ("name", Str)],
        always: &["name", "value"],
        defaults: &[],
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
        defaults: &[("tag", DW_TAG_BASE_TYPE)],
        print_order: None,
    },
    SpecialKind {
        name: "DIFile",
        code: 16,
        fields: &[("filename", Str), ("directory", Str)],
        always: &["filename", "directory"],
        defaults: &[],
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
        defaults: &[],
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
        defaults: &[],
        print_order: Some(&[0, 1, 4, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]),
    },
    SpecialKind {
        name: "DISubroutineType",
        code: 19,
        fields: &[("flags", Flags), ("types", Md)],
        always: &["types"],
        defaults: &[],
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
        always: &["file", "isOptimized", "runtimeVersion", "emissionKind"],
        defaults: &[],
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
        always: &["scope", "isLocal", "isDefinition", "isOptimized"],
        defaults: &[],
        print_order: Some(&[1, 2, 0, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]),
    },
    SpecialKind {
        name: "DILexicalBlock",
        code: 22,
        fields: &[("scope", Md), ("file", Md), ("line", Int), ("column", Int)],
        always: &["scope"],
        defaults: &[],
        print_order: None,
    },
    SpecialKind {
        name: "DILexicalBlockFile",
        code: 23,
        fields: &[("scope", Md), ("file", Md), ("discriminator", Int)],
        always: &["scope", "discriminator"],
        defaults: &[],
        print_order: None,
    },
    SpecialKind {
        name: "DINamespace",
        code: 24,
        fields: &[("scope", Md), ("file", Md), ("name", Str), ("line", Int)],
        always: &["scope"],
        defaults: &[],
        print_order: Some(&[2, 0, 1, 3]),
    },
    SpecialKind {
        name: "DITemplateTypeParameter",
        code: 25,
        fields: &[("name", Str), ("type", Md)],
        always: &["type"],
        defaults: &[],
        print_order: None,
    },
    SpecialKind {
        name: "DITemplateValueParameter",
        code: 26,
        fields: &[("tag", Tag), ("name", Str), ("type", Md), ("value", Md)],
        always: &["value"],
        defaults: &[("tag", DW_TAG_TEMPLATE_VALUE_PARAMETER)],
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
        always: &["scope", "isLocal", "isDefinition"],
        defaults: &[],
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
        defaults: &[],
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
        defaults: &[],
        print_order: Some(&[0, 4, 1, 2, 3]),
    },
];

/// The record code of `DIExpression`.
pub(crate) const EXPRESSION: u32 = 29;

/// The tags that decide how a node is printed or read when its text leaves the tag out.
const DW_TAG_BASE_TYPE: u64 = 0x24;
const DW_TAG_TEMPLATE_VALUE_PARAMETER: u64 = 0x30;
const DW_TAG_AUTO_VARIABLE: u64 = 0x100;

impl SpecialKind {
    /// The value LLVM 3.7 gives field `name` when the text leaves it out, when not zero.
    fn default_named(&self, name: &str) -> Option<u64> {
        self.defaults
            .iter()
            .find(|&&(n, _)| n == name)
            .map(|&(_, v)| v)
    }

    /// The value of field `i` when the text leaves it out.
    pub(crate) fn default_of(&self, i: usize) -> u64 {
        self.fields
            .get(i)
            .and_then(|&(name, _)| self.default_named(name))
            .unwrap_or(0)
    }

    /// Whether field `i` of a node with `operands` is printed, as LLVM 3.7 prints it: not when
    /// it holds its default; otherwise when it is not zero or null, or is printed whatever it
    /// holds (`always`). DWARF enumerations other than tags are never printed as zero, and a
    /// parameter's `arg` (of a `DILocalVariable` whose tag is not `DW_TAG_auto_variable`) is
    /// printed even when zero. An empty string is the printer's to leave out.
    pub(crate) fn is_printed(&self, i: usize, operands: &[u64]) -> bool {
        let Some(&(name, field)) = self.fields.get(i) else {
            return false;
        };
        let v = operands.get(i).copied().unwrap_or(0);
        if let Some(default) = self.default_named(name) {
            return v != default;
        }
        if v != 0 || field == Field::MdRequired {
            return true;
        }
        match field {
            Field::Encoding | Field::Lang | Field::Virtuality => false,
            _ => {
                self.always.contains(&name)
                    || (self.code == LOCAL_VARIABLE
                        && name == "arg"
                        && operands.first() != Some(&DW_TAG_AUTO_VARIABLE))
            }
        }
    }
}

/// The record code of `DILocalVariable`.
const LOCAL_VARIABLE: u32 = 28;

/// The kind called `name`.
pub(crate) fn kind_named(name: &[u8]) -> Option<&'static SpecialKind> {
    KINDS.iter().find(|k| k.name.as_bytes() == name)
}

/// The kind of a record code.
pub(crate) fn kind_of_code(code: u32) -> Option<&'static SpecialKind> {
    KINDS.iter().find(|k| k.code == code)
}

/// DWARF tags by name: every tag LLVM 3.7 names (DWARF 4, the three of DWARF 5 it knows, its own
/// two variable tags and the vendor tags).
pub(crate) static TAGS: &[(&str, u64)] = &[
    ("DW_TAG_array_type", 0x01),
    ("DW_TAG_class_type", 0x02),
    ("DW_TAG_entry_point", 0x03),
    ("DW_TAG_enumeration_type", 0x04),
    ("DW_TAG_formal_parameter", 0x05),
    ("DW_TAG_imported_declaration", 0x08),
    ("DW_TAG_label", 0x0a),
    ("DW_TAG_lexical_block", 0x0b),
    ("DW_TAG_member", 0x0d),
    ("DW_TAG_pointer_type", 0x0f),
    ("DW_TAG_reference_type", 0x10),
    ("DW_TAG_compile_unit", 0x11),
    ("DW_TAG_string_type", 0x12),
    ("DW_TAG_structure_type", 0x13),
    ("DW_TAG_subroutine_type", 0x15),
    ("DW_TAG_typedef", 0x16),
    ("DW_TAG_union_type", 0x17),
    ("DW_TAG_unspecified_parameters", 0x18),
    ("DW_TAG_variant", 0x19),
    ("DW_TAG_common_block", 0x1a),
    ("DW_TAG_common_inclusion", 0x1b),
    ("DW_TAG_inheritance", 0x1c),
    ("DW_TAG_inlined_subroutine", 0x1d),
    ("DW_TAG_module", 0x1e),
    ("DW_TAG_ptr_to_member_type", 0x1f),
    ("DW_TAG_set_type", 0x20),
    ("DW_TAG_subrange_type", 0x21),
    ("DW_TAG_with_stmt", 0x22),
    ("DW_TAG_access_declaration", 0x23),
    ("DW_TAG_base_type", 0x24),
    ("DW_TAG_catch_block", 0x25),
    ("DW_TAG_const_type", 0x26),
    ("DW_TAG_constant", 0x27),
    ("DW_TAG_enumerator", 0x28),
    ("DW_TAG_file_type", 0x29),
    ("DW_TAG_friend", 0x2a),
    ("DW_TAG_namelist", 0x2b),
    ("DW_TAG_namelist_item", 0x2c),
    ("DW_TAG_packed_type", 0x2d),
    ("DW_TAG_subprogram", 0x2e),
    ("DW_TAG_template_type_parameter", 0x2f),
    ("DW_TAG_template_value_parameter", 0x30),
    ("DW_TAG_thrown_type", 0x31),
    ("DW_TAG_try_block", 0x32),
    ("DW_TAG_variant_part", 0x33),
    ("DW_TAG_variable", 0x34),
    ("DW_TAG_volatile_type", 0x35),
    ("DW_TAG_dwarf_procedure", 0x36),
    ("DW_TAG_restrict_type", 0x37),
    ("DW_TAG_interface_type", 0x38),
    ("DW_TAG_namespace", 0x39),
    ("DW_TAG_imported_module", 0x3a),
    ("DW_TAG_unspecified_type", 0x3b),
    ("DW_TAG_partial_unit", 0x3c),
    ("DW_TAG_imported_unit", 0x3d),
    ("DW_TAG_condition", 0x3f),
    ("DW_TAG_shared_type", 0x40),
    ("DW_TAG_type_unit", 0x41),
    ("DW_TAG_rvalue_reference_type", 0x42),
    ("DW_TAG_template_alias", 0x43),
    ("DW_TAG_coarray_type", 0x44),
    ("DW_TAG_generic_subrange", 0x45),
    ("DW_TAG_dynamic_type", 0x46),
    ("DW_TAG_auto_variable", 0x100),
    ("DW_TAG_arg_variable", 0x101),
    ("DW_TAG_MIPS_loop", 0x4081),
    ("DW_TAG_format_label", 0x4101),
    ("DW_TAG_function_template", 0x4102),
    ("DW_TAG_class_template", 0x4103),
    ("DW_TAG_GNU_template_template_param", 0x4106),
    ("DW_TAG_GNU_template_parameter_pack", 0x4107),
    ("DW_TAG_GNU_formal_parameter_pack", 0x4108),
    ("DW_TAG_APPLE_property", 0x4200),
];

/// DWARF base type encodings by name (all of DWARF 4).
pub(crate) static ENCODINGS: &[(&str, u64)] = &[
    ("DW_ATE_address", 0x01),
    ("DW_ATE_boolean", 0x02),
    ("DW_ATE_complex_float", 0x03),
    ("DW_ATE_float", 0x04),
    ("DW_ATE_signed", 0x05),
    ("DW_ATE_signed_char", 0x06),
    ("DW_ATE_unsigned", 0x07),
    ("DW_ATE_unsigned_char", 0x08),
    ("DW_ATE_imaginary_float", 0x09),
    ("DW_ATE_packed_decimal", 0x0a),
    ("DW_ATE_numeric_string", 0x0b),
    ("DW_ATE_edited", 0x0c),
    ("DW_ATE_signed_fixed", 0x0d),
    ("DW_ATE_unsigned_fixed", 0x0e),
    ("DW_ATE_decimal_float", 0x0f),
    ("DW_ATE_UTF", 0x10),
];

/// DWARF source languages by name: every language LLVM 3.7 names.
pub(crate) static LANGS: &[(&str, u64)] = &[
    ("DW_LANG_C89", 0x01),
    ("DW_LANG_C", 0x02),
    ("DW_LANG_Ada83", 0x03),
    ("DW_LANG_C_plus_plus", 0x04),
    ("DW_LANG_Cobol74", 0x05),
    ("DW_LANG_Cobol85", 0x06),
    ("DW_LANG_Fortran77", 0x07),
    ("DW_LANG_Fortran90", 0x08),
    ("DW_LANG_Pascal83", 0x09),
    ("DW_LANG_Modula2", 0x0a),
    ("DW_LANG_Java", 0x0b),
    ("DW_LANG_C99", 0x0c),
    ("DW_LANG_Ada95", 0x0d),
    ("DW_LANG_Fortran95", 0x0e),
    ("DW_LANG_PLI", 0x0f),
    ("DW_LANG_ObjC", 0x10),
    ("DW_LANG_ObjC_plus_plus", 0x11),
    ("DW_LANG_UPC", 0x12),
    ("DW_LANG_D", 0x13),
    ("DW_LANG_Python", 0x14),
    ("DW_LANG_OpenCL", 0x15),
    ("DW_LANG_Go", 0x16),
    ("DW_LANG_Modula3", 0x17),
    ("DW_LANG_Haskell", 0x18),
    ("DW_LANG_C_plus_plus_03", 0x19),
    ("DW_LANG_C_plus_plus_11", 0x1a),
    ("DW_LANG_OCaml", 0x1b),
    ("DW_LANG_Rust", 0x1c),
    ("DW_LANG_C11", 0x1d),
    ("DW_LANG_Swift", 0x1e),
    ("DW_LANG_Julia", 0x1f),
    ("DW_LANG_Dylan", 0x20),
    ("DW_LANG_C_plus_plus_14", 0x21),
    ("DW_LANG_Fortran03", 0x22),
    ("DW_LANG_Fortran08", 0x23),
    ("DW_LANG_Mips_Assembler", 0x8001),
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
