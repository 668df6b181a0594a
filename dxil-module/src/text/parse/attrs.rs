//! Attributes: of parameters and results (`zeroext`, `align 4`), of functions and calls
//! (`nounwind`, `"key"="value"`, `#N`), and the groups `attributes #N = { ... }`.

use super::{AttrSpec, PResult, Parser};
use crate::model::Attr;
use crate::model::attributes::ALIGN;
use crate::text::lexer::Kind;

/// Attributes whose LLVM 14 spelling carries a type in parentheses (dropped: the model keeps
/// LLVM 3.7's attribute without it).
fn takes_type(kind: u32) -> bool {
    matches!(kind, 3 | 29 | 38 | 65 | 69 | 77)
}

/// The attribute words by kind number, and which (first byte, length) pairs they have, so
/// that most words that are no attribute (types, `undef`, ...) are told without hashing.
struct Kinds {
    map: crate::hash::Map<&'static [u8], u32>,
    lengths: [u64; 256],
}

/// The kind number of an attribute word, through a table built once.
fn kind_of(word: &[u8]) -> Option<u32> {
    static KINDS: std::sync::OnceLock<Kinds> = std::sync::OnceLock::new();
    let kinds = KINDS.get_or_init(|| {
        let mut lengths = [0u64; 256];
        let map: crate::hash::Map<&'static [u8], u32> = (1..=crate::model::LAST_LLVM37_KIND + 40)
            .filter_map(|k| Attr::kind_name(k).map(|n| (n.as_bytes(), k)))
            .collect();
        for name in map.keys() {
            if let Some(&b) = name.first() {
                lengths[b as usize] |= 1u64 << name.len().min(63);
            }
        }
        Kinds { map, lengths }
    });
    let &first = word.first()?;
    if kinds.lengths[first as usize] & (1u64 << word.len().min(63)) == 0 {
        return None;
    }
    kinds.map.get(word).copied()
}

impl Parser<'_, '_> {
    /// One attribute at the current token, if it is one. `group` is true inside
    /// `attributes #N = { }`, where integers are written `align=4`.
    fn attribute(&mut self, group: bool) -> PResult<Option<Attr>> {
        let t = self.tok;
        match t.kind() {
            Kind::Str => {
                self.bump();
                let key = self.string(&t).into_owned().into_boxed_slice();
                let value = if self.eat(Kind::Equal) {
                    let vt = self.expect(Kind::Str, "the value of a string attribute")?;
                    let v = self.string(&vt);
                    (!v.is_empty()).then(|| v.into_owned().into_boxed_slice())
                } else {
                    None
                };
                Ok(Some(Attr::Str { key, value }))
            }
            Kind::Word => {
                let w = self.text(&t);
                let Some(kind) = kind_of(w) else {
                    return Ok(None);
                };
                self.bump();
                match kind {
                    k if Attr::takes_value(k) => {
                        let v = if group && self.eat(Kind::Equal) {
                            self.expect_u64("an attribute value")?
                        } else if self.eat(Kind::LParen) {
                            let v = self.expect_u64("an attribute value")?;
                            self.expect(Kind::RParen, "')'")?;
                            v
                        } else if kind == ALIGN && !group {
                            self.expect_u64("an alignment")?
                        } else {
                            return self.expected("the attribute's value");
                        };
                        Ok(Some(Attr::Int(kind, v)))
                    }
                    _ => {
                        if takes_type(kind) && self.eat(Kind::LParen) {
                            self.parse_type(1)?;
                            self.expect(Kind::RParen, "')'")?;
                        }
                        Ok(Some(Attr::Enum(kind)))
                    }
                }
            }
            _ => Ok(None),
        }
    }

    /// Attributes of a parameter or a result.
    #[inline]
    pub(crate) fn param_attrs(&mut self) -> PResult<Vec<Attr>> {
        // Only a word or a string can be an attribute: most operands have none.
        if !matches!(self.tok.kind(), Kind::Word | Kind::Str) {
            return Ok(Vec::new());
        }
        let mut out = Vec::new();
        while let Some(a) = self.attribute(false)? {
            out.push(a);
        }
        Ok(out)
    }

    /// Attributes of a parameter in a function type, dropped.
    pub(crate) fn skip_param_attrs(&mut self) -> PResult<()> {
        while self.attribute(false)?.is_some() {}
        Ok(())
    }

    /// Attributes of a function or call: inline ones and `#N` groups.
    pub(crate) fn fn_attrs(&mut self, spec: &mut AttrSpec) -> PResult<()> {
        loop {
            if self.tok.kind() == Kind::AttrGroup {
                let t = self.tok;
                let n = self.u32_of(&t)?;
                let column = self.lx.column(t.start().saturating_sub(1));
                spec.groups.push((n, t.line(), column));
                self.bump();
                continue;
            }
            // A function's alignment follows its attributes: not one of them.
            if self.is_word(b"align") {
                return Ok(());
            }
            match self.attribute(false)? {
                Some(a) => spec.func.push(a),
                None => return Ok(()),
            }
        }
    }

    /// `attributes #N = { ... }` after `attributes`.
    pub(crate) fn attr_group_definition(&mut self) -> PResult<()> {
        let t = self.expect(Kind::AttrGroup, "'#N' after 'attributes'")?;
        let n = self.u32_of(&t)?;
        self.expect(Kind::Equal, "'='")?;
        self.expect(Kind::LBrace, "'{'")?;
        let mut attrs = Vec::new();
        while !self.eat(Kind::RBrace) {
            match self.attribute(true)? {
                Some(a) => attrs.push(a),
                None => return self.expected("an attribute or '}'"),
            }
        }
        if self.st.attr_text.insert(n, attrs).is_some() {
            let e = self.err_at(&t, format!("redefinition of attribute group '#{n}'"));
            self.st.problem(e)?;
        }
        Ok(())
    }
}
