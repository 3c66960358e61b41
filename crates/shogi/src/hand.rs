//! Pieces in hand, packed in one `u32`.
//!
//! Contract: counts never exceed the number of pieces of a kind in a shogi
//! set (18 pawns, 4 lances/knights/silvers/golds, 2 bishops/rooks); the
//! position parser enforces it, so the packed fields never overflow.

use crate::types::{HAND_KINDS, Kind};

const SHIFT: [u32; 8] = [0, 0, 8, 12, 16, 20, 24, 28];
const MASK: [u32; 8] = [0, 0x1f, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf];

/// Maximum count of each hand kind, indexed by `Kind as usize` (1..=7).
pub const MAX_IN_HAND: [u32; 8] = [0, 18, 4, 4, 4, 2, 2, 4];

/// One side's pieces in hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Hand(pub u32);

impl Hand {
    /// Number of pieces of hand kind `k` (pawn..gold).
    #[inline(always)]
    pub fn count(self, k: Kind) -> u32 {
        (self.0 >> SHIFT[k as usize]) & MASK[k as usize]
    }

    /// True when at least one piece of kind `k` is held.
    #[inline(always)]
    pub fn has(self, k: Kind) -> bool {
        self.0 & (MASK[k as usize] << SHIFT[k as usize]) != 0
    }

    /// Adds one piece of kind `k`.
    #[inline(always)]
    pub fn add(&mut self, k: Kind) {
        self.0 += 1 << SHIFT[k as usize];
    }

    /// Removes one piece of kind `k` (which must be held).
    #[inline(always)]
    pub fn remove(&mut self, k: Kind) {
        debug_assert!(self.has(k));
        self.0 -= 1 << SHIFT[k as usize];
    }

    /// True when nothing is held.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when something other than pawns is held.
    #[inline(always)]
    pub fn has_non_pawn(self) -> bool {
        self.0 & !MASK[1] != 0
    }

    /// True when this hand holds at least as many pieces of every kind as `other`.
    ///
    /// ```
    /// use yomi_shogi::{Hand, Kind};
    /// let (mut small, mut big) = (Hand::default(), Hand::default());
    /// small.add(Kind::Gold);
    /// big.add(Kind::Gold);
    /// big.add(Kind::Pawn);
    /// assert!(big.covers(small) && !small.covers(big) && small.covers(small));
    /// ```
    #[inline]
    pub fn covers(self, other: Hand) -> bool {
        // Field by field: the packed fields have no spare bit between them
        // that would catch a borrow in one subtraction of the whole words.
        HAND_KINDS
            .into_iter()
            .all(|k| self.count(k) >= other.count(k))
    }

    /// Iterates over `(kind, count)` for the kinds held, pawn first.
    pub fn iter(self) -> impl Iterator<Item = (Kind, u32)> {
        HAND_KINDS
            .into_iter()
            .map(move |k| (k, self.count(k)))
            .filter(|&(_, n)| n > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_independent() {
        let mut h = Hand::default();
        for _ in 0..18 {
            h.add(Kind::Pawn);
        }
        for k in HAND_KINDS.into_iter().skip(1) {
            for _ in 0..MAX_IN_HAND[k as usize] {
                h.add(k);
            }
        }
        for k in HAND_KINDS {
            assert_eq!(h.count(k), MAX_IN_HAND[k as usize], "{k:?}");
        }
        h.remove(Kind::Rook);
        assert_eq!(h.count(Kind::Rook), 1);
        assert_eq!(h.count(Kind::Bishop), 2);
        assert!(h.has_non_pawn());
    }
}
