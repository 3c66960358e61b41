//! Canonical state identity: two boards that differ only in the order of
//! their columns or free cells are the same search state.
//!
//! [`canon_hash`] is a 64-bit hash (column hashes summed, so order does not
//! matter; foundations follow from the rest and are left out). [`exact_key`]
//! is the full canonical encoding, used where a hash collision must not be
//! able to fake a proof of unsolvability.

use crate::board::Board;
use crate::card::Card;

#[inline]
fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58476d1ce4e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d049bb133111eb);
    x ^ (x >> 31)
}

/// Order-independent 64-bit hash of a board: the sum of its columns'
/// [`column_hash`] and of its [`cells_hash`].
#[inline]
pub fn canon_hash(b: &Board) -> u64 {
    b.columns()
        .fold(cells_hash(b), |h, col| h.wrapping_add(column_hash(col)))
}

/// One column's share of [`canon_hash`] (0 for an empty column).
#[inline]
pub fn column_hash(col: &[Card]) -> u64 {
    if col.is_empty() {
        return 0;
    }
    // eight cards per multiply: columns are short byte strings
    let mut ch = 0x9e3779b97f4a7c15u64 ^ col.len() as u64;
    let mut chunks = col.chunks_exact(8);
    for c in &mut chunks {
        let w = u64::from_le_bytes([
            c[0].0, c[1].0, c[2].0, c[3].0, c[4].0, c[5].0, c[6].0, c[7].0,
        ]);
        ch = (ch ^ w).wrapping_mul(0x100000001b3).rotate_left(29);
    }
    let mut w = 0u64;
    for (k, c) in chunks.remainder().iter().enumerate() {
        w |= (c.0 as u64) << (8 * k);
    }
    mix((ch ^ w).wrapping_mul(0x100000001b3))
}

/// The free cells' share of [`canon_hash`] (their order does not count).
#[inline]
pub fn cells_hash(b: &Board) -> u64 {
    b.cells()
        .iter()
        .filter(|c| !c.is_none())
        .fold(0u64, |h, &c| {
            h.wrapping_add(mix(0xabcdef ^ (c.0 as u64) << 40))
        })
}

/// Longest [`exact_key`]: eight cells, a separator, 52 cards and sixteen
/// column terminators.
pub const EXACT_KEY_LEN: usize = crate::board::MAX_CELLS + 1 + 52 + crate::board::MAX_COLS;

/// Exact canonical encoding: sorted free cells, 0, then the non-empty
/// columns in sorted order, each terminated by 0; zero-padded. Cards are
/// never 0 and empty columns are left out, so the padding cannot make two
/// boards of one layout look alike.
pub fn exact_key(b: &Board) -> [u8; EXACT_KEY_LEN] {
    let mut key = [0u8; EXACT_KEY_LEN];
    let mut cells = [0u8; crate::board::MAX_CELLS];
    let mut n = 0;
    for c in b.cells().iter().filter(|c| !c.is_none()) {
        cells[n] = c.0;
        n += 1;
    }
    cells[..n].sort_unstable();
    key[..n].copy_from_slice(&cells[..n]);
    let mut at = n + 1;
    let mut cols: [&[Card]; crate::board::MAX_COLS] = [&[]; crate::board::MAX_COLS];
    let mut ncols = 0;
    for col in b.columns().filter(|c| !c.is_empty()) {
        cols[ncols] = col;
        ncols += 1;
    }
    cols[..ncols].sort_unstable();
    for col in &cols[..ncols] {
        for (k, c) in col.iter().enumerate() {
            key[at + k] = c.0;
        }
        at += col.len() + 1;
    }
    key
}
