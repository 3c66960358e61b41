//! The accumulators kept between evaluations: a table with one entry per
//! perspective and king square holding the accumulator of the position it
//! last saw, brought to a new position by subtracting the rows of the pieces
//! that went and adding those of the pieces that came ("Finny tables").
//!
//! Contract: [`RefreshTable::accumulate`] writes exactly the accumulator
//! [`Nnue`] computes from scratch (the biases plus every active feature's
//! row, each sum wrapping in `i16`): wrapping addition is exact modulo 2^16
//! in any order, so the table's way round gives the same bits. An entry
//! keeps the board (and each kind's bitboards, which find the squares that
//! changed), the hands and the count of missing pieces it holds;
//! between positions of one search only the few pieces that moved differ,
//! and a king move finds the entry its new square kept, so an evaluation
//! reads a handful of rows instead of 38 per side.

use super::Nnue;
use super::features::{self, FE_END};
use super::file::HALF;
use yomi_shogi::types::{ALL_KINDS, HAND_KINDS};
use yomi_shogi::{Bitboard, Color, Hand, Kind, Piece, Position};

/// One perspective's accumulator for one king square, and what it holds.
#[derive(Clone)]
struct Entry {
    acc: [i16; HALF],
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
                    acc: [0; HALF],
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

/// Rows of one king square's block of features, added to or taken off an accumulator.
struct Rows<'a> {
    net: &'a Nnue,
    acc: &'a mut [i16; HALF],
    king: usize,
}

impl Rows<'_> {
    #[inline]
    fn add(&mut self, bona: usize) {
        self.net.add_row(self.acc, self.king + bona);
    }
    #[inline]
    fn sub(&mut self, bona: usize) {
        self.net.sub_row(self.acc, self.king + bona);
    }
}

impl RefreshTable {
    /// `view`'s accumulator for `pos` under `net`, written into `out`.
    pub fn accumulate(&mut self, net: &Nnue, pos: &Position, view: Color, out: &mut [i16; HALF]) {
        let king = features::king_square(pos, view);
        let entry = &mut self.entries[view.index() * 81 + king];
        if !entry.valid {
            entry.acc.copy_from_slice(&net.ft_bias);
            entry.pieces = [[Bitboard::EMPTY; 14]; 2];
            entry.board = [Piece::EMPTY; 81];
            entry.hands = [Hand::default(); 2];
            entry.missing = 0;
            entry.valid = true;
        }
        let mut rows = Rows {
            net,
            acc: &mut entry.acc,
            king: king * FE_END,
        };
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
                rows.sub(features::board_piece(view, was, sq));
            }
            if !now.is_empty() && now.kind_unchecked() != Kind::King {
                rows.add(features::board_piece(view, now, sq));
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
                    rows.sub(features::hand_piece(view, side, kind, nth));
                }
                for nth in a..b {
                    rows.add(features::hand_piece(view, side, kind, nth));
                }
            }
            entry.hands[side.index()] = now;
        }
        let missing = features::missing(pos);
        for _ in missing..entry.missing {
            rows.sub(0);
        }
        for _ in entry.missing..missing {
            rows.add(0);
        }
        entry.missing = missing;
        out.copy_from_slice(&entry.acc);
    }
}
