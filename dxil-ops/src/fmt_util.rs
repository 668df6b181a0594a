//! Allocation-free helpers around `core::fmt`.

use core::fmt;

/// A writer that only notes whether the text needs quotes as an LLVM identifier.
#[derive(Default)]
pub(crate) struct Probe {
    pub needs_quotes: bool,
    started: bool,
}

impl fmt::Write for Probe {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for b in s.bytes() {
            if !self.started && b.is_ascii_digit() {
                self.needs_quotes = true;
            }
            self.started = true;
            if !(b.is_ascii_alphanumeric() || matches!(b, b'-' | b'$' | b'.' | b'_')) {
                self.needs_quotes = true;
            }
        }
        Ok(())
    }
}

/// An LLVM name with its sigil (`@` for globals, `%` for types and locals): `@name`, or
/// `@"name"` when it needs quotes. Inside quotes, `"`, `\` and ASCII control characters are
/// written as LLVM escapes `\XX` (two hexadecimal digits), so that LLVM reads back the same
/// name.
pub(crate) struct LlvmName<'x, T>(pub char, pub &'x T);

impl<T: fmt::Display> fmt::Display for LlvmName<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write as _;
        let mut probe = Probe::default();
        let _ = write!(probe, "{}", self.1);
        f.write_char(self.0)?;
        if probe.needs_quotes {
            f.write_char('"')?;
            write!(Escaped(f), "{}", self.1)?;
            f.write_char('"')
        } else {
            write!(f, "{}", self.1)
        }
    }
}

/// A metadata string, `!"text"`, with the escapes of [`LlvmName`]'s quoted names.
#[cfg(feature = "alloc")]
pub(crate) struct MdString<'x>(pub &'x str);

#[cfg(feature = "alloc")]
impl fmt::Display for MdString<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write as _;
        f.write_str("!\"")?;
        Escaped(f).write_str(self.0)?;
        f.write_char('"')
    }
}

/// A writer that escapes what a quoted LLVM name cannot hold as written.
struct Escaped<'f, W: fmt::Write>(&'f mut W);

impl<W: fmt::Write> fmt::Write for Escaped<'_, W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let mut rest = s;
        while let Some(i) = rest
            .bytes()
            .position(|b| b == b'"' || b == b'\\' || b.is_ascii_control())
        {
            self.0.write_str(&rest[..i])?;
            write!(self.0, "\\{:02X}", rest.as_bytes()[i])?;
            rest = &rest[i + 1..];
        }
        self.0.write_str(rest)
    }
}

/// A fixed-size text buffer on the stack.
pub(crate) struct Buf<const N: usize> {
    bytes: [u8; N],
    len: usize,
    overflow: bool,
}

impl<const N: usize> Default for Buf<N> {
    fn default() -> Self {
        Buf {
            bytes: [0; N],
            len: 0,
            overflow: false,
        }
    }
}

impl<const N: usize> Buf<N> {
    pub fn as_str(&self) -> &str {
        core::str::from_utf8(&self.bytes[..self.len]).unwrap_or("")
    }

    pub fn overflowed(&self) -> bool {
        self.overflow
    }
}

impl<const N: usize> fmt::Write for Buf<N> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let room = N - self.len;
        if s.len() > room {
            // keep whole characters only
            let mut cut = room;
            while cut > 0 && !s.is_char_boundary(cut) {
                cut -= 1;
            }
            self.bytes[self.len..self.len + cut].copy_from_slice(&s.as_bytes()[..cut]);
            self.len += cut;
            self.overflow = true;
            return Ok(());
        }
        self.bytes[self.len..self.len + s.len()].copy_from_slice(s.as_bytes());
        self.len += s.len();
        Ok(())
    }
}

/// A writer that compares what is written with an expected text, without allocating.
struct Compare<'e> {
    rest: &'e str,
    equal: bool,
}

impl fmt::Write for Compare<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if self.equal {
            match self.rest.strip_prefix(s) {
                Some(r) => self.rest = r,
                None => self.equal = false,
            }
        }
        Ok(())
    }
}

/// A writer that only counts bytes.
struct Count(usize);

impl fmt::Write for Count {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 += s.len();
        Ok(())
    }
}

/// The length in bytes of what `value` displays, without allocating.
pub(crate) fn display_len(value: impl fmt::Display) -> usize {
    let mut c = Count(0);
    let _ = fmt::write(&mut c, format_args!("{value}"));
    c.0
}

/// Whether `value` displays as exactly `expected`.
pub fn display_eq(value: impl fmt::Display, expected: &str) -> bool {
    let mut c = Compare {
        rest: expected,
        equal: true,
    };
    let _ = fmt::write(&mut c, format_args!("{value}"));
    c.equal && c.rest.is_empty()
}

/// `text.trim()`, without its scan for Unicode whitespace when the text starts and ends with a
/// printable ASCII character, as every type name a reader of a module gets does: such a text
/// has no whitespace at either end. (Reading a call's shape trims each operand's type.)
#[inline]
pub(crate) fn trim(text: &str) -> &str {
    match text.as_bytes() {
        [first, .., last] if first.is_ascii_graphic() && last.is_ascii_graphic() => text,
        [only] if only.is_ascii_graphic() => text,
        _ => text.trim(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn trim_is_str_trim() {
        for text in [
            "",
            " ",
            "i32",
            "x",
            " x",
            "x ",
            "\ti32\n",
            "\u{b}i32",
            "i32\u{b}",
            "\u{a0}i32",
            "i32\u{3000}",
            "%dx.types.Handle",
            " %a b ",
            "é",
            "\u{85}",
        ] {
            assert_eq!(super::trim(text), text.trim(), "{text:?}");
        }
    }
}
