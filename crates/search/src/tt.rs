//! A transposition table for alpha-beta: a fixed-size array indexed by the
//! position hash, one entry per slot, deeper-or-newer replacement.
//!
//! Entries remember whether their subtree was searched to the end of the game
//! (`complete`); such bounds are game-theoretic and usable at any depth,
//! which is what lets iterative deepening prove exact values quickly.

/// What a stored score means relative to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true value is at least the score (a beta cutoff happened).
    Lower,
    /// The true value is at most the score (no move raised alpha).
    Upper,
}

/// One table entry.
#[derive(Clone, Copy, Debug)]
pub struct Entry<M> {
    /// Full hash, to detect index collisions.
    pub key: u64,
    /// Score, with proven results stored relative to this node (see [`crate::score`]).
    pub score: i32,
    /// Remaining depth the entry was searched to.
    pub depth: u16,
    /// Meaning of the score.
    pub bound: Bound,
    /// True when no depth horizon was met below this node.
    pub complete: bool,
    /// Best (or refuting) move found, tried first next time.
    pub best: Option<M>,
}

/// The table.
#[derive(Clone, Debug)]
pub struct TranspositionTable<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: u64,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table using about `megabytes` MB (rounded down to a power of two entries; at least 1024).
    pub fn with_megabytes(megabytes: usize) -> Self {
        let entry = std::mem::size_of::<Option<Entry<M>>>().max(1);
        let wanted = (megabytes.max(1) << 20) / entry;
        let n = if wanted.is_power_of_two() { wanted } else { wanted.next_power_of_two() >> 1 }.max(1024);
        TranspositionTable { slots: vec![None; n], mask: (n - 1) as u64 }
    }

    /// Number of slots.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<&Entry<M>> {
        self.slots[(key & self.mask) as usize].as_ref().filter(|e| e.key == key)
    }

    /// Stores an entry, keeping a deeper entry of the same position.
    #[inline]
    pub fn store(&mut self, entry: Entry<M>) {
        let slot = &mut self.slots[(entry.key & self.mask) as usize];
        if let Some(old) = slot {
            if old.key == entry.key && old.depth > entry.depth && !entry.complete {
                return;
            }
        }
        *slot = Some(entry);
    }
}
