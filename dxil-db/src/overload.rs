//! DXC's overload-string notation: `hf` (half and float), `hf<hf` (and vectors of them), `<hf`
//! (vectors only), `o,hfdwil` (two dimensions), `v` (no overload).

use crate::model::{OverloadDim, OverloadKind, OverloadSpec, OverloadType, OverloadTypeId};

/// A parse error: byte offset in the text, message, hint.
#[derive(Debug, PartialEq, Eq)]
pub struct OverloadError {
    /// Byte offset of the offending character.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
    /// What to do.
    pub hint: String,
    /// The mistake is a letter no overload type has (a name not declared, rather than a
    /// malformed string).
    pub unknown_letter: bool,
}

/// Parses an overload string with the letters of `types`.
pub fn parse_overloads(text: &str, types: &[OverloadType]) -> Result<OverloadSpec, OverloadError> {
    let letters: String = types.iter().map(|t| t.letter).collect();
    let hint_letters = || {
        format!(
            "overload letters are {}; `<` starts vector element types; `,` separates dimensions",
            types
                .iter()
                .map(|t| format!("`{}` {}", t.letter, t.name))
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    let find = |c: char| {
        types
            .iter()
            .position(|t| t.letter == c)
            .map(|i| OverloadTypeId(i as u32))
    };
    let err = |offset: usize, message: String, hint: String| OverloadError {
        offset,
        message,
        hint,
        unknown_letter: false,
    };
    let unknown = |offset: usize, c: char| OverloadError {
        unknown_letter: true,
        ..err(
            offset,
            format!("unknown overload letter `{c}`"),
            hint_letters(),
        )
    };
    if text.is_empty() {
        return Err(err(
            0,
            "empty overload string".into(),
            "write `v` for an op without overloads".into(),
        ));
    }
    let void_letter = types.iter().find(|t| t.kind == OverloadKind::Void);
    if let Some(v) = void_letter
        && let Some(pos) = text.find(v.letter)
    {
        if text.len() == v.letter.len_utf8() {
            return Ok(OverloadSpec {
                text: text.to_owned(),
                void: true,
                dims: Vec::new(),
            });
        }
        return Err(err(
            pos,
            format!(
                "the void overload `{}` is exclusive and must stand alone",
                v.letter
            ),
            format!(
                "write `{}` alone for an op without overloads, or remove it",
                v.letter
            ),
        ));
    }
    let mut dims = Vec::new();
    let mut offset = 0;
    for part in text.split(',') {
        let mut dim = OverloadDim::default();
        let (scalars, vectors) = match part.find('<') {
            Some(i) => (&part[..i], Some((&part[i + 1..], offset + i + 1))),
            None => (part, None),
        };
        if scalars.is_empty() && vectors.is_none() {
            return Err(err(
                offset,
                format!("empty overload dimension in `{text}`"),
                "each dimension between commas needs at least one letter".into(),
            ));
        }
        for (i, c) in scalars.char_indices() {
            let Some(id) = find(c) else {
                return Err(unknown(offset + i, c));
            };
            if dim.has_scalar(id) {
                return Err(err(
                    offset + i,
                    format!("overload letter `{c}` appears twice"),
                    "list each type once".into(),
                ));
            }
            dim.scalars |= 1 << id.0;
        }
        if let Some((vectors, voff)) = vectors {
            if vectors.is_empty() {
                return Err(err(
                    voff.saturating_sub(1),
                    "`<` is not followed by vector element types".into(),
                    "write the element types after `<`, e.g. `hf<hf`".into(),
                ));
            }
            for (i, c) in vectors.char_indices() {
                if c == '<' {
                    return Err(err(
                        voff + i,
                        "`<` appears twice in one dimension".into(),
                        "a dimension is `scalars<vector-elements`".into(),
                    ));
                }
                let Some(id) = find(c) else {
                    return Err(unknown(voff + i, c));
                };
                if types[id.index()].kind != OverloadKind::Scalar {
                    return Err(err(
                        voff + i,
                        format!(
                            "`{c}` ({}) cannot be a vector element type",
                            types[id.index()].name
                        ),
                        "only scalar types can form vectors".into(),
                    ));
                }
                if dim.has_vector(id) {
                    return Err(err(
                        voff + i,
                        format!("vector element letter `{c}` appears twice"),
                        "list each type once".into(),
                    ));
                }
                dim.vectors |= 1 << id.0;
            }
        }
        dims.push(dim);
        offset += part.len() + 1;
    }
    let _ = letters;
    Ok(OverloadSpec {
        text: text.to_owned(),
        void: false,
        dims,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn types() -> Vec<OverloadType> {
        [
            ('v', OverloadKind::Void),
            ('h', OverloadKind::Scalar),
            ('f', OverloadKind::Scalar),
            ('i', OverloadKind::Scalar),
            ('o', OverloadKind::Object),
        ]
        .into_iter()
        .map(|(letter, kind)| OverloadType {
            name: letter.to_string(),
            letter,
            kind,
            llvm: None,
            dxil_td: None,
            doc: String::new(),
            abbreviations: Vec::new(),
        })
        .collect()
    }

    #[test]
    fn parses_dxc_notation() {
        let t = types();
        let s = parse_overloads("hf<hf", &t).unwrap();
        assert_eq!(s.dims.len(), 1);
        assert_eq!(s.dims[0].scalars, 0b110);
        assert_eq!(s.dims[0].vectors, 0b110);
        let s = parse_overloads("o,hi<i", &t).unwrap();
        assert_eq!(s.dims.len(), 2);
        assert!(parse_overloads("v", &t).unwrap().void);
        let s = parse_overloads("<f", &t).unwrap();
        assert_eq!((s.dims[0].scalars, s.dims[0].vectors), (0, 0b100));
    }

    #[test]
    fn rejects_bad_strings_with_offsets() {
        let t = types();
        assert_eq!(parse_overloads("hx", &t).unwrap_err().offset, 1);
        assert_eq!(parse_overloads("hv", &t).unwrap_err().offset, 1);
        assert_eq!(parse_overloads("hh", &t).unwrap_err().offset, 1);
        assert_eq!(parse_overloads("h,", &t).unwrap_err().offset, 2);
        assert_eq!(parse_overloads("h<", &t).unwrap_err().offset, 1);
        assert_eq!(parse_overloads("h<o", &t).unwrap_err().offset, 2);
        assert!(parse_overloads("", &t).is_err());
    }
}
