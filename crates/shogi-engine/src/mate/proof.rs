//! Proof pieces: the smallest attacker's hand a proof still holds with.
//!
//! Contract: for a proven node, the proof hand `P` is covered by the
//! attacker's actual hand, and the same board with the attacker holding any
//! hand that covers `P` (the defender holding the rest of the 40 pieces) is
//! a mate too. The table stores proofs under `P`, so a proof reached with
//! one interposed piece captured (a gold) also answers the same board
//! reached with another (a silver): without it, a defender with many pieces
//! to interpose multiplies the positions to prove.
//!
//! The rules, node by node:
//! - attacker node proven by move `m`: the proving child's `P`, plus the
//!   piece `m` drops, minus the piece it captures;
//! - defender node: the largest of its children's `P`, kind by kind (the
//!   defender's moves do not change the attacker's hand); and when the
//!   check can be blocked (a gap between checker and king), every piece of a
//!   kind the defender does not hold stays with the attacker, since with
//!   fewer of them the defender would hold one and could interpose it.

use yomi_shogi::attacks::between;
use yomi_shogi::types::HAND_KINDS;
use yomi_shogi::{Color, Hand, Move, Piece, Position};

/// The larger count of each kind.
pub(crate) fn hand_max(a: Hand, b: Hand) -> Hand {
    let mut h = a;
    for k in HAND_KINDS {
        for _ in a.count(k)..b.count(k) {
            h.add(k);
        }
    }
    h
}

/// The proof hand before the attacker's move `m` (which captured
/// `captured`, possibly empty), from the proof hand after it.
pub(crate) fn before_attacker_move(after: Hand, m: Move, captured: Piece) -> Hand {
    let mut h = after;
    if m.is_drop() {
        h.add(m.drop_kind());
    } else if let Some(kind) = captured.kind() {
        let k = kind.unpromoted();
        if h.has(k) {
            h.remove(k);
        }
    }
    h
}

/// The proof hand of a proven defender node at `pos` (the defender to move,
/// in check), from the largest of its children's.
pub(crate) fn at_defender_node(pos: &Position, attacker: Color, children: Hand) -> Hand {
    let defender = attacker.flip();
    let king = pos.king_square(defender);
    let mut checkers = pos.checkers();
    let mut blockable = false;
    while checkers.any() {
        blockable |= between(checkers.pop(), king).any();
    }
    if !blockable {
        return children;
    }
    let (ours, theirs) = (pos.hand(attacker), pos.hand(defender));
    let mut h = children;
    for k in HAND_KINDS {
        if theirs.count(k) == 0 {
            for _ in children.count(k)..ours.count(k) {
                h.add(k);
            }
        }
    }
    h
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use yomi_shogi::Kind;

    /// A hand holding `kinds` (a kind listed twice is held twice).
    pub(crate) fn hand(kinds: &[Kind]) -> Hand {
        let mut h = Hand::default();
        for &k in kinds {
            h.add(k);
        }
        h
    }

    #[test]
    fn kind_by_kind_maximum() {
        let a = hand(&[Kind::Gold, Kind::Pawn, Kind::Pawn]);
        let b = hand(&[Kind::Pawn, Kind::Rook]);
        assert_eq!(
            hand_max(a, b),
            hand(&[Kind::Gold, Kind::Pawn, Kind::Pawn, Kind::Rook])
        );
    }

    #[test]
    fn a_drop_needs_its_piece_and_a_capture_brings_one() {
        let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/K8 b G2r2b3g4s4n4l17p 1").unwrap();
        let drop = pos.parse_usi("G*5b").unwrap();
        assert_eq!(
            before_attacker_move(Hand::default(), drop, Piece::EMPTY),
            hand(&[Kind::Gold])
        );
        let silver = Piece::new(Color::White, Kind::Silver.promoted());
        let capture = Move::new(40, 31, false);
        assert_eq!(
            before_attacker_move(hand(&[Kind::Silver, Kind::Gold]), capture, silver),
            hand(&[Kind::Gold]),
            "a captured promoted silver is a silver in hand"
        );
        assert_eq!(
            before_attacker_move(hand(&[Kind::Gold]), capture, silver),
            hand(&[Kind::Gold])
        );
    }

    #[test]
    fn a_blockable_check_keeps_what_the_defender_lacks() {
        // A rook checks from afar: the defender (no gold in hand) could interpose
        // any gold the attacker gave up; it holds pawns, so pawns may go.
        let far = Position::from_sfen("4k4/9/9/9/4R4/9/9/9/K8 w 4G2Pr2b4s4n4l16p 1").unwrap();
        let need = at_defender_node(&far, Color::Black, hand(&[Kind::Pawn]));
        assert_eq!(
            need,
            hand(&[Kind::Gold, Kind::Gold, Kind::Gold, Kind::Gold, Kind::Pawn])
        );
        // A contact check cannot be blocked: nothing is needed.
        let near = Position::from_sfen("4k4/4R4/9/9/9/9/9/9/K8 w 4G2Pr2b4s4n4l16p 1").unwrap();
        assert_eq!(
            at_defender_node(&near, Color::Black, Hand::default()),
            Hand::default()
        );
    }
}
