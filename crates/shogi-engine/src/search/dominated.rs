//! Non-promotions that the promotion of the same move dominates.
//!
//! Contract: [`is_dominated`] is true for a board move without promotion
//! of a pawn, bishop or rook that starts or ends in the promotion zone, and
//! of a lance to the second rank. The promoted piece reaches every square
//! the unpromoted one does, and a capture of either gives the opponent the
//! same piece in hand, so the promotion (same squares, so equally legal) is
//! never worse. The main search and quiescence skip these moves, as
//! YaneuraOu's generator does by default; the root keeps every legal move.
//! A list never loses its last move this way, because the promotion stays.

use yomi_shogi::types::{Kind, rank_of, relative_rank};
use yomi_shogi::{Move, Position};

/// True for a non-promotion that the same move with promotion dominates.
#[inline]
pub fn is_dominated(pos: &Position, m: Move) -> bool {
    if m.is_drop() || m.is_promotion() {
        return false;
    }
    let us = pos.side_to_move();
    let to = relative_rank(us, rank_of(m.to()));
    match pos.piece_on(m.from()).kind_unchecked() {
        Kind::Pawn | Kind::Bishop | Kind::Rook => {
            to <= 2 || relative_rank(us, rank_of(m.from())) <= 2
        }
        Kind::Lance => to == 1,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yomi_shogi::{MoveList, generate_legal};

    fn dominated(sfen: &str) -> Vec<String> {
        let pos = Position::from_sfen(sfen).unwrap();
        let mut list = MoveList::new();
        generate_legal(&pos, &mut list);
        let mut out: Vec<String> = list
            .iter()
            .filter(|&&m| is_dominated(&pos, m))
            .map(|m| m.to_string())
            .collect();
        out.sort();
        // Each one's promotion is legal too.
        for text in &out {
            let promoted = pos.parse_usi(&format!("{text}+")).unwrap();
            assert!(list.contains(promoted), "{text}+ is not legal");
        }
        out
    }

    #[test]
    fn pawns_bishops_rooks_in_the_zone_and_lances_to_the_second_rank() {
        // Black: a pawn on 5d (5c is in the zone), a rook on 2d, a lance on 1e.
        let found = dominated("4k4/9/9/4P2R1/8L/9/9/9/4K4 b - 1");
        assert!(found.contains(&"5d5c".to_string()));
        assert!(found.contains(&"2d2c".to_string()));
        assert!(found.contains(&"1e1b".to_string()));
        // The lance to 1c or 1d, and the rook staying out of the zone, are kept.
        assert!(
            !found
                .iter()
                .any(|m| m == "1e1c" || m == "1e1d" || m == "2d2e")
        );
    }

    #[test]
    fn silvers_knights_and_drops_are_never_dominated() {
        let found = dominated("4k4/9/9/3S5/4N4/9/9/9/4K4 b P 1");
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn white_is_mirrored() {
        // White's pawn on 5f goes to 5g, in White's zone.
        let found = dominated("4k4/9/9/9/9/4p4/9/9/K8 w - 1");
        assert_eq!(found, vec!["5f5g".to_string()]);
    }
}
