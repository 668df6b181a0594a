//! The placeholders of constraint messages.

/// The placeholders the message arguments of op constraints may use, `{name}` in the database
/// (which ones a kind fills is declared by its `[constraint_kind.NAME]` record; see
/// [`Placeholder::NAMES`]). The loader reads them and the runtime fills them: one type for both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Placeholder {
    /// The op's name.
    Op,
    /// The operand's parameter name.
    Param,
    /// The same with its first letter in upper case.
    ParamTitle,
    /// The operand's position, 1 for the first operand after the opcode.
    Arg,
    /// The value found.
    Value,
    /// The smallest value allowed.
    Min,
    /// The largest value allowed.
    Max,
    /// The factor of `multiple_of`.
    Factor,
    /// The write mask.
    Mask,
    /// The mask of the defined values.
    Defined,
    /// The resource kind found.
    Kind,
    /// The resource class found.
    Class,
    /// The component type found.
    Component,
    /// The call's overload.
    Overload,
    /// The type of the n-th matrix operand (`dx.types.LinAlgMatrix...`).
    Type(u8),
    /// The scope of the n-th matrix operand.
    Scope(u8),
    /// The use of the matrix operand.
    Use,
    /// The dimensions `MxN` of the n-th matrix operand.
    Dims(u8),
    /// The N of the first matrix.
    N,
    /// The M of the second matrix.
    M1,
    /// The dimensions of the product of the second and third matrices.
    Product,
    /// The K dimension found.
    K,
    /// The vector length found.
    Length,
    /// The length expected.
    Expected,
    /// The layout's name.
    Layout,
    /// The element type of the n-th vector operand.
    Element(u8),
}

impl Placeholder {
    /// Every placeholder by its name in `{...}`.
    pub const NAMES: &'static [(&'static str, Placeholder)] = &[
        ("op", Placeholder::Op),
        ("param", Placeholder::Param),
        ("Param", Placeholder::ParamTitle),
        ("arg", Placeholder::Arg),
        ("value", Placeholder::Value),
        ("min", Placeholder::Min),
        ("max", Placeholder::Max),
        ("factor", Placeholder::Factor),
        ("mask", Placeholder::Mask),
        ("defined", Placeholder::Defined),
        ("kind", Placeholder::Kind),
        ("class", Placeholder::Class),
        ("component", Placeholder::Component),
        ("overload", Placeholder::Overload),
        ("type", Placeholder::Type(0)),
        ("type1", Placeholder::Type(1)),
        ("scope", Placeholder::Scope(0)),
        ("scope1", Placeholder::Scope(1)),
        ("scope2", Placeholder::Scope(2)),
        ("scope3", Placeholder::Scope(3)),
        ("use", Placeholder::Use),
        ("dims", Placeholder::Dims(0)),
        ("dims1", Placeholder::Dims(1)),
        ("n", Placeholder::N),
        ("m1", Placeholder::M1),
        ("product", Placeholder::Product),
        ("k", Placeholder::K),
        ("length", Placeholder::Length),
        ("expected", Placeholder::Expected),
        ("layout", Placeholder::Layout),
        ("element", Placeholder::Element(0)),
        ("element1", Placeholder::Element(1)),
    ];

    /// The placeholders every kind provides.
    pub const COMMON: &'static [&'static str] = &["op", "param", "Param", "arg"];

    /// The placeholder called `name`.
    pub fn from_name(name: &str) -> Option<Placeholder> {
        Self::NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, p)| *p)
    }

    /// Its name in `{...}`.
    pub fn name(self) -> &'static str {
        Self::NAMES
            .iter()
            .find(|(_, p)| *p == self)
            .map_or("", |(n, _)| n)
    }
}
