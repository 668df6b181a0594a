//! Why a model cannot be written ([`WriteError`]): where in the model ([`Place`]) and what is
//! wrong with it ([`WriteErrorKind`]).

use std::fmt;

/// A model the writer refuses, rather than write bitcode that LLVM 3.7 would misread or
/// refuse: where ([`WriteError::place`]) and why ([`WriteError::kind`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteError(Box<(Place, WriteErrorKind)>);

/// A place in a model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// The module as a whole.
    Module,
    /// A type, by its index in [`Types`](crate::model::Types).
    Type(u32),
    /// An attribute group, by its position in
    /// [`Module::attr_groups`](crate::model::Module::attr_groups).
    AttrGroup(u32),
    /// An attribute list, by its position in
    /// [`Module::attr_lists`](crate::model::Module::attr_lists).
    AttrList(u32),
    /// A global variable: its index and its name, if any.
    Global {
        /// Its index in [`Module::globals`](crate::model::Module::globals).
        index: u32,
        /// Its name.
        name: Option<String>,
    },
    /// A function: its index and its name, if any.
    Function {
        /// Its index in [`Module::functions`](crate::model::Module::functions).
        index: u32,
        /// Its name.
        name: Option<String>,
    },
    /// An instruction of a function body.
    Instruction {
        /// The function's index in [`Module::functions`](crate::model::Module::functions).
        function: u32,
        /// The function's name, if any.
        name: Option<String>,
        /// The position of the instruction in the body, counted from 0 in block order.
        position: u32,
        /// Its [`InstId`](crate::model::InstId).
        inst: u32,
        /// Its opcode (`call`, `add`, ...).
        opcode: &'static str,
        /// The line of text it was read from, 0 when it was not read from text.
        line: u32,
    },
    /// A constant, by its [`ConstId`](crate::model::ConstId).
    Constant(u32),
    /// A metadata item, by its [`MdId`](crate::model::MdId).
    Metadata(u32),
    /// A named metadata, by its name.
    NamedMetadata(String),
}

/// What is wrong with a model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteErrorKind {
    /// An id that names nothing: what it should name, the id, and how many of those exist.
    OutOfRange {
        /// What the id should name (`"instruction"`, `"type"`, ...).
        what: &'static str,
        /// The id.
        id: u64,
        /// How many there are.
        count: u64,
    },
    /// A call of a function the module does not declare.
    UndeclaredFunction {
        /// The function id called.
        id: u32,
        /// How many functions the module has.
        count: u32,
    },
    /// A type LLVM 3.7 cannot express, or one where it cannot be used; the reason.
    BadType(String),
    /// Types that contain themselves other than through a named struct.
    TypeCycle,
    /// A value whose type is not the one its place needs.
    TypeMismatch {
        /// What the value is (`"the second operand"`, `"argument 2"`, ...).
        operand: String,
        /// The type needed, as LLVM IR text.
        expected: String,
        /// The value's type, as LLVM IR text.
        found: String,
    },
    /// A call with more or fewer arguments than its function type has parameters.
    ArgumentCount {
        /// The parameters of the function type.
        expected: usize,
        /// The arguments of the call.
        found: usize,
    },
    /// An instruction's result used where it is not defined yet: before it in its own block,
    /// by itself, or in a block its definition does not dominate.
    UseBeforeDefinition {
        /// The position of the instruction whose result is used (counted as
        /// [`Place::Instruction::position`]).
        defined_at: u32,
    },
    /// An instruction used as an operand that no block lists.
    NotInBlock(u32),
    /// An instruction that blocks list more than once.
    PlacedTwice(u32),
    /// The result of an instruction that has none (`void`) used as an operand.
    VoidOperand(u32),
    /// An argument or an instruction's result where only a value of the whole module may be
    /// (a global initializer, a constant, module metadata).
    LocalValue,
    /// Metadata used as an operand other than a call argument.
    MetadataOperand,
    /// A constant that contains itself.
    ConstantCycle,
    /// A function body that LLVM 3.7 cannot hold: no blocks, a block without a terminator,
    /// a terminator before the end of a block, a `phi` after other instructions.
    BadBody(&'static str),
    /// A name given to two values of one symbol table, or to a result that does not exist.
    BadName(String),
    /// Metadata LLVM 3.7 cannot hold: function-local metadata inside a module-level node, a
    /// node that is not a node where one is needed.
    BadMetadata(&'static str),
    /// A record longer than LLVM 3.7's reader can count (its operand count is read into 32
    /// bits).
    TooLarge {
        /// What the record holds.
        what: &'static str,
        /// Its number of values.
        len: u64,
        /// The most there may be.
        max: u64,
    },
    /// A value the bitcode cannot encode: why.
    Unencodable(String),
}

impl WriteErrorKind {
    /// A [`WriteErrorKind::TypeMismatch`] of `what`, of type `found` where `expected` is
    /// needed.
    #[cold]
    pub(super) fn mismatch(
        m: &crate::model::Module,
        what: &str,
        found: crate::model::TypeId,
        expected: crate::model::TypeId,
    ) -> WriteErrorKind {
        WriteErrorKind::TypeMismatch {
            operand: what.to_owned(),
            expected: crate::text::type_string(m, expected),
            found: crate::text::type_string(m, found),
        }
    }
}

impl WriteError {
    #[cold]
    pub(super) fn new(place: Place, kind: WriteErrorKind) -> WriteError {
        WriteError(Box::new((place, kind)))
    }

    /// Where in the model.
    pub fn place(&self) -> &Place {
        &self.0.0
    }

    /// What is wrong.
    pub fn kind(&self) -> &WriteErrorKind {
        &self.0.1
    }
}

fn name_or_index(
    f: &mut fmt::Formatter<'_>,
    sigil: char,
    name: &Option<String>,
    index: u32,
) -> fmt::Result {
    match name {
        Some(n) => write!(f, "{sigil}{n}"),
        None => write!(f, "{sigil}{index} (unnamed)"),
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Module => f.write_str("the module"),
            Place::Type(t) => write!(f, "type #{t}"),
            Place::AttrGroup(g) => write!(f, "attribute group #{g}"),
            Place::AttrList(l) => write!(f, "attribute list #{l}"),
            Place::Global { index, name } => {
                f.write_str("global ")?;
                name_or_index(f, '@', name, *index)
            }
            Place::Function { index, name } => {
                f.write_str("function ")?;
                name_or_index(f, '@', name, *index)
            }
            Place::Instruction {
                function,
                name,
                position,
                inst: _,
                opcode,
                line,
            } => {
                f.write_str("function ")?;
                name_or_index(f, '@', name, *function)?;
                write!(f, ", instruction {position} ({opcode}")?;
                if *line != 0 {
                    write!(f, ", line {line}")?;
                }
                f.write_str(")")
            }
            Place::Constant(c) => write!(f, "constant #{c}"),
            Place::Metadata(m) => write!(f, "metadata !{m}"),
            Place::NamedMetadata(n) => write!(f, "named metadata !{n}"),
        }
    }
}

impl fmt::Display for WriteErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteErrorKind::OutOfRange { what, id, count } => {
                write!(f, "{what} #{id} does not exist (there are {count})")
            }
            WriteErrorKind::UndeclaredFunction { id, count } => write!(
                f,
                "call of function #{id}, which the module does not declare (it has {count})"
            ),
            WriteErrorKind::BadType(why) => f.write_str(why),
            WriteErrorKind::TypeCycle => {
                f.write_str("a type that contains itself other than through a named struct")
            }
            WriteErrorKind::TypeMismatch {
                operand,
                expected,
                found,
            } => write!(f, "{operand} has type {found} where {expected} is needed"),
            WriteErrorKind::ArgumentCount { expected, found } => write!(
                f,
                "{found} arguments to a function type of {expected} parameters"
            ),
            WriteErrorKind::UseBeforeDefinition { defined_at } => write!(
                f,
                "uses the result of instruction {defined_at} where it is not defined \
                 (not before it in the block, nor in a block that dominates this one)"
            ),
            WriteErrorKind::NotInBlock(i) => {
                write!(f, "uses instruction #{i}, which no block holds")
            }
            WriteErrorKind::PlacedTwice(i) => write!(f, "instruction #{i} is in blocks twice"),
            WriteErrorKind::VoidOperand(i) => {
                write!(
                    f,
                    "uses the result of instruction #{i}, which has none (void)"
                )
            }
            WriteErrorKind::LocalValue => f.write_str(
                "an argument or an instruction's result where only a value of the module may be",
            ),
            WriteErrorKind::MetadataOperand => {
                f.write_str("metadata as an operand other than a call argument")
            }
            WriteErrorKind::ConstantCycle => f.write_str("a constant that contains itself"),
            WriteErrorKind::BadBody(why) => f.write_str(why),
            WriteErrorKind::BadName(why) => f.write_str(why),
            WriteErrorKind::BadMetadata(why) => f.write_str(why),
            WriteErrorKind::TooLarge { what, len, max } => write!(
                f,
                "{what} of {len} values, more than the {max} a record can hold"
            ),
            WriteErrorKind::Unencodable(why) => f.write_str(why),
        }
    }
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.place(), self.kind())
    }
}

impl std::error::Error for WriteError {}
