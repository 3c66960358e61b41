//! Moves: legality, application, generation and the
//! decomposition of sequence moves into single-card moves.
//!
//! A sequence move of n cards is legal when n <= (free cells + 1) * 2^(empty
//! columns not counting the destination), the rule of the real game (it can
//! be carried out one card at a time through the cells and empty columns).

use crate::board::Board;
use crate::card::Card;
use crate::error::FreecellError;

/// A place cards move from or to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Loc {
    /// Tableau column (0-based).
    Col(u8),
    /// Free cell (0-based; `a` is 0).
    Cell(u8),
    /// The foundation of the moved card's suit.
    Found,
}

/// One move: `count` cards from `from` to `to` (`count > 1` only between columns).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// Source.
    pub from: Loc,
    /// Destination.
    pub to: Loc,
    /// Number of cards.
    pub count: u8,
}

impl Move {
    /// A one-card move.
    pub const fn one(from: Loc, to: Loc) -> Move {
        Move { from, to, count: 1 }
    }
}

/// Which moves the search and the user may make.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MoveMode {
    /// One card per move.
    Atomic,
    /// Ordered runs move as one step, within the free-cell/empty-column limit.
    #[default]
    Sequence,
}

/// Most cards that can move at once to a column; `to_empty` when the
/// destination itself is an empty column (it does not count as a helper).
#[inline]
pub fn capacity(b: &Board, to_empty: bool) -> usize {
    let e = b.empty_cols() - to_empty as usize;
    (b.free_cells() + 1) << e.min(20)
}

/// The card(s) a move would take from the board: the deepest moved card.
pub fn moved_card(b: &Board, m: Move) -> Option<Card> {
    match m.from {
        Loc::Col(c) => {
            let col = b.col(c as usize);
            col.len().checked_sub(m.count as usize).map(|i| col[i])
        }
        Loc::Cell(i) => b.cells().get(i as usize).copied().filter(|c| !c.is_none()),
        Loc::Found => None,
    }
}

fn illegal(m: Move, why: &str) -> FreecellError {
    FreecellError::IllegalMove {
        mv: crate::notation::standard(m),
        why: why.to_string(),
    }
}

/// Checks a move without changing the board.
pub fn check(b: &Board, m: Move) -> Result<(), FreecellError> {
    match why_illegal(b, m) {
        None => Ok(()),
        Some(why) => Err(illegal(m, why)),
    }
}

/// True when `m` is legal on `b` (as [`check`], without building an error).
#[inline]
pub fn is_legal(b: &Board, m: Move) -> bool {
    why_illegal(b, m).is_none()
}

/// Why `m` is illegal on `b`, or `None` when it is legal.
fn why_illegal(b: &Board, m: Move) -> Option<&'static str> {
    let n = m.count as usize;
    if n == 0 {
        return Some("moves no card");
    }
    if n > 1 && !matches!((m.from, m.to), (Loc::Col(_), Loc::Col(_))) {
        return Some("only column-to-column moves carry several cards");
    }
    match m.from {
        Loc::Col(c) if (c as usize) < b.ncols() => {
            if b.col_len(c as usize) < n {
                return Some("not enough cards in the source column");
            }
            if n > 1 && b.run_len(c as usize) < n {
                return Some("the moved cards are not an ordered run");
            }
        }
        Loc::Cell(i) if (i as usize) < b.ncells() => {
            if b.cells()[i as usize].is_none() {
                return Some("the source free cell is empty");
            }
        }
        Loc::Found => return Some("cards never leave the foundations"),
        _ => return Some("no such source"),
    }
    let Some(card) = moved_card(b, m) else {
        return Some("no card to move");
    };
    match m.to {
        Loc::Found => {
            if !b.is_next_home(card) {
                return Some("the card does not go on its foundation yet");
            }
        }
        Loc::Cell(i) if (i as usize) < b.ncells() => {
            if !b.cells()[i as usize].is_none() {
                return Some("the destination free cell is occupied");
            }
        }
        Loc::Col(d) if (d as usize) < b.ncols() => {
            if m.from == m.to {
                return Some("source and destination are the same");
            }
            match b.top(d as usize) {
                Some(t) if !card.fits_on(t) => {
                    return Some("the card does not fit on the destination");
                }
                top => {
                    if n > 1 && n > capacity(b, top.is_none()) {
                        return Some("too many cards for the free cells and empty columns");
                    }
                }
            }
        }
        _ => return Some("no such destination"),
    }
    None
}

/// Applies a legal move (legality is the caller's business).
#[inline]
pub fn apply_unchecked(b: &mut Board, m: Move) {
    let n = m.count as usize;
    if let (Loc::Col(s), Loc::Col(d)) = (m.from, m.to) {
        b.move_cards(s as usize, d as usize, n);
        return;
    }
    let c = match m.from {
        Loc::Col(c) => b.pop(c as usize),
        Loc::Cell(i) => {
            let c = b.cells()[i as usize];
            b.set_cell(i as usize, Card::NONE);
            c
        }
        Loc::Found => unreachable!("moves from the foundation are never generated"),
    };
    match m.to {
        Loc::Col(d) => b.push(d as usize, c),
        Loc::Cell(i) => b.set_cell(i as usize, c),
        Loc::Found => b.raise(c),
    }
}

/// Checks and applies a move.
pub fn apply(b: &mut Board, m: Move) -> Result<(), FreecellError> {
    check(b, m)?;
    apply_unchecked(b, m);
    Ok(())
}

/// Appends every legal move of `b` (with pointless ones pruned: cell to cell,
/// a whole column into an empty column, more than one empty column as target).
pub fn legal_moves(b: &Board, mode: MoveMode, out: &mut Vec<Move>) {
    let ncols = b.ncols();
    let free = b.free_cells();
    let empties = b.empty_cols();
    let first_empty_col = (0..ncols).find(|&c| b.col_len(c) == 0);
    let first_free_cell = b.cells().iter().position(|c| c.is_none());
    // exposed cards once, not once per (source, destination) pair
    let tops = b.tops();
    for (i, &c) in b.cells().iter().enumerate() {
        if !c.is_none() && b.is_next_home(c) {
            out.push(Move::one(Loc::Cell(i as u8), Loc::Found));
        }
    }
    for (col, top) in tops.iter().enumerate().take(ncols) {
        if let Some(c) = *top
            && b.is_next_home(c)
        {
            out.push(Move::one(Loc::Col(col as u8), Loc::Found));
        }
    }
    for (i, &c) in b.cells().iter().enumerate() {
        if c.is_none() {
            continue;
        }
        for (d, &top) in tops.iter().enumerate().take(ncols) {
            match top {
                Some(t) if c.fits_on(t) => {
                    out.push(Move::one(Loc::Cell(i as u8), Loc::Col(d as u8)))
                }
                None if Some(d) == first_empty_col => {
                    out.push(Move::one(Loc::Cell(i as u8), Loc::Col(d as u8)))
                }
                _ => {}
            }
        }
    }
    let cap_full = (free + 1) << empties;
    let cap_empty = if empties > 0 {
        (free + 1) << (empties - 1)
    } else {
        0
    };
    for s in 0..ncols {
        let len = b.col_len(s);
        if len == 0 {
            continue;
        }
        let col = b.col(s);
        let top = col[len - 1];
        let run = match mode {
            MoveMode::Atomic => 1,
            MoveMode::Sequence => b.run_len(s),
        };
        for (d, &dtop) in tops.iter().enumerate().take(ncols) {
            if d == s {
                continue;
            }
            match dtop {
                Some(t) => {
                    let k = t.rank() as isize - top.rank() as isize;
                    if k >= 1 && (k as usize) <= run && k as usize <= cap_full {
                        let k = k as usize;
                        if col[len - k].fits_on(t) {
                            out.push(Move {
                                from: Loc::Col(s as u8),
                                to: Loc::Col(d as u8),
                                count: k as u8,
                            });
                        }
                    }
                }
                None if Some(d) == first_empty_col => {
                    for k in 1..=run.min(cap_empty) {
                        if k == len {
                            break;
                        }
                        out.push(Move {
                            from: Loc::Col(s as u8),
                            to: Loc::Col(d as u8),
                            count: k as u8,
                        });
                    }
                }
                None => {}
            }
        }
        if let Some(fc) = first_free_cell {
            out.push(Move::one(Loc::Col(s as u8), Loc::Cell(fc as u8)));
        }
    }
}

/// Carries out a sequence move one card at a time on `b`, appending the
/// single-card moves to `out`: through the free cells, and for longer runs
/// by parking half the run in an empty column first.
pub fn expand_to_atomic(b: &mut Board, m: Move, out: &mut Vec<Move>) -> Result<(), FreecellError> {
    check(b, m)?;
    let (Loc::Col(s), Loc::Col(d)) = (m.from, m.to) else {
        apply_unchecked(b, m);
        out.push(m);
        return Ok(());
    };
    supermove(b, s as usize, d as usize, m.count as usize, out);
    Ok(())
}

fn supermove(b: &mut Board, s: usize, d: usize, n: usize, out: &mut Vec<Move>) {
    if n == 1 {
        let m = Move::one(Loc::Col(s as u8), Loc::Col(d as u8));
        apply_unchecked(b, m);
        out.push(m);
        return;
    }
    let free = b.free_cells();
    if n <= free + 1 {
        let mut parked = Vec::with_capacity(n - 1);
        for _ in 0..n - 1 {
            let cell = b
                .cells()
                .iter()
                .position(|c| c.is_none())
                .expect("free cell");
            let m = Move::one(Loc::Col(s as u8), Loc::Cell(cell as u8));
            apply_unchecked(b, m);
            out.push(m);
            parked.push(cell);
        }
        let m = Move::one(Loc::Col(s as u8), Loc::Col(d as u8));
        apply_unchecked(b, m);
        out.push(m);
        for &cell in parked.iter().rev() {
            let m = Move::one(Loc::Cell(cell as u8), Loc::Col(d as u8));
            apply_unchecked(b, m);
            out.push(m);
        }
        return;
    }
    let t = (0..b.ncols())
        .find(|&c| c != d && c != s && b.col_len(c) == 0)
        .expect("capacity guarantees an empty column");
    let e = b.empty_cols() - (b.col_len(d) == 0) as usize;
    let half = (free + 1) << (e - 1);
    let m_park = (n - 1).min(half);
    supermove(b, s, t, m_park, out);
    supermove(b, s, d, n - m_park, out);
    supermove(b, t, d, m_park, out);
}
