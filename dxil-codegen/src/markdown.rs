//! Text of the database in the Markdown the generator writes (rustdoc comments and
//! `docs/ops/*.md`). The generator's own templates are Markdown (code spans, links); what comes
//! from the database is data: it is shown as written and can never become a code block, a
//! doctest, HTML, a heading, a list or a table.

/// Characters Markdown (CommonMark with rustdoc's and GitHub's extensions: tables,
/// strikethrough, footnotes) or HTML may read anywhere in a line.
const INLINE: &[char] = &[
    '\\', '`', '*', '_', '[', ']', '<', '>', '!', '&', '~', '|', '#',
];

/// Characters that start a block (list, thematic break, setext underline) at the start of a
/// line.
const LINE_START: &[char] = &['-', '+', '='];

/// The lines of `s`, whatever their breaks (LF, CRLF, CR).
fn lines(s: &str) -> impl Iterator<Item = &str> {
    s.split("\r\n").flat_map(|l| l.split(['\r', '\n']))
}

/// A character that cannot be shown (a control character): its replacement.
fn shown(c: char) -> Option<char> {
    match c {
        '\t' => Some(' '),
        c if c.is_control() => Some('\u{FFFD}'),
        _ => None,
    }
}

/// One line of text, escaped: indentation and trailing spaces dropped (indentation would make
/// a code block), control characters replaced.
fn line(l: &str, out: &mut String) {
    let l = l.trim_matches(|c: char| c == ' ' || c == '\t');
    let digits = l.bytes().take_while(u8::is_ascii_digit).count();
    for (i, c) in l.char_indices() {
        let c = shown(c).unwrap_or(c);
        let list_number = digits > 0 && i == digits && (c == '.' || c == ')');
        if INLINE.contains(&c) || (i == 0 && LINE_START.contains(&c)) || list_number {
            out.push('\\');
        }
        out.push(c);
    }
}

/// `s` as Markdown text: every character Markdown or HTML would read is escaped, and each line
/// break (LF, CRLF, CR) is a `\n`.
pub fn text(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for (i, l) in lines(s).enumerate() {
        if i > 0 {
            out.push('\n');
        }
        line(l, &mut out);
    }
    out
}

/// `s` as Markdown text that keeps its line breaks (hard breaks): for longer text written in
/// lines, such as remarks with a table drawn in characters.
pub fn lines_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    let all: Vec<&str> = lines(s).collect();
    for (i, l) in all.iter().enumerate() {
        line(l, &mut out);
        if i + 1 < all.len() {
            // a blank line ends a paragraph; other lines end with a hard break
            let next_blank = all[i + 1].trim().is_empty();
            if !l.trim().is_empty() && !next_blank {
                out.push('\\');
            }
            out.push('\n');
        }
    }
    out
}

/// `s` as Markdown text on one line (a heading, a table cell): [`text`] with its lines joined by
/// spaces.
pub fn inline(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for (i, l) in lines(s).filter(|l| !l.trim().is_empty()).enumerate() {
        if i > 0 {
            out.push(' ');
        }
        line(l, &mut out);
    }
    out
}

/// A code span showing `s` (a name, an overload string): delimited by more backticks than any
/// run of them inside, with line breaks as spaces and control characters replaced.
pub fn code(s: &str) -> String {
    let body: String = s
        .chars()
        .map(|c| match c {
            '\r' | '\n' => ' ',
            c => shown(c).unwrap_or(c),
        })
        .collect();
    let mut longest = 0;
    let mut run = 0;
    for c in body.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest + 1);
    // a space on both sides keeps a backtick at an end, or spaces, from being stripped
    let pad = if body.starts_with(['`', ' ']) || body.ends_with(['`', ' ']) {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{body}{pad}{fence}")
}

/// Markdown that goes in a table cell: `|` escaped, also inside code spans (GitHub reads an
/// escaped `|` in a cell as a character, even in a code span).
pub fn cell(markdown: &str) -> String {
    let mut out = String::with_capacity(markdown.len());
    let mut escaped = false;
    for c in markdown.chars() {
        if c == '|' && !escaped {
            out.push('\\');
        }
        escaped = c == '\\' && !escaped;
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

    /// Texts that Markdown would read as structure if they were not escaped.
    pub(crate) const HOSTILE: &[&str] = &[
        "    an indented line, a code block",
        "```\nfn main() {}\n```",
        "~~~rust\nassert!(false);\n~~~",
        "<b>bold</b> <script>x</script> <!-- comment -->",
        "a\0NUL and \u{7} a bell",
        "# heading",
        "text\n===",
        "text\n---",
        "- item\n+ item\n* item\n1. first\n2) second",
        "a | b\n--- | ---\nc | d",
        "carriage\rreturns\r\nand \\ backslashes",
        "> quoted",
        "[link](http://x) ![image](y) [^note]",
        "*em* _em_ **strong** ~~gone~~ `code` &amp; &#65;",
        "\t\ttabs",
    ];

    fn options() -> Options {
        Options::ENABLE_TABLES
            | Options::ENABLE_FOOTNOTES
            | Options::ENABLE_STRIKETHROUGH
            | Options::ENABLE_TASKLISTS
    }

    /// The text Markdown shows for `md`, failing on anything but paragraphs of text.
    fn plain(md: &str) -> String {
        let mut out = String::new();
        for e in Parser::new_ext(md, options()) {
            match e {
                Event::Start(Tag::Paragraph) | Event::End(TagEnd::Paragraph) => {}
                Event::Text(t) => out.push_str(&t),
                Event::SoftBreak | Event::HardBreak => out.push('\n'),
                other => panic!("{md:?} is read as {other:?}"),
            }
        }
        out
    }

    /// What `text` promises to show: the lines without indentation, controls replaced.
    fn expected(s: &str) -> String {
        lines(s)
            .map(|l| {
                l.trim_matches([' ', '\t'])
                    .chars()
                    .map(|c| shown(c).unwrap_or(c))
                    .collect::<String>()
            })
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn database_text_is_shown_as_written() {
        for s in HOSTILE {
            assert_eq!(plain(&text(s)), expected(s), "{s:?}");
            assert_eq!(plain(&inline(s)), expected(s).replace('\n', " "), "{s:?}");
            assert_eq!(plain(&lines_text(s)), expected(s), "{s:?}");
        }
    }

    #[test]
    fn code_spans_hold_any_name() {
        for s in ["x", "a`b", "``", " x ", "a|b", "<b>"] {
            let md = code(s);
            let events: Vec<Event> = Parser::new_ext(&md, options()).collect();
            assert!(
                events
                    .iter()
                    .any(|e| matches!(e, Event::Code(c) if **c == *s)),
                "{s:?}: {events:?}"
            );
        }
    }

    #[test]
    fn cells_stay_one_cell() {
        let md = format!(
            "| a | b |\n| --- | --- |\n| {} | {} |\n",
            cell(&code("x|y")),
            cell(&text("p | q"))
        );
        let cells = Parser::new_ext(&md, options())
            .filter(|e| matches!(e, Event::Start(Tag::TableCell)))
            .count();
        assert_eq!(cells, 4, "{md}");
    }
}
