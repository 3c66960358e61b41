//! The seed's input encoding: 61 planes of 9x9 seen from the side to move.
//!
//! Contract: [`encode`] overwrites all [`INPUT_LEN`] floats of its output, laid out
//! `[plane][row][column]` (CHW, one PyTorch sample), where
//! - for Black to move, row = rank index (0 = rank `a`, Black's far side) and column =
//!   file index (0 = USI file `1`); a piece on yomi-shogi square `s = file * 9 + rank`
//!   lands on row `s % 9`, column `s / 9`;
//! - for White to move, the board is turned 180 degrees first (square `s` is read as
//!   `80 - s`, so row = `8 - rank`, column = `8 - file`) and the colours are swapped, so
//!   the side to move's pieces always advance toward row 0.
//!
//! Planes (own = the side to move):
//! - `0..14`: own pieces, one plane per kind in yomi-shogi's `Kind` order
//!   P L N S B R G K +P +L +N +S +B +R (plane `kind as usize - 1`), 1.0 where the piece is;
//! - `14..28`: the opponent's pieces, same order;
//! - `28..35`: own hand, kinds P L N S B R G, the raw count filling the whole plane;
//! - `35..42`: the opponent's hand, same order;
//! - `42..51`: rank planes, plane `42 + r` is 1.0 on row `r`;
//! - `51..60`: file planes, plane `51 + f` is 1.0 on column `f`;
//! - `60`: all ones.
//!
//! [`encode_compact`] writes the same information in [`COMPACT_LEN`] bytes (what varies:
//! the piece on each viewed square and the hand counts), and [`expand_compact`] turns those
//! bytes into exactly the floats of [`encode`]: a GPU receives 96 bytes a position instead
//! of 19,764 and expands them itself, the same way.

use yomi_shogi::types::HAND_KINDS;
use yomi_shogi::{Color, Position};

/// Number of input planes.
pub const PLANES: usize = 61;
/// Cells of one plane (9 x 9).
pub const SQUARES: usize = 81;
/// Floats of one encoded position.
pub const INPUT_LEN: usize = PLANES * SQUARES;

/// First plane of the opponent's pieces.
pub const OPPONENT_PIECES: usize = 14;
/// First plane of the side to move's hand.
pub const OWN_HAND: usize = 28;
/// First plane of the opponent's hand.
pub const OPPONENT_HAND: usize = 35;
/// First rank plane.
pub const RANK_PLANES: usize = 42;
/// First file plane.
pub const FILE_PLANES: usize = 51;
/// The plane of ones.
pub const ONES_PLANE: usize = 60;

/// Every piece of `pos` as (plane, cell): its piece plane (`0..28`, own kinds first) and
/// its cell `row * 9 + column` in the side to move's view.
fn pieces(pos: &Position) -> impl Iterator<Item = (usize, usize)> + '_ {
    let us = pos.side_to_move();
    let flip = us == Color::White;
    let mut occupied = pos.occupied();
    std::iter::from_fn(move || {
        if !occupied.any() {
            return None;
        }
        let sq = occupied.pop();
        let piece = pos.piece_on(sq);
        let kind = piece.kind_unchecked() as usize - 1;
        let plane = if piece.color() == us {
            kind
        } else {
            OPPONENT_PIECES + kind
        };
        let view = if flip { 80 - sq } else { sq };
        Some((plane, (view % 9) * 9 + view / 9))
    })
}

/// Writes the 61-plane encoding of `pos` into `out[..INPUT_LEN]`.
///
/// # Panics
/// If `out` is shorter than [`INPUT_LEN`] (a caller's sizing bug, not input data).
pub fn encode(pos: &Position, out: &mut [f32]) {
    encode_as(pos, out);
}

/// [`encode`] as bytes: every value of the encoding is a small whole number (0 or 1, hand
/// counts up to 18), so `encode_u8` writes exactly the same values in a quarter of the
/// memory, for batches a GPU converts to floats itself.
///
/// ```
/// use yomi_shogi::Position;
/// use yomi_shogi_nn::features::{INPUT_LEN, encode, encode_u8};
///
/// let pos = Position::startpos();
/// let (mut floats, mut bytes) = (vec![0.0; INPUT_LEN], vec![0u8; INPUT_LEN]);
/// encode(&pos, &mut floats);
/// encode_u8(&pos, &mut bytes);
/// assert!(floats.iter().zip(&bytes).all(|(&f, &b)| f == f32::from(b)));
/// ```
///
/// # Panics
/// If `out` is shorter than [`INPUT_LEN`] (a caller's sizing bug, not input data).
pub fn encode_u8(pos: &Position, out: &mut [u8]) {
    encode_as(pos, out);
}

/// The encoding in any element type that holds the small whole numbers it writes.
#[inline]
fn encode_as<T: Copy + From<u8>>(pos: &Position, out: &mut [T]) {
    let out = &mut out[..INPUT_LEN];
    let (zero, one) = (T::from(0), T::from(1));
    out.fill(zero);
    let us = pos.side_to_move();
    for (plane, cell) in pieces(pos) {
        out[plane * SQUARES + cell] = one;
    }
    for (side, base) in [(us, OWN_HAND), (us.flip(), OPPONENT_HAND)] {
        let hand = pos.hand(side);
        for (i, &kind) in HAND_KINDS.iter().enumerate() {
            let count = hand.count(kind);
            if count > 0 {
                let start = (base + i) * SQUARES;
                // At most 18 (pawns), so the byte is exact.
                out[start..start + SQUARES].fill(T::from(count as u8));
            }
        }
    }
    for r in 0..9 {
        let start = (RANK_PLANES + r) * SQUARES + r * 9;
        out[start..start + 9].fill(one);
    }
    for f in 0..9 {
        let plane = (FILE_PLANES + f) * SQUARES;
        for row in 0..9 {
            out[plane + row * 9 + f] = one;
        }
    }
    let ones = ONES_PLANE * SQUARES;
    out[ones..ones + SQUARES].fill(one);
}

/// Bytes of one compactly encoded position: 81 squares, 7 + 7 hand counts, 1 spare.
pub const COMPACT_LEN: usize = 96;
/// First hand-count byte of [`encode_compact`] (own hand, then the opponent's).
pub const COMPACT_HANDS: usize = SQUARES;

/// Writes `pos` in [`COMPACT_LEN`] bytes: byte `row * 9 + column` (the viewed square, as in
/// [`encode`]) holds `plane + 1` of the piece there (1 to 28) or 0 when empty; bytes
/// `81..88` the side to move's hand counts and `88..95` the opponent's (kinds P L N S B R
/// G); byte 95 is 0.
///
/// # Panics
/// If `out` is shorter than [`COMPACT_LEN`] (a caller's sizing bug).
pub fn encode_compact(pos: &Position, out: &mut [u8]) {
    let out = &mut out[..COMPACT_LEN];
    out.fill(0);
    let us = pos.side_to_move();
    for (plane, cell) in pieces(pos) {
        out[cell] = plane as u8 + 1;
    }
    for (side, base) in [(us, COMPACT_HANDS), (us.flip(), COMPACT_HANDS + 7)] {
        let hand = pos.hand(side);
        for (i, &kind) in HAND_KINDS.iter().enumerate() {
            out[base + i] = hand.count(kind) as u8;
        }
    }
}

/// The value of plane `plane`, row `row`, column `column` of the position `compact` holds
/// (the floats [`encode`] writes); the rule the GPU kernel of [`crate::cuda`] follows.
pub fn compact_value(compact: &[u8], plane: usize, row: usize, column: usize) -> f32 {
    let square = row * 9 + column;
    match plane {
        p if p < OWN_HAND => f32::from(compact[square] as usize == p + 1),
        p if p < RANK_PLANES => f32::from(compact[COMPACT_HANDS + p - OWN_HAND]),
        p if p < FILE_PLANES => f32::from(row == p - RANK_PLANES),
        p if p < ONES_PLANE => f32::from(column == p - FILE_PLANES),
        _ => 1.0,
    }
}

/// Expands one [`encode_compact`] record into the [`INPUT_LEN`] floats of [`encode`].
///
/// # Panics
/// If `compact` is shorter than [`COMPACT_LEN`] or `out` than [`INPUT_LEN`].
pub fn expand_compact(compact: &[u8], out: &mut [f32]) {
    let compact = &compact[..COMPACT_LEN];
    for (i, v) in out[..INPUT_LEN].iter_mut().enumerate() {
        let (plane, square) = (i / SQUARES, i % SQUARES);
        *v = compact_value(compact, plane, square / 9, square % 9);
    }
}

/// Encodes `positions` one after another into a new buffer of `positions.len() * INPUT_LEN`.
pub fn encode_batch(positions: &[Position]) -> Vec<f32> {
    let mut out = vec![0.0; positions.len() * INPUT_LEN];
    for (pos, chunk) in positions.iter().zip(out.chunks_exact_mut(INPUT_LEN)) {
        encode(pos, chunk);
    }
    out
}
