//! Attack tables, computed at compile time, and slider attack functions.
//!
//! Contract: every function returns the set of squares a piece on `sq`
//! attacks (including squares holding pieces of either color); sliders stop at
//! the first occupied square of `occ`, which is included. Sliders use the
//! classical ray method: per direction, the first blocker on the ray is found
//! with one bit scan (trailing zeros for rays of increasing square index,
//! leading zeros for decreasing ones) and the ray beyond it is removed.

use crate::bitboard::Bitboard;
use crate::types::{Color, Kind, SQUARES, Square};

type Table = [u128; SQUARES];

const fn on_board(file: i32, rank: i32) -> bool {
    file >= 0 && file < 9 && rank >= 0 && rank < 9
}

/// Step attacks for Black's orientation; White's are mirrored in rank.
const fn step_table(deltas: &[(i32, i32)], white: bool) -> Table {
    let mut t = [0u128; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let f = (sq / 9) as i32;
        let r = (sq % 9) as i32;
        let mut i = 0;
        while i < deltas.len() {
            let (df, dr) = deltas[i];
            let dr = if white { -dr } else { dr };
            if on_board(f + df, r + dr) {
                t[sq] |= 1u128 << ((f + df) * 9 + r + dr);
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

const PAWN_D: [(i32, i32); 1] = [(0, -1)];
const KNIGHT_D: [(i32, i32); 2] = [(-1, -2), (1, -2)];
const SILVER_D: [(i32, i32); 5] = [(-1, -1), (0, -1), (1, -1), (-1, 1), (1, 1)];
const GOLD_D: [(i32, i32); 6] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (0, 1)];
const KING_D: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

static PAWN: [Table; 2] = [step_table(&PAWN_D, false), step_table(&PAWN_D, true)];
static KNIGHT: [Table; 2] = [step_table(&KNIGHT_D, false), step_table(&KNIGHT_D, true)];
static SILVER: [Table; 2] = [step_table(&SILVER_D, false), step_table(&SILVER_D, true)];
static GOLD: [Table; 2] = [step_table(&GOLD_D, false), step_table(&GOLD_D, true)];
static KING: Table = step_table(&KING_D, false);

/// Ray directions as (file delta, rank delta). Index deltas: -1, +1, +9, -9,
/// +10, +8, -8, -10: directions 1, 2, 4, 5 increase the square index.
const DIRS: [(i32, i32); 8] = [
    (0, -1),
    (0, 1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// Rays indexed `[dir][sq]`, padded to 128 entries so the bit-scan sentinels
/// (square 127 for increasing rays, square 0 for decreasing ones) map to an
/// empty ray.
const fn ray_tables() -> [[u128; 128]; 8] {
    let mut t = [[0u128; 128]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < SQUARES {
            let (df, dr) = DIRS[d];
            let mut f = (sq / 9) as i32 + df;
            let mut r = (sq % 9) as i32 + dr;
            while on_board(f, r) {
                t[d][sq] |= 1u128 << (f * 9 + r);
                f += df;
                r += dr;
            }
            sq += 1;
        }
        d += 1;
    }
    t
}

static RAYS: [[u128; 128]; 8] = ray_tables();

/// The union of four of the rays by square: a slider's reach on an empty
/// board in one load (the hot attacker tests look it up for every square
/// they ask about).
const fn empty_reach(dirs: [usize; 4]) -> [u128; SQUARES] {
    let rays = ray_tables();
    let mut t = [0u128; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        t[sq] = rays[dirs[0]][sq] | rays[dirs[1]][sq] | rays[dirs[2]][sq] | rays[dirs[3]][sq];
        sq += 1;
    }
    t
}

static ROOK_EMPTY: [u128; SQUARES] = empty_reach([0, 1, 2, 3]);
static BISHOP_EMPTY: [u128; SQUARES] = empty_reach([4, 5, 6, 7]);

/// Index of the reverse of each direction in [`DIRS`].
const OPPOSITE: [usize; 8] = [1, 0, 3, 2, 7, 6, 5, 4];

/// `[a][b]`: squares strictly between `a` and `b` when aligned, else empty.
/// `[SQUARES + a][b]`: the whole line through aligned `a` and `b`, else empty.
const fn line_tables() -> [[u128; SQUARES]; 2 * SQUARES] {
    let rays = ray_tables();
    let mut t = [[0u128; SQUARES]; 2 * SQUARES];
    let mut a = 0;
    while a < SQUARES {
        let mut d = 0;
        while d < 8 {
            let opposite = OPPOSITE[d];
            let line = rays[d][a] | rays[opposite][a] | (1u128 << a);
            let (df, dr) = DIRS[d];
            let mut f = (a / 9) as i32 + df;
            let mut r = (a % 9) as i32 + dr;
            let mut between = 0u128;
            while on_board(f, r) {
                let b = (f * 9 + r) as usize;
                t[a][b] = between;
                t[SQUARES + a][b] = line;
                between |= 1u128 << b;
                f += df;
                r += dr;
            }
            d += 1;
        }
        a += 1;
    }
    t
}

static LINES: [[u128; SQUARES]; 2 * SQUARES] = line_tables();

#[inline(always)]
fn ray_up(dir: usize, sq: Square, occ: u128) -> u128 {
    let r = RAYS[dir][sq];
    let b = (r & occ) | (1u128 << 127);
    r ^ RAYS[dir][b.trailing_zeros() as usize]
}

#[inline(always)]
fn ray_down(dir: usize, sq: Square, occ: u128) -> u128 {
    let r = RAYS[dir][sq];
    let b = (r & occ) | 1;
    r ^ RAYS[dir][127 - b.leading_zeros() as usize]
}

/// Pawn attacks of color `c` from `sq`.
#[inline(always)]
pub fn pawn(c: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[c.index()][sq])
}

/// Knight attacks.
#[inline(always)]
pub fn knight(c: Color, sq: Square) -> Bitboard {
    Bitboard(KNIGHT[c.index()][sq])
}

/// Silver attacks.
#[inline(always)]
pub fn silver(c: Color, sq: Square) -> Bitboard {
    Bitboard(SILVER[c.index()][sq])
}

/// Gold (and promoted minor piece) attacks.
#[inline(always)]
pub fn gold(c: Color, sq: Square) -> Bitboard {
    Bitboard(GOLD[c.index()][sq])
}

/// King attacks (the 8 neighbours).
#[inline(always)]
pub fn king(sq: Square) -> Bitboard {
    Bitboard(KING[sq])
}

/// Lance attacks of color `c` given occupancy.
#[inline(always)]
pub fn lance(c: Color, sq: Square, occ: Bitboard) -> Bitboard {
    Bitboard(match c {
        Color::Black => ray_down(0, sq, occ.0),
        Color::White => ray_up(1, sq, occ.0),
    })
}

/// Lance attacks on an empty board (the whole forward file).
#[inline(always)]
pub fn lance_empty(c: Color, sq: Square) -> Bitboard {
    Bitboard(RAYS[c.index()][sq])
}

/// Bishop attacks given occupancy.
#[inline(always)]
pub fn bishop(sq: Square, occ: Bitboard) -> Bitboard {
    let o = occ.0;
    Bitboard(ray_up(4, sq, o) | ray_up(5, sq, o) | ray_down(6, sq, o) | ray_down(7, sq, o))
}

/// Rook attacks given occupancy.
#[inline(always)]
pub fn rook(sq: Square, occ: Bitboard) -> Bitboard {
    let o = occ.0;
    Bitboard(ray_down(0, sq, o) | ray_up(1, sq, o) | ray_up(2, sq, o) | ray_down(3, sq, o))
}

/// Bishop attacks on an empty board.
#[inline(always)]
pub fn bishop_empty(sq: Square) -> Bitboard {
    Bitboard(BISHOP_EMPTY[sq])
}

/// Rook attacks on an empty board.
#[inline(always)]
pub fn rook_empty(sq: Square) -> Bitboard {
    Bitboard(ROOK_EMPTY[sq])
}

/// Horse attacks (bishop plus king steps).
#[inline(always)]
pub fn horse(sq: Square, occ: Bitboard) -> Bitboard {
    bishop(sq, occ) | king(sq)
}

/// Dragon attacks (rook plus king steps).
#[inline(always)]
pub fn dragon(sq: Square, occ: Bitboard) -> Bitboard {
    rook(sq, occ) | king(sq)
}

/// Squares strictly between two aligned squares (empty when not aligned).
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(LINES[a][b])
}

/// The full line through two aligned squares (empty when not aligned).
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINES[SQUARES + a][b])
}

/// Attacks of any piece of color `c` and kind `k` standing on `sq`.
#[inline]
pub fn piece_attacks(c: Color, k: Kind, sq: Square, occ: Bitboard) -> Bitboard {
    match k {
        Kind::Pawn => pawn(c, sq),
        Kind::Lance => lance(c, sq, occ),
        Kind::Knight => knight(c, sq),
        Kind::Silver => silver(c, sq),
        Kind::Bishop => bishop(sq, occ),
        Kind::Rook => rook(sq, occ),
        Kind::Gold | Kind::ProPawn | Kind::ProLance | Kind::ProKnight | Kind::ProSilver => {
            gold(c, sq)
        }
        Kind::King => king(sq),
        Kind::Horse => horse(sq, occ),
        Kind::Dragon => dragon(sq, occ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::square;

    #[test]
    fn rook_in_corner_sees_both_edges() {
        let sq = square(0, 0);
        assert_eq!(rook(sq, Bitboard::EMPTY).count(), 16);
        let blocker = Bitboard::from_square(square(0, 3));
        let a = rook(sq, blocker);
        assert!(a.has(square(0, 3)) && !a.has(square(0, 4)));
        assert_eq!(a.count(), 3 + 8);
    }

    #[test]
    fn bishop_centre_and_between() {
        let c = square(4, 4);
        assert_eq!(bishop(c, Bitboard::EMPTY).count(), 16);
        assert_eq!(between(square(0, 0), square(8, 8)).count(), 7);
        assert!(between(square(0, 0), square(1, 2)).is_empty());
        assert_eq!(line(square(2, 2), square(4, 4)).count(), 9);
    }

    #[test]
    fn lance_directions() {
        let sq = square(4, 4);
        assert_eq!(lance(Color::Black, sq, Bitboard::EMPTY).count(), 4);
        assert!(lance(Color::Black, sq, Bitboard::EMPTY).has(square(4, 0)));
        assert!(lance(Color::White, sq, Bitboard::EMPTY).has(square(4, 8)));
        assert_eq!(knight(Color::Black, sq).count(), 2);
        assert!(knight(Color::White, sq).has(square(3, 6)));
    }
}
