//! The accumulators kept between evaluations: a table with one entry per
//! perspective and king square holding the accumulator of the position it
//! last saw, brought to a new position by subtracting the rows of the pieces
//! that went and adding those of the pieces that came ("Finny tables").
//!
//! Contract: [`RefreshTable::accumulators`] gives exactly the accumulators
//! [`Nnue`] computes from scratch (the biases plus every active feature's
//! row, each sum wrapping in `i16`): wrapping addition is exact modulo 2^16
//! in any order, so the table's way round gives the same bits. An entry
//! keeps the board (and each kind's bitboards, which find the squares that
//! changed), the hands and the count of missing pieces it holds;
//! between positions of one search only the few pieces that moved differ,
//! and a king move finds the entry its new square kept, so an evaluation
//! reads a handful of rows instead of 38 per side.

use super::features::{self, FE_END};
use super::lanes::Lanes;
use super::{Nnue, simd};
use yomi_shogi::types::{ALL_KINDS, HAND_KINDS};
use yomi_shogi::{Bitboard, Color, Hand, Kind, Piece, Position};

/// One perspective's accumulator for one king square, and what it holds.
#[derive(Clone)]
struct Entry {
    acc: Lanes,
    /// Each colour's squares by kind (`Kind as usize - 1`; the king's stay
    /// empty), to find the squares that changed with a few bitboard operations.
    pieces: [[Bitboard; 14]; 2],
    /// The piece on each square whose non-king content the accumulator holds
    /// (a king left on a square stands for no feature).
    board: [Piece; 81],
    hands: [Hand; 2],
    missing: usize,
    valid: bool,
}

/// Accumulators by perspective and king square.
#[derive(Clone)]
pub struct RefreshTable {
    entries: Vec<Entry>,
}

impl Default for RefreshTable {
    fn default() -> Self {
        RefreshTable {
            entries: vec![
                Entry {
                    acc: Lanes::ZERO,
                    pieces: [[Bitboard::EMPTY; 14]; 2],
                    board: [Piece::EMPTY; 81],
                    hands: [Hand::default(); 2],
                    missing: 0,
                    valid: false,
                };
                2 * 81
            ],
        }
    }
}

/// Feature rows to take off an accumulator and to add to it, gathered from
/// one king square's block and applied in one pass ([`simd::update`]) rather
/// than one pass per row. An accumulator holds at most 38 features (one per
/// piece other than the kings), so a refresh gathers at most 38 of each; a
/// full batch is applied early all the same.
struct Rows<'a> {
    net: &'a Nnue,
    king: usize,
    sub: [&'a Lanes; ROWS],
    subs: usize,
    add: [&'a Lanes; ROWS],
    adds: usize,
}

/// `row`, its cache lines asked for now: the 64 MB of rows are mostly out of
/// cache, and a batch's rows then arrive together instead of one after another
/// (without it the NNUE search took about 3% longer at a fixed node count).
#[inline]
fn fetched(row: &Lanes) -> &Lanes {
    for line in row.0.chunks(32) {
        yomi_core::cache::prefetch(&line[0]);
    }
    row
}

/// Rows a batch holds.
const ROWS: usize = 40;

impl<'a> Rows<'a> {
    fn new(net: &'a Nnue, king: usize) -> Rows<'a> {
        Rows {
            net,
            king,
            sub: [&Lanes::ZERO; ROWS],
            subs: 0,
            add: [&Lanes::ZERO; ROWS],
            adds: 0,
        }
    }

    #[inline]
    fn add(&mut self, acc: &mut Lanes, bona: usize) {
        if self.adds == ROWS {
            self.apply(acc);
        }
        self.add[self.adds] = fetched(self.net.row(self.king + bona));
        self.adds += 1;
    }

    #[inline]
    fn sub(&mut self, acc: &mut Lanes, bona: usize) {
        if self.subs == ROWS {
            self.apply(acc);
        }
        self.sub[self.subs] = fetched(self.net.row(self.king + bona));
        self.subs += 1;
    }

    /// Applies the rows gathered and empties the batch.
    fn apply(&mut self, acc: &mut Lanes) {
        if self.subs + self.adds > 0 {
            let before = *acc;
            simd::update(&before, acc, &self.sub[..self.subs], &self.add[..self.adds]);
        }
        self.subs = 0;
        self.adds = 0;
    }
}

impl RefreshTable {
    /// The two accumulators of `pos` under `net`, the side to move's first.
    pub fn accumulators(&mut self, net: &Nnue, pos: &Position) -> [&Lanes; 2] {
        let us = pos.side_to_move();
        let ours = self.refresh(net, pos, us);
        let theirs = self.refresh(net, pos, us.flip());
        [&self.entries[ours].acc, &self.entries[theirs].acc]
    }

    /// `view`'s accumulator for `pos` under `net`.
    pub fn accumulator(&mut self, net: &Nnue, pos: &Position, view: Color) -> &Lanes {
        let at = self.refresh(net, pos, view);
        &self.entries[at].acc
    }

    /// Brings the entry of `view`'s king square to `pos`; returns its index.
    fn refresh(&mut self, net: &Nnue, pos: &Position, view: Color) -> usize {
        let king = features::king_square(pos, view);
        let at = view.index() * 81 + king;
        let entry = &mut self.entries[at];
        if !entry.valid {
            entry.acc = net.bias_lanes();
            entry.pieces = [[Bitboard::EMPTY; 14]; 2];
            entry.board = [Piece::EMPTY; 81];
            entry.hands = [Hand::default(); 2];
            entry.missing = 0;
            entry.valid = true;
        }
        let mut rows = Rows::new(net, king * FE_END);
        let acc = &mut entry.acc;
        let mut changed = Bitboard::EMPTY;
        for (c, color) in [Color::Black, Color::White].into_iter().enumerate() {
            for (k, kind) in ALL_KINDS.into_iter().enumerate() {
                if kind == Kind::King {
                    continue;
                }
                let now = pos.pieces(color, kind);
                changed |= entry.pieces[c][k] ^ now;
                entry.pieces[c][k] = now;
            }
        }
        for sq in changed {
            let (was, now) = (entry.board[sq], pos.piece_on(sq));
            if !was.is_empty() && was.kind_unchecked() != Kind::King {
                rows.sub(acc, features::board_piece(view, was, sq));
            }
            if !now.is_empty() && now.kind_unchecked() != Kind::King {
                rows.add(acc, features::board_piece(view, now, sq));
            }
            entry.board[sq] = now;
        }
        for side in [Color::Black, Color::White] {
            let (was, now) = (entry.hands[side.index()], pos.hand(side));
            if was == now {
                continue;
            }
            for kind in HAND_KINDS {
                let (a, b) = (was.count(kind) as usize, now.count(kind) as usize);
                for nth in b..a {
                    rows.sub(acc, features::hand_piece(view, side, kind, nth));
                }
                for nth in a..b {
                    rows.add(acc, features::hand_piece(view, side, kind, nth));
                }
            }
            entry.hands[side.index()] = now;
        }
        let missing = features::missing(pos);
        for _ in missing..entry.missing {
            rows.sub(acc, 0);
        }
        for _ in entry.missing..missing {
            rows.add(acc, 0);
        }
        entry.missing = missing;
        rows.apply(acc);
        at
    }
}
