//! dlshogi's 2187-label move encoding, the policy target of dlshogi-style networks.
//!
//! Contract: [`move_label`] gives the label dlshogi (and cshogi's `make_move_label`) gives a
//! legal move: `81 * direction + to`, seen from the mover's side (White's moves rotated 180
//! degrees: square `s` becomes `80 - s`). Board moves take one of 10 directions from the
//! destination's point of view (up, up-left, up-right, left, right, down, down-left,
//! down-right, and the two knight jumps), plus 10 for a promotion; drops take 20 plus the
//! dropped kind's hand index (pawn, lance, knight, silver, bishop, rook, gold). Squares are
//! numbered as everywhere in yomi (`9 * file + rank`, file 0 = file 1, rank 0 = rank a), which
//! is also the numbering dlshogi uses, so labels are comparable across the two. Every label
//! is below [`MOVE_LABELS`].

use yomi_shogi::types::{Color, Move};

/// Number of labels: 27 move kinds (20 board directions with promotion, 7 drops) times 81
/// destination squares.
pub const MOVE_LABELS: usize = 27 * 81;

/// Directions of a board move, in dlshogi's order.
const UP: usize = 0;
const UP_LEFT: usize = 1;
const UP_RIGHT: usize = 2;
const LEFT: usize = 3;
const RIGHT: usize = 4;
const DOWN: usize = 5;
const DOWN_LEFT: usize = 6;
const DOWN_RIGHT: usize = 7;
const UP2_LEFT: usize = 8;
const UP2_RIGHT: usize = 9;
/// Directions plus promotion flags: the first drop label.
const DROP_BASE: usize = 20;

/// The dlshogi label of move `m` played by `mover`.
///
/// ```
/// use yomi_shogi::Position;
/// use yomi_shogi::types::Color;
/// use yomi_shogi_nn::policy::move_label;
///
/// let pos = Position::startpos();
/// // 7g7f: Black's pawn moves up (direction 0) to 7f, square 9 * 6 + 5 = 59.
/// let m = pos.parse_usi("7g7f").unwrap();
/// assert_eq!(move_label(m, Color::Black), 59);
/// ```
pub fn move_label(m: Move, mover: Color) -> usize {
    let rotate = |sq: usize| if mover == Color::White { 80 - sq } else { sq };
    let to = rotate(m.to());
    if m.is_drop() {
        return 81 * (DROP_BASE + m.drop_kind() as usize - 1) + to;
    }
    let from = rotate(m.from());
    let (to_file, to_rank) = ((to / 9) as i32, (to % 9) as i32);
    let (from_file, from_rank) = ((from / 9) as i32, (from % 9) as i32);
    let direction = direction(from_file - to_file, to_rank - from_rank);
    let direction = if m.is_promotion() {
        direction + 10
    } else {
        direction
    };
    81 * direction + to
}

/// dlshogi's direction for a move whose file changes by `dx` (origin minus destination) and
/// whose rank by `dy` (destination minus origin; negative is towards the mover's far side).
fn direction(dx: i32, dy: i32) -> usize {
    match (dx, dy) {
        (0, ..=-1) => UP,
        (-1, -2) => UP2_LEFT,
        (1, -2) => UP2_RIGHT,
        (..=-1, ..=-1) => UP_LEFT,
        (1.., ..=-1) => UP_RIGHT,
        (..=-1, 0) => LEFT,
        (1.., 0) => RIGHT,
        (0, 1..) => DOWN,
        (..=-1, 1..) => DOWN_LEFT,
        _ => DOWN_RIGHT,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yomi_shogi::Position;

    fn label(sfen: &str, usi: &str) -> usize {
        let pos = Position::from_sfen(sfen).unwrap();
        move_label(pos.parse_usi(usi).unwrap(), pos.side_to_move())
    }

    #[test]
    fn labels_of_known_moves() {
        // Values from cshogi 1.1's dlshogi.make_move_label on the same moves.
        assert_eq!(label("startpos", "7g7f"), 59);
        assert_eq!(label("startpos", "2h7h"), 3 * 81 + 61);
        let after = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
        // White's 3c3d is "up" from White's side: 3d (square 21) rotated is 59.
        assert_eq!(label(after, "3c3d"), 59);
        assert_eq!(label("4k4/9/9/9/9/9/9/9/4K4 b G 1", "G*5b"), 81 * 26 + 37);
    }

    #[test]
    fn every_legal_move_of_a_position_gets_a_distinct_label_in_range() {
        let pos = Position::from_sfen(
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        )
        .unwrap();
        let mut seen = std::collections::HashSet::new();
        for &m in pos.legal_moves().iter() {
            let l = move_label(m, pos.side_to_move());
            assert!(l < MOVE_LABELS);
            assert!(seen.insert(l), "two moves share label {l}");
        }
    }
}
