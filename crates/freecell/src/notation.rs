//! Move notations.
//!
//! * Standard: two characters, source then destination: columns `1`-`9`
//!   (then `A`-`G` for columns 10-16), free cells `a`-`h`, `h` as destination
//!   is the foundation. A sequence move of n > 1 cards carries the count as a
//!   `vN` suffix (`37v3`); without a suffix a parsed move takes the only
//!   fitting count, or the most cards allowed into an empty column.
//! * fc-solve verbose: `Move 3 cards from stack 2 to stack 6`, with 0-based
//!   stack and freecell numbers as fc-solve prints them.
//! * Hex (dataset literature): one hex digit each for source and
//!   destination: free cells 0-3, columns 4-b, foundations c-f by suit
//!   (clubs, diamonds, hearts, spades). Needs <= 4 cells and <= 8 columns.

use crate::board::Board;
use crate::error::FreecellError;
use crate::moves::{Loc, Move, capacity, moved_card};

fn col_char(c: u8) -> char {
    if c < 9 {
        (b'1' + c) as char
    } else {
        (b'A' + c - 9) as char
    }
}

/// Standard notation of a move (`5a`, `b2`, `8h`, `37v3`).
pub fn standard(m: Move) -> String {
    let mut s = String::with_capacity(4);
    s.push(match m.from {
        Loc::Col(c) => col_char(c),
        Loc::Cell(i) => (b'a' + i) as char,
        Loc::Found => 'h',
    });
    s.push(match m.to {
        Loc::Col(c) => col_char(c),
        Loc::Cell(i) => (b'a' + i) as char,
        Loc::Found => 'h',
    });
    if m.count > 1 {
        s.push('v');
        s.push_str(&m.count.to_string());
    }
    s
}

/// Parses a standard-notation move in the context of `b` (the board the move
/// applies to, needed to tell free cell `h` from the foundation and to infer
/// a run's length). The move is not checked for legality.
pub fn parse_standard(text: &str, b: &Board) -> Result<Move, FreecellError> {
    let err = |why: &str| FreecellError::MoveSyntax(text.to_string(), why.to_string());
    let t = text.trim();
    let (head, count) = match t.split_once(['v', 'V']) {
        Some((h, n)) => {
            let n: u8 = n
                .parse()
                .map_err(|_| err("count after `v` must be a number"))?;
            if n == 0 {
                return Err(err("count must be at least 1"));
            }
            (h, Some(n))
        }
        None => (t, None),
    };
    let chars: Vec<char> = head.chars().collect();
    if chars.len() != 2 {
        return Err(err("expected two characters, source then destination"));
    }
    let loc = |ch: char, dest: bool| -> Result<Loc, FreecellError> {
        match ch {
            '1'..='9' => Ok(Loc::Col(ch as u8 - b'1')),
            'A'..='G' => Ok(Loc::Col(ch as u8 - b'A' + 9)),
            'h' if dest => Ok(Loc::Found),
            'a'..='h' => Ok(Loc::Cell(ch as u8 - b'a')),
            _ => Err(err("unknown place (columns 1-9, cells a-h, foundation h)")),
        }
    };
    let from = loc(chars[0], false)?;
    let to = loc(chars[1], true)?;
    if let Loc::Col(c) = from
        && c as usize >= b.ncols()
    {
        return Err(err("no such column"));
    }
    if let Loc::Col(c) = to
        && c as usize >= b.ncols()
    {
        return Err(err("no such column"));
    }
    let count = match (count, from, to) {
        (Some(n), _, _) => n,
        (None, Loc::Col(s), Loc::Col(d)) => infer_count(b, s as usize, d as usize),
        _ => 1,
    };
    Ok(Move { from, to, count })
}

fn infer_count(b: &Board, s: usize, d: usize) -> u8 {
    let run = b.run_len(s);
    match b.top(d) {
        Some(t) => {
            let col = b.col(s);
            (1..=run)
                .find(|&k| col[col.len() - k].fits_on(t))
                .unwrap_or(1) as u8
        }
        None => run.min(capacity(b, true)).max(1) as u8,
    }
}

/// fc-solve's verbose move text.
pub fn fcs_verbose(m: Move) -> String {
    let place = |l: Loc| match l {
        Loc::Col(c) => format!("stack {c}"),
        Loc::Cell(i) => format!("freecell {i}"),
        Loc::Found => "the foundations".to_string(),
    };
    let what = if m.count == 1 {
        "a card".to_string()
    } else {
        format!("{} cards", m.count)
    };
    format!("Move {what} from {} to {}", place(m.from), place(m.to))
}

/// Hex code of a move made on board `b` (before the move).
pub fn hex(m: Move, b: &Board) -> Result<String, FreecellError> {
    if b.ncells() > 4 || b.ncols() > 8 {
        return Err(FreecellError::Layout(
            "hex notation needs at most 4 free cells and 8 columns".into(),
        ));
    }
    let card = moved_card(b, m).ok_or_else(|| FreecellError::IllegalMove {
        mv: standard(m),
        why: "no card to move".into(),
    })?;
    let digit = |l: Loc| match l {
        Loc::Cell(i) => i,
        Loc::Col(c) => 4 + c,
        Loc::Found => 12 + card.suit(),
    };
    Ok(format!("{:x}{:x}", digit(m.from), digit(m.to)))
}

/// Parses a hex move (count inferred as in [`parse_standard`]).
pub fn parse_hex(text: &str, b: &Board) -> Result<Move, FreecellError> {
    let err = |why: &str| FreecellError::MoveSyntax(text.to_string(), why.to_string());
    let t = text.trim();
    let ds: Vec<u8> = t
        .chars()
        .map(|c| c.to_digit(16).map(|d| d as u8))
        .collect::<Option<_>>()
        .ok_or_else(|| err("not hex digits"))?;
    if ds.len() != 2 {
        return Err(err("expected two hex digits"));
    }
    let loc = |d: u8| match d {
        0..=3 => Loc::Cell(d),
        4..=11 => Loc::Col(d - 4),
        _ => Loc::Found,
    };
    let (from, to) = (loc(ds[0]), loc(ds[1]));
    if from == Loc::Found {
        return Err(err("cards never leave the foundations"));
    }
    let count = match (from, to) {
        (Loc::Col(s), Loc::Col(d)) if (s as usize) < b.ncols() && (d as usize) < b.ncols() => {
            infer_count(b, s as usize, d as usize)
        }
        _ => 1,
    };
    Ok(Move { from, to, count })
}
