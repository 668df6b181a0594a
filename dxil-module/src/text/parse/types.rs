//! Types: `i32`, `float`, `%name`, `{ ... }`, `[N x T]`, `<N x T>`, pointers, function types,
//! and the definitions `%name = type ...`.

use super::{NamedTy, PResult, Parser};
use crate::model::{NamedStruct, Type, TypeId};
use crate::text::lexer::{Kind, Token};

/// The largest integer width LLVM allows (`i8388607`... is `2^23 - 1`).
const MAX_INT_WIDTH: u32 = (1 << 23) - 1;

impl Parser<'_, '_> {
    /// A type, at nesting depth `depth`.
    pub(crate) fn parse_type(&mut self, depth: u32) -> PResult<TypeId> {
        self.check_depth(depth)?;
        let t = self.tok;
        let ty = match t.kind() {
            Kind::Word => {
                let w = self.text(&t);
                // `iN` of a common width without hashing.
                if let [b'i', rest @ ..] = w {
                    let width: u32 = match rest {
                        b"1" => 1,
                        b"8" => 8,
                        b"16" => 16,
                        b"32" => 32,
                        b"64" => 64,
                        _ => 0,
                    };
                    if width != 0 {
                        let slot = width.trailing_zeros() as usize;
                        let ty = match self.st.common_ints[slot] {
                            Some(ty) => ty,
                            None => {
                                let ty = self.st.m.types.int(width);
                                self.st.common_ints[slot] = Some(ty);
                                ty
                            }
                        };
                        self.bump();
                        return self.type_suffixes(ty, depth);
                    }
                }
                let common = match w {
                    b"void" => Some(0),
                    b"half" => Some(1),
                    b"float" => Some(2),
                    b"double" => Some(3),
                    b"metadata" => Some(4),
                    b"label" => Some(5),
                    _ => None,
                };
                if let Some(slot) = common {
                    let id = match self.st.common_words[slot] {
                        Some(id) => id,
                        None => {
                            let ty = [
                                Type::Void,
                                Type::Half,
                                Type::Float,
                                Type::Double,
                                Type::Metadata,
                                Type::Label,
                            ];
                            let ty = ty.into_iter().nth(slot).unwrap_or(Type::Void);
                            let id = self.st.m.types.intern(ty);
                            self.st.common_words[slot] = Some(id);
                            id
                        }
                    };
                    self.bump();
                    return self.type_suffixes(id, depth);
                }
                if let Some(&ty) = self.st.word_types.get(w) {
                    self.bump();
                    return self.type_suffixes(ty, depth);
                }
                let ty = match w {
                    b"void" => Type::Void,
                    b"half" => Type::Half,
                    b"float" => Type::Float,
                    b"double" => Type::Double,
                    b"x86_fp80" => Type::X86Fp80,
                    b"fp128" => Type::Fp128,
                    b"ppc_fp128" => Type::PpcFp128,
                    b"x86_mmx" => Type::X86Mmx,
                    b"label" => Type::Label,
                    b"metadata" => Type::Metadata,
                    [b'i', digits @ ..] if !digits.is_empty() => match super::parse_u64(digits) {
                        Some(n) if (1..=u64::from(MAX_INT_WIDTH)).contains(&n) => {
                            Type::Int(n as u32)
                        }
                        _ => {
                            return Err(
                                self.err_at(&t, "integer type width must be between 1 and 8388607")
                            );
                        }
                    },
                    _ => return self.expected("a type"),
                };
                self.bump();
                let id = self.st.m.types.intern(ty);
                self.st.word_types.insert(w.into(), id);
                id
            }
            Kind::Local => {
                let raw = self.text(&t);
                if let Some(&id) = self.st.type_by_text.get(raw) {
                    self.bump();
                    return self.type_suffixes(id, depth);
                }
                let name = self.name(&t);
                let sym = self.sym(&name)?;
                self.bump();
                let id = self.named_type(sym, &t);
                self.st.type_by_text.insert(raw.into(), id);
                id
            }
            Kind::LocalId => {
                let n = self.u32_of(&t)?;
                self.bump();
                self.numbered_type(n, &t)
            }
            Kind::LBrace => {
                self.bump();
                let fields = self.type_list(Kind::RBrace, "'}'", depth)?;
                self.st.m.types.intern(Type::Struct {
                    fields,
                    packed: false,
                })
            }
            Kind::LBracket => {
                self.bump();
                let len = self.expect_u64("the number of elements of an array")?;
                self.expect_word("x")?;
                let elem = self.parse_type(depth + 1)?;
                self.expect(Kind::RBracket, "']'")?;
                self.st.m.types.intern(Type::Array { len, elem })
            }
            Kind::Less => {
                self.bump();
                if self.eat(Kind::LBrace) {
                    let fields = self.type_list(Kind::RBrace, "'}'", depth)?;
                    self.expect(Kind::Greater, "'>' after a packed struct")?;
                    self.st.m.types.intern(Type::Struct {
                        fields,
                        packed: true,
                    })
                } else {
                    let len = self.expect_u32("the number of elements of a vector")?;
                    if len == 0 {
                        return Err(self.err_at(&t, "a vector must have at least one element"));
                    }
                    self.expect_word("x")?;
                    let elem = self.parse_type(depth + 1)?;
                    self.expect(Kind::Greater, "'>'")?;
                    self.st.m.types.intern(Type::Vector { len, elem })
                }
            }
            _ => return self.expected("a type"),
        };
        self.type_suffixes(ty, depth)
    }

    /// `*`, `addrspace(N)*` and `(params)` after a type.
    fn type_suffixes(&mut self, mut ty: TypeId, depth: u32) -> PResult<TypeId> {
        loop {
            match self.tok.kind() {
                Kind::Star => {
                    self.check_pointee(ty)?;
                    self.bump();
                    ty = self.pointer_type(ty, 0);
                }
                Kind::Word if self.is_word(b"addrspace") => {
                    self.bump();
                    self.expect(Kind::LParen, "'(' after addrspace")?;
                    let space = self.expect_u32("an address space")?;
                    self.expect(Kind::RParen, "')'")?;
                    self.check_pointee(ty)?;
                    self.expect(Kind::Star, "'*' after addrspace(N)")?;
                    ty = self.pointer_type(ty, space);
                }
                Kind::LParen => {
                    self.bump();
                    let (params, vararg) = self.param_types(depth)?;
                    ty = self.function_type(ty, &params, vararg);
                }
                _ => return Ok(ty),
            }
        }
    }

    fn check_pointee(&self, ty: TypeId) -> PResult<()> {
        match self.st.m.types.get(ty) {
            Some(Type::Void) => {
                Err(self.err_at(&self.tok, "pointers to void are invalid; use i8* instead"))
            }
            Some(Type::Label | Type::Metadata) => {
                Err(self.err_at(&self.tok, "pointer to this type is invalid"))
            }
            _ => Ok(()),
        }
    }

    /// `T, T, ...` up to `close`.
    fn type_list(&mut self, close: Kind, what: &str, depth: u32) -> PResult<Vec<TypeId>> {
        let mut out = Vec::new();
        if self.eat(close) {
            return Ok(out);
        }
        loop {
            out.push(self.parse_type(depth + 1)?);
            if self.eat(close) {
                return Ok(out);
            }
            if !self.eat(Kind::Comma) {
                return self.expected(&format!("',' or {what}"));
            }
        }
    }

    /// The parameter types of a function type after `(`, through `)`.
    fn param_types(&mut self, depth: u32) -> PResult<(Vec<TypeId>, bool)> {
        let mut params = Vec::new();
        if self.eat(Kind::RParen) {
            return Ok((params, false));
        }
        loop {
            if self.eat(Kind::Dots) {
                self.expect(Kind::RParen, "')' after '...'")?;
                return Ok((params, true));
            }
            params.push(self.parse_type(depth + 1)?);
            // Attributes of a parameter in a function type are allowed and dropped.
            self.skip_param_attrs()?;
            if self.eat(Kind::RParen) {
                return Ok((params, false));
            }
            if !self.eat(Kind::Comma) {
                return self.expected("',' or ')'");
            }
        }
    }

    /// The struct type called `sym` (created as a forward reference when new).
    pub(crate) fn named_type(&mut self, sym: crate::model::Sym, t: &Token) -> TypeId {
        if let Some(n) = self.st.named_types.get(&sym) {
            return n.id;
        }
        let id = self.st.m.types.add_named(NamedStruct {
            name: Some(sym),
            fields: None,
            packed: false,
        });
        let column = self.lx.column(t.start().saturating_sub(1));
        self.st.named_types.insert(
            sym,
            NamedTy {
                id,
                defined: false,
                line: t.line(),
                column,
            },
        );
        id
    }

    /// The numbered struct type `%n`.
    fn numbered_type(&mut self, n: u32, t: &Token) -> TypeId {
        if let Some(e) = self.st.numbered_types.get(&n) {
            return e.id;
        }
        let id = self.st.m.types.add_named(NamedStruct {
            name: None,
            fields: None,
            packed: false,
        });
        let column = self.lx.column(t.start().saturating_sub(1));
        self.st.numbered_types.insert(
            n,
            NamedTy {
                id,
                defined: false,
                line: t.line(),
                column,
            },
        );
        id
    }

    /// `%name = type ...` after the name and `=`.
    pub(crate) fn type_definition(&mut self, name: &Token) -> PResult<()> {
        self.expect_word("type")?;
        let id = if name.kind() == Kind::LocalId {
            let n = self.u32_of(name)?;
            let id = self.numbered_type(n, name);
            let e = self.st.numbered_types.get_mut(&n);
            if let Some(e) = e {
                if e.defined {
                    return Err(self.err_at(name, "redefinition of a numbered type"));
                }
                e.defined = true;
            }
            id
        } else {
            let text = self.name(name);
            let sym = self.sym(&text)?;
            let id = self.named_type(sym, name);
            if let Some(e) = self.st.named_types.get_mut(&sym) {
                if e.defined {
                    let msg = format!("redefinition of type '%{}'", String::from_utf8_lossy(&text));
                    return Err(self.err_at(name, msg));
                }
                e.defined = true;
            }
            id
        };
        let (fields, packed) = if self.eat_word(b"opaque") {
            (None, false)
        } else if self.eat(Kind::LBrace) {
            (Some(self.type_list(Kind::RBrace, "'}'", 0)?), false)
        } else if self.tok.kind() == Kind::Less {
            self.bump();
            self.expect(Kind::LBrace, "'{' of a packed struct")?;
            let f = self.type_list(Kind::RBrace, "'}'", 0)?;
            self.expect(Kind::Greater, "'>'")?;
            (Some(f), true)
        } else {
            // `%T = type i32` names no struct: LLVM reads it as an alias of another type,
            // which the model cannot hold.
            return self.expected("'{', '<{' or 'opaque' (only struct types can be named)");
        };
        if let Some(n) = self.st.m.types.named_mut(id) {
            n.fields = fields;
            n.packed = packed;
        }
        Ok(())
    }
}
