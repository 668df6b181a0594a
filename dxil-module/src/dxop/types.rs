//! The text of types, printed once per type of a module.

use std::cell::OnceCell;

use crate::model::{Module, Type, TypeId};

/// The text of each type of a module (`float`, `%dx.types.Handle`), made the first time it
/// is asked for and kept.
pub struct TypeNames<'m> {
    m: &'m Module,
    names: Vec<OnceCell<Name>>,
}

/// The text of one type: one word ([`Type::word`]), or printed.
enum Name {
    Word(&'static str),
    Printed(Box<str>),
}

impl<'m> TypeNames<'m> {
    /// The names of the types of `m` (none made yet).
    pub fn new(m: &'m Module) -> Self {
        TypeNames {
            m,
            names: (0..m.types.len()).map(|_| OnceCell::new()).collect(),
        }
    }

    /// The module.
    pub fn module(&self) -> &'m Module {
        self.m
    }

    /// The text of type `ty`, as the printer writes it; `<badref>` for an id the module does
    /// not have.
    pub fn get(&self, ty: TypeId) -> &str {
        let Some(cell) = self.names.get(ty.index()) else {
            return "<badref>";
        };
        let name = cell.get_or_init(|| match self.m.types.get(ty).and_then(Type::word) {
            Some(word) => Name::Word(word),
            None => Name::Printed(crate::text::type_string(self.m, ty).into()),
        });
        match name {
            Name::Word(word) => word,
            Name::Printed(text) => text,
        }
    }
}
