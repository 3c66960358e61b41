//! Text from users: reading line-based files (openings, game lines) with
//! the one rule for comments and blank lines, and quoting input in error
//! messages at a readable length.
//!
//! Contract: a line's content is what comes before its first `#`, trimmed;
//! lines left empty are skipped; line numbers count from 1 over every line
//! of the text, so an error can name the line a person sees in an editor.
//! [`excerpt`] is how every message quotes what a user gave; [`error_chain`]
//! is how a library prints an error and its causes on one line.

/// The lines of `text` that hold something, with their 1-based numbers.
///
/// ```
/// let lines: Vec<_> = yomi_core::text::content_lines("# openings\n7g7f 3c3d\n\n2g2f  # rook pawn\n").collect();
/// assert_eq!(lines, vec![(2, "7g7f 3c3d"), (4, "2g2f")]);
/// ```
pub fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter_map(|(i, l)| {
        let t = l.split('#').next().unwrap_or("").trim();
        (!t.is_empty()).then_some((i + 1, t))
    })
}

/// The longest excerpt of user input an error message quotes, in characters.
pub const EXCERPT_CHARS: usize = 60;

/// `text` as an error message quotes it: control characters shown escaped
/// (`\u{1b}`), and at most [`EXCERPT_CHARS`] characters, cut with `…` and
/// the full length, so a 1 MB line or a terminal escape never lands whole
/// in a message.
///
/// ```
/// use yomi_core::text::excerpt;
/// assert_eq!(excerpt("7g7f"), "7g7f");
/// assert_eq!(excerpt("go\u{1b}[2J"), "go\\u{1b}[2J");
/// let long = "x".repeat(1_000_000);
/// assert_eq!(excerpt(&long), format!("{}… (1000000 characters)", "x".repeat(60)));
/// ```
pub fn excerpt(text: &str) -> String {
    let total = text.chars().count();
    let mut out = String::new();
    for c in text.chars().take(EXCERPT_CHARS) {
        if c.is_control() {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    if total > EXCERPT_CHARS {
        out.push_str(&format!("… ({total} characters)"));
    }
    out
}

/// `error` and every error behind it (its `source()` chain) on one line,
/// joined with `": "`: how a library prints an error where it has one line
/// (a USI `info string`), as `{:#}` does for the command line's `anyhow`
/// errors. Library errors name their cause either in their message or as
/// their `source()`, never both (see ARCHITECTURE.md), so nothing prints twice.
///
/// ```
/// let e = std::io::Error::other("disk full");
/// assert_eq!(yomi_core::text::error_chain(&e), "disk full");
/// ```
pub fn error_chain(error: &dyn std::error::Error) -> String {
    let mut out = error.to_string();
    let mut next = error.source();
    while let Some(e) = next {
        out.push_str(": ");
        out.push_str(&e.to_string());
        next = e.source();
    }
    out
}
