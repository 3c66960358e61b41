//! Reading book text into entries.
//!
//! Contract: follows YaneuraOu's reader: `#` and `//` lines and blank lines
//! are skipped, fields after the fifth are ignored, `none`, `None` and
//! `resign` mean "no move" (a move line whose move is none is skipped), a
//! position listed twice is merged (a move listed twice keeps its first
//! line). Move text is checked for USI syntax here; legality is checked
//! against the position when probing.

use super::error::BookError;
use super::{BookEntry, BookMove};
use std::collections::HashMap;
use yomi_shogi::{Move, Position};

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
            text: t.to_string(),
        }),
    }
}

/// One move line (`<move> [ponder] [value] [depth] [count]`); None for a
/// line whose move is `none`.
fn parse_move_line(line: usize, text: &str) -> Result<Option<BookMove>, BookError> {
    let mut fields = text.split_whitespace();
    let mv_text = fields.next().unwrap_or("");
    if is_none(mv_text) {
        return Ok(None);
    }
    // USI syntax only: legality is checked against the position when probing.
    let parse = |t: &str| {
        t.parse::<Move>()
            .map_err(|source| BookError::Move { line, source })
    };
    let mv = parse(mv_text)?;
    let ponder = match fields.next() {
        None => None,
        Some(t) if is_none(t) => None,
        Some(t) => Some(parse(t)?),
    };
    let value = number(line, "value", fields.next(), 0)?;
    let depth = number(line, "depth", fields.next(), 0)?;
    let count = number(line, "count", fields.next(), 1)?;
    let clamp = |v: i64| v.clamp(i32::MIN as i64, i32::MAX as i64) as i32;
    Ok(Some(BookMove {
        mv,
        ponder,
        value: clamp(value),
        depth: clamp(depth),
        count: count.max(0) as u64,
    }))
}

/// Parses a whole book into entries, in first-appearance order.
pub fn parse_entries(text: &str) -> Result<Vec<BookEntry>, BookError> {
    let mut entries: Vec<BookEntry> = Vec::new();
    let mut by_sfen: HashMap<String, usize> = HashMap::new();
    let mut current: Option<usize> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let t = raw.trim();
        if t.is_empty() || t.starts_with('#') || t.starts_with("//") {
            continue;
        }
        if let Some(rest) = t.strip_prefix("sfen ") {
            let pos =
                Position::from_sfen(rest).map_err(|source| BookError::Sfen { line, source })?;
            let sfen = pos.to_sfen();
            let idx = *by_sfen.entry(sfen.clone()).or_insert_with(|| {
                entries.push(BookEntry {
                    sfen,
                    ply: pos.move_number(),
                    moves: Vec::new(),
                });
                entries.len() - 1
            });
            current = Some(idx);
            continue;
        }
        let Some(idx) = current else {
            return Err(BookError::MoveBeforeSfen { line });
        };
        if let Some(bm) = parse_move_line(line, t)? {
            let moves = &mut entries[idx].moves;
            if !moves.iter().any(|m| m.mv == bm.mv) {
                moves.push(bm);
            }
        }
    }
    Ok(entries)
}
