//! Reading line-based text files (openings, game lines): the one rule for
//! comments and blank lines, so every such file of yomi reads alike.
//!
//! Contract: a line's content is what comes before its first `#`, trimmed;
//! lines left empty are skipped; line numbers count from 1 over every line
//! of the text, so an error can name the line a person sees in an editor.

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
