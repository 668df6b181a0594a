//! Comparing our text of decoded bitcode with `llvm-dis-14`'s: the `dx.op` call lines, equal
//! up to a consistent renumbering of attribute groups and metadata, and the differences LLVM
//! 14's upgrades explain. Shared by the decoder's test and `dxil dis`'s.

#![allow(dead_code)]

/// The lines that call a `dx.op` function.
pub fn dx_op_calls(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| l.contains("call ") && l.contains("@dx.op."))
        .collect()
}

/// Whether the `dx.op` call lines of `llvm`'s text and `ours` are the same (up to a
/// consistent renumbering): `Ok` with the number of calls, or the first that differs.
pub fn compare_calls(llvm: &str, ours: &str) -> Result<usize, String> {
    let want = dx_op_calls(llvm);
    let got = dx_op_calls(ours);
    if want == got || same_up_to_numbering(&want, &got) {
        return Ok(want.len());
    }
    let at = want
        .iter()
        .zip(&got)
        .position(|(a, b)| a != b)
        .unwrap_or(want.len().min(got.len()));
    Err(format!(
        "dx.op call {at} of {}/{}:\n  llvm: {}\n  ours: {}",
        want.len(),
        got.len(),
        want.get(at).unwrap_or(&""),
        got.get(at).unwrap_or(&"")
    ))
}

/// A line with its `#N` and `!N` numbers replaced by `#` and `!`, and the numbers.
fn split_numbers(line: &str) -> (String, Vec<String>) {
    let mut out = String::with_capacity(line.len());
    let mut nums = Vec::new();
    let b = line.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        out.push(c as char);
        i += 1;
        if (c == b'#' || c == b'!') && i < b.len() && b[i].is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            nums.push(format!("{}{}", c as char, &line[start..i]));
        }
    }
    (out, nums)
}

/// Whether two lists of call lines are the same up to a consistent renumbering of `#N` and
/// `!N` (a one-to-one map between the numbers of each side).
pub fn same_up_to_numbering(want: &[&str], got: &[&str]) -> bool {
    use std::collections::HashMap;
    if want.len() != got.len() {
        return false;
    }
    let mut there: HashMap<String, String> = HashMap::new();
    let mut back: HashMap<String, String> = HashMap::new();
    for (w, g) in want.iter().zip(got) {
        let (ws, wn) = split_numbers(w);
        let (gs, gn) = split_numbers(g);
        if ws != gs || wn.len() != gn.len() {
            return false;
        }
        for (a, b) in wn.into_iter().zip(gn) {
            if there.entry(a.clone()).or_insert_with(|| b.clone()) != &b
                || back.entry(b).or_insert_with(|| a.clone()) != &a
            {
                return false;
            }
        }
    }
    true
}

/// Why `llvm-dis-14`'s text of a bitstream (`dis`) may differ from the decoded module's
/// (`ours`): what LLVM 14 upgrades as it reads LLVM 3.7 bitcode, and the decoder keeps as
/// written; `None` when that does not explain the difference.
pub fn llvm14_upgrade(dis: &str, ours: &str, part: &[u8; 4]) -> Option<&'static str> {
    if only_lifetime_renamed(dis, ours) {
        return Some(
            "LLVM 14 renames llvm.lifetime.start/end to .p0i8, declares them last with its \
             attributes and renumbers the attribute groups",
        );
    }
    if part == b"ILDB" {
        return Some(
            "LLVM 14 upgrades LLVM 3.7's debug information (the subprogram's function becomes \
             a !dbg attachment) and the printer writes LLVM 3.7's layout of the nodes",
        );
    }
    if only_alignments_added(dis, ours) {
        return Some(
            "LLVM 14 gives a load or store that the bitcode leaves without an alignment (0) \
             its type's ABI alignment, which it prints; LLVM 3.7 prints none",
        );
    }
    None
}

/// Whether `dis` is `ours` with LLVM 14's renaming of `llvm.lifetime.start/end` (calls of the
/// `.p0i8` names, their declarations moved last with other attributes), once the
/// declarations, attribute groups and their numbers are set aside; and there are such calls.
fn only_lifetime_renamed(dis: &str, ours: &str) -> bool {
    const RENAMED: [(&str, &str); 2] = [
        ("@llvm.lifetime.start.p0i8(", "@llvm.lifetime.start("),
        ("@llvm.lifetime.end.p0i8(", "@llvm.lifetime.end("),
    ];
    if !RENAMED.iter().any(|(new, _)| dis.contains(new)) {
        return false;
    }
    let kept = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| {
                !(l.is_empty()
                    || l.starts_with("; Function Attrs:")
                    || l.starts_with("attributes #")
                    || (l.starts_with("declare ") && l.contains("@llvm.lifetime.")))
            })
            .map(|l| {
                let l = RENAMED
                    .iter()
                    .fold(l.to_owned(), |l, (new, old)| l.replace(new, old));
                split_numbers(&l).0
            })
            .collect()
    };
    kept(dis) == kept(ours)
}

/// Whether `dis` is `ours` with `, align N` added to some `load` and `store` lines, and
/// nothing else changed.
fn only_alignments_added(dis: &str, ours: &str) -> bool {
    let (d, o): (Vec<&str>, Vec<&str>) = (dis.lines().collect(), ours.lines().collect());
    let mut added = 0;
    for (dl, ol) in d.iter().zip(&o) {
        if dl == ol {
            continue;
        }
        let is_memory = dl.trim_start().starts_with("store ") || dl.contains(" = load ");
        match without_alignment(dl) {
            Some(stripped) if is_memory && stripped == *ol => added += 1,
            _ => return false,
        }
    }
    d.len() == o.len() && added > 0
}

/// `line` without its `, align N`, if it has one.
fn without_alignment(line: &str) -> Option<String> {
    let at = line.find(", align ")?;
    let rest = &line[at + ", align ".len()..];
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    (digits > 0).then(|| format!("{}{}", &line[..at], &rest[digits..]))
}
