//! Statistics of moves that caused cut-offs, for ordering, pruning and
//! reductions: the butterfly history (side, origin, destination) and the
//! continuation history (the move played one, two or four plies earlier,
//! as moved piece and destination, against this move's piece and
//! destination) for
//! quiet moves, the capture history (moving piece, destination, captured
//! kind) for captures.
//!
//! Contract: every score stays within ±[`HISTORY_MAX`] (captures:
//! ±[`CAPTURE_HISTORY_MAX`]); an update moves a score toward the bound in
//! proportion to the distance left ("gravity"), so old statistics fade under
//! new ones without a separate ageing pass.

use crate::memory::touch_pages;
use crate::params::{CAPTURE_HISTORY_MAX, HISTORY_MAX};
use std::time::Instant;
use yomi_shogi::{Color, Move, Piece, Position};

/// Number of (piece, destination) pairs: 32 piece codes times 81 squares.
pub const PIECE_TO: usize = 32 * 81;

/// The (piece, destination) index that stands for "no move" (the root of
/// the game, or a null move) in the continuation history.
pub const NO_PIECE_TO: u16 = PIECE_TO as u16;

/// The (moved piece, destination) index of `m` in `pos`, before it is
/// played. A drop counts as the dropped piece; a promotion as the piece
/// before it promotes.
#[inline(always)]
pub fn piece_to(pos: &Position, m: Move) -> u16 {
    let piece = if m.is_drop() {
        Piece::new(pos.side_to_move(), m.drop_kind())
    } else {
        pos.piece_on(m.from())
    };
    (piece.0 as usize * 81 + m.to()) as u16
}

#[inline(always)]
fn gravity(e: &mut i32, bonus: i32) {
    gravity_within(e, bonus, HISTORY_MAX);
}

#[inline(always)]
fn gravity_within(e: &mut i32, bonus: i32, max: i32) {
    let b = bonus.clamp(-max, max);
    *e += b - *e * b.abs() / max;
}

/// Butterfly history: a score per (side, origin or dropped kind, destination).
pub struct History {
    table: Vec<i32>,
}

impl Default for History {
    fn default() -> Self {
        History {
            table: vec![0; 2 * 89 * 81],
        }
    }
}

impl History {
    #[inline(always)]
    fn index(side: Color, m: Move) -> usize {
        let from = if m.is_drop() {
            81 + m.drop_kind() as usize
        } else {
            m.from()
        };
        (side.index() * 89 + from) * 81 + m.to()
    }

    /// The history score of quiet move `m` by `side`.
    #[inline(always)]
    pub fn get(&self, side: Color, m: Move) -> i32 {
        self.table[History::index(side, m)]
    }

    /// Rewards (`bonus > 0`) or punishes a quiet move.
    #[inline]
    pub fn update(&mut self, side: Color, m: Move, bonus: i32) {
        gravity(&mut self.table[History::index(side, m)], bonus);
    }
}

/// Capture history: a score per (moving piece, destination, captured kind)
/// of a capture (or a pawn's promotion, captured kind "none").
pub struct CaptureHistory {
    table: Vec<i16>,
}

impl Default for CaptureHistory {
    fn default() -> Self {
        CaptureHistory {
            table: vec![0; 32 * 81 * 16],
        }
    }
}

impl CaptureHistory {
    #[inline(always)]
    fn index(pos: &Position, m: Move) -> usize {
        let piece = pos.piece_on(m.from()).0 as usize;
        let victim = pos.piece_on(m.to()).0 as usize & 15;
        (piece * 81 + m.to()) * 16 + victim
    }

    /// The score of board move `m` in `pos` (before it is played).
    #[inline(always)]
    pub fn get(&self, pos: &Position, m: Move) -> i32 {
        i32::from(self.table[CaptureHistory::index(pos, m)])
    }

    /// Rewards (`bonus > 0`) or punishes board move `m` in `pos`.
    #[inline]
    pub fn update(&mut self, pos: &Position, m: Move, bonus: i32) {
        let e = &mut self.table[CaptureHistory::index(pos, m)];
        let mut v = i32::from(*e);
        gravity_within(&mut v, bonus, CAPTURE_HISTORY_MAX);
        *e = v as i16;
    }
}

/// Continuation history: a score per (earlier move's piece and destination,
/// this move's piece and destination), one table shared by the one-, two-
/// and four-plies-back continuations.
pub struct ContinuationHistory {
    table: Vec<i16>,
    /// Entries from the start whose pages are known to be mapped.
    mapped: usize,
}

impl Default for ContinuationHistory {
    fn default() -> Self {
        ContinuationHistory {
            table: vec![0; (PIECE_TO + 1) * PIECE_TO],
            mapped: 0,
        }
    }
}

impl ContinuationHistory {
    /// The scores of every (piece, destination) after the earlier move `prev`
    /// (a [`piece_to`] index or [`NO_PIECE_TO`]).
    #[inline(always)]
    pub fn row(&self, prev: u16) -> &[i16] {
        let start = prev as usize * PIECE_TO;
        &self.table[start..start + PIECE_TO]
    }

    /// Rewards or punishes the move `cur` played after `prev`.
    #[inline]
    pub fn update(&mut self, prev: u16, cur: u16, bonus: i32) {
        if prev == NO_PIECE_TO {
            return;
        }
        let e = &mut self.table[prev as usize * PIECE_TO + cur as usize];
        let mut v = i32::from(*e);
        gravity(&mut v, bonus);
        *e = v as i16;
    }

    /// Forgets everything (in place: the pages stay mapped).
    pub fn clear(&mut self) {
        self.table.fill(0);
        self.mapped = self.table.len();
    }

    /// Maps the table's pages into memory until `deadline`; true once all are.
    pub fn prefault(&mut self, deadline: Instant) -> bool {
        self.mapped = touch_pages(&mut self.table, self.mapped, deadline);
        self.mapped == self.table.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yomi_shogi::Position;

    #[test]
    fn scores_approach_but_never_pass_the_bound() {
        let mut c = ContinuationHistory::default();
        for _ in 0..1000 {
            c.update(5, 7, HISTORY_MAX);
        }
        let v = c.row(5)[7];
        assert!(
            i32::from(v) <= HISTORY_MAX && i32::from(v) > HISTORY_MAX - 100,
            "{v}"
        );
        c.update(5, 7, -HISTORY_MAX);
        assert!(
            c.row(5)[7] < v / 2 + 10,
            "a full punishment undoes most of it"
        );
        // The "no move" row is never written.
        c.update(NO_PIECE_TO, 7, HISTORY_MAX);
        assert_eq!(c.row(NO_PIECE_TO)[7], 0);
    }

    #[test]
    fn piece_to_is_the_moved_piece_and_its_destination() {
        // White to move with a gold in hand (Black's left gold taken).
        let pos =
            Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNS1KGSNL w g 1")
                .unwrap();
        let legal = pos.legal_moves();
        for &m in legal.iter() {
            let pt = usize::from(piece_to(&pos, m));
            assert!(pt < PIECE_TO);
            assert_eq!(pt % 81, m.to());
        }
        let is_gold = |m: &Move| {
            !m.is_drop() && pos.piece_on(m.from()).kind() == Some(yomi_shogi::Kind::Gold)
        };
        let step = legal
            .iter()
            .copied()
            .find(|m| is_gold(m) && legal.iter().any(|d| d.is_drop() && d.to() == m.to()))
            .expect("a gold step to an empty square");
        let drop = legal
            .iter()
            .copied()
            .find(|d| d.is_drop() && d.to() == step.to() && d.drop_kind() == yomi_shogi::Kind::Gold)
            .expect("G* to the same square");
        // The same piece on the same square is one entry, dropped or moved.
        assert_eq!(piece_to(&pos, step), piece_to(&pos, drop));
        let silver = legal.iter().copied().find(|d| {
            d.is_drop() && d.to() == step.to() && d.drop_kind() != yomi_shogi::Kind::Gold
        });
        assert!(silver.is_none(), "only a gold is in hand");
        let other = legal
            .iter()
            .copied()
            .find(|m| !m.is_drop() && !is_gold(m) && m.to() == step.to());
        if let Some(o) = other {
            assert_ne!(piece_to(&pos, o), piece_to(&pos, step));
        }
        let pawn = legal
            .iter()
            .copied()
            .find(|m| !m.is_drop() && pos.piece_on(m.from()).kind() == Some(yomi_shogi::Kind::Pawn))
            .unwrap();
        assert_ne!(
            usize::from(piece_to(&pos, pawn)) / 81,
            usize::from(piece_to(&pos, step)) / 81
        );
    }
}
