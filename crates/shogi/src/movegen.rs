//! Legal move generation.
//!
//! Contract: [`generate_legal`] writes every legal move exactly once: all
//! promotions and non-promotions (non-promotion omitted only where the piece
//! would have no further move), drops except onto ranks where the piece could
//! never move, nifu and uchifuzume (mate by pawn drop) excluded. Pins and
//! checks are handled during generation, so no move needs a legality test
//! afterwards; [`MoveList::len`] is therefore the perft leaf count.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::types::{Color, Kind, Move, Square, rank_of, relative_rank};

/// Upper bound on legal moves in any position (the known maximum is 593).
pub const MAX_MOVES: usize = 600;

/// A fixed-capacity move list (no heap allocation).
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::NONE; MAX_MOVES],
            len: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// Number of moves.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when there is no move.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Removes all moves.
    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The moves as a slice.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// True when `m` is in the list.
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

/// Squares on ranks `lo..=hi` relative to `c` (0 = `c`'s far rank).
#[inline(always)]
fn ranks(c: Color, lo: usize, hi: usize) -> Bitboard {
    const fn rank_mask(lo: usize, hi: usize) -> u128 {
        let mut m = 0u128;
        let mut f = 0;
        while f < 9 {
            let mut r = lo;
            while r <= hi {
                m |= 1u128 << (f * 9 + r);
                r += 1;
            }
            f += 1;
        }
        m
    }
    // Only the combinations the generator uses are tabulated.
    const B02: u128 = rank_mask(0, 2);
    const W02: u128 = rank_mask(6, 8);
    const B0: u128 = rank_mask(0, 0);
    const W0: u128 = rank_mask(8, 8);
    const B01: u128 = rank_mask(0, 1);
    const W01: u128 = rank_mask(7, 8);
    Bitboard(match (c, lo, hi) {
        (Color::Black, 0, 2) => B02,
        (Color::White, 0, 2) => W02,
        (Color::Black, 0, 0) => B0,
        (Color::White, 0, 0) => W0,
        (Color::Black, 0, 1) => B01,
        (Color::White, 0, 1) => W01,
        _ => unreachable!("rank range not tabulated"),
    })
}

/// Files (as full 9-square columns) holding an unpromoted pawn of `c`.
#[inline(always)]
fn pawn_files(pos: &Position, c: Color) -> Bitboard {
    let pawns = pos.pieces(c, Kind::Pawn).0;
    let mut files = 0u128;
    let mut f = 0;
    while f < 9 {
        let mask = 0x1ffu128 << (9 * f);
        if pawns & mask != 0 {
            files |= mask;
        }
        f += 1;
    }
    Bitboard(files)
}

/// Writes all legal moves of the side to move into `list` (cleared first).
pub fn generate_legal(pos: &Position, list: &mut MoveList) {
    list.clear();
    let checkers = pos.checkers();
    if checkers.is_empty() {
        let us = pos.side_to_move();
        let target = !pos.color_bb(us);
        let pinned = pos.pinned(us);
        piece_moves(pos, target, pinned, list);
        king_moves(pos, pos.occupied(), list);
        drops(pos, !pos.occupied(), list);
    } else {
        evasions(pos, checkers, list);
    }
}

/// Number of legal moves (what perft counts at its last ply).
#[inline]
pub fn count_legal(pos: &Position) -> usize {
    let mut list = MoveList::new();
    generate_legal(pos, &mut list);
    list.len()
}

fn evasions(pos: &Position, checkers: Bitboard, list: &mut MoveList) {
    let us = pos.side_to_move();
    let ksq = pos.king_square(us);
    king_moves(pos, pos.occupied() ^ Bitboard::from_square(ksq), list);
    if checkers.more_than_one() {
        return;
    }
    let checker = checkers.lsb();
    let block = attacks::between(ksq, checker);
    piece_moves(pos, block | checkers, pos.pinned(us), list);
    if block.any() {
        drops(pos, block, list);
    }
}

/// King steps to squares the enemy does not attack; `occ` is the occupancy
/// the enemy sliders see (the king removed when in check, so it cannot step
/// back along a checking ray).
#[inline(always)]
fn king_moves(pos: &Position, occ: Bitboard, list: &mut MoveList) {
    let us = pos.side_to_move();
    let them = us.flip();
    let ksq = pos.king_square(us);
    for to in attacks::king(ksq) & !pos.color_bb(us) {
        if !pos.is_attacked(them, to, occ) {
            list.push(Move::new(ksq, to, false));
        }
    }
}

#[inline(always)]
fn restrict(pinned: Bitboard, ksq: Square, from: Square, att: Bitboard) -> Bitboard {
    if pinned.has(from) {
        att & attacks::line(ksq, from)
    } else {
        att
    }
}

/// Moves of every piece but the king onto `target` (which excludes own pieces).
#[inline(always)]
fn piece_moves(pos: &Position, target: Bitboard, pinned: Bitboard, list: &mut MoveList) {
    let us = pos.side_to_move();
    let ksq = pos.king_square(us);
    let occ = pos.occupied();
    let zone = ranks(us, 0, 2);

    // Pawns, all at once by shifting: an unpromoted pawn is never on its last rank.
    let pawns = pos.pieces(us, Kind::Pawn);
    let (pushed, back) = match us {
        Color::Black => (Bitboard(pawns.0 >> 1), 1isize),
        Color::White => (Bitboard(pawns.0 << 1), -1isize),
    };
    for to in pushed & target {
        let from = (to as isize + back) as Square;
        if pinned.has(from) && !attacks::line(ksq, from).has(to) {
            continue;
        }
        let rr = relative_rank(us, rank_of(to));
        if rr <= 2 {
            list.push(Move::new(from, to, true));
        }
        if rr != 0 {
            list.push(Move::new(from, to, false));
        }
    }

    for from in pos.pieces(us, Kind::Lance) {
        let att = restrict(pinned, ksq, from, attacks::lance(us, from, occ) & target);
        for to in att {
            let rr = relative_rank(us, rank_of(to));
            if rr <= 2 {
                list.push(Move::new(from, to, true));
            }
            if rr != 0 {
                list.push(Move::new(from, to, false));
            }
        }
    }

    // A pinned knight can never move: no knight step stays on a line.
    for from in pos.pieces(us, Kind::Knight) & !pinned {
        for to in attacks::knight(us, from) & target {
            let rr = relative_rank(us, rank_of(to));
            if rr <= 2 {
                list.push(Move::new(from, to, true));
            }
            if rr >= 2 {
                list.push(Move::new(from, to, false));
            }
        }
    }

    for from in pos.pieces(us, Kind::Silver) {
        let att = restrict(pinned, ksq, from, attacks::silver(us, from) & target);
        let from_zone = zone.has(from);
        for to in att {
            if from_zone || zone.has(to) {
                list.push(Move::new(from, to, true));
            }
            list.push(Move::new(from, to, false));
        }
    }

    for from in pos.golds() & pos.color_bb(us) {
        let att = restrict(pinned, ksq, from, attacks::gold(us, from) & target);
        for to in att {
            list.push(Move::new(from, to, false));
        }
    }

    for from in pos.pieces(us, Kind::Bishop) {
        let att = restrict(pinned, ksq, from, attacks::bishop(from, occ) & target);
        slider_moves(from, att, zone, list);
    }
    for from in pos.pieces(us, Kind::Rook) {
        let att = restrict(pinned, ksq, from, attacks::rook(from, occ) & target);
        slider_moves(from, att, zone, list);
    }
    for from in pos.pieces(us, Kind::Horse) {
        let att = restrict(pinned, ksq, from, attacks::horse(from, occ) & target);
        for to in att {
            list.push(Move::new(from, to, false));
        }
    }
    for from in pos.pieces(us, Kind::Dragon) {
        let att = restrict(pinned, ksq, from, attacks::dragon(from, occ) & target);
        for to in att {
            list.push(Move::new(from, to, false));
        }
    }
}

/// Bishop or rook moves: promotion is optional whenever it is allowed.
#[inline(always)]
fn slider_moves(from: Square, att: Bitboard, zone: Bitboard, list: &mut MoveList) {
    if zone.has(from) {
        for to in att {
            list.push(Move::new(from, to, true));
            list.push(Move::new(from, to, false));
        }
    } else {
        for to in att & zone {
            list.push(Move::new(from, to, true));
            list.push(Move::new(from, to, false));
        }
        for to in att & !zone {
            list.push(Move::new(from, to, false));
        }
    }
}

/// Drops onto the empty squares in `target`.
#[inline(always)]
fn drops(pos: &Position, target: Bitboard, list: &mut MoveList) {
    let us = pos.side_to_move();
    let hand = pos.hand(us);
    if hand.is_empty() {
        return;
    }
    if hand.has(Kind::Pawn) {
        let mut t = target & !ranks(us, 0, 0) & !pawn_files(pos, us);
        // The only square where a pawn drop gives check.
        let them = us.flip();
        let check_sq = attacks::pawn(them, pos.king_square(them));
        if (t & check_sq).any() && pawn_drop_mates(pos, check_sq.lsb()) {
            t ^= check_sq;
        }
        for to in t {
            list.push(Move::drop(Kind::Pawn, to));
        }
    }
    if !hand.has_non_pawn() {
        return;
    }
    // Kinds droppable anywhere, then lance and knight with their rank limits.
    let mut any = [Kind::Pawn; 4];
    let mut n_any = 0;
    for k in [Kind::Silver, Kind::Gold, Kind::Bishop, Kind::Rook] {
        if hand.has(k) {
            any[n_any] = k;
            n_any += 1;
        }
    }
    let any = &any[..n_any];
    let has_lance = hand.has(Kind::Lance);
    let has_knight = hand.has(Kind::Knight);
    let last1 = ranks(us, 0, 0);
    let last2 = ranks(us, 0, 1);
    for to in target & last1 {
        for &k in any {
            list.push(Move::drop(k, to));
        }
    }
    for to in target & (last2 ^ last1) {
        if has_lance {
            list.push(Move::drop(Kind::Lance, to));
        }
        for &k in any {
            list.push(Move::drop(k, to));
        }
    }
    for to in target & !last2 {
        if has_lance {
            list.push(Move::drop(Kind::Lance, to));
        }
        if has_knight {
            list.push(Move::drop(Kind::Knight, to));
        }
        for &k in any {
            list.push(Move::drop(k, to));
        }
    }
}

/// True when dropping a pawn of the side to move on `to` (just in front of
/// the enemy king) would be checkmate, which makes the drop illegal.
fn pawn_drop_mates(pos: &Position, to: Square) -> bool {
    let us = pos.side_to_move();
    let them = us.flip();
    let eksq = pos.king_square(them);
    let occ = pos.occupied() | Bitboard::from_square(to);
    // Capture of the pawn by a piece other than the king, respecting pins.
    let defenders = pos.attackers_to(them, to, occ) & !Bitboard::from_square(eksq);
    if defenders.any() {
        let pinned = pos.pinned(them);
        for d in defenders {
            if !pinned.has(d) || attacks::line(eksq, d).has(to) {
                return false;
            }
        }
    }
    // King escapes, including capturing the pawn.
    let occ_wo_king = occ ^ Bitboard::from_square(eksq);
    for s in attacks::king(eksq) & !pos.color_bb(them) {
        if !pos.is_attacked(us, s, occ_wo_king) {
            return false;
        }
    }
    true
}
