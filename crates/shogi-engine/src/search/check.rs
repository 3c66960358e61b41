//! Check detection for many moves of one position: what
//! [`Position::gives_check`] computes per move, with the enemy king's
//! blockers found once per node instead of once per move.
//!
//! Contract: [`CheckInfo::gives_check`] equals `pos.gives_check(m)` for
//! every legal move `m` of the position the info was made for.

use yomi_shogi::attacks;
use yomi_shogi::{Bitboard, Kind, Move, Position, Square};

/// Per-node data for [`CheckInfo::gives_check`].
pub struct CheckInfo {
    enemy_king: Square,
    occupied: Bitboard,
    /// Our pieces whose move may uncover a slider check.
    discoverers: Bitboard,
}

impl CheckInfo {
    /// The info for the side to move of `pos`.
    #[inline]
    pub fn new(pos: &Position) -> CheckInfo {
        let us = pos.side_to_move();
        let them = us.flip();
        CheckInfo {
            enemy_king: pos.king_square(them),
            occupied: pos.occupied(),
            discoverers: pos.king_blockers(them) & pos.color_bb(us),
        }
    }

    /// True when the legal move `m` gives check.
    #[inline]
    pub fn gives_check(&self, pos: &Position, m: Move) -> bool {
        let us = pos.side_to_move();
        let to = m.to();
        if m.is_drop() {
            return attacks::piece_attacks(us, m.drop_kind(), to, self.occupied)
                .has(self.enemy_king);
        }
        let from = m.from();
        let mut kind = pos.piece_on(from).kind_unchecked();
        if m.is_promotion() {
            kind = kind.promoted();
        }
        let occ = (self.occupied ^ Bitboard::from_square(from)) | Bitboard::from_square(to);
        if kind != Kind::King && attacks::piece_attacks(us, kind, to, occ).has(self.enemy_king) {
            return true;
        }
        self.discoverers.has(from) && !attacks::line(self.enemy_king, from).has(to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::BENCH_POSITIONS;

    #[test]
    fn agrees_with_the_rules_core_along_games() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for sfen in BENCH_POSITIONS {
            let mut pos = Position::from_sfen(sfen).unwrap();
            for _ in 0..80 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let info = CheckInfo::new(&pos);
                for &m in legal.iter() {
                    assert_eq!(info.gives_check(&pos, m), pos.gives_check(m), "{m}");
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos.do_move(legal[(seed >> 3) as usize % legal.len()]);
            }
        }
    }
}
