//! HalfKP features as YaneuraOu numbers them: for each perspective, one
//! input per (own king square, BonaPiece) pair.
//!
//! Contract: [`active`] lists the 38 feature indices of a perspective, one per
//! non-king piece of the full set (board and both hands), in no particular
//! order; the index is `FE_END * king_square + bona_piece`, with squares
//! `file * 9 + rank` from that side's point of view (White's view turns the
//! board: `80 - sq`) and "friend" pieces those of the perspective's side. A
//! piece missing from board and hands (handicaps, tsume positions) counts as
//! BonaPiece 0, as YaneuraOu counts it.

use yomi_shogi::types::HAND_KINDS;
use yomi_shogi::{Color, Kind, Piece, Position};

/// BonaPieces per king square: 90 hand slots, then 18 blocks of 81 squares.
pub const FE_END: usize = 1548;
/// Inputs of one perspective: 81 king squares × [`FE_END`].
pub const INPUTS: usize = 81 * FE_END;
/// Non-king pieces in a full set: the features of each perspective.
pub const PIECES: usize = 38;

/// First hand slot of each hand kind for the friend side and the enemy side,
/// in YaneuraOu's order (pawn, lance, knight, silver, gold, bishop, rook):
/// the n-th piece held lights slot `start + n - 1`.
fn hand_start(kind: Kind, friend: bool) -> usize {
    let (f, e) = match kind {
        Kind::Pawn => (1, 20),
        Kind::Lance => (39, 44),
        Kind::Knight => (49, 54),
        Kind::Silver => (59, 64),
        Kind::Gold => (69, 74),
        Kind::Bishop => (79, 82),
        Kind::Rook => (85, 88),
        _ => unreachable!("{kind:?} is not held in hand"),
    };
    if friend { f } else { e }
}

/// First board BonaPiece of a kind for the friend side (the enemy's block
/// follows 81 later); promoted minor pieces move, and count, as gold.
fn board_start(kind: Kind) -> usize {
    let block = match kind {
        Kind::Pawn => 0,
        Kind::Lance => 1,
        Kind::Knight => 2,
        Kind::Silver => 3,
        Kind::Gold | Kind::ProPawn | Kind::ProLance | Kind::ProKnight | Kind::ProSilver => 4,
        Kind::Bishop => 5,
        Kind::Horse => 6,
        Kind::Rook => 7,
        Kind::Dragon => 8,
        Kind::King => unreachable!("kings are not features"),
    };
    90 + 162 * block
}

/// How many of each hand kind a full set has.
fn full_set(kind: Kind) -> u32 {
    match kind {
        Kind::Pawn => 18,
        Kind::Bishop | Kind::Rook => 2,
        _ => 4,
    }
}

/// A square from `view`'s side of the board.
#[inline]
fn oriented(view: Color, sq: usize) -> usize {
    match view {
        Color::Black => sq,
        Color::White => 80 - sq,
    }
}

/// The BonaPiece of `piece` (not a king) on `sq`, from `view`'s side.
#[inline]
pub fn board_piece(view: Color, piece: Piece, sq: usize) -> usize {
    let enemy = 81 * (piece.color() != view) as usize;
    board_start(piece.kind_unchecked()) + enemy + oriented(view, sq)
}

/// The BonaPiece of the `nth` (0-based) piece of `kind` in `side`'s hand, from `view`'s side.
#[inline]
pub fn hand_piece(view: Color, side: Color, kind: Kind, nth: usize) -> usize {
    hand_start(kind, side == view) + nth
}

/// `view`'s king square from its side of the board: the start of its feature block.
#[inline]
pub fn king_square(pos: &Position, view: Color) -> usize {
    oriented(view, pos.king_square(view))
}

/// How many non-king pieces of a full set are neither on the board nor in a
/// hand: each is a BonaPiece 0 feature.
#[inline]
pub fn missing(pos: &Position) -> usize {
    // Both kings stand on the board; they are not features.
    let on_board = (pos.occupied().count() as usize).saturating_sub(2);
    let held: u32 = [Color::Black, Color::White]
        .iter()
        .map(|&c| {
            HAND_KINDS
                .iter()
                .map(|&k| pos.hand(c).count(k))
                .sum::<u32>()
        })
        .sum();
    PIECES.saturating_sub(on_board + held as usize)
}

/// The feature indices of `view`'s perspective, written into `out`; returns
/// how many (always [`PIECES`] for a position whose piece counts are legal).
pub fn active(pos: &Position, view: Color, out: &mut [usize; PIECES]) -> usize {
    let king = king_square(pos, view) * FE_END;
    let mut n = 0;
    let mut push = |bona: usize| {
        if n < PIECES {
            out[n] = king + bona;
            n += 1;
        }
    };
    let mut seen = [0u32; 8];
    for sq in pos.occupied() {
        let piece = pos.piece_on(sq);
        let kind = piece.kind_unchecked();
        if kind == Kind::King {
            continue;
        }
        seen[kind.unpromoted() as usize] += 1;
        push(board_piece(view, piece, sq));
    }
    for side in [view, view.flip()] {
        let hand = pos.hand(side);
        for kind in HAND_KINDS {
            let count = hand.count(kind);
            seen[kind as usize] += count;
            for i in 0..count as usize {
                push(hand_piece(view, side, kind, i));
            }
        }
    }
    for kind in HAND_KINDS {
        for _ in seen[kind as usize]..full_set(kind) {
            push(0);
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_has_38_features_each_side_and_mirrors() {
        let pos = Position::startpos();
        let mut black = [0; PIECES];
        let mut white = [0; PIECES];
        assert_eq!(active(&pos, Color::Black, &mut black), PIECES);
        assert_eq!(active(&pos, Color::White, &mut white), PIECES);
        // The start position is symmetric under turning the board and
        // swapping colours: both sides see the same features.
        black.sort_unstable();
        white.sort_unstable();
        assert_eq!(black, white);
        // Black's king on 5i (square 4 * 9 + 8 = 44); its pawn on 7g (6 * 9 + 6 = 60).
        assert!(black.contains(&(44 * FE_END + 90 + 60)));
        // White's pawn on 3c (2 * 9 + 2 = 20) is an enemy pawn: block 90 + 81.
        assert!(black.contains(&(44 * FE_END + 171 + 20)));
    }

    #[test]
    fn hand_pieces_stack_and_missing_pieces_count_as_bona_piece_zero() {
        // Two kings, Black holds 3 pawns and a rook; everything else is missing.
        let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b R3P 1").unwrap();
        let mut f = [0; PIECES];
        assert_eq!(active(&pos, Color::Black, &mut f), PIECES);
        let king = 44 * FE_END;
        let mut want = vec![king + 1, king + 2, king + 3, king + 85];
        want.extend(std::iter::repeat_n(king, PIECES - 4));
        f.sort_unstable();
        want.sort_unstable();
        assert_eq!(f.to_vec(), want);
        // White sees the same pieces as the enemy's, from its king on 5a (80 - 36 = 44).
        let mut e = [0; PIECES];
        active(&pos, Color::White, &mut e);
        assert!(e.contains(&(44 * FE_END + 20)) && e.contains(&(44 * FE_END + 88)));
    }
}
