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

/// Whether `value` displays as exactly `expected`.
pub fn display_eq(value: impl fmt::Display, expected: &str) -> bool {
    let mut c = Compare {
        rest: expected,
        equal: true,
    };
    let _ = fmt::write(&mut c, format_args!("{value}"));
    c.equal && c.rest.is_empty()
}
