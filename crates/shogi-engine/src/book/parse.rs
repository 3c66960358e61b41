//! Reading book text into entries.
//!
//! Contract: follows YaneuraOu's reader: `#` and `//` lines and blank lines
//! are skipped, fields after the fifth are ignored, `none`, `None` and
//! `resign` mean "no move" (a move line whose move is none is skipped), a
//! position listed twice is merged (a move listed twice keeps its first
//! line). Stricter than YaneuraOu, so that a damaged book is found when it
//! is loaded rather than silently never played: a first line naming a
//! `#YANEURAOU-DB` format other than [`super::HEADER`], a move (or ponder
//! move) that is not legal where it stands, a negative count and a book
//! without any position are each a [`BookError`] naming the line.

use super::error::BookError;
use super::{BookEntry, BookMove};
use std::collections::HashMap;
use yomi_core::text::excerpt;
use yomi_shogi::Position;

fn is_none(text: &str) -> bool {
    matches!(text, "none" | "None" | "resign")
}

fn number(
    line: usize,
    field: &'static str,
    text: Option<&str>,
    default: i64,
) -> Result<i64, BookError> {
    match text {
        None => Ok(default),
        Some(t) => t.parse::<i64>().map_err(|_| BookError::Number {
            line,
            field,
            text: excerpt(t),
            expected: "an integer",
        }),
    }
}

/// One move line (`<move> [ponder] [value] [depth] [count]`) of the
/// position `pos`; None for a line whose move is `none`.
fn parse_move_line(line: usize, text: &str, pos: &Position) -> Result<Option<BookMove>, BookError> {
    let mut fields = text.split_whitespace();
    let mv_text = fields.next().unwrap_or("");
    if is_none(mv_text) {
        return Ok(None);
    }
    let mv = pos
        .parse_usi(mv_text)
        .map_err(|reason| BookError::Move { line, reason })?;
    let ponder = match fields.next() {
        None => None,
        Some(t) if is_none(t) => None,
        Some(t) => {
            let mut after = pos.clone();
            after.do_move(mv);
            Some(
                after
                    .parse_usi(t)
                    .map_err(|reason| BookError::Move { line, reason })?,
            )
        }
    };
    let value = number(line, "value", fields.next(), 0)?;
    let depth = number(line, "depth", fields.next(), 0)?;
    let count_text = fields.next();
    let count = number(line, "count", count_text, 1)?;
    let count = u64::try_from(count).map_err(|_| BookError::Number {
        line,
        field: "count",
        text: excerpt(count_text.unwrap_or("")),
        expected: "a count of 0 or more",
    })?;
    let clamp = |v: i64| v.clamp(i32::MIN as i64, i32::MAX as i64) as i32;
    Ok(Some(BookMove {
        mv,
        ponder,
        value: clamp(value),
        depth: clamp(depth),
        count,
    }))
}

/// Refuses a first line that names a YaneuraOu book format other than
/// [`super::HEADER`] (a newer database format would be misread).
fn check_header(first: &str) -> Result<(), BookError> {
    let t = first.trim();
    if t.starts_with("#YANEURAOU") && t != super::HEADER {
        return Err(BookError::Header {
            line: 1,
            text: excerpt(t),
        });
    }
    Ok(())
}

/// Parses a whole book into entries, in first-appearance order.
pub fn parse_entries(text: &str) -> Result<Vec<BookEntry>, BookError> {
    let mut entries: Vec<BookEntry> = Vec::new();
    let mut by_sfen: HashMap<String, usize> = HashMap::new();
    // A byte-order mark (editors on Windows) is not part of the first line.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // The positions of `entries`, for the legality of their moves.
    let mut positions: Vec<Position> = Vec::new();
    let mut current: Option<usize> = None;
    let mut lines = 0;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        lines = line;
        if line == 1 {
            check_header(raw)?;
        }
        let t = raw.trim();
        if t.is_empty() || t.starts_with('#') || t.starts_with("//") {
            continue;
        }
        if let Some(rest) = t.strip_prefix("sfen ") {
            let pos =
                Position::from_sfen(rest).map_err(|reason| BookError::Sfen { line, reason })?;
            let sfen = pos.to_sfen();
            let idx = *by_sfen.entry(sfen.clone()).or_insert_with(|| {
                entries.push(BookEntry {
                    sfen,
                    ply: pos.move_number(),
                    moves: Vec::new(),
                });
                positions.push(pos);
                entries.len() - 1
            });
            current = Some(idx);
            continue;
        }
        let Some(idx) = current else {
            return Err(BookError::MoveBeforeSfen { line });
        };
        if let Some(bm) = parse_move_line(line, t, &positions[idx])? {
            let moves = &mut entries[idx].moves;
            if !moves.iter().any(|m| m.mv == bm.mv) {
                moves.push(bm);
            }
        }
    }
    if entries.is_empty() {
        return Err(BookError::Empty { lines });
    }
    Ok(entries)
}
