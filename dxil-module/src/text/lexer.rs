//! The tokens of LLVM IR text: one pass over the bytes, no allocation. A token is its kind and
//! the span of its text; names with escapes are unescaped by the parser when it needs them.

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// The end of the input.
    Eof,
    /// A byte no token starts with, or a string without its closing quote.
    Bad,
    /// `,`
    Comma,
    /// `=`
    Equal,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `[`
    LBracket,
    /// `]`
    RBracket,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `<`
    Less,
    /// `>`
    Greater,
    /// `*`
    Star,
    /// `!` alone (before `{`, a number or a string).
    Excl,
    /// `...`
    Dots,
    /// `|` (in the flags of debug-information fields).
    Bar,
    /// A bare word: a keyword, a type (`i32`), a field name.
    Word,
    /// `%name` or `%"name"` (the span is the name, quotes included).
    Local,
    /// `%42` (the span is the digits).
    LocalId,
    /// `@name` or `@"name"`.
    Global,
    /// `@42`.
    GlobalId,
    /// `!name` (named metadata, an attachment kind, `!DILocation`): the span is the name.
    MdName,
    /// `$name` (a comdat).
    Comdat,
    /// `#42` (an attribute group).
    AttrGroup,
    /// `name:` or `"name":` (a block label, or a field name of a specialized node).
    Label,
    /// `42:` (a numbered block label).
    LabelId,
    /// A decimal integer, maybe negative.
    Int,
    /// `u0x...` / `s0x...`: a hexadecimal integer.
    HexInt,
    /// A decimal floating-point number.
    Float,
    /// `0x...` (a double's bits) or `0xH...`, `0xK...`, `0xL...`, `0xM...`, `0xR...`.
    HexFloat,
    /// `"..."` (the span includes the quotes).
    Str,
    /// `c"..."` (the span includes `c` and the quotes).
    CStr,
}

/// A token: its kind, its span in the input, the line it starts on (1-based), whether it is
/// the first of its line, and whether its text may differ from the name it spells.
///
/// It is two words (the span; the line, kind and flags), which the lexer returns in two
/// registers and the parser copies word by word: a token written by narrow stores and read
/// back at once as 16 bytes stalls the processor on every token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    /// `start | end << 32`.
    span: u64,
    /// `line | kind << 32 | first << 40 | escaped << 41`.
    rest: u64,
}

/// The kinds by their number (`Kind as u8`).
const KINDS: [Kind; 32] = [
    Kind::Eof,
    Kind::Bad,
    Kind::Comma,
    Kind::Equal,
    Kind::LParen,
    Kind::RParen,
    Kind::LBracket,
    Kind::RBracket,
    Kind::LBrace,
    Kind::RBrace,
    Kind::Less,
    Kind::Greater,
    Kind::Star,
    Kind::Excl,
    Kind::Dots,
    Kind::Bar,
    Kind::Word,
    Kind::Local,
    Kind::LocalId,
    Kind::Global,
    Kind::GlobalId,
    Kind::MdName,
    Kind::Comdat,
    Kind::AttrGroup,
    Kind::Label,
    Kind::LabelId,
    Kind::Int,
    Kind::HexInt,
    Kind::Float,
    Kind::HexFloat,
    Kind::Str,
    Kind::CStr,
];

impl Token {
    /// A token.
    pub(crate) fn new(
        kind: Kind,
        start: u32,
        end: u32,
        line: u32,
        first: bool,
        escaped: bool,
    ) -> Token {
        Token {
            span: u64::from(start) | u64::from(end) << 32,
            rest: u64::from(line)
                | (kind as u64) << 32
                | u64::from(first) << 40
                | u64::from(escaped) << 41,
        }
    }

    /// What it is.
    #[inline]
    pub(crate) fn kind(&self) -> Kind {
        KINDS[(self.rest >> 32) as usize & 31]
    }

    /// Where its text starts.
    #[inline]
    pub(crate) fn start(&self) -> u32 {
        self.span as u32
    }

    /// Where its text ends.
    #[inline]
    pub(crate) fn end(&self) -> u32 {
        (self.span >> 32) as u32
    }

    /// The line it starts on.
    #[inline]
    pub(crate) fn line(&self) -> u32 {
        self.rest as u32
    }

    /// Whether it is the first token of its line.
    #[inline]
    pub(crate) fn first(&self) -> bool {
        self.rest >> 40 & 1 != 0
    }

    /// Whether its text may differ from the name it spells (quotes or `\\` escapes): when
    /// false, the text is the name.
    #[inline]
    pub(crate) fn escaped(&self) -> bool {
        self.rest >> 41 & 1 != 0
    }

    /// The same token, marked as holding escapes (or not).
    fn with_escaped(self, escaped: bool) -> Token {
        Token::new(
            self.kind(),
            self.start(),
            self.end(),
            self.line(),
            self.first(),
            escaped,
        )
    }
}

/// The lexer: a position in the input and the current line.
#[derive(Clone)]
pub(crate) struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
    line: u32,
    line_start: usize,
    fresh: bool,
}

const NAME: u8 = 1;
const DIGIT: u8 = 2;
const WORD_START: u8 = 4;
/// Characters of names and `\\` (of escapes in names).
const NAME_OR_ESCAPE: u8 = 8;
/// Characters of bare words: those of names but `-`.
const WORD: u8 = 16;

/// Byte classes: characters of names (`[-a-zA-Z$._0-9]`), digits, and those a bare word starts
/// with.
static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        let alpha = b.is_ascii_alphabetic();
        if alpha || b == b'$' || b == b'.' || b == b'_' || b == b'-' {
            t[c] |= NAME;
        }
        if b.is_ascii_digit() {
            t[c] |= NAME | DIGIT;
        }
        if alpha || b == b'$' || b == b'.' || b == b'_' {
            t[c] |= WORD_START;
        }
        if t[c] & NAME != 0 || b == b'\\' {
            t[c] |= NAME_OR_ESCAPE;
        }
        if t[c] & NAME != 0 && b != b'-' {
            t[c] |= WORD;
        }
        c += 1;
    }
    t
};

fn is_name(b: u8) -> bool {
    CLASS[b as usize] & NAME != 0
}

/// The offset of the first byte at or after `from` that is not of class `class`.
#[inline]
fn class_end(src: &[u8], from: usize, class: u8) -> usize {
    match src.get(from..) {
        Some(rest) => {
            from + rest
                .iter()
                .position(|&c| CLASS[c as usize] & class == 0)
                .unwrap_or(rest.len())
        }
        None => from,
    }
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `src`, whose first line is `base_line`.
    pub(crate) fn new(src: &'a [u8], base_line: u32) -> Lexer<'a> {
        Lexer {
            src,
            pos: 0,
            line: base_line,
            line_start: 0,
            fresh: true,
        }
    }

    /// The input.
    pub(crate) fn src(&self) -> &'a [u8] {
        self.src
    }

    /// The column (1-based) of a byte offset on the line of token `t`.
    pub(crate) fn column(&self, offset: u32) -> u32 {
        let offset = (offset as usize).min(self.src.len());
        let line_start = memchr::memrchr(b'\n', &self.src[..offset]).map_or(0, |i| i + 1);
        (offset - line_start) as u32 + 1
    }

    /// Moves to the start of the next line (error recovery).
    pub(crate) fn skip_line(&mut self) {
        match memchr::memchr(b'\n', &self.src[self.pos.min(self.src.len())..]) {
            Some(i) => {
                self.pos += i + 1;
                self.line += 1;
                self.line_start = self.pos;
                self.fresh = true;
            }
            None => self.pos = self.src.len(),
        }
    }

    fn skip_space(&mut self) {
        let src = self.src;
        while let Some(&b) = src.get(self.pos) {
            match b {
                b'\n' => {
                    self.pos += 1;
                    self.line += 1;
                    self.line_start = self.pos;
                    self.fresh = true;
                }
                b' ' | b'\t' | b'\r' => self.pos += 1,
                b';' => match memchr::memchr(b'\n', &src[self.pos..]) {
                    Some(i) => self.pos += i,
                    None => self.pos = src.len(),
                },
                _ => return,
            }
        }
    }

    fn tok(&self, kind: Kind, start: usize, end: usize, line: u32, first: bool) -> Token {
        Token::new(kind, start as u32, end as u32, line, first, false)
    }

    /// A token whose text holds quotes or escapes.
    fn escaped_tok(&self, kind: Kind, start: usize, end: usize, line: u32, first: bool) -> Token {
        Token::new(kind, start as u32, end as u32, line, first, true)
    }

    /// The end of a string starting at `start` (on its opening quote): the offset after the
    /// closing quote, or `None` when there is none.
    fn string_end(&mut self, start: usize) -> Option<usize> {
        let rest = self.src.get(start + 1..)?;
        let close = memchr::memchr(b'"', rest)?;
        let body = &rest[..close];
        let newlines = memchr::memchr_iter(b'\n', body).count();
        if newlines > 0 {
            self.line += newlines as u32;
            let last = memchr::memrchr(b'\n', body).unwrap_or(0);
            self.line_start = start + 1 + last + 1;
        }
        Some(start + 1 + close + 1)
    }

    /// The next token.
    pub(crate) fn next(&mut self) -> Token {
        self.skip_space();
        let src = self.src;
        let start = self.pos;
        let line = self.line;
        let first = std::mem::replace(&mut self.fresh, false);
        let Some(&b) = src.get(start) else {
            return self.tok(Kind::Eof, start, start, line, first);
        };
        let single = |me: &mut Self, kind| {
            me.pos = start + 1;
            me.tok(kind, start, start + 1, line, first)
        };
        match b {
            b',' => single(self, Kind::Comma),
            b'=' => single(self, Kind::Equal),
            b'(' => single(self, Kind::LParen),
            b')' => single(self, Kind::RParen),
            b'[' => single(self, Kind::LBracket),
            b']' => single(self, Kind::RBracket),
            b'{' => single(self, Kind::LBrace),
            b'}' => single(self, Kind::RBrace),
            b'<' => single(self, Kind::Less),
            b'>' => single(self, Kind::Greater),
            b'*' => single(self, Kind::Star),
            b'|' => single(self, Kind::Bar),
            b'.' if src[start..].starts_with(b"...") => {
                self.pos = start + 3;
                self.tok(Kind::Dots, start, start + 3, line, first)
            }
            b'%' | b'@' | b'$' => self.sigil(b, start, line, first),
            b'!' => {
                let (n, escaped) = self.plain_name_end(start + 1);
                if n > start + 1 && !src[start + 1].is_ascii_digit() {
                    self.pos = n;
                    let t = self.tok(Kind::MdName, start + 1, n, line, first);
                    t.with_escaped(escaped)
                } else {
                    single(self, Kind::Excl)
                }
            }
            b'#' => {
                let n = self.digits_end(start + 1);
                if n == start + 1 {
                    return single(self, Kind::Bad);
                }
                self.pos = n;
                self.tok(Kind::AttrGroup, start + 1, n, line, first)
            }
            b'"' => match self.string_end(start) {
                Some(end) => {
                    if src.get(end) == Some(&b':') {
                        self.pos = end + 1;
                        self.escaped_tok(Kind::Label, start, end, line, first)
                    } else {
                        self.pos = end;
                        self.escaped_tok(Kind::Str, start, end, line, first)
                    }
                }
                None => {
                    self.pos = src.len();
                    self.tok(Kind::Bad, start, src.len(), line, first)
                }
            },
            b'0'..=b'9' | b'-' | b'+' => self.number(start, line, first),
            _ if CLASS[b as usize] & WORD_START != 0 => {
                if b == b'c' && src.get(start + 1) == Some(&b'"') {
                    return match self.string_end(start + 1) {
                        Some(end) => {
                            self.pos = end;
                            self.escaped_tok(Kind::CStr, start, end, line, first)
                        }
                        None => {
                            self.pos = src.len();
                            self.tok(Kind::Bad, start, src.len(), line, first)
                        }
                    };
                }
                if (b == b'u' || b == b's') && src[start + 1..].starts_with(b"0x") {
                    let n = self.hex_end(start + 3);
                    if n > start + 3 {
                        self.pos = n;
                        return self.tok(Kind::HexInt, start, n, line, first);
                    }
                }
                let n = class_end(src, start + 1, WORD);
                match src.get(n) {
                    Some(b':') => {
                        self.pos = n + 1;
                        return self.tok(Kind::Label, start, n, line, first);
                    }
                    // A label may hold '-' and escapes too: take the whole name.
                    Some(b'-' | b'\\') => {
                        let m = self.name_end(n);
                        if src.get(m) == Some(&b':') {
                            self.pos = m + 1;
                            return self.escaped_tok(Kind::Label, start, m, line, first);
                        }
                    }
                    _ => {}
                }
                self.pos = n;
                self.tok(Kind::Word, start, n, line, first)
            }
            _ => single(self, Kind::Bad),
        }
    }

    fn name_end(&self, n: usize) -> usize {
        class_end(self.src, n, NAME_OR_ESCAPE)
    }

    /// The end of a name, and whether it holds escapes.
    fn plain_name_end(&self, n: usize) -> (usize, bool) {
        let end = class_end(self.src, n, NAME);
        if self.src.get(end) == Some(&b'\\') {
            (self.name_end(end), true)
        } else {
            (end, false)
        }
    }

    fn digits_end(&self, n: usize) -> usize {
        class_end(self.src, n, DIGIT)
    }

    fn hex_end(&self, mut n: usize) -> usize {
        let src = self.src;
        while n < src.len() && src[n].is_ascii_hexdigit() {
            n += 1;
        }
        n
    }

    /// `%x`, `%"x"`, `%42`, and the same after `@` and `$`.
    fn sigil(&mut self, sigil: u8, start: usize, line: u32, first: bool) -> Token {
        let src = self.src;
        let at = start + 1;
        let (named, numbered) = match sigil {
            b'%' => (Kind::Local, Kind::LocalId),
            b'@' => (Kind::Global, Kind::GlobalId),
            _ => (Kind::Comdat, Kind::Comdat),
        };
        match src.get(at) {
            Some(b'"') => match self.string_end(at) {
                Some(end) => {
                    self.pos = end;
                    self.escaped_tok(named, at, end, line, first)
                }
                None => {
                    self.pos = src.len();
                    self.tok(Kind::Bad, start, src.len(), line, first)
                }
            },
            Some(c) if c.is_ascii_digit() => {
                let n = self.digits_end(at);
                self.pos = n;
                self.tok(numbered, at, n, line, first)
            }
            Some(&c) if is_name(c) => {
                let (n, escaped) = self.plain_name_end(at);
                self.pos = n;
                let t = self.tok(named, at, n, line, first);
                t.with_escaped(escaped)
            }
            _ => {
                self.pos = at;
                self.tok(Kind::Bad, start, at, line, first)
            }
        }
    }

    /// Integers, decimal floats, hexadecimal floats and numbered labels.
    fn number(&mut self, start: usize, line: u32, first: bool) -> Token {
        let src = self.src;
        let b = src[start];
        if b == b'0' && src.get(start + 1) == Some(&b'x') {
            let mut at = start + 2;
            if matches!(src.get(at), Some(b'H' | b'K' | b'L' | b'M' | b'R')) {
                at += 1;
            }
            let n = self.hex_end(at);
            self.pos = n.max(start + 1);
            let kind = if n > at { Kind::HexFloat } else { Kind::Bad };
            return self.tok(kind, start, self.pos, line, first);
        }
        let digits_from = if b == b'-' || b == b'+' {
            start + 1
        } else {
            start
        };
        let n = self.digits_end(digits_from);
        if n == digits_from {
            // '-' not before a digit: part of a name-like word (a label such as `-foo:`).
            let m = self.name_end(start);
            if m > start + 1 && src.get(m) == Some(&b':') {
                self.pos = m + 1;
                return self.escaped_tok(Kind::Label, start, m, line, first);
            }
            self.pos = start + 1;
            return self.tok(Kind::Bad, start, start + 1, line, first);
        }
        if src.get(n) == Some(&b'.') {
            let mut m = self.digits_end(n + 1);
            if matches!(src.get(m), Some(b'e' | b'E')) {
                let mut e = m + 1;
                if matches!(src.get(e), Some(b'-' | b'+')) {
                    e += 1;
                }
                let f = self.digits_end(e);
                if f > e {
                    m = f;
                }
            }
            self.pos = m;
            return self.tok(Kind::Float, start, m, line, first);
        }
        if b != b'-' && b != b'+' && src.get(n) == Some(&b':') {
            self.pos = n + 1;
            return self.tok(Kind::LabelId, start, n, line, first);
        }
        if b == b'+' {
            self.pos = n;
            return self.tok(Kind::Bad, start, n, line, first);
        }
        // A name that starts with digits and goes on (`-1abc`) is no number.
        self.pos = n;
        self.tok(Kind::Int, start, n, line, first)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<Kind> {
        let mut lx = Lexer::new(s.as_bytes(), 1);
        let mut v = Vec::new();
        loop {
            let t = lx.next();
            v.push(t.kind());
            if t.kind() == Kind::Eof {
                return v;
            }
        }
    }

    #[test]
    fn tokens() {
        use Kind::*;
        assert_eq!(
            kinds("%1 = call i32 @f(i32 -3, float 1.5e+00) ; x\n"),
            vec![
                LocalId, Equal, Word, Word, Global, LParen, Word, Int, Comma, Word, Float, RParen,
                Eof
            ]
        );
        assert_eq!(
            kinds("!0 = !{!\"a\", !dx.x} #3 c\"ab\" 0xH3C00 u0xFF entry: 4: \"q\":"),
            vec![
                Excl, Int, Equal, Excl, LBrace, Excl, Str, Comma, MdName, RBrace, AttrGroup, CStr,
                HexFloat, HexInt, Label, LabelId, Label, Eof
            ]
        );
        assert_eq!(kinds("\"abc"), vec![Bad, Eof]);
        assert_eq!(kinds("..."), vec![Dots, Eof]);
    }

    #[test]
    fn tokens_keep_their_fields() {
        for (i, &k) in KINDS.iter().enumerate() {
            assert_eq!(k as usize, i);
            let t = Token::new(k, 7, u32::MAX, 123_456, i % 2 == 0, i % 3 == 0);
            assert_eq!(
                (
                    t.kind(),
                    t.start(),
                    t.end(),
                    t.line(),
                    t.first(),
                    t.escaped()
                ),
                (k, 7, u32::MAX, 123_456, i % 2 == 0, i % 3 == 0)
            );
        }
    }

    #[test]
    fn lines_and_first() {
        let mut lx = Lexer::new(b"a b\n  c ; d\n e", 1);
        let a = lx.next();
        let b = lx.next();
        let c = lx.next();
        let e = lx.next();
        assert!(a.first() && !b.first() && c.first() && e.first());
        assert_eq!((a.line(), c.line(), e.line()), (1, 2, 3));
    }
}
