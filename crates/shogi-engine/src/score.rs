//! Score scale shared by search, transposition table and USI output.
//!
//! Contract: scores are `i32` centipawns from the side to move's point of
//! view. `MATE - n` means the side to move mates in `n` plies from the root
//! of the score's frame; [`to_tt`]/[`from_tt`] convert between root-relative
//! and node-relative mate scores so a table entry is valid at any ply.

use yomi_search::score::{score_from_node, score_to_node};

/// Maximum search ply (array bound of every per-ply table).
pub const MAX_PLY: usize = 128;

/// Score of a mate at the root (mate in 0).
pub const MATE: i32 = 32_000;

/// Larger than any score: the initial window bound.
pub const INFINITE: i32 = 32_001;

/// Scores at or beyond this magnitude are mate scores.
pub const MATE_IN_MAX_PLY: i32 = MATE - MAX_PLY as i32;

/// A win by perpetual check of the opponent (or its mirror, a loss): a
/// decisive score that is not a mate, so it prints as cp.
pub const PERPETUAL: i32 = 29_000;

/// Score for the side to move mating in `ply` plies.
#[inline(always)]
pub const fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// Score for the side to move being mated in `ply` plies.
#[inline(always)]
pub const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// True for a mate score (either side).
#[inline(always)]
pub const fn is_mate(score: i32) -> bool {
    score >= MATE_IN_MAX_PLY || score <= -MATE_IN_MAX_PLY
}

/// Root-relative score to node-relative (for storing at `ply`).
#[inline(always)]
pub const fn to_tt(score: i32, ply: usize) -> i32 {
    score_to_node(score, ply, MATE_IN_MAX_PLY)
}

/// Node-relative score read at `ply` back to root-relative.
#[inline(always)]
pub const fn from_tt(score: i32, ply: usize) -> i32 {
    score_from_node(score, ply, MATE_IN_MAX_PLY)
}

/// The USI `score` field: `cp <x>` or `mate <n>` (n in plies, negative when
/// the side to move is mated).
pub fn usi_score(score: i32) -> String {
    if score >= MATE_IN_MAX_PLY {
        format!("mate {}", MATE - score)
    } else if score <= -MATE_IN_MAX_PLY {
        format!("mate -{}", MATE + score)
    } else {
        format!("cp {score}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tt_conversion_round_trips_and_shifts_mates() {
        for s in [0, 150, -3000, mate_in(7), mated_in(12)] {
            assert_eq!(from_tt(to_tt(s, 9), 9), s);
        }
        // A mate in 7 from the root seen at ply 3 is a mate in 4 from there.
        assert_eq!(to_tt(mate_in(7), 3), mate_in(4));
        assert_eq!(usi_score(mate_in(3)), "mate 3");
        assert_eq!(usi_score(mated_in(4)), "mate -4");
        assert_eq!(usi_score(-25), "cp -25");
    }
}
