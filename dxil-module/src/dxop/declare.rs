//! Declaring a `dx.op` function in a module, as DXC declares it: its type from the op
//! database's signature (the named structs it uses defined when the module has none of that
//! name) and its function attributes (`nounwind` and the class's memory attribute, in one
//! attribute group shared with the functions that have the same).

use std::fmt;

use dxil_ops::Signature;

use crate::model::{
    Attr, AttrGroup, AttrList, AttrListId, FuncId, Function, LAST_LLVM37_KIND, Module, NamedStruct,
    Type, TypeId,
};

/// Why a `dx.op` function cannot be declared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeclareError {
    /// A type of the signature that the model cannot be given (its LLVM text).
    Type(String),
    /// An attribute of the signature that LLVM 3.7 has no kind for.
    Attribute(String),
    /// The module's name table is full.
    Names,
}

impl fmt::Display for DeclareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeclareError::Type(t) => write!(f, "the type `{t}` cannot be made"),
            DeclareError::Attribute(a) => write!(f, "the attribute `{a}` has no kind"),
            DeclareError::Names => f.write_str("the module's name table is full"),
        }
    }
}

impl std::error::Error for DeclareError {}

/// The function of `m` for the `dx.op` function of `signature` (a built call's
/// [`signature`](dxil_ops::Call::signature)): the one `m` has by that name, else a new
/// declaration, added after the module's functions.
///
/// ```
/// use dxil_module::{dxop, model::Module};
/// use dxil_ops::{Precision, Signature, parse_function_name};
///
/// let mut m = Module::new();
/// let name = parse_function_name("dx.op.storeOutput.f32").expect("a dx.op name");
/// let sig = Signature::of(name, Precision::Native).expect("a signature");
/// let f = dxop::declare(&mut m, &sig).expect("declared");
/// assert_eq!(dxop::declare(&mut m, &sig), Ok(f));
/// let text = dxil_module::text::print(&m, &Default::default());
/// assert!(text.contains("declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #0"));
/// assert!(text.contains("attributes #0 = { nounwind }"));
/// ```
pub fn declare(m: &mut Module, signature: &Signature<'_>) -> Result<FuncId, DeclareError> {
    let name = signature.name().to_string();
    if let Some(f) = m.function_named(&name) {
        return Ok(f);
    }
    for def in signature.structs() {
        define_struct(m, &def.to_string())?;
    }
    let ret = type_of(m, &signature.ret().to_string())?;
    let mut params = vec![m.types.int(32)];
    for p in signature.params() {
        params.push(type_of(m, &p.to_string())?);
    }
    let ty = m.types.intern(Type::Function {
        ret,
        params,
        vararg: false,
    });
    let ptr_ty = m.types.pointer(ty, 0);
    let attrs = function_attributes(m, &signature.declaration().attributes().to_string())?;
    let sym = m
        .symbols
        .intern(name.as_bytes())
        .map_err(|_| DeclareError::Names)?;
    let id = FuncId(u32::try_from(m.functions.len()).map_err(|_| DeclareError::Names)?);
    m.functions.push(Function {
        attrs: Some(attrs),
        ..Function::declaration(Some(sym), ty, ptr_ty)
    });
    Ok(id)
}

/// The attribute list of one function attribute group of the attributes `names` (as LLVM
/// prints them, separated by spaces); the group and the list reused when the module has them.
fn function_attributes(m: &mut Module, names: &str) -> Result<AttrListId, DeclareError> {
    let mut attrs = names
        .split_whitespace()
        .map(|a| {
            let kind = Attr::kind_of(a)
                .filter(|&k| k <= LAST_LLVM37_KIND)
                .ok_or_else(|| DeclareError::Attribute(a.to_owned()))?;
            Ok((kind, Attr::Enum(kind)))
        })
        .collect::<Result<Vec<_>, DeclareError>>()?;
    attrs.sort_by_key(|&(k, _)| k);
    let attrs: Vec<Attr> = attrs.into_iter().map(|(_, a)| a).collect();
    let group = match m
        .attr_groups
        .iter()
        .find(|g| g.index == AttrGroup::FUNCTION && g.attrs == attrs)
    {
        Some(g) => g.id,
        None => {
            let id = m.attr_groups.iter().map(|g| g.id + 1).max().unwrap_or(0);
            m.attr_groups.push(AttrGroup {
                id,
                index: AttrGroup::FUNCTION,
                attrs,
            });
            id
        }
    };
    let list = AttrList {
        groups: vec![group],
    };
    let at = match m.attr_lists.iter().position(|l| *l == list) {
        Some(at) => at,
        None => {
            m.attr_lists.push(list);
            m.attr_lists.len() - 1
        }
    };
    Ok(AttrListId(
        u32::try_from(at).map_err(|_| DeclareError::Names)?,
    ))
}

/// Defines the named struct of a definition `%name = type { ... }` (or `opaque`) unless the
/// module has a struct of that name.
fn define_struct(m: &mut Module, def: &str) -> Result<(), DeclareError> {
    let bad = || DeclareError::Type(def.to_owned());
    let mut p = TypeText::new(def);
    let name = p.local_name().ok_or_else(bad)?;
    let sym = m
        .symbols
        .intern(name.as_bytes())
        .map_err(|_| DeclareError::Names)?;
    if m.types.find_named(sym).is_some() {
        return Ok(());
    }
    if !(p.eat("=") && p.eat_word("type")) {
        return Err(bad());
    }
    let fields = if p.eat_word("opaque") {
        None
    } else {
        let ty = p.parse(m, 0).ok_or_else(bad)?;
        match m.types.get(ty) {
            Some(Type::Struct { fields, .. }) => Some(fields.clone()),
            _ => return Err(bad()),
        }
    };
    m.types.add_named(NamedStruct {
        name: Some(sym),
        fields,
        packed: false,
    });
    Ok(())
}

/// The type written `text` in LLVM IR (the forms the op database writes: `void`, `half`,
/// `float`, `double`, `iN`, `<N x T>`, `[N x T]`, `{ T, ... }`, `%name`, `T*` and
/// `T addrspace(N)*`); a named struct the module does not have is opaque.
fn type_of(m: &mut Module, text: &str) -> Result<TypeId, DeclareError> {
    let mut p = TypeText::new(text);
    match p.parse(m, 0) {
        Some(ty) if p.rest().is_empty() => Ok(ty),
        _ => Err(DeclareError::Type(text.to_owned())),
    }
}

/// A reader of a type's text.
struct TypeText<'t> {
    text: &'t str,
}

/// The deepest nesting of types read.
const MAX_DEPTH: u32 = 16;

impl<'t> TypeText<'t> {
    fn new(text: &'t str) -> Self {
        TypeText { text }
    }

    fn rest(&self) -> &'t str {
        self.text.trim_start()
    }

    /// Skips `token` (after spaces) if it comes next.
    fn eat(&mut self, token: &str) -> bool {
        match self.rest().strip_prefix(token) {
            Some(rest) => {
                self.text = rest;
                true
            }
            None => false,
        }
    }

    /// The next word (letters, digits, `_`, `.`), if any.
    fn word(&mut self) -> Option<&'t str> {
        let rest = self.rest();
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
            .unwrap_or(rest.len());
        (end > 0).then(|| {
            self.text = &rest[end..];
            &rest[..end]
        })
    }

    /// Skips the word `w` if it comes next.
    fn eat_word(&mut self, w: &str) -> bool {
        let save = self.text;
        if self.word() == Some(w) {
            return true;
        }
        self.text = save;
        false
    }

    fn number(&mut self) -> Option<u64> {
        self.word()?.parse().ok()
    }

    /// A `%name` or `%"name"`: the name.
    fn local_name(&mut self) -> Option<String> {
        if !self.eat("%") {
            return None;
        }
        if self.text.starts_with('"') {
            let end = self.text[1..].find('"')? + 1;
            let name = self.text[1..end].to_owned();
            self.text = &self.text[end + 1..];
            return Some(name);
        }
        let end = self
            .text
            .find(|c: char| !(c.is_ascii_alphanumeric() || "._$-".contains(c)))
            .unwrap_or(self.text.len());
        let name = self.text[..end].to_owned();
        self.text = &self.text[end..];
        (!name.is_empty()).then_some(name)
    }

    /// A type and its pointer suffixes.
    fn parse(&mut self, m: &mut Module, depth: u32) -> Option<TypeId> {
        if depth > MAX_DEPTH {
            return None;
        }
        let mut ty = if self.eat("<") {
            let len = u32::try_from(self.number()?).ok()?;
            let elem = self.of_elements(m, depth)?;
            self.eat(">").then_some(())?;
            m.types.intern(Type::Vector { len, elem })
        } else if self.eat("[") {
            let len = self.number()?;
            let elem = self.of_elements(m, depth)?;
            self.eat("]").then_some(())?;
            m.types.intern(Type::Array { len, elem })
        } else if self.eat("{") {
            let mut fields = Vec::new();
            if !self.eat("}") {
                loop {
                    fields.push(self.parse(m, depth + 1)?);
                    if self.eat("}") {
                        break;
                    }
                    self.eat(",").then_some(())?;
                }
            }
            m.types.intern(Type::Struct {
                fields,
                packed: false,
            })
        } else if self.rest().starts_with('%') {
            let name = self.local_name()?;
            let sym = m.symbols.intern(name.as_bytes()).ok()?;
            match m.types.find_named(sym) {
                Some(t) => t,
                None => m.types.add_named(NamedStruct {
                    name: Some(sym),
                    fields: None,
                    packed: false,
                }),
            }
        } else {
            let scalar = match self.word()? {
                "void" => Type::Void,
                "half" => Type::Half,
                "float" => Type::Float,
                "double" => Type::Double,
                w => Type::Int(w.strip_prefix('i')?.parse().ok().filter(|&n| n > 0)?),
            };
            m.types.intern(scalar)
        };
        loop {
            let addrspace = if self.eat_word("addrspace") {
                self.eat("(").then_some(())?;
                let n = u32::try_from(self.number()?).ok()?;
                self.eat(")").then_some(())?;
                n
            } else {
                0
            };
            if !self.eat("*") {
                return (addrspace == 0).then_some(ty);
            }
            ty = m.types.pointer(ty, addrspace);
        }
    }

    /// ` x T` of a vector or an array.
    fn of_elements(&mut self, m: &mut Module, depth: u32) -> Option<TypeId> {
        self.eat_word("x").then_some(())?;
        self.parse(m, depth + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(m: &Module, t: TypeId) -> String {
        crate::text::type_string(m, t)
    }

    #[test]
    fn the_forms_of_the_database_are_read() {
        let mut m = Module::new();
        for t in [
            "void",
            "i1",
            "<4 x float>",
            "[2 x i32]",
            "{ i32, float }",
            "float addrspace(3)*",
            "i8*",
            "%dx.types.Handle",
            "%\"class.Texture2D<float>\"*",
        ] {
            let ty = type_of(&mut m, t).unwrap_or_else(|e| panic!("{t}: {e}"));
            assert_eq!(text(&m, ty), t);
        }
        for bad in [
            "",
            "i",
            "i0",
            "<4 float>",
            "{ i32",
            "float addrspace(3)",
            "i32 i32",
        ] {
            assert!(type_of(&mut m, bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_struct_is_defined_once() {
        let mut m = Module::new();
        define_struct(
            &mut m,
            "%dx.types.ResRet.f32 = type { float, float, float, float, i32 }",
        )
        .expect("defined");
        let n = m.types.len();
        define_struct(
            &mut m,
            "%dx.types.ResRet.f32 = type { float, float, float, float, i32 }",
        )
        .expect("known");
        assert_eq!(m.types.len(), n);
        define_struct(&mut m, "%s = type opaque").expect("opaque");
        assert!(define_struct(&mut m, "%t = type i32").is_err());
    }
}
