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

/// A token: its kind, its span in the input and the line it starts on (1-based).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Token {
    /// What it is.
    pub kind: Kind,
    /// Where its text starts.
    pub start: u32,
    /// Where its text ends.
    pub end: u32,
    /// The line it starts on.
    pub line: u32,
    /// Whether it is the first token of its line.
    pub first: bool,
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
        c += 1;
    }
    t
};

fn is_name(b: u8) -> bool {
    CLASS[b as usize] & NAME != 0
}

fn is_word(b: u8) -> bool {
    CLASS[b as usize] & (NAME) != 0 && b != b'-'
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
        Token {
            kind,
            start: start as u32,
            end: end as u32,
            line,
            first,
        }
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
                let n = self.name_end(start + 1);
                if n > start + 1 && !src[start + 1].is_ascii_digit() {
                    self.pos = n;
                    self.tok(Kind::MdName, start + 1, n, line, first)
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
                        self.tok(Kind::Label, start, end, line, first)
                    } else {
                        self.pos = end;
                        self.tok(Kind::Str, start, end, line, first)
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
                            self.tok(Kind::CStr, start, end, line, first)
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
                let mut n = start + 1;
                while n < src.len() && is_word(src[n]) {
                    n += 1;
                }
                if src.get(n) == Some(&b':') {
                    // A label may hold '-' too: take the whole name.
                    self.pos = n + 1;
                    return self.tok(Kind::Label, start, n, line, first);
                }
                let m = self.name_end(start);
                if m > n && src.get(m) == Some(&b':') {
                    self.pos = m + 1;
                    return self.tok(Kind::Label, start, m, line, first);
                }
                self.pos = n;
                self.tok(Kind::Word, start, n, line, first)
            }
            _ => single(self, Kind::Bad),
        }
    }

    fn name_end(&self, mut n: usize) -> usize {
        let src = self.src;
        while n < src.len() && (is_name(src[n]) || src[n] == b'\\') {
            n += 1;
        }
        n
    }

    fn digits_end(&self, mut n: usize) -> usize {
        let src = self.src;
        while n < src.len() && src[n].is_ascii_digit() {
            n += 1;
        }
        n
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
                    self.tok(named, at, end, line, first)
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
                let n = self.name_end(at);
                self.pos = n;
                self.tok(named, at, n, line, first)
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
                return self.tok(Kind::Label, start, m, line, first);
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
            v.push(t.kind);
            if t.kind == Kind::Eof {
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
    fn lines_and_first() {
        let mut lx = Lexer::new(b"a b\n  c ; d\n e", 1);
        let a = lx.next();
        let b = lx.next();
        let c = lx.next();
        let e = lx.next();
        assert!(a.first && !b.first && c.first && e.first);
        assert_eq!((a.line, c.line, e.line), (1, 2, 3));
    }
}
