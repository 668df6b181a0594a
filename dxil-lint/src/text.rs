//! Small scanners over LLVM IR text: comments, brackets, top-level commas, types, names and
//! literals. Every function accepts any input and never panics: positions come from searches
//! for ASCII bytes, so slicing at them stays on character boundaries, and lookups use `get`.

/// Bytes that may appear in an unquoted LLVM identifier (`%tmp.1`, `@dx.op.unary.f32`).
pub(crate) fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'$' | b'-')
}

/// The code part of a line: everything before a `;` that is not inside a quoted string.
pub(crate) fn strip_comment(line: &str) -> &str {
    let b = line.as_bytes();
    let (mut from, mut quotes) = (0, 0usize);
    while let Some(i) = b.get(from..).and_then(|r| memchr::memchr(b';', r)) {
        let semi = from + i;
        quotes += memchr::memchr_iter(b'"', b.get(from..semi).unwrap_or(&[])).count();
        if quotes.is_multiple_of(2) {
            return line.get(..semi).unwrap_or(line);
        }
        from = semi + 1;
    }
    line
}

/// The lines of a text: a line ends at LF, CRLF or a CR alone, and the break is not part of
/// it. A text ending with a break has an empty last line (as `str::split` gives).
pub(crate) fn lines(text: &str) -> Lines<'_> {
    Lines { rest: Some(text) }
}

/// Iterator of [`lines`].
pub(crate) struct Lines<'a> {
    rest: Option<&'a str>,
}

impl<'a> Iterator for Lines<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let s = self.rest?;
        let b = s.as_bytes();
        match memchr::memchr2(b'\n', b'\r', b) {
            Some(i) => {
                let len = if b.get(i) == Some(&b'\r') && b.get(i + 1) == Some(&b'\n') {
                    2
                } else {
                    1
                };
                self.rest = Some(s.get(i + len..).unwrap_or(""));
                Some(s.get(..i).unwrap_or(""))
            }
            None => {
                self.rest = None;
                Some(s)
            }
        }
    }
}

/// The nesting of brackets and quoted strings while bytes are read left to right.
#[derive(Clone, Copy, Default)]
struct Nesting {
    depth: i64,
    in_quotes: bool,
}

impl Nesting {
    /// Reads one byte: the bracket depth after it, or `None` for a byte of a quoted string
    /// (quotes included).
    fn step(&mut self, b: u8) -> Option<i64> {
        if self.in_quotes {
            self.in_quotes = b != b'"';
            return None;
        }
        match b {
            b'"' => {
                self.in_quotes = true;
                return None;
            }
            b'(' | b'[' | b'{' | b'<' => self.depth += 1,
            b')' | b']' | b'}' | b'>' => self.depth -= 1,
            _ => {}
        }
        Some(self.depth)
    }
}

/// The position of the bracket that closes the one at `open` (`(`, `[`, `{` or `<`), skipping
/// quoted strings and nested brackets of any kind. `None` when it is not closed.
pub(crate) fn matching(s: &[u8], open: usize) -> Option<usize> {
    Closing::new(open).find(s)
}

/// A search for the bracket that closes the one at `open` in a text that may grow at its end
/// (a call whose operand list goes on over the following lines): each search goes on where the
/// previous one stopped, so every byte is read once.
#[derive(Clone, Copy)]
pub(crate) struct Closing {
    nesting: Nesting,
    /// The next byte to read.
    at: usize,
}

impl Closing {
    /// A search for the bracket closing the one at `open`.
    pub(crate) fn new(open: usize) -> Closing {
        Closing {
            nesting: Nesting::default(),
            at: open,
        }
    }

    /// The position of the closing bracket in `s`, which is the text of the previous searches
    /// with more text after it; `None` when it is not closed yet.
    pub(crate) fn find(&mut self, s: &[u8]) -> Option<usize> {
        let start = self.at;
        for (i, &b) in s.get(start..)?.iter().enumerate() {
            if self.nesting.step(b).is_some_and(|depth| depth <= 0) {
                self.at = start + i;
                return Some(start + i);
            }
        }
        self.at = s.len().max(start);
        None
    }
}

/// Splits `s` at the commas that are outside brackets and quotes; every piece is trimmed. An
/// empty or blank `s` gives no piece; a trailing comma gives an empty last piece.
pub fn split_top(s: &str) -> SplitTop<'_> {
    SplitTop {
        rest: Some(s),
        after_comma: false,
    }
}

/// Iterator of [`split_top`].
pub struct SplitTop<'a> {
    rest: Option<&'a str>,
    after_comma: bool,
}

impl<'a> Iterator for SplitTop<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let s = self.rest?;
        // only the leading blanks are looked at: they belong to the next piece anyway, while
        // trailing blanks of the whole rest would be scanned again for every piece
        if s.trim_start().is_empty() {
            self.rest = None;
            return self.after_comma.then_some("");
        }
        let mut nesting = Nesting::default();
        for (i, &b) in s.as_bytes().iter().enumerate() {
            let depth = nesting.step(b);
            if b == b',' && depth.is_some_and(|d| d <= 0) {
                self.rest = Some(s.get(i + 1..).unwrap_or(""));
                self.after_comma = true;
                return Some(s.get(..i).unwrap_or("").trim());
            }
        }
        self.rest = None;
        Some(s.trim())
    }
}

/// Reads a global or local name after its sigil: `dx.op.unary.f32` or the inside of
/// `"dx.op.createHandleForLib.class.RWBuffer<float>"` (escapes kept as written). Returns the
/// name and the number of bytes read.
pub(crate) fn read_name(s: &str) -> Option<(&str, usize)> {
    let b = s.as_bytes();
    if b.first() == Some(&b'"') {
        let end = memchr::memchr(b'"', b.get(1..)?)? + 1;
        return Some((s.get(1..end)?, end + 1));
    }
    let n = b.iter().take_while(|&&c| is_ident_byte(c)).count();
    if n == 0 {
        return None;
    }
    Some((s.get(..n)?, n))
}

/// Whether `word` is a keyword that may come before a type (linkage, visibility, calling
/// convention, attributes of results and parameters) or between a type and its value.
fn is_type_keyword(word: &str) -> bool {
    matches!(
        word,
        "external"
            | "extern_weak"
            | "internal"
            | "private"
            | "linkonce"
            | "linkonce_odr"
            | "weak"
            | "weak_odr"
            | "available_externally"
            | "dllimport"
            | "dllexport"
            | "hidden"
            | "protected"
            | "default"
            | "fastcc"
            | "ccc"
            | "coldcc"
            | "zeroext"
            | "signext"
            | "inreg"
            | "noalias"
            | "nonnull"
            | "nocapture"
            | "readonly"
            | "readnone"
            | "writeonly"
            | "returned"
            | "byval"
            | "unnamed_addr"
            | "local_unnamed_addr"
            | "fast"
            | "nnan"
            | "ninf"
            | "nsz"
            | "arcp"
    )
}

/// `s` without leading keywords that may precede a type (`fastcc`, `noalias`, `zeroext`) or
/// follow one before its value (`nocapture`, `align 4`, `dereferenceable(8)`).
pub(crate) fn skip_keywords(mut s: &str) -> &str {
    loop {
        s = s.trim_start();
        if !s.as_bytes().first().is_some_and(u8::is_ascii_lowercase) {
            return s;
        }
        let word_len = s
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count();
        let word = s.get(..word_len).unwrap_or("");
        let after = s.get(word_len..).unwrap_or("");
        if is_type_keyword(word) {
            s = after;
        } else if word == "align" {
            let a = after.trim_start();
            let digits = a.bytes().take_while(u8::is_ascii_digit).count();
            if digits == 0 {
                return s;
            }
            s = a.get(digits..).unwrap_or("");
        } else if word == "cc" || word.starts_with("dereferenceable") {
            let a = after.trim_start();
            if let Some(rest) = a.strip_prefix('(') {
                match rest.find(')') {
                    Some(e) => s = rest.get(e + 1..).unwrap_or(""),
                    None => return s,
                }
            } else {
                let digits = a.bytes().take_while(u8::is_ascii_digit).count();
                if digits == 0 {
                    return s;
                }
                s = a.get(digits..).unwrap_or("");
            }
        } else {
            return s;
        }
    }
}

/// The position of `word` in `s` as a whole word: not preceded or followed by a byte of an
/// identifier.
pub(crate) fn word_position(s: &str, word: &str) -> Option<usize> {
    let b = s.as_bytes();
    let w = word.as_bytes();
    let first = *w.first()?;
    let mut from = 0;
    while let Some(i) = b.get(from..).and_then(|r| memchr::memchr(first, r)) {
        let at = from + i;
        let end = at + w.len();
        let before_ok = at == 0
            || b.get(at - 1)
                .is_some_and(|c| !is_ident_byte(*c) && *c != b'%');
        let after_ok = b.get(end).is_none_or(|c| !is_ident_byte(*c));
        if b.get(at..end) == Some(w) && before_ok && after_ok {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// The length of the type at the start of `s` (`i32`, `<4 x float>`, `%dx.types.Handle`,
/// `%"class.RWBuffer<float>"`, `%struct.S addrspace(6)*`, `void ()*`); `None` when `s` does
/// not start with a type.
pub(crate) fn type_len(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let mut i = match b.first()? {
        b'<' | b'{' | b'[' => matching(b, 0)? + 1,
        b'%' => {
            let (_, n) = read_name(s.get(1..)?)?;
            1 + n
        }
        c if c.is_ascii_alphabetic() => b
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
            .count(),
        _ => return None,
    };
    loop {
        let j = i + b
            .get(i..)?
            .iter()
            .take_while(|c| **c == b' ' || **c == b'\t')
            .count();
        let rest = b.get(j..)?;
        if rest.starts_with(b"addrspace(") {
            i = j + matching(rest, 9)? + 1;
        } else if rest.first() == Some(&b'*') {
            i = j + 1;
        } else if rest.first() == Some(&b'(') {
            // a function type: `void (i32)*`
            let close = j + matching(rest, 0)?;
            let after = b.get(close + 1..)?;
            let k = after
                .iter()
                .take_while(|c| **c == b' ' || **c == b'\t')
                .count();
            if after.get(k) != Some(&b'*') {
                return Some(i);
            }
            i = close + 1;
        } else {
            return Some(i);
        }
    }
}

/// Splits an operand `TYPE VALUE` into its type and value, skipping parameter attributes
/// between them. A piece without a recognisable type is all value.
pub(crate) fn split_type_value(s: &str) -> (&str, &str) {
    let s = s.trim();
    match type_len(s) {
        Some(n) => {
            let ty = s.get(..n).unwrap_or("").trim();
            let value = skip_keywords(s.get(n..).unwrap_or("")).trim();
            (ty, value)
        }
        None => ("", s),
    }
}

/// Whether two type spellings are equal, ignoring whitespace.
pub(crate) fn same_type(a: &str, b: &str) -> bool {
    let mut x = a.bytes().filter(|c| !c.is_ascii_whitespace());
    let mut y = b.bytes().filter(|c| !c.is_ascii_whitespace());
    loop {
        match (x.next(), y.next()) {
            (None, None) => return true,
            (Some(p), Some(q)) if p == q => {}
            _ => return false,
        }
    }
}

/// An integer literal as LLVM writes it (`-5`, `3735928559`, `true`); `None` otherwise.
pub(crate) fn int_literal(s: &str) -> Option<i128> {
    match s {
        "true" => return Some(1),
        "false" => return Some(0),
        _ => {}
    }
    let (neg, digits) = match s.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, s),
    };
    if digits.is_empty() || digits.len() > 30 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let v: i128 = digits.parse().ok()?;
    Some(if neg { -v } else { v })
}

/// The width in bits of an integer type (`i8` → 8).
pub(crate) fn int_width(ty: &str) -> Option<u32> {
    let w: u32 = ty.strip_prefix('i')?.parse().ok()?;
    (1..=64).contains(&w).then_some(w)
}

/// What kind of value an operand is, as far as the checks need to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// An integer or boolean literal with its value, as written.
    Int(i128),
    /// A floating-point literal.
    Float,
    /// `undef` or `poison`.
    Undef,
    /// `zeroinitializer`, `null` or an aggregate constant (`{ ... }`, `< ... >`, `[ ... ]`).
    Aggregate,
    /// A constant expression (`bitcast (...)`, `getelementptr (...)`).
    ConstExpr,
    /// An SSA value (`%x`).
    Local,
    /// A global (`@g`).
    Global,
    /// Metadata or anything else.
    Other,
}

impl ValueKind {
    /// Classifies a value spelling.
    pub fn of(value: &str) -> ValueKind {
        let v = value.trim();
        if let Some(n) = int_literal(v) {
            return ValueKind::Int(n);
        }
        match v.as_bytes().first() {
            None => ValueKind::Other,
            Some(b'%') => ValueKind::Local,
            Some(b'@') => ValueKind::Global,
            Some(b'{' | b'<' | b'[') => ValueKind::Aggregate,
            Some(b'c') if v.starts_with("c\"") => ValueKind::Aggregate,
            Some(b'-' | b'+' | b'0'..=b'9') => ValueKind::Float,
            Some(_) => match v {
                "undef" | "poison" => ValueKind::Undef,
                "zeroinitializer" | "null" => ValueKind::Aggregate,
                "inf" | "-inf" | "nan" => ValueKind::Float,
                _ if v.contains('(') => ValueKind::ConstExpr,
                _ => ValueKind::Other,
            },
        }
    }

    /// Whether the value is a constant of any kind.
    pub fn is_constant(self) -> bool {
        !matches!(self, ValueKind::Local | ValueKind::Undef | ValueKind::Other)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_outside_quotes() {
        assert_eq!(strip_comment("call void @f() ; x"), "call void @f() ");
        assert_eq!(strip_comment("!0 = !{!\"a;b\"} ; c"), "!0 = !{!\"a;b\"} ");
        assert_eq!(strip_comment("\"a;b;c\";d"), "\"a;b;c\"");
        assert_eq!(strip_comment("no comment"), "no comment");
    }

    #[test]
    fn splits_operands() {
        let v: Vec<&str> =
            split_top("i32 1, %dx.types.ResBind { i32 0, i8 1 }, <2 x i1> <i1 true, i1 false>")
                .collect();
        assert_eq!(
            v,
            [
                "i32 1",
                "%dx.types.ResBind { i32 0, i8 1 }",
                "<2 x i1> <i1 true, i1 false>"
            ]
        );
        assert_eq!(split_top("  ").count(), 0);
        let v: Vec<&str> = split_top("i32 1,").collect();
        assert_eq!(v, ["i32 1", ""]);
    }

    #[test]
    fn types_and_values() {
        assert_eq!(split_type_value("i32 13"), ("i32", "13"));
        assert_eq!(split_type_value("<4 x float> %x"), ("<4 x float>", "%x"));
        assert_eq!(
            split_type_value("%\"class.RWBuffer<vector<float, 4> >\" %h"),
            ("%\"class.RWBuffer<vector<float, 4> >\"", "%h")
        );
        assert_eq!(
            split_type_value("%struct.R addrspace(6)* %p"),
            ("%struct.R addrspace(6)*", "%p")
        );
        assert_eq!(split_type_value("void ()* @main"), ("void ()*", "@main"));
        assert_eq!(split_type_value("i8* nocapture align 4 %p"), ("i8*", "%p"));
        assert_eq!(split_type_value("-1"), ("", "-1"));
        assert_eq!(word_position("%call = call float", "call"), Some(8));
        assert_eq!(word_position("%x = tail call", "call"), Some(10));
        assert_eq!(word_position("recall", "call"), None);
    }

    #[test]
    fn line_breaks() {
        let v: Vec<&str> = lines("a\nb\r\nc\rd\r\re\n").collect();
        assert_eq!(v, ["a", "b", "c", "d", "", "e", ""]);
        assert_eq!(lines("").collect::<Vec<_>>(), [""]);
        assert_eq!(lines("\r\n").collect::<Vec<_>>(), ["", ""]);
    }

    #[test]
    fn closing_brackets_across_growing_text() {
        let mut c = Closing::new(4);
        assert_eq!(c.find(b"call(i32 1, <2 x"), None);
        assert_eq!(c.find(b"call(i32 1, <2 x i32> \")\""), None);
        assert_eq!(c.find(b"call(i32 1, <2 x i32> \")\") x)"), Some(25));
        assert_eq!(matching(b"f(a, (b), \")\")", 1), Some(13));
    }

    #[test]
    fn literals() {
        assert_eq!(int_literal("-2147483648"), Some(-2_147_483_648));
        assert_eq!(int_literal("true"), Some(1));
        assert_eq!(int_literal("1.5e+02"), None);
        assert_eq!(ValueKind::of("1.500000e+2"), ValueKind::Float);
        assert_eq!(ValueKind::of("0xH3C00"), ValueKind::Float);
        assert_eq!(ValueKind::of("undef"), ValueKind::Undef);
        assert_eq!(ValueKind::of("%\"$Globals\""), ValueKind::Local);
        assert!(same_type("< 4 x float >", "<4 x float>"));
    }
}
