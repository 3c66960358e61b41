//! A fixed-capacity list of moves.
//!
//! Contract: holds at most [`MAX_MOVES`] moves (more than any legal position
//! has), never allocates, and costs nothing to create (the storage is left
//! uninitialised; only the written prefix is ever read).

use crate::types::Move;
use std::mem::MaybeUninit;

/// Upper bound on legal moves in any position (the known maximum is 593).
pub const MAX_MOVES: usize = 600;

/// A fixed-capacity move list (no heap allocation, no initialisation cost).
pub struct MoveList {
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl Clone for MoveList {
    fn clone(&self) -> MoveList {
        let mut l = MoveList::new();
        l.moves[..self.len].copy_from_slice(&self.moves[..self.len]);
        l.len = self.len;
        l
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList {
            moves: [MaybeUninit::uninit(); MAX_MOVES],
            len: 0,
        }
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, m: Move) {
        self.moves[self.len] = MaybeUninit::new(m);
        self.len += 1;
    }

    /// Number of moves.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when there is no move.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Removes all moves.
    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The moves as a slice.
    #[inline(always)]
    #[allow(unsafe_code)]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: the first `len` entries were written by `push` (the only
        // writer), and `MaybeUninit<Move>` has the layout of `Move`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }

    /// Keeps only the moves for which `keep` is true, in their order.
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let m = self.as_slice()[i];
            if keep(m) {
                self.moves[kept] = MaybeUninit::new(m);
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// True when `m` is in the list.
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Position, generate_legal};

    #[test]
    fn retain_keeps_the_chosen_moves_in_order() {
        let mut list = MoveList::new();
        generate_legal(&Position::startpos(), &mut list);
        let all: Vec<Move> = list.to_vec();
        list.retain(|m| m.to() % 2 == 0);
        let expected: Vec<Move> = all.iter().copied().filter(|m| m.to() % 2 == 0).collect();
        assert!(!expected.is_empty() && expected.len() < all.len());
        assert_eq!(list.to_vec(), expected);
        list.retain(|_| false);
        assert!(list.is_empty());
    }
}
