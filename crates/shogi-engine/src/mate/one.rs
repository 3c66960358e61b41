//! Mate in one: is there a check after which the opponent has no legal move?
//!
//! Contract: [`mate_in_one`] returns a legal move that checkmates at once, or
//! `None` when there is none. It relies on the rules core's legal generator,
//! so a mate by pawn drop (uchifuzume), which is illegal, is never returned.
//! The position is restored before returning.

use yomi_shogi::{Bitboard, Move, MoveList, Position, attacks, generate_checks, has_legal_move};

/// A move that checkmates immediately, if there is one.
///
/// Drops are tried before board moves (they mate more often near the king
/// and cost nothing to undo), but the answer does not depend on the order
/// beyond which of several mates is returned.
pub fn mate_in_one(pos: &mut Position) -> Option<Move> {
    let mut checks = MoveList::new();
    generate_checks(pos, &mut checks);
    let drops = checks.iter().filter(|m| m.is_drop());
    let boards = checks.iter().filter(|m| !m.is_drop());
    drops.chain(boards).copied().find(|&m| is_mating(pos, m))
}

/// True when the legal checking move `m` leaves the opponent without a legal move.
pub(crate) fn is_mating(pos: &mut Position, m: Move) -> bool {
    if king_surely_escapes(pos, m) {
        return false;
    }
    let captured = pos.do_move(m);
    let mated = !has_legal_move(pos);
    pos.undo_move(m, captured);
    mated
}

/// True when, after the checking move `m` (not yet played), the defending king has a step
/// that is certainly legal: a neighbouring square other than `m.to()`, free of its own pieces,
/// that none of our pieces would attack once `m` is played. Judged without playing the move:
/// the occupancy after it (origin emptied, destination filled, the king lifted so sliders see
/// through its square), our attackers of the square with the moved piece left out, and the
/// moved piece's attacks from its new square. Most checks are refuted this way, so the full
/// test (play, then look for any legal reply) runs for the few that might mate. Conservative:
/// `false` only means "not shown here".
fn king_surely_escapes(pos: &Position, m: Move) -> bool {
    let us = pos.side_to_move();
    let ksq = pos.king_square(us.flip());
    let to = Bitboard::from_square(m.to());
    let (from, kind) = if m.is_drop() {
        (Bitboard::EMPTY, m.drop_kind())
    } else {
        let kind = pos.piece_on(m.from()).kind_unchecked();
        let kind = if m.is_promotion() {
            kind.promoted()
        } else {
            kind
        };
        (Bitboard::from_square(m.from()), kind)
    };
    let occ = ((pos.occupied() & !from) | to) & !Bitboard::from_square(ksq);
    let covered = attacks::piece_attacks(us, kind, m.to(), occ);
    let candidates = attacks::king(ksq) & !pos.color_bb(us.flip()) & !to & !covered;
    for escape in candidates {
        if (pos.attackers_to(us, escape, occ) & !from).is_empty() {
            return true;
        }
    }
    false
}
