//! Legal move generation.
//!
//! Contract: [`generate_legal`] writes every legal move exactly once: all
//! promotions and non-promotions (non-promotion omitted only where the piece
//! would have no further move), drops except onto ranks where the piece could
//! never move, nifu and uchifuzume (mate by pawn drop) excluded. Pins and
//! checks are handled during generation, so no move needs a legality test
//! afterwards; [`MoveList::len`] is therefore the perft leaf count.
//! [`count_legal`] runs the same generator with a counting sink that adds
//! popcounts of destination sets instead of writing moves (bulk counting).

use crate::attacks;
use crate::bitboard::Bitboard;
pub use crate::movelist::{MAX_MOVES, MoveList};
use crate::position::Position;
use crate::types::{Color, Kind, Move, Square};

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

/// Where the generator puts moves: a list, or just a count.
trait Sink {
    /// Board moves from `from`: promotions to `promo`, non-promotions to `plain`.
    fn board(&mut self, from: Square, promo: Bitboard, plain: Bitboard);
    /// Pawn pushes: destinations, origin = destination + `back`.
    fn pawns(&mut self, back: isize, promo: Bitboard, plain: Bitboard);
    /// Drops of `kind` on every square of `to`.
    fn drops(&mut self, kind: Kind, to: Bitboard);
}

impl Sink for MoveList {
    #[inline(always)]
    fn board(&mut self, from: Square, promo: Bitboard, plain: Bitboard) {
        for to in promo {
            self.push(Move::new(from, to, true));
        }
        for to in plain {
            self.push(Move::new(from, to, false));
        }
    }
    #[inline(always)]
    fn pawns(&mut self, back: isize, promo: Bitboard, plain: Bitboard) {
        for to in promo {
            self.push(Move::new((to as isize + back) as Square, to, true));
        }
        for to in plain {
            self.push(Move::new((to as isize + back) as Square, to, false));
        }
    }
    #[inline(always)]
    fn drops(&mut self, kind: Kind, to: Bitboard) {
        for sq in to {
            self.push(Move::drop(kind, sq));
        }
    }
}

/// Looks for one move among the generated ones (compared as raw moves, so
/// a malformed move is simply never found).
struct Finder {
    want: Move,
    found: bool,
}

impl Sink for Finder {
    #[inline(always)]
    fn board(&mut self, from: Square, promo: Bitboard, plain: Bitboard) {
        let to = self.want.to();
        self.found |= (promo.has(to) && Move::new(from, to, true) == self.want)
            || (plain.has(to) && Move::new(from, to, false) == self.want);
    }
    #[inline(always)]
    fn pawns(&mut self, back: isize, promo: Bitboard, plain: Bitboard) {
        let to = self.want.to();
        let from = (to as isize + back) as Square;
        self.found |= (promo.has(to) && Move::new(from, to, true) == self.want)
            || (plain.has(to) && Move::new(from, to, false) == self.want);
    }
    #[inline(always)]
    fn drops(&mut self, kind: Kind, to: Bitboard) {
        let sq = self.want.to();
        self.found |= to.has(sq) && Move::drop(kind, sq) == self.want;
    }
}

/// Counts moves without writing them.
struct Counter(usize);

impl Sink for Counter {
    #[inline(always)]
    fn board(&mut self, _from: Square, promo: Bitboard, plain: Bitboard) {
        self.0 += (promo.count() + plain.count()) as usize;
    }
    #[inline(always)]
    fn pawns(&mut self, _back: isize, promo: Bitboard, plain: Bitboard) {
        self.0 += (promo.count() + plain.count()) as usize;
    }
    #[inline(always)]
    fn drops(&mut self, _kind: Kind, to: Bitboard) {
        self.0 += to.count() as usize;
    }
}

/// Writes all legal moves of the side to move into `list` (cleared first).
pub fn generate_legal(pos: &Position, list: &mut MoveList) {
    list.clear();
    generate(pos, Bitboard::ALL, list);
}

/// Writes the legal captures (moves onto an enemy piece, with or without
/// promotion) into `list` (cleared first). In check, the capturing evasions.
pub fn generate_captures(pos: &Position, list: &mut MoveList) {
    list.clear();
    generate(pos, pos.color_bb(pos.side_to_move().flip()), list);
}

/// Writes the legal non-captures (quiet board moves including quiet
/// promotions, and drops) into `list` (cleared first). In check, the
/// non-capturing evasions. Captures and quiets together are the legal moves.
pub fn generate_quiets(pos: &Position, list: &mut MoveList) {
    list.clear();
    generate(pos, !pos.occupied(), list);
}

/// Writes the legal moves whose destination lies in `dest` into `list`
/// (cleared first): board moves and drops onto those squares. With
/// `dest` = all squares it is [`generate_legal`]; a mate-in-one scan passes
/// the squares around the enemy king.
pub fn generate_to(pos: &Position, dest: Bitboard, list: &mut MoveList) {
    list.clear();
    generate(pos, dest, list);
}

/// Writes the legal board moves (no drops) whose destination lies in
/// `dest` into `list` (cleared first): [`generate_to`] less its drops, for
/// a caller that enumerates the drops it cares about itself.
pub fn generate_board_to(pos: &Position, dest: Bitboard, list: &mut MoveList) {
    list.clear();
    generate_with::<MoveList, false>(pos, dest, list);
}

/// Writes the legal moves that give check into `list` (cleared first): the
/// legal moves filtered by [`Position::gives_check`] (no make/unmake). Only
/// moves onto a square from which some piece could attack the enemy king
/// (its rook and bishop lines, the squares around it, its knight-check
/// squares) are generated, unless one of our pieces blocks a line of ours to
/// that king (a discovered check can then land anywhere).
pub fn generate_checks(pos: &Position, list: &mut MoveList) {
    let us = pos.side_to_move();
    let them = us.flip();
    let ksq = pos.king_square(them);
    let occ = pos.occupied();
    let discoverers = pos.king_blockers(them) & pos.color_bb(us);
    let dest = if discoverers.any() {
        Bitboard::ALL
    } else {
        attacks::rook(ksq, occ)
            | attacks::bishop(ksq, occ)
            | attacks::king(ksq)
            | attacks::knight(them, ksq)
    };
    let mut all = MoveList::new();
    generate(pos, dest, &mut all);
    list.clear();
    for &m in all.iter() {
        if pos.gives_check(m) {
            list.push(m);
        }
    }
}

/// True when `m` is a legal move of the side to move: exactly the moves
/// [`generate_legal`] writes. Any `u16` is a valid input (for a move of
/// doubtful origin, such as a hash-table move). Out of check the move is
/// judged directly by the generator's own rules (reach, promotion, dead
/// squares, pins, a safe king square, nifu, mate by pawn drop); in check
/// the generator restricted to the move's destination looks for it.
pub fn is_legal(pos: &Position, m: Move) -> bool {
    if m == Move::NONE || m.to() >= crate::types::SQUARES || m.0 & 0x8000 != 0 {
        return false;
    }
    if pos.checkers().any() {
        let mut finder = Finder {
            want: m,
            found: false,
        };
        generate(pos, Bitboard::from_square(m.to()), &mut finder);
        return finder.found;
    }
    if m.is_drop() {
        legal_drop(pos, m)
    } else {
        legal_board_move(pos, m)
    }
}

/// [`is_legal`] for a drop, the side to move not in check.
#[inline]
fn legal_drop(pos: &Position, m: Move) -> bool {
    let Some(kind) = m.drop_kind_checked() else {
        return false;
    };
    let us = pos.side_to_move();
    let to = m.to();
    let at = Bitboard::from_square(to);
    if m.is_promotion() || !pos.hand(us).has(kind) || pos.occupied().has(to) {
        return false;
    }
    match kind {
        Kind::Pawn => {
            let them = us.flip();
            let check_sq = attacks::pawn(them, pos.king_square(them));
            (at & (ranks(us, 0, 0) | pawn_files(pos, us))).is_empty()
                && !(check_sq.has(to) && pawn_drop_mates(pos, to))
        }
        Kind::Lance => (at & ranks(us, 0, 0)).is_empty(),
        Kind::Knight => (at & ranks(us, 0, 1)).is_empty(),
        _ => true,
    }
}

/// [`is_legal`] for a board move, the side to move not in check.
#[inline]
fn legal_board_move(pos: &Position, m: Move) -> bool {
    let us = pos.side_to_move();
    let (from, to) = (m.from(), m.to());
    let piece = pos.piece_on(from);
    if piece.is_empty() || piece.color() != us || pos.color_bb(us).has(to) {
        return false;
    }
    let kind = piece.kind_unchecked();
    let occ = pos.occupied();
    if kind == Kind::King {
        return !m.is_promotion()
            && attacks::king(from).has(to)
            && !pos.is_attacked(us.flip(), to, occ);
    }
    if !attacks::piece_attacks(us, kind, from, occ).has(to) {
        return false;
    }
    let at = Bitboard::from_square(to);
    let allowed = if m.is_promotion() {
        let zone = ranks(us, 0, 2);
        kind.can_promote() && (zone.has(from) || zone.has(to))
    } else {
        match kind {
            Kind::Pawn | Kind::Lance => (at & ranks(us, 0, 0)).is_empty(),
            Kind::Knight => (at & ranks(us, 0, 1)).is_empty(),
            _ => true,
        }
    };
    let ksq = pos.king_square(us);
    allowed && (!pos.pinned(us).has(from) || attacks::line(ksq, from).has(to))
}

/// Number of legal moves (what perft counts at its last ply), computed by
/// bulk counting: the same generator, adding the sizes of destination sets.
#[inline]
pub fn count_legal(pos: &Position) -> usize {
    let mut c = Counter(0);
    generate(pos, Bitboard::ALL, &mut c);
    c.0
}

/// True when the side to move has a legal move: `count_legal(pos) > 0`, but
/// answered by a safe king step when there is one (the usual case, and what
/// makes a mate-in-one scan cheap: most checks are refuted by a king move).
pub fn has_legal_move(pos: &Position) -> bool {
    let us = pos.side_to_move();
    let ksq = pos.king_square(us);
    // The occupancy the king moves are judged with, as in `generate_with`.
    let occ = if pos.checkers().any() {
        pos.occupied() ^ Bitboard::from_square(ksq)
    } else {
        pos.occupied()
    };
    for to in attacks::king(ksq) & !pos.color_bb(us) {
        if !pos.is_attacked(us.flip(), to, occ) {
            return true;
        }
    }
    count_legal(pos) > 0
}

/// Generates the legal moves whose destination is in `dest`.
#[inline(always)]
fn generate<S: Sink>(pos: &Position, dest: Bitboard, sink: &mut S) {
    generate_with::<S, true>(pos, dest, sink);
}

/// Generates the legal moves whose destination is in `dest`, drops only
/// when `DROPS`.
#[inline(always)]
fn generate_with<S: Sink, const DROPS: bool>(pos: &Position, dest: Bitboard, sink: &mut S) {
    let checkers = pos.checkers();
    if checkers.is_empty() {
        let us = pos.side_to_move();
        let target = !pos.color_bb(us) & dest;
        let pinned = pos.pinned(us);
        piece_moves(pos, target, pinned, sink);
        king_moves(pos, pos.occupied(), target, sink);
        if DROPS {
            drops(pos, !pos.occupied() & dest, sink);
        }
    } else {
        evasions::<S, DROPS>(pos, checkers, dest, sink);
    }
}

#[inline(always)]
fn evasions<S: Sink, const DROPS: bool>(
    pos: &Position,
    checkers: Bitboard,
    dest: Bitboard,
    sink: &mut S,
) {
    let us = pos.side_to_move();
    let ksq = pos.king_square(us);
    let not_own = !pos.color_bb(us) & dest;
    king_moves(
        pos,
        pos.occupied() ^ Bitboard::from_square(ksq),
        not_own,
        sink,
    );
    if checkers.more_than_one() {
        return;
    }
    let checker = checkers.lsb();
    let block = attacks::between(ksq, checker);
    piece_moves(pos, (block | checkers) & dest, pos.pinned(us), sink);
    if DROPS && (block & dest).any() {
        drops(pos, block & dest, sink);
    }
}

/// King steps to squares the enemy does not attack; `occ` is the occupancy
/// the enemy sliders see (the king removed when in check, so it cannot step
/// back along a checking ray); `target` excludes own pieces.
#[inline(always)]
fn king_moves<S: Sink>(pos: &Position, occ: Bitboard, target: Bitboard, sink: &mut S) {
    let us = pos.side_to_move();
    let them = us.flip();
    let ksq = pos.king_square(us);
    let mut safe = Bitboard::EMPTY;
    for to in attacks::king(ksq) & target {
        if !pos.is_attacked(them, to, occ) {
            safe |= Bitboard::from_square(to);
        }
    }
    sink.board(ksq, Bitboard::EMPTY, safe);
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
fn piece_moves<S: Sink>(pos: &Position, target: Bitboard, pinned: Bitboard, sink: &mut S) {
    let us = pos.side_to_move();
    let ksq = pos.king_square(us);
    let occ = pos.occupied();
    let zone = ranks(us, 0, 2);
    let not_last1 = !ranks(us, 0, 0);
    let not_last2 = !ranks(us, 0, 1);

    // Pawns, all at once by shifting: an unpromoted pawn is never on its last
    // rank, so the shift never crosses into the next file.
    let pawns = pos.pieces(us, Kind::Pawn);
    let free = pawns & !pinned;
    let shift = |b: Bitboard| match us {
        Color::Black => Bitboard(b.0 >> 1),
        Color::White => Bitboard(b.0 << 1),
    };
    let back = if us == Color::Black { 1 } else { -1 };
    let mut to = shift(free) & target;
    // A pinned pawn may still push along its own file.
    for from in pawns & pinned {
        to |= shift(Bitboard::from_square(from)) & target & attacks::line(ksq, from);
    }
    sink.pawns(back, to & zone, to & not_last1);

    for from in pos.pieces(us, Kind::Lance) {
        let att = restrict(pinned, ksq, from, attacks::lance(us, from, occ) & target);
        sink.board(from, att & zone, att & not_last1);
    }

    // A pinned knight can never move: no knight step stays on a line.
    for from in pos.pieces(us, Kind::Knight) & !pinned {
        let att = attacks::knight(us, from) & target;
        sink.board(from, att & zone, att & not_last2);
    }

    for from in pos.pieces(us, Kind::Silver) {
        let att = restrict(pinned, ksq, from, attacks::silver(us, from) & target);
        let promo = if zone.has(from) { att } else { att & zone };
        sink.board(from, promo, att);
    }

    for from in pos.golds() & pos.color_bb(us) {
        let att = restrict(pinned, ksq, from, attacks::gold(us, from) & target);
        sink.board(from, Bitboard::EMPTY, att);
    }

    for from in pos.pieces(us, Kind::Bishop) {
        let att = restrict(pinned, ksq, from, attacks::bishop(from, occ) & target);
        let promo = if zone.has(from) { att } else { att & zone };
        sink.board(from, promo, att);
    }
    for from in pos.pieces(us, Kind::Rook) {
        let att = restrict(pinned, ksq, from, attacks::rook(from, occ) & target);
        let promo = if zone.has(from) { att } else { att & zone };
        sink.board(from, promo, att);
    }
    for from in pos.pieces(us, Kind::Horse) {
        let att = restrict(pinned, ksq, from, attacks::horse(from, occ) & target);
        sink.board(from, Bitboard::EMPTY, att);
    }
    for from in pos.pieces(us, Kind::Dragon) {
        let att = restrict(pinned, ksq, from, attacks::dragon(from, occ) & target);
        sink.board(from, Bitboard::EMPTY, att);
    }
}

/// Drops onto the empty squares in `target`.
#[inline(always)]
fn drops<S: Sink>(pos: &Position, target: Bitboard, sink: &mut S) {
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
        sink.drops(Kind::Pawn, t);
    }
    if !hand.has_non_pawn() {
        return;
    }
    if hand.has(Kind::Lance) {
        sink.drops(Kind::Lance, target & !ranks(us, 0, 0));
    }
    if hand.has(Kind::Knight) {
        sink.drops(Kind::Knight, target & !ranks(us, 0, 1));
    }
    for k in [Kind::Silver, Kind::Gold, Kind::Bishop, Kind::Rook] {
        if hand.has(k) {
            sink.drops(k, target);
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
