//! Mate in one: is there a check after which the opponent has no legal move?
//!
//! Contract: [`mate_in_one`] returns a legal move that checkmates at once, or
//! `None` when there is none. It relies on the rules core's legal generator,
//! so a mate by pawn drop (uchifuzume), which is illegal, is never returned.
//! The position is restored before returning.

use yomi_shogi::{Move, MoveList, Position, generate_checks, has_legal_move};

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
    let captured = pos.do_move(m);
    let mated = !has_legal_move(pos);
    pos.undo_move(m, captured);
    mated
}
