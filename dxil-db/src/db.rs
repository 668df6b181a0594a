//! The database and its queries.

use std::collections::HashMap;

use crate::model::*;

/// The checked database: every record of `ops.toml` and the files it includes.
///
/// Lists are in declaration order, except [`ops`](Database::ops), which is sorted by opcode.
#[derive(Clone, Debug, Default)]
pub struct Database {
    /// DXIL versions, oldest first.
    pub versions: Vec<VersionInfo>,
    /// Shader stages.
    pub stages: Vec<Stage>,
    /// Op attributes.
    pub attributes: Vec<Attribute>,
    /// Overload types (the letters of overload strings).
    pub overload_types: Vec<OverloadType>,
    /// Op tables.
    pub tables: Vec<Table>,
    /// Parameter types.
    pub types: Vec<Type>,
    /// Op classes, sorted by name.
    pub classes: Vec<Class>,
    /// Signatures of the classes' functions.
    pub signatures: Vec<Signature>,
    /// Ops, sorted by opcode.
    pub ops: Vec<Op>,
    /// Enumerations.
    pub enums: Vec<Enum>,
    /// Validation rules.
    pub rules: Vec<Rule>,
    /// The signature-point table.
    pub sig_points: Vec<SigPoint>,
    /// The semantic-interpretation table.
    pub semantic_interpretations: Vec<SemanticRow>,
    /// LLVM instructions.
    pub llvm_instructions: Vec<LlvmInstruction>,
    /// LLVM intrinsics and their lowerings, sorted by name.
    pub intrinsics: Vec<Intrinsic>,
    /// The LLVM release the emitted DXIL.td is read with, and the intrinsics it defines.
    pub llvm_baseline: Option<LlvmBaseline>,
    /// The derived values lowerings use.
    pub derived: Vec<DerivedValue>,
    /// DXC's C++ presentation (`[dxc]`), when the database has it.
    pub dxc: Option<crate::dxc::Dxc>,
    /// The files the database was loaded from (root first, then its includes in order): path as
    /// included and text.
    files: Vec<(String, String)>,
    index: Index,
    constraints: crate::constraint::ConstraintTables,
}

#[derive(Clone, Debug, Default)]
struct Index {
    op_by_name: HashMap<String, OpId>,
    op_by_opcode: HashMap<u32, OpId>,
    class_by_name: HashMap<String, ClassId>,
    type_by_name: HashMap<String, TypeId>,
    enum_by_name: HashMap<String, EnumId>,
    stage_by_name: HashMap<String, StageId>,
    attribute_by_name: HashMap<String, AttributeId>,
    table_by_name: HashMap<String, TableId>,
    rule_by_code: HashMap<String, usize>,
    intrinsic_by_name: HashMap<String, IntrinsicId>,
    ops_by_class: Vec<Vec<OpId>>,
}

impl Database {
    pub(crate) fn finish(&mut self) {
        self.ops.sort_by_key(|o| o.opcode);
        self.sort_classes();
        let mut ix = Index::default();
        for (i, o) in self.ops.iter().enumerate() {
            ix.op_by_name.insert(o.name.clone(), OpId(i as u32));
            ix.op_by_opcode.insert(o.opcode, OpId(i as u32));
        }
        ix.ops_by_class = vec![Vec::new(); self.classes.len()];
        for (i, o) in self.ops.iter().enumerate() {
            ix.ops_by_class[o.class.index()].push(OpId(i as u32));
        }
        fn names<I: Copy>(
            v: impl Iterator<Item = String>,
            f: impl Fn(u32) -> I,
        ) -> HashMap<String, I> {
            v.enumerate().map(|(i, n)| (n, f(i as u32))).collect()
        }
        ix.class_by_name = names(self.classes.iter().map(|c| c.name.clone()), ClassId);
        ix.type_by_name = names(self.types.iter().map(|c| c.name.clone()), TypeId);
        ix.enum_by_name = names(self.enums.iter().map(|c| c.name.clone()), EnumId);
        ix.stage_by_name = names(self.stages.iter().map(|c| c.name.clone()), StageId);
        ix.attribute_by_name = names(self.attributes.iter().map(|c| c.name.clone()), AttributeId);
        ix.table_by_name = names(self.tables.iter().map(|c| c.name.clone()), TableId);
        ix.rule_by_code = self
            .rules
            .iter()
            .enumerate()
            .map(|(i, r)| (r.code.clone(), i))
            .collect();
        self.intrinsics.sort_by(|a, b| a.name.cmp(&b.name));
        for (i, intrinsic) in self.intrinsics.iter().enumerate() {
            for n in std::iter::once(&intrinsic.name).chain(&intrinsic.aliases) {
                ix.intrinsic_by_name
                    .insert(n.clone(), IntrinsicId(i as u32));
            }
        }
        self.index = ix;
    }

    /// The files the database was loaded from, root first, then the files it includes in
    /// include order: the path as written in `include` (the root's name for the root) and the
    /// text. An extension file is not among them.
    pub fn files(&self) -> &[(String, String)] {
        &self.files
    }

    /// A fingerprint of [`files`](Self::files): names and texts (line endings normalized to
    /// LF), hashed with 64-bit FNV-1a. Code generated from the database records it, so that a
    /// consumer can tell whether it was made from the same files.
    pub fn fingerprint(&self) -> u64 {
        fingerprint(self.files.iter().map(|(n, t)| (n.as_str(), t.as_str())))
    }

    pub(crate) fn set_files(&mut self, files: Vec<(String, String)>) {
        self.files = files;
    }

    pub(crate) fn set_constraints(&mut self, tables: crate::constraint::ConstraintTables) {
        self.constraints = tables;
    }

    /// The constraints (`[[constraint]]` records, then the implicit constraints of parameters
    /// with `immediate`, `max` or `enum`).
    pub fn constraints(&self) -> &[crate::constraint::Constraint] {
        &self.constraints.constraints
    }

    /// The declared kinds of constraints (`[constraint_kind.NAME]`).
    pub fn constraint_kinds(&self) -> &[crate::constraint::ConstraintKindDecl] {
        &self.constraints.kinds
    }

    /// The declared keys of constraint records (`[constraint_key.NAME]`).
    pub fn constraint_keys(&self) -> &[crate::constraint::ConstraintKeyDecl] {
        &self.constraints.keys
    }

    /// The constraints of an op, in the order they are checked (the implicit constraints of its
    /// parameters first, then the records in file order), each with its use for the op.
    pub fn constraints_of(
        &self,
        op: OpId,
    ) -> impl Iterator<
        Item = (
            &crate::constraint::Constraint,
            &crate::constraint::ConstraintUse,
        ),
    > {
        let t = &self.constraints;
        t.by_op
            .get(op.index())
            .into_iter()
            .flatten()
            .filter_map(|&(c, u)| {
                let c = t.constraints.get(c)?;
                Some((c, c.uses.get(u)?))
            })
    }

    /// The op with this name.
    pub fn op_by_name(&self, name: &str) -> Option<&Op> {
        self.index
            .op_by_name
            .get(name)
            .map(|id| &self.ops[id.index()])
    }

    /// The op with this 32-bit opcode.
    pub fn op_by_opcode(&self, opcode: u32) -> Option<&Op> {
        self.index
            .op_by_opcode
            .get(&opcode)
            .map(|id| &self.ops[id.index()])
    }

    /// The op with this index in the table named `table`.
    pub fn op_by_index(&self, table: &str, index: u32) -> Option<&Op> {
        let t = self.table_by_name(table)?;
        self.op_by_opcode((u32::from(t.id) << 16) | index)
    }

    /// The ops of a class, by opcode.
    pub fn ops_of_class(&self, class: ClassId) -> impl Iterator<Item = &Op> {
        self.index
            .ops_by_class
            .get(class.index())
            .into_iter()
            .flatten()
            .map(|id| &self.ops[id.index()])
    }

    /// The class with this name.
    pub fn class_by_name(&self, name: &str) -> Option<&Class> {
        self.index
            .class_by_name
            .get(name)
            .map(|id| &self.classes[id.index()])
    }

    /// The id of the class with this name.
    pub fn class_id(&self, name: &str) -> Option<ClassId> {
        self.index.class_by_name.get(name).copied()
    }

    /// The type with this name.
    pub fn type_by_name(&self, name: &str) -> Option<&Type> {
        self.index
            .type_by_name
            .get(name)
            .map(|id| &self.types[id.index()])
    }

    /// The enumeration with this name.
    pub fn enum_by_name(&self, name: &str) -> Option<&Enum> {
        self.index
            .enum_by_name
            .get(name)
            .map(|id| &self.enums[id.index()])
    }

    /// The stage with this name.
    pub fn stage_by_name(&self, name: &str) -> Option<&Stage> {
        self.index
            .stage_by_name
            .get(name)
            .map(|id| &self.stages[id.index()])
    }

    /// The attribute with this name.
    pub fn attribute_id(&self, name: &str) -> Option<AttributeId> {
        self.index.attribute_by_name.get(name).copied()
    }

    /// The table with this name.
    pub fn table_by_name(&self, name: &str) -> Option<&Table> {
        self.index
            .table_by_name
            .get(name)
            .map(|id| &self.tables[id.index()])
    }

    /// The validation rule with this code.
    pub fn rule_by_code(&self, code: &str) -> Option<&Rule> {
        self.index.rule_by_code.get(code).map(|i| &self.rules[*i])
    }

    /// The intrinsic with this name or alias (without overload suffixes).
    pub fn intrinsic_by_name(&self, name: &str) -> Option<&Intrinsic> {
        self.index
            .intrinsic_by_name
            .get(name)
            .map(|id| &self.intrinsics[id.index()])
    }

    /// The intrinsics whose lowering calls `op` at some version (as a step, or in the result
    /// shape or 64-bit splitting), by name.
    pub fn intrinsics_of(&self, op: &Op) -> impl Iterator<Item = &Intrinsic> {
        let opcode = op.opcode;
        self.intrinsics
            .iter()
            .filter(move |i| i.lowerings.iter().any(|l| l.opcodes().any(|o| o == opcode)))
    }

    /// The derived value with this id.
    pub fn derived_value(&self, id: DerivedId) -> &DerivedValue {
        &self.derived[id.index()]
    }

    /// The class of an op.
    pub fn class_of(&self, op: &Op) -> &Class {
        &self.classes[op.class.index()]
    }

    /// The signature of an op.
    pub fn signature_of(&self, op: &Op) -> &Signature {
        &self.signatures[op.signature.index()]
    }

    /// The signature with this id.
    pub fn signature(&self, id: SignatureId) -> &Signature {
        &self.signatures[id.index()]
    }

    /// The ops whose signature is `id`, by opcode.
    pub fn ops_of_signature(&self, id: SignatureId) -> impl Iterator<Item = &Op> {
        self.ops.iter().filter(move |o| o.signature == id)
    }

    /// Puts the classes in name order (the order of the generated `OpClass`), whatever the
    /// order of the records that declared them, and renumbers the references to them.
    fn sort_classes(&mut self) {
        let mut order: Vec<usize> = (0..self.classes.len()).collect();
        order.sort_by(|&a, &b| self.classes[a].name.cmp(&self.classes[b].name));
        let mut new_id = vec![ClassId(0); order.len()];
        for (new, &old) in order.iter().enumerate() {
            new_id[old] = ClassId(new as u32);
        }
        let mut old: Vec<Option<Class>> = std::mem::take(&mut self.classes)
            .into_iter()
            .map(Some)
            .collect();
        self.classes = order.iter().filter_map(|&i| old[i].take()).collect();
        for op in &mut self.ops {
            op.class = new_id[op.class.index()];
        }
        for sig in &mut self.signatures {
            sig.class = new_id[sig.class.index()];
        }
    }

    /// The table of an op.
    pub fn table_of(&self, op: &Op) -> &Table {
        &self.tables[op.table.index()]
    }

    /// The type with this id.
    pub fn ty(&self, id: TypeId) -> &Type {
        &self.types[id.index()]
    }

    /// The latest declared DXIL version.
    pub fn latest_version(&self) -> DxilVersion {
        self.versions
            .last()
            .map_or(DxilVersion::new(1, 0), |v| v.dxil)
    }

    /// The shader model that pairs with a DXIL version.
    pub fn shader_model_of(&self, version: DxilVersion) -> Option<ShaderModel> {
        self.versions
            .iter()
            .find(|v| v.dxil == version)
            .map(|v| v.shader_model)
    }

    /// The DXIL version that pairs with a shader model.
    pub fn dxil_of(&self, sm: ShaderModel) -> Option<DxilVersion> {
        self.versions
            .iter()
            .find(|v| v.shader_model == sm)
            .map(|v| v.dxil)
    }

    /// The stages that exist at `version`.
    pub fn stages_at(&self, version: DxilVersion) -> StageMask {
        StageMask(
            self.stages
                .iter()
                .filter(|s| s.since <= version)
                .fold(0, |m, s| m | (1 << s.shader_kind)),
        )
    }

    /// The stages where `op` is allowed at `version`: empty before it is introduced or once it is
    /// removed. Stages listed before they exist apply once they exist.
    pub fn op_stages_at(&self, op: &Op, version: DxilVersion) -> StageMask {
        if version < op.introduced {
            return StageMask(0);
        }
        let existing = self.stages_at(version);
        match op.stages.at(version) {
            Some(StageSpec::All) => existing,
            Some(StageSpec::Stages(m, _)) => StageMask(m.0 & existing.0),
            Some(StageSpec::Removed) | None => StageMask(0),
        }
    }

    /// The names of the stages in a mask, in declaration order.
    pub fn stage_names(&self, mask: StageMask) -> Vec<&str> {
        self.stages
            .iter()
            .filter(|s| mask.contains(s.shader_kind))
            .map(|s| s.name.as_str())
            .collect()
    }

    /// The names of the attributes in a mask, in declaration order.
    pub fn attribute_names(&self, mask: AttributeMask) -> Vec<&str> {
        self.attributes
            .iter()
            .enumerate()
            .filter(|(i, _)| mask.contains(AttributeId(*i as u32)))
            .map(|(_, a)| a.name.as_str())
            .collect()
    }

    /// The memory attribute in a mask, if any.
    pub fn memory_attribute(&self, mask: AttributeMask) -> Option<&Attribute> {
        self.attributes
            .iter()
            .enumerate()
            .find(|(i, a)| a.kind == AttributeKind::Memory && mask.contains(AttributeId(*i as u32)))
            .map(|(_, a)| a)
    }

    /// The letters of an overload dimension, in declaration order: `hf<hf`.
    pub fn overload_dim_text(&self, dim: OverloadDim) -> String {
        let mut s: String = self
            .overload_types
            .iter()
            .enumerate()
            .filter(|(i, _)| dim.has_scalar(OverloadTypeId(*i as u32)))
            .map(|(_, t)| t.letter)
            .collect();
        if dim.vectors != 0 {
            s.push('<');
            s.extend(
                self.overload_types
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| dim.has_vector(OverloadTypeId(*i as u32)))
                    .map(|(_, t)| t.letter),
            );
        }
        s
    }
}

/// The fingerprint of database files given as (name, text): see [`Database::fingerprint`].
pub fn fingerprint<'a>(files: impl IntoIterator<Item = (&'a str, &'a str)>) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |b: u8| {
        h ^= u64::from(b);
        h = h.wrapping_mul(PRIME);
    };
    for (name, text) in files {
        name.bytes().for_each(&mut eat);
        eat(0);
        let bytes = text.as_bytes();
        for (i, &b) in bytes.iter().enumerate() {
            // CRLF counts as LF, so a checkout with other line endings has the same fingerprint
            if b == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                continue;
            }
            eat(b);
        }
        eat(0);
    }
    h
}
