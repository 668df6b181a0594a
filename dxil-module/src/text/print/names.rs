//! Names and strings as LLVM prints them: bare when every byte may stand bare, else quoted
//! with `\XX` escapes.

/// Writes `bytes` with every byte that is not printable ASCII, `"` or `\` as `\XX`.
pub(crate) fn escaped(out: &mut String, bytes: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for &b in bytes {
        if (0x20..0x7F).contains(&b) && b != b'"' && b != b'\\' {
            out.push(b as char);
        } else {
            out.push('\\');
            out.push(HEX[(b >> 4) as usize] as char);
            out.push(HEX[(b & 15) as usize] as char);
        }
    }
}

/// Writes a name after `prefix` (`@`, `%`, `$`, or nothing for a label): bare when it does
/// not start with a digit and holds only letters, digits, `-`, `.` and `_`, quoted otherwise.
pub(crate) fn llvm_name(out: &mut String, prefix: char, name: &[u8]) {
    if prefix != '\0' {
        out.push(prefix);
    }
    let bare = !name.is_empty()
        && !name[0].is_ascii_digit()
        && name
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.' || b == b'_');
    if bare {
        // Only ASCII bytes: the conversion cannot fail.
        out.push_str(std::str::from_utf8(name).unwrap_or(""));
    } else {
        out.push('"');
        escaped(out, name);
        out.push('"');
    }
}

/// Writes a metadata name (`dx.entryPoints`, an attachment kind): letters, digits and `-$._`
/// stand bare (not a digit first), anything else is `\XX`.
pub(crate) fn md_name(out: &mut String, name: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    if name.is_empty() {
        out.push_str("<empty name> ");
        return;
    }
    for (i, &b) in name.iter().enumerate() {
        let ok = b.is_ascii_alphabetic()
            || matches!(b, b'-' | b'$' | b'.' | b'_')
            || (i > 0 && b.is_ascii_digit());
        if ok {
            out.push(b as char);
        } else {
            out.push('\\');
            out.push(HEX[(b >> 4) as usize] as char);
            out.push(HEX[(b & 15) as usize] as char);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting() {
        let mut s = String::new();
        llvm_name(
            &mut s,
            '@',
            b"dx.op.createHandleForLib.class.RWBuffer<float>",
        );
        assert_eq!(s, "@\"dx.op.createHandleForLib.class.RWBuffer<float>\"");
        s.clear();
        llvm_name(&mut s, '@', b"\x01?main@@YAXXZ");
        assert_eq!(s, "@\"\\01?main@@YAXXZ\"");
        s.clear();
        llvm_name(&mut s, '%', b"dx.types.Handle");
        assert_eq!(s, "%dx.types.Handle");
        s.clear();
        llvm_name(&mut s, '%', b"1x");
        assert_eq!(s, "%\"1x\"");
    }
}
