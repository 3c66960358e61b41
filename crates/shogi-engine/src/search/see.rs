//! Static exchange evaluation: the material balance of the capture sequence
//! on one square when both sides always recapture with their least valuable
//! piece and may stop whenever that is better.
//!
//! Contract: [`see`] returns that balance in cp for the side making `m`
//! (captured pieces count their [`capture_gain`], a promotion on the first
//! move its value increase); sliders behind moved pieces join in (x-rays).
//! Pins are ignored, as usual for SEE. [`see_ge`] answers `see(m) >=
//! threshold` exactly (a property test checks), stopping as soon as the
//! answer is known: the search only ever compares SEE with a threshold.

use crate::params::{PIECE_VALUE, capture_gain};
use yomi_shogi::{Bitboard, Color, Kind, Move, Position};

/// Kinds from least to most valuable (the recapture order).
const CHEAPEST_FIRST: [Kind; 14] = [
    Kind::Pawn,
    Kind::Lance,
    Kind::Knight,
    Kind::ProPawn,
    Kind::ProLance,
    Kind::ProKnight,
    Kind::Silver,
    Kind::ProSilver,
    Kind::Gold,
    Kind::Bishop,
    Kind::Rook,
    Kind::Horse,
    Kind::Dragon,
    Kind::King,
];

fn least_valuable(pos: &Position, c: Color, attackers: Bitboard) -> Option<(usize, Kind)> {
    for k in CHEAPEST_FIRST {
        let b = attackers & pos.pieces(c, k);
        if b.any() {
            return Some((b.lsb(), k));
        }
    }
    None
}

/// What the move `m` itself does: the occupancy after it, the kind left on
/// its destination and the material it gains at once.
fn first_step(pos: &Position, m: Move) -> (Bitboard, Kind, i32) {
    let to = m.to();
    let mut occ = pos.occupied();
    if m.is_drop() {
        occ |= Bitboard::from_square(to);
        return (occ, m.drop_kind(), 0);
    }
    let mover = pos.piece_on(m.from()).kind_unchecked();
    let mut gain = pos.piece_on(to).kind().map_or(0, capture_gain);
    let mut on_square = mover;
    if m.is_promotion() {
        on_square = mover.promoted();
        gain += PIECE_VALUE[on_square as usize] - PIECE_VALUE[mover as usize];
    }
    occ ^= Bitboard::from_square(m.from());
    (occ, on_square, gain)
}

/// True when the static exchange value of the legal move `m` is at least
/// `threshold` (as `see(pos, m) >= threshold`, without finishing the
/// exchange once the answer is known).
pub fn see_ge(pos: &Position, m: Move, threshold: i32) -> bool {
    let to = m.to();
    let (mut occ, on_square, gain) = first_step(pos, m);
    // `swap`: how far the side that just moved stands above the threshold
    // if the exchange stops here, then what it risks on the square.
    let mut swap = gain - threshold;
    if swap < 0 {
        return false;
    }
    if on_square == Kind::King {
        // A legal king move lands where nothing recaptures.
        return true;
    }
    swap = capture_gain(on_square) - swap;
    if swap <= 0 {
        return true;
    }
    let mut side = pos.side_to_move().flip();
    let mut res = true;
    loop {
        let attackers = pos.attackers_to(side, to, occ) & occ;
        let Some((from, kind)) = least_valuable(pos, side, attackers) else {
            break;
        };
        if kind == Kind::King {
            // The king captures only where nothing recaptures, and ends it.
            if !(pos.attackers_to(side.flip(), to, occ) & occ).any() {
                res = !res;
            }
            break;
        }
        res = !res;
        swap = capture_gain(kind) - swap;
        if swap < res as i32 {
            break;
        }
        occ ^= Bitboard::from_square(from);
        side = side.flip();
    }
    res
}

/// The static exchange value of the legal move `m`.
pub fn see(pos: &Position, m: Move) -> i32 {
    let to = m.to();
    let us = pos.side_to_move();
    let mut gain = [0i32; 40];
    let (mut occ, mut on_square, first) = first_step(pos, m);
    gain[0] = first;
    let mut side = us.flip();
    let mut d = 0;
    loop {
        let attackers = pos.attackers_to(side, to, occ) & occ;
        let Some((from, kind)) = least_valuable(pos, side, attackers) else {
            break;
        };
        if kind == Kind::King && (pos.attackers_to(side.flip(), to, occ) & occ).any() {
            // The king may not capture into a defended square.
            break;
        }
        d += 1;
        if d >= gain.len() {
            break;
        }
        gain[d] = capture_gain(on_square) - gain[d - 1];
        on_square = kind;
        occ ^= Bitboard::from_square(from);
        side = side.flip();
    }
    while d > 0 {
        gain[d - 1] = -((-gain[d - 1]).max(gain[d]));
        d -= 1;
    }
    gain[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see_of(sfen: &str, mv: &str) -> i32 {
        let pos = Position::from_sfen(sfen).unwrap();
        see(&pos, pos.parse_usi(mv).unwrap())
    }

    #[test]
    fn defended_and_undefended_captures() {
        // Black rook takes an undefended pawn on 5c: wins the pawn.
        let free = "4k4/9/4p4/9/9/9/9/4R4/4K4 b - 1";
        assert_eq!(see_of(free, "5h5c"), capture_gain(Kind::Pawn));
        // The pawn is defended by a gold: the rook is lost for a pawn.
        let defended = "4k4/3g5/4p4/9/9/9/9/4R4/4K4 b - 1";
        assert_eq!(
            see_of(defended, "5h5c"),
            capture_gain(Kind::Pawn) - capture_gain(Kind::Rook)
        );
        // Pawn takes pawn defended by a gold, backed by the rook behind
        // (x-ray): pawn for pawn, then the gold would lose to the rook.
        let xray = "4k4/3g5/4p4/4P4/9/9/9/4R4/4K4 b - 1";
        assert_eq!(see_of(xray, "5d5c"), capture_gain(Kind::Pawn));
    }

    /// `see_ge` agrees with `see` on every legal move of positions along
    /// random games, at thresholds around the usual margins.
    #[test]
    fn see_ge_answers_the_threshold_question_exactly() {
        let thresholds = [
            -2000, -500, -167, -75, -20, -1, 0, 1, 20, 90, 200, 600, 1500,
        ];
        let mut checked = 0;
        for seed in 0..40 {
            let mut rng = yomi_core::Rng::new(seed);
            let mut pos = Position::startpos();
            for _ in 0..160 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &m in moves.as_slice() {
                    let v = see(&pos, m);
                    for t in thresholds {
                        assert_eq!(
                            see_ge(&pos, m, t),
                            v >= t,
                            "{} {m} at {t}: see {v}",
                            pos.to_sfen()
                        );
                        checked += 1;
                    }
                }
                let m = moves.as_slice()[rng.below(moves.len())];
                pos.do_move(m);
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    #[test]
    fn drop_onto_an_attacked_square_loses_the_piece() {
        let pos = "4k4/9/3p5/9/9/9/9/9/4K4 b G 1";
        assert_eq!(see_of(pos, "G*6d"), -capture_gain(Kind::Gold));
        assert_eq!(see_of(pos, "G*1e"), 0);
    }
}
