//! Canonical state identity: two boards that differ only in the order of
//! their columns or free cells are the same search state.
//!
//! [`canon_hash`] is a 64-bit hash (column hashes summed, so order does not
//! matter; foundations follow from the rest and are left out). [`exact_key`]
//! is the full canonical encoding, used where a hash collision must not be
//! able to fake a proof of unsolvability.

use crate::board::Board;

#[inline]
fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58476d1ce4e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d049bb133111eb);
    x ^ (x >> 31)
}

/// Order-independent 64-bit hash of a board.
#[inline]
pub fn canon_hash(b: &Board) -> u64 {
    let mut h = 0u64;
    for col in b.columns() {
        if col.is_empty() {
            continue;
        }
        let mut ch = 0x9e3779b97f4a7c15u64;
        for &c in col {
            ch = (ch ^ c.0 as u64).wrapping_mul(0x100000001b3);
        }
        h = h.wrapping_add(mix(ch));
    }
    for &c in b.cells() {
        if !c.is_none() {
            h = h.wrapping_add(mix(0xabcdef ^ (c.0 as u64) << 40));
        }
    }
    h
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
