//! Integer scores for the tree searches (minimax, alpha-beta).
//!
//! A score is from the side to move. Proven results are encoded around
//! [`WIN`]: a win in `n` plies scores `WIN - n`, a loss in `n` plies
//! `-(WIN - n)`, so shorter wins and longer losses are preferred. Heuristic
//! evaluations stay within `±EVAL_LIMIT`, far below [`PROVEN`].

use crate::game::Outcome;
use crate::strategy::Value;

/// Score of an immediate win.
pub const WIN: i32 = 1_000_000;
/// Longest distance to a result that the encoding supports.
pub const MAX_PLY: i32 = 10_000;
/// Any |score| at or above this is a proven result.
pub const PROVEN: i32 = WIN - MAX_PLY;
/// Larger than any score: the initial alpha-beta window.
pub const INF: i32 = WIN + 1;

/// Score of a terminal outcome `ply` plies from the root, from the side to move there.
#[inline]
pub fn terminal_score(o: Outcome, ply: u32) -> i32 {
    match o {
        Outcome::Win => WIN - ply as i32,
        Outcome::Loss => -(WIN - ply as i32),
        Outcome::Draw => 0,
    }
}

/// True for scores that encode a proven win or loss.
#[inline]
pub fn is_proven(score: i32) -> bool {
    score.abs() >= PROVEN
}

/// Converts a root score to a report value; `exact` says whether the search
/// covered the whole game tree (then a 0 is a proven draw).
pub fn to_value(score: i32, exact: bool) -> Value {
    if is_proven(score) {
        Value::Exact {
            result: score.signum(),
            plies: (WIN - score.abs()) as u32,
        }
    } else if exact {
        Value::Exact {
            result: 0,
            plies: 0,
        }
    } else {
        Value::Score(score)
    }
}

/// A root-relative score as stored at a node `ply` plies from the root:
/// a proven result (|score| at or beyond `proven`) counts its distance from
/// the node instead, so a transposition table entry stays right when the
/// same position is reached at another ply. Scores below `proven` pass
/// through. Every tree search with a table (this crate's alpha-beta, the
/// shogi engine) stores through this and reads back through
/// [`score_from_node`].
///
/// ```
/// use yomi_search::score::{PROVEN, WIN, score_from_node, score_to_node};
/// let win_in_7 = WIN - 7; // seen from the root
/// let stored = score_to_node(win_in_7, 3, PROVEN);
/// assert_eq!(stored, WIN - 4); // a win in 4 from the node
/// assert_eq!(score_from_node(stored, 3, PROVEN), win_in_7);
/// assert_eq!(score_to_node(120, 3, PROVEN), 120);
/// ```
#[inline(always)]
pub const fn score_to_node(score: i32, ply: usize, proven: i32) -> i32 {
    if score >= proven {
        score + ply as i32
    } else if score <= -proven {
        score - ply as i32
    } else {
        score
    }
}

/// A stored node-relative score read back at `ply` plies from the root
/// (the inverse of [`score_to_node`]).
#[inline(always)]
pub const fn score_from_node(score: i32, ply: usize, proven: i32) -> i32 {
    if score >= proven {
        score - ply as i32
    } else if score <= -proven {
        score + ply as i32
    } else {
        score
    }
}
