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

/// Exact canonical encoding: sorted free cells, then the non-empty columns in
/// sorted order, each terminated by 0.
pub fn exact_key(b: &Board) -> Box<[u8]> {
    let mut cells: Vec<u8> = b.cells().iter().map(|c| c.0).filter(|&c| c != 0).collect();
    cells.sort_unstable();
    let mut cols: Vec<&[crate::card::Card]> = (0..b.ncols())
        .map(|i| b.col(i))
        .filter(|c| !c.is_empty())
        .collect();
    cols.sort_unstable();
    let mut key = Vec::with_capacity(cells.len() + 1 + 52 + cols.len());
    key.extend_from_slice(&cells);
    key.push(0);
    for col in cols {
        key.extend(col.iter().map(|c| c.0));
        key.push(0);
    }
    key.into_boxed_slice()
}
