//! Accumulators that follow the search's line: one frame per move played,
//! holding what the move changed and, once asked for, the two accumulators
//! after it, computed from the nearest earlier frame by those changes alone
//! (two or three rows a side), as YaneuraOu and Stockfish update theirs.
//!
//! Contract: [`Line::push`] is told each move just played and
//! [`Line::pop`] each take-back; [`Line::accumulators`] gives exactly the
//! from-scratch accumulator (wrapping `i16` sums do not depend on order). It
//! uses the line only while the top frame's position key matches the
//! position asked about and an earlier frame of the line holds that side's
//! accumulator with no move of that side's king since; otherwise (the
//! root, a king move, a position off the line) it asks the
//! [`RefreshTable`], which is exact for any position.

use super::Nnue;
use super::features::{self, FE_END};
use super::lanes::Lanes;
use super::refresh::RefreshTable;
use super::simd;
use yomi_shogi::{Color, Kind, Move, Piece, Position};

/// Frames kept at most; more means pushes without pops.
const MAX_FRAMES: usize = 4096;

/// A feature a move removes or adds, in either perspective's terms.
#[derive(Clone, Copy, Debug)]
enum Change {
    Board(Piece, usize),
    Hand(Color, Kind, usize),
}

impl Change {
    #[inline]
    fn bona(self, view: Color) -> usize {
        match self {
            Change::Board(piece, sq) => features::board_piece(view, piece, sq),
            Change::Hand(side, kind, nth) => features::hand_piece(view, side, kind, nth),
        }
    }
}

/// One move of the line.
#[derive(Clone)]
struct Frame {
    /// The position key after the move.
    key: u64,
    removed: [Option<Change>; 2],
    added: [Option<Change>; 2],
    /// The side whose king the move moved, if it did.
    king_moved: Option<Color>,
    /// By colour: whether `Line::accs` holds the accumulator after the move.
    computed: [bool; 2],
}

/// The search's line of moves and the accumulators along it.
#[derive(Clone, Default)]
pub struct Line {
    frames: Vec<Frame>,
    /// By frame, the accumulators by colour; kept apart from the frames and
    /// never cleared, so a move that is never evaluated costs no copying.
    accs: Vec<[Lanes; 2]>,
    table: RefreshTable,
}

impl Line {
    /// Notes `m`, just played: `pos` is the position after it, `captured` what it took.
    pub fn push(&mut self, pos: &Position, m: Move, captured: Piece) {
        let us = pos.side_to_move().flip();
        let to = m.to();
        let mut frame = Frame {
            key: pos.key(),
            removed: [None; 2],
            added: [None; 2],
            king_moved: None,
            computed: [false; 2],
        };
        if m.is_drop() {
            let kind = m.drop_kind();
            let left = pos.hand(us).count(kind) as usize;
            frame.removed[0] = Some(Change::Hand(us, kind, left));
            frame.added[0] = Some(Change::Board(Piece::new(us, kind), to));
        } else {
            let moved = pos.piece_on(to);
            let kind = moved.kind_unchecked();
            if kind == Kind::King {
                frame.king_moved = Some(us);
            } else {
                let before = if m.is_promotion() {
                    Piece::new(us, kind.unpromoted())
                } else {
                    moved
                };
                frame.removed[0] = Some(Change::Board(before, m.from()));
                frame.added[0] = Some(Change::Board(moved, to));
            }
            if !captured.is_empty() {
                let gain = captured.kind_unchecked().unpromoted();
                let held = pos.hand(us).count(gain) as usize;
                frame.removed[1] = Some(Change::Board(captured, to));
                frame.added[1] = Some(Change::Hand(us, gain, held - 1));
            }
        }
        self.push_frame(frame);
    }

    /// Notes a null move (nothing on the board changes): `pos` is the position after it.
    pub fn push_null(&mut self, pos: &Position) {
        self.push_frame(Frame {
            key: pos.key(),
            removed: [None; 2],
            added: [None; 2],
            king_moved: None,
            computed: [false; 2],
        });
    }

    fn push_frame(&mut self, frame: Frame) {
        if self.frames.len() >= MAX_FRAMES {
            // Pushes without pops (a caller that never takes back): start over.
            self.frames.clear();
        }
        self.frames.push(frame);
        if self.accs.len() < self.frames.len() {
            self.accs.push([Lanes::ZERO; 2]);
        }
    }

    /// Forgets the last move pushed.
    pub fn pop(&mut self) {
        self.frames.pop();
    }

    /// The two accumulators of `pos` under `net`, the side to move's first.
    pub fn accumulators(&mut self, net: &Nnue, pos: &Position) -> [&Lanes; 2] {
        let us = pos.side_to_move();
        let Some(top) = self.frames.len().checked_sub(1) else {
            return self.table.accumulators(net, pos);
        };
        if self.frames[top].key != pos.key() {
            return self.table.accumulators(net, pos);
        }
        self.compute(net, pos, us, top);
        self.compute(net, pos, us.flip(), top);
        let [black, white] = &self.accs[top];
        match us {
            Color::Black => [black, white],
            Color::White => [white, black],
        }
    }

    /// Makes `accs[top]` hold `view`'s accumulator for `pos`, the position after the top frame.
    fn compute(&mut self, net: &Nnue, pos: &Position, view: Color, top: usize) {
        let c = view.index();
        if self.frames[top].computed[c] {
            return;
        }
        // The nearest earlier frame with this side's accumulator, no king
        // move of this side on the way.
        let mut j = top;
        let base = loop {
            if self.frames[j].king_moved == Some(view) || j == 0 {
                break None;
            }
            j -= 1;
            if self.frames[j].computed[c] {
                break Some(j);
            }
        };
        match base {
            None => {
                let acc = self.table.accumulator(net, pos, view);
                self.accs[top][c] = *acc;
            }
            Some(j) => {
                let king = features::king_square(pos, view) * FE_END;
                for i in j + 1..=top {
                    let f = &self.frames[i];
                    let rows = |changes: &[Option<Change>; 2]| {
                        let mut rows: [&Lanes; 2] = [&Lanes::ZERO; 2];
                        let mut n = 0;
                        for change in changes.iter().flatten() {
                            rows[n] = net.row(king + change.bona(view));
                            n += 1;
                        }
                        (rows, n)
                    };
                    let (sub, subs) = rows(&f.removed);
                    let (add, adds) = rows(&f.added);
                    let (before, after) = self.accs.split_at_mut(i);
                    simd::update(
                        &before[i - 1][c],
                        &mut after[0][c],
                        &sub[..subs],
                        &add[..adds],
                    );
                    self.frames[i].computed[c] = true;
                }
            }
        }
        self.frames[top].computed[c] = true;
    }
}
