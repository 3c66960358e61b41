//! The position: board, hands, side to move, incremental Zobrist key.
//!
//! Contract: a `Position` is always one that can occur in shogi as far as the
//! move generator relies on it (one king per side, piece counts within the
//! set, no unpromoted piece without a further move, the side not to move not
//! in check); constructors that take outside input validate this.
//! [`Position::do_move`] applies a *legal* move and returns what
//! [`Position::undo_move`] needs to restore the position (key included)
//! exactly. Copy-make (`clone` + `do_move`) works as well; the type holds no
//! heap data.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::hand::Hand;
use crate::types::{Color, HAND_KINDS, Kind, Move, Piece, SQUARES, Square};
use crate::zobrist;

/// A shogi position.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: [Piece; SQUARES],
    pub(crate) by_color: [Bitboard; 2],
    /// Indexed by `Kind as usize`; entry 0 is unused.
    pub(crate) by_kind: [Bitboard; 15],
    pub(crate) hands: [Hand; 2],
    pub(crate) side: Color,
    pub(crate) king_sq: [u8; 2],
    pub(crate) key: u64,
    pub(crate) move_number: u32,
}

impl Position {
    /// A position with nothing on the board, Black to move, move number 1.
    pub(crate) fn empty() -> Position {
        Position {
            board: [Piece::EMPTY; SQUARES],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; 15],
            hands: [Hand::default(); 2],
            side: Color::Black,
            king_sq: [0; 2],
            key: 0,
            move_number: 1,
        }
    }

    /// The standard start position.
    pub fn startpos() -> Position {
        Position::from_sfen(crate::sfen::STARTPOS).expect("the start position SFEN is valid")
    }

    /// Side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Piece on a square (possibly [`Piece::EMPTY`]).
    #[inline(always)]
    pub fn piece_on(&self, sq: Square) -> Piece {
        self.board[sq]
    }

    /// Pieces in hand of a side.
    #[inline(always)]
    pub fn hand(&self, c: Color) -> Hand {
        self.hands[c.index()]
    }

    /// Square of a side's king.
    #[inline(always)]
    pub fn king_square(&self, c: Color) -> Square {
        self.king_sq[c.index()] as Square
    }

    /// Zobrist key (board, hands and side to move).
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The Zobrist key without the pieces in hand (board and side to move):
    /// positions that differ only in what the sides hold share it. Mate
    /// solvers key their tables by it and compare hands themselves, since a
    /// mate with some pieces in hand is still a mate with more.
    ///
    /// ```
    /// use yomi_shogi::Position;
    /// let a = Position::from_sfen("8k/9/8P/9/9/9/9/9/K8 b G 1")?;
    /// let b = Position::from_sfen("8k/9/8P/9/9/9/9/9/K8 b 2GS 1")?;
    /// assert_ne!(a.key(), b.key());
    /// assert_eq!(a.board_key(), b.board_key());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn board_key(&self) -> u64 {
        let mut key = self.key;
        for c in [Color::Black, Color::White] {
            let h = self.hands[c.index()];
            for k in HAND_KINDS {
                key ^= zobrist::HAND_HELD[c.index()][k as usize][h.count(k) as usize];
            }
        }
        key
    }

    /// Move number as in SFEN (1 at the start, +1 per ply).
    #[inline(always)]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// All occupied squares.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// Squares holding pieces of color `c`.
    #[inline(always)]
    pub fn color_bb(&self, c: Color) -> Bitboard {
        self.by_color[c.index()]
    }

    /// Squares holding pieces of color `c` and kind `k`.
    #[inline(always)]
    pub fn pieces(&self, c: Color, k: Kind) -> Bitboard {
        self.by_kind[k as usize] & self.by_color[c.index()]
    }

    /// Gold and the four gold-moving promoted minor pieces, both colors.
    #[inline(always)]
    pub(crate) fn golds(&self) -> Bitboard {
        self.by_kind[Kind::Gold as usize]
            | self.by_kind[Kind::ProPawn as usize]
            | self.by_kind[Kind::ProLance as usize]
            | self.by_kind[Kind::ProKnight as usize]
            | self.by_kind[Kind::ProSilver as usize]
    }

    /// King, horse and dragon (pieces with all eight king steps), both colors.
    #[inline(always)]
    fn king_steppers(&self) -> Bitboard {
        self.by_kind[Kind::King as usize]
            | self.by_kind[Kind::Horse as usize]
            | self.by_kind[Kind::Dragon as usize]
    }

    /// Bishops and horses, both colors.
    #[inline(always)]
    pub(crate) fn diagonal_sliders(&self) -> Bitboard {
        self.by_kind[Kind::Bishop as usize] | self.by_kind[Kind::Horse as usize]
    }

    /// Rooks and dragons, both colors.
    #[inline(always)]
    pub(crate) fn orthogonal_sliders(&self) -> Bitboard {
        self.by_kind[Kind::Rook as usize] | self.by_kind[Kind::Dragon as usize]
    }

    /// Pieces of color `c` attacking `sq`, with sliders seeing through `occ`.
    #[inline]
    pub fn attackers_to(&self, c: Color, sq: Square, occ: Bitboard) -> Bitboard {
        let them = c.flip();
        let k = &self.by_kind;
        let steppers = self.king_steppers();
        let own = self.by_color[c.index()];
        let mut att = ((attacks::pawn(them, sq) & k[Kind::Pawn as usize])
            | (attacks::knight(them, sq) & k[Kind::Knight as usize])
            | (attacks::silver(them, sq) & (k[Kind::Silver as usize] | steppers))
            | (attacks::gold(them, sq) & (self.golds() | steppers)))
            & own;
        // Trace a slider ray only when such a slider is on the empty-board line.
        let lances = k[Kind::Lance as usize] & own;
        if (attacks::lance_empty(them, sq) & lances).any() {
            att |= attacks::lance(them, sq, occ) & lances;
        }
        let bishops = self.diagonal_sliders() & own;
        if (attacks::bishop_empty(sq) & bishops).any() {
            att |= attacks::bishop(sq, occ) & bishops;
        }
        let rooks = self.orthogonal_sliders() & own;
        if (attacks::rook_empty(sq) & rooks).any() {
            att |= attacks::rook(sq, occ) & rooks;
        }
        att
    }

    /// True when color `c` attacks `sq` (sliders see through `occ`). Cheaper
    /// than [`Position::attackers_to`]: step attacks first, and a slider ray
    /// is only traced when an enemy slider lies on its empty-board line.
    #[inline]
    pub fn is_attacked(&self, c: Color, sq: Square, occ: Bitboard) -> bool {
        let them = c.flip();
        let k = &self.by_kind;
        let own = self.by_color[c.index()];
        let steppers = self.king_steppers();
        let step = (attacks::pawn(them, sq) & k[Kind::Pawn as usize])
            | (attacks::knight(them, sq) & k[Kind::Knight as usize])
            | (attacks::silver(them, sq) & (k[Kind::Silver as usize] | steppers))
            | (attacks::gold(them, sq) & (self.golds() | steppers));
        if (step & own).any() {
            return true;
        }
        let rooks = self.orthogonal_sliders() & own;
        if (attacks::rook_empty(sq) & rooks).any() && (attacks::rook(sq, occ) & rooks).any() {
            return true;
        }
        let bishops = self.diagonal_sliders() & own;
        if (attacks::bishop_empty(sq) & bishops).any() && (attacks::bishop(sq, occ) & bishops).any()
        {
            return true;
        }
        let lances = k[Kind::Lance as usize] & own;
        (attacks::lance_empty(them, sq) & lances).any()
            && (attacks::lance(them, sq, occ) & lances).any()
    }

    /// Enemy pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        let us = self.side;
        self.attackers_to(us.flip(), self.king_square(us), self.occupied())
    }

    /// True when the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers().any()
    }

    /// Pieces of color `c` that are pinned to their own king by enemy sliders.
    #[inline]
    pub fn pinned(&self, c: Color) -> Bitboard {
        self.king_blockers(c) & self.by_color[c.index()]
    }

    /// Pieces of either color that are the only piece between `c`'s king and
    /// an enemy slider aiming at it (own ones are pinned, enemy ones can give
    /// discovered check).
    #[inline]
    pub fn king_blockers(&self, c: Color) -> Bitboard {
        let ksq = self.king_square(c);
        let them = self.by_color[c.flip().index()];
        let snipers = ((attacks::lance_empty(c, ksq) & self.by_kind[Kind::Lance as usize])
            | (attacks::rook_empty(ksq) & self.orthogonal_sliders())
            | (attacks::bishop_empty(ksq) & self.diagonal_sliders()))
            & them;
        let occ = self.occupied();
        let mut blockers = Bitboard::EMPTY;
        for s in snipers {
            let b = attacks::between(ksq, s) & occ;
            if b.any() && !b.more_than_one() {
                blockers |= b;
            }
        }
        blockers
    }

    /// True when the legal move `m` gives check (direct or discovered),
    /// computed without playing it.
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.side;
        let eksq = self.king_square(us.flip());
        let to = m.to();
        if m.is_drop() {
            return attacks::piece_attacks(us, m.drop_kind(), to, self.occupied()).has(eksq);
        }
        let from = m.from();
        let kind = self.board[from].kind_unchecked();
        let kind = if m.is_promotion() {
            kind.promoted()
        } else {
            kind
        };
        let occ = (self.occupied() ^ Bitboard::from_square(from)) | Bitboard::from_square(to);
        if kind != Kind::King && attacks::piece_attacks(us, kind, to, occ).has(eksq) {
            return true;
        }
        self.king_blockers(us.flip()).has(from) && !attacks::line(eksq, from).has(to)
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, sq: Square, p: Piece) {
        let bit = Bitboard::from_square(sq);
        self.board[sq] = p;
        self.by_color[p.color().index()] |= bit;
        self.by_kind[(p.0 & 15) as usize] |= bit;
        self.key ^= zobrist::PIECE_SQUARE[p.0 as usize][sq];
    }

    #[inline(always)]
    fn remove(&mut self, sq: Square, p: Piece) {
        let bit = Bitboard::from_square(sq);
        self.board[sq] = Piece::EMPTY;
        self.by_color[p.color().index()] ^= bit;
        self.by_kind[(p.0 & 15) as usize] ^= bit;
        self.key ^= zobrist::PIECE_SQUARE[p.0 as usize][sq];
    }

    #[inline(always)]
    pub(crate) fn hand_add(&mut self, c: Color, k: Kind) {
        let h = &mut self.hands[c.index()];
        h.add(k);
        self.key ^= zobrist::HAND[c.index()][k as usize][h.count(k) as usize];
    }

    #[inline(always)]
    fn hand_remove(&mut self, c: Color, k: Kind) {
        let h = &mut self.hands[c.index()];
        self.key ^= zobrist::HAND[c.index()][k as usize][h.count(k) as usize];
        h.remove(k);
    }

    /// Plays a legal move; returns the captured piece (or empty) for [`Position::undo_move`].
    #[inline]
    pub fn do_move(&mut self, m: Move) -> Piece {
        let us = self.side;
        let to = m.to();
        let captured;
        if m.is_drop() {
            let k = m.drop_kind();
            self.hand_remove(us, k);
            self.put(to, Piece::new(us, k));
            captured = Piece::EMPTY;
        } else {
            let from = m.from();
            let p = self.board[from];
            captured = self.board[to];
            if !captured.is_empty() {
                self.remove(to, captured);
                self.hand_add(us, captured.kind_unchecked().unpromoted());
            }
            self.remove(from, p);
            let moved = if m.is_promotion() { Piece(p.0 + 8) } else { p };
            self.put(to, moved);
            if p.0 & 15 == Kind::King as u8 {
                self.king_sq[us.index()] = to as u8;
            }
        }
        self.side = us.flip();
        self.key ^= zobrist::SIDE;
        self.move_number += 1;
        captured
    }

    /// Takes back `m`, which must be the last move played, given what
    /// [`Position::do_move`] returned.
    #[inline]
    pub fn undo_move(&mut self, m: Move, captured: Piece) {
        let us = self.side.flip();
        self.side = us;
        self.key ^= zobrist::SIDE;
        self.move_number -= 1;
        let to = m.to();
        if m.is_drop() {
            let k = m.drop_kind();
            self.remove(to, Piece::new(us, k));
            self.hand_add(us, k);
        } else {
            let from = m.from();
            let moved = self.board[to];
            self.remove(to, moved);
            let p = if m.is_promotion() {
                Piece(moved.0 - 8)
            } else {
                moved
            };
            self.put(from, p);
            if p.0 & 15 == Kind::King as u8 {
                self.king_sq[us.index()] = from as u8;
            }
            if !captured.is_empty() {
                self.hand_remove(us, captured.kind_unchecked().unpromoted());
                self.put(to, captured);
            }
        }
    }

    /// Passes the turn (a "null move", for search pruning; not a shogi move):
    /// flips the side to move and the key. The side to move must not be in
    /// check; [`Position::undo_null_move`] restores the position exactly.
    #[inline]
    pub fn do_null_move(&mut self) {
        debug_assert!(!self.in_check());
        self.side = self.side.flip();
        self.key ^= zobrist::SIDE;
    }

    /// Takes back [`Position::do_null_move`].
    #[inline]
    pub fn undo_null_move(&mut self) {
        self.side = self.side.flip();
        self.key ^= zobrist::SIDE;
    }

    /// The Zobrist key recomputed from scratch (for checking the incremental one).
    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for (sq, p) in self.board.iter().enumerate() {
            if !p.is_empty() {
                key ^= zobrist::PIECE_SQUARE[p.0 as usize][sq];
            }
        }
        for c in [Color::Black, Color::White] {
            for (k, n) in self.hands[c.index()].iter() {
                for i in 1..=n as usize {
                    key ^= zobrist::HAND[c.index()][k as usize][i];
                }
            }
        }
        if self.side == Color::White {
            key ^= zobrist::SIDE;
        }
        key
    }
}

impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.key);
    }
}
