//! The text of types, printed once per type of a module.

use std::cell::OnceCell;

use crate::model::{Module, TypeId};

/// The text of each type of a module (`float`, `%dx.types.Handle`), printed the first time it
/// is asked for and kept.
pub struct TypeNames<'m> {
    m: &'m Module,
    names: Vec<OnceCell<Box<str>>>,
}

impl<'m> TypeNames<'m> {
    /// The names of the types of `m` (none printed yet).
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
        match self.names.get(ty.index()) {
            Some(cell) => cell.get_or_init(|| crate::text::type_string(self.m, ty).into()),
            None => "<badref>",
        }
    }
}
