//! Mate in one: is there a check after which the opponent has no legal move?
//!
//! Contract: [`mate_in_one`] returns a legal move that checkmates at once, or
//! `None` when there is none. It relies on the rules core's legal generator,
//! so a mate by pawn drop (uchifuzume), which is illegal, is never returned.
//! The position is restored before returning.
//!
//! Out of check it looks at every legal check: first the drops next to the
//! king or on a knight's checking square, decided without playing them
//! ([`super::near`], the search's own scan), then the board moves onto those
//! squares, then the checks from afar. A distant check that uncovers no
//! second line is one slider's, with an empty square between it and the
//! king, so a gold, silver, bishop or rook in the defender's hand (droppable
//! on any square) always answers it: with one of those in hand only the
//! discovered checks from afar are tried. In check, every legal check is
//! played.

use super::near::{STRONGEST_FIRST, Scan, mates, near_drop_mate};
use crate::search::check::CheckInfo;
use yomi_shogi::{
    Bitboard, Kind, Move, MoveList, Position, attacks, generate_board_to, generate_checks,
    has_legal_move,
};

/// A move that checkmates immediately, if there is one.
///
/// Which of several mates is returned depends on the order in which checks
/// are tried; whether one is returned does not.
///
/// ```
/// use yomi_shogi::Position;
/// use yomi_shogi_engine::mate::mate_in_one;
///
/// // White's king on 5a, a Black pawn on 5c, a gold in hand: G*5b mates.
/// let mut pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
/// assert_eq!(mate_in_one(&mut pos).unwrap().to_string(), "G*5b");
/// // Without the pawn the king takes the gold.
/// let mut pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b G 1").unwrap();
/// assert_eq!(mate_in_one(&mut pos), None);
/// ```
pub fn mate_in_one(pos: &mut Position) -> Option<Move> {
    if pos.in_check() {
        return mate_in_one_in_check(pos);
    }
    let info = CheckInfo::new(pos);
    let mut scan = Scan::new(pos, &info);
    let us = pos.side_to_move();
    let them = us.flip();
    let zone = scan.zone(them);
    // Drops first: the most common mates, found without generating a move.
    if let Some(m) = near_drop_mate(pos, &info, &mut scan, zone, &STRONGEST_FIRST) {
        return Some(m);
    }
    let discoverers = info.discoverers();
    let their_hand = pos.hand(them);
    let blockable = ANYWHERE.iter().any(|&k| their_hand.has(k));
    // The checks from afar worth trying: none when every one is a lone
    // slider's that a drop can block.
    let far = if blockable && discoverers.is_empty() {
        Bitboard::EMPTY
    } else if discoverers.any() {
        !zone
    } else {
        let sliders = [
            Kind::Lance,
            Kind::Bishop,
            Kind::Rook,
            Kind::Horse,
            Kind::Dragon,
        ];
        sliders
            .iter()
            .fold(Bitboard::EMPTY, |b, &k| b | info.check_squares(k))
            & !zone
    };
    let mut board = MoveList::new();
    generate_board_to(pos, zone | far, &mut board);
    for &m in board.iter() {
        if !info.gives_check(pos, m) {
            continue;
        }
        let worth = zone.has(m.to()) || !blockable || discoverers.has(m.from());
        if worth && scan.may_mate(pos, m) && mates(pos, m) {
            return Some(m);
        }
    }
    if blockable {
        return None;
    }
    let hand = pos.hand(us);
    let empty_far = far & !pos.occupied();
    for kind in [Kind::Lance, Kind::Bishop, Kind::Rook] {
        if !hand.has(kind) {
            continue;
        }
        for to in info.check_squares(kind) & empty_far & scan.drop_targets(pos, kind) {
            let m = Move::drop(kind, to);
            if scan.drop_mates(pos, m) {
                return Some(m);
            }
        }
    }
    None
}

/// Drops of these kinds are legal on every empty square.
const ANYWHERE: [Kind; 4] = [Kind::Gold, Kind::Silver, Kind::Bishop, Kind::Rook];

/// [`mate_in_one`] for a side in check: every legal check is played, drops
/// first (they mate more often near the king and cost nothing to undo).
fn mate_in_one_in_check(pos: &mut Position) -> Option<Move> {
    let mut checks = MoveList::new();
    generate_checks(pos, &mut checks);
    let drops = checks.iter().filter(|m| m.is_drop());
    let boards = checks.iter().filter(|m| !m.is_drop());
    drops.chain(boards).copied().find(|&m| is_mating(pos, m))
}

/// True when the legal checking move `m` leaves the opponent without a legal move.
fn is_mating(pos: &mut Position, m: Move) -> bool {
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
