//! Board text in fc-solve's notation.
//!
//! One line per column, deepest card first (an optional leading `:` is
//! accepted; a line holding only `:` is an empty column), plus optional
//! `Foundations: H-5 C-A S-0 D-K` and `Freecells: 5H - KS -` lines. Blank
//! lines and lines starting with `#` are skipped. Every error names the
//! 1-based line and the offending token.

use crate::board::{Board, Layout};
use crate::card::{Card, RANKS, SUITS, rank_from_char};
use crate::error::FreecellError;
use std::fmt::Write;

/// Prints a board. With `full`, the `Foundations:` and `Freecells:` lines are
/// always present and columns carry fc-solve's `: ` prefix; otherwise those
/// lines appear only when not empty and columns are bare (the layout
/// `make-microsoft-freecell-board` and pysol-cards print for a deal).
pub fn format_board(b: &Board, full: bool) -> String {
    let mut s = String::new();
    if full || b.found_total() > 0 {
        s.push_str("Foundations:");
        for suit in [2u8, 0, 1, 3] {
            let _ = write!(
                s,
                " {}-{}",
                SUITS[suit as usize],
                RANKS[b.found(suit) as usize]
            );
        }
        s.push('\n');
    }
    if full || b.cells().iter().any(|c| !c.is_none()) {
        s.push_str("Freecells:");
        for &c in b.cells() {
            let _ = write!(s, " {c}");
        }
        s.push('\n');
    }
    for i in 0..b.ncols() {
        let col = b.col(i);
        if full || col.is_empty() {
            s.push(':');
        }
        for (k, c) in col.iter().enumerate() {
            if k > 0 || full {
                s.push(' ');
            }
            let _ = write!(s, "{c}");
        }
        s.push('\n');
    }
    s
}

/// Parses a board for `layout`; the number of column lines must equal
/// `layout.cols`.
pub fn parse_board(text: &str, layout: Layout) -> Result<Board, FreecellError> {
    let layout = layout.validate()?;
    let mut found = [0u8; 4];
    let mut cells: Vec<Card> = Vec::new();
    let mut cols: Vec<Vec<Card>> = Vec::new();
    let mut where_card: Vec<Option<usize>> = vec![None; 52];
    let mut saw_found = false;
    let mut saw_cells = false;
    let mut last_line = 0;
    for (ln0, raw) in text.lines().enumerate() {
        let ln = ln0 + 1;
        last_line = ln;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let lower = line.to_ascii_lowercase();
        if let Some(rest) = lower.strip_prefix("foundations:") {
            if std::mem::replace(&mut saw_found, true) {
                return Err(FreecellError::parse(
                    ln,
                    "Foundations:",
                    "second Foundations line",
                ));
            }
            let rest = &line[line.len() - rest.len()..];
            for tok in rest.split_whitespace() {
                let (suit, rank) = parse_foundation(tok).ok_or_else(|| {
                    FreecellError::parse(ln, tok, "expected a foundation like H-5, C-A or S-0")
                })?;
                found[suit as usize] = rank;
            }
            continue;
        }
        if let Some(rest) = lower.strip_prefix("freecells:") {
            if std::mem::replace(&mut saw_cells, true) {
                return Err(FreecellError::parse(
                    ln,
                    "Freecells:",
                    "second Freecells line",
                ));
            }
            let rest = &line[line.len() - rest.len()..];
            for tok in rest.split_whitespace() {
                if tok == "-" {
                    cells.push(Card::NONE);
                    continue;
                }
                let c = Card::parse(tok)
                    .ok_or_else(|| FreecellError::parse(ln, tok, "unknown card in free cells"))?;
                note(&mut where_card, c, ln, tok)?;
                cells.push(c);
            }
            if cells.len() > layout.cells {
                return Err(FreecellError::parse(
                    ln,
                    rest.trim(),
                    format!(
                        "{} free cells listed but the layout has {}",
                        cells.len(),
                        layout.cells
                    ),
                ));
            }
            continue;
        }
        let body = line.strip_prefix(':').unwrap_or(line);
        let mut col = Vec::new();
        for tok in body.split_whitespace() {
            let c =
                Card::parse(tok).ok_or_else(|| FreecellError::parse(ln, tok, "unknown card"))?;
            note(&mut where_card, c, ln, tok)?;
            col.push(c);
        }
        cols.push(col);
        if cols.len() > layout.cols {
            return Err(FreecellError::parse(
                ln,
                line,
                format!("more than {} columns", layout.cols),
            ));
        }
    }
    if cols.len() != layout.cols {
        return Err(FreecellError::parse(
            last_line,
            "",
            format!("found {} columns, expected {}", cols.len(), layout.cols),
        ));
    }
    for (i, w) in where_card.iter().enumerate() {
        let c = Card::from_index(i);
        let on_found = found[c.suit() as usize] >= c.rank();
        match (w, on_found) {
            (Some(ln), true) => {
                return Err(FreecellError::parse(
                    *ln,
                    &c.to_string(),
                    "card is also on its foundation",
                ));
            }
            (None, false) => {
                return Err(FreecellError::parse(
                    0,
                    &c.to_string(),
                    "card is missing from the board",
                ));
            }
            _ => {}
        }
    }
    Board::from_parts(layout, found, &cells, &cols)
}

fn note(seen: &mut [Option<usize>], c: Card, ln: usize, tok: &str) -> Result<(), FreecellError> {
    if let Some(first) = seen[c.index()] {
        return Err(FreecellError::parse(
            ln,
            tok,
            format!("duplicate card (first seen on line {first})"),
        ));
    }
    seen[c.index()] = Some(ln);
    Ok(())
}

fn parse_foundation(tok: &str) -> Option<(u8, u8)> {
    let (s, r) = tok.split_once('-')?;
    let mut sc = s.chars();
    let suit_c = sc.next()?.to_ascii_uppercase();
    if sc.next().is_some() {
        return None;
    }
    let suit = SUITS.iter().position(|&c| c == suit_c)? as u8;
    let rank = if r == "10" {
        10
    } else {
        let mut rc = r.chars();
        let ch = rc.next()?;
        if rc.next().is_some() {
            return None;
        }
        rank_from_char(ch)?
    };
    Some((suit, rank))
}
