//! Game lines, `[position] startpos|sfen <4 fields> [moves m1 m2 ...]`: the
//! games a book is made from (`yomi-shogi-train`'s `book`, which also holds the
//! book writer) and the start lines of openings files.
//!
//! Contract: [`parse_game_line`] accepts the line with or without the
//! `position` prefix and checks every move's legality in turn; an error names
//! the 1-based line and the move at fault.

use super::BookError;
use yomi_shogi::{Move, Position};

/// Parses `[position] startpos|sfen <fields> [moves ...]` into a start and moves.
pub fn parse_game_line(line: usize, text: &str) -> Result<(Position, Vec<Move>), BookError> {
    let bad = |reason: String| BookError::Record { line, reason };
    let text = text.trim();
    let text = text.strip_prefix("position ").unwrap_or(text).trim();
    let (head, moves_text) = match text.find(" moves") {
        Some(i) => (&text[..i], &text[i + 6..]),
        None => (text, ""),
    };
    let start = if head == "startpos" {
        Position::startpos()
    } else if let Some(sfen) = head.strip_prefix("sfen ") {
        Position::from_sfen(sfen).map_err(|e| bad(format!("bad sfen: {e}")))?
    } else {
        return Err(bad(format!(
            "expected 'startpos' or 'sfen ...' (optionally after 'position'), got '{head}'"
        )));
    };
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for (i, t) in moves_text.split_whitespace().enumerate() {
        let m = pos
            .parse_usi(t)
            .map_err(|e| bad(format!("move {} '{t}': {e}", i + 1)))?;
        pos.do_move(m);
        moves.push(m);
    }
    Ok((start, moves))
}
