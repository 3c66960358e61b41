//! Check detection for many moves of one position: what
//! [`Position::gives_check`] computes per move, with the enemy king's
//! blockers and the squares each kind checks from found once per node
//! instead of once per move.
//!
//! Contract: [`CheckInfo::gives_check`] equals `pos.gives_check(m)` for
//! every legal move `m` of the position the info was made for.

use yomi_shogi::attacks;
use yomi_shogi::{Bitboard, Kind, Move, Position, Square};

/// Per-node data for [`CheckInfo::gives_check`].
pub struct CheckInfo {
    enemy_king: Square,
    /// Our pieces whose move may uncover a slider check.
    discoverers: Bitboard,
    /// The enemy's pieces pinned to its king.
    pinned: Bitboard,
    /// By kind: the squares where a piece of ours of that kind attacks the
    /// enemy king. Exact after the move too: a slider's own origin can
    /// only block its way to the king if it stood on the king's line with
    /// nothing between, that is, if the enemy were already in check.
    check_squares: [Bitboard; 15],
}

impl CheckInfo {
    /// The info for the side to move of `pos`.
    #[inline]
    pub fn new(pos: &Position) -> CheckInfo {
        let us = pos.side_to_move();
        let them = us.flip();
        let king = pos.king_square(them);
        let occ = pos.occupied();
        // A piece of ours on `sq` attacks the king exactly when the same
        // kind of theirs on the king's square would attack `sq`. Seven kinds
        // are looked up; the promoted ones move like a gold or add the
        // king's steps to a slider. The king's entry stays empty: a king
        // never checks directly.
        let blockers = pos.king_blockers(them);
        let gold = attacks::gold(them, king);
        let bishop = attacks::bishop(king, occ);
        let rook = attacks::rook(king, occ);
        let steps = attacks::king(king);
        let mut check_squares = [Bitboard::EMPTY; 15];
        check_squares[Kind::Pawn as usize] = attacks::pawn(them, king);
        check_squares[Kind::Lance as usize] = attacks::lance(them, king, occ);
        check_squares[Kind::Knight as usize] = attacks::knight(them, king);
        check_squares[Kind::Silver as usize] = attacks::silver(them, king);
        check_squares[Kind::Bishop as usize] = bishop;
        check_squares[Kind::Rook as usize] = rook;
        for k in [
            Kind::Gold,
            Kind::ProPawn,
            Kind::ProLance,
            Kind::ProKnight,
            Kind::ProSilver,
        ] {
            check_squares[k as usize] = gold;
        }
        check_squares[Kind::Horse as usize] = bishop | steps;
        check_squares[Kind::Dragon as usize] = rook | steps;
        CheckInfo {
            enemy_king: king,
            discoverers: blockers & pos.color_bb(us),
            pinned: blockers & pos.color_bb(them),
            check_squares,
        }
    }

    /// The squares where a piece of ours of kind `k` would attack the enemy
    /// king (empty for the king).
    #[inline]
    pub fn check_squares(&self, k: Kind) -> Bitboard {
        self.check_squares[k as usize]
    }

    /// Our pieces whose move may uncover a slider check on the enemy king.
    #[inline]
    pub fn discoverers(&self) -> Bitboard {
        self.discoverers
    }

    /// The enemy's pieces pinned to its king, before our move.
    #[inline]
    pub fn enemy_pinned(&self) -> Bitboard {
        self.pinned
    }

    /// True when the legal move `m` gives check.
    #[inline]
    pub fn gives_check(&self, pos: &Position, m: Move) -> bool {
        let to = m.to();
        if m.is_drop() {
            return self.check_squares[m.drop_kind() as usize].has(to);
        }
        let from = m.from();
        let mut kind = pos.piece_on(from).kind_unchecked();
        if m.is_promotion() {
            kind = kind.promoted();
        }
        // The king's entry is empty: a king never checks directly.
        self.check_squares[kind as usize].has(to)
            || (self.discoverers.has(from) && !attacks::line(self.enemy_king, from).has(to))
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
